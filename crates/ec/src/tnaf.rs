//! Scalar multiplication on the Koblitz curves by the width-w τ-adic NAF (Solinas 2000; HMV
//! §3.4, Algorithms 3.61–3.69), for public scalars: the doublings of double-and-add become
//! Frobenius maps τ(x, y) = (x², y²), three squarings in López–Dahab coordinates.
//!
//! On E_a: y² + xy = x³ + ax² + 1 (a ∈ {0, 1}), τ satisfies τ² − μτ + 2 = 0 with
//! μ = (−1)^{1−a}, so Z[τ] acts on E(F_{2^m}), and τ^m = 1 there. With
//! δ = (τ^m − 1)/(τ − 1), whose norm N(δ) = d0² + μd0d1 + 2d1² is n, δ·P = O for every P
//! in the subgroup of order n, so k·P = ρ·P for ρ = k mod δ, an element of norm about n
//! instead of k's n². The steps:
//!
//! 1. **Reduction.** ρ = k − qδ with q = Round(k·δ̄/n) (δ̄ the conjugate), rounded in Z[τ]
//!    by HMV Alg. 3.63 so that ρ has the least norm; exact big-integer arithmetic (public
//!    data), no approximation.
//! 2. **Width-w τNAF** (HMV Alg. 3.69): while ρ ≠ 0, if ρ = r0 + r1τ has r0 odd take
//!    u = r0 + r1·t_w mods 2^w (t_w ≡ τ mod τ^w) and subtract ±α_|u|, where α_u = u mods τ^w
//!    is the least-norm representative; then divide by τ. Digits are 0 or ±α_u with u odd,
//!    |u| < 2^{w−1}, at most one nonzero in any w consecutive; about m + a digits.
//! 3. **Evaluation** (one field job): the 2^{w−2} points α_u·P = β_u·P + γ_u·τ(P), then
//!    Q ← τ(Q) and Q ← Q ± α_u·P from the top digit down.

use alloc::vec;
use alloc::vec::Vec;

use num_bigint::{BigInt, Sign};
use wegman_gf2::FieldOps;

use crate::ld::{Aff, Ctx, Ld};

/// An element r0 + r1·τ of Z[τ].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Zt {
    pub(crate) r0: BigInt,
    pub(crate) r1: BigInt,
}

/// ⌊a/b⌋ for b > 0.
fn floor_div(a: &BigInt, b: &BigInt) -> BigInt {
    let q = a / b;
    if (a - &q * b).sign() == Sign::Minus {
        q - 1
    } else {
        q
    }
}

impl Zt {
    fn new(r0: impl Into<BigInt>, r1: impl Into<BigInt>) -> Zt {
        Zt {
            r0: r0.into(),
            r1: r1.into(),
        }
    }

    /// (a0 + a1τ)(b0 + b1τ), with τ² = μτ − 2.
    fn mul(&self, b: &Zt, mu: i64) -> Zt {
        let t = &self.r1 * &b.r1;
        Zt {
            r0: &self.r0 * &b.r0 - 2 * &t,
            r1: &self.r0 * &b.r1 + &self.r1 * &b.r0 + mu * t,
        }
    }

    fn sub(&self, b: &Zt) -> Zt {
        Zt {
            r0: &self.r0 - &b.r0,
            r1: &self.r1 - &b.r1,
        }
    }

    /// The conjugate: τ̄ = μ − τ.
    fn conj(&self, mu: i64) -> Zt {
        Zt {
            r0: &self.r0 + mu * &self.r1,
            r1: -&self.r1,
        }
    }

    /// N(a0 + a1τ) = a0² + μa0a1 + 2a1².
    fn norm(&self, mu: i64) -> BigInt {
        &self.r0 * &self.r0 + mu * &self.r0 * &self.r1 + 2 * &self.r1 * &self.r1
    }

    /// τ^k = U_k·τ − 2U_{k−1} (Lucas: U_0 = 0, U_1 = 1, U_{i+1} = μU_i − 2U_{i−1}).
    fn tau_pow(k: u32, mu: i64) -> Zt {
        let (mut prev, mut cur) = (BigInt::from(0), BigInt::from(1));
        for _ in 1..k {
            let next = mu * &cur - 2 * &prev;
            prev = core::mem::replace(&mut cur, next);
        }
        if k == 0 {
            return Zt::new(1, 0);
        }
        Zt::new(-2 * prev, cur)
    }

    /// x mod d: x − q·d with q = Round(x·d̄ / N(d)) (HMV Alg. 3.63), the remainder of least
    /// norm.
    fn rem(&self, d: &Zt, n: &BigInt, mu: i64) -> Zt {
        let l = self.mul(&d.conj(mu), mu);
        let q = round(&l.r0, &l.r1, n, mu);
        self.sub(&q.mul(d, mu))
    }
}

/// Rounding (λ0, λ1) = (l0/n, l1/n) to an element of Z[τ] (HMV Alg. 3.63), exactly.
fn round(l0: &BigInt, l1: &BigInt, n: &BigInt, mu: i64) -> Zt {
    let two_n = 2 * n;
    let f0 = floor_div(&(2 * l0 + n), &two_n);
    let f1 = floor_div(&(2 * l1 + n), &two_n);
    // η_i·n.
    let e0 = l0 - &f0 * n;
    let e1 = l1 - &f1 * n;
    let eta = 2 * &e0 + mu * &e1;
    let a = &e0 - 3 * mu * &e1;
    let b = &e0 + 4 * mu * &e1;
    let (mut h0, mut h1) = (0i64, 0i64);
    if eta >= *n {
        if a < -n.clone() {
            h1 = mu;
        } else {
            h0 = 1;
        }
    } else if b >= two_n {
        h1 = mu;
    }
    if eta < -n.clone() {
        if a >= *n {
            h1 = -mu;
        } else {
            h0 = -1;
        }
    } else if b < -two_n {
        h1 = -mu;
    }
    Zt {
        r0: f0 + h0,
        r1: f1 + h1,
    }
}

/// A Koblitz curve's constants for the τNAF: μ, δ and its norm n, and the width-w digit set.
#[derive(Clone, Debug)]
pub(crate) struct TnafConsts {
    mu: i64,
    w: u32,
    delta: Zt,
    n: BigInt,
    /// t_w with τ ≡ t_w (mod τ^w).
    tw: i64,
    /// α_u = u mods τ^w for u = 1, 3, …, 2^{w−1} − 1, as (β_u, γ_u).
    alpha: Vec<(i64, i64)>,
}

impl TnafConsts {
    /// For E_a over F_{2^m} with order h·n (`n` the big-endian bytes of n), width `w`.
    pub(crate) fn new(m: u32, a: u8, n_be: &[u8], w: u32) -> TnafConsts {
        let mu: i64 = if a == 1 { 1 } else { -1 };
        let n = BigInt::from_bytes_be(Sign::Plus, n_be);
        // δ = (τ^m − 1)/(τ − 1), exactly: (τ^m − 1)·conj(τ − 1) / N(τ − 1).
        let tm1 = Zt::tau_pow(m, mu).sub(&Zt::new(1, 0));
        let t_1 = Zt::new(-1, 1);
        let num = tm1.mul(&t_1.conj(mu), mu);
        let h = t_1.norm(mu);
        let delta = Zt {
            r0: &num.r0 / &h,
            r1: &num.r1 / &h,
        };
        debug_assert_eq!(delta.norm(mu), n, "N(δ) = n");
        // t_w = 2·U_{w−1}·U_w^{−1} mod 2^w, from τ^w = U_w·τ − 2U_{w−1}.
        let tw_pow = Zt::tau_pow(w, mu);
        let modulus = 1i64 << w;
        let small = |x: &BigInt| -> i64 {
            let r = floor_div(x, &BigInt::from(modulus));
            i64::try_from(x - r * modulus).expect("a residue below 2^w")
        };
        let uw = small(&tw_pow.r1);
        let two_uw1 = small(&(-&tw_pow.r0)); // 2U_{w−1}
        let inv = (1..modulus)
            .step_by(2)
            .find(|&i| (i * uw).rem_euclid(modulus) == 1)
            .expect("U_w is odd");
        let tw = (two_uw1 * inv).rem_euclid(modulus);
        let norm_tw = tw_pow.norm(mu);
        let alpha = (1..(1i64 << (w - 1)))
            .step_by(2)
            .map(|u| {
                let r = Zt::new(u, 0).rem(&tw_pow, &norm_tw, mu);
                (
                    i64::try_from(&r.r0).expect("small"),
                    i64::try_from(&r.r1).expect("small"),
                )
            })
            .collect();
        TnafConsts {
            mu,
            w,
            delta,
            n,
            tw,
            alpha,
        }
    }

    /// The width-w τNAF digits of k mod δ, lowest first: 0 or a signed odd u, meaning ±α_|u|.
    pub(crate) fn digits(&self, k_be: &[u8]) -> Vec<i8> {
        let k = Zt::new(BigInt::from_bytes_be(Sign::Plus, k_be), 0);
        let r = k.rem(&self.delta, &self.n, self.mu);
        // |r0|, |r1| < 2^{m/2 + 3} after the reduction: fixed-width arithmetic from here.
        let (mut r0, mut r1) = (Wide::from_big(&r.r0), Wide::from_big(&r.r1));
        let mask = (1u64 << self.w) - 1;
        let half = 1i64 << (self.w - 1);
        let mut out = Vec::with_capacity(600);
        while !(r0.is_zero() && r1.is_zero()) {
            let mut d = 0i8;
            if r0.0[0] & 1 == 1 {
                // u = r0 + r1·t_w mods 2^w: the low w bits of two's complement suffice.
                let low = (r0.0[0].wrapping_add(r1.0[0].wrapping_mul(self.tw as u64))) & mask;
                let mut u = low as i64;
                if u >= half {
                    u -= 1 << self.w;
                }
                let (beta, gamma) = self.alpha[(u.unsigned_abs() as usize - 1) / 2];
                let s = u.signum();
                r0.add_small(-s * beta);
                r1.add_small(-s * gamma);
                d = u as i8;
            }
            out.push(d);
            // r ← r/τ = (r1 + μ·r0/2) − (r0/2)·τ (r0 is even now).
            let h = r0.shr1();
            let mut next0 = r1;
            if self.mu == 1 {
                next0.add(&h);
            } else {
                next0.sub(&h);
            }
            r1 = h.neg();
            r0 = next0;
        }
        out
    }

    /// The digit set's small multiples (β_u, γ_u), for the evaluation.
    pub(crate) fn alphas(&self) -> &[(i64, i64)] {
        &self.alpha
    }
}

/// A signed integer in two's complement over 6 limbs (|x| < 2^383): the τNAF loop's working
/// values, which the reduction keeps below 2^{m/2 + 3}.
#[derive(Clone, Copy, Debug)]
struct Wide([u64; 6]);

impl Wide {
    fn from_big(x: &BigInt) -> Wide {
        let (sign, mag) = x.to_u64_digits();
        assert!(
            mag.len() <= 5,
            "a reduced τNAF operand has at most 320 bits"
        );
        let mut w = [0u64; 6];
        w[..mag.len()].copy_from_slice(&mag);
        let v = Wide(w);
        if sign == Sign::Minus { v.neg() } else { v }
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    fn add(&mut self, b: &Wide) {
        let mut carry = 0u64;
        for (a, &b) in self.0.iter_mut().zip(&b.0) {
            let (s1, o1) = a.overflowing_add(b);
            let (s2, o2) = s1.overflowing_add(carry);
            *a = s2;
            carry = u64::from(o1 | o2);
        }
    }

    fn sub(&mut self, b: &Wide) {
        self.add(&b.neg());
    }

    fn neg(&self) -> Wide {
        let mut out = Wide(self.0.map(|l| !l));
        out.add(&Wide([1, 0, 0, 0, 0, 0]));
        out
    }

    /// self += v for a small signed v.
    fn add_small(&mut self, v: i64) {
        let ext = if v < 0 { u64::MAX } else { 0 };
        let mut b = [ext; 6];
        b[0] = v as u64;
        self.add(&Wide(b));
    }

    /// self / 2 for an even self (arithmetic shift).
    fn shr1(&self) -> Wide {
        Wide(core::array::from_fn(|i| {
            let hi = if i + 1 < 6 {
                self.0[i + 1] << 63
            } else {
                self.0[5] & (1 << 63)
            };
            (self.0[i] >> 1) | hi
        }))
    }
}

/// Σ d_i·τ^i(P) for τNAF digits (d = ±u meaning ±α_u·P), inside a field job (the
/// [`crate::wnaf::Walk::Tnaf`] walk).
#[inline(always)]
pub(crate) fn tnaf_walk<O: FieldOps>(
    c: &Ctx<O>,
    p: Aff<O::E>,
    digits: &[i8],
    alphas: &[(i64, i64)],
) -> Option<Ld<O::E>> {
    let o = c.o;
    let frob = |q: &Ld<O::E>| Ld {
        x: o.sqr(&q.x),
        y: o.sqr(&q.y),
        z: o.sqr(&q.z),
    };
    // j·P for j = 0..=J, J the largest |β| or |γ|.
    let big = alphas
        .iter()
        .map(|&(b, g)| b.unsigned_abs().max(g.unsigned_abs()))
        .max()
        .unwrap_or(1) as usize;
    let mut mult = vec![c.identity(), c.lift(&p)];
    for j in 2..=big {
        let next = c.add_mixed_vartime(&mult[j - 1], &p);
        mult.push(next);
    }
    let signed = |q: Ld<O::E>, s: i64| if s < 0 { c.neg(&q) } else { q };
    // α_u·P = β·P + γ·τ(P) = β·P + τ(γ·P).
    let table: Vec<Ld<O::E>> = alphas
        .iter()
        .map(|&(b, g)| {
            let bp = signed(mult[b.unsigned_abs() as usize], b);
            let gp = signed(frob(&mult[g.unsigned_abs() as usize]), g);
            c.add_vartime(&bp, &gp)
        })
        .collect();
    // α_u ≠ 0 and of norm below 2^w < n, so α_u·P ≠ O for P of order n.
    let table: Vec<Aff<O::E>> = c
        .affine_batch_vartime(&table)
        .into_iter()
        .map(|q| q.unwrap_or(p))
        .collect();
    let mut q = c.identity();
    for &d in digits.iter().rev() {
        q = frob(&q);
        if d != 0 {
            let t = table[(d.unsigned_abs() as usize - 1) / 2];
            let t = if d < 0 {
                Aff {
                    x: t.x,
                    y: t.x + t.y,
                }
            } else {
                t
            };
            q = c.add_mixed_vartime(&q, &t);
        }
    }
    Some(q)
}

impl<F: crate::field::CurveField> crate::curve::Curve<F> {
    /// Whether this is a Koblitz curve (b = 1: the K curves), where
    /// [`Curve::mul_tnaf_vartime`](crate::Curve::mul_tnaf_vartime) runs.
    pub fn is_koblitz(&self) -> bool {
        self.id().params().b == "1"
    }

    /// kP by the width-w τ-adic NAF (w = 5; module docs), for P in the subgroup of order n
    /// on a Koblitz curve ([`crate::Error::NotKoblitz`] elsewhere): variable-time, public k
    /// and P only.
    pub fn mul_tnaf_vartime(
        &self,
        k: &crate::Scalar,
        p: &crate::Point<F::Elem>,
    ) -> Result<crate::Point<F::Elem>, crate::Error> {
        if !self.is_koblitz() {
            return Err(crate::Error::NotKoblitz);
        }
        let crate::Point::Affine { x, y } = *p else {
            return Ok(crate::Point::Infinity);
        };
        let consts = self.tnaf_consts();
        let digits = consts.digits(&scalar_be(k));
        Ok(self.run_walk(
            (x, y),
            crate::wnaf::Walk::Tnaf {
                digits,
                alphas: consts.alphas().to_vec(),
            },
        ))
    }
}

/// A scalar as big-endian bytes.
fn scalar_be(k: &crate::Scalar) -> Vec<u8> {
    k.limbs()
        .iter()
        .rev()
        .flat_map(|l| l.to_be_bytes())
        .collect()
}

/// The τNAF width: 5, measured against 4 and 6 on Zen 5 (BENCHMARKS.md, "Binary curves for
/// real use, session 1": within 3% of the best width on every K curve, best at 233–571 bits).
pub(crate) const WIDTH: u32 = 5;

#[cfg(test)]
mod tests {
    use super::*;

    /// Σ d_i τ^i in Z[τ], from the digits (d = ±u meaning ±α_u).
    fn eval(c: &TnafConsts, digits: &[i8]) -> Zt {
        let mut acc = Zt::new(0, 0);
        for &d in digits.iter().rev() {
            acc = acc.mul(&Zt::new(0, 1), c.mu);
            if d != 0 {
                let (b, g) = c.alpha[(d.unsigned_abs() as usize - 1) / 2];
                let s = i64::from(d.signum());
                acc = Zt {
                    r0: acc.r0 + s * b,
                    r1: acc.r1 + s * g,
                };
            }
        }
        acc
    }

    #[test]
    fn digits_reconstruct_the_reduced_scalar_and_are_sparse() {
        for id in crate::CurveId::ALL {
            let p = id.params();
            if p.b != "1" {
                continue;
            }
            let m: u32 = p.modulus.split(',').next().unwrap().parse().unwrap();
            let n_hex = if p.n.len() % 2 == 1 {
                alloc::format!("0{}", p.n)
            } else {
                p.n.into()
            };
            let n_be: Vec<u8> = (0..n_hex.len() / 2)
                .map(|i| u8::from_str_radix(&n_hex[2 * i..2 * i + 2], 16).unwrap())
                .collect();
            for w in [2, 3, 4, 5, 6] {
                let c = TnafConsts::new(m, p.a, &n_be, w);
                assert_eq!(c.delta.norm(c.mu), c.n, "{id}: N(δ) = n");
                // α_u ≡ u (mod τ^w), of small norm.
                for (i, &(b, g)) in c.alpha.iter().enumerate() {
                    let u = 2 * i as i64 + 1;
                    let diff = Zt::new(b - u, g);
                    let tw = Zt::tau_pow(w, c.mu);
                    let q = diff.mul(&tw.conj(c.mu), c.mu);
                    let nt = tw.norm(c.mu);
                    assert!(
                        (&q.r0 % &nt).sign() == Sign::NoSign
                            && (&q.r1 % &nt).sign() == Sign::NoSign,
                        "{id} w{w} u{u}"
                    );
                }
                let mut seed = 0x1234_5678_u64;
                for _ in 0..40 {
                    let mut k = n_be.clone();
                    for byte in k.iter_mut() {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        *byte = (seed >> 56) as u8;
                    }
                    k[0] >>= 2;
                    let digits = c.digits(&k);
                    let kz = Zt::new(BigInt::from_bytes_be(Sign::Plus, &k), 0);
                    let rho = kz.rem(&c.delta, &c.n, c.mu);
                    assert_eq!(eval(&c, &digits), rho, "{id} w{w}");
                    // ρ ≡ k (mod δ).
                    let diff = kz.sub(&rho).mul(&c.delta.conj(c.mu), c.mu);
                    assert!((&diff.r0 % &c.n).sign() == Sign::NoSign);
                    assert!((&diff.r1 % &c.n).sign() == Sign::NoSign);
                    // Non-adjacency: a nonzero digit is followed by w − 1 zeros.
                    for win in digits.windows(w as usize) {
                        assert!(win.iter().filter(|&&d| d != 0).count() <= 1, "{id} w{w}");
                    }
                    // Length about m + a (a few digits more at most).
                    assert!(
                        digits.len() <= m as usize + 6,
                        "{id} w{w}: {}",
                        digits.len()
                    );
                }
            }
        }
    }
}
