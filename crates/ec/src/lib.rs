//! Binary elliptic curves for wegman: the ten NIST / SEC 2 curves y² + xy = x³ + ax² + b over
//! F_{2^m}, generic over the field representation ([`field::CurveField`]: NIST polynomial
//! basis, square-root-friendly polynomial basis, Gaussian normal basis), with results identical
//! at the SEC 2 interface.
//!
//! - [`curve`] — the curves' parameters and [`Curve`], a curve in a representation.
//! - [`point`] — the group law (variable-time, public points) and the constant-time López–Dahab
//!   Montgomery ladder.
//! - [`scalar`] — scalars (`Scalar`).
//! - [`sec1`] — SEC 1 point encodings and public-key validation.
//! - `fixed` — the constant-time fixed-base method for k·G ([`Curve::mul_base`]).
//! - [`ecdh`] — Diffie–Hellman with the ladder, one at a time or in batches.
//! - [`batch`] — the bit-sliced ladder over many independent scalar multiplications.
//! - [`halve`] — point halving (Avanzi's application of square-root-friendly moduli).
//! - [`wnaf`] — w-NAF double-and-add and halve-and-add for public scalars.
//! - `tnaf` — the width-w τ-adic NAF on the Koblitz curves ([`Curve::mul_tnaf_vartime`]).
#![no_std]

extern crate alloc;
#[cfg(feature = "rayon")]
extern crate std;

pub mod batch;
pub mod curve;
pub mod ecdh;
pub mod error;
pub mod field;
mod fixed;
pub mod halve;
pub mod ladder;
mod ld;
pub mod point;
pub mod scalar;
pub mod sec1;
mod tnaf;
pub mod wnaf;

pub use batch::{BatchLadder, SlicedBasis, mul_batch};
pub use curve::{Curve, CurveId};
pub use ecdh::SecretKey;
pub use error::Error;
pub use field::{CurveField, Nb, NistPb, SsrfPb};
pub use point::Point;
pub use scalar::Scalar;
