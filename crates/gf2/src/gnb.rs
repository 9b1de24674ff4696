//! F_{2^m} in a Gaussian normal basis (GNB) of type T, and the bit-sliced multipliers of
//! Brumley and Page, *Bit-sliced binary normal basis multiplication* (ARITH 2011).
//!
//! # Representation
//! An element A = Σ_{i<m} a_i β^{2^i}, β the Gauss period of type T (docs/gnb.md), is an
//! [`NbElement`]: nine 64-bit limbs, bit i (limb i / 64, bit i mod 64) the coefficient a_i,
//! every bit at or above m zero. Hex follows docs/spec.md §2: the big-endian hex of the integer
//! Σ a_i·2^{m−1−i}, so a_0 is the **most significant** bit (X9.62, FIPS 186-2) and the
//! identity (all ones) of F_{2^163} prints `7fff…ff`.
//!
//! # Operations
//! - Squaring is the cyclic shift a_i → a_{i+1} (A² = Σ a_i β^{2^{i+1}}), the square root the
//!   opposite shift, 1 = Σ β^{2^i} is all ones, and Tr(A) = Σ a_i Tr(β^{2^i}) = parity of the
//!   bits (Tr(β) = 1 since the β^{2^i} sum to 1).
//! - `mul`: Ning–Yin (ICICS 2001), the method of the WG reference code: with R_s(A) the
//!   rotation whose bit k is a_{k+s}, C = ⊕_x R_x(A) ∧ (⊕_{y ∈ Y(x)} R_y(B)) on whole m-bit
//!   words, Y(x) the ones of row x of the matrix M ([`Gnb::matrix_row`]).
//! - `solve(c)`: z² + z = c gives c_i = z_{i−1} + z_i, so z_0 = 0, z_i = c_1 + … + c_i (a prefix
//!   XOR) when Tr(c) = 0; `half_trace` is Σ_{i ≤ (m−1)/2} c^{2^{2i}}, rotations only.
//! - `inv`: Itoh–Tsujii, a^{2^m − 2}, where every multi-squaring is a rotation.
//!
//! Everything without `vartime` in its name runs the same instruction sequence for every
//! element value (m, T and the tables are public).
//!
//! # Batches
//! [`sliced`] runs w independent products at once, coefficient i of all w operands in one
//! machine word (w = 64, 256 or 512 by backend), with six multipliers; [`Gnb::mul_batch`]
//! picks the fastest measured one. [`convert`] maps to and from polynomial bases.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use crate::arith::MAX_LIMBS;
use crate::error::Error;

pub mod convert;
mod params;
pub mod sliced;

use crate::sliced::SlicedAvail;
pub use convert::NbPbMap;
pub use sliced::{Gates, Multiplier, SlicedBackend, SlicedJob, SlicedOps, Word};

/// An element of a [`Gnb`] field: nine limbs, bit i the coefficient of β^{2^i}.
///
/// `==` is constant-time; `+` is XOR and needs no field.
#[derive(Clone, Copy, Default)]
pub struct NbElement {
    limbs: [u64; MAX_LIMBS],
}

impl NbElement {
    /// Bit i (a_i).
    pub(crate) fn bit(&self, i: usize) -> u64 {
        (self.limbs[i / 64] >> (i % 64)) & 1
    }
}

limb_element!(
    NbElement,
    "NbElement(limbs 0x",
    "The limbs (little-endian: limb 0 holds a_0..a_63)."
);

/// F_{2^m} in the Gaussian normal basis of type T, with the tables of every multiplier.
#[derive(Clone)]
pub struct Gnb {
    m: u32,
    t: u32,
    n: usize,
    /// Row x of M is `ys[row_start[x]..row_start[x + 1]]`.
    ys: Vec<u16>,
    row_start: Vec<u16>,
    /// The bit-sliced multipliers' tables.
    plan: sliced::Plan,
    backend: SlicedAvail,
}

impl fmt::Debug for Gnb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gnb")
            .field("m", &self.m)
            .field("t", &self.t)
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

/// m-bit rotations on N limbs (public counts).
#[inline(always)]
fn shl_bits<const N: usize>(a: &[u64; N], k: usize) -> [u64; N] {
    let (w, r) = (k / 64, k % 64);
    core::array::from_fn(|i| {
        let lo = if i >= w { a[i - w] << r } else { 0 };
        let hi = if r != 0 && i > w {
            a[i - w - 1] >> (64 - r)
        } else {
            0
        };
        lo | hi
    })
}

#[inline(always)]
fn shr_bits<const N: usize>(a: &[u64; N], k: usize) -> [u64; N] {
    let (w, r) = (k / 64, k % 64);
    core::array::from_fn(|i| {
        let lo = if i + w < N { a[i + w] >> r } else { 0 };
        let hi = if r != 0 && i + w + 1 < N {
            a[i + w + 1] << (64 - r)
        } else {
            0
        };
        lo | hi
    })
}

#[inline(always)]
fn mask_m<const N: usize>(a: &mut [u64; N], m: usize) {
    for (i, x) in a.iter_mut().enumerate() {
        if 64 * i >= m {
            *x = 0;
        } else if m - 64 * i < 64 {
            *x &= (1u64 << (m - 64 * i)) - 1;
        }
    }
}

/// The rotation that moves a_i to position i + k (mod m): A^{2^k}.
#[inline(always)]
fn rotl<const N: usize>(a: &[u64; N], k: usize, m: usize) -> [u64; N] {
    let k = k % m;
    if k == 0 {
        return *a;
    }
    let hi = shl_bits(a, k);
    let lo = shr_bits(a, m - k);
    let mut r: [u64; N] = core::array::from_fn(|i| hi[i] | lo[i]);
    mask_m(&mut r, m);
    r
}

/// R_1: bit k becomes a_{k+1}, bit m − 1 becomes a_0 (the square root).
#[inline(always)]
fn rotr1<const N: usize>(a: &[u64; N], m: usize) -> [u64; N] {
    // No indexing by m: a computed index sent the array through memory and stalled on
    // store forwarding.
    let (top, sh) = ((m - 1) / 64, (m - 1) % 64);
    let b0 = a[0] & 1;
    core::array::from_fn(|i| {
        let mut x = a[i] >> 1;
        if i + 1 < N {
            x |= a[i + 1] << 63;
        }
        if i == top {
            x |= b0 << sh;
        }
        x
    })
}

impl Gnb {
    /// F_{2^m} in the GNB of the smallest type T ≤ 16 (the type of m), with the fastest
    /// available batch backend. m must be odd, 3..=571.
    pub fn new(m: u32) -> Result<Gnb, Error> {
        Gnb::with_type(m, None)
    }

    /// F_{2^m} in the GNB of type `t` (or the smallest type for `None`); a clear error if
    /// there is none.
    pub fn with_type(m: u32, t: Option<u32>) -> Result<Gnb, Error> {
        Gnb::build(m, t, SlicedAvail::detect())
    }

    /// Parses `M` or `M,T` (the CLI's `--gnb`).
    pub fn parse(spec: &str) -> Result<Gnb, Error> {
        let bad = |reason| Err(Error::MalformedGnb { reason });
        let mut parts = spec.trim().split(',');
        let m = match parts.next().map(|s| s.trim().parse::<u32>()) {
            Some(Ok(m)) => m,
            _ => return bad("the degree M is not a number"),
        };
        let t = match parts.next().map(|s| s.trim().parse::<u32>()) {
            None => None,
            Some(Ok(t)) => Some(t),
            Some(Err(_)) => return bad("the type T is not a number"),
        };
        if parts.next().is_some() {
            return bad("expected M or M,T");
        }
        Gnb::with_type(m, t)
    }

    /// The same field on a chosen batch backend (tests and benchmarks compare them); an
    /// error if this CPU cannot run it.
    pub fn with_backend(mut self, backend: SlicedBackend) -> Result<Gnb, wegman_arch::Unavailable> {
        self.backend = SlicedAvail::new(backend)?;
        Ok(self)
    }

    fn build(m: u32, t: Option<u32>, backend: SlicedAvail) -> Result<Gnb, Error> {
        let t = params::check(m, t)?;
        let f = params::f_sequence(m, t);
        let pairs = params::mo_pairs(m, t, &f);
        let rows = params::matrix_rows(m, &pairs);
        let mut ys = Vec::new();
        let mut row_start = Vec::with_capacity(m as usize + 1);
        for r in &rows {
            row_start.push(ys.len() as u16);
            ys.extend(r.iter().map(|&y| y as u16));
        }
        row_start.push(ys.len() as u16);
        let mut g = Gnb {
            m,
            t,
            n: (m as usize).div_ceil(64),
            ys,
            row_start,
            plan: sliced::Plan::default(),
            backend,
        };
        g.plan = sliced::Plan::new(&g, &pairs, &rows);
        Ok(g)
    }

    /// The degree m.
    pub fn degree(&self) -> u32 {
        self.m
    }

    /// The type T.
    pub fn gnb_type(&self) -> u32 {
        self.t
    }

    /// The batch backend.
    pub fn backend(&self) -> SlicedBackend {
        self.backend.get()
    }

    /// Row x of the multiplication matrix M: the set Y(x) (c_0 = Σ_x a_x Σ_{y ∈ Y(x)} b_y).
    pub fn matrix_row(&self, x: usize) -> &[u16] {
        &self.ys[self.row_start[x] as usize..self.row_start[x + 1] as usize]
    }

    /// The ones of M (each row has at most T).
    pub fn matrix_weight(&self) -> usize {
        self.ys.len()
    }

    /// The identity: all ones.
    pub fn one(&self) -> NbElement {
        let mut a = [0u64; MAX_LIMBS];
        a[..self.n].fill(u64::MAX);
        mask_m(&mut a, self.m as usize);
        NbElement { limbs: a }
    }

    /// β = β^{2^0}: the element with only a_0 set.
    pub fn beta(&self) -> NbElement {
        let mut e = NbElement::ZERO;
        e.limbs[0] = 1;
        e
    }

    /// The element with these limbs (up to nine; more are ignored) and every bit at
    /// or above m cleared: constant-time, no range check, for values known to be in range
    /// (results of bit-sliced jobs, say). [`Gnb::element`] checks instead.
    pub fn element_masked(&self, limbs: &[u64]) -> NbElement {
        let mut e = NbElement::ZERO;
        for (o, &w) in e.limbs.iter_mut().zip(limbs) {
            *o = w;
        }
        mask_m(&mut e.limbs, self.m as usize);
        e
    }

    /// An element from limbs (bit i = a_i), checking that no bit is at or above m.
    pub fn element(&self, limbs: &[u64]) -> Result<NbElement, Error> {
        let mut e = NbElement::ZERO;
        for (i, &w) in limbs.iter().enumerate() {
            if i < MAX_LIMBS {
                e.limbs[i] = w;
            } else if w != 0 {
                return Err(Error::OutOfRange { degree: self.m });
            }
        }
        let mut masked = e.limbs;
        mask_m(&mut masked, self.m as usize);
        if masked != e.limbs {
            return Err(Error::OutOfRange { degree: self.m });
        }
        Ok(e)
    }

    /// Parses the docs/spec.md §2 hex (a_0 the most significant of m bits; leading zeros
    /// optional, either case). Variable-time: for public input.
    pub fn parse_element(&self, s: &str) -> Result<NbElement, Error> {
        // The integer Σ a_i 2^{m−1−i}, then reversed.
        let int = crate::arith::parse_hex_limbs(s, self.m)?;
        let m = self.m as usize;
        let over = (0..64 * MAX_LIMBS)
            .filter(|&j| j >= m)
            .any(|j| (int[j / 64] >> (j % 64)) & 1 == 1);
        if over {
            return Err(Error::OutOfRange { degree: self.m });
        }
        let mut e = NbElement::ZERO;
        for i in 0..m {
            let j = m - 1 - i;
            e.limbs[i / 64] |= ((int[j / 64] >> (j % 64)) & 1) << (i % 64);
        }
        Ok(e)
    }

    /// The docs/spec.md §2 hex, ⌈m/4⌉ digits.
    pub fn to_hex(&self, e: &NbElement) -> String {
        let m = self.m as usize;
        let digits = m.div_ceil(4);
        (0..digits)
            .rev()
            .map(|d| {
                let mut v = 0u32;
                for b in 0..4 {
                    let j = 4 * d + b; // bit j of the integer is a_{m−1−j}
                    if j < m {
                        v |= (e.bit(m - 1 - j) as u32) << b;
                    }
                }
                char::from_digit(v, 16).unwrap_or('?')
            })
            .collect()
    }

    /// a + b.
    pub fn add(&self, a: &NbElement, b: &NbElement) -> NbElement {
        *a + *b
    }

    /// a·b by Ning–Yin on whole words: constant-time.
    pub fn mul(&self, a: &NbElement, b: &NbElement) -> NbElement {
        crate::by_limbs!(self.n, N => {
            const R: usize = 64 * N;
            NbElement::put(self.mul_ny::<N, R>(&a.get(), &b.get()))
        })
    }

    /// Ning–Yin with R = 64·N ≥ m rotations of B in a table.
    fn mul_ny<const N: usize, const R: usize>(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let m = self.m as usize;
        // rb[s] = R_s(B).
        let mut rb = [[0u64; N]; R];
        // The running rotation stays in registers (reading back each stored row stalled on
        // store forwarding: 5× slower).
        let mut cur = *b;
        for row in rb.iter_mut().take(m) {
            *row = cur;
            cur = rotr1(&cur, m);
        }
        let mut ra = *a;
        let mut c = [0u64; N];
        for x in 0..m {
            let mut s = [0u64; N];
            for &y in self.matrix_row(x) {
                let r = &rb[y as usize];
                for i in 0..N {
                    s[i] ^= r[i];
                }
            }
            for i in 0..N {
                c[i] ^= ra[i] & s[i];
            }
            ra = rotr1(&ra, m);
        }
        c
    }

    /// a².
    pub fn sqr(&self, a: &NbElement) -> NbElement {
        self.sqr_n(a, 1)
    }

    /// a^{2^k}: a rotation by k.
    pub fn sqr_n(&self, a: &NbElement, k: usize) -> NbElement {
        let m = self.m as usize;
        crate::by_limbs!(self.n, N => NbElement::put(rotl::<N>(&a.get(), k % m, m)))
    }

    /// sqrt(a) = a^{2^{m−1}}: the opposite rotation.
    pub fn sqrt(&self, a: &NbElement) -> NbElement {
        self.sqr_n(a, self.m as usize - 1)
    }

    /// Tr(a): the parity of the bits, constant-time.
    pub fn trace(&self, a: &NbElement) -> u8 {
        let x = a.limbs.iter().fold(0, |x, &w| x ^ w);
        (x.count_ones() & 1) as u8
    }

    /// The half-trace H(a) = Σ_{i=0}^{(m−1)/2} a^{2^{2i}}: (m + 1)/2 rotations, constant-time.
    /// H(a)² + H(a) = a + Tr(a).
    pub fn half_trace(&self, a: &NbElement) -> NbElement {
        let mut acc = NbElement::ZERO;
        for i in 0..=(self.m as usize - 1) / 2 {
            acc += self.sqr_n(a, 2 * i);
        }
        acc
    }

    /// The roots of z² + z = c: `Some((z, z + 1))` when Tr(c) = 0, else `None`. z is the
    /// prefix XOR z_0 = 0, z_i = c_1 + … + c_i; constant-time apart from the answer's shape
    /// (which reveals Tr(c), one bit).
    pub fn solve(&self, c: &NbElement) -> Option<(NbElement, NbElement)> {
        let mut z = NbElement::ZERO;
        let mut carry = 0u64;
        for (i, out) in z.limbs.iter_mut().enumerate() {
            let mut x = c.limbs[i];
            if i == 0 {
                x &= !1;
            }
            // Prefix XOR within the limb, then the parity of all lower limbs.
            x ^= x << 1;
            x ^= x << 2;
            x ^= x << 4;
            x ^= x << 8;
            x ^= x << 16;
            x ^= x << 32;
            x ^= 0u64.wrapping_sub(carry);
            carry = x >> 63;
            *out = x;
        }
        crate::by_limbs!(self.n, N => {
            let mut v: [u64; N] = z.get();
            mask_m(&mut v, self.m as usize);
            z = NbElement::put(v);
        });
        // Revealed on purpose: whether roots exist (Tr(c) = 0).
        let ok = wegman_arch::ct::declassify(self.trace(c).ct_eq(&0));
        let one = self.one();
        bool::from(ok).then(|| (z, z + one))
    }

    /// a^{−1} = a^{2^m − 2} (Itoh–Tsujii; multi-squarings are rotations), constant-time; none
    /// for 0 (only whether a is 0 is revealed, by the `CtOption`).
    pub fn inv(&self, a: &NbElement) -> subtle::CtOption<NbElement> {
        // β_k = a^{2^k − 1}: β_{2k} = β_k^{2^k}·β_k, β_{2k+1} = β_{2k}²·a, over the bits of m − 1.
        let e = self.m as usize - 1;
        let bits = usize::BITS - e.leading_zeros();
        let mut b = *a;
        let mut k = 1usize;
        for i in (0..bits - 1).rev() {
            b = self.mul(&self.sqr_n(&b, k), &b);
            k *= 2;
            if (e >> i) & 1 == 1 {
                b = self.mul(&self.sqr(&b), a);
                k += 1;
            }
        }
        subtle::CtOption::new(self.sqr(&b), !a.is_zero())
    }

    /// a^e for little-endian exponent limbs e; constant-time in a and e (square and
    /// multiply always, selecting by mask), the time depending only on e.len().
    pub fn pow(&self, a: &NbElement, e: &[u64]) -> NbElement {
        let mut r = self.one();
        for i in (0..64 * e.len()).rev() {
            r = self.sqr(&r);
            let t = self.mul(&r, a);
            let bit = Choice::from(((e[i / 64] >> (i % 64)) & 1) as u8);
            r = NbElement::conditional_select(&r, &t, bit);
        }
        r
    }

    /// The multiplier [`Gnb::mul_batch`] uses: the fastest measured for this field's type,
    /// degree and backend (BENCHMARKS.md, "Normal bases").
    ///
    /// Measured on Zen 3 (BENCHMARKS.md): Fan–Hasan wins for type 2 from m = 83 on 256-bit
    /// words and from m = 131 on 64-bit ones (a tie at m = 65 and 83 respectively) (below that its padding and additions cost more
    /// than they save); otherwise XESMPO, which needs the fewest XORs of the quadratic ones
    /// (AESMPO trades m²/2 ANDs for as many XORs, a tie in time). The AVX-512 backend follows
    /// the AVX2 rule until measured.
    pub fn best_multiplier(&self) -> Multiplier {
        let fan_hasan_from = if self.backend.get().lanes() > 64 {
            83
        } else {
            131
        };
        if self.plan.has_fan_hasan() && self.m >= fan_hasan_from {
            Multiplier::FanHasan
        } else {
            Multiplier::Xesmpo
        }
    }

    /// Whether this field can run `mult` ([`Error::NeedsTypeTwo`] for Fan–Hasan on a GNB
    /// of type other than 2).
    pub fn check_multiplier(&self, mult: Multiplier) -> Result<(), Error> {
        if mult == Multiplier::FanHasan && !self.plan.has_fan_hasan() {
            return Err(Error::NeedsTypeTwo { gnb_type: self.t });
        }
        Ok(())
    }

    /// c\[i\] = a\[i\]·b\[i\] for whole slices, bit-sliced (transposition in and out included)
    /// with [`Gnb::best_multiplier`]; constant-time.
    pub fn mul_batch(
        &self,
        a: &[NbElement],
        b: &[NbElement],
        c: &mut [NbElement],
    ) -> Result<(), Error> {
        self.mul_batch_with(self.best_multiplier(), a, b, c)
    }

    /// [`Gnb::mul_batch`] with a chosen multiplier (benchmarks and tests compare them);
    /// Fan–Hasan needs type 2.
    pub fn mul_batch_with(
        &self,
        mult: Multiplier,
        a: &[NbElement],
        b: &[NbElement],
        c: &mut [NbElement],
    ) -> Result<(), Error> {
        crate::error::same_len(c.len(), a.len())?;
        crate::error::same_len(c.len(), b.len())?;
        self.check_multiplier(mult)?;
        self.backend.run(sliced::MulBatch {
            plan: &self.plan,
            mult,
            a,
            b,
            c,
        });
        Ok(())
    }

    /// Runs an algorithm on bit-sliced elements ([`SlicedJob`]) with `mult`'s products, inside
    /// one match of the batch backend: 64, 256 or 512 lanes per word. Fan–Hasan needs type 2.
    pub fn run_sliced<J: SlicedJob<Gnb>>(
        &self,
        mult: Multiplier,
        job: J,
    ) -> Result<J::Output, Error> {
        self.check_multiplier(mult)?;
        Ok(self.backend.run(sliced::RunJob {
            plan: &self.plan,
            mult,
            job,
        }))
    }

    /// The word operations (ANDs, XORs) one bit-sliced product with `mult` executes, each
    /// on all lanes of a word: counted by running the multiplier on a counting word type.
    pub fn gate_count(&self, mult: Multiplier) -> Result<Gates, Error> {
        self.check_multiplier(mult)?;
        Ok(sliced::gates(&self.plan, mult))
    }

    /// out\[i\] = a\[i\]² (rotations).
    pub fn sqr_batch(&self, a: &[NbElement], out: &mut [NbElement]) -> Result<(), Error> {
        crate::error::same_len(out.len(), a.len())?;
        for (o, x) in out.iter_mut().zip(a) {
            *o = self.sqr(x);
        }
        Ok(())
    }

    /// out\[i\] = sqrt(a\[i\]) (rotations).
    pub fn sqrt_batch(&self, a: &[NbElement], out: &mut [NbElement]) -> Result<(), Error> {
        crate::error::same_len(out.len(), a.len())?;
        for (o, x) in out.iter_mut().zip(a) {
            *o = self.sqrt(x);
        }
        Ok(())
    }

    /// out\[i\] = Tr(a\[i\]) (parities).
    pub fn trace_batch(&self, a: &[NbElement], out: &mut [u8]) -> Result<(), Error> {
        crate::error::same_len(out.len(), a.len())?;
        for (o, x) in out.iter_mut().zip(a) {
            *o = self.trace(x);
        }
        Ok(())
    }
}

/// The operations token of a normal basis: its scalar operations (Ning–Yin products,
/// rotations), with no backend to match.
#[derive(Clone, Copy)]
struct GnbOps<'a>(&'a Gnb);

impl crate::job::FieldOps for GnbOps<'_> {
    type Outer = NbElement;
    type E = NbElement;

    fn degree(self) -> u32 {
        self.0.degree()
    }
    fn load(self, e: &NbElement) -> NbElement {
        *e
    }
    fn store(self, e: &NbElement) -> NbElement {
        *e
    }
    fn one(self) -> NbElement {
        self.0.one()
    }
    fn mul(self, a: &NbElement, b: &NbElement) -> NbElement {
        self.0.mul(a, b)
    }
    fn sqr(self, a: &NbElement) -> NbElement {
        self.0.sqr(a)
    }
    fn inv(self, a: &NbElement) -> NbElement {
        self.0.inv(a).unwrap_or(NbElement::ZERO)
    }
    fn sqrt(self, a: &NbElement) -> NbElement {
        self.0.sqrt(a)
    }
    fn trace(self, a: &NbElement) -> u8 {
        self.0.trace(a)
    }
    fn half_trace(self, a: &NbElement) -> NbElement {
        self.0.half_trace(a)
    }
}

impl Gnb {
    /// Runs `job` on this basis's scalar operations (the [`crate::job`] interface that
    /// polynomial-basis fields run inside one backend dispatch).
    pub fn run<J: crate::job::FieldJob<NbElement>>(&self, job: J) -> J::Output {
        job.run(GnbOps(self))
    }
}
