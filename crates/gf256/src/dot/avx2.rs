//! The AVX2 backend: the bitsliced kernel of `super::sliced` on 256-bit words, so a batch
//! is 256 pairs (four 64-pair groups, one per 64-bit lane of the vectors: the 64 × 64
//! transposes and every gate work inside 64-bit lanes).
//!
//! The word is `wegman_f2`'s `W256` (declared in [`crate::bitslice`]), made only inside
//! [`absorb`], which is compiled with AVX2 and entered only under a token proving AVX2; its
//! operations are `#[inline(always)]` so they compile into `absorb` as single AVX2
//! instructions.

use core::arch::x86_64::*;

use super::Pair;
use super::sliced::{self, Folded, SlicedTables, absorb_batches};
use crate::bitslice::{Rows, W256};

/// Pairs per batch: the lanes of a 256-bit word.
pub(super) const BATCH: usize = 256;

/// Four rows of pairs into four 256-bit words by two unpacks and two lane permutes.
impl Rows for W256 {
    #[inline(always)]
    fn columns(m: &[&[u8; 32]], k: &[&[u8; 32]]) -> [W256; 4] {
        let (m, k) = (&m[..4], &k[..4]);
        // SAFETY: AVX2 is present wherever a `W256` exists (`wegman_f2::vector_words!`: only
        // inside `absorb`, entered under the `Avx2`/`Gfni256` tokens); each load reads one
        // whole 32-byte row.
        let row = |g: usize| unsafe {
            let a = _mm256_loadu_si256(m[g].as_ptr().cast());
            _mm256_xor_si256(a, _mm256_loadu_si256(k[g].as_ptr().cast()))
        };
        let (y0, y1, y2, y3) = (row(0), row(1), row(2), row(3));
        // SAFETY: as above.
        let [a, b, c, d] = unsafe {
            let t0 = _mm256_unpacklo_epi64(y0, y1);
            let t1 = _mm256_unpackhi_epi64(y0, y1);
            let t2 = _mm256_unpacklo_epi64(y2, y3);
            let t3 = _mm256_unpackhi_epi64(y2, y3);
            [
                _mm256_permute2x128_si256::<0x20>(t0, t2),
                _mm256_permute2x128_si256::<0x20>(t1, t3),
                _mm256_permute2x128_si256::<0x31>(t0, t2),
                _mm256_permute2x128_si256::<0x31>(t1, t3),
            ]
        };
        [a, b, c, d].map(W256::from_register)
    }

    /// The fold in registers: 128-bit halves (a lane permute and an XOR per two words), 64-bit
    /// halves (unpacks), then 32-, 16- and 8-bit halves by shifts (the 32-bit step packs two
    /// words into one by a blend), and one byte shuffle that puts word j's byte at byte j.
    #[inline(always)]
    fn fold8(w: &[W256; 8]) -> u64 {
        // SAFETY: as in `columns`: AVX2 is present wherever a `W256` exists.
        unsafe {
            let w = w.map(W256::register);
            // Lane 0 of `h(a, b)` is a's 128-bit fold, lane 1 b's.
            let h = |a, b| {
                _mm256_xor_si256(
                    _mm256_permute2x128_si256::<0x20>(a, b),
                    _mm256_permute2x128_si256::<0x31>(a, b),
                )
            };
            // u64 lanes: a's fold, c's, b's, d's (a, b from `x`; c, d from `y`).
            let q =
                |x, y| _mm256_xor_si256(_mm256_unpacklo_epi64(x, y), _mm256_unpackhi_epi64(x, y));
            let u = q(h(w[0], w[1]), h(w[2], w[3])); // words 0, 2, 1, 3
            let v = q(h(w[4], w[5]), h(w[6], w[7])); // words 4, 6, 5, 7
            // 32-bit lanes: 0, 4, 2, 6 | 1, 5, 3, 7.
            let d = _mm256_blend_epi32::<0b1010_1010>(
                _mm256_xor_si256(u, _mm256_srli_epi64::<32>(u)),
                _mm256_xor_si256(v, _mm256_slli_epi64::<32>(v)),
            );
            let d = _mm256_xor_si256(d, _mm256_srli_epi32::<16>(d));
            let d = _mm256_xor_si256(d, _mm256_srli_epi32::<8>(d));
            // The low byte of each 32-bit lane to byte j of its word: lane 0 holds words 0, 4,
            // 2, 6 (to bytes 0, 4, 2, 6), lane 1 words 1, 5, 3, 7 (to bytes 1, 5, 3, 7).
            let z = -128i8;
            #[rustfmt::skip]
            let pick = _mm256_setr_epi8(
                0, z, 8, z, 4, z, 12, z, z, z, z, z, z, z, z, z,
                z, 0, z, 8, z, 4, z, 12, z, z, z, z, z, z, z, z,
            );
            let d = _mm256_shuffle_epi8(d, pick);
            let d = _mm_or_si128(_mm256_castsi256_si128(d), _mm256_extracti128_si256::<1>(d));
            _mm_cvtsi128_si64(d) as u64
        }
    }
}

/// Adds the products of whole 256-pair batches into `acc`.
#[target_feature(enable = "avx2")]
pub(super) fn absorb(acc: &mut Folded, msg: &[Pair], key: &[Pair]) {
    absorb_batches::<W256>(acc, msg, key);
}

/// Adds the products of one b = 256 segment pair read as 256-lane words with no transpose
/// ([`sliced::absorb_b256`]: one batch).
#[target_feature(enable = "avx2")]
pub(super) fn absorb_b256(
    acc: &mut Folded,
    msg: &[u8; sliced::B256_UNIT],
    key: &[u8; sliced::B256_UNIT],
) {
    sliced::absorb_b256::<W256>(acc, msg, key);
}

/// The portable finish compiled with AVX2 (its 32-byte table rows become single vectors).
#[target_feature(enable = "avx2")]
pub(super) fn finish(t: &SlicedTables, v: &[u64; 8]) -> [u8; 32] {
    sliced::finish_inline(t, v)
}

/// The portable short path compiled with AVX2.
#[target_feature(enable = "avx2")]
pub(super) fn absorb_short(t: &SlicedTables, direct: &mut [u64; 8], msg: &[Pair], key: &[Pair]) {
    sliced::absorb_short_inline(t, direct, msg, key);
}
