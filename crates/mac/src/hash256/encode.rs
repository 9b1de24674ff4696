//! The bit-matrix encodings b = 8 and b = 256 (Bernstein–Chou §6.3, docs/spec.md §3.3) turned
//! into canonical pairs (the b = 1 layout: m_t || m'_t, 32 bytes each).
//!
//! In a segment of 32·b bytes, bit t lies in row t mod b and column ⌊t/b⌋, and row j is an
//! element: so bit l of byte k of element j is segment bit b·(8k + l) + j, which is bit j mod 8
//! of segment byte (b/8)·(8k + l) + ⌊j/8⌋. For fixed k and J = ⌊j/8⌋ the eight bytes
//! l = 0..8 form an 8 × 8 bit matrix whose transpose holds byte k of elements 8J..8J + 8.

use wegman_f2::bytes::transpose8x8;

use super::Encoding;
use wegman_gf256::dot::Pair;

/// One segment (32·b bytes) into the 32-byte halves `side` (0: m, 1: m') of `out[0..b]`.
fn segment(b: usize, seg: &[u8], out: &mut [Pair], side: usize) {
    let stride = b / 8;
    for k in 0..32 {
        for jg in 0..stride {
            let w = (0..8).fold(0u64, |acc, l| {
                acc | (u64::from(seg[stride * (8 * k + l) + jg]) << (8 * l))
            });
            let t = transpose8x8(w).to_le_bytes();
            for (i, &byte) in t.iter().enumerate() {
                out[8 * jg + i][32 * side + k] = byte;
            }
        }
    }
}

/// 256 key pairs into the layout of a b = 256 segment pair (the inverse of [`to_pairs`] for
/// b = 256): bit c of element j of side s is bit j mod 8 of byte 8192·s + 32·c + ⌊j/8⌋.
pub(super) fn pairs_to_b256(pairs: &[Pair], out: &mut [u8]) {
    debug_assert_eq!((pairs.len(), out.len()), (256, 16384));
    out.fill(0);
    for (j, pair) in pairs.iter().enumerate() {
        for (byte, &v) in pair.iter().enumerate() {
            let (s, k) = (byte / 32, byte % 32);
            for l in 0..8 {
                let c = 8 * k + l;
                out[8192 * s + 32 * c + j / 8] |= ((v >> l) & 1) << (j % 8);
            }
        }
    }
}

/// Converts whole segment pairs (`data.len()` a multiple of 64·b) into `data.len() / 64`
/// canonical pairs in `out`. b = 1 is the identity.
pub(super) fn to_pairs(enc: Encoding, data: &[u8], out: &mut [Pair]) {
    let b = enc.b();
    debug_assert_eq!(data.len() % enc.unit(), 0);
    debug_assert_eq!(out.len(), data.len() / 64);
    if b == 1 {
        for (o, c) in out.iter_mut().zip(data.chunks_exact(64)) {
            o.copy_from_slice(c);
        }
        return;
    }
    for (unit, pairs) in data.chunks_exact(enc.unit()).zip(out.chunks_exact_mut(b)) {
        let (m, m2) = unit.split_at(32 * b);
        segment(b, m, pairs, 0);
        segment(b, m2, pairs, 1);
    }
}
