//! Variable-time scalar multiplication for public scalars, as field jobs: w-NAF
//! double-and-add in López–Dahab coordinates, and w-NAF halve-and-add (Knudsen; Schroeppel;
//! HMV Alg. 3.91, right to left), which halves P in λ-coordinates and adds into López–Dahab
//! accumulators.
//!
//! The w-NAF of k is Σ d_i 2^i with every nonzero d_i odd, |d_i| < 2^{w−1}, and at most one
//! nonzero digit in any w consecutive ones. Halve-and-add writes
//! k ≡ k'/2^{t−1} (mod n) with k' = 2^{t−1} k mod n (t the bit length of n), so
//! kP = Σ_i d'_i (P/2^{t−1−i}) over the w-NAF digits d'_i of k': digit i adds ±P/2^{t−1−i} to
//! the accumulator Q_{|d'_i|}, and kP = Σ_j j·Q_j. Halving needs Tr(a) = 1.

use alloc::vec;
use alloc::vec::Vec;

use wegman_gf2::{FieldJob, FieldOps};

use crate::curve::Curve;
use crate::error::Error;
use crate::field::CurveField;
use crate::halve::Coords;
use crate::ld::{Aff, Consts, Ctx, Ld};
use crate::point::Point;
use crate::scalar::Scalar;

/// Limbs of the working integers (one more than a scalar, for carries).
const L: usize = 10;

fn to_wide(k: &Scalar) -> [u64; L] {
    let mut x = [0u64; L];
    x[..9].copy_from_slice(k.limbs());
    x
}

fn is_zero(x: &[u64; L]) -> bool {
    x.iter().all(|&w| w == 0)
}

fn geq(a: &[u64; L], b: &[u64; L]) -> bool {
    for i in (0..L).rev() {
        if a[i] != b[i] {
            return a[i] > b[i];
        }
    }
    true
}

fn sub(a: &mut [u64; L], b: &[u64; L]) {
    let mut borrow = 0u64;
    for i in 0..L {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow);
        a[i] = d;
        borrow = u64::from(b1 | b2);
    }
}

fn add_small(a: &mut [u64; L], v: u64) {
    let mut carry = v;
    for w in a.iter_mut() {
        let (s, o) = w.overflowing_add(carry);
        *w = s;
        carry = u64::from(o);
        if carry == 0 {
            break;
        }
    }
}

fn sub_small(a: &mut [u64; L], v: u64) {
    let mut b = [0u64; L];
    b[0] = v;
    sub(a, &b);
}

fn shr1(a: &mut [u64; L]) {
    for i in 0..L {
        a[i] = (a[i] >> 1) | a.get(i + 1).map_or(0, |&h| h << 63);
    }
}

/// The w-NAF digits of k, lowest first (2 ≤ w ≤ 7).
pub fn wnaf(k: &Scalar, w: u32) -> Vec<i8> {
    let mut x = to_wide(k);
    let mut out = Vec::new();
    let m = 1u64 << w;
    while !is_zero(&x) {
        if x[0] & 1 == 1 {
            let r = x[0] & (m - 1);
            if r >= m / 2 {
                // d = r − 2^w < 0: k − d = k + (2^w − r).
                add_small(&mut x, m - r);
                out.push(r as i8 - m as i8);
            } else {
                sub_small(&mut x, r);
                out.push(r as i8);
            }
        } else {
            out.push(0);
        }
        shr1(&mut x);
    }
    out
}

/// The w-NAF width for a curve of order length t: 4 up to 300 bits, 5 above (the table of
/// 2^{w−2} odd multiples pays for itself over longer scalars).
fn width(t: u32) -> u32 {
    if t <= 300 { 4 } else { 5 }
}

/// k' = 2^{t−1}·k mod n (variable-time), so that k ≡ k'/2^{t−1}.
fn halving_scalar(k: &Scalar, n: &Scalar, t: u32) -> Scalar {
    let n = to_wide(n);
    let mut x = to_wide(k);
    while geq(&x, &n) {
        sub(&mut x, &n);
    }
    for _ in 0..t - 1 {
        let top = x[L - 1] >> 63;
        for i in (0..L).rev() {
            x[i] = (x[i] << 1) | if i > 0 { x[i - 1] >> 63 } else { 0 };
        }
        if top == 1 || geq(&x, &n) {
            sub(&mut x, &n);
        }
    }
    Scalar::from_limbs(&x[..9])
}

/// ±T[(|d| − 1)/2] for a nonzero digit d (−(x, y) = (x, x + y)).
#[inline(always)]
fn signed<E: Copy + core::ops::Add<Output = E>>(table: &[Aff<E>], d: i8) -> Aff<E> {
    let p = table[(d.unsigned_abs() as usize - 1) / 2];
    if d < 0 {
        Aff {
            x: p.x,
            y: p.x + p.y,
        }
    } else {
        p
    }
}

/// What a [`WalkJob`] computes from P (the walk itself is public).
pub(crate) enum Walk {
    /// 2^k·P by k López–Dahab doublings (constant-time in P).
    Double(u32),
    /// kP, left to right, doubling: the width-w NAF digits of k.
    DoubleAdd { digits: Vec<i8>, w: u32 },
    /// kP, right to left, halving: the width-w NAF digits of k' = 2^{t−1}·k mod n.
    HalveAdd { digits: Vec<i8>, w: u32 },
    /// kP on a Koblitz curve, by Frobenius maps: the τNAF digits of k mod δ and the digit
    /// set α_u = β_u + γ_u·τ (`crate::tnaf`).
    Tnaf {
        digits: Vec<i8>,
        alphas: Vec<(i64, i64)>,
    },
}

/// One [`Walk`] from the point P = `p` inside one field dispatch.
struct WalkJob<E> {
    consts: Consts<E>,
    p: (E, E),
    walk: Walk,
}

impl<E> FieldJob<E> for WalkJob<E> {
    type Output = Option<(E, E)>;

    #[inline(always)]
    fn run<O: FieldOps<Outer = E>>(self, o: O) -> Option<(E, E)> {
        let c = Ctx::new(o, &self.consts);
        let p = Aff {
            x: o.load(&self.p.0),
            y: o.load(&self.p.1),
        };
        let r = match self.walk {
            Walk::Double(k) => Some((0..k).fold(c.lift(&p), |q, _| c.dbl(&q))),
            Walk::DoubleAdd { digits, w } => double_add(&c, p, &digits, w),
            Walk::HalveAdd { digits, w } => halve_add(&c, p, &digits, w),
            Walk::Tnaf { digits, alphas } => crate::tnaf::tnaf_walk(&c, p, &digits, &alphas),
        };
        c.affine(&r?).map(|q| (o.store(&q.x), o.store(&q.y)))
    }
}

/// kP by w-NAF double-and-add in López–Dahab coordinates.
#[inline(always)]
fn double_add<O: FieldOps>(c: &Ctx<O>, p: Aff<O::E>, digits: &[i8], w: u32) -> Option<Ld<O::E>> {
    // P, 3P, …, (2^{w−1} − 1)P: 2P affine, the rest López–Dahab, then one inversion.
    let p2 = c.affine(&c.dbl(&c.lift(&p)))?;
    let count = 1usize << (w - 2);
    let mut ld = Vec::with_capacity(count);
    ld.push(c.lift(&p));
    for i in 1..count {
        let next = c.add_mixed_vartime(&ld[i - 1], &p2);
        ld.push(next);
    }
    // An odd multiple below n is never O (n is prime and larger than the table).
    let table: Vec<Aff<O::E>> = c
        .affine_batch_vartime(&ld)
        .into_iter()
        .map(|q| q.unwrap_or(p))
        .collect();
    let mut r = c.identity();
    let mut started = false;
    for &d in digits.iter().rev() {
        if started {
            r = c.dbl(&r);
        }
        if d != 0 {
            r = c.add_mixed_vartime(&r, &signed(&table, d));
            started = true;
        }
    }
    Some(r)
}

/// kP by right-to-left w-NAF halve-and-add (HMV Alg. 3.91): P is halved in affine
/// λ-coordinates (one multiplication, a half-trace, a square root and a trace per halving, no
/// inversion), each nonzero digit adds ±P/2^i to one of 2^{w−2} López–Dahab accumulators,
/// and Σ_j j·Q_j ends it.
#[inline(always)]
fn halve_add<O: FieldOps>(c: &Ctx<O>, p: Aff<O::E>, digits: &[i8], w: u32) -> Option<Ld<O::E>> {
    let (o, t) = (c.o, c.n_bits as usize);
    let (x, y) = (p.x, p.y);
    let count = 1usize << (w - 2);
    let mut acc = vec![c.identity(); count];
    let add = |acc: &mut [Ld<O::E>], d: i8, q: &Aff<O::E>| {
        if d != 0 {
            let j = (d.unsigned_abs() as usize - 1) / 2;
            acc[j] = c.add_mixed_vartime(&acc[j], &signed(core::slice::from_ref(q), d.signum()));
        }
    };
    // Digit t (k' may need t + 1 digits) goes with 2P.
    if let Some(&d) = digits.get(t)
        && let Some(p2) = c.affine(&c.dbl(&c.lift(&p)))
    {
        add(&mut acc, d, &p2);
    }
    // Digit i goes with P/2^{t−1−i}: from t − 1 down, halving between digits.
    let (mut u, mut l) = (x, x + o.mul(&y, &o.inv(&x)));
    for i in (0..t).rev() {
        let d = digits.get(i).copied().unwrap_or(0);
        if d != 0 {
            let q = Aff {
                x: u,
                y: o.mul(&u, &(l + u)),
            };
            add(&mut acc, d, &q);
        }
        if i > 0 {
            (u, l) = c.halve_lambda_vartime(&u, &l);
        }
    }
    // Σ_j (2j + 1)·Q_j = 2S − R with R = Σ Q_j and S = Σ_j (j + 1)·Q_j, by running sums.
    let mut r = c.identity();
    let mut s = c.identity();
    for q in acc.iter().rev() {
        r = c.add_vartime(&r, q);
        s = c.add_vartime(&s, &r);
    }
    Some(c.add_vartime(&c.dbl(&s), &c.neg(&r)))
}

impl<F: CurveField> Curve<F> {
    /// kP by w-NAF double-and-add in López–Dahab coordinates (w = 4 up to 300-bit orders, 5
    /// above): variable-time, public k and P only.
    pub fn mul_wnaf_vartime(&self, k: &Scalar, p: &Point<F::Elem>) -> Point<F::Elem> {
        let Point::Affine { x, y } = *p else {
            return Point::Infinity;
        };
        let w = width(self.order_bits());
        self.run_walk(
            (x, y),
            Walk::DoubleAdd {
                digits: wnaf(k, w),
                w,
            },
        )
    }

    /// kP by w-NAF halve-and-add (the width of [`Curve::mul_wnaf_vartime`]), for P in the
    /// subgroup of order n on curves with Tr(a) = 1: variable-time, public k and P only.
    pub fn mul_halve_vartime(
        &self,
        k: &Scalar,
        p: &Point<F::Elem>,
    ) -> Result<Point<F::Elem>, Error> {
        let Some((x, y)) = self.halvable_vartime(p)? else {
            return Ok(Point::Infinity);
        };
        let t = self.order_bits();
        let w = width(t);
        let digits = wnaf(&halving_scalar(k, self.order(), t), w);
        Ok(self.run_walk((x, y), Walk::HalveAdd { digits, w }))
    }

    /// The point `walk` computes from P = `p`, in one field dispatch.
    pub(crate) fn run_walk(&self, p: Coords<F::Elem>, walk: Walk) -> Point<F::Elem> {
        self.run_point(WalkJob {
            consts: self.consts(),
            p,
            walk,
        })
    }
}
