"""Criterion's saved medians, shared by the `*_table.py` scripts.

`load(group)` reads target/criterion/GROUP/<bench>/new/estimates.json and returns
{bench: median ns per iteration}. With `chain`, a regular expression with three groups
(prefix, N, suffix), a bench named like it measured N operations in one iteration: it is
stored under prefix + suffix, divided by N.
"""
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent / "target" / "criterion"


def load(group, chain=None):
    out = {}
    for est in (ROOT / group).glob("*/new/estimates.json"):
        with open(est) as f:
            ns = json.load(f)["median"]["point_estimate"]
        name = est.parent.parent.name
        m = re.fullmatch(chain, name) if chain else None
        if m:
            out[m.group(1) + m.group(3)] = ns / int(m.group(2))
        else:
            out[name] = ns
    return out
