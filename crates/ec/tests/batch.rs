//! The bit-sliced batch ladder (`wegman_ec::batch`): every lane equals the single
//! constant-time ladder, on every backend this CPU has and in both bases, for random and
//! edge inputs, partial batches of every size, the CAVP key-pair vectors
//! (tests/data/KeyPair-186-3.rsp, FIPS 186-3) and batched ECDH; bad inputs are errors naming
//! their index.

use wegman_ec::batch::{BatchLadder, SlicedBasis};
use wegman_ec::{Curve, CurveField, CurveId, Error, NistPb, Point, Scalar, SecretKey};
use wegman_gf2::gnb::Multiplier;
use wegman_gf2::sliced::SlicedBackend as Backend;
use wegman_gf2::{Element, Gnb};
use wegman_testkit::Rng;

fn backends() -> Vec<Backend> {
    wegman_testkit::backends("ec batch ladder")
}

fn curve(id: CurveId) -> Curve<NistPb> {
    Curve::new(id, NistPb::new).unwrap()
}

/// A uniform scalar below 2^bits.
fn random_scalar(rng: &mut Rng, bits: u32) -> Scalar {
    Scalar::from_limbs(&rng.limbs(bits))
}

/// A random point of the curve, not necessarily in the subgroup of order n (so its order
/// may be h·n or divide it): x random, y = x·z with z² + z = x + a + b/x².
fn random_point<F: CurveField>(c: &Curve<F>, rng: &mut Rng) -> Point<F::Elem> {
    let f = c.field();
    let m = f.degree();
    loop {
        let limbs = rng.limbs(m);
        let x = f.import_sec2(&c.sec2_field().element(&limbs).unwrap());
        if bool::from(f.is_zero(&x)) {
            continue;
        }
        let xi = f.inv(&x).unwrap();
        let rhs = x + *c.a() + f.mul(c.b(), &f.sqr(&xi));
        if let Some(z) = f.solve(&rhs) {
            let y = f.mul(&x, &z);
            assert!(c.is_on_curve_vartime(&x, &y));
            return Point::Affine { x, y };
        }
    }
}

/// The point of order 2, (0, √b).
fn order_two<F: CurveField>(c: &Curve<F>) -> Point<F::Elem> {
    let f = c.field();
    Point::Affine {
        x: f.zero(),
        y: f.sqrt(c.b()),
    }
}

/// The edge scalars of the issue: 0, 1, 2, n − 2, n − 1, n, 2^k, and all ones of n's length.
fn edge_scalars<F: CurveField>(c: &Curve<F>) -> Vec<Scalar> {
    let n = *c.order();
    let bits = c.order_bits();
    let sub = |d: u64| {
        let mut l = *n.limbs();
        l[0] -= d; // n is odd and its low limb large
        Scalar::from_limbs(&l)
    };
    let mut v = vec![
        Scalar::ZERO,
        Scalar::from_limbs(&[1]),
        Scalar::from_limbs(&[2]),
        sub(2),
        sub(1),
        n,
    ];
    for k in [1, 63, 64, 65, bits / 2, bits - 2, bits - 1] {
        let mut l = [0u64; 9];
        l[k as usize / 64] = 1 << (k % 64);
        v.push(Scalar::from_limbs(&l));
    }
    let ones: Vec<u64> = (0..bits.div_ceil(64))
        .map(|i| {
            let top = bits - 64 * i;
            if top >= 64 { !0 } else { (1u64 << top) - 1 }
        })
        .collect();
    v.push(Scalar::from_limbs(&ones));
    v
}

/// Inputs mixing edge scalars and points with random ones: `count` pairs.
fn inputs<F: CurveField>(
    c: &Curve<F>,
    rng: &mut Rng,
    count: usize,
) -> (Vec<Scalar>, Vec<Point<F::Elem>>) {
    let g = c.g();
    let edge_p = [
        g,
        c.neg(&g),
        order_two(c),
        Point::Infinity,
        random_point(c, rng),
    ];
    let edge_k = edge_scalars(c);
    let mut ks = Vec::new();
    let mut ps = Vec::new();
    for i in 0..count {
        let k = match i % 3 {
            0 => edge_k[(i / 3) % edge_k.len()],
            _ => random_scalar(rng, c.order_bits()),
        };
        let p = match i % 4 {
            0 => edge_p[(i / 4) % edge_p.len()],
            1 => random_point(c, rng),
            _ => c.mul_base(&random_scalar(rng, c.order_bits())),
        };
        ks.push(k);
        ps.push(p);
    }
    (ks, ps)
}

fn check_lanes<F: CurveField>(c: &Curve<F>, ladder: &BatchLadder, rng: &mut Rng, count: usize) {
    let (ks, ps) = inputs(c, rng, count);
    let got = c.mul_batch_with(ladder, &ks, &ps).unwrap();
    assert_eq!(got.len(), ks.len());
    for i in 0..ks.len() {
        let want = c.mul_ladder(&ks[i], &ps[i]);
        assert_eq!(
            got[i],
            want,
            "{} {} {:?} lane {i}: k = {}",
            c.id(),
            ladder.basis().name(),
            ladder.backend(),
            ks[i].to_hex()
        );
        // The single ladder against the reference double-and-add on the same inputs.
        if i < 4 {
            assert_eq!(want, c.mul_vartime(&ks[i], &ps[i]), "{} lane {i}", c.id());
        }
    }
}

#[test]
fn every_lane_equals_the_single_ladder_on_every_curve_and_backend() {
    let mut rng = Rng::new(0xba7c4);
    for backend in backends() {
        for id in CurveId::ALL {
            let c = curve(id);
            let ladder = BatchLadder::with_backend(id, SlicedBasis::Polynomial, backend).unwrap();
            // One full batch and a partial one.
            check_lanes(&c, &ladder, &mut rng, ladder.lanes() + 37);
        }
    }
}

#[test]
fn the_normal_basis_gives_the_same_lanes() {
    let mut rng = Rng::new(0x9b);
    for backend in backends() {
        for id in [CurveId::Sect163r2, CurveId::Sect233k1, CurveId::Sect283r1] {
            let c = curve(id);
            let g = Gnb::new(c.field().degree()).unwrap();
            let mult = g.best_multiplier();
            let ladder = BatchLadder::with_backend(id, SlicedBasis::Normal(mult), backend).unwrap();
            check_lanes(&c, &ladder, &mut rng, 70);
        }
    }
    // Every multiplier on one curve.
    let c = curve(CurveId::Sect163k1);
    for mult in Multiplier::ALL {
        match BatchLadder::new(CurveId::Sect163k1, SlicedBasis::Normal(mult)) {
            Ok(ladder) => check_lanes(&c, &ladder, &mut rng, 20),
            // Fan–Hasan needs type 2; 163 is type 4.
            Err(e) => assert_eq!(mult, Multiplier::FanHasan, "{e}"),
        }
    }
}

#[test]
fn partial_batches_of_every_size() {
    let mut rng = Rng::new(5);
    let id = CurveId::Sect163k1;
    let c = curve(id);
    for backend in backends() {
        let ladder = BatchLadder::with_backend(id, SlicedBasis::Polynomial, backend).unwrap();
        let w = ladder.lanes();
        let (ks, ps) = inputs(&c, &mut rng, w);
        let want: Vec<_> = ks
            .iter()
            .zip(&ps)
            .map(|(k, p)| c.mul_ladder(k, p))
            .collect();
        for size in 1..=w {
            let got = c.mul_batch_with(&ladder, &ks[..size], &ps[..size]).unwrap();
            assert_eq!(got, want[..size], "{backend:?} size {size}");
        }
        assert!(c.mul_batch_with(&ladder, &[], &[]).unwrap().is_empty());
    }
}

#[test]
fn other_representations_and_the_free_function() {
    let mut rng = Rng::new(8);
    let id = CurveId::Sect233r1;
    let nb = Curve::new(id, wegman_ec::Nb::new).unwrap();
    let ss = Curve::new(id, wegman_ec::SsrfPb::new).unwrap();
    let (ks, ps) = inputs(&nb, &mut rng, 30);
    let got = wegman_ec::mul_batch(&nb, &ks, &ps).unwrap();
    for i in 0..ks.len() {
        assert_eq!(got[i], nb.mul_ladder(&ks[i], &ps[i]), "nb lane {i}");
    }
    let (ks, ps) = inputs(&ss, &mut rng, 30);
    let got = ss.mul_batch(&ks, &ps).unwrap();
    for i in 0..ks.len() {
        assert_eq!(got[i], ss.mul_ladder(&ks[i], &ps[i]), "ssrf lane {i}");
    }
}

#[test]
fn cavp_key_pairs_through_the_batch() {
    let text = include_str!("data/KeyPair-186-3.rsp");
    /// (d, Qx, Qy) hex.
    type Vector = (String, String, String);
    let mut by_curve: Vec<(String, Vec<Vector>)> = Vec::new();
    let (mut d, mut qx) = (String::new(), String::new());
    for line in text.lines().map(str::trim) {
        if let Some(c) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            // Curve headers ([K-163]); the method headers between them are skipped.
            if c.len() < 8 {
                by_curve.push((c.to_string(), Vec::new()));
            }
        } else if let Some(v) = line.strip_prefix("d = ") {
            d = v.into();
        } else if let Some(v) = line.strip_prefix("Qx = ") {
            qx = v.into();
        } else if let Some(v) = line.strip_prefix("Qy = ")
            && let Some(last) = by_curve.last_mut()
        {
            last.1.push((d.clone(), qx.clone(), v.into()));
        }
    }
    let mut seen = 0;
    for (name, vs) in by_curve {
        let Ok(id) = CurveId::from_name(&name) else {
            continue;
        };
        let c = curve(id);
        let ks: Vec<Scalar> = vs.iter().map(|v| c.parse_scalar(&v.0).unwrap()).collect();
        let ps = vec![c.g(); ks.len()];
        let got = c.mul_batch(&ks, &ps).unwrap();
        for (v, q) in vs.iter().zip(&got) {
            let want = Point::Affine {
                x: c.parse_element(&v.1).unwrap(),
                y: c.parse_element(&v.2).unwrap(),
            };
            assert_eq!(*q, want, "{name} d = {}", v.0);
            seen += 1;
        }
    }
    assert_eq!(seen, 100, "ten vectors for each of the ten binary curves");
}

#[test]
fn bad_inputs_are_errors_naming_their_index() {
    let c = curve(CurveId::Sect233k1);
    let g = c.g();
    let one = Scalar::from_limbs(&[1]);
    let (gx, gy) = c.generator();
    let off = Point::Affine {
        x: gx,
        y: gx + gy + c.field().one(),
    };
    match c.mul_batch(&[one, one, one], &[g, off, g]) {
        Err(Error::InBatch { index: 1, error }) => assert_eq!(*error, Error::NotOnCurve),
        r => panic!("{r:?}"),
    }
    let long = Scalar::from_limbs(&[0, 0, 0, 0, 1]);
    match c.mul_batch(&[one, long], &[g, g]) {
        Err(Error::InBatch { index: 1, error }) => {
            assert!(matches!(*error, Error::ScalarTooLong { .. }))
        }
        r => panic!("{r:?}"),
    }
    assert!(matches!(
        c.mul_batch(&[one], &[g, g]),
        Err(Error::BatchLength {
            scalars: 1,
            points: 2
        })
    ));
    // A ladder for another curve.
    let other = BatchLadder::new(CurveId::Sect233r1, SlicedBasis::Polynomial).unwrap();
    assert_eq!(
        c.mul_batch_with(&other, &[one], &[g]),
        Err(Error::WrongCurve)
    );
    // Error messages are one line and say what is wrong.
    let e = c.mul_batch(&[one, one], &[g, off]).unwrap_err().to_string();
    assert!(
        e.contains("batch input 1") && e.contains("not on the curve"),
        "{e}"
    );
}

#[test]
fn the_single_ladder_handles_the_point_of_order_two() {
    for id in CurveId::ALL {
        let c = curve(id);
        let t = order_two(&c);
        let (x, y) = match t {
            Point::Affine { x, y } => (x, y),
            Point::Infinity => unreachable!(),
        };
        assert!(c.is_on_curve_vartime(&x, &y), "{id}");
        assert_eq!(c.dbl_vartime(&t), Point::Infinity);
        for k in 0..6u64 {
            let k = Scalar::from_limbs(&[k]);
            assert_eq!(
                c.mul_ladder(&k, &t),
                c.mul_vartime(&k, &t),
                "{id} k = {}",
                k.to_hex()
            );
        }
    }
}

#[test]
fn custom_curves_of_table_one_degrees() {
    // y² + xy = x³ + x² + b over the square-root-friendly field of degree m, checked against
    // affine double-and-add on the word-level field.
    let mut rng = Rng::new(131);
    for m in [131u32, 139, 251] {
        let (modulus, _) = wegman_gf2::ssrf_modulus(m).unwrap();
        let f = wegman_gf2::Field::new(modulus);
        let b = f.element(&[0x2b, 0, 0, 0]).unwrap();
        for basis in [
            SlicedBasis::Polynomial,
            SlicedBasis::Normal(Multiplier::Xesmpo),
        ] {
            let ladder =
                BatchLadder::custom(modulus, true, b, m, basis, Backend::detect()).unwrap();
            let mut ks = Vec::new();
            let mut ps = Vec::new();
            while ks.len() < 20 {
                let x = f.element(random_scalar(&mut rng, m).limbs()).unwrap();
                let xi = f.inv(&x);
                if bool::from(xi.is_none()) {
                    continue;
                }
                let rhs = x + Element::ONE + f.mul(&b, &f.sqr(&xi.unwrap()));
                if let Some((z, _)) = f.solve(&rhs) {
                    ks.push(random_scalar(&mut rng, m));
                    ps.push(Point::Affine {
                        x,
                        y: f.mul(&x, &z),
                    });
                }
            }
            let got = ladder.mul(&ks, &ps).unwrap();
            for i in 0..ks.len() {
                assert_eq!(
                    got[i],
                    affine_mul(&f, &b, &ks[i], &ps[i]),
                    "m = {m} {} lane {i}",
                    basis.name()
                );
            }
        }
    }
}

/// Affine double-and-add on y² + xy = x³ + x² + b (the group law of HMV §3.1.2).
fn affine_mul(
    f: &wegman_gf2::Field,
    b: &Element,
    k: &Scalar,
    p: &Point<Element>,
) -> Point<Element> {
    let _ = b;
    let add = |p: Point<Element>, q: Point<Element>| -> Point<Element> {
        let (Point::Affine { x: x1, y: y1 }, Point::Affine { x: x2, y: y2 }) = (p, q) else {
            return if p == Point::Infinity { q } else { p };
        };
        let l = if x1 == x2 {
            if y1 != y2 || x1 == Element::ZERO {
                return Point::Infinity;
            }
            x1 + f.mul(&y1, &f.inv(&x1).unwrap())
        } else {
            f.mul(&(y1 + y2), &f.inv(&(x1 + x2)).unwrap())
        };
        let x3 = f.sqr(&l) + l + x1 + x2 + Element::ONE;
        let y3 = f.mul(&l, &(x1 + x3)) + x3 + y1;
        Point::Affine { x: x3, y: y3 }
    };
    let mut r = Point::Infinity;
    for i in (0..k.bits() as usize).rev() {
        r = add(r, r);
        if k.bit(i) == 1 {
            r = add(r, *p);
        }
    }
    r
}

#[test]
fn batched_ecdh_equals_one_at_a_time() {
    let id = CurveId::Sect283k1;
    let c = curve(id);
    let keys: Vec<SecretKey> = (0..40).map(|_| SecretKey::random(&c).unwrap()).collect();
    let peers: Vec<Point<Element>> = (0..40)
        .map(|_| SecretKey::random(&c).unwrap().public_key(&c))
        .collect();
    let mut pairs: Vec<(&SecretKey, &Point<Element>)> = keys.iter().zip(&peers).collect();
    // One bad peer key: an error in its slot only.
    let g = c.g();
    let (gx, gy) = c.generator();
    let off = Point::Affine {
        x: gx,
        y: gy + c.field().one(),
    };
    pairs[7].1 = &off;
    pairs[8].1 = &Point::Infinity;
    let got = wegman_ec::ecdh::diffie_hellman_batch(&c, &pairs);
    assert_eq!(got.len(), pairs.len());
    for (i, (k, q)) in pairs.iter().enumerate() {
        assert_eq!(got[i], k.diffie_hellman(&c, q), "pair {i}");
    }
    assert!(got[7].is_err() && got[8].is_err() && got[9].is_ok());
    let _ = g;
}
