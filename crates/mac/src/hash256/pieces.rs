//! Mergeable pieces of one Hash256 message, for hashing a message on several machines.
//!
//! Hash256 is a sum over segment pairs, Σ_t (m_t + r_t)(m'_t + r'_t), and each term depends
//! only on its own 64·b message bytes and its position t. So a message cut at multiples of the
//! encoding's unit (64·b bytes: 64, 512 or 16384) hashes piece by piece, anywhere, and the
//! finished sums of the pieces add (XOR) into the sum of the whole. The padding belongs to the
//! last piece's partial unit, which [`Auth256::finalize`] completes.
//!
//! A piece's sum reveals the hash key for a known message, so it is as secret as the key:
//! [`Auth256Piece::to_bytes`] is the explicit way to move one between machines, and every
//! copy is zeroized when dropped.

use std::vec::Vec;

use subtle::ConstantTimeEq;
use zeroize::Zeroize;

use super::state::State;
use super::{Auth256, Auth256Key, Encoding};
use crate::Error;
use crate::wire::{PieceReader, PieceWriter};

/// The kind byte of a serialised Auth256 piece.
const KIND: u8 = 2;

impl Auth256Key {
    /// Starts an independent Hash256 of the part of a message that begins `offset` bytes in,
    /// under this key and encoding `enc`. Feed it that part with [`Auth256Piece::update`],
    /// then join it to the piece before it ([`Auth256Piece::merge`]) or to the streaming MAC
    /// that ends where it starts ([`Auth256::absorb`]); the tag is the serial tag.
    ///
    /// Errors: [`Error::PieceMismatch`] unless `offset` is a multiple of the unit 64·b.
    ///
    /// ```
    /// use wegman_mac::hash256::{Auth256Key, Encoding};
    /// let key = Auth256Key::new(&[7u8; 32]);
    /// let nonce = [1u8; 12];
    /// let msg = vec![42u8; 5000];
    /// let mut second = key.piece_at(Encoding::B1, 4096)?;
    /// second.update(&msg[4096..]);
    /// let mut whole = key.start(&nonce);
    /// whole.update(&msg[..4096]);
    /// whole.absorb(second)?;
    /// assert_eq!(whole.finalize(), key.mac(&nonce, &msg));
    /// # Ok::<(), wegman_mac::Error>(())
    /// ```
    pub fn piece_at(&self, enc: Encoding, offset: u64) -> Result<Auth256Piece<'_>, Error> {
        if !offset.is_multiple_of(enc.unit() as u64) {
            return Err(Error::PieceMismatch {
                reason: "an Auth256 piece must start at a multiple of 64·b bytes",
            });
        }
        let mut state = State::new(enc, self.available());
        state.pairs = offset / 64;
        Ok(Auth256Piece {
            key: self,
            offset,
            state,
        })
    }

    /// Reads a piece written by [`Auth256Piece::to_bytes`] under this key.
    ///
    /// Errors: [`Error::PieceEncoding`] if `blob` is not such a piece, or was written under
    /// another key (a check value derived from the key is compared in constant time).
    pub fn piece_from_bytes(&self, blob: &[u8]) -> Result<Auth256Piece<'_>, Error> {
        let mut r = PieceReader::new(blob, KIND)?;
        let enc = Encoding::from_b(u32::from(r.u16()?)).map_err(|_| r.bad("unknown encoding"))?;
        let check: [u8; 16] = r.array()?;
        // Revealed on purpose: whether the blob was made under this key, as the error does.
        if !bool::from(wegman_arch::ct::declassify(
            check.ct_eq(&self.check_value()),
        )) {
            return Err(r.bad("the piece was made with another key"));
        }
        let offset = r.u64()?;
        let len = r.u64()?;
        let mut sum: [u8; 32] = r.array()?;
        let tail = r.rest();
        let unit = enc.unit() as u64;
        let ok = offset.is_multiple_of(unit)
            && offset.checked_add(len).is_some()
            && (tail.len() as u64) < unit
            && (len - len.min(tail.len() as u64)).is_multiple_of(unit)
            && len >= tail.len() as u64;
        if !ok {
            sum.zeroize();
            return Err(r.bad("inconsistent offset, length or tail"));
        }
        let mut state = State::new(enc, self.available());
        state.pairs = (offset + len - tail.len() as u64) / 64;
        state.extra = sum;
        state.buf.extend_from_slice(tail);
        sum.zeroize();
        Ok(Auth256Piece {
            key: self,
            offset,
            state,
        })
    }

    /// 16 bytes that identify the key without revealing it: AES256_K(0xff…ff), a block no
    /// pad (top bit of the last byte set, byte 12 below 2) or key-stream counter produces.
    pub(super) fn check_value(&self) -> [u8; 16] {
        self.encrypt_block([0xff; 16])
    }
}

/// The Hash256 of one piece of a message (see [`Auth256Key::piece_at`]). Secret: holds the
/// partial sum and buffered message bytes, zeroized on drop.
pub struct Auth256Piece<'k> {
    key: &'k Auth256Key,
    offset: u64,
    state: State,
}

impl Auth256Piece<'_> {
    /// Absorbs more of this piece; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.state.update(&self.key.keys(), data);
    }

    /// Where this piece starts in the message.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Bytes absorbed so far.
    pub fn len(&self) -> u64 {
        self.state.len() - self.offset
    }

    /// Whether nothing has been absorbed yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The encoding (b) this piece hashes with.
    pub fn encoding(&self) -> Encoding {
        self.state.enc
    }

    /// Appends `next`, the piece that starts where this one ends.
    ///
    /// Errors: [`Error::PieceMismatch`] if `next` starts elsewhere, uses another encoding or
    /// key.
    pub fn merge(&mut self, next: Auth256Piece<'_>) -> Result<(), Error> {
        check_join(self.key, &self.state, self.state.len(), &next)?;
        self.state.join(&self.key.keys(), take_state(next));
        Ok(())
    }

    /// Serialises the piece for another machine: a versioned blob holding the encoding, a
    /// check value of the key (not the key), offset, length, the partial sum (secret: it
    /// reveals the hash key for a known message) and the bytes of an unfinished unit.
    pub fn to_bytes(&mut self) -> Vec<u8> {
        let mut sum = self.state.unit_sum(&self.key.keys());
        let mut w = PieceWriter::new(KIND);
        w.u16(self.state.enc.b() as u16);
        w.bytes(&self.key.check_value());
        w.u64(self.offset);
        w.u64(self.len());
        w.bytes(&sum);
        w.bytes(&self.state.buf);
        sum.zeroize();
        w.finish()
    }
}

/// Whether `next` may follow a state of `len` bytes with encoding and key as given.
fn check_join(
    key: &Auth256Key,
    state: &State,
    len: u64,
    next: &Auth256Piece<'_>,
) -> Result<(), Error> {
    check_follows(
        (key, state.enc, len),
        (next.key, next.state.enc, next.offset),
    )
}

/// The checks every join of Auth256-family pieces makes: `next` (key, encoding, offset)
/// starts where `this` (key, encoding, end) ends, with the same encoding and key.
pub(super) fn check_follows(
    (key, enc, end): (&Auth256Key, Encoding, u64),
    (next_key, next_enc, offset): (&Auth256Key, Encoding, u64),
) -> Result<(), Error> {
    if offset != end {
        return Err(Error::PieceMismatch {
            reason: "the piece does not start where the message so far ends",
        });
    }
    if next_enc != enc {
        return Err(Error::PieceMismatch {
            reason: "the pieces use different encodings (b)",
        });
    }
    // Revealed on purpose: whether the keys agree, as the error does.
    let same = core::ptr::eq(key, next_key)
        || bool::from(wegman_arch::ct::declassify(
            key.check_value().ct_eq(&next_key.check_value()),
        ));
    if !same {
        return Err(Error::PieceMismatch {
            reason: "the piece was made with another key",
        });
    }
    Ok(())
}

/// The state of a piece, moved out (the piece has no destructor of its own to run).
fn take_state(p: Auth256Piece<'_>) -> State {
    p.state
}

impl Auth256<'_> {
    /// Appends a piece made by [`Auth256Key::piece_at`] (or read back with
    /// [`Auth256Key::piece_from_bytes`]) that starts where this MAC's message ends.
    ///
    /// Errors: [`Error::PieceMismatch`] if the piece starts elsewhere, or has another
    /// encoding or key.
    pub fn absorb(&mut self, piece: Auth256Piece<'_>) -> Result<(), Error> {
        check_join(self.key, &self.state, self.state.len(), &piece)?;
        self.state.join(&self.key.keys(), take_state(piece));
        Ok(())
    }

    /// Bytes absorbed so far.
    pub fn len(&self) -> u64 {
        self.state.len()
    }

    /// Whether nothing has been absorbed yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl core::fmt::Debug for Auth256Piece<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Auth256Piece")
            .field("offset", &self.offset)
            .field("len", &self.len())
            .field("b", &self.state.enc.b())
            .finish_non_exhaustive()
    }
}
