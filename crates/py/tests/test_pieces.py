"""Mergeable pieces: hashed apart, serialised, joined in any order or in a tree, they give the
serial tag; every misuse is a clear error; pieces never pickle."""

from __future__ import annotations

import pickle
import random

import pytest

import wegman
from conftest import message

PieceMac = (
    wegman.Auth256 | wegman.Auth256_128 | wegman.Auth256TwoLevel | wegman.Auth256Pb
    | wegman.Poly1305Aes | wegman.Hash127Aes
)


def macs() -> list[tuple[PieceMac, int]]:
    """(MAC, unit): Auth256 pieces start at multiples of 64·b, auth256-2l pieces at multiples
    of its 16 KiB chunk, hash127 pieces at word boundaries, Poly1305 pieces anywhere."""
    k = wegman.Auth256.generate_key()
    return [
        (wegman.Auth256(k), 64),
        (wegman.Auth256(k, b=8), 512),
        (wegman.Auth256(k, b=256), 16384),
        (wegman.Auth256_128(k), 64),
        (wegman.Auth256TwoLevel(k), 16384),
        (wegman.Auth256TwoLevel(k, b=256), 16384),
        (wegman.Auth256Pb(k), 16384),
        (wegman.Poly1305Aes(wegman.Poly1305Aes.generate_key()), 1),
        (wegman.Hash127Aes(wegman.Hash127Aes.generate_key()), 4),
    ]


def test_piece_unit_is_the_documented_one() -> None:
    for mac, unit in macs():
        assert mac.piece_unit == unit, mac.algorithm


def cut(n: int, unit: int, rng: random.Random, parts: int) -> list[int]:
    points = sorted({rng.randrange(0, n // unit + 1) * unit for _ in range(parts - 1)})
    return [0, *points, n]


@pytest.mark.parametrize("seed", range(6))
def test_serialised_pieces_in_any_order_give_the_serial_tag(seed: int) -> None:
    rng = random.Random(seed)
    for mac, unit in macs():
        n = rng.choice([0, 1, unit, 3 * unit + 5, 200_000])
        data = message(seed, n)
        nonce = bytes(mac.NONCE_SIZE)
        want = mac.tag(nonce, data)
        bounds = cut(n, unit, rng, rng.randrange(1, 7))
        blobs = []
        for lo, hi in zip(bounds, bounds[1:]):
            p = mac.piece(lo)
            p.update(data[lo:hi])
            assert (p.offset, len(p)) == (lo, hi - lo)
            blobs.append(p.to_bytes())
        rng.shuffle(blobs)
        s = mac.start(nonce)
        for blob in blobs:
            s.absorb(wegman.Piece.from_bytes(mac, blob))
        assert len(s) == n
        assert s.finalize() == want, (mac.algorithm, n, bounds)


def test_a_stream_with_a_head_and_a_merged_tree() -> None:
    for mac, unit in macs():
        data = message(9, 40 * unit + 3)
        nonce = bytes(mac.NONCE_SIZE)
        b = [0, 8 * unit, 16 * unit, 30 * unit, len(data)]
        ps = []
        for lo, hi in zip(b[1:], b[2:]):
            p = mac.piece(lo).update(data[lo:hi])
            ps.append(p)
        ps[0].merge(ps[1])
        ps[0].merge(ps[2])
        s = mac.start(nonce).update(data[: b[1]])
        s.absorb(ps[0])
        assert s.finalize() == mac.tag(nonce, data)


def test_one_time_poly1305_pieces() -> None:
    key = wegman.Poly1305.generate_key()
    data = message(2, 1001)
    p = wegman.Poly1305(key)
    for lo, hi in [(500, 1001), (7, 500), (0, 7)]:
        q = wegman.Poly1305(key).piece(lo).update(data[lo:hi])
        p.absorb(wegman.Piece.from_bytes(p, q.to_bytes()))
    assert p.finalize() == wegman.Poly1305.generate_tag(key, data)


def test_misuse_is_a_clear_error() -> None:
    mac = wegman.Auth256(wegman.Auth256.generate_key())
    other = wegman.Auth256(wegman.Auth256.generate_key())
    nonce = bytes(12)
    with pytest.raises(ValueError, match="multiple of 64"):
        mac.piece(10)
    p = mac.piece(64).update(b"x" * 10)
    blob = p.to_bytes()
    with pytest.raises(ValueError, match="another key"):
        wegman.Piece.from_bytes(other, blob)
    with pytest.raises(ValueError, match="b = 1"):
        wegman.Piece.from_bytes(wegman.Auth256(bytes(32), b=8), wegman.Auth256(bytes(32)).piece(0).to_bytes())
    with pytest.raises(ValueError, match="another algorithm"):
        wegman.Piece.from_bytes(wegman.Poly1305Aes(wegman.Poly1305Aes.generate_key()), blob)
    with pytest.raises(ValueError, match="malformed"):
        wegman.Piece.from_bytes(mac, blob[:-50])
    with pytest.raises(ValueError, match="bad magic"):
        wegman.Piece.from_bytes(mac, b"nonsense")
    with pytest.raises(TypeError):
        wegman.Piece.from_bytes(b"key", blob)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(p)
    # A gap: the piece waits, finalize refuses, nothing is lost.
    s = mac.start(nonce)
    s.absorb(p)
    with pytest.raises(ValueError, match="byte 64 is not joined"):
        s.finalize()
    with pytest.raises(ValueError, match="already joined"):
        p.update(b"y")
    with pytest.raises(ValueError, match="already joined"):
        s.absorb(p)
    with pytest.raises(ValueError, match="update only after"):
        s.update(b"z" * 64)
    s.absorb(mac.piece(0).update(b"z" * 64))
    assert s.finalize() == mac.tag(nonce, b"z" * 64 + b"x" * 10)
    # Two pieces at one offset; a piece before the end.
    s = mac.start(nonce)
    s.absorb(mac.piece(128).update(b"a"))
    with pytest.raises(ValueError, match="two pieces start at byte 128"):
        s.absorb(mac.piece(128).update(b"b"))
    s.absorb(mac.piece(128))  # empty: adds nothing, dropped
    s = mac.start(nonce).update(b"q" * 128)
    with pytest.raises(ValueError, match="before the end"):
        s.absorb(mac.piece(64).update(b"c"))
    # Pieces of different algorithms, and self-merge.
    q = mac.piece(0)
    with pytest.raises(ValueError, match="itself"):
        q.merge(q)
    with pytest.raises(ValueError):
        q.merge(wegman.Poly1305Aes(wegman.Poly1305Aes.generate_key()).piece(0))
    with pytest.raises(ValueError, match="multiple of 4"):
        wegman.Hash127Aes(bytes(32)).piece(6)


def test_repr_and_len() -> None:
    p = wegman.Poly1305Aes(wegman.Poly1305Aes.generate_key()).piece(5).update(b"abc")
    assert repr(p) == "wegman.Piece(poly1305-aes, offset=5, len=3)"
    assert len(p) == 3 and p.offset == 5 and p.algorithm == "poly1305-aes"


def test_hash127_pieces_under_another_key_or_malformed() -> None:
    k = wegman.Hash127Aes.generate_key()
    mac, other = wegman.Hash127Aes(k), wegman.Hash127Aes(wegman.Hash127Aes.generate_key())
    nonce = bytes(16)
    data = message(4, 1000)
    blob = mac.piece(400).update(data[400:]).to_bytes()
    # A hash127 blob does not name its key: read under another key it joins, and the tag
    # is wrong (as for Poly1305); a live piece of another key is refused.
    s = other.start(nonce).update(data[:400])
    s.absorb(wegman.Piece.from_bytes(other, blob))
    assert s.finalize() != mac.tag(nonce, data)
    s = mac.start(nonce).update(data[:400])
    with pytest.raises(ValueError, match="another key"):
        s.absorb(other.piece(400).update(data[400:]))
    for bad in (blob[:-1], blob + b"\0", blob[:6] + (9).to_bytes(8, "little") + blob[14:]):
        with pytest.raises(ValueError, match="malformed"):
            wegman.Piece.from_bytes(mac, bad)
    # The same key bytes in a second object: pieces join.
    twin = wegman.Hash127Aes(k)
    s = mac.start(nonce).update(data[:400])
    s.absorb(twin.piece(400).update(data[400:]))
    assert s.finalize() == mac.tag(nonce, data)
