//! The portable kernel: each pair's product by [`mul_wide_soft`] (nine 64-bit carry-less
//! products in integer arithmetic), summed unreduced.

use crate::dot::Pair;
use crate::field::{Wide512x64, mul_wide_soft};

/// The limbs of the two 32-byte halves of m + k.
#[inline(always)]
fn operands(m: &Pair, k: &Pair) -> ([u64; 4], [u64; 4]) {
    let limb = |i: usize| {
        let x: [u8; 8] = core::array::from_fn(|j| m[8 * i + j] ^ k[8 * i + j]);
        u64::from_le_bytes(x)
    };
    (
        core::array::from_fn(limb),
        core::array::from_fn(|i| limb(4 + i)),
    )
}

/// acc += Σ (m_t + k_t)(m'_t + k'_t) over the common length.
#[inline(always)]
pub(super) fn absorb(acc: &mut Wide512x64, msg: &[Pair], key: &[Pair]) {
    for (m, k) in msg.iter().zip(key) {
        let (a, b) = operands(m, k);
        acc.add_assign(&mul_wide_soft(&a, &b));
    }
}
