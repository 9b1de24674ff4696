//! Pieces hashed separately and joined, and multi-threaded hashing, equal the serial tag.

use proptest::prelude::*;
use wegman_mac::Error;
use wegman_mac::poly1305::{Backend, Poly1305, Poly1305AesKey};
use wegman_testkit::{bytes, merge_tree};

/// Hashes `msg` cut at `cuts` (sorted) as separate pieces, joined left to right.
fn joined(key: &[u8; 32], backend: Backend, msg: &[u8], cuts: &[usize]) -> [u8; 16] {
    let mut whole = Poly1305::with_backend(key, backend).expect("backend is available");
    let mut bounds = vec![0];
    bounds.extend_from_slice(cuts);
    bounds.push(msg.len());
    whole.update(&msg[..bounds[1]]);
    for w in bounds[1..].windows(2) {
        let mut p = whole.piece_at(w[0] as u64);
        p.update(&msg[w[0]..w[1]]);
        whole.absorb(p).unwrap();
    }
    whole.finalize().into_bytes()
}

#[test]
fn two_pieces_at_every_split_point() {
    for backend in Backend::available() {
        for len in [0usize, 1, 15, 16, 17, 100, 255, 256, 257, 700] {
            let key: [u8; 32] = bytes(len as u64, 32).try_into().unwrap();
            let msg = bytes(len as u64 + 1, len);
            let serial = Poly1305::mac(&key, &msg).into_bytes();
            for cut in 0..=len {
                assert_eq!(
                    joined(&key, backend, &msg, &[cut]),
                    serial,
                    "{backend} len {len} cut {cut}"
                );
            }
        }
    }
}

#[test]
fn pieces_merged_in_a_tree() {
    // ((A + B) + (C + D)) joined by Poly1305Piece::merge before the hasher absorbs them.
    let key = [9u8; 32];
    let msg = bytes(5, 5000);
    let serial = Poly1305::mac(&key, &msg);
    for cuts in [
        [1usize, 2, 3],
        [7, 2000, 2001],
        [16, 32, 48],
        [1000, 2500, 4999],
        [0, 0, 5000],
    ] {
        let h = Poly1305::new(&key);
        let a = merge_tree(
            &[0, cuts[0], cuts[1], cuts[2], msg.len()],
            &mut |lo, hi| {
                let mut p = h.piece_at(lo as u64);
                p.update(&msg[lo..hi]);
                p
            },
            &mut |a, b| a.merge(b).unwrap(),
        );
        let mut whole = h;
        whole.absorb(a).unwrap();
        assert_eq!(whole.finalize(), serial, "cuts {cuts:?}");
    }
}

#[test]
fn mismatched_pieces_are_errors() {
    let key = [1u8; 32];
    let mut h = Poly1305::new(&key);
    h.update(&[0; 20]);
    let wrong_place = h.piece_at(19);
    assert!(matches!(
        h.absorb(wrong_place),
        Err(Error::PieceMismatch { .. })
    ));
    let other_key = Poly1305::new(&[2u8; 32]).piece_at(20);
    assert!(matches!(
        h.absorb(other_key),
        Err(Error::PieceMismatch { .. })
    ));
    let mut a = h.piece_at(20);
    a.update(&[1; 5]);
    let gap = h.piece_at(26);
    assert!(matches!(a.merge(gap), Err(Error::PieceMismatch { .. })));
    // After the refusals the hasher still works.
    let ok = h.piece_at(20);
    h.absorb(ok).unwrap();
    assert_eq!(h.finalize(), Poly1305::mac(&key, &[0; 20]));
}

#[test]
fn update_parallel_equals_serial() {
    let key = [3u8; 32];
    for threads in [1, 2, 3, 4] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for len in [
            0,
            1000,
            (512 << 10) - 1,
            512 << 10,
            (512 << 10) + 1,
            3 << 20,
            (3 << 20) + 7,
        ] {
            let msg = bytes(len as u64, len);
            let serial = Poly1305::mac(&key, &msg);
            for prefix in [0usize, 5, 16] {
                let mut p = Poly1305::new(&key);
                p.update(&msg[..prefix.min(len)]);
                pool.install(|| p.update_parallel(&msg[prefix.min(len)..]));
                assert_eq!(
                    p.finalize(),
                    serial,
                    "threads {threads} len {len} prefix {prefix}"
                );
            }
        }
    }
    // Poly1305-AES with a cached key, in parallel.
    let mut k = [4u8; 32];
    Poly1305AesKey::clamp_key_bytes(&mut k);
    let key = Poly1305AesKey::new(&k).unwrap();
    let msg = bytes(77, 5 << 20);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut h = key.start(&[1; 16]);
    pool.install(|| h.update_parallel(&msg));
    assert_eq!(h.finalize(), key.mac(&[1; 16], &msg));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_splits_equal_serial(
        key in proptest::array::uniform32(any::<u8>()),
        msg in proptest::collection::vec(any::<u8>(), 0..3000),
        cuts in proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
    ) {
        let mut cuts: Vec<usize> = cuts.iter().map(|c| c.index(msg.len() + 1)).collect();
        cuts.sort_unstable();
        let serial = Poly1305::mac(&key, &msg).into_bytes();
        for backend in Backend::available() {
            prop_assert_eq!(joined(&key, backend, &msg, &cuts), serial);
        }
    }
}

#[test]
fn serialised_pieces_round_trip_at_every_split_point() {
    // Every piece goes through to_bytes / piece_from_bytes (as between machines) before it
    // is joined; the tag is the serial one.
    let key = Poly1305AesKey::new(&{
        let mut k = [3u8; 32];
        Poly1305AesKey::clamp_key_bytes(&mut k);
        k
    })
    .unwrap();
    let nonce = [5u8; 16];
    let msg = bytes(77, 300);
    let serial = key.mac(&nonce, &msg);
    for a in [0usize, 1, 15, 16, 17, 40, 299, 300] {
        for b in [a, a + 1, a + 16, 150.max(a), 300] {
            let b = b.min(300);
            let mut whole = key.start(&nonce);
            for (lo, hi) in [(0, a), (a, b), (b, 300)] {
                let mut p = key.piece_at(lo as u64);
                p.update(&msg[lo..hi]);
                let blob = p.to_bytes();
                let q = key.piece_from_bytes(&blob).unwrap();
                assert_eq!(q.offset(), lo as u64);
                assert_eq!(q.len(), (hi - lo) as u64);
                whole.absorb(q).unwrap();
            }
            assert_eq!(whole.finalize(), serial, "cuts {a} {b}");
        }
    }
}

#[test]
fn malformed_serialised_pieces_are_refused() {
    let h = Poly1305::new(&[1u8; 32]);
    let mut p = h.piece_at(5);
    p.update(&bytes(1, 40));
    let blob = p.to_bytes();
    assert!(h.piece_from_bytes(&blob).is_ok());
    // Every truncation, every extension, and a flip of each header and length byte.
    for n in 0..blob.len() {
        assert!(matches!(
            h.piece_from_bytes(&blob[..n]),
            Err(Error::PieceEncoding { .. })
        ));
    }
    let mut longer = blob.clone();
    longer.push(0);
    assert!(h.piece_from_bytes(&longer).is_err());
    // Header, the offset's low byte (another position in the block), length and block count
    // (a higher offset byte gives another valid piece).
    for i in (0..7).chain(14..30) {
        let mut bad = blob.clone();
        bad[i] ^= 0x01;
        assert!(h.piece_from_bytes(&bad).is_err(), "byte {i}");
    }
    // An accumulator out of the multiplication's bounds.
    let mut bad = blob.clone();
    let n = bad.len();
    bad[n - 1] = 0xff;
    assert!(h.piece_from_bytes(&bad).is_err());
}

/// A stream that gathered short calls (vector backends) absorbs a piece and threads exactly as
/// one fed in long calls.
#[test]
fn pieces_and_threads_after_short_calls() {
    let key = [6u8; 32];
    let msg = bytes(8, (3 << 20) + 333);
    let serial = Poly1305::mac(&key, &msg);
    for backend in Backend::available() {
        let mut p = Poly1305::with_backend(&key, backend).expect("backend is available");
        for c in msg[..1000].chunks(30) {
            p.update(c);
        }
        let mut piece = p.piece_at(1000);
        piece.update(&msg[1000..5000]);
        p.absorb(piece).unwrap();
        for c in msg[5000..6000].chunks(7) {
            p.update(c);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        pool.install(|| p.update_parallel(&msg[6000..]));
        assert_eq!(p.finalize(), serial, "{backend}");
    }
}
