//! Public-key validation by traces (`Curve::in_subgroup_vartime`, docs/ec.md "Validation by
//! traces") against the definition, n·Q = O, in every field representation: random points of
//! E(F) (of every order the group has), the subgroup points plus each point of order 2 or 4,
//! and those small-order points alone.

use wegman_ec::{Curve, CurveField, CurveId, Error, Nb, NistPb, Point, Scalar, SsrfPb};

/// xorshift64*: reproducible test inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// A uniformly random element of F_{2^m}.
fn random_element<F: CurveField>(c: &Curve<F>, rng: &mut Rng) -> F::Elem {
    let m = c.field().degree() as usize;
    let digits = m.div_ceil(4);
    let mut hex: String = (0..digits)
        .map(|_| char::from_digit((rng.next() % 16) as u32, 16).unwrap())
        .collect();
    // Keep the top digit below 2^(m mod 4) (or a whole digit).
    let top_bits = m - 4 * (digits - 1);
    let top = u32::from_str_radix(&hex[..1], 16).unwrap() & ((1 << top_bits) - 1);
    hex.replace_range(..1, &format!("{top:x}"));
    c.parse_element(&hex).unwrap()
}

/// A random point of E(F) other than the identity (x uniform among those with a point, then
/// either y): in the subgroup of order n with probability 1/h.
fn random_point<F: CurveField>(c: &Curve<F>, rng: &mut Rng) -> Point<F::Elem> {
    let f = c.field();
    loop {
        let x = random_element(c, rng);
        let Some(xinv) = Option::<F::Elem>::from(f.inv(&x)) else {
            continue;
        };
        let rhs = x + *c.a() + f.mul(c.b(), &f.sqr(&xinv));
        if let Some(z) = f.solve(&rhs) {
            let z = if rng.next() & 1 == 0 { z } else { z + f.one() };
            let p = Point::Affine {
                x,
                y: f.mul(&x, &z),
            };
            return p;
        }
    }
}

fn in_subgroup_by_definition<F: CurveField>(c: &Curve<F>, p: &Point<F::Elem>) -> bool {
    *p != Point::Infinity && c.mul_vartime(c.order(), p) == Point::Infinity
}

fn check<F: CurveField>(make: impl Fn(&wegman_gf2::Modulus) -> Result<F, Error> + Copy) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for id in CurveId::ALL {
        let c = Curve::new(id, make).unwrap();
        let f = c.field();
        let h = c.cofactor();
        assert!(h == 2 || h == 4, "{id}: cofactor {h}");
        let tag = format!("{id} ({})", F::NAME);

        // The points of order 2 and (h = 4) 4: T2 = (0, √b); T4 = (b^{1/4}, b^{1/2}), since
        // x(2P) = x² + b/x² vanishes at x⁴ = b, and y = x² solves y² + xy = x³ + b there.
        let t2 = Point::Affine {
            x: f.zero(),
            y: f.sqrt(c.b()),
        };
        assert!(c.is_on_curve_vartime(&f.zero(), &f.sqrt(c.b())));
        assert_eq!(c.dbl_vartime(&t2), Point::Infinity, "{tag}");
        let mut small = vec![t2];
        if h == 4 {
            let x = f.sqrt(&f.sqrt(c.b()));
            let t4 = Point::Affine { x, y: f.sqr(&x) };
            assert!(c.is_on_curve_vartime(&x, &f.sqr(&x)), "{tag}");
            assert_eq!(c.dbl_vartime(&t4), t2, "{tag}: 2·T4 = T2");
            small.push(t4);
            small.push(c.neg(&t4));
        }
        for s in &small {
            assert_eq!(c.check_public_key(s), Err(Error::NotInSubgroup), "{tag}");
            assert!(!in_subgroup_by_definition(&c, s), "{tag}");
        }

        let mut seen = [0usize; 2];
        for _ in 0..16 {
            let p = random_point(&c, &mut rng);
            let want = in_subgroup_by_definition(&c, &p);
            let got = c.check_public_key(&p);
            assert_eq!(got.is_ok(), want, "{tag}: {got:?}");
            if !want {
                assert_eq!(got, Err(Error::NotInSubgroup), "{tag}");
            }
            seen[usize::from(want)] += 1;
            // h·P is in the subgroup (or O); adding a point of order 2 or 4 leaves it.
            let q = c.mul_vartime(&Scalar::from_limbs(&[u64::from(h)]), &p);
            if q == Point::Infinity {
                continue;
            }
            assert_eq!(c.check_public_key(&q), Ok(()), "{tag}: h·P");
            for s in &small {
                let mixed = c.add_vartime(&q, s);
                assert!(!in_subgroup_by_definition(&c, &mixed), "{tag}");
                assert_eq!(
                    c.check_public_key(&mixed),
                    Err(Error::NotInSubgroup),
                    "{tag}: h·P + small"
                );
            }
        }
        // Both answers occurred (probability 1/h each way per point).
        assert!(seen[0] > 0 && seen[1] > 0, "{tag}: {seen:?}");
        assert_eq!(c.check_public_key(&c.g()), Ok(()), "{tag}: G");
        assert_eq!(c.check_public_key(&Point::Infinity), Err(Error::Identity));
    }
}

wegman_testkit::tests!(check;
    validation_nist_polynomial_basis: (NistPb::new);
    validation_square_root_friendly_basis: (SsrfPb::new);
    validation_normal_basis: (Nb::new);
);
