//! The constant-time ladder, double-and-add and the group law on all ten NIST binary curves in
//! every field representation: the CAVP key-pair vectors d → Q = d·G (tests/data/
//! KeyPair-186-3.rsp, FIPS 186-3), the curve parameters against tests/data/
//! nist-binary-curves.txt, and edge scalars.

use wegman_ec::{Curve, CurveField, CurveId, Nb, NistPb, Point, Scalar, SsrfPb};

/// (curve NIST name, d, Qx, Qy) for the binary curves.
fn vectors() -> Vec<(String, String, String, String)> {
    let text = include_str!("data/KeyPair-186-3.rsp");
    let mut out = Vec::new();
    let mut curve = String::new();
    let mut d = String::new();
    let mut qx = String::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(c) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if c.starts_with("K-") || c.starts_with("B-") || c.starts_with("P-") {
                curve = c.to_string();
            }
        } else if let Some(v) = line.strip_prefix("d = ") {
            d = v.to_string();
        } else if let Some(v) = line.strip_prefix("Qx = ") {
            qx = v.to_string();
        } else if let Some(v) = line.strip_prefix("Qy = ")
            && !curve.starts_with("P-")
        {
            out.push((curve.clone(), d.clone(), qx.clone(), v.to_string()));
        }
    }
    out
}

fn check_repr<F: CurveField>(
    make: impl Fn(&wegman_gf2::Modulus) -> Result<F, wegman_ec::Error> + Copy,
) {
    let vs = vectors();
    assert_eq!(
        vs.len(),
        100,
        "ten vectors for each of the ten binary curves"
    );
    for id in CurveId::ALL {
        let c = Curve::new(id, make).unwrap();
        let (gx, gy) = c.generator();
        assert!(c.is_on_curve_vartime(&gx, &gy), "{id} in {}", F::NAME);
        let n = *c.order();
        // n·G = O, (n − 1)·G = −G, 1·G = G, 0·G = O.
        let g = c.g();
        assert_eq!(c.mul_ladder(&n, &g), Point::Infinity, "{id}");
        assert_eq!(c.mul_base(&n), Point::Infinity, "{id}: fixed base");
        assert_eq!(c.mul_base(&Scalar::ZERO), Point::Infinity);
        assert_eq!(c.mul_base(&Scalar::from_limbs(&[1])), g);
        assert_eq!(c.mul_ladder(&Scalar::ZERO, &g), Point::Infinity);
        assert_eq!(c.mul_ladder(&Scalar::from_limbs(&[1]), &g), g);
        let mut nm1 = *n.limbs();
        nm1[0] -= 1; // n is odd
        let nm1 = Scalar::from_limbs(&nm1);
        assert_eq!(c.mul_ladder(&nm1, &g), c.neg(&g), "{id}: (n − 1)G = −G");
        assert_eq!(c.mul_base(&nm1), c.neg(&g), "{id}: fixed base (n − 1)G");
        assert_eq!(
            c.mul_ladder(&Scalar::from_limbs(&[2]), &g),
            c.dbl_vartime(&g)
        );
        let (sec2_name, nist) = (id.params().name, id.params().nist_name);
        let mine: Vec<_> = vs.iter().filter(|v| v.0 == nist).collect();
        assert_eq!(mine.len(), 10, "{sec2_name}");
        for (i, (_, d, qx, qy)) in mine.iter().enumerate() {
            let k = c.parse_scalar(d).unwrap();
            let q = c.mul_ladder(&k, &g);
            assert_eq!(c.mul_base(&k), q, "{id} {} fixed base {i}", F::NAME);
            let Point::Affine { x, y } = q else {
                panic!("{id}: d·G = O")
            };
            let f = c.sec2_field();
            assert_eq!(
                c.field().export_sec2(&x),
                f.parse(qx).unwrap(),
                "{id} {} vector {i}",
                F::NAME
            );
            assert_eq!(
                c.field().export_sec2(&y),
                f.parse(qy).unwrap(),
                "{id} {} vector {i}",
                F::NAME
            );
            if i < 2 {
                assert_eq!(c.mul_vartime(&k, &g), q, "{id}: double-and-add");
                // The ladder on a point other than G: d·(2G) = 2·(d·G).
                let g2 = c.dbl_vartime(&g);
                assert_eq!(c.mul_ladder(&k, &g2), c.dbl_vartime(&q));
            }
        }
    }
}

wegman_testkit::tests!(check_repr;
    cavp_key_pairs_nist_polynomial_basis: (NistPb::new);
    cavp_key_pairs_square_root_friendly_basis: (SsrfPb::new);
    cavp_key_pairs_normal_basis: (Nb::new);
);

#[test]
fn parameters_match_the_data_file() {
    let text = include_str!("data/nist-binary-curves.txt");
    let mut seen = 0;
    for block in wegman_testkit::kv_blocks(text) {
        let Some(name) = block.get("sec2_name") else {
            continue;
        };
        let get = |k: &str| block.get(k);
        let id = CurveId::from_name(&name).unwrap();
        assert_eq!(CurveId::from_name(&get("curve").unwrap()).unwrap(), id);
        let p = id.params();
        assert_eq!(p.modulus, get("modulus").unwrap());
        assert_eq!(p.a.to_string(), get("a").unwrap());
        assert_eq!(p.h.to_string(), get("h").unwrap());
        assert_eq!(p.n, get("n").unwrap());
        assert_eq!(p.b, get("pb_b").unwrap());
        assert_eq!(p.gx, get("pb_gx").unwrap());
        assert_eq!(p.gy, get("pb_gy").unwrap());
        seen += 1;
    }
    assert_eq!(seen, 10);
    assert!(CurveId::from_name("sect163k2").is_err());
    assert_eq!(CurveId::from_name(" K-571 ").unwrap(), CurveId::Sect571k1);
}

#[test]
fn scalars_longer_than_the_order_are_rejected() {
    let c = Curve::new(CurveId::Sect163k1, NistPb::new).unwrap();
    assert!(
        c.parse_scalar("4000000000000000000020108a2e0cc0d99f8a5ef")
            .is_ok()
    );
    assert!(matches!(
        c.parse_scalar("8000000000000000000000000000000000000000000"),
        Err(wegman_ec::Error::ScalarTooLong { bits: 163 })
    ));
    assert!(matches!(
        c.parse_scalar("xyz"),
        Err(wegman_ec::Error::MalformedScalar)
    ));
    assert!(matches!(
        c.parse_scalar(""),
        Err(wegman_ec::Error::MalformedScalar)
    ));
}

/// The CAVP public-key validation vectors (tests/data/PKV-186-3.rsp): each binary-curve
/// point given as (Qx, Qy) is accepted exactly when the file says P, with the reason it gives
/// otherwise (out of range or not on the curve).
fn pkv<F: CurveField>(make: impl Fn(&wegman_gf2::Modulus) -> Result<F, wegman_ec::Error> + Copy) {
    let text = include_str!("data/PKV-186-3.rsp");
    let mut curve: Option<Curve<F>> = None;
    let (mut qx, mut qy) = (String::new(), String::new());
    let mut seen = 0;
    for line in text.lines().map(str::trim) {
        if let Some(c) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            curve = CurveId::from_name(c)
                .ok()
                .map(|id| Curve::new(id, make).unwrap());
        } else if let Some(v) = line.strip_prefix("Qx = ") {
            qx = v.to_string();
        } else if let Some(v) = line.strip_prefix("Qy = ") {
            qy = v.to_string();
        } else if let (Some(r), Some(c)) = (line.strip_prefix("Result = "), curve.as_ref()) {
            // SEC 1 bytes 04‖X‖Y from the hex, padded; an over-long coordinate stays over-long
            // only if it has too many digits, else the range check catches it.
            let n = 2 * c.coordinate_len();
            let pad = |h: &str| format!("{h:0>n$}");
            let (x, y) = (pad(&qx), pad(&qy));
            let got = if x.len() > n || y.len() > n {
                Err(wegman_ec::Error::Encoding("coordinate too long"))
            } else {
                let byte =
                    |h: &str, i: usize| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap();
                let bytes: Vec<u8> = (0..n / 2)
                    .map(|i| byte(&x, i))
                    .chain((0..n / 2).map(|i| byte(&y, i)))
                    .collect();
                c.decode_public_key(&[&[4u8][..], &bytes].concat())
            };
            match (r.starts_with('P'), &got) {
                (true, Ok(_)) => {}
                (false, Err(e)) => {
                    if r.contains("not on curve") {
                        assert_eq!(*e, wegman_ec::Error::NotOnCurve, "{} {qx}", c.id());
                    } else if r.contains("out of range") {
                        assert!(
                            matches!(
                                e,
                                wegman_ec::Error::Field(_) | wegman_ec::Error::Encoding(_)
                            ),
                            "{} {qx}: {e}",
                            c.id()
                        );
                    }
                }
                _ => panic!("{} ({}) {qx}: file says {r}, got {got:?}", c.id(), F::NAME),
            }
            seen += 1;
        }
    }
    assert!(seen >= 100, "{seen}");
}

#[test]
fn cavp_public_key_validation() {
    pkv(NistPb::new);
    pkv(Nb::new);
}

/// Edge scalars 2^k through the ladder against double-and-add, and the cofactor ECDH variant
/// against h doublings of d·Q.
#[test]
fn powers_of_two_and_the_cofactor_variant() {
    use wegman_ec::SecretKey;
    let mut rng = wegman_testkit::Rng::new(214);
    for id in CurveId::ALL {
        let c = Curve::new(id, NistPb::new).unwrap();
        let g = c.g();
        let bits = c.order_bits() as usize;
        for k in [0, 1, 63, 64, 65, bits / 2, bits - 2] {
            let mut l = [0u64; 9];
            l[k / 64] = 1 << (k % 64);
            let s = Scalar::from_limbs(&l);
            let mut want = g;
            for _ in 0..k {
                want = c.dbl_vartime(&want);
            }
            assert_eq!(c.mul_ladder(&s, &g), want, "{id}: 2^{k}·G");
            assert_eq!(c.mul_base(&s), want, "{id}: 2^{k}·G fixed base");
        }
        // Cofactor ECDH: x(h·d·Q).
        let words = (bits - 1).div_ceil(64);
        let mut l: Vec<u64> = (0..words).map(|_| rng.next_u64()).collect();
        if !(bits - 1).is_multiple_of(64) {
            *l.last_mut().unwrap() &= (1u64 << ((bits - 1) % 64)) - 1;
        }
        let d = Scalar::from_limbs(&l);
        let sk = SecretKey::from_scalar(&c, d).unwrap();
        let q = c.mul_ladder(&Scalar::from_limbs(&[0x5eed]), &g);
        let mut want = c.mul_vartime(&d, &q);
        for _ in 0..c.cofactor().trailing_zeros() {
            want = c.dbl_vartime(&want);
        }
        let Point::Affine { x, .. } = want else {
            panic!("{id}: identity")
        };
        assert_eq!(
            sk.diffie_hellman_cofactor(&c, &q).unwrap(),
            c.x_bytes(&x),
            "{id}"
        );
        assert_ne!(
            sk.diffie_hellman_cofactor(&c, &q).unwrap(),
            sk.diffie_hellman(&c, &q).unwrap()
        );
        // d = n − 1 (the modular doublings subtract n): x(h·(n − 1)·Q) = x(h·Q).
        let mut nm1 = *c.order().limbs();
        nm1[0] -= 1;
        let sk = SecretKey::from_scalar(&c, Scalar::from_limbs(&nm1)).unwrap();
        let mut hq = q;
        for _ in 0..c.cofactor().trailing_zeros() {
            hq = c.dbl_vartime(&hq);
        }
        let Point::Affine { x, .. } = hq else {
            panic!("{id}: identity")
        };
        assert_eq!(
            sk.diffie_hellman_cofactor(&c, &q).unwrap(),
            c.x_bytes(&x),
            "{id} n − 1"
        );
        assert!(SecretKey::from_scalar(&c, *c.order()).is_err());
        assert!(SecretKey::from_scalar(&c, Scalar::ZERO).is_err());
    }
}

/// The fixed-base method at the scalars that stress its signed recoding and its exceptional
/// sums: every digit 8 (a carry into each window), every digit 7 or 15, all ones of the
/// order's length (k > n), n + 1 and n + 2^j, and k = 2d·16^{W−1} − n, whose low digits sum
/// to A = d·16^{W−1} − n ≡ d·16^{W−1}: the top window's sum is then a doubling. Against
/// double-and-add.
fn fixed_base_edges<F: CurveField>(
    make: impl Fn(&wegman_gf2::Modulus) -> Result<F, wegman_ec::Error> + Copy,
) {
    for id in CurveId::ALL {
        let c = Curve::new(id, make).unwrap();
        let g = c.g();
        let bits = c.order_bits() as usize;
        let fill = |nibble: u64| {
            let mut l = [0u64; 9];
            for i in 0..bits / 4 {
                l[i / 16] |= nibble << (4 * (i % 16));
            }
            Scalar::from_limbs(&l)
        };
        let mut ones = [0u64; 9];
        for i in 0..bits {
            ones[i / 64] |= 1 << (i % 64);
        }
        let n = *c.order().limbs();
        let plus = |v: u64, at: usize| {
            let mut l = n;
            let mut carry = v << (at % 64);
            for w in l.iter_mut().skip(at / 64) {
                let (s, o) = w.overflowing_add(carry);
                *w = s;
                carry = u64::from(o);
            }
            Scalar::from_limbs(&l)
        };
        let mut ks = vec![
            fill(8),
            fill(7),
            fill(15),
            fill(9),
            Scalar::from_limbs(&ones),
            plus(1, 0),
            plus(8, 0),
        ];
        for j in [4, 8, 60, bits - 8, bits - 4] {
            ks.push(plus(1, j));
        }
        let top = 4 * (bits / 4);
        for d in 1..=8u64 {
            // 2d·16^{W−1} − n, when it is not negative.
            let mut l = [0u64; 10];
            let v = u128::from(2 * d) << (top % 64);
            l[top / 64] = v as u64;
            l[top / 64 + 1] = (v >> 64) as u64;
            let mut borrow = 0u64;
            for (i, w) in l.iter_mut().enumerate() {
                let (x, b1) = w.overflowing_sub(n.get(i).copied().unwrap_or(0));
                let (x, b2) = x.overflowing_sub(borrow);
                *w = x;
                borrow = u64::from(b1 | b2);
            }
            if borrow == 0 && l[9] == 0 {
                ks.push(Scalar::from_limbs(&l[..9]));
            }
        }
        for k in ks {
            if k.bits() as usize > bits {
                continue;
            }
            assert_eq!(
                c.mul_base(&k),
                c.mul_vartime(&k, &g),
                "{id} ({}): fixed base at {}",
                F::NAME,
                k.to_hex()
            );
        }
    }
}

wegman_testkit::tests!(fixed_base_edges;
    fixed_base_edges_nist_polynomial_basis: (NistPb::new);
    fixed_base_edges_square_root_friendly_basis: (SsrfPb::new);
    fixed_base_edges_normal_basis: (Nb::new);
);
