//! `auth256-2l` (docs/spec.md §3.3.1) against the slow reference written from the
//! specification (`wegman_testkit::hash256::auth256_2l`: schoolbook products, bit-by-bit
//! encoding, τ's powers by repeated products) at every chunk boundary, for every b and every
//! backend; against `auth256` below one chunk; streaming in every split and the threaded
//! update against one-shot.

use wegman_mac::hash256::{Auth256Key, Auth256TwoLevelKey, Backend, CHUNK, Encoding};
use wegman_testkit::bytes;
use wegman_testkit::hash256 as reference;

const ENCODINGS: [Encoding; 3] = [Encoding::B1, Encoding::B8, Encoding::B256];

/// The lengths around every boundary of the two levels for encoding `enc`: empty, one byte,
/// one chunk ± 1 and ± 64·b (the padding's 0x01 then falls on either side of the chunk
/// boundary), two chunks ± 1.
fn boundary_lengths(enc: Encoding) -> Vec<usize> {
    let u = enc.unit();
    let mut v = vec![0, 1, u - 1, u, CHUNK - 1, CHUNK, CHUNK + 1, CHUNK + u];
    v.extend([CHUNK - u, (CHUNK - u).saturating_sub(1)]);
    v.extend([2 * CHUNK - 1, 2 * CHUNK, 2 * CHUNK + 1]);
    v.sort_unstable();
    v.dedup();
    v
}

#[test]
fn matches_the_reference_at_every_chunk_boundary_for_every_b_and_backend() {
    let backends: Vec<Backend> = wegman_testkit::backends("auth256-2l");
    let key_bytes = [0x5a; 32];
    let nonce = [3u8; 12];
    let keys: Vec<Auth256TwoLevelKey> = backends
        .iter()
        .map(|&b| Auth256TwoLevelKey::with_backend(&key_bytes, b).unwrap())
        .collect();
    for enc in ENCODINGS {
        for len in boundary_lengths(enc) {
            let msg = bytes(len as u64, len);
            let want = reference::auth256_2l(&key_bytes, &nonce, enc.b(), &msg);
            for key in &keys {
                let got = key.mac_with(&nonce, enc, &msg);
                assert_eq!(
                    got.into_bytes(),
                    want,
                    "{} b = {} len {len}",
                    key.backend(),
                    enc.b()
                );
            }
        }
    }
}

#[test]
fn equals_auth256_below_one_chunk() {
    let key_bytes = [9u8; 32];
    let nonce = [1u8; 12];
    let two = Auth256TwoLevelKey::new(&key_bytes);
    let one = Auth256Key::new(&key_bytes);
    for enc in ENCODINGS {
        // Every message that pads to at most one chunk: n = 1.
        for len in [0, 1, 63, 64, 1000, CHUNK - enc.unit(), CHUNK - 1] {
            let msg = bytes(7, len);
            let mut s = one.start_with(&nonce, enc);
            s.update(&msg);
            assert_eq!(
                two.mac_with(&nonce, enc, &msg),
                s.finalize(),
                "b = {} len {len}",
                enc.b()
            );
        }
        // From one chunk on, the two differ.
        let msg = bytes(7, CHUNK);
        let mut s = one.start_with(&nonce, enc);
        s.update(&msg);
        assert_ne!(two.mac_with(&nonce, enc, &msg), s.finalize());
    }
}

#[test]
fn streaming_in_any_split_equals_one_shot() {
    let key = Auth256TwoLevelKey::new(&[4u8; 32]);
    let nonce = [5u8; 12];
    let msg = bytes(11, 3 * CHUNK + 777);
    for enc in ENCODINGS {
        let want = key.mac_with(&nonce, enc, &msg);
        for piece in [1usize, 63, 64, 4095, CHUNK - 1, CHUNK, CHUNK + 1] {
            let mut s = key.start_with(&nonce, enc);
            for c in msg.chunks(piece.max(1)) {
                s.update(c);
            }
            assert_eq!(s.finalize(), want, "b = {} pieces of {piece}", enc.b());
        }
        // Splits at every boundary of the first chunk.
        for cut in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK] {
            let mut s = key.start_with(&nonce, enc);
            s.update(&msg[..cut]);
            s.update(&msg[cut..]);
            assert_eq!(s.finalize(), want, "b = {} cut {cut}", enc.b());
        }
    }
}

#[test]
fn threaded_update_equals_serial() {
    let key = Auth256TwoLevelKey::new(&[6u8; 32]);
    let nonce = [2u8; 12];
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    for len in [40 * CHUNK, 40 * CHUNK + 1, 41 * CHUNK - 1, 57 * CHUNK + 300] {
        let msg = bytes(len as u64, len);
        for enc in ENCODINGS {
            let want = key.mac_with(&nonce, enc, &msg);
            for head in [0usize, 5, CHUNK] {
                let mut s = key.start_with(&nonce, enc);
                s.update(&msg[..head]);
                pool.install(|| s.update_parallel(&msg[head..]));
                assert_eq!(s.finalize(), want, "b = {} len {len} head {head}", enc.b());
            }
        }
    }
}

#[test]
fn tags_verify_and_differ_by_nonce_and_message() {
    let key = Auth256TwoLevelKey::new(&[8u8; 32]);
    let msg = bytes(1, 2 * CHUNK + 9);
    let tag = key.mac(&[1; 12], &msg);
    assert!(key.verify(&[1; 12], &msg, tag.as_ref()).is_ok());
    assert!(key.verify(&[1; 12], &msg, &tag.as_ref()[..16]).is_ok());
    assert!(key.verify(&[2; 12], &msg, tag.as_ref()).is_err());
    let mut other = msg.clone();
    other[CHUNK + 3] ^= 1;
    assert!(key.verify(&[1; 12], &other, tag.as_ref()).is_err());
    // Moving a byte across chunks changes the tag (chunks are ordered by τ's powers).
    let mut swapped = msg.clone();
    swapped[..CHUNK].copy_from_slice(&msg[CHUNK..2 * CHUNK]);
    swapped[CHUNK..2 * CHUNK].copy_from_slice(&msg[..CHUNK]);
    assert_ne!(key.mac(&[1; 12], &swapped), tag);
}

#[test]
fn pieces_merged_in_any_grouping_equal_one_shot() {
    use wegman_testkit::merge_tree;
    let key = Auth256TwoLevelKey::new(&[12u8; 32]);
    let nonce = [9u8; 12];
    for enc in ENCODINGS {
        for len in [0, 1, CHUNK, 4 * CHUNK, 5 * CHUNK + 4097] {
            let msg = bytes(len as u64 + 1, len);
            let want = key.mac_with(&nonce, enc, &msg);
            // Pieces at every chunk boundary, merged as a tree, then absorbed whole.
            let mut bounds: Vec<usize> = (0..len.div_ceil(CHUNK)).map(|i| i * CHUNK).collect();
            bounds.push(len);
            if bounds.len() == 1 {
                bounds.push(len);
            }
            let tree = merge_tree(
                &bounds,
                &mut |lo, hi| {
                    let mut p = key.piece_at(enc, lo as u64).unwrap();
                    p.update(&msg[lo..hi]);
                    // Through the serialised form and back.
                    key.piece_from_bytes(&p.to_bytes()).unwrap()
                },
                &mut |a, b| a.merge(b).unwrap(),
            );
            let mut s = key.start_with(&nonce, enc);
            s.absorb(tree).unwrap();
            assert_eq!(s.finalize(), want, "b = {} len {len}", enc.b());
            // A streamed head, then one piece for the rest.
            if len > CHUNK {
                let mut s = key.start_with(&nonce, enc);
                s.update(&msg[..CHUNK]);
                let mut p = key.piece_at(enc, CHUNK as u64).unwrap();
                p.update(&msg[CHUNK..]);
                s.absorb(p).unwrap();
                assert_eq!(s.finalize(), want, "b = {} len {len}, head", enc.b());
            }
        }
    }
}

#[test]
fn bad_pieces_are_refused() {
    let key = Auth256TwoLevelKey::new(&[13u8; 32]);
    let other = Auth256TwoLevelKey::new(&[14u8; 32]);
    assert!(key.piece_at(Encoding::B1, 1).is_err());
    assert!(key.piece_at(Encoding::B1, 4096).is_err());
    // A piece after one that does not end on a chunk boundary.
    let mut a = key.piece_at(Encoding::B1, 0).unwrap();
    a.update(&[1; 100]);
    let b = key.piece_at(Encoding::B1, CHUNK as u64).unwrap();
    assert!(a.merge(b).is_err());
    // Wrong offset, key and encoding.
    let mut a = key.piece_at(Encoding::B1, 0).unwrap();
    a.update(&vec![1; CHUNK]);
    assert!(
        a.merge(key.piece_at(Encoding::B1, 2 * CHUNK as u64).unwrap())
            .is_err()
    );
    let mut c = other.piece_at(Encoding::B1, CHUNK as u64).unwrap();
    c.update(&[2; 10]);
    assert!(a.merge(c).is_err());
    let mut d = key.piece_at(Encoding::B8, CHUNK as u64).unwrap();
    d.update(&[2; 10]);
    assert!(a.merge(d).is_err());
    // Blobs of another key, truncated, or tampered lengths.
    let mut p = key.piece_at(Encoding::B1, CHUNK as u64).unwrap();
    p.update(&[3; 5000]);
    let blob = p.to_bytes();
    assert!(other.piece_from_bytes(&blob).is_err());
    assert!(key.piece_from_bytes(&blob[..blob.len() - 40]).is_err());
    assert!(key.piece_from_bytes(&[]).is_err());
    let back = key.piece_from_bytes(&blob).unwrap();
    assert_eq!((back.offset(), back.len()), (CHUNK as u64, 5000));
}
