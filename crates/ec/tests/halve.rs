//! Point halving on the curves with Tr(a) = 1 in every field representation: halve(2P) = P and
//! 2·halve(P) = P for multiples of G, halving G n-fold back around, and the error on curves
//! with Tr(a) = 0.

use wegman_ec::{Curve, CurveField, CurveId, Error, Nb, NistPb, Point, Scalar, SsrfPb};

fn check<F: CurveField>(make: impl Fn(&wegman_gf2::Modulus) -> Result<F, Error> + Copy) {
    for id in CurveId::ALL {
        let c = Curve::new(id, make).unwrap();
        let g = c.g();
        // Repeated doubling in one job against affine doublings.
        let mut want = g;
        for k in 0..=9 {
            assert_eq!(c.dbl_repeated(&g, k), want, "{id} ({}): 2^{k}·G", F::NAME);
            want = c.dbl_vartime(&want);
        }
        assert_eq!(c.dbl_repeated(&Point::Infinity, 3), Point::Infinity);
        let halvable = id.params().a == 1;
        assert_eq!(c.can_halve(), halvable, "{id}");
        if !halvable {
            assert_eq!(c.halve_vartime(&g), Err(Error::CannotHalve));
            assert_eq!(c.halve_repeated_vartime(&g, 2), Err(Error::CannotHalve));
            continue;
        }
        // Repeated halving in one job undoes repeated doubling, and agrees with single halvings.
        let q = c.dbl_repeated(&g, 40);
        assert_eq!(
            c.halve_repeated_vartime(&q, 40).unwrap(),
            g,
            "{id} ({})",
            F::NAME
        );
        let mut h = g;
        for _ in 0..5 {
            h = c.halve_vartime(&h).unwrap();
        }
        assert_eq!(
            c.halve_repeated_vartime(&g, 5).unwrap(),
            h,
            "{id} ({})",
            F::NAME
        );
        assert_eq!(c.halve_repeated_vartime(&g, 0).unwrap(), g);
        for k in [1u64, 2, 3, 0x1234_5678_9abc_def1] {
            let q = c.mul_vartime(&Scalar::from_limbs(&[k]), &g);
            assert_eq!(
                c.halve_vartime(&c.dbl_vartime(&q)).unwrap(),
                q,
                "{id} ({})",
                F::NAME
            );
            let h = c.halve_vartime(&q).unwrap();
            assert_eq!(c.dbl_vartime(&h), q, "{id} ({})", F::NAME);
        }
        // The half of G is ((n + 1)/2)·G.
        let mut l = *c.order().limbs();
        let mut carry = 1u64;
        for w in l.iter_mut() {
            let (s, o) = w.overflowing_add(carry);
            *w = s;
            carry = u64::from(o);
        }
        let shifted: Vec<u64> = (0..l.len())
            .map(|i| (l[i] >> 1) | l.get(i + 1).map_or(0, |&h| h << 63))
            .collect();
        let half = Scalar::from_limbs(&shifted);
        assert_eq!(
            c.halve_vartime(&g).unwrap(),
            c.mul_vartime(&half, &g),
            "{id}"
        );
        assert_eq!(c.halve_vartime(&Point::Infinity).unwrap(), Point::Infinity);
    }
}

wegman_testkit::tests!(check;
    halving_nist_polynomial_basis: (NistPb::new);
    halving_square_root_friendly_basis: (SsrfPb::new);
    halving_normal_basis: (Nb::new);
);

/// Every scalar multiplication method agrees: ladder, w-NAF double-and-add, halve-and-add,
/// fixed base.
fn methods_agree<F: CurveField>(make: impl Fn(&wegman_gf2::Modulus) -> Result<F, Error> + Copy) {
    let mut rng = wegman_testkit::Rng::new(14);
    for id in CurveId::ALL {
        let c = Curve::new(id, make).unwrap();
        let g = c.g();
        let bits = c.order_bits() as usize;
        let mut scalars = vec![
            Scalar::from_limbs(&[1]),
            Scalar::from_limbs(&[2]),
            Scalar::from_limbs(&[7]),
        ];
        for _ in 0..2 {
            let mut l: Vec<u64> = (0..bits.div_ceil(64)).map(|_| rng.next_u64()).collect();
            let top = bits % 64;
            if top != 0 {
                *l.last_mut().unwrap() &= (1 << (top - 1)) - 1;
            }
            scalars.push(Scalar::from_limbs(&l));
        }
        for k in &scalars {
            let want = c.mul_ladder(k, &g);
            assert_eq!(c.mul_wnaf_vartime(k, &g), want, "{id} w-NAF ({})", F::NAME);
            assert_eq!(c.mul_base(k), want, "{id} fixed base ({})", F::NAME);
            match c.mul_halve_vartime(k, &g) {
                Ok(h) => assert_eq!(h, want, "{id} halve-and-add ({})", F::NAME),
                Err(Error::CannotHalve) => assert!(!c.can_halve()),
                Err(e) => panic!("{e}"),
            }
        }
    }
}

wegman_testkit::tests!(methods_agree;
    methods_agree_nist: (NistPb::new);
    methods_agree_normal_basis: (Nb::new);
);
