//! Provably secure message authentication in the Wegman–Carter style.
//!
//! Every MAC here is a *universal hash* of the message, evaluated under a secret key, then masked
//! with a pseudorandom pad that depends on a nonce: `tag = H_r(m) + F_k(n)`. The forgery
//! probability of such a MAC is bounded by the hash's differential probability plus the
//! distinguishing advantage against the cipher `F` — the bound Wegman and Carter proved, and the
//! reason the hashes below are chosen for speed *and* a short proof.
//!
//! | module | MAC | hash field | paper |
//! |---|---|---|---|
//! | [`poly1305`] | `Poly1305`, `Poly1305-AES` | Z/(2^130 − 5) | Bernstein, *The Poly1305-AES message-authentication code* (FSE 2005) |
//! | [`hash256`] (feature `std`) | `Hash256`, `Auth256`, `Auth256-128` | F_{2^256} over the tower F_256 | Bernstein–Chou, *Faster binary-field multiplication and faster binary-field MACs* (SAC 2014) |
//! | [`hash127`] | `hash127`, `hash127-AES` | Z/(2^127 − 1) | Bernstein, *Floating-point arithmetic and message authentication* (2004) |
//!
//! [`alg`] (feature `std`) is the registry of all of them, for front ends that choose the
//! algorithm at run time.
//!
//! Conventions shared by all MACs:
//! - tags are [`Tag`]s, whose equality is constant-time ([`subtle`]);
//! - `verify` returns `Result<(), Error>` and compares in constant time;
//! - key material is zeroized when dropped;
//! - nothing that touches a key or a message branches on, or indexes memory by, secret data.
//!   Functions whose time depends on their (public) inputs say `vartime` in their names; the
//!   documented exceptions are lengths and counts (message lengths, block counts, thread
//!   counts: public), the validity check of a Poly1305-AES key (`Poly1305AesKey::new` reveals
//!   only whether the key is valid, as its error does), and the choice of backend.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "std")]
pub mod alg;
mod error;
pub mod hash127;
#[cfg(feature = "std")]
pub mod hash256;
pub mod poly1305;
mod tag;
#[cfg(feature = "std")]
mod wire;

pub use error::Error;
pub use tag::Tag;
