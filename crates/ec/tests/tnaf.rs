//! The width-5 τ-adic NAF (`Curve::mul_tnaf_vartime`) against double-and-add on the Koblitz
//! curves in every field representation: random and edge scalars (0, 1, 2, n − 1, n, n + 1,
//! 2^k, all ones) on multiples of G; and the error on the B curves.

use wegman_ec::{Curve, CurveField, CurveId, Error, Nb, NistPb, Point, Scalar, SsrfPb};

fn check<F: CurveField>(
    make: impl Fn(&wegman_gf2::Modulus) -> Result<F, Error> + Copy,
    max_bits: u32,
) {
    let mut rng = wegman_testkit::Rng::new(0x7a7);
    for id in CurveId::ALL {
        let c = Curve::new(id, make).unwrap();
        if !c.is_koblitz() {
            assert!(matches!(
                c.mul_tnaf_vartime(&Scalar::from_limbs(&[3]), &c.g()),
                Err(Error::NotKoblitz)
            ));
            continue;
        }
        if c.order_bits() > max_bits {
            continue;
        }
        let t = c.order_bits();
        let n = *c.order().limbs();
        let mut n_minus_1 = n;
        n_minus_1[0] -= 1;
        let mut n_plus_1 = n;
        n_plus_1[0] += 1;
        let mut ones = [0u64; 9];
        for (i, w) in ones.iter_mut().enumerate() {
            let bits = (t as usize).saturating_sub(64 * i).min(64);
            *w = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
        }
        let mut scalars = vec![
            Scalar::ZERO,
            Scalar::from_limbs(&[1]),
            Scalar::from_limbs(&[2]),
            Scalar::from_limbs(&n_minus_1),
            Scalar::from_limbs(&n),
            Scalar::from_limbs(&n_plus_1),
            Scalar::from_limbs(&ones),
        ];
        for k in [1u32, 63, 64, t - 2] {
            let mut l = [0u64; 9];
            l[(k / 64) as usize] = 1 << (k % 64);
            scalars.push(Scalar::from_limbs(&l));
        }
        for _ in 0..12 {
            let words = (t as usize).div_ceil(64);
            let mut l: Vec<u64> = (0..words).map(|_| rng.next_u64()).collect();
            let top = t % 64;
            if top != 0 {
                *l.last_mut().unwrap() &= (1u64 << top) - 1;
            }
            scalars.push(Scalar::from_limbs(&l));
        }
        let points = [
            c.g(),
            c.mul_vartime(&Scalar::from_limbs(&[0x1234_5678_9abc]), &c.g()),
            c.neg(&c.g()),
        ];
        for p in &points {
            for k in &scalars {
                assert_eq!(
                    c.mul_tnaf_vartime(k, p).unwrap(),
                    c.mul_wnaf_vartime(k, p),
                    "{id} ({})",
                    F::NAME
                );
            }
        }
        assert_eq!(
            c.mul_tnaf_vartime(&scalars[7], &Point::Infinity).unwrap(),
            Point::Infinity
        );
    }
}

wegman_testkit::tests!(check;
    tnaf_nist_polynomial_basis: (NistPb::new, 571);
    tnaf_square_root_friendly_basis: (SsrfPb::new, 571);
    tnaf_normal_basis: (Nb::new, 283);
);
