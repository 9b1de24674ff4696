//! Hash256 / Auth256 against the reference written from the definitions
//! (support/hash256_ref.rs), on every backend, every b, every length 0..=300 and the lengths
//! around every multiple of 64·b and of a 64-pair batch; streaming in odd chunks; the pads;
//! the vectors file.

use wegman_mac::Error;
use wegman_mac::hash256::{Auth256Key, Backend, Encoding, hash256_with_backend};
use wegman_testkit::bytes;
use wegman_testkit::hash256 as reference;

const ENCODINGS: [Encoding; 3] = [Encoding::B1, Encoding::B8, Encoding::B256];

/// Lengths to check for an encoding: 0..=300, and k·64·b − 1, k·64·b, k·64·b + 1 for the
/// first multiples, plus the 64-pair and 256-pair batch boundaries (4096·k ± 1, 16384·k ± 1)
/// and the short-path threshold (32 pairs).
fn lengths(enc: Encoding) -> Vec<usize> {
    let u = enc.unit();
    let mut v: Vec<usize> = (0..=300).collect();
    // 8..=33 and 63 pairs left after the whole batches (the vector backend's groups of 32).
    v.extend([
        500,
        1000,
        1500,
        1983,
        1984,
        2047,
        2048,
        2111,
        4031,
        4700,
        4095 + 2048,
    ]);
    v.extend([
        31 * 64 - 2,
        31 * 64 - 1,
        31 * 64,
        32 * 64,
        16384 + 72 * 64 - 1,
    ]);
    for k in 1..=3 {
        for base in [k * u, k * 4096, k * 16384] {
            v.extend([base - 2, base - 1, base, base + 1]);
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

#[test]
fn hash256_matches_reference_for_every_b_length_and_backend() {
    let backends: Vec<Backend> = Backend::available().collect();
    wegman_testkit::report(Backend::coverage("hash256"));
    for enc in ENCODINGS {
        let b = enc.b();
        for len in lengths(enc) {
            let msg = bytes(len as u64 + 17 * b as u64, len);
            let key = bytes(999 + len as u64, enc.padded_len(len as u64) as usize);
            let want = reference::hash256(b, &key, &msg);
            for &be in &backends {
                let got = hash256_with_backend(enc, &key, &msg, be).unwrap();
                assert_eq!(got, want, "b = {b}, len = {len}, backend {be}");
            }
        }
    }
}

#[test]
fn hash256_rejects_short_keys_and_bad_b() {
    let msg = [0u8; 100];
    // 101 bytes pad to 128: two pairs, 128 key bytes.
    assert_eq!(
        hash256_with_backend(Encoding::B1, &[0; 127], &msg, Backend::Soft),
        Err(Error::KeyLength {
            expected: 128,
            actual: 127
        })
    );
    assert!(hash256_with_backend(Encoding::B1, &[0; 200], &msg, Backend::Soft).is_ok());
    for b in [0, 2, 16, 128, 512] {
        assert!(matches!(
            Encoding::from_b(b),
            Err(Error::InvalidParameter { .. })
        ));
    }
    assert_eq!(Encoding::from_b(8), Ok(Encoding::B8));
}

#[test]
fn backends_agree_on_long_random_messages() {
    // Several batches and key-cache chunks (1024 pairs = 64 KiB), odd tails.
    let key = bytes(5, 32).try_into().unwrap();
    let keys: Vec<Auth256Key> = Backend::available()
        .map(|be| Auth256Key::with_options(&key, be, 1 << 20).expect("backend is available"))
        .collect();
    for len in [65_535, 65_536, 65_537, 200_000, 262_144 + 4095] {
        let msg = bytes(len as u64, len);
        for enc in ENCODINGS {
            let want = keys[0].hash(enc, &msg);
            for k in &keys[1..] {
                assert_eq!(
                    k.hash(enc, &msg),
                    want,
                    "len {len}, {enc:?}, {}",
                    k.backend()
                );
            }
        }
    }
}

#[test]
fn auth256_matches_reference_and_pads() {
    let key: [u8; 32] = bytes(1, 32).try_into().unwrap();
    let nonce: [u8; 12] = bytes(2, 12).try_into().unwrap();
    for be in Backend::available() {
        for limit in [0, 1 << 20] {
            let k = Auth256Key::with_options(&key, be, limit).expect("backend is available");
            for enc in ENCODINGS {
                for len in [0, 1, 63, 64, 65, 1000, 4096, 70_000] {
                    let msg = bytes(len as u64 ^ 0x55, len);
                    let want = reference::auth256(&key, &nonce, enc.b(), &msg);
                    let mut s = k.start_with(&nonce, enc);
                    s.update(&msg);
                    assert_eq!(s.finalize().as_bytes(), &want, "{be} {enc:?} {len}");
                    if enc == Encoding::B1 {
                        assert_eq!(k.mac(&nonce, &msg).as_bytes(), &want);
                        assert_eq!(k.mac128(&nonce, &msg).as_bytes()[..], want[..16]);
                        assert!(k.verify(&nonce, &msg, &want).is_ok());
                        assert!(k.verify(&nonce, &msg, &want[..16]).is_ok());
                        let mut bad = want;
                        bad[31] ^= 1;
                        assert_eq!(k.verify(&nonce, &msg, &bad), Err(Error::TagMismatch));
                        assert_eq!(
                            k.verify(&nonce, &msg, &want[..20]),
                            Err(Error::TagLength {
                                expected: 32,
                                actual: 20
                            })
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn streaming_in_odd_chunks_matches_one_shot() {
    let key: [u8; 32] = bytes(3, 32).try_into().unwrap();
    let nonce = [7u8; 12];
    let k = Auth256Key::new(&key);
    let msg = bytes(4, 40_000);
    for enc in ENCODINGS {
        let mut one = k.start_with(&nonce, enc);
        one.update(&msg);
        let want = one.finalize();
        for step in 1..=17 {
            let mut s = k.start_with(&nonce, enc);
            let mut rest = &msg[..];
            let mut i = 0;
            while !rest.is_empty() {
                // Chunk sizes cycle through 1..=step, plus an occasional large one.
                let n = if i % 5 == 4 { 5000 } else { 1 + i % step }.min(rest.len());
                s.update(&rest[..n]);
                rest = &rest[n..];
                i += 1;
            }
            assert_eq!(s.finalize(), want, "{enc:?} step {step}");
        }
    }
}

#[test]
fn parallel_update_matches_serial() {
    let key: [u8; 32] = bytes(8, 32).try_into().unwrap();
    let nonce = [9u8; 12];
    let k = Auth256Key::new(&key);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    for len in [600_000, 1 << 20, (1 << 20) + 12_345] {
        let msg = bytes(len as u64, len);
        for enc in ENCODINGS {
            let mut a = k.start_with(&nonce, enc);
            a.update(&msg);
            let mut b = k.start_with(&nonce, enc);
            b.update(&msg[..100]);
            pool.install(|| b.update_parallel(&msg[100..]));
            assert_eq!(a.finalize(), b.finalize(), "{len} {enc:?}");
        }
    }
}

#[test]
fn nonces_and_lengths_separate() {
    let k = Auth256Key::new(&[0x42; 32]);
    let a = k.mac(&[0; 12], b"");
    assert_ne!(a, k.mac(&[1; 12], b""));
    assert_ne!(a, k.mac(&[0; 12], b"\0"));
    assert!(k.start_from_slice(&[0; 16], Encoding::B1).is_err());
    assert!(Auth256Key::from_slice(&[0; 16]).is_err());
}
