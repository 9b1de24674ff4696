//! Moduli: irreducible trinomials and pentanomials x^m + x^a (+ x^b + x^c) + 1 over F_2.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::arith::{MAX_LIMBS, Shape};
use crate::error::Error;
use crate::ops;
use crate::poly::{self, Poly};

/// The largest supported degree (NIST's F_{2^571}).
pub const MAX_DEGREE: u32 = 571;

/// An irreducible trinomial or pentanomial P of degree 2 ≤ m ≤ 571, written by its exponents
/// highest first (`163,7,6,3,0`, docs/spec.md §2). Constructing one checks irreducibility.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Modulus {
    shape: Shape,
}

impl Modulus {
    /// Checks the exponents (strictly decreasing, last 0, three or five terms, 2 ≤ m ≤ 571)
    /// and that the polynomial is irreducible.
    pub fn new(exps: &[u32]) -> Result<Modulus, Error> {
        let shape = shape_of(exps)?;
        if !is_irreducible_vartime(&shape) {
            return Err(Error::NotIrreducible);
        }
        Ok(Modulus { shape })
    }

    /// For moduli known to be irreducible (the built-in catalogue): no check.
    pub(crate) const fn new_unchecked(m: u32, mids: [u32; 3], n_mids: usize) -> Modulus {
        Modulus {
            shape: Shape { m, mids, n_mids },
        }
    }

    /// The degree m.
    pub fn degree(&self) -> u32 {
        self.shape.m
    }

    /// The exponents, highest first, ending in 0.
    pub fn exponents(&self) -> Vec<u32> {
        let mut v = Vec::with_capacity(5);
        v.push(self.shape.m);
        v.extend_from_slice(self.shape.mids());
        v.push(0);
        v
    }

    /// Whether P is square-root friendly of type I (Avanzi, Theorem 1): P = X·U(X)² + 1, which
    /// for a trinomial or pentanomial means m and every middle exponent are odd.
    pub fn is_ssrf(&self) -> bool {
        self.shape.m % 2 == 1 && self.shape.mids().iter().all(|e| e % 2 == 1)
    }

    /// For a square-root-friendly P, the exponents of ζ = sqrt(x) = x·U(x), highest first:
    /// (m + 1)/2 and (e + 1)/2 for each middle exponent e. `None` otherwise.
    pub fn sqrt_x_exponents(&self) -> Option<Vec<u32>> {
        if !self.is_ssrf() {
            return None;
        }
        let mut v = Vec::with_capacity(4);
        v.push(self.shape.m.div_ceil(2));
        v.extend(self.shape.mids().iter().map(|e| e.div_ceil(2)));
        Some(v)
    }

    pub(crate) fn shape(&self) -> &Shape {
        &self.shape
    }
}

impl fmt::Display for Modulus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.shape.m)?;
        for e in self.shape.mids() {
            write!(f, ",{e}")?;
        }
        f.write_str(",0")
    }
}

impl fmt::Debug for Modulus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Modulus({self})")
    }
}

impl FromStr for Modulus {
    type Err = Error;

    /// Parses `163,57,49,29,0` (spaces around commas allowed).
    fn from_str(s: &str) -> Result<Modulus, Error> {
        let exps = parse_exponents(s)?;
        Modulus::new(&exps)
    }
}

/// Parses comma-separated exponents.
pub(crate) fn parse_exponents(s: &str) -> Result<Vec<u32>, Error> {
    if s.trim().is_empty() {
        return Err(Error::MalformedModulus { reason: "empty" });
    }
    s.split(',')
        .map(|t| {
            let t = t.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(Error::MalformedModulus {
                    reason: "an exponent is not a decimal number",
                });
            }
            t.parse::<u32>().map_err(|_| Error::MalformedModulus {
                reason: "an exponent is too large",
            })
        })
        .collect()
}

/// Checks the form of the exponents and builds the shape.
fn shape_of(exps: &[u32]) -> Result<Shape, Error> {
    if exps.windows(2).any(|w| w[0] <= w[1]) {
        return Err(Error::MalformedModulus {
            reason: "exponents must be strictly decreasing",
        });
    }
    if exps.last() != Some(&0) {
        return Err(Error::MalformedModulus {
            reason: "the last exponent must be 0 (a modulus has a constant term)",
        });
    }
    if exps.len() != 3 && exps.len() != 5 {
        return Err(Error::NotSparse { terms: exps.len() });
    }
    let m = exps[0];
    if !(2..=MAX_DEGREE).contains(&m) {
        return Err(Error::DegreeOutOfRange { degree: m });
    }
    let mut mids = [0u32; 3];
    let n_mids = exps.len() - 2;
    mids[..n_mids].copy_from_slice(&exps[1..exps.len() - 1]);
    Ok(Shape { m, mids, n_mids })
}

/// P as a polynomial.
pub(crate) fn poly_of(s: &Shape) -> Poly {
    let mut p: Poly = [0; MAX_LIMBS + 1];
    for e in core::iter::once(s.m)
        .chain(s.mids().iter().copied())
        .chain([0])
    {
        p[e as usize / 64] |= 1 << (e % 64);
    }
    p
}

/// Rabin's test: P of degree m is irreducible iff x^{2^m} ≡ x (mod P) and
/// gcd(x^{2^{m/q}} − x, P) = 1 for every prime q dividing m. Variable-time (public input).
pub(crate) fn is_irreducible_vartime(s: &Shape) -> bool {
    crate::by_limbs!(s.limbs(), N => irreducible::<N>(s))
}

fn irreducible<const N: usize>(s: &Shape) -> bool {
    let m = s.m as usize;
    let mut x = [0u64; N];
    x[0] = 2; // m ≥ 2, so x is reduced
    // powers[k] = x^{2^k} mod P for the k we need: m and m/q.
    let mut t = x;
    let mut checks = [0usize; 10];
    let mut n_checks = 0;
    for q in poly::prime_divisors(s.m) {
        checks[n_checks] = m / q as usize;
        n_checks += 1;
    }
    let p = poly_of(s);
    for k in 1..=m {
        t = ops::sqr(&t, s, crate::backend::fixed_types());
        if checks[..n_checks].contains(&k) {
            let mut d: Poly = [0; MAX_LIMBS + 1];
            for i in 0..N {
                d[i] = t[i] ^ x[i];
            }
            let g = poly::gcd_vartime(d, p);
            if poly::degree(&g) != Some(0) {
                return false;
            }
        }
    }
    t == x
}
