#!/usr/bin/env bash
# Installs the CLI and the Python package the way README.md ("Installing") says, into scratch
# locations, and uses each once: `cargo install --path crates/cli` and `pip install ./crates/py`
# in a fresh virtual environment (maturin from PyPI as the PEP 517 backend). Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

echo "install-check: cargo install --path crates/cli"
# The workspace's target directory, so that the release build is reused.
cargo install -q --locked --path crates/cli --root "$scratch/root" --target-dir target
wegman="$scratch/root/bin/wegman"
"$wegman" --version
export WEGMAN_HOME="$scratch/home"
echo "installed" > "$scratch/file"
"$wegman" tag "$scratch/file" > "$scratch/sums"
"$wegman" verify "$scratch/sums"
"$wegman" completions bash > "$scratch/wegman.bash"
bash -n "$scratch/wegman.bash"
"$wegman" man > "$scratch/wegman.1"
grep -q '^\.TH wegman 1' "$scratch/wegman.1"

echo "install-check: pip install ./crates/py (fresh virtual environment)"
"$python" -m venv "$scratch/venv"
"$scratch/venv/bin/python" -m pip install -q --disable-pip-version-check ./crates/py
"$scratch/venv/bin/python" - "$scratch/file" <<'PY'
import sys
import wegman

key = bytes(range(32))
with open(sys.argv[1], "rb") as f:
    data = f.read()
tag = wegman.Auth256Pb(key).tag(bytes(12), data)
assert len(tag) == 32, tag
print("install-check: the installed package tags:", tag.hex()[:16], "...")
PY
echo "install-check: ok"
