//! WG-29 against its vectors (docs/spec.md §3.4): the eSTREAM-layout vectors computed with the
//! eSTREAM reference code, and the published 128-byte vector of the "DarkCrypt" variant (the
//! same cipher with another loading, built here through the state-level constructor).

use cipher::{KeyIvInit, StreamCipher};
use wegman_wg::{Error, Wg29};

use wegman_testkit::unhex;

/// key bits, IV bits, key, IV, the first 32 keystream bytes (docs/spec.md §3.4, computed with
/// the eSTREAM reference code).
const ESTREAM: [(u32, u32, &str, &str, &str); 4] = [
    (
        128,
        64,
        "000102030405060708090a0b0c0d0e0f",
        "0001020304050607",
        "d6c211e3dcba436b99e0d518853f27edaecccc96f773dcc0ef613bae389c9033",
    ),
    (
        128,
        32,
        "000102030405060708090a0b0c0d0e0f",
        "00010203",
        "28f87208f3e24eeb51a1070fe3a55f128989c254edb1838b4cc1de0c3966b657",
    ),
    (
        80,
        64,
        "00010203040506070809",
        "0001020304050607",
        "6f05320931202b6b43c8c904a97e456718ad78a7fd643c6994ac41197052161e",
    ),
    (
        96,
        64,
        "000102030405060708090a0b",
        "0001020304050607",
        "4d7d945ddf2a36ff4064e48c578e6e0e5af58ce27d91c1a4629a6c771965ea6b",
    ),
];

#[test]
fn estream_layout_vectors() {
    for (kb, ib, key, iv, want) in ESTREAM {
        let (key, iv) = (unhex(key), unhex(iv));
        assert_eq!((key.len() * 8, iv.len() * 8), (kb as usize, ib as usize));
        let mut c = Wg29::new(&key, &iv).unwrap();
        let mut ks = vec![0u8; 32];
        c.keystream(&mut ks);
        assert_eq!(hex::encode(&ks), want, "{kb}-bit key, {ib}-bit IV");
        // The same through the `cipher` traits, in pieces.
        let mut c = Wg29::new_from_slices(&key, &iv).unwrap();
        let mut buf = vec![0u8; 32];
        let (a, b) = buf.split_at_mut(7);
        c.apply_keystream(a);
        c.apply_keystream(b);
        assert_eq!(hex::encode(&buf), want);
    }
}

/// The DarkCrypt variant's loading: for byte b of the key and of the IV, row b is (key
/// stage, key shift, IV stage, IV shift).
#[rustfmt::skip]
const DARK_LOAD: [(usize, u32, usize, u32); 16] = [
    (0, 24, 0, 8), (0, 16, 1, 16), (1, 24, 1, 8), (2, 24, 2, 8),
    (2, 16, 3, 16), (3, 24, 3, 8), (4, 24, 4, 8), (4, 16, 5, 16),
    (5, 24, 5, 8), (6, 24, 6, 8), (6, 16, 7, 16), (7, 24, 7, 8),
    (8, 24, 8, 8), (8, 16, 9, 16), (9, 24, 9, 8), (10, 24, 10, 16),
];

#[test]
fn darkcrypt_variant_vector() {
    let key: Vec<u8> = (0..16).collect();
    let iv = [0u8; 16];
    let mut s = [0u32; 11];
    for (b, (ki, ks, vi, vs)) in DARK_LOAD.into_iter().enumerate() {
        s[ki] ^= u32::from(key[b]) << ks;
        s[vi] ^= u32::from(iv[b]) << vs;
    }
    let mut c = Wg29::from_loaded_state(s);
    let mut ks = vec![0u8; 128];
    c.keystream(&mut ks);
    assert_eq!(
        hex::encode(&ks),
        concat!(
            "ae0921b826d05f4df117e08fc6609be442e73d8683f6bb5d3064cfe387b40a402c54f4772c3af5503b5b7fa041c8a35c",
            "c5b90e57bc31eaa63321760a632b0fbd5920703d4cb40fd2222bdbc5bc3afeb9cd11554f199bddb7cb510acd97be0af8",
            "90a58a5810afde38e6eda91632e166b5ed710656e6f9604f6466dc2a3b2a62f1"
        )
    );
}

#[test]
fn every_size_runs_and_round_trips() {
    let mut rng = wegman_testkit::Rng::new(15);
    for kl in [10, 12, 14, 16] {
        for il in [4, 8] {
            let key: Vec<u8> = (0..kl).map(|_| rng.next_u64() as u8).collect();
            let iv: Vec<u8> = (0..il).map(|_| rng.next_u64() as u8).collect();
            let msg: Vec<u8> = (0..100).map(|i| i as u8).collect();
            let mut ct = msg.clone();
            Wg29::new(&key, &iv).unwrap().apply(&mut ct);
            assert_ne!(ct, msg);
            Wg29::new_from_slices(&key, &iv)
                .unwrap()
                .apply_keystream(&mut ct);
            assert_eq!(ct, msg, "{kl}-byte key, {il}-byte IV");
        }
    }
}

#[test]
fn bad_sizes_are_errors() {
    for kl in [0, 8, 9, 11, 13, 15, 17, 32] {
        assert_eq!(
            Wg29::new(&vec![0; kl], &[0; 8]).unwrap_err(),
            Error::KeySize { bytes: kl }
        );
        assert!(Wg29::new_from_slices(&vec![0; kl], &[0; 8]).is_err());
    }
    for il in [0, 1, 3, 5, 7, 9, 16] {
        assert_eq!(
            Wg29::new(&[0; 16], &vec![0; il]).unwrap_err(),
            Error::IvSize { bytes: il }
        );
    }
    assert!(Error::KeySize { bytes: 3 }.to_string().contains("not 3"));
}
