//! `DotSum` on every backend against `Soft`, at every pair count around the batch sizes
//! (64 for `Soft`, 256 for `Avx2`), the short-path threshold and the padded-tail rules, for
//! one call and for the same pairs split over several calls; and sums merged with `add`.
//! (`Soft` itself is checked against the Hash256 reference from the definitions in
//! wegman-mac's tests.)

use wegman_gf256::dot::{B256_UNIT, DotSum, PAIR, Pair};
use wegman_gf256::{Available, Backend};
use wegman_testkit::Rng;

fn pairs(rng: &mut Rng, n: usize) -> Vec<Pair> {
    (0..n).map(|_| rng.array::<PAIR>()).collect()
}

fn counts() -> Vec<usize> {
    let mut v: Vec<usize> = (0..=80).collect();
    for base in [128, 256, 320, 327, 328, 512, 576, 583, 584] {
        v.extend(base - 2..=base + 2);
    }
    v.extend([256 + 31, 256 + 32, 256 + 33, 1000]);
    v.sort_unstable();
    v.dedup();
    v
}

fn dot(backend: Available, a: &[Pair], k: &[Pair], splits: &[usize]) -> [u8; 32] {
    let mut s = DotSum::new(backend);
    let mut at = 0;
    for &cut in splits.iter().chain([a.len()].iter()) {
        let cut = cut.clamp(at, a.len());
        s.absorb(&a[at..cut], &k[at..cut]).unwrap();
        at = cut;
    }
    s.finish()
}

#[test]
fn every_backend_equals_soft_at_every_count() {
    wegman_testkit::report(Backend::coverage("gf256 dot"));
    let soft = Available::new(Backend::Soft).unwrap();
    let mut rng = Rng::new(7);
    for n in counts() {
        let a = pairs(&mut rng, n);
        let k = pairs(&mut rng, n);
        let want = dot(soft, &a, &k, &[]);
        let cuts = [rng.below(n as u64 + 1) as usize, n / 2, n - n / 3];
        let mut sorted = cuts;
        sorted.sort_unstable();
        assert_eq!(dot(soft, &a, &k, &sorted), want, "soft split, n = {n}");
        for be in Backend::available() {
            let be = Available::new(be).unwrap();
            assert_eq!(dot(be, &a, &k, &[]), want, "{be}, n = {n}");
            assert_eq!(
                dot(be, &a, &k, &sorted),
                want,
                "{be} split {sorted:?}, n = {n}"
            );
        }
    }
}

#[test]
fn sums_merge_across_backends() {
    let mut rng = Rng::new(8);
    let a = pairs(&mut rng, 700);
    let k = pairs(&mut rng, 700);
    let soft = Available::new(Backend::Soft).unwrap();
    let want = dot(soft, &a, &k, &[]);
    for x in Backend::available() {
        for y in Backend::available() {
            let (x, y) = (Available::new(x).unwrap(), Available::new(y).unwrap());
            let mut s = DotSum::new(x);
            s.absorb(&a[..300], &k[..300]).unwrap();
            let mut t = DotSum::new(y);
            t.absorb(&a[300..], &k[300..]).unwrap();
            s.add(&t);
            assert_eq!(s.finish(), want, "{x} + {y}");
        }
    }
}

#[test]
fn extreme_values() {
    // All-ones and all-zero pairs, keys that cancel the message.
    let soft = Available::new(Backend::Soft).unwrap();
    for n in [1, 19, 20, 64, 256, 300] {
        let ones = vec![[0xffu8; PAIR]; n];
        let zeros = vec![[0u8; PAIR]; n];
        for (a, k) in [(&ones, &zeros), (&ones, &ones), (&zeros, &ones)] {
            let want = dot(soft, a, k, &[]);
            for be in Backend::available() {
                assert_eq!(
                    dot(Available::new(be).unwrap(), a, k, &[]),
                    want,
                    "{be}, n = {n}"
                );
            }
        }
        // (m + m)(m' + m') = 0.
        assert_eq!(dot(soft, &ones, &ones, &[]), [0; 32]);
    }
}

#[test]
fn unequal_lengths_are_an_error() {
    let soft = Available::new(Backend::Soft).unwrap();
    let mut s = DotSum::new(soft);
    assert!(s.absorb(&[[0; PAIR]; 2], &[[0; PAIR]; 3]).is_err());
    assert_eq!(s.finish(), [0; 32]);
}

/// The 256 pairs of a b = 256 segment pair, read bit by bit from the definition (docs/spec.md
/// §3.3: segment bit t is row t mod 256, column ⌊t/256⌋; row j of side s is element j).
fn segment_pairs(seg: &[u8]) -> Vec<Pair> {
    let mut out = vec![[0u8; PAIR]; 256];
    for s in 0..2 {
        for t in 0..8 * 8192 {
            let bit = (seg[8192 * s + t / 8] >> (t % 8)) & 1;
            let (row, col) = (t % 256, t / 256);
            out[row][32 * s + col / 8] |= bit << (col % 8);
        }
    }
    out
}

#[test]
fn b256_segments_read_directly_equal_their_pairs() {
    let mut rng = Rng::new(256);
    let backends: Vec<Backend> = wegman_testkit::backends("dot b256");
    for round in 0..3 {
        let msg = rng.bytes(B256_UNIT);
        let key = rng.bytes(B256_UNIT);
        let (m, k) = (segment_pairs(&msg), segment_pairs(&key));
        let want = dot(Available::new(Backend::Soft).unwrap(), &m, &k, &[]);
        let msg: &[u8; B256_UNIT] = msg.as_slice().try_into().unwrap();
        let key: &[u8; B256_UNIT] = key.as_slice().try_into().unwrap();
        for &b in &backends {
            let mut s = DotSum::new(Available::new(b).unwrap());
            // Mixed with ordinary pairs before and after: one sum.
            s.absorb(&m[..3], &k[..3]).unwrap();
            s.absorb_b256(msg, key);
            s.absorb(&m[3..5], &k[3..5]).unwrap();
            let mut extra = DotSum::new(Available::new(Backend::Soft).unwrap());
            extra.absorb(&m[..5], &k[..5]).unwrap();
            let got: [u8; 32] = core::array::from_fn(|i| s.finish()[i] ^ extra.finish()[i]);
            assert_eq!(got, want, "{b} round {round}");
        }
    }
}

#[test]
fn times_const_equals_the_fft_product_on_every_backend() {
    use wegman_gf256::dot::TimesConst;
    use wegman_gf256::fft::F2to256;
    let mut rng = Rng::new(0x7a0);
    let backends: Vec<Backend> = wegman_testkit::backends("times-const");
    for round in 0..20 {
        let c: [u8; 32] = rng.array();
        let mut hs: Vec<[u8; 32]> = (0..10).map(|_| rng.array()).collect();
        hs.push([0; 32]);
        hs.push([0xff; 32]);
        let mut one = [0u8; 32];
        one[0] = 1;
        hs.push(one);
        for &b in &backends {
            let t = TimesConst::new(&c, Available::new(b).unwrap());
            for h in &hs {
                let want = F2to256::from_bytes(h)
                    .mul(&F2to256::from_bytes(&c))
                    .to_bytes();
                assert_eq!(t.mul(h), want, "{b} round {round}");
            }
        }
    }
}
