//! The algorithm registry against each algorithm's own API: the same tags, the same pieces,
//! the same errors.

use wegman_mac::Error;
use wegman_mac::alg::{Alg, UnknownAlgorithm};
use wegman_mac::hash127::Hash127AesKey;
use wegman_mac::hash256::{Auth256Key, Encoding};
use wegman_mac::poly1305::{Poly1305, Poly1305AesKey};
use wegman_testkit::Rng;

/// A valid random key of `alg`.
fn key(alg: Alg, rng: &mut Rng) -> Vec<u8> {
    let mut k = rng.bytes(alg.key_len());
    alg.fix_random_key(&mut k);
    k
}

/// The tag by the algorithm's own type.
fn direct(alg: Alg, key: &[u8], nonce: Option<&[u8]>, msg: &[u8]) -> Vec<u8> {
    let n = nonce.unwrap_or_default();
    match alg {
        Alg::Auth256 | Alg::Auth256x128 => {
            let k = Auth256Key::from_slice(key).unwrap();
            let n = n.try_into().unwrap();
            let tag = k.mac(n, msg);
            let short = k.mac128(n, msg);
            if alg == Alg::Auth256 {
                tag.as_bytes().to_vec()
            } else {
                short.as_bytes().to_vec()
            }
        }
        Alg::Auth256TwoLevel => {
            let k = wegman_mac::hash256::Auth256TwoLevelKey::from_slice(key).unwrap();
            k.mac(n.try_into().unwrap(), msg).as_bytes().to_vec()
        }
        Alg::Auth256Pb => {
            let k = wegman_mac::hash256::Auth256PbKey::from_slice(key).unwrap();
            k.mac(n.try_into().unwrap(), msg).as_bytes().to_vec()
        }
        Alg::Poly1305Aes => {
            let k = Poly1305AesKey::from_slice(key).unwrap();
            k.mac(n.try_into().unwrap(), msg).as_bytes().to_vec()
        }
        Alg::Hash127Aes => {
            let k = Hash127AesKey::from_slice(key).unwrap();
            k.mac(n.try_into().unwrap(), msg).as_bytes().to_vec()
        }
        Alg::Poly1305 => {
            let mut p = Poly1305::new(key.try_into().unwrap());
            p.update(msg);
            p.finalize().as_bytes().to_vec()
        }
        _ => unreachable!("a new algorithm needs a row here"),
    }
}

#[test]
fn names_parse_back_and_unknown_names_list_the_known() {
    for a in Alg::ALL {
        assert_eq!(Alg::parse(a.name()), Ok(a));
        assert_eq!(a.to_string(), a.name());
    }
    let e = Alg::parse("auth512").unwrap_err();
    assert_eq!(e, UnknownAlgorithm("auth512".into()));
    assert_eq!(
        e.to_string(),
        "unknown algorithm 'auth512' (known: auth256, auth256-128, auth256-2l, auth256-pb, \
         poly1305-aes, hash127-aes, poly1305)"
    );
    assert_eq!(Alg::DEFAULT, Alg::Auth256Pb);
}

#[test]
fn tags_equal_the_algorithms_own() {
    let mut rng = Rng::new(5);
    for alg in Alg::ALL {
        for len in [0usize, 1, 15, 16, 17, 64, 1000, 20_000] {
            let k = key(alg, &mut rng);
            let nonce = alg.nonce_len().map(|n| rng.bytes(n));
            let msg = rng.bytes(len);
            let any = alg.key(&k, Encoding::B1).unwrap();
            let tag = any.mac(nonce.as_deref(), &msg).unwrap();
            assert_eq!(tag.len(), alg.tag_len(), "{alg}");
            assert_eq!(tag, direct(alg, &k, nonce.as_deref(), &msg), "{alg} {len}");
            assert_eq!(any.verify(nonce.as_deref(), &msg, &tag), Ok(()));
            let mut bad = tag.clone();
            bad[0] ^= 1;
            assert_eq!(
                any.verify(nonce.as_deref(), &msg, &bad),
                Err(Error::TagMismatch)
            );
            assert!(matches!(
                any.verify(nonce.as_deref(), &msg, &tag[1..]),
                Err(Error::TagLength { .. })
            ));
            // Streaming in two parts, with the length counted.
            let mut s = any.start(nonce.as_deref()).unwrap();
            s.update(&msg[..len / 3]);
            s.update(&msg[len / 3..]);
            assert_eq!(s.len(), len as u64);
            assert_eq!(s.finalize(), tag);
        }
    }
}

#[test]
fn pieces_merge_to_the_one_shot_tag() {
    let mut rng = Rng::new(6);
    for alg in Alg::ALL {
        let encs: &[Encoding] = if alg.has_encoding() {
            &[Encoding::B1, Encoding::B8, Encoding::B256]
        } else {
            &[Encoding::B1]
        };
        for &enc in encs {
            let k = key(alg, &mut rng);
            let nonce = alg.nonce_len().map(|n| rng.bytes(n));
            let msg = rng.bytes(20_000);
            let any = alg.key(&k, enc).unwrap();
            let want = any.mac(nonce.as_deref(), &msg).unwrap();
            // Pieces at 0..16384 (a multiple of 64·b for every b) and 16384..20000, the
            // second through its bytes.
            let cut = 16384;
            let mut a = any.piece_at(0).unwrap();
            a.update(&msg[..cut]);
            let mut b = any.piece_at(cut as u64).unwrap();
            b.update(&msg[cut..]);
            let b = any.piece_from_bytes(&b.to_bytes()).unwrap();
            assert_eq!(
                (b.offset(), b.len()),
                (cut as u64, (msg.len() - cut) as u64)
            );
            a.merge(b).unwrap();
            let mut s = any.start(nonce.as_deref()).unwrap();
            s.absorb(a).unwrap();
            assert_eq!(s.len(), msg.len() as u64);
            assert_eq!(s.finalize(), want, "{alg} b = {}", enc.b());
        }
    }
}

#[test]
fn pieces_start_at_multiples_of_the_unit() {
    let mut rng = Rng::new(7);
    for alg in Alg::ALL {
        for enc in [Encoding::B1, Encoding::B8] {
            if enc != Encoding::B1 && !alg.has_encoding() {
                continue;
            }
            let any = alg.key(&key(alg, &mut rng), enc).unwrap();
            let unit = alg.piece_unit(enc) as u64;
            assert!(any.piece_at(3 * unit).is_ok(), "{alg}");
            if unit > 1 {
                assert!(
                    matches!(any.piece_at(3 * unit + 1), Err(Error::PieceMismatch { .. })),
                    "{alg}"
                );
            }
        }
    }
}

#[test]
fn bad_keys_nonces_and_encodings_are_errors() {
    for alg in Alg::ALL {
        assert!(matches!(
            alg.key(&vec![0; alg.key_len() + 1], Encoding::B1),
            Err(Error::KeyLength { .. })
        ));
        if !alg.has_encoding() {
            assert!(matches!(
                alg.key(&vec![0; alg.key_len()], Encoding::B8),
                Err(Error::InvalidParameter { .. })
            ));
        }
        let k = alg.key(&vec![0; alg.key_len()], Encoding::B1);
        let Ok(k) = k else {
            // Poly1305-AES rejects the all-zero key? Then the random key path covers it.
            continue;
        };
        match alg.nonce_len() {
            Some(n) => {
                assert!(matches!(
                    k.start(Some(&vec![0; n + 1])),
                    Err(Error::NonceLength { .. })
                ));
                assert!(matches!(k.start(None), Err(Error::InvalidParameter { .. })));
            }
            None => assert!(matches!(
                k.start(Some(&[0; 16])),
                Err(Error::InvalidParameter { .. })
            )),
        }
    }
    // An invalid Poly1305-AES key (r not clamped) is the algorithm's own error.
    assert!(matches!(
        Alg::Poly1305Aes.key(&[0xff; 32], Encoding::B1),
        Err(Error::InvalidKey { .. })
    ));
}
