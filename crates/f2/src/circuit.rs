//! XOR circuits for linear maps over F_2 (Bernstein–Chou, §2.4).
//!
//! A linear map on n ≤ 64 bits is n rows, row i the set of input bits whose XOR is output i.
//! The generator works backwards: start from the final state (register i holds row i) and
//! repeatedly apply the in-place addition A\[i\] ← A\[i\] + A\[j\] that most reduces Σ|A\[i\]|
//! (ties broken by a seeded pseudo-random choice) until every register holds a single input
//! bit. Read in reverse, those additions compute the map in place from the inputs (XOR is its
//! own inverse); the final single bits say which input each register starts with. Several runs
//! with different tie-breaks, keeping the shortest, give the paper's counts.
//!
//! Circuits are public data (they depend on constants, never on secrets) and evaluate with
//! straight-line XORs, so applying one is constant-time in its input.

use alloc::vec::Vec;

use crate::error::Error;
use crate::matrix::BitMatrix;

/// A straight-line XOR program computing a linear map on `n` bits in place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Circuit {
    n: usize,
    /// Register i starts as input bit `start[i]`.
    start: Vec<u8>,
    /// In order: register `dst` ^= register `src`.
    ops: Vec<(u8, u8)>,
}

impl Circuit {
    /// The number of XOR gates.
    pub fn gates(&self) -> usize {
        self.ops.len()
    }

    /// The width n.
    pub fn width(&self) -> usize {
        self.n
    }

    /// The gates in order, as (destination, source) registers.
    pub fn ops(&self) -> &[(u8, u8)] {
        &self.ops
    }

    /// Which input bit each register starts with.
    pub fn start(&self) -> &[u8] {
        &self.start
    }

    /// Runs the circuit on the input bits x (bit i of x is input i); bit i of the result is
    /// output i. Straight-line: constant-time in x.
    pub fn apply(&self, x: u64) -> u64 {
        let mut reg = [0u64; 64];
        for (r, &s) in reg.iter_mut().zip(&self.start) {
            *r = (x >> s) & 1;
        }
        for &(d, s) in &self.ops {
            reg[d as usize] ^= reg[s as usize];
        }
        reg.iter()
            .take(self.n)
            .enumerate()
            .fold(0, |acc, (i, &b)| acc | (b << i))
    }

    /// Runs the circuit on `n` bitsliced words at once: `x[i]` holds input bit i of 64
    /// independent instances; the result holds the outputs the same way.
    pub fn apply_sliced(&self, x: &[u64]) -> Vec<u64> {
        let mut reg: Vec<u64> = self.start.iter().map(|&s| x[s as usize]).collect();
        for &(d, s) in &self.ops {
            reg[d as usize] ^= reg[s as usize];
        }
        reg
    }
}

/// One greedy run of the generator with the given tie-break seed; `None` if the greedy walk
/// gets stuck (no addition lowers the weight and the state is not yet single bits).
fn greedy(m: &BitMatrix, seed: u64) -> Option<Circuit> {
    let mut a = m.rows_u64()?;
    let n = a.len();
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut ops = Vec::new();
    let mut best = Vec::with_capacity(n * n);
    while a.iter().any(|r| r.count_ones() != 1) {
        let mut gain_max = 0i32;
        best.clear();
        for i in 0..n {
            let wi = a[i].count_ones() as i32;
            for j in 0..n {
                if i == j {
                    continue;
                }
                let gain = wi - (a[i] ^ a[j]).count_ones() as i32;
                if gain > gain_max {
                    gain_max = gain;
                    best.clear();
                }
                if gain == gain_max && gain > 0 {
                    best.push((i, j));
                }
            }
        }
        if best.is_empty() || ops.len() > 64 * 64 {
            return None;
        }
        let (i, j) = best[(next() % best.len() as u64) as usize];
        a[i] ^= a[j];
        ops.push((i as u8, j as u8));
    }
    ops.reverse();
    let start = a.iter().map(|r| r.trailing_zeros() as u8).collect();
    Some(Circuit { n, start, ops })
}

impl Circuit {
    /// From a circuit for M⁻¹ (`transposed`: for Mᵀ, or with both: for M⁻ᵀ), a circuit for
    /// M with as many gates. A circuit is M = E_k⋯E_1·Q (Q the start permutation, E the
    /// gates), so M⁻¹ = Q⁻¹E_1⋯E_k = (Q⁻¹E_1Q)⋯(Q⁻¹E_kQ)·Q⁻¹: the gates reversed and renamed
    /// through Q; a transpose also swaps each gate's destination and source.
    fn invert_vartime(&self, transposed: bool) -> Circuit {
        let q = &self.start;
        let mut start = alloc::vec![0u8; self.n];
        for (i, &qi) in q.iter().enumerate() {
            start[usize::from(qi)] = i as u8;
        }
        let ops = self
            .ops
            .iter()
            .rev()
            .map(|&(d, s)| {
                let (d, s) = if transposed { (s, d) } else { (d, s) };
                (q[usize::from(d)], q[usize::from(s)])
            })
            .collect();
        Circuit {
            n: self.n,
            start,
            ops,
        }
    }
}

/// The shortest circuit found in `runs` greedy runs (seeds 1..=runs) on each of M, M⁻¹, Mᵀ
/// and M⁻ᵀ (a circuit for any of them gives one for M with the same gate count); an error if
/// the map is not invertible. Variable-time (public constants only).
pub fn circuit_vartime(m: &BitMatrix, runs: usize) -> Result<Circuit, Error> {
    if m.rows() != m.cols() || m.cols() > 64 {
        return Err(Error::LengthMismatch {
            expected: m.rows().min(64),
            actual: m.cols(),
        });
    }
    let inv = m.inverse_vartime()?;
    let variants = [
        (m.clone(), false, false),
        (inv.clone(), true, false),
        (m.transpose(), true, true),
        (inv.transpose(), false, true),
    ];
    let mut best: Option<Circuit> = None;
    for (target, invert, transpose) in &variants {
        for seed in 1..=runs.max(1) as u64 {
            let Some(c) = greedy(target, seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)) else {
                continue;
            };
            // A circuit for M⁻¹ inverts to one for M; for Mᵀ the transposing inversion gives
            // M; for M⁻ᵀ it gives M⁻¹, which inverts once more to M.
            let c = match (invert, transpose) {
                (false, false) => c,
                (true, false) => c.invert_vartime(false),
                (true, true) => c.invert_vartime(true),
                (false, true) => c.invert_vartime(true).invert_vartime(false),
            };
            if best.as_ref().is_none_or(|b| c.gates() < b.gates()) {
                best = Some(c);
            }
        }
    }
    // Greedy runs that all stalled: fall back to Gaussian elimination, which always
    // finishes (row additions until the identity, then read in reverse).
    Ok(best.unwrap_or_else(|| gaussian(m)))
}

/// A circuit by Gauss–Jordan elimination on the final state (always terminates for an
/// invertible map; longer than the greedy ones).
fn gaussian(m: &BitMatrix) -> Circuit {
    // Square with at most 64 columns (checked by `circuit_vartime`).
    let mut a = m.rows_u64().unwrap_or_default();
    let n = a.len();
    let mut ops = Vec::new();
    let mut used = alloc::vec![false; n];
    for col in 0..n {
        // A register holding bit `col` that is not yet another column's pivot (one exists
        // for an invertible map).
        let Some(p) = (0..n).find(|&r| !used[r] && (a[r] >> col) & 1 == 1) else {
            continue;
        };
        used[p] = true;
        for r in 0..n {
            if r != p && (a[r] >> col) & 1 == 1 {
                a[r] ^= a[p];
                ops.push((r as u8, p as u8));
            }
        }
    }
    ops.reverse();
    let start = a.iter().map(|r| r.trailing_zeros() as u8).collect();
    Circuit { n, start, ops }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Gaussian fallback (used only if every greedy run stalls) computes its map too.
    #[test]
    fn gaussian_fallback_computes_the_map() {
        let mut rng = wegman_testkit::Rng::new(0x0f1e_2d3c_4b5a_6978);
        let mut next = || rng.next_u64();
        let mut done = 0;
        while done < 30 {
            let n = 2 + (next() % 30) as usize;
            let rows: Vec<u64> = (0..n).map(|_| next() & ((1u64 << n) - 1)).collect();
            let m = BitMatrix::from_rows_u64(&rows).unwrap();
            if !m.is_invertible_vartime() {
                continue;
            }
            let c = gaussian(&m);
            for _ in 0..100 {
                let v = next() & ((1u64 << n) - 1);
                assert_eq!(c.apply(v), m.mul_u64(v));
            }
            done += 1;
        }
    }
}
