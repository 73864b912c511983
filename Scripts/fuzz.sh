#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ (with AddressSanitizer) and runs
# them: first every saved crasher in Fuzz/Crashers/<harness>/ (regression
# inputs, which must pass now), then each harness for a bounded time from
# its seed corpus Fuzz/Corpus/<harness>/. A new crasher is saved into
# Fuzz/Crashers/<harness>/ and the script fails.
#
#   Scripts/fuzz.sh [SECONDS]   fuzz each harness for SECONDS (default 30)
#   Scripts/fuzz.sh --replay    only build and replay crashers and corpus
#   FUZZ_RUNS=20000 FUZZ_SEED=1 Scripts/fuzz.sh   a fixed, repeatable set of
#                               inputs per harness (what CI runs)
#
# Environment: FUZZ_LAYOUTS limits the layouts FuzzLayouts tries (catalog
# names; default all); FUZZ_JOBS_DIR keeps the inputs libFuzzer finds (default: a
# temporary folder, deleted at the end).
set -uo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
seconds=30
replay_only=0
case "${1:-}" in
  --replay) replay_only=1 ;;
  '') ;;
  *[!0-9]* ) echo "usage: Scripts/fuzz.sh [SECONDS | --replay]" >&2; exit 2 ;;
  *) seconds=$1 ;;
esac

harnesses=(FuzzScript FuzzDecode FuzzLayouts FuzzHost FuzzTool)
# FuzzLayouts tries every layout of LayoutCatalog (unset or empty); a
# comma-separated list of catalog names (FUZZ_LAYOUTS=flow,tags) narrows it.
export FUZZ_LAYOUTS="${FUZZ_LAYOUTS:-}"
# Swift's own crash handler gets in libFuzzer's way (and is slow under ASan).
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}"

echo "fuzz: building (scratch path .build-fuzz)"
# SwiftPM passes --sanitize values as separate -sanitize= flags, of which
# swiftc keeps only the last; -Xswiftc -sanitize=fuzzer,address comes after
# and keeps both (coverage and ASan). --sanitize=fuzzer makes SwiftPM link
# libFuzzer's main.
build_log=$(mktemp)
if ! swift build --package-path Fuzz --scratch-path .build-fuzz --sanitize=fuzzer \
  -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address >"$build_log" 2>&1; then
  grep -E "error" "$build_log" | head -20 >&2
  echo "fuzz: build failed (log: $build_log)" >&2
  exit 1
fi
rm -f "$build_log"
bin=.build-fuzz/debug
echo "fuzz: built in $((SECONDS - started)) s"

status=0
for h in "${harnesses[@]}"; do
  mkdir -p "Fuzz/Crashers/$h" "Fuzz/Corpus/$h"
  inputs=()
  while IFS= read -r -d '' f; do inputs+=("$f"); done < <(find "Fuzz/Crashers/$h" "Fuzz/Corpus/$h" -type f ! -name '.*' -print0 | sort -z)
  if ((${#inputs[@]})); then
    if "$bin/$h" -timeout=20 -rss_limit_mb=2048 "${inputs[@]}" >"/tmp/fuzz-replay-$h.log" 2>&1; then
      echo "fuzz: $h: ${#inputs[@]} saved inputs replayed, all pass"
    else
      echo "fuzz: $h: a saved input fails (log: /tmp/fuzz-replay-$h.log):" >&2
      grep -E "fuzz check|Fatal error|ERROR|Running:" "/tmp/fuzz-replay-$h.log" | tail -5 >&2
      status=1
    fi
  fi
done
if ((replay_only)); then
  echo "fuzz: replay done in $((SECONDS - started)) s"
  exit $status
fi

work="${FUZZ_JOBS_DIR:-$(mktemp -d)}"
for h in "${harnesses[@]}"; do
  mkdir -p "$work/$h"
  max_len=4096
  [[ $h == FuzzDecode ]] && max_len=65536
  # New inputs go to $work (the first folder); the repository corpus is only read.
  # FUZZ_RUNS=N (with FUZZ_SEED, default 1) runs a fixed number of inputs
  # from a fixed seed: the same inputs every time, as CI needs; otherwise
  # SECONDS of new inputs each run.
  if [[ -n "${FUZZ_RUNS:-}" ]]; then
    budget=(-runs="$FUZZ_RUNS" -seed="${FUZZ_SEED:-1}")
  else
    budget=(-max_total_time="$seconds")
  fi
  "$bin/$h" "${budget[@]}" -timeout=20 -rss_limit_mb=2048 -max_len=$max_len \
    -print_final_stats=1 -artifact_prefix="Fuzz/Crashers/$h/" "$work/$h" "Fuzz/Corpus/$h" >"$work/$h.log" 2>&1
  rc=$?
  runs=$(grep -Eo "stat::number_of_executed_units: *[0-9]+" "$work/$h.log" | grep -Eo "[0-9]+$" || echo "?")
  cov=$(grep -Eo "cov: [0-9]+" "$work/$h.log" | tail -1)
  if ((rc == 0)); then
    echo "fuzz: $h: $runs runs${FUZZ_RUNS:+ from seed ${FUZZ_SEED:-1}}, $cov, no crash"
  else
    echo "fuzz: $h: FAILED (exit $rc); the input is saved in Fuzz/Crashers/$h/ (log: $work/$h.log):" >&2
    grep -E "fuzz check|Fatal error|ERROR|SUMMARY|Test unit written" "$work/$h.log" | tail -5 >&2
    status=1
  fi
done
[[ -z "${FUZZ_JOBS_DIR:-}" ]] && rm -rf "$work"
echo "fuzz: done in $((SECONDS - started)) s"
exit $status
