#!/usr/bin/env python3
"""Tabulates `cargo bench -p wegman-bench --bench gf2`: ns per operation and the ratio to Mul,
NIST and square-root-friendly (SSRF) moduli side by side, with NTL's GF2E in the same run.

Usage: scripts/gf2_table.py  (reads target/criterion/gf2-*/*/new/estimates.json)
"""
import json
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent / "target" / "criterion"
OPS = ["mul", "sqr", "inv", "sqrt", "trace", "solve", "solve-vartime", "ntl-mul", "ntl-sqr", "ntl-inv"]


def load(group):
    out = {}
    for est in (root / group).glob("*/new/estimates.json"):
        name = est.parent.parent.name
        with open(est) as f:
            out[name] = json.load(f)["median"]["point_estimate"]
    return out


def fmt(ns):
    return f"{ns / 1000:.2f} µs" if ns >= 1000 else f"{ns:.1f} ns"


groups = sorted((p.name for p in root.glob("gf2-[0-9]*")), key=lambda g: int(g.split("-")[1]))
for g in groups:
    data = load(g)
    labels = sorted({re.match(r"([a-z0-9_]+?)-", k).group(1) for k in data}, key=lambda l: (l != "nist", l != "std", l))
    print(f"\n| m = {g.split('-')[1]} | " + " | ".join(f"{l} | {l} / Mul" for l in labels) + " |")
    print("|---|" + "---|---|" * len(labels))
    for op in OPS:
        cells = []
        for l in labels:
            v = data.get(f"{l}-{op}")
            mul = data.get(f"{l}-mul")
            if v is None:
                cells += ["–", "–"]
            else:
                ours = data.get(f"{l}-{op[4:]}") if op.startswith("ntl-") else None
                if op.startswith("ntl-"):
                    ratio = f"{v / ours:.1f}× ours" if ours else "–"
                else:
                    ratio = f"{v / mul:.2f}" if mul else "–"
                cells += [fmt(v), ratio]
        if any(c != "–" for c in cells):
            print(f"| {op} | " + " | ".join(cells) + " |")

rt = load("gf2-runtime")
if rt:
    print("\n| runtime `Field` | ns |")
    print("|---|---|")
    for k in sorted(rt):
        print(f"| {k} | {fmt(rt[k] / (256 if 'slice' in k else 1))}{' per product' if 'slice' in k else ''} |")
