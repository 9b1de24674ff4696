//! The algorithms the CLI offers, behind one small interface: key and nonce sizes, key
//! generation and validation, and a streaming MAC.

use std::fmt;

use wegman_mac::hash127::{Hash127Aes, Hash127AesKey};
use wegman_mac::hash256::{Auth256, Auth256Key, Encoding};
use wegman_mac::poly1305::{Poly1305, Poly1305Aes, Poly1305AesKey};
use zeroize::Zeroizing;

use crate::error::{Error, Result};

/// A MAC algorithm selectable with `--alg`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Alg {
    /// RFC 8439 one-time Poly1305 (key r || s, no nonce).
    Poly1305,
    /// Poly1305-AES (key k || r, 16-byte nonce).
    Poly1305Aes,
    /// hash127-AES (key k || r-words, 16-byte nonce).
    Hash127Aes,
    /// Auth256-AES (AES-256 key, 12-byte nonce, 32-byte tag).
    Auth256,
    /// Auth256-AES truncated to 16 bytes.
    Auth256x128,
}

impl Alg {
    /// Every algorithm, in the order `--help` lists them.
    pub(crate) const ALL: [Alg; 5] = [
        Alg::Auth256,
        Alg::Auth256x128,
        Alg::Poly1305Aes,
        Alg::Hash127Aes,
        Alg::Poly1305,
    ];

    /// The algorithm used when a new key is made without `--alg` (docs/spec.md §4).
    pub(crate) const DEFAULT: Alg = Alg::Auth256;

    pub(crate) fn name(self) -> &'static str {
        match self {
            Alg::Poly1305 => "poly1305",
            Alg::Poly1305Aes => "poly1305-aes",
            Alg::Hash127Aes => "hash127-aes",
            Alg::Auth256 => "auth256",
            Alg::Auth256x128 => "auth256-128",
        }
    }

    /// The indefinite article for the name in a sentence ("an auth256 key", "a poly1305 key").
    pub(crate) fn article(self) -> &'static str {
        if self.name().starts_with('a') {
            "an"
        } else {
            "a"
        }
    }

    /// Whether `--b` (the Hash256 encoding) applies.
    pub(crate) fn has_encoding(self) -> bool {
        matches!(self, Alg::Auth256 | Alg::Auth256x128)
    }

    pub(crate) fn parse(name: &str) -> Result<Alg> {
        Alg::ALL
            .into_iter()
            .find(|a| a.name() == name)
            .ok_or_else(|| {
                let known: Vec<_> = Alg::ALL.iter().map(|a| a.name()).collect();
                Error::new(format!(
                    "unknown algorithm '{name}' (known: {})",
                    known.join(", ")
                ))
            })
    }

    pub(crate) fn key_len(self) -> usize {
        match self {
            Alg::Poly1305 | Alg::Poly1305Aes => wegman_mac::poly1305::KEY_SIZE,
            Alg::Hash127Aes => wegman_mac::hash127::KEY_SIZE,
            Alg::Auth256 | Alg::Auth256x128 => wegman_mac::hash256::KEY_SIZE,
        }
    }

    /// The nonce length, or `None` for an algorithm that takes no nonce.
    pub(crate) fn nonce_len(self) -> Option<usize> {
        match self {
            Alg::Poly1305 => None,
            Alg::Poly1305Aes => Some(wegman_mac::poly1305::NONCE_SIZE),
            Alg::Hash127Aes => Some(wegman_mac::hash127::NONCE_SIZE),
            Alg::Auth256 | Alg::Auth256x128 => Some(wegman_mac::hash256::NONCE_SIZE),
        }
    }

    pub(crate) fn tag_len(self) -> usize {
        match self {
            Alg::Poly1305 | Alg::Poly1305Aes => wegman_mac::poly1305::TAG_SIZE,
            Alg::Hash127Aes => wegman_mac::hash127::TAG_SIZE,
            Alg::Auth256 => wegman_mac::hash256::TAG_SIZE,
            Alg::Auth256x128 => wegman_mac::hash256::TAG128_SIZE,
        }
    }

    /// A fresh uniformly random valid key from the operating system's generator.
    pub(crate) fn generate_key(self) -> Result<Zeroizing<Vec<u8>>> {
        let mut key = Zeroizing::new(vec![0u8; self.key_len()]);
        getrandom::fill(&mut key)
            .map_err(|e| Error::new(format!("cannot get random bytes for a key: {e}")))?;
        if self == Alg::Poly1305Aes {
            let k: &mut [u8; 32] = key.as_mut_slice().try_into().expect("key length");
            Poly1305AesKey::clamp_key_bytes(k);
        }
        Ok(key)
    }

    /// A keyed instance, or a clear error for a key of the wrong length or an invalid key.
    pub(crate) fn keyed(self, key: &[u8]) -> Result<Keyed> {
        if key.len() != self.key_len() {
            return Err(Error::new(format!(
                "wrong key length for {self}: expected {} bytes, got {}",
                self.key_len(),
                key.len()
            )));
        }
        let invalid = |e: wegman_mac::Error| Error::new(format!("{self} key: {e}"));
        Ok(match self {
            Alg::Poly1305 => Keyed::Poly1305(Zeroizing::new(key.try_into().expect("length"))),
            Alg::Poly1305Aes => {
                Keyed::Poly1305Aes(Box::new(Poly1305AesKey::from_slice(key).map_err(invalid)?))
            }
            Alg::Hash127Aes => {
                Keyed::Hash127Aes(Box::new(Hash127AesKey::from_slice(key).map_err(invalid)?))
            }
            Alg::Auth256 | Alg::Auth256x128 => Keyed::Auth256(
                Box::new(Auth256Key::from_slice(key).map_err(invalid)?),
                self == Alg::Auth256x128,
            ),
        })
    }
}

impl fmt::Display for Alg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A validated key, ready to start MACs.
pub(crate) enum Keyed {
    Poly1305(Zeroizing<[u8; 32]>),
    Poly1305Aes(Box<Poly1305AesKey>),
    Hash127Aes(Box<Hash127AesKey>),
    /// The key, and whether tags are truncated to 16 bytes.
    Auth256(Box<Auth256Key>, bool),
}

impl Keyed {
    /// Starts the MAC of one message; `nonce` must have the algorithm's nonce length, or be
    /// `None` for a nonceless algorithm.
    pub(crate) fn start(&self, nonce: Option<&[u8]>, enc: Encoding) -> Result<Stream<'_>> {
        let wrong = |e: wegman_mac::Error| Error::new(e.to_string());
        if enc != Encoding::B1 && !matches!(self, Keyed::Auth256(..)) {
            return Err(Error::new("--b applies only to auth256 and auth256-128"));
        }
        match (self, nonce) {
            (Keyed::Poly1305(k), None) => Ok(Stream::Poly1305(Poly1305::new(k))),
            (Keyed::Poly1305Aes(k), Some(n)) => {
                let n: &[u8; 16] = n.try_into().map_err(|_| {
                    wrong(wegman_mac::Error::NonceLength {
                        expected: 16,
                        actual: n.len(),
                    })
                })?;
                Ok(Stream::Poly1305Aes(k.start(n)))
            }
            (Keyed::Hash127Aes(k), Some(n)) => {
                Ok(Stream::Hash127Aes(k.start_from_slice(n).map_err(wrong)?))
            }
            (Keyed::Auth256(k, short), Some(n)) => Ok(Stream::Auth256(
                k.start_from_slice(n, enc).map_err(wrong)?,
                *short,
            )),
            (Keyed::Poly1305(_), Some(_)) => Err(Error::new("poly1305 takes no nonce")),
            (Keyed::Poly1305Aes(_) | Keyed::Hash127Aes(_) | Keyed::Auth256(..), None) => {
                Err(Error::new("this algorithm needs a nonce"))
            }
        }
    }
}

/// One message being authenticated.
pub(crate) enum Stream<'k> {
    Poly1305(Poly1305),
    Poly1305Aes(Poly1305Aes),
    Hash127Aes(Hash127Aes<'k>),
    /// Auth256, and whether the tag is truncated to 16 bytes.
    Auth256(Auth256<'k>, bool),
}

impl Stream<'_> {
    pub(crate) fn update(&mut self, data: &[u8]) {
        match self {
            Stream::Poly1305(p) => p.update(data),
            Stream::Poly1305Aes(p) => p.update(data),
            Stream::Hash127Aes(p) => p.update(data),
            Stream::Auth256(p, _) => p.update(data),
        }
    }

    /// Like `update`, on the threads of the current rayon pool; same result.
    pub(crate) fn update_parallel(&mut self, data: &[u8]) {
        match self {
            Stream::Poly1305(p) => p.update_parallel(data),
            Stream::Poly1305Aes(p) => p.update_parallel(data),
            Stream::Hash127Aes(p) => p.update_parallel(data),
            Stream::Auth256(p, _) => p.update_parallel(data),
        }
    }

    pub(crate) fn finalize(self) -> Vec<u8> {
        match self {
            Stream::Poly1305(p) => p.finalize().as_bytes().to_vec(),
            Stream::Poly1305Aes(p) => p.finalize().as_bytes().to_vec(),
            Stream::Hash127Aes(p) => p.finalize().as_bytes().to_vec(),
            Stream::Auth256(p, false) => p.finalize().as_bytes().to_vec(),
            Stream::Auth256(p, true) => p.finalize128().as_bytes().to_vec(),
        }
    }

    /// Constant-time comparison with an expected tag (of the right length: checked by caller).
    pub(crate) fn verify(self, tag: &[u8]) -> bool {
        match self {
            Stream::Poly1305(p) => p.verify(tag).is_ok(),
            Stream::Poly1305Aes(p) => p.verify(tag).is_ok(),
            Stream::Hash127Aes(p) => p.verify(tag).is_ok(),
            // The caller checked the tag length against the algorithm's.
            Stream::Auth256(p, _) => p.verify(tag).is_ok(),
        }
    }
}
