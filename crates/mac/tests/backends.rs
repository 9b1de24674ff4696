//! The declared target features of every MAC backend against the standard library's own
//! detection (`is_x86_feature_detected!`), and the one contract of a forced backend.

#[test]
fn declared_features_match_std_detection() {
    for &b in wegman_mac::poly1305::Backend::ALL {
        wegman_testkit::check_declared_features(b.name(), b.features(), b.is_available());
    }
    for &b in wegman_mac::hash127::Backend::ALL {
        wegman_testkit::check_declared_features(b.name(), b.features(), b.is_available());
    }
}

#[test]
fn a_forced_backend_this_cpu_lacks_is_an_error() {
    use wegman_mac::poly1305::{Backend, Poly1305};
    for &b in Backend::ALL {
        match Poly1305::with_backend(&[7; 32], b) {
            Ok(p) => {
                assert!(b.is_available());
                assert_eq!(p.backend(), b);
            }
            Err(e) => {
                assert!(!b.is_available());
                assert_eq!(e.backend, b.name());
                assert!(e.to_string().contains(b.features()[0]), "{e}");
            }
        }
    }
}
