//! Poly1305-AES (the paper's MAC): key `k || r`, tag = Poly1305_r(m, AES_k(n)).

use aes::Aes128;
use aes::cipher::{BlockCipherEncrypt, KeyInit};
use zeroize::{Zeroize, ZeroizeOnDrop};

use super::backend::Avail;
use super::backend::soft::{Fe1305x44, Powers};
use super::{Backend, CLAMP, KEY_SIZE, NONCE_SIZE, Poly1305, Poly1305Piece, Poly1305Tag};
use crate::Error;
use crate::error::{array_from, key_len, nonce_len};

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
    backend: Avail,
    /// r^1..r^16, computed once per key for the vector backends (`None` for `Soft`).
    powers: Option<Powers<16>>,
}

impl Poly1305AesKey {
    /// Validates and expands `k || r`; [`Error::InvalidKey`] if r has a clamp bit set.
    pub fn new(key: &[u8; KEY_SIZE]) -> Result<Self, Error> {
        Poly1305AesKey::with_available(key, Avail::detect())
    }

    /// Like [`Poly1305AesKey::new`], checking the key length.
    pub fn from_slice(key: &[u8]) -> Result<Self, Error> {
        Poly1305AesKey::new(&array_from(key, key_len)?)
    }

    /// Like [`Poly1305AesKey::new`] with a chosen backend (tests and benchmarks compare
    /// them); [`Error::Unavailable`] if this CPU cannot run it.
    #[doc(hidden)]
    pub fn with_backend(key: &[u8; KEY_SIZE], backend: Backend) -> Result<Self, Error> {
        Poly1305AesKey::with_available(key, Avail::new(backend)?)
    }

    fn with_available(key: &[u8; KEY_SIZE], backend: Avail) -> Result<Self, Error> {
        let (k, r) = key.split_at(16);
        let r: [u8; 16] = r.try_into().unwrap();
        // Revealed on purpose: whether the key is valid (a clamp bit set), nothing more.
        let v = u128::from_le_bytes(r) & !CLAMP;
        let unclamped = ((v | v.wrapping_neg()) >> 127) as u8;
        if wegman_arch::ct::declassify(unclamped) != 0 {
            return Err(Error::InvalidKey {
                reason: "Poly1305-AES requires the top 4 bits of r[3], r[7], r[11], r[15] and \
                         the bottom 2 bits of r[4], r[8], r[12] to be clear",
            });
        }
        let k: [u8; 16] = k.try_into().unwrap();
        let powers =
            super::state::key_powers(backend, &Fe1305x44::from_u128(u128::from_le_bytes(r)));
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

    /// The hash under this key's r alone (no pad): what pieces are made from.
    fn hasher(&self) -> Poly1305 {
        let mut one_time = [0u8; KEY_SIZE];
        one_time[..16].copy_from_slice(&self.r);
        let mut inner = Poly1305::with_available(&one_time, self.backend);
        one_time.zeroize();
        inner.core.powers = self.powers;
        inner
    }

    /// A piece of a message starting at `offset` (any offset), hashed under this key and
    /// joined into a streaming MAC of any nonce with [`Poly1305Aes::absorb`]; see
    /// [`Poly1305::piece_at`].
    pub fn piece_at(&self, offset: u64) -> Poly1305Piece {
        self.hasher().piece_at(offset)
    }

    /// Reads a serialised piece under this key; see [`Poly1305::piece_from_bytes`].
    #[cfg(feature = "std")]
    pub fn piece_from_bytes(&self, blob: &[u8]) -> Result<Poly1305Piece, Error> {
        self.hasher().piece_from_bytes(blob)
    }

    /// Starts a streaming MAC of one message under `nonce`.
    pub fn start(&self, nonce: &[u8; NONCE_SIZE]) -> Poly1305Aes {
        let mut s = (*nonce).into();
        self.aes.encrypt_block(&mut s);
        let mut one_time = [0u8; KEY_SIZE];
        one_time[..16].copy_from_slice(&self.r);
        one_time[16..].copy_from_slice(&s);
        s.zeroize();
        let mut inner = Poly1305::with_available(&one_time, self.backend);
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
