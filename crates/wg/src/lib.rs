//! The WG-29 stream cipher (Nawaz and Gong, eSTREAM 2005), computed exactly as the eSTREAM
//! reference code computes it (docs/spec.md §3.4), on F_{2^29} in its type-II optimal normal
//! basis — the second application of Brumley and Page, *Bit-sliced binary normal basis
//! multiplication* (ARITH 2011, §V.B).
//!
//! - [`fe29`] — F_{2^29} = GNB(29, 2) on the reference's 32-bit words: the Ning–Yin product,
//!   squaring by rotation, the trace, inversion.
//! - [`wg29`] — [`Wg29`]: the serial cipher (key and IV loading, initialisation,
//!   keystream), with the RustCrypto `cipher` traits.
//! - [`batch`] — [`Wg29Batch`]: many (key, IV) pairs at once, bit-sliced on the normal-basis
//!   multipliers of `wegman_gf2::gnb`.
//!
//! Everything here runs the same instruction sequence for every key, IV and state value.

extern crate alloc;

pub mod batch;
pub mod error;
pub mod fe29;
pub mod wg29;

pub use batch::{PairError, Product, Wg29Batch};
pub use error::Error;
pub use fe29::Fe29;
pub use wg29::Wg29;
