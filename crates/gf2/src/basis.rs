//! Basis change between two moduli of the same degree (Avanzi, Remark 1): compute in the
//! square-root-friendly field, exchange data in the NIST one.
//!
//! F_2\[x\]/(P) and F_2\[y\]/(Q) with deg P = deg Q = m are isomorphic; an isomorphism
//! φ: F_P → F_Q sends x to a root ρ of P in F_Q and is then the F_2-linear map
//! a = Σ a_i x^i ↦ Σ a_i ρ^i. [`BasisChange`] finds ρ once (public data, variable time), stores
//! the matrix of φ (rows ρ^i) and of φ^{−1} (by Gaussian elimination), and applies either in
//! constant time as m masked XORs.
//!
//! Finding ρ: P splits into m linear factors over F_Q. For random δ, the "trace polynomial"
//! T(Y) = Σ_{i<m} (δY)^{2^i} mod P(Y) takes values in F_2 at every root, so gcd(P, T) splits
//! the roots into those where Tr(δρ) = 0 and the rest (Cantor–Zassenhaus in characteristic 2);
//! keep the smaller part and repeat until one linear factor Y + ρ remains.

use alloc::vec;
use alloc::vec::Vec;

use wegman_f2::BitMatrix;

use crate::arith::MAX_LIMBS;
use crate::error::Error;
use crate::field::{Element, Field};

/// The isomorphism between two fields of the same degree that sends the first field's x to a
/// root of its modulus in the second. Matrices of both directions; constant-time to apply.
#[derive(Clone, Debug)]
pub struct BasisChange {
    /// Row i: φ(x^i) in the target field.
    forward: BitMatrix,
    /// Row i: φ^{−1}(y^i) in the source field.
    backward: BitMatrix,
}

impl BasisChange {
    /// The isomorphism from `from` to `to` (x ↦ a root of `from`'s modulus in `to`). Both
    /// fields must have the same degree. Variable-time in the moduli (public); a deterministic
    /// search, so the same pair always gives the same map.
    pub fn new(from: &Field, to: &Field) -> Result<BasisChange, Error> {
        if from.degree() != to.degree() {
            return Err(Error::DegreeMismatch {
                left: from.degree(),
                right: to.degree(),
            });
        }
        let m = from.degree() as usize;
        let rho = root_vartime(to, &from.modulus().exponents());
        let mut forward = BitMatrix::zero(m, m);
        let mut p = Element::ONE;
        for i in 0..m {
            let words = forward.row(i).len();
            forward.row_mut(i).copy_from_slice(&p.limbs()[..words]);
            p = to.mul(&p, &rho);
        }
        // Rows of images: a ↦ aᵀF, so the inverse map is aᵀF⁻¹.
        let backward = forward
            .inverse_vartime()
            .map_err(|_| Error::NotIrreducible)?;
        Ok(BasisChange { forward, backward })
    }

    /// φ(a): from the source field's basis to the target's. Constant-time.
    pub fn forward(&self, a: &Element) -> Element {
        apply(&self.forward, a)
    }

    /// φ^{−1}(b): from the target field's basis back to the source's. Constant-time.
    pub fn backward(&self, b: &Element) -> Element {
        apply(&self.backward, b)
    }

    /// The image of the source field's x: a root of its modulus in the target field.
    pub fn image_of_x(&self) -> Element {
        let row = self
            .forward
            .row(if self.forward.rows() > 1 { 1 } else { 0 });
        let mut limbs = [0u64; MAX_LIMBS];
        limbs[..row.len()].copy_from_slice(row);
        Element::from_limbs_unchecked(limbs)
    }
}

/// Σ_i a_i·row_i, with masks (constant-time in a).
fn apply(m: &BitMatrix, a: &Element) -> Element {
    let mut acc = [0u64; MAX_LIMBS];
    m.combine_rows(a.limbs(), &mut acc);
    Element::from_limbs_unchecked(acc)
}

/// A polynomial over a field, coefficient i of Y^i; no trailing zeros (the zero polynomial is
/// empty).
type FPoly = Vec<Element>;

fn trim(p: &mut FPoly) {
    while p.last().is_some_and(|c| *c == Element::ZERO) {
        p.pop();
    }
}

/// a mod b (b ≠ 0).
fn poly_rem(f: &Field, mut a: FPoly, b: &FPoly) -> FPoly {
    let db = b.len() - 1;
    let lead_inv = f.inv_vartime(&b[db]).unwrap_or(Element::ONE);
    while a.len() > db {
        let da = a.len() - 1;
        let q = f.mul(&a[da], &lead_inv);
        for (i, c) in b.iter().enumerate() {
            a[da - db + i] += f.mul(&q, c);
        }
        trim(&mut a);
    }
    a
}

/// (a / b, a mod b) (b ≠ 0).
fn poly_divrem(f: &Field, mut a: FPoly, b: &FPoly) -> (FPoly, FPoly) {
    let db = b.len() - 1;
    let lead_inv = f.inv_vartime(&b[db]).unwrap_or(Element::ONE);
    let mut q = vec![Element::ZERO; a.len().saturating_sub(db)];
    while a.len() > db {
        let da = a.len() - 1;
        let c = f.mul(&a[da], &lead_inv);
        q[da - db] = c;
        for (i, bc) in b.iter().enumerate() {
            a[da - db + i] += f.mul(&c, bc);
        }
        trim(&mut a);
    }
    trim(&mut q);
    (q, a)
}

fn poly_gcd(f: &Field, mut a: FPoly, mut b: FPoly) -> FPoly {
    while !b.is_empty() {
        let r = poly_rem(f, a, &b);
        a = b;
        b = r;
    }
    a
}

/// A root in `f` of the polynomial over F_2 with these exponents (which must split over f:
/// an irreducible polynomial of degree m in F_{2^m}).
fn root_vartime(f: &Field, exps: &[u32]) -> Element {
    let mut bits = vec![0u64; exps[0] as usize / 64 + 1];
    for &e in exps {
        bits[e as usize / 64] |= 1 << (e % 64);
    }
    root_of_f2_poly_vartime(f, &bits)
}

/// A root in `f` of P ∈ F_2\[Y\] (bit i of `p` the coefficient of Y^i), which must have
/// degree m = `f.degree()` and split into distinct linear factors over f (an irreducible
/// polynomial of degree m does). Public data, variable time.
///
/// Cantor–Zassenhaus in characteristic 2: for random δ the trace polynomial
/// T(Y) = Σ_{i<m} (δY)^{2^i} mod P takes values in F_2 at every root, so gcd(g, T) splits the
/// current factor g. Since P has coefficients in F_2, Y^{2^i} mod P = R_i(Y) is an F_2
/// polynomial, computed once; then T = Σ_i δ^{2^i} R_i costs m² element additions, and no
/// polynomial squaring over F_{2^m} is needed.
pub(crate) fn root_of_f2_poly_vartime(f: &Field, p: &[u64]) -> Element {
    let m = crate::poly::degree(p).unwrap_or(0);
    let words = m / 64 + 1;
    // R_i = Y^{2^i} mod P.
    let mut r: Vec<Vec<u64>> = Vec::with_capacity(m);
    let mut cur = vec![0u64; words];
    // Y (fields have degree m ≥ 2, so Y is reduced).
    cur[0] = 2;
    for _ in 0..m {
        r.push(cur.clone());
        cur = sqr_mod_f2(&cur, p, m);
    }
    let mut target: FPoly = (0..=m)
        .map(|i| {
            if (p[i / 64] >> (i % 64)) & 1 == 1 {
                Element::ONE
            } else {
                Element::ZERO
            }
        })
        .collect();
    trim(&mut target);
    // Deterministic pseudo-random δ: the search is on public data only.
    let mut seed = 0x243f_6a88_85a3_08d3u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut g = target;
    while g.len() > 2 {
        let mut limbs = [0u64; 9];
        for (i, l) in limbs.iter_mut().enumerate() {
            *l = next();
            let low = 64 * i;
            if low >= m {
                *l = 0;
            } else if m - low < 64 {
                *l &= (1u64 << (m - low)) - 1;
            }
        }
        let mut d = Element::from_limbs_unchecked(limbs);
        let mut t: FPoly = vec![Element::ZERO; m];
        for ri in &r {
            for (k, tk) in t.iter_mut().enumerate() {
                if (ri[k / 64] >> (k % 64)) & 1 == 1 {
                    *tk += d;
                }
            }
            d = f.sqr(&d);
        }
        trim(&mut t);
        let h = poly_gcd(f, g.clone(), t);
        if h.len() > 1 && h.len() < g.len() {
            let (q, _) = poly_divrem(f, g.clone(), &h);
            g = if h.len() <= q.len() { h } else { q };
        }
    }
    // g = g1·Y + g0: the root is g0 / g1.
    let inv = f.inv_vartime(&g[1]).unwrap_or(Element::ONE);
    f.mul(&g[0], &inv)
}

/// a² mod P over F_2 (deg a < m = deg P).
fn sqr_mod_f2(a: &[u64], p: &[u64], m: usize) -> Vec<u64> {
    let mut s = vec![0u64; 2 * a.len() + 1];
    for (i, &w) in a.iter().enumerate() {
        s[2 * i] = crate::arith::spread32(w as u32);
        s[2 * i + 1] = crate::arith::spread32((w >> 32) as u32);
    }
    for d in (m..s.len() * 64).rev() {
        if (s[d / 64] >> (d % 64)) & 1 == 1 {
            crate::poly::xor_shl(&mut s, p, d - m);
        }
    }
    s.truncate(a.len());
    s
}
