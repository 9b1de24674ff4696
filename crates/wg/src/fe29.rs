//! F_{2^29} in the type-II optimal normal basis GNB(29, 2) (X9.62), on the eSTREAM WG
//! reference's words (docs/spec.md §2): A = Σ_{i<29} a_i β^{2^i} is the 32-bit word with a_0 at
//! bit 31 … a_28 at bit 3, bits 2..0 zero.
//!
//! Internally an element is the 29-bit integer v = word >> 3, so a_i sits at bit 28 − i, and
//! R_s, the rotation with coefficient k equal to a_{k+s}, is a left rotation of v by s.
//! - **Product** (Ning–Yin, ICICS 2001; the reference's multiplier): with the 29 × 29
//!   multiplication matrix M of the basis, row x having ones at Y(x) (57 ones in all: one in
//!   row 0, two elsewhere),
//!
//!   C = ⊕_x R_x(A) ∧ (⊕_{y ∈ Y(x)} R_y(B)),
//!
//!   so c_k = Σ_x a_{x+k} Σ_{y ∈ Y(x)} b_{y+k}: 29 ANDs and 57 XORs on words, no branch.
//! - **Squaring** is A² = Σ a_i β^{2^{i+1}}: coefficient k becomes a_{k−1}, the rotation
//!   R_{−1}; A^{2^j} is R_{−j}.
//! - **Trace**: Tr(β^{2^i}) = Tr(β) = 1 (the conjugates sum to 1), so Tr(A) is the parity of
//!   the 29 bits.
//! - **Inversion**: Itoh–Tsujii, A^{−1} = (A^{2^28 − 1})², with A^{2^k − 1} along
//!   1, 2, 3, 6, 7, 14, 28: six products and rotations (0 gives 0).

use core::fmt;
use core::ops::{Add, AddAssign, Mul};

/// The 29 bits of an element.
const MASK: u32 = (1 << 29) - 1;

/// The multiplication matrix of GNB(29, 2), once for this crate: invokes `$m!` with the
/// arguments given and then rows x = 1..28 as `(x, y₁, y₂)`, the columns of the two ones in
/// row x (row 0 has a single one, in column 1). The Ning–Yin product of [`Fe29`] and the
/// bit-sliced product of `crate::batch` are both expanded from it; a test checks it against
/// `wegman_gf2`'s matrix of the basis, built from the Gauss period's definition (whose own
/// test checks it against the eSTREAM reference's table).
macro_rules! gnb29_rows {
    ($m:ident!($($pre:tt)*)) => {
        $m!($($pre)*
            (1, 0, 21), (2, 6, 21), (3, 13, 18), (4, 11, 27), (5, 17, 20), (6, 2, 22),
            (7, 13, 25), (8, 9, 10), (9, 8, 14), (10, 8, 26), (11, 4, 14), (12, 17, 24),
            (13, 3, 7), (14, 9, 11), (15, 24, 26), (16, 19, 23), (17, 5, 12), (18, 3, 22),
            (19, 16, 27), (20, 5, 28), (21, 1, 2), (22, 6, 18), (23, 16, 25), (24, 12, 15),
            (25, 7, 23), (26, 10, 15), (27, 4, 19), (28, 20, 28)
        )
    };
}
pub(crate) use gnb29_rows;

/// Builds [`ROWS`] from [`gnb29_rows!`].
macro_rules! rows_array {
    ($(($x:literal, $y1:literal, $y2:literal)),*) => {
        [[1, 1], $([$y1, $y2]),*]
    };
}

/// Y(x), the columns of the ones in row x of the multiplication matrix (the second entry
/// repeats the first in row 0, which has one; the XOR of the pair is then taken once).
const ROWS: [[u8; 2]; 29] = gnb29_rows!(rows_array!());

/// R_s on the 29-bit value: a left rotation by s within 29 bits.
#[inline(always)]
const fn rot(v: u32, s: u32) -> u32 {
    let s = s % 29;
    if s == 0 {
        v
    } else {
        ((v << s) | (v >> (29 - s))) & MASK
    }
}

/// An element of F_{2^29} (GNB(29, 2)) in the reference's word layout. `==` compares words
/// (the elements are public or compared only in tests).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Fe29(u32);

impl fmt::Debug for Fe29 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fe29({:08x})", self.0)
    }
}

impl Add for Fe29 {
    type Output = Fe29;
    #[allow(
        clippy::suspicious_arithmetic_impl,
        reason = "addition in F_{2^29} is XOR"
    )]
    #[inline(always)]
    fn add(self, o: Fe29) -> Fe29 {
        Fe29(self.0 ^ o.0)
    }
}

impl AddAssign for Fe29 {
    #[allow(
        clippy::suspicious_op_assign_impl,
        reason = "addition in F_{2^29} is XOR"
    )]
    #[inline(always)]
    fn add_assign(&mut self, o: Fe29) {
        self.0 ^= o.0;
    }
}

impl Mul for Fe29 {
    type Output = Fe29;
    #[inline(always)]
    fn mul(self, b: Fe29) -> Fe29 {
        self.product(b)
    }
}

impl Fe29 {
    /// Zero.
    pub const ZERO: Fe29 = Fe29(0);
    /// One: every coefficient 1 (Σ β^{2^i} = 1), the word 0xFFFFFFF8.
    pub const ONE: Fe29 = Fe29(MASK << 3);

    /// From a reference word; bits 2..0 are ignored (the reference keeps them zero).
    #[inline(always)]
    pub const fn from_word(w: u32) -> Fe29 {
        Fe29(w & !7)
    }

    /// The reference word (bits 2..0 zero).
    #[inline(always)]
    pub const fn word(self) -> u32 {
        self.0
    }

    /// From the coefficients: bit i of `c` is a_i (the order of `wegman_gf2::NbElement`).
    pub fn from_coefficients(c: u32) -> Fe29 {
        Fe29(((c & MASK).reverse_bits() >> 3) << 3)
    }

    /// The coefficients: bit i is a_i.
    pub fn coefficients(self) -> u32 {
        self.0.reverse_bits() & MASK
    }

    #[inline(always)]
    fn v(self) -> u32 {
        self.0 >> 3
    }

    #[inline(always)]
    fn from_v(v: u32) -> Fe29 {
        Fe29(v << 3)
    }

    /// A·B (Ning–Yin; constant-time); also `A * B`. The 29-bit values are doubled into
    /// 64-bit words (v | v << 29), so every rotation is one shift and one mask.
    #[inline]
    pub fn product(self, b: Fe29) -> Fe29 {
        let (va, vb) = (u64::from(self.v()), u64::from(b.v()));
        let (da, db) = (va | (va << 29), vb | (vb << 29));
        // R_s(v) = (d >> (29 − s)) & MASK for 0 < s < 29.
        let r = |d: u64, s: usize| -> u64 {
            if s == 0 {
                d & u64::from(MASK)
            } else {
                (d >> (29 - s)) & u64::from(MASK)
            }
        };
        // Row 0 has a single one.
        let mut c = va & r(db, 1);
        for (x, &[y1, y2]) in ROWS.iter().enumerate().skip(1) {
            c ^= r(da, x) & (r(db, y1 as usize) ^ r(db, y2 as usize));
        }
        Fe29::from_v(c as u32)
    }

    /// A^{2^j} (j rotations; j may be any value).
    #[inline(always)]
    pub fn sqr_n(self, j: u32) -> Fe29 {
        Fe29::from_v(rot(self.v(), 29 - j % 29))
    }

    /// A².
    #[inline(always)]
    pub fn sqr(self) -> Fe29 {
        self.sqr_n(1)
    }

    /// Tr(A) ∈ {0, 1}: the parity of the coefficients.
    #[inline(always)]
    pub fn trace(self) -> u32 {
        self.0.count_ones() & 1
    }

    /// A^{−1}, and 0 for 0 (Itoh–Tsujii, constant-time).
    #[inline]
    pub fn inv(self) -> Fe29 {
        let e1 = self;
        let e2 = e1.sqr().product(e1);
        let e3 = e2.sqr().product(e1);
        let e6 = e3.sqr_n(3).product(e3);
        let e7 = e6.sqr().product(e1);
        let e14 = e7.sqr_n(7).product(e7);
        let e28 = e14.sqr_n(14).product(e14);
        e28.sqr()
    }
}

#[cfg(test)]
mod tests {
    use std::vec::Vec;

    /// The rows against `wegman_gf2`'s GNB(29, 2), built from the Gauss period.
    #[test]
    fn rows_are_the_matrix_of_the_basis() {
        let g = wegman_gf2::Gnb::with_type(29, Some(2)).unwrap();
        for (x, &[y1, y2]) in super::ROWS.iter().enumerate() {
            let mut want = g.matrix_row(x).to_vec();
            want.sort();
            let mut got: Vec<u16> = if x == 0 {
                std::vec![u16::from(y1)]
            } else {
                std::vec![u16::from(y1), u16::from(y2)]
            };
            got.sort();
            assert_eq!(got, want, "row {x}");
        }
    }
}
