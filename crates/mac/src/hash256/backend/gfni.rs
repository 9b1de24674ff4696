//! The AVX-512 GFNI backend: byte-sliced, 64 lanes per vector.
//!
//! # Layout
//! A batch of 64 pairs is two groups of 32. A group starts as 32 vectors, vector t = pair t
//! (lanes 0..32: m_t, lanes 32..64: m'_t, lane = coefficient position k), with the key pair
//! added and every byte mapped to the AES field by one `gf2p8affineqb` (the tower and the AES
//! field are isomorphic, and the map commutes with sums and products). Five bit-swap stages
//! (`vpermt2b/w/d/q`) transpose each 256-bit half, so vector k holds coefficient k of the
//! 32 m-elements in lanes 0..32 and of the matching m'-elements in lanes 32..64.
//!
//! The y-basis network (`wegman_gf2::fft::fft64_ybasis`) then runs *across* vectors: a
//! butterfly is one `gf2p8affineqb` (the product by the twiddle, a public matrix) and two
//! XORs for 64 lanes. The first stage is trivial (coefficients 32..63 are zero), so the halves
//! e5 = 0, 1 of the 64 positions each run stages 2..6 from the same 32 vectors. A position's
//! pointwise product is `gf2p8mulb` of the vector with its 256-bit halves swapped: lanes
//! 0..32 get m·m' (lanes 32..64 the same products again, ignored by `finish`).
//!
//! # Constant time
//! Every instruction runs in data-independent time; the loop bounds and the twiddles are
//! public.

use core::arch::x86_64::*;

use super::{Acc, BATCH, Pair, Tables};

/// The 2-source permutation indices of the bit-swap stages, in units of 2^b bytes
/// (`lo` keeps units with bit 0 clear, `hi` those with it set).
const fn swap_index(units: usize, elem: usize, hi: bool) -> [u8; 64] {
    let mut idx = [0u8; 64];
    let mut e = 0;
    while e < units {
        let v = match (e & 1 == 0, hi) {
            (true, false) => e,
            (false, false) => units + (e ^ 1),
            (true, true) => e ^ 1,
            (false, true) => units + e,
        };
        // Little-endian index of width `elem` bytes.
        let mut j = 0;
        while j < elem {
            idx[e * elem + j] = if j == 0 { v as u8 } else { 0 };
            j += 1;
        }
        e += 1;
    }
    idx
}

/// Index vectors for stages b = 0, 1, 2, 3 (bytes, words, dwords, qwords).
const IDX: [[[u8; 64]; 2]; 4] = [
    [swap_index(64, 1, false), swap_index(64, 1, true)],
    [swap_index(32, 2, false), swap_index(32, 2, true)],
    [swap_index(16, 4, false), swap_index(16, 4, true)],
    [swap_index(8, 8, false), swap_index(8, 8, true)],
];

/// The qword indices of stage b = 4 (swap 128-bit units).
const IDX128: [[u8; 64]; 2] = {
    let mut out = [[0u8; 64]; 2];
    let mut q = 0;
    while q < 8 {
        let unit_even = (q >> 1) & 1 == 0;
        out[0][8 * q] = if unit_even { q } else { 8 + (q ^ 2) } as u8;
        out[1][8 * q] = if unit_even { q ^ 2 } else { 8 + q } as u8;
        q += 1;
    }
    out
};

#[inline]
#[target_feature(enable = "avx512f")]
fn load(p: &[u8; 64]) -> __m512i {
    // SAFETY: `p` is 64 readable bytes; `loadu` has no alignment requirement.
    unsafe { _mm512_loadu_si512(p.as_ptr().cast()) }
}

/// Swaps lane bit b with vector-index bit b across the 32 vectors (within 256-bit halves).
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn transpose32(x: &mut [__m512i; 32]) {
    for b in 0..5 {
        let (lo_idx, hi_idx) = if b < 4 {
            (load(&IDX[b][0]), load(&IDX[b][1]))
        } else {
            (load(&IDX128[0]), load(&IDX128[1]))
        };
        let step = 1 << b;
        for i in 0..32 {
            if i & step != 0 {
                continue;
            }
            let (u, v) = (x[i], x[i + step]);
            let (lo, hi) = match b {
                0 => (
                    _mm512_permutex2var_epi8(u, lo_idx, v),
                    _mm512_permutex2var_epi8(u, hi_idx, v),
                ),
                1 => (
                    _mm512_permutex2var_epi16(u, lo_idx, v),
                    _mm512_permutex2var_epi16(u, hi_idx, v),
                ),
                2 => (
                    _mm512_permutex2var_epi32(u, lo_idx, v),
                    _mm512_permutex2var_epi32(u, hi_idx, v),
                ),
                _ => (
                    _mm512_permutex2var_epi64(u, lo_idx, v),
                    _mm512_permutex2var_epi64(u, hi_idx, v),
                ),
            };
            x[i] = lo;
            x[i + step] = hi;
        }
    }
}

/// Stages 2..=6 of the network on half `E5` (positions 32·E5 + p), AES representation.
#[inline]
#[target_feature(enable = "avx512f,gfni")]
fn network_half<const E5: usize>(tw: &[u64; 32], y: &mut [__m512i; 32]) {
    for s in 2..=6u32 {
        let h = 1usize << (6 - s);
        for p in 0..32 {
            if p & h != 0 {
                continue;
            }
            let k = (32 * E5 + p) >> (7 - s);
            let b = y[p + h];
            let a = if k == 0 {
                y[p]
            } else {
                let c = _mm512_set1_epi64(tw[k] as i64);
                _mm512_xor_si512(y[p], _mm512_gf2p8affine_epi64_epi8::<0>(b, c))
            };
            y[p + h] = _mm512_xor_si512(a, b);
            y[p] = a;
        }
    }
}

/// Pointwise products of half `E5` into the accumulator.
#[inline]
#[target_feature(enable = "avx512f,gfni")]
fn accumulate<const E5: usize>(acc: &mut Acc, y: &[__m512i; 32]) {
    for (p, &f) in y.iter().enumerate() {
        let prod = _mm512_gf2p8mul_epi8(f, _mm512_shuffle_i64x2::<0x4e>(f, f));
        let row = &mut acc.0[8 * (32 * E5 + p)..8 * (32 * E5 + p) + 8];
        // SAFETY: `row` is 8 u64s (64 bytes) of the 64-byte-aligned accumulator, at a
        // multiple of 64 bytes from its start.
        unsafe {
            let ptr = row.as_mut_ptr().cast::<__m512i>();
            _mm512_store_si512(ptr, _mm512_xor_si512(_mm512_load_si512(ptr), prod));
        }
    }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni")]
fn group(t: &Tables, acc: &mut Acc, msg: &[Pair], key: &[Pair]) {
    let to_aes = _mm512_set1_epi64(t.to_aes as i64);
    let mut x = [_mm512_setzero_si512(); 32];
    for (v, (m, k)) in x.iter_mut().zip(msg.iter().zip(key)) {
        let sum = _mm512_xor_si512(load(m), load(k));
        *v = _mm512_gf2p8affine_epi64_epi8::<0>(sum, to_aes);
    }
    transpose32(&mut x);
    let mut y = x;
    network_half::<0>(&t.aes_twiddle, &mut y);
    accumulate::<0>(acc, &y);
    let mut y = x;
    network_half::<1>(&t.aes_twiddle, &mut y);
    accumulate::<1>(acc, &y);
}

/// Absorbs whole batches.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni")]
pub(super) fn absorb(t: &Tables, acc: &mut Acc, msg: &[Pair], key: &[Pair]) {
    for (m, k) in msg.chunks_exact(BATCH / 2).zip(key.chunks_exact(BATCH / 2)) {
        group(t, acc, m, k);
    }
}
