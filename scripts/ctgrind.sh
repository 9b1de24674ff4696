#!/usr/bin/env bash
# Constant-time validation (TIMECOP): every keyed path of wegman under valgrind's memcheck with
# its secrets marked undefined (crates/ctgrind; docs/security.md). Fails on any report.
#   scripts/ctgrind.sh            the detected backends, then the forced portable ones
#   scripts/ctgrind.sh FILTER...  only the cases whose names contain a FILTER
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "ctgrind: valgrind is not installed (Debian: apt-get install valgrind)" >&2; exit 1; }
[ -f /usr/include/valgrind/memcheck.h ] || { echo "ctgrind: <valgrind/memcheck.h> is missing (Debian package valgrind)" >&2; exit 1; }
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target/ctgrind}"
cargo build --release -p wegman-ctgrind --features valgrind
bin="$CARGO_TARGET_DIR/release/wegman-ctgrind"
vg=(valgrind -q --error-exitcode=1 --num-callers=20 --suppressions=crates/ctgrind/valgrind.supp)

echo "ctgrind: self-test (a secret-indexed load must be reported)"
if "${vg[@]}" "$bin" --selftest-leak >/dev/null 2>&1; then
  echo "ctgrind: memcheck did not report the deliberate leak: the check is broken" >&2
  exit 1
fi
echo "ctgrind: detected backends"
"${vg[@]}" "$bin" "$@"
echo "ctgrind: forced portable (WEGMAN_BACKEND=soft)"
WEGMAN_BACKEND=soft "${vg[@]}" "$bin" "$@"
echo "ctgrind: clean"
