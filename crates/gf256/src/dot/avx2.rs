//! The AVX2 backend: the bitsliced kernel of `super::sliced` on 256-bit words, so a batch
//! is 256 pairs (four 64-pair groups, one per 64-bit lane of the vectors: the 64 × 64
//! transposes and every gate work inside 64-bit lanes).
//!
//! [`W256`] is private to this module and made only inside [`absorb`], which is compiled
//! with AVX2 and called only once AVX2 was detected; its operations are `#[inline(always)]`
//! so they compile into `absorb` as single AVX2 instructions.

use core::arch::x86_64::*;

use super::Pair;
use super::sliced::{self, SlicedTables, absorb_batches};
use crate::bitslice::Word;

/// Pairs per batch: the lanes of a 256-bit word.
pub(super) const BATCH: usize = 256;

/// 256 bitsliced lanes: four 64-bit groups.
#[derive(Clone, Copy)]
#[repr(transparent)]
struct W256(__m256i);

// SAFETY (every `unsafe` block below): each calls an AVX2 (or SSE2) intrinsic. A `W256`
// exists only inside `absorb`, whose `target_feature(enable = "avx2")` is sound because its
// caller checked AVX2; these methods are `inline(always)` into it. Loads and stores index a
// slice first, so the four u64s they touch are in bounds; `columns` reads four whole
// 32-byte rows.
impl Word for W256 {
    const GROUPS: usize = 4;

    #[inline(always)]
    fn zero() -> W256 {
        // SAFETY: AVX2 is present wherever a `W256` exists (see above).
        W256(unsafe { _mm256_setzero_si256() })
    }

    #[inline(always)]
    fn xor(self, rhs: W256) -> W256 {
        // SAFETY: AVX2 is present wherever a `W256` exists (see above).
        W256(unsafe { _mm256_xor_si256(self.0, rhs.0) })
    }

    #[inline(always)]
    fn and(self, rhs: W256) -> W256 {
        // SAFETY: AVX2 is present wherever a `W256` exists (see above).
        W256(unsafe { _mm256_and_si256(self.0, rhs.0) })
    }

    #[inline(always)]
    fn shr(self, n: u32) -> W256 {
        // SAFETY: AVX2 is present wherever a `W256` exists (see above).
        W256(unsafe { _mm256_srl_epi64(self.0, _mm_cvtsi32_si128(n as i32)) })
    }

    #[inline(always)]
    fn shl(self, n: u32) -> W256 {
        // SAFETY: AVX2 is present wherever a `W256` exists (see above).
        W256(unsafe { _mm256_sll_epi64(self.0, _mm_cvtsi32_si128(n as i32)) })
    }

    #[inline(always)]
    fn splat(m: u64) -> W256 {
        // SAFETY: AVX2 is present wherever a `W256` exists (see above).
        W256(unsafe { _mm256_set1_epi64x(m as i64) })
    }

    #[inline(always)]
    fn columns(m: &[&[u8; 32]], k: &[&[u8; 32]]) -> [W256; 4] {
        let (m, k) = (&m[..4], &k[..4]);
        // SAFETY: AVX2 is present wherever a `W256` exists (see above).
        let row = |g: usize| unsafe {
            let a = _mm256_loadu_si256(m[g].as_ptr().cast());
            _mm256_xor_si256(a, _mm256_loadu_si256(k[g].as_ptr().cast()))
        };
        let (y0, y1, y2, y3) = (row(0), row(1), row(2), row(3));
        // SAFETY: AVX2 is present wherever a `W256` exists (see above).
        unsafe {
            let t0 = _mm256_unpacklo_epi64(y0, y1);
            let t1 = _mm256_unpackhi_epi64(y0, y1);
            let t2 = _mm256_unpacklo_epi64(y2, y3);
            let t3 = _mm256_unpackhi_epi64(y2, y3);
            [
                W256(_mm256_permute2x128_si256::<0x20>(t0, t2)),
                W256(_mm256_permute2x128_si256::<0x20>(t1, t3)),
                W256(_mm256_permute2x128_si256::<0x31>(t0, t2)),
                W256(_mm256_permute2x128_si256::<0x31>(t1, t3)),
            ]
        }
    }

    #[inline(always)]
    fn load(s: &[u64]) -> W256 {
        let s = &s[..4];
        // SAFETY: AVX2 is present wherever a `W256` exists (see above).
        W256(unsafe { _mm256_loadu_si256(s.as_ptr().cast()) })
    }

    #[inline(always)]
    fn store(self, s: &mut [u64]) {
        let s = &mut s[..4];
        // SAFETY: AVX2 is present wherever a `W256` exists (see above).
        unsafe { _mm256_storeu_si256(s.as_mut_ptr().cast(), self.0) }
    }
}

/// Adds the products of whole 256-pair batches into `acc` (2048 u64s: word 8p + i of
/// `super::sliced`, four u64s each).
#[target_feature(enable = "avx2")]
pub(super) fn absorb(acc: &mut [u64], msg: &[Pair], key: &[Pair]) {
    absorb_batches::<W256>(acc, msg, key);
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
