//! The Auth256-AES key (docs/spec.md §3.3): its key stream and the backend its hashing runs on.

use wegman_gf256::{Available, Backend};
use zeroize::ZeroizeOnDrop;

use super::keystream::{KeyStream, Keys};
use super::state::State;
use super::{Auth256, Auth256Tag, Auth256Tag128, Encoding, KEY_SIZE, NONCE_SIZE};
use crate::Error;
use crate::error::{array_from, key_len, nonce_len};

/// Default cap on the cached key stream, in bytes (64 MiB).
pub const DEFAULT_CACHE_LIMIT: usize = 64 << 20;

/// An Auth256-AES key: the AES-256 key schedule and a cache of the hash key stream, grown on
/// demand (message-length dependent) up to a limit. Shareable between threads; zeroized on
/// drop (the cached chunks wipe themselves; the AES schedule is zeroized by the `aes` crate).
pub struct Auth256Key {
    stream: KeyStream,
    backend: Available,
}

impl Auth256Key {
    /// Expands an AES-256 key (every 32-byte string is a key). The key stream is cached up to
    /// [`DEFAULT_CACHE_LIMIT`] bytes.
    pub fn new(key: &[u8; KEY_SIZE]) -> Auth256Key {
        Auth256Key::build(key, Available::detect(), DEFAULT_CACHE_LIMIT)
    }

    /// Like [`Auth256Key::new`], checking the key length.
    pub fn from_slice(key: &[u8]) -> Result<Auth256Key, Error> {
        Ok(Auth256Key::new(&array_from(key, key_len)?))
    }

    /// Like [`Auth256Key::new`] with a cap on the cached key stream, in bytes (0 caches
    /// nothing: every message then recomputes its key stream with AES).
    pub fn with_cache_limit(key: &[u8; KEY_SIZE], limit_bytes: usize) -> Auth256Key {
        Auth256Key::build(key, Available::detect(), limit_bytes)
    }

    /// Like [`Auth256Key::with_cache_limit`] on a chosen backend (tests and benchmarks
    /// compare them); an error if this CPU cannot run it.
    #[doc(hidden)]
    pub fn with_options(
        key: &[u8; KEY_SIZE],
        backend: Backend,
        limit_bytes: usize,
    ) -> Result<Auth256Key, wegman_arch::Unavailable> {
        Ok(Auth256Key::build(
            key,
            Available::new(backend)?,
            limit_bytes,
        ))
    }

    fn build(key: &[u8; KEY_SIZE], backend: Available, limit_bytes: usize) -> Auth256Key {
        Auth256Key {
            stream: KeyStream::new(key, limit_bytes),
            backend,
        }
    }

    /// The backend this key runs on.
    pub fn backend(&self) -> Backend {
        self.backend.get()
    }

    /// The checked backend, for the hashing states of `update_parallel` and pieces.
    pub(super) fn available(&self) -> Available {
        self.backend
    }

    /// AES256_K(block); for the key check value of pieces.
    pub(super) fn encrypt_block(&self, block: [u8; 16]) -> [u8; 16] {
        self.stream.encrypt_block(block)
    }

    /// The key pairs of this key's stream, for a hashing state.
    pub(super) fn keys(&self) -> Keys<'_> {
        Keys::Auth(&self.stream)
    }

    /// Bytes of key stream cached now.
    pub fn cached_bytes(&self) -> usize {
        self.stream.cached_bytes()
    }

    /// The pad s_n = AES256_K(n || 00 00 00 80) || AES256_K(n || 01 00 00 80).
    pub(super) fn pad(&self, nonce: &[u8; NONCE_SIZE]) -> [u8; 32] {
        self.stream.pad(nonce)
    }

    /// Starts a streaming `auth256` of one message under `nonce` with encoding b = 1.
    pub fn start(&self, nonce: &[u8; NONCE_SIZE]) -> Auth256<'_> {
        self.start_with(nonce, Encoding::B1)
    }

    /// Starts a streaming `auth256` with the given encoding.
    pub fn start_with(&self, nonce: &[u8; NONCE_SIZE], enc: Encoding) -> Auth256<'_> {
        Auth256 {
            key: self,
            nonce: *nonce,
            state: State::new(enc, self.backend),
        }
    }

    /// Like [`Auth256Key::start_with`], checking the nonce length.
    pub fn start_from_slice(&self, nonce: &[u8], enc: Encoding) -> Result<Auth256<'_>, Error> {
        Ok(self.start_with(&array_from(nonce, nonce_len)?, enc))
    }

    /// One-shot `auth256` (b = 1).
    pub fn mac(&self, nonce: &[u8; NONCE_SIZE], msg: &[u8]) -> Auth256Tag {
        let mut s = self.start(nonce);
        s.update(msg);
        s.finalize()
    }

    /// One-shot `auth256-128` (b = 1): the first 16 bytes of the `auth256` tag.
    pub fn mac128(&self, nonce: &[u8; NONCE_SIZE], msg: &[u8]) -> Auth256Tag128 {
        let mut s = self.start(nonce);
        s.update(msg);
        s.finalize128()
    }

    /// Hash256_r(M) alone (no pad), with this key's stream r; for tests and analysis.
    pub fn hash(&self, enc: Encoding, msg: &[u8]) -> [u8; 32] {
        let mut st = State::new(enc, self.backend);
        st.update(&self.keys(), msg);
        st.finalize(&self.keys())
    }

    /// Constant-time check of an `auth256` or `auth256-128` tag (by its length) for `msg`.
    pub fn verify(&self, nonce: &[u8; NONCE_SIZE], msg: &[u8], tag: &[u8]) -> Result<(), Error> {
        let mut s = self.start(nonce);
        s.update(msg);
        s.verify(tag)
    }
}

impl ZeroizeOnDrop for Auth256Key {}

impl core::fmt::Debug for Auth256Key {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Auth256Key {{ backend: {}, .. }}", self.backend)
    }
}
