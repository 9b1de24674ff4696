"""Shared fixtures: the repository, the `wegman` binary the Python results are compared with,
and a scratch WEGMAN_HOME."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def wegman_binary() -> Path:
    """The CLI built from this repository: $WEGMAN_BIN, else release or debug in
    $CARGO_TARGET_DIR or target/. Its absence fails the tests that need it (scripts/test.sh
    builds it first)."""
    env = os.environ.get("WEGMAN_BIN")
    candidates = [Path(env)] if env else []
    dirs = [Path(os.environ["CARGO_TARGET_DIR"])] if os.environ.get("CARGO_TARGET_DIR") else []
    dirs.append(REPO / "target")
    candidates += [d / p / "wegman" for d in dirs for p in ("release", "debug")]
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    pytest.fail("the wegman binary is missing: run `cargo build --release` or set WEGMAN_BIN")


class Cli:
    """Runs the `wegman` binary with a scratch WEGMAN_HOME."""

    def __init__(self, binary: Path, home: Path) -> None:
        self.binary = binary
        self.home = home

    def env(self) -> dict[str, str]:
        return {**os.environ, "WEGMAN_HOME": str(self.home)}

    def run(self, *args: str, stdin: bytes | None = None, check: bool = True) -> str:
        r = subprocess.run(
            [str(self.binary), *args],
            input=stdin,
            capture_output=True,
            env=self.env(),
            check=False,
        )
        if check and r.returncode != 0:
            raise AssertionError(f"wegman {' '.join(args)} failed: {r.stderr.decode()}")
        return r.stdout.decode()

    def keygen(self, alg: str, path: Path) -> bytes:
        """Makes a key file and returns its key bytes."""
        self.run("keygen", "--alg", alg, "-o", str(path))
        magic, name, hexkey = path.read_text().split()
        assert magic == "wegman-key" and name == alg
        return bytes.fromhex(hexkey)


@pytest.fixture
def cli(tmp_path: Path) -> Iterator[Cli]:
    home = tmp_path / "home"
    home.mkdir()
    yield Cli(wegman_binary(), home)


def message(v: int, n: int) -> bytes:
    """Message byte i of vector number v in crates/mac/tests/vectors/auth256.json."""
    return bytes((i * (2 * v + 1) + 7 * v) % 256 for i in range(n))
