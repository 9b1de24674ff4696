//! wegman's Poly1305 against OpenSSL and libsodium on random inputs: two more independent
//! implementations, and a check that the benchmark peers compute the same function.

use proptest::prelude::*;
use wegman_bench::{OPENSSL_AVAILABLE, OpensslPoly1305, SODIUM_AVAILABLE, sodium_poly1305};
use wegman_mac::poly1305::{Backend, Poly1305};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn wegman_equals_openssl_and_libsodium(
        key in proptest::array::uniform32(any::<u8>()),
        msg in proptest::collection::vec(any::<u8>(), 0..3000),
    ) {
        let mut p = Poly1305::with_backend(&key, Backend::Soft).expect("backend is available");
        p.update(&msg);
        let expect = p.finalize().into_bytes();
        if let Some(mut ossl) = OpensslPoly1305::new() {
            prop_assert_eq!(ossl.mac(&key, &msg), expect);
        }
        for backend in Backend::available() {
            let mut p = Poly1305::with_backend(&key, backend).expect("backend is available");
            p.update(&msg);
            prop_assert_eq!(p.finalize().into_bytes(), expect);
        }
        if SODIUM_AVAILABLE {
            prop_assert_eq!(sodium_poly1305(&key, &msg), Some(expect));
        }
    }
}

#[test]
fn reports_openssl_availability() {
    if !OPENSSL_AVAILABLE {
        eprintln!("OpenSSL 3 not found at build time: its cross-checks were skipped");
    }
    assert_eq!(OpensslPoly1305::new().is_some(), OPENSSL_AVAILABLE);
    assert_eq!(
        wegman_bench::OpensslGmac::new().is_some(),
        OPENSSL_AVAILABLE
    );
}

#[test]
fn reports_libsodium_availability() {
    if !SODIUM_AVAILABLE {
        eprintln!("libsodium not found at build time: its cross-check was skipped");
    }
    assert_eq!(sodium_poly1305(&[1; 32], b"x").is_some(), SODIUM_AVAILABLE);
}

/// NTL's GF2E multiplication, squaring and inversion agree with wegman's runtime field on
/// every standard modulus (an independent implementation; skipped without libntl-dev).
#[test]
fn ntl_gf2e_agrees_with_wegman() {
    use wegman_bench::ntl::{AVAILABLE, Gf2e};
    use wegman_gf2::Field;
    if !AVAILABLE {
        eprintln!("NTL not installed: skipping the GF2E cross-check");
        return;
    }
    let mut rng = wegman_testkit::Rng::new(0x5151_aaaa_0f0f_3c3c);
    for &spec in wegman_testkit::gf2m::STANDARD_MODULI {
        let f = Field::from_exponents(spec).unwrap();
        let m = f.degree() as usize;
        let n = m.div_ceil(64);
        for _ in 0..20 {
            let mut limbs = || -> Vec<u64> {
                let mut v: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
                if !m.is_multiple_of(64) {
                    v[n - 1] &= (1u64 << (m % 64)) - 1;
                }
                v
            };
            let (la, lb) = (limbs(), limbs());
            let (a, b) = (f.element(&la).unwrap(), f.element(&lb).unwrap());
            let ntl = Gf2e::new(&f.modulus().exponents(), &la, &lb).unwrap();
            ntl.select();
            ntl.mul();
            assert_eq!(ntl.result(), f.mul(&a, &b).limbs()[..n], "{spec} mul");
            ntl.sqr();
            assert_eq!(ntl.result(), f.sqr(&a).limbs()[..n], "{spec} sqr");
            ntl.inv();
            let inv: Option<wegman_gf2::Element> = f.inv(&a).into();
            assert_eq!(ntl.result(), inv.unwrap().limbs()[..n], "{spec} inv");
        }
    }
}

/// OpenSSL's GMAC (the Auth256 benchmark peer) equals GMAC built here from RustCrypto `aes`
/// and `ghash` (NIST SP 800-38D: tag = AES_K(IV || 0^31 1) ⊕ GHASH_H(A || pad || len block),
/// H = AES_K(0)).
#[test]
fn openssl_gmac_is_gmac() {
    use aes::cipher::BlockCipherEncrypt;
    use ghash::universal_hash::{KeyInit, UniversalHash};
    let Some(mut ossl) = wegman_bench::OpensslGmac::new() else {
        eprintln!("OpenSSL 3 not found at build time: GMAC cross-check skipped");
        return;
    };
    for len in [0usize, 1, 15, 16, 17, 100, 1000, 4097] {
        let key: [u8; 16] = core::array::from_fn(|i| (i * 13 + len) as u8);
        let iv: [u8; 12] = core::array::from_fn(|i| (i * 7 + 1) as u8);
        let msg: Vec<u8> = (0..len).map(|i| (i * 31 + 5) as u8).collect();
        let aes = aes::Aes128::new(&key.into());
        let mut h = [0u8; 16].into();
        aes.encrypt_block(&mut h);
        let mut g = ghash::GHash::new(&h);
        g.update_padded(&msg);
        let mut lens = [0u8; 16];
        lens[..8].copy_from_slice(&((len as u64) * 8).to_be_bytes());
        g.update(&[lens.into()]);
        let s = g.finalize();
        let mut j0 = [0u8; 16];
        j0[..12].copy_from_slice(&iv);
        j0[15] = 1;
        let mut e = j0.into();
        aes.encrypt_block(&mut e);
        let want: [u8; 16] = core::array::from_fn(|i| e[i] ^ s[i]);
        assert_eq!(ossl.mac(&key, &iv, &msg), want, "len {len}");
    }
}
