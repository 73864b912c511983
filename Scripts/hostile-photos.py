#!/usr/bin/env python3
"""Hostile photo folders for the photo library (issue #36's photo side).

Writes a folder of decompression bombs (1-bit and 16-bit 10000x10000 PNGs,
progressive 10000x10000 JPEGs and a 60-megapixel one, written with
ImageMagick's `convert` or else a small libjpeg encoder built with `cc`),
sparse files that claim to be WebP or HEIC (250 MB) and a 50 GB sparse
JPEG, a JPEG whose EXIF date does not exist (2023:02:30), and names with a
newline and an escape sequence; then runs the release tool over it:

  * three `scrollwork index` runs at once over a corrupt index: each must
    exit 0 (no "readonly database", no "disk I/O error");
  * `scrollwork render` over the folder: exits 0, its peak memory (the
    child's maximum resident set) under --max-mb (default 500), every
    name printed escaped (no raw newline or ESC byte in its output), the
    50 GB file skipped as too large by `index` already.

  Scripts/hostile-photos.py [--tool Tool/.build/release/scrollwork] [--keep] [--max-mb 500]

Exit status 0 when every check holds; each failed check is printed.
To wire it into the random campaign, call `make_folder(path, rng, jpeg)` from
Scripts/campaign.py's photo-folder cases and `check_runs(tool, folder)`
on the folder it wrote.
"""
import argparse
import os
import random
import re
import resource
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib


def png(width, height, depth, colour, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    z = zlib.compressobj(9)
    data = b"".join(z.compress(rows(y)) for y in range(height)) + z.flush()
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def small_jpeg(tool, scratch):
    """A small JPEG with an EXIF date, from the tool's own generator."""
    folder = os.path.join(scratch, "generated")
    subprocess.run([tool, "generate-photos", folder, "--count", "1", "--megapixels", "0.01", "--distinct", "1"],
                   check=True, capture_output=True)
    for name in sorted(os.listdir(folder)):
        data = open(os.path.join(folder, name), "rb").read()
        if name.endswith(".jpg") and re.search(rb"\d{4}:\d\d:\d\d \d\d:\d\d:\d\d", data):
            return data
    raise SystemExit("generate-photos wrote no JPEG with an EXIF date")


def with_date(jpeg, date):
    """The JPEG with every EXIF date replaced by `date` (same length)."""
    return re.sub(rb"\d{4}:\d\d:\d\d \d\d:\d\d:\d\d", date.encode(), jpeg)


def sparse(path, head, size):
    with open(path, "wb") as f:
        f.write(head)
        f.truncate(size)


ENCODER_C = r"""
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
int main(int argc, char **argv) {
  int w = atoi(argv[2]), h = atoi(argv[3]);
  FILE *f = fopen(argv[1], "wb");
  if (!f) return 1;
  struct jpeg_compress_struct c; struct jpeg_error_mgr e;
  c.err = jpeg_std_error(&e); jpeg_create_compress(&c); jpeg_stdio_dest(&c, f);
  c.image_width = w; c.image_height = h; c.input_components = 3; c.in_color_space = JCS_RGB;
  jpeg_set_defaults(&c); jpeg_set_quality(&c, 60, TRUE); jpeg_simple_progression(&c);
  jpeg_start_compress(&c, TRUE);
  unsigned char *row = malloc((size_t)w * 3);
  while (c.next_scanline < (unsigned)h) {
    int y = c.next_scanline;
    for (int x = 0; x < w; x++) { row[3*x] = (x * 7 + y) & 255; row[3*x+1] = (y * 3) & 255; row[3*x+2] = ((x ^ y) >> 4) & 255; }
    jpeg_write_scanlines(&c, &row, 1);
  }
  jpeg_finish_compress(&c); fclose(f); return 0;
}
"""


def progressive_jpeg(path, width, height):
    """Writes a progressive JPEG of `width`x`height` (4:2:0) with ImageMagick's
    `convert`, or else with a small libjpeg encoder built with `cc`; returns
    whether one was written."""
    if shutil.which("convert"):
        r = subprocess.run(["convert", "-size", f"{width}x{height}", "xc:gray50", "-interlace", "JPEG",
                            "-quality", "40", path], capture_output=True)
        if r.returncode == 0 and os.path.exists(path) and open(path, "rb").read(2) == b"\xff\xd8":
            return True
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not cc:
        return False
    work = tempfile.mkdtemp(prefix="hostile-jpeg-")
    try:
        source = os.path.join(work, "encode.c")
        binary = os.path.join(work, "encode")
        open(source, "w").write(ENCODER_C)
        if subprocess.run([cc, "-O2", "-o", binary, source, "-ljpeg"], capture_output=True).returncode != 0:
            return False
        return subprocess.run([binary, path, str(width), str(height)], capture_output=True).returncode == 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


def make_folder(folder, rng, jpeg):
    """Writes the hostile files into `folder` (which must exist)."""
    names = []
    one_bit = png(10000, 10000, 1, 0, lambda y: b"\0" + bytes([0xAA if (y // 64) % 2 else 0x55]) * 1250)
    sixteen = png(10000, 10000, 16, 0, lambda y: b"\0" + b"\x12\x34" * 10000)
    for k in range(6):
        for kind, data in (("1bit", one_bit), ("16bit", sixteen)):
            name = f"bomb-{kind}-{k}.png"
            open(os.path.join(folder, name), "wb").write(data)
            names.append(name)
    first = os.path.join(folder, "bomb-progressive-0.jpg")
    if progressive_jpeg(first, 10000, 10000):
        for k in range(1, 6):
            shutil.copy(first, os.path.join(folder, f"bomb-progressive-{k}.jpg"))
    # A real camera's size (60 megapixels, 4:2:0): its coefficients fit the
    # shared decode budget, so it is decoded, not refused.
    progressive_jpeg(os.path.join(folder, "camera-60mp-progressive.jpg"), 9504, 6336)
    # RIFF/WEBP with a VP8X header and a hole; ftyp heic and a hole.
    webp = b"RIFF" + struct.pack("<I", 250 << 20) + b"WEBP" + b"VP8X" + struct.pack("<I", 10) + b"\0" * 4
    webp += (999).to_bytes(3, "little") + (999).to_bytes(3, "little") + b"JUNK" + struct.pack("<I", (250 << 20) - 40)
    sparse(os.path.join(folder, "sparse.webp"), webp, 250 << 20)
    heic = struct.pack(">I", 24) + b"ftypheic" + b"\0\0\0\0" + b"mif1heic" + struct.pack(">I", (250 << 20) - 24) + b"mdat"
    sparse(os.path.join(folder, "sparse.heic"), heic, 250 << 20)
    sparse(os.path.join(folder, "huge.jpg"), with_date(jpeg, "2021:01:01 00:00:00"), 50 << 30)
    open(os.path.join(folder, "feb30.jpg"), "wb").write(with_date(jpeg, "2023:02:30 12:00:00"))
    open(os.path.join(folder, "ok.jpg"), "wb").write(with_date(jpeg, "2022:06:01 12:00:00"))
    for name in ("new\nskipped forged.jpg: fake", "esc\x1b[31mred.jpg"):
        open(os.path.join(folder, name), "wb").write(b"not an image " * rng.randint(1, 4))
    return names


def peak_mb_of(cmd, env):
    """Runs cmd; returns (returncode, stdout+stderr bytes, peak RSS MB of that child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    r = subprocess.run(cmd, capture_output=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return r.returncode, r.stdout + r.stderr, max(after, before) / 1024.0


def check_runs(tool, folder, max_mb, scratch):
    failures = []
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(scratch, "cache"))
    # A corrupt index for three runs at once.
    subprocess.run([tool, "index", folder], capture_output=True, env=env)
    for root, _, files in os.walk(env["XDG_CACHE_HOME"]):
        for f in files:
            if f.endswith(".sqlite"):
                open(os.path.join(root, f), "wb").write(b"corrupt" * 1000)
    runs = [subprocess.Popen([tool, "index", folder], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
            for _ in range(3)]
    for p in runs:
        out, err = p.communicate()
        if p.returncode != 0 or b"readonly database" in err or b"disk I/O" in err:
            failures.append(f"concurrent index: exit {p.returncode}: {err.decode(errors='replace')[-300:]}")
        text = out + err
        if b"huge.jpg" in text and b"larger than" not in text:
            failures.append("index did not skip the 50 GB file as too large")
        if b"\x1b" in text or b"new\nskipped" in text:
            failures.append("index printed a name raw")
    out_dir = os.path.join(scratch, "out")
    started = time.time()
    code, text, peak = peak_mb_of(
        [tool, "render", "--layout", "photos", "--photos", folder, "--out", out_dir, "--script", "wait 0.1"], env)
    seconds = time.time() - started
    print(f"render over the hostile folder: exit {code}, {seconds:.1f} s, peak {peak:.0f} MB")
    if code != 0:
        failures.append(f"render exit {code}: {text.decode(errors='replace')[-400:]}")
    if peak > max_mb:
        failures.append(f"render peak {peak:.0f} MB above {max_mb} MB")
    if b"\x1b" in text or b"new\nskipped" in text:
        failures.append("render printed a name raw")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", default="Tool/.build/release/scrollwork")
    parser.add_argument("--max-mb", type=float, default=500)
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="hostile-photos-")
    folder = os.path.join(scratch, "photos")
    os.makedirs(folder)
    try:
        make_folder(folder, random.Random(args.seed), small_jpeg(os.path.abspath(args.tool), scratch))
        failures = check_runs(os.path.abspath(args.tool), folder, args.max_mb, scratch)
    finally:
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)
        else:
            print(f"kept {scratch}")
    for f in failures:
        print("FAILED:", f)
    print("hostile-photos: " + ("all checks hold" if not failures else f"{len(failures)} check(s) failed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
