//! `vpclmulqdq` on 512 bits (AVX-512 F): two pairs per step. The pairs t and t + 1, each one
//! 64-byte vector (m ‖ m') plus its key, are regrouped by two `vshufi64x2` into
//! a = (m_t | m_{t+1}) and b = (m'_t | m'_{t+1}) (key added), and b̃ swaps the 128-bit lanes
//! inside each half; then the eight products of the AVX2 step ([`super::avx2`]) run on both
//! pairs at once, into six 512-bit accumulators (the two-XOR rows by one `vpternlogq`). The
//! halves of each accumulator add into the AVX2 ones at the end, which take an odd last pair.

use core::arch::x86_64::*;

use super::avx2::{self, Acc6};
use crate::dot::Pair;
use crate::field::Wide512x64;

/// The features this module's functions enable.
#[cfg(test)]
pub(super) const FEATURES: &[&str] = &["avx2", "avx512f", "pclmulqdq", "vpclmulqdq"];

/// 64 bytes at `p`, unaligned.
///
/// # Safety
/// `p` points to 64 readable bytes; avx512f is enabled.
#[inline(always)]
unsafe fn load(p: &Pair) -> __m512i {
    // SAFETY: the caller's contract.
    unsafe { _mm512_loadu_si512(p.as_ptr().cast()) }
}

/// acc += Σ (m_t + k_t)(m'_t + k'_t) over the common length.
///
/// # Safety
/// The CPU has avx2, avx512f, pclmulqdq and vpclmulqdq.
#[target_feature(enable = "avx2,avx512f,pclmulqdq,vpclmulqdq")]
pub(super) unsafe fn absorb(acc: &mut Wide512x64, msg: &[Pair], key: &[Pair]) {
    let n = msg.len().min(key.len());
    let (msg, key) = (&msg[..n], &key[..n]);
    let (m2, m_rest) = msg.as_chunks::<2>();
    let (k2, _) = key.as_chunks::<2>();
    // SAFETY: (the whole body) the features are this function's; every load reads one pair.
    unsafe {
        let z = _mm512_setzero_si512();
        let (mut e0, mut e1, mut e2, mut f0, mut f1, mut f2) = (z, z, z, z, z, z);
        for (m, k) in m2.iter().zip(k2) {
            let z0 = _mm512_xor_si512(load(&m[0]), load(&k[0]));
            let z1 = _mm512_xor_si512(load(&m[1]), load(&k[1]));
            let a = _mm512_shuffle_i64x2(z0, z1, 0x44);
            let b = _mm512_shuffle_i64x2(z0, z1, 0xee);
            let bs = _mm512_shuffle_i64x2(b, b, 0xb1);
            e0 = _mm512_xor_si512(e0, _mm512_clmulepi64_epi128(a, b, 0x00));
            e1 = _mm512_xor_si512(e1, _mm512_clmulepi64_epi128(a, b, 0x11));
            e2 = _mm512_ternarylogic_epi64(
                e2,
                _mm512_clmulepi64_epi128(a, b, 0x01),
                _mm512_clmulepi64_epi128(a, b, 0x10),
                0x96,
            );
            f0 = _mm512_xor_si512(f0, _mm512_clmulepi64_epi128(a, bs, 0x00));
            f1 = _mm512_xor_si512(f1, _mm512_clmulepi64_epi128(a, bs, 0x11));
            f2 = _mm512_ternarylogic_epi64(
                f2,
                _mm512_clmulepi64_epi128(a, bs, 0x01),
                _mm512_clmulepi64_epi128(a, bs, 0x10),
                0x96,
            );
        }
        macro_rules! half {
            ($v:expr) => {
                _mm256_xor_si256(_mm512_castsi512_si256($v), _mm512_extracti64x4_epi64($v, 1))
            };
        }
        let mut a = Acc6 {
            e0: half!(e0),
            e1: half!(e1),
            e2: half!(e2),
            f0: half!(f0),
            f1: half!(f1),
            f2: half!(f2),
        };
        if let (Some(m), Some(k)) = (m_rest.first(), key.last()) {
            avx2::step(&mut a, m, k);
        }
        a.fold(acc);
    }
}
