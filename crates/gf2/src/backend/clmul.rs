//! F_2\[x\] products with `pclmulqdq`.
//!
//! Each limb product a_i·b_j (128 bits) is XORed into a 128-bit accumulator for its position
//! i + j; limb k of the product is then lo(acc_k) ⊕ hi(acc_{k−1}). N² carry-less
//! multiplications, N² vector XORs and 2(2N − 1) extractions; no scalar work per product.

use core::arch::x86_64::*;

use crate::arith::{MAX_LIMBS, Wide};

/// a(x)·b(x) in F_2\[x\] (N ≤ 9).
#[inline]
#[target_feature(enable = "pclmulqdq,sse2")]
pub(crate) fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Wide {
    let bv: [__m128i; N] = core::array::from_fn(|j| _mm_cvtsi64_si128(b[j] as i64));
    let mut acc = [_mm_setzero_si128(); 2 * MAX_LIMBS];
    for i in 0..N {
        let ai = _mm_cvtsi64_si128(a[i] as i64);
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
