"""The MAC classes: published vectors, the vectors shared with the Rust tests, equality with
the CLI's tags, streaming, every input type and error path, threads and GIL release."""

from __future__ import annotations

import functools
import json
import os
import pickle
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import wegman
from conftest import REPO, Cli, message

Keyed = (
    wegman.Auth256 | wegman.Auth256_128 | wegman.Auth256TwoLevel | wegman.Auth256Pb
    | wegman.Poly1305Aes | wegman.Hash127Aes
)
KEYED: list[tuple[str, type[Keyed]]] = [
    ("auth256", wegman.Auth256),
    ("auth256-128", wegman.Auth256_128),
    ("auth256-2l", wegman.Auth256TwoLevel),
    ("auth256-pb", wegman.Auth256Pb),
    ("poly1305-aes", wegman.Poly1305Aes),
    ("hash127-aes", wegman.Hash127Aes),
]


def auth256_vectors() -> list[dict[str, Any]]:
    """The vectors the Rust tests check (crates/mac/tests/vectors/auth256.json)."""
    with open(REPO / "crates/mac/tests/vectors/auth256.json") as f:
        v: list[dict[str, Any]] = json.load(f)["vectors"]
    return v


def test_auth256_vectors_shared_with_rust() -> None:
    for i, v in enumerate(auth256_vectors()):
        key, nonce = bytes.fromhex(v["key"]), bytes.fromhex(v["nonce"])
        msg = message(i, v["msg_len"])
        b = v["b"]
        assert wegman.Auth256(key, b=b).tag(nonce, msg).hex() == v["auth256"], i
        assert wegman.Auth256_128(key, b=b).tag(nonce, msg).hex() == v["auth256_128"], i
        wegman.Auth256(key, b=b).verify(nonce, msg, bytes.fromhex(v["auth256"]))


# D. J. Bernstein, "The Poly1305-AES message-authentication code" (FSE 2005), Appendix B:
# (m, r, k, n, tag); the Poly1305-AES key is k || r.
APPENDIX_B = [
    ("f3f6", "851fc40c3467ac0be05cc20404f3f700", "ec074c835580741701425b623235add6",
     "fb447350c4e868c52ac3275cf9d4327e", "f4c633c3044fc145f84f335cb81953de"),
    ("", "a0f3080000f46400d0c7e9076c834403", "75deaa25c09f208e1dc4ce6b5cad3fbf",
     "61ee09218d29b0aaed7e154a2c5509cc", "dd3fab2251f11ac759f0887129cc2ee7"),
    ("663cea190ffb83d89593f3f476b6bc24d7e679107ea26adb8caf6652d0656136",
     "48443d0bb0d21109c89a100b5ce2c208", "6acb5f61a7176dd320c5c1eb2edcdc74",
     "ae212a55399729595dea458bc621ff0e", "0ee1c16bb73f0f4fd19881753c01cdbe"),
    ("ab0812724a7f1e342742cbed374d94d136c6b8795d45b3819830f2c04491faf0"
     "990c62e48b8018b2c3e4a0fa3134cb67fa83e158c994d961c4cb21095c1bf9",
     "12976a08c4426d0ce8a82407c4f48207", "e1a5668a4d5b66a5f68cc5424ed5982d",
     "9ae831e743978d3a23527c7128149e3a", "5154ad0d2cb26e01274fc51148491f1b"),
]


def test_poly1305_aes_paper_appendix_b() -> None:
    for m, r, k, n, tag in APPENDIX_B:
        mac = wegman.Poly1305Aes(bytes.fromhex(k + r))
        assert mac.tag(bytes.fromhex(n), bytes.fromhex(m)).hex() == tag
        mac.verify(bytes.fromhex(n), bytes.fromhex(m), bytes.fromhex(tag))


def test_poly1305_rfc8439_2_5_2() -> None:
    # RFC 8439 §2.5.2.
    key = bytes.fromhex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b")
    msg = b"Cryptographic Forum Research Group"
    tag = bytes.fromhex("a8061dc1305136c6c22b8baf0c0127a9")
    assert wegman.Poly1305.generate_tag(key, msg) == tag
    wegman.Poly1305.verify_tag(key, msg, tag)
    p = wegman.Poly1305(key)
    p.update(msg[:10])
    p.update(msg[10:])
    assert p.finalize() == tag
    with pytest.raises(ValueError, match="already finalized"):
        p.update(b"more")
    with pytest.raises(wegman.InvalidTag):
        wegman.Poly1305.verify_tag(key, msg + b".", tag)


def check_lines(cli: Cli, alg: str, files: list[Path], *extra: str) -> list[tuple[str, bytes, bytes]]:
    out = cli.run("tag", "--key-file", str(cli.home / "k"), *extra, *map(str, files))
    rows = []
    for line in out.splitlines():
        name, nonce, tag, _path = line.split(" ", 3)
        rows.append((name, b"" if nonce == "-" else bytes.fromhex(nonce), bytes.fromhex(tag)))
    return rows


@pytest.mark.parametrize(
    "alg", ["auth256", "auth256-128", "auth256-2l", "auth256-pb", "poly1305-aes", "hash127-aes", "poly1305"]
)
def test_tags_equal_the_cli(cli: Cli, tmp_path: Path, alg: str) -> None:
    key = cli.keygen(alg, cli.home / "k")
    sizes = [0, 1, 15, 16, 17, 63, 64, 65, 1000, 4096, 100_003]
    files = []
    for s in sizes:
        f = tmp_path / f"m{s}"
        f.write_bytes(message(s, s))
        files.append(f)
    encodings = [1, 8, 256] if alg.startswith("auth256") and alg != "auth256-pb" else [1]
    for b in encodings:
        extra = ["--b", str(b)] if b != 1 else []
        for f, (name, nonce, tag) in zip(files, check_lines(cli, alg, files, *extra)):
            data = f.read_bytes()
            assert name == (alg if b == 1 else f"{alg}/b{b}")
            if alg == "poly1305":
                assert wegman.Poly1305.generate_tag(key, data) == tag
                continue
            cls = dict(KEYED)[alg]
            mac = cls(key, b=b)
            assert mac.tag(nonce, data) == tag, (alg, b, len(data))
            mac.verify(nonce, data, tag)


@pytest.mark.parametrize("name,cls", KEYED)
def test_streaming_equals_one_shot_at_every_chunk_size(name: str, cls: type[Keyed]) -> None:
    mac = cls(cls.generate_key())
    nonce = bytes(cls.NONCE_SIZE)
    data = message(3, 3000)
    want = mac.tag(nonce, data)
    for chunk in [1, 7, 16, 31, 32, 64, 65, 1000, 2048, 3000]:
        s = mac.start(nonce)
        for i in range(0, len(data), chunk):
            s.update(data[i : i + chunk])
        assert len(s) == len(data)
        assert s.finalize() == want, (name, chunk)
    s = mac.start(nonce).update(data[:5]).update(data[5:])
    s.verify(want)
    with pytest.raises(ValueError, match="already finalized"):
        s.update(b"x")
    with pytest.raises(ValueError, match="already finalized"):
        s.finalize()
    bad = mac.start(nonce).update(data)
    with pytest.raises(wegman.InvalidTag):
        bad.verify(bytes(len(want)))
    assert mac.algorithm == name and cls.TAG_SIZE == len(want)


@pytest.mark.parametrize("name,cls", KEYED)
def test_every_buffer_type_and_bad_input(name: str, cls: type[Keyed]) -> None:
    mac = cls(cls.generate_key())
    nonce = bytes(cls.NONCE_SIZE)
    data = message(5, 5000)
    want = mac.tag(nonce, data)
    arr = np.frombuffer(data, dtype=np.uint8)
    forms: list[bytearray | memoryview | npt.NDArray[np.uint8]] = [
        bytearray(data), memoryview(data), arr, arr.reshape(50, 100)
    ]
    for form in forms:
        assert mac.tag(nonce, form) == want
    assert mac.tag(bytearray(nonce), data) == want
    with pytest.raises(BufferError):
        mac.tag(nonce, np.frombuffer(data * 2, dtype=np.uint8)[::2])
    with pytest.raises(BufferError):
        mac.tag(nonce, memoryview(data * 2)[::2])
    with pytest.raises(TypeError):
        mac.tag(nonce, "text")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        mac.tag(nonce, 12)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="wrong nonce length"):
        mac.tag(nonce + b"x", data)
    with pytest.raises(ValueError, match="wrong key length: expected 32 bytes, got 31"):
        cls(bytes(31))
    with pytest.raises(ValueError, match="wrong tag length"):
        mac.verify(nonce, data, want[:-1])
    with pytest.raises(wegman.InvalidTag):
        mac.verify(nonce, data, bytes(len(want)))
    with pytest.raises(wegman.InvalidTag):
        mac.verify(nonce, data[:-1], want)
    with pytest.raises(ValueError, match="max_threads"):
        cls(bytes(32) if name != "poly1305-aes" else wegman.Poly1305Aes.generate_key(), max_threads=0)
    with pytest.raises(ValueError, match="at most 1024"):
        cls(bytes(32) if name != "poly1305-aes" else wegman.Poly1305Aes.generate_key(), max_threads=10**6)
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(mac)
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(mac.start(nonce))


def test_encoding_and_key_validation_errors() -> None:
    with pytest.raises(ValueError, match="b must be 1, 8 or 256"):
        wegman.Auth256(bytes(32), b=2)
    with pytest.raises(ValueError, match="only to Auth256"):
        wegman.Poly1305Aes(wegman.Poly1305Aes.generate_key(), b=8)
    with pytest.raises(ValueError, match="invalid key"):
        wegman.Poly1305Aes(b"\xff" * 32)
    for _ in range(20):
        wegman.Poly1305Aes(wegman.Poly1305Aes.generate_key())
    assert len({wegman.Auth256.generate_key() for _ in range(10)}) == 10


@pytest.mark.parametrize("name,cls", KEYED)
def test_max_threads_gives_the_serial_tag(name: str, cls: type[Keyed]) -> None:
    key = cls.generate_key()
    nonce = bytes(range(cls.NONCE_SIZE))
    data = np.random.default_rng(7).integers(0, 256, 3 << 20, dtype=np.uint8)
    want = cls(key).tag(nonce, data)
    for threads in [2, 3, wegman.AUTO]:
        assert cls(key, max_threads=threads).tag(nonce, data) == want
        s = cls(key, max_threads=threads).start(nonce)
        s.update(data[:12345])
        s.update(data[12345:])
        assert s.finalize() == want


def ran_while_inside(call: Callable[[], object]) -> bool:
    """Whether a second thread ran Python code while `call` (a C callable: no Python frame
    of its own) executed on this thread. Forced GIL switches are disabled for the duration,
    so the second thread runs only when this thread gives the GIL up by itself: inside
    `call` exactly when `call` releases the GIL. Deterministic, not a timing."""
    me = threading.get_ident()
    inside = ran_while_inside.__code__
    seen = threading.Event()
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            frame = sys._current_frames().get(me)
            if frame is not None and frame.f_code is inside:
                seen.set()
            time.sleep(0)  # gives the GIL back

    old = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    t = threading.Thread(target=watch)
    try:
        t.start()
        call()
    finally:
        stop.set()
        sys.setswitchinterval(old)
        t.join()
    return seen.is_set()


def released(call: Callable[[], object], tries: int = 20) -> bool:
    """Whether `call` gave the GIL up in one of `tries` runs: the second thread must also be
    scheduled while it is out, which a loaded machine may not do within one call of a few
    milliseconds (Poly1305 hashes 64 MiB in about 3 ms)."""
    return any(ran_while_inside(call) for _ in range(tries))


def test_the_gil_is_released_for_long_inputs_only() -> None:
    mac = wegman.Auth256(bytes(32))
    nonce = bytes(12)
    big = bytes(64 << 20)
    assert released(functools.partial(mac.tag, nonce, big))
    assert not ran_while_inside(functools.partial(mac.tag, nonce, bytes(1000)))
    s = mac.start(nonce)
    assert released(functools.partial(s.update, big))
    p = wegman.Poly1305Aes(wegman.Poly1305Aes.generate_key()).piece(0)
    assert released(functools.partial(p.update, big))


def test_two_threads_tag_independently() -> None:
    # Both threads' results are right (the GIL release loses nothing); the speed of two
    # threads against one is measured in benches/bench.py, not asserted here.
    mac = wegman.Poly1305Aes(wegman.Poly1305Aes.generate_key())
    data = [message(i, 5 << 20) for i in range(2)]
    want = [mac.tag(bytes(16), d) for d in data]
    got: list[bytes] = [b"", b""]

    def work(i: int) -> None:
        got[i] = mac.tag(bytes(16), data[i])

    ts = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert got == want


@pytest.mark.parametrize("value", ["avx3", "AVX2", ""])
def test_unknown_wegman_backend_fails_the_import(value: str) -> None:
    """A typo in WEGMAN_BACKEND is an error, as in the CLI, not a silent 'no cap'."""
    env = dict(os.environ, WEGMAN_BACKEND=value)
    r = subprocess.run(
        [sys.executable, "-c", "import wegman"], env=env, capture_output=True, text=True
    )
    assert r.returncode != 0
    assert "WEGMAN_BACKEND must be one of soft, avx2, avx512" in r.stderr


def test_portable_wegman_backend_imports() -> None:
    env = dict(os.environ, WEGMAN_BACKEND="soft")
    r = subprocess.run(
        [sys.executable, "-c", "import wegman; print(wegman.Poly1305Aes.TAG_SIZE)"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "16"
