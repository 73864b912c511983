#!/usr/bin/env python3
"""The photo library at scale (issue: a real photo library): generates
folders of synthetic camera photos and measures, with the release build,
cold (empty index and thumbnail cache) and warm:

  * `index` time;
  * `view --stats` under Xvfb at 390x844 @2x: window up, first frame of the
    photo grid, visible thumbnails complete (ms since the process started),
    frame p50/p99 while the wheel scrolls and thumbnails stream in, and
    peak memory (max RSS);
  * the same for the album (pager of full-screen photos);
  * `render` of the photo grid's demo script (cold).

Usage: Scripts/photo-library-bench.py [--counts 2000,20000] [--work DIR]
       [--megapixels 12] [--keep] [--samples] [--drop-caches] [--busy-disk GB]
       [--states cold,warm] [--no-render]
--samples also measures the built-in sample album (grid and album frames).
--drop-caches drops the page cache before each cold run (root only): a cold
disk, as after a reboot. --busy-disk GB has `dd` write GB gigabytes (direct
I/O) to the work folder while each view runs (the file is deleted after).
Each view also reports its dropped frames, its draw and convert phases (median/p99), and how many frames were drawn
whole or in part and the rows uploaded (the viewer's own counts).
Prints one line per measurement and a Markdown table at the end. Needs
Xvfb and xdotool (installed with apt-get when missing). The folders take
about 1 MB per photo; --keep leaves them for a second run.
"""
import argparse, os, re, shutil, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "Tool/.build/release/scrollwork")


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw)


def ensure_tools():
    missing = [p for p, b in (("xvfb", "Xvfb"), ("xdotool", "xdotool")) if shutil.which(b) is None]
    if missing:
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
        subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing, check=True,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def start_xvfb():
    """Xvfb on the first free display from :91, once its socket is there."""
    for n in range(91, 120):
        if os.path.exists(f"/tmp/.X11-unix/X{n}") or os.path.exists(f"/tmp/.X{n}-lock"):
            continue
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1800x1800x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists(f"/tmp/.X11-unix/X{n}"):
                time.sleep(0.2)
                return proc, f":{n}"
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        proc.terminate()
    sys.exit("Xvfb did not start")


def timed(cmd, env):
    """Runs cmd under /usr/bin/time -v: (seconds, max RSS MB, stdout, stderr)."""
    start = time.monotonic()
    p = subprocess.run(["/usr/bin/time", "-v"] + cmd, text=True, capture_output=True, env=env)
    seconds = time.monotonic() - start
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr[-2000:]}")
    return seconds, int(rss.group(1)) / 1024 if rss else float("nan"), p.stdout, p.stderr


def busy_disk(work, gigabytes):
    """dd writing `gigabytes` GB with direct I/O into `work` (None for 0)."""
    if not gigabytes:
        return None
    return subprocess.Popen(["dd", "if=/dev/zero", f"of={work}/busy-disk", "bs=1M", f"count={int(gigabytes * 1024)}",
                             "oflag=direct"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop_busy(proc, work):
    if proc is not None:
        proc.terminate()
        proc.wait()
        try:
            os.remove(f"{work}/busy-disk")
        except FileNotFoundError:
            pass


def drop_caches():
    subprocess.run(["sync"])
    with open("/proc/sys/vm/drop_caches", "w") as f:
        f.write("3\n")


def view(folder, layout, env, scroll):
    """view --stats with the wheel scrolling for `scroll` seconds once the first frame is up."""
    photos = ["--photos", folder] if folder else []  # None: the built-in sample album
    cmd = ["/usr/bin/time", "-v", BIN, "view", "--layout", layout] + photos + ["--size", "390x844",
           "--scale", "2", "--stats", "--rate", "120", "--exit-after", str(4 + scroll + 2)]
    p = subprocess.Popen(cmd, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out = []
    # Wait for the first frame, then scroll (wheel down on the grid; drags on the album's pager).
    while True:
        line = p.stdout.readline()
        if not line:
            break
        out.append(line)
        if line.startswith("first frame at"):
            break
    wid = subprocess.run(["xdotool", "search", "--name", "scrollwork view"], text=True, capture_output=True,
                         env=env).stdout.split()
    if wid:
        w = wid[-1]
        end = time.monotonic() + scroll
        # One xdotool process per gesture, its events paced by xdotool's own
        # sleeps: spawning a process per event cost the two cores more than
        # the input itself (a user's mouse spawns nothing).
        if layout == "photos":
            subprocess.run(["xdotool", "mousemove", "--window", w, "390", "900"], env=env)
            while time.monotonic() < end:
                subprocess.run(["xdotool"] + ["click", "--repeat", "6", "--delay", "15", "5", "sleep", "0.01"] * 5,
                               env=env)
        else:
            while time.monotonic() < end:
                drag = ["mousemove", "--window", w, "700", "600", "mousedown", "1"]
                for i in range(1, 13):
                    drag += ["sleep", "0.008", "mousemove", "--window", w, str(700 - i * 50), "600"]
                subprocess.run(["xdotool"] + drag + ["mouseup", "1"], env=env)
                time.sleep(0.3)
    rest, err = p.communicate()
    out.append(rest)
    text = "".join(out)
    def ms(label):
        m = re.search(label + r" at (\d+) ms", text)
        return int(m.group(1)) if m else None
    frames = re.findall(r"^frames (\d+), median ([\d.]+) ms, p99 ([\d.]+) ms, dropped (\d+)", text, re.M)
    drawn = re.findall(r"^frames drawn: (\d+) whole, (\d+) in part; rows uploaded: (\d+)", text, re.M)
    # The last phases line (the whole run): draw and convert, median / p99.
    phases = re.findall(r"^phases: .*draw ([\d.]+)/([\d.]+) ms, convert ([\d.]+)/([\d.]+) ms", text, re.M)
    stops = [int(x) for x in re.findall(r"^thumbnails complete (\d+) ms after scrolling stopped", text, re.M)]
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    # The final summary (last line) covers the whole run.
    count, p50, p99, dropped = ((int(frames[-1][0]), float(frames[-1][1]), float(frames[-1][2]), int(frames[-1][3]))
                                if frames else (None, None, None, None))
    whole, part, rows = (int(drawn[-1][0]), int(drawn[-1][1]), int(drawn[-1][2])) if drawn else (None, None, None)
    first_screen = re.search(r"^first screen: \d+ photos at (\d+) ms", text, re.M)
    return dict(window=ms("window up"), first_screen=int(first_screen.group(1)) if first_screen else None,
                first=ms("first frame"), indexed=ms(r"indexed \d+ photos"), complete=ms("visible thumbnails complete"),
                after_stop=max(stops) if stops else None, frames=count, p50=p50, p99=p99, dropped=dropped,
                whole=whole, part=part, rows=rows, rss=int(rss.group(1)) / 1024 if rss else None,
                draw="/".join(phases[-1][:2]) if phases else None, convert="/".join(phases[-1][2:]) if phases else None)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--counts", default="2000,20000")
    ap.add_argument("--work", default="/tmp/scrollwork-library-bench")
    ap.add_argument("--megapixels", default="12")
    ap.add_argument("--scroll", type=float, default=4)
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--samples", action="store_true", help="also the built-in sample album (no --photos)")
    ap.add_argument("--drop-caches", action="store_true", help="drop the page cache before cold runs (root)")
    ap.add_argument("--busy-disk", type=float, default=0, help="GB that dd writes during each view")
    ap.add_argument("--states", default="cold,warm")
    ap.add_argument("--no-render", action="store_true")
    ap.add_argument("--bin", help="a scrollwork binary to measure instead of building this checkout's")
    a = ap.parse_args()
    global BIN
    if a.drop_caches and os.geteuid() != 0:
        sys.exit("--drop-caches needs root")
    ensure_tools()
    if a.bin:
        BIN = os.path.abspath(a.bin)
    else:
        subprocess.run(["swift", "build", "-c", "release", "--product", "scrollwork"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    xvfb, display = start_xvfb()
    rows = []
    samples = []
    try:
        if a.samples:
            env = dict(os.environ, DISPLAY=display)
            for layout in ("photos", "album"):
                r = view(None, layout, env, a.scroll)
                print(f"sample album, {layout}: {r}", flush=True)
                samples.append((layout, r))
        for count in [int(c) for c in a.counts.split(",") if c]:
            folder = f"{a.work}/photos-{count}"
            if not os.path.isdir(folder):
                print(f"generating {count} photos of {a.megapixels} MP in {folder}", flush=True)
                run([BIN, "generate-photos", folder, "--count", str(count), "--megapixels", a.megapixels])
            cache = f"{a.work}/cache-{count}"
            env = dict(os.environ, DISPLAY=display, XDG_CACHE_HOME=cache)
            for state in a.states.split(","):
                if state == "cold":
                    shutil.rmtree(cache, ignore_errors=True)
                    subprocess.run(["sync"])
                    if a.drop_caches:
                        drop_caches()
                secs, rss, out, _ = timed([BIN, "index", folder], env)
                idx = secs
                results = []
                for layout in ("photos", "album"):
                    if state == "cold":
                        shutil.rmtree(cache, ignore_errors=True)  # the viewer indexes cold itself
                        if a.drop_caches:
                            drop_caches()
                    busy = busy_disk(a.work, a.busy_disk)
                    try:
                        results.append(view(folder, layout, env, a.scroll))
                    finally:
                        stop_busy(busy, a.work)
                g, al = results
                row = dict(count=count, state=state, index=idx, grid=g, album=al)
                print(f"{count} {state}: index {idx:.2f} s; grid {g}; album {al}", flush=True)
                rows.append(row)
            shutil.rmtree(cache, ignore_errors=True)
            if a.no_render:
                continue
            secs, rss, out, _ = timed([BIN, "render", "--layout", "photos", "--photos", folder, "--out",
                                       f"{a.work}/render-{count}", "--scale", "1"],
                                      dict(os.environ, XDG_CACHE_HOME=cache))
            print(f"{count} render (photo grid demo script, cold): {secs:.1f} s, max RSS {rss:.0f} MB", flush=True)
            rows.append(dict(count=count, state="render", seconds=secs, rss=rss))
            shutil.rmtree(f"{a.work}/render-{count}", ignore_errors=True)
            if not a.keep:
                shutil.rmtree(folder, ignore_errors=True)
    finally:
        xvfb.terminate()
    print()
    for layout, r in samples:
        print(f"sample album, {layout}: frame p50 / p99 {r['p50']} / {r['p99']} ms (dropped {r['dropped']} of "
              f"{r['frames']}), draw {r['draw']} ms, convert {r['convert']} ms (median/p99), frames drawn whole / in "
              f"part {r['whole']} / {r['part']}, peak memory {r['rss']:.0f} MB")
    print("| photos | cache | index | window up | grid first frame | grid indexed | grid thumbnails complete | after a stop (grid / album, worst) | grid p50 / p99 (dropped of frames) | album p50 / p99 (dropped of frames) | rows a frame (grid / album) | peak memory (grid / album) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    f = lambda v, unit="": "–" if v is None else f"{v}{unit}"
    for r in rows:
        if r["state"] == "render":
            print(f"| {r['count']:,} | cold | `render` of the grid's demo script: {r['seconds']:.1f} s | | | | | | | {r['rss']:.0f} MB |")
            continue
        g, al = r["grid"], r["album"]
        per = lambda v: "–" if not v["frames"] or v["rows"] is None else f"{v['rows'] // max(1, v['whole'] + v['part'])}"
        print(f"| {r['count']:,} | {r['state']} | {r['index']:.2f} s | {f(g['window'], ' ms')} | {f(g['first'], ' ms')} | "
              f"{f(g['indexed'], ' ms')} | {f(g['complete'], ' ms')} | {f(g['after_stop'])} / {f(al['after_stop'], ' ms')} | "
              f"{f(g['p50'])} / {f(g['p99'], ' ms')} ({f(g['dropped'])} of {f(g['frames'])}) | "
              f"{f(al['p50'])} / {f(al['p99'], ' ms')} ({f(al['dropped'])} of {f(al['frames'])}) | {per(g)} / {per(al)} | "
              f"{g['rss']:.0f} / {al['rss']:.0f} MB |")


if __name__ == "__main__":
    main()
