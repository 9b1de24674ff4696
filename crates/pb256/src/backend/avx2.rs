//! `vpclmulqdq` on 256 bits (AVX2): one pair per step. With a = m + k as one vector
//! (a0 a1 | a2 a3, 64-bit limbs, 128-bit lanes), b = m' + k' likewise and b̃ = b with its lanes
//! swapped (b2 b3 | b0 b1), the eight instructions
//!
//! ```text
//! a·b   [00] a0b0 | a2b2   (limb positions 0 | 4)      a·b̃  [00] a0b2 | a2b0   (2 | 2)
//!       [11] a1b1 | a3b3   (2 | 6)                          [11] a1b3 | a3b1   (4 | 4)
//!       [01] a1b0 | a3b2,  [10] a0b1 | a2b3   (1 | 5)       [01] a1b2 | a3b0,  [10] a0b3 | a2b1   (3 | 3)
//! ```
//!
//! make all 16 limb products; six accumulators, one per row, keep each lane's position fixed
//! for the whole call, and join the 511-bit sum once per call.

use core::arch::x86_64::*;

use super::clmul::to_u128;
use crate::dot::Pair;
use crate::field::Wide512x64;

/// The features this module's functions enable.
#[cfg(test)]
pub(super) const FEATURES: &[&str] = &["avx2", "pclmulqdq", "vpclmulqdq"];

/// The six accumulators (see the module docs).
#[derive(Clone, Copy)]
pub(super) struct Acc6 {
    pub(super) e0: __m256i,
    pub(super) e1: __m256i,
    pub(super) e2: __m256i,
    pub(super) f0: __m256i,
    pub(super) f1: __m256i,
    pub(super) f2: __m256i,
}

/// The limb positions of (lane 0, lane 1) of each accumulator, in the order of [`Acc6::lanes`].
const POSITIONS: [(usize, usize); 6] = [(0, 4), (2, 6), (1, 5), (2, 2), (4, 4), (3, 3)];

impl Acc6 {
    /// All zero.
    ///
    /// # Safety
    /// avx is enabled.
    #[inline(always)]
    pub(super) unsafe fn zero() -> Acc6 {
        // SAFETY: the contract.
        let z = unsafe { _mm256_setzero_si256() };
        Acc6 {
            e0: z,
            e1: z,
            e2: z,
            f0: z,
            f1: z,
            f2: z,
        }
    }

    /// The accumulators in the order of [`POSITIONS`].
    fn lanes(&self) -> [__m256i; 6] {
        [self.e0, self.e1, self.e2, self.f0, self.f1, self.f2]
    }

    /// Adds every lane into the 511-bit sum at its limb position.
    ///
    /// # Safety
    /// avx2 is enabled.
    #[inline(always)]
    pub(super) unsafe fn fold(&self, acc: &mut Wide512x64) {
        for (v, (p0, p1)) in self.lanes().into_iter().zip(POSITIONS) {
            // SAFETY: the contract (avx2 includes the sse2 of `to_u128`).
            unsafe {
                acc.add_at(p0, to_u128(_mm256_castsi256_si128(v)));
                acc.add_at(p1, to_u128(_mm256_extracti128_si256(v, 1)));
            }
        }
    }
}

/// 32 bytes at `p`, unaligned.
///
/// # Safety
/// `p` points to 32 readable bytes; avx is enabled.
#[inline(always)]
pub(super) unsafe fn load(p: *const u8) -> __m256i {
    // SAFETY: the caller's contract.
    unsafe { _mm256_loadu_si256(p.cast()) }
}

/// The products of one pair's operands a, b (see the module docs) into `acc`.
///
/// # Safety
/// avx2 and vpclmulqdq are enabled.
#[inline(always)]
pub(super) unsafe fn products(acc: &mut Acc6, a: __m256i, b: __m256i) {
    // SAFETY: (the whole body) the contract's features are all these intrinsics need.
    unsafe {
        let bs = _mm256_permute2x128_si256(b, b, 0x01);
        acc.e0 = _mm256_xor_si256(acc.e0, _mm256_clmulepi64_epi128(a, b, 0x00));
        acc.e1 = _mm256_xor_si256(acc.e1, _mm256_clmulepi64_epi128(a, b, 0x11));
        acc.e2 = _mm256_xor_si256(
            acc.e2,
            _mm256_xor_si256(
                _mm256_clmulepi64_epi128(a, b, 0x01),
                _mm256_clmulepi64_epi128(a, b, 0x10),
            ),
        );
        acc.f0 = _mm256_xor_si256(acc.f0, _mm256_clmulepi64_epi128(a, bs, 0x00));
        acc.f1 = _mm256_xor_si256(acc.f1, _mm256_clmulepi64_epi128(a, bs, 0x11));
        acc.f2 = _mm256_xor_si256(
            acc.f2,
            _mm256_xor_si256(
                _mm256_clmulepi64_epi128(a, bs, 0x01),
                _mm256_clmulepi64_epi128(a, bs, 0x10),
            ),
        );
    }
}

/// One pair: (m + k)(m' + k') into `acc`.
///
/// # Safety
/// avx2 and vpclmulqdq are enabled.
#[inline(always)]
pub(super) unsafe fn step(acc: &mut Acc6, m: &Pair, k: &Pair) {
    // SAFETY: each load reads 32 of the 64 bytes of `m` or `k`; the features are the
    // contract's.
    unsafe {
        let (m, k) = (m.as_ptr(), k.as_ptr());
        let a = _mm256_xor_si256(load(m), load(k));
        let b = _mm256_xor_si256(load(m.add(32)), load(k.add(32)));
        products(acc, a, b);
    }
}

/// acc += Σ (m_t + k_t)(m'_t + k'_t) over the common length: two pairs per step by one level
/// of Karatsuba (as the AVX-512 kernel, [`super::avx512`]: Σ A0·B0, Σ A1·B1 and
/// Σ (A0 + A1)(B0 + B1) apart, 12 `vpclmulqdq` per two pairs instead of 16), an odd last pair
/// by [`step`].
///
/// # Safety
/// The CPU has avx2, pclmulqdq and vpclmulqdq.
#[target_feature(enable = "avx2,pclmulqdq,vpclmulqdq")]
pub(super) unsafe fn absorb(acc: &mut Wide512x64, msg: &[Pair], key: &[Pair]) {
    let n = msg.len().min(key.len());
    let (msg, key) = (&msg[..n], &key[..n]);
    let (m2, m_rest) = msg.as_chunks::<2>();
    let (k2, k_rest) = key.as_chunks::<2>();
    // SAFETY: (the whole body) the features are this function's; every load reads 32 bytes
    // of one pair.
    unsafe {
        let z = _mm256_setzero_si256();
        let (mut e0, mut e1, mut e2, mut s0, mut s1, mut s2) = (z, z, z, z, z, z);
        for (m, k) in m2.iter().zip(k2) {
            let half = |i: usize, o: usize| {
                _mm256_xor_si256(load(m[i].as_ptr().add(o)), load(k[i].as_ptr().add(o)))
            };
            let (a0, b0, a1, b1) = (half(0, 0), half(0, 32), half(1, 0), half(1, 32));
            // A0 + A1 and B0 + B1 of both pairs.
            let sa = _mm256_xor_si256(
                _mm256_permute2x128_si256(a0, a1, 0x20),
                _mm256_permute2x128_si256(a0, a1, 0x31),
            );
            let sb = _mm256_xor_si256(
                _mm256_permute2x128_si256(b0, b1, 0x20),
                _mm256_permute2x128_si256(b0, b1, 0x31),
            );
            let x = |u, v| _mm256_xor_si256(u, v);
            e0 = x(
                e0,
                x(
                    _mm256_clmulepi64_epi128(a0, b0, 0x00),
                    _mm256_clmulepi64_epi128(a1, b1, 0x00),
                ),
            );
            e1 = x(
                e1,
                x(
                    _mm256_clmulepi64_epi128(a0, b0, 0x11),
                    _mm256_clmulepi64_epi128(a1, b1, 0x11),
                ),
            );
            e2 = x(
                e2,
                x(
                    x(
                        _mm256_clmulepi64_epi128(a0, b0, 0x01),
                        _mm256_clmulepi64_epi128(a0, b0, 0x10),
                    ),
                    x(
                        _mm256_clmulepi64_epi128(a1, b1, 0x01),
                        _mm256_clmulepi64_epi128(a1, b1, 0x10),
                    ),
                ),
            );
            s0 = x(s0, _mm256_clmulepi64_epi128(sa, sb, 0x00));
            s1 = x(s1, _mm256_clmulepi64_epi128(sa, sb, 0x11));
            s2 = x(
                s2,
                x(
                    _mm256_clmulepi64_epi128(sa, sb, 0x01),
                    _mm256_clmulepi64_epi128(sa, sb, 0x10),
                ),
            );
        }
        let lanes = |v: __m256i| -> [u128; 2] { core::mem::transmute::<__m256i, [u128; 2]>(v) };
        let mut parts = [[0u128; 2]; 6];
        for (p, v) in parts.iter_mut().zip([e0, e1, e2, s0, s1, s2]) {
            *p = lanes(v);
        }
        karatsuba_fold(acc, parts);
        let mut a = Acc6::zero();
        for (m, k) in m_rest.iter().zip(k_rest) {
            step(&mut a, m, k);
        }
        a.fold(acc);
    }
}

/// Adds a · b summed over pairs to `acc`, from the Karatsuba parts in 128-bit lanes:
/// `[e0, e1, e2, s0, s1, s2]`, where e0, e1, e2 are the lo·lo, hi·hi and middle limb products
/// of L = A0·B0 (lane 0) and H = A1·B1 (lane 1), and s0, s1, s2 those of
/// S = (A0 + A1)(B0 + B1) (both lanes): a·b = L + x^128 (S + L + H) + x^256 H.
pub(super) fn karatsuba_fold(acc: &mut Wide512x64, parts: [[u128; 2]; 6]) {
    let (mut l, mut h, mut s) = ([0u64; 5], [0u64; 5], [0u64; 5]);
    let add = |w: &mut [u64; 5], pos: usize, v: u128| {
        w[pos] ^= v as u64;
        w[pos + 1] ^= (v >> 64) as u64;
    };
    for (p, pos) in [(0, 0), (2, 1), (1, 2)] {
        add(&mut l, pos, parts[p][0]);
        add(&mut h, pos, parts[p][1]);
        add(&mut s, pos, parts[3 + p][0] ^ parts[3 + p][1]);
    }
    for i in 0..4 {
        acc.0[i] ^= l[i];
        acc.0[4 + i] ^= h[i];
        acc.0[2 + i] ^= s[i] ^ l[i] ^ h[i];
    }
}
