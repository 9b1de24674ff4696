#!/usr/bin/env python3
"""Tabulates `cargo bench -p wegman-bench --bench ecbatch`: Brumley–Page Table I on this
machine. Thousands of cycles per scalar multiplication (conversions and the affine result
included) for the bit-sliced batch ladder in the polynomial basis (Karatsuba) and the normal
basis (the degree's best multiplier), one core; beside them the paper's Core 2 column (where
the issue quotes it), wegman's single constant-time ladder, OpenSSL's ECDH derive, the batch's
speed-up over the single ladder, and throughput on one and two cores.

Usage: scripts/ecbatch_table.py [TSC_GHZ]   (reads target/criterion/ecbatch-*/)
"""
import re
import sys

import criterion_medians

ghz = float(sys.argv[1]) if len(sys.argv) > 1 else 2.445
PAPER = {163: 859, 233: 1417, 251: 1873}  # Brumley–Page Table I, Core 2, kcycles


def load(group):
    """{bench: ns per multiplication}: batches `...-xN` divided by N."""
    return criterion_medians.load(group, r"(.+)-x(\d+)()")


def kc(ns):
    return f"{ns * ghz / 1000:,.0f}" if ns else ""


rows = []
for d in sorted(criterion_medians.ROOT.glob("ecbatch-*")):
    name = d.name[len("ecbatch-"):]
    r = load(d.name)
    if name.startswith("m"):
        m, curve = int(name[1:]), f"y²+xy=x³+x²+b (SSRF, b=2b)"
    else:
        m, curve = int(re.search(r"\d+", name).group()), name
    nb = [(k, v) for k, v in r.items() if k.startswith("batch-nb-")]
    rows.append((m, curve, r, nb[0] if nb else None))
rows.sort(key=lambda x: (x[0], x[1]))

print(f"Per scalar multiplication, kcycles at {ghz} GHz TSC; batch on one core.\n")
print("| m | curve | paper Core 2 | batch PB | batch NB | single ladder | OpenSSL ECDH | "
      "batch / single | mults/s 1 core | mults/s 2 cores |")
print("|---|---|---|---|---|---|---|---|---|---|")
for m, curve, r, nb in rows:
    pb = r.get("batch-pb")
    single = r.get("single-ladder")
    nbc = f"{kc(nb[1])} ({nb[0][len('batch-nb-'):]})" if nb else ""
    ratio = f"{single / pb:.2f}×" if pb and single else ""
    t1 = f"{1e9 / pb:,.0f}" if pb else ""
    two = r.get("batch-pb-2core")
    t2 = f"{1e9 / two:,.0f}" if two else ""
    paper = f"{PAPER[m]:,}" if m in PAPER else ""
    print(f"| {m} | {curve} | {paper} | {kc(pb)} | {nbc} | {kc(single)} | {kc(r.get('openssl-ecdh'))} | "
          f"{ratio} | {t1} | {t2} |")
