#!/usr/bin/env bash
# Short fuzz runs of every target (fuzz/; docs/security.md), e.g. in CI:
#   scripts/fuzz.sh [SECONDS]        every target for SECONDS (default 30) each
#   scripts/fuzz.sh SECONDS TARGET   one target
# With a nightly toolchain the targets run under AddressSanitizer (`cargo +nightly fuzz`);
# on stable alone, without a sanitizer (`--sanitizer none`: libFuzzer's coverage needs no
# nightly flag). New inputs go to a scratch corpus, never into the committed fuzz/corpus; a
# crash is saved under fuzz/artifacts/TARGET/ and fails the run: copy it to
# fuzz/regressions/TARGET/ once fixed, and `cargo test` in fuzz/ replays it from then on.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
secs="${1:-30}"
only="${2:-}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
if cargo +nightly --version >/dev/null 2>&1; then
  fuzz=(cargo +nightly fuzz)
  san=()
  echo "fuzz: nightly found: AddressSanitizer on"
else
  fuzz=(cargo fuzz)
  san=(-s none)
  echo "fuzz: no nightly toolchain: libFuzzer without a sanitizer"
fi
"${fuzz[@]}" build "${san[@]}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for t in $("${fuzz[@]}" list); do
  [ -n "$only" ] && [ "$t" != "$only" ] && continue
  mkdir -p "$scratch/$t"
  echo "fuzz: $t for ${secs}s"
  "${fuzz[@]}" run "${san[@]}" "$t" "$scratch/$t" "corpus/$t" -- \
    -max_total_time="$secs" -print_final_stats=1 2>"$scratch/$t.log" || {
      tail -40 "$scratch/$t.log" >&2
      echo "fuzz: $t FAILED; the input is in fuzz/artifacts/$t/" >&2
      exit 1
    }
  grep -E "^stat::number_of_executed_units|^Done" "$scratch/$t.log" | tr '\n' ' '
  echo
done
echo "fuzz: clean"
