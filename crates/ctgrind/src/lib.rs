//! Constant-time validation of wegman's keyed paths with valgrind's memcheck: the TIMECOP
//! method of SUPERCOP (Moritz Neikes, 2014) and of BoringSSL's constant-time validation
//! (Adam Langley's ctgrind, 2010).
//!
//! Every case below computes its result twice: once on public inputs (the reference), then
//! with every secret marked *undefined* ([`secret`], `VALGRIND_MAKE_MEM_UNDEFINED`). Memcheck
//! reports any conditional jump, memory address or system-call argument computed from
//! undefined bytes, so a clean run under `valgrind --error-exitcode=1` means no branch and no
//! table index of the keyed code depends on a secret. The result is marked defined again
//! ([`public`]) before the harness compares it with the reference. The few values wegman
//! reveals on purpose are declassified at the one place the library reveals them
//! (`wegman_arch::ct::declassify`): whether a key is valid, whether a tag matched, whether a
//! field element is zero for `inv` (documented), whether `z² + z = c` has roots, and whether a
//! scalar multiple is the identity.
//!
//! Functions that must take variable time are named `*_vartime` and are left out here by
//! name: `Field::inv_vartime`, `pow_vartime`, `half_trace_vartime`, `solve_vartime`,
//! `Curve::mul_vartime`, `mul_wnaf_vartime`, `mul_halve_vartime`, `halve_vartime`,
//! `is_on_curve_vartime`. Public inputs (messages, nonces, peer points, the modulus, the curve)
//! are never marked.
//!
//! Each case runs on every backend of its algorithm that this CPU (under valgrind: what
//! valgrind emulates, up to AVX2, PCLMULQDQ and AES-NI) can run; `run` reports the others as
//! skipped. Run it as `valgrind --error-exitcode=1 target/ctgrind/release/wegman-ctgrind` after
//! `cargo build --release -p wegman-ctgrind --features valgrind` (docs/security.md).

use std::fmt::Write as _;

use wegman_arch::ct;
use wegman_ec::{
    BatchLadder, Curve, CurveField, CurveId, Nb, NistPb, Point, Scalar, SecretKey, SlicedBasis,
    SsrfPb,
};
use wegman_gf2::gnb::sliced::Multiplier;
use wegman_gf2::sliced::pb::SlicedPb;
use wegman_gf2::{Element, Field, Gnb, Modulus, NbElement};
use wegman_mac::hash127::{Hash127AesKey, Hash127Key};
use wegman_mac::hash256::{Auth256Key, DEFAULT_CACHE_LIMIT, Encoding};
use wegman_mac::poly1305::{Poly1305, Poly1305AesKey};
use wegman_testkit::Rng;
use wegman_wg::{Product, Wg29, Wg29Batch};

/// Marks the bytes of `x` secret (undefined to memcheck).
pub fn secret<T: ?Sized>(x: &T) {
    ct::poison(x);
}

/// Returns `x` marked public (defined) again: for results, before they are compared.
pub fn public<T: Copy>(x: T) -> T {
    ct::declassify(x)
}

/// Marks a vector's contents public in place.
fn public_vec<T>(v: Vec<T>) -> Vec<T> {
    ct::unpoison(v.as_slice());
    v
}

/// One check: a name and a function that runs it and says which backends it covered and
/// which it skipped (this CPU, or valgrind, lacks them).
#[derive(Debug)]
pub struct Case {
    /// `area/what`, e.g. `mac/poly1305`.
    pub name: &'static str,
    /// Runs the case; panics on a wrong result.
    pub run: fn(&mut Report),
}

/// What a case covered.
#[derive(Debug, Default)]
pub struct Report {
    /// Backends (or variants) the case ran on.
    pub covered: Vec<String>,
    /// Backends it could not run here.
    pub skipped: Vec<String>,
}

impl Report {
    fn cover(&mut self, what: impl std::fmt::Display) {
        self.covered.push(what.to_string());
    }

    fn skip(&mut self, what: impl std::fmt::Display) {
        self.skipped.push(what.to_string());
    }
}

/// The backends of `$B` this run covers: available on this CPU and not above the tier cap
/// (`WEGMAN_BACKEND`); the others are reported as skipped, with the reason.
macro_rules! runnable {
    ($r:expr, $B:ty) => {{
        let mut v = Vec::new();
        for &b in <$B>::ALL {
            if !b.is_available() {
                $r.skip(format!("{b} (not on this CPU)"));
            } else if wegman_arch::Tier::of_features(b.features()) > wegman_arch::tier_cap() {
                $r.skip(format!("{b} (above WEGMAN_BACKEND)"));
            } else {
                v.push(b);
            }
        }
        v
    }};
}

/// Every case, in a fixed order.
pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "mac/poly1305",
            run: poly1305,
        },
        Case {
            name: "mac/poly1305-aes",
            run: poly1305_aes,
        },
        Case {
            name: "mac/hash127",
            run: hash127,
        },
        Case {
            name: "mac/hash127-aes",
            run: hash127_aes,
        },
        Case {
            name: "mac/auth256",
            run: auth256,
        },
        Case {
            name: "mac/auth256-2l",
            run: auth256_2l,
        },
        Case {
            name: "mac/auth256-pb",
            run: auth256_pb,
        },
        Case {
            name: "mac/pieces",
            run: pieces,
        },
        Case {
            name: "gf2/field",
            run: field,
        },
        Case {
            name: "gf2/gnb",
            run: gnb,
        },
        Case {
            name: "gf2/sliced-pb",
            run: sliced_pb,
        },
        Case {
            name: "ec/ladder-base-ecdh",
            run: ec_single,
        },
        Case {
            name: "ec/ecdsa-sign",
            run: ecdsa_sign,
        },
        Case {
            name: "ec/batch",
            run: ec_batch,
        },
        Case {
            name: "wg/wg29",
            run: wg29,
        },
    ]
}

/// A deliberately leaky function: a table lookup at a secret index (the classic AES T-table
/// leak). `wegman-ctgrind --selftest-leak` runs it so that CI can check memcheck *does*
/// report it: the check can fail.
pub fn leaky_selftest() -> u8 {
    let table: [u8; 256] = std::array::from_fn(|i| (i as u8).rotate_left(3) ^ 0x63);
    let table = std::hint::black_box(table);
    let key = std::hint::black_box([0x5au8; 16]);
    secret(&key);
    let mut acc = 0u8;
    for &b in &key {
        acc ^= table[usize::from(b)];
    }
    public(acc)
}

/// Message lengths for the MACs: empty, around one block, around several vector strides.
const LENGTHS: [usize; 9] = [0, 1, 15, 16, 17, 63, 64, 257, 1500];

/// Feeds `msg` in chunks of 1, 7, 16, 100, ... bytes (streaming against one-shot).
/// The public tag of `msg` fed in uneven [`chunks`] to the MAC that `start` begins.
macro_rules! streamed {
    ($start:expr, $msg:expr) => {{
        let mut m = $start;
        for c in chunks($msg) {
            m.update(c);
        }
        public(m.finalize().into_bytes())
    }};
}

fn chunks(msg: &[u8]) -> impl Iterator<Item = &[u8]> {
    let sizes = [1usize, 7, 16, 100, 33, 1024];
    let mut at = 0;
    let mut i = 0;
    std::iter::from_fn(move || {
        if at >= msg.len() {
            return None;
        }
        let n = sizes[i % sizes.len()].min(msg.len() - at);
        i += 1;
        at += n;
        Some(&msg[at - n..at])
    })
}

fn poly1305(r: &mut Report) {
    use wegman_mac::poly1305::Backend;
    let mut rng = Rng::new(1305);
    for b in runnable!(r, Backend) {
        r.cover(b);
        for len in LENGTHS {
            let key: [u8; 32] = rng.array();
            let msg = rng.bytes(len);
            let want = Poly1305::with_backend(&key, b)
                .expect("backend is available")
                .mac_stream(&msg);
            let k = key;
            secret(&k);
            let tag = streamed!(
                Poly1305::with_backend(&k, b).expect("backend is available"),
                &msg
            );
            assert_eq!(tag, want, "poly1305 {b} len {len}");
            let mut m = Poly1305::with_backend(&k, b).expect("backend is available");
            m.update(&msg);
            assert!(m.verify(&want).is_ok());
            let mut wrong = want;
            wrong[len % 16] ^= 1;
            let mut m = Poly1305::with_backend(&k, b).expect("backend is available");
            m.update(&msg);
            assert!(m.verify(&wrong).is_err());
        }
    }
}

/// One-shot helper so the reference does not go through the chunked path.
trait MacStream {
    fn mac_stream(self, msg: &[u8]) -> [u8; 16];
}

impl MacStream for Poly1305 {
    fn mac_stream(mut self, msg: &[u8]) -> [u8; 16] {
        self.update(msg);
        self.finalize().into_bytes()
    }
}

fn poly1305_aes(r: &mut Report) {
    use wegman_mac::poly1305::Backend;
    let mut rng = Rng::new(0xae5);
    for b in runnable!(r, Backend) {
        r.cover(b);
        for len in LENGTHS {
            let (key, nonce, msg, want, sk) = poly1305_aes_case(&mut rng, b, len);
            let tag = streamed!(sk.start(&nonce), &msg);
            assert_eq!(tag, want);
            assert!(sk.verify(&nonce, &msg, &want).is_ok());
            let mut wrong = want;
            wrong[15] ^= 0x80;
            assert!(sk.verify(&nonce, &msg, &wrong).is_err());
            let mut bad = key;
            bad[16 + 3] |= 0x10;
            secret(&bad);
            assert!(Poly1305AesKey::with_backend(&bad, b).is_err());
        }
    }
}

/// A random clamped Poly1305-AES key, nonce and `len`-byte message; the tag computed from
/// public data; and the key set up again from bytes marked secret (key setup checks the clamp
/// bits: only valid/invalid is revealed).
fn poly1305_aes_case(
    rng: &mut Rng,
    b: wegman_mac::poly1305::Backend,
    len: usize,
) -> ([u8; 32], [u8; 16], Vec<u8>, [u8; 16], Poly1305AesKey) {
    let mut key: [u8; 32] = rng.array();
    Poly1305AesKey::clamp_key_bytes(&mut key);
    let nonce: [u8; 16] = rng.array();
    let msg = rng.bytes(len);
    let want = Poly1305AesKey::with_backend(&key, b)
        .expect("backend is available")
        .mac(&nonce, &msg)
        .into_bytes();
    let k = key;
    secret(&k);
    let sk = Poly1305AesKey::with_backend(&k, b).expect("backend is available");
    (key, nonce, msg, want, sk)
}

fn hash127(r: &mut Report) {
    use wegman_mac::hash127::Backend;
    let mut rng = Rng::new(127);
    for b in runnable!(r, Backend) {
        r.cover(b);
        for len in LENGTHS.into_iter().chain([4 * 96 * 3 + 5]) {
            let words = [0i32; 4].map(|_| rng.next_u64() as i32);
            let pad = [0i32; 4].map(|_| rng.next_u64() as i32);
            let msg = rng.bytes(len);
            let want = Hash127Key::with_backend(words, b)
                .expect("backend is available")
                .hash_bytes(&msg, pad);
            let (w, p) = (words, pad);
            secret(&w);
            secret(&p);
            let key = Hash127Key::with_backend(w, b).expect("backend is available");
            assert_eq!(
                public(key.hash_bytes(&msg, p)),
                want,
                "hash127 {b} len {len}"
            );
            let mut h = key.hasher();
            for c in chunks(&msg) {
                h.update(c);
            }
            assert_eq!(public(h.finalize(p)), want);
        }
    }
}

fn hash127_aes(r: &mut Report) {
    r.cover("detected");
    let mut rng = Rng::new(0x127ae5);
    for len in LENGTHS {
        let key: [u8; 32] = rng.array();
        let nonce: [u8; 16] = rng.array();
        let msg = rng.bytes(len);
        let want = Hash127AesKey::new(&key).mac(&nonce, &msg).into_bytes();
        let k = key;
        secret(&k);
        let sk = Hash127AesKey::new(&k);
        let tag = streamed!(sk.start(&nonce), &msg);
        assert_eq!(tag, want);
        assert!(sk.verify(&nonce, &msg, &want).is_ok());
        let mut wrong = want;
        wrong[0] ^= 1;
        assert!(sk.verify(&nonce, &msg, &wrong).is_err());
    }
}

fn auth256(r: &mut Report) {
    use wegman_mac::hash256::Backend;
    let mut rng = Rng::new(256);
    for b in runnable!(r, Backend) {
        r.cover(b);
        for enc in [Encoding::B1, Encoding::B8, Encoding::B256] {
            for len in [0usize, 1, 31, 32, 33, 64, 200, 1100] {
                let key: [u8; 32] = rng.array();
                let nonce: [u8; 12] = rng.array();
                let msg = rng.bytes(len);
                let reference = Auth256Key::with_options(&key, b, DEFAULT_CACHE_LIMIT)
                    .expect("backend is available");
                let mut m = reference.start_with(&nonce, enc);
                m.update(&msg);
                let want = m.finalize().into_bytes();
                let k = key;
                secret(&k);
                let sk = Auth256Key::with_options(&k, b, DEFAULT_CACHE_LIMIT)
                    .expect("backend is available");
                let tag = streamed!(sk.start_with(&nonce, enc), &msg);
                assert_eq!(tag, want, "auth256 {b} {enc:?}");
                let mut m = sk.start_with(&nonce, enc);
                m.update(&msg);
                assert!(m.verify(&want).is_ok());
                let mut m = sk.start_with(&nonce, enc);
                m.update(&msg);
                let short = public(m.finalize128().into_bytes());
                assert_eq!(short[..], want[..16]);
                let mut wrong = want;
                wrong[31] ^= 1;
                let mut m = sk.start_with(&nonce, enc);
                m.update(&msg);
                assert!(m.verify(&wrong).is_err());
            }
        }
    }
}

/// `auth256-2l` under a secret key, every encoding, across two chunks (the τ product), the
/// threaded update, and a piece joined after the first chunk.
fn auth256_2l(r: &mut Report) {
    use wegman_mac::hash256::{Auth256TwoLevelKey, Backend, CHUNK};
    let mut rng = Rng::new(0x21);
    for b in runnable!(r, Backend) {
        r.cover(b);
        for enc in [Encoding::B1, Encoding::B256] {
            let key: [u8; 32] = rng.array();
            let nonce: [u8; 12] = rng.array();
            let msg = rng.bytes(2 * CHUNK + 100);
            let want = Auth256TwoLevelKey::with_backend(&key, b)
                .expect("backend is available")
                .mac_with(&nonce, enc, &msg)
                .into_bytes();
            let k = key;
            secret(&k);
            let sk = Auth256TwoLevelKey::with_backend(&k, b).expect("backend is available");
            let tag = streamed!(sk.start_with(&nonce, enc), &msg);
            assert_eq!(tag, want, "auth256-2l {b} {enc:?}");
            let mut m = sk.start_with(&nonce, enc);
            m.update(&msg[..CHUNK]);
            let mut p = sk.piece_at(enc, CHUNK as u64).expect("a chunk boundary");
            p.update(&msg[CHUNK..]);
            let p = sk.piece_from_bytes(&p.to_bytes()).expect("its own blob");
            m.absorb(p).expect("the piece follows");
            assert!(m.verify(&want).is_ok());
        }
    }
}

/// `auth256-pb` under a secret key: short messages (the pad pair), across two chunks (the τ
/// product), the threaded update, and a piece joined after the first chunk through its blob.
fn auth256_pb(r: &mut Report) {
    use wegman_mac::hash256::{Auth256PbKey, CHUNK, PbBackend};
    let mut rng = Rng::new(0x9b);
    for b in runnable!(r, PbBackend) {
        r.cover(b);
        for len in [0usize, 1, 63, 64, 65, 200, 2 * CHUNK + 100] {
            let key: [u8; 32] = rng.array();
            let nonce: [u8; 12] = rng.array();
            let msg = rng.bytes(len);
            let want = Auth256PbKey::with_backend(&key, b)
                .expect("backend is available")
                .mac(&nonce, &msg)
                .into_bytes();
            let k = key;
            secret(&k);
            let sk = Auth256PbKey::with_backend(&k, b).expect("backend is available");
            let tag = streamed!(sk.start(&nonce), &msg);
            assert_eq!(tag, want, "auth256-pb {b} {len}");
            let mut wrong = want;
            wrong[0] ^= 1;
            let mut m = sk.start(&nonce);
            m.update(&msg);
            assert!(m.verify(&wrong).is_err());
            if len > CHUNK {
                let mut m = sk.start(&nonce);
                m.update(&msg[..CHUNK]);
                let mut p = sk.piece_at(CHUNK as u64).expect("a chunk boundary");
                p.update(&msg[CHUNK..]);
                let p = sk.piece_from_bytes(&p.to_bytes()).expect("its own blob");
                m.absorb(p).expect("the piece follows");
                assert!(m.verify(&want).is_ok());
            }
        }
    }
}

/// Pieces hashed under a secret key, serialised (the blob is secret), read back, joined out
/// of order into a stream: Auth256 (every encoding) and Poly1305-AES; hash127 pieces in order.
fn pieces(r: &mut Report) {
    let mut rng = Rng::new(0x91ece);
    {
        use wegman_mac::hash256::Backend;
        for b in runnable!(r, Backend) {
            r.cover(format!("auth256 {b}"));
            for enc in [Encoding::B1, Encoding::B8, Encoding::B256] {
                let key: [u8; 32] = rng.array();
                let nonce: [u8; 12] = rng.array();
                let u = enc.unit();
                let msg = rng.bytes(3 * u + 40);
                let want = Auth256Key::with_options(&key, b, DEFAULT_CACHE_LIMIT)
                    .expect("backend is available")
                    .start_with(&nonce, enc)
                    .tap_update(&msg)
                    .finalize()
                    .into_bytes();
                let k = key;
                secret(&k);
                let sk = Auth256Key::with_options(&k, b, DEFAULT_CACHE_LIMIT)
                    .expect("backend is available");
                let mut blobs = Vec::new();
                for (lo, hi) in [(u, msg.len()), (0, u)] {
                    let mut p = sk.piece_at(enc, lo as u64).unwrap();
                    p.update(&msg[lo..hi]);
                    blobs.push(p.to_bytes());
                }
                let mut m = sk.start_with(&nonce, enc);
                let second = sk.piece_from_bytes(&blobs[0]).unwrap();
                let first = sk.piece_from_bytes(&blobs[1]).unwrap();
                m.absorb(first).unwrap();
                m.absorb(second).unwrap();
                assert_eq!(
                    public(m.finalize().into_bytes()),
                    want,
                    "auth256 pieces {b} {enc:?}"
                );
            }
        }
    }
    {
        use wegman_mac::poly1305::Backend;
        for b in runnable!(r, Backend) {
            r.cover(format!("poly1305-aes {b}"));
            let (_, nonce, msg, want, sk) = poly1305_aes_case(&mut rng, b, 300);
            let mut m = sk.start(&nonce);
            for (lo, hi) in [(0, 7), (7, 100), (100, 300)] {
                let mut p = sk.piece_at(lo as u64);
                p.update(&msg[lo..hi]);
                let blob = p.to_bytes();
                m.absorb(sk.piece_from_bytes(&blob).unwrap()).unwrap();
            }
            assert_eq!(
                public(m.finalize().into_bytes()),
                want,
                "poly1305-aes pieces {b}"
            );
        }
    }
    {
        use wegman_mac::hash127::Backend;
        for b in runnable!(r, Backend) {
            r.cover(format!("hash127 {b}"));
            let words = [0i32; 4].map(|_| rng.next_u64() as i32);
            let msg = rng.bytes(1003);
            let want = Hash127Key::with_backend(words, b)
                .expect("backend is available")
                .hash_bytes(&msg, [0; 4]);
            let w = words;
            secret(&w);
            let sk = Hash127Key::with_backend(w, b).expect("backend is available");
            let mut m = sk.hasher();
            for (lo, hi) in [(0, 8), (8, 400), (400, 1003)] {
                let mut p = sk.piece_at(lo as u64).unwrap();
                p.update(&msg[lo..hi]);
                let blob = p.to_bytes();
                m.absorb(sk.piece_from_bytes(&blob).unwrap()).unwrap();
            }
            assert_eq!(public(m.finalize([0; 4])), want, "hash127 pieces {b}");
        }
    }
}

/// `update` that returns the stream, for one-line references.
trait TapUpdate {
    fn tap_update(self, msg: &[u8]) -> Self;
}

impl TapUpdate for wegman_mac::hash256::Auth256<'_> {
    fn tap_update(mut self, msg: &[u8]) -> Self {
        self.update(msg);
        self
    }
}

/// A random element of `f` from public data.
fn elem(f: &Field, rng: &mut Rng) -> Element {
    f.element(&rng.limbs(f.degree())).unwrap()
}

/// The moduli the field case covers: NIST pentanomials and a trinomial, a square-root-friendly
/// modulus, and a one-limb field.
fn field_moduli() -> Vec<Modulus> {
    let mut v: Vec<Modulus> = ["163,7,6,3,0", "233,74,0", "571,10,5,2,0", "127,1,0"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    v.push(wegman_gf2::ssrf_modulus(163).unwrap().0);
    v
}

fn field(r: &mut Report) {
    use wegman_gf2::Backend;
    let mut rng = Rng::new(2);
    for b in runnable!(r, Backend) {
        r.cover(b);
        for modulus in field_moduli() {
            let f = Field::with_backend(modulus, b).unwrap();
            let m = f.degree();
            let pubs: Vec<Element> = (0..6).map(|_| elem(&f, &mut rng)).collect();
            let e = rng.limbs(m);
            let want = field_ops(&f, &pubs, &e);
            let secs = pubs.clone();
            let es = e.clone();
            secret(secs.as_slice());
            secret(es.as_slice());
            let got = field_ops(&f, &secs, &es);
            assert_eq!(public_vec(got), want, "field {} on {b}", f.modulus());
        }
    }
}

/// Every constant-time operation of `Field` on the inputs, results in a vector.
fn field_ops(f: &Field, a: &[Element], e: &[u64]) -> Vec<Element> {
    let mut out = vec![
        f.mul(&a[0], &a[1]),
        f.sqr(&a[0]),
        f.sqr_n(&a[1], 7),
        f.pow(&a[2], e),
        f.sqrt(&a[3]),
        f.add(&a[0], &a[4]),
    ];
    // `inv` reveals only whether its argument is zero (declassified in the library).
    out.push(f.inv(&a[4]).unwrap_or(Element::ZERO));
    out.push(f.inv(&Element::ZERO).unwrap_or(Element::ONE));
    let t = public(f.trace(&a[5]));
    out.push(f.element(&[u64::from(t)]).unwrap());
    if let Ok(h) = f.half_trace(&a[5]) {
        out.push(h);
    }
    // `solve` reveals whether roots exist (Tr(c) = 0); the root itself stays secret.
    for c in [a[5], f.sqr(&a[0]) + a[0]] {
        match f.solve(&c) {
            Some((z0, z1)) => out.extend([z0, z1]),
            None => out.push(Element::ONE),
        }
    }
    let mut prod = vec![Element::ZERO; a.len()];
    let rot: Vec<Element> = a.iter().cycle().skip(1).take(a.len()).copied().collect();
    f.mul_slice(&mut prod, a, &rot).unwrap();
    out.extend_from_slice(&prod);
    f.sqr_slice(&mut prod, a).unwrap();
    out.extend_from_slice(&prod);
    if f.sqrt_slice(&mut prod, a).is_ok() {
        out.extend_from_slice(&prod);
    }
    f.inv_slice(&mut prod, a).unwrap();
    out.extend_from_slice(&prod);
    out
}

fn gnb(r: &mut Report) {
    use wegman_gf2::gnb::sliced::SlicedBackend as Backend;
    let mut rng = Rng::new(3);
    for b in runnable!(r, Backend) {
        r.cover(b);
        for m in [29u32, 163, 233] {
            let g = Gnb::with_type(m, None).unwrap().with_backend(b).unwrap();
            let pubs: Vec<NbElement> = (0..6).map(|_| g.element(&rng.limbs(m)).unwrap()).collect();
            let e = rng.limbs(m);
            let want = gnb_ops(&g, &pubs, &e);
            let secs = pubs.clone();
            let es = e.clone();
            secret(secs.as_slice());
            secret(es.as_slice());
            let got = gnb_ops(&g, &secs, &es);
            assert_eq!(public_vec(got), want, "gnb {m} on {b}");
        }
    }
}

/// Every constant-time operation of `Gnb` on the inputs, results in a vector.
fn gnb_ops(g: &Gnb, a: &[NbElement], e: &[u64]) -> Vec<NbElement> {
    let mut out = vec![
        g.mul(&a[0], &a[1]),
        g.sqr(&a[0]),
        g.sqr_n(&a[1], 5),
        g.sqrt(&a[2]),
        g.pow(&a[3], e),
        g.half_trace(&a[4]),
        g.add(&a[0], &a[5]),
    ];
    out.push(g.inv(&a[5]).unwrap_or(g.one()));
    let t = public(g.trace(&a[4]));
    out.push(if t == 1 { g.one() } else { g.add(&a[0], &a[0]) });
    match g.solve(&a[4]) {
        Some((z0, z1)) => out.extend([z0, z1]),
        None => out.push(g.one()),
    }
    let rot: Vec<NbElement> = a.iter().cycle().skip(1).take(a.len()).copied().collect();
    let mut c = vec![g.one(); a.len()];
    for mult in Multiplier::ALL {
        if g.check_multiplier(mult).is_ok() {
            g.mul_batch_with(mult, a, &rot, &mut c).unwrap();
            out.extend_from_slice(&c);
        }
    }
    g.sqr_batch(a, &mut c).unwrap();
    out.extend_from_slice(&c);
    g.sqrt_batch(a, &mut c).unwrap();
    out.extend_from_slice(&c);
    let mut traces = vec![0u8; a.len()];
    g.trace_batch(a, &mut traces).unwrap();
    for t in public_vec(traces) {
        out.push(if t == 1 { g.one() } else { g.add(&a[0], &a[0]) });
    }
    out
}

fn sliced_pb(r: &mut Report) {
    use wegman_gf2::sliced::SlicedBackend as Backend;
    let mut rng = Rng::new(4);
    for b in runnable!(r, Backend) {
        r.cover(b);
        for modulus in field_moduli() {
            let s = SlicedPb::new(modulus).with_backend(b).unwrap();
            let f = Field::new(modulus);
            let n = b.lanes() + 3;
            let a: Vec<Element> = (0..n).map(|_| elem(&f, &mut rng)).collect();
            let c: Vec<Element> = (0..n).map(|_| elem(&f, &mut rng)).collect();
            let run = |a: &[Element], c: &[Element]| {
                let mut p = vec![Element::ZERO; n];
                let mut q = vec![Element::ZERO; n];
                s.mul_batch(a, c, &mut p).unwrap();
                s.sqr_batch(a, &mut q).unwrap();
                p.extend(q);
                p
            };
            let want = run(&a, &c);
            secret(a.as_slice());
            secret(c.as_slice());
            assert_eq!(public_vec(run(&a, &c)), want, "sliced pb {modulus} on {b}");
        }
    }
}

/// A random scalar in [1, n − 1] of `curve` (public until marked).
fn scalar<F: CurveField>(curve: &Curve<F>, rng: &mut Rng) -> Scalar {
    loop {
        let d = Scalar::from_limbs(&rng.limbs(curve.order_bits()));
        if SecretKey::from_scalar(curve, d).is_ok() {
            return d;
        }
    }
}

/// Scalar multiplications on one curve: the ladder (of a public point and of the point of
/// order 2), the fixed-base table, ECDH and its cofactor variant.
fn ec_curve<F: CurveField>(curve: &Curve<F>, rng: &mut Rng) {
    let d = scalar(curve, rng);
    let e = scalar(curve, rng);
    // The peer's public point, from public data.
    let q = curve.mul_vartime(
        &e,
        &Point::Affine {
            x: curve.generator().0,
            y: curve.generator().1,
        },
    );
    let run = |d: &Scalar, edge: &Scalar| -> (Vec<Point<F::Elem>>, Vec<Vec<u8>>) {
        let sk = SecretKey::from_scalar(curve, *d).unwrap();
        let points = vec![
            curve.mul_ladder(d, &q),
            curve.mul_base(d),
            sk.public_key(curve),
            curve.mul_ladder(edge, &q),
            curve.mul_base(edge),
        ];
        let shared = vec![
            sk.diffie_hellman(curve, &q).unwrap(),
            sk.diffie_hellman_cofactor(curve, &q).unwrap(),
        ];
        (points, shared)
    };
    // Edge scalars: 0, 1, n − 1 (the ladder's and the table's exceptional cases).
    let n_minus_1 = {
        let mut l = *curve.order().limbs();
        l[0] -= 1;
        Scalar::from_limbs(&l)
    };
    for edge in [Scalar::ZERO, Scalar::from_limbs(&[1]), n_minus_1] {
        let (want, want_shared) = run(&d, &edge);
        let (ds, es) = (d, edge);
        secret(&ds);
        secret(&es);
        let (got, shared) = run(&ds, &es);
        let got: Vec<Point<F::Elem>> = got.into_iter().map(public).collect();
        let shared: Vec<Vec<u8>> = shared.into_iter().map(public_vec).collect();
        assert!(
            want.iter().zip(&got).all(|(a, b)| curve.points_equal(a, b)),
            "{:?}",
            curve.id()
        );
        assert_eq!(shared, want_shared, "{:?}", curve.id());
    }
    // A secret key outside [1, n − 1] is refused; only that is revealed.
    let zero = Scalar::ZERO;
    secret(&zero);
    assert!(SecretKey::from_scalar(curve, zero).is_err());
}

fn ec_single(r: &mut Report) {
    let mut rng = Rng::new(5);
    for id in CurveId::ALL {
        let c = Curve::new(id, NistPb::new).unwrap();
        ec_curve(&c, &mut rng);
        r.cover(format!("{}:nist", id.params().name));
    }
    for id in [CurveId::Sect163k1, CurveId::Sect233r1] {
        ec_curve(&Curve::new(id, SsrfPb::new).unwrap(), &mut rng);
        r.cover(format!("{}:ssrf", id.params().name));
        ec_curve(&Curve::new(id, Nb::new).unwrap(), &mut rng);
        r.cover(format!("{}:nb", id.params().name));
    }
}

/// ECDSA signing with the private key secret: the RFC 6979 nonce (HMAC-DRBG over d), k·G by
/// the table, k⁻¹ and s = k⁻¹(e + r·d) mod n; r and s are the public output.
fn ecdsa_sign(r: &mut Report) {
    let mut rng = Rng::new(7);
    for id in [CurveId::Sect163k1, CurveId::Sect283k1, CurveId::Sect571r1] {
        ecdsa_curve(&Curve::new(id, NistPb::new).unwrap(), &mut rng);
        r.cover(format!("{}:nist", id.params().name));
    }
    ecdsa_curve(
        &Curve::new(CurveId::Sect233r1, SsrfPb::new).unwrap(),
        &mut rng,
    );
    r.cover("sect233r1:ssrf");
}

fn ecdsa_curve<F: CurveField>(curve: &Curve<F>, rng: &mut Rng) {
    use wegman_ecdsa::{HashAlg, SigningKey};
    let sign = |d: &[u8]| {
        let k = SigningKey::from_bytes(curve, d).unwrap();
        let s = k.sign_with(HashAlg::Sha256, b"public message");
        let t = k.sign_with_extra(HashAlg::Sha384, b"m", b"extra").unwrap();
        (s.to_der(), t.to_fixed())
    };
    // A key below 2^(8·len − 7) < n, not zero.
    let mut d = vec![0u8; curve.order_bits().div_ceil(8) as usize];
    for b in d.iter_mut() {
        *b = rng.next_u64() as u8;
    }
    d[0] &= 1;
    d[1] |= 1;
    let want = sign(&d);
    secret(d.as_slice());
    let (der, fixed) = sign(&d);
    assert_eq!(
        (public_vec(der), public_vec(fixed)),
        want,
        "{:?}",
        curve.id()
    );
}

fn ec_batch(r: &mut Report) {
    use wegman_gf2::sliced::SlicedBackend as Backend;
    let mut rng = Rng::new(6);
    for b in runnable!(r, Backend) {
        let jobs: [(CurveId, SlicedBasis); 3] = [
            (CurveId::Sect163k1, SlicedBasis::Polynomial),
            (CurveId::Sect283r1, SlicedBasis::Polynomial),
            (CurveId::Sect163r2, SlicedBasis::Normal(Multiplier::Xesmpo)),
        ];
        for (id, basis) in jobs {
            let curve = Curve::new(id, NistPb::new).unwrap();
            let ladder = BatchLadder::with_backend(id, basis, b).unwrap();
            let n = b.lanes().min(64) + 1;
            let g = Point::Affine {
                x: curve.generator().0,
                y: curve.generator().1,
            };
            let mut ks: Vec<Scalar> = (0..n).map(|_| scalar(&curve, &mut rng)).collect();
            ks[1] = Scalar::ZERO;
            let ps: Vec<Point<Element>> = (0..n)
                .map(|i| {
                    if i == 2 {
                        Point::Infinity
                    } else {
                        curve.mul_vartime(&Scalar::from_limbs(&[i as u64 + 3]), &g)
                    }
                })
                .collect();
            let want: Vec<Point<Element>> = ks
                .iter()
                .zip(&ps)
                .map(|(k, p)| curve.mul_ladder(k, p))
                .collect();
            secret(ks.as_slice());
            let got = curve.mul_batch_with(&ladder, &ks, &ps).unwrap();
            let got: Vec<Point<Element>> = got.into_iter().map(public).collect();
            assert!(want.iter().zip(&got).all(|(a, c)| curve.points_equal(a, c)));
            if matches!(basis, SlicedBasis::Polynomial) && b == Backend::detect() {
                // Batched ECDH runs the detected backend's polynomial-basis ladder.
                let sks: Vec<SecretKey> = (0..n)
                    .map(|_| SecretKey::from_scalar(&curve, scalar(&curve, &mut rng)).unwrap())
                    .collect();
                let want: Vec<Vec<u8>> = sks
                    .iter()
                    .zip(&ps)
                    .filter(|(_, p)| !matches!(p, Point::Infinity))
                    .map(|(k, p)| k.diffie_hellman(&curve, p).unwrap())
                    .collect();
                for k in &sks {
                    secret(k);
                }
                let pairs: Vec<(&SecretKey, &Point<Element>)> = sks
                    .iter()
                    .zip(&ps)
                    .filter(|(_, p)| !matches!(p, Point::Infinity))
                    .collect();
                let got: Vec<Vec<u8>> = wegman_ec::ecdh::diffie_hellman_batch(&curve, &pairs)
                    .into_iter()
                    .map(|x| public_vec(x.unwrap()))
                    .collect();
                assert_eq!(got, want);
            }
            r.cover(format!("{}:{basis:?}:{b}", id.params().name));
        }
    }
}

fn wg29(r: &mut Report) {
    use wegman_gf2::gnb::sliced::SlicedBackend as Backend;
    let mut rng = Rng::new(29);
    r.cover("serial");
    for (klen, ivlen) in [(10usize, 4usize), (16, 8), (12, 4)] {
        let key = rng.bytes(klen);
        let iv = rng.bytes(ivlen);
        let mut want = vec![0u8; 40];
        Wg29::new(&key, &iv).unwrap().keystream(&mut want);
        secret(key.as_slice());
        let mut got = vec![0u8; 40];
        Wg29::new(&key, &iv).unwrap().keystream(&mut got);
        assert_eq!(public_vec(got), want);
    }
    for b in runnable!(r, Backend) {
        let products = [Product::NingYin29, Product::Gnb(Multiplier::Xesmpo)];
        for product in products {
            r.cover(format!("{b}:{product}"));
            let n = b.lanes() + 1;
            let pairs: Vec<(Vec<u8>, Vec<u8>)> = (0..n)
                .map(|i| {
                    (
                        rng.bytes([10, 12, 16][i % 3]),
                        rng.bytes(if i % 2 == 0 { 4 } else { 8 }),
                    )
                })
                .collect();
            let want = Wg29Batch::with_backend(b, Some(product), &pairs)
                .unwrap()
                .unwrap()
                .keystream_vec(24);
            for (k, _) in &pairs {
                secret(k.as_slice());
            }
            let got = Wg29Batch::with_backend(b, Some(product), &pairs)
                .unwrap()
                .unwrap()
                .keystream_vec(24);
            let got: Vec<Vec<u8>> = got.into_iter().map(public_vec).collect();
            assert_eq!(got, want, "wg29 batch {b} {product}");
        }
    }
}

/// Runs every case whose name contains one of `filters` (all if empty); returns one summary
/// line per case.
pub fn run(filters: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    for case in cases() {
        if !filters.is_empty() && !filters.iter().any(|f| case.name.contains(f.as_str())) {
            continue;
        }
        let mut report = Report::default();
        (case.run)(&mut report);
        let mut line = format!("{}: ok on {}", case.name, report.covered.join(", "));
        if !report.skipped.is_empty() {
            let _ = write!(line, "; skipped: {}", report.skipped.join(", "));
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_case_runs_and_agrees_with_its_reference() {
        let lines = super::run(&[]);
        assert_eq!(lines.len(), super::cases().len());
    }

    #[test]
    fn the_leaky_selftest_runs() {
        assert_eq!(super::leaky_selftest(), 0);
    }
}
