#!/usr/bin/env python3
"""Turn criterion's saved estimates into a Markdown table of cycles/byte and GB/s.

Usage: scripts/bench_table.py GROUP [TSC_GHZ]
Reads target/criterion/GROUP/<function>/<size>/new/estimates.json (median, ns) and prints one
row per function, one column per size. Cycles are TSC cycles: seconds x TSC frequency (docs/architecture.md
section 5); the TSC frequency defaults to the one the kernel reports.
"""
import json
import pathlib
import re
import subprocess
import sys


def tsc_ghz():
    try:
        out = subprocess.run(["dmesg"], capture_output=True, text=True).stdout
        m = re.search(r"tsc: Detected ([\d.]+) MHz", out)
        if m:
            return float(m.group(1)) / 1000
    except OSError:
        pass
    for line in open("/proc/cpuinfo"):
        if line.startswith("cpu MHz"):
            return float(line.split(":")[1]) / 1000
    raise SystemExit("cannot find the TSC frequency; pass it as the second argument")


def size_label(n):
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n} B"


def main():
    group = sys.argv[1]
    ghz = float(sys.argv[2]) if len(sys.argv) > 2 else tsc_ghz()
    root = pathlib.Path("target/criterion") / group
    data = {}
    for est in root.glob("*/*/new/estimates.json"):
        func, size = est.parts[-4], est.parts[-3]
        if not size.isdigit():
            continue
        ns = json.loads(est.read_text())["median"]["point_estimate"]
        data.setdefault(func, {})[int(size)] = ns
    sizes = sorted({s for d in data.values() for s in d})
    print(f"TSC {ghz:.3f} GHz; each cell: TSC cycles/byte, GB/s (median)\n")
    print("| " + group + " | " + " | ".join(size_label(s) for s in sizes) + " |")
    print("|---" * (len(sizes) + 1) + "|")
    for func in sorted(data):
        cells = []
        for s in sizes:
            ns = data[func].get(s)
            if ns is None:
                cells.append("")
            else:
                cells.append(f"{ns * ghz / s:.2f} c/B, {s / ns:.2f} GB/s")
        print(f"| {func} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
