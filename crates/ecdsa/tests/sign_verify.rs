//! ECDSA against published vectors (RFC 6979 Appendix A.2, tests/data/rfc6979-binary.txt), in
//! every field representation, and every verification method on the same inputs.

use wegman_ec::{Curve, CurveField, CurveId, Error as EcError, Nb, NistPb, Point, SsrfPb};
use wegman_ecdsa::{HashAlg, Signature, SigningKey, VerifyMethod, VerifyingKey};

/// Big-endian bytes of a hex string, left-padded with zeros to `len`.
fn padded(hex_str: &str, len: usize) -> Vec<u8> {
    let h = if hex_str.len() % 2 == 1 {
        format!("0{hex_str}")
    } else {
        hex_str.to_string()
    };
    let b = hex::decode(h).unwrap();
    let start = b.iter().position(|&x| x != 0).unwrap_or(b.len());
    let b = &b[start..];
    assert!(b.len() <= len);
    let mut out = vec![0u8; len - b.len()];
    out.extend_from_slice(b);
    out
}

fn rfc6979<F: CurveField>(
    make: impl Fn(&wegman_gf2::Modulus) -> Result<F, EcError> + Copy,
    max_bits: u32,
) {
    let text = include_str!("data/rfc6979-binary.txt");
    let mut seen = 0;
    for block in wegman_testkit::kv_blocks(text) {
        let Some(curve) = block.get("curve") else {
            continue;
        };
        let id = CurveId::from_name(&curve).unwrap();
        let c = Curve::new(id, make).unwrap();
        if c.order_bits() > max_bits {
            continue;
        }
        let hash = HashAlg::from_name(&block.value("hash")).unwrap();
        let len = c.order_bits().div_ceil(8) as usize;
        let key = SigningKey::from_bytes(&c, &padded(&block.value("x"), len)).unwrap();
        let vk = key.verifying_key();
        let Point::Affine { x, y } = *vk.point() else {
            panic!("identity")
        };
        let tag = format!("{id} {hash} ({})", F::NAME);
        assert_eq!(
            c.element_hex(&x).trim_start_matches('0'),
            block.value("Ux").to_lowercase().trim_start_matches('0'),
            "{tag}: Ux"
        );
        assert_eq!(
            c.element_hex(&y).trim_start_matches('0'),
            block.value("Uy").to_lowercase().trim_start_matches('0'),
            "{tag}: Uy"
        );
        let sig = key.sign_with(hash, b"sample");
        assert_eq!(sig.r_bytes(), padded(&block.value("r"), len), "{tag}: r");
        assert_eq!(sig.s_bytes(), padded(&block.value("s"), len), "{tag}: s");
        for m in VerifyMethod::ALL.into_iter().filter(|m| m.supports(&c)) {
            let vk = vk.clone().with_method(m).unwrap();
            assert_eq!(vk.verify_with(hash, b"sample", &sig), Ok(()), "{tag} {m:?}");
            assert!(
                vk.verify_with(hash, b"samplf", &sig).is_err(),
                "{tag} {m:?}"
            );
        }
        // Both encodings round-trip.
        assert_eq!(Signature::from_der(c.order_bits(), &sig.to_der()), Ok(sig));
        assert_eq!(
            Signature::from_fixed(c.order_bits(), &sig.to_fixed()),
            Ok(sig)
        );
        seen += 1;
    }
    assert!(seen >= 5, "{seen} vectors");
}

wegman_testkit::tests!(rfc6979;
    rfc6979_nist_polynomial_basis: (NistPb::new, 571);
    rfc6979_square_root_friendly_basis: (SsrfPb::new, 571);
    rfc6979_normal_basis: (Nb::new, 233);
);

/// The prehash entry points equal hashing inside, and refuse digests of the wrong length.
#[test]
fn prehash_matches_and_checks_length() {
    let c = Curve::new(CurveId::Sect233r1, NistPb::new).unwrap();
    let key = SigningKey::random(&c).unwrap();
    let vk = key.verifying_key();
    for hash in HashAlg::ALL {
        let digest = hash.digest(b"message");
        let a = key.sign_with(hash, b"message");
        assert_eq!(key.sign_prehash(hash, &digest).unwrap(), a);
        assert_eq!(vk.verify_prehash(hash, &digest, &a), Ok(()));
        assert!(key.sign_prehash(hash, &digest[1..]).is_err());
        assert!(vk.verify_prehash(hash, &digest[1..], &a).is_err());
        // Added randomness: a different signature that still verifies.
        let b = key.sign_with_extra(hash, b"message", b"extra").unwrap();
        assert_ne!(a, b);
        assert_eq!(vk.verify_with(hash, b"message", &b), Ok(()));
        let r = key.sign_randomized(hash, b"message").unwrap();
        assert_eq!(vk.verify_with(hash, b"message", &r), Ok(()));
    }
}

/// Out-of-range, malformed and wrong-curve inputs are clear errors.
#[test]
fn bad_inputs_are_errors() {
    use wegman_ecdsa::Error;
    let c = Curve::new(CurveId::Sect163r2, NistPb::new).unwrap();
    let t = c.order_bits();
    let len = t.div_ceil(8) as usize;
    let key = SigningKey::random(&c).unwrap();
    let vk = key.verifying_key();
    let sig = key.sign_with(HashAlg::Sha256, b"m");
    let n = padded(&c.order().to_hex(), len);
    let zero = vec![0u8; len];
    let mut one = vec![0u8; len];
    one[len - 1] = 1;
    for (r, s) in [(&zero, &one), (&one, &zero), (&n, &one), (&one, &n)] {
        let bad = Signature::from_fixed(t, &[r.clone(), s.clone()].concat()).unwrap();
        assert_eq!(
            vk.verify_with(HashAlg::Sha256, b"m", &bad),
            Err(Error::ScalarOutOfRange)
        );
    }
    assert_eq!(
        Signature::from_fixed(t, &sig.to_fixed()[1..]),
        Err(Error::SignatureLength { expected: 2 * len })
    );
    let der = sig.to_der();
    for cut in 0..der.len() {
        assert_eq!(
            Signature::from_der(t, &der[..cut]),
            Err(Error::MalformedDer),
            "cut {cut}"
        );
    }
    let mut trailing = der.clone();
    trailing.push(0);
    assert_eq!(Signature::from_der(t, &trailing), Err(Error::MalformedDer));
    // A non-minimal INTEGER (a redundant leading zero) and a negative one.
    let r = sig.r_bytes();
    let mut body = vec![0x02, (r.len() + 1) as u8, 0x00];
    body.extend(&r);
    let s = sig.s_bytes();
    body.extend([0x02, s.len() as u8 + 1, 0x00]);
    body.extend(&s);
    let mut nonminimal = vec![0x30, body.len() as u8];
    nonminimal.extend(&body);
    if r[0] < 0x80 {
        assert_eq!(
            Signature::from_der(t, &nonminimal),
            Err(Error::MalformedDer)
        );
    }
    let negative = [0x30, 0x06, 0x02, 0x01, 0x80, 0x02, 0x01, 0x01];
    assert_eq!(Signature::from_der(t, &negative), Err(Error::MalformedDer));
    // r longer than the order's bytes.
    let long = Signature::from_fixed(t + 64, &[vec![1u8; len + 8], vec![1u8; len + 8]].concat())
        .unwrap()
        .to_der();
    assert_eq!(Signature::from_der(t, &long), Err(Error::ScalarOutOfRange));
    // Private keys: 0, n, n + 1, the wrong length.
    assert!(SigningKey::from_bytes(&c, &zero).is_err());
    assert!(SigningKey::from_bytes(&c, &n).is_err());
    assert!(SigningKey::from_bytes(&c, &one[1..]).is_err());
    // Public keys off the curve or outside the subgroup.
    let mut pk = vk.to_sec1(false);
    pk[5] ^= 1;
    assert!(VerifyingKey::from_sec1(&c, &pk).is_err());
    let t2 = Point::Affine {
        x: c.field().zero(),
        y: c.field().sqrt(c.b()),
    };
    assert!(VerifyingKey::from_point(&c, t2).is_err());
    assert!(VerifyingKey::from_point(&c, Point::Infinity).is_err());
}
