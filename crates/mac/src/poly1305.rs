//! Poly1305 and Poly1305-AES: polynomial evaluation modulo 2^130 − 5.
//!
//! # The hash
//! A message m is cut into 16-byte chunks; chunk i (with q chunks in all) becomes the integer
//! c_i = Σ_j m[16i + j]·2^{8j} + 2^{8·len}, where len is the chunk's length (16 except perhaps
//! for the last). With the 16-byte key r read little-endian (see *Key formats*),
//!
//! ```text
//! Poly1305_r(m, s) = ((c_1·r^q + c_2·r^{q−1} + … + c_q·r) mod (2^130 − 5) + s) mod 2^128
//! ```
//!
//! as 16 bytes little-endian. Two distinct messages of at most L bytes collide for at most
//! 8⌈L/16⌉ of the 2^106 possible r, which bounds the forgery probability of every MAC below
//! (Bernstein, *The Poly1305-AES message-authentication code*, FSE 2005, Theorem 3.3).
//!
//! # The two MACs
//! - [`Poly1305`] is the one-time authenticator of RFC 8439 §2.5: the 32-byte key is `r || s`
//!   and **must not** authenticate two messages. Bits of r that the paper requires clear are
//!   *clamped* (cleared) silently, exactly as RFC 8439 does, so every 32-byte string is a key.
//! - [`Poly1305Aes`] is the MAC of the paper: the 32-byte key is `k || r` with k an AES-128 key,
//!   each message has its own 16-byte nonce n, and the tag is `Poly1305_r(m, AES_k(n))`. A key
//!   whose r has any clamp bit set is **rejected** with [`Error::InvalidKey`]: the paper defines
//!   such strings not to be keys, and silently changing a key would hide a broken key source.
//!   [`Poly1305AesKey::clamp_key_bytes`] turns 32 random bytes into a valid key.
//!
//! # Key formats
//! `r = r[0] + 2^8·r[1] + … + 2^120·r[15]`, with `r[3], r[7], r[11], r[15] < 16` (top four
//! bits clear) and `r[4], r[8], r[12] ≡ 0 (mod 4)` (bottom two bits clear): 106 free bits.
//!
//! # Performance and key agility
//! No per-key precomputation is needed beyond splitting r into limbs (the paper's point: a new
//! key per message costs nothing extra beyond one AES call). The [`Backend`] is detected once
//! per hasher and matched once per `update` call.
//!
//! # Constant time
//! The arithmetic is branch-free in the key and the message, tags compare with [`subtle`], and
//! all key material is zeroized on drop. The one key-dependent branch is the validity check of
//! a Poly1305-AES key, which reveals only whether the key is valid, as its error does anyway.

mod aes;
mod backend;
mod pieces;
mod state;
mod uhf;

use zeroize::{Zeroize, ZeroizeOnDrop};

pub use self::aes::{Poly1305Aes, Poly1305AesKey};
use self::backend::Avail;
pub use self::backend::Backend;
pub use self::pieces::Poly1305Piece;
use self::state::Core;
use crate::error::{array_from, key_len};
use crate::{Error, Tag};
use wegman_arch::Unavailable;

/// Bytes in a Poly1305 or Poly1305-AES key.
pub const KEY_SIZE: usize = 32;
/// Bytes in a Poly1305-AES nonce.
pub const NONCE_SIZE: usize = 16;
/// Bytes in a message chunk.
pub const BLOCK_SIZE: usize = 16;
/// Bytes in a tag.
pub const TAG_SIZE: usize = 16;

/// A Poly1305 or Poly1305-AES tag.
pub type Poly1305Tag = Tag<TAG_SIZE>;

/// The bits of r that may be set: clamping is `r & CLAMP`.
const CLAMP: u128 = 0x0fff_fffc_0fff_fffc_0fff_fffc_0fff_ffff;

/// The bulk-call lengths at which some backend changes its path (vector kernel or base 2^64
/// scalar code, one accumulator chain or two): the tests run every backend on both sides of
/// each, in one-shot and in every split of streaming updates.
#[doc(hidden)]
pub const THRESHOLDS: &[usize] = &[
    #[cfg(target_arch = "x86_64")]
    backend::avx2::VECTOR_MIN[0],
    #[cfg(target_arch = "x86_64")]
    backend::avx2::VECTOR_MIN[1],
    #[cfg(target_arch = "x86_64")]
    backend::avx2::TWO_CHAINS_MIN,
    #[cfg(target_arch = "x86_64")]
    backend::ifma::VECTOR_MIN_SPLIT[0],
    #[cfg(target_arch = "x86_64")]
    backend::ifma::VECTOR_MIN_SPLIT[1],
    #[cfg(target_arch = "x86_64")]
    backend::ifma::VECTOR_MIN_FULL[0],
    #[cfg(target_arch = "x86_64")]
    backend::ifma::VECTOR_MIN_FULL[1],
];

/// The one-time authenticator Poly1305 of RFC 8439 §2.5 (key `r || s`, r clamped).
///
/// A key must authenticate **one** message only: two tags under one key reveal r. Use
/// [`Poly1305Aes`] (or derive a fresh key per message, as ChaCha20-Poly1305 does) for a MAC
/// that takes many messages.
///
/// ```
/// use wegman_mac::poly1305::Poly1305;
/// // RFC 8439 §2.5.2
/// let key = *b"\x85\xd6\xbe\x78\x57\x55\x6d\x33\x7f\x44\x52\xfe\x42\xd5\x06\xa8\
///              \x01\x03\x80\x8a\xfb\x0d\xb2\xfd\x4a\xbf\xf6\xaf\x41\x49\xf5\x1b";
/// let tag = Poly1305::mac(&key, b"Cryptographic Forum Research Group");
/// assert_eq!(format!("{tag:x}"), "a8061dc1305136c6c22b8baf0c0127a9");
/// ```
#[derive(Clone)]
pub struct Poly1305 {
    core: Core,
    /// The pad s, read little-endian.
    s: u128,
}

impl Poly1305 {
    /// Starts a hash under the one-time key `r || s` (r is clamped).
    #[inline]
    pub fn new(key: &[u8; KEY_SIZE]) -> Self {
        Poly1305::with_available(key, Avail::detect())
    }

    /// Like [`Poly1305::new`], checking the key length.
    pub fn new_from_slice(key: &[u8]) -> Result<Self, Error> {
        Ok(Poly1305::new(&array_from(key, key_len)?))
    }

    /// Like [`Poly1305::new`] with a chosen backend (tests and benchmarks compare them); an
    /// error if this CPU cannot run it.
    #[doc(hidden)]
    pub fn with_backend(key: &[u8; KEY_SIZE], backend: Backend) -> Result<Self, Unavailable> {
        Ok(Poly1305::with_available(key, Avail::new(backend)?))
    }

    #[inline]
    pub(crate) fn with_available(key: &[u8; KEY_SIZE], backend: Avail) -> Self {
        let (r, s) = key.split_at(16);
        Poly1305 {
            core: Core::new(r.try_into().unwrap(), backend),
            s: u128::from_le_bytes(s.try_into().unwrap()),
        }
    }

    /// The backend this hasher runs on.
    pub fn backend(&self) -> Backend {
        self.core.backend.get()
    }

    /// One-shot: the tag of `msg` under the one-time key `key`.
    #[inline]
    pub fn mac(key: &[u8; KEY_SIZE], msg: &[u8]) -> Poly1305Tag {
        let mut p = Poly1305::new(key);
        p.update(msg);
        p.finalize()
    }

    /// Absorbs more of the message; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.core.update(data);
    }

    /// The tag of everything absorbed.
    #[inline]
    pub fn finalize(mut self) -> Poly1305Tag {
        self.core.finalize(self.s)
    }

    /// Constant-time check of `tag` against the tag of everything absorbed.
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        self.finalize().verify(tag)
    }

    /// Forgets the message absorbed so far, keeping the key.
    pub fn reset(&mut self) {
        self.core.reset();
    }
}

impl Drop for Poly1305 {
    fn drop(&mut self) {
        self.core.zeroize();
        self.s.zeroize();
    }
}

impl ZeroizeOnDrop for Poly1305 {}

impl core::fmt::Debug for Poly1305 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Poly1305")
            .field("backend", &self.core.backend)
            .finish_non_exhaustive()
    }
}
