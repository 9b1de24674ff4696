//! Scalars longer than the order n, which a `Scalar` can hold (`parse_scalar` refuses them):
//! the ladder and the fixed-base method compute the full k·P, never a truncation of k.

use wegman_ec::{Curve, CurveField, CurveId, NistPb, Point, Scalar};

#[test]
fn long_scalars_are_not_truncated() {
    let mut rng = wegman_testkit::Rng::new(0x10e6);
    for id in CurveId::ALL {
        let c = Curve::new(id, NistPb::new).unwrap();
        let p = c.mul_vartime(&Scalar::from_limbs(&[0xdead_beef]), &c.g());
        let t2 = Point::Affine {
            x: c.field().zero(),
            y: c.field().sqrt(c.b()),
        };
        for top in [c.order_bits(), c.order_bits() + 1, 575] {
            let mut l: Vec<u64> = (0..9).map(|_| rng.next_u64()).collect();
            for (i, w) in l.iter_mut().enumerate() {
                let keep = (top as usize + 1).saturating_sub(64 * i).min(64);
                *w &= if keep == 64 {
                    u64::MAX
                } else {
                    (1u64 << keep) - 1
                };
            }
            l[top as usize / 64] |= 1 << (top % 64);
            let k = Scalar::from_limbs(&l);
            assert!(c.parse_scalar(&k.to_hex()).is_err(), "{id}");
            assert_eq!(
                c.mul_ladder(&k, &p),
                c.mul_vartime(&k, &p),
                "{id} ladder, bit {top}"
            );
            assert_eq!(
                c.mul_base(&k),
                c.mul_vartime(&k, &c.g()),
                "{id} base, bit {top}"
            );
            assert_eq!(
                c.mul_ladder(&k, &t2),
                c.mul_vartime(&k, &t2),
                "{id} order 2"
            );
        }
    }
}
