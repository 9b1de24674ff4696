//! Every backend against the portable one and against the bit-by-bit reference of
//! docs/spec.md §3.3.2 (`wegman_testkit::pb256`): pseudo-dot-products at every length around
//! the kernels' steps (1 pair for AVX2, 2 for AVX-512) and the chunk (256 pairs), in one call
//! and in splits, and single products.

use wegman_pb256::{Available, Backend, DotSum, Fe256x64, KeyTooShort, PAIR, Pair, mul_on};
use wegman_testkit::{Rng, backends, pb256 as reference};

fn pairs(rng: &mut Rng, n: usize) -> Vec<Pair> {
    (0..n).map(|_| rng.array()).collect()
}

fn sum_on(b: Backend, msg: &[Pair], key: &[Pair]) -> [u8; 32] {
    let mut s = DotSum::new(Available::new(b).unwrap());
    s.absorb(msg, key).unwrap();
    s.finish().to_bytes()
}

fn lengths() -> Vec<usize> {
    let mut v: Vec<usize> = (0..=20).collect();
    v.extend([31, 32, 33, 63, 64, 65, 127, 128, 129, 254, 255, 256]);
    v
}

#[test]
fn dot_products_match_the_reference_and_the_portable_backend() {
    let all = backends::<Backend>("pb256 dot");
    let mut rng = Rng::new(1);
    let key = pairs(&mut rng, 256);
    for n in lengths() {
        let msg = pairs(&mut rng, n);
        let soft = sum_on(Backend::Soft, &msg, &key);
        // The bit-by-bit reference is slow: every length up to 20 and a few long ones.
        if n <= 20 || n == 65 || n == 256 {
            let want = reference::chunk_hash(key.as_flattened(), msg.as_flattened());
            assert_eq!(soft, want, "soft, {n} pairs");
        }
        for &b in &all {
            assert_eq!(sum_on(b, &msg, &key), soft, "{b}, {n} pairs");
        }
    }
}

#[test]
fn extreme_operands() {
    let all = backends::<Backend>("pb256 extremes");
    let ones = [[0xffu8; PAIR]; 5];
    let zeros = [[0u8; PAIR]; 5];
    let mut top = [[0u8; PAIR]; 5];
    for p in &mut top {
        p[31] = 0x80;
        p[63] = 0x80;
    }
    for (msg, key) in [
        (&ones, &zeros),
        (&top, &zeros),
        (&zeros, &ones),
        (&ones, &top),
    ] {
        let want = reference::chunk_hash(key.as_flattened(), msg.as_flattened());
        for &b in &all {
            assert_eq!(sum_on(b, msg, key), want, "{b}");
        }
    }
}

#[test]
fn split_calls_equal_one_call() {
    let all = backends::<Backend>("pb256 splits");
    let mut rng = Rng::new(2);
    let key = pairs(&mut rng, 256);
    let msg = pairs(&mut rng, 256);
    let whole = sum_on(Backend::Soft, &msg, &key);
    for &b in &all {
        for cut in [1, 2, 3, 7, 100, 255] {
            let mut s = DotSum::new(Available::new(b).unwrap());
            s.absorb(&msg[..cut], &key[..cut]).unwrap();
            s.absorb(&msg[cut..], &key[cut..]).unwrap();
            assert_eq!(s.finish().to_bytes(), whole, "{b}, cut {cut}");
            // finish starts the sum again.
            assert_eq!(s.finish(), Fe256x64::ZERO);
        }
    }
}

#[test]
fn a_short_key_is_an_error() {
    let mut s = DotSum::new(Available::detect());
    assert_eq!(s.absorb(&[[1; PAIR]; 3], &[[2; PAIR]; 2]), Err(KeyTooShort));
    assert_eq!(s.finish(), Fe256x64::ZERO);
    // A longer key is fine: pair t meets key[t].
    s.absorb(&[[1; PAIR]; 2], &[[2; PAIR]; 3]).unwrap();
}

#[test]
fn products_match_the_reference() {
    let all = backends::<Backend>("pb256 mul");
    let mut rng = Rng::new(3);
    for i in 0..200 {
        let (x, y): ([u8; 32], [u8; 32]) = match i {
            0 => ([0xff; 32], [0xff; 32]),
            1 => ([0; 32], [0xff; 32]),
            _ => (rng.array(), rng.array()),
        };
        let want = reference::mul(&x, &y);
        let (a, b) = (Fe256x64::from_bytes(&x), Fe256x64::from_bytes(&y));
        assert_eq!(a.mul(&b).to_bytes(), want);
        for &be in &all {
            assert_eq!(
                mul_on(Available::new(be).unwrap(), &a, &b).to_bytes(),
                want,
                "{be}"
            );
        }
    }
}

#[test]
fn declared_features_match_detection() {
    for b in Backend::ALL {
        wegman_testkit::check_declared_features(b.name(), b.features(), b.is_available());
    }
}
