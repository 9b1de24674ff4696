#!/usr/bin/env python3
"""Tabulates `cargo bench -p wegman-bench --bench ec`: µs and TSC kilocycles per scalar
multiplication for each curve and representation, OpenSSL's ECDH derive and EC_POINT_mul,
and the ratios the issue asks for.

Usage: scripts/ec_table.py [TSC_GHZ]   (reads target/criterion/ec-*/*/new/estimates.json)
"""
import json
import pathlib
import sys

ghz = float(sys.argv[1]) if len(sys.argv) > 1 else 2.445
root = pathlib.Path(__file__).resolve().parent.parent / "target" / "criterion"


def load(group):
    out = {}
    for est in (root / group).glob("*/new/estimates.json"):
        with open(est) as f:
            out[est.parent.parent.name] = json.load(f)["median"]["point_estimate"] / 1000.0
    return out


x = load("ec-x25519").get("openssl-x25519")
if x:
    print(f"OpenSSL X25519 derive: {x:.1f} µs ({x * ghz:.0f} kcycles)\n")
cols = ["ladder-nist", "ladder-ssrf", "ladder-nb", "double-add-nist", "double-add-ssrf",
        "halve-add-nist", "halve-add-ssrf", "keygen-nist", "keygen-ssrf", "openssl-ecdh",
        "openssl-point-mul"]
print("| curve | " + " | ".join(cols) + " | OpenSSL ECDH / best ladder | halve-add / double-add (ssrf) |")
print("|---" * (len(cols) + 3) + "|")
for d in sorted(root.glob("ec-sect*")):
    r = load(d.name)
    cells = [f"{r[c]:.1f}" if c in r else "" for c in cols]
    best = min(r.get("ladder-nist", 1e18), r.get("ladder-ssrf", 1e18))
    ratio = r.get("openssl-ecdh", 0) / best
    ha = r.get("halve-add-ssrf")
    hd = f"{ha / r['double-add-ssrf']:.2f}" if ha else ""
    print(f"| {d.name[3:]} | " + " | ".join(cells) + f" | {ratio:.1f}× | {hd} |")
