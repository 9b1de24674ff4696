//! `vpclmulqdq` on 512 bits (AVX-512 F): four pairs per step, one level of Karatsuba.
//!
//! With a = A0 + A1·x^128 and b = B0 + B1·x^128 (the operands m + r, m' + r' of a pair),
//! a·b = L + x^128·(S + L + H) + x^256·H for L = A0·B0, H = A1·B1, S = (A0 + A1)(B0 + B1):
//! three 128 × 128-bit products (12 limb products) instead of four. The combination is linear,
//! so Σ L, Σ H and Σ S are accumulated apart over the whole call and combined once at its end.
//! Per four pairs: each pair's vector (a ‖ b, key added) is regrouped by `vshufi64x2` into
//! (A0 A1 | A0 A1) and (B0 B1 | B0 B1) for two pairs, whose lane-wise products by parts (imm
//! 00, 11, 01 + 10) give L in the even lanes and H in the odd ones (8 `vpclmulqdq`); the sums
//! A0 + A1, B0 + B1 of the four pairs are gathered into one vector each (4 more). Twelve
//! `vpclmulqdq` per four pairs, against sixteen for the schoolbook of the AVX2 step
//! ([`super::avx2`]), which takes the last pairs (fewer than four).

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
    let (m4, m_rest) = msg.as_chunks::<4>();
    let (k4, k_rest) = key.as_chunks::<4>();
    // SAFETY: (the whole body) the features are this function's; every load reads one pair.
    unsafe {
        let z = _mm512_setzero_si512();
        let (mut e0, mut e1, mut e2, mut s0, mut s1, mut s2) = (z, z, z, z, z, z);
        for (m, k) in m4.iter().zip(k4) {
            let z0 = _mm512_xor_si512(load(&m[0]), load(&k[0]));
            let z1 = _mm512_xor_si512(load(&m[1]), load(&k[1]));
            let z2 = _mm512_xor_si512(load(&m[2]), load(&k[2]));
            let z3 = _mm512_xor_si512(load(&m[3]), load(&k[3]));
            // (A0 A1) halves of a and (B0 B1) of b for pairs 0, 1 and 2, 3.
            let a01 = _mm512_shuffle_i64x2(z0, z1, 0x44);
            let b01 = _mm512_shuffle_i64x2(z0, z1, 0xee);
            let a23 = _mm512_shuffle_i64x2(z2, z3, 0x44);
            let b23 = _mm512_shuffle_i64x2(z2, z3, 0xee);
            // Karatsuba's sums A0 + A1 and B0 + B1 of the four pairs.
            let sa01 = _mm512_xor_si512(a01, _mm512_shuffle_i64x2(a01, a01, 0xb1));
            let sa23 = _mm512_xor_si512(a23, _mm512_shuffle_i64x2(a23, a23, 0xb1));
            let sb01 = _mm512_xor_si512(b01, _mm512_shuffle_i64x2(b01, b01, 0xb1));
            let sb23 = _mm512_xor_si512(b23, _mm512_shuffle_i64x2(b23, b23, 0xb1));
            let sa = _mm512_shuffle_i64x2(sa01, sa23, 0x88);
            let sb = _mm512_shuffle_i64x2(sb01, sb23, 0x88);
            // A0·B0 (even lanes) and A1·B1 (odd lanes), 128 × 128 schoolbook by parts.
            e0 = _mm512_ternarylogic_epi64(
                e0,
                _mm512_clmulepi64_epi128(a01, b01, 0x00),
                _mm512_clmulepi64_epi128(a23, b23, 0x00),
                0x96,
            );
            e1 = _mm512_ternarylogic_epi64(
                e1,
                _mm512_clmulepi64_epi128(a01, b01, 0x11),
                _mm512_clmulepi64_epi128(a23, b23, 0x11),
                0x96,
            );
            e2 = _mm512_ternarylogic_epi64(
                e2,
                _mm512_clmulepi64_epi128(a01, b01, 0x01),
                _mm512_clmulepi64_epi128(a01, b01, 0x10),
                0x96,
            );
            e2 = _mm512_ternarylogic_epi64(
                e2,
                _mm512_clmulepi64_epi128(a23, b23, 0x01),
                _mm512_clmulepi64_epi128(a23, b23, 0x10),
                0x96,
            );
            // (A0 + A1)·(B0 + B1), the four pairs' lanes.
            s0 = _mm512_xor_si512(s0, _mm512_clmulepi64_epi128(sa, sb, 0x00));
            s1 = _mm512_xor_si512(s1, _mm512_clmulepi64_epi128(sa, sb, 0x11));
            s2 = _mm512_ternarylogic_epi64(
                s2,
                _mm512_clmulepi64_epi128(sa, sb, 0x01),
                _mm512_clmulepi64_epi128(sa, sb, 0x10),
                0x96,
            );
        }
        // The four lanes as two AVX2 accumulators' worth: even lanes L, odd lanes H.
        let lanes = |v: __m512i| -> [u128; 4] { core::mem::transmute::<__m512i, [u128; 4]>(v) };
        let mut parts = [[0u128; 2]; 6];
        for (p, v) in parts.iter_mut().zip([e0, e1, e2, s0, s1, s2]) {
            let x = lanes(v);
            *p = [x[0] ^ x[2], x[1] ^ x[3]];
        }
        avx2::karatsuba_fold(acc, parts);
        // The last pairs (fewer than four) by the AVX2 step.
        let mut a = Acc6::zero();
        for (m, k) in m_rest.iter().zip(k_rest) {
            avx2::step(&mut a, m, k);
        }
        a.fold(acc);
    }
}
