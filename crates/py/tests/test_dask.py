"""The Dask recipe on a local cluster of two worker processes with TLS: many files and one
large file split into byte ranges give the one-machine tags, which `wegman verify` accepts;
`python -m wegman.dask tag` prints `wegman tag` lines from the same durable nonce counter."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import wegman
from wegman import dask as wd
from wegman._wegman import _cli_check_line
from conftest import Cli, message


@pytest.fixture(scope="module")
def client() -> Iterator[wd.Client]:
    dist = wd.distributed()
    with dist.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        security=True,
        dashboard_address=None,
    ) as cluster, dist.Client(cluster) as c:
        assert c.scheduler is not None and c.scheduler.address.startswith("tls://")
        yield c


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("alg,b", [("auth256", 1), ("auth256", 8), ("auth256-128", 256),
                                   ("poly1305-aes", 1), ("hash127-aes", 1), ("poly1305", 1)])
def test_many_files_equal_one_machine_and_verify(
    client: wd.Client, cli: Cli, tmp_path: Path, alg: str, b: int
) -> None:
    key = cli.keygen(alg, cli.home / "k")
    sizes = [0, 1, 64 * b - 1, 64 * b, 100_000, (3 << 20) + 7]
    files = [write(tmp_path / f"f{s}", message(s, s)) for s in sizes]
    nonce_len = {"auth256": 12, "auth256-128": 12, "poly1305-aes": 16, "hash127-aes": 16}
    nonces: list[bytes | None] = (
        [None] * len(files) if alg == "poly1305"
        else [os.urandom(nonce_len[alg]) for _ in files]
    )
    tags = wd.tag_files(client, alg, key, [str(f) for f in files], nonces, b=b, piece_size=1 << 20)
    lines = []
    for f, nonce, tag in zip(files, nonces, tags):
        data = f.read_bytes()
        if nonce is None:
            assert tag == wegman.Poly1305.generate_tag(key, data)
        else:
            assert tag == wd.make_mac(alg, key, b).tag(nonce, data), (alg, b, len(data))
        lines.append(_cli_check_line(alg, b, nonce, tag, str(f)))
    sums = tmp_path / "SUMS"
    sums.write_text("\n".join(lines) + "\n")
    out = cli.run("verify", "--key-file", str(cli.home / "k"), str(sums))
    assert out.count("OK") == len(files), out


def test_one_large_file_in_byte_ranges(client: wd.Client, cli: Cli, tmp_path: Path) -> None:
    key = cli.keygen("auth256", cli.home / "k")
    big = write(tmp_path / "big", os.urandom(24 << 20) + b"tail")
    assert len(wd.ranges(big.stat().st_size, 1 << 20, 64)) == 25
    nonce = os.urandom(12)
    (tag,) = wd.tag_files(client, "auth256", key, [str(big)], [nonce], piece_size=1 << 20)
    assert tag == wegman.Auth256(key).tag(nonce, big.read_bytes())
    # Ranges of an uneven size (rounded down to a unit) give the same tag.
    (again,) = wd.tag_files(client, "auth256", key, [str(big)], [nonce], piece_size=(1 << 20) + 100)
    assert again == tag
    sums = tmp_path / "SUMS"
    sums.write_text(_cli_check_line("auth256", 1, nonce, tag, str(big)) + "\n")
    cli.run("verify", "--key-file", str(cli.home / "k"), str(sums))


def test_the_command_line_shares_the_cli_nonce_counter(cli: Cli, tmp_path: Path) -> None:
    files = [write(tmp_path / f"g{i}", message(i, 50_000 * i)) for i in range(3)]
    # No key yet: the default key is created, as `wegman tag` does.
    r = subprocess.run(
        [sys.executable, "-m", "wegman.dask", "tag", "--workers", "2", "--piece-size", "65536",
         *map(str, files)],
        capture_output=True, env=cli.env(), check=False, timeout=300,
    )
    assert r.returncode == 0, r.stderr.decode()
    lines = r.stdout.decode().splitlines()
    assert [ln.split(" ", 3)[3] for ln in lines] == [str(f) for f in files]
    sums = tmp_path / "SUMS"
    sums.write_text("\n".join(lines) + "\n")
    assert cli.run("verify", str(sums)).count("OK") == 3
    # The CLI continues the same counter: no nonce repeats.
    after = cli.run("tag", *map(str, files)).splitlines()
    nonces = [ln.split()[1] for ln in lines + after]
    assert len(set(nonces)) == 6


def test_the_command_line_errors(cli: Cli, tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([sys.executable, "-m", "wegman.dask", "tag", *args],
                              capture_output=True, env=cli.env(), check=False, timeout=300)

    r = run("--scheduler", "tcp://127.0.0.1:1", str(tmp_path))
    assert r.returncode == 1 and b"must be tls://" in r.stderr
    r = run("--key-file", str(tmp_path / "missing"), "x")
    assert r.returncode == 1 and r.stderr.startswith(b"wegman: ")
    cli.keygen("poly1305-aes", cli.home / "p")
    r = run("--key-file", str(cli.home / "p"), "--b", "8", "x")
    assert r.returncode == 1 and b"--b applies only" in r.stderr
