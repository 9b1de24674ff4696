//! The serialised form of message pieces ([`crate::poly1305::Poly1305Piece::to_bytes`],
//! [`crate::hash256::Auth256Piece::to_bytes`], [`crate::hash127::Hash127Piece::to_bytes`], ...): how a piece hashed on one machine reaches the
//! machine that joins it.
//!
//! Layout: the magic `WGMP`, a version byte (1), a kind byte (1: Poly1305, 2: Hash256, 3: hash127, 4: `auth256-2l`, 5: `auth256-pb`), then
//! the kind's fields, integers little-endian. A blob is as secret as the key it was made
//! under (it reveals the hash key for a known message): send it over authenticated,
//! encrypted channels only, and drop it when joined.

use std::vec::Vec;

use zeroize::Zeroize;

use crate::Error;

const MAGIC: &[u8; 4] = b"WGMP";
const VERSION: u8 = 1;

/// Builds a blob; zeroizes its buffer if dropped unfinished.
pub struct PieceWriter(Vec<u8>);

impl PieceWriter {
    pub(crate) fn new(kind: u8) -> PieceWriter {
        let mut v = Vec::with_capacity(128);
        v.extend_from_slice(MAGIC);
        v.push(VERSION);
        v.push(kind);
        PieceWriter(v)
    }

    pub(crate) fn u8(&mut self, x: u8) {
        self.0.push(x);
    }

    pub(crate) fn u16(&mut self, x: u16) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }

    pub(crate) fn u64(&mut self, x: u64) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }

    pub(crate) fn bytes(&mut self, b: &[u8]) {
        // Reserve first so that no reallocation leaves a copy of secret bytes behind.
        if self.0.capacity() - self.0.len() < b.len() {
            let mut grown = Vec::with_capacity(2 * (self.0.len() + b.len()));
            grown.extend_from_slice(&self.0);
            self.0.zeroize();
            self.0 = grown;
        }
        self.0.extend_from_slice(b);
    }

    pub(crate) fn finish(mut self) -> Vec<u8> {
        core::mem::take(&mut self.0)
    }
}

impl Drop for PieceWriter {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

/// Reads a blob of one kind, field by field.
pub struct PieceReader<'a> {
    rest: &'a [u8],
}

impl<'a> PieceReader<'a> {
    /// Checks magic, version and kind.
    pub(crate) fn new(blob: &'a [u8], kind: u8) -> Result<PieceReader<'a>, Error> {
        let r = PieceReader { rest: blob };
        match blob {
            [m0, m1, m2, m3, v, k, rest @ ..] if [*m0, *m1, *m2, *m3] == *MAGIC => {
                if *v != VERSION {
                    Err(r.bad("unsupported piece format version"))
                } else if *k != kind {
                    Err(r.bad("a piece of another algorithm"))
                } else {
                    Ok(PieceReader { rest })
                }
            }
            _ => Err(r.bad("not a wegman piece (bad magic)")),
        }
    }

    /// The error for a malformed blob.
    pub(crate) fn bad(&self, reason: &'static str) -> Error {
        Error::PieceEncoding { reason }
    }

    pub(crate) fn array<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        match self.rest.split_first_chunk::<N>() {
            Some((a, rest)) => {
                self.rest = rest;
                Ok(*a)
            }
            None => Err(self.bad("truncated piece")),
        }
    }

    pub(crate) fn u8(&mut self) -> Result<u8, Error> {
        Ok(self.array::<1>()?[0])
    }

    pub(crate) fn u16(&mut self) -> Result<u16, Error> {
        Ok(u16::from_le_bytes(self.array()?))
    }

    pub(crate) fn u64(&mut self) -> Result<u64, Error> {
        Ok(u64::from_le_bytes(self.array()?))
    }

    /// The next `n` bytes.
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], Error> {
        if n > self.rest.len() {
            return Err(self.bad("truncated piece"));
        }
        let (a, rest) = self.rest.split_at(n);
        self.rest = rest;
        Ok(a)
    }

    /// Everything left.
    pub(crate) fn rest(&mut self) -> &'a [u8] {
        core::mem::take(&mut self.rest)
    }

    /// Errors unless everything was read.
    pub(crate) fn end(&self) -> Result<(), Error> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(self.bad("trailing bytes after the piece"))
        }
    }
}

impl core::fmt::Debug for PieceWriter {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // The blob is secret: its length only.
        f.debug_struct("PieceWriter")
            .field("len", &self.0.len())
            .finish_non_exhaustive()
    }
}

impl core::fmt::Debug for PieceReader<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PieceReader")
            .field("rest", &self.rest.len())
            .finish_non_exhaustive()
    }
}
