//! WG-29 over many keys at once, bit-sliced (Brumley–Page §V.B): w independent (key, IV)
//! pairs per word (w = 64 portable, 256 AVX2, 512 AVX-512: the batch backend of
//! `wegman_gf2::gnb`), each state word S\[j\] kept as 29 words, word i holding the normal-basis
//! coefficient a_i of S\[j\] in every lane. Then
//! - a squaring A^{2^k} is a renaming of words (coefficient i of A^{2^k} is a_{i−k});
//! - 1 = all ones, so I = x + 1 complements every word; the trace is the XOR of the 29 words;
//! - γ·x is a fixed linear map: output word k is the XOR of the input words j whose γ·β^{2^j}
//!   has coefficient k (about 15 XORs per word, instead of a product);
//! - the products of WGperm (nine, as in [`crate::wg29::wg_perm`]) run, by default, the
//!   matrix (Ning–Yin) form specialised to m = 29: straight-line code, one register
//!   accumulator per output word, constant offsets into the doubled operands (2.7× faster than
//!   the best general multiplier of `wegman_gf2::gnb`, whose partial products go through
//!   memory); any of those general ones can be chosen instead ([`Product`]). Either way the
//!   job runs inside `Gnb::run_sliced`'s backend dispatch.
//!
//! The state stays sliced between calls (as 64-bit groups); a batch of w lanes is one job,
//! and batches run on rayon's pool. Every lane runs the same word operations: constant-time
//! in every key and IV. The LFSR shift is a ring-buffer index (public).

use alloc::vec;
use alloc::vec::Vec;

use rayon::prelude::*;
use wegman_gf2::gnb::{Gnb, Multiplier, SlicedBackend, SlicedJob, SlicedOps, Word};
use zeroize::Zeroize;

use crate::error::Error;
use crate::fe29::Fe29;
use crate::wg29::{GAMMA, INIT_CLOCKS, check_sizes, load_words};

/// The degree.
const M: usize = 29;
/// LFSR stages.
const STAGES: usize = 11;

/// A bad (key, IV) pair of a batch: its index and what is wrong with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairError {
    /// The pair's index in the input.
    pub index: usize,
    /// The error.
    pub error: Error,
}

impl core::fmt::Display for PairError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "pair {}: {}", self.index, self.error)
    }
}

impl core::error::Error for PairError {}

/// Which bit-sliced product a batch runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Product {
    /// The matrix (Ning–Yin) form for m = 29 as straight-line code with one register
    /// accumulator per output word (`mul29`): the default, the fastest measured (BENCHMARKS.md,
    /// "WG-29").
    NingYin29,
    /// One of the general multipliers of `wegman_gf2::gnb`, through `Gnb::run_sliced`.
    Gnb(Multiplier),
}

impl core::fmt::Display for Product {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Product::NingYin29 => f.write_str("ning-yin-29"),
            Product::Gnb(m) => write!(f, "{m}"),
        }
    }
}

/// WG-29 on many (key, IV) pairs at once, bit-sliced. Key material is wiped on drop.
#[derive(Debug)]
pub struct Wg29Batch {
    gnb: Gnb,
    product: Product,
    /// Row k of the map x ↦ γ·x: bit j set when coefficient k of γ·β^{2^j} is 1.
    gamma_rows: [u32; M],
    /// Pairs.
    n: usize,
    /// One state per batch of `gnb.backend().lanes()` lanes: word (j, i) of stage j,
    /// coefficient i, as `groups` u64s at `(j·29 + i)·groups`.
    chunks: Vec<Vec<u64>>,
}

impl Drop for Wg29Batch {
    fn drop(&mut self) {
        for c in &mut self.chunks {
            c.zeroize();
        }
    }
}

/// The rows of the linear map x ↦ γ·x.
fn gamma_rows() -> [u32; M] {
    let mut rows = [0u32; M];
    for j in 0..M {
        let p = GAMMA * Fe29::from_coefficients(1 << j);
        let c = p.coefficients();
        for (k, r) in rows.iter_mut().enumerate() {
            *r |= ((c >> k) & 1) << j;
        }
    }
    rows
}

impl Wg29Batch {
    /// Loads and initialises every (key, IV) pair (keys of 80–128 bits, IVs of 32 or 64 bits;
    /// the first bad pair is the error) on the fastest batch backend of this CPU.
    pub fn new<K: AsRef<[u8]>, I: AsRef<[u8]>>(pairs: &[(K, I)]) -> Result<Wg29Batch, PairError> {
        let gnb = wegman_gf2::Gnb::with_type(29, Some(2)).map_err(|_| PairError {
            index: 0,
            error: Error::Field,
        })?;
        Wg29Batch::on(gnb, None, pairs)
    }

    /// [`Wg29Batch::new`] on a given backend and, optionally, a given product: for tests and
    /// benchmarks. The outer error if this CPU cannot run the backend, the inner one for a
    /// bad pair.
    #[doc(hidden)]
    pub fn with_backend<K: AsRef<[u8]>, I: AsRef<[u8]>>(
        backend: SlicedBackend,
        mult: Option<Product>,
        pairs: &[(K, I)],
    ) -> Result<Result<Wg29Batch, PairError>, wegman_arch::Unavailable> {
        let gnb = match Gnb::with_type(29, Some(2)) {
            Ok(g) => g.with_backend(backend)?,
            Err(_) => {
                return Ok(Err(PairError {
                    index: 0,
                    error: Error::Field,
                }));
            }
        };
        Ok(Wg29Batch::on(gnb, mult, pairs))
    }

    fn on<K: AsRef<[u8]>, I: AsRef<[u8]>>(
        gnb: Gnb,
        product: Option<Product>,
        pairs: &[(K, I)],
    ) -> Result<Wg29Batch, PairError> {
        for (index, (k, iv)) in pairs.iter().enumerate() {
            check_sizes(k.as_ref(), iv.as_ref()).map_err(|error| PairError { index, error })?;
        }
        let lanes = gnb.backend().lanes();
        let groups = lanes / 64;
        let mut b = Wg29Batch {
            product: product.unwrap_or(Product::NingYin29),
            gamma_rows: gamma_rows(),
            n: pairs.len(),
            chunks: Vec::new(),
            gnb,
        };
        // Load each batch's lanes (missing lanes stay zero), sliced.
        for chunk in pairs.chunks(lanes) {
            let mut words: Vec<[u32; STAGES]> = chunk
                .iter()
                .map(|(k, iv)| load_words(k.as_ref(), iv.as_ref()))
                .collect();
            let mut state = vec![0u64; STAGES * M * groups];
            for (l, w) in words.iter().enumerate() {
                for (j, &word) in w.iter().enumerate() {
                    let c = Fe29::from_word(word).coefficients();
                    for i in 0..M {
                        state[(j * M + i) * groups + l / 64] |= u64::from((c >> i) & 1) << (l % 64);
                    }
                }
            }
            words.zeroize();
            b.chunks.push(state);
        }
        b.run(INIT_CLOCKS, 0, &mut []);
        Ok(b)
    }

    /// Pairs in the batch.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the batch is empty.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The backend (lanes per word: `backend().lanes()`).
    pub fn backend(&self) -> SlicedBackend {
        self.gnb.backend()
    }

    /// The bit-sliced product the batch runs.
    pub fn product(&self) -> Product {
        self.product
    }

    /// The next `bytes` keystream bytes of every pair, pair-major: pair p's bytes at
    /// `out\[p·bytes..(p + 1)·bytes\]` (`out` must hold `len()·bytes`).
    pub fn keystream(&mut self, bytes: usize, out: &mut [u8]) -> Result<(), Error> {
        if out.len() != self.n * bytes {
            return Err(Error::OutputLength {
                expected: self.n * bytes,
                got: out.len(),
            });
        }
        self.run(0, bytes, out);
        Ok(())
    }

    /// The next `bytes` keystream bytes of every pair, one vector per pair.
    pub fn keystream_vec(&mut self, bytes: usize) -> Vec<Vec<u8>> {
        let mut out = vec![0u8; self.n * bytes];
        self.run(0, bytes, &mut out);
        if bytes == 0 {
            return vec![Vec::new(); self.n];
        }
        out.chunks(bytes).map(<[u8]>::to_vec).collect()
    }

    /// `init` initialisation clocks, then `bytes` keystream bytes per pair into `out`
    /// (pair-major), every batch as one job, batches in parallel.
    fn run(&mut self, init: usize, bytes: usize, out: &mut [u8]) {
        let lanes = self.gnb.backend().lanes();
        let (gnb, product, rows) = (&self.gnb, self.product, &self.gamma_rows);
        // The job's own product needs no multiplier of the field's; any one serves the
        // dispatch.
        let mult = match product {
            Product::NingYin29 => Multiplier::Xesmpo,
            Product::Gnb(m) => m,
        };
        let per_chunk = lanes * bytes;
        let mut outs: Vec<&mut [u8]> = if bytes == 0 {
            self.chunks.iter().map(|_| <&mut [u8]>::default()).collect()
        } else {
            out.chunks_mut(per_chunk).collect()
        };
        let work = |(state, out): (&mut Vec<u64>, &mut &mut [u8])| {
            let job = ClockJob {
                own: product == Product::NingYin29,
                state,
                rows,
                init,
                bytes,
                out,
            };
            // The multiplier was checked when the batch was made (type 2 has all six).
            let _ = gnb.run_sliced(mult, job);
        };
        if self.chunks.len() > 1 {
            self.chunks
                .par_iter_mut()
                .zip(outs.par_iter_mut())
                .for_each(work);
        } else {
            self.chunks.iter_mut().zip(outs.iter_mut()).for_each(work);
        }
    }
}

/// `init` clocks with the permutation, then `bytes` keystream bytes per lane, on one batch.
struct ClockJob<'a> {
    /// Whether the products run `mul29` (else the field's multiplier in `ops`).
    own: bool,
    state: &'a mut [u64],
    rows: &'a [u32; M],
    init: usize,
    bytes: usize,
    /// Lane-major keystream bytes of this batch's lanes (fewer than w in the last batch).
    out: &'a mut [u8],
}

type El<W> = [W; M];

#[inline(always)]
fn xor<W: Word>(a: &El<W>, b: &El<W>) -> El<W> {
    core::array::from_fn(|i| a[i].xor(b[i]))
}

/// A^{2^k}: coefficient i is a_{i−k}.
#[inline(always)]
fn sqr_n<W: Word>(a: &El<W>, k: usize) -> El<W> {
    core::array::from_fn(|i| a[(i + M - k % M) % M])
}

#[inline(always)]
fn mul<W: Word>(ops: &mut SlicedOps<'_, W>, own: bool, a: &El<W>, b: &El<W>) -> El<W> {
    if own {
        return mul29(a, b);
    }
    let mut c = [W::zero(); M];
    ops.mul(a, b, &mut c);
    c
}

/// The terms a_{x+k}·(b_{y₁+k} + b_{y₂+k}) of rows x = 1..28 ([`crate::fe29::gnb29_rows!`]).
macro_rules! ning_yin29_terms {
    ($acc:ident, $a2:expr, $b2:expr, $k:expr; $(($x:literal, $y1:literal, $y2:literal)),* $(,)?) => {
        $( $acc = $acc.xor($a2[$x + $k].and($b2[$y1 + $k].xor($b2[$y2 + $k]))); )*
    };
}

/// A·B on every lane for m = 29 in the matrix (Ning–Yin) form with one register accumulator
/// per output word: c_k = a_k·b_{k+1} + Σ_{x ≥ 1} a_{x+k}·(b_{y₁(x)+k} + b_{y₂(x)+k}), straight-line
/// terms with constant offsets into the doubled operands.
#[inline(always)]
fn mul29<W: Word>(a: &El<W>, b: &El<W>) -> El<W> {
    let mut a2 = [W::zero(); 2 * M];
    let mut b2 = [W::zero(); 2 * M];
    a2[..M].copy_from_slice(a);
    a2[M..].copy_from_slice(a);
    b2[..M].copy_from_slice(b);
    b2[M..].copy_from_slice(b);
    let mut c = [W::zero(); M];
    for (k, ck) in c.iter_mut().enumerate() {
        let mut acc = a2[k].and(b2[k + 1]);
        crate::fe29::gnb29_rows!(ning_yin29_terms!(acc, a2, b2, k;));
        *ck = acc;
    }
    c
}

/// γ·x by the rows of the linear map.
#[inline(always)]
fn mul_gamma<W: Word>(rows: &[u32; M], x: &El<W>) -> El<W> {
    core::array::from_fn(|k| {
        let mut r = rows[k];
        let mut acc = W::zero();
        while r != 0 {
            acc = acc.xor(x[r.trailing_zeros() as usize]);
            r &= r - 1;
        }
        acc
    })
}

/// WGperm on every lane (as [`crate::wg29::wg_perm`]).
#[inline(always)]
fn wg_perm<W: Word>(ops: &mut SlicedOps<'_, W>, own: bool, x: &El<W>) -> El<W> {
    let ones = W::splat(!0);
    let i: El<W> = core::array::from_fn(|k| x[k].xor(ones));
    // The nine products of `crate::wg29::wg_perm`.
    let e2 = mul(ops, own, &sqr_n(&i, 1), &i);
    let e4 = mul(ops, own, &sqr_n(&e2, 2), &e2);
    let e5 = mul(ops, own, &sqr_n(&e4, 1), &i);
    let e10 = mul(ops, own, &sqr_n(&e5, 5), &e5);
    let a19 = sqr_n(&i, 19);
    let q1 = mul(ops, own, &sqr_n(&i, 10), &i);
    let a9i = mul(ops, own, &sqr_n(&i, 9), &i);
    let q2 = mul(ops, own, &a19, &a9i);
    let q3 = mul(ops, own, &sqr_n(&e10, 9), &i);
    let q4 = mul(ops, own, &a19, &e10);
    let s = xor(&xor(&xor(&i, &q1), &xor(&q2, &q3)), &q4);
    core::array::from_fn(|k| s[k].xor(ones))
}

/// One clock on the ring of stages (S\[k\] is `ring[(head + k) % 11]`), with `extra` added into
/// the feedback. A function forced inline, not a closure: closures left out of line are
/// compiled without the job's target features.
#[inline(always)]
fn clock<W: Word>(
    rows: &[u32; M],
    ring: &mut [El<W>; STAGES],
    head: &mut usize,
    extra: Option<&El<W>>,
) {
    let s = |k: usize| &ring[(*head + k) % STAGES];
    let mut new = xor(&mul_gamma(rows, s(10)), s(9));
    for k in [7, 4, 1, 0] {
        new = xor(&new, s(k));
    }
    if let Some(e) = extra {
        new = xor(&new, e);
    }
    *head = (*head + STAGES - 1) % STAGES;
    ring[*head] = new;
}

impl SlicedJob<Gnb> for ClockJob<'_> {
    type Output = ();

    #[inline(always)]
    fn run<W: Word>(self, ops: &mut SlicedOps<'_, W>) {
        let g = W::GROUPS;
        let lanes = 64 * g;
        // The stages in a ring: S[k] is ring[(head + k) % 11].
        let mut ring: [El<W>; STAGES] = core::array::from_fn(|j| {
            core::array::from_fn(|i| W::from_groups(|k| self.state[(j * M + i) * g + k]))
        });
        let mut head = 0usize;
        for _ in 0..self.init {
            let p = wg_perm(ops, self.own, &ring[(head + 10) % STAGES]);
            clock(self.rows, &mut ring, &mut head, Some(&p));
        }
        let valid = self.out.len().checked_div(self.bytes).unwrap_or(0);
        for byte in 0..self.bytes {
            let mut bits = [W::zero(); 8];
            for b in bits.iter_mut() {
                clock(self.rows, &mut ring, &mut head, None);
                let p = wg_perm(ops, self.own, &ring[(head + 10) % STAGES]);
                *b = p.iter().fold(W::zero(), |acc, w| acc.xor(*w));
            }
            for l in 0..valid.min(lanes) {
                let mut v = 0u8;
                for b in &bits {
                    v = (v << 1) | ((b.group(l / 64) >> (l % 64)) & 1) as u8;
                }
                self.out[l * self.bytes + byte] = v;
            }
        }
        // Back in logical order.
        for j in 0..STAGES {
            for (i, w) in ring[(head + j) % STAGES].iter().enumerate() {
                for k in 0..g {
                    self.state[(j * M + i) * g + k] = w.group(k);
                }
            }
        }
    }
}
