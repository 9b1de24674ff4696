//! Carry-less (F_2\[x\]) multiplication of 64-bit words.
//!
//! A `u64` is a polynomial over F_2 of degree < 64 with bit i the coefficient of x^i; the
//! product of two such polynomials has degree < 127 and is returned as a `u128`.

/// The product a(x)·b(x) in F_2\[x\], portable and constant-time.
///
/// Each of the 64 steps adds `a·x^i` under an all-ones or all-zeros mask built from bit i of
/// `b`, so the instruction sequence and memory accesses do not depend on either operand.
/// This is the portable reference; CLMUL/VPCLMULQDQ backends are checked against it.
pub fn clmul64(a: u64, b: u64) -> u128 {
    let a = u128::from(a);
    let mut acc = 0u128;
    for i in 0..64 {
        let mask = 0u128.wrapping_sub(u128::from((b >> i) & 1));
        acc ^= (a << i) & mask;
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
