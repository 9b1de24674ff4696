//! The portable backend: 64 pairs per batch, bitsliced (lane t of every word is pair t).
//!
//! Per batch: the 2 × 32 coefficient positions of m and m' become eight words each
//! (`SlicedGf256x64`), the y-basis network of `crate::fft::fft64_ybasis` runs on words
//! (a product by a twiddle is its XOR circuit, [`ConstMul`]), and the 64 pointwise products
//! (the tower's Karatsuba circuit) are added into the accumulator. After the trivial first
//! stage the two halves of the network (positions with bit 5 clear or set) are independent,
//! so each half runs from the same 32 inputs. Straight-line code: constant-time.

use crate::bitslice::SlicedGf256x64;
use crate::fft::ybasis_twiddle_index;
use crate::tower::Gf256;
use wegman_f2::bytes::transpose8x8;
use zeroize::Zeroize;

use super::{Acc, BATCH, Pair, Tables};

/// The 32 coefficient positions of both sides of a batch, bitsliced.
type Sides = [[SlicedGf256x64; 32]; 2];

/// Bitslices (m + r) for one batch.
fn slice(msg: &[Pair], key: &[Pair], out: &mut Sides) {
    for (s, side) in out.iter_mut().enumerate() {
        for (k, word) in side.iter_mut().enumerate() {
            let pos = 32 * s + k;
            let mut planes = [0u64; 8];
            for g in 0..BATCH / 8 {
                let mut w = 0u64;
                for i in 0..8 {
                    let t = 8 * g + i;
                    w |= u64::from(msg[t][pos] ^ key[t][pos]) << (8 * i);
                }
                let tw = transpose8x8(w);
                for (b, plane) in planes.iter_mut().enumerate() {
                    *plane |= ((tw >> (8 * b)) & 0xff) << (8 * g);
                }
            }
            *word = SlicedGf256x64(planes);
        }
    }
}

/// Stages 2..=6 of the y-basis network on the half `e5` (positions 32·e5 + p).
fn network_half(t: &Tables, y: &mut [SlicedGf256x64; 32], e5: usize) {
    let circuits = t.circuits();
    for s in 2..=6u32 {
        let h = 1usize << (6 - s);
        for p in 0..32 {
            if p & h != 0 {
                continue;
            }
            let k = ybasis_twiddle_index(s, 32 * e5 + p);
            let b = y[p + h];
            let a = if k == 0 {
                y[p]
            } else {
                y[p].add(&circuits[k].apply(&b))
            };
            y[p + h] = a.add(&b);
            y[p] = a;
        }
    }
}

pub(crate) fn absorb(t: &Tables, acc: &mut Acc, msg: &[Pair], key: &[Pair]) {
    let mut sides: Sides = [[SlicedGf256x64::ZERO; 32]; 2];
    for (m, k) in msg.chunks_exact(BATCH).zip(key.chunks_exact(BATCH)) {
        slice(m, k, &mut sides);
        for e5 in 0..2 {
            let mut y = sides;
            network_half(t, &mut y[0], e5);
            network_half(t, &mut y[1], e5);
            let rows = acc.0[256 * e5..256 * (e5 + 1)].chunks_exact_mut(8);
            for ((row, u), v) in rows.zip(&y[0]).zip(&y[1]) {
                for (a, w) in row.iter_mut().zip(u.mul(v).0) {
                    *a ^= w;
                }
            }
            for side in y.iter_mut() {
                side.iter_mut().for_each(|w| w.0.zeroize());
            }
        }
    }
    sides.iter_mut().flatten().for_each(|w| w.0.zeroize());
}

pub(crate) fn finish(acc: &Acc) -> [Gf256; 64] {
    core::array::from_fn(|p| {
        let w: [u64; 8] = core::array::from_fn(|i| acc.0[8 * p + i]);
        SlicedGf256x64(w).sum_lanes()
    })
}
