//! hash127 and hash127-AES against an independent big-integer model and the published
//! outputs of the original hash127 0.70 software.

use aes::Aes128;
use aes::cipher::{BlockCipherEncrypt, KeyInit};
use num_bigint::{BigInt, Sign};
use proptest::prelude::*;
use wegman_mac::Error;
use wegman_mac::hash127::{Backend, Hash127AesKey, Hash127Key};
use wegman_testkit::bytes;

/// The definition with big integers: (r^{ℓ+1} + Σ m_i r^{ℓ−i} + pad) mod (2^127 − 1), with r and
/// pad built from signed words, as 16 little-endian bytes.
fn model(words: &[i32], r: [i32; 4], pad: [i32; 4]) -> [u8; 16] {
    let p = (BigInt::from(1) << 127u32) - 1;
    let combine = |w: [i32; 4]| -> BigInt {
        w.iter()
            .enumerate()
            .map(|(j, &x)| BigInt::from(x) << (32 * j))
            .sum()
    };
    let (r, pad) = (combine(r), combine(pad));
    // Horner's rule for 1·r^{ℓ+1} + Σ m_i r^{ℓ−i}, reducing (into [0, p)) at every step.
    let reduce = |x: BigInt| ((x % &p) + &p) % &p;
    let mut acc = BigInt::from(1);
    for &m in words {
        acc = reduce(acc * &r + m);
    }
    let v: BigInt = reduce(acc * &r + pad);
    let (sign, mut out) = v.to_bytes_le();
    assert_ne!(sign, Sign::Minus);
    out.resize(16, 0);
    out.try_into().unwrap()
}

/// The paper's §8 byte encoding, written out independently.
fn encode(msg: &[u8]) -> Vec<i32> {
    let mut m = msg.to_vec();
    m.push(1);
    while !m.len().is_multiple_of(4) {
        m.push(0);
    }
    m.chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn u32_words(b: [u8; 16]) -> [u32; 4] {
    core::array::from_fn(|j| u32::from_le_bytes(b[4 * j..4 * j + 4].try_into().unwrap()))
}

/// Accuracy outputs published with hash127 0.70 (D. J. Bernstein): r words 1234567890..3,
/// pad words 314159265, 358979323, 846264338, 327950288, and n message words all −2^31.
#[test]
fn hash127_070_published_outputs() {
    let r = [1234567890, 1234567891, 1234567892, 1234567893];
    let pad = [314159265, 358979323, 846264338, 327950288];
    let cases: [(usize, [u32; 4]); 4] = [
        (0, [1548727155, 1593547214, 2080832230, 1562518181]),
        (1, [3612003212, 3293500394, 331042796, 336301287]),
        (4, [3021528664, 1431385529, 1591643510, 163441921]),
        (500, [513371171, 3684468598, 2848819998, 649454493]),
    ];
    for (n, expect) in cases {
        let words = vec![i32::MIN; n];
        for backend in Backend::available() {
            let key = Hash127Key::with_backend(r, backend).expect("backend is available");
            assert_eq!(
                u32_words(key.hash_words(&words, pad)),
                expect,
                "{backend}, n = {n}"
            );
        }
        assert_eq!(u32_words(model(&words, r, pad)), expect, "model, n = {n}");
    }
}

fn random_words(seed: u64, n: usize) -> Vec<i32> {
    bytes(seed, 4 * n)
        .chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn lengths_around_every_block_boundary() {
    let mut lengths: Vec<usize> = (0..=200).collect();
    for k in 1..=10 {
        lengths.extend((97 * k - 3)..=(97 * k + 3));
        lengths.extend((96 * k - 2)..=(96 * k + 2));
    }
    let edge_r = [
        [i32::MIN; 4],
        [i32::MAX; 4],
        [0, 0, 0, 0],
        [1, 0, 0, 0],
        [-1; 4],
        [-1, 0, 0, i32::MIN],
    ];
    for (i, &n) in lengths.iter().enumerate() {
        let r = edge_r[i % edge_r.len()];
        let pad = [i as i32, -(i as i32), i32::MIN, i32::MAX];
        let mut words = random_words(n as u64, n);
        if i % 3 == 0 {
            words.iter_mut().step_by(2).for_each(|w| *w = i32::MIN);
        }
        if i % 3 == 1 {
            words.iter_mut().step_by(3).for_each(|w| *w = i32::MAX);
        }
        let expect = model(&words, r, pad);
        for backend in Backend::available() {
            let key = Hash127Key::with_backend(r, backend).expect("backend is available");
            assert_eq!(
                key.hash_words(&words, pad),
                expect,
                "{backend}, n = {n}, r = {r:?}"
            );
        }
    }
}

#[test]
fn byte_api_matches_the_encoding_and_streams() {
    let pad = [1, 2, 3, 4];
    for backend in Backend::available() {
        let key = Hash127Key::with_backend([7, -8, 9, -10], backend).expect("backend is available");
        for len in (0..=50).chain([383, 384, 385, 386, 387, 1000, 4095]) {
            let msg = bytes(len as u64 + 3, len);
            let expect = model(&encode(&msg), [7, -8, 9, -10], pad);
            assert_eq!(key.hash_bytes(&msg, pad), expect, "len {len}");
            for chunk in [1, 2, 3, 5, 7, 13, 17, 385] {
                let mut h = key.hasher();
                for c in msg.chunks(chunk) {
                    h.update(c);
                }
                assert_eq!(h.finalize(pad), expect, "{backend} len {len} chunk {chunk}");
            }
        }
    }
}

#[test]
fn hash127_aes_definition() {
    let key_bytes: [u8; 32] = bytes(99, 32).try_into().unwrap();
    let k: [u8; 16] = key_bytes[..16].try_into().unwrap();
    let r: [i32; 4] = core::array::from_fn(|j| {
        i32::from_le_bytes(key_bytes[16 + 4 * j..20 + 4 * j].try_into().unwrap())
    });
    let key = Hash127AesKey::new(&key_bytes);
    let aes = Aes128::new(&k.into());
    for len in [0usize, 1, 3, 4, 5, 100, 384, 1000] {
        let msg = bytes(len as u64, len);
        let nonce: [u8; 16] = bytes(len as u64 + 1000, 16).try_into().unwrap();
        // tag = AES_k(AES_k(n) xor LE16(h)), h = hash127(encode(m); r, 0).
        let h = model(&encode(&msg), r, [0; 4]);
        let mut b = nonce.into();
        aes.encrypt_block(&mut b);
        for (x, y) in b.iter_mut().zip(h) {
            *x ^= y;
        }
        aes.encrypt_block(&mut b);
        let expect: [u8; 16] = b.into();
        let tag = key.mac(&nonce, &msg);
        assert_eq!(tag.into_bytes(), expect, "len {len}");
        assert_eq!(key.verify(&nonce, &msg, &expect), Ok(()));
        let mut bad = expect;
        bad[15] ^= 0x80;
        assert_eq!(key.verify(&nonce, &msg, &bad), Err(Error::TagMismatch));
    }
    assert_eq!(
        Hash127AesKey::from_slice(&[0; 31]).unwrap_err(),
        Error::KeyLength {
            expected: 32,
            actual: 31
        }
    );
    assert_eq!(
        key.start_from_slice(&[0; 12]).unwrap_err(),
        Error::NonceLength {
            expected: 16,
            actual: 12
        }
    );
}

/// The largest products every backend can meet: words all 2^31 − 1 or all −2^31 (shifted
/// words 2^32 − 1 and 0) and r ≡ −1, −2, 2^127 − 2^96 … so that the powers have all-ones
/// limbs, at full, partial and multi-block lengths.
#[test]
fn extreme_words_and_keys() {
    let keys = [
        [-1, 0, 0, 0],
        [-2, 0, 0, 0],
        [0, 0, 0, i32::MIN],
        [-1, -1, -1, i32::MAX],
    ];
    for r in keys {
        for fill in [i32::MAX, i32::MIN, -1] {
            for n in [1, 7, 8, 9, 15, 16, 17, 95, 96, 97, 192, 193, 500, 961] {
                let words = vec![fill; n];
                let expect = model(&words, r, [-1; 4]);
                for backend in Backend::available() {
                    let key = Hash127Key::with_backend(r, backend).expect("backend is available");
                    assert_eq!(
                        key.hash_words(&words, [-1; 4]),
                        expect,
                        "{backend}, n = {n}, r = {r:?}, fill {fill}"
                    );
                }
            }
        }
    }
    wegman_testkit::report(Backend::coverage("hash127"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn matches_big_integer_model(
        r in proptest::array::uniform4(any::<i32>()),
        pad in proptest::array::uniform4(any::<i32>()),
        words in proptest::collection::vec(any::<i32>(), 0..2000),
    ) {
        let expect = model(&words, r, pad);
        for backend in Backend::available() {
            let key = Hash127Key::with_backend(r, backend).expect("backend is available");
            prop_assert_eq!(key.hash_words(&words, pad), expect);
        }
    }
}

/// Hashing the words in pieces on several threads gives the serial result on every backend
/// (the floating-point ones too: their Horner values join as integers), after prefixes that leave a partial word or a
/// partial block buffered, at lengths around the piece threshold.
#[test]
fn update_parallel_equals_serial() {
    let r = [0x1234_5678, -0x0765_4321, 0x7fff_ffff, -0x8000_0000];
    let pad = [5, -6, 7, -8];
    let lens = [
        0usize,
        1000,
        (512 << 10) - 1,
        512 << 10,
        (512 << 10) + 3,
        (3 << 20) + 7,
    ];
    for threads in [1usize, 2, 3, 4] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for backend in Backend::available() {
            let key = Hash127Key::with_backend(r, backend).expect("backend is available");
            for len in lens {
                let msg = bytes(len as u64 ^ 0x127, len);
                let serial = key.hash_bytes(&msg, pad);
                for prefix in [0usize, 1, 3, 5, 401] {
                    let prefix = prefix.min(len);
                    let mut h = key.hasher();
                    h.update(&msg[..prefix]);
                    pool.install(|| h.update_parallel(&msg[prefix..]));
                    assert_eq!(
                        h.finalize(pad),
                        serial,
                        "{backend} threads {threads} len {len} prefix {prefix}"
                    );
                }
            }
        }
    }
    // hash127-AES, through its streaming object.
    let key = Hash127AesKey::new(&[9; 32]);
    let msg = bytes(11, (5 << 20) + 2);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut s = key.start(&[1; 16]);
    s.update(&msg[..7]);
    pool.install(|| s.update_parallel(&msg[7..]));
    assert_eq!(s.finalize(), key.mac(&[1; 16], &msg));
}

/// Every backend equals `Int128` at every word count 0..=300 (each tail length of the vector
/// blocks, below and above the vector threshold) and every byte length 0..=1200 (the
/// little-endian byte path).
#[test]
fn every_backend_equals_int128_at_every_length() {
    let r = [0x0bad_cafe, -0x1357_9bdf, 0x2468_ace0, -0x7000_0001];
    let pad = [1, 2, 3, 4];
    let int = Hash127Key::with_backend(r, Backend::Int128).expect("backend is available");
    let all = bytes(0x5eed, 1200);
    let words: Vec<i32> = all
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    for backend in Backend::available() {
        let key = Hash127Key::with_backend(r, backend).expect("backend is available");
        for n in 0..=words.len() {
            assert_eq!(
                key.hash_words(&words[..n], pad),
                int.hash_words(&words[..n], pad),
                "{backend}, {n} words"
            );
        }
        for len in 0..=all.len() {
            assert_eq!(
                key.hash_bytes(&all[..len], pad),
                int.hash_bytes(&all[..len], pad),
                "{backend}, {len} bytes"
            );
        }
    }
}
