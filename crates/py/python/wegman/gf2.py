"""Binary fields GF(2^m) on numpy arrays.

An array of elements is a C-contiguous ``uint64`` array of shape ``(n, limbs)`` with
``limbs = ceil(m / 64)``: row ``i`` holds the little-endian limbs of element ``i`` (bit ``j``
is the coefficient of ``x^j`` in a polynomial basis, of ``beta^(2^j)`` in a normal basis).
Inputs are read in place and checked to be reduced; each operation returns a new array and
runs with the GIL released.

- :class:`Field` — a polynomial basis of any irreducible trinomial or pentanomial
  (``Field("163,7,6,3,0")``), m <= 571; ``Field.ssrf(m)`` for Avanzi's square-root-friendly
  modulus of odd degree m;
- :class:`Gnb` — a Gaussian normal basis (``Gnb(233)``, ``Gnb(163, 4)``), whose batches of
  products run bit-sliced (Brumley–Page);
- :func:`ssrf` — the square-root-friendly modulus of degree m, as exponents;
- the fixed fields :class:`F127`, :class:`F127Ssrf`, :class:`F163Nist`, :class:`F163Ssrf`,
  :class:`F191`, :class:`F233Nist`, :class:`F233Ssrf`, :class:`F283Nist`,
  :class:`F283Ssrf`, :class:`F409`, :class:`F571Nist`, :class:`F571Ssrf` — the standard
  NIST and square-root-friendly moduli with reduction, square root and limb count
  specialised at compile time (``F163Nist()``; ``.field()`` is the same field as a
  :class:`Field`, with equal arrays and results).

Operations: ``add``, ``mul``, ``sqr``, ``sqrt``, ``inv``, ``pow``, ``trace``,
``half_trace``, ``solve`` (roots of ``z^2 + z = c``), ``from_hex`` / ``to_hex``, ``zeros``.
"""

from ._wegman import (
    F127,
    F127Ssrf,
    F163Nist,
    F163Ssrf,
    F191,
    F233Nist,
    F233Ssrf,
    F283Nist,
    F283Ssrf,
    F409,
    F571Nist,
    F571Ssrf,
    Field,
    Gnb,
    ssrf,
)

__all__ = [
    "F127",
    "F127Ssrf",
    "F163Nist",
    "F163Ssrf",
    "F191",
    "F233Nist",
    "F233Ssrf",
    "F283Nist",
    "F283Ssrf",
    "F409",
    "F571Nist",
    "F571Ssrf",
    "Field",
    "Gnb",
    "ssrf",
]
