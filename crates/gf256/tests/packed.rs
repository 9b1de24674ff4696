//! Packed F_256 products on every backend against the scalar tower, lane by lane.

use proptest::prelude::*;
use wegman_gf256::bitslice::ConstMul;
use wegman_gf256::packed::{PackedGf256x64, mul_circuit_slice, mul_scalar_slice, mul_slice};
use wegman_gf256::tower::Gf256;
use wegman_gf256::{Available, Backend};

fn packed() -> impl Strategy<Value = PackedGf256x64> {
    proptest::collection::vec(any::<u8>(), 64).prop_map(|v| PackedGf256x64(v.try_into().unwrap()))
}

proptest! {
    #[test]
    fn every_backend_matches_the_scalar_tower(
        a in proptest::collection::vec(packed(), 0..5),
        b in proptest::collection::vec(packed(), 5),
        c in any::<u8>(),
    ) {
        let n = a.len();
        let c = Gf256::from_u8(c);
        for backend in Available::all() {
            let mut out = vec![PackedGf256x64::default(); n];
            mul_slice(backend, &a, &b[..n], &mut out).unwrap();
            let mut sc = vec![PackedGf256x64::default(); n];
            mul_scalar_slice(backend, c, &a, &mut sc).unwrap();
            let mut ci = vec![PackedGf256x64::default(); n];
            mul_circuit_slice(backend, &ConstMul::new_vartime(c), &a, &mut ci).unwrap();
            for i in 0..n {
                for l in 0..64 {
                    prop_assert_eq!(out[i].lane(l), a[i].lane(l) * b[i].lane(l));
                    prop_assert_eq!(sc[i].lane(l), a[i].lane(l) * c);
                    prop_assert_eq!(ci[i].lane(l), a[i].lane(l) * c);
                }
            }
        }
    }
}

#[test]
fn every_value_pair_and_the_helpers() {
    wegman_testkit::report(Backend::coverage("packed gf256"));
    // All 65536 products, 64 at a time.
    for x in 0..=255u8 {
        let a = PackedGf256x64::splat(Gf256::from_u8(x));
        for chunk in 0..4 {
            let b = PackedGf256x64::from_fn(|i| Gf256::from_u8((64 * chunk + i) as u8));
            for backend in Available::all() {
                let mut out = [PackedGf256x64::default()];
                mul_slice(backend, &[a], &[b], &mut out).unwrap();
                for l in 0..64 {
                    assert_eq!(out[0].lane(l), a.lane(l) * b.lane(l));
                }
            }
        }
    }
    let a = PackedGf256x64::from_fn(|i| Gf256::from_u8(i as u8 * 3));
    assert_eq!(a.mul(&a.add(&a)), PackedGf256x64::default());
    assert_eq!(a.mul_scalar(Gf256::ONE), a);
    let mut out = vec![PackedGf256x64::default(); 2];
    let soft = Available::new(Backend::Soft).unwrap();
    assert!(mul_slice(soft, &[a], &[a, a], &mut out[..1]).is_err());
    assert!(mul_scalar_slice(soft, Gf256::ONE, &[a], &mut out).is_err());
}
