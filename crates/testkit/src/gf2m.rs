//! F_{2^m} = F_2\[x\]/(P) bit by bit: an element is a vector of coefficients (`v[i]` the
//! coefficient of x^i, each 0 or 1), products are schoolbook, reduction is long division by P
//! given as its exponents (highest first, e.g. `[163, 7, 6, 3, 0]`).

/// The standard moduli (exponents, highest first): the NIST ones of the binary curves
/// (FIPS 186, SEC 2) and Avanzi's square-root-friendly ones of the same degrees (his table,
/// the lowest second-highest exponent), plus 127 and 191.
pub const STANDARD_MODULI: &[&str] = &[
    "127,63,0",
    "127,1,0",
    "163,7,6,3,0",
    "163,57,49,29,0",
    "191,9,0",
    "233,74,0",
    "233,159,0",
    "283,12,7,5,0",
    "283,97,89,87,0",
    "409,87,0",
    "571,10,5,2,0",
    "571,193,185,5,0",
];

/// Coefficient vectors: `v[i]` is the coefficient of x^i.
pub type Bits = Vec<u8>;

/// The coefficient vector (length m) of little-endian limbs (missing limbs are zero).
pub fn from_limbs(limbs: &[u64], m: usize) -> Bits {
    (0..m)
        .map(|i| ((limbs.get(i / 64).copied().unwrap_or(0) >> (i % 64)) & 1) as u8)
        .collect()
}

/// Little-endian limbs (`n` of them) of a coefficient vector.
pub fn to_limbs(v: &[u8], n: usize) -> Vec<u64> {
    let mut out = vec![0u64; n];
    for (i, &b) in v.iter().enumerate() {
        out[i / 64] |= u64::from(b & 1) << (i % 64);
    }
    out
}

/// The remainder of v modulo P (long division), as m coefficients.
pub fn reduce(mut v: Bits, exps: &[u32]) -> Bits {
    let m = exps[0] as usize;
    for d in (m..v.len()).rev() {
        if v[d] == 1 {
            for &e in exps {
                v[d - m + e as usize] ^= 1;
            }
        }
    }
    v.truncate(m);
    v.resize(m, 0);
    v
}

/// a·b mod P.
pub fn mul(a: &[u8], b: &[u8], exps: &[u32]) -> Bits {
    let mut c = vec![0u8; a.len() + b.len()];
    for (i, &x) in a.iter().enumerate() {
        if x == 1 {
            for (j, &y) in b.iter().enumerate() {
                c[i + j] ^= y;
            }
        }
    }
    reduce(c, exps)
}

/// a^(2^k) mod P by k squarings.
pub fn pow2k(a: &[u8], k: usize, exps: &[u32]) -> Bits {
    let mut x = a.to_vec();
    for _ in 0..k {
        x = mul(&x, &x, exps);
    }
    x
}

/// a^e mod P (e as a u128), square and multiply from the top bit.
pub fn pow(a: &[u8], e: u128, exps: &[u32]) -> Bits {
    let m = exps[0] as usize;
    let mut r = vec![0u8; m];
    r[0] = 1;
    for i in (0..128).rev() {
        r = mul(&r, &r, exps);
        if (e >> i) & 1 == 1 {
            r = mul(&r, a, exps);
        }
    }
    r
}

/// Tr(a) = a + a² + a⁴ + … + a^(2^(m−1)), which is 0 or 1.
pub fn trace(a: &[u8], exps: &[u32]) -> u8 {
    let m = exps[0] as usize;
    let mut t = vec![0u8; m];
    let mut x = a.to_vec();
    for _ in 0..m {
        t.iter_mut().zip(&x).for_each(|(s, v)| *s ^= v);
        x = mul(&x, &x, exps);
    }
    t[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In F_16 = F_2[x]/(x^4 + x + 1), x^15 = 1 and x^5 = x^2 + x.
    #[test]
    fn small_field_facts() {
        let exps = [4, 1, 0];
        let x = vec![0, 1, 0, 0];
        assert_eq!(pow(&x, 15, &exps), [1, 0, 0, 0]);
        assert_eq!(pow(&x, 5, &exps), [0, 1, 1, 0]);
        assert_eq!(trace(&[1, 0, 0, 0], &exps), 0);
        assert_eq!(trace(&[0, 0, 0, 1], &exps), 1);
    }
}
