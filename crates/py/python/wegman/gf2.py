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
- :func:`ssrf` — the square-root-friendly modulus of degree m, as exponents.

Operations: ``add``, ``mul``, ``sqr``, ``sqrt``, ``inv``, ``pow``, ``trace``,
``half_trace``, ``solve`` (roots of ``z^2 + z = c``), ``from_hex`` / ``to_hex``, ``zeros``.
"""

from ._wegman import Field, Gnb, ssrf

__all__ = ["Field", "Gnb", "ssrf"]
