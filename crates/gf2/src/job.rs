//! Many field operations inside one backend dispatch.
//!
//! A method of [`Field`](crate::Field) matches its backend and modulus shape on every call:
//! right for one product, wasteful for an algorithm that runs thousands in a row (an
//! elliptic-curve ladder spends more time in those matches and calls than in the products).
//! A [`FieldJob`] is such an algorithm written once against [`FieldOps`]; `Field::run` (and
//! `Gnb::run`) match the backend and the shape **once**, and run the job on an operations
//! token whose products, squarings and reductions inline into the job's code, compiled for
//! that backend's CPU features and unrolled for a built-in modulus (docs/architecture.md: one
//! exhaustive match per bulk call).
//!
//! Inside a job, elements are the token's own type [`FieldOps::E`] (a limb array of exactly
//! the field's size); [`FieldOps::load`] and [`FieldOps::store`] convert from and to the
//! field's element type at the edges. Every operation is constant-time in the element values
//! except those whose name says `vartime`.

use core::fmt::Debug;
use core::ops::Add;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// The field operations a [`FieldJob`] runs on, given by a token that lives only for the
/// job's one dispatch.
pub trait FieldOps: Copy {
    /// The field's element type outside the job (`Element`, `NbElement`).
    type Outer;
    /// An element inside the job.
    type E: Copy
        + Default
        + Debug
        + Eq
        + ConditionallySelectable
        + ConstantTimeEq
        + Add<Output = Self::E>;
    /// The degree m.
    fn degree(self) -> u32;
    /// From the field's element type.
    fn load(self, e: &Self::Outer) -> Self::E;
    /// To the field's element type.
    fn store(self, e: &Self::E) -> Self::Outer;
    /// 0.
    #[inline(always)]
    fn zero(self) -> Self::E {
        Self::E::default()
    }
    /// 1.
    fn one(self) -> Self::E;
    /// Whether a = 0.
    #[inline(always)]
    fn is_zero(self, a: &Self::E) -> Choice {
        a.ct_eq(&Self::E::default())
    }
    /// a·b.
    fn mul(self, a: &Self::E, b: &Self::E) -> Self::E;
    /// a².
    fn sqr(self, a: &Self::E) -> Self::E;
    /// a^{−1}, and 0 for 0.
    fn inv(self, a: &Self::E) -> Self::E;
    /// sqrt(a).
    fn sqrt(self, a: &Self::E) -> Self::E;
    /// Tr(a) ∈ {0, 1}.
    fn trace(self, a: &Self::E) -> u8;
    /// The half-trace (odd m), constant-time.
    fn half_trace(self, a: &Self::E) -> Self::E;
    /// The half-trace (odd m), variable-time: public data only.
    #[inline(always)]
    fn half_trace_vartime(self, a: &Self::E) -> Self::E {
        self.half_trace(a)
    }
}

/// An algorithm over a field, run by `Field::run` / `Gnb::run` inside one backend dispatch.
/// `Outer` is the field's element type.
pub trait FieldJob<Outer> {
    /// What the job returns.
    type Output;
    /// Runs the job on the operations token `ops`. Implementations should be
    /// `#[inline(always)]`, so that the job compiles into the dispatch arm.
    fn run<O: FieldOps<Outer = Outer>>(self, ops: O) -> Self::Output;
}
