//! Variable-time scalar multiplication for public scalars: w-NAF double-and-add and
//! halve-and-add (Knudsen; Schroeppel; HMV Alg. 3.91 in its left-to-right form).
//!
//! The w-NAF of k is Σ d_i 2^i with every nonzero d_i odd, |d_i| < 2^{w−1}, and at most one
//! nonzero digit in any w consecutive ones. Halve-and-add writes
//! k ≡ k'/2^{t−1} (mod n) with k' = 2^{t−1} k mod n (t the bit length of n), so
//! kP = 2·Σ_i d'_i (P/2^{t−i}) over the w-NAF digits d'_i of k': by Horner from the lowest
//! digit, R ← R/2 + d'_i P, then one doubling. Halving needs Tr(a) = 1.

use alloc::vec;
use alloc::vec::Vec;

use crate::curve::Curve;
use crate::error::Error;
use crate::field::CurveField;
use crate::point::Point;
use crate::scalar::Scalar;

/// Limbs of the working integers (one more than a scalar, for carries).
const L: usize = 10;

fn to_wide(k: &Scalar) -> [u64; L] {
    let mut x = [0u64; L];
    x[..9].copy_from_slice(k.limbs());
    x
}

fn is_zero(x: &[u64; L]) -> bool {
    x.iter().all(|&w| w == 0)
}

fn geq(a: &[u64; L], b: &[u64; L]) -> bool {
    for i in (0..L).rev() {
        if a[i] != b[i] {
            return a[i] > b[i];
        }
    }
    true
}

fn sub(a: &mut [u64; L], b: &[u64; L]) {
    let mut borrow = 0u64;
    for i in 0..L {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow);
        a[i] = d;
        borrow = u64::from(b1 | b2);
    }
}

fn add_small(a: &mut [u64; L], v: u64) {
    let mut carry = v;
    for w in a.iter_mut() {
        let (s, o) = w.overflowing_add(carry);
        *w = s;
        carry = u64::from(o);
        if carry == 0 {
            break;
        }
    }
}

fn sub_small(a: &mut [u64; L], v: u64) {
    let mut b = [0u64; L];
    b[0] = v;
    sub(a, &b);
}

fn shr1(a: &mut [u64; L]) {
    for i in 0..L {
        a[i] = (a[i] >> 1) | a.get(i + 1).map_or(0, |&h| h << 63);
    }
}

/// The w-NAF digits of k, lowest first (2 ≤ w ≤ 7).
pub fn wnaf(k: &Scalar, w: u32) -> Vec<i8> {
    let mut x = to_wide(k);
    let mut out = Vec::new();
    let m = 1u64 << w;
    while !is_zero(&x) {
        if x[0] & 1 == 1 {
            let r = x[0] & (m - 1);
            if r >= m / 2 {
                // d = r − 2^w < 0: k − d = k + (2^w − r).
                add_small(&mut x, m - r);
                out.push(r as i8 - m as i8);
            } else {
                sub_small(&mut x, r);
                out.push(r as i8);
            }
        } else {
            out.push(0);
        }
        shr1(&mut x);
    }
    out
}

impl<F: CurveField> Curve<F> {
    /// The odd multiples P, 3P, …, (2^{w−1} − 1)P.
    fn odd_multiples(&self, p: &Point<F::Elem>, w: u32) -> Vec<Point<F::Elem>> {
        let count = 1usize << (w - 2);
        let p2 = self.dbl_vartime(p);
        let mut t = vec![*p];
        for i in 1..count {
            let next = self.add_vartime(&t[i - 1], &p2);
            t.push(next);
        }
        t
    }

    fn add_digit(&self, r: &Point<F::Elem>, d: i8, table: &[Point<F::Elem>]) -> Point<F::Elem> {
        match d {
            0 => *r,
            d if d > 0 => self.add_vartime(r, &table[(d as usize - 1) / 2]),
            d => self.add_vartime(r, &self.neg(&table[((-d) as usize - 1) / 2])),
        }
    }

    /// kP by w-NAF double-and-add (w = 4): variable-time, public k and P only.
    pub fn mul_wnaf_vartime(&self, k: &Scalar, p: &Point<F::Elem>) -> Point<F::Elem> {
        let w = 4;
        let table = self.odd_multiples(p, w);
        let mut r = Point::Infinity;
        for &d in wnaf(k, w).iter().rev() {
            r = self.dbl_vartime(&r);
            r = self.add_digit(&r, d, &table);
        }
        r
    }

    /// kP by w-NAF halve-and-add (w = 4), for P in the subgroup of order n on curves with
    /// Tr(a) = 1: variable-time, public k and P only.
    pub fn mul_halve_vartime(
        &self,
        k: &Scalar,
        p: &Point<F::Elem>,
    ) -> Result<Point<F::Elem>, Error> {
        if !self.can_halve() {
            return Err(Error::CannotHalve);
        }
        let n = to_wide(self.order());
        // k' = 2^{t−1} k mod n.
        let mut x = to_wide(k);
        while geq(&x, &n) {
            sub(&mut x, &n);
        }
        for _ in 0..self.order_bits() - 1 {
            let top = x[L - 1] >> 63;
            for i in (0..L).rev() {
                x[i] = (x[i] << 1) | if i > 0 { x[i - 1] >> 63 } else { 0 };
            }
            if top == 1 || geq(&x, &n) {
                sub(&mut x, &n);
            }
        }
        let mut limbs = [0u64; 9];
        limbs.copy_from_slice(&x[..9]);
        let w = 4;
        let table = self.odd_multiples(p, w);
        let digits = wnaf(&Scalar::from_limbs(&limbs), w);
        let t = self.order_bits() as usize;
        // R = Σ_i d_i 2^{i − t} P by Horner from the lowest digit, through digit t.
        let mut r = Point::Infinity;
        for i in 0..=t {
            if i > 0 {
                r = self.halve_vartime(&r)?;
            }
            r = self.add_digit(&r, digits.get(i).copied().unwrap_or(0), &table);
        }
        Ok(self.dbl_vartime(&r))
    }
}
