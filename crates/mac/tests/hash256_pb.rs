//! `auth256-pb` (docs/spec.md §3.3.2) against the slow reference written from the
//! specification (`wegman_testkit::pb256`: bit-by-bit products and long division, the key
//! stream and pads by the `aes` crate, τ's powers by repeated products) at every length from
//! 0 to 200 and at every chunk boundary, on every backend; streaming in every split, the
//! threaded update and pieces merged in any grouping against one-shot.

use wegman_mac::hash256::{Auth256PbKey, CHUNK, PbBackend};
use wegman_testkit::bytes;
use wegman_testkit::pb256 as reference;

/// Lengths around every boundary of the two levels: one chunk ± 1 and ± 64 (the padding's
/// 0x01 then falls on either side of the chunk boundary), two and three chunks ± 1.
fn boundary_lengths() -> Vec<usize> {
    let mut v = vec![
        CHUNK - 65,
        CHUNK - 64,
        CHUNK - 63,
        CHUNK - 1,
        CHUNK,
        CHUNK + 1,
    ];
    v.extend([
        CHUNK + 63,
        CHUNK + 64,
        2 * CHUNK - 1,
        2 * CHUNK,
        2 * CHUNK + 1,
        3 * CHUNK + 100,
    ]);
    v
}

fn keys(key: &[u8; 32]) -> Vec<Auth256PbKey> {
    wegman_testkit::backends::<PbBackend>("auth256-pb")
        .into_iter()
        .map(|b| Auth256PbKey::with_backend(key, b).unwrap())
        .collect()
}

#[test]
fn matches_the_reference_at_every_short_length_and_chunk_boundary_on_every_backend() {
    let key_bytes = [0x5a; 32];
    let nonce = [3u8; 12];
    let keys = keys(&key_bytes);
    for len in (0..=200).chain(boundary_lengths()) {
        let msg = bytes(len as u64, len);
        let want = reference::auth256_pb(&key_bytes, &nonce, &msg);
        for key in &keys {
            let got = key.mac(&nonce, &msg);
            assert_eq!(got.as_ref(), &want[..], "{} len {len}", key.backend());
        }
    }
}

/// A known answer from the reference, pinned so that a change to the specification's
/// reading (in the reference or the library) shows.
#[test]
fn known_answers() {
    let key: [u8; 32] = core::array::from_fn(|i| i as u8);
    let nonce: [u8; 12] = core::array::from_fn(|i| 0xa0 + i as u8);
    let cases: [(usize, &str); 2] = [
        (0, include_str!("vectors/auth256_pb_empty.hex")),
        (3 * CHUNK + 17, include_str!("vectors/auth256_pb_3c17.hex")),
    ];
    for (len, hex) in cases {
        let msg: Vec<u8> = (0..len).map(|i| (i * 31 + 7) as u8).collect();
        let want = wegman_testkit::unhex(hex);
        assert_eq!(
            reference::auth256_pb(&key, &nonce, &msg).to_vec(),
            want,
            "reference, len {len}"
        );
        for k in &keys(&key) {
            assert_eq!(
                k.mac(&nonce, &msg).as_ref(),
                &want[..],
                "{} len {len}",
                k.backend()
            );
        }
    }
}

#[test]
fn streaming_in_any_split_equals_one_shot() {
    let msg = bytes(11, 3 * CHUNK + 777);
    let nonce = [5u8; 12];
    for key in keys(&[4u8; 32]) {
        let want = key.mac(&nonce, &msg);
        for piece in [1usize, 31, 63, 64, 65, 4095, CHUNK - 1, CHUNK, CHUNK + 1] {
            let mut s = key.start(&nonce);
            for c in msg.chunks(piece) {
                s.update(c);
            }
            assert_eq!(s.finalize(), want, "{} pieces of {piece}", key.backend());
        }
        for cut in [0, 1, 63, 64, 65, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK] {
            let mut s = key.start(&nonce);
            s.update(&msg[..cut]);
            s.update(&msg[cut..]);
            assert_eq!(s.finalize(), want, "{} cut {cut}", key.backend());
        }
    }
}

#[test]
fn threaded_update_equals_serial() {
    let key = Auth256PbKey::new(&[6u8; 32]);
    let nonce = [2u8; 12];
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    for len in [40 * CHUNK, 40 * CHUNK + 1, 41 * CHUNK - 1, 57 * CHUNK + 300] {
        let msg = bytes(len as u64, len);
        let want = key.mac(&nonce, &msg);
        for head in [0usize, 5, CHUNK] {
            let mut s = key.start(&nonce);
            s.update(&msg[..head]);
            pool.install(|| s.update_parallel(&msg[head..]));
            assert_eq!(s.finalize(), want, "len {len} head {head}");
        }
    }
}

#[test]
fn tags_verify_and_differ_by_nonce_message_and_algorithm() {
    let key = Auth256PbKey::new(&[8u8; 32]);
    let msg = bytes(1, 2 * CHUNK + 9);
    let tag = key.mac(&[1; 12], &msg);
    assert!(key.verify(&[1; 12], &msg, tag.as_ref()).is_ok());
    assert!(key.verify(&[1; 12], &msg, &tag.as_ref()[..16]).is_ok());
    assert!(key.verify(&[2; 12], &msg, tag.as_ref()).is_err());
    assert!(key.verify(&[1; 12], &msg, &tag.as_ref()[..31]).is_err());
    let mut other = msg.clone();
    other[CHUNK + 3] ^= 1;
    assert!(key.verify(&[1; 12], &other, tag.as_ref()).is_err());
    let mut swapped = msg.clone();
    swapped[..CHUNK].copy_from_slice(&msg[CHUNK..2 * CHUNK]);
    swapped[CHUNK..2 * CHUNK].copy_from_slice(&msg[..CHUNK]);
    assert_ne!(key.mac(&[1; 12], &swapped), tag);
    // Another MAC under the same AES key (its own key stream and pad domains).
    let two = wegman_mac::hash256::Auth256TwoLevelKey::new(&[8u8; 32]);
    assert_ne!(two.mac(&[1; 12], &msg).as_ref(), tag.as_ref());
}

#[test]
fn pieces_merged_in_any_grouping_equal_one_shot() {
    use wegman_testkit::merge_tree;
    let key = Auth256PbKey::new(&[12u8; 32]);
    let nonce = [9u8; 12];
    for len in [0, 1, CHUNK, 4 * CHUNK, 5 * CHUNK + 4097] {
        let msg = bytes(len as u64 + 1, len);
        let want = key.mac(&nonce, &msg);
        let mut bounds: Vec<usize> = (0..len.div_ceil(CHUNK)).map(|i| i * CHUNK).collect();
        bounds.push(len);
        if bounds.len() == 1 {
            bounds.push(len);
        }
        let tree = merge_tree(
            &bounds,
            &mut |lo, hi| {
                let mut p = key.piece_at(lo as u64).unwrap();
                p.update(&msg[lo..hi]);
                key.piece_from_bytes(&p.to_bytes()).unwrap()
            },
            &mut |a, b| a.merge(b).unwrap(),
        );
        let mut s = key.start(&nonce);
        s.absorb(tree).unwrap();
        assert_eq!(s.finalize(), want, "len {len}");
        if len > CHUNK {
            let mut s = key.start(&nonce);
            s.update(&msg[..CHUNK]);
            let mut p = key.piece_at(CHUNK as u64).unwrap();
            p.update(&msg[CHUNK..]);
            // A serialised piece keeps hashing after it is read back.
            let mut p = key.piece_from_bytes(&p.to_bytes()).unwrap();
            p.update(&[]);
            s.absorb(p).unwrap();
            assert_eq!(s.finalize(), want, "len {len}, head");
        }
    }
    // A piece serialised mid-pair, read back, then fed the rest.
    let msg = bytes(77, CHUNK + 1000);
    let mut p = key.piece_at(0).unwrap();
    p.update(&msg[..CHUNK + 37]);
    let mut p = key.piece_from_bytes(&p.to_bytes()).unwrap();
    p.update(&msg[CHUNK + 37..]);
    let mut s = key.start(&nonce);
    s.absorb(p).unwrap();
    assert_eq!(s.finalize(), key.mac(&nonce, &msg));
}

#[test]
fn bad_pieces_are_refused() {
    let key = Auth256PbKey::new(&[13u8; 32]);
    let other = Auth256PbKey::new(&[14u8; 32]);
    assert!(key.piece_at(1).is_err());
    assert!(key.piece_at(4096).is_err());
    let mut a = key.piece_at(0).unwrap();
    a.update(&[1; 100]);
    // A piece after one that does not end on a chunk boundary.
    let mut b = key.piece_at(CHUNK as u64).unwrap();
    b.update(&[1]);
    assert!(a.merge(b).is_err());
    // An empty piece joins where the message ends (here at 100 bytes it cannot exist: pieces
    // start on chunk boundaries); at a chunk boundary it changes nothing.
    let mut full = key.piece_at(0).unwrap();
    full.update(&vec![1; CHUNK]);
    full.merge(key.piece_at(CHUNK as u64).unwrap()).unwrap();
    assert_eq!(full.len(), CHUNK as u64);
    let mut a = key.piece_at(0).unwrap();
    a.update(&vec![1; CHUNK]);
    assert!(a.merge(key.piece_at(2 * CHUNK as u64).unwrap()).is_err());
    let mut c = other.piece_at(CHUNK as u64).unwrap();
    c.update(&[2; 10]);
    assert!(a.merge(c).is_err());
    let mut p = key.piece_at(CHUNK as u64).unwrap();
    p.update(&[3; 5000]);
    let blob = p.to_bytes();
    assert!(other.piece_from_bytes(&blob).is_err());
    assert!(key.piece_from_bytes(&blob[..blob.len() - 1]).is_err());
    assert!(key.piece_from_bytes(&blob[..blob.len() - 40]).is_err());
    assert!(key.piece_from_bytes(&[]).is_err());
    let back = key.piece_from_bytes(&blob).unwrap();
    assert_eq!((back.offset(), back.len()), (CHUNK as u64, 5000));
}

#[test]
fn unavailable_backends_are_errors() {
    for b in PbBackend::ALL {
        assert_eq!(
            Auth256PbKey::with_backend(&[0; 32], *b).is_ok(),
            b.is_available()
        );
    }
}
