//! Point halving (Knudsen 1999, Schroeppel; HMV §3.6), the operation Avanzi's
//! square-root-friendly moduli make cheap: one multiplication, one half-trace, one square root
//! and one trace.
//!
//! In λ-coordinates (x, λ = x + y/x) doubling is u = λ_P² + λ_P + a, and x_P² = u(u + λ_Q +
//! λ_P + 1) for Q = 2P = (u, λ_Q). So a half of Q has λ_P ∈ {λ̂, λ̂ + 1} with λ̂ = H(u + a)
//! (the half-trace solves λ̂² + λ̂ = u + a; Tr(u + a) = 0 for every Q in 2E). With
//! t = u(u + λ_Q + λ̂): if Tr(t) = 0 then λ_P = λ̂ and x_P = √(t + u), else λ_P = λ̂ + 1 and
//! x_P = √t — the choice that lands in the subgroup of odd order n, on curves with
//! Tr(a) = 1 (cofactor 2: every B curve and sect163k1). y_P = x_P(λ_P + x_P).

use wegman_gf2::{FieldJob, FieldOps};

use crate::curve::Curve;
use crate::error::Error;
use crate::field::CurveField;
use crate::ld::Ctx;
use crate::point::Point;

/// The affine coordinates (x, y) of a point other than the identity.
pub(crate) type Coords<E> = (E, E);

impl<F: CurveField> Curve<F> {
    /// Whether points can be halved (Tr(a) = 1).
    pub fn can_halve(&self) -> bool {
        self.field().trace(self.a()) == 1
    }

    /// The unique half of Q in the subgroup of order n (variable-time: public points). Q must
    /// be in that subgroup (then so is its half); curves with Tr(a) = 0 have no unique half
    /// to give ([`Error::CannotHalve`]).
    pub fn halve_vartime(&self, q: &Point<F::Elem>) -> Result<Point<F::Elem>, Error> {
        let f = self.field();
        let Some((u, v)) = self.halvable_vartime(q)? else {
            return Ok(Point::Infinity);
        };
        let lq = u + f.mul(&v, &f.inv(&u).unwrap_or(f.zero()));
        let (x, l) = self.halve_lambda(&u, &lq);
        let y = f.mul(&x, &(l + x));
        Ok(Point::Affine { x, y })
    }

    /// The coordinates of a point to halve (none for the identity, whose halves are itself),
    /// after the checks every halving makes: Tr(a) = 1 ([`Error::CannotHalve`]) and x ≠ 0
    /// ((0, √b) has order 2: not in the odd-order subgroup, [`Error::NotInSubgroup`]).
    pub(crate) fn halvable_vartime(
        &self,
        p: &Point<F::Elem>,
    ) -> Result<Option<Coords<F::Elem>>, Error> {
        if !self.can_halve() {
            return Err(Error::CannotHalve);
        }
        let Point::Affine { x, y } = *p else {
            return Ok(None);
        };
        if bool::from(self.field().is_zero(&x)) {
            return Err(Error::NotInSubgroup);
        }
        Ok(Some((x, y)))
    }

    /// One halving in λ-coordinates: (u, λ_Q) ↦ (x_P, λ_P).
    pub fn halve_lambda(&self, u: &F::Elem, lq: &F::Elem) -> (F::Elem, F::Elem) {
        let f = self.field();
        let lh = f.half_trace(&(*u + *self.a()));
        let t = f.mul(u, &(*u + *lq + lh));
        if f.trace(&t) == 0 {
            (f.sqrt(&(t + *u)), lh)
        } else {
            (f.sqrt(&t), lh + f.one())
        }
    }
}

impl<O: FieldOps> Ctx<O> {
    /// One halving in λ-coordinates inside a job, (u, λ_Q) ↦ (x_P, λ_P): variable-time
    /// (Avanzi's windowed half-trace and a branch on the trace), for public points.
    #[inline(always)]
    pub(crate) fn halve_lambda_vartime(&self, u: &O::E, lq: &O::E) -> (O::E, O::E) {
        let o = self.o;
        let lh = o.half_trace_vartime(&(*u + self.a()));
        let t = o.mul(u, &(*u + *lq + lh));
        if o.trace(&t) == 0 {
            (o.sqrt(&(t + *u)), lh)
        } else {
            (o.sqrt(&t), lh + o.one())
        }
    }
}

/// P/2^k by k halvings in λ-coordinates in one job (one inversion at each end).
struct HalveRepeatedJob<E> {
    p: (E, E),
    k: u32,
    consts: crate::ld::Consts<E>,
}

impl<E> FieldJob<E> for HalveRepeatedJob<E> {
    type Output = (E, E);

    #[inline(always)]
    fn run<O: FieldOps<Outer = E>>(self, o: O) -> (E, E) {
        let c = Ctx::new(o, &self.consts);
        let (x, y) = (o.load(&self.p.0), o.load(&self.p.1));
        let (mut u, mut l) = (x, x + o.mul(&y, &o.inv(&x)));
        for _ in 0..self.k {
            (u, l) = c.halve_lambda_vartime(&u, &l);
        }
        (o.store(&u), o.store(&o.mul(&u, &(l + u))))
    }
}

impl<F: CurveField> Curve<F> {
    /// 2^k·P by k López–Dahab doublings inside one field dispatch, one inversion at the end
    /// (constant-time in P; k is public).
    pub fn dbl_repeated(&self, p: &Point<F::Elem>, k: u32) -> Point<F::Elem> {
        let Point::Affine { x, y } = *p else {
            return Point::Infinity;
        };
        self.run_walk((x, y), crate::wnaf::Walk::Double(k))
    }

    /// P/2^k, the unique point of the order-n subgroup whose 2^k-multiple is P, by k halvings
    /// in λ-coordinates inside one field dispatch (variable-time: public points). P must be in
    /// that subgroup; needs Tr(a) = 1 ([`Error::CannotHalve`]).
    pub fn halve_repeated_vartime(
        &self,
        p: &Point<F::Elem>,
        k: u32,
    ) -> Result<Point<F::Elem>, Error> {
        let Some((x, y)) = self.halvable_vartime(p)? else {
            return Ok(Point::Infinity);
        };
        let (x, y) = self.field().run(HalveRepeatedJob {
            p: (x, y),
            k,
            consts: self.consts(),
        });
        Ok(Point::Affine { x, y })
    }
}
