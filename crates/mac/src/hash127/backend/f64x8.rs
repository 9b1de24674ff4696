//! hash127 with AVX-512: the paper's floating-point method with the eight limbs of an element
//! in one `__m512d` (`Fp53x8`).
//!
//! The representation, table and bounds are exactly those of [`super::fp53`]; only the
//! matrix-vector product changes: each word is broadcast and multiplied by its power's eight
//! limbs in one vector multiply and one vector add. Four independent accumulators hide the
//! add latency; their sum is exact for the same reason the sequential sum is (every partial
//! sum of any subset of the terms is bounded by the sum of their magnitudes, below
//! 0.76·2^53·2^{16j}, fp53 module docs). The product h·r^k and the squeeze stay scalar: once
//! per 96 words.

use core::arch::x86_64::*;

use super::fp53::{Limbs, Table};

/// Loads eight limbs.
#[inline]
#[target_feature(enable = "avx512f")]
fn load(x: &Limbs) -> __m512d {
    // SAFETY: `x` is 8 readable f64s; `loadu` has no alignment requirement.
    unsafe { _mm512_loadu_pd(x.as_ptr()) }
}

/// Σ_i m_i·pow[k−1−i] added to `start` (k = words.len() ≤ 96), lane j = limb j.
#[target_feature(enable = "avx512f")]
pub(crate) fn dot(table: &Table, start: &Limbs, words: &[i32]) -> Limbs {
    let k = words.len();
    let pow = table.powers();
    let mut acc = [
        load(start),
        _mm512_setzero_pd(),
        _mm512_setzero_pd(),
        _mm512_setzero_pd(),
    ];
    let (quads, rest) = words.as_chunks::<4>();
    for (q, ws) in quads.iter().enumerate() {
        for (a, (l, &m)) in acc.iter_mut().zip(ws.iter().enumerate()) {
            let i = 4 * q + l;
            let c = load(&pow[k - 1 - i]);
            *a = _mm512_add_pd(*a, _mm512_mul_pd(_mm512_set1_pd(f64::from(m)), c));
        }
    }
    for (l, &m) in rest.iter().enumerate() {
        let i = 4 * quads.len() + l;
        let c = load(&pow[k - 1 - i]);
        acc[0] = _mm512_add_pd(acc[0], _mm512_mul_pd(_mm512_set1_pd(f64::from(m)), c));
    }
    let sum = _mm512_add_pd(_mm512_add_pd(acc[0], acc[1]), _mm512_add_pd(acc[2], acc[3]));
    let mut out = [0.0; 8];
    // SAFETY: `out` is 8 writable f64s; `storeu` has no alignment requirement.
    unsafe { _mm512_storeu_pd(out.as_mut_ptr(), sum) };
    out
}

/// h ← h·r^k + Σ m_i r^{k−1−i}, squeezed: as [`Table::block`], vectorised.
#[target_feature(enable = "avx512f")]
pub(crate) fn block(table: &Table, h: &Limbs, words: &[i32]) -> Limbs {
    let start = table.mul_power(h, words.len());
    let mut u = dot(table, &start, words);
    super::fp53::squeeze(&mut u);
    u
}
