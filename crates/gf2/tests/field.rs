//! F_{2^m} against a bit-by-bit reference written separately here (schoolbook product of
//! coefficient vectors, long division by the modulus), plus the algebraic identities.

use proptest::prelude::*;
use wegman_gf2::{Backend, Element, Error, Field, Modulus};

use wegman_testkit::gf2m::{Bits, mul as mul_ref, pow2k as pow2k_ref};

fn to_bits(e: &Element, m: usize) -> Bits {
    wegman_testkit::gf2m::from_limbs(e.limbs(), m)
}

/// The moduli of the issue: NIST and square-root-friendly ones, and 127, 191.
const FIELDS: &[&str] = wegman_testkit::gf2m::STANDARD_MODULI;

/// Smaller and odd-shaped moduli: tiny degrees, a middle term close to m (the generic
/// reduction path), an even degree, a single-limb field, and x^409 + x^322 + 1 (the reciprocal
/// of NIST's 409-bit trinomial): seven limbs with Tr(x^87) = 1, so the windowed half-trace's
/// Tr(E) term, which no standard modulus of five or more limbs exercises, is tested.
const SMALL: &[&str] = &[
    "2,1,0",
    "3,1,0",
    "4,1,0",
    "8,4,3,1,0",
    "64,4,3,1,0",
    "113,9,0",
    "130,127,0",
    "131,129,128,123,0",
    "409,322,0",
];

struct Rng(wegman_testkit::Rng);
impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(wegman_testkit::Rng::new(seed))
    }
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn element(&mut self, f: &Field) -> Element {
        let m = f.degree() as usize;
        let mut limbs = [0u64; 9];
        for (i, l) in limbs.iter_mut().enumerate().take(m.div_ceil(64)) {
            *l = self.next();
            if 64 * (i + 1) > m {
                *l &= (1u64 << (m % 64)) - 1;
            }
        }
        // Sometimes an extreme value.
        match self.next() % 8 {
            0 => f.element(&[0]).unwrap(),
            1 => f.element(&[1]).unwrap(),
            2 => {
                let mut all = [u64::MAX; 9];
                for (i, l) in all.iter_mut().enumerate() {
                    if 64 * (i + 1) > m {
                        *l = if 64 * i >= m {
                            0
                        } else {
                            (1u64 << (m % 64)) - 1
                        };
                    }
                }
                f.element(&all).unwrap()
            }
            _ => f.element(&limbs).unwrap(),
        }
    }
}

fn exps_of(s: &str) -> Vec<u32> {
    s.split(',').map(|t| t.parse().unwrap()).collect()
}

fn all_fields() -> impl Iterator<Item = &'static str> {
    FIELDS.iter().chain(SMALL).copied()
}

#[test]
fn mul_sqr_match_reference_on_every_backend() {
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    for spec in all_fields() {
        let exps = exps_of(spec);
        let m = exps[0] as usize;
        let modulus: Modulus = spec.parse().unwrap();
        for backend in Backend::available() {
            let f = Field::with_backend(modulus, backend).unwrap();
            for _ in 0..40 {
                let (a, b) = (rng.element(&f), rng.element(&f));
                let (ab, bb) = (to_bits(&a, m), to_bits(&b, m));
                assert_eq!(
                    to_bits(&f.mul(&a, &b), m),
                    mul_ref(&ab, &bb, &exps),
                    "{spec} {backend} mul"
                );
                assert_eq!(
                    to_bits(&f.sqr(&a), m),
                    mul_ref(&ab, &ab, &exps),
                    "{spec} {backend} sqr"
                );
            }
        }
    }
    wegman_testkit::report(Backend::coverage("gf2"));
}

#[test]
fn slices_match_single_operations() {
    let mut rng = Rng::new(77);
    for spec in ["163,7,6,3,0", "571,193,185,5,0", "3,1,0"] {
        let f = Field::from_exponents(spec).unwrap();
        for len in [0usize, 1, 63, 64, 65, 200] {
            let a: Vec<Element> = (0..len).map(|_| rng.element(&f)).collect();
            let b: Vec<Element> = (0..len).map(|_| rng.element(&f)).collect();
            let mut out = vec![Element::ZERO; len];
            f.mul_slice(&mut out, &a, &b).unwrap();
            for i in 0..len {
                assert_eq!(out[i], f.mul(&a[i], &b[i]));
            }
            f.sqrt_slice(&mut out, &a).unwrap();
            for i in 0..len {
                assert_eq!(out[i], f.sqrt(&a[i]));
            }
            f.sqr_slice(&mut out, &a).unwrap();
            for i in 0..len {
                assert_eq!(out[i], f.sqr(&a[i]));
            }
            // Batch inversion, with zeros sprinkled in (they map to zero).
            let mut z = a.clone();
            for i in (0..len).step_by(7) {
                z[i] = Element::ZERO;
            }
            f.inv_slice(&mut out, &z).unwrap();
            for i in 0..len {
                let want: Option<Element> = f.inv(&z[i]).into();
                assert_eq!(
                    out[i],
                    want.unwrap_or(Element::ZERO),
                    "{spec} inv_slice {i}/{len}"
                );
            }
        }
        let mut out = vec![Element::ZERO; 2];
        assert_eq!(
            f.mul_slice(&mut out, &[Element::ONE; 3], &[Element::ONE; 2]),
            Err(Error::LengthMismatch {
                expected: 2,
                actual: 3
            })
        );
    }
}

#[test]
fn sqrt_trace_half_trace_solve_inverse() {
    let mut rng = Rng::new(0xfeed_beef);
    for spec in all_fields() {
        let exps = exps_of(spec);
        let m = exps[0] as usize;
        let f = Field::from_exponents(spec).unwrap();
        let z = f.sqrt_x();
        assert_eq!(f.sqr(&z), f.x(), "{spec}: sqrt(x)^2 = x");
        let one = Element::ONE;
        for _ in 0..20 {
            let a = rng.element(&f);
            let ab = to_bits(&a, m);
            // sqrt(a)^2 = a, and sqrt agrees with the reference a^{2^{m-1}}.
            let r = f.sqrt(&a);
            assert_eq!(f.sqr(&r), a, "{spec} sqrt");
            assert_eq!(
                to_bits(&r, m),
                pow2k_ref(&ab, m - 1, &exps),
                "{spec} sqrt ref"
            );
            // Tr(a) = Σ a^{2^i}, by the reference.
            let mut tr = ab.clone();
            let mut p = ab.clone();
            for _ in 1..m {
                p = mul_ref(&p, &p, &exps);
                for (t, x) in tr.iter_mut().zip(&p) {
                    *t ^= x;
                }
            }
            assert!(
                tr[1..].iter().all(|&x| x == 0),
                "{spec}: the trace is in F_2"
            );
            assert_eq!(f.trace(&a), tr[0], "{spec} trace");
            if m % 2 == 1 {
                let h = f.half_trace(&a).unwrap();
                // H(a) = Σ_{i ≤ (m-1)/2} a^{4^i}, by the reference.
                let mut href = ab.clone();
                let mut p = ab.clone();
                for _ in 0..(m - 1) / 2 {
                    p = pow2k_ref(&p, 2, &exps);
                    for (t, x) in href.iter_mut().zip(&p) {
                        *t ^= x;
                    }
                }
                assert_eq!(to_bits(&h, m), href, "{spec} half-trace ref");
                let mut rhs = a;
                if f.trace(&a) == 1 {
                    rhs += one;
                }
                assert_eq!(f.sqr(&h) + h, rhs, "{spec}: H^2 + H = a + Tr(a)");
                assert_eq!(
                    f.half_trace_vartime(&a).unwrap(),
                    h,
                    "{spec} vartime half-trace"
                );
            } else {
                assert_eq!(
                    f.half_trace(&a),
                    Err(Error::EvenDegree { degree: m as u32 })
                );
            }
            match f.solve(&a) {
                Some((z0, z1)) => {
                    assert_eq!(f.trace(&a), 0);
                    assert_eq!(f.sqr(&z0) + z0, a, "{spec} solve");
                    assert_eq!(z1, z0 + one);
                    assert_eq!(f.sqr(&z1) + z1, a);
                }
                None => assert_eq!(f.trace(&a), 1, "{spec}: no root only when Tr = 1"),
            }
            assert_eq!(f.solve_vartime(&a), f.solve(&a));
            // Inverses.
            let inv: Option<Element> = f.inv(&a).into();
            if a == Element::ZERO {
                assert!(inv.is_none());
                assert!(f.inv_vartime(&a).is_none());
            } else {
                let inv = inv.unwrap();
                assert_eq!(f.mul(&a, &inv), one, "{spec} inv");
                assert_eq!(f.inv_vartime(&a), Some(inv), "{spec} inv_vartime");
            }
        }
        // Every element c = z^2 + z has a root, and Tr is onto F_2.
        for _ in 0..10 {
            let zz = rng.element(&f);
            let c = f.sqr(&zz) + zz;
            let (r0, r1) = f.solve(&c).expect("z^2 + z is solvable");
            assert!(r0 == zz || r1 == zz, "{spec}: solve finds z");
        }
    }
}

#[test]
fn powers_match_repeated_multiplication() {
    let mut rng = Rng::new(5);
    for spec in ["163,57,49,29,0", "233,74,0", "8,4,3,1,0"] {
        let f = Field::from_exponents(spec).unwrap();
        let a = rng.element(&f);
        let mut acc = Element::ONE;
        for e in 0..70u64 {
            assert_eq!(f.pow(&a, &[e]), acc, "{spec} a^{e}");
            assert_eq!(f.pow_vartime(&a, &[e, 0]), acc);
            acc = f.mul(&acc, &a);
        }
        // a^(2^m) = a: the exponent 2^m as limbs.
        let m = f.degree() as usize;
        let mut e = vec![0u64; m / 64 + 1];
        e[m / 64] = 1 << (m % 64);
        assert_eq!(f.pow(&a, &e), a);
    }
}

#[test]
fn hex_round_trip_and_errors() {
    let f = Field::from_exponents("5,2,0").unwrap();
    // x^4 + x + 1 prints as 13 (docs/spec.md §2).
    let e = f.parse("13").unwrap();
    assert_eq!(f.to_hex(&e), "13");
    assert_eq!(f.to_hex(&Element::ONE), "01");
    assert_eq!(f.parse("0013").unwrap(), e);
    assert_eq!(f.parse("20"), Err(Error::OutOfRange { degree: 5 }));
    assert!(matches!(f.parse("1g"), Err(Error::MalformedHex { .. })));
    assert!(matches!(f.parse(""), Err(Error::MalformedHex { .. })));
    let g = Field::from_exponents("163,7,6,3,0").unwrap();
    let h = "7ffffffffffffffffffffffffffffffffffffffff";
    assert_eq!(g.to_hex(&g.parse(h).unwrap()), h);
    assert_eq!(
        g.parse("8ffffffffffffffffffffffffffffffffffffffff"),
        Err(Error::OutOfRange { degree: 163 })
    );
    assert_eq!(
        g.element(&[0, 0, 1 << 35]),
        Err(Error::OutOfRange { degree: 163 })
    );
}

#[test]
fn bad_moduli_are_errors() {
    // Reducible: x^4 + x^2 + 1 = (x^2 + x + 1)^2; x^163 + x^2 + 1 has the factor... any
    // reducible one; x^8 + x^4 + x^3 + x + 1 is AES's and irreducible.
    assert_eq!("4,2,0".parse::<Modulus>(), Err(Error::NotIrreducible));
    assert_eq!("5,1,0".parse::<Modulus>(), Err(Error::NotIrreducible)); // x^5+x+1 = (x^2+x+1)(x^3+x^2+1)
    assert_eq!("233,75,0".parse::<Modulus>(), Err(Error::NotIrreducible));
    assert!("8,4,3,1,0".parse::<Modulus>().is_ok());
    assert_eq!(
        "573,1,0".parse::<Modulus>(),
        Err(Error::DegreeOutOfRange { degree: 573 })
    );
    assert_eq!("1,0".parse::<Modulus>(), Err(Error::NotSparse { terms: 2 }));
    assert_eq!(
        "7,3,2,0".parse::<Modulus>(),
        Err(Error::NotSparse { terms: 4 })
    );
    assert!(matches!(
        "163,7,6,3".parse::<Modulus>(),
        Err(Error::MalformedModulus { .. })
    ));
    assert!(matches!(
        "163,6,7,3,0".parse::<Modulus>(),
        Err(Error::MalformedModulus { .. })
    ));
    assert!(matches!(
        "163,x,0".parse::<Modulus>(),
        Err(Error::MalformedModulus { .. })
    ));
    assert!(matches!(
        "".parse::<Modulus>(),
        Err(Error::MalformedModulus { .. })
    ));
    assert!(matches!(
        "99999999999,1,0".parse::<Modulus>(),
        Err(Error::MalformedModulus { .. })
    ));
    let m: Modulus = " 163, 57,49,29 ,0".parse().unwrap();
    assert_eq!(m.to_string(), "163,57,49,29,0");
    assert!(m.is_ssrf());
    assert_eq!(m.sqrt_x_exponents(), Some(vec![82, 29, 25, 15]));
    let nist: Modulus = "163,7,6,3,0".parse().unwrap();
    assert!(!nist.is_ssrf());
}

/// Irreducibility against brute-force trial division for every trinomial and pentanomial
/// of degree ≤ 12.
#[test]
fn irreducibility_matches_trial_division() {
    fn divides(d: u32, p: u32) -> bool {
        // Long division over F_2 of p by d (bit i = coefficient of x^i).
        let (dd, mut r) = (31 - d.leading_zeros(), p);
        while r != 0 && 31 - r.leading_zeros() >= dd {
            r ^= d << (31 - r.leading_zeros() - dd);
        }
        r == 0
    }
    let irreducible = |p: u32| {
        let deg = 31 - p.leading_zeros();
        (2u32..(1 << (deg / 2 + 1)))
            .filter(|d| 31 - d.leading_zeros() >= 1 && 31 - d.leading_zeros() <= deg / 2)
            .all(|d| !divides(d, p))
    };
    let mut checked = 0;
    for m in 2u32..=12 {
        for a in 1..m {
            let p = (1 << m) | (1 << a) | 1;
            assert_eq!(
                Modulus::new(&[m, a, 0]).is_ok(),
                irreducible(p),
                "{m},{a},0"
            );
            checked += 1;
            for b in 1..a {
                for c in 1..b {
                    let p = (1 << m) | (1 << a) | (1 << b) | (1 << c) | 1;
                    assert_eq!(
                        Modulus::new(&[m, a, b, c, 0]).is_ok(),
                        irreducible(p),
                        "{m},{a},{b},{c},0"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_backend_equals_portable(seed in any::<u64>(), idx in 0usize..21) {
        let spec = FIELDS.iter().chain(SMALL).nth(idx).unwrap();
        let modulus: Modulus = spec.parse().unwrap();
        let soft = Field::with_backend(modulus, Backend::Soft).unwrap();
        let mut rng = Rng::new(seed | 1);
        for backend in Backend::available() {
            let f = Field::with_backend(modulus, backend).unwrap();
            let (a, b) = (rng.element(&f), rng.element(&f));
            prop_assert_eq!(f.mul(&a, &b), soft.mul(&a, &b));
            prop_assert_eq!(f.sqr(&a), soft.sqr(&a));
            prop_assert_eq!(f.sqr_n(&a, 7), soft.sqr_n(&a, 7));
            prop_assert_eq!(f.sqrt(&a), soft.sqrt(&a));
            prop_assert_eq!(f.trace(&a), soft.trace(&a));
            prop_assert_eq!(f.half_trace(&a), soft.half_trace(&a));
            prop_assert_eq!(f.solve(&a), soft.solve(&a));
            prop_assert_eq!(f.pow(&a, &[seed]), soft.pow(&a, &[seed]));
            let (ia, ib): (Option<Element>, Option<Element>) = (f.inv(&a).into(), soft.inv(&a).into());
            prop_assert_eq!(ia, ib);
        }
    }
}

/// Every operation of a job, on the given inputs.
struct EveryOp(Vec<Element>);

impl wegman_gf2::FieldJob<Element> for EveryOp {
    type Output = Vec<[Element; 7]>;
    #[inline(always)]
    fn run<O: wegman_gf2::FieldOps<Outer = Element>>(self, o: O) -> Self::Output {
        let mut out = Vec::new();
        for w in self.0.windows(2) {
            let (a, b) = (o.load(&w[0]), o.load(&w[1]));
            let tr = if o.trace(&a) == 1 { o.one() } else { o.zero() };
            out.push([
                o.store(&o.mul(&a, &b)),
                o.store(&o.sqr(&a)),
                o.store(&o.inv(&a)),
                o.store(&o.sqrt(&a)),
                o.store(&tr),
                o.store(&o.half_trace(&a)),
                o.store(&o.half_trace_vartime(&a)),
            ]);
        }
        out
    }
}

#[test]
fn jobs_match_single_operations_on_every_backend() {
    let mut rng = Rng::new(0x0b5e_55ed);
    for spec in all_fields() {
        let exps = exps_of(spec);
        let m = exps[0] as usize;
        let modulus: Modulus = spec.parse().unwrap();
        let soft = Field::with_backend(modulus, Backend::Soft).unwrap();
        for backend in Backend::available() {
            let f = Field::with_backend(modulus, backend).unwrap();
            let xs: Vec<Element> = (0..41).map(|_| rng.element(&f)).collect();
            let got = f.run(EveryOp(xs.clone()));
            for (w, g) in xs.windows(2).zip(&got) {
                let (a, b) = (&w[0], &w[1]);
                let tag = format!("{spec} {backend} (job on {})", f.run_backend());
                assert_eq!(
                    to_bits(&g[0], m),
                    mul_ref(&to_bits(a, m), &to_bits(b, m), &exps),
                    "{tag} mul"
                );
                assert_eq!(g[1], soft.sqr(a), "{tag} sqr");
                assert_eq!(g[2], soft.inv(a).unwrap_or(Element::ZERO), "{tag} inv");
                assert_eq!(g[3], soft.sqrt(a), "{tag} sqrt");
                assert_eq!(g[4].limbs()[0], u64::from(soft.trace(a)), "{tag} trace");
                if m % 2 == 1 {
                    let h = soft.half_trace(a).unwrap();
                    assert_eq!(g[5], h, "{tag} half-trace");
                    assert_eq!(g[6], h, "{tag} half-trace vartime");
                }
            }
        }
    }
    wegman_testkit::report(Backend::coverage("gf2 jobs"));
}
