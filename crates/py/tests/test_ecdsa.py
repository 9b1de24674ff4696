"""wegman.ec ECDSA: the RFC 6979 vectors the Rust tests read, sign/verify round trips with every
hash, encoding and method, key files both ways, the openssl command as a peer, and every error
path."""

from __future__ import annotations

import shutil
from pathlib import Path
import subprocess

import pytest

from wegman import ec
from conftest import REPO

VECTORS = REPO / "crates/ecdsa/tests/data/rfc6979-binary.txt"
HASHES = ["sha1", "sha224", "sha256", "sha384", "sha512"]


def rfc6979_blocks() -> list[dict[str, str]]:
    out = []
    for block in VECTORS.read_text().split("\n\n"):
        kv = {}
        for line in block.splitlines():
            if line.startswith("#") or "=" not in line:
                continue
            k, _, v = line.partition("=")
            kv[k.strip()] = v.strip()
        if "curve" in kv:
            out.append(kv)
    return out


@pytest.mark.parametrize("v", rfc6979_blocks(), ids=lambda v: f"{v['curve']}-{v['hash']}")
def test_rfc6979_vectors(v: dict[str, str]) -> None:
    c = ec.Curve(v["curve"])
    d = int(v["x"], 16).to_bytes(c.private_key_size, "big")
    pub = c.public_key(d)
    n = c.coordinate_size
    assert pub == b"\x04" + int(v["Ux"], 16).to_bytes(n, "big") + int(v["Uy"], 16).to_bytes(n, "big")
    sig = c.sign(d, b"sample", hash=v["hash"], encoding="fixed")
    size = c.private_key_size
    assert sig == int(v["r"], 16).to_bytes(size, "big") + int(v["s"], 16).to_bytes(size, "big")
    assert c.verify(pub, b"sample", sig, hash=v["hash"], encoding="fixed")
    assert not c.verify(pub, b"samplf", sig, hash=v["hash"], encoding="fixed")


@pytest.mark.parametrize("name", ec.Curve.names())
def test_round_trips_every_hash_encoding_and_method(name: str) -> None:
    c = ec.Curve(name)
    d = c.generate_private_key()
    pub = c.public_key(d)
    methods = ["double-add"] + (["halving"] if name == "sect163k1" or "r" in name[-2:] else [])
    methods += ["tnaf"] if "k1" in name else []
    for h in HASHES:
        for enc in ["der", "fixed"]:
            sig = c.sign(d, b"message", hash=h, encoding=enc)
            assert sig == c.sign(d, bytearray(b"message"), hash=h, encoding=enc)  # RFC 6979
            rnd = c.sign(d, b"message", hash=h, encoding=enc, randomize=True)
            assert rnd != sig
            for m in [None, *methods]:
                assert c.verify(pub, b"message", sig, hash=h, encoding=enc, method=m)
                assert c.verify(pub, memoryview(b"message"), rnd, hash=h, encoding=enc, method=m)
                assert not c.verify(pub, b"messagf", sig, hash=h, encoding=enc, method=m)
    # Prehashed digests sign and verify like the message.
    import hashlib

    digest = hashlib.sha384(b"message").digest()
    sig = c.sign(d, digest, hash="sha384", prehashed=True)
    assert sig == c.sign(d, b"message", hash="sha384")
    assert c.verify(pub, digest, sig, hash="sha384", prehashed=True)


def test_key_files_round_trip() -> None:
    for name in ec.Curve.names():
        c = ec.Curve(name)
        d = c.generate_private_key()
        pub = c.public_key(d)
        for fmt in ["sec1", "pkcs8"]:
            for enc in ["pem", "der"]:
                f = c.private_key_file(d, format=fmt, encoding=enc)
                assert isinstance(f, str if enc == "pem" else bytes)
                assert ec.load_private_key(f) == (name, d)
        for enc in ["pem", "der"]:
            assert ec.load_public_key(c.public_key_file(pub, encoding=enc)) == (name, pub)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl command")
def test_openssl_command_interop(tmp_path: Path) -> None:
    for name in ["sect163k1", "sect283k1", "sect409r1"]:
        key = tmp_path / f"{name}.pem"
        subprocess.run(["openssl", "ecparam", "-name", name, "-genkey", "-out", key], check=True)
        curve, d = ec.load_private_key(key.read_bytes())
        assert curve == name
        c = ec.Curve(name)
        pub = c.public_key(d)
        msg = tmp_path / "msg"
        msg.write_bytes(b"interop")
        sig = tmp_path / "sig"
        subprocess.run(["openssl", "dgst", "-sha256", "-sign", key, "-out", sig, msg], check=True)
        assert c.verify(pub, b"interop", sig.read_bytes())
        sig.write_bytes(c.sign(d, b"interop", hash="sha512"))
        pubf = tmp_path / "pub.pem"
        pem = c.public_key_file(pub)
        assert isinstance(pem, str)
        pubf.write_text(pem)
        out = subprocess.run(
            ["openssl", "dgst", "-sha512", "-verify", pubf, "-signature", sig, msg],
            capture_output=True,
            text=True,
        )
        assert out.stdout.strip() == "Verified OK"


def test_errors() -> None:
    c = ec.Curve("sect233r1")
    d = c.generate_private_key()
    pub = c.public_key(d)
    sig = c.sign(d, b"m")
    with pytest.raises(ValueError, match="unknown hash"):
        c.sign(d, b"m", hash="md5")
    with pytest.raises(ValueError, match="encoding"):
        c.sign(d, b"m", encoding="pem")
    with pytest.raises(ValueError, match="bytes"):
        c.sign(d[1:], b"m")
    with pytest.raises(ValueError, match="outside"):
        c.sign(bytes(len(d)), b"m")
    with pytest.raises(ValueError, match="digest"):
        c.sign(d, b"short", prehashed=True)
    with pytest.raises(ValueError, match="malformed DER"):
        c.verify(pub, b"m", sig[:-1])
    with pytest.raises(ValueError, match="method"):
        c.verify(pub, b"m", sig, method="ladder")
    with pytest.raises(ValueError, match="Koblitz"):
        c.verify(pub, b"m", sig, method="tnaf")
    with pytest.raises(ValueError):
        c.verify(pub[:-1], b"m", sig)
    with pytest.raises(TypeError):
        c.sign(d, "a string")  # type: ignore[arg-type]
    # r = 0 or s = n: not a valid signature (False), not an error.
    size = c.private_key_size
    assert not c.verify(pub, b"m", bytes(2 * size), encoding="fixed")
    with pytest.raises(ValueError, match="key file"):
        ec.load_private_key(b"not a key")
    with pytest.raises(ValueError, match="key file"):
        ec.load_public_key("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n")
    assert ec.load_public_key(c.public_key_file(c.generator())) == ("sect233r1", c.generator())
