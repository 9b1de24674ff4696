//! Auth256 pieces hashed separately (and serialised), joined in a chain or a tree, equal the
//! serial tag for every encoding and backend; malformed or mismatched pieces are refused.

use wegman_mac::Error;
use wegman_mac::hash256::{Auth256Key, Backend, DEFAULT_CACHE_LIMIT, Encoding};
use wegman_testkit::{bytes, merge_tree};

fn keys() -> Vec<Auth256Key> {
    Backend::available()
        .flat_map(|b| {
            // With the key-stream cache and without it (every run recomputed).
            [DEFAULT_CACHE_LIMIT, 0].map(|limit| {
                Auth256Key::with_options(&[9u8; 32], b, limit).expect("backend is available")
            })
        })
        .collect()
}

fn serial(key: &Auth256Key, enc: Encoding, nonce: &[u8; 12], msg: &[u8]) -> [u8; 32] {
    let mut m = key.start_with(nonce, enc);
    m.update(msg);
    m.finalize().into_bytes()
}

#[test]
fn chains_of_serialised_pieces_equal_the_serial_tag() {
    let nonce = [4u8; 12];
    for key in keys() {
        for enc in [Encoding::B1, Encoding::B8, Encoding::B256] {
            let u = enc.unit();
            let len = 3 * u + 70 + 16 * u * (enc == Encoding::B1) as usize;
            let msg = bytes(u as u64, len);
            let want = serial(&key, enc, &nonce, &msg);
            for cuts in [
                vec![],
                vec![u],
                vec![0, u, 2 * u],
                vec![u, 3 * u],
                vec![3 * u],
            ] {
                let mut whole = key.start_with(&nonce, enc);
                let mut bounds = vec![0];
                bounds.extend(cuts.iter().copied());
                bounds.push(len);
                whole.update(&msg[..bounds[1]]);
                for w in bounds[1..].windows(2) {
                    let mut p = key.piece_at(enc, w[0] as u64).unwrap();
                    // In uneven chunks, to cross batch boundaries inside the piece.
                    for c in msg[w[0]..w[1]].chunks(u / 2 + 13) {
                        p.update(c);
                    }
                    let blob = p.to_bytes();
                    let q = key.piece_from_bytes(&blob).unwrap();
                    assert_eq!((q.offset(), q.len()), (w[0] as u64, (w[1] - w[0]) as u64));
                    whole.absorb(q).unwrap();
                }
                assert_eq!(whole.len(), len as u64);
                assert_eq!(
                    whole.finalize().into_bytes(),
                    want,
                    "{} b={} cuts {cuts:?}",
                    key.backend(),
                    enc.b()
                );
            }
        }
    }
}

#[test]
fn pieces_merged_in_a_tree_and_long_pieces() {
    let nonce = [8u8; 12];
    for key in keys() {
        // Pieces of 300 KiB cross many batches and key-stream chunks.
        let msg = bytes(3, 4 * 300 * 1024 + 5);
        let want = serial(&key, Encoding::B1, &nonce, &msg);
        let a = merge_tree(
            &[0, 300 << 10, 600 << 10, 900 << 10, msg.len()],
            &mut |lo, hi| {
                let mut p = key.piece_at(Encoding::B1, lo as u64).unwrap();
                p.update(&msg[lo..hi]);
                p
            },
            &mut |a, b| a.merge(b).unwrap(),
        );
        let mut whole = key.start(&nonce);
        whole.absorb(a).unwrap();
        assert_eq!(whole.finalize().into_bytes(), want, "{}", key.backend());
    }
}

#[test]
fn mismatched_and_malformed_pieces_are_refused() {
    let key = Auth256Key::new(&[1u8; 32]);
    let other = Auth256Key::new(&[2u8; 32]);
    assert!(matches!(
        key.piece_at(Encoding::B8, 64),
        Err(Error::PieceMismatch { .. })
    ));
    let nonce = [0u8; 12];
    // Wrong offset, wrong encoding, wrong key.
    let mut m = key.start(&nonce);
    m.update(&[0u8; 64]);
    assert!(m.absorb(key.piece_at(Encoding::B1, 128).unwrap()).is_err());
    assert!(m.absorb(key.piece_at(Encoding::B1, 64).unwrap()).is_ok());
    let mut m = key.start(&nonce);
    assert!(m.absorb(key.piece_at(Encoding::B8, 0).unwrap()).is_err());
    assert!(m.absorb(other.piece_at(Encoding::B1, 0).unwrap()).is_err());
    // A blob under another key, truncations, flips.
    let mut p = key.piece_at(Encoding::B1, 128).unwrap();
    p.update(&bytes(2, 100));
    let blob = p.to_bytes();
    assert!(matches!(
        other.piece_from_bytes(&blob),
        Err(Error::PieceEncoding { .. })
    ));
    for n in 0..blob.len() {
        let r = key.piece_from_bytes(&blob[..n]);
        // Cutting the tail short leaves a consistent-looking blob only if the length agrees.
        assert!(r.is_err(), "truncated to {n}");
    }
    // Header, b, the key check value and the low byte of the offset (128 ^ 1 is no unit).
    for i in 0..(6 + 2 + 16 + 1) {
        let mut bad = blob.clone();
        bad[i] ^= 1;
        assert!(key.piece_from_bytes(&bad).is_err(), "byte {i}");
    }
}
