//! Batched scalar multiplication: the López–Dahab Montgomery ladder ([`crate::ladder`])
//! bit-sliced over w independent multiplications Qᵢ = kᵢ·Pᵢ (Brumley–Page §V.A, Table I;
//! Bernstein, "Batch binary Edwards", CRYPTO 2009).
//!
//! One word holds one coefficient of one coordinate of all w lanes (w = 64 portable, 256 on
//! AVX2, 512 on AVX-512; [`wegman_gf2::sliced`]), so every field operation serves w scalar
//! multiplications at once, and the ladder's key-bit decisions are conditional swaps by mask:
//! word i of the sliced scalars holds bit i of every lane's scalar, and the swap is
//! (X₁ ⊕ X₂) ∧ mask on every word. Every lane runs the same word operations whatever its
//! scalar and point: constant-time in every lane, and lanes are independent.
//!
//! Two field representations ([`SlicedBasis`]):
//! - the **polynomial basis** of the curve's NIST modulus (or any trinomial or pentanomial,
//!   for the Table I degrees), products by Karatsuba down to straight-line schoolbook
//!   ([`wegman_gf2::sliced::pb`]);
//! - the **Gaussian normal basis** of the degree, products by one of the six bit-sliced
//!   multipliers of [`wegman_gf2::gnb`], squarings free (a re-indexing).
//!
//! Per key bit the ladder costs 5M + 1·√b + 4S (X₁⁴ + bZ₁⁴ as (X₁² + √b·Z₁²)²; the M by √b
//! skipped when b = 1). The affine result needs one inversion per lane: in sliced form all
//! w inversions are one Itoh–Tsujii chain (a^{2^m − 2}: m − 1 squarings and about
//! log₂ m + popcount(m − 1) products for all lanes at once; 0 ↦ 0), constant-time like the
//! rest. At 163 bits on AVX2 that is about 650 cycles per lane (162 squarings and 9 products
//! per 256 lanes), 2% of the multiplication; Montgomery's trick on de-sliced elements (three
//! CLMUL products per lane and one shared inversion) would save most of those 2% at the
//! price of a second, word-level path, and was not built. The special cases are masks per
//! lane, as in the single ladder: Z₁ = 0 gives O, Z₂ = 0 gives −P; a point with x = 0 (the
//! point of order 2) runs the ladder on a stand-in x = 1 and takes P or O by the scalar's
//! parity afterwards, by mask.
//!
//! Inputs are checked before the batch ([`BatchLadder::mul`]): a point off the curve or a
//! scalar longer than the order gives an error naming its index, and no lane runs.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

use subtle::{Choice, ConditionallySelectable};
use wegman_gf2::gnb::{Multiplier, NbPbMap};
use wegman_gf2::sliced::pb::SlicedPb;
use wegman_gf2::sliced::{SlicedArith, SlicedBackend as Backend, Word, gather, scatter};
use wegman_gf2::sliced::{SlicedField, SlicedJob};
use wegman_gf2::{Element, Field, Gnb, Modulus};
use zeroize::Zeroize;

use crate::curve::{Curve, CurveId};
use crate::error::Error;
use crate::field::CurveField;
use crate::point::Point;
use crate::scalar::Scalar;

/// The limbs of an element or scalar as the batch handles them.
type Limbs = [u64; 9];

/// The field representation a batch runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SlicedBasis {
    /// The polynomial basis, Karatsuba products.
    Polynomial,
    /// The Gaussian normal basis of the degree's smallest type, with this multiplier.
    Normal(Multiplier),
}

impl SlicedBasis {
    /// Its name in reports: `pb` or `nb-<multiplier>`.
    pub fn name(&self) -> alloc::string::String {
        match self {
            SlicedBasis::Polynomial => "pb".into(),
            SlicedBasis::Normal(m) => alloc::format!("nb-{}", m.name()),
        }
    }
}

/// The field a batch computes in.
#[derive(Clone, Debug)]
enum Engine {
    Pb(SlicedPb),
    Nb(Box<NbEngine>),
}

/// The normal-basis engine: the field, the isomorphism to the points' basis, the product.
#[derive(Clone, Debug)]
struct NbEngine {
    g: Gnb,
    map: NbPbMap,
    mult: Multiplier,
}

/// The bit-sliced ladder for one curve y² + xy = x³ + ax² + b over F_{2^m}: points and
/// results in the polynomial basis of `sec2` (for the NIST curves, SEC 2's), computed in the
/// chosen [`SlicedBasis`].
#[derive(Clone, Debug)]
pub struct BatchLadder {
    sec2: Field,
    engine: Engine,
    /// √b in the engine's basis (X₁⁴ + bZ₁⁴ = (X₁² + √b·Z₁²)²), and whether b = 1.
    b: Limbs,
    b_one: bool,
    a_one: bool,
    b_sec2: Element,
    /// The ladder's iteration count (the bit length of the order).
    n_bits: u32,
}

impl BatchLadder {
    /// The ladder for NIST curve `id` in `basis`, on the detected backend.
    pub fn new(id: CurveId, basis: SlicedBasis) -> Result<BatchLadder, Error> {
        BatchLadder::with_backend(id, basis, Backend::detect())
    }

    /// As [`BatchLadder::new`] on `backend` ([`Error::BackendUnavailable`] if this CPU
    /// lacks it).
    pub fn with_backend(
        id: CurveId,
        basis: SlicedBasis,
        backend: Backend,
    ) -> Result<BatchLadder, Error> {
        let p = id.params();
        let modulus: Modulus = p.modulus.parse()?;
        let sec2 = Field::new(modulus);
        let b = sec2.parse(p.b)?;
        let n_bits = Scalar::from_hex_unchecked(p.n)?.bits();
        BatchLadder::custom(modulus, p.a == 1, b, n_bits, basis, backend)
    }

    /// The ladder for y² + xy = x³ + ax² + b over F_2\[x\]/(`modulus`) (b in that basis),
    /// running `n_bits` iterations: any curve, e.g. the Table I degrees without a NIST curve.
    pub fn custom(
        modulus: Modulus,
        a_one: bool,
        b: Element,
        n_bits: u32,
        basis: SlicedBasis,
        backend: Backend,
    ) -> Result<BatchLadder, Error> {
        let sec2 = Field::new(modulus);
        let b = sec2.element(b.limbs())?;
        let m = modulus.degree();
        let (engine, b_limbs) = match basis {
            SlicedBasis::Polynomial => {
                let pb = SlicedPb::new(modulus).with_backend(backend)?;
                (Engine::Pb(pb), *sec2.sqrt(&b).limbs())
            }
            SlicedBasis::Normal(mult) => {
                let g = Gnb::with_type(m, None)?.with_backend(backend)?;
                let map = NbPbMap::new(&g, &sec2)?;
                // Checked here so that the batches cannot fail.
                g.check_multiplier(mult)?;
                let bn = *map.to_nb(&sec2.sqrt(&b)).limbs();
                (Engine::Nb(Box::new(NbEngine { g, map, mult })), bn)
            }
        };
        Ok(BatchLadder {
            sec2,
            engine,
            b: b_limbs,
            b_one: b == Element::ONE,
            a_one,
            b_sec2: b,
            n_bits,
        })
    }

    /// Lanes per batch (64, 256 or 512).
    pub fn lanes(&self) -> usize {
        self.backend().lanes()
    }

    /// The backend the batches run on.
    pub fn backend(&self) -> Backend {
        match &self.engine {
            Engine::Pb(pb) => pb.backend(),
            Engine::Nb(e) => e.g.backend(),
        }
    }

    /// The field representation.
    pub fn basis(&self) -> SlicedBasis {
        match &self.engine {
            Engine::Pb(_) => SlicedBasis::Polynomial,
            Engine::Nb(e) => SlicedBasis::Normal(e.mult),
        }
    }

    /// The polynomial-basis field points are given and returned in.
    pub fn field(&self) -> &Field {
        &self.sec2
    }

    /// Whether (x, y) is on the curve (public data).
    fn on_curve_vartime(&self, x: &Element, y: &Element) -> bool {
        let f = &self.sec2;
        let x2 = f.sqr(x);
        let a = if self.a_one { x2 } else { Element::ZERO };
        f.sqr(y) + f.mul(x, y) == f.mul(&x2, x) + a + self.b_sec2
    }

    /// kᵢ·Pᵢ for every i, in batches of [`BatchLadder::lanes`] (the last one padded), on
    /// several cores with the `rayon` feature. Constant-time in the scalars and points;
    /// each lane's result equals the single ladder's ([`Curve::mul_ladder`]). Errors, before
    /// any lane runs: unequal lengths, or an input that is off the curve or has more bits
    /// than the order ([`Error::InBatch`] with its index).
    pub fn mul(
        &self,
        scalars: &[Scalar],
        points: &[Point<Element>],
    ) -> Result<Vec<Point<Element>>, Error> {
        if scalars.len() != points.len() {
            return Err(Error::BatchLength {
                scalars: scalars.len(),
                points: points.len(),
            });
        }
        for (i, (k, p)) in scalars.iter().zip(points).enumerate() {
            let at = |e: Error| Error::InBatch {
                index: i,
                error: Box::new(e),
            };
            // Revealed on purpose: whether the scalar is too long (an input error).
            if !bool::from(wegman_arch::ct::declassify(k.ct_fits_bits(self.n_bits))) {
                return Err(at(Error::ScalarTooLong { bits: self.n_bits }));
            }
            if let Point::Affine { x, y } = p {
                let fits =
                    self.sec2.element(x.limbs()).is_ok() && self.sec2.element(y.limbs()).is_ok();
                if !fits || !self.on_curve_vartime(x, y) {
                    return Err(at(Error::NotOnCurve));
                }
            }
        }
        let lanes = self.lanes();
        let mut out = vec![Point::Infinity; points.len()];
        let run =
            |(k, p, o): (&[Scalar], &[Point<Element>], &mut [Point<Element>])| self.batch(k, p, o);
        #[cfg(feature = "rayon")]
        {
            use rayon::prelude::*;
            scalars
                .par_chunks(lanes)
                .zip(points.par_chunks(lanes))
                .zip(out.par_chunks_mut(lanes))
                .try_for_each(|((k, p), o)| run((k, p, o)))?;
        }
        #[cfg(not(feature = "rayon"))]
        for ((k, p), o) in scalars
            .chunks(lanes)
            .zip(points.chunks(lanes))
            .zip(out.chunks_mut(lanes))
        {
            run((k, p, o))?;
        }
        Ok(out)
    }

    /// One batch of at most [`BatchLadder::lanes`] checked inputs.
    fn batch(
        &self,
        ks: &[Scalar],
        ps: &[Point<Element>],
        out: &mut [Point<Element>],
    ) -> Result<(), Error> {
        let n = ks.len();
        let mut k: Vec<Limbs> = ks.iter().map(|s| *s.limbs()).collect();
        // The stand-ins: O runs as any point (its result is replaced), x = 0 as x = 1.
        let mut xs = vec![[0u64; 9]; n];
        let mut ys = vec![[0u64; 9]; n];
        let mut x_zero = vec![Choice::from(0); n];
        let mut inf_in = vec![Choice::from(0); n];
        for i in 0..n {
            let (x, y) = match ps[i] {
                Point::Affine { x, y } => (x, y),
                Point::Infinity => {
                    inf_in[i] = Choice::from(1);
                    (Element::ONE, Element::ZERO)
                }
            };
            x_zero[i] = x.is_zero();
            let x = Element::conditional_select(&x, &Element::ONE, x_zero[i]);
            (xs[i], ys[i]) = match &self.engine {
                Engine::Pb(_) => (*x.limbs(), *y.limbs()),
                Engine::Nb(e) => (*e.map.to_nb(&x).limbs(), *e.map.to_nb(&y).limbs()),
            };
        }
        let job = LadderLanes {
            k: &k,
            x: &xs,
            y: &ys,
            b: &self.b,
            b_one: self.b_one,
            n_bits: self.n_bits as usize,
        };
        let r = match &self.engine {
            Engine::Pb(pb) => pb.run(job),
            // The multiplier was checked in `custom`; an error would still surface.
            Engine::Nb(e) => e.g.run_sliced(e.mult, job)?,
        };
        for i in 0..n {
            let (x, y) = match &self.engine {
                // The lanes hold reduced elements: taken without a (branching) range check.
                Engine::Pb(_) => (
                    self.sec2.element_masked(&r.x[i]),
                    self.sec2.element_masked(&r.y[i]),
                ),
                Engine::Nb(e) => (
                    e.map.to_pb(&e.g.element_masked(&r.x[i])),
                    e.map.to_pb(&e.g.element_masked(&r.y[i])),
                ),
            };
            // x = 0 (order 2): P for odd k, O for even k.
            let odd = Choice::from((ks[i].limbs()[0] & 1) as u8);
            let (x0, y0) = match ps[i] {
                Point::Affine { x, y } => (x, y),
                Point::Infinity => (Element::ZERO, Element::ZERO),
            };
            let x = Element::conditional_select(&x, &x0, x_zero[i]);
            let y = Element::conditional_select(&y, &y0, x_zero[i]);
            let inf = (r.inf[i] & !x_zero[i]) | (x_zero[i] & !odd) | inf_in[i];
            // Revealed only here: whether kP = O, which the output reveals anyway.
            out[i] = if bool::from(wegman_arch::ct::declassify(inf)) {
                Point::Infinity
            } else {
                Point::Affine { x, y }
            };
        }
        k.zeroize();
        let mut r = r;
        r.x.zeroize();
        r.y.zeroize();
        Ok(())
    }
}

/// The per-lane results of one batch: coordinates in the engine's basis and whether the
/// result is O.
struct LaneResults {
    x: Vec<Limbs>,
    y: Vec<Limbs>,
    inf: Vec<Choice>,
}

/// The sliced ladder over one batch (inputs in the engine's basis).
struct LadderLanes<'a> {
    k: &'a [Limbs],
    x: &'a [Limbs],
    y: &'a [Limbs],
    /// √b in the engine's basis.
    b: &'a Limbs,
    b_one: bool,
    n_bits: usize,
}

/// One body for both bases: the ladder is written against `SlicedArith`.
impl<F: SlicedField> SlicedJob<F> for LadderLanes<'_> {
    type Output = LaneResults;

    #[inline(always)]
    fn run<W: Word>(self, ops: &mut F::Ops<'_, W>) -> LaneResults {
        ladder_lanes(self, ops)
    }
}

/// A sliced element: m words.
type El<W> = Vec<W>;

#[inline(always)]
fn add_into<W: Word>(a: &[W], b: &[W], c: &mut [W]) {
    for ((c, &a), &b) in c.iter_mut().zip(a).zip(b) {
        *c = a.xor(b);
    }
}

#[inline(always)]
fn add_assign<W: Word>(a: &mut [W], b: &[W]) {
    for (a, &b) in a.iter_mut().zip(b) {
        *a = a.xor(b);
    }
}

#[inline(always)]
fn cswap<W: Word>(a: &mut [W], b: &mut [W], mask: W) {
    for (a, b) in a.iter_mut().zip(b.iter_mut()) {
        let t = a.xor(*b).and(mask);
        *a = a.xor(t);
        *b = b.xor(t);
    }
}

/// Per lane: all ones where the element is nonzero.
#[inline(always)]
fn nonzero<W: Word>(a: &[W]) -> W {
    // OR by De Morgan-free means: x | y = x ⊕ y ⊕ (x ∧ y).
    a.iter()
        .fold(W::zero(), |acc, &w| acc.xor(w).xor(acc.and(w)))
}

/// c = a^{-1} in every lane (0 ↦ 0): Itoh–Tsujii, a^{2^m − 2} = (a^{2^{m−1} − 1})², from
/// β_j = a^{2^j − 1} with β_{2j} = β_j^{2^j}·β_j and β_{j+1} = β_j²·a.
#[inline(always)]
fn invert<W: Word, A: SlicedArith<W>>(o: &mut A, a: &[W], c: &mut [W]) {
    let m = o.degree();
    let e = m - 1;
    let mut beta = a[..m].to_vec();
    let mut t = vec![W::zero(); m];
    let mut u = vec![W::zero(); m];
    let mut j = 1usize;
    for bit in (0..usize::BITS - 1 - e.leading_zeros()).rev() {
        // β_{2j}.
        t.copy_from_slice(&beta);
        for _ in 0..j {
            o.sqr(&t, &mut u);
            core::mem::swap(&mut t, &mut u);
        }
        o.mul(&t, &beta, &mut u);
        core::mem::swap(&mut beta, &mut u);
        j *= 2;
        if (e >> bit) & 1 == 1 {
            o.sqr(&beta, &mut t);
            o.mul(&t, a, &mut beta);
            j += 1;
        }
    }
    o.sqr(&beta, c);
}

/// The ladder on one batch, in any basis.
#[inline(always)]
fn ladder_lanes<W: Word, A: SlicedArith<W>>(job: LadderLanes<'_>, o: &mut A) -> LaneResults {
    let m = o.degree();
    let n = job.k.len();
    let z = || -> El<W> { vec![W::zero(); m] };
    let mut kw = vec![W::zero(); job.n_bits];
    gather(job.k, &mut kw);
    let (mut x, mut y, mut b) = (z(), z(), z());
    gather(job.x, &mut x);
    gather(job.y, &mut y);
    for (i, w) in b.iter_mut().enumerate() {
        let bit = (job.b[i / 64] >> (i % 64)) & 1;
        *w = W::splat(0u64.wrapping_sub(bit));
    }
    let (mut x1, mut z1, mut x2, mut z2) = (z(), z(), x.clone(), z());
    o.one(&mut x1);
    o.one(&mut z2);
    let (mut t1, mut t2, mut t3, mut t4) = (z(), z(), z(), z());
    let mut swapped = W::zero();
    for i in (0..job.n_bits).rev() {
        let bit = kw[i];
        let s = swapped.xor(bit);
        cswap(&mut x1, &mut x2, s);
        cswap(&mut z1, &mut z2, s);
        swapped = bit;
        // (P1 + P2): Z2 = (X1·Z2 + X2·Z1)², X2 = x·Z2 + (X1·Z2)(X2·Z1).
        o.mul(&x1, &z2, &mut t1);
        o.mul(&x2, &z1, &mut t2);
        add_into(&t1, &t2, &mut t3);
        o.sqr(&t3, &mut z2);
        o.mul(&t1, &t2, &mut t3);
        o.mul(&x, &z2, &mut t4);
        add_into(&t3, &t4, &mut x2);
        // 2·P1: Z1 = X1²·Z1², X1 = X1⁴ + b·Z1⁴ = (X1² + √b·Z1²)².
        o.sqr(&x1, &mut t1);
        o.sqr(&z1, &mut t2);
        o.mul(&t1, &t2, &mut z1);
        if job.b_one {
            add_into(&t1, &t2, &mut t3);
        } else {
            o.mul(&b, &t2, &mut t4);
            add_into(&t1, &t4, &mut t3);
        }
        o.sqr(&t3, &mut x1);
    }
    cswap(&mut x1, &mut x2, swapped);
    cswap(&mut z1, &mut z2, swapped);
    // y recovery (ladder.rs): d = x·Z1·Z2; x_k = X1·Z2·x/d;
    // y_k = (x_k + x)·[(X1 + x·Z1)(X2 + x·Z2) + (x² + y)·Z1·Z2]/d + y.
    let nz1 = nonzero(&z1);
    let nz2 = nonzero(&z2);
    let (mut zz, mut d, mut dinv) = (z(), z(), z());
    o.mul(&z1, &z2, &mut zz);
    o.mul(&x, &zz, &mut d);
    invert(o, &d, &mut dinv);
    o.mul(&x1, &z2, &mut t1);
    o.mul(&t1, &dinv, &mut t2);
    let mut xk = z();
    o.mul(&t2, &x, &mut xk);
    o.mul(&x, &z1, &mut t1);
    add_assign(&mut t1, &x1);
    o.mul(&x, &z2, &mut t2);
    add_assign(&mut t2, &x2);
    o.mul(&t1, &t2, &mut t3);
    o.sqr(&x, &mut t1);
    add_assign(&mut t1, &y);
    o.mul(&t1, &zz, &mut t2);
    add_assign(&mut t3, &t2);
    add_into(&xk, &x, &mut t1);
    o.mul(&t1, &t3, &mut t2);
    let mut yk = z();
    o.mul(&t2, &dinv, &mut yk);
    add_into(&yk, &y, &mut t1);
    // Z2 = 0: kP = −P = (x, x + y); select per lane by nz2.
    add_into(&x, &y, &mut t2);
    for i in 0..m {
        xk[i] = x[i].xor(xk[i].xor(x[i]).and(nz2));
        yk[i] = t2[i].xor(t1[i].xor(t2[i]).and(nz2));
    }
    let mut res = LaneResults {
        x: vec![[0; 9]; n],
        y: vec![[0; 9]; n],
        inf: vec![Choice::from(0); n],
    };
    scatter(&xk, n, |j, l, v| res.x[j][l] = v);
    scatter(&yk, n, |j, l, v| res.y[j][l] = v);
    for (j, inf) in res.inf.iter_mut().enumerate() {
        *inf = !Choice::from((nz1.group(j / 64) >> (j % 64) & 1) as u8);
    }
    // Wipe the secret words (best effort: the buffers are dropped right after).
    for v in [
        &mut kw, &mut x1, &mut z1, &mut x2, &mut z2, &mut t1, &mut t2, &mut t3,
    ] {
        v.fill(W::zero());
        core::hint::black_box(&v);
    }
    res
}

impl<F: CurveField> Curve<F> {
    /// kᵢ·Pᵢ for every i by the bit-sliced ladder in the polynomial basis ([`crate::batch`]):
    /// the fastest way to do many scalar multiplications. Each result equals
    /// [`Curve::mul_ladder`]'s; errors as [`BatchLadder::mul`].
    pub fn mul_batch(
        &self,
        scalars: &[Scalar],
        points: &[Point<F::Elem>],
    ) -> Result<Vec<Point<F::Elem>>, Error> {
        let ladder = BatchLadder::new(self.id(), SlicedBasis::Polynomial)?;
        self.mul_batch_with(&ladder, scalars, points)
    }

    /// As [`Curve::mul_batch`] with a chosen ladder (basis, backend) for this curve.
    pub fn mul_batch_with(
        &self,
        ladder: &BatchLadder,
        scalars: &[Scalar],
        points: &[Point<F::Elem>],
    ) -> Result<Vec<Point<F::Elem>>, Error> {
        if ladder.field().modulus() != self.sec2_field().modulus()
            || ladder.b_sec2 != self.field().export_sec2(self.b())
        {
            return Err(Error::WrongCurve);
        }
        let f = self.field();
        let sec2: Vec<Point<Element>> = points
            .iter()
            .map(|p| match p {
                Point::Infinity => Point::Infinity,
                Point::Affine { x, y } => Point::Affine {
                    x: f.export_sec2(x),
                    y: f.export_sec2(y),
                },
            })
            .collect();
        let r = ladder.mul(scalars, &sec2)?;
        Ok(r.into_iter()
            .map(|p| match p {
                Point::Infinity => Point::Infinity,
                Point::Affine { x, y } => Point::Affine {
                    x: f.import_sec2(&x),
                    y: f.import_sec2(&y),
                },
            })
            .collect())
    }
}

/// kᵢ·Pᵢ for every i on `curve` by the bit-sliced ladder ([`Curve::mul_batch`]).
pub fn mul_batch<F: CurveField>(
    curve: &Curve<F>,
    scalars: &[Scalar],
    points: &[Point<F::Elem>],
) -> Result<Vec<Point<F::Elem>>, Error> {
    curve.mul_batch(scalars, points)
}
