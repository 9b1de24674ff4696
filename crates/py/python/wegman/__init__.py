"""wegman: the fastest provably secure message authentication, and the binary-field and
binary-curve arithmetic under it, from Rust.

MACs (Wegman–Carter: a universal hash under a secret key, masked by a pad from a nonce):

- :class:`Auth256`, :class:`Auth256_128` — Bernstein–Chou's Auth256-AES over F_{2^256};
- :class:`Auth256TwoLevel` — ``auth256-2l``, Auth256 in two levels with a 16 KiB key;
- :class:`Auth256Pb` — ``auth256-pb``, the same two levels over a polynomial basis, on
  carry-less multipliers;
- :class:`Poly1305Aes` — Bernstein's Poly1305-AES;
- :class:`Hash127Aes` — Bernstein's hash127-AES;
- :class:`Poly1305` — the one-time Poly1305 of RFC 8439.

Each takes any contiguous buffer (bytes, bytearray, memoryview, numpy uint8 arrays), releases
the GIL for inputs of 2 KiB or more, and hashes one long input on ``max_threads`` threads
(``AUTO`` for all cores). ``verify`` compares in constant time and raises :class:`InvalidTag`.

Pieces (:class:`Piece`) hash parts of one message anywhere (other threads, processes,
machines) and join into the serial tag; see :mod:`wegman.dask` for a Dask recipe.

Binary fields on numpy arrays are in :mod:`wegman.gf2`, binary curves and ECDH in
:mod:`wegman.ec`.
"""

from ._wegman import (
    AUTO,
    Auth256,
    Auth256_128,
    Auth256TwoLevel,
    Auth256Pb,
    Hash127Aes,
    InvalidTag,
    Piece,
    Poly1305,
    Poly1305Aes,
    Stream,
    __version__,
)

__all__ = [
    "AUTO",
    "Auth256",
    "Auth256_128",
    "Auth256TwoLevel",
    "Auth256Pb",
    "Hash127Aes",
    "InvalidTag",
    "Piece",
    "Poly1305",
    "Poly1305Aes",
    "Stream",
    "__version__",
]
