#!/usr/bin/env bash
# In-process A/B timing of an older commit against the working tree: builds one binary that
# links both versions of wegman-gf2, wegman-mac, wegman-wg and wegman-ec (the old ones
# renamed) and times the same operation from each alternately, median of 9 rounds, so machine
# noise hits both alike: field operations, the MACs, and the bit-sliced batches (GNB and
# polynomial-basis products, WG-29 keystream, the EC batch ladder).
# Usage: scripts/ab_inprocess.sh OLD_REV   (uses the public APIs as of commit 86e4d91..)
set -euo pipefail
old_rev=${1:?usage: scripts/ab_inprocess.sh OLD_REV}
top=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'git -C "$top" worktree remove --force "$work/old" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$top" worktree add -q "$work/old" "$old_rev"
# Give every old crate another version so Cargo can hold both trees in one lock file.
sed -i '/^\[workspace.package\]/,/^\[/ s/^version = "0.1.0"/version = "0.0.1"/' "$work/old/Cargo.toml"
sed -i 's/^\(wegman-[a-z0-9-]* = { path = "crates\/[a-z0-9]*", version = \)"0.1.0"/\1"0.0.1"/' "$work/old/Cargo.toml"
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
old_wg = { package = "wegman-wg", path = "$work/old/crates/wg" }
new_wg = { package = "wegman-wg", path = "$top/crates/wg" }
old_ec = { package = "wegman-ec", path = "$work/old/crates/ec" }
new_ec = { package = "wegman-ec", path = "$top/crates/ec" }

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
    println!("bit-sliced batches, ns per lane: old->new (new/old)");
    for m in [163u32, 233, 283] {
        let (go, gn) = (old_gf2::Gnb::new(m).unwrap(), new_gf2::Gnb::new(m).unwrap());
        let lanes = 512;
        let eo: Vec<old_gf2::NbElement> = (0..lanes).map(|i| go.element(&[i as u64 * 0x9e37_79b9 + 1]).unwrap()).collect();
        let en: Vec<new_gf2::NbElement> = (0..lanes).map(|i| gn.element(&[i as u64 * 0x9e37_79b9 + 1]).unwrap()).collect();
        let (mut co, mut cn) = (eo.clone(), en.clone());
        let mut line = format!("{m:>8}");
        line += &show(" gnb mul", ab(lanes as f64, || { go.mul_batch(&eo, &eo, &mut co).unwrap(); black_box(&co); }, || { gn.mul_batch(&en, &en, &mut cn).unwrap(); black_box(&cn); }));
        let spec = match m { 163 => "163,7,6,3,0", 233 => "233,74,0", _ => "283,12,7,5,0" };
        let (mo, mn) = (spec.parse::<old_gf2::Modulus>().unwrap(), spec.parse::<new_gf2::Modulus>().unwrap());
        let (po, pn) = (old_gf2::sliced::pb::SlicedPb::new(mo), new_gf2::sliced::pb::SlicedPb::new(mn));
        let (fo, fnew) = (old_gf2::Field::new(mo), new_gf2::Field::new(mn));
        let xo: Vec<old_gf2::Element> = (0..lanes).map(|i| fo.element(&[i as u64 * 0x9e37_79b9 + 1]).unwrap()).collect();
        let xn: Vec<new_gf2::Element> = (0..lanes).map(|i| fnew.element(&[i as u64 * 0x9e37_79b9 + 1]).unwrap()).collect();
        let (mut zo, mut zn) = (xo.clone(), xn.clone());
        line += &show("  pb mul", ab(lanes as f64, || { po.mul_batch(&xo, &xo, &mut zo).unwrap(); black_box(&zo); }, || { pn.mul_batch(&xn, &xn, &mut zn).unwrap(); black_box(&zn); }));
        println!("{line}");
    }
    let pairs: Vec<([u8; 16], [u8; 8])> = (0..512u32).map(|i| ([i as u8; 16], [(i >> 8) as u8; 8])).collect();
    let (mut wo, mut wn) = (old_wg::Wg29Batch::new(&pairs).unwrap(), new_wg::Wg29Batch::new(&pairs).unwrap());
    let (mut oo, mut on) = (vec![0u8; 512 * 16], vec![0u8; 512 * 16]);
    println!("{}", show("wg29 batch keystream, ns per key-byte", ab(512.0 * 16.0, || { wo.keystream(16, &mut oo).unwrap(); }, || { wn.keystream(16, &mut on).unwrap(); })));
    {
        use new_ec::{BatchLadder as NB, CurveId as NId, SlicedBasis as NS};
        use old_ec::{BatchLadder as OB, CurveId as OId, SlicedBasis as OS};
        let (bo, bn) = (OB::new(OId::Sect163k1, OS::Polynomial).unwrap(), NB::new(NId::Sect163k1, NS::Polynomial).unwrap());
        let co = old_ec::Curve::new(OId::Sect163k1, old_ec::NistPb::new).unwrap();
        let cn = new_ec::Curve::new(NId::Sect163k1, new_ec::NistPb::new).unwrap();
        let w = bn.lanes();
        let ko: Vec<old_ec::Scalar> = (0..w).map(|i| old_ec::Scalar::from_limbs(&[i as u64 * 0x9e37_79b9_7f4a_7c15 + 3, 7, 1])).collect();
        let kn: Vec<new_ec::Scalar> = (0..w).map(|i| new_ec::Scalar::from_limbs(&[i as u64 * 0x9e37_79b9_7f4a_7c15 + 3, 7, 1])).collect();
        let pto: Vec<_> = ko.iter().map(|k| co.mul_base(k)).collect();
        let ptn: Vec<_> = kn.iter().map(|k| cn.mul_base(k)).collect();
        println!("{}", show("ec batch ladder sect163k1 pb, ns per lane", ab(w as f64, || { black_box(co.mul_batch_with(&bo, &ko, &pto).unwrap()); }, || { black_box(cn.mul_batch_with(&bn, &kn, &ptn).unwrap()); })));
    }
}
EOF
(cd "$work/ab" && cargo build --release -q && ./target/release/ab)
