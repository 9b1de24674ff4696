//! The tables a [`Field`] builds from its public modulus when it is made: the half-trace rows
//! and their windowed form (odd m), the solving rows of z² + z = c (even m, by elimination),
//! the multi-squaring maps of the inversion chain, and the trace vector (Newton's identities).
//! Variable-time in the modulus only (public).

use alloc::vec;
use alloc::vec::Vec;

use wegman_f2::BitMatrix;

use super::{Element, Field};
use crate::arith::Shape;
use crate::ops;

impl Field {
    /// Builds the half-trace rows H(x^i), the windowed table and H(1) (odd m).
    pub(super) fn build_half_trace(&mut self) {
        let m = self.degree() as usize;
        let n = self.n;
        let mut rows = vec![Element::ZERO; m];
        for i in 0..m {
            rows[i] = if i >= 2 && i % 2 == 0 {
                // H(x^{2j}) = H(x^j) + x^j + Tr(x^j).
                let j = i / 2;
                let mut r = rows[j];
                r.limbs[j / 64] ^= 1 << (j % 64);
                r.limbs[0] ^= (self.trace_vec.limbs[j / 64] >> (j % 64)) & 1;
                r
            } else {
                // The definition: Σ_{k ≤ (m−1)/2} (x^i)^{4^k}.
                let mut xi = Element::ZERO;
                xi.limbs[i / 64] = 1 << (i % 64);
                let mut acc = xi;
                let mut p = xi;
                for _ in 0..(m - 1) / 2 {
                    p = self.sqr_n(&p, 2);
                    acc += p;
                }
                acc
            };
        }
        self.h_one = rows[0];
        self.set_solve_rows(&rows);
        let windows = m.div_ceil(8);
        let mut tab = vec![0u64; windows * 16 * n];
        for w in 0..windows {
            for v in 1..16usize {
                let mut acc = Element::ZERO;
                for k in 0..4 {
                    let e = 8 * w + 2 * k + 1;
                    if (v >> k) & 1 == 1 && e < m {
                        acc += rows[e];
                    }
                }
                tab[(16 * w + v) * n..(16 * w + v + 1) * n].copy_from_slice(&acc.limbs[..n]);
            }
        }
        self.ht_windows = tab;
        let low = m.div_ceil(2).div_ceil(4);
        let mut tab = vec![0u64; low * 16 * n];
        for w in 0..low {
            for v in 1..16usize {
                let mut acc = Element::ZERO;
                for k in 0..4 {
                    let e = 4 * w + k;
                    if (v >> k) & 1 == 1 && e < m {
                        acc += rows[e];
                    }
                }
                tab[(16 * w + v) * n..(16 * w + v + 1) * n].copy_from_slice(&acc.limbs[..n]);
            }
        }
        self.ht_low = tab;
    }

    /// For even m: rows z_i with L(z_i) = x^i + Tr(x^i)·x^{i₀} for L(z) = z² + z and a fixed
    /// i₀ with Tr(x^{i₀}) = 1, by Gaussian elimination over F_2 (L has kernel {0, 1} and
    /// image the trace-0 hyperplane).
    pub(super) fn build_solve_rows_even(&mut self) {
        let m = self.degree() as usize;
        // Row j: L(x^j) = x^{2j} + x^j, so a preimage z of t under z ↦ Σ z_j·row_j has
        // L(z) = t.
        let mut l = BitMatrix::zero(m, m);
        for j in 0..m {
            let mut xj = Element::ZERO;
            xj.limbs[j / 64] = 1 << (j % 64);
            let v = self.sqr(&xj) + xj;
            l.row_mut(j).copy_from_slice(&v.limbs[..m.div_ceil(64)]);
        }
        let echelon = l.echelon_vartime();
        let i0 = (0..m)
            .find(|&i| (self.trace_vec.limbs[i / 64] >> (i % 64)) & 1 == 1)
            .unwrap_or(0);
        let mut rows = Vec::with_capacity(m);
        for i in 0..m {
            let mut t = Element::ZERO;
            t.limbs[i / 64] ^= 1 << (i % 64);
            if (self.trace_vec.limbs[i / 64] >> (i % 64)) & 1 == 1 {
                t.limbs[i0 / 64] ^= 1 << (i0 % 64);
            }
            // t has trace 0, so it lies in the image: a preimage exists.
            let z = echelon.preimage(&t.limbs).unwrap_or_default();
            let mut e = Element::ZERO;
            e.limbs[..z.len()].copy_from_slice(&z);
            rows.push(e);
        }
        self.set_solve_rows(&rows);
    }

    /// Stores rows limb-major, padded with zero rows to a multiple of 8.
    fn set_solve_rows(&mut self, rows: &[Element]) {
        let (cols, padded) = limb_major(rows, self.n);
        self.solve_cols = cols;
        self.solve_rows = padded;
    }

    /// Tables of a ↦ a^{2^k} (row i = x^{i·2^k}) for the big steps of the inversion chain.
    pub(super) fn build_multi_squarings(&mut self) {
        let m = self.degree() as usize;
        let steps: Vec<usize> = ops::inversion_chain_steps(self.degree())
            .filter(|&k| k >= ops::MULTI_SQUARE_MIN)
            .collect();
        for k in steps {
            let r = self.sqr_n(&self.x(), k);
            let mut rows = Vec::with_capacity(m);
            let mut p = Element::ONE;
            for _ in 0..m {
                rows.push(p);
                p = self.mul(&p, &r);
            }
            let (cols, padded) = limb_major(&rows, self.n);
            self.msq.push((k, cols, padded));
        }
    }
}

/// Rows as a limb-major table padded with zero rows to a multiple of 8: (table, rows).
fn limb_major(rows: &[Element], n: usize) -> (Vec<u64>, usize) {
    let padded = rows.len().next_multiple_of(8);
    let mut cols = vec![0u64; n * padded];
    for (i, r) in rows.iter().enumerate() {
        for l in 0..n {
            cols[l * padded + i] = r.limbs[l];
        }
    }
    (cols, padded)
}

/// Tr(x^i) for i < m by Newton's identities: with P = X^m + Σ_k σ_k X^{m−k}, the power sums
/// s_i = Σ (roots)^i = Tr(x^i) satisfy s_i = Σ_{k=1}^{i−1} σ_k s_{i−k} + i·σ_i (char. 2),
/// and s_0 = m mod 2.
pub(super) fn trace_vector(s: &Shape) -> Element {
    let m = s.m as usize;
    // σ_k ≠ 0 exactly for k = m − e, e a middle exponent or 0.
    let ks: Vec<usize> = s
        .mids()
        .iter()
        .map(|&e| m - e as usize)
        .chain([m])
        .collect();
    let mut sums = vec![0u8; m];
    sums[0] = (m % 2) as u8;
    for i in 1..m {
        let mut v = 0u8;
        for &k in &ks {
            if k < i {
                v ^= sums[i - k];
            } else if k == i {
                v ^= (i % 2) as u8;
            }
        }
        sums[i] = v;
    }
    let mut t = Element::ZERO;
    for (i, &b) in sums.iter().enumerate() {
        t.limbs[i / 64] |= u64::from(b) << (i % 64);
    }
    t
}
