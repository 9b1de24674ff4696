"""Python-level benchmarks of the wegman package against the peers Python users have, in one
run (results in BENCHMARKS.md, "Python"):

- MAC throughput at 64 B, 1 KiB and 1 MiB: wegman's Auth256, Auth256_128, Poly1305Aes and
  Poly1305 against `cryptography`'s Poly1305 (OpenSSL) and `blake3`'s keyed hash;
- one long input on two threads against one (the GIL is released);
- GF(2^163) multiplication on 100,000 elements against `galois`;
- Dask: one 1 GiB file on a 2-worker local cluster (TLS) against `wegman tag`.

Usage (from the repository, with the wheel and the peers installed, e.g. in target/py-venv):
    python crates/py/bench/bench.py [--quick] [--skip-dask] [--wegman target/release/wegman]
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable

import numpy as np

import wegman
from wegman import gf2


def best(fn: Callable[[], object], repeat: int, number: int) -> float:
    """Seconds per call: the best of `repeat` runs of `number` calls."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - t) / number)
    return min(times)


def cpu() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def macs(quick: bool) -> None:
    from cryptography.hazmat.primitives.poly1305 import Poly1305 as CryptoPoly1305
    import blake3

    key = os.urandom(32)
    pkey = wegman.Poly1305Aes.generate_key()
    a256 = wegman.Auth256(key)
    a128 = wegman.Auth256_128(key)
    paes = wegman.Poly1305Aes(pkey)
    n12, n16 = os.urandom(12), os.urandom(16)
    cases: list[tuple[str, Callable[[bytes], object]]] = [
        ("wegman Auth256.tag", lambda d: a256.tag(n12, d)),
        ("wegman Auth256_128.tag", lambda d: a128.tag(n12, d)),
        ("wegman Poly1305Aes.tag", lambda d: paes.tag(n16, d)),
        ("wegman Poly1305.generate_tag", lambda d: wegman.Poly1305.generate_tag(key, d)),
        ("cryptography Poly1305.generate_tag", lambda d: CryptoPoly1305.generate_tag(key, d)),
        ("blake3(key=).digest()", lambda d: blake3.blake3(d, key=key).digest()),
    ]
    sizes = [64, 1024, 1 << 20]
    print(f"\n## MACs (one thread), {cpu()}")
    print("| call | " + " | ".join(f"{s} B" if s < 1024 else f"{s >> 10} KiB" if s < 1 << 20 else "1 MiB" for s in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    for name, fn in cases:
        cells = []
        for s in sizes:
            d = os.urandom(s)
            number = max(1, (20_000 if not quick else 2000) * 64 // max(s, 64))
            t = best(lambda: fn(d), 5 if not quick else 2, number)
            if s <= 1024:
                cells.append(f"{t * 1e9:,.0f} ns ({s / t / 1e9:.2f} GB/s)")
            else:
                cells.append(f"{s / t / 1e9:.2f} GB/s")
        print(f"| {name} | " + " | ".join(cells) + " |")


def overhead(quick: bool) -> None:
    """The binding's own cost per call: a Python-level `tag` minus the same one-shot tag
    timed in a Rust loop in this process (best of 7, alternating)."""
    print("\n## Per-call overhead of the binding (Python `tag` − the same call looped in Rust)")
    print("| MAC | size | Python call | Rust loop | overhead |")
    print("|---|---|---|---|---|")
    n = 20_000 if not quick else 2000
    for name, mac, nonce in [
        ("Auth256", wegman.Auth256(os.urandom(32)), os.urandom(12)),
        ("Poly1305Aes", wegman.Poly1305Aes(wegman.Poly1305Aes.generate_key()), os.urandom(16)),
        ("Hash127Aes", wegman.Hash127Aes(os.urandom(32)), os.urandom(16)),
    ]:
        for size in [0, 64]:
            d = os.urandom(size)
            py, rs = [], []
            for _ in range(7):
                py.append(best(lambda: mac.tag(nonce, d), 1, n))
                rs.append(mac._rust_seconds_per_tag(nonce, d, n))
            p, r = min(py), min(rs)
            print(f"| {name} | {size} B | {p * 1e9:,.0f} ns | {r * 1e9:,.0f} ns | **{(p - r) * 1e9:,.0f} ns** |")


def threads(quick: bool) -> None:
    print("\n## One long input per thread: two threads against one (GIL released from 2 KiB)")
    n = (64 << 20) if not quick else (8 << 20)
    data = [os.urandom(n), os.urandom(n)]
    for name, mac, nonce in [
        ("Auth256", wegman.Auth256(os.urandom(32)), os.urandom(12)),
        ("Poly1305Aes", wegman.Poly1305Aes(wegman.Poly1305Aes.generate_key()), os.urandom(16)),
    ]:
        def one() -> None:
            for d in data:
                mac.tag(nonce, d)

        def two() -> None:
            ts = [threading.Thread(target=mac.tag, args=(nonce, d)) for d in data]
            for t in ts:
                t.start()
            for t in ts:
                t.join()

        t1, t2 = best(one, 3, 1), best(two, 3, 1)
        print(f"- {name}, 2 × {n >> 20} MiB: one thread {2 * n / t1 / 1e9:.2f} GB/s, "
              f"two threads {2 * n / t2 / 1e9:.2f} GB/s ({t1 / t2:.2f}×)")
        mt = type(mac)(os.urandom(32) if name == "Auth256" else wegman.Poly1305Aes.generate_key(),
                       max_threads=wegman.AUTO)
        ta = best(lambda: mt.tag(nonce, data[0]), 3, 1)
        tb = best(lambda: mac.tag(nonce, data[0]), 3, 1)
        print(f"- {name}, {n >> 20} MiB, max_threads=AUTO: {n / ta / 1e9:.2f} GB/s "
              f"(max_threads=1: {n / tb / 1e9:.2f} GB/s)")


def fields(quick: bool) -> None:
    import galois

    n = 100_000
    f = gf2.Field("163,7,6,3,0")
    rng = np.random.default_rng(1)
    a = rng.integers(0, 2**63, (n, 3), dtype=np.uint64)
    b = rng.integers(0, 2**63, (n, 3), dtype=np.uint64)
    a[:, 2] &= (1 << 35) - 1
    b[:, 2] &= (1 << 35) - 1
    tw = best(lambda: f.mul(a, b), 5, 3)
    g = gf2.Gnb(163)
    tg = best(lambda: g.mul(a, b), 5, 3)
    print(f"\n## GF(2^163) multiplication, {n:,} elements")
    print(f"- wegman.gf2.Field(\"163,7,6,3,0\").mul ({f.backend}): {tw / n * 1e9:.1f} ns/element")
    print(f"- wegman.gf2.Gnb(163).mul (bit-sliced, {g.backend}): {tg / n * 1e9:.1f} ns/element")
    gf = galois.GF(2**163, irreducible_poly="x^163 + x^7 + x^6 + x^3 + 1", verify=False)
    m = n if not quick else 2000
    m = min(m, 20_000)
    ints = [int(x) | int(y) << 64 | int(z) << 128 for x, y, z in a[:m]]
    ga = gf(ints)
    gb = gf([int(x) | int(y) << 64 | int(z) << 128 for x, y, z in b[:m]])
    tgal = best(lambda: ga * gb, 2, 1)
    # Same products.
    prod = f.mul(a[:100], b[:100])
    want = [int(v) for v in (ga[:100] * gb[:100])]
    got = [int(r[0]) | int(r[1]) << 64 | int(r[2]) << 128 for r in prod]
    assert got == want, "galois and wegman disagree"
    print(f"- galois {galois.__version__} GF(2^163) `*` on {m:,} elements: {tgal / m * 1e9:,.0f} ns/element "
          f"(wegman Field: {tgal / m / (tw / n):,.0f}× faster)")


def dask_vs_cli(wegman_bin: str) -> None:
    from distributed import Client, LocalCluster

    from wegman import dask as wd

    size = 1 << 30
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "big")
        with open(path, "wb") as f:
            for _ in range(size >> 26):
                f.write(os.urandom(1 << 26))
        home = os.path.join(tmp, "home")
        os.mkdir(home)
        env = {**os.environ, "WEGMAN_HOME": home}
        subprocess.run([wegman_bin, "keygen", "-o", os.path.join(home, "key")], env=env, check=True)
        alg, key, _ = wegman._wegman._cli_load_key(os.path.join(home, "key"))
        print("\n## Dask: one 1 GiB file (auth256), 2 worker processes, TLS, 64 MiB pieces")
        for j in ["1", "2"]:
            t = time.perf_counter()
            subprocess.run([wegman_bin, "tag", "-j", j, path], env=env, check=True, capture_output=True)
            print(f"- `wegman tag -j {j}`: {time.perf_counter() - t:.2f} s "
                  f"({size / (time.perf_counter() - t) / 1e9:.2f} GB/s, page cache warm)")
        t0 = time.perf_counter()
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, security=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            t1 = time.perf_counter()
            nonce = os.urandom(12)
            for rep in range(2):
                t = time.perf_counter()
                (tag,) = wd.tag_files(client, alg, key, [path], [nonce])
                dt = time.perf_counter() - t
                print(f"- wegman.dask.tag_files, run {rep + 1}: {dt:.2f} s ({size / dt / 1e9:.2f} GB/s)")
        print(f"- cluster start and stop: {time.perf_counter() - t0 - dt:.2f} s (start {t1 - t0:.2f} s)")
        with open(path, "rb") as f:
            assert tag == wegman.Auth256(key).tag(nonce, f.read())


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--quick", action="store_true")
    p.add_argument("--skip-dask", action="store_true")
    p.add_argument("--wegman", default="target/release/wegman")
    args = p.parse_args()
    print(f"wegman {wegman.__version__}; CPU {cpu()}; {os.cpu_count()} cores")
    macs(args.quick)
    overhead(args.quick)
    threads(args.quick)
    fields(args.quick)
    if not args.skip_dask:
        dask_vs_cli(args.wegman)


if __name__ == "__main__":
    main()
