"""The ten NIST binary elliptic curves (sect163k1 ... sect571r1).

:class:`Curve` gives key pairs (private keys as big-endian bytes, public keys as SEC 1
encodings with full validation), ECDH (``exchange``, ``exchange_batch`` on the bit-sliced
batch ladder) and batched constant-time scalar multiplication on numpy arrays
(``mul_batch``), all in the SEC 2 polynomial basis; and ECDSA: ``sign`` (constant-time,
RFC 6979) and ``verify`` with SHA-1/224/256/384/512, DER or fixed-width signatures, key files
as OpenSSL writes them (``private_key_file``, ``public_key_file``, ``load_private_key``,
``load_public_key``).
"""

from ._wegman import Curve, load_private_key, load_public_key

__all__ = ["Curve", "load_private_key", "load_public_key"]
