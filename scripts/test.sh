#!/usr/bin/env bash
# The README test command: every Rust test of the workspace, then the Python package
# (crates/py): its wheel built with maturin into a virtual environment with its test
# dependencies, the pytest suite (vectors, CLI agreement, numpy batches, the Dask recipe on a
# local TLS cluster) and mypy --strict on the package and the tests.
#
# Environment: PYTHON (default python3, >= 3.11); WEGMAN_PY_VENV (default target/py-venv,
# reused between runs); extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo test --workspace"
cargo test --workspace

echo "== Python: wheel, pytest, mypy (crates/py)"
scripts/test-python.sh "$@"
