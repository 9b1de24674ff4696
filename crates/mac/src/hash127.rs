//! hash127 and hash127-AES: polynomial evaluation modulo 2^127 − 1 on signed 32-bit words.
//!
//! # The hash
//! For signed 32-bit message words m_0..m_{ℓ−1} and a key r = Σ ρ_j 2^{32j} given as four
//! signed 32-bit words (so −2^127 − 2^95 − … ≤ r < 2^127), with p = 2^127 − 1,
//!
//! ```text
//! hash127(m; r, pad) = (r^{ℓ+1} + m_0 r^ℓ + … + m_{ℓ−1} r + pad) mod p,
//! ```
//!
//! returned as the 16 little-endian bytes of the value in [0, p). The leading r^{ℓ+1} makes
//! messages of different lengths distinct. Two distinct messages of at most ℓ words collide for
//! at most (ℓ + 1) values of r mod p, a differential probability of about ℓ/2^127 (Bernstein,
//! *Floating-point arithmetic and message authentication*, 2004, §3).
//!
//! Bytes become words as in §8 of the paper: append one byte 0x01, then 0x00 bytes up to a
//! multiple of 4, and read each 4 bytes as a little-endian two's-complement `i32`.
//!
//! # hash127-AES
//! Key: an AES-128 key k and the 16 bytes of r's words (little-endian, signed); nonce n:
//! 16 bytes. h = hash127 of the encoded message with pad 0, and
//! `tag = AES_k(AES_k(n) ⊕ LE16(h))` (§9's f(f(n) ⊕ h) form: a repeated nonce then only
//! degrades the bound to that of f(h(m)), never to an outright forgery).
//!
//! # Implementation
//! [`Hash127Key`] expands r once into the powers r^0..r^96 and the matching prefix sums — the
//! paper's per-key table — so a message costs one multiplication by r^96 and one reduction per
//! 96 words, plus an exact matrix-vector product. Five [`Backend`]s compute it: 64-bit
//! integers (`Int128`), the paper's exact doubles (`Fp53`, and `Fp53x8` with AVX-512), AVX2
//! (`Avx2`, four words per vector, 192-word superblocks) and AVX-512 IFMA (`Ifma`, eight
//! words per vector); detection picks the last the CPU has. All are
//! constant-time in the key and the message, and all agree bit for bit.

mod backend;
mod pieces;

use aes::Aes128;
use aes::cipher::{BlockCipherEncrypt, KeyInit};
use zeroize::{Zeroize, ZeroizeOnDrop};

pub use self::backend::Backend;
use self::backend::int128::{self, BLOCK_WORDS, P};
use self::backend::{Absorb, Acc, Avail, Expand, Finish, IntAcc, Tables, fp53};
pub use self::pieces::Hash127Piece;
use crate::error::{array_from, key_len, nonce_len};
use crate::{Error, Tag};

/// Bytes in a hash127-AES key (k || r).
pub const KEY_SIZE: usize = 32;
/// Bytes in a hash127-AES nonce.
pub const NONCE_SIZE: usize = 16;
/// Bytes in a hash127-AES tag (and in a hash127 value).
pub const TAG_SIZE: usize = 16;

/// A hash127-AES tag.
pub type Hash127Tag = Tag<TAG_SIZE>;

/// Σ w_j 2^{32j} mod p for signed words, in [0, p); constant-time.
fn words_mod_p(w: [i32; 4]) -> u128 {
    // Shift every word by 2^31 to make it non-negative, then subtract the constant shift.
    let biased: u128 = w
        .iter()
        .enumerate()
        .map(|(j, &x)| u128::from((x as u32) ^ 0x8000_0000) << (32 * j))
        .sum();
    let shift: u128 = (0..4).map(|j| 1u128 << (32 * j + 31)).sum();
    let shift = int128::freeze(int128::fold(shift));
    int128::freeze(int128::add(int128::fold(biased), P - shift))
}

/// Reads 16 bytes as four little-endian signed 32-bit words.
fn le_words(b: &[u8; 16]) -> [i32; 4] {
    core::array::from_fn(|j| i32::from_le_bytes(b[4 * j..4 * j + 4].try_into().unwrap()))
}

/// The hash127 key r, expanded into the power tables of its backend.
/// Zeroized on drop.
#[derive(Clone)]
pub struct Hash127Key {
    backend: Avail,
    tables: Tables,
}

impl Hash127Key {
    /// Expands the key r = Σ ρ_j 2^{32j} given as signed words (96 multiplications).
    pub fn new(r_words: [i32; 4]) -> Self {
        Hash127Key::expand(r_words, Avail::detect())
    }

    /// Like [`Hash127Key::new`] with a chosen backend (tests and benchmarks compare them);
    /// an error if this CPU cannot run it.
    #[doc(hidden)]
    pub fn with_backend(
        r_words: [i32; 4],
        backend: Backend,
    ) -> Result<Self, wegman_arch::Unavailable> {
        Ok(Hash127Key::expand(r_words, Avail::new(backend)?))
    }

    fn expand(r_words: [i32; 4], backend: Avail) -> Self {
        let tables = backend.run(Expand(words_mod_p(r_words)));
        Hash127Key { backend, tables }
    }

    /// The backend this key runs on.
    pub fn backend(&self) -> Backend {
        self.backend.get()
    }

    /// Absorbs words: one bulk call.
    fn absorb(&self, acc: &mut Acc, words: &[i32]) {
        self.backend.run(Absorb::Words(&self.tables, acc, words));
    }

    /// Absorbs little-endian words straight from bytes.
    fn absorb_le(&self, acc: &mut Acc, words: &[[u8; 4]]) {
        self.backend.run(Absorb::Le(&self.tables, acc, words));
    }

    /// Absorbs the last `words`, then (h·r + pad) mod p, frozen, little-endian.
    fn finish(&self, acc: &mut Acc, words: &[i32], pad: [i32; 4]) -> [u8; 16] {
        let pad = words_mod_p(pad);
        let v = self.backend.run(Finish(&self.tables, acc, words, pad));
        int128::freeze(v).to_le_bytes()
    }

    /// Like [`Hash127Key::new`], with r as 16 bytes of little-endian signed words.
    pub fn from_bytes(r: &[u8; 16]) -> Self {
        Hash127Key::new(le_words(r))
    }

    /// The word function: hash127(m; r, pad) as 16 little-endian bytes of a value in [0, p).
    pub fn hash_words(&self, words: &[i32], pad: [i32; 4]) -> [u8; 16] {
        let mut acc = Acc::ONE;
        self.finish(&mut acc, words, pad)
    }

    /// Starts hashing a byte message (encoded as the paper's §8 says).
    pub fn hasher(&self) -> Hash127<'_> {
        self.state(Acc::ONE)
    }

    /// A streaming state with Horner value `h` (1 for a message, 0 for a piece).
    fn state(&self, h: Acc) -> Hash127<'_> {
        Hash127 {
            key: self,
            h,
            words: [0; BLOCK_WORDS],
            n_words: 0,
            bytes: [0; 4],
            n_bytes: 0,
            len: 0,
        }
    }

    /// Whether this key's backend keeps its Horner values as integers ([`Acc::value`]).
    fn int_acc(&self) -> bool {
        self.backend.run(IntAcc)
    }

    /// r^k by square and multiply: the sequence depends on the public `k` only.
    fn r_pow(&self, k: u64) -> u128 {
        let mut rk = 1u128;
        for i in (0..u64::BITS - k.leading_zeros()).rev() {
            rk = int128::mul(rk, rk);
            if (k >> i) & 1 == 1 {
                rk = int128::mul(rk, self.tables.int.r);
            }
        }
        rk
    }

    /// Whether `other` holds the same r (compared in constant time; only the verdict is
    /// revealed, as the join errors do).
    fn same_r(&self, other: &Hash127Key) -> bool {
        use subtle::ConstantTimeEq;
        core::ptr::eq(self, other)
            || bool::from(wegman_arch::ct::declassify(
                (self.tables.int.r.to_le_bytes()).ct_eq(&other.tables.int.r.to_le_bytes()),
            ))
    }

    /// One-shot: hash127 of the encoded byte message with the given pad words.
    pub fn hash_bytes(&self, msg: &[u8], pad: [i32; 4]) -> [u8; 16] {
        let mut h = self.hasher();
        h.update(msg);
        h.finalize(pad)
    }
}

impl Drop for Hash127Key {
    fn drop(&mut self) {
        self.tables.wipe();
    }
}

impl ZeroizeOnDrop for Hash127Key {}

impl core::fmt::Debug for Hash127Key {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Hash127Key { .. }")
    }
}

/// A streaming hash127 of a byte message under a borrowed [`Hash127Key`].
#[derive(Clone)]
pub struct Hash127<'k> {
    key: &'k Hash127Key,
    /// Horner state: 1·r^{words so far} + Σ m_i r^{…}.
    h: Acc,
    words: [i32; BLOCK_WORDS],
    n_words: usize,
    bytes: [u8; 4],
    n_bytes: usize,
    /// Bytes absorbed (pieces included).
    len: u64,
}

impl Hash127<'_> {
    fn push_word(&mut self, w: i32) {
        self.words[self.n_words] = w;
        self.n_words += 1;
        if self.n_words == BLOCK_WORDS {
            self.key.absorb(&mut self.h, &self.words);
            self.n_words = 0;
        }
    }

    /// Absorbs more of the message; chunks may have any length.
    pub fn update(&mut self, mut data: &[u8]) {
        self.len += data.len() as u64;
        while self.n_bytes > 0 && !data.is_empty() {
            self.bytes[self.n_bytes] = data[0];
            self.n_bytes += 1;
            data = &data[1..];
            if self.n_bytes == 4 {
                self.push_word(i32::from_le_bytes(self.bytes));
                self.n_bytes = 0;
            }
        }
        if self.n_bytes > 0 {
            // The input ended inside a word.
            return;
        }
        let (mut whole, rest) = data.as_chunks::<4>();
        // Top up a partly filled block word by word, then hand whole blocks to the backend.
        while self.n_words > 0 && !whole.is_empty() {
            self.push_word(i32::from_le_bytes(whole[0]));
            whole = &whole[1..];
        }
        let direct = whole.len() / BLOCK_WORDS * BLOCK_WORDS;
        if direct > 0 {
            self.key.absorb_le(&mut self.h, &whole[..direct]);
        }
        // Fewer than a block of words remain; if any, the loop above emptied the buffer.
        let tail = &whole[direct..];
        if !tail.is_empty() {
            for (slot, w) in self.words[..tail.len()].iter_mut().zip(tail) {
                *slot = i32::from_le_bytes(*w);
            }
            self.n_words = tail.len();
        }
        self.bytes[..rest.len()].copy_from_slice(rest);
        self.n_bytes = rest.len();
    }

    /// Like [`Hash127::update`], on the threads of the current rayon pool: the input is cut
    /// into word-aligned pieces hashed apart (Horner from 0: P = Σ m_j r^{len−1−j}), then
    /// joined in order, h ← h·r^{len} + P, since hash127 is linear in the words (the pieces of
    /// [`Hash127Key::piece_at`]). Same result, on every backend.
    #[cfg(feature = "rayon")]
    pub fn update_parallel(&mut self, data: &[u8]) {
        use rayon::prelude::*;
        use std::vec::Vec;
        const MIN_PIECE: usize = 256 << 10;
        let threads = rayon::current_num_threads();
        if threads < 2 || data.len() < 2 * MIN_PIECE {
            self.update(data);
            return;
        }
        // Complete a partial word: the pieces then start on word boundaries.
        let mut data = data;
        if self.n_bytes > 0 {
            let take = 4 - self.n_bytes;
            self.update(&data[..take]);
            data = &data[take..];
        }
        let pieces = threads.min(data.len() / MIN_PIECE).max(1);
        let size = data.len().div_ceil(pieces).next_multiple_of(4);
        let key = self.key;
        let mut parts: Vec<Hash127<'_>> = data
            .par_chunks(size)
            .map(|c| {
                let mut p = key.state(Acc::ZERO);
                p.update(c);
                p
            })
            .collect();
        for p in &mut parts {
            // Every piece but the last is whole words, so each starts on a word boundary.
            self.append(p);
        }
    }

    /// Absorbs the buffered whole words into the Horner value.
    fn flush(&mut self) {
        let n = self.n_words;
        self.key.absorb(&mut self.h, &self.words[..n]);
        self.n_words = 0;
    }

    /// The Horner value over every whole word absorbed, in [0, 2^127].
    fn value(&mut self) -> u128 {
        self.flush();
        self.h.value(self.key.int_acc())
    }

    /// Appends `tail`, a state started at 0 for the bytes that follow (this state must end on
    /// a word boundary; under the same r): h ← h·r^k + P for its k whole words, then its
    /// partial word.
    fn append(&mut self, tail: &mut Hash127<'_>) {
        debug_assert_eq!(self.n_bytes, 0);
        let k = (tail.len - tail.n_bytes as u64) / 4;
        let mut v = int128::add(int128::mul(self.value(), self.key.r_pow(k)), tail.value());
        self.h = Acc::new(v);
        v.zeroize();
        self.bytes = tail.bytes;
        self.n_bytes = tail.n_bytes;
        self.len += tail.len;
    }

    /// Appends the encoding's 0x01 and zero padding and returns hash127 with the pad words.
    pub fn finalize(mut self, pad: [i32; 4]) -> [u8; 16] {
        let mut last = [0u8; 4];
        last[..self.n_bytes].copy_from_slice(&self.bytes[..self.n_bytes]);
        last[self.n_bytes] = 1;
        self.n_bytes = 0;
        self.push_word(i32::from_le_bytes(last));
        let n = self.n_words;
        self.key.finish(&mut self.h, &self.words[..n], pad)
    }
}

impl Drop for Hash127<'_> {
    fn drop(&mut self) {
        self.h.int.zeroize();
        self.h.fp.iter_mut().for_each(fp53::wipe_f64);
        self.words.zeroize();
        self.bytes.zeroize();
    }
}

impl core::fmt::Debug for Hash127<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Hash127 { .. }")
    }
}

/// A hash127-AES key `k || r`: an AES-128 key schedule and the expanded hash127 key.
#[derive(Clone)]
pub struct Hash127AesKey {
    aes: Aes128,
    hash: Hash127Key,
}

impl Hash127AesKey {
    /// Expands `k || r` (every 32-byte string is a valid key).
    pub fn new(key: &[u8; KEY_SIZE]) -> Self {
        let k: [u8; 16] = key[..16].try_into().unwrap();
        let r: [u8; 16] = key[16..].try_into().unwrap();
        Hash127AesKey {
            aes: Aes128::new(&k.into()),
            hash: Hash127Key::from_bytes(&r),
        }
    }

    /// Like [`Hash127AesKey::new`], checking the key length.
    pub fn from_slice(key: &[u8]) -> Result<Self, Error> {
        Ok(Hash127AesKey::new(&array_from(key, key_len)?))
    }

    /// Starts a streaming MAC of one message under `nonce`.
    pub fn start(&self, nonce: &[u8; NONCE_SIZE]) -> Hash127Aes<'_> {
        Hash127Aes {
            key: self,
            nonce: *nonce,
            inner: self.hash.hasher(),
        }
    }

    /// Like [`Hash127AesKey::start`], checking the nonce length.
    pub fn start_from_slice(&self, nonce: &[u8]) -> Result<Hash127Aes<'_>, Error> {
        Ok(self.start(&array_from(nonce, nonce_len)?))
    }

    /// One-shot: the tag of `msg` under `nonce`.
    pub fn mac(&self, nonce: &[u8; NONCE_SIZE], msg: &[u8]) -> Hash127Tag {
        let mut s = self.start(nonce);
        s.update(msg);
        s.finalize()
    }

    /// Constant-time check that `tag` authenticates `msg` under `nonce`.
    pub fn verify(&self, nonce: &[u8; NONCE_SIZE], msg: &[u8], tag: &[u8]) -> Result<(), Error> {
        self.mac(nonce, msg).verify(tag)
    }
}

impl ZeroizeOnDrop for Hash127AesKey {}

impl core::fmt::Debug for Hash127AesKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Hash127AesKey { .. }")
    }
}

/// A streaming hash127-AES computation for one message and nonce.
#[derive(Clone, Debug)]
pub struct Hash127Aes<'k> {
    key: &'k Hash127AesKey,
    nonce: [u8; NONCE_SIZE],
    inner: Hash127<'k>,
}

impl Hash127Aes<'_> {
    /// Absorbs more of the message; chunks may have any length.
    pub fn update(&mut self, data: &[u8]) {
        self.inner.update(data);
    }

    /// Like [`Hash127Aes::update`], on the threads of the current rayon pool (see
    /// [`Hash127::update_parallel`]); same result.
    #[cfg(feature = "rayon")]
    pub fn update_parallel(&mut self, data: &[u8]) {
        self.inner.update_parallel(data);
    }

    /// The tag: AES_k(AES_k(n) ⊕ LE16(hash127(m; r, 0))).
    pub fn finalize(self) -> Hash127Tag {
        let h = self.inner.finalize([0; 4]);
        let mut b = self.nonce.into();
        self.key.aes.encrypt_block(&mut b);
        for (x, y) in b.iter_mut().zip(h) {
            *x ^= y;
        }
        self.key.aes.encrypt_block(&mut b);
        let tag = Tag::from_bytes(b.into());
        b.zeroize();
        tag
    }

    /// Constant-time check of `tag` against the tag of everything absorbed.
    pub fn verify(self, tag: &[u8]) -> Result<(), Error> {
        self.finalize().verify(tag)
    }
}
