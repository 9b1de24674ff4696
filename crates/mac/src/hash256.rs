//! Hash256 and Auth256: the pseudo-dot-product MAC over F_{2^256} of Bernstein and Chou
//! (*Faster binary-field multiplication and faster binary-field MACs*, SAC 2014).
//!
//! # The field
//! K = F_{2^256} = F_256\[x\]/(x^32 + x^17 + x^2 + α8) over the tower F_256 of
//! [`wegman_gf256::tower`]; an element is 32 bytes, byte i the coefficient of x^i (docs/spec.md §2).
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
//! # Auth256-AES (docs/spec.md §3.3)
//! Key: a 32-byte AES-256 key K. The hash key stream is B(0) || B(1) || … with
//! B(j) = AES256_K(LE128(j)); r_t and r'_t are bytes \[64t, 64t + 32) and \[64t + 32, 64t + 64).
//! A 12-byte nonce n gives the pad s_n = AES256_K(n || 00 00 00 80) || AES256_K(n || 01 00 00 80)
//! (the top bit of the last byte keeps pads apart from the key stream), and
//! `auth256 = Hash256_r(M) ⊕ s_n` (32 bytes); `auth256-128` is its first 16 bytes.
//!
//! # Implementation (§4.2–4.3)
//! Every factor m_t + r_t is evaluated by the size-64 additive FFT at the 64 points of the
//! Cantor subspace; since blocks are in the y-basis, the FFT needs no radix conversion
//! ([`wegman_gf256::fft::fft64_ybasis`]). The products are multiplied pointwise and **summed
//! in the FFT domain**, so a whole message costs one inverse FFT and one reduction: that sum is
//! [`wegman_gf256::dot::DotSum`], which processes batches of 64 pairs at once on a
//! [`Backend`] (bitsliced words, portable, or byte-sliced AVX-512 GFNI vectors). This module
//! keeps what is Hash256's own: the encodings, the key stream, the state and the pad. The key stream is expanded lazily and cached in the key
//! ([`Auth256Key`]), up to a limit beyond which it is recomputed per message.
//!
//! # Constant time
//! No branch or memory index depends on the key or the message: the FFT network, the circuits
//! and the vector instructions are straight-line in the data; only lengths are public. Tags
//! compare in constant time ([`Tag`]); the key, the cached key stream and the accumulators are
//! zeroized when dropped.

mod encode;
mod key;
mod keystream;
mod levels;
mod pb;
mod pieces;
mod state;
mod two_level;

#[cfg(feature = "rayon")]
use std::vec::Vec;

#[cfg(feature = "rayon")]
use wegman_gf256::dot::DotSum;
use wegman_gf256::dot::PAIR;
use zeroize::Zeroize;

pub use self::key::{Auth256Key, DEFAULT_CACHE_LIMIT};
use self::keystream::Keys;
pub use self::levels::{CHUNK, TwoLevelMac, TwoLevelPiece};
pub use self::pb::{Auth256Pb, Auth256PbKey, Auth256PbPiece, PbBackend};
pub use self::pieces::Auth256Piece;
use self::state::State;
pub use self::two_level::{Auth256TwoLevel, Auth256TwoLevelKey, Auth256TwoLevelPiece};
use crate::{Error, Tag};
pub use wegman_gf256::Backend;

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
    let backend = wegman_gf256::Available::new(backend)?;
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
        self.state.update(&self.key.keys(), data);
    }

    /// Like [`Auth256::update`], on the threads of the current rayon pool: whole batches are
    /// split among the threads, each summing into its own accumulator; the sums add. Same
    /// result.
    #[cfg(feature = "rayon")]
    pub fn update_parallel(&mut self, data: &[u8]) {
        use rayon::prelude::*;
        const MIN_PIECE: usize = 256 << 10;
        let threads = rayon::current_num_threads();
        let bb = self.state.batch_bytes();
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
            self.key.available(),
            self.key,
            self.state.pairs,
        );
        let sums: Vec<(DotSum, u64)> = data[..whole]
            .par_chunks(size)
            .enumerate()
            .map(|(i, piece)| {
                let mut st = State::new(enc, backend);
                st.pairs = start + (i * size / PAIR) as u64;
                st.absorb_bytes(&key.keys(), piece);
                let pairs = st.pairs;
                (core::mem::replace(&mut st.sum, DotSum::new(backend)), pairs)
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
        let h = self.state.finalize(&self.key.keys());
        for (p, x) in pad.iter_mut().zip(h) {
            *p ^= x;
        }
        pad
    }

    /// The `auth256` tag: Hash256_r(M) ⊕ s_n.
    pub fn finalize(self) -> Auth256Tag {
        tag32(self.tag_bytes())
    }

    /// The `auth256-128` tag: the first 16 bytes of the `auth256` tag.
    pub fn finalize128(self) -> Auth256Tag128 {
        tag16(self.tag_bytes())
    }

    /// Constant-time check of a 32-byte `auth256` or 16-byte `auth256-128` tag (the length,
    /// which is public, says which).
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        verify_either(self.tag_bytes(), tag)
    }
}

/// The 32-byte tag of h ⊕ s_n, the bytes wiped.
fn tag32(mut b: [u8; 32]) -> Auth256Tag {
    let t = Tag::from_bytes(b);
    b.zeroize();
    t
}

/// The 16-byte truncation of h ⊕ s_n, the bytes wiped.
fn tag16(mut b: [u8; 32]) -> Auth256Tag128 {
    let t = Tag::from_bytes(core::array::from_fn(|i| b[i]));
    b.zeroize();
    t
}

/// Constant-time check of a 32-byte tag or of its 16-byte truncation (the length, public,
/// says which) against h ⊕ s_n.
fn verify_either(b: [u8; 32], tag: &[u8]) -> Result<(), Error> {
    match tag.len() {
        TAG128_SIZE => tag16(b).verify(tag),
        _ => tag32(b).verify(tag),
    }
}

impl core::fmt::Debug for Auth256<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Auth256 { .. }")
    }
}
