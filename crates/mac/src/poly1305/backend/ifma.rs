//! AVX-512 IFMA Poly1305: eight (or sixteen) interleaved polynomial streams in 44-bit limbs.
//!
//! # Layout
//! Eight consecutive blocks go to eight 64-bit lanes; each of the three limbs of all lanes
//! lives in one `__m512i`. Loading 128 bytes as two vectors and unpacking their low and high
//! quadwords puts block `p/2 + 4·(p mod 2)` of the group into lane p; the lane powers below
//! follow that order, so no permutation is needed.
//!
//! # Algorithm
//! For q = 8n blocks c_1..c_q the hash is Σ c_t r^{q−t+1}. Lane j accumulates
//! h_j ← (h_j + c)·r^8 for the first n − 1 groups and h_j ← (h_j + c)·r^{8−b(j)} for the
//! last, where b(j) is the lane's block index in the group; the sum of the lanes is then
//! exactly Σ c_t r^{q−t+1}. The accumulator of earlier blocks enters as an addend of the first
//! block, which is multiplied by r^q.
//!
//! # One multiplication
//! `vpmadd52luq`/`vpmadd52huq` multiply the low 52 bits of two lanes and add the low or high
//! 52 bits of the 104-bit product to an accumulator. All limbs have weight 2^{44i} and
//! 2^132 ≡ 20, so with s_i = 20·r_i the column sums are those of the portable backend,
//! each split as lo + hi·2^52 = lo + (hi·2^8)·2^44:
//!
//! ```text
//! t0 = lo0 + 20·2^8·hi2,   t1 = lo1 + 2^8·hi0,   t2 = lo2 + 2^8·hi1
//! ```
//!
//! then one carry pass 44/44/44 bits with the top carry re-entering as ×20.
//!
//! Bounds: inputs h_i + c_i < 2^45.1 and r_i < 2^44, s_i < 2^48.4 (all < 2^52, as the
//! instruction requires), so each product is < 2^93.5, lo-sums < 2^53.6, hi-sums < 2^43.1,
//! t0 < 2^55.5, t1, t2 < 2^53.7. After the carry pass h0 < 2^44 + 2^14.3 and h1, h2 < 2^44,
//! so adding the next block (limbs < 2^44, 2^44, 2^41) keeps every input below 2^45.1.
//!
//! Everything is data-independent: the same instructions and addresses for every key and
//! message.

use core::arch::x86_64::*;

use super::soft::{Fe1305x44, Powers};

/// Bytes per vector step (eight blocks).
pub(crate) const STEP: usize = 128;

/// The powers r^1..r^n that `blocks` needs: r^1..r^16 at every length.
pub(crate) const fn powers_for(_len: usize) -> usize {
    16
}

const MASK44: i64 = (1 << 44) - 1;

/// Eight field elements in 44-bit limbs: three limb vectors, limb i of lane j is `v.i[j]`.
#[derive(Clone, Copy)]
struct Fe1305x44x8([__m512i; 3]);

/// A multiplier: limbs and the ×20 multiples of limbs 1 and 2.
#[derive(Clone, Copy)]
struct Mul {
    r: [__m512i; 3],
    s: [__m512i; 2],
}

impl Mul {
    /// From one element per lane, lanes given from 0 to 7.
    #[target_feature(enable = "avx512f")]
    fn lanes(p: [&Fe1305x44; 8]) -> Mul {
        let limb = |i: usize, factor: u64| {
            let l = |j: usize| (p[j].0[i] * factor) as i64;
            _mm512_set_epi64(l(7), l(6), l(5), l(4), l(3), l(2), l(1), l(0))
        };
        Mul {
            r: [limb(0, 1), limb(1, 1), limb(2, 1)],
            s: [limb(1, 20), limb(2, 20)],
        }
    }
}

/// The low and the high 52 bits of each x_i·y_i, each summed per lane (`vpmadd52luq` and
/// `vpmadd52huq` three times each).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn dot3(x: [__m512i; 3], y: [__m512i; 3]) -> (__m512i, __m512i) {
    let (mut lo, mut hi) = (_mm512_setzero_si512(), _mm512_setzero_si512());
    for i in 0..3 {
        lo = _mm512_madd52lo_epu64(lo, x[i], y[i]);
        hi = _mm512_madd52hi_epu64(hi, x[i], y[i]);
    }
    (lo, hi)
}

/// h·m mod 2^130 − 5 in every lane (see the module docs for bounds).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn mul(h: Fe1305x44x8, m: &Mul) -> Fe1305x44x8 {
    let [r0, r1, r2] = m.r;
    let [s1, s2] = m.s;
    let (c0, c1, c2) = ([r0, s2, s1], [r1, r0, s2], [r2, r1, r0]);
    let (lo0, hi0) = dot3(h.0, c0);
    let (lo1, hi1) = dot3(h.0, c1);
    let (lo2, hi2) = dot3(h.0, c2);

    // 20·2^8·hi2 = 2^12·hi2 + 2^10·hi2.
    let t0 = _mm512_add_epi64(
        lo0,
        _mm512_add_epi64(_mm512_slli_epi64::<12>(hi2), _mm512_slli_epi64::<10>(hi2)),
    );
    let t1 = _mm512_add_epi64(lo1, _mm512_slli_epi64::<8>(hi0));
    let t2 = _mm512_add_epi64(lo2, _mm512_slli_epi64::<8>(hi1));

    let mask = _mm512_set1_epi64(MASK44);
    let t1 = _mm512_add_epi64(t1, _mm512_srli_epi64::<44>(t0));
    let t0 = _mm512_and_si512(t0, mask);
    let t2 = _mm512_add_epi64(t2, _mm512_srli_epi64::<44>(t1));
    let t1 = _mm512_and_si512(t1, mask);
    let c = _mm512_srli_epi64::<44>(t2);
    let t2 = _mm512_and_si512(t2, mask);
    // 20·c = 16·c + 4·c.
    let t0 = _mm512_add_epi64(
        t0,
        _mm512_add_epi64(_mm512_slli_epi64::<4>(c), _mm512_slli_epi64::<2>(c)),
    );
    Fe1305x44x8([t0, t1, t2])
}

/// Loads eight blocks as limbs, adding 2^128 to each (block p/2 + 4·(p mod 2) in lane p).
#[inline]
#[target_feature(enable = "avx512f")]
fn load(chunk: &[u8; STEP]) -> Fe1305x44x8 {
    let (a, b) = chunk.split_at(64);
    // SAFETY: `a` and `b` are 64 readable bytes each; `loadu` has no alignment requirement.
    let (a, b) = unsafe {
        (
            _mm512_loadu_si512(a.as_ptr().cast()),
            _mm512_loadu_si512(b.as_ptr().cast()),
        )
    };
    let lo = _mm512_unpacklo_epi64(a, b);
    let hi = _mm512_unpackhi_epi64(a, b);
    let mask = _mm512_set1_epi64(MASK44);
    let m0 = _mm512_and_si512(lo, mask);
    let m1 = _mm512_and_si512(
        _mm512_or_si512(_mm512_srli_epi64::<44>(lo), _mm512_slli_epi64::<20>(hi)),
        mask,
    );
    let m2 = _mm512_or_si512(_mm512_srli_epi64::<24>(hi), _mm512_set1_epi64(1 << 40));
    Fe1305x44x8([m0, m1, m2])
}

#[inline]
#[target_feature(enable = "avx512f")]
fn add(a: Fe1305x44x8, b: Fe1305x44x8) -> Fe1305x44x8 {
    Fe1305x44x8([
        _mm512_add_epi64(a.0[0], b.0[0]),
        _mm512_add_epi64(a.0[1], b.0[1]),
        _mm512_add_epi64(a.0[2], b.0[2]),
    ])
}

/// Lane multipliers for the last group when `top` more blocks follow it (lane p holds block
/// b(p) = p/2 + 4(p mod 2) of its group and needs r^(top + 8 − b(p))).
#[target_feature(enable = "avx512f")]
fn last_group(powers: &Powers<16>, top: usize) -> Mul {
    let p = |k: usize| powers.get(top + k);
    Mul::lanes([p(8), p(4), p(7), p(3), p(6), p(2), p(5), p(1)])
}

/// The eight lanes' sum, carried into the portable representation.
#[target_feature(enable = "avx512f")]
fn horizontal(acc: Fe1305x44x8) -> Fe1305x44 {
    Fe1305x44(acc.0.map(|v| _mm512_reduce_add_epi64(v) as u64)).carry()
}

/// The limbs of `h` in lane 0, zero elsewhere.
#[target_feature(enable = "avx512f")]
fn in_lane0(h: &Fe1305x44) -> Fe1305x44x8 {
    let z = _mm512_setzero_si512();
    Fe1305x44x8(h.0.map(|x| _mm512_mask_set1_epi64(z, 1, x as i64)))
}

/// Absorbs `data` (a non-zero multiple of 128 bytes of full blocks) into the accumulator `h`,
/// given the key powers r^1..r^16.
///
/// Pairs of groups run as two independent eight-lane accumulators multiplied by r^16 (so the
/// two multiplication chains overlap in the pipeline); an odd last group runs alone with r^8.
#[target_feature(enable = "avx512f,avx512ifma")]
pub(crate) fn blocks(h: &mut Fe1305x44, powers: &Powers<16>, data: &[u8]) {
    debug_assert!(data.len().is_multiple_of(STEP) && !data.is_empty());
    let (groups, _) = data.as_chunks::<STEP>();
    let (pairs, odd) = groups.as_chunks::<2>();

    if let Some((final_pair, body)) = pairs.split_last() {
        let step = Mul::lanes([powers.get(16); 8]);
        let mut a = in_lane0(h);
        let mut b = Fe1305x44x8([_mm512_setzero_si512(); 3]);
        for [ga, gb] in body {
            a = mul(add(a, load(ga)), &step);
            b = mul(add(b, load(gb)), &step);
        }
        a = mul(add(a, load(&final_pair[0])), &last_group(powers, 8));
        b = mul(add(b, load(&final_pair[1])), &last_group(powers, 0));
        *h = horizontal(add(a, b));
    }
    if let [g] = odd {
        let acc = mul(add(in_lane0(h), load(g)), &last_group(powers, 0));
        *h = horizontal(acc);
    }
}
