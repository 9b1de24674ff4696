//! Affine points and the group law (variable-time: for public points), López–Dahab
//! projective coordinates and the constant-time Montgomery ladder.
//!
//! Group law on y² + xy = x³ + ax² + b (HMV §3.1.2): −(x, y) = (x, x + y); for P ≠ ±Q,
//! λ = (y₁ + y₂)/(x₁ + x₂), x₃ = λ² + λ + x₁ + x₂ + a, y₃ = λ(x₁ + x₃) + x₃ + y₁; doubling,
//! λ = x₁ + y₁/x₁, x₃ = λ² + λ + a, y₃ = x₁² + λx₃ + x₃; 2P = O when x₁ = 0.
//!
//! The scalar multiplications run as field jobs: [`crate::ladder`] (constant-time),
//! [`crate::wnaf`] (public scalars).

use subtle::ConstantTimeEq;
use wegman_gf2::FieldJob;

use crate::curve::Curve;
use crate::field::CurveField;
use crate::fixed::FixedBaseJob;
use crate::ladder::LadderJob;
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

    /// kP by the López–Dahab Montgomery ladder ([`crate::ladder`]): constant-time in k and
    /// P (the iteration count is the bit length of n, for every k that fits in it). P is any point of the curve: the x-only ladder needs
    /// x ≠ 0, and the point of order 2, (0, √b), gives P for odd k and O for even k, chosen
    /// by mask; `Infinity` gives `Infinity`. One field dispatch for the whole multiplication.
    ///
    /// A scalar longer than n (which `parse_scalar` refuses, but a `Scalar` can hold) is not
    /// truncated: the ladder then runs over all 576 bits, revealing only that k is long.
    pub fn mul_ladder(&self, k: &Scalar, p: &Point<F::Elem>) -> Point<F::Elem> {
        let Point::Affine { x, y } = *p else {
            return Point::Infinity;
        };
        let f = self.field();
        // P is public: whether x = 0 may branch; k's parity may not.
        if bool::from(f.is_zero(&x)) {
            let odd = subtle::Choice::from((k.limbs()[0] & 1) as u8);
            // Revealed only here, as by the ladder: whether kP = O.
            return if bool::from(odd) { *p } else { Point::Infinity };
        }
        let job = LadderJob {
            consts: self.consts_for(k),
            k,
            x,
            y,
        };
        self.run_point(job)
    }

    /// The job constants for scalar `k`: the ladder's iteration count is the bit length of n,
    /// or all 576 bits for a longer k (revealed: only whether k fits in t bits).
    fn consts_for(&self, k: &Scalar) -> crate::ld::Consts<F::Elem> {
        let mut c = self.consts();
        if !bool::from(wegman_arch::ct::declassify(
            k.ct_fits_bits(self.order_bits()),
        )) {
            c.n_bits = 64 * k.limbs().len() as u32;
        }
        c
    }

    /// kG for the base point G by a signed radix-16 table (docs/ec.md): constant-time in k
    /// (a fixed number of windows for every scalar of the order's bit length, table entries
    /// chosen by full masked scans, exceptional sums resolved by masks), about a quarter of
    /// the ladder's additions and no doublings. The table is built on first use and kept in
    /// the curve.
    ///
    /// A scalar longer than n is not truncated: it runs the ladder on G over all 576 bits.
    pub fn mul_base(&self, k: &Scalar) -> Point<F::Elem> {
        if !bool::from(wegman_arch::ct::declassify(
            k.ct_fits_bits(self.order_bits()),
        )) {
            return self.mul_ladder(k, &self.g());
        }
        let job = FixedBaseJob {
            consts: self.consts(),
            table: self.fixed_table(),
            k,
        };
        self.run_point(job)
    }

    /// Runs a job that returns affine coordinates, or `None` for O, as a point.
    pub(crate) fn run_point<J: FieldJob<F::Elem, Output = Option<(F::Elem, F::Elem)>>>(
        &self,
        job: J,
    ) -> Point<F::Elem> {
        match self.field().run(job) {
            Some((x, y)) => Point::Affine { x, y },
            None => Point::Infinity,
        }
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
