//! Fixed-base scalar multiplication k·G, constant-time in k: a signed radix-16 table with no
//! doublings (the "window per digit" method of Brickell–Gordon–McCurley–Wilson, as in
//! curve25519-dalek's and libsecp256k1's base-point tables).
//!
//! k < 2^t (t the bit length of n) is recoded without branches into W = ⌊t/4⌋ + 1 signed
//! digits, k = Σ d_i 16^i with d_i ∈ [−8, 7] below the top and d_{W−1} ∈ [0, 8]: each nibble
//! plus the incoming carry v ∈ [0, 16] becomes v − 16·c with c = ⌊(v + 8)/16⌋. The table holds
//! the affine points j·16^i·G for j = 1..8 and every window i (8W points, built once per curve
//! and representation, from public data). Then
//!
//!   kG = Σ_i d_i·16^i·G,
//!
//! one López–Dahab mixed addition per window (8M + 5S), each table entry chosen by a full scan
//! with masked selects, negated by mask (−(x, y) = (x, x + y)).
//!
//! **Exceptions.** Before window i the accumulator is A·G with |A| ≤ 8(16^i − 1)/15 < 16^i, and
//! the addend is d_i·16^i·G with |d_i| ≥ 1, so A ∓ d_i·16^i is a nonzero integer of magnitude at
//! most 9·16^i: while 9·16^i < n (which holds when 4i + 5 ≤ t) the sum is never a doubling or
//! the identity, and A·G = O only when A = 0. So every window selects by mask between the sum,
//! the lifted addend (accumulator O) and the unchanged accumulator (digit 0); only the top
//! windows, where 4i + 5 > t, also compute the doubling and select it or the identity (the
//! mixed sum's A = 0, B = 0 flags). The instruction sequence depends only on the curve.

use alloc::vec::Vec;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use wegman_gf2::{FieldJob, FieldOps};
use zeroize::Zeroize;

use crate::ld::{Aff, Consts, Ctx, Ld};
use crate::scalar::Scalar;

/// Table entries per window: j·16^i·G for j = 1..=8.
pub(crate) const PER_WINDOW: usize = 8;

/// The number of signed radix-16 windows for scalars of `bits` bits.
pub(crate) fn windows(bits: u32) -> usize {
    bits as usize / 4 + 1
}

/// The precomputed table: `points[8i + j − 1]` = j·16^i·G, affine, in the curve's
/// representation.
#[derive(Clone, Debug)]
pub(crate) struct FixedTable<E> {
    pub(crate) points: Vec<(E, E)>,
}

/// Builds the table of G = (gx, gy) (public data; variable-time).
pub(crate) struct TableJob<E> {
    pub(crate) consts: Consts<E>,
    pub(crate) gx: E,
    pub(crate) gy: E,
}

impl<E: Copy> FieldJob<E> for TableJob<E> {
    type Output = FixedTable<E>;

    #[inline(always)]
    fn run<O: FieldOps<Outer = E>>(self, o: O) -> FixedTable<E> {
        let c = Ctx::new(o, &self.consts);
        let w = windows(c.n_bits);
        let mut base = c.lift(&Aff {
            x: o.load(&self.gx),
            y: o.load(&self.gy),
        });
        let mut all: Vec<Ld<O::E>> = Vec::with_capacity(PER_WINDOW * w);
        for _ in 0..w {
            // base = 16^i·G; its multiples 1..8 (never O: n is prime and larger than 8·16^i's
            // cofactors, so j·16^i ≢ 0 mod n).
            let mut cur = base;
            all.push(cur);
            for _ in 2..=PER_WINDOW {
                cur = c.add_vartime(&cur, &base);
                all.push(cur);
            }
            base = c.dbl(&cur); // 16·16^i·G
        }
        let points = c
            .affine_batch_vartime(&all)
            .into_iter()
            .map(|p| {
                p.map_or((o.store(&o.zero()), o.store(&o.zero())), |p| {
                    (o.store(&p.x), o.store(&p.y))
                })
            })
            .collect();
        FixedTable { points }
    }
}

/// The signed radix-16 digits of k (k < 2^bits), lowest first, without branches on k.
fn recode(k: &Scalar, w: usize) -> Vec<i8> {
    let mut d = Vec::with_capacity(w);
    let mut carry = 0u8;
    for i in 0..w {
        let nib = (k.limbs()[i / 16] >> (4 * (i % 16))) as u8 & 15;
        let v = nib + carry; // 0..=16
        if i + 1 == w {
            // The top window (public index): at most 3 bits of k plus the carry.
            d.push(v as i8);
        } else {
            carry = (v + 8) >> 4;
            d.push(v as i8 - 16 * carry as i8);
        }
    }
    d
}

/// k·G from the table; `None` when kG = O.
pub(crate) struct FixedBaseJob<'a, E> {
    pub(crate) consts: Consts<E>,
    pub(crate) table: &'a FixedTable<E>,
    pub(crate) k: &'a Scalar,
}

impl<E: Copy + Default + ConditionallySelectable> FieldJob<E> for FixedBaseJob<'_, E> {
    type Output = Option<(E, E)>;

    #[inline(always)]
    fn run<O: FieldOps<Outer = E>>(self, o: O) -> Option<(E, E)> {
        let c = Ctx::new(o, &self.consts);
        let w = windows(c.n_bits);
        let mut digits = recode(self.k, w);
        let mut acc = c.identity();
        for (i, (&d, row)) in digits
            .iter()
            .zip(self.table.points.chunks_exact(PER_WINDOW))
            .enumerate()
        {
            let neg = Choice::from((d as u8) >> 7);
            let abs = (d as i16).unsigned_abs() as u8;
            let (mut qx, mut qy) = (E::default(), E::default());
            for (j, (x, y)) in row.iter().enumerate() {
                let hit = abs.ct_eq(&(j as u8 + 1));
                qx.conditional_assign(x, hit);
                qy.conditional_assign(y, hit);
            }
            let x = o.load(&qx);
            let y = o.load(&qy);
            let q = Aff {
                x,
                y: O::E::conditional_select(&y, &(x + y), neg),
            };
            let (sum, a0, b0) = c.add_mixed_raw(&acc, &q);
            let mut r = sum;
            if 4 * i + 5 > c.n_bits as usize {
                // A window where the sum may be a doubling or O (public index).
                let two = c.dbl(&c.lift(&q));
                r = Ld::conditional_select(&r, &two, a0 & b0);
                r = Ld::conditional_select(&r, &c.identity(), b0 & !a0);
            }
            r = Ld::conditional_select(&r, &c.lift(&q), o.is_zero(&acc.z));
            acc = Ld::conditional_select(&r, &acc, abs.ct_eq(&0));
        }
        digits.zeroize();
        // Revealed only at the end: whether kG = O (k ≡ 0 mod n), as the output does.
        let p = c.affine(&acc)?;
        Some((o.store(&p.x), o.store(&p.y)))
    }
}
