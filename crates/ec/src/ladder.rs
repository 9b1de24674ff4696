//! The López–Dahab Montgomery ladder (CHES 1999; HMV Alg. 3.40), constant-time, as one field
//! job.
//!
//! It keeps X and Z (x = X/Z) of P₁ = kP and P₂ = (k + 1)P. With P₂ − P₁ = P fixed, the sum
//! and the double are Z₃ = (X₁Z₂ + X₂Z₁)², X₃ = x·Z₃ + (X₁Z₂)(X₂Z₁), and X₄ = X⁴ + bZ⁴,
//! Z₄ = X²Z²: 5M + 1·b + 4S per bit plus a conditional swap by mask. It starts from
//! (P₁, P₂) = (O, P) = ((1 : 0), (x : 1)) — the formulas give the right answer there — and
//! runs over every bit of the order's length, so the instruction sequence depends only on the
//! curve. y is recovered at the end:
//! y₁ = (x₁ + x)[(X₁ + xZ₁)(X₂ + xZ₂) + (x² + y)Z₁Z₂]/(xZ₁Z₂) + y; kP = O when Z₁ = 0, and
//! kP = −P when Z₂ = 0, both chosen by mask.

use subtle::{Choice, ConditionallySelectable};
use wegman_gf2::{FieldJob, FieldOps};

use crate::ld::{Consts, Ctx};
use crate::scalar::Scalar;

/// kP for the affine P = (x, y), x ≠ 0; `None` when kP = O.
pub(crate) struct LadderJob<'a, E> {
    pub(crate) consts: Consts<E>,
    pub(crate) k: &'a Scalar,
    pub(crate) x: E,
    pub(crate) y: E,
}

impl<E> FieldJob<E> for LadderJob<'_, E> {
    type Output = Option<(E, E)>;

    #[inline(always)]
    fn run<O: FieldOps<Outer = E>>(self, o: O) -> Option<(E, E)> {
        let c = Ctx::new(o, &self.consts);
        let (x, y) = (o.load(&self.x), o.load(&self.y));
        let (mut x1, mut z1) = (o.one(), o.zero());
        let (mut x2, mut z2) = (x, o.one());
        let mut swapped = Choice::from(0);
        for i in (0..c.n_bits as usize).rev() {
            let bit = Choice::from(self.k.bit(i) as u8);
            // Swap so that the step is always (P1, P2) ← (2·P1, P1 + P2) on the pair
            // (bit 0) or (P1 + P2, 2·P2) with the roles exchanged (bit 1).
            let s = swapped ^ bit;
            O::E::conditional_swap(&mut x1, &mut x2, s);
            O::E::conditional_swap(&mut z1, &mut z2, s);
            swapped = bit;
            let t1 = o.mul(&x1, &z2);
            let t2 = o.mul(&x2, &z1);
            let zs = o.sqr(&(t1 + t2));
            x2 = o.mul(&x, &zs) + o.mul(&t1, &t2);
            z2 = zs;
            let xx = o.sqr(&x1);
            let zz = o.sqr(&z1);
            z1 = o.mul(&xx, &zz);
            x1 = o.sqr(&xx) + c.mul_b(&o.sqr(&zz));
        }
        O::E::conditional_swap(&mut x1, &mut x2, swapped);
        O::E::conditional_swap(&mut z1, &mut z2, swapped);
        // y recovery, constant-time.
        let z1_zero = o.is_zero(&z1);
        let z2_zero = o.is_zero(&z2);
        let zz = o.mul(&z1, &z2);
        // d = 0 exactly when kP or (k + 1)P is O (x ≠ 0).
        let dinv = o.inv(&o.mul(&x, &zz));
        let xk = o.mul(&o.mul(&o.mul(&x1, &z2), &dinv), &x); // X1/Z1 = X1·Z2·x / (x·Z1·Z2)
        let t =
            o.mul(&(x1 + o.mul(&x, &z1)), &(x2 + o.mul(&x, &z2))) + o.mul(&(o.sqr(&x) + y), &zz);
        let yk = o.mul(&o.mul(&(xk + x), &t), &dinv) + y;
        // Z2 = 0: kP = −P = (x, x + y).
        let xr = O::E::conditional_select(&xk, &x, z2_zero);
        let yr = O::E::conditional_select(&yk, &(x + y), z2_zero);
        if bool::from(wegman_arch::ct::declassify(z1_zero)) {
            // Revealed only at the end: whether kP is the identity (k ≡ 0 mod the order of
            // P), which the caller's output reveals anyway.
            return None;
        }
        Some((o.store(&xr), o.store(&yr)))
    }
}
