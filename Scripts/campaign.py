#!/usr/bin/env python3
"""A random campaign of command lines against the built `scrollwork` binary.

Mixes valid and hostile values (NaN, ±inf, 1e308, subnormals, Int.max,
empty list entries, degenerate viewports, CRLF/BOM/UTF-16 text files,
scripts with huge jumps) over every layout's `inspect` and `simulate`
commands, over `render` and `demo` (one layout) with tiny frames, over
`replay` (JSON Lines calls from a file or standard input, with hostile
lines: NaN, 1e308, numbers past Int64, bad index paths, unknown calls,
wrong types, lines that are not JSON or not UTF-8, duplicate keys, trailing
commas, 1e-400, deep nesting; counts up to 2^40 on layouts that keep data
per item (cycling --item-sizes, --estimated); long and many kind names;
standard input past 16 MiB, a folder or closed) and over `bench
--quick` with hostile `--filter` values, runs them in parallel and checks
each run:

  trap      the process died of a signal (a Swift trap is SIGILL/SIGTRAP)
  hang      it did not finish within the timeout
  nonfinite its JSON holds NaN, Infinity or a null where a number belongs
            (only documented optional indices may be null: the album's
            "photo", "thumbnail", "animated", the tag cloud's "anchor", a
            centred layout's "centered")
  badjson   a line of `inspect`/`simulate` output is not JSON
  status    an exit status other than 0 (success), 1 (error) or 64 (usage)
  message   a failure whose standard error is empty, not `Error: …`, or
            names Swift/Foundation internals ("Fatal error", "The operation
            could not be completed")
  culprit   a run with exactly one hostile value that fails, and passes with
            that value made good, must name the value's option (or, for a
            script, the step) in its message
  silent    a replay line holding a value that must be refused (not finite,
            past 2^48, not an index path, an unknown call, not JSON) was
            answered as if it were good; or an answer's line number or
            error field is missing or wrong

Then a sweep: every option that takes a value, of every layout's inspect
and simulate (read from their --help), given each of ten hostile values
on an otherwise valid command line.

Usage: Scripts/campaign.py BINARY [--count N] [--seed S] [--jobs J] [--no-sweep]
Prints 'N passed, N failed' with the failures by class, and the first few
command lines of each class; exits 1 when any failed.
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import resource
import tempfile

TIMEOUT = 20  # seconds per command line
# Each run's address space, as the audit ran the release build: an
# allocation a layout cannot afford fails (a trap) instead of swapping.
ADDRESS_SPACE = 8 * 1000 * 1000 * 1024


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))

# The layouts and their presets (the default first) come from the tool's own
# catalog, `scrollwork layouts --json` (LayoutCatalog), read by main(): a
# layout added there is in the campaign without an edit here.
LAYOUTS = []
PRESETS = {}


def load_catalog(binary):
    """Fills LAYOUTS and PRESETS from `binary layouts --json`."""
    run = subprocess.run([binary, "layouts", "--json"], capture_output=True, timeout=TIMEOUT, check=True)
    for line in run.stdout.decode().splitlines():
        layout = json.loads(line)
        LAYOUTS.append(layout["name"])
        PRESETS[layout["name"]] = layout["presets"]
    if not LAYOUTS:
        sys.exit("campaign: `scrollwork layouts --json` listed no layout")
    load_options(binary)


# Every option of every layout's inspect and simulate, read from the tool's
# own `--experimental-dump-help` (swift-argument-parser's description of the
# command): (name, "flag" or "option", the values it accepts or None). The
# random part gives the options that the hand-written branches below do not
# name good values of their own (a flag is set, an option with a closed list
# of values takes one of them, any other option one of the generic numbers),
# so an option or a layout added to the tool is in the random part without an
# edit here; the sweep gives every option each hostile value in turn.
OPTIONS = {}
NAMED_HERE = set()
BRANCHED_HERE = set()
GENERIC_SKIP = {"--help", "--viewport", "--preset", "--script", "--script-file", "--texts", "--fps", "--elements",
                "--all", "--offset", "--items", "--item-size", "--item-sizes", "--sections", "--calls"}


def load_options(binary):
    with open(os.path.abspath(__file__), encoding="utf-8") as source:
        text = source.read()
    NAMED_HERE.update(re.findall(r'"(--[a-z][a-z0-9-]*)"', text))
    BRANCHED_HERE.update(re.findall(r'layout == "([a-z][a-z0-9-]*)"', text))
    for layout in LAYOUTS:
        for command in ["inspect", "simulate"]:
            run = subprocess.run([binary, command, layout, "--experimental-dump-help"], capture_output=True,
                                 timeout=TIMEOUT, check=True)
            described = json.loads(run.stdout.decode())["command"]
            found = []
            for argument in described.get("arguments", []):
                names = ["--" + n["name"] for n in argument.get("names", []) if n.get("kind") == "long"]
                if not names or argument.get("kind") not in ("flag", "option"):
                    continue
                found.append((names[0], argument["kind"], argument.get("allValues")))
            OPTIONS[(layout, command)] = found
        if not OPTIONS[(layout, "inspect")]:
            sys.exit("campaign: `scrollwork inspect %s --experimental-dump-help` listed no option" % layout)


def generic_options(rng, args, hostile, p, layout, command):
    """Options of this layout and command that no branch here names (every
    option of a layout without a branch of its own)."""
    for name, kind, values in OPTIONS.get((layout, command), []):
        if (layout in BRANCHED_HERE and name in NAMED_HERE) or name in GENERIC_SKIP or name.startswith("--no-") or rng.random() >= 0.25:
            continue
        if kind == "flag":
            args.append(name)
        elif values:
            add(rng, args, hostile, name, values, ["", "none-of-these"], p)
        else:
            number_option(rng, args, hostile, name, ["0", "1", "4", "10", "0.5"], p)


# Optional indices documented as null when there is none: the album's photo,
# thumbnail and animated thumbnail, a tag cloud's anchor, a centred
# layout's centred item, the waterfall simulation's settle progress.
NULLABLE = {"photo", "thumbnail", "animated", "anchor", "centered", "settle"}
# A replay answer's attributes are null for an element that does not exist
# (Guides/LayoutHost.md); a bench row's figures are null where the platform
# cannot measure them (heap bytes, allocations) or for the first size
# (Guides/Benchmarks.md).
REPLAY_NULLABLE = NULLABLE | {"attributes"}
BENCH_NULLABLE = {"bytesPerItem", "allocationsPerQuery", "growth", "baselineMs", "baselineRatio"}

# Hostile values: each must be refused with a message naming its option,
# or honoured.
HOSTILE_NUMBERS = ["nan", "inf", "-inf", "1e308", "-1e308", "1.7976931348623157e308", "5e-324", "1e-300", "-1",
                   "-0", "1e309", "0x1p1000", "", "abc", "1e15", "9007199254740993", "1,2"]
HOSTILE_INTS = ["-1", "9223372036854775807", "-9223372036854775808", "99999999999999999999", "", "1.5", "abc",
                "100000001", "nan"]
HOSTILE_SIZES = ["0.5x844", "390x0.5", "1.9x1.9", "1x1", "0x0", "1e308x1e308", "nanxnan", "infx1", "100x", "x",
                 "100x50x2", "-5x5", "5e-324x5e-324", "1e300x1", "", "100", "100X50"]
HOSTILE_POINTS = ["0,1e308", "1e308,0", "-1e308,-1e308", "0,nan", "inf,0", "1,2,3", ",", "", "0,", "1e300,1e300",
                  "5e-324,0"]
HOSTILE_SIZE_LISTS = ["100x100,,100x100", "1e308x1", "1x1e308", "0x0", ",", "", "100x50,nanx1", "1e-300x1e-300"]
HOSTILE_INT_LISTS = ["", "1,-1", "100000000,100000000", ",", "5,,7", "9223372036854775807,1"]
HOSTILE_INSETS = ["1e308,0,0,0", "-1,0,0,0", "1,2,3", "nan,0,0,0", "0,0,0,inf", "", "1e300,1e300,1e300,1e300"]
HOSTILE_SCRIPTS = ["jump 0,1e308; wait 0.1", "jump 1e308,1e308; drag 0,-10 0.1; release; wait 0.2",
                   "scroll 1e308,1e308; wait 0.3", "drag 1e308,1e308 0.1; release; wait 0.2",
                   "drag 0,-1 1e-9; release; wait 0.1", ".", "wait -1", "drag nan 1", "wait 1e17",
                   "jump -1e308,-1e308; wait 0.1", "drag 0,-300 0.05; release; tap; wait 0.1"]
# The photo grid's edits at their limits: a million photos in a step, a
# delete past the end, chains of instant edits (each interrupting the last),
# more edits than a script may take. Each must finish at once or be refused
# naming its step.
PHOTO_EDIT_SCRIPTS = ["insert 1000000 at 0; wait 0.2", "insert 1000000 at 0; delete 1..999999; wait 0.2",
                      "delete 0..99999999; wait 0.1", "insert 1000001 at 0", "insert 1 at 9223372036854775807",
                      "; ".join("insert 1 at %d" % (2 * i) for i in range(400)) + "; wait 0.4",
                      "; ".join("insert 1000000 at 0" for _ in range(101)),
                      "; ".join("delete 0..0" for _ in range(10001))]
SCRIPTS = ["release", "drag 0,-300 0.25; release; wait 0.5", "wait 0.2", "drag -200 0.2; release; wait 0.4",
           "hold 0.1; release", "jump 0,100; wait 0.1", "scroll 0,200; wait 0.3"]


def pick(rng, good, hostile, p_hostile):
    """A value: hostile with probability p_hostile (and says so)."""
    if rng.random() < p_hostile:
        return rng.choice(hostile), True
    return rng.choice(good), False


class Case:
    def __init__(self, kind, args, hostile, stdin=None, calls=None):
        self.kind = kind  # "inspect", "simulate", "render", "demo", "replay", "bench"
        self.args = args
        self.hostile = hostile  # (option, start, end, good tokens) for each hostile value
        self.stdin = stdin  # bytes for standard input (replay --calls -)
        # replay: for each call line, None (good) or (must be refused?, field, what was done)
        self.calls = calls

    def with_good_value(self):
        """The same command line with its one hostile value made good."""
        option, start, end, good = self.hostile[0]
        return self.args[:start] + good + self.args[end:]


def tokens(option, value):
    return [option + "=" + value] if value.startswith("-") or value == "" else [option, value]


def add(rng, args, hostile, option, good, bad_values, p):
    """Appends OPTION VALUE; a hostile value is recorded in `hostile` as
    (option, start, end, the tokens of a good value instead)."""
    value, bad = pick(rng, good, bad_values, p)
    start = len(args)
    args += tokens(option, value)
    if bad:
        hostile.append((option, start, len(args), tokens(option, rng.choice(good))))


def number_option(rng, args, hostile, option, good, p):
    add(rng, args, hostile, option, good, HOSTILE_NUMBERS, p)


def items_options(rng, args, hostile, p, layout):
    choice = rng.random()
    if choice < 0.45:
        add(rng, args, hostile, "--items", ["0", "1", "2", "3", "10", "100", "1000"], HOSTILE_INTS, p)
        add(rng, args, hostile, "--item-size", ["120x120", "100x50", "50x100", "390x844", "1x1", "1000x1000",
                                                "4000x3000"], HOSTILE_SIZES, p)
    elif choice < 0.75:
        n = rng.choice([1, 2, 3, 5])
        sizes = ",".join(rng.choice(["100x50", "4000x3000", "3000x4000", "120x120", "10000x10", "10x10000",
                                     "1e6x1e6"]) for _ in range(n))
        before = len(hostile)
        add(rng, args, hostile, "--item-sizes", [sizes], HOSTILE_SIZE_LISTS, p)
        if len(hostile) > before:
            # The good list stands in with as many entries as the hostile one: the
            # entries are the item count (one photo per size), which options such
            # as the album's --photo and --follow are checked against.
            option, start, end, _ = hostile[-1]
            given = args[start:end]
            bad_value = given[1] if len(given) == 2 else given[0].split("=", 1)[1]
            count = max(1, len(bad_value.split(",")))
            entries = (sizes.split(",") * count)[:count]
            hostile[-1] = (option, start, end, tokens(option, ",".join(entries)))
    else:
        add(rng, args, hostile, "--sections", ["5,7", "1", "0", "3,0,2", "12,5,9"], HOSTILE_INT_LISTS, p)
        add(rng, args, hostile, "--item-size", ["120x120", "100x50", "4032x3024"], HOSTILE_SIZES, p)


def layout_options(rng, args, hostile, p, layout, command):
    """Each layout's own options (a random subset)."""
    def maybe(q=0.35):
        return rng.random() < q

    nums = ["0", "1", "4", "8", "10", "44", "0.5", "100"]
    units = ["0", "0.25", "0.5", "1"]
    if layout == "album":
        for o in ["--spacing", "--minimum-width", "--normal-width", "--maximum-width", "--normal-spacing",
                  "--full-spacing"]:
            if maybe(0.2):
                number_option(rng, args, hostile, o, nums, p)
        if maybe(0.2):
            args += ["--follower-offset", rng.choice(["seedUnitStep", "thumbnailCoordinate"])]
        if command == "inspect":
            if maybe(0.5):
                args += ["--surface", "strip"]
                if maybe(0.5):
                    add(rng, args, hostile, "--follow", ["0,0.5", "1,0", "0,0"],
                        ["0,nan", "-5,0.5", "99,0.5", "0,2", "0,-1", "9223372036854775807,0.5", "1", ""], p)
                else:
                    add(rng, args, hostile, "--accordion", ["0,0.5", "0,1", "1,0"],
                        ["0,2", "-1,0.5", "99,0.5", "0,nan", ""], p)
        else:
            if maybe(0.5):
                number_option(rng, args, hostile, "--strip-height", ["44", "1", "20"], p)
            if maybe(0.3):
                add(rng, args, hostile, "--photo", ["0", "1"], HOSTILE_INTS + ["99"], p)
    elif layout == "flow":
        if maybe():
            args += ["--axis", rng.choice(["vertical", "horizontal"])]
        for o in ["--line-spacing", "--inter-item-spacing", "--header-length", "--footer-length"]:
            if maybe(0.25):
                number_option(rng, args, hostile, o, nums, p)
        if maybe(0.25):
            add(rng, args, hostile, "--section-inset", ["0,0,0,0", "10,10,10,10"], HOSTILE_INSETS, p)
        for f in ["--pin-headers", "--pin-footers"]:
            if maybe(0.2):
                args.append(f)
        if maybe(0.2):
            args += ["--alignment", rng.choice(["leading", "justified", "center"])]
        if maybe(0.2):
            add(rng, args, hostile, "--estimated", ["80x30", "10x10"], HOSTILE_SIZES, p)
    elif layout == "photos":
        if maybe(0.6):
            add(rng, args, hostile, "--mode", ["all", "months", "columns:3", "columns:1", "columns:30"],
                ["columns:0", "columns:31", "columns:-1", "columns:", "weeks", "columns:9223372036854775807"], p)
        if command == "inspect" and maybe(0.3):
            args += ["--to", rng.choice(["months", "all", "columns:5"])]
            add(rng, args, hostile, "--progress", units, ["nan", "2", "-1", "inf"], p)
    elif layout == "carousel":
        if maybe(0.3):
            number_option(rng, args, hostile, "--spacing", nums, p)
        if maybe(0.3):
            args += ["--snap", rng.choice(["nearest", "one-item", "none"])]
        for o, good in [("--tolerance", ["0.1", "1"]), ("--slope", ["0.105", "1"]), ("--min-scale", units),
                        ("--min-alpha", units)]:
            if maybe(0.2):
                number_option(rng, args, hostile, o, good, p)
    elif layout == "prominent":
        for o, good in [("--line-spacing", nums), ("--min-scale", units), ("--min-alpha", units)]:
            if maybe(0.25):
                number_option(rng, args, hostile, o, good, p)
        if maybe(0.25):
            args += ["--snap", rng.choice(["nearest", "one-item", "none"])]
    elif layout == "sticky":
        for o in ["--header-height", "--menu-height", "--section-header-height", "--section-footer-height",
                  "--cell-height", "--line-spacing", "--inter-item-spacing", "--max-overlay-alpha",
                  "--max-parallax"]:
            if maybe(0.15):
                number_option(rng, args, hostile, o, units if "alpha" in o else nums, p)
        if maybe(0.2):
            add(rng, args, hostile, "--cell-size", ["100x100", "50x20"], HOSTILE_SIZES, p)
        for f in ["--item-cells", "--stretchy-header", "--header-overlay", "--sticky-menu", "--sticky-section-headers",
                  "--parallax"]:
            if maybe(0.2):
                args.append(f)
    elif layout == "mosaic":
        for o in ["--segment-height", "--spacing"]:
            if maybe(0.3):
                number_option(rng, args, hostile, o, nums + ["200"], p)
        if maybe(0.2):
            args += ["--cycle", rng.choice(["fullWidth", "fiftyFifty", "twoThirdsOneThird", "oneThirdTwoThirds"])]
    elif layout == "waterfall":
        if maybe(0.4):
            add(rng, args, hostile, "--columns", ["1", "2", "3", "5"], HOSTILE_INTS + ["0", "1025"], p)
        for o in ["--column-spacing", "--item-spacing", "--header-height", "--footer-height"]:
            if maybe(0.2):
                number_option(rng, args, hostile, o, nums, p)
        if maybe(0.2):
            add(rng, args, hostile, "--section-inset", ["0,0,0,0", "10,10,10,10"], HOSTILE_INSETS, p)
        if maybe(0.2):
            args += ["--direction", rng.choice(["leftToRight", "rightToLeft"])]
        if maybe(0.2):
            add(rng, args, hostile, "--estimated", ["3x4", "80x30"], HOSTILE_SIZES, p)


def tag_options(rng, args, hostile, p, layout, command, texts_files):
    if layout == "tags":
        if rng.random() < 0.7:
            add(rng, args, hostile, "--words", ["0", "1", "5", "50", "200"], HOSTILE_INTS, p)
        else:
            name, bad = rng.choice(texts_files)
            start = len(args)
            args += ["--texts", name]
            if bad:
                hostile.append(("--texts", start, len(args), ["--texts", texts_files[0][0]]))
        if rng.random() < 0.3:
            add(rng, args, hostile, "--estimated", ["80x30", "10x10"], HOSTILE_SIZES, p)
        for o, good in [("--max-width", ["100", "50"]), ("--line-spacing", ["0", "8"]), ("--item-spacing", ["0", "8"])]:
            if rng.random() < 0.2:
                number_option(rng, args, hostile, o, good, p)
        if rng.random() < 0.2:
            add(rng, args, hostile, "--paragraph-length", ["0", "64"], HOSTILE_INTS, p)
        if command == "inspect" and rng.random() < 0.2:
            number_option(rng, args, hostile, "--measured-through", ["0", "400"], p)
    else:
        add(rng, args, hostile, "--rows", ["0", "1", "5", "30"], HOSTILE_INTS + ["100001"], p)
        if rng.random() < 0.2:
            number_option(rng, args, hostile, "--row-spacing", ["0", "8"], p)
        if rng.random() < 0.3:
            add(rng, args, hostile, "--estimated", ["80x30", "10x10"], HOSTILE_SIZES, p)
    if rng.random() < 0.25:
        number_option(rng, args, hostile, "--font-size", ["15", "1", "200"], p)
    if rng.random() < 0.25:
        add(rng, args, hostile, "--padding", ["6,10", "0,0"], ["5", "1e308,1", "-1,0", "nan,1", "1,2,3", ""], p)


# Replay: the layouts' smallest valid arguments, and call lines.
REPLAY_ARGS = {"tags": ["--viewport", "390x844", "--words", "40"], "tag-table": ["--viewport", "390x844"]}
# Numbers a replay must refuse where a coordinate, size or progress belongs
# (raw JSON text: NaN and Infinity are not JSON, 1e309 overflows a Double,
# the rest are past LayoutLimits.maximumExtent, 2^48).
REFUSED_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e308", "-1e308", "1e309", "-1e400", "3e14",
                   "1.7976931348623157e308", "\"1\"", "null", "[]", "true"]
# Numbers a replay may honour there.
HONOURED_NUMBERS = ["5e-324", "-0", "0", "1e-300", "281474976710656"]
# Index paths a replay must refuse (not [section, item] of integers), and
# ones it may answer (an element that does not exist: null attributes).
REFUSED_PATHS = ["[]", "[0]", "[0,1,2]", "[\"x\",0]", "[0.5,1]", "[0,99999999999999999999]", "\"0,1\"", "{}",
                 "[NaN,0]", "[1e400,0]"]
HONOURED_PATHS = ["[-1,0]", "[0,-1]", "[99999,0]", "[0,9223372036854775807]", "[-9223372036854775808,0]"]
# Lines that are not a call the tool knows.
REFUSED_LINES = ["{", "[]", "null", "42", "\"call\"", "{\"call\":", "garbage", "{\"call\":\"frobnicate\"}",
                 "{\"call\":\"\"}", "{\"call\":\"PREPARE\"}", "{\"call\":42}", "{\"format\":2}",
                 "{\"call\":\"prepare\",\"bounds\":[0,0,390,844],\"sections\":\"5\"}",
                 "{\"call\":\"prepare\",\"bounds\":{\"x\":0},\"sections\":[5]}",
                 "{\"call\":\"prepare\",\"bounds\":[0,0,390,844],\"sections\":[99999999999999999999]}",
                 "{\"call\":\"prepare\",\"bounds\":[0,0,390,844],\"sections\":[-1]}",
                 "{\"call\":\"prepare\",\"bounds\":[0,0,390,844],\"sections\":[1099511627777]}",
                 "{\"call\":\"prepare\",\"bounds\":[0,0,-5,844],\"sections\":[5]}",
                 "{\"call\":\"prepareForUpdates\",\"updates\":[{\"action\":\"explode\",\"before\":[0,0]}],"
                 "\"sections\":[5]}",
                 "{\"call\":\"prepareForUpdates\",\"updates\":[{\"action\":\"delete\",\"before\":[0,0]}],"
                 "\"sections\":[9]}",
                 "{\"call\":\"transition\",\"to\":\"nosuchlayout\"}",
                 "{\"call\":\"transition\",\"to\":\"photos --mode columns:99\"}",
                 "{\"call\":\"transition\",\"to\":\"flow\",\"progress\":\"0.5\"}",
                 # Issue #36: what a JSON decoder may accept or call "not a JSON object".
                 "{\"call\":\"contentSize\",\"bounds\":[0,0,390,844],\"bounds\":[0,0,300,300]}",
                 "{\"call\":\"elements\",\"rect\":[0,0,100,100],}",
                 "{\"call\":\"elements\",\"rect\":[0,0,100,100,]}",
                 "{\"call\":\"elements\",\"rect\":[0,0,100,1e-400]}",
                 "{\"call\":\"elements\",\"rect\":" + "[" * 400 + "]" * 400 + "}",
                 "{\"call\":\"prepareForUpdates\",\"updates\":[{\"before\":[0,0]}],\"sections\":[5]}",
                 "{\"call\":\"invalidate\",\"context\":{\"bounds\":[0,0,0,0]}}",
                 "{\"call\":\"invalidate\",\"context\":{\"bounds\":[0,281474976710000,390,844],"
                 "\"contentOffsetAdjustment\":[0,1000]}}",
                 "{\"call\":\"supplementary\",\"kind\":\"" + "k" * 1500 + "\",\"indexPath\":[0,0]}"]
# Counts past what a layout keeps per-item data for (2^24), up to what the
# host takes (2^40): refused with the limit named, or laid out without an
# array per item; never a trap under ADDRESS_SPACE.
HUGE_COUNTS = [16777217, 100000000, 1073741824, 1099511627776]
# Arguments that make a layout keep data per item.
PER_ITEM_ARGS = {"flow": [["--item-sizes", "10x10,20x30"], ["--estimated", "50x50"]],
                 "sticky": [["--estimated", "390x44"]], "waterfall": [[]],
                 "tags": [["--estimated", "1x1"], ["--estimated", "80x30", "--paragraph-length", "64"]],
                 "tag-table": [["--estimated", "80x30"]], "mosaic": [["--item-sizes", "10x10,20x30"]]}
BAD_UTF8 = b"{\"call\":\"elements\xff\xfe\"}"
BAD_UTF8_MARK = (True, None, "not UTF-8")


def replay_calls(rng, layout, p):
    """Call lines for a replay of `layout` (text, or bytes for a line that
    is not UTF-8) and, per line, None or (refused?, field, what)."""
    count = rng.choice([5, 8])
    w, h = rng.choice([(390, 844), (844, 390), (300, 300), (2, 2)])
    lines, marks = [], []

    def number(good):
        if rng.random() < p:
            if rng.random() < 0.75:
                return rng.choice(REFUSED_NUMBERS), True
            return rng.choice(HONOURED_NUMBERS), None
        return good, False

    def emit(text, mark):
        lines.append(text)
        marks.append(mark)

    if rng.random() < 0.5:
        emit('{"format":1}', None)
    emit('{"call":"prepare","bounds":[0,0,%d,%d],"sections":[%d]}' % (w, h, count), None)
    for _ in range(rng.randint(3, 9)):
        r = rng.random()
        if r < p * 0.6:
            choice = rng.random()
            if choice < 0.1:
                emit(BAD_UTF8, BAD_UTF8_MARK)
            else:
                text = rng.choice(REFUSED_LINES)
                emit(text, (True, None, text))
            continue
        kind = rng.choice(["elements", "item", "bounds", "context", "size", "offset", "updates", "transition",
                           "contentSize", "invalidate", "kinds", "huge"])
        if kind == "kinds":
            # Long and many kind names: at most 1024 bytes a name.
            length = rng.choice([3, 15, 16, 200, 1024, 1025, 5000])
            names = ["%s%d" % ("k" * length, i) for i in range(rng.choice([1, 50, 3000]))]
            if rng.random() < 0.5:
                emit('{"call":"supplementary","kind":"%s","indexPath":[0,0]}' % names[0],
                     (True, "kind", "a %d-byte kind" % len(names[0])) if len(names[0]) > 1024 else None)
            else:
                body = ",".join('"%s":[[0,0]]' % n for n in names)
                too_long = any(len(n) > 1024 for n in names) and len(body) < (1 << 20)
                emit('{"call":"invalidate","context":{"supplementary":{%s}}}' % body,
                     (True, "context.supplementary|line", "kinds of %d bytes" % len(names[0])) if too_long
                     else (True, "line", "a line past 1 MiB") if len(body) > (1 << 20) else None)
            continue
        if kind == "huge":
            # A huge count: refused with the limit named, or laid out.
            emit('{"call":"prepare","bounds":[0,0,%d,%d],"sections":[%d]}' % (w, h, rng.choice(HUGE_COUNTS)), None)
            emit('{"call":"elements","rect":[0,0,%d,%d]}' % (w, h), None)
            # A rectangle far longer than the bounds (from before the
            # content): answered band by band, never held whole.
            emit('{"call":"elements","rect":[-%d,-%d,%d,%d]}' % (w, h, 3 * w, rng.choice([20 * h, 200000])), None)
            emit('{"call":"prepare","bounds":[0,0,%d,%d],"sections":[%d]}' % (w, h, count), None)
            continue
        if kind == "elements":
            y, bad = number(str(rng.choice([0, 100, 400])))
            emit('{"call":"elements","rect":[0,%s,%d,%d]}' % (y, w, h), (bad, "rect", y) if bad is not False else None)
        elif kind == "item":
            if rng.random() < p:
                refused = rng.random() < 0.6
                path = rng.choice(REFUSED_PATHS if refused else HONOURED_PATHS)
                mark = (refused or None, "indexPath", path)
            else:
                path, mark = "[0,%d]" % rng.randint(0, count - 1), None
            call = rng.choice(["item", "initialForAppearingItem", "finalForDisappearingItem"])
            emit('{"call":"%s","indexPath":%s}' % (call, path), mark)
        elif kind == "bounds":
            y, bad = number(str(rng.choice([0, 50, 300])))
            call = rng.choice(["shouldInvalidateForBoundsChange", "invalidationContextForBoundsChange"])
            emit('{"call":"%s","bounds":[0,%s,%d,%d]}' % (call, y, w, h), (bad, "bounds", y) if bad is not False else None)
        elif kind == "context":
            a, bad = number("0")
            emit('{"call":"invalidate","context":{"everything":false,"items":[[0,0]],"contentOffsetAdjustment":[0,%s]}}'
                 % a, (bad, "context.contentOffsetAdjustment", a) if bad is not False else None)
        elif kind == "size":
            v, bad = number(str(rng.choice([30, 80, 120])))
            call = rng.choice(["shouldInvalidateForPreferredSize", "invalidationContextForPreferredSize"])
            emit('{"call":"%s","indexPath":[0,0],"preferredSize":[%s,30]}' % (call, v),
                 (bad, "preferredSize", v) if bad is not False else None)
        elif kind == "offset":
            v, bad = number(str(rng.choice([0, 200, 900])))
            if rng.random() < 0.5:
                emit('{"call":"targetContentOffset","proposed":[0,200],"velocity":[0,%s]}' % v,
                     (bad, "velocity", v) if bad is not False else None)
            else:
                emit('{"call":"targetContentOffsetForProposed","proposed":[%s,0]}' % v,
                     (bad, "proposed", v) if bad is not False else None)
        elif kind == "updates":
            emit('{"call":"prepareForUpdates","updates":[{"action":"delete","before":[0,0]},'
                 '{"action":"insert","after":[0,%d]}],"sections":[%d]}' % (rng.randint(0, count - 1), count), None)
            emit('{"call":"finalizeUpdates"}', None)
        elif kind == "transition":
            target = rng.choice(["flow", "photos --mode columns:5", "carousel --preset coverFlow",
                                 " ".join([layout] + REPLAY_ARGS.get(layout, []))])
            progress, bad = number(rng.choice(["0", "0.5", "1"]))
            if bad is None and progress not in ("5e-324", "-0", "0", "1e-300"):
                bad = True  # a progress lies in 0...1
            if progress == "null":
                bad = None  # an optional field given null is absent: the progress stays
            # The target is checked first: at a tiny viewport it may be the culprit.
            emit('{"call":"transition","to":"%s","progress":%s}' % (target, progress),
                 (bad, "progress|to", progress) if bad is not False else None)
            emit('{"call":"finishTransition","completed":%s}' % rng.choice(["true", "false"]), None)
        elif kind == "contentSize":
            emit('{"call":"contentSize"}', None)
        else:
            emit('{"call":"invalidate"}', None)
    return lines, marks


def make_replay_case(rng, out_root, index, p):
    layout = rng.choice(LAYOUTS)
    args = ["replay", layout] + REPLAY_ARGS.get(layout, [])
    if layout in PER_ITEM_ARGS and rng.random() < 0.4:
        args += rng.choice(PER_ITEM_ARGS[layout])
    if rng.random() < 0.03:
        # Standard input that cannot be read: refused whole, naming --calls.
        return Case("replay", args + ["--calls", "-"], [], stdin=rng.choice(["big", "folder", "closed"]), calls=[])
    lines, marks = replay_calls(rng, layout, p)
    data = b"".join((l if isinstance(l, bytes) else l.encode()) + (b"\r\n" if rng.random() < 0.1 else b"\n")
                    for l in lines)
    if rng.random() < 0.3:
        return Case("replay", args + ["--calls", "-"], [], stdin=data, calls=marks)
    path = os.path.join(out_root, "calls%d.jsonl" % index)
    with open(path, "wb") as f:
        f.write(data)
    return Case("replay", args + ["--calls", path], [], calls=marks)


# Bench: only scenarios that take a fraction of a second; hostile filters.
BENCH_FILTERS = ["photos-step-insert", "photos-step-delete", "photos-step"]
BENCH_HOSTILE_FILTERS = ["", " ", "nosuch", "nan", "\u00e9", "x" * 5000, "photos-step\n", "*", "%s"]


def make_bench_case(rng, p):
    args = ["bench", "--quick"]
    if rng.random() < 0.5:
        args.append("--json")
    hostile = []
    add(rng, args, hostile, "--filter", BENCH_FILTERS, BENCH_HOSTILE_FILTERS, max(p, 0.3))
    return Case("bench", args, hostile)


def make_case(rng, texts_files, out_root, index):
    p = rng.choice([0.0, 0.05, 0.15])
    r = rng.random()
    hostile = []
    if r < 0.01:
        layout = rng.choice(LAYOUTS)
        args = ["demo", "--layout", layout, "--scale", "0.25", "--out", os.path.join(out_root, "d%d" % index)]
        add(rng, args, hostile, "--fps", ["1", "2"], ["0", "121", "nan", "1e308", "-1"], p)
        add(rng, args, hostile, "--size", ["64x64", "96x64"], ["63x64", "64x1e308", "nanx64", "1x1", "64"], p)
        return Case("demo", args, hostile)
    if r < 0.04:
        layout = rng.choice(LAYOUTS)
        args = ["render", "--layout", layout, "--fps", rng.choice(["2", "5"]), "--scale", "0.25",
                "--out", os.path.join(out_root, "r%d" % index)]
        add(rng, args, hostile, "--size", ["64x64", "64x96"], ["63x64", "64x1e308", "nanx64", "1x1"], p)
        if rng.random() < 0.5:
            args += ["--preset", rng.choice(PRESETS[layout])]
        args += ["--script", rng.choice(["release", "wait 0.2", "drag -40,-40 0.2; release; wait 0.2"])]
        return Case("render", args, hostile)
    if r < 0.16:
        return make_replay_case(rng, out_root, index, max(p, 0.1))
    if r < 0.165:
        return make_bench_case(rng, p)
    command = "inspect" if r < 0.58 else "simulate"
    layout = rng.choice(LAYOUTS)
    args = [command, layout]
    if rng.random() < 0.3:
        args += ["--preset", rng.choice(PRESETS[layout])]
    viewport_hostile = rng.random() < 0.25
    viewports = ["390x844", "844x390", "100x100", "390x44", "2x2", "64x64"]
    degenerate = ["1.5x844", "390x1.5", "1.9x1.9", "0.5x0.5", "1e-3x844", "390x1e-3", "1x1", "1e308x1e308",
                  "0x844", "nanx844", "1e6x1e6"]
    if viewport_hostile:
        value = rng.choice(degenerate)
        start = len(args)
        args += ["--viewport", value]
        if value in ("0x844", "nanx844", "1e308x1e308"):
            hostile.append(("--viewport", start, len(args), ["--viewport", "390x844"]))
    else:
        args += ["--viewport", rng.choice(viewports)]
    if layout in ("tags", "tag-table"):
        tag_options(rng, args, hostile, p, layout, command, texts_files)
    else:
        items_options(rng, args, hostile, p, layout)
        layout_options(rng, args, hostile, p, layout, command)
    generic_options(rng, args, hostile, p, layout, command)
    if rng.random() < 0.5 and not (layout == "album" and command == "simulate"):
        add(rng, args, hostile, "--offset", ["0,0", "0,400", "100,0", "-50,-50", "0,1000000"], HOSTILE_POINTS, p)
    if command == "inspect":
        if rng.random() < 0.2:
            args.append("--all")
    else:
        script, bad = pick(rng, SCRIPTS, HOSTILE_SCRIPTS, max(p, 0.1))
        if layout == "album" and rng.random() < 0.5:
            script = rng.choice(["pager drag -200 0.2; release; wait 0.3", "strip drag 80 0.3; strip release; wait 0.3"])
            bad = False
        if layout == "photos" and rng.random() < 0.3:
            script = rng.choice(["mode months 0.2; wait 0.1", "insert 3 at 0; wait 0.2", "delete 0..2; wait 0.2",
                                 "pinch 0.5 0.2; wait 0.1"] + PHOTO_EDIT_SCRIPTS)
            bad = False
        start = len(args)
        args += ["--script", script]
        if bad:
            hostile.append(("--script", start, len(args), ["--script", "release"]))
        args += ["--fps", rng.choice(["30", "60"])]
        if rng.random() < 0.1:
            args.append("--elements")
    return Case(command, args, hostile)


def nonfinite(value, key=None, nullable=NULLABLE):
    """A reason when a parsed JSON value holds a null in a number's place."""
    if value is None:
        return None if key in nullable else "null at %r" % key
    if isinstance(value, dict):
        for k, v in value.items():
            why = nonfinite(v, k, nullable)
            if why:
                return why
    if isinstance(value, list):
        for v in value:
            why = nonfinite(v, key, nullable)
            if why:
                return why
    return None


def reject_constant(name):
    raise ValueError("non-finite number " + name)


def check(binary, case):
    """(class or None, detail)."""
    try:
        if isinstance(case.stdin, str):
            # Standard input of 17 MiB, a folder, or closed.
            redirect = {"big": "< /dev/zero", "folder": "< /", "closed": "<&-"}[case.stdin]
            command = " ".join("'%s'" % a.replace("'", "'\\''") for a in [binary] + case.args) + " " + redirect
            run = subprocess.run(["/bin/sh", "-c", command], capture_output=True, timeout=TIMEOUT,
                                 env=dict(os.environ, SWIFT_BACKTRACE="enable=no"), preexec_fn=limit_memory)
            err = run.stderr.decode("utf-8", "replace")
            if run.returncode == 1 and err.startswith("Error: --calls") and not run.stdout:
                return None, ""
            return "silent", "standard input %s: exit %d, %r" % (case.stdin, run.returncode, err[:300])
        run = subprocess.run([binary] + case.args, capture_output=True, timeout=TIMEOUT, input=case.stdin,
                             env=dict(os.environ, SWIFT_BACKTRACE="enable=no"), preexec_fn=limit_memory)
    except subprocess.TimeoutExpired:
        return "hang", "no answer in %d s" % TIMEOUT
    out = run.stdout.decode("utf-8", "replace")
    err = run.stderr.decode("utf-8", "replace")
    if run.returncode < 0:
        return "trap", "signal %d: %s" % (-run.returncode, err.strip()[-300:])
    if run.returncode not in (0, 1, 64):
        return "status", "exit %d: %s" % (run.returncode, err.strip()[-300:])
    if case.kind == "replay":
        kind, detail = check_replay(case, run.returncode, out, err)
        if kind and case.stdin is not None:
            detail += "\n      calls on standard input: %r" % case.stdin.decode("utf-8", "replace")[:1500]
        return kind, detail
    if run.returncode != 0:
        first = err.strip().split("\n")[0] if err.strip() else ""
        if not first.startswith("Error:"):
            return "message", "exit %d, standard error %r" % (run.returncode, err[:300])
        if "Fatal error" in err or "could not be completed" in err:
            return "message", first
        if len(case.hostile) == 1:
            option = case.hostile[0][0]
            # A script is named by its step or, read as a file, by "script".
            named = option in err or (option == "--script" and ("step" in err or "script" in err))
            if not named:
                again = subprocess.run([binary] + case.with_good_value(), capture_output=True, timeout=TIMEOUT,
                                       env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
                if again.returncode == 0:
                    return "culprit", "%s was the only bad value; message: %s" % (option, first[:300])
        return None, ""
    if case.kind in ("inspect", "simulate", "bench"):
        if case.kind == "bench" and "--json" not in case.args:
            return None, ""
        lines = [l for l in out.split("\n") if l.strip()]
        if not lines:
            return "badjson", "no output"
        for line in lines:
            try:
                value = json.loads(line, parse_constant=reject_constant)
            except ValueError as error:
                if "non-finite" in str(error):
                    return "nonfinite", "%s in %s" % (error, line[:200])
                return "badjson", "%s: %s" % (error, line[:200])
            why = nonfinite(value, nullable=BENCH_NULLABLE if case.kind == "bench" else NULLABLE)
            if why:
                return "nonfinite", "%s in %s" % (why, line[:200])
    return None, ""


def check_replay(case, status, out, err):
    """A replay answers every call line with one JSON line carrying its
    number; a line that fails says so with an error and the field at fault
    (the exit status is then 1, with nothing on standard error)."""
    if status == 64 or (status == 1 and err.strip()):
        first = err.strip().split("\n")[0]
        if not first.startswith("Error:") or "Fatal error" in err:
            return "message", "exit %d, standard error %r" % (status, err[:300])
        # Calls that are not UTF-8, in a file or on standard input, are
        # refused whole, naming --calls.
        if BAD_UTF8_MARK in case.calls and "--calls" in first and not out.strip():
            return None, ""
        return "status", "replay refused its arguments: %s" % first[:200]
    answers = {}
    for line in (l for l in out.split("\n") if l.strip()):
        try:
            value = json.loads(line, parse_constant=reject_constant)
        except ValueError as error:
            kind = "nonfinite" if "non-finite" in str(error) else "badjson"
            return kind, "%s: %s" % (error, line[:200])
        why = nonfinite(value, nullable=REPLAY_NULLABLE)
        if why:
            return "nonfinite", "%s in %s" % (why, line[:200])
        if not isinstance(value, dict) or not isinstance(value.get("line"), int):
            return "silent", "an answer without its line number: %s" % line[:200]
        answers[value["line"]] = value
    failed = 0
    for number, mark in enumerate(case.calls, start=1):
        answer = answers.get(number)
        if answer is None:
            return "silent", "line %d has no answer" % number
        error = answer.get("error")
        if error is not None:
            failed += 1
            if not isinstance(error, str) or not error:
                return "message", "line %d: an error without a message: %s" % (number, answer)
        if mark is None:
            continue
        refused, field, what = mark
        if refused and error is None:
            return "silent", "line %d (%s = %s) was answered, not refused: %s" % (
                number, field or "line", what, json.dumps(answer)[:200])
        named = str(answer.get("field", ""))
        # Before a prepare has succeeded (the photo grid has no room at 2 pt),
        # every query is refused for that first.
        unprepared = named == "call" and "not prepared" in str(error)
        if refused and field and not unprepared and not any(
                named.startswith(f.split(".")[0]) for f in field.split("|")):
            return "culprit", "line %d (%s = %s): the error names %r: %s" % (
                number, field, what, answer.get("field"), error)
    if (failed > 0) != (status == 1):
        return "status", "exit %d with %d failed lines" % (status, failed)
    return None, ""


def write_texts(folder):
    """Tag text files, valid and hostile: (path, hostile?)."""
    files = {
        "plain.txt": (b"alpha\nbeta\ngamma\n", False),
        "crlf.txt": (b"alpha\r\nbeta\r\ngamma\r\n", False),
        "bom.txt": (b"\xef\xbb\xbfalpha\nbeta\n", False),
        "cr.txt": (b"alpha\rbeta\r", False),
        "empty.txt": (b"", False),
        "utf16.txt": ("alpha\nbeta\n".encode("utf-16"), True),
        "latin1.txt": ("caf\xe9\n".encode("latin-1"), True),
        "nul.txt": (b"a\x00b\n", False),
    }
    result = []
    for name, (data, bad) in files.items():
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(data)
        result.append((path, bad))
    result.append((os.path.join(folder, "missing.txt"), True))
    result.append((folder, True))
    return result


SWEEP_VALUES = ["nan", "-1", "1e308", "0", "5e-324", "", "1,2,3", "abc", "-inf", "9223372036854775807"]


def base_arguments(layout):
    """The smallest valid items arguments of a layout (as the registry's
    `LayoutEntry.itemArguments` gives them)."""
    if layout == "tags":
        return ["--words", "5"]
    if layout == "tag-table":
        return ["--rows", "3"]
    return ["--items", "5", "--item-size", "100x100"]


def sweep_cases(binary):
    """Every option that takes a value, of every layout's inspect and
    simulate (read from --help), given each hostile value in turn on an
    otherwise valid command line: systematic, where the random part is not."""
    cases = []
    for layout in LAYOUTS:
        for command in ["inspect", "simulate"]:
            helptext = subprocess.run([binary, command, layout, "--help"], capture_output=True).stdout.decode()
            options = []
            for line in helptext.split("\n"):
                words = line.strip().split()
                if len(words) >= 2 and words[0].startswith("--") and words[1].startswith("<"):
                    if words[0] not in options and words[0] not in ("--script", "--script-file", "--texts"):
                        options.append(words[0])
            base = [command, layout, "--viewport", "390x844"] + base_arguments(layout)
            if command == "simulate":
                base += ["--script", "release", "--fps", "30"]
            for option in options:
                for value in SWEEP_VALUES:
                    hostile = []
                    args = list(base)
                    # An option the base gives is replaced, not repeated.
                    if option in args:
                        at = args.index(option)
                        del args[at:at + 2]
                        good = base[base.index(option):base.index(option) + 2]
                    else:
                        good = []
                    start = len(args)
                    args += tokens(option, value)
                    hostile.append((option, start, len(args), good))
                    cases.append(Case(command, args, hostile))
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--show", type=int, default=3, help="command lines shown per class")
    parser.add_argument("--no-sweep", action="store_true", help="only the random command lines")
    options = parser.parse_args()
    load_catalog(options.binary)
    rng = random.Random(options.seed)
    work = tempfile.mkdtemp(prefix="scrollwork-campaign-")
    try:
        texts = write_texts(work)
        cases = [make_case(rng, texts, work, i) for i in range(options.count)]
        sweep = [] if options.no_sweep else sweep_cases(options.binary)
        cases += sweep
        failures = {}
        passed = 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
            for case, (kind, detail) in zip(cases, pool.map(lambda c: check(options.binary, c), cases)):
                if kind is None:
                    passed += 1
                else:
                    failures.setdefault(kind, []).append((case, detail))
        kinds = {}
        for case in cases:
            kinds[case.kind] = kinds.get(case.kind, 0) + 1
        hostile = sum(1 for c in cases if c.hostile)
        failed = sum(len(v) for v in failures.values())
        print("campaign: %d command lines, seed %d: %d random, %d in the sweep of every option (%s; %d with hostile "
              "values)" % (len(cases), options.seed, len(cases) - len(sweep), len(sweep),
                           ", ".join("%d %s" % (n, k) for k, n in sorted(kinds.items())), hostile))
        print("campaign: %d passed, %d failed" % (passed, failed))
        for kind in ["trap", "hang", "nonfinite", "badjson", "status", "message", "culprit", "silent"]:
            found = failures.get(kind, [])
            print("  %-9s %d" % (kind, len(found)))
            for case, detail in found[:options.show]:
                print("    scrollwork " + " ".join(repr(a) if (" " in a or a == "") else a for a in case.args))
                print("      " + detail)
        return 1 if failed else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
