//! F_2\[x\] products with `pclmulqdq`.
//!
//! Each limb product a_i·b_j (128 bits) is XORed into a 128-bit accumulator for its position
//! i + j; limb k of the product is then lo(acc_k) ⊕ hi(acc_{k−1}). N² carry-less
//! multiplications, N² vector XORs and 2(2N − 1) extractions; no scalar work per product.
//! Limbs are loaded 8 bytes at a time (see `load_limb`).
//!
//! The products are `#[inline(always)]` `unsafe fn`s, inlined into [`mul_mod`] and
//! [`sqr_n_mod`]: `#[target_feature]` functions holding one whole reduced product, which a
//! single operation's dispatch arm inlines and a long algorithm (a field job, compiled with the
//! same features) calls — one call per product instead of the product copied at every use.

use core::arch::x86_64::*;

use crate::arith::{self, MAX_LIMBS, ShapeOf, Wide};

/// One limb into the low half of a vector, as one 8-byte load.
///
/// # Safety
/// The CPU has sse2 (x86-64 always does).
#[inline(always)]
unsafe fn load_limb(x: &u64) -> __m128i {
    // A volatile read cannot be merged with its neighbours into a wider load.
    // SAFETY: `x` is a valid, aligned, initialised u64; sse2 is part of x86-64.
    unsafe { _mm_cvtsi64_si128(core::ptr::read_volatile(x) as i64) }
}

/// a(x)·b(x) in F_2\[x\] (N ≤ 9): row by row, each product XORed into the 128-bit
/// accumulator of its column (measured fastest of row order, column order with reloads and
/// column order with preloaded limbs, notably at N = 9).
///
/// # Safety
/// The caller runs with pclmulqdq and sse2 enabled (a dispatch arm that checked them).
#[inline(always)]
pub(crate) unsafe fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Wide {
    // SAFETY: (the whole body) the caller's features include pclmulqdq and sse2, all that
    // these intrinsics need (this function's contract).
    unsafe {
        let bv: [__m128i; N] = core::array::from_fn(|j| load_limb(&b[j]));
        let mut acc = [_mm_setzero_si128(); 2 * MAX_LIMBS];
        for i in 0..N {
            let ai = load_limb(&a[i]);
            for j in 0..N {
                acc[i + j] = _mm_xor_si128(acc[i + j], _mm_clmulepi64_si128(ai, bv[j], 0x00));
            }
        }
        let mut c: Wide = [0; 2 * MAX_LIMBS];
        let mut carry = 0u64;
        for k in 0..2 * N - 1 {
            c[k] = _mm_cvtsi128_si64(acc[k]) as u64 ^ carry;
            carry = _mm_cvtsi128_si64(_mm_unpackhi_epi64(acc[k], acc[k])) as u64;
        }
        c[2 * N - 1] = carry;
        c
    }
}

/// a(x)² in F_2\[x\]: one carry-less square per limb (bit i to bit 2i).
///
/// # Safety
/// As [`mul_wide`]: pclmulqdq and sse2 are enabled in the caller.
#[inline(always)]
pub(crate) unsafe fn square_wide<const N: usize>(a: &[u64; N]) -> Wide {
    // SAFETY: (the whole body) pclmulqdq and sse2 are enabled in the caller (the contract).
    unsafe {
        let mut c: Wide = [0; 2 * MAX_LIMBS];
        for i in 0..N {
            let x = load_limb(&a[i]);
            let p = _mm_clmulepi64_si128(x, x, 0x00);
            c[2 * i] = _mm_cvtsi128_si64(p) as u64;
            c[2 * i + 1] = _mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p)) as u64;
        }
        c
    }
}

/// a·b mod P.
///
/// # Safety
/// The CPU has pclmulqdq and sse2.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2")]
pub(crate) unsafe fn mul_mod<const N: usize, S: ShapeOf>(
    a: &[u64; N],
    b: &[u64; N],
    s: S,
) -> [u64; N] {
    // SAFETY: this function's features are the ones `mul_wide` needs.
    let mut w = unsafe { mul_wide(a, b) };
    arith::reduce::<N>(&mut w, &s.shape())
}

/// a^(2^k) mod P: k squarings.
///
/// # Safety
/// The CPU has pclmulqdq and sse2.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2")]
pub(crate) unsafe fn sqr_n_mod<const N: usize, S: ShapeOf>(
    a: &[u64; N],
    k: usize,
    s: S,
) -> [u64; N] {
    let mut x = *a;
    for _ in 0..k {
        // SAFETY: this function's features are the ones `square_wide` needs.
        let mut w = unsafe { square_wide(&x) };
        x = arith::reduce::<N>(&mut w, &s.shape());
    }
    x
}
