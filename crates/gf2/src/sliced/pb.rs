//! The bit-sliced polynomial basis: F_2\[x\]/(P) for an irreducible trinomial or pentanomial P
//! of degree m, w elements at once (word i holding the coefficient of x^i of every lane; see
//! [`crate::sliced`]). This is the representation of Bernstein's "Batch binary Edwards"
//! (CRYPTO 2009), next to the normal basis of Brumley–Page.
//!
//! - **Product**: Karatsuba's method, recursively, on m words: with a = a₀ + x^h a₁ and
//!   b = b₀ + x^h b₁ (h = ⌈n/2⌉), L = a₀b₀, H = a₁b₁, M = (a₀ + a₁)(b₀ + b₁), and
//!   ab = L + x^h(L + H + M) + x^{2h}H. The combination is Bernstein's refined form
//!   ("Batch binary Edwards" §2): writing L = L₀ + x^h L₁, H = H₀ + x^h H₁, the middle blocks
//!   are T + L₀ + M₀ and T + H₁ + M₁ with T = L₁ + H₀ shared, 5h XORs instead of 6h. At
//!   n ≤ [`SlicedPb::karatsuba_base`] words the product is schoolbook by product scanning
//!   (c_k = Σ_{i+j=k} a_i b_j, one accumulator at a time, in a register): n² ANDs and
//!   (n − 1)² XORs, with no stores but the results.
//! - **Reduction** modulo P = x^m + Σ x^{k_j} + 1, from the top word down: word m + i adds
//!   into words i + k_j and i ((m − 1)·(terms − 1) XORs).
//! - **Squaring** is linear: a² = Σ a_i x^{2i} reduced, so each output word is the XOR of a
//!   fixed set of input words (the map is computed once per modulus; for the NIST and
//!   square-root-friendly moduli each set has one to four words).
//!
//! Each level of the recursion is a function compiled with the backend's features (its token's
//! `run_out_of_line`; the schoolbook and combination steps inline into it), and a job enters
//! its backend once.

mod schoolbook;

use alloc::vec;
use alloc::vec::Vec;

use crate::error::Error;
use crate::field::Element;
use crate::modulus::Modulus;
use crate::sliced::{
    Gates, SlicedArith, SlicedAvail, SlicedBackend, SlicedField, SlicedJob, SlicedKernels, Word,
    gather, scatter, tally,
};
use wegman_arch::{Job, Kernel, Token};

/// The largest schoolbook size (the base cases are instantiated for 1..=this).
pub const MAX_KARATSUBA_BASE: usize = 24;

/// The precomputed plan of one modulus: what a product and a square need.
#[derive(Clone, Debug)]
pub(crate) struct PbPlan {
    m: usize,
    /// The exponents of P below m, 0 included: word m + i reduces into words i + k.
    red: Vec<usize>,
    /// Schoolbook at or below this many words.
    base: usize,
    /// Squaring: the output words grouped by how many input words they sum: group L − 1
    /// lists (j, i₁, …, i_L) flat, output word j = a\[i₁\] ⊕ … ⊕ a\[i_L\] (a loop of fixed
    /// length per group, unrolled).
    sq_groups: Vec<Vec<u16>>,
    /// Rows of more than [`MAX_SQR_TERMS`] words: (j, L, i₁, …, i_L) flat.
    sq_wide: Vec<u16>,
}

impl PbPlan {
    fn new(modulus: &Modulus, base: usize) -> PbPlan {
        let m = modulus.degree() as usize;
        let exps = modulus.exponents();
        let red: Vec<usize> = exps[1..].iter().map(|&e| e as usize).collect();
        // Symbolic reduction of Σ a_i x^{2i}: position p holds the set of i (a bit set).
        let words = m.div_ceil(64);
        let mut sets = vec![vec![0u64; words]; 2 * m - 1];
        for i in 0..m {
            sets[2 * i][i / 64] |= 1 << (i % 64);
        }
        for p in (m..2 * m - 1).rev() {
            let top = core::mem::take(&mut sets[p]);
            for &k in &red {
                for (d, s) in sets[p - m + k].iter_mut().zip(&top) {
                    *d ^= s;
                }
            }
        }
        let mut sq_groups: Vec<Vec<u16>> = vec![Vec::new(); MAX_SQR_TERMS];
        let mut sq_wide = Vec::new();
        for (j, set) in sets[..m].iter().enumerate() {
            let idx: Vec<u16> = (0..m)
                .filter(|&i| set[i / 64] >> (i % 64) & 1 == 1)
                .map(|i| i as u16)
                .collect();
            if idx.len() > MAX_SQR_TERMS {
                // Rows wider than the unrolled groups: (j, count, i₁, …) in the general list.
                sq_wide.push(j as u16);
                sq_wide.push(idx.len() as u16);
                sq_wide.extend_from_slice(&idx);
            } else {
                let g = &mut sq_groups[idx.len().max(1) - 1];
                g.push(j as u16);
                g.extend_from_slice(&idx);
            }
        }
        PbPlan {
            m,
            red,
            base: base.clamp(1, MAX_KARATSUBA_BASE),
            sq_groups,
            sq_wide,
        }
    }

    /// Words of scratch for one product: the 2m-word product and the recursion's sums and
    /// middle products (4h words per level).
    fn scratch(&self) -> usize {
        let mut n = self.m;
        let mut s = 2 * n;
        while n > self.base {
            let h = n.div_ceil(2);
            s += 4 * h;
            n = h;
        }
        s
    }

    /// c = a² (m words each), by the precomputed linear map.
    #[inline(always)]
    fn sqr<W: Word>(&self, a: &[W], c: &mut [W]) {
        let a = &a[..self.m];
        let c = &mut c[..self.m];
        sqr_group::<W, 1>(&self.sq_groups[0], a, c);
        sqr_group::<W, 2>(&self.sq_groups[1], a, c);
        sqr_group::<W, 3>(&self.sq_groups[2], a, c);
        sqr_group::<W, 4>(&self.sq_groups[3], a, c);
        sqr_group::<W, 5>(&self.sq_groups[4], a, c);
        sqr_group::<W, 6>(&self.sq_groups[5], a, c);
        sqr_group::<W, 7>(&self.sq_groups[6], a, c);
        sqr_group::<W, 8>(&self.sq_groups[7], a, c);
        let mut rest = &self.sq_wide[..];
        while let [j, len, tail @ ..] = rest {
            let (idx, next) = tail.split_at(*len as usize);
            c[*j as usize] = idx.iter().fold(W::zero(), |acc, &i| acc.xor(a[i as usize]));
            rest = next;
        }
    }
}

/// The most input words one output word of a square sums (see [`PbPlan::new`]).
const MAX_SQR_TERMS: usize = 8;

/// The output words of a square that sum L input words each (`rows`: (j, i₁, …, i_L) flat).
#[inline(always)]
fn sqr_group<W: Word, const L: usize>(rows: &[u16], a: &[W], c: &mut [W]) {
    for row in rows.chunks_exact(L + 1) {
        let mut acc = a[row[1] as usize];
        for &i in &row[2..] {
            acc = acc.xor(a[i as usize]);
        }
        c[row[0] as usize] = acc;
    }
}

/// F_{2^m} in a polynomial basis, bit-sliced: a modulus, its plan and the backend its jobs
/// run on.
#[derive(Clone, Debug)]
pub struct SlicedPb {
    modulus: Modulus,
    backend: SlicedAvail,
    plan: PbPlan,
}

impl SlicedField for SlicedPb {
    type Ops<'a, W: Word> = PbOps<'a, W>;
}

/// The bit-sliced operations of one polynomial-basis field on one word type, inside one
/// backend dispatch ([`SlicedJob`]); the field operations are those of [`SlicedArith`].
pub struct PbOps<'a, W: Word> {
    plan: &'a PbPlan,
    scratch: Vec<W>,
    /// The product, out of line and compiled with the backend's features: the backend's
    /// token running [`PbMul`].
    mul: crate::sliced::MulWordsFn<'a, W>,
}

impl<W: Word> core::fmt::Debug for PbOps<'_, W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PbOps")
            .field("m", &self.plan.m)
            .field("lanes", &(64 * W::GROUPS))
            .finish_non_exhaustive()
    }
}

impl<W: Word> PbOps<'_, W> {
    /// Lanes per word.
    #[inline(always)]
    pub fn lanes(&self) -> usize {
        64 * W::GROUPS
    }
}

impl<W: Word> SlicedArith<W> for PbOps<'_, W> {
    #[inline(always)]
    fn degree(&self) -> usize {
        self.plan.m
    }

    #[inline(always)]
    fn mul(&mut self, a: &[W], b: &[W], c: &mut [W]) {
        let m = self.plan.m;
        (self.mul)(&a[..m], &b[..m], &mut c[..m], &mut self.scratch);
    }

    #[inline(always)]
    fn sqr(&mut self, a: &[W], c: &mut [W]) {
        self.plan.sqr(a, c);
    }

    #[inline(always)]
    fn one(&self, c: &mut [W]) {
        c[..self.plan.m].fill(W::zero());
        c[0] = W::splat(!0);
    }
}

/// s\[i\] = x\[i\] + x\[h + i\] (i < n − h), s\[i\] = x\[i\] above: the half sum a₀ + a₁.
#[inline(always)]
fn half_sum<W: Word>(x: &[W], h: usize, s: &mut [W]) {
    let (lo, hi) = x.split_at(h);
    let s = &mut s[..h];
    let (both, only_lo) = s.split_at_mut(hi.len());
    for ((si, &a), &b) in both.iter_mut().zip(lo).zip(hi) {
        *si = a.xor(b);
    }
    only_lo.copy_from_slice(&lo[hi.len()..]);
}

/// The refined Karatsuba combination in place (module docs): c holds L in c\[..2h\] and H in
/// c\[2h..2n\], mm holds M (2h words); afterwards c\[..2n\] = ab.
#[inline(always)]
fn combine<W: Word>(c: &mut [W], mm: &[W], h: usize, n: usize) {
    let (c0, rest) = c[..2 * n].split_at_mut(h);
    let (c1, rest) = rest.split_at_mut(h);
    let (c2, c3) = rest.split_at_mut(h);
    // H₁ = c3 may be shorter than h (uneven halves): zero past its end.
    let full = c3.len().min(h);
    let (m0, m1) = mm[..2 * h].split_at(h);
    let it = c1
        .iter_mut()
        .zip(c2.iter_mut())
        .zip(c0.iter())
        .zip(m0)
        .zip(m1);
    for (i, ((((x1, x2), &x0), &y0), &y1)) in it.enumerate() {
        let t = x1.xor(*x2);
        *x1 = t.xor(x0).xor(y0);
        let h1 = if i < full { c3[i] } else { W::zero() };
        *x2 = t.xor(h1).xor(y1);
    }
}

/// The recursive Karatsuba product c\[..2n\] = a·b for n = a.len() = b.len(), scratch s,
/// each recursive call a function of its own compiled with the token's features.
#[inline(always)]
fn karatsuba<K: SlicedKernels>(
    k: K,
    base: usize,
    a: &[K::W],
    b: &[K::W],
    c: &mut [K::W],
    s: &mut [K::W],
) {
    let n = a.len();
    if n <= base {
        schoolbook::schoolbook(a, b, c);
        return;
    }
    let h = n.div_ceil(2);
    {
        let (c_lo, c_hi) = c.split_at_mut(2 * h);
        k.run_out_of_line(Karatsuba::<K>(base, &a[..h], &b[..h], c_lo, s));
        let c_hi = &mut c_hi[..2 * (n - h)];
        k.run_out_of_line(Karatsuba::<K>(base, &a[h..], &b[h..], c_hi, s));
    }
    let (sa, rest) = s.split_at_mut(h);
    let (sb, rest) = rest.split_at_mut(h);
    let (mm, rest) = rest.split_at_mut(2 * h);
    half_sum(a, h, sa);
    half_sum(b, h, sb);
    k.run_out_of_line(Karatsuba::<K>(base, sa, sb, mm, rest));
    combine(c, mm, h, n);
}

/// One level of [`karatsuba`]: (base, a, b, c, scratch).
struct Karatsuba<'a, K: SlicedKernels>(
    usize,
    &'a [K::W],
    &'a [K::W],
    &'a mut [K::W],
    &'a mut [K::W],
);

impl<K: SlicedKernels> Job for Karatsuba<'_, K> {
    type Output = ();
}

impl<K: SlicedKernels> Kernel<K> for Karatsuba<'_, K> {
    #[inline(always)]
    fn run(self, k: K) {
        karatsuba(k, self.0, self.1, self.2, self.3, self.4);
    }
}

/// One product: Karatsuba, then the reduction; c\[..m\] = a·b, scratch s.
struct PbMul<'a, K: SlicedKernels> {
    plan: &'a PbPlan,
    a: &'a [K::W],
    b: &'a [K::W],
    c: &'a mut [K::W],
    s: &'a mut [K::W],
}

impl<K: SlicedKernels> Job for PbMul<'_, K> {
    type Output = ();
}

impl<K: SlicedKernels> Kernel<K> for PbMul<'_, K> {
    #[inline(always)]
    fn run(self, k: K) {
        let (plan, m) = (self.plan, self.plan.m);
        let (prod, rest) = self.s.split_at_mut(2 * m);
        karatsuba(k, plan.base, &self.a[..m], &self.b[..m], prod, rest);
        reduce(plan, prod);
        self.c[..m].copy_from_slice(&prod[..m]);
    }
}

/// A [`SlicedJob`] of a polynomial basis, entered under a backend's token.
struct RunJob<'p, J> {
    plan: &'p PbPlan,
    job: J,
}

impl<J: SlicedJob<SlicedPb>> Job for RunJob<'_, J> {
    type Output = J::Output;
}

impl<K: SlicedKernels, J: SlicedJob<SlicedPb>> Kernel<K> for RunJob<'_, J> {
    #[inline(always)]
    fn run(self, k: K) -> J::Output {
        let plan = self.plan;
        let mul = move |a: &[K::W], b: &[K::W], c: &mut [K::W], s: &mut [K::W]| {
            k.run_out_of_line(PbMul::<K> { plan, a, b, c, s })
        };
        let mut ops = PbOps {
            plan,
            scratch: vec![K::W::zero(); plan.scratch()],
            mul: &mul,
        };
        self.job.run(&mut ops)
    }
}

/// Reduces the 2m-word product c modulo P in place (module docs); the result is c\[..m\].
#[inline(always)]
fn reduce<W: Word>(plan: &PbPlan, c: &mut [W]) {
    let m = plan.m;
    for i in (0..m - 1).rev() {
        let t = c[m + i];
        for &k in &plan.red {
            c[i + k] = c[i + k].xor(t);
        }
    }
}

/// The largest schoolbook leaf the default plan uses ([`default_karatsuba_base`]).
pub const LARGEST_DEFAULT_LEAF: usize = 20;

/// The schoolbook size used unless chosen ([`SlicedPb::with_karatsuba_base`]): the recursion
/// depth is the least L with ⌈m/2^L⌉ ≤ [`LARGEST_DEFAULT_LEAF`], and every leaf has about
/// ⌈m/2^L⌉ words. Measured on AVX2 (BENCHMARKS.md, "Batch scalar multiplication"): the leaves
/// run at about 3.4 word operations per cycle and the Karatsuba sums at about 2, so the
/// fewest levels win while the leaf stays at or below 20 words (163: leaves of 11, 9.0k
/// cycles per 256-lane product, against 9.6k with leaves of 21; 571: leaves of 18, 58k
/// against 70k with leaves of 9).
pub fn default_karatsuba_base(m: usize) -> usize {
    let mut leaf = m;
    let mut levels = 0;
    while leaf > LARGEST_DEFAULT_LEAF {
        levels += 1;
        leaf = m.div_ceil(1 << levels);
    }
    leaf
}

impl SlicedPb {
    /// The field of `modulus` on the detected backend.
    pub fn new(modulus: Modulus) -> SlicedPb {
        SlicedPb {
            modulus,
            backend: SlicedAvail::detect(),
            plan: PbPlan::new(&modulus, default_karatsuba_base(modulus.degree() as usize)),
        }
    }

    /// The same field on a chosen backend; an error if this CPU cannot run it.
    pub fn with_backend(
        mut self,
        backend: SlicedBackend,
    ) -> Result<SlicedPb, wegman_arch::Unavailable> {
        self.backend = SlicedAvail::new(backend)?;
        Ok(self)
    }

    /// The same field with products schoolbook at or below `base` words (1..=24; clamped).
    pub fn with_karatsuba_base(mut self, base: usize) -> SlicedPb {
        self.plan = PbPlan::new(&self.modulus, base);
        self
    }

    /// The modulus.
    pub fn modulus(&self) -> &Modulus {
        &self.modulus
    }

    /// m.
    pub fn degree(&self) -> u32 {
        self.modulus.degree()
    }

    /// The backend its jobs run on.
    pub fn backend(&self) -> SlicedBackend {
        self.backend.get()
    }

    /// Lanes per batch on its backend.
    pub fn lanes(&self) -> usize {
        self.backend.get().lanes()
    }

    /// The Karatsuba schoolbook size.
    pub fn karatsuba_base(&self) -> usize {
        self.plan.base
    }

    /// Runs `job` on the backend's word type, entered once for the whole job.
    pub fn run<J: SlicedJob<SlicedPb>>(&self, job: J) -> J::Output {
        self.backend.run(RunJob {
            plan: &self.plan,
            job,
        })
    }

    /// c\[i\] = a\[i\]·b\[i\] for every i, bit-sliced in batches of [`SlicedPb::lanes`]
    /// (elements of this field; equal lengths).
    pub fn mul_batch(&self, a: &[Element], b: &[Element], c: &mut [Element]) -> Result<(), Error> {
        for len in [b.len(), c.len()] {
            if len != a.len() {
                return Err(Error::LengthMismatch {
                    expected: a.len(),
                    actual: len,
                });
            }
        }
        self.run(BatchJob { a, b: Some(b), c });
        Ok(())
    }

    /// c\[i\] = a\[i\]² for every i, bit-sliced.
    pub fn sqr_batch(&self, a: &[Element], c: &mut [Element]) -> Result<(), Error> {
        if a.len() != c.len() {
            return Err(Error::LengthMismatch {
                expected: a.len(),
                actual: c.len(),
            });
        }
        self.run(BatchJob { a, b: None, c });
        Ok(())
    }

    /// The word operations of one bit-sliced product (the reduction included), counted by
    /// running it.
    pub fn gate_count(&self) -> Gates {
        let plan = &self.plan;
        let m = plan.m;
        let a = vec![tally::Tally; m];
        let mut c = vec![tally::Tally; m];
        let mut s = vec![tally::Tally; plan.scratch()];
        tally::count(|| {
            tally::Token.run(PbMul::<tally::Token> {
                plan,
                a: &a,
                b: &a,
                c: &mut c,
                s: &mut s,
            })
        })
    }
}

/// Products (or squares, without b) of whole slices, batch by batch.
struct BatchJob<'a> {
    a: &'a [Element],
    b: Option<&'a [Element]>,
    c: &'a mut [Element],
}

impl SlicedJob<SlicedPb> for BatchJob<'_> {
    type Output = ();

    #[inline(always)]
    fn run<W: Word>(self, ops: &mut PbOps<'_, W>) {
        let m = ops.degree();
        let lanes = ops.lanes();
        let (mut wa, mut wb, mut wc) = (vec![W::zero(); m], vec![W::zero(); m], vec![W::zero(); m]);
        for (i, c) in self.c.chunks_mut(lanes).enumerate() {
            let range = i * lanes..i * lanes + c.len();
            gather(&self.a[range.clone()], &mut wa);
            match self.b {
                Some(b) => {
                    gather(&b[range], &mut wb);
                    ops.mul(&wa, &wb, &mut wc);
                }
                None => ops.sqr(&wa, &mut wc),
            }
            let mut limbs = [[0u64; crate::arith::MAX_LIMBS]; 512];
            scatter(&wc, c.len(), |j, l, v| limbs[j][l] = v);
            for (e, l) in c.iter_mut().zip(limbs) {
                *e = Element::from_limbs_unchecked(l);
            }
        }
    }
}

/// The generator of `pb/schoolbook.rs` (run by its test): the schoolbook products of
/// 1..=[`MAX_KARATSUBA_BASE`] words as straight-line code, which rustc does not produce from
/// loops. Operand scanning with b in register-sized chunks: for a chunk of `CHUNK` words of b
/// (held in registers), every a\[i\] is loaded once and multiplied into a sliding window of
/// `CHUNK` accumulators; an accumulator leaves the window (is stored, after adding what
/// earlier chunks stored there) once no later a\[i\] of this chunk reaches it. About
/// 2·`CHUNK` + 2 registers live, loads ~ n per chunk, and the ANDs and XORs need no memory
/// operands.
#[cfg(test)]
mod generate {
    extern crate std;
    use std::collections::{BTreeMap, BTreeSet};
    use std::format;
    use std::string::String;

    use super::MAX_KARATSUBA_BASE as MAX;

    /// Words of b per chunk.
    const CHUNK: usize = 6;

    /// The source text of `schoolbook.rs`.
    pub(super) fn render() -> String {
        let mut out = format!(
            "//! @generated by `sliced::pb::generate` (regenerate: `WEGMAN_REGENERATE=1 cargo test -p\n\
             //! wegman-gf2 schoolbook_rs_is_current`); do not edit.\n\
             //!\n\
             //! The schoolbook products of two n-word bit-sliced polynomials for n = 1..={MAX} as\n\
             //! straight-line code: c\\[k\\] = Σ_{{i+j=k}} a\\[i\\]·b\\[j\\], c\\[2n − 1\\] = 0, by operand\n\
             //! scanning over chunks of b held in registers (the generator's notes).\n\
             \n\
             use super::super::Word;\n\n"
        );
        for n in 1..=MAX {
            out += &format!(
                "/// The {n}-word schoolbook product into c\\[..{}\\].\n",
                2 * n
            );
            out += "#[inline(always)]\n";
            out += &format!(
                "pub(super) fn schoolbook{n}<W: Word>(a: &[W], b: &[W], c: &mut [W]) {{\n"
            );
            out += &format!(
                "    let (a, b, c) = (&a[..{n}], &b[..{n}], &mut c[..{}]);\n",
                2 * n
            );
            let mut written = BTreeSet::new();
            let mut var = 0;
            for j0 in (0..n).step_by(CHUNK) {
                let js: std::vec::Vec<usize> = (j0..(j0 + CHUNK).min(n)).collect();
                for j in &js {
                    out += &format!("    let b{j} = b[{j}];\n");
                }
                let mut acc: BTreeMap<usize, String> = BTreeMap::new();
                for i in 0..n {
                    out += &format!("    let a{i}_{j0} = a[{i}];\n");
                    for &j in &js {
                        let k = i + j;
                        let term = format!("a{i}_{j0}.and(b{j})");
                        var += 1;
                        out += &match acc.get(&k) {
                            Some(prev) => format!("    let v{var} = {prev}.xor({term});\n"),
                            None if written.contains(&k) => {
                                format!("    let v{var} = c[{k}].xor({term});\n")
                            }
                            None => format!("    let v{var} = {term};\n"),
                        };
                        acc.insert(k, format!("v{var}"));
                    }
                    // k = i + j0 gets no more terms in this chunk.
                    let k = i + js[0];
                    let v = acc.remove(&k).expect("the window's first accumulator");
                    out += &format!("    c[{k}] = {v};\n");
                    written.insert(k);
                }
                for (k, v) in &acc {
                    out += &format!("    c[{k}] = {v};\n");
                    written.insert(*k);
                }
            }
            out += &format!("    c[{}] = W::zero();\n}}\n\n", 2 * n - 1);
        }
        out += &format!(
            "/// The schoolbook product for n = a.len() ≤ {MAX} words, into c\\[..2n\\].\n\
             #[inline(always)]\n\
             pub(super) fn schoolbook<W: Word>(a: &[W], b: &[W], c: &mut [W]) {{\n    \
             match a.len() {{\n"
        );
        for n in 1..MAX {
            out += &format!("        {n} => schoolbook{n}(a, b, c),\n");
        }
        out += &format!(
            "        // The plan clamps the base to {MAX} (the caller never passes more).\n        \
             _ => schoolbook{MAX}(a, b, c),\n    }}\n}}\n"
        );
        out
    }

    #[test]
    fn schoolbook_rs_is_current() {
        wegman_testkit::assert_generated(
            concat!(env!("CARGO_MANIFEST_DIR"), "/src/sliced/pb/schoolbook.rs"),
            &render(),
            "-p wegman-gf2 schoolbook_rs_is_current",
        );
    }
}
