//! The AVX2 + GFNI backend (`Gfni256`): the byte-sliced network of the AVX-512 backend on
//! 256-bit vectors, for CPUs with GFNI but without AVX-512 (Intel Alder Lake, Tiger Lake
//! client cores and their kind).
//!
//! # Layout
//! A group is 16 pairs. Its 32 input vectors are the sides of the pairs (vector 16·s + t:
//! side s of pair t, lane k = coefficient position k), with the key added and every byte mapped
//! to the AES field by one `gf2p8affineqb`. A 32 × 32 byte transpose (four `unpacklo/hi_epi8`
//! stages and one 128-bit-lane exchange) leaves output vector v holding position
//! k(v) = (v & 16) | bitrev4(v & 15) of all 32 sides: lane 16·s + bitrev4(t) is side s of pair
//! t, so every m-element's partner m' is 16 lanes (one 128-bit half) away.
//!
//! The network runs across vectors with the macros of the AVX-512 backend (`network_half!`)
//! and the lane operations of [`v256`]; two positions share one accumulator vector: lanes
//! 0..16 sum the products of position p, lanes 16..32 those of p + 1 ([`v256::acc_pair`]).
//! The accumulator lives in the `wide` part of the running sum (32 vectors); the point values
//! are mapped back to the tower at the end and join the portable short path's, which handles
//! the pairs after the last whole group.
//!
//! # Constant time
//! Straight-line vector code; loop bounds depend only on the public length.

use core::arch::x86_64::*;

use super::super::{Acc, Pair, Tables};
use wegman_f2::bytes::affine_apply;

/// Pairs per group.
pub(crate) const GROUP: usize = 16;

/// The lane operations of the network on 256-bit vectors (32 AES-field bytes).
mod v256 {
    use core::arch::x86_64::*;

    /// a + b.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) fn xor(a: __m256i, b: __m256i) -> __m256i {
        _mm256_xor_si256(a, b)
    }

    /// x times a public constant, given as its `gf2p8affineqb` matrix broadcast to 8 u64s
    /// (the AVX-512 backend's table; four are used).
    #[inline]
    #[target_feature(enable = "avx2,gfni")]
    pub(super) fn mul_const(x: __m256i, m: &[u64; 8]) -> __m256i {
        // SAFETY: `m` is 8 readable u64s, of which 4 are loaded; `loadu` has no alignment
        // requirement.
        let c = unsafe { _mm256_loadu_si256(m.as_ptr().cast()) };
        _mm256_gf2p8affine_epi64_epi8::<0>(x, c)
    }

    /// acc + the pointwise products of positions p (vector f) and p + 1 (vector g):
    /// `gf2p8mulb` of [m_p, m'_{p+1}] (128-bit halves) with [m'_p, m_{p+1}] puts position
    /// p's products in lanes 0..16 and position p + 1's in lanes 16..32.
    #[inline]
    #[target_feature(enable = "avx2,gfni")]
    pub(super) fn acc_pair(acc: __m256i, f: __m256i, g: __m256i) -> __m256i {
        let a = _mm256_blend_epi32::<0xf0>(f, g);
        let b = _mm256_permute2x128_si256::<0x21>(f, g);
        _mm256_xor_si256(acc, _mm256_gf2p8mul_epi8(a, b))
    }
}

/// The output vector index holding coefficient position k: k = (v & 16) | bitrev4(v & 15) is
/// its own inverse.
const fn slot(k: usize) -> usize {
    let r = k & 15;
    (k & 16) | ((r & 1) << 3) | ((r & 2) << 1) | ((r & 4) >> 1) | ((r & 8) >> 3)
}

#[inline]
#[target_feature(enable = "avx2")]
fn load32(p: &[u8; 32]) -> __m256i {
    // SAFETY: `p` is 32 readable bytes; `loadu` has no alignment requirement.
    unsafe { _mm256_loadu_si256(p.as_ptr().cast()) }
}

/// Loads 16 pairs, adds the key pairs, maps to the AES field and transposes: vector k holds
/// coefficient position k of every side (module docs).
#[inline]
#[target_feature(enable = "avx2,gfni")]
fn prepare(t: &Tables, msg: &[Pair; GROUP], key: &[Pair; GROUP]) -> [__m256i; 32] {
    let to_aes = _mm256_set1_epi64x(t.to_aes as i64);
    let mut x: [__m256i; 32] = core::array::from_fn(|v| {
        let (s, p) = (v / 16, v % 16);
        let (m, _) = msg[p].as_chunks::<32>();
        let (k, _) = key[p].as_chunks::<32>();
        let sum = _mm256_xor_si256(load32(&m[s]), load32(&k[s]));
        _mm256_gf2p8affine_epi64_epi8::<0>(sum, to_aes)
    });
    // Four byte-interleaving stages on vector bits 0..3, then the 128-bit halves on bit 4.
    for bit in 0..4 {
        let step = 1 << bit;
        for v in (0..32).filter(|v| v & step == 0) {
            let (u, w) = (x[v], x[v + step]);
            x[v] = _mm256_unpacklo_epi8(u, w);
            x[v + step] = _mm256_unpackhi_epi8(u, w);
        }
    }
    for v in 0..16 {
        let (u, w) = (x[v], x[v + 16]);
        x[v] = _mm256_permute2x128_si256::<0x20>(u, w);
        x[v + 16] = _mm256_permute2x128_si256::<0x31>(u, w);
    }
    core::array::from_fn(|k| x[slot(k)])
}

/// One group into the accumulator vectors.
#[inline(never)]
#[target_feature(enable = "avx2,gfni")]
fn group(t: &Tables, acc: &mut [__m256i; 32], msg: &[Pair], key: &[Pair]) {
    let (Some(msg), Some(key)) = (msg.first_chunk::<GROUP>(), key.first_chunk::<GROUP>()) else {
        unreachable!("callers pass whole groups of 16 pairs");
    };
    let x = prepare(t, msg, key);
    let tw = &t.aes_twiddle_x8;
    let mut y = [_mm256_setzero_si256(); 32];
    network_half!(v256, x, y, tw, 0, acc);
    network_half!(v256, x, y, tw, 1, acc);
}

/// Absorbs whole groups (`msg.len()` a multiple of [`GROUP`]) into `acc` (its first 128
/// u64s: 32 vectors).
#[target_feature(enable = "avx2,gfni")]
pub(crate) fn absorb(t: &Tables, acc: &mut Acc<2048>, msg: &[Pair], key: &[Pair]) {
    let (rows, _) = acc.0.as_chunks_mut::<4>();
    let mut v: [__m256i; 32] = core::array::from_fn(|i| {
        // SAFETY: `rows[i]` is 4 readable u64s; `loadu` has no alignment requirement.
        unsafe { _mm256_loadu_si256(rows[i].as_ptr().cast()) }
    });
    for (m, k) in msg.chunks_exact(GROUP).zip(key.chunks_exact(GROUP)) {
        group(t, &mut v, m, k);
    }
    for (row, x) in rows.iter_mut().zip(&v) {
        // SAFETY: `row` is 4 writable u64s; `storeu` has no alignment requirement.
        unsafe { _mm256_storeu_si256(row.as_mut_ptr().cast(), *x) };
    }
    v = [_mm256_setzero_si256(); 32];
    core::hint::black_box(&v);
}

/// The 64 point values of the accumulator, mapped back to the tower (bytes; position p is
/// the sum of the 16 lanes of half p mod 2 of vector p / 2).
pub(crate) fn points(t: &Tables, acc: &Acc<2048>) -> [u8; 64] {
    core::array::from_fn(|p| {
        let row = &acc.0[4 * (p / 2)..4 * (p / 2) + 4];
        let half = &row[2 * (p % 2)..2 * (p % 2) + 2];
        let x = half[0] ^ half[1];
        let x = x ^ (x >> 32);
        let x = x ^ (x >> 16);
        let x = x ^ (x >> 8);
        affine_apply(t.from_aes_affine, x as u8)
    })
}

/// h·c for the fixed c whose rows `c·x^i` are `rows` (AES field), with AVX2 + GFNI
/// ([`super::times_inline`]).
#[target_feature(enable = "avx2,gfni")]
pub(crate) fn times(t: &Tables, rows: &[[u8; 32]; 32], h: &[u8; 32]) -> [u8; 32] {
    // SAFETY: this function enables every feature `times_inline` uses (GFNI, AVX).
    unsafe { super::times_inline(t, rows, h) }
}

#[cfg(test)]
mod tests {
    use super::slot;

    /// A software model of the byte moves of `prepare` (the instructions' documented
    /// semantics on 32-byte arrays): vector `slot(k)` must hold position k of every side, side
    /// s of pair t in lane 16·s + bitrev4(t). (The kernel itself runs on CPUs with GFNI.)
    #[test]
    fn the_transpose_model_puts_position_k_of_side_s_of_pair_t_where_the_docs_say() {
        type V = [u16; 32];
        let unpack = |a: &V, b: &V, hi: usize| -> V {
            core::array::from_fn(|i| {
                let (lane, j) = (i / 16, i % 16);
                let src = 16 * lane + 8 * hi + j / 2;
                if j % 2 == 0 { a[src] } else { b[src] }
            })
        };
        let halves = |a: &V, b: &V, hi: usize| -> V {
            core::array::from_fn(|i| {
                if i < 16 {
                    a[16 * hi + i]
                } else {
                    b[16 * hi + i - 16]
                }
            })
        };
        // Element value: 256·(input vector) + position.
        let mut x: [V; 32] =
            core::array::from_fn(|v| core::array::from_fn(|k| (256 * v + k) as u16));
        for bit in 0..4 {
            let step = 1 << bit;
            for v in (0..32).filter(|v| v & step == 0) {
                let (u, w) = (x[v], x[v + step]);
                x[v] = unpack(&u, &w, 0);
                x[v + step] = unpack(&u, &w, 1);
            }
        }
        for v in 0..16 {
            let (u, w) = (x[v], x[v + 16]);
            x[v] = halves(&u, &w, 0);
            x[v + 16] = halves(&u, &w, 1);
        }
        let rev4 = |t: usize| ((t & 1) << 3) | ((t & 2) << 1) | ((t & 4) >> 1) | ((t & 8) >> 3);
        for k in 0..32 {
            for s in 0..2 {
                for t in 0..16 {
                    let want = (256 * (16 * s + t) + k) as u16;
                    assert_eq!(x[slot(k)][16 * s + rev4(t)], want, "k {k} s {s} t {t}");
                }
            }
        }
    }

    #[test]
    fn slot_is_an_involution_onto_0_to_32() {
        let mut seen = [false; 32];
        for k in 0..32 {
            assert_eq!(slot(slot(k)), k);
            seen[slot(k)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
