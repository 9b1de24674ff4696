#!/usr/bin/env python3
"""Tabulates `cargo bench -p wegman-bench --bench wg`: TSC cycles per keystream byte of one
key for the serial cipher and for the bit-sliced batch (each multiplier and backend; the
batch call makes 64 bytes for each of w keys), setup cycles per key, and the speed-up of
the batch over the serial cipher (Brumley–Page Table II).

Usage: scripts/wg_table.py [TSC_GHZ]   (reads target/criterion/wg/*/new/estimates.json)
"""
import json
import pathlib
import re
import sys

ghz = float(sys.argv[1]) if len(sys.argv) > 1 else 2.445
root = pathlib.Path(__file__).resolve().parent.parent / "target" / "criterion" / "wg"
BATCH_BYTES, SERIAL_BYTES = 64, 256
LANES = {"soft": 64, "avx2": 256, "avx512": 512}

r = {}
for est in root.glob("*/new/estimates.json"):
    with open(est) as f:
        r[est.parent.parent.name] = json.load(f)["median"]["point_estimate"]

serial = r["serial-keystream"] / SERIAL_BYTES * ghz
print(f"serial: {serial:,.0f} cycles/byte; setup {r['serial-setup'] * ghz:,.0f} cycles/key\n")
print("| backend | multiplier | cycles/byte per key | total cycles/byte (w keys) | speed-up over serial |")
print("|---|---|---|---|---|")
for name in sorted(r):
    m = re.fullmatch(r"batch-keystream-(\w+)-([\w-]+)", name)
    if not m:
        continue
    w = LANES[m.group(1)]
    per_key = r[name] / (w * BATCH_BYTES) * ghz
    total = r[name] / BATCH_BYTES * ghz
    print(f"| {m.group(1)} | {m.group(2)} | {per_key:,.0f} | {total:,.0f} | {serial / per_key:.1f}× |")
print()
for name in sorted(r):
    m = re.fullmatch(r"batch-setup-(\w+)", name)
    if m:
        w = LANES[m.group(1)]
        print(f"batch setup ({m.group(1)}, w = {w}): {r[name] / w * ghz:,.0f} cycles/key")
