"""Type stubs of the native module ``wegman._wegman`` (re-exported by ``wegman``,
``wegman.gf2`` and ``wegman.ec``)."""

import sys
from collections.abc import Sequence
from typing import Any, Final, final

if sys.version_info >= (3, 12):
    from collections.abc import Buffer
else:
    from typing_extensions import Buffer

import numpy as np
import numpy.typing as npt

__version__: Final[str]
AUTO: Final[int]

U64Array = npt.NDArray[np.uint64]

# Message data: any C-contiguous buffer; numpy arrays are buffers (typeshed marks them so
# only from Python 3.12 on).
Data = Buffer | npt.NDArray[Any]

class InvalidTag(Exception):
    """The tag does not authenticate the message."""

@final
class Stream:
    """A streaming MAC of one message (from ``mac.start(nonce)``)."""

    @property
    def algorithm(self) -> str: ...
    def update(self, data: Data) -> Stream: ...
    def absorb(self, piece: Piece) -> None: ...
    def finalize(self) -> bytes: ...
    def verify(self, tag: Buffer) -> None: ...
    def __len__(self) -> int: ...

@final
class Piece:
    """The hash of one piece of a message: secret, zeroized when dropped or joined, never
    pickled or copied; the bytes of ``to_bytes`` are Python's and are not wiped."""

    @staticmethod
    def from_bytes(
        mac: Auth256 | Auth256_128 | Auth256TwoLevel | Auth256Pb | Poly1305Aes | Hash127Aes | Poly1305,
        blob: Buffer
    ) -> Piece: ...
    @property
    def offset(self) -> int: ...
    @property
    def algorithm(self) -> str: ...
    def update(self, data: Data) -> Piece: ...
    def merge(self, next: Piece) -> None: ...
    def to_bytes(self) -> bytes: ...
    def __len__(self) -> int: ...

class _Keyed:
    KEY_SIZE: Final[int]
    NONCE_SIZE: Final[int]
    TAG_SIZE: Final[int]
    def __init__(self, key: Buffer, *, b: int = 1, max_threads: int = 1) -> None: ...
    @staticmethod
    def generate_key() -> bytes: ...
    @property
    def algorithm(self) -> str: ...
    def tag(self, nonce: Buffer, data: Data) -> bytes: ...
    def verify(self, nonce: Buffer, data: Data, tag: Buffer) -> None: ...
    def start(self, nonce: Buffer) -> Stream: ...
    def piece(self, offset: int) -> Piece: ...
    @property
    def piece_unit(self) -> int: ...
    def _rust_seconds_per_tag(self, nonce: Buffer, data: Data, iters: int) -> float: ...

@final
class Auth256(_Keyed):
    """Auth256-AES: 32-byte key, 12-byte nonce, 32-byte tag."""

@final
class Auth256_128(_Keyed):
    """Auth256-128: 32-byte key, 12-byte nonce, 16-byte tag."""

@final
class Auth256TwoLevel(_Keyed):
    """auth256-2l: 32-byte key, 12-byte nonce, 32-byte tag; pieces at multiples of 16384."""

@final
class Auth256Pb(_Keyed):
    """auth256-pb: 32-byte key, 12-byte nonce, 32-byte tag; b = 1; pieces at multiples of 16384."""

@final
class Poly1305Aes(_Keyed):
    """Poly1305-AES: 32-byte key k || r, 16-byte nonce, 16-byte tag."""

@final
class Hash127Aes(_Keyed):
    """hash127-AES: 32-byte key, 16-byte nonce, 16-byte tag; pieces at multiples of 4."""

@final
class Poly1305:
    """The one-time Poly1305 (RFC 8439)."""

    KEY_SIZE: Final[int]
    TAG_SIZE: Final[int]
    def __init__(self, key: Buffer, *, max_threads: int = 1) -> None: ...
    @staticmethod
    def generate_key() -> bytes: ...
    @staticmethod
    def generate_tag(key: Buffer, data: Data) -> bytes: ...
    @staticmethod
    def verify_tag(key: Buffer, data: Data, tag: Buffer) -> None: ...
    def update(self, data: Data) -> None: ...
    def piece(self, offset: int) -> Piece: ...
    def absorb(self, piece: Piece) -> None: ...
    def finalize(self) -> bytes: ...
    def verify(self, tag: Buffer) -> None: ...

class _FieldOps:
    @property
    def degree(self) -> int: ...
    @property
    def limbs(self) -> int: ...
    @property
    def backend(self) -> str: ...
    def zeros(self, n: int) -> U64Array: ...
    def from_hex(self, strings: Sequence[str]) -> U64Array: ...
    def to_hex(self, a: U64Array) -> list[str]: ...
    def add(self, a: U64Array, b: U64Array) -> U64Array: ...
    def mul(self, a: U64Array, b: U64Array) -> U64Array: ...
    def sqr(self, a: U64Array) -> U64Array: ...
    def sqrt(self, a: U64Array) -> U64Array: ...
    def inv(self, a: U64Array) -> U64Array: ...
    def pow(self, a: U64Array, e: int) -> U64Array: ...
    def trace(self, a: U64Array) -> npt.NDArray[np.uint8]: ...
    def half_trace(self, a: U64Array) -> U64Array: ...
    def solve(self, c: U64Array) -> tuple[U64Array, npt.NDArray[np.bool_]]: ...

@final
class Field(_FieldOps):
    """GF(2^m) in the polynomial basis of a trinomial or pentanomial modulus."""

    def __init__(self, modulus: str) -> None: ...
    @staticmethod
    def ssrf(m: int) -> Field: ...
    @property
    def modulus(self) -> str: ...

@final
class Gnb(_FieldOps):
    """GF(2^m) in a Gaussian normal basis of type T."""

    def __init__(self, m: int, t: int | None = None) -> None: ...
    @property
    def gnb_type(self) -> int: ...

def ssrf(m: int) -> str: ...

class _FixedField(_FieldOps):
    def __init__(self) -> None: ...
    @property
    def modulus(self) -> str: ...
    def field(self) -> Field: ...

@final
class F127(_FixedField):
    """GF(2^127), x^127 + x^63 + 1, specialised at compile time."""

@final
class F127Ssrf(_FixedField):
    """GF(2^127), x^127 + x + 1, specialised at compile time."""

@final
class F163Nist(_FixedField):
    """GF(2^163), NIST's x^163 + x^7 + x^6 + x^3 + 1, specialised at compile time."""

@final
class F163Ssrf(_FixedField):
    """GF(2^163), x^163 + x^57 + x^49 + x^29 + 1, specialised at compile time."""

@final
class F191(_FixedField):
    """GF(2^191), x^191 + x^9 + 1, specialised at compile time."""

@final
class F233Nist(_FixedField):
    """GF(2^233), NIST's x^233 + x^74 + 1, specialised at compile time."""

@final
class F233Ssrf(_FixedField):
    """GF(2^233), x^233 + x^159 + 1, specialised at compile time."""

@final
class F283Nist(_FixedField):
    """GF(2^283), NIST's x^283 + x^12 + x^7 + x^5 + 1, specialised at compile time."""

@final
class F283Ssrf(_FixedField):
    """GF(2^283), x^283 + x^97 + x^89 + x^87 + 1, specialised at compile time."""

@final
class F409(_FixedField):
    """GF(2^409), x^409 + x^87 + 1, specialised at compile time."""

@final
class F571Nist(_FixedField):
    """GF(2^571), NIST's x^571 + x^10 + x^5 + x^2 + 1, specialised at compile time."""

@final
class F571Ssrf(_FixedField):
    """GF(2^571), x^571 + x^193 + x^185 + x^5 + 1, specialised at compile time."""

@final
class Curve:
    """One of the ten NIST binary curves."""

    def __init__(self, name: str) -> None: ...
    @staticmethod
    def names() -> list[str]: ...
    @property
    def name(self) -> str: ...
    @property
    def degree(self) -> int: ...
    @property
    def modulus(self) -> str: ...
    @property
    def order(self) -> int: ...
    @property
    def cofactor(self) -> int: ...
    @property
    def private_key_size(self) -> int: ...
    @property
    def coordinate_size(self) -> int: ...
    def generator(self, compressed: bool = False) -> bytes: ...
    def generate_private_key(self) -> bytes: ...
    def public_key(self, private_key: Buffer, compressed: bool = False) -> bytes: ...
    def check_public_key(self, public_key: Buffer) -> None: ...
    def exchange(
        self, private_key: Buffer, peer_public_key: Buffer, *, cofactor: bool = False
    ) -> bytes: ...
    def exchange_batch(
        self, private_keys: Sequence[Buffer], peer_public_keys: Sequence[Buffer]
    ) -> list[bytes]: ...
    def mul_batch(
        self, scalars: U64Array, x: U64Array, y: U64Array
    ) -> tuple[U64Array, U64Array, npt.NDArray[np.bool_]]: ...
    def decode_point(self, data: Data) -> tuple[U64Array, U64Array]: ...
    def sign(
        self,
        private_key: Buffer,
        message: Buffer,
        *,
        hash: str = "sha256",
        encoding: str = "der",
        prehashed: bool = False,
        randomize: bool = False,
    ) -> bytes: ...
    def verify(
        self,
        public_key: Buffer,
        message: Buffer,
        signature: Buffer,
        *,
        hash: str = "sha256",
        encoding: str = "der",
        prehashed: bool = False,
        method: str | None = None,
    ) -> bool: ...
    def private_key_file(
        self, private_key: Buffer, *, format: str = "sec1", encoding: str = "pem"
    ) -> str | bytes: ...
    def public_key_file(self, public_key: Buffer, *, encoding: str = "pem") -> str | bytes: ...

def load_private_key(data: str | Buffer) -> tuple[str, bytes]: ...
def load_public_key(data: str | Buffer) -> tuple[str, bytes]: ...

def _cli_load_key(key_file: str | None = None, alg: str | None = None) -> tuple[str, bytes, str]: ...
def _cli_reserve_nonces(key_path: str, alg: str, count: int) -> list[bytes]: ...
def _cli_check_line(alg: str, b: int, nonce: bytes | None, tag: bytes, path: str) -> str: ...
