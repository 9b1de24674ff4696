"""The ten NIST binary elliptic curves (sect163k1 ... sect571r1).

:class:`Curve` gives key pairs (private keys as big-endian bytes, public keys as SEC 1
encodings with full validation), ECDH (``exchange``, ``exchange_batch`` on the bit-sliced
batch ladder) and batched constant-time scalar multiplication on numpy arrays
(``mul_batch``), all in the SEC 2 polynomial basis.
"""

from ._wegman import Curve

__all__ = ["Curve"]
