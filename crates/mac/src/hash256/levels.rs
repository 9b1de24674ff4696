//! The second level of the two-level Auth256 family (`auth256-2l`, `auth256-pb`), written
//! once for both.
//!
//! A padded message is cut into chunks of [`CHUNK`] = 16384 bytes, every chunk is hashed by
//! level 1 with the same 16 KiB key into H_i, and the chunk hashes are combined by Horner's
//! rule in τ: h = Σ_i H_i·τ^{n−i} (docs/spec.md §3.3). What differs between the members is
//! level 1 and the field; the [`TwoLevelKey`] trait is that difference, and this module is the
//! rest: the Horner chain, the chunk loop, the last chunk's padding, threads over whole chunks
//! (`update_parallel`), and pieces (start on a chunk boundary, join by h ← h·τ^k + h',
//! serialise).
//!
//! The Horner chain multiplies by the key's τ with the count of chunks (public) as the only
//! thing that steers control flow; τ^k for joins is square-and-multiply over the bits of k.

use std::vec::Vec;

use zeroize::Zeroize;

use super::{Auth256Tag, Auth256Tag128, NONCE_SIZE};
use crate::Error;
use crate::wire::{PieceReader, PieceWriter};

/// Bytes of padded message per chunk, and of level-1 key stream.
pub const CHUNK: usize = 16384;

pub(super) mod sealed {
    use super::{Error, PieceReader, PieceWriter};
    use zeroize::Zeroize;

    /// What a two-level member supplies: its level 1 (a chunk's state) and its level-2
    /// field. Sealed: implemented by [`super::super::Auth256TwoLevelKey`] and
    /// [`super::super::Auth256PbKey`] only.
    pub trait TwoLevelKey: Sync + Sized {
        /// Level-1 state of one chunk.
        type Chunk: Send;
        /// An element of the level-2 field: a chunk hash, τ, or h.
        type Elem: Copy + Send + Zeroize;
        /// What a message fixes at its start besides the key (Hash256's encoding for
        /// `auth256-2l`; nothing for `auth256-pb`).
        type Params: Copy + Eq + Send + Sync;
        /// The kind byte of a serialised piece.
        const KIND: u8;
        /// The error for a piece that does not start at a multiple of [`super::CHUNK`].
        const START_REASON: &'static str;
        /// The error for a piece that follows a part-chunk.
        const FOLLOW_REASON: &'static str;

        /// An empty chunk state.
        fn chunk(&self, params: Self::Params) -> Self::Chunk;
        /// The parameters a chunk state was made with.
        fn params(chunk: &Self::Chunk) -> Self::Params;
        /// Absorbs `data` into a chunk that holds `at` bytes (`at + data.len() ≤ CHUNK`).
        fn absorb(&self, chunk: &mut Self::Chunk, at: usize, data: &[u8]);
        /// H of a full chunk; the state is left empty, ready for the next chunk.
        fn take(&self, chunk: &mut Self::Chunk) -> Self::Elem;
        /// H of the message's last chunk, which holds `len < CHUNK` bytes, padded.
        fn last(&self, chunk: Self::Chunk, len: usize) -> Self::Elem;

        /// The field's 0.
        fn zero() -> Self::Elem;
        /// The field's 1.
        fn one() -> Self::Elem;
        /// a + b.
        fn add(a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
        /// a·b.
        fn mul(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
        /// h·τ (the Horner step; may be faster than `mul` by τ).
        fn times_tau(&self, h: &Self::Elem) -> Self::Elem;
        /// τ.
        fn tau(&self) -> Self::Elem;
        /// The 32-byte encoding of an element.
        fn elem_bytes(e: &Self::Elem) -> [u8; 32];
        /// The element of a 32-byte encoding.
        fn elem_from(b: &[u8; 32]) -> Self::Elem;

        /// The pad s_n.
        fn pad(&self, nonce: &[u8; 12]) -> [u8; 32];
        /// 16 bytes that identify the key without revealing it.
        fn check_value(&self) -> [u8; 16];

        /// Writes a piece's parameters.
        fn write_params(params: Self::Params, w: &mut PieceWriter);
        /// Reads them back.
        fn read_params(r: &mut PieceReader<'_>) -> Result<Self::Params, Error>;
        /// A part-chunk of `len` bytes as a piece carries it: the sum so far (reduced) and
        /// the unfinished bytes. The state is unchanged in value.
        fn save(&self, chunk: &mut Self::Chunk, len: usize) -> ([u8; 32], Vec<u8>);
        /// The state [`TwoLevelKey::save`] describes, or `None` if the tail's length is not
        /// the one a chunk of `len` bytes leaves unfinished.
        fn restore(
            &self,
            params: Self::Params,
            len: usize,
            sum: &[u8; 32],
            tail: &[u8],
        ) -> Option<Self::Chunk>;
    }

    use std::vec::Vec;
}

pub(super) use sealed::TwoLevelKey;

/// The two levels of one message (or piece): the current chunk's level-1 state and the
/// Horner value of the chunks closed before it.
pub(super) struct Levels<K: TwoLevelKey> {
    /// Level 1 of the current chunk.
    cur: K::Chunk,
    /// Message bytes in the current chunk.
    cur_len: usize,
    /// Σ H_i·τ^{closed − i} over the closed chunks.
    h: K::Elem,
    /// Chunks closed.
    closed: u64,
}

impl<K: TwoLevelKey> Levels<K> {
    pub(super) fn new(key: &K, params: K::Params) -> Levels<K> {
        Levels {
            cur: key.chunk(params),
            cur_len: 0,
            h: K::zero(),
            closed: 0,
        }
    }

    pub(super) fn params(&self) -> K::Params {
        K::params(&self.cur)
    }

    /// Bytes absorbed: the closed chunks and the current one.
    pub(super) fn len(&self) -> u64 {
        self.closed * CHUNK as u64 + self.cur_len as u64
    }

    /// h ← h·τ + H (h = H for the first chunk: the count of chunks is public).
    fn horner(&mut self, key: &K, hi: K::Elem) {
        self.h = if self.closed == 0 {
            hi
        } else {
            K::add(&key.times_tau(&self.h), &hi)
        };
        self.closed += 1;
    }

    /// Closes the current chunk (full, and more message follows).
    fn close(&mut self, key: &K) {
        debug_assert_eq!(self.cur_len, CHUNK);
        let mut hi = key.take(&mut self.cur);
        self.horner(key, hi);
        hi.zeroize();
        self.cur_len = 0;
    }

    pub(super) fn update(&mut self, key: &K, mut data: &[u8]) {
        while !data.is_empty() {
            if self.cur_len == CHUNK {
                self.close(key);
            }
            let take = (CHUNK - self.cur_len).min(data.len());
            key.absorb(&mut self.cur, self.cur_len, &data[..take]);
            self.cur_len += take;
            data = &data[take..];
        }
    }

    /// Pads the last chunk, closes it and returns h. A message that fills its last chunk
    /// exactly pads into one more (its 0x01 starts chunk n).
    pub(super) fn finalize(mut self, key: &K) -> K::Elem {
        if self.cur_len == CHUNK {
            self.close(key);
        }
        let fresh = key.chunk(self.params());
        let last = core::mem::replace(&mut self.cur, fresh);
        let mut hn = key.last(last, self.cur_len);
        self.horner(key, hn);
        hn.zeroize();
        self.h
    }

    /// Appends `next`, the levels of the bytes that follow (this ends on a chunk boundary or
    /// `next` is empty: checked by the callers): h ← h·τ^k + h_next over next's k closed
    /// chunks, after closing this one's full last chunk.
    fn join(&mut self, key: &K, mut next: Levels<K>) {
        if next.len() == 0 {
            return;
        }
        if self.len() > 0 {
            self.close(key);
        }
        // τ^k by square and multiply: the sequence depends on the public count k only.
        let tau = key.tau();
        let mut power = K::one();
        for i in (0..u64::BITS - next.closed.leading_zeros()).rev() {
            power = key.mul(&power, &power);
            if (next.closed >> i) & 1 == 1 {
                power = key.mul(&power, &tau);
            }
        }
        self.h = K::add(&key.mul(&self.h, &power), &next.h);
        power.zeroize();
        let mut tau = tau;
        tau.zeroize();
        self.closed += next.closed;
        self.cur_len = next.cur_len;
        core::mem::swap(&mut self.cur, &mut next.cur);
    }

    /// Like [`Levels::update`], on the threads of the current rayon pool: whole chunks are
    /// hashed apart (level 1 of each is independent), then combined in order.
    #[cfg(feature = "rayon")]
    fn update_parallel(&mut self, key: &K, data: &[u8]) {
        use rayon::prelude::*;
        const MIN_CHUNKS: usize = 16;
        let threads = rayon::current_num_threads();
        if threads < 2 || data.len() < (MIN_CHUNKS + 1) * CHUNK {
            self.update(key, data);
            return;
        }
        // Fill the current chunk; the chunks after it start on chunk boundaries.
        let take = (CHUNK - self.cur_len) % CHUNK;
        self.update(key, &data[..take]);
        let data = &data[take..];
        // Whole chunks hashed apart, except the last one, which stays open: it may be the
        // message's last chunk, whose padding `finalize` adds.
        let whole = (data.len() - 1) / CHUNK;
        if whole > 0 && self.cur_len == CHUNK {
            self.close(key);
        }
        let params = self.params();
        // A few tasks per thread, each reusing one level-1 state for its chunks.
        let per_task = whole.div_ceil(4 * threads).max(1);
        let mut hashes: Vec<K::Elem> = data[..whole * CHUNK]
            .par_chunks(per_task * CHUNK)
            .flat_map_iter(|task| {
                let mut st = key.chunk(params);
                task.chunks(CHUNK)
                    .map(|c| {
                        key.absorb(&mut st, 0, c);
                        key.take(&mut st)
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        for hi in &hashes {
            self.horner(key, *hi);
        }
        hashes.iter_mut().for_each(Zeroize::zeroize);
        self.update(key, &data[whole * CHUNK..]);
    }
}

impl<K: TwoLevelKey> Drop for Levels<K> {
    fn drop(&mut self) {
        self.h.zeroize();
    }
}

/// A streaming two-level MAC of one message under one nonce: [`super::Auth256TwoLevel`] or
/// [`super::Auth256Pb`].
pub struct TwoLevelMac<'k, K: TwoLevelKey> {
    pub(super) key: &'k K,
    pub(super) nonce: [u8; NONCE_SIZE],
    pub(super) levels: Levels<K>,
}

impl<'k, K: TwoLevelKey> TwoLevelMac<'k, K> {
    pub(super) fn new(key: &'k K, nonce: &[u8; NONCE_SIZE], params: K::Params) -> Self {
        TwoLevelMac {
            key,
            nonce: *nonce,
            levels: Levels::new(key, params),
        }
    }

    /// Absorbs more of the message; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.levels.update(self.key, data);
    }

    /// Like `update`, on the threads of the current rayon pool: whole 16 KiB chunks are
    /// hashed apart (level 1 of each is independent), then combined in order by Horner's
    /// rule. Same result.
    #[cfg(feature = "rayon")]
    pub fn update_parallel(&mut self, data: &[u8]) {
        self.levels.update_parallel(self.key, data);
    }

    fn tag_bytes(self) -> [u8; 32] {
        let mut pad = self.key.pad(&self.nonce);
        let mut h = self.levels.finalize(self.key);
        let mut hb = K::elem_bytes(&h);
        for (p, x) in pad.iter_mut().zip(hb) {
            *p ^= x;
        }
        h.zeroize();
        hb.zeroize();
        pad
    }

    /// The tag: h ⊕ s_n.
    pub fn finalize(self) -> Auth256Tag {
        super::tag32(self.tag_bytes())
    }

    /// The tag's first 16 bytes (the `-128` variant).
    pub fn finalize128(self) -> Auth256Tag128 {
        super::tag16(self.tag_bytes())
    }

    /// Constant-time check of a 32-byte tag or of its 16-byte truncation (the length, which
    /// is public, says which).
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        super::verify_either(self.tag_bytes(), tag)
    }

    /// Appends a piece (made by the key's `piece_at`, or read back with its
    /// `piece_from_bytes`) that starts where this MAC's message ends.
    ///
    /// Errors: as [`TwoLevelPiece::merge`].
    pub fn absorb(&mut self, piece: TwoLevelPiece<'_, K>) -> Result<(), Error> {
        check_join(self.key, &self.levels, self.levels.len(), &piece)?;
        self.levels.join(self.key, piece.levels);
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

impl<K: TwoLevelKey> core::fmt::Debug for TwoLevelMac<'_, K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TwoLevelMac")
            .field("len", &self.len())
            .finish_non_exhaustive()
    }
}

/// The two-level hash of one piece of a message: the Horner value of its closed chunks and
/// the level-1 state of its last ([`super::Auth256TwoLevelPiece`],
/// [`super::Auth256PbPiece`]). Secret; zeroized on drop.
pub struct TwoLevelPiece<'k, K: TwoLevelKey> {
    pub(super) key: &'k K,
    offset: u64,
    pub(super) levels: Levels<K>,
}

impl<'k, K: TwoLevelKey> TwoLevelPiece<'k, K> {
    /// An empty piece at `offset` (a multiple of [`CHUNK`]).
    pub(super) fn new(key: &'k K, params: K::Params, offset: u64) -> Result<Self, Error> {
        if !offset.is_multiple_of(CHUNK as u64) {
            return Err(Error::PieceMismatch {
                reason: K::START_REASON,
            });
        }
        Ok(TwoLevelPiece {
            key,
            offset,
            levels: Levels::new(key, params),
        })
    }

    /// Reads a piece written by [`TwoLevelPiece::to_bytes`] under `key`.
    pub(super) fn from_bytes(key: &'k K, blob: &[u8]) -> Result<Self, Error> {
        let mut r = PieceReader::new(blob, K::KIND)?;
        let params = K::read_params(&mut r)?;
        let check: [u8; 16] = r.array()?;
        // Revealed on purpose: whether the blob was made under this key, as the error does.
        if !bool::from(wegman_arch::ct::declassify(subtle::ConstantTimeEq::ct_eq(
            &check[..],
            &key.check_value()[..],
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
            && closed
                .checked_mul(CHUNK as u64)
                .and_then(|c| c.checked_add(offset))
                .and_then(|c| c.checked_add(cur_len))
                .is_some();
        let cur = if ok {
            key.restore(params, cur_len as usize, &sum, tail)
        } else {
            None
        };
        let Some(cur) = cur else {
            h.zeroize();
            sum.zeroize();
            return Err(r.bad("inconsistent offset, lengths or tail"));
        };
        let levels = Levels {
            cur,
            cur_len: cur_len as usize,
            h: K::elem_from(&h),
            closed,
        };
        h.zeroize();
        sum.zeroize();
        Ok(TwoLevelPiece {
            key,
            offset,
            levels,
        })
    }

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
    /// pieces were made with other parameters or keys.
    pub fn merge(&mut self, next: TwoLevelPiece<'_, K>) -> Result<(), Error> {
        check_join(self.key, &self.levels, self.offset + self.len(), &next)?;
        self.levels.join(self.key, next.levels);
        Ok(())
    }

    /// Serialises the piece for another machine: a versioned blob holding the parameters,
    /// a check value of the key (not the key), the offset, the closed chunks' count and
    /// Horner value, and the last chunk's length, partial sum and unfinished bytes (all
    /// secret: they reveal the hash key for a known message).
    pub fn to_bytes(&mut self) -> Vec<u8> {
        let (mut sum, mut tail) = self.key.save(&mut self.levels.cur, self.levels.cur_len);
        let mut h = K::elem_bytes(&self.levels.h);
        let mut w = PieceWriter::new(K::KIND);
        K::write_params(self.levels.params(), &mut w);
        w.bytes(&self.key.check_value());
        w.u64(self.offset);
        w.u64(self.levels.closed);
        w.u64(self.levels.cur_len as u64);
        w.bytes(&h);
        w.bytes(&sum);
        w.bytes(&tail);
        sum.zeroize();
        h.zeroize();
        tail.zeroize();
        w.finish()
    }
}

impl<K: TwoLevelKey> core::fmt::Debug for TwoLevelPiece<'_, K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TwoLevelPiece")
            .field("offset", &self.offset)
            .field("len", &self.len())
            .finish_non_exhaustive()
    }
}

/// Whether `next` may follow levels that end at byte `end` under `key`: it starts there,
/// with the same parameters and key, and the levels end on a chunk boundary (unless `next`
/// is empty).
fn check_join<K: TwoLevelKey>(
    key: &K,
    levels: &Levels<K>,
    end: u64,
    next: &TwoLevelPiece<'_, K>,
) -> Result<(), Error> {
    if next.offset != end {
        return Err(Error::PieceMismatch {
            reason: "the piece does not start where the message so far ends",
        });
    }
    if next.levels.params() != levels.params() {
        return Err(Error::PieceMismatch {
            reason: "the pieces use different encodings (b)",
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
            reason: K::FOLLOW_REASON,
        });
    }
    Ok(())
}
