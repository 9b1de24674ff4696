//! A straightforward Hash256 / Auth256-AES written from the definitions (docs/spec.md §2, §3.3),
//! sharing nothing with the library's FFT path: y-basis polynomials multiplied out from
//! ψ(x) = x² + x, schoolbook products in F_256\[x\], long division by x^32 + x^17 + x^2 + α8,
//! and the bit-matrix encoding read bit by bit. F_256 products come from [`crate::tower`].

use crate::tower;
use aes::Aes256;
use aes::cipher::{BlockCipherEncrypt, KeyInit};

/// An element of F_256 (docs/spec.md §2 tower bytes).
type Gf256 = u8;
/// α8.
const ALPHA8: u8 = 0x10;

/// Schoolbook product in F_256\[x\].
fn poly_mul(a: &[Gf256], b: &[Gf256]) -> Vec<Gf256> {
    let mut out = vec![0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            out[i + j] ^= tower::mul(x, y);
        }
    }
    out
}

/// y_j = Π_{i: bit i of j} ψ^i(x), ψ(x) = x² + x (ψ^0 = x, ψ^{i+1} = ψ^i·ψ^i + ψ^i), multiplied
/// out by schoolbook products, trailing zeros removed (j < 2^16).
pub fn y_poly(j: usize) -> Vec<Gf256> {
    let mut psi = vec![0, 1]; // ψ^0(x) = x
    let mut y = vec![1];
    let mut i = 0;
    while j >> i != 0 {
        if (j >> i) & 1 == 1 {
            y = poly_mul(&y, &psi);
        }
        let mut next = poly_mul(&psi, &psi);
        for (k, &c) in psi.iter().enumerate() {
            next[k] ^= c;
        }
        psi = next;
        i += 1;
    }
    while y.len() > 1 && y.last() == Some(&0) {
        y.pop();
    }
    y
}

/// The 32 y-basis polynomials y_0..y_31, each as 32 coefficients.
pub fn y_basis() -> Vec<[Gf256; 32]> {
    (0..32)
        .map(|j| {
            let y = y_poly(j);
            core::array::from_fn(|k| y.get(k).copied().unwrap_or(0))
        })
        .collect()
}

/// The element Σ_j c_j y_j of 32 y-basis bytes, in the polynomial basis.
fn from_y(ys: &[[Gf256; 32]], c: &[u8; 32]) -> [Gf256; 32] {
    let mut out = [0; 32];
    for (j, &cj) in c.iter().enumerate() {
        for (k, &yk) in ys[j].iter().enumerate() {
            out[k] ^= tower::mul(cj, yk);
        }
    }
    out
}

/// a·b mod x^32 + x^17 + x^2 + α8, schoolbook and long division.
fn mul_mod(a: &[Gf256; 32], b: &[Gf256; 32]) -> [Gf256; 32] {
    let mut p = poly_mul(a, b);
    for d in (32..p.len()).rev() {
        let c = p[d];
        p[d] = 0;
        p[d - 32 + 17] ^= c;
        p[d - 32 + 2] ^= c;
        p[d - 32] ^= tower::mul(c, ALPHA8);
    }
    core::array::from_fn(|i| p[i])
}

/// The elements m_t (side 0) or m'_t (side 1) of a padded message, read bit by bit: segment
/// bit t lies in row t mod b, column t div b; row j of segment i is element b·i + j.
fn elements(b: usize, padded: &[u8], side: usize) -> Vec<[u8; 32]> {
    let seg = 32 * b;
    let n_pairs = padded.len() / 64;
    let mut out = vec![[0u8; 32]; n_pairs];
    for i in 0..padded.len() / (2 * seg) {
        let s = &padded[(2 * i + side) * seg..(2 * i + side + 1) * seg];
        for t in 0..8 * seg {
            let bit = (s[t / 8] >> (t % 8)) & 1;
            let (row, col) = (t % b, t / b);
            out[b * i + row][col / 8] |= bit << (col % 8);
        }
    }
    out
}

/// `msg`, 0x01, then zeros to a multiple of 64·b bytes.
fn pad_message(b: usize, msg: &[u8]) -> Vec<u8> {
    let mut padded = msg.to_vec();
    padded.push(1);
    while !padded.len().is_multiple_of(64 * b) {
        padded.push(0);
    }
    padded
}

/// Hash256 with an explicit key stream (64 bytes per pair: r_t then r'_t).
pub fn hash256(b: usize, key: &[u8], msg: &[u8]) -> [u8; 32] {
    hash_padded(b, key, &pad_message(b, msg))
}

/// The pseudo-dot-product of an already padded string (a multiple of 64·b bytes).
fn hash_padded(b: usize, key: &[u8], padded: &[u8]) -> [u8; 32] {
    let ys = y_basis();
    let m = elements(b, padded, 0);
    let m2 = elements(b, padded, 1);
    let mut sum = [0; 32];
    for t in 0..m.len() {
        let r: [u8; 32] = key[64 * t..64 * t + 32].try_into().unwrap();
        let r2: [u8; 32] = key[64 * t + 32..64 * t + 64].try_into().unwrap();
        let x: [u8; 32] = core::array::from_fn(|i| m[t][i] ^ r[i]);
        let y: [u8; 32] = core::array::from_fn(|i| m2[t][i] ^ r2[i]);
        let p = mul_mod(&from_y(&ys, &x), &from_y(&ys, &y));
        for (s, v) in sum.iter_mut().zip(p) {
            *s ^= v;
        }
    }
    sum
}

/// The Auth256-AES key stream B(0) || B(1) || …, B(j) = AES256_K(LE128(j)), `len` bytes.
pub fn key_stream(key: &[u8; 32], len: usize) -> Vec<u8> {
    let aes = Aes256::new(key.into());
    let mut out = Vec::with_capacity(len + 16);
    let mut j = 0u128;
    while out.len() < len {
        let mut block = j.to_le_bytes().into();
        aes.encrypt_block(&mut block);
        out.extend_from_slice(&block);
        j += 1;
    }
    out.truncate(len);
    out
}

/// The Auth256-AES tag (32 bytes) of `msg` with encoding b.
pub fn auth256(key: &[u8; 32], nonce: &[u8; 12], b: usize, msg: &[u8]) -> [u8; 32] {
    let padded_len = (msg.len() + 1).div_ceil(64 * b) * 64 * b;
    let h = hash256(b, &key_stream(key, padded_len), msg);
    with_pad(key, nonce, h)
}

/// `auth256-2l` (docs/spec.md §3.3.1): the message padded once and cut into 16384-byte
/// chunks; each chunk's pseudo-dot-product with the first 16 KiB of the key stream; the chunk
/// hashes H_1 … H_n combined as Σ H_i·τ^{n−i} with τ = B(1024) ‖ B(1025) in the polynomial
/// basis (powers and products by schoolbook and long division); then Auth256's pad.
pub fn auth256_2l(key: &[u8; 32], nonce: &[u8; 12], b: usize, msg: &[u8]) -> [u8; 32] {
    const C: usize = 16384;
    let stream = key_stream(key, C + 32);
    let (level1, tau) = stream.split_at(C);
    let tau: [u8; 32] = tau.try_into().unwrap();
    let chunks: Vec<[u8; 32]> = pad_message(b, msg)
        .chunks(C)
        .map(|p| hash_padded(b, level1, p))
        .collect();
    let n = chunks.len();
    let mut h = [0u8; 32];
    for (i, hi) in chunks.iter().enumerate() {
        // H_i·τ^{n−i} (i counted from 1), the power by repeated products.
        let mut term = *hi;
        for _ in 0..n - 1 - i {
            term = mul_mod(&term, &tau);
        }
        for (x, y) in h.iter_mut().zip(term) {
            *x ^= y;
        }
    }
    with_pad(key, nonce, h)
}

/// h ⊕ s_n, s_n = AES256_K(n ‖ 00 00 00 80) ‖ AES256_K(n ‖ 01 00 00 80).
fn with_pad(key: &[u8; 32], nonce: &[u8; 12], h: [u8; 32]) -> [u8; 32] {
    let aes = Aes256::new(key.into());
    let mut tag = [0u8; 32];
    for i in 0..2 {
        let mut n = [0u8; 16];
        n[..12].copy_from_slice(nonce);
        n[12] = i as u8;
        n[15] = 0x80;
        let mut block = n.into();
        aes.encrypt_block(&mut block);
        for k in 0..16 {
            tag[16 * i + k] = block[k] ^ h[16 * i + k];
        }
    }
    tag
}
