#!/usr/bin/env python3
"""Reads `scrollwork simulate waterfall ... --elements` lines on standard input and
prints one JSON line: frames with a hole (two consecutive items of a column, both on
screen, more than SPACING + 1 pt apart; settle frames excluded), the largest hole, the
anchor's move within a frame beyond the offset correction, the settles, items moved on
screen other than by the scroll (and more than once: a settle counts as one move), and the
columns' tops in the last frame. Arguments: SPACING (default 10), VIEWPORT_HEIGHT (844)."""
import json, sys
spacing = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
H = float(sys.argv[2]) if len(sys.argv) > 2 else 844.0
frames = [json.loads(l) for l in sys.stdin if l.strip()]
hole_frames = 0; max_gap = 0.0; gaps = []
drift_max = 0.0; prev_anchor = None
last = {}       # item -> (screen y, x) last frame
moving = {}     # item -> currently moving
moves = {}      # item -> count of moves
settle_frames = 0; settles = 0; was_settling = False; just_ended = False
for f in frames:
    off = f["offset"][1]
    els = [e for e in f.get("elements", []) if e["kind"] == "cell"]
    cols = {}
    for e in els:
        x = round(e["center"][0] - e["size"][0] / 2, 3)
        top = e["center"][1] - e["size"][1] / 2
        cols.setdefault(x, []).append((e["item"], top, top + e["size"][1]))
    worst = 0.0
    for x, items in cols.items():
        items.sort()
        for a, b in zip(items, items[1:]):
            if b[1] < a[1]:
                continue
            vis = lambda t: t[2] > off and t[1] < off + H
            if vis(a) and vis(b):
                gap = b[1] - a[2] - spacing
                worst = max(worst, gap)
    settling = f.get("settle") is not None
    if settling:
        worst = 0.0  # columns are in flux while a settle animates
    if worst > 1:
        hole_frames += 1
        gaps.append(worst)
    max_gap = max(max_gap, worst)
    if settling and not was_settling: settles += 1
    just_ended = was_settling and not settling
    was_settling = settling
    if settling: settle_frames += 1
    a = f.get("anchor")
    ay = None
    if isinstance(a, list):
        for e in els:
            if e["section"] == a[0] and e["item"] == a[1]:
                ay = e["center"][1] - e["size"][1] / 2
    if prev_anchor and a == prev_anchor[0] and ay is not None and not settling:
        drift_max = max(drift_max, abs((ay - prev_anchor[1]) - f.get("correction", 0)))
    prev_anchor = (a, ay) if ay is not None else None
    cur = {}
    for e in els:
        cur[e["item"]] = (e["center"][1] - off, e["center"][0])
    # screen moves not due to scrolling: an element's screen y changes by a
    # different amount than the anchor's content-relative motion; compare
    # with the median screen delta of elements (the scroll) this frame.
    deltas = sorted(cur[i][0] - last[i][0] for i in cur if i in last)
    scroll = deltas[len(deltas)//2] if deltas else 0
    # A move is one settle (an item may move many frames of one settle) or
    # one run of frames outside settles in which it moves.
    for i in cur:
        if i in last:
            d = abs(cur[i][0] - last[i][0] - scroll) + abs(cur[i][1] - last[i][1])
            m = d > 0.5
            if m:
                # The frame after a settle shows its last step (progress 1).
                episode = ("settle", settles) if settling or just_ended else None
                if episode is None and not moving.get(i):
                    moves.setdefault(i, set()).add(("run", f["time"]))
                elif episode is not None:
                    moves.setdefault(i, set()).add(episode)
            moving[i] = m and not settling
        else:
            moving[i] = False
    last = cur
tops = {}
if frames:
    for e in frames[-1].get("elements", []):
        if e["kind"] == "cell":
            x = round(e["center"][0] - e["size"][0] / 2, 1)
            t = e["center"][1] - e["size"][1] / 2
            tops[x] = min(tops.get(x, 1e18), t)
print(json.dumps({
    "finalColumnTops": [round(tops[k], 1) for k in sorted(tops)],
    "frames": len(frames), "holeFrames": hole_frames, "maxGap": round(max_gap, 1),
    "meanWorstGap": round(sum(gaps)/len(gaps), 1) if gaps else 0,
    "anchorDriftMax": round(drift_max, 3), "settleFrames": settle_frames, "settles": settles,
    "itemsMovedOnScreen": sum(1 for v in moves.values() if len(v) >= 1),
    "itemsMovedMoreThanOnce": sum(1 for v in moves.values() if len(v) > 1),
    "lastTopSlack": frames[-1].get("topSlack") if frames else None,
    "lastOffset": frames[-1]["offset"] if frames else None,
}))
