//! Bitsliced F_256 against the scalar tower (itself tested exhaustively against the
//! schoolbook definition in tests/tower.rs), and the affine matrices against their maps.

use wegman_f2::bytes::{affine_apply, affine_matrix, transpose8x8};
use wegman_gf256::bitslice::{ConstMul, SlicedGf256x64, affine_mul_tower};
use wegman_gf256::tower::{AesIsomorphism, Gf256};
use wegman_testkit::Rng;

#[test]
fn transpose8x8_is_the_bit_transpose() {
    let mut rng = Rng::new(3);
    for _ in 0..1000 {
        let x = rng.next_u64();
        let t = transpose8x8(x);
        for i in 0..8 {
            for j in 0..8 {
                assert_eq!((t >> (8 * i + j)) & 1, (x >> (8 * j + i)) & 1);
            }
        }
        assert_eq!(transpose8x8(t), x);
    }
}

#[test]
fn sliced_products_match_the_scalar_tower() {
    let mut rng = Rng::new(0xabc);
    for _ in 0..200 {
        let (a, b) = (rng.array::<64>(), rng.array::<64>());
        let (sa, sb) = (
            SlicedGf256x64::from_bytes(&a),
            SlicedGf256x64::from_bytes(&b),
        );
        assert_eq!(sa.to_bytes(), a);
        let p = sa.mul(&sb).to_bytes();
        let s = sa.add(&sb).to_bytes();
        for j in 0..64 {
            assert_eq!(p[j], (Gf256::from_u8(a[j]) * Gf256::from_u8(b[j])).to_u8());
            assert_eq!(s[j], a[j] ^ b[j]);
        }
        let sum = a.iter().fold(0u8, |acc, &x| acc ^ x);
        assert_eq!(sa.sum_lanes().to_u8(), sum);
    }
}

#[test]
fn constant_circuits_match_the_scalar_tower_for_every_constant() {
    let mut rng = Rng::new(0x77);
    let x = rng.array::<64>();
    let sx = SlicedGf256x64::from_bytes(&x);
    for c in Gf256::all() {
        let k = ConstMul::new_vartime(c);
        let p = k.apply(&sx).to_bytes();
        for j in 0..64 {
            assert_eq!(p[j], (Gf256::from_u8(x[j]) * c).to_u8(), "c = {c}");
        }
        // Every byte value through the affine matrix of the same map.
        let a = affine_mul_tower(c);
        for v in Gf256::all() {
            assert_eq!(affine_apply(a, v.to_u8()), (v * c).to_u8());
        }
    }
}

#[test]
fn aes_isomorphism_matrices_are_the_maps() {
    let iso = AesIsomorphism::new();
    let (to, from) = (iso.to_aes_affine(), iso.from_aes_affine());
    for v in 0..=255u8 {
        assert_eq!(affine_apply(to, v), iso.to_aes(Gf256::from_u8(v)));
        assert_eq!(affine_apply(from, v), iso.from_aes(v).to_u8());
    }
    // The identity matrix packs as 0x0102040810204080 (gf2p8affineqb's documented identity).
    assert_eq!(
        affine_matrix(core::array::from_fn(|i| 1 << i)),
        0x0102_0408_1020_4080
    );
}
