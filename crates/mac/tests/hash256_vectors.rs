//! The self-describing vector file `tests/vectors/auth256.json`: made by the reference
//! (support/hash256_ref.rs, written from docs/spec.md §3.3, not from the library), checked to be
//! up to date with it, and checked against the library on every backend.
//!
//! Regenerate after a deliberate change of the reference:
//! `WEGMAN_WRITE_VECTORS=1 cargo test -p wegman-mac --test hash256_vectors`.

use serde_json::{Value, json};
use wegman_mac::hash256::{Auth256Key, Backend, Encoding, hash256_with_backend};
use wegman_testkit::hash256 as reference;

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/auth256.json");

/// Message byte i of vector v: (i·(2v + 1) + 7v) mod 256 — also written in the file.
fn message(v: usize, len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * (2 * v + 1) + 7 * v) as u8).collect()
}

/// The cases: (b, message length). Every b, the padding boundaries of 64·b, a 64-pair batch.
const CASES: [(usize, usize); 16] = [
    (1, 0),
    (1, 1),
    (1, 32),
    (1, 63),
    (1, 64),
    (1, 65),
    (1, 300),
    (1, 4096),
    (8, 0),
    (8, 511),
    (8, 512),
    (8, 1000),
    (256, 0),
    (256, 100),
    (256, 16383),
    (256, 16384),
];

fn generate() -> Value {
    let vectors: Vec<Value> = CASES
        .iter()
        .enumerate()
        .map(|(v, &(b, len))| {
            let key: [u8; 32] = core::array::from_fn(|i| (i as u8) ^ (v as u8).wrapping_mul(29));
            let nonce: [u8; 12] = core::array::from_fn(|i| (i as u8).wrapping_mul(17) ^ v as u8);
            let msg = message(v, len);
            let padded = (len + 1).div_ceil(64 * b) * 64 * b;
            let h = reference::hash256(b, &reference::key_stream(&key, padded), &msg);
            let tag = reference::auth256(&key, &nonce, b, &msg);
            json!({
                "b": b,
                "key": hex::encode(key),
                "nonce": hex::encode(nonce),
                "msg_len": len,
                "hash256": hex::encode(h),
                "auth256": hex::encode(tag),
                "auth256_128": hex::encode(&tag[..16]),
            })
        })
        .collect();
    json!({
        "description": "Hash256 and Auth256-AES test vectors for wegman (docs/spec.md §3.3).",
        "made_by": "crates/mac/tests/support/hash256_ref.rs: schoolbook products in F_256[x], long division by x^32 + x^17 + x^2 + alpha8, y-basis from psi(x) = x^2 + x, the b-encoding read bit by bit; AES-256 from the aes crate",
        "fields": {
            "b": "encoding parameter (1, 8 or 256)",
            "key": "AES-256 key K (hex); hash key stream B(0) || B(1) || ..., B(j) = AES256_K(LE128(j))",
            "nonce": "12-byte nonce n; pad = AES256_K(n || 00 00 00 80) || AES256_K(n || 01 00 00 80)",
            "msg_len": "message length; message byte i of vector number v (0-based, file order) is (i*(2v+1) + 7v) mod 256",
            "hash256": "Hash256_r(M), 32 bytes, byte i = coefficient of x^i (polynomial basis)",
            "auth256": "hash256 XOR pad",
            "auth256_128": "first 16 bytes of auth256"
        },
        "vectors": vectors,
    })
}

fn file() -> Value {
    let text = std::fs::read_to_string(PATH).expect("tests/vectors/auth256.json is readable");
    serde_json::from_str(&text).expect("the vector file is JSON")
}

#[test]
fn vector_file_is_up_to_date_with_the_reference() {
    let want = generate();
    if std::env::var_os("WEGMAN_WRITE_VECTORS").is_some() {
        let text = serde_json::to_string_pretty(&want).unwrap() + "\n";
        std::fs::write(PATH, text).unwrap();
    }
    assert_eq!(
        file(),
        want,
        "tests/vectors/auth256.json differs from the reference; regenerate it (see the module docs)"
    );
}

#[test]
fn library_matches_the_vector_file_on_every_backend() {
    let f = file();
    let vectors = f["vectors"].as_array().unwrap();
    assert_eq!(vectors.len(), CASES.len());
    for (v, t) in vectors.iter().enumerate() {
        let hexfield = |k: &str| hex::decode(t[k].as_str().unwrap()).unwrap();
        let b = t["b"].as_u64().unwrap() as u32;
        let enc = Encoding::from_b(b).unwrap();
        let key: [u8; 32] = hexfield("key").try_into().unwrap();
        let nonce: [u8; 12] = hexfield("nonce").try_into().unwrap();
        let msg = message(v, t["msg_len"].as_u64().unwrap() as usize);
        for backend in Backend::available() {
            let k = Auth256Key::with_options(&key, backend, 1 << 20).expect("backend is available");
            assert_eq!(
                k.hash(enc, &msg).to_vec(),
                hexfield("hash256"),
                "#{v} {backend}"
            );
            let mut s = k.start_with(&nonce, enc);
            s.update(&msg);
            assert_eq!(s.finalize().as_bytes().to_vec(), hexfield("auth256"));
            let mut s = k.start_with(&nonce, enc);
            s.update(&msg);
            assert_eq!(s.finalize128().as_bytes().to_vec(), hexfield("auth256_128"));
            let padded = enc.padded_len(msg.len() as u64) as usize;
            let stream = reference::key_stream(&key, padded);
            assert_eq!(
                hash256_with_backend(enc, &stream, &msg, backend)
                    .unwrap()
                    .to_vec(),
                hexfield("hash256")
            );
        }
    }
}
