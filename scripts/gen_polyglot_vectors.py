#!/usr/bin/env python3
"""Generate the python-chess reference vectors for Polyglot keys (issue 32).

python-chess (`chess.polyglot.zobrist_hash`) is the reference oracle. This
script is run by hand; its output is committed, python-chess is not a
dependency of the library. Usage, from the repository root, with ../shared
beside it (or CHESSNOTE_SHARED set):

    pip install chess==1.11.2 zstandard
    python3 scripts/gen_polyglot_vectors.py            # a few minutes
    python3 scripts/gen_polyglot_vectors.py --games FILE   # every key of FILE's games

It writes crates/chessnote/tests/data/book.bin.zst, a Polyglot book made
here (see `book`), and book.tsv.zst, one row per position asked of it:
`FEN  MOVES`, MOVES what python-chess's reader finds (`find_all`, weight
at least 1, legal moves only), `uci:weight:learn` joined by spaces, or
`-`. `--book-only` writes only those. And polyglot.tsv.zst, two kinds of
rows:

    fen   FEN  chess960  KEY
        a position of a shared EPD or FEN file (its first four fields, and
        counters `0 1`), python-chess's board of it valid; of at most 2,000
        lines a file, evenly spread, as keys do not compress; KEY is the
        16-digit lowercase hex key.
    games  FILE  GAMES  PLIES  SHA1
        every game of a shared PGN file as python-chess read it, from the
        PGN vectors (pgn-vectors.jsonl.zst, whose mainlines are
        python-chess's own): the mainline replayed from the game's start,
        the keys of the start and of every position after a move written
        as 16 hex digits, one game's keys joined by spaces, the games'
        lines joined by newlines, and SHA1 that text's lowercase hex
        SHA-1. Games of another variant than chess, and those whose
        mainline is kept only as a hash (large/), are left out: GAMES and
        PLIES count those in.
"""

import argparse
import hashlib
import io
import json
import os
import struct
import sys
from pathlib import Path

import chess
import chess.pgn
import chess.polyglot
import zstandard

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("CHESSNOTE_SHARED", ROOT.parent / "shared"))
DATA = ROOT / "crates" / "chessnote" / "tests" / "data"
PER_FILE = 2000


def lines_of(path: Path):
    data = path.read_bytes()
    if path.suffix == ".zst":
        data = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(data)).read()
    return data.decode("utf-8", errors="replace").splitlines()


def fen_rows():
    files = sorted(
        p for p in (SHARED / "data").rglob("*")
        if p.is_file() and (p.name.endswith((".epd", ".epd.zst")) or p.parent.name == "fen")
    )
    for path in files:
        rel = path.relative_to(SHARED / "data").as_posix()
        chess960 = any(mark in path.name.lower() for mark in ("frc", "960", "fischer"))
        rows = [
            line.replace("\t", " ").split()
            for line in lines_of(path)
            if not line.startswith("#")
        ]
        rows = [fields for fields in rows if len(fields) >= 4]
        step = max(1, len(rows) // PER_FILE)
        found = 0
        for fields in rows[::step][:PER_FILE]:
            try:
                board = chess.Board(" ".join(fields[:4]) + " 0 1", chess960=chess960)
            except ValueError:
                continue
            if not board.is_valid():
                continue
            found += 1
            key = chess.polyglot.zobrist_hash(board)
            yield f"fen\t{board.fen()}\t{int(chess960)}\t{key:016x}"
        print(f"{rel}: {found} of {len(rows)} rows", file=sys.stderr)


def start_of(game):
    """The start board of a game object of the PGN vectors, or None."""
    variant = game.get("variant")
    if variant not in (None, "chess"):
        return None
    headers = dict(game.get("headers", []))
    if "fen" in game:
        if game["fen"] is None:
            return None
        return chess.Board(game["fen"], chess960=bool(game.get("chess960")))
    if "FEN" in headers:
        chess960 = "960" in headers.get("Variant", "") or "fischer" in headers.get("Variant", "").lower()
        return chess.Board(headers["FEN"], chess960=chess960)
    return chess.Board()


def game_keys(game):
    board = start_of(game)
    if board is None:
        return None
    moves = game["uci"].split() if isinstance(game["uci"], str) else game["uci"]
    keys = [chess.polyglot.zobrist_hash(board)]
    for uci in moves:
        board.push(chess.Move.from_uci(uci) if uci != "0000" else chess.Move.null())
        keys.append(chess.polyglot.zobrist_hash(board))
    return keys


def game_rows(only=None):
    vectors = DATA / "pgn-vectors.jsonl.zst"
    reader = zstandard.ZstdDecompressor().stream_reader(vectors.open("rb"))
    per_file = {}
    for line in io.TextIOWrapper(reader, encoding="utf-8"):
        game = json.loads(line)
        if game.get("kind") != "game" or "uci" not in game:
            continue
        if only is not None and game["file"] != only:
            continue
        keys = game_keys(game)
        if keys is None:
            continue
        text = " ".join(f"{k:016x}" for k in keys)
        if only is not None:
            print(f"{game['index']}\t{text}")
            continue
        entry = per_file.setdefault(game["file"], [hashlib.sha1(), 0, 0])
        if entry[1]:
            entry[0].update(b"\n")
        entry[0].update(text.encode())
        entry[1] += 1
        entry[2] += len(keys) - 1
    for file, (sha1, games, plies) in sorted(per_file.items()):
        yield f"games\t{file}\t{games}\t{plies}\t{sha1.hexdigest()}"


def book_moves(board):
    """Every legal move of `board`, for a book: (raw move, move)."""
    out = []
    for move in board.legal_moves:
        coded = board._to_chess960(move) if board.is_castling(move) else move
        promotion = {None: 0, chess.KNIGHT: 1, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 4}[move.promotion]
        out.append((coded.to_square | coded.from_square << 6 | promotion << 12, move))
    return out


def book():
    """A book of the first 16 plies of the shared games of two files (the
    weight of a move the games played from a position: how often, up to
    65,535; every seventh entry weight 0, deleted), with entries of moves
    that are not legal where they stand mixed in, and of promotions and
    castling from random positions; and the positions to ask it about."""
    import random
    rng = random.Random(32)
    counts = {}
    boards = {}
    for name in ("medium/twic0920.pgn", "medium/pgnmentor-Carlsen-crlf.pgn"):
        text = (SHARED / "data/pgn" / name).read_text(encoding="utf-8", errors="replace")
        pgn = io.StringIO(text)
        while (game := chess.pgn.read_game(pgn)) is not None:
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                if ply >= 16:
                    break
                key = chess.polyglot.zobrist_hash(board)
                boards.setdefault(key, board.copy(stack=False))
                raw = {m: r for r, m in book_moves(board)}[move]
                counts[(key, raw)] = counts.get((key, raw), 0) + 1
                board.push(move)
    # Positions with promotions and castling to play, from random play.
    for _ in range(300):
        board = chess.Board()
        for _ in range(rng.randrange(20, 200)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        special = [r for r, m in book_moves(board) if m.promotion or board.is_castling(m)]
        if special:
            key = chess.polyglot.zobrist_hash(board)
            boards.setdefault(key, board.copy(stack=False))
            for raw in special:
                counts[(key, raw)] = rng.randrange(1, 50)
    entries = []
    for n, ((key, raw), count) in enumerate(sorted(counts.items())):
        weight = 0 if n % 7 == 3 else min(count, 65535)
        entries.append((key, raw, weight, (count * 7919) % 100_000))
        if n % 11 == 5:
            # A move no piece can make there (from a1 to h8, or a promotion
            # from e2 to e4).
            entries.append((key, 0x3f if n % 2 else (12 << 6 | 28 | 4 << 12), 5, 0))
    entries.sort(key=lambda e: e[0])
    data = b"".join(struct.pack(">QHHI", *e) for e in entries)
    return data, list(boards.values())


def book_rows(data, boards):
    import tempfile
    with tempfile.NamedTemporaryFile(suffix=".bin") as f:
        f.write(data)
        f.flush()
        with chess.polyglot.open_reader(f.name) as reader:
            asked = boards + [chess.Board()] + [chess.Board(fen) for fen in (
                "8/8/8/8/8/8/8/K6k w - - 0 1",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            )]
            for board in asked:
                moves = [
                    f"{board.uci(e.move)}:{e.weight}:{e.learn}" for e in reader.find_all(board)
                ]
                yield f"{board.fen()}\t{' '.join(moves) or '-'}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", help="print every key of this file's games instead")
    parser.add_argument("--book-only", action="store_true", help="only the book and its vectors")
    args = parser.parse_args()
    if args.games:
        for _ in game_rows(args.games):
            pass
        return
    compress = zstandard.ZstdCompressor(level=19).compress
    data, boards = book()
    (DATA / "book.bin.zst").write_bytes(compress(data))
    rows = list(book_rows(data, boards))
    (DATA / "book.tsv.zst").write_bytes(compress(("\n".join(rows) + "\n").encode()))
    print(f"book: {len(data) // 16} entries, {len(rows)} positions", file=sys.stderr)
    if args.book_only:
        return
    rows = list(fen_rows()) + list(game_rows())
    text = ("\n".join(rows) + "\n").encode()
    out = DATA / "polyglot.tsv.zst"
    out.write_bytes(compress(text))
    print(f"{out}: {len(rows)} rows", file=sys.stderr)


if __name__ == "__main__":
    main()
