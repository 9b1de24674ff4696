//! F_{2^m} = F_2\[x\]/(P) with the modulus P chosen at run time.
//!
//! # Representation
//! An [`Element`] is nine 64-bit limbs, bit i the coefficient of x^i, every bit at or above m
//! zero; a field uses its first ⌈m/64⌉ limbs. Hex follows docs/spec.md §2: big-endian, ⌈m/4⌉
//! digits (`Field::to_hex`, `Field::parse`).
//!
//! # Operations and their cost (Avanzi, *Another look at square roots and traces*)
//! - `mul`: carry-less schoolbook product (CLMUL, or the portable constant-time one), then
//!   reduction by folding words with the sparse modulus.
//! - `sqr`: bit spreading (no multiplication), then reduction.
//! - `sqrt`: a = a_e(x)² + x·a_o(x)² gives sqrt(a) = a_e + ζ·a_o with ζ = sqrt(x). For a
//!   square-root-friendly P (x·U(x)² + 1, all exponents but 0 odd) ζ = x·U(x) is sparse of
//!   degree (m+1)/2 and ζ·a_o needs only shifts and XORs (Theorem 1); otherwise one
//!   multiplication by the precomputed ζ.
//! - `trace`: Tr is F_2-linear, Tr(a) = Σ a_i Tr(x^i) = parity(a & t) for the precomputed
//!   trace vector t (Newton's identities on P's coefficients); for a square-root-friendly P,
//!   t = 1 (Remark 4).
//! - `half_trace` (odd m): H(a) = Σ_{i ≤ (m−1)/2} a^{2^{2i}} is linear: masked XORs of the
//!   precomputed H(x^i), constant-time. `half_trace_vartime` is the paper's method for public
//!   data: fold even exponents with H(x^{2j}) = H(x^j) + x^j + Tr(x^j), then a table of
//!   4-bit windows over odd exponents.
//! - `solve(c)`: z² + z = c has the roots z, z + 1 when Tr(c) = 0 (z = H(c) for odd m; for
//!   even m a precomputed preimage matrix of z ↦ z² + z) and none otherwise.
//! - `inv`: Itoh–Tsujii, a^{2^m − 2}; `inv_vartime`: extended Euclid, for public data.
//!
//! Everything without `vartime` in its name runs the same instruction sequence for every
//! element value (the degree and modulus are public).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use subtle::ConstantTimeEq;

use crate::arith::{self, MAX_LIMBS, Shape};
use crate::backend::{Avail, Backend, ColTable};
use crate::error::{self, Error};
use crate::modulus::Modulus;
use crate::ops;
use crate::shapes::{Known, with_shape};
use wegman_arch::Unavailable;

mod job;
mod tables;
use crate::poly::{self, Poly};

/// An element of a runtime [`Field`]: nine limbs, bit i the coefficient of x^i.
///
/// `==` is constant-time. `+` is XOR and needs no field; everything else is a method of the
/// [`Field`] the element belongs to.
#[derive(Clone, Copy, Default)]
pub struct Element {
    limbs: [u64; MAX_LIMBS],
}

impl Element {
    /// One.
    pub const ONE: Element = {
        let mut limbs = [0; MAX_LIMBS];
        limbs[0] = 1;
        Element { limbs }
    };
}

limb_element!(
    Element,
    "Element(0x",
    "The limbs (little-endian: limb 0 holds x^0..x^63)."
);

/// F_{2^m} for a modulus chosen at run time, with its precomputed tables (ζ = sqrt(x), the
/// trace vector, the half-trace / solving matrix).
#[derive(Clone)]
pub struct Field {
    modulus: Modulus,
    n: usize,
    backend: Avail,
    /// The built-in modulus with unrolled kernels, when the modulus is one.
    known: Option<Known>,
    /// sqrt(x).
    zeta: Element,
    /// Exponents of ζ when P is square-root friendly.
    zeta_exps: Option<Vec<u32>>,
    /// Bit i = Tr(x^i).
    trace_vec: Element,
    /// Row i: a z with z² + z = x^i + (Tr(x^i) ? t : 0) for a fixed t of trace 1; for odd m
    /// row i = H(x^i) and t = 1. Stored limb-major for [`ops::apply_cols`]:
    /// `solve_cols[l·solve_rows + i]` is limb l of row i; `solve_rows` = m rounded up to a
    /// multiple of 8 (zero rows pad it).
    solve_cols: Vec<u64>,
    solve_rows: usize,
    /// Multi-squaring tables for the big steps of the inversion chain: (k, limb-major table
    /// of a ↦ a^{2^k}, padded row count).
    msq: Vec<(usize, Vec<u64>, usize)>,
    /// For odd m, the windowed half-trace table (public data only): for window w and 4-bit
    /// index v, H(Σ_k v_k x^{8w + 2k + 1}); `n` limbs per entry.
    ht_windows: Vec<u64>,
    /// For odd m, H of every 4-bit window below x^{⌈m/2⌉} (public data only): for window w and
    /// index v, H(Σ_k v_k x^{4w + k}); `n` limbs per entry.
    ht_low: Vec<u64>,
    /// H(1) (odd m).
    h_one: Element,
}

impl fmt::Debug for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Field")
            .field("modulus", &self.modulus)
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

impl Field {
    /// The field for a modulus, with the fastest available backend.
    pub fn new(modulus: Modulus) -> Field {
        Field::build(modulus, Avail::detect())
    }

    /// Parses and checks a modulus (`163,57,49,29,0`) and builds its field.
    pub fn from_exponents(exps: &str) -> Result<Field, Error> {
        Ok(Field::new(exps.parse()?))
    }

    /// Like [`Field::new`] with a chosen backend (tests and benchmarks compare them); an
    /// error if this CPU cannot run it.
    pub fn with_backend(modulus: Modulus, backend: Backend) -> Result<Field, Unavailable> {
        Ok(Field::build(modulus, Avail::new(backend)?))
    }

    fn build(modulus: Modulus, backend: Avail) -> Field {
        let shape = *modulus.shape();
        let n = shape.limbs();
        let mut f = Field {
            modulus,
            n,
            backend,
            known: Known::of(&shape),
            zeta: Element::ZERO,
            zeta_exps: modulus.sqrt_x_exponents(),
            trace_vec: tables::trace_vector(&shape),
            solve_cols: Vec::new(),
            solve_rows: 0,
            msq: Vec::new(),
            ht_windows: Vec::new(),
            ht_low: Vec::new(),
            h_one: Element::ZERO,
        };
        f.zeta = match &f.zeta_exps {
            Some(exps) => {
                let mut z = Element::ZERO;
                for &e in exps {
                    z.limbs[e as usize / 64] |= 1 << (e % 64);
                }
                z
            }
            // ζ = x^{2^{m−1}}: the square root of x, since squaring m times is the identity.
            None => f.sqr_n(&f.x(), shape.m as usize - 1),
        };
        f.build_multi_squarings();
        if shape.m % 2 == 1 {
            f.build_half_trace();
        } else {
            f.build_solve_rows_even();
        }
        f
    }

    /// The modulus.
    pub fn modulus(&self) -> &Modulus {
        &self.modulus
    }

    /// The degree m.
    pub fn degree(&self) -> u32 {
        self.modulus.degree()
    }

    /// The multiplication backend.
    pub fn backend(&self) -> Backend {
        self.backend.get()
    }

    pub(crate) fn shape(&self) -> &Shape {
        self.modulus.shape()
    }

    /// The element x (the root of P that the basis is made of).
    pub fn x(&self) -> Element {
        let mut e = Element::ZERO;
        // m ≥ 2, so x is reduced.
        e.limbs[0] = 2;
        e
    }

    /// sqrt(x), the ζ of the square-root formula.
    pub fn sqrt_x(&self) -> Element {
        self.zeta
    }

    /// The trace vector t (bit i = Tr(x^i)): Tr(a) = parity(a & t).
    pub fn trace_vector(&self) -> Element {
        self.trace_vec
    }

    /// An element from limbs (little-endian), checking that no bit is at or above x^m.
    pub fn element(&self, limbs: &[u64]) -> Result<Element, Error> {
        let mut e = Element::ZERO;
        if limbs.len() > MAX_LIMBS {
            if limbs[MAX_LIMBS..].iter().any(|&w| w != 0) {
                return Err(Error::OutOfRange {
                    degree: self.degree(),
                });
            }
            e.limbs.copy_from_slice(&limbs[..MAX_LIMBS]);
        } else {
            e.limbs[..limbs.len()].copy_from_slice(limbs);
        }
        self.check(&e)?;
        Ok(e)
    }

    /// The element with these limbs (up to nine; more are ignored) and every bit at
    /// or above the degree cleared: constant-time, no range check, for values known to be
    /// reduced (results of bit-sliced jobs, say). [`Field::element`] checks instead.
    pub fn element_masked(&self, limbs: &[u64]) -> Element {
        let mut e = Element::ZERO;
        for (o, &w) in e.limbs.iter_mut().zip(limbs) {
            *o = w;
        }
        let m = self.degree() as usize;
        for (i, l) in e.limbs.iter_mut().enumerate() {
            let lo = 64 * i;
            *l &= if m <= lo {
                0
            } else if m - lo >= 64 {
                !0
            } else {
                (1u64 << (m - lo)) - 1
            };
        }
        e
    }

    fn check(&self, e: &Element) -> Result<(), Error> {
        let m = self.degree() as usize;
        let (w, r) = (m / 64, m % 64);
        let over = e.limbs[w..]
            .iter()
            .enumerate()
            .any(|(i, &x)| if i == 0 { x >> r != 0 } else { x != 0 });
        if over {
            Err(Error::OutOfRange {
                degree: self.degree(),
            })
        } else {
            Ok(())
        }
    }

    /// Parses an element written as big-endian hex (docs/spec.md §2; leading zeros optional,
    /// upper or lower case).
    pub fn parse(&self, s: &str) -> Result<Element, Error> {
        let e = Element {
            limbs: crate::arith::parse_hex_limbs(s, self.degree())?,
        };
        self.check(&e)?;
        Ok(e)
    }

    /// The element as big-endian hex, ⌈m/4⌉ digits (docs/spec.md §2).
    pub fn to_hex(&self, e: &Element) -> String {
        let digits = (self.degree() as usize).div_ceil(4);
        (0..digits)
            .rev()
            .map(|i| {
                let d = (e.limbs[i / 16] >> (4 * (i % 16))) & 0xf;
                char::from_digit(d as u32, 16).unwrap_or('?')
            })
            .collect()
    }

    /// a + b.
    pub fn add(&self, a: &Element, b: &Element) -> Element {
        *a + *b
    }

    /// a·b.
    pub fn mul(&self, a: &Element, b: &Element) -> Element {
        with_shape!(self, N, s => Element::put(ops::mul::<N, _>(&a.get(), &b.get(), s, self.backend)))
    }

    /// a².
    pub fn sqr(&self, a: &Element) -> Element {
        with_shape!(self, N, s => Element::put(ops::sqr::<N, _>(&a.get(), s, self.backend)))
    }

    /// a^{2^k}.
    pub fn sqr_n(&self, a: &Element, k: usize) -> Element {
        with_shape!(self, N, s => Element::put(ops::sqr_n::<N, _>(&a.get(), k, s, self.backend)))
    }

    /// The built-in modulus this field uses, if any (its kernels are unrolled).
    pub(crate) fn known(&self) -> Option<Known> {
        self.known
    }

    /// Limbs per element.
    pub(crate) fn limb_count(&self) -> usize {
        self.n
    }

    /// a^{−1}, constant-time (Itoh–Tsujii); none for 0 (only whether a is 0 is revealed, by
    /// the `CtOption`).
    pub fn inv(&self, a: &Element) -> subtle::CtOption<Element> {
        let s = self.shape();
        let tables = self.inversion_tables();
        let r = by_limbs!(self.n, N => Element::put(ops::inv::<N, _>(
            &a.get(), s, tables, self.backend)));
        subtle::CtOption::new(r, !a.is_zero())
    }

    /// a^{−1} by the extended Euclidean algorithm: variable-time, for public a.
    pub fn inv_vartime(&self, a: &Element) -> Option<Element> {
        let mut p: Poly = [0; MAX_LIMBS + 1];
        p[..MAX_LIMBS].copy_from_slice(&a.limbs);
        let f = crate::modulus::poly_of(self.shape());
        let r = poly::inv_mod_vartime(&p, &f)?;
        let mut e = Element::ZERO;
        e.limbs.copy_from_slice(&r[..MAX_LIMBS]);
        Some(e)
    }

    /// a^e for the little-endian exponent limbs e; constant-time in a and e (a ladder over
    /// every bit of e, so the time depends only on e.len()).
    pub fn pow(&self, a: &Element, e: &[u64]) -> Element {
        let s = self.shape();
        by_limbs!(self.n, N => Element::put(ops::pow::<N, _>(&a.get(), e, s, self.backend)))
    }

    /// a^e with square-and-multiply over the set bits of e: variable-time in e (public
    /// exponents only).
    pub fn pow_vartime(&self, a: &Element, e: &[u64]) -> Element {
        let mut r = Element::ONE;
        let bits = 64 * e.len();
        for i in (0..bits).rev() {
            r = self.sqr(&r);
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                r = self.mul(&r, a);
            }
        }
        r
    }

    /// sqrt(a): shifts and XORs for a square-root-friendly modulus, one multiplication by ζ
    /// otherwise.
    pub fn sqrt(&self, a: &Element) -> Element {
        let s = self.shape();
        match &self.zeta_exps {
            Some(exps) => {
                by_limbs!(self.n, N => Element::put(ops::sqrt_ssrf::<N>(&a.get(), exps, self.backend)))
            }
            None => by_limbs!(self.n, N => Element::put(ops::sqrt_generic::<N, _>(
                &a.get(), &self.zeta.get(), s, self.backend))),
        }
    }

    /// Tr(a) = Σ_{i<m} a^{2^i} ∈ {0, 1}: parity(a & t), constant-time.
    pub fn trace(&self, a: &Element) -> u8 {
        arith::parity_and(&a.limbs, &self.trace_vec.limbs)
    }

    /// The half-trace H(a) = Σ_{i=0}^{(m−1)/2} a^{2^{2i}} (odd m only), constant-time: m
    /// masked XORs of the rows H(x^i).
    pub fn half_trace(&self, a: &Element) -> Result<Element, Error> {
        if self.degree().is_multiple_of(2) {
            return Err(Error::EvenDegree {
                degree: self.degree(),
            });
        }
        Ok(self.apply_solve_rows(a))
    }

    /// The limb-major solving table and its (padded) row count.
    pub(crate) fn solve_table(&self) -> ColTable<'_> {
        ColTable {
            cols: &self.solve_cols,
            rows: self.solve_rows,
        }
    }

    fn apply_solve_rows(&self, a: &Element) -> Element {
        by_limbs!(self.n, N => Element::put(ops::apply_cols::<N>(
            &a.get(), self.solve_table(), self.backend)))
    }

    /// The half-trace by the paper's method (odd m only), variable-time: for public data.
    pub fn half_trace_vartime(&self, a: &Element) -> Result<Element, Error> {
        let m = self.degree() as usize;
        if m.is_multiple_of(2) {
            return Err(Error::EvenDegree {
                degree: self.degree(),
            });
        }
        let mut a = *a;
        let mut out = Element::ZERO;
        let mut t = 0u8;
        // H(x^{2j}) = H(x^j) + x^j + Tr(x^j): move every even exponent down, top first.
        for i in (2..m).rev().filter(|i| i % 2 == 0) {
            if (a.limbs[i / 64] >> (i % 64)) & 1 == 1 {
                let j = i / 2;
                a.limbs[i / 64] ^= 1 << (i % 64);
                a.limbs[j / 64] ^= 1 << (j % 64);
                out.limbs[j / 64] ^= 1 << (j % 64);
                t ^= ((self.trace_vec.limbs[j / 64] >> (j % 64)) & 1) as u8;
            }
        }
        if a.limbs[0] & 1 == 1 {
            out += self.h_one;
        }
        out.limbs[0] ^= u64::from(t);
        let n = self.n;
        for w in 0..m.div_ceil(8) {
            // Odd exponents 8w + 1, 8w + 3, 8w + 5, 8w + 7.
            let mut v = 0usize;
            for k in 0..4 {
                let e = 8 * w + 2 * k + 1;
                if e < m {
                    v |= (((a.limbs[e / 64] >> (e % 64)) & 1) as usize) << k;
                }
            }
            if v != 0 {
                let entry = &self.ht_windows[(16 * w + v) * n..(16 * w + v + 1) * n];
                for (o, x) in out.limbs.iter_mut().zip(entry) {
                    *o ^= x;
                }
            }
        }
        Ok(out)
    }

    /// The roots of z² + z = c: `Some((z, z + 1))` when Tr(c) = 0, else `None`. Constant-time
    /// in c apart from the answer's shape (which reveals Tr(c), one bit).
    pub fn solve(&self, c: &Element) -> Option<(Element, Element)> {
        let z = self.apply_solve_rows(c);
        // Revealed on purpose: whether roots exist (Tr(c) = 0).
        let ok = wegman_arch::ct::declassify(self.trace(c).ct_eq(&0));
        bool::from(ok).then(|| (z, z + Element::ONE))
    }

    /// [`Field::solve`] with the variable-time half-trace (odd m; even m uses the constant-time
    /// path): for public data.
    pub fn solve_vartime(&self, c: &Element) -> Option<(Element, Element)> {
        if self.trace(c) != 0 {
            return None;
        }
        let z = match self.half_trace_vartime(c) {
            Ok(z) => z,
            Err(_) => self.apply_solve_rows(c),
        };
        Some((z, z + Element::ONE))
    }

    /// out\[i\] = a\[i\]·b\[i\]; one backend dispatch for the whole slice.
    pub fn mul_slice(
        &self,
        out: &mut [Element],
        a: &[Element],
        b: &[Element],
    ) -> Result<(), Error> {
        error::same_len(out.len(), a.len())?;
        error::same_len(out.len(), b.len())?;
        with_shape!(self, N, s => {
            // Work in chunks so that the limb arrays of the kernel stay on the stack.
            const CHUNK: usize = 64;
            let mut xa = [[0u64; N]; CHUNK];
            let mut xb = [[0u64; N]; CHUNK];
            let mut xo = [[0u64; N]; CHUNK];
            for ((o, a), b) in out.chunks_mut(CHUNK).zip(a.chunks(CHUNK)).zip(b.chunks(CHUNK)) {
                let k = o.len();
                for i in 0..k {
                    xa[i] = a[i].get();
                    xb[i] = b[i].get();
                }
                ops::mul_slice::<N, _>(&mut xo[..k], &xa[..k], &xb[..k], s, self.backend);
                for i in 0..k {
                    o[i] = Element::put(xo[i]);
                }
            }
        });
        Ok(())
    }

    /// out\[i\] = sqrt(a\[i\]).
    pub fn sqrt_slice(&self, out: &mut [Element], a: &[Element]) -> Result<(), Error> {
        error::same_len(out.len(), a.len())?;
        for (o, x) in out.iter_mut().zip(a) {
            *o = self.sqrt(x);
        }
        Ok(())
    }

    /// out\[i\] = a\[i\]^{−1} (0 for 0) with Montgomery's trick: one inversion and 3(n − 1)
    /// multiplications for n elements. Constant-time: a zero entry is replaced by 1 with a
    /// mask before the products and its output masked back to 0, so the instruction sequence
    /// never depends on the values.
    pub fn inv_slice(&self, out: &mut [Element], a: &[Element]) -> Result<(), Error> {
        error::same_len(out.len(), a.len())?;
        if a.is_empty() {
            return Ok(());
        }
        use subtle::ConditionallySelectable;
        let fixed: Vec<Element> = a
            .iter()
            .map(|x| Element::conditional_select(x, &Element::ONE, x.is_zero()))
            .collect();
        // out[i] = fixed[0]·…·fixed[i] (prefix products).
        let mut acc = fixed[0];
        out[0] = acc;
        for i in 1..fixed.len() {
            acc = self.mul(&acc, &fixed[i]);
            out[i] = acc;
        }
        // acc is a product of nonzero elements, so it is invertible.
        let mut inv = self.inv(&acc).unwrap_or(Element::ZERO);
        for i in (1..fixed.len()).rev() {
            let this = self.mul(&inv, &out[i - 1]);
            inv = self.mul(&inv, &fixed[i]);
            out[i] = Element::conditional_select(&this, &Element::ZERO, a[i].is_zero());
        }
        out[0] = Element::conditional_select(&inv, &Element::ZERO, a[0].is_zero());
        Ok(())
    }

    /// out\[i\] = a\[i\]².
    pub fn sqr_slice(&self, out: &mut [Element], a: &[Element]) -> Result<(), Error> {
        error::same_len(out.len(), a.len())?;
        for (o, x) in out.iter_mut().zip(a) {
            *o = self.sqr(x);
        }
        Ok(())
    }

    /// The multi-squaring tables of the inversion chain.
    pub(crate) fn inversion_tables(&self) -> &[(usize, Vec<u64>, usize)] {
        &self.msq
    }
}
