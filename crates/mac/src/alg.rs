//! The algorithm registry: every MAC of this crate behind one small interface, for front ends
//! that choose the algorithm at run time (the `wegman` CLI, the Python package, the fuzz
//! targets). [`Alg`] names an algorithm and its sizes; [`AnyKey`] is a validated key of any of
//! them; [`AnyStream`] one message being authenticated; [`AnyPiece`] a mergeable, serialisable
//! piece of a message. The names are those of docs/spec.md
//! §4 (`--alg`, key files, check lines).
//!
//! Everything here forwards to the algorithm's own types: the same constant-time code, the
//! same errors.

use std::boxed::Box;
use std::string::String;
use std::vec::Vec;

use zeroize::Zeroizing;

use crate::Error;
use crate::hash127::{Hash127Aes, Hash127AesKey, Hash127Piece};
use crate::hash256::{
    Auth256, Auth256Key, Auth256Pb, Auth256PbKey, Auth256PbPiece, Auth256Piece, Auth256TwoLevel,
    Auth256TwoLevelKey, Auth256TwoLevelPiece, Encoding,
};
use crate::poly1305::{Poly1305, Poly1305Aes, Poly1305AesKey, Poly1305Piece};

/// A MAC algorithm, by its `--alg` name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Alg {
    /// `auth256`: Auth256-AES (AES-256 key, 12-byte nonce, 32-byte tag).
    Auth256,
    /// `auth256-128`: Auth256-AES truncated to 16 bytes.
    Auth256x128,
    /// `auth256-2l`: Auth256 in two levels with a 16 KiB key (docs/spec.md §3.3.1).
    Auth256TwoLevel,
    /// `auth256-pb`: the two levels of `auth256-2l` over a polynomial basis, for carry-less
    /// multipliers (docs/spec.md §3.3.2).
    Auth256Pb,
    /// `poly1305-aes`: Poly1305-AES (key k ‖ r, 16-byte nonce).
    Poly1305Aes,
    /// `hash127-aes`: hash127-AES (key k ‖ r-words, 16-byte nonce).
    Hash127Aes,
    /// `poly1305`: RFC 8439 one-time Poly1305 (key r ‖ s, no nonce).
    Poly1305,
}

/// A name that is not an algorithm's; its `Display` lists the known names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm(pub String);

impl core::fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "unknown algorithm '{}' (known: ", self.0)?;
        for (i, a) in Alg::ALL.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{a}")?;
        }
        f.write_str(")")
    }
}

impl core::error::Error for UnknownAlgorithm {}

impl Alg {
    /// Every algorithm, in the order help texts list them.
    pub const ALL: [Alg; 7] = [
        Alg::Auth256,
        Alg::Auth256x128,
        Alg::Auth256TwoLevel,
        Alg::Auth256Pb,
        Alg::Poly1305Aes,
        Alg::Hash127Aes,
        Alg::Poly1305,
    ];

    /// The algorithm of a new key made without a choice (docs/spec.md §4): `auth256-pb`, the
    /// Auth256-family MAC that is fastest for files wherever a carry-less multiplier exists
    /// (every x86-64 CPU with PCLMULQDQ; BENCHMARKS.md: on Zen 4 0.06 c/B at 1 MiB against
    /// 0.15 for `auth256-2l` and 0.10 for Poly1305-AES), with a 16 KiB key whatever the file
    /// size and Auth256's 2^-255 differential bound per chunk.
    pub const DEFAULT: Alg = Alg::Auth256Pb;

    /// The name (`auth256`, `poly1305-aes`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Alg::Auth256 => "auth256",
            Alg::Auth256x128 => "auth256-128",
            Alg::Auth256TwoLevel => "auth256-2l",
            Alg::Auth256Pb => "auth256-pb",
            Alg::Poly1305Aes => "poly1305-aes",
            Alg::Hash127Aes => "hash127-aes",
            Alg::Poly1305 => "poly1305",
        }
    }

    /// The algorithm of a name.
    pub fn parse(name: &str) -> Result<Alg, UnknownAlgorithm> {
        Alg::ALL
            .into_iter()
            .find(|a| a.name() == name)
            .ok_or_else(|| UnknownAlgorithm(name.into()))
    }

    /// The indefinite article for the name in a sentence ("an auth256 key", "a poly1305 key").
    pub fn article(self) -> &'static str {
        if self.name().starts_with('a') {
            "an"
        } else {
            "a"
        }
    }

    /// Whether the Hash256 encoding (`b`) applies.
    pub const fn has_encoding(self) -> bool {
        matches!(self, Alg::Auth256 | Alg::Auth256x128 | Alg::Auth256TwoLevel)
    }

    /// Pieces start at multiples of this many bytes ([`AnyKey::piece_at`]): 1 for Poly1305
    /// (any offset), 4 for hash127 (a word), 64·b for Auth256 (a segment pair) and 16384 for
    /// the two-level members (a chunk).
    pub const fn piece_unit(self, enc: Encoding) -> usize {
        match self {
            Alg::Poly1305 | Alg::Poly1305Aes => 1,
            Alg::Hash127Aes => 4,
            Alg::Auth256 | Alg::Auth256x128 => enc.unit(),
            Alg::Auth256TwoLevel | Alg::Auth256Pb => crate::hash256::CHUNK,
        }
    }

    /// Key bytes.
    pub const fn key_len(self) -> usize {
        match self {
            Alg::Poly1305 | Alg::Poly1305Aes => crate::poly1305::KEY_SIZE,
            Alg::Hash127Aes => crate::hash127::KEY_SIZE,
            Alg::Auth256 | Alg::Auth256x128 | Alg::Auth256TwoLevel | Alg::Auth256Pb => {
                crate::hash256::KEY_SIZE
            }
        }
    }

    /// Nonce bytes, or `None` for the one-time `poly1305`.
    pub const fn nonce_len(self) -> Option<usize> {
        match self {
            Alg::Poly1305 => None,
            Alg::Poly1305Aes => Some(crate::poly1305::NONCE_SIZE),
            Alg::Hash127Aes => Some(crate::hash127::NONCE_SIZE),
            Alg::Auth256 | Alg::Auth256x128 | Alg::Auth256TwoLevel | Alg::Auth256Pb => {
                Some(crate::hash256::NONCE_SIZE)
            }
        }
    }

    /// Tag bytes.
    pub const fn tag_len(self) -> usize {
        match self {
            Alg::Poly1305 | Alg::Poly1305Aes => crate::poly1305::TAG_SIZE,
            Alg::Hash127Aes => crate::hash127::TAG_SIZE,
            Alg::Auth256 | Alg::Auth256TwoLevel | Alg::Auth256Pb => crate::hash256::TAG_SIZE,
            Alg::Auth256x128 => crate::hash256::TAG128_SIZE,
        }
    }

    /// Makes `key_len()` uniformly random bytes a valid key (Poly1305-AES clears the bits its
    /// r must have clear; every other algorithm takes any bytes).
    pub fn fix_random_key(self, key: &mut [u8]) {
        if self == Alg::Poly1305Aes
            && let Ok(k) = <&mut [u8; 32]>::try_from(key)
        {
            Poly1305AesKey::clamp_key_bytes(k);
        }
    }

    /// A validated key, hashing with encoding `enc` (only `B1` for the algorithms without
    /// [`Alg::has_encoding`]).
    pub fn key(self, key: &[u8], enc: Encoding) -> Result<AnyKey, Error> {
        if enc != Encoding::B1 && !self.has_encoding() {
            return Err(Error::InvalidParameter {
                reason: "b applies only to auth256, auth256-128 and auth256-2l",
            });
        }
        if key.len() != self.key_len() {
            return Err(Error::KeyLength {
                expected: self.key_len(),
                actual: key.len(),
            });
        }
        let inner = match self {
            Alg::Poly1305 => Inner::OneTime(Zeroizing::new(key.try_into().expect("length"))),
            Alg::Poly1305Aes => Inner::Poly1305Aes(Box::new(Poly1305AesKey::from_slice(key)?)),
            Alg::Hash127Aes => Inner::Hash127Aes(Box::new(Hash127AesKey::from_slice(key)?)),
            Alg::Auth256 | Alg::Auth256x128 => {
                Inner::Auth256(Box::new(Auth256Key::from_slice(key)?))
            }
            Alg::Auth256TwoLevel => {
                Inner::Auth256TwoLevel(Box::new(Auth256TwoLevelKey::from_slice(key)?))
            }
            Alg::Auth256Pb => Inner::Auth256Pb(Box::new(Auth256PbKey::from_slice(key)?)),
        };
        Ok(AnyKey {
            alg: self,
            enc,
            inner,
        })
    }
}

impl core::fmt::Display for Alg {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A validated key of any algorithm, with its Hash256 encoding. Zeroized on drop (each
/// algorithm's key type wipes itself).
pub struct AnyKey {
    alg: Alg,
    enc: Encoding,
    inner: Inner,
}

enum Inner {
    OneTime(Zeroizing<[u8; 32]>),
    Poly1305Aes(Box<Poly1305AesKey>),
    Hash127Aes(Box<Hash127AesKey>),
    Auth256(Box<Auth256Key>),
    Auth256TwoLevel(Box<Auth256TwoLevelKey>),
    Auth256Pb(Box<Auth256PbKey>),
}

impl core::fmt::Debug for AnyKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "AnyKey {{ alg: {}, b: {}, .. }}", self.alg, self.enc.b())
    }
}

/// The nonce as an array of the algorithm's length.
fn nonce_array<const N: usize>(nonce: &[u8]) -> Result<&[u8; N], Error> {
    nonce.try_into().map_err(|_| Error::NonceLength {
        expected: N,
        actual: nonce.len(),
    })
}

impl AnyKey {
    /// The algorithm.
    pub fn alg(&self) -> Alg {
        self.alg
    }

    /// The Hash256 encoding its messages are hashed with (`B1` for the other algorithms).
    pub fn encoding(&self) -> Encoding {
        self.enc
    }

    /// Starts the MAC of one message: `nonce` of the algorithm's nonce length, or `None` for
    /// the one-time `poly1305`.
    pub fn start(&self, nonce: Option<&[u8]>) -> Result<AnyStream<'_>, Error> {
        let s = match (&self.inner, nonce) {
            (Inner::OneTime(k), None) => Stream::Poly1305(Poly1305::new(k)),
            (Inner::Poly1305Aes(k), Some(n)) => Stream::Poly1305Aes(k.start(nonce_array(n)?)),
            (Inner::Hash127Aes(k), Some(n)) => Stream::Hash127Aes(k.start_from_slice(n)?),
            (Inner::Auth256(k), Some(n)) => Stream::Auth256(k.start_from_slice(n, self.enc)?),
            (Inner::Auth256TwoLevel(k), Some(n)) => {
                Stream::Auth256TwoLevel(k.start_from_slice(n, self.enc)?)
            }
            (Inner::Auth256Pb(k), Some(n)) => Stream::Auth256Pb(k.start_from_slice(n)?),
            (Inner::OneTime(_), Some(_)) => {
                return Err(Error::InvalidParameter {
                    reason: "poly1305 takes no nonce",
                });
            }
            (_, None) => {
                return Err(Error::InvalidParameter {
                    reason: "this algorithm needs a nonce",
                });
            }
        };
        Ok(AnyStream {
            alg: self.alg,
            s,
            len: 0,
        })
    }

    /// One-shot: the tag of `msg`.
    pub fn mac(&self, nonce: Option<&[u8]>, msg: &[u8]) -> Result<Vec<u8>, Error> {
        let mut s = self.start(nonce)?;
        s.update(msg);
        Ok(s.finalize())
    }

    /// Constant-time check of `tag` for `msg` (a tag of the wrong length is an error).
    pub fn verify(&self, nonce: Option<&[u8]>, msg: &[u8], tag: &[u8]) -> Result<(), Error> {
        let mut s = self.start(nonce)?;
        s.update(msg);
        s.verify(tag)
    }

    /// An empty piece of a message starting at byte `offset` (see the algorithms' pieces).
    pub fn piece_at(&self, offset: u64) -> Result<AnyPiece<'_>, Error> {
        Ok(AnyPiece(match &self.inner {
            Inner::OneTime(k) => Piece::Poly1305(Box::new(Poly1305::new(k).piece_at(offset))),
            Inner::Poly1305Aes(k) => Piece::Poly1305(Box::new(k.piece_at(offset))),
            Inner::Auth256(k) => Piece::Auth256(k.piece_at(self.enc, offset)?),
            Inner::Auth256TwoLevel(k) => Piece::Auth256TwoLevel(k.piece_at(self.enc, offset)?),
            Inner::Auth256Pb(k) => Piece::Auth256Pb(k.piece_at(offset)?),
            Inner::Hash127Aes(k) => Piece::Hash127(k.piece_at(offset)?),
        }))
    }

    /// A piece read back from [`AnyPiece::to_bytes`] (of this key and encoding).
    pub fn piece_from_bytes(&self, blob: &[u8]) -> Result<AnyPiece<'_>, Error> {
        Ok(AnyPiece(match &self.inner {
            Inner::OneTime(k) => {
                Piece::Poly1305(Box::new(Poly1305::new(k).piece_from_bytes(blob)?))
            }
            Inner::Poly1305Aes(k) => Piece::Poly1305(Box::new(k.piece_from_bytes(blob)?)),
            Inner::Auth256(k) => {
                let p = k.piece_from_bytes(blob)?;
                self.same_encoding(p.encoding())?;
                Piece::Auth256(p)
            }
            Inner::Auth256TwoLevel(k) => {
                let p = k.piece_from_bytes(blob)?;
                self.same_encoding(p.encoding())?;
                Piece::Auth256TwoLevel(p)
            }
            Inner::Auth256Pb(k) => Piece::Auth256Pb(k.piece_from_bytes(blob)?),
            Inner::Hash127Aes(k) => Piece::Hash127(k.piece_from_bytes(blob)?),
        }))
    }
}

impl AnyKey {
    /// An error unless a piece's encoding is this key's.
    fn same_encoding(&self, piece: Encoding) -> Result<(), Error> {
        if piece == self.enc {
            Ok(())
        } else {
            Err(Error::EncodingMismatch {
                piece: piece.b(),
                mac: self.enc.b(),
            })
        }
    }
}

/// One message being authenticated under an [`AnyKey`].
pub struct AnyStream<'k> {
    alg: Alg,
    s: Stream<'k>,
    /// Bytes absorbed (pieces included).
    len: u64,
}

enum Stream<'k> {
    Poly1305(Poly1305),
    Poly1305Aes(Poly1305Aes),
    Hash127Aes(Hash127Aes<'k>),
    Auth256(Auth256<'k>),
    Auth256TwoLevel(Auth256TwoLevel<'k>),
    Auth256Pb(Auth256Pb<'k>),
}

impl core::fmt::Debug for AnyStream<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "AnyStream {{ alg: {}, .. }}", self.alg)
    }
}

impl AnyStream<'_> {
    /// The algorithm.
    pub fn alg(&self) -> Alg {
        self.alg
    }

    /// Absorbs more of the message; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.len += data.len() as u64;
        match &mut self.s {
            Stream::Poly1305(p) => p.update(data),
            Stream::Poly1305Aes(p) => p.update(data),
            Stream::Hash127Aes(p) => p.update(data),
            Stream::Auth256(p) => p.update(data),
            Stream::Auth256TwoLevel(p) => p.update(data),
            Stream::Auth256Pb(p) => p.update(data),
        }
    }

    /// Like [`AnyStream::update`], on the threads of the current rayon pool; same result.
    #[cfg(feature = "rayon")]
    pub fn update_parallel(&mut self, data: &[u8]) {
        self.len += data.len() as u64;
        match &mut self.s {
            Stream::Poly1305(p) => p.update_parallel(data),
            Stream::Poly1305Aes(p) => p.update_parallel(data),
            Stream::Hash127Aes(p) => p.update_parallel(data),
            Stream::Auth256(p) => p.update_parallel(data),
            Stream::Auth256TwoLevel(p) => p.update_parallel(data),
            Stream::Auth256Pb(p) => p.update_parallel(data),
        }
    }

    /// Bytes absorbed so far (pieces included).
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether nothing was absorbed yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Absorbs a piece that starts where the stream stands (of the same key).
    pub fn absorb(&mut self, piece: AnyPiece<'_>) -> Result<(), Error> {
        let n = piece.len();
        let r = match (&mut self.s, piece.0) {
            (Stream::Poly1305(s), Piece::Poly1305(p)) => s.absorb(*p),
            (Stream::Poly1305Aes(s), Piece::Poly1305(p)) => s.absorb(*p),
            (Stream::Auth256(s), Piece::Auth256(p)) => s.absorb(p),
            (Stream::Auth256TwoLevel(s), Piece::Auth256TwoLevel(p)) => s.absorb(p),
            (Stream::Auth256Pb(s), Piece::Auth256Pb(p)) => s.absorb(p),
            (Stream::Hash127Aes(s), Piece::Hash127(p)) => s.absorb(p),
            _ => Err(Error::PieceMismatch {
                reason: "the piece belongs to another algorithm",
            }),
        };
        if r.is_ok() {
            self.len += n;
        }
        r
    }

    /// The tag (of the algorithm's [`Alg::tag_len`]).
    pub fn finalize(self) -> Vec<u8> {
        match self.s {
            Stream::Poly1305(p) => p.finalize().as_bytes().to_vec(),
            Stream::Poly1305Aes(p) => p.finalize().as_bytes().to_vec(),
            Stream::Hash127Aes(p) => p.finalize().as_bytes().to_vec(),
            Stream::Auth256(p) if self.alg == Alg::Auth256x128 => {
                p.finalize128().as_bytes().to_vec()
            }
            Stream::Auth256(p) => p.finalize().as_bytes().to_vec(),
            Stream::Auth256TwoLevel(p) => p.finalize().as_bytes().to_vec(),
            Stream::Auth256Pb(p) => p.finalize().as_bytes().to_vec(),
        }
    }

    /// Constant-time check of `tag` against the tag of everything absorbed (a tag of the
    /// wrong length is an error).
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        let want = self.alg.tag_len();
        if tag.len() != want {
            return Err(Error::TagLength {
                expected: want,
                actual: tag.len(),
            });
        }
        match self.s {
            Stream::Poly1305(p) => p.verify(tag),
            Stream::Poly1305Aes(p) => p.verify(tag),
            Stream::Hash127Aes(p) => p.verify(tag),
            Stream::Auth256(p) => p.verify(tag),
            Stream::Auth256TwoLevel(p) => p.verify(tag),
            Stream::Auth256Pb(p) => p.verify(tag),
        }
    }
}

/// A piece of a message hashed apart: mergeable with the piece after it, serialisable.
pub struct AnyPiece<'k>(Piece<'k>);

/// The pieces: a Poly1305 piece holds 16 blocks of powers, so it is boxed to keep the enum
/// near the Auth256 piece's size.
#[allow(clippy::large_enum_variant)]
enum Piece<'k> {
    Poly1305(Box<Poly1305Piece>),
    Auth256(Auth256Piece<'k>),
    Auth256TwoLevel(Auth256TwoLevelPiece<'k>),
    Auth256Pb(Auth256PbPiece<'k>),
    Hash127(Hash127Piece<'k>),
}

impl core::fmt::Debug for AnyPiece<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("AnyPiece { .. }")
    }
}

impl AnyPiece<'_> {
    /// The message offset the piece starts at.
    pub fn offset(&self) -> u64 {
        match &self.0 {
            Piece::Poly1305(p) => p.offset(),
            Piece::Auth256(p) => p.offset(),
            Piece::Auth256TwoLevel(p) => p.offset(),
            Piece::Auth256Pb(p) => p.offset(),
            Piece::Hash127(p) => p.offset(),
        }
    }

    /// Bytes absorbed.
    pub fn len(&self) -> u64 {
        match &self.0 {
            Piece::Poly1305(p) => p.len(),
            Piece::Auth256(p) => p.len(),
            Piece::Auth256TwoLevel(p) => p.len(),
            Piece::Auth256Pb(p) => p.len(),
            Piece::Hash127(p) => p.len(),
        }
    }

    /// Whether nothing was absorbed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Absorbs the next bytes of the piece.
    pub fn update(&mut self, data: &[u8]) {
        match &mut self.0 {
            Piece::Poly1305(p) => p.update(data),
            Piece::Auth256(p) => p.update(data),
            Piece::Auth256TwoLevel(p) => p.update(data),
            Piece::Auth256Pb(p) => p.update(data),
            Piece::Hash127(p) => p.update(data),
        }
    }

    /// Appends the piece that starts where this one ends.
    pub fn merge(&mut self, next: AnyPiece<'_>) -> Result<(), Error> {
        match (&mut self.0, next.0) {
            (Piece::Poly1305(a), Piece::Poly1305(b)) => a.merge(*b),
            (Piece::Auth256(a), Piece::Auth256(b)) => a.merge(b),
            (Piece::Auth256TwoLevel(a), Piece::Auth256TwoLevel(b)) => a.merge(b),
            (Piece::Auth256Pb(a), Piece::Auth256Pb(b)) => a.merge(b),
            (Piece::Hash127(a), Piece::Hash127(b)) => a.merge(b),
            _ => Err(Error::PieceMismatch {
                reason: "the pieces belong to different algorithms",
            }),
        }
    }

    /// The serialised piece (secret: as secret as the key's hash output).
    pub fn to_bytes(&mut self) -> Zeroizing<Vec<u8>> {
        Zeroizing::new(match &mut self.0 {
            Piece::Poly1305(p) => p.to_bytes(),
            Piece::Auth256(p) => p.to_bytes(),
            Piece::Auth256TwoLevel(p) => p.to_bytes(),
            Piece::Auth256Pb(p) => p.to_bytes(),
            Piece::Hash127(p) => p.to_bytes(),
        })
    }
}
