//! Poly1305 and Poly1305-AES: polynomial evaluation modulo 2^130 − 5.
//!
//! # The hash
//! A message m is cut into 16-byte chunks; chunk i (with q chunks in all) becomes the integer
//! c_i = Σ_j m[16i + j]·2^{8j} + 2^{8·len}, where len is the chunk's length (16 except perhaps
//! for the last). With the 16-byte key r read little-endian (see *Key formats*),
//!
//! ```text
//! Poly1305_r(m, s) = ((c_1·r^q + c_2·r^{q−1} + … + c_q·r) mod (2^130 − 5) + s) mod 2^128
//! ```
//!
//! as 16 bytes little-endian. Two distinct messages of at most L bytes collide for at most
//! 8⌈L/16⌉ of the 2^106 possible r, which bounds the forgery probability of every MAC below
//! (Bernstein, *The Poly1305-AES message-authentication code*, FSE 2005, Theorem 3.3).
//!
//! # The two MACs
//! - [`Poly1305`] is the one-time authenticator of RFC 8439 §2.5: the 32-byte key is `r || s`
//!   and **must not** authenticate two messages. Bits of r that the paper requires clear are
//!   *clamped* (cleared) silently, exactly as RFC 8439 does, so every 32-byte string is a key.
//! - [`Poly1305Aes`] is the MAC of the paper: the 32-byte key is `k || r` with k an AES-128 key,
//!   each message has its own 16-byte nonce n, and the tag is `Poly1305_r(m, AES_k(n))`. A key
//!   whose r has any clamp bit set is **rejected** with [`Error::InvalidKey`]: the paper defines
//!   such strings not to be keys, and silently changing a key would hide a broken key source.
//!   [`Poly1305AesKey::clamp_key_bytes`] turns 32 random bytes into a valid key.
//!
//! # Key formats
//! `r = r[0] + 2^8·r[1] + … + 2^120·r[15]`, with `r[3], r[7], r[11], r[15] < 16` (top four
//! bits clear) and `r[4], r[8], r[12] ≡ 0 (mod 4)` (bottom two bits clear): 106 free bits.
//!
//! # Performance and key agility
//! No per-key precomputation is needed beyond splitting r into limbs (the paper's point: a new
//! key per message costs nothing extra beyond one AES call). The [`Backend`] is detected once
//! per hasher and matched once per `update` call.
//!
//! # Constant time
//! The arithmetic is branch-free in the key and the message, tags compare with [`subtle`], and
//! all key material is zeroized on drop. The one key-dependent branch is the validity check of
//! a Poly1305-AES key, which reveals only whether the key is valid, as its error does anyway.

mod backend;

use aes::Aes128;
use aes::cipher::BlockCipherEncrypt;
use universal_hash::common::{BlockSizeUser, KeySizeUser, ParBlocksSizeUser};
use universal_hash::consts::{U1, U16, U32};
use universal_hash::{Block, Key, KeyInit, Reset, UhfBackend, UhfClosure, UniversalHash};
use zeroize::{Zeroize, ZeroizeOnDrop};

pub use backend::Backend;
use backend::soft::{Fe1305x44, Powers};

use crate::error::{array_from, key_len, nonce_len};
use crate::{Error, Tag};

/// Bytes in a Poly1305 or Poly1305-AES key.
pub const KEY_SIZE: usize = 32;
/// Bytes in a Poly1305-AES nonce.
pub const NONCE_SIZE: usize = 16;
/// Bytes in a message chunk.
pub const BLOCK_SIZE: usize = 16;
/// Bytes in a tag.
pub const TAG_SIZE: usize = 16;

/// A Poly1305 or Poly1305-AES tag.
pub type Poly1305Tag = Tag<TAG_SIZE>;

/// The bits of r that may be set: clamping is `r & CLAMP`.
const CLAMP: u128 = 0x0fff_fffc_0fff_fffc_0fff_fffc_0fff_ffff;

/// Bulk calls shorter than this stay on the portable code even when a vector backend is
/// selected and the key powers are at hand: below it the lane combination does not pay.
const VECTOR_MIN_BYTES: usize = 256;
/// The same when the powers r^1..r^16 must first be computed (15 multiplications): measured
/// crossover on Zen 4 between 256 and 1024 bytes, see BENCHMARKS.md.
const VECTOR_MIN_BYTES_COLD: usize = 512;

/// The powers of `r` in `slot`, computed on first use.
fn powers<'a>(slot: &'a mut Option<Powers<16>>, r: &Fe1305x44) -> &'a Powers<16> {
    slot.get_or_insert_with(|| Powers::new(r))
}

/// The streaming hash core: key r (in the backend's form), accumulator and partial chunk.
#[derive(Clone)]
struct Core {
    backend: Backend,
    soft: backend::soft::State,
    /// r^1..r^16 for the vector backends, computed on first need (or given by a cached key).
    powers: Option<Powers<16>>,
    buf: [u8; BLOCK_SIZE],
    buf_len: usize,
    /// For a piece starting inside a block: the bytes before its first block boundary,
    /// which belong to a block that the preceding piece completes (see [`Poly1305Piece`]).
    head: [u8; BLOCK_SIZE],
    head_len: usize,
    head_need: usize,
    /// Bytes absorbed (head included) and full blocks multiplied into the accumulator.
    len: u64,
    blocks: u64,
}

impl Zeroize for Core {
    fn zeroize(&mut self) {
        self.soft.zeroize();
        // The powers are only written (and so only secret) once computed; skipping the
        // 384-byte wipe otherwise keeps short one-shot MACs cheap.
        if let Some(p) = &mut self.powers {
            p.zeroize();
        }
        self.powers = None;
        // The buffers hold message bytes, not key material: wipe them only when they hold
        // something (their fill levels are public), so short one-shot MACs stay cheap.
        if self.buf_len > 0 {
            self.buf.zeroize();
        }
        if self.head_len > 0 {
            self.head.zeroize();
        }
        self.buf_len = 0;
        self.head_len = 0;
    }
}

impl Core {
    fn new(r: &[u8; 16], backend: Backend) -> Self {
        let r = u128::from_le_bytes(*r) & CLAMP;
        Core {
            backend,
            soft: backend::soft::State::new(r),
            powers: None,
            buf: [0; BLOCK_SIZE],
            buf_len: 0,
            head: [0; BLOCK_SIZE],
            head_len: 0,
            head_need: 0,
            len: 0,
            blocks: 0,
        }
    }

    /// A fresh core with the same key (and cached powers) for the bytes from `offset` on.
    fn piece_at(&self, offset: u64) -> Core {
        let mut c = self.clone();
        c.soft.reset();
        c.buf.zeroize();
        c.buf_len = 0;
        c.head.zeroize();
        c.head_len = 0;
        c.head_need = (BLOCK_SIZE - (offset % BLOCK_SIZE as u64) as usize) % BLOCK_SIZE;
        c.len = 0;
        c.blocks = 0;
        c
    }

    /// Appends the piece `next`, which starts where `self` ends and has the same key:
    /// h ← h·r^{blocks(next)} + h(next), after completing the block that straddles the seam.
    fn merge(&mut self, next: &Core) {
        self.update(&next.head[..next.head_len]);
        if next.head_len < next.head_need {
            // `next` is shorter than its head: no blocks, nothing buffered.
            return;
        }
        debug_assert_eq!(self.buf_len, 0);
        if next.blocks > 0 {
            let rn = self.soft.r.pow_public_exponent(next.blocks);
            self.soft.h = self.soft.h.mul(&rn).add(&next.soft.h);
            self.blocks += next.blocks;
        }
        self.buf = next.buf;
        self.buf_len = next.buf_len;
        self.len += next.len - next.head_len as u64;
    }

    /// Whether `other` was made from the same key (constant-time comparison of r).
    fn same_key(&self, other: &Core) -> bool {
        use subtle::ConstantTimeEq;
        bool::from(self.soft.r.0.ct_eq(&other.soft.r.0))
    }

    /// Absorbs whole full chunks (`data.len()` a multiple of 16): one backend match per call.
    fn blocks(&mut self, data: &[u8]) {
        self.blocks += (data.len() / BLOCK_SIZE) as u64;
        match self.backend {
            Backend::Soft => self.soft.blocks(data, 1),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => {
                let vector = self.vector_prefix(data.len(), backend::avx2::STEP);
                if vector > 0 {
                    let powers = powers(&mut self.powers, &self.soft.r);
                    // SAFETY: a `Core` with this backend is only built after
                    // `Backend::is_available` confirmed avx2, the feature `avx2::blocks`
                    // enables.
                    unsafe { backend::avx2::blocks(&mut self.soft.h, powers, &data[..vector]) };
                }
                self.soft.blocks(&data[vector..], 1);
            }
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512Ifma => {
                let vector = self.vector_prefix(data.len(), backend::ifma::STEP);
                if vector > 0 {
                    let powers = powers(&mut self.powers, &self.soft.r);
                    // SAFETY: a `Core` with this backend is only built after
                    // `Backend::is_available` confirmed avx512f and avx512ifma, exactly the
                    // features `ifma::blocks` enables.
                    unsafe { backend::ifma::blocks(&mut self.soft.h, powers, &data[..vector]) };
                }
                self.soft.blocks(&data[vector..], 1);
            }
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Avx2 | Backend::Avx512Ifma => self.soft.blocks(data, 1),
        }
    }

    /// How many leading bytes of a bulk call of `len` bytes go to a vector kernel with the
    /// given step: none below the crossover, else all whole steps.
    fn vector_prefix(&self, len: usize, step: usize) -> usize {
        let min = if self.powers.is_some() {
            VECTOR_MIN_BYTES
        } else {
            VECTOR_MIN_BYTES_COLD
        };
        if len >= min { len / step * step } else { 0 }
    }

    /// The key powers, computed on first use (before `update_parallel` splits a message).
    #[cfg(feature = "rayon")]
    fn ensure_powers(&mut self) {
        powers(&mut self.powers, &self.soft.r);
    }

    fn update(&mut self, mut data: &[u8]) {
        self.len += data.len() as u64;
        if self.head_len < self.head_need {
            let take = (self.head_need - self.head_len).min(data.len());
            self.head[self.head_len..self.head_len + take].copy_from_slice(&data[..take]);
            self.head_len += take;
            data = &data[take..];
        }
        if self.buf_len > 0 {
            let take = (BLOCK_SIZE - self.buf_len).min(data.len());
            self.buf[self.buf_len..self.buf_len + take].copy_from_slice(&data[..take]);
            self.buf_len += take;
            data = &data[take..];
            if self.buf_len < BLOCK_SIZE {
                return;
            }
            let block = self.buf;
            self.blocks(&block);
            self.buf_len = 0;
        }
        let whole = data.len() - data.len() % BLOCK_SIZE;
        if whole > 0 {
            self.blocks(&data[..whole]);
        }
        let rest = &data[whole..];
        self.buf[..rest.len()].copy_from_slice(rest);
        self.buf_len = rest.len();
    }

    /// Pads and absorbs the final partial chunk, then returns the tag with pad s.
    fn finalize(&mut self, s: u128) -> Poly1305Tag {
        if self.buf_len > 0 {
            let mut last = [0u8; BLOCK_SIZE];
            last[..self.buf_len].copy_from_slice(&self.buf[..self.buf_len]);
            last[self.buf_len] = 1;
            self.soft.blocks(&last, 0);
            last.zeroize();
            self.buf.zeroize();
            self.buf_len = 0;
        }
        Tag::from_bytes(self.soft.finalize(s))
    }

    fn reset(&mut self) {
        *self = self.piece_at(0);
    }
}

/// The one-time authenticator Poly1305 of RFC 8439 §2.5 (key `r || s`, r clamped).
///
/// A key must authenticate **one** message only: two tags under one key reveal r. Use
/// [`Poly1305Aes`] (or derive a fresh key per message, as ChaCha20-Poly1305 does) for a MAC
/// that takes many messages.
///
/// ```
/// use wegman_mac::poly1305::Poly1305;
/// // RFC 8439 §2.5.2
/// let key = *b"\x85\xd6\xbe\x78\x57\x55\x6d\x33\x7f\x44\x52\xfe\x42\xd5\x06\xa8\
///              \x01\x03\x80\x8a\xfb\x0d\xb2\xfd\x4a\xbf\xf6\xaf\x41\x49\xf5\x1b";
/// let tag = Poly1305::mac(&key, b"Cryptographic Forum Research Group");
/// assert_eq!(format!("{tag:x}"), "a8061dc1305136c6c22b8baf0c0127a9");
/// ```
#[derive(Clone)]
pub struct Poly1305 {
    core: Core,
    /// The pad s, read little-endian.
    s: u128,
}

impl Poly1305 {
    /// Starts a hash under the one-time key `r || s` (r is clamped).
    pub fn new(key: &[u8; KEY_SIZE]) -> Self {
        Poly1305::with_backend(key, Backend::detect())
    }

    /// Like [`Poly1305::new`], checking the key length.
    pub fn new_from_slice(key: &[u8]) -> Result<Self, Error> {
        Ok(Poly1305::new(&array_from(key, key_len)?))
    }

    /// Like [`Poly1305::new`] with a chosen backend; for tests and benchmarks.
    ///
    /// # Panics
    /// If this CPU cannot run `backend` (see [`Backend::is_available`]).
    #[doc(hidden)]
    pub fn with_backend(key: &[u8; KEY_SIZE], backend: Backend) -> Self {
        assert!(backend.is_available(), "backend {backend} is not available");
        let (r, s) = key.split_at(16);
        Poly1305 {
            core: Core::new(r.try_into().unwrap(), backend),
            s: u128::from_le_bytes(s.try_into().unwrap()),
        }
    }

    /// The backend this hasher runs on.
    pub fn backend(&self) -> Backend {
        self.core.backend
    }

    /// One-shot: the tag of `msg` under the one-time key `key`.
    pub fn mac(key: &[u8; KEY_SIZE], msg: &[u8]) -> Poly1305Tag {
        let mut p = Poly1305::new(key);
        p.update(msg);
        p.finalize()
    }

    /// Absorbs more of the message; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.core.update(data);
    }

    /// The tag of everything absorbed.
    pub fn finalize(mut self) -> Poly1305Tag {
        self.core.finalize(self.s)
    }

    /// Constant-time check of `tag` against the tag of everything absorbed.
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        self.finalize().verify(tag)
    }

    /// Forgets the message absorbed so far, keeping the key.
    pub fn reset(&mut self) {
        self.core.reset();
    }
}

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
        if piece.offset != self.core.len {
            return Err(Error::PieceMismatch {
                reason: "the piece does not start where the hasher ends",
            });
        }
        if !self.core.same_key(&piece.core) {
            return Err(Error::PieceMismatch {
                reason: "the piece was made with another key",
            });
        }
        self.core.merge(&piece.core);
        Ok(())
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
        if self.core.backend != Backend::Soft {
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
        if next.offset != self.offset + self.core.len {
            return Err(Error::PieceMismatch {
                reason: "the next piece does not start where this one ends",
            });
        }
        if !self.core.same_key(&next.core) {
            return Err(Error::PieceMismatch {
                reason: "the pieces were made with different keys",
            });
        }
        self.core.merge(&next.core);
        Ok(())
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

impl Drop for Poly1305 {
    fn drop(&mut self) {
        self.core.zeroize();
        self.s.zeroize();
    }
}

impl ZeroizeOnDrop for Poly1305 {}

impl core::fmt::Debug for Poly1305 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Poly1305")
            .field("backend", &self.core.backend)
            .finish_non_exhaustive()
    }
}

impl KeySizeUser for Poly1305 {
    type KeySize = U32;
}

/// The RustCrypto constructor: same as [`Poly1305::new`].
impl KeyInit for Poly1305 {
    fn new(key: &Key<Self>) -> Self {
        Poly1305::new(&(*key).into())
    }
}

impl BlockSizeUser for Poly1305 {
    type BlockSize = U16;
}

/// The RustCrypto universal-hash interface: whole 16-byte blocks (each with the 2^128 bit, as
/// for full chunks of the byte-oriented API), `update_padded` for AEAD-style zero padding,
/// and `finalize` giving the Poly1305 tag. Mixing it with the byte-oriented
/// [`Poly1305::update`] is allowed: blocks are appended to the bytes absorbed so far.
impl UniversalHash for Poly1305 {
    fn update_with_backend(&mut self, f: impl UhfClosure<BlockSize = Self::BlockSize>) {
        f.call(&mut UhfBlocks(self));
    }

    fn finalize(self) -> Block<Self> {
        Poly1305::finalize(self).into_bytes().into()
    }
}

impl Reset for Poly1305 {
    fn reset(&mut self) {
        Poly1305::reset(self);
    }
}

/// Adapter feeding universal-hash blocks to the byte-oriented core.
struct UhfBlocks<'a>(&'a mut Poly1305);

impl BlockSizeUser for UhfBlocks<'_> {
    type BlockSize = U16;
}

impl ParBlocksSizeUser for UhfBlocks<'_> {
    type ParBlocksSize = U1;
}

impl UhfBackend for UhfBlocks<'_> {
    fn proc_block(&mut self, block: &Block<Self>) {
        self.0.update(block.as_slice());
    }
}

/// A validated Poly1305-AES key `k || r`: an AES-128 key schedule and the hash key r.
///
/// Build it once and authenticate any number of messages, each under its own nonce. The key
/// caches the powers r^1..r^16 that the vector backends use, so messages under a cached key
/// skip that setup (a fresh `Poly1305Aes::new` per message computes it when a message is long
/// enough to use a vector backend).
///
/// ```
/// use wegman_mac::poly1305::Poly1305AesKey;
/// use hex_literal::hex;
/// // The Poly1305-AES paper, Appendix B, first example.
/// let key = Poly1305AesKey::new(&hex!(
///     "ec074c835580741701425b623235add6" "851fc40c3467ac0be05cc20404f3f700"
/// ))?;
/// let nonce = hex!("fb447350c4e868c52ac3275cf9d4327e");
/// let tag = key.mac(&nonce, &hex!("f3f6"));
/// assert_eq!(tag.into_bytes(), hex!("f4c633c3044fc145f84f335cb81953de"));
/// key.verify(&nonce, &hex!("f3f6"), tag.as_bytes())?;
/// # Ok::<(), wegman_mac::Error>(())
/// ```
#[derive(Clone)]
pub struct Poly1305AesKey {
    aes: Aes128,
    r: [u8; 16],
    backend: Backend,
    /// r^1..r^16, computed once per key for the vector backends (`None` for `Soft`).
    powers: Option<Powers<16>>,
}

impl Poly1305AesKey {
    /// Validates and expands `k || r`; [`Error::InvalidKey`] if r has a clamp bit set.
    pub fn new(key: &[u8; KEY_SIZE]) -> Result<Self, Error> {
        Poly1305AesKey::with_backend(key, Backend::detect())
    }

    /// Like [`Poly1305AesKey::new`], checking the key length.
    pub fn from_slice(key: &[u8]) -> Result<Self, Error> {
        Poly1305AesKey::new(&array_from(key, key_len)?)
    }

    /// Like [`Poly1305AesKey::new`] with a chosen backend; for tests and benchmarks.
    ///
    /// # Panics
    /// If this CPU cannot run `backend`.
    #[doc(hidden)]
    pub fn with_backend(key: &[u8; KEY_SIZE], backend: Backend) -> Result<Self, Error> {
        assert!(backend.is_available(), "backend {backend} is not available");
        let (k, r) = key.split_at(16);
        let r: [u8; 16] = r.try_into().unwrap();
        if u128::from_le_bytes(r) & !CLAMP != 0 {
            return Err(Error::InvalidKey {
                reason: "Poly1305-AES requires the top 4 bits of r[3], r[7], r[11], r[15] and \
                         the bottom 2 bits of r[4], r[8], r[12] to be clear",
            });
        }
        let k: [u8; 16] = k.try_into().unwrap();
        let powers = (backend != Backend::Soft)
            .then(|| Powers::new(&Fe1305x44::from_u128(u128::from_le_bytes(r))));
        Ok(Poly1305AesKey {
            aes: Aes128::new(&k.into()),
            r,
            backend,
            powers,
        })
    }

    /// Clears the bits of r that a Poly1305-AES key must have clear, so that 32 uniformly random
    /// bytes become a uniformly random valid key.
    pub fn clamp_key_bytes(key: &mut [u8; KEY_SIZE]) {
        let r = u128::from_le_bytes(key[16..].try_into().unwrap()) & CLAMP;
        key[16..].copy_from_slice(&r.to_le_bytes());
    }

    /// Starts a streaming MAC of one message under `nonce`.
    pub fn start(&self, nonce: &[u8; NONCE_SIZE]) -> Poly1305Aes {
        let mut s = (*nonce).into();
        self.aes.encrypt_block(&mut s);
        let mut one_time = [0u8; KEY_SIZE];
        one_time[..16].copy_from_slice(&self.r);
        one_time[16..].copy_from_slice(&s);
        s.zeroize();
        let mut inner = Poly1305::with_backend(&one_time, self.backend);
        one_time.zeroize();
        inner.core.powers = self.powers;
        Poly1305Aes { inner }
    }

    /// One-shot: the tag of `msg` under `nonce`.
    pub fn mac(&self, nonce: &[u8; NONCE_SIZE], msg: &[u8]) -> Poly1305Tag {
        let mut h = self.start(nonce);
        h.update(msg);
        h.finalize()
    }

    /// Constant-time check that `tag` authenticates `msg` under `nonce`.
    pub fn verify(&self, nonce: &[u8; NONCE_SIZE], msg: &[u8], tag: &[u8]) -> Result<(), Error> {
        self.mac(nonce, msg).verify(tag)
    }
}

impl Drop for Poly1305AesKey {
    fn drop(&mut self) {
        // `Aes128` zeroizes its own round keys (the `aes` crate's `zeroize` feature).
        self.r.zeroize();
        if let Some(p) = &mut self.powers {
            p.zeroize();
        }
    }
}

impl ZeroizeOnDrop for Poly1305AesKey {}

impl core::fmt::Debug for Poly1305AesKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Poly1305AesKey")
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

/// A streaming Poly1305-AES computation for one message and nonce:
/// tag = Poly1305_r(m, AES_k(n)).
#[derive(Clone, Debug)]
pub struct Poly1305Aes {
    inner: Poly1305,
}

impl Poly1305Aes {
    /// Starts a MAC of one message under the key `k || r` and `nonce`.
    pub fn new(key: &[u8; KEY_SIZE], nonce: &[u8; NONCE_SIZE]) -> Result<Self, Error> {
        Ok(Poly1305AesKey::new(key)?.start(nonce))
    }

    /// Like [`Poly1305Aes::new`], checking both lengths.
    pub fn new_from_slices(key: &[u8], nonce: &[u8]) -> Result<Self, Error> {
        let key = Poly1305AesKey::from_slice(key)?;
        Ok(key.start(&array_from(nonce, nonce_len)?))
    }

    /// One-shot: the tag of `msg` under `key` and `nonce`.
    pub fn mac(
        key: &[u8; KEY_SIZE],
        nonce: &[u8; NONCE_SIZE],
        msg: &[u8],
    ) -> Result<Poly1305Tag, Error> {
        Ok(Poly1305AesKey::new(key)?.mac(nonce, msg))
    }

    /// The backend this computation runs on.
    pub fn backend(&self) -> Backend {
        self.inner.backend()
    }

    /// Absorbs more of the message; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.inner.update(data);
    }

    /// The tag of everything absorbed.
    pub fn finalize(self) -> Poly1305Tag {
        self.inner.finalize()
    }

    /// Constant-time check of `tag` against the tag of everything absorbed.
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        self.inner.verify(tag)
    }

    /// Forgets the message absorbed so far, keeping key and nonce.
    pub fn reset(&mut self) {
        self.inner.reset();
    }

    /// A piece of the message starting at `offset`; see [`Poly1305::piece_at`].
    pub fn piece_at(&self, offset: u64) -> Poly1305Piece {
        self.inner.piece_at(offset)
    }

    /// Appends a piece; see [`Poly1305::absorb`].
    pub fn absorb(&mut self, piece: Poly1305Piece) -> Result<(), Error> {
        self.inner.absorb(piece)
    }

    /// Bytes absorbed so far.
    pub fn len(&self) -> u64 {
        self.inner.len()
    }

    /// Whether nothing has been absorbed yet.
    pub fn is_empty(&self) -> bool {
        self.inner.is_empty()
    }

    /// Multi-threaded [`Poly1305Aes::update`]; see [`Poly1305::update_parallel`].
    #[cfg(feature = "rayon")]
    pub fn update_parallel(&mut self, data: &[u8]) {
        self.inner.update_parallel(data);
    }
}
