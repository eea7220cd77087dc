#!/usr/bin/env python3
"""Renders chessnote's SVG diagrams of real positions in headless Chromium
and checks pixels of the screenshots against what each SVG says it draws.

For each picture, the SVG is read (its `class` attributes name every square,
piece, mark, check and arrow) and the screenshot is checked square by square:
the square's colour (light, dark, last move) at the edge of the square, a
piece present or not in its middle (and white or black), the red glow under
a king in check, and the colour along each arrow. The screenshots do not
depend on fonts except for the coordinates, which are not checked.

Needs `chromium` (Debian's package) and the `chessnote` binary; nothing but
the Python standard library. `--save DIR` keeps the PNGs (docs/img/ holds
three of them).

    python3 scripts/render_check.py --chessnote target/debug/chessnote
"""

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

SVG_NS = "{http://www.w3.org/2000/svg}"
SIZE = 400  # pixels: squares of 50


def shared_dir():
    env = os.environ.get("CHESSNOTE_SHARED")
    here = os.path.dirname(os.path.abspath(__file__))
    path = env or os.path.join(here, "..", "..", "shared")
    if not os.path.isdir(path):
        sys.exit(f"render_check: the shared data is missing ({path})")
    return path


def pictures(shared):
    """(name, chessnote arguments) of each picture: real positions."""
    puzzles = os.path.join(shared, "data/pgn/small/pychess-puzzles/mate_in_2.pgn")
    chess960 = os.path.join(shared, "data/pgn/small/scalachess-fixtures/complete960.pgn")
    # The puzzles number their first move 0, which FEN does not allow.
    size = ["--format", "svg", "--size", str(SIZE), "--allow", "fullmove-zero"]
    return [
        # The start of a real Chess960 game.
        ("chess960-start", ["pgn", "show", "--ply", "0", *size, chess960]),
        # Buckle - NN, London 1840: 1. Nf6+ gxf6 2. Bxf7#, its moves as arrows.
        ("mate-with-arrows",
         ["pgn", "show", "--game", "1", *size, "--arrows", "Gd5f6,Rg7f6,Gc4f7", puzzles]),
        # Paulsen - Blachy, New York 1857: 2. cxb8=N#, a promotion that mates.
        ("promotion", ["pgn", "show", "--game", "2", *size, puzzles]),
        # The same from Black's side, with coloured squares and other colours.
        ("promotion-flipped",
         ["pgn", "show", "--game", "2", *size, "--flip", "--squares", "Ya6,Bb5",
          "--color", "light=#eeeed2", "--color", "dark=#769656", puzzles]),
    ]


def read_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB/RGBA PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color)
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        prev = line
    return width, height, rows


def hex_rgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def read_svg(text):
    """What the SVG says it draws, from its classes."""
    root = ET.fromstring(text)
    drawn = {"squares": {}, "pieces": {}, "marks": set(), "check": None, "arrows": []}
    for node in root.iter():
        cls = node.get("class", "").split()
        tag = node.tag.replace(SVG_NS, "")
        if tag == "rect" and cls[:1] == ["square"]:
            drawn["squares"][cls[-1]] = (float(node.get("x")), float(node.get("y")),
                                         hex_rgb(node.get("fill")), "lastmove" in cls)
        elif tag == "use":
            drawn["pieces"][cls[3]] = cls[1]
        elif tag == "rect" and cls[:1] == ["mark"]:
            drawn["marks"].add(cls[2])
        elif tag == "rect" and cls[:1] == ["check"]:
            drawn["check"] = cls[1]
        elif tag in ("polygon", "circle") and cls[:1] == ["arrow"]:
            drawn["arrows"].append((cls[1], cls[2], cls[3]))
    return drawn


def close(a, b, tolerance=8):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def check(name, svg_text, png, failures):
    drawn = read_svg(svg_text)
    width, height, rows = read_png(png)
    assert (width, height) == (SIZE, SIZE), (width, height)
    scale = SIZE / 360.0
    unit = 45 * scale

    def pixel(x, y):
        return rows[int(y)][int(x)]

    def fail(message):
        failures.append(f"{name}: {message}")

    # Squares an arrow crosses are left out of the square checks.
    crossed = set()
    centres = {sq: (x * scale + unit / 2, y * scale + unit / 2)
               for sq, (x, y, _, _) in drawn["squares"].items()}
    for _, a, b in drawn["arrows"]:
        (x0, y0), (x1, y1) = centres[a], centres[b]
        for t in range(0, 101):
            x, y = x0 + (x1 - x0) * t / 100, y0 + (y1 - y0) * t / 100
            for sq, (cx, cy) in centres.items():
                if abs(cx - x) < unit * 0.75 and abs(cy - y) < unit * 0.75:
                    crossed.add(sq)
    checked = {"squares": 0, "pieces": 0, "empty": 0}
    for sq, (x, y, fill, last) in drawn["squares"].items():
        if sq in crossed or sq in drawn["marks"] or sq == drawn["check"]:
            continue
        x, y = x * scale, y * scale
        edge = pixel(x + unit * 0.1, y + unit * 0.5)
        if not close(edge, fill):
            fail(f"{sq}: square colour {edge}, the SVG says {fill}")
        checked["squares"] += 1
        # Ink: pixels in the middle of the square unlike its colour.
        ink = []
        for py in range(int(y + unit * 0.35), int(y + unit * 0.85)):
            for px in range(int(x + unit * 0.3), int(x + unit * 0.7)):
                p = pixel(px, py)
                if sum(abs(c - f) for c, f in zip(p, fill)) > 60:
                    ink.append(p)
        area = int(unit * 0.5) * int(unit * 0.4)
        piece = drawn["pieces"].get(sq)
        if piece is None:
            if len(ink) > area * 0.02:
                fail(f"{sq}: ink on an empty square ({len(ink)} of {area} pixels)")
            checked["empty"] += 1
            continue
        if len(ink) < area * 0.25:
            fail(f"{sq}: no {piece} piece drawn ({len(ink)} of {area} pixels)")
            continue
        whites = sum(1 for p in ink if min(p) > 200)
        blacks = sum(1 for p in ink if max(p) < 70)
        # A white piece is mostly white inside its black outline; a black
        # one black with a few white lines.
        if piece == "white" and whites <= blacks:
            fail(f"{sq}: the white piece is not white ({whites} white, {blacks} black)")
        if piece == "black" and blacks <= 2 * whites:
            fail(f"{sq}: the black piece is not black ({whites} white, {blacks} black)")
        checked["pieces"] += 1
    if drawn["check"]:
        x, y, _, _ = drawn["squares"][drawn["check"]]
        r, g, _ = pixel(x * scale + unit * 0.1, y * scale + unit * 0.5)
        if r - g < 80:
            fail(f"{drawn['check']}: no red glow of check ({r}, {g})")
    for sq in drawn["marks"]:
        x, y, fill, _ = drawn["squares"][sq]
        edge = pixel(x * scale + unit * 0.1, y * scale + unit * 0.5)
        if close(edge, fill, 4):
            fail(f"{sq}: the mark is not drawn")
    dominant = {"red": 0, "green": 1, "blue": 2}
    for color, a, b in drawn["arrows"]:
        (x0, y0), (x1, y1) = centres[a], centres[b]
        # A point on the shaft, a third of the way.
        p = pixel(x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 3)
        channel = dominant.get(color)
        if channel is not None and any(p[channel] < p[c] + 30 for c in range(3) if c != channel):
            fail(f"arrow {color} {a}{b}: pixel {p} is not {color}")
    return checked


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chessnote", default="target/debug/chessnote")
    parser.add_argument("--chromium", default=None)
    parser.add_argument("--save", metavar="DIR", help="keep the PNGs in DIR")
    args = parser.parse_args()
    chromium = args.chromium or next(
        (c for c in ("chromium", "chromium-browser", "google-chrome") if shutil.which(c)), None)
    if chromium is None:
        sys.exit("render_check: no chromium found (apt-get install chromium)")
    shared = shared_dir()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, command in pictures(shared):
            run = subprocess.run([args.chessnote, *command], capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"render_check: {name}: chessnote failed: {run.stderr}")
            svg = os.path.join(tmp, name + ".svg")
            png = os.path.join(tmp, name + ".png")
            with open(svg, "w") as f:
                f.write(run.stdout)
            subprocess.run(
                [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                 "--force-device-scale-factor=1", f"--window-size={SIZE},{SIZE}",
                 f"--screenshot={png}", "file://" + svg],
                check=True, capture_output=True, timeout=120)
            counts = check(name, run.stdout, png, failures)
            print(f"{name}: {counts['squares']} squares, {counts['pieces']} pieces and "
                  f"{counts['empty']} empty squares checked")
            if args.save:
                os.makedirs(args.save, exist_ok=True)
                shutil.copy(png, os.path.join(args.save, name + ".png"))
    for failure in failures:
        print("FAIL", failure)
    if failures:
        sys.exit(1)
    print("render_check: every picture renders as its SVG says")


if __name__ == "__main__":
    main()
