#!/usr/bin/env bash
# Checks `scrollwork view` in a real X11 window under Xvfb, driven by xdotool:
#   - no display, an unreachable display, a missing font and unreadable photos
#     each give a clear message;
#   - a paging swipe on the album (mouse drag, release) ends on the page the
#     engine predicts: the window's last frame matches `scrollwork render` of
#     the same gesture, within a pixel tolerance;
#   - the wheel scrolls the filmstrip, Tab switches the layout, Q quits with
#     exit status 0;
#   - the frame loop at 390x844 @2x reports its median, p99 and dropped frames.
#
# Installs what it needs with apt-get when missing (Xvfb, xdotool, python3, the
# X11 headers the build needs), as Scripts/check-page.sh installs Chromium.
# Usage: Scripts/check-viewer.sh          (builds scrollwork in release mode)
#        SCROLLWORK=path/to/scrollwork Scripts/check-viewer.sh
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=check-viewer
source Scripts/common.sh

missing=()
[[ -f /usr/include/X11/Xlib.h ]] || missing+=(libx11-dev)
[[ -f /usr/include/X11/extensions/XShm.h ]] || missing+=(libxext-dev)
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xdotool >/dev/null || missing+=(xdotool)
command -v python3 >/dev/null || missing+=(python3)
fc-list 2>/dev/null | grep -q DejaVu || missing+=(fonts-dejavu-core)
((${#missing[@]} == 0)) || install "${missing[@]}"

bin=${SCROLLWORK:-}
if [[ -z $bin ]]; then
  say "building scrollwork (release)"
  swift build -q -c release --package-path Tool --product scrollwork
  bin=$(swift build -c release --package-path Tool --show-bin-path)/scrollwork
fi
[[ -x $bin ]] || fail "no scrollwork binary at $bin"
started=$SECONDS

work=$(mktemp -d)
expected=
xvfb_pid=
viewer_pid=
keep=.build/check-viewer  # screenshots are kept here
rm -rf "$keep" && mkdir -p "$keep"
cleanup() {
  cp "$work"/*.png "$keep"/ 2>/dev/null || true
  [[ -n $expected ]] && cp "$expected" "$keep/render.png" 2>/dev/null || true
  [[ -n $viewer_pid ]] && kill "$viewer_pid" 2>/dev/null || true
  [[ -n $xvfb_pid ]] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# --- Without a display -------------------------------------------------------
say "no display"
if env -u DISPLAY "$bin" view --exit-after 0 >/dev/null 2>"$work/err"; then fail "view ran without a display"; fi
grep -q "cannot open a window: DISPLAY is not set" "$work/err" || fail "unclear message: $(cat "$work/err")"
say "  $(cat "$work/err")"

# --- Xvfb ----------------------------------------------------------------------
exec 3>"$work/display"
Xvfb -displayfd 3 -screen 0 1800x1800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
exec 3>&-
for _ in $(seq 50); do [[ -s $work/display ]] && break; sleep 0.1; done
[[ -s $work/display ]] || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
export DISPLAY=:$(head -1 "$work/display")
say "Xvfb on $DISPLAY"

say "a display that is not there"
if DISPLAY=:$((${DISPLAY#:} + 37)) "$bin" view --exit-after 0 >/dev/null 2>"$work/err"; then
  fail "view ran on a closed display"
fi
grep -q "cannot be reached" "$work/err" || fail "unclear message: $(cat "$work/err")"
say "  $(cat "$work/err")"

say "a missing font"
printf '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n' >"$work/fonts.conf"
FONTCONFIG_FILE=$work/fonts.conf "$bin" view --exit-after 0.2 >/dev/null 2>"$work/err" \
  || fail "view failed without a font: $(cat "$work/err")"
grep -q "no font for labels" "$work/err" || fail "no message about the font: $(cat "$work/err")"
say "  $(head -1 "$work/err")"

say "unreadable photos"
mkdir -p "$work/bad"
printf 'not a jpeg' >"$work/bad/broken.jpg"
if "$bin" view --photos "$work/bad" --exit-after 0 >/dev/null 2>"$work/err"; then fail "view ran with no readable photo"; fi
grep -q "no photo in .* could be read" "$work/err" || fail "unclear message: $(cat "$work/err")"
say "  $(tail -1 "$work/err")"

# --- Driving the window ------------------------------------------------------
# Starts the viewer in the background; its stdout goes to $work/$1.out.
start_viewer() {
  local name=$1
  shift
  "$bin" view "$@" >"$work/$name.out" 2>"$work/$name.err" &
  viewer_pid=$!
  for _ in $(seq 100); do grep -q '^window ' "$work/$name.out" 2>/dev/null && break; sleep 0.1; done
  grep -q '^window ' "$work/$name.out" || fail "the viewer did not open a window: $(cat "$work/$name.err")"
  sleep 0.5  # the first frames (photo decoding) are on screen
}
# Waits (up to 10 s) for the viewer to exit; sets $status to its exit status.
wait_viewer() {
  status=0
  for _ in $(seq 100); do kill -0 "$viewer_pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$viewer_pid" 2>/dev/null && fail "the viewer did not quit"
  wait "$viewer_pid" || status=$?
  viewer_pid=
}

say "album: a paging swipe with the mouse"
start_viewer swipe --layout album --size 390x844 --scale 1 --screenshot-on-exit "$work/swipe.png"
# The finger goes down on the pager and moves 250 pt left in 25 steps, then lifts.
xdotool mousemove 300 400 mousedown 1
for i in $(seq 1 25); do xdotool mousemove $((300 - i * 10)) 400; sleep 0.02; done
xdotool mouseup 1
sleep 2.5  # paging, then the filmstrip unfolds and settles
xdotool key q
wait_viewer
[[ $status == 0 ]] || fail "Q did not quit cleanly (exit $status): $(cat "$work/swipe.err")"
[[ -s $work/swipe.png ]] || fail "no screenshot"
say "  Q quit with exit status 0"

say "render of the same gesture"
"$bin" render --layout album --size 390x844 --scale 1 --fps 30 --out "$work/render" \
  --script "pager drag -250 0.5; pager release; wait 2.5" >/dev/null
expected=$(ls "$work/render/album"/key-*.png | sort | tail -1)

cat >"$work/compare.py" <<'PY'
# Decodes two 8-bit RGB/RGBA PNGs with zlib only and compares them.
import struct, sys, zlib

def decode(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    i, idat, ihdr = 8, b"", None
    while i < len(data):
        n, kind = struct.unpack(">I4s", data[i:i + 8])
        if kind == b"IHDR": ihdr = struct.unpack(">IIBBBBB", data[i + 8:i + 8 + n])
        if kind == b"IDAT": idat += data[i + 8:i + 8 + n]
        i += 12 + n
    w, h, depth, ctype, _, _, interlace = ihdr
    assert depth == 8 and ctype in (2, 6) and interlace == 0, f"unexpected PNG format {ihdr}"
    bpp = 3 if ctype == 2 else 4
    raw, stride = zlib.decompress(idat), w * bpp
    out, prev = bytearray(), bytearray(stride)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for x in range(bpp, stride): line[x] = (line[x] + line[x - bpp]) & 255
        elif f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f == 3:
            for x in range(stride):
                line[x] = (line[x] + ((line[x - bpp] if x >= bpp else 0) + prev[x]) // 2) & 255
        elif f == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += bytes(line[x] for x in range(stride) if x % bpp < 3) if bpp == 4 else line
        prev = line
    return w, h, out

(w1, h1, a), (w2, h2, b) = decode(sys.argv[1]), decode(sys.argv[2])
assert (w1, h1) == (w2, h2), f"sizes differ: {w1}x{h1} vs {w2}x{h2}"
off = sum(1 for i in range(0, len(a), 3) if max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2])) > 24)
share = off / (w1 * h1)
print(f"{share:.4f}")
PY
# The share of pixels of two PNGs that differ by more than 24 in a channel.
differ() { python3 "$work/compare.py" "$1" "$2"; }

share=$(differ "$work/swipe.png" "$expected")
say "  window vs render: $share of the pixels differ by more than 24"
python3 -c "import sys; sys.exit(0 if $share <= 0.02 else 1)" \
  || fail "after the swipe the window does not show the page render predicts"

"$bin" render --layout album --size 390x844 --scale 1 --fps 30 --out "$work/rest" --script "wait 0.1" >/dev/null
# Pointer events come through XInput 2 when the server has it (smooth
# scrolling), through core events otherwise: both paths are driven.
for input in xinput2 core; do
  say "the wheel on the filmstrip scrolls the album ($input pointer events)"
  if [[ $input == core ]]; then export SCROLLWORK_CORE_INPUT=1; fi
  start_viewer "wheel-$input" --layout album --size 390x844 --scale 1 --screenshot-on-exit "$work/wheel-$input.png"
  unset SCROLLWORK_CORE_INPUT
  expected_input=$([[ $input == core ]] && echo "core input" || echo "XInput 2")
  grep -q "$expected_input" "$work/wheel-$input.out" || fail "not on $expected_input: $(head -1 "$work/wheel-$input.out")"
  xdotool mousemove 200 820
  for _ in $(seq 6); do xdotool click 5; sleep 0.03; done
  sleep 2.5
  xdotool key q
  wait_viewer
  share=$(differ "$work/wheel-$input.png" "$(ls "$work/rest/album"/key-*.png | sort | tail -1)")
  say "  $(head -1 "$work/wheel-$input.out" | cut -d, -f2-3 | sed 's/^ //'): after six wheel ticks $share of the pixels differ from the album at rest"
  python3 -c "import sys; sys.exit(0 if $share > 0.05 else 1)" || fail "the wheel did not scroll the filmstrip"
done

say "Tab switches the layout, then Escape quits"
start_viewer keys --layout album --size 390x844 --scale 1 --screenshot-on-exit "$work/keys.png"
xdotool mousemove 200 400
xdotool key Tab
sleep 0.5
xdotool key Escape
wait_viewer
[[ $status == 0 ]] || fail "Escape did not quit cleanly (exit $status)"
grep -q '^layout ' "$work/keys.out" || fail "Tab did not switch the layout: $(cat "$work/keys.out")"
say "  $(grep '^layout ' "$work/keys.out" | head -1) after Tab; Escape quit with exit status 0"

say "frame loop: album at 390x844 @2x, 24 photos, a swipe mid-flight"
start_viewer stats --layout album --size 390x844 --scale 2 --exit-after 4 --stats
# One xdotool process for the whole swipe (a process per step would load
# the 2 cores the frames are measured on).
swipe=(mousemove 390 800 mousedown 1)
for i in $(seq 1 40); do swipe+=(mousemove $((390 - i * 8)) 800 sleep 0.015); done
xdotool "${swipe[@]}" mouseup 1
wait_viewer
[[ $status == 0 ]] || fail "--exit-after did not quit cleanly (exit $status)"
say "  $(grep '^frames' "$work/stats.out" | tail -1)"
say "  $(grep '^phases' "$work/stats.out" | tail -1)"

say "OK: the viewer opens, pages, scrolls, switches and quits ($((SECONDS - started)) s after the build)"
