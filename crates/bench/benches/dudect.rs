//! dudect (Reparaz, Balasch and Verbauwhede, "Dude, is my code constant time?", DATE 2017):
//! Welch's t-test between the running times of a keyed operation on one fixed secret (class
//! Left) and on fresh random secrets (class Right), with the public inputs the same in both.
//! |t| above 4.5 is evidence of a timing difference; below it, none was found with this many
//! samples. A report, not a gate (docs/security.md records the numbers): the valgrind check
//! (crates/ctgrind) is what CI enforces.
//!
//! `cargo bench -p wegman-bench --bench dudect` runs each bench once; `-- NAME` only those
//! whose names contain NAME; `-- --continuous NAME` keeps sampling the first match until
//! interrupted. Seeds are fixed, so the inputs are the same on every run.

use dudect_bencher::ctbench::{BenchMetadata, BenchName, BenchOpts, run_benches_console};
use dudect_bencher::rand::Rng as _;
use dudect_bencher::{BenchRng, Class, CtRunner};
use wegman_ec::{Curve, CurveId, NistPb, Point, Scalar};
use wegman_gf2::{Element, Field, Gnb};
use wegman_mac::hash127::Hash127AesKey;
use wegman_mac::hash256::Auth256Key;
use wegman_mac::poly1305::{Poly1305, Poly1305AesKey};
use wegman_wg::Wg29;

/// Samples per bench for operations of a few microseconds at most.
const CHEAP: usize = 200_000;
/// Samples for scalar multiplications (tens of microseconds each).
const DEAR: usize = 20_000;

/// The class of each sample, half and half at random.
fn classes(rng: &mut BenchRng, n: usize) -> Vec<Class> {
    (0..n)
        .map(|_| {
            if rng.next_u32() & 1 == 0 {
                Class::Left
            } else {
                Class::Right
            }
        })
        .collect()
}

fn bytes<const N: usize>(rng: &mut BenchRng) -> [u8; N] {
    let mut b = [0u8; N];
    rng.fill_bytes(&mut b);
    b
}

/// A secret per sample: the fixed one for Left, a fresh random one for Right.
fn secrets<T: Clone>(
    rng: &mut BenchRng,
    n: usize,
    fixed: T,
    mut random: impl FnMut(&mut BenchRng) -> T,
) -> Vec<(Class, T)> {
    classes(rng, n)
        .into_iter()
        .map(|c| match c {
            Class::Left => (c, fixed.clone()),
            Class::Right => (c, random(rng)),
        })
        .collect()
}

const MSG: [u8; 64] = [0x5a; 64];

fn poly1305_tag(runner: &mut CtRunner, rng: &mut BenchRng) {
    let fixed = [0u8; 32];
    for (c, key) in secrets(rng, CHEAP, fixed, bytes::<32>) {
        runner.run_one(c, || {
            let mut m = Poly1305::new(&key);
            m.update(&MSG);
            m.finalize()
        });
    }
}

fn poly1305_aes_tag(runner: &mut CtRunner, rng: &mut BenchRng) {
    let nonce = [7u8; 16];
    let valid = |rng: &mut BenchRng| {
        let mut k = bytes::<32>(rng);
        Poly1305AesKey::clamp_key_bytes(&mut k);
        k
    };
    let fixed = valid(rng);
    for (c, key) in secrets(rng, CHEAP, fixed, valid) {
        runner.run_one(c, || Poly1305AesKey::new(&key).map(|k| k.mac(&nonce, &MSG)));
    }
}

/// `n` tags of `MSG`, each under a key set up from random 32 bytes before the measurement
/// (only tagging is timed).
fn tags_under_keys<K, T>(
    runner: &mut CtRunner,
    rng: &mut BenchRng,
    n: usize,
    setup: impl Fn(&[u8; 32]) -> K,
    tag: impl Fn(&K) -> T,
) {
    let fixed = bytes::<32>(rng);
    let samples: Vec<(Class, K)> = secrets(rng, n, fixed, bytes::<32>)
        .into_iter()
        .map(|(c, k)| (c, setup(&k)))
        .collect();
    for (c, key) in &samples {
        runner.run_one(*c, || tag(key));
    }
}

fn hash127_aes_tag(runner: &mut CtRunner, rng: &mut BenchRng) {
    tags_under_keys(runner, rng, CHEAP / 4, Hash127AesKey::new, |k| {
        k.mac(&[7u8; 16], &MSG)
    });
}

fn auth256_tag(runner: &mut CtRunner, rng: &mut BenchRng) {
    tags_under_keys(runner, rng, CHEAP / 20, Auth256Key::new, |k| {
        k.mac(&[7u8; 12], &MSG)
    });
}

/// Tag comparison: the right tag (Left) against a random wrong one (Right).
fn tag_verify(runner: &mut CtRunner, rng: &mut BenchRng) {
    let mut k = bytes::<32>(rng);
    Poly1305AesKey::clamp_key_bytes(&mut k);
    let key = Poly1305AesKey::new(&k).unwrap();
    let nonce = [7u8; 16];
    let right = key.mac(&nonce, &MSG).into_bytes();
    for (c, t) in secrets(rng, CHEAP, right, bytes::<16>) {
        let tag = key.mac(&nonce, &MSG);
        runner.run_one(c, || tag.verify(&t).is_ok());
    }
}

fn elem(f: &Field, rng: &mut BenchRng) -> Element {
    let limbs: Vec<u64> = (0..f.degree().div_ceil(64))
        .map(|_| rng.next_u64())
        .collect();
    f.element_masked(&limbs)
}

/// F_2^163 operations documented as constant-time, on a fixed vs random secret element.
fn field_ops(runner: &mut CtRunner, rng: &mut BenchRng) {
    let f = Field::from_exponents("163,7,6,3,0").unwrap();
    let b = elem(&f, rng);
    let fixed = elem(&f, rng);
    for (c, a) in secrets(rng, CHEAP / 4, fixed, |r| elem(&f, r)) {
        runner.run_one(c, || {
            let i = f.inv(&a).unwrap_or(Element::ONE);
            let s = f.sqrt(&f.mul(&i, &b));
            let h = f.half_trace(&s).unwrap_or(s);
            f.pow(&h, &[0x1234_5678_9abc_def0, 0x3f])
        });
    }
}

/// The control: `Field::inv_vartime` (extended Euclid, variable-time on purpose) on the same
/// classes. A large |t| here shows the test can see a leak on this machine.
fn control_inv_vartime(runner: &mut CtRunner, rng: &mut BenchRng) {
    let f = Field::from_exponents("163,7,6,3,0").unwrap();
    // A fixed element of low degree: Euclid ends after a few steps.
    let fixed = f.element_masked(&[0x1f]);
    for (c, a) in secrets(rng, CHEAP / 4, fixed, |r| elem(&f, r)) {
        runner.run_one(c, || f.inv_vartime(&a));
    }
}

/// The same in the Gaussian normal basis of degree 163.
fn gnb_ops(runner: &mut CtRunner, rng: &mut BenchRng) {
    let g = Gnb::new(163).unwrap();
    let rnd = |r: &mut BenchRng| g.element_masked(&[r.next_u64(), r.next_u64(), r.next_u64()]);
    let b = rnd(rng);
    let fixed = rnd(rng);
    for (c, a) in secrets(rng, CHEAP / 4, fixed, rnd) {
        runner.run_one(c, || {
            let i = g.inv(&a).unwrap_or(g.one());
            g.half_trace(&g.mul(&i, &b))
        });
    }
}

fn scalar(curve: &Curve<NistPb>, rng: &mut BenchRng) -> Scalar {
    let n = curve.order().limbs();
    let bits = curve.order_bits();
    loop {
        let mut l: Vec<u64> = (0..bits.div_ceil(64)).map(|_| rng.next_u64()).collect();
        if !bits.is_multiple_of(64) {
            *l.last_mut().unwrap() &= (1u64 << (bits % 64)) - 1;
        }
        let k = Scalar::from_limbs(&l);
        if k.limbs()[..l.len()]
            .iter()
            .rev()
            .lt(n[..l.len()].iter().rev())
            && k != Scalar::ZERO
        {
            return k;
        }
    }
}

/// The Montgomery–López–Dahab ladder on sect233k1: fixed vs random scalar, same point.
fn ec_ladder(runner: &mut CtRunner, rng: &mut BenchRng) {
    let curve = Curve::new(CurveId::Sect233k1, NistPb::new).unwrap();
    let (gx, gy) = curve.generator();
    let p = curve.mul_vartime(
        &Scalar::from_limbs(&[12345]),
        &Point::Affine { x: gx, y: gy },
    );
    let fixed = scalar(&curve, rng);
    for (c, k) in secrets(rng, DEAR, fixed, |r| scalar(&curve, r)) {
        runner.run_one(c, || curve.mul_ladder(&k, &p));
    }
}

/// Fixed-base multiplication on sect233k1: fixed vs random scalar.
fn ec_base(runner: &mut CtRunner, rng: &mut BenchRng) {
    let curve = Curve::new(CurveId::Sect233k1, NistPb::new).unwrap();
    let _ = curve.mul_base(&Scalar::from_limbs(&[1]));
    let fixed = scalar(&curve, rng);
    for (c, k) in secrets(rng, DEAR, fixed, |r| scalar(&curve, r)) {
        runner.run_one(c, || curve.mul_base(&k));
    }
}

/// WG-29 key setup and 16 keystream bytes: fixed vs random 128-bit key, same IV.
fn wg29_keystream(runner: &mut CtRunner, rng: &mut BenchRng) {
    let iv = [3u8; 8];
    let fixed = bytes::<16>(rng);
    for (c, key) in secrets(rng, CHEAP / 10, fixed, bytes::<16>) {
        runner.run_one(c, || {
            let mut out = [0u8; 16];
            Wg29::new(&key, &iv).unwrap().keystream(&mut out);
            out
        });
    }
}

/// A dudect bench: it times `run_one` calls of both classes.
type Bench = fn(&mut CtRunner, &mut BenchRng);

const BENCHES: [(&str, Bench); 11] = [
    ("poly1305_tag", poly1305_tag),
    ("poly1305_aes_tag", poly1305_aes_tag),
    ("hash127_aes_tag", hash127_aes_tag),
    ("auth256_tag", auth256_tag),
    ("tag_verify", tag_verify),
    ("field_ops", field_ops),
    ("gnb_ops", gnb_ops),
    ("ec_ladder", ec_ladder),
    ("ec_base", ec_base),
    ("wg29_keystream", wg29_keystream),
    ("control_inv_vartime", control_inv_vartime),
];

fn main() {
    // `cargo bench` passes `--bench`; dudect's own argument parser would refuse it.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let opts = BenchOpts {
        continuous: args.iter().any(|a| a == "--continuous"),
        filter: args.iter().find(|a| !a.starts_with("--")).cloned(),
        ..Default::default()
    };
    let benches = BENCHES
        .iter()
        .enumerate()
        .map(|(i, &(name, benchfn))| BenchMetadata {
            name: BenchName(name),
            seed: Some(0xd0de_c700 + i as u64),
            benchfn,
        })
        .collect();
    run_benches_console(opts, benches).expect("writing the report");
}
