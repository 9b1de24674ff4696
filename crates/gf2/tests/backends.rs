//! The declared target features of every gf2 backend against the standard library's own
//! detection (`is_x86_feature_detected!`): the generated `#[target_feature]` entries enable
//! exactly the declared features, so this is what makes calling them sound.

#[test]
fn declared_features_match_std_detection() {
    for &b in wegman_gf2::Backend::ALL {
        wegman_testkit::check_declared_features(b.name(), b.features(), b.is_available());
    }
    for &b in wegman_gf2::sliced::SlicedBackend::ALL {
        wegman_testkit::check_declared_features(b.name(), b.features(), b.is_available());
    }
}
