//! Elements of K = F_2\[x\]/(x^256 + x^10 + x^5 + x^2 + 1) and unreduced products.

use wegman_f2::clmul::clmul64;
use zeroize::Zeroize;

/// An element of K: four little-endian 64-bit limbs, bit i of limb j the coefficient of
/// x^{64j+i} (so the 32-byte encoding of docs/spec.md §3.3.2 is the limbs' little-endian
/// bytes). Always reduced (degree < 256).
#[derive(Clone, Copy, Default, PartialEq, Eq, Zeroize)]
pub struct Fe256x64(pub [u64; 4]);

/// A polynomial of degree < 512 over F_2 (a product or a sum of products, not yet reduced):
/// eight little-endian limbs.
#[derive(Clone, Copy, Default, PartialEq, Eq, Zeroize)]
pub struct Wide512x64(pub [u64; 8]);

impl core::fmt::Debug for Fe256x64 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Fe256x64(..)")
    }
}

impl core::fmt::Debug for Wide512x64 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Wide512x64(..)")
    }
}

impl Fe256x64 {
    /// 0.
    pub const ZERO: Fe256x64 = Fe256x64([0; 4]);
    /// 1.
    pub const ONE: Fe256x64 = Fe256x64([1, 0, 0, 0]);

    /// The element of 32 bytes (every string is one).
    pub fn from_bytes(b: &[u8; 32]) -> Fe256x64 {
        Fe256x64(core::array::from_fn(|i| {
            u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap_or_default())
        }))
    }

    /// The 32-byte encoding.
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (o, l) in out.chunks_exact_mut(8).zip(self.0) {
            o.copy_from_slice(&l.to_le_bytes());
        }
        out
    }

    /// self + other (XOR).
    #[must_use]
    pub fn add(&self, other: &Fe256x64) -> Fe256x64 {
        Fe256x64(core::array::from_fn(|i| self.0[i] ^ other.0[i]))
    }

    /// self · other, portable (Karatsuba over [`clmul64`]); the backends' products are
    /// [`crate::mul_on`].
    #[must_use]
    pub fn mul(&self, other: &Fe256x64) -> Fe256x64 {
        mul_wide_soft(&self.0, &other.0).reduce()
    }

    /// self^k by square and multiply; the sequence of operations depends on k only (k is
    /// public: a count of chunks).
    #[must_use]
    pub fn pow(&self, k: u64) -> Fe256x64 {
        let mut r = Fe256x64::ONE;
        for i in (0..u64::BITS - k.leading_zeros()).rev() {
            r = r.mul(&r);
            if (k >> i) & 1 == 1 {
                r = r.mul(self);
            }
        }
        r
    }
}

impl Wide512x64 {
    /// XORs the 128-bit `v` in at limb `pos` (bits 64·pos … 64·pos + 127); pos ≤ 6.
    #[inline(always)]
    pub fn add_at(&mut self, pos: usize, v: u128) {
        self.0[pos] ^= v as u64;
        self.0[pos + 1] ^= (v >> 64) as u64;
    }

    /// self + other.
    #[inline(always)]
    pub fn add_assign(&mut self, other: &Wide512x64) {
        for (x, y) in self.0.iter_mut().zip(other.0) {
            *x ^= y;
        }
    }

    /// The element ≡ self mod f. With H the high 256 bits, x^256 ≡ x^10 + x^5 + x^2 + 1, so
    /// self ≡ L + H·(x^10 + x^5 + x^2 + 1); the up to 10 bits of H·(…) above x^255 fold once
    /// more the same way (into bits below 20, where nothing overflows).
    pub fn reduce(&self) -> Fe256x64 {
        let w = &self.0;
        let h = [w[4], w[5], w[6], w[7]];
        let mut out = [w[0], w[1], w[2], w[3]];
        for i in 0..4 {
            let prev = if i == 0 { 0 } else { h[i - 1] };
            out[i] ^= h[i]
                ^ (h[i] << 2 | prev >> 62)
                ^ (h[i] << 5 | prev >> 59)
                ^ (h[i] << 10 | prev >> 54);
        }
        let o = (h[3] >> 62) ^ (h[3] >> 59) ^ (h[3] >> 54);
        out[0] ^= o ^ (o << 2) ^ (o << 5) ^ (o << 10);
        Fe256x64(out)
    }
}

/// (a0 + a1·x^64)(b0 + b1·x^64) by Karatsuba: three [`clmul64`]s.
#[inline(always)]
fn mul128_soft(a0: u64, a1: u64, b0: u64, b1: u64) -> [u64; 4] {
    let lo = clmul64(a0, b0);
    let hi = clmul64(a1, b1);
    let mid = clmul64(a0 ^ a1, b0 ^ b1) ^ lo ^ hi;
    [
        lo as u64,
        (lo >> 64) as u64 ^ mid as u64,
        hi as u64 ^ (mid >> 64) as u64,
        (hi >> 64) as u64,
    ]
}

/// a·b in F_2\[x\] (degree < 511), portable: Karatsuba on 128-bit halves over
/// [`mul128_soft`], nine [`clmul64`]s.
#[inline(always)]
pub(crate) fn mul_wide_soft(a: &[u64; 4], b: &[u64; 4]) -> Wide512x64 {
    let lo = mul128_soft(a[0], a[1], b[0], b[1]);
    let hi = mul128_soft(a[2], a[3], b[2], b[3]);
    let mut mid = mul128_soft(a[0] ^ a[2], a[1] ^ a[3], b[0] ^ b[2], b[1] ^ b[3]);
    for i in 0..4 {
        mid[i] ^= lo[i] ^ hi[i];
    }
    let mut w = [lo[0], lo[1], lo[2], lo[3], hi[0], hi[1], hi[2], hi[3]];
    for i in 0..4 {
        w[2 + i] ^= mid[i];
    }
    Wide512x64(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bit-by-bit product of two polynomials given as bit arrays (the definition).
    fn mul_bits(a: &[u64; 4], b: &[u64; 4]) -> [u64; 8] {
        let mut c = [0u64; 8];
        for i in 0..256 {
            if (a[i / 64] >> (i % 64)) & 1 == 1 {
                for j in 0..256 {
                    if (b[j / 64] >> (j % 64)) & 1 == 1 {
                        c[(i + j) / 64] ^= 1 << ((i + j) % 64);
                    }
                }
            }
        }
        c
    }

    /// Reduction one bit at a time from the top: x^k = x^{k−256}·(x^10 + x^5 + x^2 + 1).
    fn reduce_bits(mut c: [u64; 8]) -> [u64; 4] {
        for k in (256..512).rev() {
            if (c[k / 64] >> (k % 64)) & 1 == 1 {
                c[k / 64] ^= 1 << (k % 64);
                for e in [10, 5, 2, 0] {
                    let t = k - 256 + e;
                    c[t / 64] ^= 1 << (t % 64);
                }
            }
        }
        [c[0], c[1], c[2], c[3]]
    }

    fn rand(seed: &mut u64) -> [u64; 4] {
        core::array::from_fn(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        })
    }

    #[test]
    fn product_and_reduction_match_the_definition() {
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut cases = std::vec![[u64::MAX; 4], [0, 0, 0, 1 << 63], [1, 0, 0, 0]];
        for _ in 0..200 {
            cases.push(rand(&mut s));
        }
        for a in &cases {
            for b in cases.iter().take(20) {
                let w = mul_wide_soft(a, b);
                assert_eq!(w.0, mul_bits(a, b));
                assert_eq!(w.reduce().0, reduce_bits(w.0));
            }
        }
        assert_eq!(
            Wide512x64([u64::MAX; 8]).reduce().0,
            reduce_bits([u64::MAX; 8])
        );
    }

    extern crate std;

    /// x^(2^k) mod f by k squarings (schoolbook on bits), for Rabin's test.
    fn frobenius(k: usize) -> [u64; 4] {
        let mut x = [2u64, 0, 0, 0];
        for _ in 0..k {
            x = reduce_bits(mul_bits(&x, &x));
        }
        x
    }

    /// Rabin's irreducibility test for degree 256 = 2^8: f is irreducible iff
    /// x^(2^256) ≡ x mod f and gcd(x^(2^128) − x, f) = 1 (the only prime dividing 256 is 2).
    #[test]
    fn modulus_is_irreducible() {
        assert_eq!(frobenius(256), [2, 0, 0, 0]);
        // gcd(x^(2^128) + x, f) by Euclid on bit vectors (public constants).
        let mut g = frobenius(128);
        g[0] ^= 2;
        let mut a: std::vec::Vec<u8> = (0..=256)
            .map(|i| u8::from(matches!(i, 256 | 10 | 5 | 2 | 0)))
            .collect();
        let mut b: std::vec::Vec<u8> = (0..256)
            .map(|i| ((g[i / 64] >> (i % 64)) & 1) as u8)
            .collect();
        let deg = |p: &[u8]| p.iter().rposition(|&c| c == 1);
        while let Some(db) = deg(&b) {
            while let Some(da) = deg(&a) {
                if da < db {
                    break;
                }
                for i in 0..=db {
                    a[da - db + i] ^= b[i];
                }
            }
            core::mem::swap(&mut a, &mut b);
        }
        assert_eq!(deg(&a), Some(0), "gcd is 1");
    }

    #[test]
    fn pow_and_bytes() {
        let mut s = 5u64;
        let a = Fe256x64(rand(&mut s));
        assert_eq!(Fe256x64::from_bytes(&a.to_bytes()), a);
        let mut p = Fe256x64::ONE;
        for k in 0..40u64 {
            assert_eq!(a.pow(k), p);
            p = p.mul(&a);
        }
        // a^(2^256) = a for every element of a field of 2^256 elements.
        let mut r = a;
        for _ in 0..256 {
            r = r.mul(&r);
        }
        assert_eq!(r, a);
    }
}
