//! Project Wycheproof ECDH vectors for sect283k1/r1, sect409k1/r1, sect571k1/r1
//! (tests/data/ecdh_*_test.json, Apache-2.0): every `valid` case gives the shared secret,
//! every `invalid` one is rejected, and an `acceptable` one either is rejected or gives the
//! shared secret. Public keys are DER SubjectPublicKeyInfo, parsed strictly here (a
//! non-minimal or otherwise unusual encoding is rejected, which "acceptable" permits).

use wegman_ec::{Curve, CurveField, CurveId, Nb, NistPb, SecretKey, SsrfPb};

use wegman_testkit::unhex;

/// One DER TLV with a minimal length: (tag, content, rest).
fn tlv(b: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let (&tag, rest) = b.split_first()?;
    let (&l0, rest) = rest.split_first()?;
    let (len, rest) = match l0 {
        0..=0x7f => (l0 as usize, rest),
        0x81 => {
            let (&l, rest) = rest.split_first()?;
            if l < 0x80 {
                return None;
            }
            (l as usize, rest)
        }
        0x82 => {
            let (l, rest) = rest.split_at_checked(2)?;
            let l = u16::from_be_bytes([l[0], l[1]]) as usize;
            if l < 0x100 {
                return None;
            }
            (l, rest)
        }
        _ => return None,
    };
    let (content, rest) = rest.split_at_checked(len)?;
    Some((tag, content, rest))
}

/// The SEC 1 point of an EC SubjectPublicKeyInfo for `oid_last` (1.3.132.0.x), strictly.
fn spki_point(der: &[u8], curve_oid: &[u8]) -> Option<Vec<u8>> {
    let (t, spki, rest) = tlv(der)?;
    if t != 0x30 || !rest.is_empty() {
        return None;
    }
    let (t, alg, rest) = tlv(spki)?;
    if t != 0x30 {
        return None;
    }
    let (t, bits, rest) = tlv(rest)?;
    if t != 0x03 || !rest.is_empty() {
        return None;
    }
    let (t, oid, r) = tlv(alg)?;
    if t != 0x06 || oid != [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01] {
        return None;
    }
    let (t, coid, r) = tlv(r)?;
    if t != 0x06 || coid != curve_oid || !r.is_empty() {
        return None;
    }
    let (&unused, point) = bits.split_first()?;
    if unused != 0 {
        return None;
    }
    Some(point.to_vec())
}

fn run<F: CurveField>(
    make: impl Fn(&wegman_gf2::Modulus) -> Result<F, wegman_ec::Error> + Copy,
    limit: usize,
) {
    let files = [
        (
            "sect283k1",
            include_str!("data/ecdh_sect283k1_test.json"),
            0x10u8,
        ),
        (
            "sect283r1",
            include_str!("data/ecdh_sect283r1_test.json"),
            0x11,
        ),
        (
            "sect409k1",
            include_str!("data/ecdh_sect409k1_test.json"),
            0x24,
        ),
        (
            "sect409r1",
            include_str!("data/ecdh_sect409r1_test.json"),
            0x25,
        ),
        (
            "sect571k1",
            include_str!("data/ecdh_sect571k1_test.json"),
            0x26,
        ),
        (
            "sect571r1",
            include_str!("data/ecdh_sect571r1_test.json"),
            0x27,
        ),
    ];
    for (name, text, oid_last) in files {
        let id = CurveId::from_name(name).unwrap();
        let curve = Curve::new(id, make).unwrap();
        let oid = [0x2b, 0x81, 0x04, 0x00, oid_last];
        let json: serde_json::Value = serde_json::from_str(text).unwrap();
        let mut counts = [0usize; 3];
        let mut done = 0;
        for group in json["testGroups"].as_array().unwrap() {
            for t in group["tests"].as_array().unwrap() {
                let result = t["result"].as_str().unwrap();
                let flags: Vec<&str> = t["flags"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|f| f.as_str().unwrap())
                    .collect();
                // Past the limit, run only the cases that reach the curve code.
                if done >= limit && flags.contains(&"InvalidAsn") {
                    continue;
                }
                done += 1;
                let id_ = t["tcId"].as_u64().unwrap();
                let outcome = (|| -> Option<Vec<u8>> {
                    let point = spki_point(&unhex(t["public"].as_str().unwrap()), &oid)?;
                    let q = curve.decode_public_key(&point).ok()?;
                    let d = curve
                        .parse_scalar(t["private"].as_str().unwrap().trim_start_matches('0'))
                        .ok()?;
                    let sk = SecretKey::from_scalar(&curve, d).ok()?;
                    sk.diffie_hellman(&curve, &q).ok()
                })();
                let shared = unhex(t["shared"].as_str().unwrap());
                match (result, outcome) {
                    ("valid", Some(s)) => {
                        assert_eq!(s, shared, "{name} tc {id_} ({})", F::NAME);
                        counts[0] += 1;
                    }
                    ("valid", None) => panic!("{name} tc {id_}: valid case rejected ({})", F::NAME),
                    ("invalid", None) => counts[2] += 1,
                    ("invalid", Some(_)) => {
                        panic!("{name} tc {id_}: invalid case accepted ({})", F::NAME)
                    }
                    ("acceptable", Some(s)) => {
                        assert_eq!(s, shared, "{name} tc {id_}");
                        counts[1] += 1;
                    }
                    ("acceptable", None) => counts[1] += 1,
                    (r, _) => panic!("unknown result {r}"),
                }
            }
        }
        assert!(counts[0] >= 11, "{name}: {counts:?}");
        println!(
            "{name} ({}): valid {} acceptable {} invalid {}",
            F::NAME,
            counts[0],
            counts[1],
            counts[2]
        );
    }
}

wegman_testkit::tests!(run;
    wycheproof_ecdh_nist_polynomial_basis: (NistPb::new, usize::MAX);
    wycheproof_ecdh_square_root_friendly_basis: (SsrfPb::new, 0);
    wycheproof_ecdh_normal_basis: (Nb::new, 0);
);
