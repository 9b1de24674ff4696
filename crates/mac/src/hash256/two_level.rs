//! `auth256-2l`: Auth256 with a constant-size key (docs/spec.md §3.3.1).
//!
//! The message is padded once, as Hash256 pads it for the chosen b, and cut into chunks of
//! [`CHUNK`] = 16384 bytes P_1 … P_n (only the last may be shorter). Each chunk is hashed by
//! Hash256's pseudo-dot-product with the **same** level-1 key r_0, r'_0 … r_255, r'_255 (the
//! first 16 KiB of the Auth256-AES key stream), giving H_i in the polynomial basis; the chunk
//! hashes are combined by Horner's rule with τ = B(1024) ‖ B(1025) read in the polynomial
//! basis, h = Σ_i H_i·τ^{n−i}; the tag is h ⊕ s_n with Auth256's pad. A message that pads to
//! at most one chunk has n = 1 and the tag of `auth256`.
//!
//! # Security
//! For distinct messages the difference of the two-level hashes is a polynomial in τ of degree
//! at most n − 1 (n the larger chunk count) with chunk-hash differences as coefficients: it is
//! identically zero only if level 1 collides (≤ 2^{−255} over the level-1 key), and otherwise τ,
//! independent of level 1, is a root with probability ≤ (n − 1)/2^{256}. So `auth256-2l` is
//! (n + 1)/2^{256}-almost-XOR-universal; docs/security.md §4 writes the argument out.
//!
//! # Implementation
//! Level 1 is [`super::state::State`], Hash256's streaming state, restarted at pair 0 for
//! every chunk; the key caches the 16 KiB of level-1 key stream it reads. Level 2 multiplies
//! by the fixed τ as an F_2-linear map ([`TimesTau`]): 256 rows τ·(2^j·x^k), applied by masked
//! XORs, constant-time in h; one product per 16 KiB chunk.

use wegman_arch::Unavailable;
use wegman_gf256::tower::Gf256;
use wegman_gf256::{Available, Backend};
use zeroize::{Zeroize, ZeroizeOnDrop};

use super::keystream::Keys;
use super::state::State;
use super::{Auth256Key, Auth256Tag, Auth256Tag128, Encoding, KEY_SIZE, NONCE_SIZE, TAG128_SIZE};
use crate::error::{array_from, key_len, nonce_len};
use crate::{Error, Tag};

/// Bytes of padded message per chunk, and of level-1 key stream.
pub const CHUNK: usize = 16384;

/// Key-stream bytes the key caches: one cache chunk of the Auth256 stream, which holds the
/// level-1 key (16 KiB) and τ (computed once at set-up).
const CACHE: usize = 64 << 10;

/// Multiplication by a fixed element τ of K as an F_2-linear map on the 256 bits of the
/// polynomial-basis bytes: row 8k + j is τ·(2^j)·x^k, the image of bit j of byte k.
pub(super) struct TimesTau {
    rows: [[u64; 4]; 256],
}

impl TimesTau {
    /// The rows for τ given as 32 polynomial-basis bytes: τ·2^j coefficient by coefficient,
    /// then repeated multiplication by x (x^32 = x^17 + x^2 + α8).
    pub(super) fn new(tau: &[u8; 32]) -> TimesTau {
        let mut rows = [[0u64; 4]; 256];
        for j in 0..8 {
            let g = Gf256::from_u8(1 << j);
            let mut v: [Gf256; 32] = core::array::from_fn(|i| Gf256::from_u8(tau[i]) * g);
            for k in 0..32 {
                rows[8 * k + j] = words(&v.map(Gf256::to_u8));
                let top = v[31];
                v.copy_within(0..31, 1);
                v[0] = top * Gf256::ALPHA8;
                v[2] += top;
                v[17] += top;
            }
        }
        TimesTau { rows }
    }

    /// h·τ: Σ_i bit_i(h)·row_i, by masks (no branch or index on h).
    pub(super) fn mul(&self, h: &[u8; 32]) -> [u8; 32] {
        let hw = words(h);
        let mut acc = [0u64; 4];
        // An opaque 1 keeps LLVM from turning the masked XOR into a branch on the bit.
        let one = core::hint::black_box(1u64);
        for (i, row) in self.rows.iter().enumerate() {
            let mask = 0u64.wrapping_sub((hw[i / 64] >> (i % 64)) & one);
            for (a, r) in acc.iter_mut().zip(row) {
                *a ^= r & mask;
            }
        }
        let mut out = [0u8; 32];
        for (o, a) in out.chunks_exact_mut(8).zip(acc) {
            o.copy_from_slice(&a.to_le_bytes());
        }
        out
    }
}

impl Drop for TimesTau {
    fn drop(&mut self) {
        self.rows.as_flattened_mut().zeroize();
    }
}

/// 32 bytes as four little-endian words (bit i of the bytes is bit i % 64 of word i / 64).
fn words(b: &[u8; 32]) -> [u64; 4] {
    core::array::from_fn(|w| u64::from_le_bytes(b[8 * w..8 * w + 8].try_into().unwrap_or([0; 8])))
}

/// An `auth256-2l` key: the Auth256-AES key (its stream cached for the 16 KiB of level 1) and
/// the level-2 map of τ. Shareable between threads; zeroized on drop.
pub struct Auth256TwoLevelKey {
    key: Auth256Key,
    tau: TimesTau,
}

impl Auth256TwoLevelKey {
    /// Expands an AES-256 key (every 32-byte string is a key).
    pub fn new(key: &[u8; KEY_SIZE]) -> Auth256TwoLevelKey {
        Auth256TwoLevelKey::build(Auth256Key::with_cache_limit(key, CACHE))
    }

    /// Like [`Auth256TwoLevelKey::new`], checking the key length.
    pub fn from_slice(key: &[u8]) -> Result<Auth256TwoLevelKey, Error> {
        Ok(Auth256TwoLevelKey::new(&array_from(key, key_len)?))
    }

    /// Like [`Auth256TwoLevelKey::new`] on a chosen backend; an error if this CPU cannot run
    /// it.
    pub fn with_backend(
        key: &[u8; KEY_SIZE],
        backend: Backend,
    ) -> Result<Auth256TwoLevelKey, Unavailable> {
        Ok(Auth256TwoLevelKey::build(Auth256Key::with_options(
            key, backend, CACHE,
        )?))
    }

    fn build(key: Auth256Key) -> Auth256TwoLevelKey {
        let mut tau = [0u8; 32];
        for (i, half) in tau.chunks_exact_mut(16).enumerate() {
            let j = (CHUNK / 16 + i) as u128;
            half.copy_from_slice(&key.encrypt_block(j.to_le_bytes()));
        }
        let map = TimesTau::new(&tau);
        tau.zeroize();
        Auth256TwoLevelKey { key, tau: map }
    }

    /// The backend this key runs on.
    pub fn backend(&self) -> Backend {
        self.key.backend()
    }

    /// Starts a streaming `auth256-2l` of one message under `nonce`, encoding b = 1.
    pub fn start(&self, nonce: &[u8; NONCE_SIZE]) -> Auth256TwoLevel<'_> {
        self.start_with(nonce, Encoding::B1)
    }

    /// Starts a streaming `auth256-2l` with the given encoding.
    pub fn start_with(&self, nonce: &[u8; NONCE_SIZE], enc: Encoding) -> Auth256TwoLevel<'_> {
        Auth256TwoLevel {
            key: self,
            nonce: *nonce,
            levels: Levels::new(enc, self.key.available()),
        }
    }

    /// Like [`Auth256TwoLevelKey::start_with`], checking the nonce length.
    pub fn start_from_slice(
        &self,
        nonce: &[u8],
        enc: Encoding,
    ) -> Result<Auth256TwoLevel<'_>, Error> {
        Ok(self.start_with(&array_from(nonce, nonce_len)?, enc))
    }

    /// One-shot `auth256-2l` (b = 1).
    pub fn mac(&self, nonce: &[u8; NONCE_SIZE], msg: &[u8]) -> Auth256Tag {
        self.mac_with(nonce, Encoding::B1, msg)
    }

    /// One-shot `auth256-2l` with the given encoding.
    pub fn mac_with(&self, nonce: &[u8; NONCE_SIZE], enc: Encoding, msg: &[u8]) -> Auth256Tag {
        let mut s = self.start_with(nonce, enc);
        s.update(msg);
        s.finalize()
    }

    /// The two-level hash h alone (no pad), polynomial basis; for tests and analysis.
    pub fn hash(&self, enc: Encoding, msg: &[u8]) -> [u8; 32] {
        let mut l = Levels::new(enc, self.key.available());
        l.update(self, msg);
        l.finalize(self)
    }

    /// Constant-time check of an `auth256-2l` or `auth256-2l-128` tag (by its length) for
    /// `msg`, b = 1.
    pub fn verify(&self, nonce: &[u8; NONCE_SIZE], msg: &[u8], tag: &[u8]) -> Result<(), Error> {
        let mut s = self.start(nonce);
        s.update(msg);
        s.verify(tag)
    }

    fn keys(&self) -> Keys<'_> {
        self.key.keys()
    }
}

impl ZeroizeOnDrop for Auth256TwoLevelKey {}

impl core::fmt::Debug for Auth256TwoLevelKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "Auth256TwoLevelKey {{ backend: {}, .. }}",
            self.backend()
        )
    }
}

/// The two levels of one message: the current chunk's Hash256 state and the Horner value of
/// the chunks closed before it.
struct Levels {
    /// Level 1 of the current chunk (pairs counted from 0).
    cur: State,
    /// Message bytes in the current chunk.
    cur_len: usize,
    /// Σ H_i·τ^{closed − i} over the closed chunks (polynomial basis).
    h: [u8; 32],
    /// Chunks closed.
    closed: u64,
    /// The backend of every chunk's state.
    backend: Available,
}

impl Levels {
    fn new(enc: Encoding, backend: Available) -> Levels {
        Levels {
            cur: State::new(enc, backend),
            cur_len: 0,
            h: [0; 32],
            closed: 0,
            backend,
        }
    }

    /// h ← h·τ + H.
    fn horner(&mut self, key: &Auth256TwoLevelKey, mut hi: [u8; 32]) {
        let mut t = key.tau.mul(&self.h);
        for (x, y) in t.iter_mut().zip(hi) {
            *x ^= y;
        }
        self.h = t;
        self.closed += 1;
        hi.zeroize();
        t.zeroize();
    }

    /// Closes the current chunk (full, and more message follows).
    fn close(&mut self, key: &Auth256TwoLevelKey) {
        debug_assert_eq!(self.cur_len, CHUNK);
        let fresh = State::new(self.cur.enc, self.backend);
        let mut done = core::mem::replace(&mut self.cur, fresh);
        let hi = done.unit_sum(&key.keys());
        self.horner(key, hi);
        self.cur_len = 0;
    }

    fn update(&mut self, key: &Auth256TwoLevelKey, mut data: &[u8]) {
        while !data.is_empty() {
            if self.cur_len == CHUNK {
                self.close(key);
            }
            let take = (CHUNK - self.cur_len).min(data.len());
            self.cur.update(&key.keys(), &data[..take]);
            self.cur_len += take;
            data = &data[take..];
        }
    }

    /// Pads the last chunk, closes it and returns h.
    fn finalize(mut self, key: &Auth256TwoLevelKey) -> [u8; 32] {
        let (enc, backend) = (self.cur.enc, self.backend);
        let last = core::mem::replace(&mut self.cur, State::new(enc, backend));
        // A message that fills its last chunk exactly pads into one more: its 0x01 starts
        // chunk n.
        if self.cur_len == CHUNK {
            let mut done = last;
            let hi = done.unit_sum(&key.keys());
            self.horner(key, hi);
            let pad_only = State::new(enc, backend);
            let hn = pad_only.finalize(&key.keys());
            self.horner(key, hn);
        } else {
            let hn = last.finalize(&key.keys());
            self.horner(key, hn);
        }
        self.h
    }
}

impl Drop for Levels {
    fn drop(&mut self) {
        self.h.zeroize();
    }
}

/// A streaming `auth256-2l` computation for one message and nonce.
pub struct Auth256TwoLevel<'k> {
    key: &'k Auth256TwoLevelKey,
    nonce: [u8; NONCE_SIZE],
    levels: Levels,
}

impl Auth256TwoLevel<'_> {
    /// Absorbs more of the message; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.levels.update(self.key, data);
    }

    /// Like [`Auth256TwoLevel::update`], on the threads of the current rayon pool: whole
    /// 16 KiB chunks are hashed apart (level 1 of each is independent), then combined in
    /// order by Horner's rule. Same result.
    #[cfg(feature = "rayon")]
    pub fn update_parallel(&mut self, data: &[u8]) {
        use rayon::prelude::*;
        use std::vec::Vec;
        const MIN_CHUNKS: usize = 16;
        let threads = rayon::current_num_threads();
        if threads < 2 || data.len() < (MIN_CHUNKS + 1) * CHUNK {
            self.update(data);
            return;
        }
        // Fill the current chunk; the chunks after it start on chunk boundaries.
        let take = (CHUNK - self.levels.cur_len) % CHUNK;
        self.update(&data[..take]);
        let data = &data[take..];
        // Whole chunks hashed apart, except the last one, which stays open: it may be the
        // message's last chunk, whose padding `finalize` adds.
        let whole = (data.len() - 1) / CHUNK;
        if whole > 0 && self.levels.cur_len == CHUNK {
            self.levels.close(self.key);
        }
        let (enc, backend, key) = (self.levels.cur.enc, self.key.key.available(), self.key);
        let mut hashes: Vec<[u8; 32]> = data[..whole * CHUNK]
            .par_chunks(CHUNK)
            .map(|c| {
                let mut st = State::new(enc, backend);
                st.update(&key.keys(), c);
                st.unit_sum(&key.keys())
            })
            .collect();
        for hi in &hashes {
            self.levels.horner(key, *hi);
        }
        hashes.as_flattened_mut().zeroize();
        self.update(&data[whole * CHUNK..]);
    }

    fn tag_bytes(self) -> [u8; 32] {
        let mut pad = self.key.key.pad(&self.nonce);
        let mut h = self.levels.finalize(self.key);
        for (p, x) in pad.iter_mut().zip(h) {
            *p ^= x;
        }
        h.zeroize();
        pad
    }

    /// The `auth256-2l` tag: h ⊕ s_n.
    pub fn finalize(self) -> Auth256Tag {
        let mut b = self.tag_bytes();
        let t = Tag::from_bytes(b);
        b.zeroize();
        t
    }

    /// The `auth256-2l-128` tag: its first 16 bytes.
    pub fn finalize128(self) -> Auth256Tag128 {
        let mut b = self.tag_bytes();
        let t = Tag::from_bytes(core::array::from_fn(|i| b[i]));
        b.zeroize();
        t
    }

    /// Constant-time check of a 32-byte tag or a 16-byte `-128` tag (the length, which is
    /// public, says which).
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        match tag.len() {
            TAG128_SIZE => self.finalize128().verify(tag),
            _ => self.finalize().verify(tag),
        }
    }
}

impl core::fmt::Debug for Auth256TwoLevel<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Auth256TwoLevel { .. }")
    }
}
