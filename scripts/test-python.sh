#!/usr/bin/env bash
# Builds the `wegman` wheel (abi3, CPython >= 3.11) into a virtual environment, installs it
# with its test dependencies and runs pytest and mypy --strict. Part of scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
venv=${WEGMAN_PY_VENV:-target/py-venv}
command -v "$python" >/dev/null 2>&1 || { echo "test-python: $python not found (CPython >= 3.11 needed)" >&2; exit 1; }
"$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' \
  || { echo "test-python: $python is older than 3.11" >&2; exit 1; }

if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
# The versions these tests were written against (maturin 1.16 builds pyo3 0.30 abi3 wheels).
"$venv/bin/python" -m pip install -q --disable-pip-version-check \
  "maturin>=1.16,<2" "pytest>=8" "mypy>=1.10" "numpy>=1.24" \
  "dask[distributed]>=2024.1" "cryptography>=41"

# The CLI the Python results are compared with.
cargo build --release -q --bin wegman
export WEGMAN_BIN="$PWD/target/release/wegman"

rm -rf target/wheels
"$venv/bin/maturin" build --release -q -m crates/py/Cargo.toml -i "$venv/bin/python" -o target/wheels
"$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps target/wheels/wegman-*.whl

# Run from the tests directory so that `import wegman` is the installed wheel.
(cd crates/py && "../../$venv/bin/python" -m pytest -q tests "$@")
(cd crates/py && "../../$venv/bin/python" -m mypy --strict tests python/wegman)
