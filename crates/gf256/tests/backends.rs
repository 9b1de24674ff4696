//! The declared target features of every gf256 backend against the standard library's own
//! detection (`is_x86_feature_detected!`).

#[test]
fn declared_features_match_std_detection() {
    for &b in wegman_gf256::Backend::ALL {
        wegman_testkit::check_declared_features(b.name(), b.features(), b.is_available());
    }
}
