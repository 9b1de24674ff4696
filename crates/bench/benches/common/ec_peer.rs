//! OpenSSL's ECDH derive and `EC_POINT_mul` on the NIST binary curves, the peer of the `ec`
//! and `ecbatch` benches (one copy, included by both with `#[path]`).

use criterion::{BenchmarkGroup, measurement::WallTime};
use openssl::bn::{BigNum, BigNumContext};
use openssl::derive::Deriver;
use openssl::ec::{EcKey, EcPoint};
use openssl::pkey::PKey;
use wegman_ec::CurveId;

/// Benchmarks `openssl-ecdh` (derive with a fresh context) and `openssl-point-mul` (k·Q).
pub(crate) fn openssl_peer(grp: &mut BenchmarkGroup<'_, WallTime>, id: CurveId) {
    let group = wegman_testkit::openssl_group(&id.to_string());
    let a = PKey::from_ec_key(EcKey::generate(&group).unwrap()).unwrap();
    let b = EcKey::generate(&group).unwrap();
    let bpub = PKey::from_ec_key(EcKey::from_public_key(&group, b.public_key()).unwrap()).unwrap();
    grp.bench_function("openssl-ecdh", |bn| {
        bn.iter(|| {
            let mut d = Deriver::new(&a).unwrap();
            d.set_peer(&bpub).unwrap();
            d.derive_to_vec().unwrap()
        })
    });
    let mut ctx = BigNumContext::new().unwrap();
    let mut order = BigNum::new().unwrap();
    group.order(&mut order, &mut ctx).unwrap();
    let mut k = BigNum::new().unwrap();
    order.rand_range(&mut k).unwrap();
    grp.bench_function("openssl-point-mul", |bn| {
        bn.iter(|| {
            let mut r = EcPoint::new(&group).unwrap();
            r.mul2(&group, b.public_key(), &k, &mut ctx).unwrap();
            r
        })
    });
}
