//! Test support shared by the wegman crates' tests (not published).
//!
//! - [`rng`]: a deterministic xorshift generator for inputs that need no cryptographic
//!   randomness (the same stream on every machine, so failures reproduce);
//! - [`patterns`]: extreme byte patterns and the lengths around block boundaries;
//! - [`gf2m`]: F_{2^m} polynomial arithmetic bit by bit (schoolbook, long division);
//! - [`tower`]: the F_4 ⊂ F_16 ⊂ F_256 tower multiplied from its defining polynomials;
//! - [`hash256`]: Hash256 / Auth256-AES from docs/spec.md §3.3, on [`tower`] and [`gf2m`]-style
//!   schoolbook polynomials (the y-basis built from ψ(x) = x² + x);
//! - [`pb256`]: `auth256-pb` from docs/spec.md §3.3.2 on [`gf2m`]'s schoolbook polynomials.
//!
//! Every reference here is written once, from the definitions, and shares no code with the
//! library crates (it depends on none of their arithmetic: only on `wegman-arch`, for the list
//! of backends a CPU runs), so a test that compares the two compares independent
//! computations.

pub mod gf2m;
pub mod hash256;
pub mod patterns;
pub mod pb256;
pub mod rng;
pub mod tower;

pub use rng::{Rng, bytes};

/// The pieces between consecutive `bounds` (made by `piece(lo, hi)`), merged as a balanced
/// binary tree (four pieces: (p0·p1)·(p2·p3)): a grouping other than left to right, for the
/// tests that merged pieces equal the one-shot tag.
///
/// # Panics
/// With fewer than two bounds.
pub fn merge_tree<P>(
    bounds: &[usize],
    piece: &mut impl FnMut(usize, usize) -> P,
    merge: &mut impl FnMut(&mut P, P),
) -> P {
    let n = bounds
        .len()
        .checked_sub(1)
        .filter(|&n| n > 0)
        .expect("two bounds");
    if n == 1 {
        return piece(bounds[0], bounds[1]);
    }
    let mid = n / 2;
    let mut left = merge_tree(&bounds[..=mid], piece, merge);
    let right = merge_tree(&bounds[mid..], piece, merge);
    merge(&mut left, right);
    left
}

/// One `#[test]` per case, each calling one checker with its own arguments:
/// `tests!(check; a: (x, 1); b: (y, 2))` is `#[test] fn a() { check(x, 1) }` and the same for
/// `b` (the per-representation tests of the curve crate).
#[macro_export]
macro_rules! tests {
    ($f:path; $($name:ident: ($($arg:expr),* $(,)?));* $(;)?) => {
        $(
            #[test]
            fn $name() {
                $f($($arg),*);
            }
        )*
    };
}

/// One blank-line-separated block of `key = value` lines (the layout of
/// `nist-binary-curves.txt` and of CAVP response files).
#[derive(Debug, Clone, Copy)]
pub struct KvBlock<'a>(&'a str);

impl KvBlock<'_> {
    /// The value of the first `key = value` line of the block.
    pub fn get(&self, key: &str) -> Option<String> {
        self.0.lines().find_map(|l| {
            let (k, v) = l.split_once(" = ")?;
            (k.trim() == key).then(|| v.trim().to_string())
        })
    }

    /// The value of `key`.
    ///
    /// # Panics
    /// When the block has no such line.
    pub fn value(&self, key: &str) -> String {
        self.get(key)
            .unwrap_or_else(|| panic!("no `{key} = ` line in block {:?}", self.0))
    }
}

/// The blocks of a `key = value` text, in order.
pub fn kv_blocks(text: &str) -> impl Iterator<Item = KvBlock<'_>> {
    text.split("\n\n").map(KvBlock)
}

/// OpenSSL's group for a SEC 2 binary-curve name (`sect163k1` … `sect571r1`), the peer of the
/// curve tests and benches (feature `openssl`).
///
/// # Panics
/// On a name that is not one of the ten, or an OpenSSL built without binary curves.
#[cfg(feature = "openssl")]
pub fn openssl_group(sec2_name: &str) -> openssl::ec::EcGroup {
    use openssl::nid::Nid;
    let nid = match sec2_name {
        "sect163k1" => Nid::SECT163K1,
        "sect163r2" => Nid::SECT163R2,
        "sect233k1" => Nid::SECT233K1,
        "sect233r1" => Nid::SECT233R1,
        "sect283k1" => Nid::SECT283K1,
        "sect283r1" => Nid::SECT283R1,
        "sect409k1" => Nid::SECT409K1,
        "sect409r1" => Nid::SECT409R1,
        "sect571k1" => Nid::SECT571K1,
        "sect571r1" => Nid::SECT571R1,
        other => panic!("{other} is not a SEC 2 binary curve"),
    };
    openssl::ec::EcGroup::from_curve_name(nid).expect("OpenSSL has the sect* curves")
}

/// Reports the coverage line of a backend-against-portable test, e.g. from
/// `Backend::coverage("poly1305")`: printed (seen with `--nocapture`), and appended to the file
/// named by `WEGMAN_COVERAGE_LOG` when that is set (`.ci/run` prints that file after the
/// suite, so every CI log says which backends ran on its CPU and which were skipped).
pub fn report(line: impl core::fmt::Display) -> String {
    let s = line.to_string();
    println!("{s}");
    if let Some(path) = std::env::var_os("WEGMAN_COVERAGE_LOG") {
        use std::io::Write as _;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path);
        if let Ok(mut f) = file {
            let _ = writeln!(f, "{s}");
        }
    }
    s
}

/// The backends of `B` this CPU runs, the portable one first, after [`report`]ing the
/// coverage line of `what` (which ran here and which were skipped): the list every
/// backend-against-portable test iterates.
pub fn backends<B: wegman_arch::BackendSet>(what: &str) -> Vec<B> {
    report(wegman_arch::Coverage::<B>::new(what));
    B::ALL
        .iter()
        .copied()
        .filter(|b| b.is_available())
        .collect()
}

/// Bytes of a hexadecimal string (test data; spaces ignored). Panics on anything else, naming
/// the string: a typo in a vector fails its test loudly.
pub fn unhex(s: &str) -> Vec<u8> {
    let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    assert!(s.len().is_multiple_of(2), "odd-length hex: {s:?}");
    (0..s.len() / 2)
        .map(|i| {
            u8::from_str_radix(&s[2 * i..2 * i + 2], 16)
                .unwrap_or_else(|_| panic!("not hex: {s:?}"))
        })
        .collect()
}

/// The staleness check of a generated source file (docs/architecture.md: every generated file
/// has one): `want` is what its generator renders now; with `WEGMAN_REGENERATE` set the file
/// is rewritten first. Fails, naming `test` (the command that regenerates it), when the
/// checked-in text differs.
pub fn assert_generated(path: &str, want: &str, test: &str) {
    if std::env::var_os("WEGMAN_REGENERATE").is_some() {
        std::fs::write(path, want).unwrap_or_else(|e| panic!("cannot write {path}: {e}"));
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        have == want,
        "{path} is stale: run WEGMAN_REGENERATE=1 cargo test {test}"
    );
}

/// The fields of Brumley–Page's benchmark sweep, (m, type of the Gaussian normal basis): type 2,
/// type 4, then 283 (T = 6), 409 (T = 4), 571 (T = 10). The five NIST degrees are among them.
/// Shared by the normal-basis tests and benchmarks.
pub const GNB_SWEEP: [(u32, u32); 20] = [
    (29, 2),
    (53, 2),
    (65, 2),
    (83, 2),
    (113, 2),
    (131, 2),
    (173, 2),
    (191, 2),
    (233, 2),
    (251, 2),
    (37, 4),
    (67, 4),
    (97, 4),
    (139, 4),
    (163, 4),
    (193, 4),
    (199, 4),
    (283, 6),
    (409, 4),
    (571, 10),
];

/// Whether the standard library's own run-time detection (`is_x86_feature_detected!`) finds
/// the target feature `feature`: the independent check of the CPUID tests that `backends!`
/// generates. Panics on a name this list lacks (add it when a backend declares a new one).
pub fn std_detects(feature: &str) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        // `is_x86_feature_detected!` takes a literal: one match arm per name.
        macro_rules! detect {
            ($($name:tt)*) => {
                match feature {
                    $($name => std::arch::is_x86_feature_detected!($name),)*
                    other => panic!("std_detects: add the target feature {other:?} to this list"),
                }
            };
        }
        detect!("sse2" "pclmulqdq" "bmi2" "avx2" "gfni" "vpclmulqdq" "vaes"
                "avx512f" "avx512bw" "avx512vl" "avx512ifma" "avx512vbmi")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = feature;
        false
    }
}

/// Asserts that a backend is available exactly when the standard library detects every one of
/// its declared `features` (what its generated `#[target_feature]` entry enables).
pub fn check_declared_features(backend: &str, features: &[&str], is_available: bool) {
    let std = features.iter().all(|f| std_detects(f));
    assert_eq!(
        is_available, std,
        "backend {backend}: CPUID check says {is_available}, is_x86_feature_detected! says \
         {std} for {features:?}"
    );
}
