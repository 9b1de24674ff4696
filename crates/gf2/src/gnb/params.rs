//! The parameters of a Gaussian normal basis: existence and type (X9.62 / IEEE 1363 A.3),
//! the F sequence and the multiplication matrix M (Brumley–Page §II; public data, variable
//! time).
//!
//! A type-T GNB of F_{2^m} exists iff p = Tm + 1 is prime and gcd(Tm/k, m) = 1, k the order
//! of 2 mod p. Then β = Σ_{j<T} γ^{u^j} (γ a primitive p-th root of unity, u of order T mod p)
//! is normal, and with F(2^i u^j mod p) = i (0 ≤ i < m, 0 ≤ j < T) the product C = A·B has
//! c_0 = Σ_{i=1}^{p−2} a_{F(i+1)} b_{F(p−i)}; c_k is the same sum on A and B rotated by k.

use alloc::vec;
use alloc::vec::Vec;

use crate::error::Error;

/// The largest type wegman builds.
pub(crate) const MAX_TYPE: u32 = 16;

fn is_prime(p: u32) -> bool {
    p >= 2
        && (2..)
            .take_while(|d| d * d <= p)
            .all(|d| !p.is_multiple_of(d))
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The multiplicative order of 2 mod the odd prime p.
fn order_of_two(p: u32) -> u32 {
    let mut x = 2 % p;
    let mut k = 1;
    while x != 1 {
        x = x * 2 % p;
        k += 1;
    }
    k
}

/// Whether a type-T GNB of F_{2^m} exists.
pub(crate) fn is_valid_type(m: u32, t: u32) -> bool {
    if t == 0 || m < 2 {
        return false;
    }
    let p = t * m + 1;
    is_prime(p) && gcd(t * m / order_of_two(p), m) == 1
}

/// The type of m: the smallest T ≤ [`MAX_TYPE`] with a GNB.
pub(crate) fn smallest_type(m: u32) -> Option<u32> {
    (1..=MAX_TYPE).find(|&t| is_valid_type(m, t))
}

/// Checks (m, T) for the constructor: odd m in 3..=571, T valid (the smallest by default).
pub(crate) fn check(m: u32, t: Option<u32>) -> Result<u32, Error> {
    if !(2..=571).contains(&m) {
        return Err(Error::DegreeOutOfRange { degree: m });
    }
    if m.is_multiple_of(2) {
        return Err(Error::EvenDegree { degree: m });
    }
    match t {
        None => smallest_type(m).ok_or(Error::NoGaussianBasis {
            degree: m,
            max_type: MAX_TYPE,
        }),
        Some(t) if (1..=MAX_TYPE).contains(&t) && is_valid_type(m, t) => Ok(t),
        Some(t) => Err(Error::InvalidGnbType {
            degree: m,
            gnb_type: t,
        }),
    }
}

/// The F sequence: `f[i]` = F(i) for 1 ≤ i < p (`f[0]` unused, 0).
pub(crate) fn f_sequence(m: u32, t: u32) -> Vec<u32> {
    let p = t * m + 1;
    // A generator g of Z_p^*, then u = g^{(p−1)/T} has order T.
    let phi = p - 1;
    let primes: Vec<u32> = crate::poly::prime_divisors(phi).collect();
    let g = (2..p)
        .find(|&g| primes.iter().all(|&q| pow_mod(g, phi / q, p) != 1))
        .unwrap_or(1);
    let u = pow_mod(g, phi / t, p);
    let mut f = vec![0u32; p as usize];
    let mut uj = 1u32;
    for _ in 0..t {
        let mut x = uj;
        for i in 0..m {
            f[x as usize] = i;
            x = x * 2 % p;
        }
        uj = uj * u % p;
    }
    f
}

fn pow_mod(b: u32, mut e: u32, p: u32) -> u32 {
    let mut r = 1u64;
    let mut bb = u64::from(b % p);
    let p64 = u64::from(p);
    while e > 0 {
        if e & 1 == 1 {
            r = r * bb % p64;
        }
        bb = bb * bb % p64;
        e >>= 1;
    }
    r as u32
}

/// The Massey–Omura index pairs (F(i+1), F(p−i)) for 1 ≤ i ≤ p − 2: c_0 = Σ a_u b_v.
pub(crate) fn mo_pairs(m: u32, t: u32, f: &[u32]) -> Vec<(u32, u32)> {
    let p = t * m + 1;
    (1..=p - 2)
        .map(|i| (f[(i + 1) as usize], f[(p - i) as usize]))
        .collect()
}

/// The rows of M (M_{x,y} = the number of Massey–Omura pairs (x, y), mod 2): `rows[x]` is the
/// sorted set Y(x), so c_0 = Σ_x a_x Σ_{y ∈ Y(x)} b_y.
pub(crate) fn matrix_rows(m: u32, pairs: &[(u32, u32)]) -> Vec<Vec<u32>> {
    let m = m as usize;
    let mut bits = vec![false; m * m];
    for &(u, v) in pairs {
        bits[u as usize * m + v as usize] ^= true;
    }
    (0..m)
        .map(|x| {
            (0..m as u32)
                .filter(|&y| bits[x * m + y as usize])
                .collect()
        })
        .collect()
}
