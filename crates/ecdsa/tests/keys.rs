//! Key files against OpenSSL on all ten curves: SEC 1 and PKCS#8 private keys and SPKI public
//! keys, DER and PEM, read from OpenSSL's output and read back by OpenSSL; and the malformed
//! and wrong-curve cases.

use openssl::bn::BigNumContext;
use openssl::ec::{EcKey, PointConversionForm};
use openssl::pkey::PKey;
use wegman_ec::{Curve, CurveId, NistPb};
use wegman_ecdsa::{Error, PrivateKeyFile, PublicKeyFile, SigningKey};

#[test]
fn key_files_round_trip_with_openssl() {
    let mut ctx = BigNumContext::new().unwrap();
    for id in CurveId::ALL {
        let c = Curve::new(id, NistPb::new).unwrap();
        let len = c.order_bits().div_ceil(8) as i32;
        let group = wegman_testkit::openssl_group(&id.to_string());
        let theirs = EcKey::generate(&group).unwrap();
        let d = theirs.private_key().to_vec_padded(len).unwrap();
        let q = theirs
            .public_key()
            .to_bytes(&group, PointConversionForm::UNCOMPRESSED, &mut ctx)
            .unwrap();
        let pkey = PKey::from_ec_key(theirs.clone()).unwrap();

        // OpenSSL's files, read here.
        let files: Vec<(&str, Vec<u8>)> = vec![
            ("sec1 pem", theirs.private_key_to_pem().unwrap()),
            ("sec1 der", theirs.private_key_to_der().unwrap()),
            ("pkcs8 pem", pkey.private_key_to_pem_pkcs8().unwrap()),
            ("pkcs8 der", pkey.private_key_to_pkcs8().unwrap()),
        ];
        for (what, bytes) in &files {
            let f = PrivateKeyFile::parse(bytes).unwrap_or_else(|e| panic!("{id} {what}: {e}"));
            assert_eq!(f.curve, id, "{id} {what}");
            let key = f.signing_key(&c).unwrap();
            assert_eq!(&key.to_bytes()[..], &d[..], "{id} {what}");
            assert_eq!(key.verifying_key().to_sec1(false), q, "{id} {what}");
        }
        for (what, bytes) in [
            ("spki pem", theirs.public_key_to_pem().unwrap()),
            ("spki der", theirs.public_key_to_der().unwrap()),
        ] {
            let f = PublicKeyFile::parse(&bytes).unwrap_or_else(|e| panic!("{id} {what}: {e}"));
            assert_eq!(f.curve, id);
            assert_eq!(
                f.verifying_key(&c).unwrap().to_sec1(false),
                q,
                "{id} {what}"
            );
        }

        // Our files, read by OpenSSL.
        let key = SigningKey::from_bytes(&c, &d).unwrap();
        let back = EcKey::private_key_from_pem(key.to_sec1_pem().as_bytes()).unwrap();
        assert_eq!(
            back.private_key().to_vec_padded(len).unwrap(),
            d,
            "{id} sec1"
        );
        let back = EcKey::private_key_from_der(&key.to_sec1_der()).unwrap();
        assert_eq!(
            back.private_key().to_vec_padded(len).unwrap(),
            d,
            "{id} sec1 der"
        );
        let back = PKey::private_key_from_pem(key.to_pkcs8_pem().as_bytes()).unwrap();
        let back = back.ec_key().unwrap();
        assert_eq!(
            back.private_key().to_vec_padded(len).unwrap(),
            d,
            "{id} pkcs8"
        );
        let back = PKey::private_key_from_pkcs8(&key.to_pkcs8_der()).unwrap();
        assert_eq!(
            back.ec_key()
                .unwrap()
                .private_key()
                .to_vec_padded(len)
                .unwrap(),
            d,
            "{id} pkcs8 der"
        );
        let vk = key.verifying_key();
        let back = EcKey::public_key_from_pem(vk.to_spki_pem().as_bytes()).unwrap();
        assert_eq!(
            back.public_key()
                .to_bytes(&group, PointConversionForm::UNCOMPRESSED, &mut ctx)
                .unwrap(),
            q,
            "{id} spki"
        );
        // DER byte-identical to OpenSSL's for SPKI and PKCS#8.
        assert_eq!(
            vk.to_spki_der(),
            theirs.public_key_to_der().unwrap(),
            "{id}"
        );
        assert_eq!(
            &key.to_sec1_der()[..],
            &theirs.private_key_to_der().unwrap()[..]
        );
    }
}

#[test]
fn malformed_and_wrong_curve_key_files_are_errors() {
    let c = Curve::new(CurveId::Sect283k1, NistPb::new).unwrap();
    let other = Curve::new(CurveId::Sect283r1, NistPb::new).unwrap();
    let key = SigningKey::random(&c).unwrap();
    let pem = key.to_sec1_pem();
    let f = PrivateKeyFile::parse(pem.as_bytes()).unwrap();
    assert!(matches!(f.signing_key(&other), Err(Error::KeyFile(_))));
    let spki = key.verifying_key().to_spki_der();
    let pf = PublicKeyFile::parse(&spki).unwrap();
    assert!(matches!(pf.verifying_key(&other), Err(Error::KeyFile(_))));
    // Truncations of every length, as DER and as PEM.
    let der = key.to_pkcs8_der();
    for cut in 0..der.len() {
        assert!(PrivateKeyFile::parse(&der[..cut]).is_err(), "cut {cut}");
    }
    for cut in 0..spki.len() {
        assert!(PublicKeyFile::parse(&spki[..cut]).is_err(), "cut {cut}");
    }
    assert!(PrivateKeyFile::parse(&pem.as_bytes()[..pem.len() - 30]).is_err());
    assert!(PrivateKeyFile::parse(b"").is_err());
    assert!(
        PublicKeyFile::parse(b"-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n").is_err()
    );
    // A P-256 key: a curve that is not one of the ten.
    let p256 = openssl::ec::EcGroup::from_curve_name(openssl::nid::Nid::X9_62_PRIME256V1).unwrap();
    let k = EcKey::generate(&p256).unwrap();
    assert!(matches!(
        PrivateKeyFile::parse(&k.private_key_to_pem().unwrap()),
        Err(Error::KeyFile(_))
    ));
    assert!(matches!(
        PublicKeyFile::parse(&k.public_key_to_pem().unwrap()),
        Err(Error::KeyFile(_))
    ));
    // A file whose public key does not match its private key.
    let k2 = SigningKey::random(&c).unwrap();
    let mut mixed = key.to_sec1_der().to_vec();
    let q1 = key.verifying_key().to_sec1(false);
    let q2 = k2.verifying_key().to_sec1(false);
    let at = mixed.windows(q1.len()).position(|w| w == q1).unwrap();
    mixed[at..at + q1.len()].copy_from_slice(&q2);
    let f = PrivateKeyFile::parse(&mixed).unwrap();
    assert!(matches!(f.signing_key(&c), Err(Error::KeyFile(_))));
}
