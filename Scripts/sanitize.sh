#!/usr/bin/env bash
# Runs tests under sanitizers, each in its own scratch path so the main
# build is untouched:
#   AddressSanitizer over the decoder and renderer tests (RasterTests), the
#   script tests, and the UIKit stand-in's and the shells' tests (its back
#   references are unretained pointers its objects clear) (.build-asan), and
#   the tool's hostile-input, render and output tests (Tool/.build-asan);
#   ThreadSanitizer over the concurrent parts: the image cache (shared
#   between threads) and the property campaign (a task group) (.build-tsan);
#   and the hostile photo folder (Scripts/hostile-photos.py: decompression
#   bombs, sparse files, control characters in names, concurrent index
#   runs over a corrupt index) through the release tool, with render's
#   peak memory held under 500 MB.
#
#   Scripts/sanitize.sh [address|thread|photos|all]   (default: all)
#
# Prints how long each took; fails if any sanitizer reports or a test fails.
set -uo pipefail
cd "$(dirname "$0")/.."
which="${1:-all}"
status=0
export SWIFT_BACKTRACE=enable=no
# XCTest's runner (which `swift test` starts before Swift Testing) leaks two
# small objects at startup, and the HEVC encoder libheif loads (libx265,
# which the HEIC tests write with) keeps a few global buffers: neither is
# ours to fix.
suppressions=$(mktemp)
trap 'rm -f "$suppressions"' EXIT
printf 'leak:libXCTest.so\nleak:XCTMainMisc\nleak:libx265.so\n' >"$suppressions"
export LSAN_OPTIONS="suppressions=$suppressions:print_suppressions=0"

run() {
  local name=$1 scratch=$2 filter=$3
  shift 3
  # `--package-path Tool` in "$@" runs the tool's tests.
  local started=$SECONDS log="/tmp/scrollwork-sanitize-$name.log"
  echo "sanitize: $name: building and testing (scratch path $scratch, filter '$filter')"
  # A smaller campaign keeps the instrumented run short; the full one runs in `swift test`.
  if SCROLLWORK_CAMPAIGN_CASES=5000 swift test --scratch-path "$scratch" --sanitize="$name" --filter "$filter" "$@" >"$log" 2>&1 &&
    ! grep -qE "ERROR: (AddressSanitizer|ThreadSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer" "$log"; then
    echo "sanitize: $name: clean ($(grep -Eo "Test run with [0-9]+ tests" "$log" | tail -1)) in $((SECONDS - started)) s"
  else
    echo "sanitize: $name: FAILED in $((SECONDS - started)) s (log: $log)" >&2
    grep -E "ERROR: |WARNING: ThreadSanitizer|SUMMARY|✘|error:" "$log" | head -20 >&2
    status=1
  fi
}

if [[ $which == address || $which == all ]]; then
  run address .build-asan "RasterTests|ScriptRobustnessTests|CenteredRobustnessTests|UIKitStandInTests|ScrollworkUIKitTests"
  run address Tool/.build-asan "HostileInputRobustnessTests|RenderCommandTests|LegacyOutputTests" --package-path Tool
fi
if [[ $which == thread || $which == all ]]; then
  run thread .build-tsan "CacheTests|PropertyCampaignTests"
fi
if [[ $which == photos || $which == all ]]; then
  started=$SECONDS
  if swift build -c release --package-path Tool --product scrollwork >/tmp/scrollwork-sanitize-photos.log 2>&1 &&
    python3 Scripts/hostile-photos.py --tool Tool/.build/release/scrollwork >>/tmp/scrollwork-sanitize-photos.log 2>&1; then
    echo "sanitize: photos: $(tail -1 /tmp/scrollwork-sanitize-photos.log) in $((SECONDS - started)) s"
  else
    echo "sanitize: photos: FAILED in $((SECONDS - started)) s (log: /tmp/scrollwork-sanitize-photos.log)" >&2
    grep -E "FAILED|error" /tmp/scrollwork-sanitize-photos.log | head -20 >&2
    status=1
  fi
fi
exit $status
