//! `auth256-pb`: Auth256's pseudo-dot-product and two levels over a polynomial basis, for
//! carry-less multipliers (docs/spec.md §3.3.2).
//!
//! K = F_2\[x\]/(x^256 + x^10 + x^5 + x^2 + 1) ([`wegman_pb256`]); an element is 32 bytes, bit
//! i of byte j the coefficient of x^{8j+i}. The message is padded with 0x01 and zeros to a
//! multiple of 64 bytes and cut into chunks of [`CHUNK`] = 16384 bytes; pair t of a chunk is
//! m_t = bytes \[64t, 64t + 32), m'_t = bytes \[64t + 32, 64t + 64), and
//!
//! ```text
//! H_i = Σ_t (m_{i,t} + r_t)(m'_{i,t} + r'_t),    h = Σ_i H_i·τ^{n−i},    tag = h ⊕ s_n,
//! ```
//!
//! with r_t ‖ r'_t = B(2^126 + 4t) ‖ … ‖ B(2^126 + 4t + 3) (t < 256: a 16 KiB key),
//! τ = B(2^126 + 1024) ‖ B(2^126 + 1025), B(j) = AES256_K(LE128(j)) (the offset 2^126 keeps this
//! key stream apart from Auth256's), and s_n = AES256_K(n ‖ 02 00 00 80) ‖ AES256_K(n ‖ 03 00 00
//! 80) for the 12-byte nonce n.
//!
//! # Security
//! As `auth256-2l` (docs/security.md §4): the pseudo-dot-product is 2^{−256}-almost-XOR-universal
//! over any field of 2^256 elements (Bernstein–Chou §4.1; the argument uses only that K is a
//! field), and the second level adds (n − 1)/2^256 for n chunks; so `auth256-pb` is
//! (n + 1)/2^256-almost-XOR-universal and the MAC's forgery bound is that plus AES-256's
//! distinguishing advantage.
//!
//! # Implementation
//! Level 1 sums the products unreduced on the key's [`PbBackend`] ([`DotSum`]) and reduces
//! once per chunk; level 2 is one product by τ per chunk ([`mul_on`]). Chunks are
//! independent, so `update_parallel` and pieces hash them apart and join them by Horner's
//! rule (h ← h·τ^k + h'); that part, shared with `auth256-2l`, is [`super::levels`].

use std::boxed::Box;
use std::vec::Vec;

use aes::Aes256;
use aes::cipher::{BlockCipherEncrypt, KeyInit};
use wegman_pb256::{Available, DotSum, Fe256x64, PAIR, Pair, mul_on};
use zeroize::{Zeroize, ZeroizeOnDrop};

pub use wegman_pb256::Backend as PbBackend;

use super::levels::{CHUNK, Levels, TwoLevelKey, TwoLevelMac, TwoLevelPiece};
use super::{Auth256Tag, KEY_SIZE, NONCE_SIZE};
use crate::Error;
use crate::error::{array_from, key_len, nonce_len};
use crate::wire::{PieceReader, PieceWriter};

/// A streaming `auth256-pb` computation for one message and nonce.
pub type Auth256Pb<'k> = TwoLevelMac<'k, Auth256PbKey>;

/// The `auth256-pb` hash of one piece of a message (see [`Auth256PbKey::piece_at`]).
pub type Auth256PbPiece<'k> = TwoLevelPiece<'k, Auth256PbKey>;

/// Pairs per chunk.
const CHUNK_PAIRS: usize = CHUNK / PAIR;

/// Pairs of the one-call path of [`Auth256PbKey::mac`] for short messages.
const SHORT_PAIRS: usize = 4;

/// The first key-stream counter of `auth256-pb` (2^126).
const BASE: u128 = 1 << 126;

/// An `auth256-pb` key: the AES-256 schedule (pads), the 16 KiB level-1 key and τ, and the
/// backend its products run on. Shareable between threads; zeroized on drop.
pub struct Auth256PbKey {
    aes: Aes256,
    level1: Box<[Pair; CHUNK_PAIRS]>,
    tau: Fe256x64,
    backend: Available,
}

impl Auth256PbKey {
    /// Expands an AES-256 key (every 32-byte string is a key) on the fastest backend of
    /// this CPU.
    pub fn new(key: &[u8; KEY_SIZE]) -> Auth256PbKey {
        Auth256PbKey::build(key, Available::detect())
    }

    /// Like [`Auth256PbKey::new`], checking the key length.
    pub fn from_slice(key: &[u8]) -> Result<Auth256PbKey, Error> {
        Ok(Auth256PbKey::new(&array_from(key, key_len)?))
    }

    /// Like [`Auth256PbKey::new`] on a chosen backend; an error if this CPU cannot run it.
    pub fn with_backend(
        key: &[u8; KEY_SIZE],
        backend: PbBackend,
    ) -> Result<Auth256PbKey, wegman_arch::Unavailable> {
        Ok(Auth256PbKey::build(key, Available::new(backend)?))
    }

    fn build(key: &[u8; KEY_SIZE], backend: Available) -> Auth256PbKey {
        let aes = Aes256::new(key.into());
        let mut level1 = Box::new([[0u8; PAIR]; CHUNK_PAIRS]);
        // The counters LE128(2^126 + j), encrypted in place.
        let (blocks, _) = aes::Block::slice_as_chunks_mut(level1.as_flattened_mut());
        for (j, b) in blocks.iter_mut().enumerate() {
            b.copy_from_slice(&(BASE + j as u128).to_le_bytes());
        }
        aes.encrypt_blocks(blocks);
        let mut t = [0u8; 32];
        for (i, half) in t.chunks_exact_mut(16).enumerate() {
            let mut b: aes::Block = (BASE + (4 * CHUNK_PAIRS + i) as u128).to_le_bytes().into();
            aes.encrypt_block(&mut b);
            half.copy_from_slice(&b);
            b.as_mut_slice().zeroize();
        }
        let tau = Fe256x64::from_bytes(&t);
        t.zeroize();
        Auth256PbKey {
            aes,
            level1,
            tau,
            backend,
        }
    }

    /// The backend this key runs on.
    pub fn backend(&self) -> PbBackend {
        self.backend.get()
    }

    /// The pad s_n = AES256_K(n ‖ 02 00 00 80) ‖ AES256_K(n ‖ 03 00 00 80).
    fn pad(&self, nonce: &[u8; NONCE_SIZE]) -> [u8; 32] {
        super::keystream::pad_blocks(&self.aes, nonce, 2)
    }

    /// 16 bytes that identify the key without revealing it: AES256_K(0xff…ff), a block no pad
    /// or key-stream counter produces.
    fn check_value(&self) -> [u8; 16] {
        let mut b: aes::Block = [0xff; 16].into();
        self.aes.encrypt_block(&mut b);
        b.into()
    }

    /// Starts a streaming `auth256-pb` of one message under `nonce`.
    pub fn start(&self, nonce: &[u8; NONCE_SIZE]) -> Auth256Pb<'_> {
        TwoLevelMac::new(self, nonce, ())
    }

    /// Like [`Auth256PbKey::start`], checking the nonce length.
    pub fn start_from_slice(&self, nonce: &[u8]) -> Result<Auth256Pb<'_>, Error> {
        Ok(self.start(&array_from(nonce, nonce_len)?))
    }

    /// One-shot `auth256-pb`.
    pub fn mac(&self, nonce: &[u8; NONCE_SIZE], msg: &[u8]) -> Auth256Tag {
        // A short message (at most SHORT_PAIRS pairs once padded) is padded on the stack and
        // hashed in one backend call, instead of one for its whole pairs and one for the pad.
        if msg.len() < SHORT_PAIRS * PAIR {
            let mut pairs = [[0u8; PAIR]; SHORT_PAIRS];
            let n = msg.len() / PAIR + 1;
            pairs.as_flattened_mut()[..msg.len()].copy_from_slice(msg);
            pairs.as_flattened_mut()[msg.len()] = 1;
            let mut sum = DotSum::new(self.backend);
            // The key has a pair for every pair of a chunk.
            let fits = sum.absorb(&pairs[..n], &self.level1[..]);
            debug_assert!(fits.is_ok());
            // Only the first n pairs were written.
            pairs[..n].as_flattened_mut().zeroize();
            let mut h = sum.finish().to_bytes();
            let mut pad = self.pad(nonce);
            for (p, x) in pad.iter_mut().zip(h) {
                *p ^= x;
            }
            h.zeroize();
            return super::tag32(pad);
        }
        let mut s = self.start(nonce);
        s.update(msg);
        s.finalize()
    }

    /// The two-level hash h alone (no pad); for tests and analysis.
    pub fn hash(&self, msg: &[u8]) -> [u8; 32] {
        let mut l = Levels::new(self, ());
        l.update(self, msg);
        l.finalize(self).to_bytes()
    }

    /// Constant-time check of an `auth256-pb` tag (32 bytes) or of its first 16 bytes.
    pub fn verify(&self, nonce: &[u8; NONCE_SIZE], msg: &[u8], tag: &[u8]) -> Result<(), Error> {
        let mut s = self.start(nonce);
        s.update(msg);
        s.verify(tag)
    }
}

impl Drop for Auth256PbKey {
    fn drop(&mut self) {
        self.level1.as_flattened_mut().zeroize();
        self.tau.zeroize();
    }
}

impl ZeroizeOnDrop for Auth256PbKey {}

impl core::fmt::Debug for Auth256PbKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Auth256PbKey {{ backend: {}, .. }}", self.backend)
    }
}

impl Auth256PbKey {
    /// Starts an independent `auth256-pb` of the part of a message that begins `offset` bytes
    /// in (a multiple of [`CHUNK`]: chunks are hashed independently). Feed it with
    /// [`TwoLevelPiece::update`], then join it to the piece before it
    /// ([`TwoLevelPiece::merge`]) or to the MAC that ends where it starts
    /// ([`TwoLevelMac::absorb`]); the tag is the serial tag.
    ///
    /// ```
    /// use wegman_mac::hash256::{Auth256PbKey, CHUNK};
    /// let key = Auth256PbKey::new(&[7u8; 32]);
    /// let (nonce, msg) = ([1u8; 12], vec![42u8; 3 * CHUNK + 5]);
    /// let mut second = key.piece_at(2 * CHUNK as u64)?;
    /// second.update(&msg[2 * CHUNK..]);
    /// let mut whole = key.start(&nonce);
    /// whole.update(&msg[..2 * CHUNK]);
    /// whole.absorb(second)?;
    /// assert_eq!(whole.finalize(), key.mac(&nonce, &msg));
    /// # Ok::<(), wegman_mac::Error>(())
    /// ```
    pub fn piece_at(&self, offset: u64) -> Result<Auth256PbPiece<'_>, Error> {
        TwoLevelPiece::new(self, (), offset)
    }

    /// Reads a piece written by [`TwoLevelPiece::to_bytes`] under this key.
    ///
    /// Errors: [`Error::PieceEncoding`] if `blob` is not such a piece or was written under
    /// another key (a check value derived from the key is compared in constant time).
    pub fn piece_from_bytes(&self, blob: &[u8]) -> Result<Auth256PbPiece<'_>, Error> {
        TwoLevelPiece::from_bytes(self, blob)
    }

    /// Absorbs whole pairs at pair `t` of a chunk (they fit in the chunk: the callers).
    fn absorb_pairs(&self, sum: &mut DotSum, t: usize, pairs: &[Pair]) {
        // The key has a pair for every pair of the chunk.
        let fits = sum.absorb(pairs, &self.level1[t..]);
        debug_assert!(fits.is_ok());
    }
}

/// Level 1 of one `auth256-pb` chunk: the unreduced sum over its whole pairs and its partial
/// pair.
pub struct PbChunk {
    sum: DotSum,
    /// The partial pair (the chunk's length mod 64 bytes of it).
    buf: [u8; PAIR],
}

impl core::fmt::Debug for PbChunk {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("PbChunk { .. }")
    }
}

impl Drop for PbChunk {
    fn drop(&mut self) {
        self.buf.zeroize();
    }
}

/// Level 1 is [`DotSum`] on the key's backend over the key's 256 pairs; level 2 is
/// [`Fe256x64`], multiplied on the same backend.
impl TwoLevelKey for Auth256PbKey {
    type Chunk = PbChunk;
    type Elem = Fe256x64;
    type Params = ();
    const KIND: u8 = 5;
    const START_REASON: &'static str =
        "an auth256-pb piece must start at a multiple of 16384 bytes";
    const FOLLOW_REASON: &'static str =
        "an auth256-pb piece must follow a whole number of 16384-byte chunks";

    fn chunk(&self, (): ()) -> PbChunk {
        PbChunk {
            sum: DotSum::new(self.backend),
            buf: [0; PAIR],
        }
    }

    fn params(_: &PbChunk) {}

    fn absorb(&self, c: &mut PbChunk, mut at: usize, mut data: &[u8]) {
        while !data.is_empty() {
            let partial = at % PAIR;
            if partial > 0 {
                let take = (PAIR - partial).min(data.len());
                c.buf[partial..partial + take].copy_from_slice(&data[..take]);
                data = &data[take..];
                at += take;
                if partial + take == PAIR {
                    let mut pair = c.buf;
                    self.absorb_pairs(&mut c.sum, at / PAIR - 1, &[pair]);
                    pair.zeroize();
                    c.buf.zeroize();
                }
                continue;
            }
            let (pairs, rest) = data.as_chunks::<PAIR>();
            if pairs.is_empty() {
                // Fewer than 64 bytes left.
                c.buf[..data.len()].copy_from_slice(data);
                return;
            }
            self.absorb_pairs(&mut c.sum, at / PAIR, pairs);
            at += pairs.len() * PAIR;
            data = rest;
        }
    }

    fn take(&self, c: &mut PbChunk) -> Fe256x64 {
        c.sum.finish()
    }

    fn last(&self, mut c: PbChunk, len: usize) -> Fe256x64 {
        // 0x01 and zeros to a whole pair.
        let partial = len % PAIR;
        let mut pair = [0u8; PAIR];
        pair[..partial].copy_from_slice(&c.buf[..partial]);
        pair[partial] = 1;
        self.absorb_pairs(&mut c.sum, len / PAIR, &[pair]);
        pair.zeroize();
        c.sum.finish()
    }

    fn zero() -> Fe256x64 {
        Fe256x64::ZERO
    }

    fn one() -> Fe256x64 {
        Fe256x64::ONE
    }

    fn add(a: &Fe256x64, b: &Fe256x64) -> Fe256x64 {
        a.add(b)
    }

    fn mul(&self, a: &Fe256x64, b: &Fe256x64) -> Fe256x64 {
        mul_on(self.backend, a, b)
    }

    fn times_tau(&self, h: &Fe256x64) -> Fe256x64 {
        mul_on(self.backend, h, &self.tau)
    }

    fn tau(&self) -> Fe256x64 {
        self.tau
    }

    fn elem_bytes(e: &Fe256x64) -> [u8; 32] {
        e.to_bytes()
    }

    fn elem_from(b: &[u8; 32]) -> Fe256x64 {
        Fe256x64::from_bytes(b)
    }

    fn pad(&self, nonce: &[u8; NONCE_SIZE]) -> [u8; 32] {
        Auth256PbKey::pad(self, nonce)
    }

    fn check_value(&self) -> [u8; 16] {
        Auth256PbKey::check_value(self)
    }

    fn write_params((): (), _: &mut PieceWriter) {}

    fn read_params(_: &mut PieceReader<'_>) -> Result<(), Error> {
        Ok(())
    }

    fn save(&self, c: &mut PbChunk, len: usize) -> ([u8; 32], Vec<u8>) {
        // The partial sum, reduced, stays in the chunk (finish empties the sum).
        let mut s = c.sum.finish();
        c.sum.add(&s);
        let sum = s.to_bytes();
        s.zeroize();
        (sum, c.buf[..len % PAIR].to_vec())
    }

    fn restore(&self, (): (), len: usize, sum: &[u8; 32], tail: &[u8]) -> Option<PbChunk> {
        if tail.len() != len % PAIR {
            return None;
        }
        let mut c = self.chunk(());
        let mut s = Fe256x64::from_bytes(sum);
        c.sum.add(&s);
        s.zeroize();
        c.buf[..tail.len()].copy_from_slice(tail);
        Some(c)
    }
}
