#!/usr/bin/env bash
# In-process A/B timing of an older commit against the working tree: builds one binary that
# links both versions of wegman-gf2 and wegman-mac (the old one renamed) and times the same
# operation from each alternately, median of 7-9 rounds, so machine noise hits both alike.
# Usage: scripts/ab_inprocess.sh OLD_REV   (uses the public APIs as of commit 9127b7b..)
set -euo pipefail
old_rev=${1:?usage: scripts/ab_inprocess.sh OLD_REV}
top=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'git -C "$top" worktree remove --force "$work/old" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$top" worktree add -q "$work/old" "$old_rev"
# Give the old crates another version so Cargo can hold both in one lock file.
for c in gf2 mac; do
  sed -i 's/^version.workspace = true/version = "0.0.1"/' "$work/old/crates/$c/Cargo.toml"
  sed -i "s|wegman-$c = { path = \"crates/$c\", version = \"0.1.0\" }|wegman-$c = { path = \"crates/$c\", version = \"0.0.1\" }|" "$work/old/Cargo.toml"
done
mkdir -p "$work/ab/src"
cat > "$work/ab/Cargo.toml" <<EOF
[package]
name = "ab"
version = "0.1.0"
edition = "2024"

[dependencies]
old_gf2 = { package = "wegman-gf2", path = "$work/old/crates/gf2" }
new_gf2 = { package = "wegman-gf2", path = "$top/crates/gf2" }
old_mac = { package = "wegman-mac", path = "$work/old/crates/mac" }
new_mac = { package = "wegman-mac", path = "$top/crates/mac" }

[profile.release]
codegen-units = 1
lto = "thin"
EOF
cat > "$work/ab/src/main.rs" <<'EOF'
use std::hint::black_box;
use std::time::Instant;

/// Median of 9 alternating rounds of (old, new): ns per call (or per byte with `per`).
fn ab(per: f64, mut old: impl FnMut(), mut new: impl FnMut()) -> (f64, f64) {
    let time = |f: &mut dyn FnMut()| {
        let mut n = 1u32;
        loop {
            let t = Instant::now();
            for _ in 0..n {
                f();
            }
            let e = t.elapsed().as_secs_f64();
            if e > 0.01 {
                return e * 1e9 / f64::from(n) / per;
            }
            n *= 2;
        }
    };
    let (mut o, mut w) = (vec![], vec![]);
    for _ in 0..9 {
        o.push(time(&mut old));
        w.push(time(&mut new));
    }
    o.sort_by(f64::total_cmp);
    w.sort_by(f64::total_cmp);
    (o[4], w[4])
}

fn show(name: &str, (o, w): (f64, f64)) -> String {
    format!("{name} {o:.2}->{w:.2} ({:.2})", w / o)
}

macro_rules! field {
    ($name:literal, $T:ident) => {{
        let ao = old_gf2::$T::x() + old_gf2::$T::ONE;
        let an = new_gf2::$T::x() + new_gf2::$T::ONE;
        let mut line = format!("{:<9}", $name);
        line += &show(" mul", ab(1.0, || { black_box(black_box(ao) * black_box(ao)); }, || { black_box(black_box(an) * black_box(an)); }));
        line += &show("  sqr", ab(1.0, || { black_box(black_box(ao).square()); }, || { black_box(black_box(an).square()); }));
        line += &show("  inv", ab(1.0, || { black_box(black_box(ao).invert()); }, || { black_box(black_box(an).invert()); }));
        line += &show("  sqrt", ab(1.0, || { black_box(black_box(ao).sqrt()); }, || { black_box(black_box(an).sqrt()); }));
        line += &show("  solve", ab(1.0, || { black_box(black_box(ao).solve()); }, || { black_box(black_box(an).solve()); }));
        println!("{line}");
    }};
}

fn main() {
    println!("binary fields, ns per operation: old->new (new/old)");
    field!("163nist", F163Nist);
    field!("163ssrf", F163Ssrf);
    field!("233nist", F233Nist);
    field!("233ssrf", F233Ssrf);
    field!("571nist", F571Nist);
    field!("571ssrf", F571Ssrf);
    println!("MACs, ns per byte: old->new (new/old)");
    let key = [7u8; 32];
    let mut pk = key;
    new_mac::poly1305::Poly1305AesKey::clamp_key_bytes(&mut pk);
    let (po, pn) = (old_mac::poly1305::Poly1305AesKey::new(&pk).unwrap(), new_mac::poly1305::Poly1305AesKey::new(&pk).unwrap());
    let (ho, hn) = (old_mac::hash127::Hash127AesKey::new(&key), new_mac::hash127::Hash127AesKey::new(&key));
    let (ao, an) = (old_mac::hash256::Auth256Key::new(&key), new_mac::hash256::Auth256Key::new(&key));
    for size in [64usize, 1024, 16384, 1 << 20] {
        let m = vec![0x5au8; size];
        let per = size as f64;
        let mut line = format!("{size:>8}");
        line += &show(" poly1305-aes", ab(per, || { black_box(po.mac(&[1; 16], black_box(&m))); }, || { black_box(pn.mac(&[1; 16], black_box(&m))); }));
        line += &show("  poly1305", ab(per, || { black_box(old_mac::poly1305::Poly1305::mac(&key, black_box(&m))); }, || { black_box(new_mac::poly1305::Poly1305::mac(&key, black_box(&m))); }));
        line += &show("  hash127-aes", ab(per, || { black_box(ho.mac(&[1; 16], black_box(&m))); }, || { black_box(hn.mac(&[1; 16], black_box(&m))); }));
        line += &show("  auth256", ab(per, || { black_box(ao.mac(&[1; 12], black_box(&m))); }, || { black_box(an.mac(&[1; 12], black_box(&m))); }));
        println!("{line}");
    }
}
EOF
(cd "$work/ab" && cargo build --release -q && ./target/release/ab)
