#!/usr/bin/env python3
"""A/B comparison of two `wegman` binaries: runs `bench --quick` alternately (A, B, A, B, ...)
and prints, per row and column, the median of each and the ratio B/A. Peer rows (RustCrypto,
BLAKE3) run in both and show the noise of the machine. Usage:
    scripts/ab_bench.py OLD_BINARY NEW_BINARY [ROUNDS]"""
import re
import statistics
import subprocess
import sys

a, b = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
NUM = re.compile(r"^\s*([0-9.]+)")


def rows(text):
    out = {}
    section = ""
    for line in text.splitlines():
        if line.startswith("["):
            section = line.split("]")[0][1:]
            continue
        m = re.match(r"^(wegman .+?|RustCrypto .+?|BLAKE3 .+?|F2\^\S+ \S+ \S+)\s{2,}(.*)$", line)
        if not m:
            continue
        name = m.group(1).strip().replace("(u64, key)", "(int128, key)")
        cells = re.findall(r"([0-9.]+)(?: \(([0-9.]+)\))?", m.group(2))
        out[(section, name)] = [float(c[0]) for c in cells]
    return out


runs = {a: [], b: []}
for _ in range(rounds):
    for binary in (a, b):
        text = subprocess.run([binary, "bench", "--quick"], capture_output=True, text=True).stdout
        runs[binary].append(rows(text))
keys = [k for k in runs[a][0] if k in runs[b][0]]
print(f"{'row':<44} {'cells: median A -> median B (B/A)'}")
for k in keys:
    cells = []
    for i in range(len(runs[a][0][k])):
        ma = statistics.median(r[k][i] for r in runs[a] if k in r)
        mb = statistics.median(r[k][i] for r in runs[b] if k in r)
        cells.append(f"{ma:g}->{mb:g} ({mb / ma:.2f})")
    print(f"{k[1]:<44} " + "  ".join(cells))
