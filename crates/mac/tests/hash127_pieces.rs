//! hash127 pieces hashed separately and joined (in order, in a tree, through their serialised
//! form, across backends) equal the serial hash; mismatched and malformed pieces are errors.
//! The serial hash is itself checked against an independent big-integer model and the
//! published hash127 0.70 outputs in `tests/hash127.rs`.

use proptest::prelude::*;
use wegman_mac::Error;
use wegman_mac::hash127::{Backend, Hash127AesKey, Hash127Key, Hash127Piece};
use wegman_testkit::{bytes, merge_tree};

const R: [i32; 4] = [0x1234_5678, -0x0765_4321, 0x7fff_ffff, -0x8000_0000];
const PAD: [i32; 4] = [5, -6, 7, -8];

/// Hashes `msg` cut at `cuts` (sorted multiples of 4), every piece on `backends[i % n]` and
/// through its serialised form, joined left to right into a hasher on `backends[0]`.
fn joined(backends: &[Backend], msg: &[u8], cuts: &[usize]) -> [u8; 16] {
    let keys: Vec<Hash127Key> = backends
        .iter()
        .map(|&b| Hash127Key::with_backend(R, b).expect("backend is available"))
        .collect();
    let mut bounds = vec![0];
    bounds.extend_from_slice(cuts);
    bounds.push(msg.len());
    let mut whole = keys[0].hasher();
    whole.update(&msg[..bounds[1]]);
    for (i, w) in bounds[1..].windows(2).enumerate() {
        let key = &keys[(i + 1) % keys.len()];
        let mut p = key.piece_at(w[0] as u64).unwrap();
        // In two updates, the first ending inside a word when it can.
        let mid = w[0] + (w[1] - w[0]) / 3;
        p.update(&msg[w[0]..mid]);
        p.update(&msg[mid..w[1]]);
        let blob = p.to_bytes();
        let q = key.piece_from_bytes(&blob).unwrap();
        assert_eq!((q.offset(), q.len()), (w[0] as u64, (w[1] - w[0]) as u64));
        whole.absorb(q).unwrap();
    }
    whole.finalize(PAD)
}

#[test]
fn two_pieces_at_every_word_boundary_on_every_backend() {
    let backends: Vec<Backend> = Backend::available().collect();
    for &backend in &backends {
        let key = Hash127Key::with_backend(R, backend).expect("backend is available");
        // Around one block of 96 words (384 bytes) and the vector thresholds.
        for len in [0usize, 1, 3, 4, 5, 383, 384, 385, 389, 777, 1200] {
            let msg = bytes(len as u64, len);
            let serial = key.hash_bytes(&msg, PAD);
            for cut in (0..=len).step_by(4) {
                assert_eq!(
                    joined(&[backend], &msg, &[cut]),
                    serial,
                    "{backend} len {len} cut {cut}"
                );
            }
        }
        // The pieces of one backend joined into a hasher of every other.
        let msg = bytes(3, 1001);
        let serial = key.hash_bytes(&msg, PAD);
        for &other in &backends {
            assert_eq!(
                joined(&[other, backend], &msg, &[400, 404, 800]),
                serial,
                "{other} joins {backend}"
            );
        }
    }
}

#[test]
fn pieces_merged_in_a_tree() {
    let key = Hash127Key::new(R);
    let msg = bytes(5, 5003);
    let serial = key.hash_bytes(&msg, PAD);
    for cuts in [
        [4usize, 8, 12],
        [4, 2000, 2004],
        [384, 768, 1152],
        [1000, 2500, 5000],
        [0, 0, 5003 / 4 * 4],
    ] {
        let a = merge_tree(
            &[0, cuts[0], cuts[1], cuts[2], msg.len()],
            &mut |lo, hi| {
                let mut p = key.piece_at(lo as u64).unwrap();
                p.update(&msg[lo..hi]);
                p
            },
            &mut |a: &mut Hash127Piece<'_>, b| a.merge(b).unwrap(),
        );
        let mut whole = key.hasher();
        whole.absorb(a).unwrap();
        assert_eq!(whole.finalize(PAD), serial, "cuts {cuts:?}");
    }
}

#[test]
fn hash127_aes_pieces_give_the_tag() {
    let key = Hash127AesKey::new(&[0x5a; 32]);
    let nonce = [7u8; 16];
    let msg = bytes(9, 70_001);
    let serial = key.mac(&nonce, &msg);
    let mut s = key.start(&nonce);
    s.update(&msg[..64]);
    for (lo, hi) in [(64usize, 40_000usize), (40_000, 70_001)] {
        let mut p = key.piece_at(lo as u64).unwrap();
        p.update(&msg[lo..hi]);
        let q = key.piece_from_bytes(&p.to_bytes()).unwrap();
        s.absorb(q).unwrap();
    }
    assert_eq!(s.finalize(), serial);
}

#[test]
fn mismatched_pieces_are_errors() {
    let key = Hash127Key::new(R);
    assert!(matches!(key.piece_at(2), Err(Error::PieceMismatch { .. })));
    let mut h = key.hasher();
    h.update(&[0; 20]);
    let wrong_place = key.piece_at(16).unwrap();
    assert!(matches!(
        h.absorb(wrong_place),
        Err(Error::PieceMismatch { .. })
    ));
    let other = Hash127Key::new([1, 2, 3, 4]);
    let other_key = other.piece_at(20).unwrap();
    assert!(matches!(
        h.absorb(other_key),
        Err(Error::PieceMismatch { .. })
    ));
    let mut a = key.piece_at(20).unwrap();
    a.update(&[1; 8]);
    let gap = key.piece_at(32).unwrap();
    assert!(matches!(a.merge(gap), Err(Error::PieceMismatch { .. })));
    // The same r in another key object (and another backend) joins.
    let twin = Hash127Key::with_backend(R, Backend::Int128).unwrap();
    h.absorb(twin.piece_at(20).unwrap()).unwrap();
    assert_eq!(h.finalize(PAD), key.hash_bytes(&[0; 20], PAD));
}

#[test]
fn malformed_serialised_pieces_are_refused() {
    let key = Hash127Key::new(R);
    let mut p = key.piece_at(8).unwrap();
    p.update(&bytes(1, 42));
    let blob = p.to_bytes();
    assert!(key.piece_from_bytes(&blob).is_ok());
    // Every truncation and an extension.
    for n in 0..blob.len() {
        assert!(matches!(
            key.piece_from_bytes(&blob[..n]),
            Err(Error::PieceEncoding { .. })
        ));
    }
    let mut long = blob.clone();
    long.push(0);
    assert!(key.piece_from_bytes(&long).is_err());
    // Header bytes: magic, version, kind (Poly1305's kind 1 is another algorithm).
    for i in 0..6 {
        let mut b = blob.clone();
        b[i] ^= 1;
        assert!(matches!(
            key.piece_from_bytes(&b),
            Err(Error::PieceEncoding { .. })
        ));
    }
    // An offset off a word boundary, an offset + length past 2^64.
    let with = |at: usize, v: u64| {
        let mut b = blob.clone();
        b[at..at + 8].copy_from_slice(&v.to_le_bytes());
        b
    };
    assert!(key.piece_from_bytes(&with(6, 9)).is_err());
    assert!(key.piece_from_bytes(&with(6, u64::MAX - 3)).is_err());
    // A value ≥ p, in both of its aliases, and p − 1, which is fine.
    let value_at = blob.len() - 16;
    let with_value = |v: u128| {
        let mut b = blob.clone();
        b[value_at..].copy_from_slice(&v.to_le_bytes());
        b
    };
    let p127 = (1u128 << 127) - 1;
    assert!(key.piece_from_bytes(&with_value(p127)).is_err());
    assert!(key.piece_from_bytes(&with_value(u128::MAX)).is_err());
    assert!(key.piece_from_bytes(&with_value(p127 - 1)).is_ok());
    // A piece without a whole word must have the value 0.
    let mut short = key.piece_at(4).unwrap();
    short.update(&[1, 2, 3]);
    let blob = short.to_bytes();
    assert!(key.piece_from_bytes(&blob).is_ok());
    let mut b = blob.clone();
    let at = b.len() - 16;
    b[at] = 1;
    assert!(key.piece_from_bytes(&b).is_err());
    // A Poly1305 blob is not a hash127 piece.
    let poly = wegman_mac::poly1305::Poly1305::new(&[1; 32])
        .piece_at(0)
        .to_bytes();
    assert!(matches!(
        key.piece_from_bytes(&poly),
        Err(Error::PieceEncoding { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_splits_equal_serial(
        msg in proptest::collection::vec(any::<u8>(), 0..3000),
        cuts in proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
    ) {
        let mut cuts: Vec<usize> = cuts.iter().map(|c| c.index(msg.len() / 4 + 1) * 4).collect();
        cuts.sort_unstable();
        let serial = Hash127Key::with_backend(R, Backend::Int128).unwrap().hash_bytes(&msg, PAD);
        for backend in Backend::available() {
            prop_assert_eq!(joined(&[backend], &msg, &cuts), serial);
        }
    }
}
