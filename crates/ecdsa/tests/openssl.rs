//! Interoperability with OpenSSL (the `openssl` crate on Debian's libssl, which has the sect*
//! curves) on all ten curves and all five hashes: OpenSSL's signatures verify here with every
//! method, ours verify in OpenSSL, and every single-bit change of r, s, the message or the
//! public key is rejected.

use openssl::bn::BigNumContext;
use openssl::ec::{EcKey, PointConversionForm};
use openssl::ecdsa::EcdsaSig;
use wegman_ec::{Curve, CurveField, CurveId, Error as EcError, NistPb, SsrfPb};
use wegman_ecdsa::{HashAlg, Signature, SigningKey, VerifyMethod, VerifyingKey};

fn interop<F: CurveField>(make: impl Fn(&wegman_gf2::Modulus) -> Result<F, EcError> + Copy) {
    let mut ctx = BigNumContext::new().unwrap();
    for id in CurveId::ALL {
        let c = Curve::new(id, make).unwrap();
        let group = wegman_testkit::openssl_group(&id.to_string());
        let t = c.order_bits();
        let len = t.div_ceil(8) as usize;
        for (i, hash) in HashAlg::ALL.into_iter().enumerate() {
            let tag = format!("{id} {hash} ({})", F::NAME);
            // An OpenSSL key, imported.
            let theirs = EcKey::generate(&group).unwrap();
            let d = theirs.private_key().to_vec_padded(len as i32).unwrap();
            let key = SigningKey::from_bytes(&c, &d).unwrap();
            let pub_theirs = theirs
                .public_key()
                .to_bytes(&group, PointConversionForm::UNCOMPRESSED, &mut ctx)
                .unwrap();
            let vk = VerifyingKey::from_sec1(&c, &pub_theirs).unwrap();
            assert_eq!(key.verifying_key().to_sec1(false), pub_theirs, "{tag}: Q");
            let msg = format!("message {i} for {id}").into_bytes();
            let digest = hash.digest(&msg);

            // OpenSSL signs, we verify with every method.
            let sig_theirs = EcdsaSig::sign(&digest, &theirs).unwrap().to_der().unwrap();
            let sig = Signature::from_der(t, &sig_theirs).unwrap();
            for m in VerifyMethod::ALL.into_iter().filter(|m| m.supports(&c)) {
                let vk = vk.clone().with_method(m).unwrap();
                assert_eq!(vk.verify_with(hash, &msg, &sig), Ok(()), "{tag} {m:?}");
            }

            // We sign (deterministic and randomized), OpenSSL verifies.
            let public_only = EcKey::from_public_key(&group, theirs.public_key()).unwrap();
            for ours in [
                key.sign_with(hash, &msg),
                key.sign_randomized(hash, &msg).unwrap(),
            ] {
                let der = ours.to_der();
                let parsed = EcdsaSig::from_der(&der).unwrap();
                assert!(parsed.verify(&digest, &public_only).unwrap(), "{tag}");
                // OpenSSL's own DER encoding of our (r, s) is byte-identical.
                assert_eq!(parsed.to_der().unwrap(), der, "{tag}: DER");
            }
        }
    }
}

wegman_testkit::tests!(interop;
    openssl_interop_nist_polynomial_basis: (NistPb::new);
    openssl_interop_square_root_friendly_basis: (SsrfPb::new);
);

/// Every single-bit change of r, s, the message and the public key is rejected (SHA-256,
/// every curve, every method).
#[test]
fn every_single_bit_flip_is_rejected() {
    for id in CurveId::ALL {
        let c = Curve::new(id, SsrfPb::new).unwrap();
        let t = c.order_bits();
        let key = SigningKey::random(&c).unwrap();
        let msg = *b"sixteen byte msg";
        let sig = key.sign_with(HashAlg::Sha256, &msg);
        let fixed = sig.to_fixed();
        let pk = key.verifying_key().to_sec1(false);
        for m in VerifyMethod::ALL.into_iter().filter(|m| m.supports(&c)) {
            let vk = key.verifying_key().with_method(m).unwrap();
            assert_eq!(vk.verify_with(HashAlg::Sha256, &msg, &sig), Ok(()));
            for bit in 0..8 * fixed.len() {
                let mut f = fixed.clone();
                f[bit / 8] ^= 1 << (bit % 8);
                let s = Signature::from_fixed(t, &f).unwrap();
                assert!(
                    vk.verify_with(HashAlg::Sha256, &msg, &s).is_err(),
                    "{id} {m:?}: signature bit {bit}"
                );
            }
            for bit in 0..8 * msg.len() {
                let mut m2 = msg;
                m2[bit / 8] ^= 1 << (bit % 8);
                assert!(
                    vk.verify_with(HashAlg::Sha256, &m2, &sig).is_err(),
                    "{id} {m:?}: message bit {bit}"
                );
            }
            // Public-key bits (after the type byte): the flipped key either fails to decode
            // (off the curve, out of range, outside the subgroup) or rejects the signature.
            for bit in 8..8 * pk.len() {
                let mut p = pk.clone();
                p[bit / 8] ^= 1 << (bit % 8);
                if let Ok(vk2) = VerifyingKey::from_sec1(&c, &p) {
                    let vk2 = vk2.with_method(m).unwrap();
                    assert!(
                        vk2.verify_with(HashAlg::Sha256, &msg, &sig).is_err(),
                        "{id} {m:?}: public-key bit {bit}"
                    );
                }
            }
        }
    }
}
