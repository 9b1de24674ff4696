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
//! by the fixed τ with [`TimesConst`] (masked rows portably, 32 `gf2p8mulb` with GFNI),
//! constant-time in h; one product per 16 KiB chunk.

use wegman_arch::Unavailable;
use wegman_gf256::fft::F2to256;
use wegman_gf256::{Available, Backend};
use zeroize::{Zeroize, ZeroizeOnDrop};

use super::encode;
use super::keystream::Keys;
use super::state::State;
use super::{Auth256Key, Auth256Tag, Auth256Tag128, Encoding, KEY_SIZE, NONCE_SIZE};
use crate::Error;
use crate::error::{array_from, key_len, nonce_len};
use crate::wire::{PieceReader, PieceWriter};
use wegman_gf256::dot::{B256_UNIT, PAIR, TimesConst};

/// Bytes of padded message per chunk, and of level-1 key stream.
pub const CHUNK: usize = 16384;

/// Key-stream bytes the key caches: one cache chunk of the Auth256 stream, which holds the
/// level-1 key (16 KiB) and τ (computed once at set-up).
const CACHE: usize = 64 << 10;

/// An `auth256-2l` key: the Auth256-AES key (its stream cached for the 16 KiB of level 1) and
/// the level-2 map of τ. Shareable between threads; zeroized on drop.
pub struct Auth256TwoLevelKey {
    key: Auth256Key,
    /// The level-1 key pairs in the layout of a b = 256 segment pair, which the bitsliced
    /// backends read with no transpose ([`wegman_gf256::dot::DotSum::absorb_b256`]).
    level1_b256: std::boxed::Box<[u8; B256_UNIT]>,
    /// Multiplication by τ on the key's backend ([`TimesConst`]).
    tau: TimesConst,
    /// τ itself, for the powers τ^k that join pieces.
    tau_elem: F2to256,
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
        let map = TimesConst::new(&tau, key.available());
        let tau_elem = F2to256::from_bytes(&tau);
        tau.zeroize();
        let mut pairs = std::vec![[0u8; PAIR]; CHUNK / PAIR];
        key.keys().copy_pairs(0, &mut pairs);
        let mut level1_b256 = std::boxed::Box::new([0u8; B256_UNIT]);
        encode::pairs_to_b256(&pairs, &mut level1_b256[..]);
        pairs.as_flattened_mut().zeroize();
        Auth256TwoLevelKey {
            key,
            level1_b256,
            tau: map,
            tau_elem,
        }
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
        self.key.keys().with_b256(&self.level1_b256)
    }
}

impl Drop for Auth256TwoLevelKey {
    fn drop(&mut self) {
        self.level1_b256.zeroize();
        let mut b = self.tau_elem.to_bytes();
        self.tau_elem = F2to256::ZERO;
        zeroize::optimization_barrier(&self.tau_elem);
        b.zeroize();
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

    /// h ← h·τ + H (h = H for the first chunk: the count of chunks is public).
    fn horner(&mut self, key: &Auth256TwoLevelKey, mut hi: [u8; 32]) {
        if self.closed == 0 {
            self.h = hi;
            self.closed = 1;
            hi.zeroize();
            return;
        }
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
        let hi = self.cur.take_unit_sum(&key.keys());
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

impl Levels {
    /// Bytes absorbed: the closed chunks and the current one.
    fn len(&self) -> u64 {
        self.closed * CHUNK as u64 + self.cur_len as u64
    }

    /// Appends `next`, the levels of the bytes that follow (this ends on a chunk boundary or
    /// is empty: checked by the callers): h ← h·τ^{k} + h_next over next's k closed chunks,
    /// after closing this one's full last chunk.
    fn join(&mut self, key: &Auth256TwoLevelKey, mut next: Levels) {
        if next.len() == 0 {
            return;
        }
        if self.len() > 0 {
            self.close(key);
        }
        let mut power = F2to256::ONE;
        // τ^k by square and multiply: the sequence depends on the public count k only.
        for i in (0..u64::BITS - next.closed.leading_zeros()).rev() {
            power = power.mul(&power);
            if (next.closed >> i) & 1 == 1 {
                power = power.mul(&key.tau_elem);
            }
        }
        let mut h = F2to256::from_bytes(&self.h).mul(&power).to_bytes();
        for (x, y) in h.iter_mut().zip(next.h) {
            *x ^= y;
        }
        self.h = h;
        h.zeroize();
        power = F2to256::ZERO;
        zeroize::optimization_barrier(&power);
        self.closed += next.closed;
        self.cur_len = next.cur_len;
        core::mem::swap(&mut self.cur, &mut next.cur);
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
        // A few tasks per thread, each reusing one level-1 state for its chunks.
        let per_task = whole.div_ceil(4 * threads).max(1);
        let mut hashes: Vec<[u8; 32]> = data[..whole * CHUNK]
            .par_chunks(per_task * CHUNK)
            .flat_map_iter(|task| {
                let mut st = State::new(enc, backend);
                task.chunks(CHUNK)
                    .map(|c| {
                        st.update(&key.keys(), c);
                        st.take_unit_sum(&key.keys())
                    })
                    .collect::<Vec<_>>()
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
        super::tag32(self.tag_bytes())
    }

    /// The `auth256-2l-128` tag: its first 16 bytes.
    pub fn finalize128(self) -> Auth256Tag128 {
        super::tag16(self.tag_bytes())
    }

    /// Constant-time check of a 32-byte tag or a 16-byte `-128` tag (the length, which is
    /// public, says which).
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        super::verify_either(self.tag_bytes(), tag)
    }
}

impl core::fmt::Debug for Auth256TwoLevel<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Auth256TwoLevel { .. }")
    }
}

/// The kind byte of a serialised `auth256-2l` piece.
const KIND: u8 = 4;

impl Auth256TwoLevelKey {
    /// Starts an independent `auth256-2l` of the part of a message that begins `offset` bytes
    /// in (a multiple of [`CHUNK`]: chunks are hashed independently). Feed it with
    /// [`Auth256TwoLevelPiece::update`], then join it to the piece before it
    /// ([`Auth256TwoLevelPiece::merge`]) or to the MAC that ends where it starts
    /// ([`Auth256TwoLevel::absorb`]); the tag is the serial tag.
    ///
    /// ```
    /// use wegman_mac::hash256::{Auth256TwoLevelKey, CHUNK, Encoding};
    /// let key = Auth256TwoLevelKey::new(&[7u8; 32]);
    /// let (nonce, msg) = ([1u8; 12], vec![42u8; 3 * CHUNK + 5]);
    /// let mut second = key.piece_at(Encoding::B1, 2 * CHUNK as u64)?;
    /// second.update(&msg[2 * CHUNK..]);
    /// let mut whole = key.start(&nonce);
    /// whole.update(&msg[..2 * CHUNK]);
    /// whole.absorb(second)?;
    /// assert_eq!(whole.finalize(), key.mac(&nonce, &msg));
    /// # Ok::<(), wegman_mac::Error>(())
    /// ```
    pub fn piece_at(&self, enc: Encoding, offset: u64) -> Result<Auth256TwoLevelPiece<'_>, Error> {
        if !offset.is_multiple_of(CHUNK as u64) {
            return Err(Error::PieceMismatch {
                reason: "an auth256-2l piece must start at a multiple of 16384 bytes",
            });
        }
        Ok(Auth256TwoLevelPiece {
            key: self,
            offset,
            levels: Levels::new(enc, self.key.available()),
        })
    }

    /// Reads a piece written by [`Auth256TwoLevelPiece::to_bytes`] under this key.
    ///
    /// Errors: [`Error::PieceEncoding`] if `blob` is not such a piece or was written under
    /// another key (a check value derived from the key is compared in constant time).
    pub fn piece_from_bytes(&self, blob: &[u8]) -> Result<Auth256TwoLevelPiece<'_>, Error> {
        let mut r = PieceReader::new(blob, KIND)?;
        let enc = Encoding::from_b(u32::from(r.u16()?)).map_err(|_| r.bad("unknown encoding"))?;
        let check: [u8; 16] = r.array()?;
        // Revealed on purpose: whether the blob was made under this key, as the error does.
        if !bool::from(wegman_arch::ct::declassify(subtle::ConstantTimeEq::ct_eq(
            &check[..],
            &self.key.check_value()[..],
        ))) {
            return Err(r.bad("the piece was made with another key"));
        }
        let offset = r.u64()?;
        let closed = r.u64()?;
        let cur_len = r.u64()?;
        let mut h: [u8; 32] = r.array()?;
        let mut sum: [u8; 32] = r.array()?;
        let tail = r.rest();
        let unit = enc.unit() as u64;
        let t = tail.len() as u64;
        let ok = offset.is_multiple_of(CHUNK as u64)
            && cur_len <= CHUNK as u64
            && (cur_len > 0 || closed == 0)
            && t < unit
            && t <= cur_len
            && (cur_len - t.min(cur_len)).is_multiple_of(unit)
            && closed
                .checked_mul(CHUNK as u64)
                .and_then(|c| c.checked_add(offset))
                .and_then(|c| c.checked_add(cur_len))
                .is_some();
        if !ok {
            h.zeroize();
            sum.zeroize();
            return Err(r.bad("inconsistent offset, lengths or tail"));
        }
        let mut levels = Levels::new(enc, self.key.available());
        levels.h = h;
        levels.closed = closed;
        levels.cur_len = cur_len as usize;
        levels.cur.pairs = (cur_len - t) / 64;
        levels.cur.extra = sum;
        levels.cur.buf.extend_from_slice(tail);
        h.zeroize();
        sum.zeroize();
        Ok(Auth256TwoLevelPiece {
            key: self,
            offset,
            levels,
        })
    }
}

/// The `auth256-2l` hash of one piece of a message (see [`Auth256TwoLevelKey::piece_at`]):
/// the Horner value of its closed chunks and the level-1 state of its last. Secret; zeroized
/// on drop.
pub struct Auth256TwoLevelPiece<'k> {
    key: &'k Auth256TwoLevelKey,
    offset: u64,
    levels: Levels,
}

impl Auth256TwoLevelPiece<'_> {
    /// Absorbs more of this piece; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.levels.update(self.key, data);
    }

    /// Where this piece starts in the message.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Bytes absorbed so far.
    pub fn len(&self) -> u64 {
        self.levels.len()
    }

    /// Whether nothing has been absorbed yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The encoding (b) this piece hashes with.
    pub fn encoding(&self) -> Encoding {
        self.levels.cur.enc
    }

    /// Appends `next`, the piece that starts where this one ends.
    ///
    /// Errors: [`Error::PieceMismatch`] if `next` starts elsewhere, this piece does not end
    /// on a chunk boundary (a multiple of 16384 bytes) while `next` is not empty, or the
    /// pieces use other encodings or keys.
    pub fn merge(&mut self, next: Auth256TwoLevelPiece<'_>) -> Result<(), Error> {
        check_join(self.key, &self.levels, self.offset + self.len(), &next)?;
        self.levels.join(self.key, take_levels(next));
        Ok(())
    }

    /// Serialises the piece for another machine: a versioned blob holding the encoding, a
    /// check value of the key (not the key), the offset, the closed chunks' count and Horner
    /// value, and the last chunk's length, partial sum and unfinished unit (all secret: they
    /// reveal the hash key for a known message).
    pub fn to_bytes(&mut self) -> std::vec::Vec<u8> {
        let keys = self.key.keys();
        let mut sum = self.levels.cur.unit_sum(&keys);
        let mut w = PieceWriter::new(KIND);
        w.u16(self.levels.cur.enc.b() as u16);
        w.bytes(&self.key.key.check_value());
        w.u64(self.offset);
        w.u64(self.levels.closed);
        w.u64(self.levels.cur_len as u64);
        w.bytes(&self.levels.h);
        w.bytes(&sum);
        w.bytes(&self.levels.cur.buf);
        sum.zeroize();
        w.finish()
    }
}

impl core::fmt::Debug for Auth256TwoLevelPiece<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Auth256TwoLevelPiece")
            .field("offset", &self.offset)
            .field("len", &self.len())
            .field("b", &self.encoding().b())
            .finish_non_exhaustive()
    }
}

/// Whether `next` may follow levels that end at byte `end` under `key`: as Auth256 pieces,
/// and after a whole number of chunks.
fn check_join(
    key: &Auth256TwoLevelKey,
    levels: &Levels,
    end: u64,
    next: &Auth256TwoLevelPiece<'_>,
) -> Result<(), Error> {
    super::pieces::check_follows(
        (&key.key, levels.cur.enc, end),
        (&next.key.key, next.levels.cur.enc, next.offset),
    )?;
    if !next.is_empty() && !levels.len().is_multiple_of(CHUNK as u64) {
        return Err(Error::PieceMismatch {
            reason: "an auth256-2l piece must follow a whole number of 16384-byte chunks",
        });
    }
    Ok(())
}

/// The levels of a piece, moved out.
fn take_levels(p: Auth256TwoLevelPiece<'_>) -> Levels {
    p.levels
}

impl Auth256TwoLevel<'_> {
    /// Appends a piece made by [`Auth256TwoLevelKey::piece_at`] (or read back with
    /// [`Auth256TwoLevelKey::piece_from_bytes`]) that starts where this MAC's message ends.
    ///
    /// Errors: as [`Auth256TwoLevelPiece::merge`].
    pub fn absorb(&mut self, piece: Auth256TwoLevelPiece<'_>) -> Result<(), Error> {
        check_join(self.key, &self.levels, self.levels.len(), &piece)?;
        self.levels.join(self.key, take_levels(piece));
        Ok(())
    }

    /// Bytes absorbed so far.
    pub fn len(&self) -> u64 {
        self.levels.len()
    }

    /// Whether nothing has been absorbed yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
