#!/usr/bin/env bash
# A random campaign of command lines against the release `scrollwork`
# (see Scripts/campaign.py): valid and hostile values over every layout's
# inspect and simulate and over render with tiny frames, run in parallel,
# checked for traps, hangs, non-finite JSON, odd exit statuses and
# messages that do not name the option at fault. Prints its counts.
#
#   Scripts/campaign.sh [COUNT [SEED]]    default 5000 command lines, seed 1
#   CAMPAIGN_BINARY=Tool/.build/debug/scrollwork Scripts/campaign.sh 500
set -euo pipefail
cd "$(dirname "$0")/.."
NAME=campaign
source Scripts/common.sh
command -v python3 >/dev/null || install python3
binary=${CAMPAIGN_BINARY:-}
if [[ -z $binary ]]; then
  swift build -q -c release --package-path Tool --product scrollwork
  binary=Tool/.build/release/scrollwork
fi
[[ -x $binary ]] || fail "no binary at $binary"
exec python3 Scripts/campaign.py "$binary" --count "${1:-5000}" --seed "${2:-1}"
