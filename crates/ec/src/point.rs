//! Affine points and the group law (variable-time: for public points), López–Dahab
//! projective coordinates and the constant-time Montgomery ladder.
//!
//! Group law on y² + xy = x³ + ax² + b (HMV §3.1.2): −(x, y) = (x, x + y); for P ≠ ±Q,
//! λ = (y₁ + y₂)/(x₁ + x₂), x₃ = λ² + λ + x₁ + x₂ + a, y₃ = λ(x₁ + x₃) + x₃ + y₁; doubling,
//! λ = x₁ + y₁/x₁, x₃ = λ² + λ + a, y₃ = x₁² + λx₃ + x₃; 2P = O when x₁ = 0.
//!
//! The ladder (López–Dahab, CHES 1999; HMV Alg. 3.40) keeps X and Z (x = X/Z) of P₁ = kP and
//! P₂ = (k + 1)P. With P₁ − P₂ = −P fixed, the sum and the double are
//! Z₃ = (X₁Z₂ + X₂Z₁)², X₃ = x·Z₃ + (X₁Z₂)(X₂Z₁), and X₄ = X⁴ + bZ⁴, Z₄ = X²Z²: 5M + 1·b + 4S
//! per bit plus a conditional swap by mask. It starts from (P₁, P₂) = (O, P) = ((1 : 0), (x : 1))
//! — the formulas give the right answer there — and runs over every bit of the order's length,
//! so the instruction sequence depends only on the curve. y is recovered at the end:
//! y₁ = (x₁ + x)[(X₁ + xZ₁)(X₂ + xZ₂) + (x² + y)Z₁Z₂]/(xZ₁Z₂) + y; kP = O when Z₁ = 0, and
//! kP = −P when Z₂ = 0, both chosen by mask.

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::curve::Curve;
use crate::field::CurveField;
use crate::scalar::Scalar;

/// A point: the identity or affine coordinates in the curve's field representation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Point<E> {
    /// The identity O.
    Infinity,
    /// (x, y).
    Affine {
        /// x.
        x: E,
        /// y.
        y: E,
    },
}

impl<F: CurveField> Curve<F> {
    /// The base point G.
    pub fn g(&self) -> Point<F::Elem> {
        let (x, y) = self.generator();
        Point::Affine { x, y }
    }

    /// −P.
    pub fn neg(&self, p: &Point<F::Elem>) -> Point<F::Elem> {
        match *p {
            Point::Infinity => Point::Infinity,
            Point::Affine { x, y } => Point::Affine { x, y: x + y },
        }
    }

    /// 2P (variable-time).
    pub fn dbl_vartime(&self, p: &Point<F::Elem>) -> Point<F::Elem> {
        let f = self.field();
        let Point::Affine { x, y } = *p else {
            return Point::Infinity;
        };
        if bool::from(f.is_zero(&x)) {
            return Point::Infinity;
        }
        let inv = f.inv(&x).unwrap_or(f.zero());
        let l = x + f.mul(&y, &inv);
        let x3 = f.sqr(&l) + l + *self.a();
        let y3 = f.sqr(&x) + f.mul(&l, &x3) + x3;
        Point::Affine { x: x3, y: y3 }
    }

    /// P + Q (variable-time).
    pub fn add_vartime(&self, p: &Point<F::Elem>, q: &Point<F::Elem>) -> Point<F::Elem> {
        let f = self.field();
        let (Point::Affine { x: x1, y: y1 }, Point::Affine { x: x2, y: y2 }) = (*p, *q) else {
            return if *p == Point::Infinity { *q } else { *p };
        };
        if x1 == x2 {
            return if y1 == y2 {
                self.dbl_vartime(p)
            } else {
                Point::Infinity
            };
        }
        let inv = f.inv(&(x1 + x2)).unwrap_or(f.zero());
        let l = f.mul(&(y1 + y2), &inv);
        let x3 = f.sqr(&l) + l + x1 + x2 + *self.a();
        let y3 = f.mul(&l, &(x1 + x3)) + x3 + y1;
        Point::Affine { x: x3, y: y3 }
    }

    /// kP by double-and-add over the bits of k (variable-time: public k and P only; the
    /// reference the other methods are tested against).
    pub fn mul_vartime(&self, k: &Scalar, p: &Point<F::Elem>) -> Point<F::Elem> {
        let mut r = Point::Infinity;
        for i in (0..k.bits() as usize).rev() {
            r = self.dbl_vartime(&r);
            if k.bit(i) == 1 {
                r = self.add_vartime(&r, p);
            }
        }
        r
    }

    /// kP by the López–Dahab Montgomery ladder: constant-time in k and P (the iteration count
    /// is the bit length of n; k must have at most that many bits, which `parse_scalar`
    /// checks). P must be an affine point with x ≠ 0 (every point of the order-n subgroup but
    /// O; `Infinity` gives `Infinity`).
    pub fn mul_ladder(&self, k: &Scalar, p: &Point<F::Elem>) -> Point<F::Elem> {
        let f = self.field();
        let Point::Affine { x, y } = *p else {
            return Point::Infinity;
        };
        let b = *self.b();
        // (X1 : Z1) = O, (X2 : Z2) = P.
        let (mut x1, mut z1) = (f.one(), f.zero());
        let (mut x2, mut z2) = (x, f.one());
        let mut swapped = Choice::from(0);
        for i in (0..self.order_bits() as usize).rev() {
            let bit = Choice::from(k.bit(i) as u8);
            // Swap so that the step is always (P1, P2) ← (2·P1, P1 + P2) on the pair
            // (bit 0) or (P1 + P2, 2·P2) with the roles exchanged (bit 1).
            let s = swapped ^ bit;
            F::Elem::conditional_swap(&mut x1, &mut x2, s);
            F::Elem::conditional_swap(&mut z1, &mut z2, s);
            swapped = bit;
            // P2 ← P1 + P2 (difference P), P1 ← 2·P1.
            let t1 = f.mul(&x1, &z2);
            let t2 = f.mul(&x2, &z1);
            let zs = f.sqr(&(t1 + t2));
            x2 = f.mul(&x, &zs) + f.mul(&t1, &t2);
            z2 = zs;
            let xx = f.sqr(&x1);
            let zz = f.sqr(&z1);
            z1 = f.mul(&xx, &zz);
            x1 = f.sqr(&xx) + f.mul(&b, &f.sqr(&zz));
        }
        F::Elem::conditional_swap(&mut x1, &mut x2, swapped);
        F::Elem::conditional_swap(&mut z1, &mut z2, swapped);
        self.recover_y(&x, &y, &x1, &z1, &x2, &z2)
    }

    /// kP from (X1 : Z1) = kP and (X2 : Z2) = (k + 1)P, constant-time.
    fn recover_y(
        &self,
        x: &F::Elem,
        y: &F::Elem,
        x1: &F::Elem,
        z1: &F::Elem,
        x2: &F::Elem,
        z2: &F::Elem,
    ) -> Point<F::Elem> {
        let f = self.field();
        let z1_zero = f.is_zero(z1);
        let z2_zero = f.is_zero(z2);
        let zz = f.mul(z1, z2);
        let d = f.mul(x, &zz);
        // d = 0 exactly when kP or (k + 1)P is O (x ≠ 0).
        let dinv = f.inv(&d).unwrap_or(f.zero());
        let xk = f.mul(&f.mul(x1, z2), &dinv);
        let xk = f.mul(&xk, x); // X1/Z1 = X1·Z2·x / (x·Z1·Z2)
        let t = f.mul(&(*x1 + f.mul(x, z1)), &(*x2 + f.mul(x, z2))) + f.mul(&(f.sqr(x) + *y), &zz);
        let yk = f.mul(&f.mul(&(xk + *x), &t), &dinv) + *y;
        // Z2 = 0: kP = −P = (x, x + y).
        let xr = F::Elem::conditional_select(&xk, x, z2_zero);
        let yr = F::Elem::conditional_select(&yk, &(*x + *y), z2_zero);
        if bool::from(z1_zero) {
            // Revealed only at the end: whether kP is the identity (k ≡ 0 mod the order of P),
            // which the caller's output reveals anyway.
            return Point::Infinity;
        }
        Point::Affine { x: xr, y: yr }
    }

    /// Whether two points are equal (constant-time in the coordinates).
    pub fn points_equal(&self, p: &Point<F::Elem>, q: &Point<F::Elem>) -> bool {
        match (p, q) {
            (Point::Infinity, Point::Infinity) => true,
            (Point::Affine { x: a, y: b }, Point::Affine { x: c, y: d }) => {
                bool::from(a.ct_eq(c) & b.ct_eq(d))
            }
            _ => false,
        }
    }
}
