//! WG-29, serial: the eSTREAM reference's cipher (docs/spec.md §3.4).
//!
//! - **State**: eleven words S\[0..10\] of F_{2^29} ([`Fe29`]).
//! - **Clock**: S_new = γ·S\[10\] + S\[9\] + S\[7\] + S\[4\] + S\[1\] + S\[0\] (the feedback polynomial
//!   x^11 + x^10 + x^9 + x^6 + x^3 + x + γ, γ the word 0x7F3FC9B0), plus WGperm(S\[10\]) during
//!   initialisation; then S\[10\] ← S\[9\], …, S\[1\] ← S\[0\], S\[0\] ← S_new.
//! - **WG permutation**: with I = x + 1, WGperm(x) = I + q1 + q2 + q3 + q4 + 1 for
//!   q1 = I^{2^10 + 1}, q2 = I^{2^19 + 2^9 + 1}, q3 = I^{2^19 − 2^9 + 1},
//!   q4 = I^{2^19 + 2^10 − 1}: the reference computes them with I^{−1} (thirteen products);
//!   here nine products and no inversion ([`wg_perm`]).
//! - **Loading** (`ECRYPT_ivsetup`): every S\[i\] = 0; key byte pairs (2l, 2l + 1) into bits
//!   31..16 of S\[l\] for l < k/16; key bytes 0, 1 again into S\[8\], bytes 2, 3 complemented into
//!   S\[9\], bytes 4, 5 into S\[10\]; IV byte l into bits 15..8 of S\[l\]. Then 44 clocks with the
//!   permutation.
//! - **Keystream**: per bit, one linear clock, then Tr(WGperm(S\[10\])) of the new S\[10\]; eight
//!   bits per byte, the first in the most significant position.
//!
//! Constant-time: the same sequence of word operations for every key, IV and state.

use cipher::consts::{U8, U16};
use cipher::{
    InOutBuf, IvSizeUser, KeyIvInit, KeySizeUser, StreamCipher, StreamCipherError,
    common::InvalidLength,
};
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::error::Error;
use crate::fe29::Fe29;

/// γ, the feedback constant.
pub const GAMMA: Fe29 = Fe29::from_word(0x7F3F_C9B0);

/// Initialisation clocks.
pub const INIT_CLOCKS: usize = 44;

/// Key lengths in bytes (80, 96, 112, 128 bits).
pub const KEY_BYTES: [usize; 4] = [10, 12, 14, 16];

/// IV lengths in bytes (32, 64 bits).
pub const IV_BYTES: [usize; 2] = [4, 8];

/// The WG permutation of F_{2^29} (decimation of the Welch–Gong transformation), the same
/// map as the reference's with nine products instead of its thirteen and no inversion. With
/// e₁₀ = I^{2^10 − 1} (four products along 1, 2, 4, 5, 10):
/// q1 = I^{2^10}·I, q2 = I^{2^19}·I^{2^9 + 1} (two products), q3 = I^{2^19 − 2^9 + 1} =
/// e₁₀^{2^9}·I and q4 = I^{2^19 + 2^10 − 1} = I^{2^19}·e₁₀ (one each).
#[inline]
pub fn wg_perm(x: Fe29) -> Fe29 {
    let i = x + Fe29::ONE;
    let e2 = i.sqr() * i;
    let e4 = e2.sqr_n(2) * e2;
    let e5 = e4.sqr() * i;
    let e10 = e5.sqr_n(5) * e5;
    let a19 = i.sqr_n(19);
    let q1 = i.sqr_n(10) * i;
    let q2 = a19 * (i.sqr_n(9) * i);
    let q3 = e10.sqr_n(9) * i;
    let q4 = a19 * e10;
    i + q1 + q2 + q3 + q4 + Fe29::ONE
}

/// Checks a key's and an IV's lengths.
pub fn check_sizes(key: &[u8], iv: &[u8]) -> Result<(), Error> {
    if !KEY_BYTES.contains(&key.len()) {
        return Err(Error::KeySize { bytes: key.len() });
    }
    if !IV_BYTES.contains(&iv.len()) {
        return Err(Error::IvSize { bytes: iv.len() });
    }
    Ok(())
}

/// The loaded state of a key and an IV of valid lengths (before the initialisation clocks),
/// as reference words.
pub fn load_words(key: &[u8], iv: &[u8]) -> [u32; 11] {
    let mut s = [0u32; 11];
    let k = |i: usize| u32::from(key[i]);
    for (w, pair) in s.iter_mut().zip(key.chunks_exact(2)) {
        *w ^= (u32::from(pair[0]) << 24) ^ (u32::from(pair[1]) << 16);
    }
    s[8] ^= (k(0) << 24) ^ (k(1) << 16);
    s[9] ^= ((k(2) ^ 0xff) << 24) ^ ((k(3) ^ 0xff) << 16);
    s[10] ^= (k(4) << 24) ^ (k(5) << 16);
    for (l, &b) in iv.iter().enumerate() {
        s[l] ^= u32::from(b) << 8;
    }
    s
}

/// WG-29, one key and IV. Key material is wiped on drop.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct Wg29 {
    s: [u32; 11],
}

impl core::fmt::Debug for Wg29 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // The state is key material: never printed.
        f.write_str("Wg29(..)")
    }
}

impl Wg29 {
    /// Loads a key of 80, 96, 112 or 128 bits and an IV of 32 or 64 bits, and runs the
    /// initialisation.
    pub fn new(key: &[u8], iv: &[u8]) -> Result<Wg29, Error> {
        check_sizes(key, iv)?;
        Ok(Wg29::from_loaded_state(load_words(key, iv)))
    }

    /// From a loaded state of eleven reference words (bits 2..0 ignored), running the 44
    /// initialisation clocks: for other loadings of the same cipher (the "DarkCrypt"
    /// variant's, docs/spec.md §3.4).
    pub fn from_loaded_state(words: [u32; 11]) -> Wg29 {
        let mut c = Wg29 {
            s: words.map(|w| Fe29::from_word(w).word()),
        };
        for _ in 0..INIT_CLOCKS {
            let p = wg_perm(Fe29::from_word(c.s[10]));
            c.clock(p);
        }
        c
    }

    /// One clock with `extra` added into the feedback.
    #[inline(always)]
    fn clock(&mut self, extra: Fe29) {
        let f = |i: usize| Fe29::from_word(self.s[i]);
        let new = GAMMA.product(f(10)) + f(9) + f(7) + f(4) + f(1) + f(0) + extra;
        self.s.copy_within(0..10, 1);
        self.s[0] = new.word();
    }

    /// The next keystream bit.
    #[inline]
    fn next_bit(&mut self) -> u8 {
        self.clock(Fe29::ZERO);
        wg_perm(Fe29::from_word(self.s[10])).trace() as u8
    }

    /// The next keystream byte (first bit most significant).
    #[inline]
    pub fn next_byte(&mut self) -> u8 {
        let mut b = 0u8;
        for _ in 0..8 {
            b = (b << 1) | self.next_bit();
        }
        b
    }

    /// Writes the next `out.len()` keystream bytes.
    pub fn keystream(&mut self, out: &mut [u8]) {
        for o in out {
            *o = self.next_byte();
        }
    }

    /// XORs the keystream into `data` (encryption and decryption).
    pub fn apply(&mut self, data: &mut [u8]) {
        for d in data {
            *d ^= self.next_byte();
        }
    }

    /// The current state as reference words.
    pub fn state_words(&self) -> [u32; 11] {
        self.s
    }
}

impl KeySizeUser for Wg29 {
    /// The nominal key size (128 bits); [`KeyIvInit::new_from_slices`] takes every size.
    type KeySize = U16;
}

impl IvSizeUser for Wg29 {
    /// The nominal IV size (64 bits); [`KeyIvInit::new_from_slices`] takes every size.
    type IvSize = U8;
}

impl KeyIvInit for Wg29 {
    fn new(key: &cipher::Key<Self>, iv: &cipher::Iv<Self>) -> Self {
        Wg29::from_loaded_state(load_words(key, iv))
    }

    /// Every key size (80–128 bits) and IV size (32 or 64 bits) of WG-29.
    fn new_from_slices(key: &[u8], iv: &[u8]) -> Result<Self, InvalidLength> {
        Wg29::new(key, iv).map_err(|_| InvalidLength)
    }
}

impl StreamCipher for Wg29 {
    fn check_remaining(&self, _data_len: usize) -> Result<(), StreamCipherError> {
        // No counter: the keystream does not run out.
        Ok(())
    }

    fn unchecked_apply_keystream_inout(&mut self, mut buf: InOutBuf<'_, '_, u8>) {
        for i in 0..buf.len() {
            let mut b = buf.get(i);
            let v = *b.get_in() ^ self.next_byte();
            *b.get_out() = v;
        }
    }

    fn unchecked_write_keystream(&mut self, buf: &mut [u8]) {
        self.keystream(buf);
    }
}
