//! [`BitMatrix`]: matrices over F_2 of any size, rows packed in little-endian `u64` words.
//!
//! Two ways to read a matrix as a map, both provided:
//! - **columns of outputs** ([`BitMatrix::mul_vec`]): output bit i is the parity of row i
//!   ANDed with the input, y = M·x (the convention of XOR circuits: row i lists the inputs
//!   whose XOR is output i);
//! - **rows of images** ([`BitMatrix::combine_rows`]): the input's bit i selects row i,
//!   y = Σ x_i·row_i = xᵀM (the convention of tables of a linear map on a field: row i is the
//!   image of the basis vector x^i). `combine_rows` is constant-time in x: every row is read
//!   and masked.
//!
//! Elimination ([`BitMatrix::inverse_vartime`], [`BitMatrix::rank_vartime`],
//! [`BitMatrix::preimage_vartime`]) branches on the entries: for public matrices only.

use alloc::vec;
use alloc::vec::Vec;

use crate::error::Error;

/// A `rows × cols` matrix over F_2; row i is `words` little-endian `u64`s, bit j of the row
/// the entry (i, j). Bits at and above `cols` are zero.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BitMatrix {
    rows: usize,
    cols: usize,
    words: usize,
    data: Vec<u64>,
}

/// Bit j of a row.
#[inline(always)]
fn bit(row: &[u64], j: usize) -> u64 {
    (row[j / 64] >> (j % 64)) & 1
}

impl BitMatrix {
    /// The zero matrix.
    pub fn zero(rows: usize, cols: usize) -> BitMatrix {
        let words = cols.div_ceil(64);
        BitMatrix {
            rows,
            cols,
            words,
            data: vec![0; rows * words],
        }
    }

    /// The n × n identity.
    pub fn identity(n: usize) -> BitMatrix {
        let mut m = BitMatrix::zero(n, n);
        for i in 0..n {
            m.set(i, i, true);
        }
        m
    }

    /// A matrix from rows of `cols.div_ceil(64)` words each; an error if a row has a bit at
    /// or above `cols` or the data is not `rows` whole rows.
    pub fn from_words(cols: usize, data: &[u64]) -> Result<BitMatrix, Error> {
        let words = cols.div_ceil(64).max(1);
        if cols == 0 || !data.len().is_multiple_of(words) {
            return Err(Error::LengthMismatch {
                expected: words,
                actual: data.len(),
            });
        }
        let rows = data.len() / words;
        let m = BitMatrix {
            rows,
            cols,
            words,
            data: data.to_vec(),
        };
        let tail = cols % 64;
        if tail != 0 && (0..rows).any(|i| m.row(i)[words - 1] >> tail != 0) {
            return Err(Error::LengthMismatch {
                expected: cols,
                actual: 64 * words,
            });
        }
        Ok(m)
    }

    /// A square matrix on n ≤ 64 bits from one word per row (row i: the input bits of
    /// output i, for [`BitMatrix::mul_vec`]).
    pub fn from_rows_u64(rows: &[u64]) -> Result<BitMatrix, Error> {
        let n = rows.len();
        if n == 0 || n > 64 {
            return Err(Error::LengthMismatch {
                expected: n.clamp(1, 64),
                actual: n,
            });
        }
        BitMatrix::from_words(n, rows)
    }

    /// The matrix M of a linear map f on n ≤ 64 bits (M·x = f(x)), from its values on the
    /// unit vectors.
    pub fn from_fn_u64(n: usize, f: impl Fn(u64) -> u64) -> Result<BitMatrix, Error> {
        if n == 0 || n > 64 {
            return Err(Error::LengthMismatch {
                expected: 64,
                actual: n,
            });
        }
        let mut m = BitMatrix::zero(n, n);
        for j in 0..n {
            let c = f(1 << j);
            for i in 0..n {
                m.set(i, j, (c >> i) & 1 == 1);
            }
        }
        Ok(m)
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Row i as `cols.div_ceil(64)` words.
    pub fn row(&self, i: usize) -> &[u64] {
        &self.data[i * self.words..(i + 1) * self.words]
    }

    /// Row i, mutable (keep bits at and above `cols` zero).
    pub fn row_mut(&mut self, i: usize) -> &mut [u64] {
        &mut self.data[i * self.words..(i + 1) * self.words]
    }

    /// The rows of a matrix with at most 64 columns, one word each.
    pub fn rows_u64(&self) -> Option<Vec<u64>> {
        (self.words == 1).then(|| self.data.clone())
    }

    /// Entry (i, j).
    pub fn get(&self, i: usize, j: usize) -> bool {
        bit(self.row(i), j) == 1
    }

    /// Sets entry (i, j).
    pub fn set(&mut self, i: usize, j: usize, v: bool) {
        let w = &mut self.row_mut(i)[j / 64];
        *w = (*w & !(1 << (j % 64))) | (u64::from(v) << (j % 64));
    }

    /// y = M·x: output bit i is the parity of row i AND x (x has `cols` bits, y `rows`).
    /// Constant-time in x.
    pub fn mul_vec(&self, x: &[u64], y: &mut [u64]) {
        y.iter_mut().for_each(|w| *w = 0);
        for i in 0..self.rows {
            let p = self
                .row(i)
                .iter()
                .zip(x)
                .fold(0u32, |acc, (r, v)| acc ^ (r & v).count_ones())
                & 1;
            y[i / 64] |= u64::from(p) << (i % 64);
        }
    }

    /// [`BitMatrix::mul_vec`] for at most 64 rows and columns.
    pub fn mul_u64(&self, x: u64) -> u64 {
        let mut y = [0u64];
        self.mul_vec(&[x], &mut y);
        y[0]
    }

    /// y = Σ_i x_i·row_i (x has `rows` bits, y `cols`): every row is read and masked, so the
    /// time is independent of x.
    pub fn combine_rows(&self, x: &[u64], y: &mut [u64]) {
        y.iter_mut().for_each(|w| *w = 0);
        // An opaque 1 (`black_box`): knowing that the bit is 0 or 1, LLVM may compile the
        // masked XOR into a branch on x (see wegman's docs/security.md).
        let one = core::hint::black_box(1u64);
        for i in 0..self.rows {
            let mask = 0u64.wrapping_sub(bit(x, i) & one);
            for (o, r) in y.iter_mut().zip(self.row(i)) {
                *o ^= r & mask;
            }
        }
    }

    /// The transpose.
    pub fn transpose(&self) -> BitMatrix {
        let mut t = BitMatrix::zero(self.cols, self.rows);
        for i in 0..self.rows {
            for j in 0..self.cols {
                if self.get(i, j) {
                    t.set(j, i, true);
                }
            }
        }
        t
    }

    /// The product self·other.
    pub fn mul_vartime(&self, other: &BitMatrix) -> Result<BitMatrix, Error> {
        if self.cols != other.rows {
            return Err(Error::LengthMismatch {
                expected: self.cols,
                actual: other.rows,
            });
        }
        let mut p = BitMatrix::zero(self.rows, other.cols);
        for i in 0..self.rows {
            // Row i of the product combines the rows of `other` that row i selects.
            let mut acc = vec![0u64; p.words];
            other.combine_rows(self.row(i), &mut acc);
            p.row_mut(i).copy_from_slice(&acc);
        }
        Ok(p)
    }

    /// The inverse of a square matrix (Gauss–Jordan), or [`Error::Singular`].
    pub fn inverse_vartime(&self) -> Result<BitMatrix, Error> {
        if self.rows != self.cols {
            return Err(Error::LengthMismatch {
                expected: self.rows,
                actual: self.cols,
            });
        }
        let n = self.rows;
        let mut a = self.clone();
        let mut inv = BitMatrix::identity(n);
        for col in 0..n {
            let p = (col..n).find(|&r| a.get(r, col)).ok_or(Error::Singular)?;
            a.swap_rows(col, p);
            inv.swap_rows(col, p);
            for r in 0..n {
                if r != col && a.get(r, col) {
                    a.add_row(r, col);
                    inv.add_row(r, col);
                }
            }
        }
        Ok(inv)
    }

    /// Whether a square matrix is invertible.
    pub fn is_invertible_vartime(&self) -> bool {
        self.rows == self.cols && self.rank_vartime() == self.rows
    }

    /// The rank.
    pub fn rank_vartime(&self) -> usize {
        Echelon::new(self).pivots.iter().flatten().count()
    }

    /// Some x with Σ_i x_i·row_i = t (the rows-of-images convention of
    /// [`BitMatrix::combine_rows`]), or `None` if t is not in the row space.
    pub fn preimage_vartime(&self, t: &[u64]) -> Option<Vec<u64>> {
        Echelon::new(self).preimage(t)
    }

    /// A reusable echelon form for many [`BitMatrix::preimage_vartime`] queries.
    pub fn echelon_vartime(&self) -> Echelon {
        Echelon::new(self)
    }

    fn swap_rows(&mut self, a: usize, b: usize) {
        if a != b {
            for k in 0..self.words {
                self.data.swap(a * self.words + k, b * self.words + k);
            }
        }
    }

    /// row dst += row src.
    fn add_row(&mut self, dst: usize, src: usize) {
        for k in 0..self.words {
            let s = self.data[src * self.words + k];
            self.data[dst * self.words + k] ^= s;
        }
    }
}

/// The row space of a [`BitMatrix`] in echelon form, each basis vector with the combination
/// of original rows that makes it: for preimages under x ↦ Σ x_i·row_i.
#[derive(Clone, Debug)]
pub struct Echelon {
    words: usize,
    in_words: usize,
    /// Indexed by pivot column (the highest set bit): (vector, combination).
    pivots: Vec<Option<(Vec<u64>, Vec<u64>)>>,
}

impl Echelon {
    fn new(m: &BitMatrix) -> Echelon {
        let in_words = m.rows.div_ceil(64).max(1);
        let mut pivots: Vec<Option<(Vec<u64>, Vec<u64>)>> = vec![None; m.cols];
        for i in 0..m.rows {
            let mut v = m.row(i).to_vec();
            let mut comb = vec![0u64; in_words];
            comb[i / 64] |= 1 << (i % 64);
            while let Some(p) = highest(&v) {
                match &pivots[p] {
                    Some((bv, bc)) => {
                        xor_into(&mut v, bv);
                        xor_into(&mut comb, bc);
                    }
                    None => {
                        pivots[p] = Some((v, comb));
                        break;
                    }
                }
            }
        }
        Echelon {
            words: m.words,
            in_words,
            pivots,
        }
    }

    /// Some x with Σ_i x_i·row_i = t, or `None`.
    pub fn preimage(&self, t: &[u64]) -> Option<Vec<u64>> {
        let mut v = t[..self.words].to_vec();
        let mut x = vec![0u64; self.in_words];
        while let Some(p) = highest(&v) {
            let (bv, bc) = self.pivots.get(p)?.as_ref()?;
            xor_into(&mut v, bv);
            xor_into(&mut x, bc);
        }
        Some(x)
    }
}

fn highest(v: &[u64]) -> Option<usize> {
    v.iter()
        .enumerate()
        .rev()
        .find(|(_, w)| **w != 0)
        .map(|(k, w)| 64 * k + 63 - w.leading_zeros() as usize)
}

fn xor_into(a: &mut [u64], b: &[u64]) {
    a.iter_mut().zip(b).for_each(|(x, y)| *x ^= y);
}
