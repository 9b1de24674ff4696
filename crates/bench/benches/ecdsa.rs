//! ECDSA sign and verify against OpenSSL (EVP-level `ECDSA_do_sign`/`ECDSA_do_verify` through
//! the `openssl` crate's `EcdsaSig`), SHA-256 digests, per curve: wegman in the NIST and the
//! square-root-friendly polynomial bases, verification with each method.
//!
//! `cargo bench -p wegman-bench --bench ecdsa`; `WEGMAN_EC_CURVE=sect233k1` runs one curve.
//! Groups `ecdsa-<curve>`; rows `sign-<repr>`, `verify-<method>-<repr>`, `openssl-sign`,
//! `openssl-verify`.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use openssl::ec::EcKey;
use openssl::ecdsa::EcdsaSig;
use wegman_ec::{Curve, CurveField, CurveId, NistPb, SsrfPb};
use wegman_ecdsa::{HashAlg, SigningKey, VerifyMethod};

fn ours<F: CurveField>(grp: &mut BenchmarkGroup<'_, WallTime>, c: &Curve<F>, d: &[u8]) {
    let key = SigningKey::from_bytes(c, d).unwrap();
    let msg = b"a message to sign";
    let name = F::NAME;
    let sig = key.sign_with(HashAlg::Sha256, msg);
    grp.bench_function(format!("sign-{name}"), |b| {
        b.iter(|| key.sign_with(HashAlg::Sha256, black_box(msg)))
    });
    for m in VerifyMethod::ALL.into_iter().filter(|m| m.supports(c)) {
        let vk = key.verifying_key().with_method(m).unwrap();
        grp.bench_function(format!("verify-{m:?}-{name}"), |b| {
            b.iter(|| {
                vk.verify_with(HashAlg::Sha256, black_box(msg), &sig)
                    .unwrap()
            })
        });
    }
}

fn curves(cr: &mut Criterion) {
    let only: Option<String> = std::env::var("WEGMAN_EC_CURVE").ok();
    for id in CurveId::ALL {
        if only.as_deref().is_some_and(|o| o != id.params().name) {
            continue;
        }
        let mut grp = cr.benchmark_group(format!("ecdsa-{}", id.params().name));
        grp.warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1))
            .sample_size(20);
        let group = wegman_testkit::openssl_group(id.params().name);
        let theirs = EcKey::generate(&group).unwrap();
        let nist = Curve::new(id, NistPb::new).unwrap();
        let len = nist.order_bits().div_ceil(8) as i32;
        let d = theirs.private_key().to_vec_padded(len).unwrap();
        ours(&mut grp, &nist, &d);
        let ssrf = Curve::new(id, SsrfPb::new).unwrap();
        ours(&mut grp, &ssrf, &d);
        // OpenSSL: the digest is computed outside its calls, so hash it in the loop too.
        let msg = b"a message to sign";
        grp.bench_function("openssl-sign", |b| {
            b.iter(|| EcdsaSig::sign(&HashAlg::Sha256.digest(black_box(msg)), &theirs).unwrap())
        });
        let sig = EcdsaSig::sign(&HashAlg::Sha256.digest(msg), &theirs).unwrap();
        grp.bench_function("openssl-verify", |b| {
            b.iter(|| {
                assert!(
                    sig.verify(&HashAlg::Sha256.digest(black_box(msg)), &theirs)
                        .unwrap()
                )
            })
        });
        grp.finish();
    }
}

criterion_group!(benches, curves);
criterion_main!(benches);
