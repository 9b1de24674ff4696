//! The search for square-root-friendly moduli (Avanzi, *Another look at square roots and
//! traces*, §3 and Table 1).
//!
//! For odd m, a type-I square-root-friendly (SSRF) polynomial is P = X·U(X)² + 1; among
//! trinomials and pentanomials that means every exponent but 0 is odd. The choice the
//! paper tabulates: the trinomial X^m + X^k + 1 with the lowest odd k if one is irreducible
//! (if any irreducible trinomial of degree m exists, one with k odd does, Theorem 6);
//! otherwise the pentanomial X^m + X^a + X^b + X^c + 1, a > b > c all odd, with (a, b, c)
//! lexicographically lowest. Its ζ = sqrt(x) = x·U(x) has exponents (m+1)/2 and (e+1)/2.

use alloc::vec::Vec;

use crate::arith::Shape;
use crate::error::Error;
use crate::modulus::{MAX_DEGREE, Modulus, is_irreducible_vartime};

/// The paper's square-root-friendly modulus of odd degree m (3 ≤ m ≤ 571) and the exponents
/// of its ζ = sqrt(x), highest first. Variable-time (public input); well under a second for
/// every m in range (Rabin's test with word-level squaring).
pub fn ssrf_modulus(m: u32) -> Result<(Modulus, Vec<u32>), Error> {
    if !(3..=MAX_DEGREE).contains(&m) {
        return Err(Error::DegreeOutOfRange { degree: m });
    }
    if m.is_multiple_of(2) {
        return Err(Error::EvenDegree { degree: m });
    }
    let sieve = Sieve::new(m);
    let test = |s: &Shape| sieve.may_be_irreducible(s) && is_irreducible_vartime(s);
    let found = (1..m)
        .step_by(2)
        .map(|k| Shape {
            m,
            mids: [k, 0, 0],
            n_mids: 1,
        })
        .find(test)
        .or_else(|| {
            (5..m).step_by(2).find_map(|a| {
                (3..a).step_by(2).find_map(|b| {
                    (1..b)
                        .step_by(2)
                        .map(|c| Shape {
                            m,
                            mids: [a, b, c],
                            n_mids: 3,
                        })
                        .find(test)
                })
            })
        });
    // Every odd degree in range has an irreducible trinomial or pentanomial of this form
    // (checked for all of 3..=571 by the tests), so `found` is always Some; report the
    // impossible case as an error rather than panic.
    let s = found.ok_or(Error::NotIrreducible)?;
    let modulus = Modulus::new_unchecked(s.m, s.mids, s.n_mids);
    let zeta = modulus.sqrt_x_exponents().ok_or(Error::NotIrreducible)?;
    Ok((modulus, zeta))
}

/// Trial division by every irreducible polynomial of degree ≤ [`Sieve::MAX_DEGREE`], using
/// that P is sparse: P mod d = Σ_e (x^e mod d) over P's five or three exponents, read from a
/// table. Most reducible candidates have such a small factor, so only about one in ten reaches
/// Rabin's test.
struct Sieve {
    /// For each small irreducible d: x^e mod d for e = 0..=m.
    residues: Vec<Vec<u16>>,
}

impl Sieve {
    const MAX_DEGREE: u32 = 10;

    fn new(m: u32) -> Sieve {
        let deg = |p: u32| 31 - p.leading_zeros();
        let rem = |mut a: u32, d: u32| {
            while a != 0 && deg(a) >= deg(d) {
                a ^= d << (deg(a) - deg(d));
            }
            a
        };
        let mut irreducible: Vec<u32> = Vec::new();
        for p in 2u32..(1 << (Self::MAX_DEGREE + 1)) {
            if irreducible
                .iter()
                .take_while(|&&d| 2 * deg(d) <= deg(p))
                .all(|&d| rem(p, d) != 0)
            {
                irreducible.push(p);
            }
        }
        let residues = irreducible
            .iter()
            .map(|&d| {
                let mut r = Vec::with_capacity(m as usize + 1);
                let mut x = rem(1, d);
                for _ in 0..=m {
                    r.push(x as u16);
                    x = rem(x << 1, d);
                }
                r
            })
            .collect();
        Sieve { residues }
    }

    /// False if P has an irreducible factor of degree ≤ 10 (P itself has degree > 10 or is
    /// tested by Rabin's test anyway).
    fn may_be_irreducible(&self, s: &Shape) -> bool {
        if s.m <= Self::MAX_DEGREE {
            return true;
        }
        self.residues.iter().all(|r| {
            let v = r[s.m as usize] ^ r[0] ^ s.mids().iter().fold(0, |acc, &e| acc ^ r[e as usize]);
            v != 0
        })
    }
}
