//! F_2\[x\] products with `pclmulqdq`.

use core::arch::x86_64::*;

use crate::arith::{MAX_LIMBS, Wide};

/// The 128-bit carry-less product of two limbs.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2")]
fn clmul(a: u64, b: u64) -> (u64, u64) {
    let p = _mm_clmulepi64_si128(_mm_cvtsi64_si128(a as i64), _mm_cvtsi64_si128(b as i64), 0);
    (
        _mm_cvtsi128_si64(p) as u64,
        _mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p)) as u64,
    )
}

/// a(x)·b(x) in F_2\[x\]: N² limb products (schoolbook; N ≤ 9).
#[inline]
#[target_feature(enable = "pclmulqdq,sse2")]
pub(crate) fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Wide {
    let mut c: Wide = [0; 2 * MAX_LIMBS];
    for i in 0..N {
        for j in 0..N {
            let (lo, hi) = clmul(a[i], b[j]);
            c[i + j] ^= lo;
            c[i + j + 1] ^= hi;
        }
    }
    c
}
