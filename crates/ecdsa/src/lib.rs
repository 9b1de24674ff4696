//! ECDSA (FIPS 186-5 §6, SEC 1 v2 §4.1) on the ten NIST / SEC 2 binary curves of
//! [`wegman_ec`], in any of its field representations.
//!
//! - [`SigningKey`]: signing, constant-time in the key and the nonce: k from RFC 6979 (the
//!   [`rfc6979`] crate's HMAC-DRBG, optionally with added randomness), k·G by the curve's
//!   fixed-base table ([`wegman_ec::Curve::mul_base`]), k⁻¹ mod n by crypto-bigint's
//!   constant-time inversion, every product mod n in Montgomery form.
//! - [`VerifyingKey`]: verification on public data, u1·G + u2·Q with the method
//!   [`VerifyMethod`] names.
//! - [`Signature`]: (r, s), as DER (`ECDSA-Sig-Value`) or fixed-width r‖s.
//! - Key files ([`PrivateKeyFile`], [`PublicKeyFile`], `SigningKey::to_sec1_pem` and the
//!   like): SEC 1 and PKCS#8 private keys, SPKI public keys, DER or PEM, as OpenSSL writes.
//! - [`HashAlg`]: SHA-1, SHA-224, SHA-256, SHA-384, SHA-512 (RustCrypto), the digest
//!   truncated to the bit length of n as FIPS 186-5 §6.4.1 says.
//!
//! The mathematics, the choices and their measurements are in docs/ecdsa.md.
#![no_std]

extern crate alloc;

mod error;
mod hash;
mod keys;
mod modn;
mod sig;
mod sign;
mod verify;

pub use error::Error;
pub use hash::HashAlg;
pub use keys::{PrivateKeyFile, PublicKeyFile, curve_from_oid, curve_oid};
pub use sig::Signature;
pub use sign::SigningKey;
pub use verify::{VerifyMethod, VerifyingKey};
