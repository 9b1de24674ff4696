//! Random scalars and points against OpenSSL (the `openssl` crate on the system libssl, which
//! has the sect* curves), on every curve and in every field representation: k·G, k·P for a
//! random point P = r·G, P + Q, 2P, SEC 1 encodings both ways, and ECDH.

use openssl::bn::{BigNum, BigNumContext};
use openssl::ec::{EcPoint, PointConversionForm};
use wegman_ec::{Curve, CurveField, CurveId, Error, Nb, NistPb, Point, SecretKey, SsrfPb};

fn random_scalar_hex(rng: &mut wegman_testkit::Rng, bits: u32) -> String {
    // Below 2^(bits − 1) < n.
    let words = (bits as usize - 1).div_ceil(64);
    let mut l: Vec<u64> = (0..words).map(|_| rng.next_u64()).collect();
    let top = (bits - 1) % 64;
    if top != 0 {
        *l.last_mut().unwrap() &= (1u64 << top) - 1;
    }
    l.iter().rev().map(|w| format!("{w:016x}")).collect()
}

fn ours_hex<F: CurveField>(c: &Curve<F>, p: &Point<F::Elem>) -> (BigNum, BigNum) {
    let Point::Affine { x, y } = p else {
        panic!("unexpected identity")
    };
    (
        BigNum::from_hex_str(&c.element_hex(x)).unwrap(),
        BigNum::from_hex_str(&c.element_hex(y)).unwrap(),
    )
}

fn check<F: CurveField>(
    make: impl Fn(&wegman_gf2::Modulus) -> Result<F, Error> + Copy,
    per_curve: usize,
) {
    let mut rng = wegman_testkit::Rng::new(0x0551);
    let mut ctx = BigNumContext::new().unwrap();
    for id in CurveId::ALL {
        let c = Curve::new(id, make).unwrap();
        let group = wegman_testkit::openssl_group(&id.to_string());
        let affine = |p: &EcPoint, ctx: &mut BigNumContext| {
            let (mut x, mut y) = (BigNum::new().unwrap(), BigNum::new().unwrap());
            p.affine_coordinates(&group, &mut x, &mut y, ctx).unwrap();
            (x, y)
        };
        for _ in 0..per_curve {
            let (kh, rh) = (
                random_scalar_hex(&mut rng, c.order_bits()),
                random_scalar_hex(&mut rng, c.order_bits()),
            );
            let (kb, rb) = (
                BigNum::from_hex_str(&kh).unwrap(),
                BigNum::from_hex_str(&rh).unwrap(),
            );
            let (k, r) = (c.parse_scalar(&kh).unwrap(), c.parse_scalar(&rh).unwrap());
            // k·G.
            let mut kg = EcPoint::new(&group).unwrap();
            kg.mul_generator2(&group, &kb, &mut ctx).unwrap();
            let ours = c.mul_ladder(&k, &c.g());
            assert_eq!(c.mul_base(&k), ours, "{id} fixed base ({})", F::NAME);
            assert_eq!(
                ours_hex(&c, &ours),
                affine(&kg, &mut ctx),
                "{id} k·G ({})",
                F::NAME
            );
            // k·P with P = r·G.
            let mut p = EcPoint::new(&group).unwrap();
            p.mul_generator2(&group, &rb, &mut ctx).unwrap();
            let mut kp = EcPoint::new(&group).unwrap();
            kp.mul2(&group, &p, &kb, &mut ctx).unwrap();
            let pw = c.mul_ladder(&r, &c.g());
            let kpw = c.mul_ladder(&k, &pw);
            assert_eq!(ours_hex(&c, &kpw), affine(&kp, &mut ctx), "{id} k·P");
            // P + k·G and 2P.
            let mut sum = EcPoint::new(&group).unwrap();
            sum.add(&group, &p, &kg, &mut ctx).unwrap();
            assert_eq!(
                ours_hex(&c, &c.add_vartime(&pw, &ours)),
                affine(&sum, &mut ctx),
                "{id} P + Q"
            );
            let mut dbl = EcPoint::new(&group).unwrap();
            dbl.add(&group, &p, &p, &mut ctx).unwrap();
            assert_eq!(
                ours_hex(&c, &c.dbl_vartime(&pw)),
                affine(&dbl, &mut ctx),
                "{id} 2P"
            );
            // SEC 1 both ways, compressed and not.
            for (form, compressed) in [
                (PointConversionForm::UNCOMPRESSED, false),
                (PointConversionForm::COMPRESSED, true),
            ] {
                let theirs = p.to_bytes(&group, form, &mut ctx).unwrap();
                assert_eq!(c.encode_point(&pw, compressed), theirs, "{id} encode");
                assert_eq!(c.decode_public_key(&theirs).unwrap(), pw, "{id} decode");
            }
            // ECDH: x(k·P) — what OpenSSL's derive returns.
            let sk = SecretKey::from_scalar(&c, k).unwrap();
            let shared = sk.diffie_hellman(&c, &pw).unwrap();
            let (x, _) = affine(&kp, &mut ctx);
            assert_eq!(
                shared,
                x.to_vec_padded(c.coordinate_len() as i32).unwrap(),
                "{id} ECDH"
            );
        }
    }
}

wegman_testkit::tests!(check;
    against_openssl_nist_polynomial_basis: (NistPb::new, 4);
    against_openssl_square_root_friendly_basis: (SsrfPb::new, 2);
    against_openssl_normal_basis: (Nb::new, 2);
);

#[test]
fn random_keys_agree_with_openssl() {
    let mut ctx = BigNumContext::new().unwrap();
    for id in CurveId::ALL {
        let c = Curve::new(id, NistPb::new).unwrap();
        let group = wegman_testkit::openssl_group(&id.to_string());
        let a = SecretKey::random(&c).unwrap();
        let b = SecretKey::random(&c).unwrap();
        let (pa, pb) = (a.public_key(&c), b.public_key(&c));
        assert!(c.check_public_key(&pa).is_ok());
        // OpenSSL accepts our public keys, and both sides derive the same secret.
        let bytes = c.encode_point(&pa, false);
        let theirs = EcPoint::from_bytes(&group, &bytes, &mut ctx).unwrap();
        assert!(theirs.is_on_curve(&group, &mut ctx).unwrap());
        assert_eq!(
            a.diffie_hellman(&c, &pb).unwrap(),
            b.diffie_hellman(&c, &pa).unwrap()
        );
        assert_ne!(pa, pb);
    }
}
