#!/usr/bin/env python3
"""Seed corpora for the long fuzz runs of `position`, `convert`, `zip`, `book`, `frames` and `ranges`,
from data no one here wrote: run by hand, then pass the folder after the
corpus.

    pip install chess   # python-chess, for the convert seeds only
    python3 scripts/fuzz_seeds.py /tmp/seeds
    cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run position corpus/position /tmp/seeds/position \\
        -- -max_total_time=3600

From an empty corpus libFuzzer spends most of an hour learning what a FEN
looks like; with these it starts from real positions. `position` seeds are a
FEN, a zero byte and 16 random bytes (the plies the target plays);
`convert` seeds are a byte choosing one of the target's six positions and a
legal move of it in SAN, UCI or LAN, and pasted movetext of shared games
(comments, variations and NAGs in it); `zip` seeds are small archives of
shared PGN files written by Python's zipfile (stored, deflated, with a
comment, with a directory, zip64); `frames` seeds are shared PGN files cut
into zstd frames (python-zstandard's, with and without content sizes and
checksums), some after pzstd's 12-byte size header; `ranges` seeds are shared
PGN files in the target's own form (a count of cuts, the cuts, the text with a
zero byte for each `\\n[Event `).
"""

import io
import os
import random
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("CHESSNOTE_SHARED", ROOT / ".." / "shared"))


def convert_fens():
    """The positions of fuzz/fuzz_targets/convert.rs (its `FENS`), in its order."""
    source = (ROOT / "fuzz" / "fuzz_targets" / "convert.rs").read_text()
    block = re.search(r"const FENS: \[&str; \d+\] = \[(.*?)\];", source, re.S)
    return re.findall(r'"([^"]+)"', block.group(1))


def position_fens():
    data = SHARED / "data"
    fens = []
    for name in ["fen/cozy-chess/valid.sfens", "fen/cozy-chess/chess960_start_positions.sfens"]:
        fens += [line.strip() for line in (data / name).read_text().splitlines() if line.strip()]
    for name in ["perft/ethereal-standard.epd", "perft/ethereal-fischer.epd"]:
        fens += [line.split(";")[0].strip() for line in (data / name).read_text().splitlines() if line.strip()]
    for name in ["perft/tricky.perft", "perft/tricky-deep.perft"]:
        fens += [line[4:].strip() for line in (data / name).read_text().splitlines() if line.startswith("epd ")]
    return fens


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "seeds")
    rng = random.Random(7)
    fens = position_fens()
    rng.shuffle(fens)
    (out / "position").mkdir(parents=True, exist_ok=True)
    for i, fen in enumerate(fens[:3000]):
        plies = bytes(rng.randrange(256) for _ in range(16))
        (out / "position" / f"s{i}").write_bytes(fen.encode() + b"\0" + plies)
    import chess  # only here: the position seeds need nothing

    (out / "convert").mkdir(parents=True, exist_ok=True)
    n = 0
    for i, fen in enumerate(convert_fens()):
        # The target reads as Chess960 the one position with file letters
        # (Shredder-FEN) for castling rights.
        board = chess.Board(fen, chess960=not set(fen.split()[2]) <= set("KQkq-"))
        for move in board.legal_moves:
            for text in sorted({board.san(move), board.uci(move), board.lan(move)}):
                (out / "convert" / f"s{n}").write_bytes(bytes([i]) + text.encode())
                n += 1
    # Pasted movetext, one game a line, from shared games with notes.
    small = SHARED / "data" / "pgn" / "small"
    games = sorted(small.glob("python-chess/*.pgn")) + sorted(small.glob("notnil-chess/*.pgn"))
    for path in games:
        text = path.read_bytes().decode("utf-8", "replace")
        movetext = " ".join(l for l in text.splitlines() if l and not l.startswith("["))
        (out / "convert" / f"s{n}").write_bytes(b"\0" + movetext[:2000].encode())
        n += 1
    (out / "zip").mkdir(parents=True, exist_ok=True)
    z = 0
    for i, path in enumerate(games[:12]):
        data = path.read_bytes()[:4000]
        for method in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            buf = io.BytesIO()
            with zipfile.ZipFile(buf, "w", method, allowZip64=i % 3 == 0) as archive:
                if i % 2:
                    archive.mkdir("games")
                archive.writestr(f"games/{path.name}", data)
                archive.writestr("readme.txt", "not games")
                archive.comment = b"seed" * (i % 4)
            (out / "zip" / f"s{z}").write_bytes(buf.getvalue())
            z += 1
    # `book` seeds: runs of the test book's entries (sorted by key, so
    # any run is a book), among them those of the start position.
    (out / "book").mkdir(parents=True, exist_ok=True)
    import zstandard

    book = zstandard.ZstdDecompressor().decompress(
        (ROOT / "crates/chessnote/tests/data/book.bin.zst").read_bytes(), max_output_size=1 << 26
    )
    start = bytes.fromhex("463b96181691fc9c")
    first = book.find(start) // 16 * 16
    b = 0
    for at in [first] + list(range(0, len(book), len(book) // 20 // 16 * 16))[:20]:
        (out / "book" / f"s{b}").write_bytes(book[at : at + 16 * 24])
        b += 1
    # `frames` seeds: files of 1 to 4 zstd frames, every other one after
    # pzstd's skippable frame giving its size.
    (out / "frames").mkdir(parents=True, exist_ok=True)
    f = 0
    for i, path in enumerate(games[:12]):
        data = path.read_bytes()[:3000]
        pieces = 1 + i % 4
        compressor = zstandard.ZstdCompressor(
            level=1 + i % 19, write_checksum=i % 2 == 0, write_content_size=i % 3 != 0
        )
        seed = b""
        for k in range(pieces):
            frame = compressor.compress(data[k * len(data) // pieces : (k + 1) * len(data) // pieces])
            if (k + i) % 2:
                seed += b"\x50\x2a\x4d\x18\x04\x00\x00\x00" + len(frame).to_bytes(4, "little")
            seed += frame
        (out / "frames" / f"s{f}").write_bytes(seed)
        f += 1
    # `ranges` seeds: the target cuts the text into frames itself.
    (out / "ranges").mkdir(parents=True, exist_ok=True)
    r = 0
    for i, path in enumerate(games[:12]):
        body = path.read_bytes()[:6000].replace(b"\n[Event ", b"\x00")
        cuts = 1 + i % 7
        head = bytes([cuts]) + b"".join(
            rng.randrange(len(body) + 1).to_bytes(2, "little") for _ in range(cuts)
        )
        (out / "ranges" / f"s{r}").write_bytes(head + body)
        r += 1
    print(
        f"{min(len(fens), 3000)} position seeds, {n} convert seeds, {z} zip seeds, "
        f"{b} book seeds, {f} frames seeds, {r} ranges seeds in {out}"
    )


if __name__ == "__main__":
    main()
