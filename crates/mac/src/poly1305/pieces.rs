//! Mergeable pieces: Poly1305 is linear in the message blocks, so parts of one message hashed
//! apart (on other threads or machines) join into the hash of the whole.

use zeroize::ZeroizeOnDrop;

use super::Poly1305;
use super::state::Core;
#[cfg(feature = "rayon")]
use super::{BLOCK_SIZE, Backend};
use crate::Error;
use zeroize::Zeroize;

impl Poly1305 {
    /// Starts an independent hash of the part of the message that begins `offset` bytes in,
    /// under this hasher's key. Feed it that part with [`Poly1305Piece::update`], then append
    /// it with [`Poly1305::absorb`] (or to the piece before it with [`Poly1305Piece::merge`]).
    ///
    /// Poly1305 is linear in the message blocks, so pieces hashed separately — on other
    /// threads, other machines, in any order — combine into exactly the serial tag:
    /// h(A‖B) = h(A)·r^{blocks(B)} + h(B). A block that straddles two pieces is completed
    /// when they are joined. `offset` is the piece's byte position in the whole message.
    ///
    /// ```
    /// use wegman_mac::poly1305::Poly1305;
    /// let key = [7u8; 32];
    /// let msg = [42u8; 1000];
    /// let mut whole = Poly1305::new(&key);
    /// let mut second = whole.piece_at(333);
    /// second.update(&msg[333..]);
    /// whole.update(&msg[..333]);
    /// whole.absorb(second)?;
    /// assert_eq!(whole.finalize(), Poly1305::mac(&key, &msg));
    /// # Ok::<(), wegman_mac::Error>(())
    /// ```
    pub fn piece_at(&self, offset: u64) -> Poly1305Piece {
        Poly1305Piece {
            core: self.core.piece_at(offset),
            offset,
        }
    }

    /// Bytes absorbed so far.
    pub fn len(&self) -> u64 {
        self.core.len
    }

    /// Whether nothing has been absorbed yet.
    pub fn is_empty(&self) -> bool {
        self.core.len == 0
    }

    /// Appends a piece made by [`Poly1305::piece_at`] with the offset where this hasher ends.
    ///
    /// Errors: [`Error::PieceMismatch`] if the piece starts elsewhere or has another key.
    pub fn absorb(&mut self, piece: Poly1305Piece) -> Result<(), Error> {
        let end = self.core.len;
        let why = [
            "the piece does not start where the hasher ends",
            "the piece was made with another key",
        ];
        append(&mut self.core, end, &piece, why)
    }

    /// Like [`Poly1305::update`], hashing long inputs on all threads of the current `rayon`
    /// pool (pieces of at least 256 KiB each); the tag is identical to the serial one.
    #[cfg(feature = "rayon")]
    pub fn update_parallel(&mut self, data: &[u8]) {
        use rayon::prelude::*;
        const MIN_PIECE: usize = 256 << 10;
        let threads = rayon::current_num_threads();
        if threads < 2 || data.len() < 2 * MIN_PIECE {
            self.update(data);
            return;
        }
        let pieces = threads.min(data.len() / MIN_PIECE);
        let size = data.len().div_ceil(pieces).next_multiple_of(BLOCK_SIZE);
        if self.core.backend.get() != Backend::Soft {
            // Once here rather than once per piece.
            self.core.ensure_powers();
        }
        let start = self.core.len;
        let hashed: std::vec::Vec<Poly1305Piece> = data
            .par_chunks(size)
            .enumerate()
            .map(|(i, chunk)| {
                let mut p = self.piece_at(start + (i * size) as u64);
                p.update(chunk);
                p
            })
            .collect();
        for p in hashed {
            // Contiguous and same key by construction.
            self.core.merge(&p.core);
        }
    }
}

/// The hash of one piece of a message, to be joined with its neighbours
/// (see [`Poly1305::piece_at`]). Holds the key; zeroized on drop.
#[derive(Clone)]
pub struct Poly1305Piece {
    core: Core,
    offset: u64,
}

impl Poly1305Piece {
    /// Absorbs more of this piece; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.core.update(data);
    }

    /// Where this piece starts in the message.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Bytes absorbed so far.
    pub fn len(&self) -> u64 {
        self.core.len
    }

    /// Whether nothing has been absorbed yet.
    pub fn is_empty(&self) -> bool {
        self.core.len == 0
    }

    /// Appends `next`, the piece that starts where this one ends.
    ///
    /// Errors: [`Error::PieceMismatch`] if `next` starts elsewhere or has another key.
    pub fn merge(&mut self, next: Poly1305Piece) -> Result<(), Error> {
        let end = self.offset + self.core.len;
        let why = [
            "the next piece does not start where this one ends",
            "the pieces were made with different keys",
        ];
        append(&mut self.core, end, &next, why)
    }
}

/// Appends `next` to `core`, which ends at byte `end` of the message, after the two checks
/// every join makes (`why`: the reasons for a wrong start and for another key).
fn append(
    core: &mut Core,
    end: u64,
    next: &Poly1305Piece,
    why: [&'static str; 2],
) -> Result<(), Error> {
    if next.offset != end {
        return Err(Error::PieceMismatch { reason: why[0] });
    }
    if !core.same_key(&next.core) {
        return Err(Error::PieceMismatch { reason: why[1] });
    }
    core.merge(&next.core);
    Ok(())
}

/// The kind byte of a serialised Poly1305 piece.
#[cfg(feature = "std")]
const KIND: u8 = 1;

#[cfg(feature = "std")]
impl Poly1305Piece {
    /// Serialises the piece for another machine: a versioned blob (see the crate's piece
    /// format) holding offset, length, block count, the unfinished bytes around the piece's
    /// block boundaries and the accumulator h. Not the key r; but h reveals r for a known
    /// message, so the blob is as secret as the key. Read it back with
    /// [`Poly1305::piece_from_bytes`] under the same key: a blob read under another key gives
    /// a tag that does not verify.
    pub fn to_bytes(&self) -> std::vec::Vec<u8> {
        let c = &self.core;
        let mut w = crate::wire::PieceWriter::new(KIND);
        w.u64(self.offset);
        w.u64(c.len);
        w.u64(c.blocks);
        w.u8(c.head_need as u8);
        w.u8(c.head_len as u8);
        w.bytes(&c.head[..c.head_len]);
        w.u8(c.buf_len as u8);
        w.bytes(&c.buf[..c.buf_len]);
        let mut h = c.soft.h.carry();
        for limb in h.0 {
            w.bytes(&limb.to_le_bytes());
        }
        h.zeroize();
        w.finish()
    }
}

#[cfg(feature = "std")]
impl Poly1305 {
    /// Reads a piece written by [`Poly1305Piece::to_bytes`], under this hasher's key.
    ///
    /// Errors: [`Error::PieceEncoding`] if `blob` is not a well-formed Poly1305 piece.
    pub fn piece_from_bytes(&self, blob: &[u8]) -> Result<Poly1305Piece, Error> {
        use crate::wire::PieceReader;
        let mut r = PieceReader::new(blob, KIND)?;
        let offset = r.u64()?;
        let len = r.u64()?;
        let blocks = r.u64()?;
        let head_need = usize::from(r.u8()?);
        let head_len = usize::from(r.u8()?);
        let head = r.take(head_len.min(BLOCK_SIZE))?;
        let buf_len = usize::from(r.u8()?);
        let buf = r.take(buf_len.min(BLOCK_SIZE))?;
        let mut h = [0u64; 3];
        for limb in &mut h {
            *limb = u64::from_le_bytes(r.array()?);
        }
        r.end()?;
        let mut p = self.piece_at(offset);
        let started = head_len == head_need;
        let expect_len = (blocks.checked_mul(BLOCK_SIZE as u64))
            .and_then(|b| b.checked_add((head_len + buf_len) as u64));
        // The accumulator is secret: its checks are computed without branches and only
        // their verdict (the blob is well-formed or not, as the error says) is revealed.
        let h_ok = {
            use subtle::{ConstantTimeEq, ConstantTimeLess};
            let zero = h[0].ct_eq(&0) & h[1].ct_eq(&0) & h[2].ct_eq(&0);
            // The bounds every multiplication accepts (a carried accumulator is below them).
            let bounded = h[0].ct_lt(&(1 << 45)) & h[1].ct_lt(&(1 << 45)) & h[2].ct_lt(&(1 << 43));
            let started_ok = subtle::Choice::from(u8::from(started)) | zero;
            bool::from(wegman_arch::ct::declassify(bounded & started_ok))
        };
        let ok = head_need == p.core.head_need
            && head_len <= head_need
            && buf_len < BLOCK_SIZE
            && offset.checked_add(len).is_some()
            && expect_len == Some(len)
            && (started || (blocks == 0 && buf_len == 0))
            && h_ok;
        if !ok {
            h.zeroize();
            return Err(r.bad("inconsistent lengths or accumulator"));
        }
        let c = &mut p.core;
        c.len = len;
        c.blocks = blocks;
        c.head[..head_len].copy_from_slice(head);
        c.head_len = head_len;
        c.set_partial_block(buf);
        c.soft.h = super::backend::soft::Fe1305x44(h);
        h.zeroize();
        Ok(p)
    }
}

impl Drop for Poly1305Piece {
    fn drop(&mut self) {
        self.core.zeroize();
    }
}

impl ZeroizeOnDrop for Poly1305Piece {}

impl core::fmt::Debug for Poly1305Piece {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Poly1305Piece")
            .field("offset", &self.offset)
            .field("len", &self.core.len)
            .finish_non_exhaustive()
    }
}
