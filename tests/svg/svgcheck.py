#!/usr/bin/env python3
"""Check one SVG chart as a person would look at it (issue 23), with nothing but the standard library.

usage: svgcheck.py plot|tradeoff FIG.svg FIG.csv FIG.png SERIES

- the PNG (rsvg-convert's rendering of FIG.svg) is not blank, and holds exactly SERIES of the
  Okabe-Ito series colours (the palette lang/out/svg.c promises), each on enough pixels to be seen;
- plot: the SVG has one path per series, in the csv's column order, and each path's points are the
  csv's rows of that column, point for point, once scaled: x and y map by one linear (or, on a log
  axis, logarithmic) function for every series, fitted on the extremes and checked on every point;
- tradeoff: the curve's path is the csv's rows on the curve (cost, benefit) ordered by cost, the same
  way, and there is one marker per labelled row (before, after, each variant).
"""
import csv
import math
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#807D00"]
NS = "{http://www.w3.org/2000/svg}"


def fail(msg):
    print("svgcheck: %s: %s" % (sys.argv[2], msg))
    sys.exit(1)


def png_pixels(path):
    """(width, height, rows of RGBA bytes) of an 8-bit RGBA or RGB, non-interlaced PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("%s is not a PNG" % path)
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                fail("PNG kind %d/%d/%d not decoded here" % (depth, ctype, interlace))
            bpp = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if f == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 255
        elif f == 2:
            for x in range(stride):
                line[x] = (line[x] + prev[x]) & 255
        elif f == 3:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 255
        elif f == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b, c = prev[x], prev[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def colours(path):
    w, h, bpp, rows = png_pixels(path)
    want = {bytes(int(c[k:k + 2], 16) for k in (1, 3, 5)): c for c in PALETTE}
    seen, ink = {}, 0
    for row in rows:
        for x in range(0, w * bpp, bpp):
            px = row[x:x + 3]
            if px != b"\xff\xff\xff" and (bpp == 3 or row[x + 3]):
                ink += 1
            if px in want and (bpp == 3 or row[x + 3] == 255):
                seen[want[px]] = seen.get(want[px], 0) + 1
    return ink, w * h, {c: n for c, n in seen.items() if n >= 12}


def path_points(d):
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(nums[0::2], nums[1::2]))


def fit_check(pairs, logscale, what):
    """pairs: (value, pixel). One map value -> pixel for all of them, within 0.02 px."""
    f = (lambda v: math.log(v)) if logscale else (lambda v: v)
    pairs = [(f(v), p) for v, p in pairs]
    lo, hi = min(pairs), max(pairs)
    if hi[0] == lo[0]:
        for v, p in pairs:
            if abs(p - lo[1]) > 0.02:
                fail("%s: a flat line's points are not level (%g vs %g)" % (what, p, lo[1]))
        return
    b = (hi[1] - lo[1]) / (hi[0] - lo[0])
    for v, p in pairs:
        if abs(lo[1] + b * (v - lo[0]) - p) > 0.02 + abs(b) * 1e-9:
            fail("%s: a point is at %.2f, its value puts it at %.2f" % (what, p, lo[1] + b * (v - lo[0])))


def main():
    kind, svg, csvp, png, nseries = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
    root = ET.parse(svg).getroot()
    if root.tag != NS + "svg" or root.get("version") != "1.1":
        fail("not an SVG 1.1 document")
    text = open(svg, encoding="utf-8").read()
    for bad in ("<script", "href=", "@import", "url(http"):
        if bad in text:
            fail("not standalone: %s" % bad)
    g = root.find(NS + "g")
    classes = g.get("class").split()
    xlog, ylog = "xlog" in classes, "ylog" in classes
    paths = [p for p in root.iter(NS + "path") if (p.get("class") or "").startswith("series ")]
    rows = list(csv.reader(open(csvp, encoding="utf-8")))
    head, rows = rows[0], rows[1:]

    if kind == "plot":
        if len(paths) != len(head) - 1 or len(head) - 1 != nseries:
            fail("%d paths, %d csv columns, %d series expected" % (len(paths), len(head) - 1, nseries))
        xs, ys = [], []
        for s, p in enumerate(paths):
            pts = path_points(p.get("d"))
            want = [(float(r[0]), float(r[s + 1])) for r in rows if r[s + 1] != "" and
                    (not ylog or float(r[s + 1]) > 0)]
            if len(pts) != len(want):
                fail("series %s: %d points drawn, %d in the csv" % (head[s + 1], len(pts), len(want)))
            xs += [(v[0], q[0]) for v, q in zip(want, pts)]
            ys += [(v[1], q[1]) for v, q in zip(want, pts)]
        fit_check(xs, xlog, "x")
        fit_check(ys, ylog, "y")
    else:
        if len(paths) != 1:
            fail("%d curves, expected the one" % len(paths))
        pts = path_points(paths[0].get("d"))
        curve = sorted((float(r[2]), float(r[1])) for r in rows
                       if re.match(r"^[0-9.]+$", r[0]) and r[2] and r[1] and not r[3].startswith("variant"))
        if len(pts) != len(curve):
            fail("the curve: %d points drawn, %d in the csv" % (len(pts), len(curve)))
        fit_check([(v[0], q[0]) for v, q in zip(curve, pts)], xlog, "x")
        fit_check([(v[1], q[1]) for v, q in zip(curve, pts)], ylog, "y")
        marks = [p for p in root.iter(NS + "path") if p.get("class") == "point"]
        labelled = [r for r in rows if r[3]]
        if len(marks) != len(labelled) or len(marks) != nseries:
            fail("%d markers, %d labelled rows, %d expected" % (len(marks), len(labelled), nseries))

    ink, total, seen = colours(png)
    if ink < total // 100:
        fail("the PNG is blank (%d of %d pixels inked)" % (ink, total))
    if len(seen) != nseries:
        fail("%d series colours in the picture (%s), expected %d" % (len(seen), " ".join(sorted(seen)), nseries))
    print("ok   %s: %d series, %d colours, points match the csv" % (svg.split("/")[-1], nseries, len(seen)))


main()
