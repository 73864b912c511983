#!/usr/bin/env bash
# Checks that the demo page works in a real browser: renders `scrollwork demo`
# (or uses a folder given as $1), opens its index.html from disk in headless
# Chromium, checks that every image on the page decoded (the page records it in
# <body data-status>), takes a screenshot and checks it is not blank.
#
# Installs Chromium (apt-get) and python3 when missing, so it runs on a fresh
# Debian/Ubuntu machine. Usage:
#   Scripts/check-page.sh            # build, run the demo into .build/check-page, check
#   Scripts/check-page.sh DIR        # check an existing demo folder
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=check-page
source Scripts/common.sh

out=${1:-}
if [[ -z $out ]]; then
  out=.build/check-page
  say "rendering the demo into $out"
  # The script's own scratch folder, rendered afresh (output of a version
  # without identities in its manifest would be refused, not replaced).
  rm -rf "$out"
  swift run -q --package-path Tool scrollwork demo --out "$out" | tee "$out.log"
  # The demo runs on built-in data: a scene that fails is a defect.
  if grep -E '^[0-9]+ scene\(s\) rendered.*[0-9]+ failed' "$out.log"; then
    fail "the demo failed scenes (above)"
  fi
fi
[[ -f $out/index.html ]] || fail "no index.html in $out"

browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [[ -z $browser ]]; then
  install chromium fonts-dejavu-core
  browser=$(command -v chromium) || fail "chromium did not install"
fi
command -v python3 >/dev/null || install python3

page="file://$(cd "$out" && pwd)/index.html"
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars --no-first-run
       --allow-file-access-from-files --virtual-time-budget=15000)

say "loading $page in $("$browser" --version 2>/dev/null | head -1)"
dom=$("$browser" "${flags[@]}" --dump-dom "$page" 2>/dev/null) || fail "the browser could not load the page"
status=$(grep -o 'data-status="[a-z]*"' <<<"$dom" | head -1 || true)
loaded=$(grep -o 'data-loaded="[0-9/]*"' <<<"$dom" | head -1 || true)
[[ $status == 'data-status="ok"' ]] || fail "images did not all load ($status $loaded)"
say "every image decoded ($loaded)"

shot=$(cd "$out" && pwd)/screenshot.png
rm -f "$shot"
"$browser" "${flags[@]}" --window-size=900,1100 --screenshot="$shot" "$page" >/dev/null 2>&1 || true
[[ -s $shot ]] || fail "no screenshot"

python3 - "$shot" <<'PY'
# Decodes the screenshot (8-bit RGB/RGBA PNG) with zlib only and checks it is
# not blank: many colours, and a good share of pixels unlike the most common one.
import collections, struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
i, idat, ihdr = 8, b"", None
while i < len(data):
    n, kind = struct.unpack(">I4s", data[i:i + 8])
    body = data[i + 8:i + 8 + n]
    if kind == b"IHDR": ihdr = struct.unpack(">IIBBBBB", body)
    if kind == b"IDAT": idat += body
    i += 12 + n
w, h, depth, ctype, _, _, interlace = ihdr
assert depth == 8 and ctype in (2, 6) and interlace == 0, f"unexpected PNG format {ihdr}"
bpp = 3 if ctype == 2 else 4
raw, stride = zlib.decompress(idat), w * bpp
rows, prev = [], bytearray(stride)
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line)); prev = line
counts = collections.Counter(r[x:x + 3] for r in rows[::2] for x in range(0, stride, bpp * 2))
total = sum(counts.values())
common = counts.most_common(1)[0][1]
share = 1 - common / total
print(f"== screenshot {w}x{h}: {len(counts)} colours, {share:.0%} of pixels unlike the background")
if len(counts) < 200 or share < 0.15:
    sys.exit("check-page: FAIL: the screenshot looks blank")
PY
say "OK: the page loads and shows the animations ($shot)"
