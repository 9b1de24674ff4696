"""wegman.ec: CAVP key pairs and Wycheproof ECDH vectors (the files the Rust tests read),
ECDH agreement, batches against single operations, and every error path."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from wegman import ec
from conftest import REPO

DATA = REPO / "crates/ec/tests/data"


def cavp_key_pairs() -> list[tuple[str, int, int, int]]:
    """(NIST curve name, d, Qx, Qy) from NIST CAVP KeyPair-186-3.rsp, binary curves only."""
    out = []
    curve = ""
    d = qx = 0
    for line in (DATA / "KeyPair-186-3.rsp").read_text().splitlines():
        if m := re.match(r"\[([KB]-\d+)\]", line):
            curve = m.group(1)
        elif m := re.match(r"\[", line):
            if not line.startswith("[B.4"):
                curve = ""
        if not curve:
            continue
        if line.startswith("d = "):
            d = int(line[4:], 16)
        elif line.startswith("Qx = "):
            qx = int(line[5:], 16)
        elif line.startswith("Qy = "):
            out.append((curve, d, qx, int(line[5:], 16)))
    return out


def test_cavp_key_pairs() -> None:
    pairs = cavp_key_pairs()
    assert len(pairs) == 100
    for name, d, qx, qy in pairs:
        c = ec.Curve(name)
        n = c.coordinate_size
        pub = c.public_key(d.to_bytes(c.private_key_size, "big"))
        assert pub == b"\x04" + qx.to_bytes(n, "big") + qy.to_bytes(n, "big"), name
        c.check_public_key(pub)


@pytest.mark.parametrize("curve", ["sect283k1", "sect283r1", "sect409k1", "sect571r1"])
def test_wycheproof_ecdh(curve: str) -> None:
    """Wycheproof ecdh_<curve>_test.json: the valid cases agree. The public keys are DER
    SubjectPublicKeyInfo; the uncompressed point is their tail."""
    c = ec.Curve(curve)
    point_len = 1 + 2 * c.coordinate_size
    data = json.loads((DATA / f"ecdh_{curve}_test.json").read_text())
    checked = 0
    for group in data["testGroups"]:
        for t in group["tests"]:
            pub = bytes.fromhex(t["public"])
            if t["result"] != "valid" or len(pub) < point_len or pub[-point_len] != 4:
                continue
            d = int(t["private"], 16)
            shared = c.exchange(d.to_bytes(c.private_key_size, "big"), pub[-point_len:])
            assert shared.hex() == t["shared"], t["tcId"]
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("name", ec.Curve.names())
def test_ecdh_agreement_and_the_batch(name: str) -> None:
    c = ec.Curve(name)
    keys = [c.generate_private_key() for _ in range(6)]
    pubs = [c.public_key(k) for k in keys]
    assert c.public_key(keys[0], compressed=True)[0] in (2, 3)
    s01 = c.exchange(keys[0], pubs[1])
    assert s01 == c.exchange(keys[1], pubs[0]) and len(s01) == c.coordinate_size
    assert c.exchange(keys[0], c.public_key(keys[1], compressed=True)) == s01
    if c.cofactor > 1:
        assert c.exchange(keys[0], pubs[1], cofactor=True) == c.exchange(keys[1], pubs[0], cofactor=True)
    peers = pubs[1:] + pubs[:1]
    assert c.exchange_batch(keys, peers) == [c.exchange(k, q) for k, q in zip(keys, peers)]


def test_mul_batch_against_public_keys() -> None:
    c = ec.Curve("sect233k1")
    gx, gy = c.decode_point(c.generator())
    n = 70
    keys = [c.generate_private_key() for _ in range(n)]
    sl = (c.order.bit_length() + 63) // 64
    scalars = np.zeros((n, sl), np.uint64)
    for i, k in enumerate(keys):
        v = int.from_bytes(k, "big")
        for j in range(sl):
            scalars[i, j] = (v >> (64 * j)) & 0xFFFFFFFFFFFFFFFF
    scalars[3] = 0  # 0·G = O
    x, y, inf = c.mul_batch(scalars, np.repeat(gx, n, axis=0), np.repeat(gy, n, axis=0))
    assert list(np.nonzero(inf)[0]) == [3]
    for i, k in enumerate(keys):
        if i == 3:
            continue
        px, py = c.decode_point(c.public_key(k))
        assert np.array_equal(x[i], px[0]) and np.array_equal(y[i], py[0]), i


def test_errors_are_clear() -> None:
    c = ec.Curve("K-163")
    assert c.name == "sect163k1" and c.degree == 163 and c.modulus == "163,7,6,3,0"
    with pytest.raises(ValueError, match="unknown|Unknown"):
        ec.Curve("P-256")
    with pytest.raises(ValueError, match="21 bytes"):
        c.public_key(bytes(20))
    with pytest.raises(ValueError):
        c.public_key(bytes(21))  # zero
    with pytest.raises(ValueError):
        c.public_key(c.order.to_bytes(21, "big"))  # n
    good = c.public_key(c.generate_private_key())
    off = bytearray(good)
    off[-1] ^= 1
    with pytest.raises(ValueError):
        c.check_public_key(bytes(off))
    with pytest.raises(ValueError):
        c.exchange(c.generate_private_key(), bytes(off))
    with pytest.raises(ValueError, match="public key 1"):
        c.exchange_batch([c.generate_private_key()] * 2, [good, bytes(off)])
    with pytest.raises(ValueError, match="private keys"):
        c.exchange_batch([c.generate_private_key()], [])
    gx, gy = c.decode_point(c.generator())
    bad_y = gy.copy()
    bad_y[0, 0] ^= 1
    with pytest.raises(ValueError):
        c.mul_batch(np.ones((1, 3), np.uint64), gx, bad_y)
    with pytest.raises(ValueError, match="shape"):
        c.mul_batch(np.ones((1, 2), np.uint64), gx, gy)
