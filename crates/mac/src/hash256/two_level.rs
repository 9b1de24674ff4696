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
//! constant-time in h; one product per 16 KiB chunk. The chunk loop, the Horner chain,
//! threads and pieces are [`super::levels`], shared with `auth256-pb`.

use wegman_arch::Unavailable;
use wegman_gf256::Backend;
use wegman_gf256::fft::F2to256;
use zeroize::{Zeroize, ZeroizeOnDrop};

use std::vec::Vec;

use super::encode;
use super::keystream::Keys;
use super::levels::{CHUNK, Levels, TwoLevelKey, TwoLevelMac, TwoLevelPiece};
use super::state::State;
use super::{Auth256Key, Auth256Tag, Encoding, KEY_SIZE, NONCE_SIZE};
use crate::Error;
use crate::error::{array_from, key_len, nonce_len};
use crate::wire::{PieceReader, PieceWriter};
use wegman_gf256::dot::{B256_UNIT, PAIR, TimesConst};

/// A streaming `auth256-2l` computation for one message and nonce.
pub type Auth256TwoLevel<'k> = TwoLevelMac<'k, Auth256TwoLevelKey>;

/// The `auth256-2l` hash of one piece of a message (see [`Auth256TwoLevelKey::piece_at`]).
pub type Auth256TwoLevelPiece<'k> = TwoLevelPiece<'k, Auth256TwoLevelKey>;

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
        TwoLevelMac::new(self, nonce, enc)
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
        let mut l = Levels::new(self, enc);
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

impl Auth256TwoLevelKey {
    /// Starts an independent `auth256-2l` of the part of a message that begins `offset` bytes
    /// in (a multiple of [`CHUNK`]: chunks are hashed independently). Feed it with
    /// [`TwoLevelPiece::update`], then join it to the piece before it
    /// ([`TwoLevelPiece::merge`]) or to the MAC that ends where it starts
    /// ([`TwoLevelMac::absorb`]); the tag is the serial tag.
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
        TwoLevelPiece::new(self, enc, offset)
    }

    /// Reads a piece written by [`TwoLevelPiece::to_bytes`] under this key.
    ///
    /// Errors: [`Error::PieceEncoding`] if `blob` is not such a piece or was written under
    /// another key (a check value derived from the key is compared in constant time).
    pub fn piece_from_bytes(&self, blob: &[u8]) -> Result<Auth256TwoLevelPiece<'_>, Error> {
        TwoLevelPiece::from_bytes(self, blob)
    }
}

impl Auth256TwoLevelPiece<'_> {
    /// The encoding (b) this piece hashes with.
    pub fn encoding(&self) -> Encoding {
        self.levels.params()
    }
}

/// Level 1 is Hash256's state ([`State`]) with the key's cached 16 KiB; level 2 is
/// [`F2to256`] in the polynomial basis, as 32 bytes.
impl TwoLevelKey for Auth256TwoLevelKey {
    type Chunk = State;
    type Elem = [u8; 32];
    type Params = Encoding;
    const KIND: u8 = 4;
    const START_REASON: &'static str =
        "an auth256-2l piece must start at a multiple of 16384 bytes";
    const FOLLOW_REASON: &'static str =
        "an auth256-2l piece must follow a whole number of 16384-byte chunks";

    fn chunk(&self, enc: Encoding) -> State {
        State::new(enc, self.key.available())
    }

    fn params(chunk: &State) -> Encoding {
        chunk.enc
    }

    fn absorb(&self, chunk: &mut State, _at: usize, data: &[u8]) {
        chunk.update(&self.keys(), data);
    }

    fn take(&self, chunk: &mut State) -> [u8; 32] {
        chunk.take_unit_sum(&self.keys())
    }

    fn last(&self, chunk: State, _len: usize) -> [u8; 32] {
        chunk.finalize(&self.keys())
    }

    fn zero() -> [u8; 32] {
        [0; 32]
    }

    fn one() -> [u8; 32] {
        F2to256::ONE.to_bytes()
    }

    fn add(a: &[u8; 32], b: &[u8; 32]) -> [u8; 32] {
        core::array::from_fn(|i| a[i] ^ b[i])
    }

    fn mul(&self, a: &[u8; 32], b: &[u8; 32]) -> [u8; 32] {
        F2to256::from_bytes(a)
            .mul(&F2to256::from_bytes(b))
            .to_bytes()
    }

    fn times_tau(&self, h: &[u8; 32]) -> [u8; 32] {
        self.tau.mul(h)
    }

    fn tau(&self) -> [u8; 32] {
        self.tau_elem.to_bytes()
    }

    fn elem_bytes(e: &[u8; 32]) -> [u8; 32] {
        *e
    }

    fn elem_from(b: &[u8; 32]) -> [u8; 32] {
        *b
    }

    fn pad(&self, nonce: &[u8; NONCE_SIZE]) -> [u8; 32] {
        self.key.pad(nonce)
    }

    fn check_value(&self) -> [u8; 16] {
        self.key.check_value()
    }

    fn write_params(enc: Encoding, w: &mut PieceWriter) {
        w.u16(enc.b() as u16);
    }

    fn read_params(r: &mut PieceReader<'_>) -> Result<Encoding, Error> {
        Encoding::from_b(u32::from(r.u16()?)).map_err(|_| r.bad("unknown encoding"))
    }

    fn save(&self, chunk: &mut State, _len: usize) -> ([u8; 32], Vec<u8>) {
        (chunk.unit_sum(&self.keys()), chunk.buf.clone())
    }

    fn restore(&self, enc: Encoding, len: usize, sum: &[u8; 32], tail: &[u8]) -> Option<State> {
        let (unit, t) = (enc.unit(), tail.len());
        if t >= unit || t > len || !(len - t).is_multiple_of(unit) {
            return None;
        }
        let mut state = State::new(enc, self.key.available());
        state.pairs = ((len - t) / 64) as u64;
        state.extra = *sum;
        state.buf.extend_from_slice(tail);
        Some(state)
    }
}
