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
//! rule (h ← h·τ^k + h').

use std::boxed::Box;
use std::vec::Vec;

use aes::Aes256;
use aes::cipher::{BlockCipherEncrypt, KeyInit};
use wegman_pb256::{Available, DotSum, Fe256x64, PAIR, Pair, mul_on};
use zeroize::{Zeroize, ZeroizeOnDrop};

pub use wegman_pb256::Backend as PbBackend;

use super::{Auth256Tag, Auth256Tag128, CHUNK, KEY_SIZE, NONCE_SIZE};
use crate::Error;
use crate::error::{array_from, key_len, nonce_len};
use crate::wire::{PieceReader, PieceWriter};

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
        Auth256Pb {
            key: self,
            nonce: *nonce,
            levels: Levels::new(self.backend),
        }
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
            pairs.as_flattened_mut().zeroize();
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
        let mut l = Levels::new(self.backend);
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

/// The two levels of one message (or piece): the current chunk's level-1 sum and the Horner
/// value of the chunks closed before it.
struct Levels {
    /// Σ over the current chunk's whole pairs (unreduced).
    sum: DotSum,
    /// Message bytes in the current chunk (whole pairs and `buf`).
    cur_len: usize,
    /// The current chunk's partial pair (`cur_len % 64` bytes).
    buf: [u8; PAIR],
    /// Σ H_i·τ^{closed − i} over the closed chunks.
    h: Fe256x64,
    /// Chunks closed.
    closed: u64,
}

impl Levels {
    fn new(backend: Available) -> Levels {
        Levels {
            sum: DotSum::new(backend),
            cur_len: 0,
            buf: [0; PAIR],
            h: Fe256x64::ZERO,
            closed: 0,
        }
    }

    fn backend(&self) -> Available {
        // The sum's backend is the key's (checked when the key was made).
        self.sum.available()
    }

    /// Bytes absorbed: the closed chunks and the current one.
    fn len(&self) -> u64 {
        self.closed * CHUNK as u64 + self.cur_len as u64
    }

    /// h ← h·τ + H (h = H for the first chunk: the count of chunks is public).
    fn horner(&mut self, key: &Auth256PbKey, hi: Fe256x64) {
        self.h = if self.closed == 0 {
            hi
        } else {
            mul_on(self.backend(), &self.h, &key.tau).add(&hi)
        };
        self.closed += 1;
    }

    /// Closes the current chunk (full).
    fn close(&mut self, key: &Auth256PbKey) {
        debug_assert_eq!(self.cur_len, CHUNK);
        let hi = self.sum.finish();
        self.horner(key, hi);
        self.cur_len = 0;
    }

    /// Absorbs whole pairs at the current position (they fit in the chunk: the callers).
    fn absorb_pairs(&mut self, key: &Auth256PbKey, pairs: &[Pair]) {
        let t = self.cur_len / PAIR;
        // The key has a pair for every pair of the chunk.
        let fits = self.sum.absorb(pairs, &key.level1[t..]);
        debug_assert!(fits.is_ok());
        self.cur_len += pairs.len() * PAIR;
    }

    fn update(&mut self, key: &Auth256PbKey, mut data: &[u8]) {
        while !data.is_empty() {
            if self.cur_len == CHUNK {
                self.close(key);
            }
            let partial = self.cur_len % PAIR;
            if partial > 0 {
                let take = (PAIR - partial).min(data.len());
                self.buf[partial..partial + take].copy_from_slice(&data[..take]);
                data = &data[take..];
                if partial + take < PAIR {
                    self.cur_len += take;
                    return;
                }
                let pair = self.buf;
                self.cur_len -= partial;
                self.absorb_pairs(key, &[pair]);
                self.buf.zeroize();
                continue;
            }
            let room = (CHUNK - self.cur_len) / PAIR;
            let (pairs, _) = data.as_chunks::<PAIR>();
            let n = pairs.len().min(room);
            if n > 0 {
                self.absorb_pairs(key, &pairs[..n]);
                data = &data[n * PAIR..];
            } else {
                // Fewer than 64 bytes left, and room in the chunk for them.
                self.buf[..data.len()].copy_from_slice(data);
                self.cur_len += data.len();
                return;
            }
        }
    }

    /// Pads the last chunk (0x01 and zeros to a whole pair; a message that fills its last
    /// chunk pads into one more), closes it and returns h.
    fn finalize(mut self, key: &Auth256PbKey) -> Fe256x64 {
        if self.cur_len == CHUNK {
            self.close(key);
        }
        let partial = self.cur_len % PAIR;
        let mut pair = [0u8; PAIR];
        pair[..partial].copy_from_slice(&self.buf[..partial]);
        pair[partial] = 1;
        self.cur_len -= partial;
        self.absorb_pairs(key, &[pair]);
        pair.zeroize();
        let hi = self.sum.finish();
        self.horner(key, hi);
        self.h
    }

    /// Appends `next`, the levels of the bytes that follow (this ends on a chunk boundary or
    /// `next` is empty: checked by the callers): h ← h·τ^k + h_next over next's k closed
    /// chunks, after closing this one's full last chunk.
    fn join(&mut self, key: &Auth256PbKey, mut next: Levels) {
        if next.len() == 0 {
            return;
        }
        if self.len() > 0 {
            self.close(key);
        }
        let b = self.backend();
        // τ^k by square and multiply: the sequence depends on the public count k only.
        let mut power = Fe256x64::ONE;
        for i in (0..u64::BITS - next.closed.leading_zeros()).rev() {
            power = mul_on(b, &power, &power);
            if (next.closed >> i) & 1 == 1 {
                power = mul_on(b, &power, &key.tau);
            }
        }
        self.h = mul_on(b, &self.h, &power).add(&next.h);
        power.zeroize();
        self.closed += next.closed;
        self.cur_len = next.cur_len;
        core::mem::swap(&mut self.sum, &mut next.sum);
        core::mem::swap(&mut self.buf, &mut next.buf);
    }
}

impl Drop for Levels {
    fn drop(&mut self) {
        self.h.zeroize();
        self.buf.zeroize();
    }
}

/// A streaming `auth256-pb` computation for one message and nonce.
pub struct Auth256Pb<'k> {
    key: &'k Auth256PbKey,
    nonce: [u8; NONCE_SIZE],
    levels: Levels,
}

impl Auth256Pb<'_> {
    /// Absorbs more of the message; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.levels.update(self.key, data);
    }

    /// Like [`Auth256Pb::update`], on the threads of the current rayon pool: whole 16 KiB
    /// chunks are hashed apart, then combined in order by Horner's rule. Same result.
    #[cfg(feature = "rayon")]
    pub fn update_parallel(&mut self, data: &[u8]) {
        use rayon::prelude::*;
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
        let (key, backend) = (self.key, self.key.backend);
        let per_task = whole.div_ceil(4 * threads).max(1);
        let mut hashes: Vec<Fe256x64> = data[..whole * CHUNK]
            .par_chunks(per_task * CHUNK)
            .flat_map_iter(|task| {
                let mut sum = DotSum::new(backend);
                task.chunks(CHUNK)
                    .map(|c| {
                        let (pairs, _) = c.as_chunks::<PAIR>();
                        let fits = sum.absorb(pairs, &key.level1[..]);
                        debug_assert!(fits.is_ok());
                        sum.finish()
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        for hi in &hashes {
            self.levels.horner(key, *hi);
        }
        hashes.iter_mut().for_each(Zeroize::zeroize);
        self.update(&data[whole * CHUNK..]);
    }

    fn tag_bytes(self) -> [u8; 32] {
        let mut pad = self.key.pad(&self.nonce);
        let mut h = self.levels.finalize(self.key).to_bytes();
        for (p, x) in pad.iter_mut().zip(h) {
            *p ^= x;
        }
        h.zeroize();
        pad
    }

    /// The `auth256-pb` tag: h ⊕ s_n.
    pub fn finalize(self) -> Auth256Tag {
        super::tag32(self.tag_bytes())
    }

    /// The first 16 bytes of the `auth256-pb` tag.
    pub fn finalize128(self) -> Auth256Tag128 {
        super::tag16(self.tag_bytes())
    }

    /// Constant-time check of a 32-byte tag or of its 16-byte truncation (the length, which
    /// is public, says which).
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        super::verify_either(self.tag_bytes(), tag)
    }

    /// Appends a piece made by [`Auth256PbKey::piece_at`] (or read back with
    /// [`Auth256PbKey::piece_from_bytes`]) that starts where this MAC's message ends.
    ///
    /// Errors: as [`Auth256PbPiece::merge`].
    pub fn absorb(&mut self, piece: Auth256PbPiece<'_>) -> Result<(), Error> {
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

impl core::fmt::Debug for Auth256Pb<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Auth256Pb { .. }")
    }
}

/// The kind byte of a serialised `auth256-pb` piece.
const KIND: u8 = 5;

impl Auth256PbKey {
    /// Starts an independent `auth256-pb` of the part of a message that begins `offset` bytes
    /// in (a multiple of [`CHUNK`]: chunks are hashed independently). Feed it with
    /// [`Auth256PbPiece::update`], then join it to the piece before it
    /// ([`Auth256PbPiece::merge`]) or to the MAC that ends where it starts
    /// ([`Auth256Pb::absorb`]); the tag is the serial tag.
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
        if !offset.is_multiple_of(CHUNK as u64) {
            return Err(Error::PieceMismatch {
                reason: "an auth256-pb piece must start at a multiple of 16384 bytes",
            });
        }
        Ok(Auth256PbPiece {
            key: self,
            offset,
            levels: Levels::new(self.backend),
        })
    }

    /// Reads a piece written by [`Auth256PbPiece::to_bytes`] under this key.
    ///
    /// Errors: [`Error::PieceEncoding`] if `blob` is not such a piece or was written under
    /// another key (a check value derived from the key is compared in constant time).
    pub fn piece_from_bytes(&self, blob: &[u8]) -> Result<Auth256PbPiece<'_>, Error> {
        let mut r = PieceReader::new(blob, KIND)?;
        let check: [u8; 16] = r.array()?;
        // Revealed on purpose: whether the blob was made under this key, as the error does.
        if !bool::from(wegman_arch::ct::declassify(subtle::ConstantTimeEq::ct_eq(
            &check[..],
            &self.check_value()[..],
        ))) {
            return Err(r.bad("the piece was made with another key"));
        }
        let offset = r.u64()?;
        let closed = r.u64()?;
        let cur_len = r.u64()?;
        let mut h: [u8; 32] = r.array()?;
        let mut sum: [u8; 32] = r.array()?;
        let tail = r.rest();
        let ok = offset.is_multiple_of(CHUNK as u64)
            && cur_len <= CHUNK as u64
            && (cur_len > 0 || closed == 0)
            && tail.len() as u64 == cur_len % PAIR as u64
            && closed
                .checked_mul(CHUNK as u64)
                .and_then(|c| c.checked_add(offset))
                .and_then(|c| c.checked_add(cur_len))
                .is_some();
        let mut levels = Levels::new(self.backend);
        if ok {
            levels.h = Fe256x64::from_bytes(&h);
            levels.closed = closed;
            levels.cur_len = cur_len as usize;
            let mut s = Fe256x64::from_bytes(&sum);
            levels.sum.add(&s);
            s.zeroize();
            levels.buf[..tail.len()].copy_from_slice(tail);
        }
        h.zeroize();
        sum.zeroize();
        if !ok {
            return Err(r.bad("inconsistent offset, lengths or tail"));
        }
        Ok(Auth256PbPiece {
            key: self,
            offset,
            levels,
        })
    }
}

/// The `auth256-pb` hash of one piece of a message (see [`Auth256PbKey::piece_at`]): the
/// Horner value of its closed chunks and the level-1 sum of its last. Secret; zeroized on
/// drop.
pub struct Auth256PbPiece<'k> {
    key: &'k Auth256PbKey,
    offset: u64,
    levels: Levels,
}

impl Auth256PbPiece<'_> {
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

    /// Appends `next`, the piece that starts where this one ends.
    ///
    /// Errors: [`Error::PieceMismatch`] if `next` starts elsewhere, this piece does not end
    /// on a chunk boundary (a multiple of 16384 bytes) while `next` is not empty, or the
    /// pieces were made with other keys.
    pub fn merge(&mut self, next: Auth256PbPiece<'_>) -> Result<(), Error> {
        check_join(self.key, &self.levels, self.offset + self.len(), &next)?;
        self.levels.join(self.key, take_levels(next));
        Ok(())
    }

    /// Serialises the piece for another machine: a versioned blob holding a check value of
    /// the key (not the key), the offset, the closed chunks' count and Horner value, and the
    /// last chunk's length, reduced partial sum and partial pair (all secret: they reveal the
    /// hash key for a known message).
    pub fn to_bytes(&mut self) -> Vec<u8> {
        // The partial sum, reduced, stays in the piece (finish empties the sum).
        let s = self.levels.sum.finish();
        self.levels.sum.add(&s);
        let mut sum = s.to_bytes();
        let mut h = self.levels.h.to_bytes();
        let mut w = PieceWriter::new(KIND);
        w.bytes(&self.key.check_value());
        w.u64(self.offset);
        w.u64(self.levels.closed);
        w.u64(self.levels.cur_len as u64);
        w.bytes(&h);
        w.bytes(&sum);
        w.bytes(&self.levels.buf[..self.levels.cur_len % PAIR]);
        sum.zeroize();
        h.zeroize();
        w.finish()
    }
}

impl core::fmt::Debug for Auth256PbPiece<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Auth256PbPiece")
            .field("offset", &self.offset)
            .field("len", &self.len())
            .finish_non_exhaustive()
    }
}

/// Whether `next` may follow levels that end at byte `end` under `key`: it starts there, was
/// made with the same key, and the levels end on a chunk boundary (unless `next` is empty).
fn check_join(
    key: &Auth256PbKey,
    levels: &Levels,
    end: u64,
    next: &Auth256PbPiece<'_>,
) -> Result<(), Error> {
    if next.offset != end {
        return Err(Error::PieceMismatch {
            reason: "the piece does not start where the message so far ends",
        });
    }
    // Revealed on purpose: whether the keys agree, as the error does.
    let same = core::ptr::eq(key, next.key)
        || bool::from(wegman_arch::ct::declassify(subtle::ConstantTimeEq::ct_eq(
            &key.check_value()[..],
            &next.key.check_value()[..],
        )));
    if !same {
        return Err(Error::PieceMismatch {
            reason: "the piece was made with another key",
        });
    }
    if !next.is_empty() && !levels.len().is_multiple_of(CHUNK as u64) {
        return Err(Error::PieceMismatch {
            reason: "an auth256-pb piece must follow a whole number of 16384-byte chunks",
        });
    }
    Ok(())
}

/// The levels of a piece, moved out.
fn take_levels(p: Auth256PbPiece<'_>) -> Levels {
    p.levels
}
