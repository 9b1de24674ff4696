//! Mergeable pieces of one hash127 message, for hashing a message on several threads or
//! machines.
//!
//! hash127 is linear in the message words: with the Horner value of a prefix A of a words
//! (started at 1, so h(A) = r^a + Σ m_i r^{a−1−i}) and the Horner value of the words B that
//! follow, started at 0 (P(B) = Σ m_j r^{b−1−j}), the value of A‖B is
//!
//! ```text
//! h(A‖B) = h(A)·r^b + P(B)   (mod 2^127 − 1).
//! ```
//!
//! So a byte message cut at multiples of 4 bytes (word boundaries) hashes piece by piece,
//! anywhere, and the pieces join in order with one r^b each (square and multiply on the
//! public b). The encoding's final 0x01 byte and padding belong to the end of the message,
//! which [`Hash127::finalize`](super::Hash127::finalize) completes; a piece only carries the
//! partial word at its end.
//!
//! A piece's value reveals r for a known message, so it is as secret as the key:
//! [`Hash127Piece::to_bytes`] is the explicit way to move one between machines, and every
//! copy is zeroized when dropped.

#[cfg(feature = "std")]
use std::vec::Vec;

#[cfg(feature = "std")]
use zeroize::Zeroize;
use zeroize::ZeroizeOnDrop;

use super::backend::Acc;
#[cfg(feature = "std")]
use super::backend::int128::{self, P};
use super::{Hash127, Hash127Aes, Hash127AesKey, Hash127Key};
use crate::Error;
#[cfg(feature = "std")]
use crate::wire::{PieceReader, PieceWriter};

/// The kind byte of a serialised hash127 piece (crate::wire).
#[cfg(feature = "std")]
const KIND: u8 = 3;

/// The error for a piece offset that is not a word boundary.
const UNALIGNED: Error = Error::PieceMismatch {
    reason: "a hash127 piece must start at a multiple of 4 bytes",
};

impl Hash127Key {
    /// Starts an independent hash of the part of a byte message that begins `offset` bytes
    /// in, under this key. Feed it that part with [`Hash127Piece::update`], then join it to the
    /// piece before it ([`Hash127Piece::merge`]) or to the streaming hash that ends where it
    /// starts ([`Hash127::absorb`]); the result is the serial one.
    ///
    /// Errors: [`Error::PieceMismatch`] unless `offset` is a multiple of 4 (a word boundary).
    ///
    /// ```
    /// use wegman_mac::hash127::Hash127Key;
    /// let key = Hash127Key::new([1, -2, 3, -4]);
    /// let msg = vec![42u8; 5001];
    /// let mut second = key.piece_at(4096)?;
    /// second.update(&msg[4096..]);
    /// let mut whole = key.hasher();
    /// whole.update(&msg[..4096]);
    /// whole.absorb(second)?;
    /// assert_eq!(whole.finalize([0; 4]), key.hash_bytes(&msg, [0; 4]));
    /// # Ok::<(), wegman_mac::Error>(())
    /// ```
    pub fn piece_at(&self, offset: u64) -> Result<Hash127Piece<'_>, Error> {
        if !offset.is_multiple_of(4) {
            return Err(UNALIGNED);
        }
        Ok(Hash127Piece {
            offset,
            state: self.state(Acc::ZERO),
        })
    }

    /// Reads a piece written by [`Hash127Piece::to_bytes`], under this key.
    #[cfg(feature = "std")]
    ///
    /// The blob does not identify the key: one read under another key joins, and gives a
    /// value (and a hash127-AES tag) that does not verify.
    ///
    /// Errors: [`Error::PieceEncoding`] if `blob` is not a well-formed hash127 piece.
    pub fn piece_from_bytes(&self, blob: &[u8]) -> Result<Hash127Piece<'_>, Error> {
        let mut r = PieceReader::new(blob, KIND)?;
        let offset = r.u64()?;
        let len = r.u64()?;
        let tail = r.take((len % 4) as usize)?;
        let mut h = u128::from_le_bytes(r.array()?);
        r.end()?;
        // The value is secret: its checks are computed without branches and only their verdict
        // (the blob is well-formed or not, as the error says) is revealed.
        let h_ok = {
            use subtle::{ConstantTimeEq, ConstantTimeLess};
            let (hi, lo) = ((h >> 64) as u64, h as u64);
            let top = (P >> 64) as u64; // p = top·2^64 + (2^64 − 1)
            let below_p = hi.ct_lt(&top) | (hi.ct_eq(&top) & !lo.ct_eq(&u64::MAX));
            let zero = hi.ct_eq(&0) & lo.ct_eq(&0);
            // A piece without a whole word has the value 0.
            let words = subtle::Choice::from(u8::from(len >= 4));
            bool::from(wegman_arch::ct::declassify(below_p & (words | zero)))
        };
        if !(offset.is_multiple_of(4) && offset.checked_add(len).is_some() && h_ok) {
            h.zeroize();
            return Err(r.bad("inconsistent offset, length or value"));
        }
        let mut state = self.state(Acc::new(h));
        h.zeroize();
        state.bytes[..tail.len()].copy_from_slice(tail);
        state.n_bytes = tail.len();
        state.len = len;
        Ok(Hash127Piece { offset, state })
    }
}

impl Hash127<'_> {
    /// Absorbs a piece ([`Hash127Key::piece_at`]) that starts where this message stands, so
    /// that the result is as if its bytes had been given to [`Hash127::update`].
    ///
    /// Errors: [`Error::PieceMismatch`] if the piece starts elsewhere or was made under
    /// another r.
    pub fn absorb(&mut self, piece: Hash127Piece<'_>) -> Result<(), Error> {
        let why = [
            "the piece does not start where the message ends",
            "the piece was made with another key",
        ];
        join(self, self.len, piece, why)
    }
}

/// Appends `next` to `state`, which ends at byte `end`, after the two checks every join
/// makes (`why`: the reasons for a wrong start and for another key).
fn join(
    state: &mut Hash127<'_>,
    end: u64,
    mut next: Hash127Piece<'_>,
    why: [&'static str; 2],
) -> Result<(), Error> {
    if next.offset != end {
        return Err(Error::PieceMismatch { reason: why[0] });
    }
    if !state.key.same_r(next.state.key) {
        return Err(Error::PieceMismatch { reason: why[1] });
    }
    // `end` is a multiple of 4 (every piece starts on one), so `state` holds no partial word.
    state.append(&mut next.state);
    Ok(())
}

/// The hash127 value of one piece of a message (see [`Hash127Key::piece_at`]). Secret: holds
/// the partial Horner value and buffered message bytes, zeroized on drop.
#[derive(Clone)]
pub struct Hash127Piece<'k> {
    offset: u64,
    /// Started at 0; its `len` counts this piece's bytes.
    state: Hash127<'k>,
}

impl Hash127Piece<'_> {
    /// Absorbs more of this piece; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.state.update(data);
    }

    /// Where this piece starts in the message.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Bytes absorbed so far.
    pub fn len(&self) -> u64 {
        self.state.len
    }

    /// Whether nothing has been absorbed yet.
    pub fn is_empty(&self) -> bool {
        self.state.len == 0
    }

    /// Appends `next`, the piece that starts where this one ends.
    ///
    /// Errors: [`Error::PieceMismatch`] if `next` starts elsewhere or was made under another r.
    pub fn merge(&mut self, next: Hash127Piece<'_>) -> Result<(), Error> {
        let end = self.offset + self.state.len;
        let why = [
            "the next piece does not start where this one ends",
            "the pieces were made with different keys",
        ];
        join(&mut self.state, end, next, why)
    }

    /// Serialises the piece for another machine: a versioned blob (see the crate's piece
    /// format, kind 3) holding the offset, the length, the partial word at the end and the
    /// Horner value (16 bytes, in [0, 2^127 − 1)). Not r; but the value reveals r for a known
    /// message, so the blob is as secret as the key. Read it back with
    /// [`Hash127Key::piece_from_bytes`] (or [`Hash127AesKey::piece_from_bytes`]).
    #[cfg(feature = "std")]
    pub fn to_bytes(&mut self) -> Vec<u8> {
        let mut h = int128::freeze(self.state.value());
        let s = &self.state;
        let mut w = PieceWriter::new(KIND);
        w.u64(self.offset);
        w.u64(s.len);
        w.bytes(&s.bytes[..s.n_bytes]);
        w.bytes(&h.to_le_bytes());
        h.zeroize();
        w.finish()
    }
}

impl ZeroizeOnDrop for Hash127Piece<'_> {}

impl core::fmt::Debug for Hash127Piece<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Hash127Piece")
            .field("offset", &self.offset)
            .field("len", &self.state.len)
            .finish_non_exhaustive()
    }
}

impl Hash127AesKey {
    /// A piece of a message under this key's hash127 key r (see [`Hash127Key::piece_at`]);
    /// join it to a [`Hash127Aes`] with [`Hash127Aes::absorb`].
    ///
    /// Errors: [`Error::PieceMismatch`] unless `offset` is a multiple of 4.
    pub fn piece_at(&self, offset: u64) -> Result<Hash127Piece<'_>, Error> {
        self.hash.piece_at(offset)
    }

    /// Reads a piece written by [`Hash127Piece::to_bytes`] (see
    /// [`Hash127Key::piece_from_bytes`]).
    #[cfg(feature = "std")]
    pub fn piece_from_bytes(&self, blob: &[u8]) -> Result<Hash127Piece<'_>, Error> {
        self.hash.piece_from_bytes(blob)
    }
}

impl Hash127Aes<'_> {
    /// Absorbs a piece that starts where the message stands (see [`Hash127::absorb`]).
    pub fn absorb(&mut self, piece: Hash127Piece<'_>) -> Result<(), Error> {
        self.inner.absorb(piece)
    }
}
