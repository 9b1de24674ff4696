//! The bodies of wegman's fuzz targets, one function per target in `fuzz_targets/`. Each must
//! never panic on any input and checks a property: a parser's output parses again to the same
//! value, streaming equals one-shot and an independent implementation, a field operation
//! agrees with the bit-by-bit reference of the tests, a batch prints one line per input line.
//!
//! `cargo test` in this directory replays every committed corpus and regression input
//! (`corpus/TARGET/`, `regressions/TARGET/`) through these functions without libFuzzer, so a
//! crash once found stays fixed. Long runs: `cargo +nightly fuzz run TARGET` (docs/security.md).

use std::io::BufRead;

use wegman_ec::{Curve, CurveId, Nb, NistPb, Point, SsrfPb};
use wegman_gf2::{Element, Field, Gnb, Modulus};
use wegman_mac::hash256::{Auth256Key, Encoding};
use wegman_testkit::gf2m;

/// A target's body: any bytes in, a panic on a failed property.
pub type Target = fn(&[u8]);

/// Every target by name, for the corpus replay.
pub const TARGETS: &[(&str, Target)] = &[
    ("key_file", key_file),
    ("check_line", check_line),
    ("nonce_counter", nonce_counter),
    ("parse_hex", parse_hex),
    ("sec1_decode", sec1_decode),
    ("mac_stream", mac_stream),
    ("field_ops", field_ops),
    ("field_batch", field_batch),
    ("ec_batch", ec_batch),
    ("piece_blob", piece_blob),
    ("ecdsa_files", ecdsa_files),
];

/// Key files (`wegman-key ALG HEX`): parse, and a parsed key formats and parses back.
pub fn key_file(data: &[u8]) {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = wegman_files::fuzzing::key_file(s);
        let _ = wegman_files::fuzzing::alg_name(s);
    }
}

/// Check lines (`ALG NONCE TAG PATH`): parse, and a parsed line prints and parses back.
pub fn check_line(data: &[u8]) {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = wegman_files::fuzzing::check_line(s);
    }
}

/// Nonce-counter files: parse, and a parsed counter formats and parses back.
pub fn nonce_counter(data: &[u8]) {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = wegman_files::fuzzing::nonce_counter(s);
    }
}

/// Moduli, elements in hex (polynomial and normal basis) and scalars: a value that parses
/// prints and parses back to itself.
pub fn parse_hex(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (spec, hex) = s.split_once('\n').unwrap_or((s, ""));
    if let Ok(m) = spec.parse::<Modulus>() {
        assert_eq!(m.to_string().parse::<Modulus>().ok(), Some(m));
        if m.degree() <= 1024 {
            let f = Field::new(m);
            if let Ok(e) = f.parse(hex) {
                assert_eq!(f.parse(&f.to_hex(&e)).ok(), Some(e));
            }
        }
    }
    if let Ok(g) = Gnb::parse(spec)
        && let Ok(e) = g.parse_element(hex)
    {
        assert_eq!(g.parse_element(&g.to_hex(&e)).ok(), Some(e));
    }
    if let Ok(id) = CurveId::from_name(spec) {
        let c = Curve::new(id, NistPb::new).unwrap();
        if let Ok(k) = c.parse_scalar(hex) {
            assert_eq!(c.parse_scalar(&k.to_hex()).ok(), Some(k));
        }
        if let Ok(e) = c.parse_element(hex) {
            assert_eq!(c.parse_element(&c.element_hex(&e)).ok(), Some(e));
        }
    }
}

/// SEC 1 point decoding on every curve (the first byte picks it): a decoded point is on the
/// curve, and both encodings decode back to it; a public key is also in the subgroup.
pub fn sec1_decode(data: &[u8]) {
    let Some((&sel, bytes)) = data.split_first() else {
        return;
    };
    let i = usize::from(sel) % CurveId::ALL.len();
    // Every curve in the NIST representation; the others (whose decoding differs only in the
    // basis conversion) on the degree-163 and 233 curves, where they are fast.
    match (sel / 10 % 3, i < 4) {
        (1, true) => sec1_on(cached!(Curve<SsrfPb>, i, SsrfPb::new), bytes),
        (2, true) => sec1_on(cached!(Curve<Nb>, i, Nb::new), bytes),
        _ => sec1_on(cached!(Curve<NistPb>, i, NistPb::new), bytes),
    }
}

/// Curve `CurveId::ALL[i]` in one representation, built once per process.
macro_rules! cached {
    ($T:ty, $i:expr, $make:expr) => {{
        static CURVES: [std::sync::OnceLock<$T>; 10] = [const { std::sync::OnceLock::new() }; 10];
        CURVES[$i].get_or_init(|| Curve::new(CurveId::ALL[$i], $make).unwrap())
    }};
}
use cached;

fn sec1_on<F: wegman_ec::CurveField>(c: &Curve<F>, bytes: &[u8]) {
    if let Ok(p) = c.decode_point(bytes) {
        if let Point::Affine { x, y } = p {
            assert!(c.is_on_curve_vartime(&x, &y));
        }
        for compressed in [false, true] {
            let enc = c.encode_point(&p, compressed);
            assert!(c.points_equal(&c.decode_point(&enc).unwrap(), &p));
        }
    }
    if let Ok(p) = c.decode_public_key(bytes) {
        assert!(c.check_public_key(&p).is_ok());
    }
}

/// Splits `msg` into chunks whose sizes come from `seed` (1..=256 bytes each).
fn chunked(msg: &[u8], seed: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut v = Vec::new();
    let mut at = 0;
    let mut i = 0;
    while at < msg.len() {
        let s = seed.get(i % seed.len().max(1)).copied().unwrap_or(64);
        let n = (usize::from(s) + 1).min(msg.len() - at);
        v.push(at..at + n);
        at += n;
        i += 1;
    }
    v
}

/// Streaming equals one-shot under any chunking, for every MAC and key; Poly1305 also equals
/// RustCrypto's, and Auth256 on short messages the bit-level reference of the tests.
pub fn mac_stream(data: &[u8]) {
    if data.len() < 1 + 32 + 16 + 4 {
        return;
    }
    let sel = data[0];
    let key: [u8; 32] = data[1..33].try_into().unwrap();
    let nonce16: [u8; 16] = data[33..49].try_into().unwrap();
    let seed = &data[49..53];
    let msg = &data[53..];
    let parts = chunked(msg, seed);
    match sel % 10 {
        0 => {
            use wegman_mac::poly1305::Poly1305;
            let mut one = Poly1305::new(&key);
            one.update(msg);
            let want = one.finalize().into_bytes();
            let mut s = Poly1305::new(&key);
            for r in &parts {
                s.update(&msg[r.clone()]);
            }
            assert_eq!(s.finalize().into_bytes(), want);
            use poly1305::universal_hash::KeyInit;
            let peer = poly1305::Poly1305::new(&key.into()).compute_unpadded(msg);
            assert_eq!(peer.as_slice(), &want[..]);
        }
        1 => {
            use wegman_mac::poly1305::Poly1305AesKey;
            let mut k = key;
            Poly1305AesKey::clamp_key_bytes(&mut k);
            let sk = Poly1305AesKey::new(&k).unwrap();
            let want = sk.mac(&nonce16, msg).into_bytes();
            let mut s = sk.start(&nonce16);
            for r in &parts {
                s.update(&msg[r.clone()]);
            }
            assert_eq!(s.finalize().into_bytes(), want);
            assert!(sk.verify(&nonce16, msg, &want).is_ok());
        }
        2 => {
            use wegman_mac::hash127::Hash127AesKey;
            let sk = Hash127AesKey::new(&key);
            let want = sk.mac(&nonce16, msg).into_bytes();
            let mut s = sk.start(&nonce16);
            for r in &parts {
                s.update(&msg[r.clone()]);
            }
            assert_eq!(s.finalize().into_bytes(), want);
        }
        9 => {
            // auth256-pb: streaming equals one-shot, and the bit-level reference on short
            // messages.
            let nonce: [u8; 12] = nonce16[..12].try_into().unwrap();
            let sk = wegman_mac::hash256::Auth256PbKey::new(&key);
            let want = sk.mac(&nonce, msg).into_bytes();
            let mut s = sk.start(&nonce);
            for r in &parts {
                s.update(&msg[r.clone()]);
            }
            assert_eq!(s.finalize().into_bytes(), want);
            if msg.len() <= 96 {
                assert_eq!(wegman_testkit::pb256::auth256_pb(&key, &nonce, msg), want);
            }
        }
        n => {
            // Auth256 (3..6) and auth256-2l (6..9), b = 1, 8, 256: the same checks.
            let enc = [Encoding::B1, Encoding::B8, Encoding::B256][usize::from(n % 3)];
            let nonce: [u8; 12] = nonce16[..12].try_into().unwrap();
            macro_rules! check {
                ($sk:expr, $reference:path) => {{
                    let sk = $sk;
                    let mut one = sk.start_with(&nonce, enc);
                    one.update(msg);
                    let want = one.finalize().into_bytes();
                    let mut s = sk.start_with(&nonce, enc);
                    for r in &parts {
                        s.update(&msg[r.clone()]);
                    }
                    assert_eq!(s.finalize().into_bytes(), want);
                    if msg.len() <= 96 {
                        assert_eq!($reference(&key, &nonce, enc.b(), msg), want);
                    }
                }};
            }
            if n < 6 {
                check!(Auth256Key::new(&key), wegman_testkit::hash256::auth256);
            } else {
                check!(
                    wegman_mac::hash256::Auth256TwoLevelKey::new(&key),
                    wegman_testkit::hash256::auth256_2l
                );
            }
        }
    }
}

/// Field operations on the standard moduli (the first byte picks one) against the
/// bit-by-bit reference of the tests (`wegman_testkit::gf2m`).
pub fn field_ops(data: &[u8]) {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    // Degrees up to 283 (the reference is bit by bit, and slow under AddressSanitizer).
    let spec = gf2m::STANDARD_MODULI[usize::from(sel) % 9];
    let f = field(spec);
    let exps: Vec<u32> = spec.split(',').map(|e| e.parse().unwrap()).collect();
    let m = f.degree() as usize;
    let limbs = m.div_ceil(64);
    let word = |i: usize| -> u64 {
        let mut b = [0u8; 8];
        for (j, x) in b.iter_mut().enumerate() {
            *x = rest.get(8 * i + j).copied().unwrap_or(0);
        }
        u64::from_le_bytes(b)
    };
    let a = f.element_masked(&(0..limbs).map(word).collect::<Vec<_>>());
    let b = f.element_masked(&(limbs..2 * limbs).map(word).collect::<Vec<_>>());
    // A short exponent: the reference's square-and-multiply is bit by bit.
    let e = u128::from(word(2 * limbs) & 0x3f);
    let bits = |x: &Element| gf2m::from_limbs(x.limbs(), m);
    let (ra, rb) = (bits(&a), bits(&b));
    let mut one = vec![0u8; m];
    one[0] = 1;
    assert_eq!(bits(&f.mul(&a, &b)), gf2m::mul(&ra, &rb, &exps));
    assert_eq!(bits(&f.sqr(&a)), gf2m::mul(&ra, &ra, &exps));
    let s = bits(&f.sqrt(&a));
    assert_eq!(gf2m::mul(&s, &s, &exps), ra);
    let inv: Option<Element> = f.inv(&a).into();
    match inv {
        Some(i) => assert_eq!(gf2m::mul(&ra, &bits(&i), &exps), one),
        None => assert!(ra.iter().all(|&x| x == 0)),
    }
    assert_eq!(bits(&f.pow(&a, &[e as u64])), gf2m::pow(&ra, e, &exps));
    let tr = gf2m::trace(&ra, &exps);
    assert_eq!(f.trace(&a), tr);
    if let Ok(h) = f.half_trace(&a) {
        // H(a)² + H(a) = a + Tr(a) (odd m).
        let h = bits(&h);
        let mut lhs = gf2m::mul(&h, &h, &exps);
        lhs.iter_mut().zip(&h).for_each(|(x, y)| *x ^= y);
        let mut rhs = ra.clone();
        rhs[0] ^= tr;
        assert_eq!(lhs, rhs);
    }
    match f.solve(&a) {
        Some((z, z1)) => {
            let z = bits(&z);
            let mut lhs = gf2m::mul(&z, &z, &exps);
            lhs.iter_mut().zip(&z).for_each(|(x, y)| *x ^= y);
            assert_eq!(lhs, ra);
            let mut z_plus_1 = z.clone();
            z_plus_1[0] ^= 1;
            assert_eq!(bits(&z1), z_plus_1);
        }
        None => assert_eq!(tr, 1),
    }
}

/// The field of a standard modulus, built once per process (the fuzzer calls a target
/// millions of times).
fn field(spec: &'static str) -> &'static Field {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static FIELDS: OnceLock<Mutex<HashMap<&'static str, &'static Field>>> = OnceLock::new();
    let mut map = FIELDS.get_or_init(Default::default).lock().unwrap();
    map.entry(spec)
        .or_insert_with(|| Box::leak(Box::new(Field::from_exponents(spec).unwrap())))
}

/// The number of lines `BufRead::lines` sees in `input`, or `None` if one is not UTF-8.
fn line_count(input: &[u8]) -> Option<usize> {
    input.lines().try_fold(0, |n, l| l.ok().map(|_| n + 1))
}

/// `wegman field --batch` line handling: one output line per input line, whatever the lines.
pub fn field_batch(data: &[u8]) {
    let Some((&sel, input)) = data.split_first() else {
        return;
    };
    // The line handling is the same for every modulus: the small ones keep the fuzzer fast
    // (the CLI builds its field, with its tables, on every call).
    let spec = gf2m::STANDARD_MODULI[usize::from(sel) % 4];
    let out = wegman_cli::fuzzing::field_batch(spec, input);
    if let (Ok(out), Some(n)) = (out, line_count(input)) {
        assert_eq!(out.lines().count(), n, "{out}");
    }
}

/// `wegman ec --batch` line handling (the first byte picks the curve and representation):
/// one output line per input line, whatever the lines.
pub fn ec_batch(data: &[u8]) {
    let Some((&sel, input)) = data.split_first() else {
        return;
    };
    // The smallest degree keeps the fuzzer fast; every line kind is the same on all curves.
    let curve = ["sect163k1", "sect163r2"][usize::from(sel % 2)];
    let repr = ["nist", "ssrf", "nb"][usize::from(sel / 4 % 3)];
    let out = wegman_cli::fuzzing::ec_batch(curve, repr, input);
    if let (Ok(out), Some(n)) = (out, line_count(input)) {
        assert_eq!(out.lines().count(), n, "{out}");
    }
}

/// The fixed keys of `piece_blob` (its seeds are made with them: `fuzz/seeds.py`).
pub const PIECE_KEY: [u8; 32] = [7; 32];

/// Serialised message pieces (`Poly1305Piece`, `Auth256Piece`, `Hash127Piece` blobs from
/// other machines): byte 0 picks Poly1305-AES (0 mod 5), Auth256 (1), auth256-2l (2; the
/// Auth256 blobs name their b), auth256-pb (3) or hash127-AES (4), the rest is the blob. A blob
/// that parses serialises to a blob that parses to the same serialisation, and joins a
/// stream that has its offset's bytes.
pub fn piece_blob(data: &[u8]) {
    use wegman_mac::poly1305::Poly1305AesKey;
    let Some((&sel, blob)) = data.split_first() else {
        return;
    };
    // The same checks for every kind: `$start` makes the stream for a piece `p`.
    macro_rules! round_trip {
        ($key:expr, |$p:ident| $start:expr) => {{
            let key = $key;
            // Poly1305 pieces serialise from `&self`, the Auth256 ones from `&mut self`.
            #[allow(unused_mut)]
            let Ok(mut $p) = key.piece_from_bytes(blob) else {
                return;
            };
            let again = $p.to_bytes();
            #[allow(unused_mut)]
            let mut q = key
                .piece_from_bytes(&again)
                .expect("a serialised piece parses");
            assert_eq!(q.to_bytes(), again);
            assert_eq!((q.offset(), q.len()), ($p.offset(), $p.len()));
            if $p.offset() <= 1 << 16 {
                let mut m = $start;
                m.update(&vec![0; $p.offset() as usize]);
                m.absorb($p).expect("a piece joins where it starts");
                let _ = m.finalize();
            }
        }};
    }
    match sel % 5 {
        0 => {
            let mut k = PIECE_KEY;
            Poly1305AesKey::clamp_key_bytes(&mut k);
            let key = Poly1305AesKey::new(&k).unwrap();
            round_trip!(&key, |p| key.start(&[0; 16]));
        }
        2 => {
            let key = cached_two_level_key();
            round_trip!(key, |p| key.start_with(&[0; 12], p.encoding()));
        }
        3 => {
            let key = cached_pb_key();
            round_trip!(key, |p| key.start(&[0; 12]));
        }
        4 => {
            let key = wegman_mac::hash127::Hash127AesKey::new(&PIECE_KEY);
            round_trip!(&key, |p| key.start(&[0; 16]));
        }
        _ => {
            let key = cached_auth256_key();
            round_trip!(key, |p| key.start_with(&[0; 12], p.encoding()));
        }
    }
}

fn cached_two_level_key() -> &'static wegman_mac::hash256::Auth256TwoLevelKey {
    static KEY: std::sync::OnceLock<wegman_mac::hash256::Auth256TwoLevelKey> =
        std::sync::OnceLock::new();
    KEY.get_or_init(|| wegman_mac::hash256::Auth256TwoLevelKey::new(&PIECE_KEY))
}

fn cached_pb_key() -> &'static wegman_mac::hash256::Auth256PbKey {
    static KEY: std::sync::OnceLock<wegman_mac::hash256::Auth256PbKey> = std::sync::OnceLock::new();
    KEY.get_or_init(|| wegman_mac::hash256::Auth256PbKey::new(&PIECE_KEY))
}

fn cached_auth256_key() -> &'static Auth256Key {
    static KEY: std::sync::OnceLock<Auth256Key> = std::sync::OnceLock::new();
    KEY.get_or_init(|| Auth256Key::new(&PIECE_KEY))
}

/// ECDSA's parsers: the first byte picks a curve and a parser (a DER signature, a private-key
/// file, a public-key file: SEC 1, PKCS#8 or SPKI, PEM or DER). A parsed signature re-encodes
/// to itself and verifies or not without panicking; a parsed private key signs a message its
/// public key verifies; a parsed public key verifies or rejects a signature.
pub fn ecdsa_files(data: &[u8]) {
    use wegman_ecdsa::{HashAlg, PrivateKeyFile, PublicKeyFile, Signature, SigningKey};
    let Some((&sel, bytes)) = data.split_first() else {
        return;
    };
    let i = usize::from(sel) % CurveId::ALL.len();
    let c = cached!(Curve<NistPb>, i, NistPb::new);
    let t = c.order_bits();
    // A fixed key per curve (d = 1234567, public data here).
    let mut d = vec![0u8; t.div_ceil(8) as usize];
    let n = d.len();
    d[n - 3..].copy_from_slice(&[0x12, 0xd6, 0x87]);
    let key = SigningKey::from_bytes(c, &d).expect("a valid scalar");
    match sel / 10 % 3 {
        0 => {
            for sig in [
                Signature::from_der(t, bytes),
                Signature::from_fixed(t, bytes),
            ]
            .into_iter()
            .flatten()
            {
                assert_eq!(Signature::from_der(t, &sig.to_der()), Ok(sig));
                assert_eq!(Signature::from_fixed(t, &sig.to_fixed()), Ok(sig));
                let _ = key.verifying_key().verify_with(HashAlg::Sha256, b"m", &sig);
            }
        }
        1 => {
            let Ok(f) = PrivateKeyFile::parse(bytes) else {
                return;
            };
            let c = cached!(
                Curve<NistPb>,
                CurveId::ALL.iter().position(|&x| x == f.curve).unwrap(),
                NistPb::new
            );
            if let Ok(k) = f.signing_key(c) {
                let sig = k.sign_with(HashAlg::Sha256, b"fuzz");
                assert_eq!(
                    k.verifying_key()
                        .verify_with(HashAlg::Sha256, b"fuzz", &sig),
                    Ok(())
                );
                let again = PrivateKeyFile::parse(k.to_pkcs8_pem().as_bytes()).unwrap();
                assert_eq!(
                    &again.signing_key(c).unwrap().to_bytes()[..],
                    &k.to_bytes()[..]
                );
            }
        }
        _ => {
            let Ok(f) = PublicKeyFile::parse(bytes) else {
                return;
            };
            let c = cached!(
                Curve<NistPb>,
                CurveId::ALL.iter().position(|&x| x == f.curve).unwrap(),
                NistPb::new
            );
            if let Ok(vk) = f.verifying_key(c) {
                let sig = key.sign_with(HashAlg::Sha256, b"fuzz");
                let _ = vk.verify_with(HashAlg::Sha256, b"fuzz", &sig);
                let again = PublicKeyFile::parse(&vk.to_spki_der()).unwrap();
                assert_eq!(again.point, vk.to_sec1(false));
            }
        }
    }
}
