//! Hash256 and Auth256: the pseudo-dot-product MAC over F_{2^256} of Bernstein and Chou
//! (*Faster binary-field multiplication and faster binary-field MACs*, SAC 2014).
//!
//! # The field
//! K = F_{2^256} = F_256\[x\]/(x^32 + x^17 + x^2 + α8) over the tower F_256 of
//! [`wegman_gf2::tower`]; an element is 32 bytes, byte i the coefficient of x^i (design.md §2).
//!
//! # The hash
//! A 32-byte block c_0..c_31 is the element Σ_j c_j·y_j in the **y-basis**,
//! y_j = Π_{i: bit i of j} ψ^i(x) with ψ(x) = x² + x (§6.2; y_j is monic of degree j). The
//! message is encoded with a parameter b ∈ {1, 8, 256} ([`Encoding`], §6.3): append 0x01,
//! then 0x00 up to a multiple of 64·b bytes; cut into segments of 32·b bytes M_0, M'_0, M_1,
//! M'_1, …; segment bit t (t = 8·byte + bit) is row t mod b, column ⌊t/b⌋ of a b × 256 bit
//! matrix whose row j is the element m_{b·i+j} (from M_i) or m'_{b·i+j} (from M'_i). With key
//! elements r_t, r'_t in the same basis,
//!
//! ```text
//! Hash256_r(M) = Σ_t (m_t + r_t)·(m'_t + r'_t)   in K,
//! ```
//!
//! output in the polynomial basis. Two distinct messages of the same padded length collide
//! with probability at most 2^{−256} over a uniform key (the pseudo dot product is
//! 2^{−256}-almost-XOR-universal, §4.1); the padding makes lengths part of the message.
//!
//! # Auth256-AES (design.md §3.3)
//! Key: a 32-byte AES-256 key K. The hash key stream is B(0) || B(1) || … with
//! B(j) = AES256_K(LE128(j)); r_t and r'_t are bytes \[64t, 64t + 32) and \[64t + 32, 64t + 64).
//! A 12-byte nonce n gives the pad s_n = AES256_K(n || 00 00 00 80) || AES256_K(n || 01 00 00 80)
//! (the top bit of the last byte keeps pads apart from the key stream), and
//! `auth256 = Hash256_r(M) ⊕ s_n` (32 bytes); `auth256-128` is its first 16 bytes.
//!
//! # Implementation (§4.2–4.3)
//! Every factor m_t + r_t is evaluated by the size-64 additive FFT at the 64 points of the
//! Cantor subspace; since blocks are in the y-basis, the FFT needs no radix conversion
//! ([`wegman_gf2::fft::fft64_ybasis`]). The products are multiplied pointwise and **summed in
//! the FFT domain**, so a whole message costs one inverse FFT and one reduction. Batches of 64
//! pairs are processed at once by a [`Backend`]: bitsliced words (portable) or byte-sliced
//! AVX-512 GFNI vectors. The key stream is expanded lazily and cached in the key
//! ([`Auth256Key`]), up to a limit beyond which it is recomputed per message.
//!
//! # Constant time
//! No branch or memory index depends on the key or the message: the FFT network, the circuits
//! and the vector instructions are straight-line in the data; only lengths are public. Tags
//! compare in constant time ([`Tag`]); the key, the cached key stream and the accumulators are
//! zeroized when dropped.

mod backend;
mod encode;

use std::boxed::Box;
use std::sync::OnceLock;
use std::vec;
use std::vec::Vec;

use aes::Aes256;
use aes::cipher::{BlockCipherEncrypt, KeyInit};
use zeroize::{Zeroize, ZeroizeOnDrop};

pub use self::backend::Backend;
use self::backend::{Acc, BATCH, PAIR, Pair, Sum};
use crate::error::{array_from, key_len, nonce_len};
use crate::{Error, Tag};

/// Bytes in an Auth256-AES key (an AES-256 key).
pub const KEY_SIZE: usize = 32;
/// Bytes in an Auth256 nonce.
pub const NONCE_SIZE: usize = 12;
/// Bytes in an `auth256` tag (an element of F_{2^256}).
pub const TAG_SIZE: usize = 32;
/// Bytes in an `auth256-128` tag.
pub const TAG128_SIZE: usize = 16;

/// An `auth256` tag.
pub type Auth256Tag = Tag<TAG_SIZE>;
/// An `auth256-128` tag.
pub type Auth256Tag128 = Tag<TAG128_SIZE>;

/// The bit-matrix encoding parameter b of §6.3: how many elements share a segment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// b = 1: a 32-byte segment is one element (the default).
    #[default]
    B1,
    /// b = 8: a 256-byte segment holds 8 elements, bit-interleaved.
    B8,
    /// b = 256: an 8192-byte segment holds 256 elements, bit-interleaved (bitsliced).
    B256,
}

impl Encoding {
    /// The encoding with parameter `b`; only 1, 8 and 256 are supported.
    pub fn from_b(b: u32) -> Result<Encoding, Error> {
        match b {
            1 => Ok(Encoding::B1),
            8 => Ok(Encoding::B8),
            256 => Ok(Encoding::B256),
            _ => Err(Error::InvalidParameter {
                reason: "Hash256 supports b = 1, 8 or 256",
            }),
        }
    }

    /// The parameter b.
    pub const fn b(self) -> usize {
        match self {
            Encoding::B1 => 1,
            Encoding::B8 => 8,
            Encoding::B256 => 256,
        }
    }

    /// Bytes of a segment pair M_i || M'_i (64·b): the padded length is a multiple of this.
    pub const fn unit(self) -> usize {
        64 * self.b()
    }

    /// The padded length of a `len`-byte message (0x01, then zeros to a multiple of 64·b).
    pub const fn padded_len(self, len: u64) -> u64 {
        (len + 1).div_ceil(self.unit() as u64) * self.unit() as u64
    }
}

/// Pairs of key stream per cache chunk (64 KiB).
const CHUNK_PAIRS: usize = 1024;
/// Default cap on the cached key stream, in bytes (64 MiB).
pub const DEFAULT_CACHE_LIMIT: usize = 64 << 20;

/// A chunk of expanded key stream: `CHUNK_PAIRS` key pairs. Zeroized on drop.
struct KeyChunk(Box<[Pair]>);

impl Drop for KeyChunk {
    fn drop(&mut self) {
        // A plain fill kept by `optimization_barrier` (zeroize's fast path for large
        // buffers; byte-wise volatile writes cost as much as hashing the chunk).
        self.0.fill([0; PAIR]);
        zeroize::optimization_barrier(&*self.0);
    }
}

/// An Auth256-AES key: the AES-256 key schedule and a cache of the hash key stream, grown on
/// demand (message-length dependent) up to a limit. Shareable between threads; zeroized on
/// drop (the cached chunks wipe themselves; the AES schedule is zeroized by the `aes` crate).
pub struct Auth256Key {
    aes: Aes256,
    backend: Backend,
    /// Chunk c of the key stream, once computed (one slot per chunk under the limit; chunks
    /// are computed on demand, independently, so threads fill different chunks at once).
    cache: Box<[OnceLock<KeyChunk>]>,
}

impl Auth256Key {
    /// Expands an AES-256 key (every 32-byte string is a key). The key stream is cached up to
    /// [`DEFAULT_CACHE_LIMIT`] bytes.
    pub fn new(key: &[u8; KEY_SIZE]) -> Auth256Key {
        Auth256Key::with_options(key, Backend::detect(), DEFAULT_CACHE_LIMIT)
    }

    /// Like [`Auth256Key::new`], checking the key length.
    pub fn from_slice(key: &[u8]) -> Result<Auth256Key, Error> {
        Ok(Auth256Key::new(&array_from(key, key_len)?))
    }

    /// Like [`Auth256Key::new`] with a cap on the cached key stream, in bytes (0 caches
    /// nothing: every message then recomputes its key stream with AES).
    pub fn with_cache_limit(key: &[u8; KEY_SIZE], limit_bytes: usize) -> Auth256Key {
        Auth256Key::with_options(key, Backend::detect(), limit_bytes)
    }

    /// Like [`Auth256Key::new`] on a chosen backend; for tests and benchmarks.
    #[doc(hidden)]
    pub fn with_options(key: &[u8; KEY_SIZE], backend: Backend, limit_bytes: usize) -> Auth256Key {
        assert!(backend.is_available(), "backend {backend} is not available");
        Auth256Key {
            aes: Aes256::new(key.into()),
            backend,
            cache: (0..limit_bytes / (CHUNK_PAIRS * PAIR))
                .map(|_| OnceLock::new())
                .collect(),
        }
    }

    /// The backend this key runs on.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Key pairs `first .. first + count`: B(4·first) onward with AES-256 in counter mode.
    fn compute_pairs(&self, first: u64, count: usize) -> KeyChunk {
        let mut pairs: Box<[Pair]> = vec![[0u8; PAIR]; count].into_boxed_slice();
        let first = u128::from(first) * 4;
        // The counters LE128(j), encrypted in place (no copy of the key stream to wipe).
        let (blocks, _) = aes::Block::slice_as_chunks_mut(pairs.as_flattened_mut());
        for (j, b) in blocks.iter_mut().enumerate() {
            b.copy_from_slice(&(first + j as u128).to_le_bytes());
        }
        self.aes.encrypt_blocks(blocks);
        KeyChunk(pairs)
    }

    /// Key pairs t .. t + n (n ≤ the pairs left in t's chunk): a slice of a cached chunk while
    /// under the cache limit, else computed for exactly these pairs.
    fn key_run(&self, t: u64, n: usize) -> KeyRun<'_> {
        let c = t / CHUNK_PAIRS as u64;
        let off = (t % CHUNK_PAIRS as u64) as usize;
        match usize::try_from(c).ok().and_then(|c| self.cache.get(c)) {
            Some(slot) => KeyRun::Cached(
                slot.get_or_init(|| self.compute_pairs(c * CHUNK_PAIRS as u64, CHUNK_PAIRS)),
                off,
                n,
            ),
            None => KeyRun::Fresh(self.compute_pairs(t, n)),
        }
    }

    /// Bytes of key stream cached now.
    pub fn cached_bytes(&self) -> usize {
        self.cache.iter().filter(|c| c.get().is_some()).count() * CHUNK_PAIRS * PAIR
    }

    /// The pad s_n = AES256_K(n || 00 00 00 80) || AES256_K(n || 01 00 00 80).
    fn pad(&self, nonce: &[u8; NONCE_SIZE]) -> [u8; 32] {
        let mut blocks: [aes::Block; 2] = core::array::from_fn(|i| {
            let mut b = [0u8; 16];
            b[..12].copy_from_slice(nonce);
            b[12] = i as u8;
            b[15] = 0x80;
            b.into()
        });
        self.aes.encrypt_blocks(&mut blocks);
        let mut out = [0u8; 32];
        out[..16].copy_from_slice(&blocks[0]);
        out[16..].copy_from_slice(&blocks[1]);
        blocks.iter_mut().for_each(|b| b.as_mut_slice().zeroize());
        out
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
        st.update(&Keys::Auth(self), msg);
        st.finalize(&Keys::Auth(self))
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

/// Key pairs for a run of message pairs.
enum KeyRun<'a> {
    /// `n` pairs of a cached chunk from offset `off`.
    Cached(&'a KeyChunk, usize, usize),
    /// Computed for this run only.
    Fresh(KeyChunk),
}

impl KeyRun<'_> {
    fn pairs(&self) -> &[Pair] {
        match self {
            KeyRun::Cached(c, off, n) => &c.0[*off..*off + *n],
            KeyRun::Fresh(k) => &k.0,
        }
    }
}

/// Where key pairs come from.
enum Keys<'a> {
    /// The Auth256-AES stream of a key (cached).
    Auth(&'a Auth256Key),
    /// An explicit key stream (long enough: checked by the caller).
    Slice(&'a [Pair]),
}

impl Keys<'_> {
    /// Calls `f(range, key_pairs)` for consecutive runs covering pairs t0 .. t0 + n: `range`
    /// within 0..n, `key_pairs` the keys of pairs t0 + range (a run never crosses a chunk of
    /// the key stream).
    fn for_runs(&self, t0: u64, n: usize, mut f: impl FnMut(core::ops::Range<usize>, &[Pair])) {
        match self {
            Keys::Slice(k) => {
                let t0 = t0 as usize;
                f(0..n, &k[t0..t0 + n]);
            }
            Keys::Auth(key) => {
                let mut done = 0;
                while done < n {
                    let t = t0 + done as u64;
                    let off = (t % CHUNK_PAIRS as u64) as usize;
                    let len = (n - done).min(CHUNK_PAIRS - off);
                    f(done..done + len, key.key_run(t, len).pairs());
                    done += len;
                }
            }
        }
    }

    /// Absorbs `msg` (whole batches) as pairs t0, t0 + 1, … into `acc`.
    fn absorb(&self, backend: Backend, acc: &mut Acc, t0: u64, msg: &[Pair]) {
        self.for_runs(t0, msg.len(), |r, k| {
            backend::absorb(backend, acc, &msg[r], k)
        });
    }

    /// Copies key pairs t0, t0 + 1, … into `out`.
    fn copy_pairs(&self, t0: u64, out: &mut [Pair]) {
        let n = out.len();
        self.for_runs(t0, n, |r, k| out[r].copy_from_slice(k));
    }
}

/// The streaming state shared by every front end: the FFT-domain accumulator, the number of
/// pairs absorbed, and a buffer of unabsorbed message bytes.
struct State {
    enc: Encoding,
    backend: Backend,
    sum: Sum,
    /// Pairs absorbed so far (a multiple of `BATCH`).
    pairs: u64,
    /// Buffered message bytes (fewer than `batch_bytes`).
    buf: Vec<u8>,
    /// Canonical pairs made from `buf` (b > 1).
    scratch: Vec<Pair>,
}

impl State {
    fn new(enc: Encoding, backend: Backend) -> State {
        State {
            enc,
            backend,
            sum: Sum::new(),
            pairs: 0,
            buf: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Bytes absorbed at a time: a whole batch of pairs and a whole segment pair.
    const fn batch_bytes(enc: Encoding) -> usize {
        let u = enc.unit();
        if u > BATCH * PAIR { u } else { BATCH * PAIR }
    }

    /// Absorbs `data` (a multiple of `batch_bytes`, so whole batches and segment pairs).
    fn absorb_bytes(&mut self, keys: &Keys<'_>, data: &[u8]) {
        let (pairs, _) = data.as_chunks::<PAIR>();
        match self.enc {
            Encoding::B1 => {
                keys.absorb(self.backend, self.sum.acc(), self.pairs, pairs);
                self.pairs += pairs.len() as u64;
            }
            Encoding::B8 | Encoding::B256 => {
                let bb = Self::batch_bytes(self.enc);
                self.scratch.resize(bb / PAIR, [0; PAIR]);
                for piece in data.chunks_exact(bb) {
                    encode::to_pairs(self.enc, piece, &mut self.scratch);
                    keys.absorb(self.backend, self.sum.acc(), self.pairs, &self.scratch);
                    self.pairs += self.scratch.len() as u64;
                }
            }
        }
    }

    fn update(&mut self, keys: &Keys<'_>, mut data: &[u8]) {
        let bb = Self::batch_bytes(self.enc);
        if !self.buf.is_empty() {
            let take = (bb - self.buf.len()).min(data.len());
            self.buf.extend_from_slice(&data[..take]);
            data = &data[take..];
            if self.buf.len() == bb {
                let buf = core::mem::take(&mut self.buf);
                self.absorb_bytes(keys, &buf);
                self.buf = buf;
                wipe(&mut self.buf);
                self.buf.clear();
            }
        }
        let direct = data.len() / bb * bb;
        if direct > 0 {
            self.absorb_bytes(keys, &data[..direct]);
        }
        self.buf.extend_from_slice(&data[direct..]);
    }

    /// Pads (0x01, zeros to a multiple of 64·b), absorbs the rest and returns Hash256 in the
    /// polynomial basis.
    fn finalize(mut self, keys: &Keys<'_>) -> [u8; 32] {
        let mut tail = core::mem::take(&mut self.buf);
        tail.push(1);
        let padded = tail.len().next_multiple_of(self.enc.unit());
        tail.resize(padded, 0);
        // Pairs of the tail, canonical: whole batches, then the rest.
        let pairs: &[Pair] = match self.enc {
            Encoding::B1 => tail.as_chunks::<PAIR>().0,
            _ => {
                self.scratch.resize(padded / PAIR, [0; PAIR]);
                encode::to_pairs(self.enc, &tail, &mut self.scratch);
                &self.scratch
            }
        };
        let whole = pairs.len() / BATCH * BATCH;
        if whole > 0 {
            keys.absorb(self.backend, self.sum.acc(), self.pairs, &pairs[..whole]);
        }
        let rest = &pairs[whole..];
        // Key pairs of the rest: on the stack for short messages (no allocation, no 4 KiB
        // clear), else on the heap.
        let mut small = [[0u8; PAIR]; 4];
        let mut large = Vec::new();
        let kp: &mut [Pair] = if rest.len() <= small.len() {
            &mut small[..rest.len()]
        } else {
            large.resize(rest.len(), [0u8; PAIR]);
            &mut large
        };
        keys.copy_pairs(self.pairs + whole as u64, kp);
        backend::absorb_rest(self.backend, &mut self.sum, rest, kp);
        kp.as_flattened_mut().zeroize();
        wipe(&mut tail);
        // One inverse FFT (values at the 64 points to the product's coefficients) and one
        // reduction per message.
        backend::finish(self.backend, &self.sum)
    }
}

/// Clears a buffer: a plain fill that `zeroize::optimization_barrier` keeps the optimizer
/// from removing (per-byte volatile writes would cost more than hashing a short message).
fn wipe(b: &mut [u8]) {
    if !b.is_empty() {
        b.fill(0);
        zeroize::optimization_barrier(b);
    }
}

impl Drop for State {
    fn drop(&mut self) {
        wipe(&mut self.buf);
        wipe(self.scratch.as_flattened_mut());
    }
}

/// Hash256 with an explicit key stream: `key` holds r_0 || r'_0 || r_1 || r'_1 || … (64 bytes
/// per pair) and must cover every pair of the padded message (`enc.padded_len(len) / 64`
/// pairs); extra bytes are ignored. Output: the 32 bytes of the element, polynomial basis.
pub fn hash256(enc: Encoding, key: &[u8], msg: &[u8]) -> Result<[u8; 32], Error> {
    hash256_with_backend(enc, key, msg, Backend::detect())
}

/// [`hash256`] on a chosen backend; for tests.
#[doc(hidden)]
pub fn hash256_with_backend(
    enc: Encoding,
    key: &[u8],
    msg: &[u8],
    backend: Backend,
) -> Result<[u8; 32], Error> {
    assert!(backend.is_available(), "backend {backend} is not available");
    let need = enc.padded_len(msg.len() as u64);
    let need = usize::try_from(need).map_err(|_| Error::KeyLength {
        expected: usize::MAX,
        actual: key.len(),
    })?;
    if key.len() < need {
        return Err(Error::KeyLength {
            expected: need,
            actual: key.len(),
        });
    }
    let (pairs, _) = key[..need].as_chunks::<PAIR>();
    let keys = Keys::Slice(pairs);
    let mut st = State::new(enc, backend);
    st.update(&keys, msg);
    Ok(st.finalize(&keys))
}

/// A streaming Auth256 computation for one message and nonce.
pub struct Auth256<'k> {
    key: &'k Auth256Key,
    nonce: [u8; NONCE_SIZE],
    state: State,
}

impl Auth256<'_> {
    /// Absorbs more of the message; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.state.update(&Keys::Auth(self.key), data);
    }

    /// Like [`Auth256::update`], on the threads of the current rayon pool: whole batches are
    /// split among the threads, each summing into its own accumulator; the sums add. Same
    /// result.
    #[cfg(feature = "rayon")]
    pub fn update_parallel(&mut self, data: &[u8]) {
        use rayon::prelude::*;
        const MIN_PIECE: usize = 256 << 10;
        let threads = rayon::current_num_threads();
        let bb = State::batch_bytes(self.state.enc);
        if threads < 2 || data.len() < 2 * MIN_PIECE {
            self.update(data);
            return;
        }
        // Top up the buffer so the rest starts on a batch boundary.
        let mut data = data;
        if !self.state.buf.is_empty() {
            let take = bb - self.state.buf.len();
            self.update(&data[..take]);
            data = &data[take..];
        }
        let whole = data.len() / bb * bb;
        let pieces = threads.min(whole / MIN_PIECE).max(1);
        let size = whole.div_ceil(pieces).next_multiple_of(bb);
        let (enc, backend, key, start) = (
            self.state.enc,
            self.state.backend,
            self.key,
            self.state.pairs,
        );
        let sums: Vec<(Sum, u64)> = data[..whole]
            .par_chunks(size)
            .enumerate()
            .map(|(i, piece)| {
                let mut st = State::new(enc, backend);
                st.pairs = start + (i * size / PAIR) as u64;
                st.absorb_bytes(&Keys::Auth(key), piece);
                let pairs = st.pairs;
                (core::mem::replace(&mut st.sum, Sum::new()), pairs)
            })
            .collect();
        for (sum, end) in sums {
            self.state.sum.add(&sum);
            self.state.pairs = self.state.pairs.max(end);
        }
        self.update(&data[whole..]);
    }

    fn tag_bytes(self) -> [u8; 32] {
        let mut pad = self.key.pad(&self.nonce);
        let h = self.state.finalize(&Keys::Auth(self.key));
        for (p, x) in pad.iter_mut().zip(h) {
            *p ^= x;
        }
        pad
    }

    /// The `auth256` tag: Hash256_r(M) ⊕ s_n.
    pub fn finalize(self) -> Auth256Tag {
        let mut b = self.tag_bytes();
        let t = Tag::from_bytes(b);
        b.zeroize();
        t
    }

    /// The `auth256-128` tag: the first 16 bytes of the `auth256` tag.
    pub fn finalize128(self) -> Auth256Tag128 {
        let mut b = self.tag_bytes();
        let t = Tag::from_bytes(core::array::from_fn(|i| b[i]));
        b.zeroize();
        t
    }

    /// Constant-time check of a 32-byte `auth256` or 16-byte `auth256-128` tag (the length,
    /// which is public, says which).
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        match tag.len() {
            TAG128_SIZE => self.finalize128().verify(tag),
            _ => self.finalize().verify(tag),
        }
    }
}

impl core::fmt::Debug for Auth256<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Auth256 { .. }")
    }
}
