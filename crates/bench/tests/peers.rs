//! wegman's Poly1305 against OpenSSL and libsodium on random inputs: two more independent
//! implementations, and a check that the benchmark peers compute the same function.

use proptest::prelude::*;
use wegman_bench::{OpensslPoly1305, SODIUM_AVAILABLE, sodium_poly1305};
use wegman_mac::poly1305::{Backend, Poly1305};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn wegman_equals_openssl_and_libsodium(
        key in proptest::array::uniform32(any::<u8>()),
        msg in proptest::collection::vec(any::<u8>(), 0..3000),
    ) {
        let mut ossl = OpensslPoly1305::new().expect("OpenSSL has Poly1305");
        let expect = ossl.mac(&key, &msg);
        for backend in Backend::available() {
            let mut p = Poly1305::with_backend(&key, backend);
            p.update(&msg);
            prop_assert_eq!(p.finalize().into_bytes(), expect);
        }
        if SODIUM_AVAILABLE {
            prop_assert_eq!(sodium_poly1305(&key, &msg), Some(expect));
        }
    }
}

#[test]
fn reports_libsodium_availability() {
    if !SODIUM_AVAILABLE {
        eprintln!("libsodium not found at build time: its cross-check was skipped");
    }
    assert_eq!(sodium_poly1305(&[1; 32], b"x").is_some(), SODIUM_AVAILABLE);
}
