//! Every `#[target_feature(enable = …)]` a kernel file writes by hand enables only features
//! that the backends calling it declare (docs/architecture.md, "Backends"): a kernel is called
//! from its backend's token, which proves exactly the declared features, so a feature outside
//! them would be an instruction the CPU may lack. The declarations are read from the backend
//! enums themselves (`Backend::features()`, generated from the one list of `backends!`); this
//! test reads the kernel sources, and fails when a file with `target_feature` is not listed
//! here, so a new kernel file gets its row.

use std::collections::BTreeSet;
use std::path::Path;

use wegman_gf2::Backend as Gf2;
use wegman_mac::hash127::Backend as Hash127;
use wegman_mac::hash256::Backend as Gf256;
use wegman_mac::poly1305::Backend as Poly1305;

/// Each kernel file and the declared features of every backend whose token calls it.
fn kernel_files() -> Vec<(&'static str, Vec<&'static [&'static str]>)> {
    #[cfg(target_arch = "x86_64")]
    {
        vec![
            (
                "crates/mac/src/hash127/backend/avx2.rs",
                vec![Hash127::Avx2.features()],
            ),
            (
                "crates/mac/src/hash127/backend/f64x8.rs",
                vec![Hash127::Fp53x8.features()],
            ),
            (
                "crates/mac/src/hash127/backend/ifma.rs",
                vec![Hash127::Ifma.features()],
            ),
            (
                "crates/mac/src/poly1305/backend/avx2.rs",
                vec![Poly1305::Avx2.features()],
            ),
            (
                "crates/mac/src/poly1305/backend/ifma.rs",
                vec![Poly1305::Avx512Ifma.features()],
            ),
            (
                "crates/mac/src/poly1305/backend/scalar64.rs",
                vec![Poly1305::Avx2.features(), Poly1305::Avx512Ifma.features()],
            ),
            (
                "crates/gf2/src/backend/clmul.rs",
                vec![
                    Gf2::Clmul.features(),
                    Gf2::Avx2.features(),
                    Gf2::Avx512.features(),
                ],
            ),
            ("crates/gf2/src/backend/avx2.rs", vec![Gf2::Avx2.features()]),
            (
                "crates/gf2/src/backend/avx512.rs",
                vec![Gf2::Avx512.features()],
            ),
            ("crates/gf256/src/packed.rs", vec![Gf256::Gfni.features()]),
            (
                "crates/gf256/src/dot/avx2.rs",
                vec![
                    Gf256::Avx2.features(),
                    Gf256::Avx512.features(),
                    Gf256::Gfni256.features(),
                ],
            ),
            (
                "crates/gf256/src/dot/avx512.rs",
                vec![Gf256::Avx512.features(), Gf256::Gfni.features()],
            ),
            ("crates/gf256/src/dot/gfni.rs", vec![Gf256::Gfni.features()]),
            (
                "crates/gf256/src/dot/gfni/ymm.rs",
                vec![Gf256::Gfni256.features()],
            ),
        ]
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Vec::new()
    }
}

/// The features of every `#[target_feature(enable = "…")]` in `src`.
fn enabled(src: &str) -> Vec<Vec<String>> {
    let needle = "#[target_feature(enable = \"";
    let mut out = Vec::new();
    let mut rest = src;
    while let Some(i) = rest.find(needle) {
        rest = &rest[i + needle.len()..];
        let end = rest.find('"').expect("a closing quote");
        out.push(
            rest[..end]
                .split(',')
                .map(|f| f.trim().to_string())
                .collect(),
        );
        rest = &rest[end..];
    }
    out
}

fn workspace_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .and_then(Path::parent)
        .expect("crates/bench is two levels below the workspace root")
}

/// All `.rs` files below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a readable source directory") {
        let p = e.expect("a directory entry").path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn hand_written_target_features_are_within_the_declared_ones() {
    let root = workspace_root();
    let listed = kernel_files();
    for (file, callers) in &listed {
        let src = std::fs::read_to_string(root.join(file)).expect("the kernel file exists");
        let uses = enabled(&src);
        assert!(
            !uses.is_empty(),
            "{file} enables no target feature: drop its row"
        );
        // The features every caller's token proves.
        let proven: BTreeSet<&str> = callers
            .iter()
            .map(|c| c.iter().copied().collect::<BTreeSet<_>>())
            .reduce(|a, b| a.intersection(&b).copied().collect())
            .unwrap_or_default();
        for feats in uses {
            for f in &feats {
                assert!(
                    proven.contains(f.as_str()),
                    "{file} enables `{f}`, which not every calling backend declares ({proven:?})"
                );
            }
        }
    }
    // Every library file with a hand-written target_feature is listed (arch's generated entry
    // takes its features from the declarations).
    let mut files = Vec::new();
    for krate in ["mac", "gf2", "gf256", "f2", "ec", "wg"] {
        rust_files(&root.join("crates").join(krate).join("src"), &mut files);
    }
    for p in files {
        let src = std::fs::read_to_string(&p).expect("a readable source file");
        if enabled(&src).is_empty() {
            continue;
        }
        let rel = p
            .strip_prefix(root)
            .expect("below the root")
            .to_string_lossy();
        assert!(
            listed.iter().any(|(f, _)| *f == rel),
            "{rel} enables target features but has no row in this test"
        );
    }
}
