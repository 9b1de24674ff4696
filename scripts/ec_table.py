#!/usr/bin/env python3
"""Tabulates `cargo bench -p wegman-bench --bench ec`: µs and TSC kilocycles per scalar
multiplication for each curve and representation beside OpenSSL's ECDH derive and
EC_POINT_mul; the cost of one point doubling and one halving (chains of n in one job); the
cost of one field operation inside a job (chains); and the ratios the issue asks for.

Usage: scripts/ec_table.py [TSC_GHZ]   (reads target/criterion/ec-*/*/new/estimates.json)
"""
import sys

import criterion_medians

ghz = float(sys.argv[1]) if len(sys.argv) > 1 else 2.445
REPRS = ["nist", "ssrf", "nb"]


def load(group):
    """{bench name: ns per iteration}, and chains `op-xN-repr` divided by N under `op-repr`."""
    return criterion_medians.load(group, r"(.+)-x(\d+)(-\w+)")


def cell(r, key, unit=1000.0):
    return f"{r[key] / unit:.1f}" if key in r else ""


x = load("ec-x25519").get("openssl-x25519")
if x:
    print(f"OpenSSL X25519 derive: {x / 1000:.1f} µs ({x * ghz / 1000:.0f} kcycles)\n")

print("Scalar multiplication, µs (best ladder also in TSC kcycles)\n")
cols = [f"{m}-{r}" for m in ["ladder", "fixed-base", "double-add", "halve-add"] for r in REPRS]
cols += ["openssl-ecdh", "openssl-point-mul"]
print("| curve | " + " | ".join(cols)
      + " | best ladder kcycles | OpenSSL ECDH / best ladder | halve-add / double-add (ssrf) |")
print("|---" * (len(cols) + 4) + "|")
curves = sorted(d for d in criterion_medians.ROOT.glob("ec-sect*"))
for d in curves:
    r = load(d.name)
    best = min(r.get("ladder-nist", 1e18), r.get("ladder-ssrf", 1e18))
    ratio = r.get("openssl-ecdh", 0) / best
    ha = r.get("halve-add-ssrf")
    hd = f"{ha / r['double-add-ssrf']:.2f}" if ha else ""
    print(f"| {d.name[3:]} | " + " | ".join(cell(r, c) for c in cols)
          + f" | {best * ghz / 1000:.0f} | {ratio:.1f}× | {hd} |")

print("\nOne point doubling (López–Dahab) and one halving (λ-coordinates), ns\n")
print("| curve | " + " | ".join(f"dbl-{r}" for r in REPRS) + " | "
      + " | ".join(f"halve-{r}" for r in REPRS) + " | halve ssrf / nist | halve / dbl (ssrf) |")
print("|---" * 9 + "|")
for d in curves:
    r = load(d.name)
    hn, hs = r.get("halve-nist"), r.get("halve-ssrf")
    ratio = f"{hs / hn:.2f}" if hn and hs else ""
    hd = f"{hs / r['dbl-ssrf']:.2f}" if hs else ""
    print(f"| {d.name[3:]} | " + " | ".join(cell(r, f"dbl-{x}", 1) for x in REPRS) + " | "
          + " | ".join(cell(r, f"halve-{x}", 1) for x in REPRS) + f" | {ratio} | {hd} |")

print("\nOne field operation inside a job, ns (TSC cycles)\n")
ops = ["mul", "sqr", "inv", "sqrt", "trace", "ht", "ht-vartime"]
print("| m | repr | " + " | ".join(ops) + " |")
print("|---" * (len(ops) + 2) + "|")
for d in sorted(criterion_medians.ROOT.glob("ec-field-*"), key=lambda p: int(p.name.split("-")[-1])):
    r = load(d.name)
    for rep in REPRS:
        cells = [f"{r[k]:.1f} ({r[k] * ghz:.0f})" if (k := f"{o}-{rep}") in r else "" for o in ops]
        print(f"| {d.name.split('-')[-1]} | {rep} | " + " | ".join(cells) + " |")
