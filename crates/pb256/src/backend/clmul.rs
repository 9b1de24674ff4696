//! `pclmulqdq` on 128-bit vectors: a pair's 16 limb products a_i·b_j, each XORed into the
//! 128-bit accumulator of its limb position i + j (7 positions), for the whole call; the
//! accumulators join the 511-bit sum once per call.

use core::arch::x86_64::*;

use crate::dot::Pair;
use crate::field::Wide512x64;

/// The features this module's functions enable.
#[cfg(test)]
pub(super) const FEATURES: &[&str] = &["sse2", "pclmulqdq"];

/// A vector as the 128-bit integer of its lanes (x86 is little-endian).
///
/// # Safety
/// sse2 is enabled (every x86-64 CPU).
#[inline(always)]
pub(super) unsafe fn to_u128(x: __m128i) -> u128 {
    // SAFETY: both types are 16 bytes of plain data; every bit pattern is valid.
    unsafe { core::mem::transmute::<__m128i, u128>(x) }
}

/// Sixteen bytes at `p`, unaligned.
///
/// # Safety
/// `p` points to 16 readable bytes; sse2 is enabled.
#[inline(always)]
unsafe fn load(p: *const u8) -> __m128i {
    // SAFETY: the caller's contract.
    unsafe { _mm_loadu_si128(p.cast()) }
}

/// The accumulators of limb positions 0..7 += the 16 limb products of (a01, a23)·(b01, b23).
///
/// # Safety
/// pclmulqdq and sse2 are enabled.
#[inline(always)]
unsafe fn products(p: &mut [__m128i; 7], a01: __m128i, a23: __m128i, b01: __m128i, b23: __m128i) {
    // SAFETY: (the whole body) the contract's features are all these intrinsics need.
    unsafe {
        macro_rules! x {
            ($u:expr, $v:expr, $imm:literal) => {
                _mm_clmulepi64_si128($u, $v, $imm)
            };
        }
        macro_rules! xor {
            ($u:expr, $v:expr) => {
                _mm_xor_si128($u, $v)
            };
        }
        p[0] = xor!(p[0], x!(a01, b01, 0x00));
        p[1] = xor!(p[1], xor!(x!(a01, b01, 0x01), x!(a01, b01, 0x10)));
        p[2] = xor!(
            p[2],
            xor!(
                x!(a01, b01, 0x11),
                xor!(x!(a01, b23, 0x00), x!(a23, b01, 0x00))
            )
        );
        p[3] = xor!(
            p[3],
            xor!(
                xor!(x!(a01, b23, 0x01), x!(a01, b23, 0x10)),
                xor!(x!(a23, b01, 0x01), x!(a23, b01, 0x10))
            )
        );
        p[4] = xor!(
            p[4],
            xor!(
                x!(a01, b23, 0x11),
                xor!(x!(a23, b01, 0x11), x!(a23, b23, 0x00))
            )
        );
        p[5] = xor!(p[5], xor!(x!(a23, b23, 0x01), x!(a23, b23, 0x10)));
        p[6] = xor!(p[6], x!(a23, b23, 0x11));
    }
}

/// The accumulators into the sum.
///
/// # Safety
/// sse2 is enabled.
#[inline(always)]
unsafe fn fold(p: &[__m128i; 7], acc: &mut Wide512x64) {
    for (i, v) in p.iter().enumerate() {
        // SAFETY: the contract.
        acc.add_at(i, unsafe { to_u128(*v) });
    }
}

/// acc += Σ (m_t + k_t)(m'_t + k'_t) over the common length.
///
/// # Safety
/// The CPU has sse2 and pclmulqdq.
#[target_feature(enable = "sse2,pclmulqdq")]
pub(super) unsafe fn absorb(acc: &mut Wide512x64, msg: &[Pair], key: &[Pair]) {
    let mut p = [_mm_setzero_si128(); 7];
    for (m, k) in msg.iter().zip(key) {
        // SAFETY: each load reads 16 of the 64 bytes of `m` or `k`; the features are this
        // function's.
        unsafe {
            let (m, k) = (m.as_ptr(), k.as_ptr());
            let v0 = _mm_xor_si128(load(m), load(k));
            let v1 = _mm_xor_si128(load(m.add(16)), load(k.add(16)));
            let v2 = _mm_xor_si128(load(m.add(32)), load(k.add(32)));
            let v3 = _mm_xor_si128(load(m.add(48)), load(k.add(48)));
            products(&mut p, v0, v1, v2, v3);
        }
    }
    // SAFETY: sse2 is enabled.
    unsafe { fold(&p, acc) }
}

/// a·b, unreduced.
///
/// # Safety
/// The CPU has sse2 and pclmulqdq.
#[target_feature(enable = "sse2,pclmulqdq")]
pub(super) unsafe fn mul_wide(a: &[u64; 4], b: &[u64; 4]) -> Wide512x64 {
    let mut p = [_mm_setzero_si128(); 7];
    let (a01, a23) = (
        _mm_set_epi64x(a[1] as i64, a[0] as i64),
        _mm_set_epi64x(a[3] as i64, a[2] as i64),
    );
    let (b01, b23) = (
        _mm_set_epi64x(b[1] as i64, b[0] as i64),
        _mm_set_epi64x(b[3] as i64, b[2] as i64),
    );
    // SAFETY: the features are this function's.
    unsafe { products(&mut p, a01, a23, b01, b23) };
    let mut w = Wide512x64::default();
    // SAFETY: sse2 is enabled.
    unsafe { fold(&p, &mut w) };
    w
}
