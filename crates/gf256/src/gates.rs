//! Bit-operation counts of FFT multiplication in F_256\[x\] (Bernstein–Chou §3, Table 1),
//! computed from the circuits this crate generates.
//!
//! Multiplying two polynomials of n/2 coefficients (b = 4n bits) with the size-n additive FFT:
//!
//! - **forward** (per operand): the radix conversion of the n/2 coefficients to the y-basis
//!   (all of Gao–Mateer's conversions merged into one F_2-linear map, as additions of
//!   F_256 elements, 8 bit operations each), then the y-basis network
//!   ([`crate::fft::fft64_ybasis`]) whose first stage is free (coefficients n/2..n are zero);
//! - **pointwise**: n products, [`MUL_GATES`] = 110 each;
//! - **inverse**: the network backwards, then the conversion of n y-basis coefficients back to
//!   the monomial basis.
//!
//! Every linear piece is costed two ways and the cheaper is kept: butterfly by butterfly
//! (a product by the twiddle, its XOR circuit from [`wegman_f2::circuit`], plus 16 XORs; 8 for a
//! zero twiddle), or merged: up to three consecutive stages on a block of positions are one
//! F_2-linear map of at most 64 bits, handed whole to the greedy circuit generator (§2.4).
//! All of this is public-constant work (variable-time).

use alloc::vec::Vec;

use crate::bitslice::{ConstMul, MUL_GATES};
use crate::fft::{monomial_to_ybasis, point, ybasis_to_monomial};
use crate::tower::Gf256;
use wegman_f2::BitMatrix;
use wegman_f2::circuit::circuit_vartime;

/// Gate counts of one FFT multiplication (one row of Table 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MulCost {
    /// Bits per operand (b = 8 × coefficients).
    pub bits: usize,
    /// FFT size n.
    pub size: usize,
    /// One forward FFT, radix conversion included.
    pub forward: usize,
    /// n variable products.
    pub pointwise: usize,
    /// The inverse FFT, radix conversion included.
    pub inverse: usize,
}

impl MulCost {
    /// 2·forward + pointwise + inverse.
    pub fn total(&self) -> usize {
        2 * self.forward + self.pointwise + self.inverse
    }
}

/// Additions of the radix conversion of `k` monomial coefficients to the y-basis done level
/// by level as in [`crate::fft::fft`] (T(k) = k/2 + 2T(k/2) per level, over every level of
/// the recursion): the paper's 12 / 48 / 160 for k = 8 / 16 / 32.
pub fn radix_additions_unmerged(k: usize) -> usize {
    fn taylor(n: usize) -> usize {
        if n <= 2 { 0 } else { n / 2 + 2 * taylor(n / 2) }
    }
    fn all(n: usize) -> usize {
        if n <= 1 {
            0
        } else {
            taylor(n) + 2 * all(n / 2)
        }
    }
    all(k)
}

/// The F_2 matrix of the conversion of `k` ≤ 64 coefficients, monomial to y-basis
/// (`to_y = true`) or back. Its entries are bits because ψ(x) = x² + x has F_2 coefficients.
pub fn radix_matrix(k: usize, to_y: bool) -> BitMatrix {
    let cols: Vec<u64> = (0..k)
        .map(|j| {
            let mut e = [Gf256::ZERO; 64];
            e[j] = Gf256::ONE;
            let v = if to_y {
                monomial_to_ybasis(&e)
            } else {
                ybasis_to_monomial(&e)
            };
            (0..k).fold(0u64, |acc, i| acc | (u64::from(v[i].to_u8() & 1) << i))
        })
        .collect();
    let rows: Vec<u64> = (0..k)
        .map(|i| {
            cols.iter()
                .enumerate()
                .fold(0u64, |acc, (j, &c)| acc | (((c >> i) & 1) << j))
        })
        .collect();
    // k ≤ 64 rows of k bits: always a valid matrix.
    BitMatrix::from_rows_u64(&rows).unwrap_or_else(|_| unreachable!("k ≤ 64"))
}

/// Additions of the merged radix conversion: the greedy circuit for [`radix_matrix`]
/// (the paper: 8 / 31 / 82 for k = 8 / 16 / 32).
pub fn radix_additions_merged(k: usize, to_y: bool, runs: usize) -> usize {
    if k <= 1 {
        return 0;
    }
    circuit_vartime(&radix_matrix(k, to_y), runs).map_or(usize::MAX, |c| c.gates())
}

/// The twiddle of stage s (1..=m) of the size-2^m network at first position p.
fn twiddle(m: u32, s: u32, p: usize) -> Gf256 {
    point(2 * (p >> (m + 1 - s)))
}

/// Butterfly-by-butterfly cost of stages `stages` of the size-2^m network.
fn stages_plain(m: u32, stages: core::ops::RangeInclusive<u32>, mul: &[ConstMul]) -> usize {
    let n = 1usize << m;
    let mut g = 0;
    for s in stages {
        let h = 1usize << (m - s);
        for p in (0..n).filter(|p| p & h == 0) {
            let t = twiddle(m, s, p);
            g += if t == Gf256::ZERO {
                8
            } else {
                mul[usize::from(t.to_u8())].gates() + 16
            };
        }
    }
    g
}

/// Merged cost of stages `lo..=hi` (at most 3 consecutive) of the size-2^m network: each block
/// of positions that differ only in the stages' bits is one linear map on 8·2^(hi−lo+1) bits.
/// `inverse` costs the inverse network instead.
fn stages_merged(m: u32, lo: u32, hi: u32, inverse: bool, runs: usize) -> usize {
    let n = 1usize << m;
    let bits: Vec<usize> = (lo..=hi).map(|s| (m - s) as usize).collect();
    let mask = bits.iter().fold(0usize, |a, &b| a | (1 << b));
    let w = 1usize << bits.len();
    let mut total = 0;
    for base in (0..n).filter(|p| p & mask == 0) {
        let pos: Vec<usize> = (0..w)
            .map(|i| {
                bits.iter()
                    .enumerate()
                    .fold(base, |a, (j, &b)| a | (((i >> j) & 1) << b))
            })
            .collect();
        let f = |x: u64| -> u64 {
            let mut v = [Gf256::ZERO; 64];
            for (i, &p) in pos.iter().enumerate() {
                v[p] = Gf256::from_u8((x >> (8 * i)) as u8);
            }
            let order: Vec<u32> = if inverse {
                (lo..=hi).rev().collect()
            } else {
                (lo..=hi).collect()
            };
            for s in order {
                let h = 1usize << (m - s);
                for &p in pos.iter().filter(|&&p| p & h == 0) {
                    let t = twiddle(m, s, p);
                    if inverse {
                        let b = v[p] + v[p + h];
                        v[p] += t * b;
                        v[p + h] = b;
                    } else {
                        let a = v[p] + t * v[p + h];
                        v[p + h] += a;
                        v[p] = a;
                    }
                }
            }
            pos.iter()
                .enumerate()
                .fold(0u64, |a, (i, &p)| a | (u64::from(v[p].to_u8()) << (8 * i)))
        };
        let mat = BitMatrix::from_fn_u64(8 * w, f).unwrap_or_else(|_| unreachable!("≤ 64 bits"));
        total += circuit_vartime(&mat, runs).map_or(usize::MAX, |c| c.gates());
    }
    total
}

/// The cheaper of plain and merged costs of stages `first..=m`, merged in chunks of three.
fn network(m: u32, first: u32, inverse: bool, mul: &[ConstMul], runs: usize) -> usize {
    let plain = stages_plain(m, first..=m, mul);
    let mut merged = 0;
    let mut s = first;
    while s <= m {
        let hi = (s + 2).min(m);
        let chunk_plain = stages_plain(m, s..=hi, mul);
        merged += chunk_plain.min(stages_merged(m, s, hi, inverse, runs));
        s = hi + 1;
    }
    plain.min(merged)
}

/// Table 1's row for b-bit operands (b = 16, 32, 64, 128, 256): `runs` greedy runs per
/// circuit.
pub fn mul_cost(bits: usize, runs: usize) -> MulCost {
    let k = bits / 8;
    let n = 2 * k;
    let m = n.trailing_zeros();
    let mul: Vec<ConstMul> = Gf256::all().map(ConstMul::new_vartime).collect();
    let fwd_radix = 8 * radix_additions_unmerged(k).min(radix_additions_merged(k, true, runs));
    let inv_radix = 8 * radix_additions_unmerged(n).min(radix_additions_merged(n, false, runs));
    MulCost {
        bits,
        size: n,
        // Stage 1 only copies (the top half of the input is zero).
        forward: fwd_radix + network(m, 2, false, &mul, runs),
        pointwise: n * MUL_GATES,
        inverse: inv_radix + network(m, 1, true, &mul, runs),
    }
}

/// Bit operations per message bit of Hash256 (the paper: 29): per pair of 32-byte blocks,
/// two key additions (256 XOR each), two forward y-basis FFTs of size 64 (no radix
/// conversion; stage 1 only copies), 64 products and 64 additions into the FFT-domain sum;
/// the inverse FFT and reduction happen once per message and vanish per bit.
pub fn hash256_bit_ops_per_bit(runs: usize) -> f64 {
    let mul: Vec<ConstMul> = Gf256::all().map(ConstMul::new_vartime).collect();
    let forward = network(6, 2, false, &mul, runs);
    (2 * (256 + forward) + 64 * MUL_GATES + 64 * 8) as f64 / 512.0
}

/// Average XOR gates of the product by a constant of F_256 \ F_16, F_16 \ F_4 and F_4 \ F_2
/// (the paper: 14.83, 7.43, 4).
pub fn const_mul_averages() -> [f64; 3] {
    let mut sums = [(0usize, 0usize); 3];
    for c in Gf256::all().skip(2) {
        let level = match c.to_u8() {
            0..4 => 2,
            4..16 => 1,
            _ => 0,
        };
        sums[level].0 += ConstMul::new_vartime(c).gates();
        sums[level].1 += 1;
    }
    sums.map(|(g, n)| g as f64 / n as f64)
}
