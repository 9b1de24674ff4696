#!/usr/bin/env python3
"""Tabulates `cargo bench -p wegman-bench --bench gnb` (Brumley–Page Figs. 3–4 on this machine):
ns per multiplication for Ning–Yin, wegman's polynomial-basis mul_slice (portable and CLMUL)
and every bit-sliced multiplier on every backend (transposition included), the best
bit-sliced one with its ratios to the others, and the gate counts (AND + XOR) of each
multiplier beside the paper's 2.5·m² AESMPO bound.

Usage: scripts/gnb_table.py  (reads target/criterion/gnb-*/*/new/estimates.json and
target/criterion/gnb-gates.json)
"""
import json
import pathlib

root = pathlib.Path(__file__).resolve().parent.parent / "target" / "criterion"
MULTS = ["massey-omura", "matrix", "xesmpo", "aesmpo", "kwon", "fan-hasan"]
TYPES = {29: 2, 53: 2, 65: 2, 83: 2, 113: 2, 131: 2, 173: 2, 191: 2, 233: 2, 251: 2,
         37: 4, 67: 4, 97: 4, 139: 4, 163: 4, 193: 4, 199: 4, 283: 6, 409: 4, 571: 10}


def load(m):
    out = {}
    for est in (root / f"gnb-{m}").glob("*/new/estimates.json"):
        name = est.parent.parent.name
        per = 256 if name == "ning-yin" else 1024
        with open(est) as f:
            out[name] = json.load(f)["median"]["point_estimate"] / per
    return out


ms = sorted(TYPES, key=lambda m: (TYPES[m] != 2, TYPES[m] != 4, m))
rows = {m: load(m) for m in ms}
backends = sorted({k.split("-")[0] for d in rows.values() for k in d
                   if k.split("-")[0] in ("soft", "avx2", "avx512")},
                  key=["soft", "avx2", "avx512"].index)

print("| m | T | Ning–Yin | PB soft | PB clmul | " +
      " | ".join(f"{b} {x}" for b in backends for x in ("best", "multiplier")) +
      " | NY / best | PB soft / best | best / PB clmul |")
print("|---" * (8 + 2 * len(backends)) + "|")
ratios_ny = []
for m in ms:
    d = rows[m]
    if not d:
        continue
    cells = [str(m), str(TYPES[m]), f"{d.get('ning-yin', 0):.1f}", f"{d.get('pb-soft', 0):.1f}",
             f"{d.get('pb-clmul', float('nan')):.1f}"]
    best_all = None
    for b in backends:
        cand = [(d[f"{b}-{x}"], x) for x in MULTS if f"{b}-{x}" in d]
        if not cand:
            cells += ["–", "–"]
            continue
        t, x = min(cand)
        cells += [f"{t:.1f}", x]
        if best_all is None or t < best_all:
            best_all = t
    ny = d.get("ning-yin")
    cells.append(f"{ny / best_all:.1f}×")
    ratios_ny.append(ny / best_all)
    cells.append(f"{d['pb-soft'] / best_all:.2f}")
    cells.append(f"{best_all / d['pb-clmul']:.2f}" if "pb-clmul" in d else "–")
    print("| " + " | ".join(cells) + " |")
if ratios_ny:
    print(f"\nNing–Yin / best bit-sliced, mean over the sweep: {sum(ratios_ny) / len(ratios_ny):.1f}×")

for b in backends:
    print(f"\n**{b}**, ns per multiplication:\n")
    print("| m | " + " | ".join(MULTS) + " |")
    print("|---" * (1 + len(MULTS)) + "|")
    for m in ms:
        d = rows[m]
        print(f"| {m} | " + " | ".join(f"{d[f'{b}-{x}']:.1f}" if f"{b}-{x}" in d else "–"
                                       for x in MULTS) + " |")

gates = root / "gnb-gates.json"
if gates.exists():
    g = json.loads(gates.read_text())
    print("\nGate counts (AND + XOR word operations per bit-sliced product; 2.5·m² is the paper's"
          " AESMPO bound for type 2):\n")
    print("| m | T | " + " | ".join(MULTS) + " | 2.5·m² |")
    print("|---" * (3 + len(MULTS)) + "|")
    for m in ms:
        e = g.get(str(m), {})
        print(f"| {m} | {TYPES[m]} | " + " | ".join(
            f"{e[x][0]}+{e[x][1]}" if x in e else "–" for x in MULTS) + f" | {int(2.5 * m * m)} |")
