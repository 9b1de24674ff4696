//! The five hashes of FIPS 186-5 ECDSA on these curves (RustCrypto `sha1`, `sha2`).

use alloc::vec::Vec;
use digest::Digest;

use crate::error::Error;

/// A message digest for ECDSA.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HashAlg {
    /// SHA-1 (FIPS 180-4): verification of legacy signatures; FIPS 186-5 no longer allows it
    /// for new ones, OpenSSL still does.
    Sha1,
    /// SHA-224.
    Sha224,
    /// SHA-256.
    Sha256,
    /// SHA-384.
    Sha384,
    /// SHA-512.
    Sha512,
}

impl HashAlg {
    /// All five.
    pub const ALL: [HashAlg; 5] = [
        HashAlg::Sha1,
        HashAlg::Sha224,
        HashAlg::Sha256,
        HashAlg::Sha384,
        HashAlg::Sha512,
    ];

    /// The name (`sha256`), as `openssl dgst -sha256` spells it.
    pub fn name(self) -> &'static str {
        match self {
            HashAlg::Sha1 => "sha1",
            HashAlg::Sha224 => "sha224",
            HashAlg::Sha256 => "sha256",
            HashAlg::Sha384 => "sha384",
            HashAlg::Sha512 => "sha512",
        }
    }

    /// The hash of a name (`sha256`, `SHA-256`, any case).
    pub fn from_name(s: &str) -> Result<HashAlg, Error> {
        let norm: alloc::string::String = s
            .chars()
            .filter(|c| *c != '-' && *c != '_')
            .flat_map(char::to_lowercase)
            .collect();
        HashAlg::ALL
            .into_iter()
            .find(|h| h.name() == norm)
            .ok_or(Error::UnknownHash)
    }

    /// Digest length in bytes.
    pub fn output_len(self) -> usize {
        match self {
            HashAlg::Sha1 => 20,
            HashAlg::Sha224 => 28,
            HashAlg::Sha256 => 32,
            HashAlg::Sha384 => 48,
            HashAlg::Sha512 => 64,
        }
    }

    /// The digest of `msg`.
    pub fn digest(self, msg: &[u8]) -> Vec<u8> {
        match self {
            HashAlg::Sha1 => sha1::Sha1::digest(msg).to_vec(),
            HashAlg::Sha224 => sha2::Sha224::digest(msg).to_vec(),
            HashAlg::Sha256 => sha2::Sha256::digest(msg).to_vec(),
            HashAlg::Sha384 => sha2::Sha384::digest(msg).to_vec(),
            HashAlg::Sha512 => sha2::Sha512::digest(msg).to_vec(),
        }
    }

    /// Checks a prehashed message's length.
    pub(crate) fn check_digest(self, digest: &[u8]) -> Result<(), Error> {
        if digest.len() == self.output_len() {
            Ok(())
        } else {
            Err(Error::DigestLength {
                expected: self.output_len(),
            })
        }
    }
}

impl core::fmt::Display for HashAlg {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
