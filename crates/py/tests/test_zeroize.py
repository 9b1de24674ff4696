"""The pieces' secrets, as far as Python can observe them.

A piece holds the hash of part of a message before the one-time pad: it reveals the hash key
for a known message. The package promises (README, ``wegman.Piece``):

- the state lives in Rust and is zeroized when the piece is dropped, joined or merged;
- a joined piece is empty: every later use is an error, never a second copy of the state;
- no Python-level copy exists: pickling and ``copy`` refuse;
- ``to_bytes`` is the one explicit copy, a ``bytes`` object that Python cannot wipe (the
  caller's to handle as a secret).

The first promise is checked in the process's own memory (docs/security.md, "Secrets in
Python"): a piece read back from its blob holds the blob's accumulator verbatim, which a search
of the heaps finds while the piece lives and no longer finds once it is dropped or joined. The
search never holds the whole secret in one Python object: it looks for its first half and
compares the second half in place, and the blob it came from is overwritten first.
"""

from __future__ import annotations

import copy
import ctypes
import gc
import os
import pickle
import sys
from collections.abc import Callable

import pytest

import wegman

PieceMac = (
    wegman.Auth256 | wegman.Auth256TwoLevel | wegman.Auth256Pb | wegman.Poly1305Aes
    | wegman.Hash127Aes | wegman.Poly1305
)

# Offset of a bytes object's data from its address (CPython: the header, then ob_sval).
BYTES_DATA = sys.getsizeof(b"") - 1

linux_only = pytest.mark.skipif(
    not os.path.exists("/proc/self/mem"), reason="reads the heap through /proc/self/mem"
)


def wipe(b: bytes) -> None:
    """Overwrites a bytes object's data in place (a test-only intrusion into CPython)."""
    ctypes.memset(id(b) + BYTES_DATA, 0, len(b))


def regions() -> list[tuple[int, int]]:
    """The readable, writable private mappings of this process but its main stack: the heaps
    (Python's, Rust's, numpy's), where a dropped state would remain."""
    out = []
    with open("/proc/self/maps") as f:
        for line in f:
            fields = line.split()
            span, perms = fields[0], fields[1]
            name = fields[5] if len(fields) > 5 else ""
            if perms.startswith("rw") and perms[3] == "p" and name not in ("[stack]", "[vvar]", "[vsyscall]"):
                lo, hi = (int(x, 16) for x in span.split("-"))
                out.append((lo, hi))
    return out


def occurs(first: bytes, second: bytes) -> bool:
    """Whether first ‖ second occurs in the heap; the two halves stay separate objects, and
    every region is read into one reused buffer."""
    buf = bytearray(1 << 20)
    view = memoryview(buf)
    n = len(first)
    with open("/proc/self/mem", "rb", buffering=0) as mem:
        for lo, hi in regions():
            at = lo
            while at < hi:
                size = min(len(buf), hi - at)
                try:
                    mem.seek(at)
                    got = mem.readinto(view[:size]) or 0
                except OSError:
                    break
                i = buf.find(first, 0, got)
                while i >= 0:
                    if i + 2 * n <= got and view[i + n:i + 2 * n] == second:
                        return True
                    i = buf.find(first, i + 1, got)
                # Overlap the chunks by one secret's length.
                at += max(got - 2 * n, 1) if got == size and at + size < hi else size
    return False


def secret_halves(blob: bytes, at: int) -> tuple[bytes, bytes]:
    """The 16 bytes at ``at`` of a piece's blob (``at`` may count from the end), as two
    separate halves; the blob is overwritten."""
    at = at % len(blob)
    first, second = blob[at:at + 8], blob[at + 8:at + 16]
    wipe(blob)
    return first, second


# (MAC, message bytes in the piece, where its blob holds 16 bytes of an accumulator that a
# piece read back from the blob holds verbatim): hash127's value, Poly1305's carried limbs,
# Auth256's finished sum, the two-level MACs' level-2 Horner value (two closed chunks).
PIECES: list[tuple[PieceMac, int, int]] = [
    (wegman.Hash127Aes(wegman.Hash127Aes.generate_key()), 1000, -16),
    (wegman.Poly1305Aes(wegman.Poly1305Aes.generate_key()), 1000, -24),
    (wegman.Poly1305(wegman.Poly1305.generate_key()), 1000, -24),
    (wegman.Auth256(wegman.Auth256.generate_key()), 640, 6 + 2 + 16 + 8 + 8),
    (wegman.Auth256TwoLevel(wegman.Auth256.generate_key()), 40_000, 6 + 2 + 16 + 8 + 8 + 8),
    (wegman.Auth256Pb(wegman.Auth256.generate_key()), 40_000, 6 + 16 + 8 + 8 + 8),
]


@linux_only
@pytest.mark.parametrize("mac,n,at", PIECES, ids=["hash127-aes", "poly1305-aes", "poly1305",
                                                  "auth256", "auth256-2l", "auth256-pb"])
def test_a_dropped_piece_leaves_no_accumulator_in_memory(mac: PieceMac, n: int, at: int) -> None:
    name = mac.algorithm if not isinstance(mac, wegman.Poly1305) else "poly1305"
    blob = mac.piece(0).update(os.urandom(n)).to_bytes()
    piece = wegman.Piece.from_bytes(mac, blob)
    first, second = secret_halves(blob, at)
    del blob
    assert first + second != bytes(16), "a zero accumulator proves nothing"
    # While the piece lives, its state is in the heap: the search works.
    assert occurs(first, second), f"{name}: the live accumulator was not found"
    del piece
    gc.collect()
    assert not occurs(first, second), f"{name}: a dropped piece left its accumulator behind"


@linux_only
def test_a_joined_piece_leaves_no_accumulator_in_memory() -> None:
    mac = wegman.Hash127Aes(wegman.Hash127Aes.generate_key())
    data = os.urandom(2000)
    blob = mac.piece(1000).update(data[1000:]).to_bytes()
    piece = wegman.Piece.from_bytes(mac, blob)
    first, second = secret_halves(blob, -16)
    del blob
    assert occurs(first, second)
    stream = mac.start(bytes(16)).update(data[:1000])
    stream.absorb(piece)
    # The piece's state moved into the stream and was wiped there: the piece's value is gone
    # (the stream now holds h·r^k + P, a different value).
    assert not occurs(first, second)
    assert stream.finalize() == mac.tag(bytes(16), data)


def test_a_joined_piece_is_empty() -> None:
    mac = wegman.Poly1305Aes(wegman.Poly1305Aes.generate_key())
    a, b = mac.piece(0).update(b"x" * 40), mac.piece(40).update(b"y" * 40)
    a.merge(b)
    for use in (lambda: b.to_bytes(), lambda: b.update(b"z"), lambda: len(b), lambda: b.offset):
        with pytest.raises(ValueError, match="already joined"):
            use()
    assert repr(b) == "wegman.Piece(poly1305-aes, joined)"
    s = mac.start(bytes(16))
    s.absorb(a)
    with pytest.raises(ValueError, match="already joined"):
        a.to_bytes()
    assert s.finalize() == mac.tag(bytes(16), b"x" * 40 + b"y" * 40)


@pytest.mark.parametrize("how", [pickle.dumps, copy.copy, copy.deepcopy])
def test_no_python_copy_of_a_piece(how: Callable[[object], object]) -> None:
    piece = wegman.Auth256(wegman.Auth256.generate_key()).piece(0).update(b"abc")
    with pytest.raises(TypeError, match="cannot be pickled"):
        how(piece)
