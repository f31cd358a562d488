#!/usr/bin/env python3
"""Writes waterfall's sample pictures, deterministically.

    python3 Scripts/generate-pictures.py              (or: make data, after generate-data.py)
    python3 Scripts/generate-pictures.py --bench bench-data/pictures --count 500

Data/shops/img/*.png         one picture for every item of Data/shops/*.json that names an
                             `img`: a drawing of the object (a mug, a lamp, a rug …) in its
                             material's colours, at a quarter of the item's w x h, so the picture's
                             shape is the one the card was laid out for
Data/pictures/*.png, *.jpg   two dozen pieces of procedural art (skies, plasma, op art, tiles,
                             skylines, waves …) in varied aspect ratios, about a third JPEG: a folder
                             of pictures with no JSON, for `waterfall Data/pictures`
Tests/WaterfallImagesTests/Fixtures/
                             small pictures whose pixels follow formulas the tests restate: every
                             PNG colour type, 1- and 16-bit depths, Adam7 interlacing, transparency;
                             baseline, progressive and grey JPEG; GIF (interlaced, transparent,
                             animated: the tests read the first frame) and WebP (lossless, with
                             alpha, lossy); an SVG that is never drawn

--bench DIR --count N        N pictures (240-640 pixels a side, half of them JPEG; copies of
  [--distinct D]             D different ones) in DIR, and a 4000x3000 JPEG and a 2000x1500 PNG in
                             DIR-large, for `make bench`; not kept in git

PNG is written here with zlib (level 9, filters chosen per row), GIF here too (LZW),
JPEG by `cjpeg` from libjpeg-turbo-progs and WebP by `cwebp` from webp (`make data`
installs both when missing). Every picture comes from its own
random.Random seeded by its name, so running the script again writes byte-identical files.
"""

import argparse
import json
import math
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "Data"
FIXTURES = ROOT / "Tests" / "WaterfallImagesTests" / "Fixtures"


# MARK: Files

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filtered(row, previous, bpp):
    """The row under the filter that leaves the smallest sum of bytes (as signed), with its type."""
    best = None
    for kind in range(5):
        out = bytearray(len(row))
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            predictor = (0, a, b, (a + b) // 2, paeth(a, b, c))[kind]
            out[i] = (x - predictor) & 0xFF
        cost = sum(v if v < 128 else 256 - v for v in out)
        if best is None or cost < best[0]:
            best = (cost, kind, out)
    return bytes([best[1]]) + bytes(best[2])


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def pack(samples, bit_depth):
    """Packs a row of samples (ints) at `bit_depth` bits each, big-endian."""
    if bit_depth == 8:
        return bytes(samples)
    if bit_depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, byte, used = bytearray(), 0, 0
    for s in samples:
        byte = (byte << bit_depth) | s
        used += bit_depth
        if used == 8:
            out.append(byte)
            byte, used = 0, 0
    if used:
        out.append(byte << (8 - used))
    return bytes(out)


def png(width, height, sample_rows, color_type=2, bit_depth=8, palette=None, transparency=None, interlace=False):
    """A PNG file: sample_rows[y] lists the row's samples (channels interleaved)."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    bpp = max(1, channels * bit_depth // 8)
    raw = bytearray()

    def encode(rows, row_width):
        nonlocal raw
        previous = bytes(len(pack([0] * (row_width * channels), bit_depth)))
        for samples in rows:
            row = pack(samples, bit_depth)
            raw += filtered(row, previous, bpp)
            previous = row

    if interlace:
        for x0, y0, dx, dy in ADAM7:
            xs = list(range(x0, width, dx))
            ys = list(range(y0, height, dy))
            if xs and ys:
                encode([[s for x in xs for s in sample_rows[y][x * channels:(x + 1) * channels]] for y in ys], len(xs))
    else:
        encode(sample_rows, width)
    out = b"\x89PNG\r\n\x1a\n"
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 1 if interlace else 0))
    if palette:
        out += chunk(b"PLTE", bytes(v for rgb in palette for v in rgb))
    if transparency:
        out += chunk(b"tRNS", bytes(transparency))
    out += chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    return out + chunk(b"IEND", b"")


def write_png(path, canvas):
    path.write_bytes(png(canvas.width, canvas.height, canvas.rows()))


def write_jpeg(path, canvas, quality=85, extra=()):
    cjpeg = shutil.which("cjpeg")
    if not cjpeg:
        sys.exit("generate-pictures: cjpeg is missing (Debian: apt-get install libjpeg-turbo-progs, or make data)")
    with tempfile.TemporaryDirectory() as folder:
        ppm = Path(folder) / "in.ppm"
        ppm.write_bytes(b"P6\n%d %d\n255\n" % (canvas.width, canvas.height) + b"".join(bytes(r) for r in canvas.rows()))
        subprocess.run([cjpeg, "-quality", str(quality), "-optimize", *extra, "-outfile", str(path), str(ppm)],
                       check=True)


def lzw(indices, minimum_code_size):
    """GIF's variable-length LZW: codes of 3 to 12 bits, least significant bit first."""
    clear, end = 1 << minimum_code_size, (1 << minimum_code_size) + 1
    bits, used, out = 0, 0, bytearray()

    def emit(code, size):
        nonlocal bits, used
        bits |= code << used
        used += size
        while used >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            used -= 8

    def fresh():
        return {bytes([i]): i for i in range(clear)}, end + 1, minimum_code_size + 1

    table, next_code, size = fresh()
    emit(clear, size)
    word = b""
    for index in indices:
        longer = word + bytes([index])
        if longer in table:
            word = longer
            continue
        emit(table[word], size)
        if next_code == 4096:
            emit(clear, size)
            table, next_code, size = fresh()
        else:
            table[longer] = next_code
            next_code += 1
            if next_code > (1 << size) and size < 12:
                size += 1
        word = bytes([index])
    if word:
        emit(table[word], size)
    emit(end, size)
    if used:
        out.append(bits & 0xFF)
    return bytes(out)


def gif(width, height, palette, frames, transparent=None):
    """A GIF89a: `frames` is a list of (left, top, width, height, indices, interlaced);
    `palette` up to 256 (r, g, b), padded to a power of two."""
    depth = max(1, (len(palette) - 1).bit_length())
    colors = list(palette) + [(0, 0, 0)] * ((1 << depth) - len(palette))
    out = bytearray(b"GIF89a" + struct.pack("<HH", width, height) + bytes([0x80 | (depth - 1), 0, 0]))
    out += b"".join(bytes(c) for c in colors)
    if len(frames) > 1:
        out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    for left, top, w, h, indices, interlaced in frames:
        flags = 1 if transparent is not None else 0
        out += b"\x21\xf9\x04" + bytes([flags]) + struct.pack("<H", 10) + bytes([transparent or 0, 0])
        rows = [indices[y * w:(y + 1) * w] for y in range(h)]
        if interlaced:
            order = [y for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)) for y in range(start, h, step)]
            rows = [rows[y] for y in order]
        out += b"\x2c" + struct.pack("<HHHH", left, top, w, h) + bytes([0x40 if interlaced else 0])
        minimum = max(2, depth)
        data = lzw([v for row in rows for v in row], minimum)
        out += bytes([minimum])
        for i in range(0, len(data), 255):
            piece = data[i:i + 255]
            out += bytes([len(piece)]) + piece
        out += b"\x00"
    return bytes(out + b"\x3b")


def write_webp(path, width, height, rgba_rows, extra=("-lossless", "-exact")):
    cwebp = shutil.which("cwebp")
    if not cwebp:
        sys.exit("generate-pictures: cwebp is missing (Debian: apt-get install webp, or make data)")
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in.png"
        source.write_bytes(png(width, height, rgba_rows, color_type=6))
        subprocess.run([cwebp, "-quiet", *extra, "-o", str(path), str(source)], check=True)


# MARK: Drawing

def clamp(v, lo=0.0, hi=1.0):
    return lo if v < lo else hi if v > hi else v


def mix(a, b, t):
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def shade(color, f):
    return tuple(clamp(c * f, 0, 255) for c in color)


class Canvas:
    """Floating-point RGB pixels, drawn with anti-aliased shapes given as signed distances."""

    def __init__(self, width, height, paint):
        self.width, self.height = width, height
        self.px = [paint(x + 0.5, y + 0.5) for y in range(height) for x in range(width)]

    def shape(self, box, distance, paint, opacity=1.0):
        """Blends `paint` over the pixels inside `distance` < 0, within box (x0, y0, x1, y1)."""
        x0, y0, x1, y1 = box
        for y in range(max(0, int(y0) - 1), min(self.height, int(y1) + 2)):
            for x in range(max(0, int(x0) - 1), min(self.width, int(x1) + 2)):
                px, py = x + 0.5, y + 0.5
                coverage = clamp(0.5 - distance(px, py)) * opacity
                if coverage > 0:
                    i = y * self.width + x
                    self.px[i] = mix(self.px[i], paint(px, py), coverage)

    def rows(self):
        return [[min(255, max(0, int(round(c)))) for p in self.px[y * self.width:(y + 1) * self.width] for c in p]
                for y in range(self.height)]


class Pixels:
    """Rows of RGB bytes made already: written as a Canvas is."""

    def __init__(self, width, height, rows):
        self.width, self.height, self._rows = width, height, rows

    def rows(self):
        return self._rows


def circle(cx, cy, r):
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def ellipse(cx, cy, rx, ry):
    return lambda x, y: (math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * min(rx, ry)


def box(x0, y0, x1, y1, radius=0.0):
    cx, cy, hx, hy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 - radius, (y1 - y0) / 2 - radius

    def d(x, y):
        qx, qy = abs(x - cx) - hx, abs(y - cy) - hy
        return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius
    return d


def segment(ax, ay, bx, by, r):
    def d(x, y):
        vx, vy, wx, wy = bx - ax, by - ay, x - ax, y - ay
        t = clamp((wx * vx + wy * vy) / (vx * vx + vy * vy or 1))
        return math.hypot(wx - vx * t, wy - vy * t) - r
    return d


def polygon(points):
    """A convex polygon, points in clockwise order on screen (y down)."""
    edges = []
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        length = math.hypot(bx - ax, by - ay) or 1
        edges.append((ax, ay, (by - ay) / length, -(bx - ax) / length))
    return lambda x, y: max((x - ax) * nx + (y - ay) * ny for ax, ay, nx, ny in edges)


def ring(cx, cy, r, thickness):
    return lambda x, y: abs(math.hypot(x - cx, y - cy) - r) - thickness


def both(a, b):
    return lambda x, y: max(a(x, y), b(x, y))


def bounds(points, pad=0):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def solid(color):
    return lambda x, y: color


def noise(x, y, seed):
    """A repeatable value in [0, 1) for a pixel."""
    n = (int(x) * 374761393 + int(y) * 668265263 + seed * 2147483647) & 0xFFFFFFFF
    n = ((n ^ (n >> 13)) * 1274126177) & 0xFFFFFFFF
    return (n ^ (n >> 16)) / 4294967296.0


# MARK: Shop objects

MATERIAL_COLORS = {
    "ceramic": (70, 110, 170), "stoneware": (190, 170, 140), "walnut": (105, 70, 45), "oak": (200, 165, 115),
    "brass": (200, 160, 60), "linen": (205, 190, 165), "wool": (235, 228, 210), "bamboo": (190, 180, 90),
    "cast-iron": (55, 55, 60), "glass": (150, 170, 175), "rattan": (200, 150, 80),
}
BACKDROPS = [((238, 232, 220), (205, 195, 180)), ((215, 228, 235), (175, 195, 210)),
             ((240, 225, 225), (210, 185, 185)), ((225, 235, 220), (190, 205, 180)),
             ((60, 64, 80), (30, 32, 42)), ((245, 240, 210), (220, 205, 160))]


def material_of(item):
    title = item.get("title", "").lower()
    for name in MATERIAL_COLORS:
        if name in title:
            return name
    zh = {"陶瓷": "ceramic", "粗陶": "stoneware", "胡桃木": "walnut", "橡木": "oak", "黄铜": "brass", "亚麻": "linen",
          "羊毛": "wool", "竹": "bamboo", "铸铁": "cast-iron", "玻璃": "glass", "藤": "rattan"}
    for word, name in zh.items():
        if word in item.get("title", ""):
            return name
    return "stoneware"


def draw_object(c, slug, color, r):
    """Draws `slug` in `color` centred on canvas c, in a square stage fitted to the canvas."""
    s = min(c.width, c.height) * 0.9
    ox, oy = (c.width - s) / 2, (c.height - s) / 2 + s * 0.04

    def P(u, v):
        return ox + u * s, oy + v * s

    def S(v):
        return v * s

    dark, light = shade(color, 0.7), shade(color, 1.25)
    body = lambda x, y: mix(light, dark, clamp((x - ox) / s))  # lit from the left
    cx, cy = P(0.5, 0.9)
    c.shape((cx - S(0.4), cy - S(0.06), cx + S(0.4), cy + S(0.06)), ellipse(cx, cy, S(0.36), S(0.04)),
            solid((0, 0, 0)), 0.18)
    if slug == "mug":
        (x0, y0), (x1, y1) = P(0.25, 0.35), P(0.65, 0.86)
        hx, hy = P(0.66, 0.58)
        c.shape((hx - S(0.2), hy - S(0.2), hx + S(0.2), hy + S(0.2)), ring(hx, hy, S(0.11), S(0.03)), solid(dark))
        c.shape((x0, y0, x1, y1), box(x0, y0, x1, y1, S(0.05)), body)
        c.shape((x0, y0 - S(0.03), x1, y0 + S(0.03)), ellipse((x0 + x1) / 2, y0, S(0.2), S(0.025)), solid(shade(color, 0.45)))
    elif slug == "teapot":
        hx, hy = P(0.24, 0.6)
        c.shape((hx - S(0.16), hy - S(0.16), hx + S(0.16), hy + S(0.16)), ring(hx, hy, S(0.1), S(0.025)), solid(dark))
        ax, ay, bx, by = *P(0.7, 0.62), *P(0.88, 0.42)
        c.shape((ax - S(0.05), by - S(0.05), bx + S(0.05), ay + S(0.05)), segment(ax, ay, bx, by, S(0.035)), solid(color))
        ex, ey = P(0.5, 0.64)
        c.shape((ex - S(0.3), ey - S(0.22), ex + S(0.3), ey + S(0.22)), ellipse(ex, ey, S(0.28), S(0.21)), body)
        lx, ly = P(0.5, 0.44)
        c.shape((lx - S(0.14), ly - S(0.06), lx + S(0.14), ly + S(0.06)), ellipse(lx, ly, S(0.12), S(0.04)), solid(dark))
        kx, ky = P(0.5, 0.38)
        c.shape((kx - S(0.05), ky - S(0.05), kx + S(0.05), ky + S(0.05)), circle(kx, ky, S(0.03)), solid(light))
    elif slug == "bowl":
        ex, ey = P(0.5, 0.55)
        c.shape((ex - S(0.4), ey, ex + S(0.4), ey + S(0.32)),
                both(ellipse(ex, ey, S(0.36), S(0.3)), lambda x, y: ey - y), body)
        c.shape((ex - S(0.4), ey - S(0.08), ex + S(0.4), ey + S(0.08)), ellipse(ex, ey, S(0.36), S(0.06)),
                solid(shade(color, 0.5)))
        for i in range(3):
            fx, fy = P(0.38 + 0.12 * i + r.uniform(-0.03, 0.03), 0.52)
            c.shape((fx - S(0.06), fy - S(0.06), fx + S(0.06), fy + S(0.06)), circle(fx, fy, S(0.05)),
                    solid((200, 60 + 40 * i, 50)))
    elif slug == "lamp":
        gx, gy = P(0.5, 0.45)
        c.shape((gx - S(0.45), gy - S(0.45), gx + S(0.45), gy + S(0.45)), circle(gx, gy, S(0.42)),
                lambda x, y: (255, 235, 170), 0.25)
        sx0, sy0 = P(0.5, 0.52)
        c.shape((sx0 - S(0.03), sy0, sx0 + S(0.03), sy0 + S(0.36)), box(sx0 - S(0.015), sy0, sx0 + S(0.015), sy0 + S(0.34)),
                solid(dark))
        bx, by = P(0.5, 0.86)
        c.shape((bx - S(0.18), by - S(0.05), bx + S(0.18), by + S(0.05)), ellipse(bx, by, S(0.15), S(0.035)), solid(dark))
        shade_points = [P(0.36, 0.22), P(0.64, 0.22), P(0.76, 0.52), P(0.24, 0.52)]
        c.shape(bounds(shade_points, 2), polygon(shade_points), lambda x, y: mix((255, 240, 200), color, 0.5))
    elif slug == "vase":
        nx0, ny0 = P(0.42, 0.22)
        nx1, ny1 = P(0.58, 0.5)
        c.shape((nx0, ny0, nx1, ny1), box(nx0, ny0, nx1, ny1, S(0.02)), body)
        ex, ey = P(0.5, 0.64)
        c.shape((ex - S(0.26), ey - S(0.28), ex + S(0.26), ey + S(0.28)), ellipse(ex, ey, S(0.24), S(0.25)), body)
        lx, ly = P(0.5, 0.22)
        c.shape((lx - S(0.12), ly - S(0.04), lx + S(0.12), ly + S(0.04)), ellipse(lx, ly, S(0.1), S(0.025)), solid(dark))
        for i in range(3):
            ax, ay, bx, by = *P(0.5, 0.22), *P(0.36 + 0.14 * i, 0.04 + 0.04 * (i % 2))
            c.shape((min(ax, bx) - 4, by - 4, max(ax, bx) + 4, ay + 4), segment(ax, ay, bx, by, S(0.01)), solid((70, 120, 60)))
            c.shape((bx - S(0.05), by - S(0.05), bx + S(0.05), by + S(0.05)), circle(bx, by, S(0.035)),
                    solid((230, 120 + 40 * i, 150)))
    elif slug == "stool":
        for u0, u1 in ((0.3, 0.24), (0.7, 0.76), (0.44, 0.42), (0.56, 0.58)):
            ax, ay, bx, by = *P(u0, 0.45), *P(u1, 0.88)
            c.shape((min(ax, bx) - 4, ay - 4, max(ax, bx) + 4, by + 4), segment(ax, ay, bx, by, S(0.025)), solid(dark))
        (x0, y0), (x1, y1) = P(0.22, 0.38), P(0.78, 0.48)
        c.shape((x0, y0, x1, y1), box(x0, y0, x1, y1, S(0.04)), body)
    elif slug in ("rug", "throw", "cushion"):
        accent = ((180, 70, 60), (60, 90, 140), (80, 130, 90), (200, 150, 60))[r.randrange(4)]
        if slug == "rug":
            (x0, y0), (x1, y1) = (c.width * 0.1, c.height * 0.1), (c.width * 0.9, c.height * 0.9)
            period = max(3.0, (y1 - y0) / r.randint(5, 9))
            paint = lambda x, y: accent if int((y - y0) / period) % 2 else color
            c.shape((x0, y0, x1, y1), box(x0, y0, x1, y1, 1), paint)
            for x in range(int(x0), int(x1), 2):
                c.shape((x, y1, x + 1, y1 + 4), box(x, y1, x + 1, y1 + 3), solid(color))
        elif slug == "throw":
            for i in range(3):
                (x0, y0), (x1, y1) = P(0.15 + 0.02 * i, 0.3 + 0.18 * i), P(0.85 - 0.02 * i, 0.46 + 0.18 * i)
                period = max(3.0, s / 14)
                paint = lambda x, y, i=i: mix(color, accent, 0.6 if (int(x / period) + int(y / period)) % 2 else 0.0)
                c.shape((x0, y0, x1, y1), box(x0, y0, x1, y1, S(0.04)), paint)
        else:
            (x0, y0), (x1, y1) = P(0.18, 0.25), P(0.82, 0.85)
            period = max(3.0, s / 10)
            paint = lambda x, y: accent if int((x + y) / period) % 3 == 0 else color
            c.shape((x0, y0, x1, y1), box(x0, y0, x1, y1, S(0.12)), paint)
    elif slug == "tray":
        (x0, y0), (x1, y1) = P(0.1, 0.6), P(0.9, 0.78)
        c.shape((x0, y0, x1, y1), box(x0, y0, x1, y1, S(0.04)), body)
        c.shape((x0, y0, x1, y0 + S(0.03)), box(x0 + S(0.02), y0, x1 - S(0.02), y0 + S(0.02)), solid(dark))
        for i in range(2):
            mx, my = P(0.35 + 0.3 * i, 0.5)
            c.shape((mx - S(0.1), my - S(0.1), mx + S(0.1), my + S(0.12)), box(mx - S(0.08), my - S(0.08), mx + S(0.08), my + S(0.1), S(0.02)),
                    solid((235, 235, 230)))
    elif slug == "basket":
        hx, hy = P(0.5, 0.45)
        c.shape((hx - S(0.3), hy - S(0.3), hx + S(0.3), hy), both(ring(hx, hy, S(0.22), S(0.02)), lambda x, y: y - hy), solid(dark))
        points = [P(0.24, 0.45), P(0.76, 0.45), P(0.68, 0.86), P(0.32, 0.86)]
        period = max(3.0, s / 16)
        paint = lambda x, y: dark if (int(x / period) + int(y / period)) % 2 else light
        c.shape(bounds(points, 2), polygon(points), paint)
    elif slug == "candle":
        gx, gy = P(0.5, 0.3)
        c.shape((gx - S(0.3), gy - S(0.3), gx + S(0.3), gy + S(0.3)), circle(gx, gy, S(0.25)), solid((255, 220, 140)), 0.3)
        (x0, y0), (x1, y1) = P(0.43, 0.38), P(0.57, 0.8)
        c.shape((x0, y0, x1, y1), box(x0, y0, x1, y1), solid((245, 240, 225)))
        fx, fy = P(0.5, 0.3)
        c.shape((fx - S(0.05), fy - S(0.09), fx + S(0.05), fy + S(0.09)), ellipse(fx, fy, S(0.035), S(0.07)), solid((255, 190, 60)))
        bx, by = P(0.5, 0.82)
        c.shape((bx - S(0.22), by - S(0.06), bx + S(0.22), by + S(0.06)), ellipse(bx, by, S(0.2), S(0.05)), body)
    elif slug == "clock":
        cx, cy = P(0.5, 0.5)
        c.shape((cx - S(0.4), cy - S(0.4), cx + S(0.4), cy + S(0.4)), circle(cx, cy, S(0.38)), body)
        c.shape((cx - S(0.4), cy - S(0.4), cx + S(0.4), cy + S(0.4)), circle(cx, cy, S(0.31)), solid((245, 242, 235)))
        for hour in range(12):
            a = hour * math.pi / 6
            tx, ty = cx + math.sin(a) * S(0.26), cy - math.cos(a) * S(0.26)
            c.shape((tx - 3, ty - 3, tx + 3, ty + 3), circle(tx, ty, S(0.015)), solid((40, 40, 40)))
        for angle, length, width in ((r.uniform(0, 6.28), 0.16, 0.02), (r.uniform(0, 6.28), 0.24, 0.012)):
            bx, by = cx + math.sin(angle) * S(length), cy - math.cos(angle) * S(length)
            c.shape((min(cx, bx) - 3, min(cy, by) - 3, max(cx, bx) + 3, max(cy, by) + 3), segment(cx, cy, bx, by, S(width)),
                    solid((30, 30, 30)))
    else:  # planter
        for i in range(5):
            a = -0.9 + 0.45 * i + r.uniform(-0.1, 0.1)
            lx, ly = P(0.5 + math.sin(a) * 0.18, 0.3 - math.cos(a) * 0.05)
            c.shape((lx - S(0.2), ly - S(0.2), lx + S(0.2), ly + S(0.2)), ellipse(lx, ly, S(0.07), S(0.16)),
                    solid((60 + 15 * i, 130 + 10 * i, 70)))
        points = [P(0.28, 0.5), P(0.72, 0.5), P(0.64, 0.88), P(0.36, 0.88)]
        c.shape(bounds(points, 2), polygon(points), body)
        (x0, y0), (x1, y1) = P(0.26, 0.46), P(0.74, 0.53)
        c.shape((x0, y0, x1, y1), box(x0, y0, x1, y1, S(0.01)), solid(dark))


def shop_picture(item):
    name = Path(item["img"]).name
    slug = name.rsplit("-", 1)[0]
    r = random.Random("shop/" + name)
    w, h = item.get("w") or 400, item.get("h") or 400
    width, height = max(24, round(w / 4)), max(24, round(h / 4))
    top, bottom = BACKDROPS[r.randrange(len(BACKDROPS))]
    c = Canvas(width, height, lambda x, y: mix(top, bottom, y / height))
    color = MATERIAL_COLORS[material_of(item)]
    color = tuple(clamp(v + r.uniform(-12, 12), 0, 255) for v in color)
    draw_object(c, slug, color, r)
    return c


def shop_pictures():
    folder = DATA / "shops" / "img"
    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    for page in sorted((DATA / "shops").glob("*.json")):
        for item in json.loads(page.read_text(encoding="utf-8")):
            if isinstance(item, dict) and isinstance(item.get("img"), str) and item["img"].startswith("img/"):
                write_png(folder / Path(item["img"]).name, shop_picture(item))
                written += 1
    return folder, written


# MARK: Art

def sky(c, r):
    top, low = ((30, 40, 90), (250, 150, 90)) if r.random() < 0.5 else ((90, 150, 220), (220, 235, 245))
    w, h = c.width, c.height
    c.px = [mix(top, low, (y + 0.5) / h) for y in range(h) for x in range(w)]
    sx, sy = w * r.uniform(0.2, 0.8), h * r.uniform(0.25, 0.5)
    c.shape((sx - h * 0.2, sy - h * 0.2, sx + h * 0.2, sy + h * 0.2), circle(sx, sy, min(w, h) * 0.09), solid((255, 230, 160)))
    for layer in range(3):
        base = h * (0.55 + 0.12 * layer)
        phase, f = r.uniform(0, 6.28), r.uniform(2, 5) / w
        color = mix((60, 70, 100), (20, 30, 35), layer / 2)
        ridge = lambda x, y, base=base, phase=phase, f=f: base + math.sin(x * f * 6.28 + phase) * h * 0.06 + math.sin(x * f * 17 + phase) * h * 0.02 - y
        c.shape((0, base - h * 0.1, w, h), ridge, solid(color))


def plasma(c, r):
    a, b, d = r.uniform(0.02, 0.08), r.uniform(0.02, 0.08), r.uniform(0, 6.28)
    palette = [(r.randrange(256), r.randrange(256), r.randrange(256)) for _ in range(3)]
    def paint(x, y):
        v = (math.sin(x * a + d) + math.sin(y * b) + math.sin((x + y) * a * 0.7) + math.sin(math.hypot(x - c.width / 2, y) * b)) / 4
        t = (v + 1) / 2
        return mix(palette[0], palette[1], t * 2) if t < 0.5 else mix(palette[1], palette[2], t * 2 - 1)
    c.px = [paint(x + 0.5, y + 0.5) for y in range(c.height) for x in range(c.width)]


def op_art(c, r):
    cx, cy = c.width * r.uniform(0.3, 0.7), c.height * r.uniform(0.3, 0.7)
    period = r.uniform(5, 10)
    one, two = (r.randrange(256), r.randrange(120), r.randrange(256)), (245, 240, 230)
    c.px = [one if int(math.hypot(x - cx, y - cy) / period) % 2 else two for y in range(c.height) for x in range(c.width)]


def tiles(c, r):
    colors = [(r.randrange(256), r.randrange(256), r.randrange(256)) for _ in range(5)]
    size = r.randint(10, 24)
    c.px = [colors[int(noise(x // size, y // size, 7) * 5)] for y in range(c.height) for x in range(c.width)]
    for y in range(0, c.height, size):
        c.shape((0, y - 1, c.width, y + 1), box(0, y - 0.5, c.width, y + 0.5), solid((250, 250, 245)))
    for x in range(0, c.width, size):
        c.shape((x - 1, 0, x + 1, c.height), box(x - 0.5, 0, x + 0.5, c.height), solid((250, 250, 245)))


def skyline(c, r):
    w, h = c.width, c.height
    c.px = [mix((15, 20, 45), (70, 60, 110), (y + 0.5) / h) for y in range(h) for x in range(w)]
    x = 0
    while x < w:
        bw, bh = r.randint(8, 24), h * r.uniform(0.25, 0.7)
        shade_ = r.randint(25, 50)
        c.shape((x, h - bh, x + bw, h), box(x, h - bh, x + bw - 1, h), solid((shade_, shade_, shade_ + 10)))
        for wy in range(int(h - bh + 3), h - 3, 5):
            for wx in range(x + 2, x + bw - 3, 4):
                if noise(wx, wy, 3) < 0.4:
                    c.shape((wx, wy, wx + 2, wy + 2), box(wx, wy, wx + 2, wy + 2), solid((250, 220, 120)))
        x += bw
    mx, my = w * r.uniform(0.6, 0.9), h * 0.18
    c.shape((mx - 12, my - 12, mx + 12, my + 12), circle(mx, my, min(w, h) * 0.06), solid((240, 240, 220)))


def waves(c, r):
    w, h = c.width, c.height
    deep, shallow = (10, 50, 100), (60, 170, 190)
    c.px = [mix(shallow, deep, (y + 0.5) / h) for y in range(h) for x in range(w)]
    for i in range(8):
        base, phase = h * (0.15 + 0.1 * i), r.uniform(0, 6.28)
        crest = lambda x, y, base=base, phase=phase: abs(y - (base + math.sin(x / w * 12 + phase) * h * 0.03)) - 1.2
        c.shape((0, base - h * 0.05, w, base + h * 0.05), crest, solid((235, 245, 250)), 0.8)


ART = [("sky", sky), ("plasma", plasma), ("op-art", op_art), ("tiles", tiles), ("skyline", skyline), ("waves", waves)]
ASPECTS = [(1, 1), (4, 3), (3, 4), (16, 9), (9, 16), (2, 1), (1, 2), (3, 1), (1, 3), (5, 4)]


def art(name, kind, width, height):
    r = random.Random("art/" + name)
    c = Canvas(width, height, lambda x, y: (0, 0, 0))
    dict(ART)[kind](c, r)
    return c


def art_pictures():
    folder = DATA / "pictures"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for i in range(24):
        kind = ART[i % len(ART)][0]
        aw, ah = ASPECTS[i % len(ASPECTS)]
        longest = 160 if i % 4 else 240
        width, height = (longest, round(longest * ah / aw)) if aw >= ah else (round(longest * aw / ah), longest)
        # Skies, plasma and waves are smooth, as photographs are: JPEG; the rest PNG.
        jpeg = kind == "sky" or (kind in ("plasma", "waves") and (i // len(ART)) % 2 == 0)
        name = "%02d-%s.%s" % (i + 1, kind, "jpg" if jpeg else "png")
        c = art(name, kind, width, height)
        (write_jpeg if jpeg else write_png)(folder / name, c)
        written.append(name)
    return folder, written


def upscaled_rows(canvas, factor):
    """The canvas's rows, each pixel repeated `factor` times across and down: a large
    picture made quickly."""
    rows = []
    for row in canvas.rows():
        wide = b"".join(bytes(row[i:i + 3]) * factor for i in range(0, len(row), 3))
        rows.extend([wide] * factor)
    return rows


def bench_pictures(folder, count, distinct):
    """`count` pictures in `folder`, copies of `distinct` different ones (decoding
    does not care that two files hold the same bytes), plus two large pictures in
    `folder`-large; a `.complete` file marks a finished set."""
    folder.mkdir(parents=True, exist_ok=True)
    if (folder / ".complete").exists():
        return folder
    made = []
    for i in range(min(count, distinct)):
        kind = ART[i % len(ART)][0]
        aw, ah = ASPECTS[i % len(ASPECTS)]
        longest = 240 + (i * 37) % 400
        width, height = (longest, round(longest * ah / aw)) if aw >= ah else (round(longest * aw / ah), longest)
        jpeg = i % 2 == 1
        path = folder / ("%04d-%s.%s" % (i + 1, kind, "jpg" if jpeg else "png"))
        (write_jpeg if jpeg else write_png)(path, art(path.name, kind, width, height))
        made.append(path)
    for i in range(len(made), count):
        source = made[i % len(made)]
        (folder / ("%04d-%s" % (i + 1, source.name[5:]))).write_bytes(source.read_bytes())
    large = folder.parent / (folder.name + "-large")
    large.mkdir(parents=True, exist_ok=True)
    write_jpeg(large / "sky-4000x3000.jpg", Pixels(4000, 3000, upscaled_rows(art("large-sky", "sky", 500, 375), 8)),
               quality=90)
    c = art("large-tiles", "tiles", 500, 375)
    rows = upscaled_rows(c, 4)
    raw = b"".join(b"\x00" + r for r in rows)
    (large / "tiles-2000x1500.png").write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2000, 1500, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))
    (folder / ".complete").write_text("%d pictures, %d distinct\n" % (count, len(made)))
    return folder


# MARK: Test fixtures (the tests restate these formulas)

def fixture_rgb(x, y):
    return ((x * 16) % 256, (y * 20) % 256, (x * 7 + y * 13) % 256)


def fixtures():
    FIXTURES.mkdir(parents=True, exist_ok=True)
    w, h = 16, 12
    rgb_rows = [[v for x in range(w) for v in fixture_rgb(x, y)] for y in range(h)]
    files = {
        "rgb.png": png(w, h, rgb_rows),
        "rgb-interlaced.png": png(w, h, rgb_rows, interlace=True),
        "rgb16.png": png(w, h, [[v * 257 for v in row] for row in rgb_rows], bit_depth=16),
        "grey.png": png(w, h, [[(x * 16 + y) % 256 for x in range(w)] for y in range(h)], color_type=0),
        "grey1.png": png(w, h, [[(x + y) % 2 for x in range(w)] for y in range(h)], color_type=0, bit_depth=1),
        "grey-alpha.png": png(w, h, [[v for x in range(w) for v in (200, x * 17)] for y in range(h)], color_type=4),
        "rgba.png": png(w, h, [[v for x in range(w) for v in (*fixture_rgb(x, y), x * 17)] for y in range(h)], color_type=6),
        "palette.png": png(w, h, [[(x + y) % 4 for x in range(w)] for y in range(h)], color_type=3, bit_depth=2,
                           palette=[(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)], transparency=[255, 255, 255, 128]),
    }
    for name, data in files.items():
        (FIXTURES / name).write_bytes(data)
    # Eight bars 8 pixels wide, for JPEG, whose pixels the tests compare within a tolerance.
    bars = [(255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255), (255, 0, 0), (0, 0, 255), (0, 0, 0)]
    c = Canvas(64, 32, lambda x, y: bars[int(x) // 8])
    write_jpeg(FIXTURES / "bars.jpg", c, quality=95)
    write_jpeg(FIXTURES / "bars-progressive.jpg", c, quality=95, extra=("-progressive",))
    write_jpeg(FIXTURES / "bars-grey.jpg", c, quality=95, extra=("-grayscale",))
    big = Canvas(640, 480, lambda x, y: bars[int(x) // 80])
    write_jpeg(FIXTURES / "bars-640x480.jpg", big, quality=90)
    # For EXIF orientations: blue, a red block at the top left, a green one at the
    # bottom right (the tests give it each orientation's APP1 themselves).
    corner = Canvas(24, 16, lambda x, y: (224, 32, 32) if x < 8 and y < 6 else (32, 192, 64) if x >= 16 and y >= 10 else (32, 64, 192))
    write_jpeg(FIXTURES / "corner.jpg", corner, quality=100, extra=("-sample", "1x1"))
    # GIF: the palette's index is (x // 2 + y) % 16, a 16-colour ramp the tests restate.
    ramp = [fixture_gif_color(i) for i in range(16)]
    indices = [(x // 2 + y) % 16 for y in range(h) for x in range(w)]
    gifs = {
        "ramp.gif": gif(w, h, ramp, [(0, 0, w, h, indices, False)]),
        "ramp-interlaced.gif": gif(w, h, ramp, [(0, 0, w, h, indices, True)]),
        # A 6x4 frame at (5, 3) on a 16x12 screen, index 0 transparent.
        "frame-transparent.gif": gif(w, h, ramp, [(5, 3, 6, 4, [(x + y) % 3 for y in range(4) for x in range(6)], False)],
                                     transparent=0),
        # Two frames: the first is all index 3, the second all index 9.
        "animated.gif": gif(w, h, ramp, [(0, 0, w, h, [3] * (w * h), False), (0, 0, w, h, [9] * (w * h), False)]),
        # A larger one (LZW past 12-bit codes, so the table is cleared): 128x96, index (x * y) % 256.
        "large.gif": gif(128, 96, [(i, 255 - i, (i * 7) % 256) for i in range(256)],
                         [(0, 0, 128, 96, [(x * y) % 256 for y in range(96) for x in range(128)], False)]),
    }
    for name, data in gifs.items():
        (FIXTURES / name).write_bytes(data)
    rgba = [[v for x in range(w) for v in (*fixture_rgb(x, y), 255)] for y in range(h)]
    write_webp(FIXTURES / "rgb-lossless.webp", w, h, rgba)
    write_webp(FIXTURES / "rgba-lossless.webp", w, h, [[v for x in range(w) for v in (*fixture_rgb(x, y), x * 17)] for y in range(h)])
    bars_rgba = [[v for x in range(64) for v in (*bars[x // 8], 255)] for y in range(32)]
    write_webp(FIXTURES / "bars-lossy.webp", 64, 32, bars_rgba, extra=("-q", "95"))
    (FIXTURES / "drawing.svg").write_text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="16" height="12">'
                                          '<rect width="16" height="12" fill="red"/></svg>\n')
    return (sorted(files) + ["bars.jpg", "bars-progressive.jpg", "bars-grey.jpg", "bars-640x480.jpg", "corner.jpg"] + sorted(gifs)
            + ["rgb-lossless.webp", "rgba-lossless.webp", "bars-lossy.webp", "drawing.svg"])


def fixture_gif_color(i):
    return (i * 16, 255 - i * 16, (i * 40) % 256)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bench", type=Path, help="write benchmark pictures into this folder instead")
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--distinct", type=int, default=60)
    args = parser.parse_args()
    if args.bench:
        folder = bench_pictures(args.bench, args.count, args.distinct)
        print("%s: %d pictures" % (folder, args.count))
        return
    folder, count = shop_pictures()
    print("%s: %d pictures" % (folder.relative_to(ROOT), count))
    folder, names = art_pictures()
    print("%s: %d pictures" % (folder.relative_to(ROOT), len(names)))
    names = fixtures()
    print("%s: %d pictures" % (FIXTURES.relative_to(ROOT), len(names)))


if __name__ == "__main__":
    main()
