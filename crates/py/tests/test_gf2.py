"""wegman.gf2 on numpy: against a slow reference on Python integers written here from the
definitions, against the Rust CLI's results (`wegman field --batch`), algebraic laws for the
normal bases, and every error path."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from wegman import gf2
from conftest import Cli

U64 = npt.NDArray[np.uint64]

MODULI = ["163,7,6,3,0", "163,57,49,29,0", "233,74,0", "283,12,7,5,0", "409,87,0",
          "571,10,5,2,0", "7,1,0", "64,4,3,1,0", "127,1,0"]


def poly_mulmod(a: int, b: int, p: int, m: int) -> int:
    """a·b mod p over GF(2), bit by bit (shift-and-add, reduce each step)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a >> m & 1:
            a ^= p
    return r


def modulus_int(exps: str) -> int:
    return sum(1 << int(e) for e in exps.split(","))


def to_rows(xs: list[int], limbs: int) -> U64:
    out = np.zeros((len(xs), limbs), dtype=np.uint64)
    for i, x in enumerate(xs):
        for j in range(limbs):
            out[i, j] = (x >> (64 * j)) & 0xFFFFFFFFFFFFFFFF
    return out


def from_rows(a: U64) -> list[int]:
    return [sum(int(v) << (64 * j) for j, v in enumerate(row)) for row in a]


def rand_elems(rng: np.random.Generator, m: int, n: int) -> list[int]:
    return [int.from_bytes(rng.bytes((m + 7) // 8), "little") >> ((8 - m % 8) % 8) for _ in range(n)]


FIXED = [gf2.F127, gf2.F127Ssrf, gf2.F163Nist, gf2.F163Ssrf, gf2.F191, gf2.F233Nist,
         gf2.F233Ssrf, gf2.F283Nist, gf2.F283Ssrf, gf2.F409, gf2.F571Nist, gf2.F571Ssrf]

FixedField = (gf2.F127 | gf2.F127Ssrf | gf2.F163Nist | gf2.F163Ssrf | gf2.F191 | gf2.F233Nist
              | gf2.F233Ssrf | gf2.F283Nist | gf2.F283Ssrf | gf2.F409 | gf2.F571Nist
              | gf2.F571Ssrf)


@pytest.mark.parametrize("exps", MODULI)
def test_field_against_the_integer_reference(exps: str) -> None:
    check_against_the_integer_reference(gf2.Field(exps), exps)


@pytest.mark.parametrize("cls", FIXED, ids=lambda c: c.__name__)
def test_fixed_fields_against_the_integer_reference(cls: type[FixedField]) -> None:
    f = cls()
    check_against_the_integer_reference(f, f.modulus)


@pytest.mark.parametrize("cls", FIXED, ids=lambda c: c.__name__)
def test_fixed_fields_equal_the_runtime_field(cls: type[FixedField]) -> None:
    f = cls()
    g = f.field()
    assert (f.degree, f.limbs, f.modulus) == (g.degree, g.limbs, g.modulus)
    assert repr(f) == f"wegman.gf2.{cls.__name__}()" and f.backend
    rng = np.random.default_rng(f.degree + 1)
    a = to_rows(rand_elems(rng, f.degree, 700) + [0, 1], f.limbs)
    b = to_rows(rand_elems(rng, f.degree, 702), f.limbs)
    for op in ("sqr", "sqrt", "half_trace"):
        assert np.array_equal(getattr(f, op)(a), getattr(g, op)(a)), op
    assert np.array_equal(f.mul(a, b), g.mul(a, b))
    assert np.array_equal(f.add(a, b), g.add(a, b))
    assert np.array_equal(f.inv(b), g.inv(b))
    assert np.array_equal(f.pow(a, 3 << 70), g.pow(a, 3 << 70))
    assert np.array_equal(f.trace(a), g.trace(a))
    (z1, ok1), (z2, ok2) = f.solve(a), g.solve(a)
    assert np.array_equal(z1, z2) and np.array_equal(ok1, ok2)
    assert f.to_hex(a) == g.to_hex(a)
    assert np.array_equal(f.from_hex(g.to_hex(b)), b)
    assert f.zeros(3).shape == (3, f.limbs)
    # The errors of the runtime field.
    top = np.zeros((1, f.limbs), dtype=np.uint64)
    top[0, -1] = np.uint64(1) << np.uint64(f.degree % 64 or 63)
    if f.degree % 64:
        with pytest.raises(ValueError, match="row 0"):
            f.sqr(top)
    with pytest.raises(ValueError, match="shape"):
        f.sqr(np.zeros((1, f.limbs + 1), dtype=np.uint64))
    with pytest.raises(ZeroDivisionError, match="row 1"):
        f.inv(to_rows([1, 0], f.limbs))
    with pytest.raises(ValueError):
        f.from_hex(["xyz"])


def check_against_the_integer_reference(f: gf2.Field | FixedField, exps: str) -> None:
    m = f.degree
    p = modulus_int(exps)
    rng = np.random.default_rng(m)
    xs = rand_elems(rng, m, 40) + [0, 1, 2, (1 << m) - 1]
    ys = rand_elems(rng, m, 44)
    a, b = to_rows(xs, f.limbs), to_rows(ys, f.limbs)
    assert from_rows(f.mul(a, b)) == [poly_mulmod(x, y, p, m) for x, y in zip(xs, ys)]
    assert from_rows(f.add(a, b)) == [x ^ y for x, y in zip(xs, ys)]
    sq = from_rows(f.sqr(a))
    assert sq == [poly_mulmod(x, x, p, m) for x in xs]
    assert from_rows(f.sqrt(f.sqr(a))) == xs
    nz = [x for x in xs if x]
    inv = from_rows(f.inv(to_rows(nz, f.limbs)))
    assert [poly_mulmod(x, y, p, m) for x, y in zip(nz, inv)] == [1] * len(nz)
    # Tr(a) = Σ a^{2^i}, computed by repeated squaring on integers.
    traces = []
    for x in xs[:10]:
        t, s = 0, x
        for _ in range(m):
            t ^= s
            s = poly_mulmod(s, s, p, m)
        assert t in (0, 1)
        traces.append(t)
    assert list(f.trace(a[:10])) == traces
    # pow against square-and-multiply on integers, e of several limbs.
    e = (1 << 130) + 12345
    want = []
    for x in xs[:6]:
        r, base, k = 1, x, e
        while k:
            if k & 1:
                r = poly_mulmod(r, base, p, m)
            base = poly_mulmod(base, base, p, m)
            k >>= 1
        want.append(r)
    assert from_rows(f.pow(a[:6], e)) == want
    assert from_rows(f.pow(a[:6], 0)) == [1] * 6
    # solve: z² + z = c exactly when Tr(c) = 0.
    z, ok = f.solve(a)
    for c, zz, good in zip(xs, from_rows(z), ok):
        assert bool(good) == (f.trace(to_rows([c], f.limbs))[0] == 0)
        if good:
            assert poly_mulmod(zz, zz, p, m) ^ zz == c
    if m % 2:
        h = from_rows(f.half_trace(a))
        for c, hh in zip(xs, h):
            tr = int(f.trace(to_rows([c], f.limbs))[0])
            assert poly_mulmod(hh, hh, p, m) ^ hh == c ^ tr
    assert f.to_hex(f.from_hex(f.to_hex(a))) == f.to_hex(a)


def test_ssrf_moduli() -> None:
    # Avanzi's square-root-friendly trinomials/pentanomials (the Rust crate's search).
    assert gf2.ssrf(163) == "163,57,49,29,0"
    f = gf2.Field.ssrf(233)
    assert f.modulus == gf2.ssrf(233) and f.degree == 233
    with pytest.raises(ValueError):
        gf2.ssrf(164)


def cli_batch(cli: Cli, flag: str, spec: str, lines: list[str]) -> list[str]:
    return cli.run("field", flag, spec, "--batch", stdin="\n".join(lines).encode()).split()


@pytest.mark.parametrize("spec", ["163,7,6,3,0", "233,74,0", "571,10,5,2,0"])
def test_field_batches_equal_the_rust_cli(cli: Cli, spec: str) -> None:
    f = gf2.Field(spec)
    rng = np.random.default_rng(1)
    a = to_rows(rand_elems(rng, f.degree, 300), f.limbs)
    b = to_rows(rand_elems(rng, f.degree, 300), f.limbs)
    ha, hb = f.to_hex(a), f.to_hex(b)
    assert f.to_hex(f.mul(a, b)) == cli_batch(cli, "--modulus", spec, [f"mul {x} {y}" for x, y in zip(ha, hb)])
    assert f.to_hex(f.sqrt(a)) == cli_batch(cli, "--modulus", spec, [f"sqrt {x}" for x in ha])
    assert f.to_hex(f.inv(a)) == cli_batch(cli, "--modulus", spec, [f"inv {x}" for x in ha])
    assert [str(t) for t in f.trace(a)] == cli_batch(cli, "--modulus", spec, [f"trace {x}" for x in ha])
    assert f.to_hex(f.half_trace(a)) == cli_batch(cli, "--modulus", spec, [f"htrace {x}" for x in ha])
    z, ok = f.solve(a)
    want = cli_batch(cli, "--modulus", spec, [f"solve {x}" for x in ha])
    assert [h if good else "none" for h, good in zip(f.to_hex(z), ok)] == want


@pytest.mark.parametrize("m,t", [(163, None), (233, 2), (29, None), (571, None)])
def test_normal_bases_equal_the_rust_cli_and_obey_the_laws(cli: Cli, m: int, t: int | None) -> None:
    g = gf2.Gnb(m, t)
    spec = f"{m}" if t is None else f"{m},{t}"
    rng = np.random.default_rng(m)
    n = 200  # above the bit-sliced threshold
    a = to_rows(rand_elems(rng, m, n), g.limbs)
    b = to_rows(rand_elems(rng, m, n), g.limbs)
    c = to_rows(rand_elems(rng, m, n), g.limbs)
    ha, hb = g.to_hex(a), g.to_hex(b)
    ab = g.mul(a, b)
    assert g.to_hex(ab) == cli_batch(cli, "--gnb", spec, [f"mul {x} {y}" for x, y in zip(ha, hb)])
    # A handful takes the one-at-a-time path: the same products.
    assert np.array_equal(g.mul(a[:5], b[:5]), ab[:5])
    assert np.array_equal(ab, g.mul(b, a))
    assert np.array_equal(g.mul(a, g.add(b, c)), g.add(ab, g.mul(a, c)))
    assert np.array_equal(g.sqr(a), g.mul(a, a))
    assert np.array_equal(g.sqrt(g.sqr(a)), a)
    one = np.repeat(to_rows([(1 << m) - 1], g.limbs), n, axis=0)  # all bits set: 1 in a normal basis
    assert np.array_equal(g.mul(g.inv(a), a), one)
    assert np.array_equal(g.pow(a, 3), g.mul(g.sqr(a), a))
    tr = g.trace(a)
    ht = g.half_trace(a)
    tr_elems = np.where(tr[:, None] == 1, one, np.zeros_like(one))
    assert np.array_equal(g.add(g.sqr(ht), ht), g.add(a, tr_elems))
    z, ok = g.solve(a)
    assert np.array_equal(ok, tr == 0)
    assert np.array_equal(g.add(g.sqr(z), z)[ok], a[ok])
    assert g.gnb_type == (t or g.gnb_type) and g.degree == m


def test_errors_are_clear() -> None:
    f = gf2.Field("163,7,6,3,0")
    with pytest.raises(ValueError, match="modulus"):
        gf2.Field("163,7,6,0")
    with pytest.raises(ValueError, match=r"shape \(n, 3\)"):
        f.mul(np.zeros((4, 2), np.uint64), np.zeros((4, 2), np.uint64))
    with pytest.raises(ValueError, match="different numbers of rows"):
        f.mul(f.zeros(3), f.zeros(4))
    with pytest.raises(ValueError, match="C-contiguous"):
        f.sqr(np.zeros((4, 6), np.uint64)[:, ::2])
    big = f.zeros(2)
    big[1, 2] = 1 << 40
    with pytest.raises(ValueError, match="row 1"):
        f.sqr(big)
    with pytest.raises(ZeroDivisionError, match="row 1"):
        f.inv(f.from_hex(["1", "0"]))
    with pytest.raises(ValueError, match="non-negative"):
        f.pow(f.zeros(1), -1)
    with pytest.raises(ValueError):
        gf2.Field("64,4,3,1,0").half_trace(gf2.Field("64,4,3,1,0").zeros(1))
    with pytest.raises(ValueError):
        f.from_hex(["xyz"])
    with pytest.raises(ValueError):
        gf2.Gnb(8)
    with pytest.raises(TypeError):
        f.mul(np.zeros((2, 3), np.float64), f.zeros(2))
    assert repr(f) == 'wegman.gf2.Field("163,7,6,3,0")' and f.backend
