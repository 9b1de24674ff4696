//! Carry-less (F_2\[x\]) multiplication of 64-bit words.
//!
//! A `u64` is a polynomial over F_2 of degree < 64 with bit i the coefficient of x^i; the
//! product of two such polynomials has degree < 127 and is returned as a `u128`.

/// Bits at positions ≡ k (mod 5), over 128 bits.
const CLASS: [u128; 5] = {
    let mut m = [0u128; 5];
    let mut i = 0;
    while i < 128 {
        m[i % 5] |= 1 << i;
        i += 1;
    }
    m
};

/// The product a(x)·b(x) in F_2\[x\], portable and constant-time.
///
/// Integer multiplication with holes: a and b are split into five parts a_i, b_j holding the
/// bits at positions ≡ i, j (mod 5). In the integer product a_i·b_j every term lands on a
/// position ≡ i + j (mod 5), and at most 13 terms land on any one (a class has at most 13 of
/// the 64 bits), so each count fits in the 4 bits before the next position of its class:
/// that position's bit is the count mod 2, the carry-less product's bit. XOR the five
/// products of each class and keep the class's positions. 25 integer multiplications, which
/// take constant time on the CPUs wegman targets; no branch or index depends on a or b.
/// This is the portable reference; the CLMUL backend is checked against it.
#[inline]
pub fn clmul64(a: u64, b: u64) -> u128 {
    let a: [u128; 5] = core::array::from_fn(|i| u128::from(a) & CLASS[i]);
    let b: [u128; 5] = core::array::from_fn(|j| u128::from(b) & CLASS[j]);
    let mut acc = 0u128;
    for k in 0..5 {
        let mut z = 0u128;
        for i in 0..5 {
            // a_i < 2^64 and b_j < 2^64: the product fits in 128 bits.
            z ^= a[i] * b[(k + 5 - i) % 5];
        }
        acc |= z & CLASS[k];
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Schoolbook product over coefficient vectors: c_k = Σ_{i+j=k} a_i b_j mod 2.
    fn reference(a: u64, b: u64) -> u128 {
        let mut c = [0u8; 128];
        for i in 0..64 {
            for j in 0..64 {
                c[i + j] ^= ((a >> i) & 1) as u8 & ((b >> j) & 1) as u8;
            }
        }
        c.iter()
            .enumerate()
            .fold(0, |acc, (k, &bit)| acc | (u128::from(bit) << k))
    }

    #[test]
    fn matches_schoolbook_reference() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let edges = [
            0,
            1,
            2,
            3,
            u64::MAX,
            1 << 63,
            0x8000_0000_0000_0001,
            0x5555_5555_5555_5555,
        ];
        for &a in &edges {
            for &b in &edges {
                assert_eq!(clmul64(a, b), reference(a, b), "{a:x} * {b:x}");
            }
        }
        for _ in 0..2000 {
            let (a, b) = (next(), next());
            assert_eq!(clmul64(a, b), reference(a, b), "{a:x} * {b:x}");
        }
    }

    #[test]
    fn small_known_products() {
        // (x + 1)^2 = x^2 + 1 over F_2; (x^2 + x + 1)(x + 1) = x^3 + 1.
        assert_eq!(clmul64(0b11, 0b11), 0b101);
        assert_eq!(clmul64(0b111, 0b11), 0b1001);
        // x^63 · x^63 = x^126.
        assert_eq!(clmul64(1 << 63, 1 << 63), 1 << 126);
    }
}
