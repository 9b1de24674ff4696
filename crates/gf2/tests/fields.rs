//! The compile-time specialised field types against the runtime `Field` (itself checked
//! against the bit-by-bit reference in tests/field.rs) and against the catalogue.

use wegman_gf2::*;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn limbs(&mut self, m: u32) -> Vec<u64> {
        let n = (m as usize).div_ceil(64);
        let mut v: Vec<u64> = (0..n).map(|_| self.next()).collect();
        if !m.is_multiple_of(64) {
            v[n - 1] &= (1u64 << (m % 64)) - 1;
        }
        v
    }
}

macro_rules! check_type {
    ($t:ty, $exps:expr, $zeta:expr) => {{
        let modulus = <$t>::modulus();
        assert_eq!(modulus.to_string(), $exps);
        // The catalogue's moduli really are irreducible.
        assert_eq!(Modulus::new(&modulus.exponents()), Ok(modulus));
        assert_eq!(modulus.sqrt_x_exponents(), $zeta);
        let f = Field::new(modulus);
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ u64::from(<$t>::DEGREE));
        for i in 0..50 {
            let (la, lb) = (rng.limbs(<$t>::DEGREE), rng.limbs(<$t>::DEGREE));
            let (a, b) = (
                <$t>::from_limbs(&la).unwrap(),
                <$t>::from_limbs(&lb).unwrap(),
            );
            let (ea, eb) = (f.element(&la).unwrap(), f.element(&lb).unwrap());
            assert_eq!((a * b).to_element(), f.mul(&ea, &eb), "{} mul", $exps);
            assert_eq!((a + b).to_element(), ea + eb);
            assert_eq!(a.square().to_element(), f.sqr(&ea));
            assert_eq!(a.square_n(5).to_element(), f.sqr_n(&ea, 5));
            assert_eq!(a.sqrt().to_element(), f.sqrt(&ea), "{} sqrt", $exps);
            assert_eq!(a.sqrt().square(), a);
            assert_eq!(a.trace(), f.trace(&ea), "{} trace", $exps);
            assert_eq!(a.half_trace().to_element(), f.half_trace(&ea).unwrap());
            assert_eq!(
                a.solve().map(|(z, w)| (z.to_element(), w.to_element())),
                f.solve(&ea)
            );
            let inv: Option<$t> = a.invert().into();
            assert_eq!(
                inv.map(|x| x.to_element()),
                Option::<Element>::from(f.inv(&ea))
            );
            assert_eq!(inv, a.invert_vartime());
            assert_eq!(a.pow(&[i, 1]).to_element(), f.pow(&ea, &[i, 1]));
            let s = a.to_string();
            assert_eq!(s.len(), (<$t>::DEGREE as usize).div_ceil(4));
            assert_eq!(s.parse::<$t>().unwrap(), a);
            assert_eq!(s, f.to_hex(&ea));
            let mut c = a;
            c *= b;
            c += a;
            assert_eq!(c, a * b + a);
        }
        // Slices, at lengths around the 64-element chunk.
        for len in [0usize, 1, 63, 64, 65, 130] {
            let a: Vec<$t> = (0..len)
                .map(|_| <$t>::from_limbs(&rng.limbs(<$t>::DEGREE)).unwrap())
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
        let m = <$t>::DEGREE as usize;
        let mut over = vec![0u64; m / 64 + 1];
        over[m / 64] = 1 << (m % 64);
        assert_eq!(
            <$t>::from_limbs(&over),
            Err(Error::OutOfRange { degree: m as u32 })
        );
    }};
}

#[test]
fn every_specialised_type_matches_the_runtime_field() {
    // On every backend this CPU has (forced; results never depend on the backend).
    for backend in Backend::available() {
        assert!(Backend::force(Some(backend)));
        check_all_types();
    }
    assert!(Backend::force(None));
}

fn check_all_types() {
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
    let mut rng = Rng(31337);
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
            let a = fp.element(&rng.limbs(fp.degree())).unwrap();
            let b = fp.element(&rng.limbs(fp.degree())).unwrap();
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
