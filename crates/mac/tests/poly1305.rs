//! Poly1305 and Poly1305-AES against published vectors and an independent big-integer model.

use aes::Aes128;
use aes::cipher::BlockCipherEncrypt;
use hex_literal::hex;
use num_bigint::BigUint;

use proptest::prelude::*;
use universal_hash::{KeyInit, UniversalHash};
use wegman_mac::Error;
use wegman_mac::poly1305::{Backend, Poly1305, Poly1305Aes, Poly1305AesKey};
use wegman_testkit::bytes;

/// The definition, with big integers: c_i = chunk + 2^(8·len), h = Σ c_i r^(q−i+1) mod p,
/// tag = (h + s) mod 2^128. The clamp is written out byte by byte as RFC 8439 §2.5.1 lists it,
/// independently of the library's 128-bit mask.
fn model(key: &[u8; 32], msg: &[u8]) -> [u8; 16] {
    let mut r = key[..16].to_vec();
    for i in [3, 7, 11, 15] {
        r[i] &= 15;
    }
    for i in [4, 8, 12] {
        r[i] &= 252;
    }
    let r = BigUint::from_bytes_le(&r);
    let s = BigUint::from_bytes_le(&key[16..]);
    let p = (BigUint::from(1u8) << 130u32) - BigUint::from(5u8);
    let mut h = BigUint::from(0u8);
    for chunk in msg.chunks(16) {
        let c = BigUint::from_bytes_le(chunk) + (BigUint::from(1u8) << (8 * chunk.len()));
        h = (h + c) * &r % &p;
    }
    let t = (h + s) % (BigUint::from(1u8) << 128u32);
    let mut out = t.to_bytes_le();
    out.resize(16, 0);
    out.try_into().unwrap()
}

fn aes_pad(k: &[u8; 16], n: &[u8; 16]) -> [u8; 16] {
    let aes = Aes128::new(&(*k).into());
    let mut b = (*n).into();
    aes.encrypt_block(&mut b);
    b.into()
}

fn one_time(r: &[u8; 16], s: &[u8; 16]) -> [u8; 32] {
    let mut key = [0u8; 32];
    key[..16].copy_from_slice(r);
    key[16..].copy_from_slice(s);
    key
}

fn key_from(seed: u64) -> [u8; 32] {
    bytes(seed, 32).try_into().unwrap()
}

/// The four examples of Appendix B of D. J. Bernstein, "The Poly1305-AES
/// message-authentication code" (FSE 2005; poly1305-20050329.pdf): (m, r, k, n, AES_k(n), tag).
/// One Appendix B example: (m, r, k, n, AES_k(n), tag).
type PaperExample = (
    &'static [u8],
    [u8; 16],
    [u8; 16],
    [u8; 16],
    [u8; 16],
    [u8; 16],
);

const PAPER_APPENDIX_B: [PaperExample; 4] = [
    (
        &hex!("f3f6"),
        hex!("851fc40c3467ac0be05cc20404f3f700"),
        hex!("ec074c835580741701425b623235add6"),
        hex!("fb447350c4e868c52ac3275cf9d4327e"),
        hex!("580b3b0f9447bb1e69d095b5928b6dbc"),
        hex!("f4c633c3044fc145f84f335cb81953de"),
    ),
    (
        &[],
        hex!("a0f3080000f46400d0c7e9076c834403"),
        hex!("75deaa25c09f208e1dc4ce6b5cad3fbf"),
        hex!("61ee09218d29b0aaed7e154a2c5509cc"),
        hex!("dd3fab2251f11ac759f0887129cc2ee7"),
        hex!("dd3fab2251f11ac759f0887129cc2ee7"),
    ),
    (
        &hex!("663cea190ffb83d89593f3f476b6bc24d7e679107ea26adb8caf6652d0656136"),
        hex!("48443d0bb0d21109c89a100b5ce2c208"),
        hex!("6acb5f61a7176dd320c5c1eb2edcdc74"),
        hex!("ae212a55399729595dea458bc621ff0e"),
        hex!("83149c69b561dd88298a1798b10716ef"),
        hex!("0ee1c16bb73f0f4fd19881753c01cdbe"),
    ),
    (
        &hex!(
            "ab0812724a7f1e342742cbed374d94d136c6b8795d45b3819830f2c04491faf0"
            "990c62e48b8018b2c3e4a0fa3134cb67fa83e158c994d961c4cb21095c1bf9"
        ),
        hex!("12976a08c4426d0ce8a82407c4f48207"),
        hex!("e1a5668a4d5b66a5f68cc5424ed5982d"),
        hex!("9ae831e743978d3a23527c7128149e3a"),
        hex!("80f8c20aa71202d1e29179cbcb555a57"),
        hex!("5154ad0d2cb26e01274fc51148491f1b"),
    ),
];

#[test]
fn paper_appendix_b() {
    for (i, (m, r, k, n, aes_kn, tag)) in PAPER_APPENDIX_B.iter().enumerate() {
        assert_eq!(&aes_pad(k, n), aes_kn, "example {i}: AES_k(n)");
        let key = one_time(k, r);
        for backend in Backend::available() {
            let kobj = Poly1305AesKey::with_backend(&key, backend).unwrap();
            assert_eq!(kobj.mac(n, m).as_bytes(), tag, "example {i} {backend}");
            assert_eq!(kobj.verify(n, m, tag), Ok(()));
        }
        assert_eq!(Poly1305Aes::mac(&key, n, m).unwrap().as_bytes(), tag);
        assert_eq!(Poly1305::mac(&one_time(r, aes_kn), m).as_bytes(), tag);
        assert_eq!(&model(&one_time(r, aes_kn), m), tag, "model, example {i}");
    }
}

/// RFC 8439 §2.5.2: "Cryptographic Forum Research Group".
#[test]
fn rfc8439_2_5_2() {
    let key = hex!("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
    let tag = Poly1305::mac(&key, b"Cryptographic Forum Research Group");
    assert_eq!(tag.into_bytes(), hex!("a8061dc1305136c6c22b8baf0c0127a9"));
}

const IETF_TEXT: &[u8] = b"Any submission to the IETF intended by the Contributor for publication \
as all or part of an IETF Internet-Draft or RFC and any statement made within the context of an \
IETF activity is considered an \"IETF Contribution\". Such statements include oral statements in \
IETF sessions, as well as written and electronic communications made at any time or place, which \
are addressed to";

const JABBERWOCKY: &[u8] = b"'Twas brillig, and the slithy toves\nDid gyre and gimble in the \
wabe:\nAll mimsy were the borogoves,\nAnd the mome raths outgrabe.";

/// RFC 8439 Appendix A.3, test vectors #1–#11 (key = r || s).
#[test]
fn rfc8439_appendix_a3() {
    assert_eq!(IETF_TEXT.len(), 375);
    let m10 = hex!(
        "e33594d7505e43b900000000000000003394d7505e4379cd0100000000000000"
        "0000000000000000000000000000000001000000000000000000000000000000"
    );
    let cases: [([u8; 32], &[u8], [u8; 16]); 11] = [
        ([0; 32], &[0; 64], [0; 16]),
        (
            hex!("0000000000000000000000000000000036e5f6b5c5e06070f0efca96227a863e"),
            IETF_TEXT,
            hex!("36e5f6b5c5e06070f0efca96227a863e"),
        ),
        (
            hex!("36e5f6b5c5e06070f0efca96227a863e00000000000000000000000000000000"),
            IETF_TEXT,
            hex!("f3477e7cd95417af89a6b8794c310cf0"),
        ),
        (
            hex!("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0"),
            JABBERWOCKY,
            hex!("4541669a7eaaee61e708dc7cbcc5eb62"),
        ),
        (
            hex!("0200000000000000000000000000000000000000000000000000000000000000"),
            &hex!("ffffffffffffffffffffffffffffffff"),
            hex!("03000000000000000000000000000000"),
        ),
        (
            hex!("02000000000000000000000000000000ffffffffffffffffffffffffffffffff"),
            &hex!("02000000000000000000000000000000"),
            hex!("03000000000000000000000000000000"),
        ),
        (
            hex!("0100000000000000000000000000000000000000000000000000000000000000"),
            &hex!(
                "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff"
                "11000000000000000000000000000000"
            ),
            hex!("05000000000000000000000000000000"),
        ),
        (
            hex!("0100000000000000000000000000000000000000000000000000000000000000"),
            &hex!(
                "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe"
                "01010101010101010101010101010101"
            ),
            hex!("00000000000000000000000000000000"),
        ),
        (
            hex!("0200000000000000000000000000000000000000000000000000000000000000"),
            &hex!("fdffffffffffffffffffffffffffffff"),
            hex!("faffffffffffffffffffffffffffffff"),
        ),
        (
            hex!("0100000000000000040000000000000000000000000000000000000000000000"),
            &m10,
            hex!("14000000000000005500000000000000"),
        ),
        (
            hex!("0100000000000000040000000000000000000000000000000000000000000000"),
            &m10[..48],
            hex!("13000000000000000000000000000000"),
        ),
    ];
    for (i, (key, msg, tag)) in cases.iter().enumerate() {
        assert_eq!(&model(key, msg), tag, "model, A.3 #{}", i + 1);
        for backend in Backend::available() {
            let mut p = Poly1305::with_backend(key, backend).expect("backend is available");
            p.update(msg);
            assert_eq!(p.finalize().as_bytes(), tag, "A.3 #{} {backend}", i + 1);
        }
    }
}

#[test]
fn boundary_lengths_match_model() {
    let lengths = (0..=17).chain(31..=33).chain(63..=65).chain(127..=129);
    for len in lengths {
        for seed in 0..4u64 {
            let key = key_from(seed * 1000 + len as u64);
            let msg = bytes((seed ^ 0x55) + len as u64, len);
            let ff = vec![0xff; len];
            for backend in Backend::available() {
                for m in [&msg, &ff] {
                    let mut p =
                        Poly1305::with_backend(&key, backend).expect("backend is available");
                    p.update(m);
                    assert_eq!(
                        p.finalize().into_bytes(),
                        model(&key, m),
                        "len {len} {backend}"
                    );
                }
            }
        }
    }
}

#[test]
fn extreme_keys_match_model() {
    // r at its extremes (all clamp-allowed bits set, or none, or only the top one) and s at
    // 0 and 2^128 − 1, with all-0xff and all-zero messages of several lengths.
    let r_max = hex!("ffffff0ffcffff0ffcffff0ffcffff0f");
    let r_top = hex!("0000000000000000000000000000000f");
    let rs = [
        [0u8; 16],
        r_max,
        r_top,
        [0xff; 16],
        hex!("01000000000000000000000000000000"),
    ];
    let ss = [
        [0u8; 16],
        [0xff; 16],
        hex!("fbffffffffffffffffffffffffffffff"),
    ];
    for r in &rs {
        for s in &ss {
            let key = one_time(r, s);
            for len in [0, 1, 15, 16, 17, 64, 255, 1024] {
                for fill in [0x00, 0xff] {
                    let msg = vec![fill; len];
                    assert_eq!(Poly1305::mac(&key, &msg).into_bytes(), model(&key, &msg));
                }
            }
        }
    }
}

#[test]
fn streaming_in_chunks_equals_one_shot() {
    let key = key_from(7);
    let msg = bytes(8, 700);
    let expect = Poly1305::mac(&key, &msg);
    for backend in Backend::available() {
        for chunk in 1..=17 {
            let mut p = Poly1305::with_backend(&key, backend).expect("backend is available");
            for c in msg.chunks(chunk) {
                p.update(c);
            }
            assert_eq!(p.clone().finalize(), expect, "chunk {chunk} {backend}");
            // After a reset the same key authenticates a fresh message.
            p.reset();
            for c in msg.chunks(18 - chunk) {
                p.update(c);
            }
            assert_eq!(
                p.finalize(),
                expect,
                "after reset, chunk {} {backend}",
                18 - chunk
            );
        }
    }
}

/// Every length 0..=4096 and a window around each path threshold.
fn backend_test_lengths() -> Vec<usize> {
    let mut v: Vec<usize> = (0..=4096).collect();
    for &t in wegman_mac::poly1305::THRESHOLDS {
        v.extend(t.saturating_sub(17)..=t + 17);
    }
    v.sort_unstable();
    v.dedup();
    v
}

#[test]
fn every_backend_matches_soft() {
    for backend in Backend::available().filter(|&b| b != Backend::Soft) {
        for len in backend_test_lengths() {
            let key = key_from(len as u64 + 99);
            let msg = bytes(len as u64, len);
            let mut a = Poly1305::with_backend(&key, backend).expect("backend is available");
            a.update(&msg);
            let mut b = Poly1305::with_backend(&key, Backend::Soft).expect("backend is available");
            b.update(&msg);
            assert_eq!(a.finalize(), b.finalize(), "len {len} {backend}");
        }
    }
    wegman_testkit::report(Backend::coverage("poly1305"));
}

/// At each path threshold ± 1 (and ± 16, a block), every backend equals the portable one in
/// every split of the message into two streaming updates, with a fresh key (`Poly1305`: the
/// powers computed on demand) and with a cached one (`Poly1305AesKey`: powers at hand).
#[test]
fn every_backend_matches_soft_at_thresholds_in_every_split() {
    for backend in Backend::available().filter(|&b| b != Backend::Soft) {
        for &t in wegman_mac::poly1305::THRESHOLDS {
            for len in [t.saturating_sub(16), t.saturating_sub(1), t, t + 1, t + 16] {
                let key = key_from(len as u64 + 3);
                let msg = bytes(len as u64 + 4, len);
                let want = Poly1305::mac(&key, &msg);
                let mut k = key;
                Poly1305AesKey::clamp_key_bytes(&mut k);
                let aes_soft = Poly1305AesKey::with_backend(&k, Backend::Soft).unwrap();
                let aes = Poly1305AesKey::with_backend(&k, backend).unwrap();
                let nonce = [9u8; 16];
                let want_aes = aes_soft.mac(&nonce, &msg);
                assert_eq!(aes.mac(&nonce, &msg), want_aes, "{backend} len {len}");
                for split in 0..=len {
                    let mut p = Poly1305::with_backend(&key, backend).unwrap();
                    p.update(&msg[..split]);
                    p.update(&msg[split..]);
                    assert_eq!(p.finalize(), want, "{backend} len {len} split {split}");
                    let mut s = aes.start(&nonce);
                    s.update(&msg[..split]);
                    s.update(&msg[split..]);
                    assert_eq!(
                        s.finalize(),
                        want_aes,
                        "{backend} aes len {len} split {split}"
                    );
                }
            }
        }
    }
}

/// The state after every block agrees: feed one vector-sized bulk call, then single blocks,
/// and compare the tag of a clone after each one.
#[test]
fn every_backend_matches_soft_after_every_block() {
    for backend in Backend::available().filter(|&b| b != Backend::Soft) {
        for seed in 0..8u64 {
            let key = key_from(seed + 500);
            let msg = bytes(seed + 600, 2048 + 16 * seed as usize);
            let mut a = Poly1305::with_backend(&key, backend).expect("backend is available");
            let mut b = Poly1305::with_backend(&key, Backend::Soft).expect("backend is available");
            let mut rest = &msg[..];
            let mut i = 0usize;
            while !rest.is_empty() {
                // Alternate long bulk calls (vector path) with single blocks and odd pieces.
                let take = [1024, 16, 300, 1, 129, 512, 15][i % 7].min(rest.len());
                a.update(&rest[..take]);
                b.update(&rest[..take]);
                rest = &rest[take..];
                i += 1;
                assert_eq!(
                    a.clone().finalize(),
                    b.clone().finalize(),
                    "{backend} step {i}"
                );
            }
        }
    }
}

/// Bulk calls that grow past the AVX2 kernel's two-chain threshold (2 KiB: powers r^1..r^4,
/// then r^1..r^8 computed on top) and the IFMA one (r^1..r^16), on one state.
#[test]
fn every_backend_matches_soft_as_bulk_calls_grow() {
    for backend in Backend::available().filter(|&b| b != Backend::Soft) {
        for sizes in [[1024, 2048, 65536], [512, 64, 4096], [2047, 2049, 1 << 20]] {
            let key = key_from(sizes[0] as u64 + 7);
            let mut a = Poly1305::with_backend(&key, backend).expect("backend is available");
            let mut b = Poly1305::with_backend(&key, Backend::Soft).expect("backend is available");
            for (i, &n) in sizes.iter().enumerate() {
                let msg = bytes(n as u64 + i as u64, n);
                a.update(&msg);
                b.update(&msg);
            }
            assert_eq!(a.finalize(), b.finalize(), "{backend} {sizes:?}");
        }
    }
}

/// Keys whose powers have every limb near its maximum, and all-ones messages: the largest
/// intermediate values the vector bounds allow.
#[test]
fn every_backend_matches_model_at_extremes() {
    let r_max = hex!("ffffff0ffcffff0ffcffff0ffcffff0f");
    for backend in Backend::available() {
        for s in [[0u8; 16], [0xff; 16]] {
            let key = one_time(&r_max, &s);
            for len in [128, 255, 256, 257, 1024, 4096 + 15] {
                let msg = vec![0xff; len];
                let mut p = Poly1305::with_backend(&key, backend).expect("backend is available");
                p.update(&msg);
                assert_eq!(
                    p.finalize().into_bytes(),
                    model(&key, &msg),
                    "{backend} len {len}"
                );
            }
        }
    }
}

#[test]
fn poly1305_aes_rejects_unclamped_r() {
    let mut good = key_from(3);
    Poly1305AesKey::clamp_key_bytes(&mut good);
    assert!(Poly1305AesKey::new(&good).is_ok());
    // Every single bit the paper requires clear must, when set, make the key invalid.
    let required_clear: [(usize, u8); 7] = [
        (3, 0xf0),
        (7, 0xf0),
        (11, 0xf0),
        (15, 0xf0),
        (4, 0x03),
        (8, 0x03),
        (12, 0x03),
    ];
    for (byte, mask) in required_clear {
        for bit in 0..8 {
            let m = 1u8 << bit;
            let mut bad = good;
            bad[16 + byte] |= m;
            let res = Poly1305AesKey::new(&bad);
            if mask & m != 0 {
                assert!(
                    matches!(res, Err(Error::InvalidKey { .. })),
                    "r[{byte}] bit {bit} must be rejected"
                );
            } else {
                assert!(res.is_ok(), "r[{byte}] bit {bit} is allowed");
            }
        }
    }
    // The other bytes of r and all of k are free.
    for byte in [0, 1, 2, 5, 6, 9, 10, 13, 14] {
        let mut k = good;
        k[16 + byte] = 0xff;
        assert!(Poly1305AesKey::new(&k).is_ok());
    }
    // Poly1305 (RFC 8439) takes the same bits and clamps them instead.
    let mut unclamped = good;
    unclamped[16 + 3] |= 0xf0;
    let mut ot = [0u8; 32];
    ot[..16].copy_from_slice(&unclamped[16..]);
    let mut ot_clamped = ot;
    ot_clamped[3] &= 0x0f;
    assert_eq!(
        Poly1305::mac(&ot, b"abc"),
        Poly1305::mac(&ot_clamped, b"abc")
    );
}

#[test]
fn length_errors() {
    assert_eq!(
        Poly1305::new_from_slice(&[0; 31]).unwrap_err(),
        Error::KeyLength {
            expected: 32,
            actual: 31
        }
    );
    assert_eq!(
        Poly1305AesKey::from_slice(&[0; 33]).unwrap_err(),
        Error::KeyLength {
            expected: 32,
            actual: 33
        }
    );
    assert_eq!(
        Poly1305Aes::new_from_slices(&[0; 32], &[0; 12]).unwrap_err(),
        Error::NonceLength {
            expected: 16,
            actual: 12
        }
    );
    let tag = Poly1305::mac(&[1; 32], b"x");
    assert_eq!(
        tag.verify(&[0; 15]),
        Err(Error::TagLength {
            expected: 16,
            actual: 15
        })
    );
}

#[test]
fn verify_detects_every_single_bit_flip() {
    let key = one_time(&PAPER_APPENDIX_B[2].1, &PAPER_APPENDIX_B[2].4);
    let msg = PAPER_APPENDIX_B[2].0;
    let tag = Poly1305::mac(&key, msg).into_bytes();
    let mut p = Poly1305::new(&key);
    p.update(msg);
    assert_eq!(p.verify(&tag), Ok(()));
    for i in 0..128 {
        let mut bad = tag;
        bad[i / 8] ^= 1 << (i % 8);
        let mut p = Poly1305::new(&key);
        p.update(msg);
        assert_eq!(p.verify(&bad), Err(Error::TagMismatch));
    }
}

#[test]
fn universal_hash_trait() {
    let key = key_from(11);
    let msg = bytes(12, 53);
    // update_padded zero-pads the last block, then every block carries 2^128.
    let mut padded = msg.clone();
    padded.resize(64, 0);
    let mut u = <Poly1305 as KeyInit>::new(&key.into());
    u.update_padded(&msg);
    let got: [u8; 16] = UniversalHash::finalize(u).into();
    assert_eq!(got, model(&key, &padded));
    // Whole blocks through the trait equal the byte API.
    let blocks: Vec<_> = padded
        .chunks(16)
        .map(|c| <[u8; 16]>::try_from(c).unwrap().into())
        .collect();
    let mut u = <Poly1305 as KeyInit>::new(&key.into());
    UniversalHash::update(&mut u, &blocks);
    let tag: [u8; 16] = UniversalHash::finalize(u).into();
    assert_eq!(tag, model(&key, &padded));
    // The trait's verify accepts the right tag and rejects a wrong one.
    let mut u = <Poly1305 as KeyInit>::new(&key.into());
    UniversalHash::update(&mut u, &blocks);
    assert!(UniversalHash::verify(u.clone(), &tag.into()).is_ok());
    let mut bad = tag;
    bad[0] ^= 1;
    assert!(UniversalHash::verify(u, &bad.into()).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn matches_big_integer_model(
        key in proptest::array::uniform32(any::<u8>()),
        msg in proptest::collection::vec(any::<u8>(), 0..4096),
        split in any::<prop::sample::Index>(),
    ) {
        let expect = model(&key, &msg);
        for backend in Backend::available() {
            let at = split.index(msg.len() + 1);
            let mut p = Poly1305::with_backend(&key, backend).expect("backend is available");
            p.update(&msg[..at]);
            p.update(&msg[at..]);
            prop_assert_eq!(p.finalize().into_bytes(), expect);
        }
    }

    #[test]
    fn poly1305_aes_matches_model(
        k in proptest::array::uniform16(any::<u8>()),
        r in proptest::array::uniform16(any::<u8>()),
        n in proptest::array::uniform16(any::<u8>()),
        msg in proptest::collection::vec(any::<u8>(), 0..600),
    ) {
        let mut key = one_time(&k, &r);
        Poly1305AesKey::clamp_key_bytes(&mut key);
        let r_clamped: [u8; 16] = key[16..].try_into().unwrap();
        let expect = model(&one_time(&r_clamped, &aes_pad(&k, &n)), &msg);
        let kobj = Poly1305AesKey::new(&key).unwrap();
        prop_assert_eq!(kobj.mac(&n, &msg).into_bytes(), expect);
        prop_assert_eq!(Poly1305Aes::mac(&key, &n, &msg).unwrap().into_bytes(), expect);
    }
}

/// Streams fed in short calls (which the vector backends gather into bulk calls of 512
/// bytes) equal the one-shot tag on every backend: sizes 1..=64, sizes around the batch
/// (511, 512, 513), a long call in between, with fresh and cached keys, and `reset` with
/// bytes gathered.
#[test]
fn short_streaming_calls_equal_one_shot_on_every_backend() {
    let mut rng = wegman_testkit::Rng::new(0x5717);
    for backend in Backend::available() {
        for round in 0..40u64 {
            let len = [0usize, 1, 100, 511, 512, 513, 1500, 5000, 20_000][round as usize % 9];
            let msg = bytes(round + 77, len);
            let key = key_from(round + 900);
            let want = Poly1305::mac(&key, &msg);
            let mut k = key;
            Poly1305AesKey::clamp_key_bytes(&mut k);
            let aes = Poly1305AesKey::with_backend(&k, backend).unwrap();
            let nonce = [round as u8; 16];
            let want_aes = aes.mac(&nonce, &msg);
            let mut p = Poly1305::with_backend(&key, backend).unwrap();
            let mut s = aes.start(&nonce);
            let mut at = 0;
            while at < len {
                let n = match rng.below(10) {
                    0 => 511,
                    1 => 512,
                    2 => 513,
                    3 => 2000,
                    _ => 1 + rng.below(64) as usize,
                }
                .min(len - at);
                p.update(&msg[at..at + n]);
                s.update(&msg[at..at + n]);
                at += n;
            }
            assert_eq!(
                p.clone().finalize(),
                want,
                "{backend} len {len} round {round}"
            );
            assert_eq!(
                s.finalize(),
                want_aes,
                "{backend} aes len {len} round {round}"
            );
            // After reset, the same object hashes a new message the same way.
            p.reset();
            for c in msg.chunks(37) {
                p.update(c);
            }
            assert_eq!(p.finalize(), want, "{backend} after reset, len {len}");
        }
    }
}

/// A bulk call of 8n + k blocks (4n + k on `avx2`) starts with a partial group padded with
/// zero blocks, and the accumulator of the earlier calls enters the lane of its first real
/// block: every remainder k, after a first call that left an accumulator and a partial
/// block of every length, with the powers cold and cached.
#[test]
fn partial_first_group_takes_the_accumulator_on_every_backend() {
    for backend in Backend::available().filter(|&b| b != Backend::Soft) {
        for first in [1usize, 15, 16, 17, 31, 32, 48, 100] {
            for k in 0..=16 {
                let len = first + 1280 + 16 * k;
                let key = key_from((first * 31 + k) as u64);
                let msg = bytes(len as u64, len);
                let want = Poly1305::mac(&key, &msg);
                let mut p = Poly1305::with_backend(&key, backend).unwrap();
                p.update(&msg[..first]);
                p.update(&msg[first..]);
                assert_eq!(p.finalize(), want, "{backend} first {first} k {k}");
                let mut clamped = key;
                Poly1305AesKey::clamp_key_bytes(&mut clamped);
                let nonce = [k as u8; 16];
                let want_aes = Poly1305AesKey::with_backend(&clamped, Backend::Soft)
                    .unwrap()
                    .mac(&nonce, &msg);
                let mut s = Poly1305AesKey::with_backend(&clamped, backend)
                    .unwrap()
                    .start(&nonce);
                s.update(&msg[..first]);
                s.update(&msg[first..]);
                assert_eq!(s.finalize(), want_aes, "{backend} aes first {first} k {k}");
            }
        }
    }
}
