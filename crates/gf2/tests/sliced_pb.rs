//! The bit-sliced polynomial basis (`wegman_gf2::sliced::pb`) against the word-level field
//! (`Field`, CLMUL or portable; an independent implementation) and the bit-by-bit reference of
//! `wegman-testkit`, on every backend this CPU has, at every batch-length boundary.

use wegman_gf2::sliced::SlicedJob;
use wegman_gf2::sliced::pb::{PbOps, SlicedPb};
use wegman_gf2::sliced::{SlicedArith, SlicedBackend as Backend, Word, gather, scatter};
use wegman_gf2::{Element, Field, Modulus};
use wegman_testkit::Rng;

fn backends() -> Vec<Backend> {
    wegman_testkit::backends("gf2 sliced pb")
}

fn random(f: &Field, rng: &mut Rng) -> Element {
    f.element(&rng.limbs(f.degree())).unwrap()
}

/// The moduli tested: small (at and around the schoolbook size), the NIST ones, square-root-
/// friendly ones of Table I degrees.
const MODULI: [&str; 10] = [
    "13,7,3,1,0",
    "17,3,0",
    "33,13,0",
    "131,45,41,9,0",
    "163,7,6,3,0",
    "233,74,0",
    "251,7,4,2,0",
    "283,12,7,5,0",
    "409,87,0",
    "571,10,5,2,0",
];

#[test]
fn products_and_squares_equal_the_field_on_every_backend() {
    let mut rng = Rng::new(0x5b1ce);
    for backend in backends() {
        for spec in MODULI {
            let f = Field::from_exponents(spec).unwrap();
            let sp = SlicedPb::new(*f.modulus()).with_backend(backend).unwrap();
            let w = sp.lanes();
            for n in [1, 63, 64, 65, w - 1, w, w + 1, 2 * w + 3] {
                let a: Vec<Element> = (0..n).map(|_| random(&f, &mut rng)).collect();
                let b: Vec<Element> = (0..n).map(|_| random(&f, &mut rng)).collect();
                let mut c = vec![Element::ZERO; n];
                sp.mul_batch(&a, &b, &mut c).unwrap();
                for i in 0..n {
                    assert_eq!(c[i], f.mul(&a[i], &b[i]), "{spec} {backend:?} n={n} i={i}");
                }
                sp.sqr_batch(&a, &mut c).unwrap();
                for i in 0..n {
                    assert_eq!(c[i], f.sqr(&a[i]), "sqr {spec} {backend:?} n={n} i={i}");
                }
            }
        }
    }
}

#[test]
fn every_karatsuba_base_gives_the_same_product() {
    let mut rng = Rng::new(77);
    for spec in ["163,7,6,3,0", "233,74,0", "17,3,0"] {
        let f = Field::from_exponents(spec).unwrap();
        let a: Vec<Element> = (0..70).map(|_| random(&f, &mut rng)).collect();
        let b: Vec<Element> = (0..70).map(|_| random(&f, &mut rng)).collect();
        for base in 1..=24 {
            let sp = SlicedPb::new(*f.modulus()).with_karatsuba_base(base);
            let mut c = vec![Element::ZERO; a.len()];
            sp.mul_batch(&a, &b, &mut c).unwrap();
            for i in 0..a.len() {
                assert_eq!(c[i], f.mul(&a[i], &b[i]), "{spec} base {base}");
            }
        }
    }
}

#[test]
fn products_equal_the_bit_by_bit_reference() {
    use wegman_testkit::gf2m;
    let mut rng = Rng::new(3);
    for spec in ["131,45,41,9,0", "251,7,4,2,0"] {
        let f = Field::from_exponents(spec).unwrap();
        let exps = f.modulus().exponents();
        let m = f.degree() as usize;
        let a: Vec<Element> = (0..40).map(|_| random(&f, &mut rng)).collect();
        let b: Vec<Element> = (0..40).map(|_| random(&f, &mut rng)).collect();
        let mut c = vec![Element::ZERO; a.len()];
        SlicedPb::new(*f.modulus())
            .mul_batch(&a, &b, &mut c)
            .unwrap();
        for i in 0..a.len() {
            let ra = gf2m::from_limbs(a[i].limbs(), m);
            let rb = gf2m::from_limbs(b[i].limbs(), m);
            let want = gf2m::to_limbs(&gf2m::mul(&ra, &rb, &exps), m.div_ceil(64));
            assert_eq!(&c[i].limbs()[..want.len()], &want[..], "{spec} lane {i}");
        }
    }
}

#[test]
fn length_mismatch_is_an_error() {
    let f = Field::from_exponents("163,7,6,3,0").unwrap();
    let sp = SlicedPb::new(*f.modulus());
    let a = vec![Element::ZERO; 3];
    let mut c = vec![Element::ZERO; 2];
    assert!(sp.mul_batch(&a, &a, &mut c).is_err());
    assert!(sp.sqr_batch(&a, &mut c).is_err());
}

/// A job through the [`SlicedArith`] interface: a·b² + 1 on every lane.
struct Chain<'a> {
    a: &'a [Element],
    b: &'a [Element],
}

impl SlicedJob<SlicedPb> for Chain<'_> {
    type Output = Vec<Vec<u64>>;
    fn run<W: Word>(self, ops: &mut PbOps<'_, W>) -> Vec<Vec<u64>> {
        let m = ops.degree();
        let (mut a, mut b, mut t, mut one) = (
            vec![W::zero(); m],
            vec![W::zero(); m],
            vec![W::zero(); m],
            vec![W::zero(); m],
        );
        gather(self.a, &mut a);
        gather(self.b, &mut b);
        ops.sqr(&b, &mut t);
        ops.mul(&a, &t, &mut b);
        ops.one(&mut one);
        for (x, o) in b.iter_mut().zip(&one) {
            *x = x.xor(*o);
        }
        let mut out = vec![vec![0u64; m.div_ceil(64)]; self.a.len()];
        scatter(&b, self.a.len(), |j, l, v| out[j][l] = v);
        out
    }
}

#[test]
fn a_job_through_the_arith_interface() {
    let mut rng = Rng::new(11);
    let f = Field::from_exponents("233,74,0").unwrap();
    for backend in backends() {
        let sp = SlicedPb::new(*f.modulus()).with_backend(backend).unwrap();
        let n = sp.lanes() - 5;
        let a: Vec<Element> = (0..n).map(|_| random(&f, &mut rng)).collect();
        let b: Vec<Element> = (0..n).map(|_| random(&f, &mut rng)).collect();
        let got = sp.run(Chain { a: &a, b: &b });
        for i in 0..n {
            let want = f.add(&f.mul(&a[i], &f.sqr(&b[i])), &Element::ONE);
            assert_eq!(f.element(&got[i]).unwrap(), want, "{backend:?} lane {i}");
        }
    }
}

#[test]
fn karatsuba_needs_fewer_gates_than_schoolbook() {
    for spec in ["163,7,6,3,0", "251,89,81,3,0", "571,10,5,2,0"] {
        let m: Modulus = spec.parse().unwrap();
        let d = m.degree() as u64;
        let g = SlicedPb::new(m).gate_count();
        let schoolbook = d * d + (d - 1) * (d - 1);
        // Karatsuba with a 16-word base: about (m/16)^{log2 3}·(2·16²) + O(m log m).
        assert!(
            g.total() < schoolbook * 7 / 10,
            "{spec}: {g:?} vs {schoolbook}"
        );
        assert!(g.and > 0 && g.xor > g.and / 2, "{spec}: {g:?}");
    }
}
