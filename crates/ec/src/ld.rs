//! López–Dahab projective coordinates inside a field job ([`wegman_gf2::job`]): (X : Y : Z)
//! stands for x = X/Z, y = Y/Z² (López–Dahab, SAC 1998; HMV §3.2.3); Z = 0 is the identity.
//!
//! On y² + xy = x³ + ax² + b with a ∈ {0, 1}:
//! - **doubling** (HMV Alg. 3.24), 4M + 5S (3M + 5S when b = 1):
//!   Z₃ = X₁²Z₁², X₃ = X₁⁴ + bZ₁⁴, Y₃ = bZ₁⁴·Z₃ + X₃(aZ₃ + Y₁² + bZ₁⁴);
//! - **mixed addition** of an affine (x₂, y₂) (HMV Alg. 3.25), 8M + 5S: A = y₂Z₁² + Y₁,
//!   B = x₂Z₁ + X₁, C = Z₁B, D = B²(C + aZ₁²), Z₃ = C², E = AC, X₃ = A² + D + E,
//!   F = X₃ + x₂Z₃, G = (x₂ + y₂)Z₃², Y₃ = (E + Z₃)F + G;
//! - **general addition**, 13M + 6S, from λ = (y₁ + y₂)/(x₁ + x₂) with
//!   A = Y₁Z₂² + Y₂Z₁², B = X₁Z₂ + X₂Z₁, D = Z₂B, C = Z₁D: Z₃ = C²,
//!   X₃ = A² + AC + B²C + aC², Y₃ = Z₃(A·D·X₁ + D²Y₁) + X₃(AC + Z₃).
//!
//! B = 0 means P₁ = ±P₂: a doubling when A = 0, the identity otherwise. The `_vartime`
//! functions branch on that (public points); the constant-time users select by mask.

use alloc::vec;
use alloc::vec::Vec;

use subtle::{Choice, ConditionallySelectable};
use wegman_gf2::FieldOps;

/// The curve's constants inside a job.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Consts<E> {
    /// a = 1 (else 0).
    pub(crate) a_one: bool,
    /// b.
    pub(crate) b: E,
    /// b = 1 (the Koblitz curves).
    pub(crate) b_one: bool,
    /// The bit length of n.
    pub(crate) n_bits: u32,
}

/// A curve's constants loaded into a job, with its operations token.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<O: FieldOps> {
    pub(crate) o: O,
    a_one: bool,
    b: O::E,
    b_one: bool,
    pub(crate) n_bits: u32,
}

/// An affine point inside a job.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aff<E> {
    pub(crate) x: E,
    pub(crate) y: E,
}

/// A López–Dahab point inside a job (Z = 0: the identity).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ld<E> {
    pub(crate) x: E,
    pub(crate) y: E,
    pub(crate) z: E,
}

impl<E: ConditionallySelectable> ConditionallySelectable for Ld<E> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Ld {
            x: E::conditional_select(&a.x, &b.x, c),
            y: E::conditional_select(&a.y, &b.y, c),
            z: E::conditional_select(&a.z, &b.z, c),
        }
    }
}

impl<O: FieldOps> Ctx<O> {
    /// The constants of `c` on the token `o`.
    #[inline(always)]
    pub(crate) fn new(o: O, c: &Consts<O::Outer>) -> Ctx<O> {
        Ctx {
            o,
            a_one: c.a_one,
            b: o.load(&c.b),
            b_one: c.b_one,
            n_bits: c.n_bits,
        }
    }

    /// b·e.
    #[inline(always)]
    pub(crate) fn mul_b(&self, e: &O::E) -> O::E {
        if self.b_one {
            *e
        } else {
            self.o.mul(&self.b, e)
        }
    }

    /// a·e.
    #[inline(always)]
    pub(crate) fn mul_a(&self, e: &O::E) -> O::E {
        if self.a_one { *e } else { self.o.zero() }
    }

    /// a as an element.
    #[inline(always)]
    pub(crate) fn a(&self) -> O::E {
        if self.a_one {
            self.o.one()
        } else {
            self.o.zero()
        }
    }

    /// The identity in López–Dahab form.
    #[inline(always)]
    pub(crate) fn identity(&self) -> Ld<O::E> {
        Ld {
            x: self.o.one(),
            y: self.o.zero(),
            z: self.o.zero(),
        }
    }

    /// An affine point as (x : y : 1).
    #[inline(always)]
    pub(crate) fn lift(&self, p: &Aff<O::E>) -> Ld<O::E> {
        Ld {
            x: p.x,
            y: p.y,
            z: self.o.one(),
        }
    }

    /// −P = (X : XZ + Y : Z) (1M).
    #[inline(always)]
    pub(crate) fn neg(&self, p: &Ld<O::E>) -> Ld<O::E> {
        Ld {
            x: p.x,
            y: self.o.mul(&p.x, &p.z) + p.y,
            z: p.z,
        }
    }

    /// 2P, constant-time (the identity and points of order 2 give Z = 0).
    #[inline(always)]
    pub(crate) fn dbl(&self, p: &Ld<O::E>) -> Ld<O::E> {
        let o = self.o;
        let z2 = o.sqr(&p.z);
        let x2 = o.sqr(&p.x);
        let z3 = o.mul(&x2, &z2);
        let bz4 = self.mul_b(&o.sqr(&z2));
        let x3 = o.sqr(&x2) + bz4;
        let t = o.sqr(&p.y) + bz4 + self.mul_a(&z3);
        let y3 = o.mul(&x3, &t) + o.mul(&bz4, &z3);
        Ld {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// The mixed sum's formulas for P ≠ ±Q, P ≠ O, with (A, B) = 0 flags for the exceptions.
    #[inline(always)]
    pub(crate) fn add_mixed_raw(&self, p: &Ld<O::E>, q: &Aff<O::E>) -> (Ld<O::E>, Choice, Choice) {
        let o = self.o;
        let t2 = o.sqr(&p.z);
        let b = p.x + o.mul(&q.x, &p.z);
        let a = p.y + o.mul(&t2, &q.y);
        let c = o.mul(&p.z, &b);
        let z3 = o.sqr(&c);
        let e = o.mul(&c, &a);
        let d = o.mul(&o.sqr(&b), &(c + self.mul_a(&t2)));
        let x3 = o.sqr(&a) + d + e;
        let f = x3 + o.mul(&q.x, &z3);
        let g = o.mul(&(q.x + q.y), &o.sqr(&z3));
        let y3 = o.mul(&(e + z3), &f) + g;
        (
            Ld {
                x: x3,
                y: y3,
                z: z3,
            },
            o.is_zero(&a),
            o.is_zero(&b),
        )
    }

    /// P + Q for public points (P López–Dahab, possibly O; Q affine, not O).
    #[inline(always)]
    pub(crate) fn add_mixed_vartime(&self, p: &Ld<O::E>, q: &Aff<O::E>) -> Ld<O::E> {
        if bool::from(self.o.is_zero(&p.z)) {
            return self.lift(q);
        }
        let (r, a0, b0) = self.add_mixed_raw(p, q);
        if bool::from(b0) {
            return if bool::from(a0) {
                self.dbl(&self.lift(q))
            } else {
                self.identity()
            };
        }
        r
    }

    /// P + Q for public López–Dahab points.
    #[inline(always)]
    pub(crate) fn add_vartime(&self, p: &Ld<O::E>, q: &Ld<O::E>) -> Ld<O::E> {
        let o = self.o;
        if bool::from(o.is_zero(&p.z)) {
            return *q;
        }
        if bool::from(o.is_zero(&q.z)) {
            return *p;
        }
        let s1 = o.sqr(&p.z);
        let s2 = o.sqr(&q.z);
        let a = o.mul(&p.y, &s2) + o.mul(&q.y, &s1);
        let b = o.mul(&p.x, &q.z) + o.mul(&q.x, &p.z);
        if bool::from(o.is_zero(&b)) {
            return if bool::from(o.is_zero(&a)) {
                self.dbl(p)
            } else {
                self.identity()
            };
        }
        let d = o.mul(&q.z, &b);
        let c = o.mul(&p.z, &d);
        let z3 = o.sqr(&c);
        let ac = o.mul(&a, &c);
        let x3 = o.sqr(&a) + ac + o.mul(&o.sqr(&b), &c) + self.mul_a(&z3);
        let inner = o.mul(&o.mul(&a, &d), &p.x) + o.mul(&o.sqr(&d), &p.y);
        let y3 = o.mul(&z3, &inner) + o.mul(&x3, &(ac + z3));
        Ld {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// The affine form of P (one inversion), `None` for O. Constant-time apart from
    /// revealing whether P = O.
    #[inline(always)]
    pub(crate) fn affine(&self, p: &Ld<O::E>) -> Option<Aff<O::E>> {
        let o = self.o;
        // Revealed on purpose: whether P = O.
        if bool::from(wegman_arch::ct::declassify(o.is_zero(&p.z))) {
            return None;
        }
        let zi = o.inv(&p.z);
        Some(Aff {
            x: o.mul(&p.x, &zi),
            y: o.mul(&p.y, &o.sqr(&zi)),
        })
    }

    /// The affine forms of public points with one inversion (Montgomery's trick); `None` for
    /// each O.
    #[inline(always)]
    pub(crate) fn affine_batch_vartime(&self, ps: &[Ld<O::E>]) -> Vec<Option<Aff<O::E>>> {
        let o = self.o;
        // prefix[i] = Π of the nonzero Z before i.
        let mut prefix = vec![o.one(); ps.len() + 1];
        for (i, p) in ps.iter().enumerate() {
            prefix[i + 1] = if bool::from(o.is_zero(&p.z)) {
                prefix[i]
            } else {
                o.mul(&prefix[i], &p.z)
            };
        }
        let mut inv = o.inv(&prefix[ps.len()]);
        let mut out = vec![None; ps.len()];
        for (i, p) in ps.iter().enumerate().rev() {
            if bool::from(o.is_zero(&p.z)) {
                continue;
            }
            let zi = o.mul(&inv, &prefix[i]);
            inv = o.mul(&inv, &p.z);
            out[i] = Some(Aff {
                x: o.mul(&p.x, &zi),
                y: o.mul(&p.y, &o.sqr(&zi)),
            });
        }
        out
    }
}
