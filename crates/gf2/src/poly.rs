//! Variable-time arithmetic in F_2\[x\] on public data (moduli, exponents, tables): degree,
//! remainder, gcd, inverse modulo a polynomial. Never used on secret values.

use crate::arith::MAX_LIMBS;

/// A polynomial of degree < 64·(MAX_LIMBS + 1) (room for x^571 and a shifted partner).
pub(crate) type Poly = [u64; MAX_LIMBS + 1];

/// The degree, or `None` for 0.
pub(crate) fn degree(a: &[u64]) -> Option<usize> {
    a.iter()
        .rposition(|&w| w != 0)
        .map(|i| 64 * i + 63 - a[i].leading_zeros() as usize)
}

/// a ^= b·x^k (bits pushed past the end of `a` must be zero; callers keep degrees in range).
pub(crate) fn xor_shl(a: &mut [u64], b: &[u64], k: usize) {
    let (w, r) = (k / 64, k % 64);
    for (i, &x) in b.iter().enumerate() {
        if x == 0 {
            continue;
        }
        if i + w < a.len() {
            a[i + w] ^= x << r;
        }
        if r != 0 && i + w + 1 < a.len() {
            a[i + w + 1] ^= x >> (64 - r);
        }
    }
}

/// a mod b (b ≠ 0).
pub(crate) fn rem_vartime(mut a: Poly, b: &Poly) -> Poly {
    let db = degree(b).expect("division by zero polynomial");
    while let Some(da) = degree(&a) {
        if da < db {
            break;
        }
        xor_shl(&mut a, b, da - db);
    }
    a
}

/// gcd(a, b).
pub(crate) fn gcd_vartime(mut a: Poly, mut b: Poly) -> Poly {
    while degree(&b).is_some() {
        let r = rem_vartime(a, &b);
        a = b;
        b = r;
    }
    a
}

/// a^{−1} mod f by the extended Euclidean algorithm (Hankerson–Menezes–Vanstone, Alg. 2.48),
/// or `None` if gcd(a, f) ≠ 1. deg f ≥ 1; the result has degree < deg f.
pub(crate) fn inv_mod_vartime(a: &Poly, f: &Poly) -> Option<Poly> {
    let mut u = rem_vartime(*a, f);
    let mut v = *f;
    let mut g1: Poly = [0; MAX_LIMBS + 1];
    let mut g2: Poly = [0; MAX_LIMBS + 1];
    g1[0] = 1;
    loop {
        let du = degree(&u)?;
        if du == 0 {
            return Some(rem_vartime(g1, f));
        }
        let dv = degree(&v)?;
        if du < dv {
            core::mem::swap(&mut u, &mut v);
            core::mem::swap(&mut g1, &mut g2);
            let j = dv - du;
            xor_shl(&mut u, &v, j);
            xor_shl(&mut g1, &g2, j);
        } else {
            let j = du - dv;
            xor_shl(&mut u, &v, j);
            xor_shl(&mut g1, &g2, j);
        }
    }
}

/// The prime divisors of n.
pub(crate) fn prime_divisors(mut n: u32) -> impl Iterator<Item = u32> {
    let mut out = [0u32; 10];
    let mut len = 0;
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            out[len] = p;
            len += 1;
            while n.is_multiple_of(p) {
                n /= p;
            }
        }
        p += 1;
    }
    if n > 1 {
        out[len] = n;
        len += 1;
    }
    out.into_iter().take(len)
}
