//! `auth256-pb` from docs/spec.md §3.3.2, bit by bit: F_2\[x\]/(x^256 + x^10 + x^5 + x^2 + 1)
//! by [`crate::gf2m`]'s schoolbook products and long division, the key stream and pads by the
//! `aes` crate, the two levels by their definitions (every product reduced, τ^{n−i} by
//! repeated products).

use aes::Aes256;
use aes::cipher::{BlockCipherEncrypt, KeyInit};

use crate::gf2m::{self, Bits};

/// The modulus's exponents.
pub const MODULUS: [u32; 5] = [256, 10, 5, 2, 0];

/// The element of 32 bytes: bit i of byte j is the coefficient of x^{8j+i}.
pub fn to_bits(b: &[u8]) -> Bits {
    (0..256).map(|t| (b[t / 8] >> (t % 8)) & 1).collect()
}

/// The 32 bytes of an element.
pub fn from_bits(v: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (t, &bit) in v.iter().enumerate().take(256) {
        out[t / 8] |= (bit & 1) << (t % 8);
    }
    out
}

/// a·b in the field, on 32-byte encodings.
pub fn mul(a: &[u8], b: &[u8]) -> [u8; 32] {
    from_bits(&gf2m::mul(&to_bits(a), &to_bits(b), &MODULUS))
}

/// B(j) = AES256_K(LE128(j)).
fn block(aes: &Aes256, j: u128) -> [u8; 16] {
    let mut b = j.to_le_bytes().into();
    aes.encrypt_block(&mut b);
    b.into()
}

/// The pseudo-dot-product Σ_t (m_t + r_t)(m'_t + r'_t) of one chunk (a multiple of 64 bytes)
/// with the level-1 key (16 KiB, r_t ‖ r'_t = bytes [64t, 64t + 64)).
pub fn chunk_hash(level1: &[u8], chunk: &[u8]) -> [u8; 32] {
    let mut h = [0u8; 32];
    for (t, p) in chunk.chunks(64).enumerate() {
        let k = &level1[64 * t..64 * t + 64];
        let a: Vec<u8> = (0..32).map(|i| p[i] ^ k[i]).collect();
        let b: Vec<u8> = (32..64).map(|i| p[i] ^ k[i]).collect();
        for (x, y) in h.iter_mut().zip(mul(&a, &b)) {
            *x ^= y;
        }
    }
    h
}

/// The level-1 key (r_t = B(2^126 + 4t) ‖ B(2^126 + 4t + 1), r'_t the next two blocks,
/// t < 256) and τ = B(2^126 + 1024) ‖ B(2^126 + 1025).
pub fn keys(key: &[u8; 32]) -> (Vec<u8>, [u8; 32]) {
    let aes = Aes256::new(key.into());
    let base = 1u128 << 126;
    let level1: Vec<u8> = (0..1024).flat_map(|j| block(&aes, base + j)).collect();
    let mut tau = [0u8; 32];
    tau[..16].copy_from_slice(&block(&aes, base + 1024));
    tau[16..].copy_from_slice(&block(&aes, base + 1025));
    (level1, tau)
}

/// The two-level hash h of `msg` (no pad).
pub fn hash(key: &[u8; 32], msg: &[u8]) -> [u8; 32] {
    let (level1, tau) = keys(key);
    let mut padded = msg.to_vec();
    padded.push(1);
    padded.resize(padded.len().next_multiple_of(64), 0);
    let chunks: Vec<[u8; 32]> = padded
        .chunks(16384)
        .map(|c| chunk_hash(&level1, c))
        .collect();
    let n = chunks.len();
    let mut h = [0u8; 32];
    for (i, hi) in chunks.iter().enumerate() {
        let mut term = *hi;
        for _ in 0..n - 1 - i {
            term = mul(&term, &tau);
        }
        for (x, y) in h.iter_mut().zip(term) {
            *x ^= y;
        }
    }
    h
}

/// The `auth256-pb` tag: h ⊕ (AES256_K(n ‖ 02 00 00 80) ‖ AES256_K(n ‖ 03 00 00 80)).
pub fn auth256_pb(key: &[u8; 32], nonce: &[u8; 12], msg: &[u8]) -> [u8; 32] {
    let aes = Aes256::new(key.into());
    let mut tag = hash(key, msg);
    for i in 0..2 {
        let mut n = [0u8; 16];
        n[..12].copy_from_slice(nonce);
        n[12] = 2 + i as u8;
        n[15] = 0x80;
        let mut b = n.into();
        aes.encrypt_block(&mut b);
        for k in 0..16 {
            tag[16 * i + k] ^= b[k];
        }
    }
    tag
}
