//! The compile-time specialised field types against the bit-by-bit reference of
//! `wegman-testkit` (schoolbook products and long division, written apart from the library)
//! and against the catalogue. They run on the backend detected once for the process;
//! CI runs this suite again with `--cfg wegman_backend="soft"` for the portable kernels.

use wegman_gf2::*;
use wegman_testkit::Rng;
use wegman_testkit::gf2m::{self, Bits};

fn limbs(rng: &mut Rng, m: u32) -> Vec<u64> {
    let n = (m as usize).div_ceil(64);
    let mut v: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
    if !m.is_multiple_of(64) {
        v[n - 1] &= (1u64 << (m % 64)) - 1;
    }
    v
}

/// The hex of docs/spec.md §2 from coefficient bits, written out digit by digit.
fn hex_ref(v: &[u8]) -> String {
    let digits = v.len().div_ceil(4);
    (0..digits)
        .rev()
        .map(|d| {
            let nib = (0..4).fold(0u32, |acc, k| {
                acc | u32::from(v.get(4 * d + k).copied().unwrap_or(0)) << k
            });
            char::from_digit(nib, 16).unwrap()
        })
        .collect()
}

macro_rules! check_type {
    ($t:ty, $exps:expr, $zeta:expr) => {{
        let modulus = <$t>::modulus();
        assert_eq!(modulus.to_string(), $exps);
        // The catalogue's moduli really are irreducible.
        assert_eq!(Modulus::new(&modulus.exponents()), Ok(modulus));
        assert_eq!(modulus.sqrt_x_exponents(), $zeta);
        let exps = modulus.exponents();
        let m = <$t>::DEGREE as usize;
        let bits = |x: &$t| -> Bits { gf2m::from_limbs(x.limbs(), m) };
        let one = gf2m::from_limbs(&[1], m);
        let mut rng = Rng::new(u64::from(<$t>::DEGREE));
        for i in 0..50u64 {
            let (la, lb) = (limbs(&mut rng, <$t>::DEGREE), limbs(&mut rng, <$t>::DEGREE));
            let (a, b) = (
                <$t>::from_limbs(&la).unwrap(),
                <$t>::from_limbs(&lb).unwrap(),
            );
            let (ra, rb) = (gf2m::from_limbs(&la, m), gf2m::from_limbs(&lb, m));
            assert_eq!(bits(&(a * b)), gf2m::mul(&ra, &rb, &exps), "{} mul", $exps);
            let sum: Bits = ra.iter().zip(&rb).map(|(x, y)| x ^ y).collect();
            assert_eq!(bits(&(a + b)), sum);
            assert_eq!(bits(&a.square()), gf2m::mul(&ra, &ra, &exps));
            assert_eq!(bits(&a.square_n(5)), gf2m::pow2k(&ra, 5, &exps));
            let s = a.sqrt();
            assert_eq!(gf2m::mul(&bits(&s), &bits(&s), &exps), ra, "{} sqrt", $exps);
            let tr = gf2m::trace(&ra, &exps);
            assert_eq!(a.trace(), tr, "{} trace", $exps);
            // H(a)² + H(a) = a + Tr(a) (odd m).
            let h = bits(&a.half_trace());
            let mut lhs = gf2m::mul(&h, &h, &exps);
            lhs.iter_mut().zip(&h).for_each(|(x, y)| *x ^= y);
            let mut rhs = ra.clone();
            rhs[0] ^= tr;
            assert_eq!(lhs, rhs, "{} half-trace", $exps);
            match a.solve() {
                Some((z, w)) => {
                    assert_eq!(tr, 0);
                    for r in [bits(&z), bits(&w)] {
                        let mut q = gf2m::mul(&r, &r, &exps);
                        q.iter_mut().zip(&r).for_each(|(x, y)| *x ^= y);
                        assert_eq!(q, ra, "{} solve", $exps);
                    }
                    assert_eq!(z + w, <$t>::ONE);
                }
                None => assert_eq!(tr, 1, "{} solve none", $exps),
            }
            let inv: Option<$t> = a.invert().into();
            match inv {
                Some(x) => assert_eq!(gf2m::mul(&bits(&x), &ra, &exps), one, "{} inv", $exps),
                None => assert!(ra.iter().all(|&x| x == 0)),
            }
            assert_eq!(inv, a.invert_vartime());
            let e = u128::from(i) | 1 << 64;
            assert_eq!(
                bits(&a.pow(&[i, 1])),
                gf2m::pow(&ra, e, &exps),
                "{} pow",
                $exps
            );
            let hex = a.to_string();
            assert_eq!(hex, hex_ref(&ra));
            assert_eq!(hex.parse::<$t>().unwrap(), a);
            let mut c = a;
            c *= b;
            c += a;
            assert_eq!(c, a * b + a);
        }
        // Slices, at lengths around the 64-element chunk.
        for len in [0usize, 1, 63, 64, 65, 130] {
            let a: Vec<$t> = (0..len)
                .map(|_| <$t>::from_limbs(&limbs(&mut rng, <$t>::DEGREE)).unwrap())
                .collect();
            let b: Vec<$t> = a.iter().rev().copied().collect();
            let mut out = vec![<$t>::ZERO; len];
            <$t>::mul_slice(&mut out, &a, &b).unwrap();
            assert!(
                out.iter()
                    .zip(a.iter().zip(&b))
                    .all(|(o, (x, y))| *o == *x * *y)
            );
            <$t>::sqrt_slice(&mut out, &a).unwrap();
            assert!(out.iter().zip(&a).all(|(o, x)| *o == x.sqrt()));
        }
        assert_eq!(<$t>::ONE * <$t>::x(), <$t>::x());
        assert!(Option::<$t>::from(<$t>::ZERO.invert()).is_none());
        // A bit at x^m is out of range.
        let mut over = vec![0u64; m / 64 + 1];
        over[m / 64] = 1 << (m % 64);
        assert_eq!(
            <$t>::from_limbs(&over),
            Err(Error::OutOfRange { degree: m as u32 })
        );
    }};
}

#[test]
fn every_specialised_type_matches_the_bit_by_bit_reference() {
    eprintln!(
        "fixed field types run on the detected backend: {}",
        Backend::detect()
    );
    check_type!(F127, "127,63,0", Some(vec![64, 32]));
    check_type!(F127Ssrf, "127,1,0", Some(vec![64, 1]));
    check_type!(F163Nist, "163,7,6,3,0", None);
    // The square-root-friendly rows of Avanzi's table, as quoted in the issue.
    check_type!(F163Ssrf, "163,57,49,29,0", Some(vec![82, 29, 25, 15]));
    check_type!(F191, "191,9,0", Some(vec![96, 5]));
    check_type!(F233Nist, "233,74,0", None);
    check_type!(F233Ssrf, "233,159,0", Some(vec![117, 80]));
    check_type!(F283Nist, "283,12,7,5,0", None);
    check_type!(F283Ssrf, "283,97,89,87,0", Some(vec![142, 49, 45, 44]));
    check_type!(F409, "409,87,0", Some(vec![205, 44]));
    check_type!(F571Nist, "571,10,5,2,0", None);
    check_type!(F571Ssrf, "571,193,185,5,0", Some(vec![286, 97, 93, 3]));
}

/// NIST's x^163 + x^7 + x^6 + x^3 + 1 has a dense ζ (the issue: weight 79), which is why its
/// square root needs a multiplication.
#[test]
fn nist_163_sqrt_x_is_dense() {
    let z = F163Nist::field().sqrt_x();
    let weight: u32 = z.limbs().iter().map(|w| w.count_ones()).sum();
    assert_eq!(weight, 79);
    assert_eq!(F163Nist::from_element(&z).square(), F163Nist::x());
}

/// The basis change NIST ↔ SSRF is a ring isomorphism: it maps x to a root of the source
/// modulus, preserves sums and products, and its two directions are inverse.
#[test]
fn basis_change_is_a_ring_isomorphism() {
    let pairs: &[(&str, &str)] = &[
        ("163,7,6,3,0", "163,57,49,29,0"),
        ("233,74,0", "233,159,0"),
        ("283,12,7,5,0", "283,97,89,87,0"),
        ("571,10,5,2,0", "571,193,185,5,0"),
        ("8,4,3,1,0", "8,6,5,1,0"),
        ("127,63,0", "127,1,0"),
    ];
    let mut rng = Rng::new(31337);
    for &(p, q) in pairs {
        let (fp, fq) = (
            Field::from_exponents(p).unwrap(),
            Field::from_exponents(q).unwrap(),
        );
        let phi = BasisChange::new(&fp, &fq).unwrap();
        // φ(x) is a root of P in F_Q: evaluate P at it.
        let rho = phi.image_of_x();
        let mut v = Element::ZERO;
        for e in fp.modulus().exponents() {
            v += fq.pow_vartime(&rho, &[u64::from(e)]);
        }
        assert_eq!(v, Element::ZERO, "{p} -> {q}: P(φ(x)) = 0");
        for _ in 0..20 {
            let a = fp.element(&limbs(&mut rng, fp.degree())).unwrap();
            let b = fp.element(&limbs(&mut rng, fp.degree())).unwrap();
            let (pa, pb) = (phi.forward(&a), phi.forward(&b));
            assert_eq!(
                phi.forward(&fp.mul(&a, &b)),
                fq.mul(&pa, &pb),
                "{p} -> {q}: products"
            );
            assert_eq!(phi.forward(&(a + b)), pa + pb);
            assert_eq!(phi.backward(&pa), a, "{p} -> {q}: inverse");
            assert_eq!(phi.forward(&fp.sqrt(&a)), fq.sqrt(&pa));
            assert_eq!(
                fp.trace(&a),
                fq.trace(&pa),
                "the trace is basis-independent"
            );
        }
        assert_eq!(phi.forward(&Element::ONE), Element::ONE);
    }
    let err = BasisChange::new(
        &Field::from_exponents("163,7,6,3,0").unwrap(),
        &Field::from_exponents("233,74,0").unwrap(),
    )
    .unwrap_err();
    assert_eq!(
        err,
        Error::DegreeMismatch {
            left: 163,
            right: 233
        }
    );
}
