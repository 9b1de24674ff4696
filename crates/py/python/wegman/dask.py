"""Authenticate data sets larger than one machine with Dask (``dask.distributed``).

The MACs here are sums over the message (Auth256) or polynomials in the key (Poly1305), so a
message cut into byte ranges hashes range by range on any worker, and the client joins the
pieces into exactly the tag one machine computes. Two shapes of work, one mechanism:

- many files: every file's ranges are tasks, all submitted at once;
- one large file: its ranges are tasks (``piece_size`` bytes each, default 64 MiB).

Workers read the files themselves (a shared file system, or a local cluster), hash their
range into a :class:`wegman.Piece` and return ``piece.to_bytes()``; the client absorbs the
pieces (in any order) into the stream of the file's nonce and finalizes.

Security: a piece reveals the hash key for a known message, and the tasks carry the key.
Run the cluster with TLS (``LocalCluster(security=True)`` makes temporary certificates; for
a real cluster pass a ``distributed.Security`` with ``require_encryption=True``), keep task
arguments out of logs, and note that tasks are submitted with ``pure=False`` so that no task
name is derived from the key. Nothing holding key material can be pickled: keys travel as
bytes, pieces as their explicit serialisation.

Command line, printing the same ``ALG NONCE TAG PATH`` lines as ``wegman tag`` with nonces
from the same durable counter (so ``wegman verify`` checks them)::

    python -m wegman.dask tag [--scheduler tls://HOST:PORT] [--workers N] FILES...

Without ``--scheduler`` it starts a local cluster of N worker processes with TLS.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, Protocol, Union

from . import (
    Auth256,
    Auth256_128,
    Auth256Pb,
    Auth256TwoLevel,
    Hash127Aes,
    Piece,
    Poly1305,
    Poly1305Aes,
)
from ._wegman import _cli_check_line, _cli_load_key, _cli_reserve_nonces

Mac = Union[Auth256, Auth256_128, Auth256TwoLevel, Auth256Pb, Poly1305Aes, Hash127Aes]

#: Default bytes per task.
DEFAULT_PIECE_SIZE = 64 << 20

#: Bytes read from a file at a time by a task.
READ_SIZE = 8 << 20



class _Sink(Protocol):
    def update(self, data: memoryview, /) -> object: ...


class Client(Protocol):
    """What :func:`tag_files` uses of a ``distributed.Client``: ``submit`` and ``gather``.

    ``distributed`` has no type annotations, so its client is described here instead of
    imported: ``mypy --strict`` then checks this module whole, and any real ``Client`` fits.
    """

    def submit(self, func: Callable[..., bytes], /, *args: object, pure: bool = ...) -> Any: ...

    def gather(self, futures: Any, /) -> Any: ...


def distributed() -> Any:
    """The ``distributed`` package (``pip install 'wegman[dask]'``), typed as ``Any``: it has
    no annotations, so its ``Client``, ``LocalCluster`` and ``Security`` are used through this
    without per-module relaxations of ``mypy --strict``."""
    return importlib.import_module("distributed")


ALGORITHMS = (
    "auth256",
    "auth256-128",
    "auth256-2l",
    "auth256-pb",
    "poly1305-aes",
    "hash127-aes",
    "poly1305",
)


def make_mac(alg: str, key: bytes, b: int = 1) -> Mac:
    """The keyed MAC object of an algorithm name as ``wegman tag`` prints it."""
    if alg == "auth256":
        return Auth256(key, b=b)
    if alg == "auth256-128":
        return Auth256_128(key, b=b)
    if alg == "auth256-2l":
        return Auth256TwoLevel(key, b=b)
    if alg == "auth256-pb":
        return Auth256Pb(key, b=b)
    if alg == "poly1305-aes":
        return Poly1305Aes(key, b=b)
    if alg == "hash127-aes":
        return Hash127Aes(key, b=b)
    raise ValueError(f"no keyed MAC named {alg!r} (one of {', '.join(ALGORITHMS[:6])})")


def _feed(target: _Sink, path: str, offset: int, length: int) -> None:
    """Reads bytes [offset, offset + length) of ``path`` into ``target.update``."""
    buf = bytearray(min(READ_SIZE, max(length, 1)))
    view = memoryview(buf)
    with open(path, "rb") as f:
        f.seek(offset)
        left = length
        while left:
            n = f.readinto(view[: min(len(buf), left)])
            if not n:
                raise OSError(f"{path}: the file ended at byte {offset + length - left}, "
                              f"before byte {offset + length} (did it shrink?)")
            target.update(view[:n])
            left -= n


def hash_range(alg: str, key: bytes, b: int, path: str, offset: int, length: int) -> bytes:
    """Task: the serialised piece of bytes [offset, offset + length) of ``path``.

    Secret output (see the module's security notes).
    """
    piece = Poly1305(key).piece(offset) if alg == "poly1305" else make_mac(alg, key, b).piece(offset)
    _feed(piece, path, offset, length)
    return piece.to_bytes()


def ranges(size: int, piece_size: int, unit: int) -> list[tuple[int, int]]:
    """Byte ranges (offset, length) covering ``size`` bytes, each starting at a multiple of
    ``unit``; an empty input is one empty range."""
    if piece_size <= 0:
        raise ValueError("piece_size must be positive")
    step = max(unit, piece_size // unit * unit)
    return [(o, min(step, size - o)) for o in range(0, size, step)] or [(0, 0)]


def _unit(alg: str, key: bytes, b: int) -> int:
    """Pieces start at multiples of this (``piece_unit``: a chunk for auth256-2l and
    auth256-pb, a segment pair for auth256, a word for hash127-aes); 16 for the one-time
    ``poly1305``, whose pieces may start anywhere."""
    return 16 if alg == "poly1305" else make_mac(alg, key, b).piece_unit


def tag_files(
    client: Client,
    alg: str,
    key: bytes,
    paths: Sequence[str],
    nonces: Sequence[bytes | None],
    *,
    b: int = 1,
    piece_size: int = DEFAULT_PIECE_SIZE,
) -> list[bytes]:
    """Tags of ``paths`` (one nonce each; ``None`` for the one-time ``poly1305``) computed on
    the cluster of ``client``: every byte range of every file is a task, submitted together;
    the pieces are joined here. Equal to ``make_mac(alg, key, b).tag(nonce, data)``."""
    if len(paths) != len(nonces):
        raise ValueError(f"{len(paths)} paths and {len(nonces)} nonces")
    paths = [os.path.abspath(p) for p in paths]
    unit = _unit(alg, key, b)
    jobs = []
    for path in paths:
        size = os.path.getsize(path)
        jobs.append([
            client.submit(hash_range, alg, key, b, path, off, n, pure=False)
            for off, n in ranges(size, piece_size, unit)
        ])
    tags = []
    for futures, nonce in zip(jobs, nonces):
        results: list[bytes] = list(client.gather(futures))
        if alg == "poly1305":
            one_time = Poly1305(key)
            for blob in results:
                one_time.absorb(Piece.from_bytes(one_time, blob))
            tags.append(one_time.finalize())
        else:
            if nonce is None:
                raise ValueError(f"{alg} needs a nonce")
            mac = make_mac(alg, key, b)
            stream = mac.start(nonce)
            for blob in results:
                stream.absorb(Piece.from_bytes(mac, blob))
            tags.append(stream.finalize())
    return tags


def _security(args: argparse.Namespace) -> object:
    if not (args.tls_ca_file and args.tls_cert and args.tls_key):
        return None
    return distributed().Security(
        tls_ca_file=args.tls_ca_file,
        tls_client_cert=args.tls_cert,
        tls_client_key=args.tls_key,
        require_encryption=True,
    )


def _tag_command(args: argparse.Namespace) -> int:
    def note(msg: str) -> None:
        print(f"wegman: {msg}", file=sys.stderr)

    try:
        alg, key, key_path = _cli_load_key(args.key_file, args.alg)
    except OSError as e:
        note(str(e))
        return 1
    if args.b != 1 and not alg.startswith("auth256"):
        note(f"--b applies only to auth256 and auth256-128, not {alg}")
        return 1
    failed = False
    paths = []
    for p in args.files:
        if p == "-":
            note("standard input cannot be split across a cluster; give a file")
            failed = True
        elif not os.path.isfile(p) or not os.access(p, os.R_OK):
            note(f"cannot read {p}: not a readable regular file")
            failed = True
        else:
            paths.append(p)
    nonces: list[bytes | None]
    if alg == "poly1305":
        note("note: poly1305 is a one-time authenticator: never tag a second message with "
             "this key (use poly1305-aes for many messages)")
        nonces = [None] * len(paths)
    else:
        try:
            # Reserved durably before any tag is printed, as `wegman tag` does.
            nonces = list(_cli_reserve_nonces(key_path, alg, len(paths)))
        except OSError as e:
            note(str(e))
            return 1
    if args.scheduler:
        if not args.scheduler.startswith("tls://") and not args.insecure:
            note("the scheduler address must be tls://... (tasks carry the key); "
                 "pass --insecure to allow plain TCP on a trusted network")
            return 1
        client = distributed().Client(args.scheduler, security=_security(args))
        cluster = None
    else:
        cluster = distributed().LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            processes=True,
            security=True,
            dashboard_address=None,
        )
        client = distributed().Client(cluster)
    try:
        for path, nonce in zip(paths, nonces):
            try:
                (tag,) = tag_files(client, alg, key, [path], [nonce], b=args.b,
                                   piece_size=args.piece_size)
            except OSError as e:
                note(str(e))
                failed = True
                continue
            print(_cli_check_line(alg, args.b, nonce, tag, path), flush=True)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return 1 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m wegman.dask tag ...``; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m wegman.dask",
        description="Authenticate files on a Dask cluster; prints `wegman tag` lines.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tag", help="tag FILES (ALG NONCE TAG PATH lines, as `wegman tag`)")
    t.add_argument("files", nargs="+", metavar="FILE")
    t.add_argument("--scheduler", help="address of a running scheduler (tls://HOST:PORT); "
                   "default: a local cluster with TLS")
    t.add_argument("--workers", type=int, default=2,
                   help="worker processes of the local cluster (default 2)")
    t.add_argument("--key-file", help="the key (default: $WEGMAN_HOME/key or "
                   "~/.config/wegman/key, created on first use)")
    t.add_argument("--alg", choices=ALGORITHMS, help="the key's algorithm (checked)")
    t.add_argument("--b", type=int, default=1, choices=(1, 8, 256),
                   help="Hash256 encoding for auth256 (default 1)")
    t.add_argument("--piece-size", type=int, default=DEFAULT_PIECE_SIZE,
                   help="bytes per task (default 64 MiB)")
    t.add_argument("--tls-ca-file", help="CA certificate of a --scheduler's cluster")
    t.add_argument("--tls-cert", help="client certificate for --scheduler")
    t.add_argument("--tls-key", help="client key for --scheduler")
    t.add_argument("--insecure", action="store_true",
                   help="allow a tcp:// scheduler (the key travels unencrypted)")
    args = parser.parse_args(argv)
    return _tag_command(args)


if __name__ == "__main__":
    # Run the imported module's main, so that the tasks pickle by reference to
    # `wegman.dask`, which the workers import, not to `__main__`.
    from wegman.dask import main as _main

    sys.exit(_main())
