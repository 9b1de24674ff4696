//! Binary fields F_{2^m} for wegman: polynomial bases F_2\[x\]/(P) and Gaussian normal bases.
//!
//! - [`field`]: any irreducible trinomial or pentanomial P of degree m ≤ 571, chosen at run
//!   time ([`Field`], [`Modulus`]): multiplication (CLMUL or portable), squaring, inversion,
//!   square roots (shift-and-XOR for square-root-friendly moduli, Avanzi), trace, half-trace,
//!   solving z² + z = c, powers.
//! - [`fields`]: the same operations on compile-time specialised types for the standard NIST
//!   and square-root-friendly moduli (`F163Nist`, `F163Ssrf`, …, `F571Ssrf`; the number is
//!   the degree m), with operators.
//! - [`modulus`], [`ssrf`]: moduli, irreducibility, and Avanzi's square-root-friendly search.
//! - [`basis`]: the isomorphism between two moduli of one degree.
//! - [`sliced`]: bit-sliced batches (one element per lane of a word) in both bases: the
//!   polynomial basis with Karatsuba multiplication ([`sliced::pb`]) and, through [`gnb`],
//!   the normal basis.
//! - [`gnb`]: F_{2^m} in a Gaussian normal basis ([`Gnb`], [`NbElement`]), the six bit-sliced
//!   multipliers of Brumley–Page over batches, and the isomorphism to polynomial bases.
//!
//! F_2 linear algebra and carry-less multiplication come from `wegman-f2`; the F_{2^8} tower
//! of Auth256 lives in `wegman-gf256`.
//!
//! # Constant time
//! Everything whose name lacks `vartime` runs in time independent of element values, except
//! these, which handle public data by nature and say so in their docs:
//! - parsing and printing (`Field::parse`, `Field::element`, `Field::to_hex`, `Display` and
//!   `FromStr` of the fixed types, `Modulus` parsing): they validate and format input text,
//!   and reject bad input early;
//! - constructors of fields, moduli and basis changes (`Field::new`, `BasisChange::new`,
//!   [`ssrf_modulus`]): they build tables from the public modulus.
#![no_std]

extern crate alloc;

#[macro_use]
mod arith;
pub(crate) use arith::by_limbs;

pub mod backend;
pub mod basis;
pub mod error;
pub mod field;
pub mod fields;
pub mod gnb;
pub mod job;
pub mod modulus;
mod ops;
mod poly;
mod shapes;
pub mod sliced;
pub mod ssrf;

pub use backend::Backend;
pub use basis::BasisChange;
pub use error::Error;
pub use field::{Element, Field};
pub use fields::{
    F127, F127Ssrf, F163Nist, F163Ssrf, F191, F233Nist, F233Ssrf, F283Nist, F283Ssrf, F409,
    F571Nist, F571Ssrf,
};
pub use gnb::{Gnb, NbElement};
pub use job::{FieldJob, FieldOps};
pub use modulus::Modulus;
pub use ssrf::ssrf_modulus;
