#!/usr/bin/env python3
"""Generate the python-chess reference vectors for the PGN reader (issue 12).

python-chess 1.11.2 (`chess.pgn.read_game` with its GameBuilder) is the
reference oracle for reading PGN. This script is run by hand; its output is
committed, python-chess is not a dependency of the library. Usage, from the
repository root, with ../shared beside it (or CHESSNOTE_SHARED set):

    pip install chess==1.11.2 zstandard
    python3 scripts/pgn_vectors.py            # 15-25 minutes
    python3 scripts/pgn_vectors.py --report   # also prints notable behaviour
    python3 scripts/pgn_vectors.py --only small/ --out /tmp/small.jsonl

It reads every `.pgn` and `.pgn.zst` file under shared/data/pgn, sorted by
path, game by game, and writes crates/chessnote/tests/data/pgn-vectors.jsonl.zst
(zstd level 19): one JSON object per line, UTF-8, each with a `kind`.
docs/pgn-python-chess.md gives the schema in full, defines every field, and
says what python-chess does on the tricky files.

Decoding: strict UTF-8 (not `utf-8-sig`: python-chess itself strips a U+FEFF
at the start of each game), or Latin-1 for the whole file when that fails.
The text is read with universal newlines, as `open(path, encoding=...)` does,
so CRLF arrives as LF (no file in the data has a lone CR).

Detail: games under books/ are written without SAN, comments and tree data
(`detail: "uci"`, the mainline as one UCI string); games under large/ carry
only a SHA-1 of that string (`detail: "sha1"`); all others in full. Either
way the headers, the result token, the errors and the skipped text are kept.

Lines: one `header` object first; then per file its `game` objects (and an
`exception` object where read_game raised: the script records it and calls
read_game again, which resumes at the next line), then one `file` object.
"""

import argparse
import hashlib
import io
import json
import logging
import os
import re
import sys
from pathlib import Path

import chess
import chess.pgn
import zstandard

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("CHESSNOTE_SHARED", ROOT.parent / "shared"))
DATA = SHARED / "data" / "pgn"
OUT = ROOT / "crates" / "chessnote" / "tests" / "data" / "pgn-vectors.jsonl.zst"

# Detail per directory, to keep the vectors small (see the module docstring).
DETAIL = (("books/", "uci"), ("large/", "sha1"))


def detail_of(rel):
    for prefix, detail in DETAIL:
        if rel.startswith(prefix):
            return detail
    return "full"


logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


# --- Instrumentation -------------------------------------------------------
#
# read_game reads lines with handle.readline() and tokenizes movetext lines
# with the module-level MOVETEXT_REGEX.finditer and header lines with
# TAG_REGEX.match. We wrap the handle (to count lines) and the two regexes
# (to see what text python-chess passes over without a token and without an
# error). The wrappers return exactly what the originals return, so
# python-chess behaves as without them.

class LineHandle:
    """A text handle that counts the lines read."""

    def __init__(self, text):
        self.inner = io.StringIO(text, newline=None)
        self.lineno = 0

    def readline(self):
        line = self.inner.readline()
        if line:
            self.lineno += 1
            # read_game drops a line that starts with ';' (outside a brace
            # comment) without tokenizing it: a rest-of-line comment lost.
            if line.startswith(";") and not RECORDER.in_comment and not RECORDER.skip_depth:
                RECORDER.skip(line.rstrip("\n"))
        return line


class Recorder:
    """Where the wrappers report; reset per game."""

    def __init__(self):
        self.handle = None
        self.skipped = []
        # Mirrors read_game's skip_variation_depth: after a bad move the rest
        # of the line is dropped (reported by that error), so it is not
        # "silently skipped" text.
        self.skip_depth = 0
        # True from a '{' token until read_game tokenizes again, i.e. while
        # it reads the lines of a brace comment.
        self.in_comment = False

    def reset(self):
        self.skipped = []
        self.skip_depth = 0
        self.in_comment = False

    def skip(self, text):
        self.skipped.append([self.handle.lineno, text])


RECORDER = Recorder()

# A gap between tokens is "silently skipped" unless it is whitespace, a move
# number indication (`12.`, `12...`, `...`) or a check/mate suffix glued to
# the move before it (`+`, `#`, `++`): MOVETEXT_REGEX has no token for those.
MOVE_NUMBER = re.compile(r"\d+\.*|\.+")
SUFFIX = re.compile(r"[+#]+")


def record_gap(gap, after_move):
    if not gap or gap.isspace():
        return
    if after_move and not gap[0].isspace():
        m = SUFFIX.match(gap)
        if m:
            gap = gap[m.end():]
    for word in gap.split():
        if not MOVE_NUMBER.fullmatch(word):
            RECORDER.skip(word)


class MovetextRegex:
    def __init__(self, inner):
        self.inner = inner

    def finditer(self, line):
        RECORDER.in_comment = False
        pos = 0
        after_move = False
        for m in self.inner.finditer(line):
            token = m.group(0)
            if RECORDER.skip_depth:
                if token == "(":
                    RECORDER.skip_depth += 1
                elif token == ")":
                    RECORDER.skip_depth -= 1
            else:
                record_gap(line[pos:m.start()], after_move)
                if token.startswith(";"):
                    RECORDER.skip(token.rstrip("\n"))
            after_move = m.group(1) is not None
            pos = m.end()
            if token.startswith("{"):
                RECORDER.in_comment = True
            yield m
        if not RECORDER.skip_depth:
            record_gap(line[pos:], after_move)


class TagRegex:
    def __init__(self, inner):
        self.inner = inner

    def match(self, line):
        m = self.inner.match(line)
        if m is None:
            RECORDER.skip(line.rstrip("\n"))
        return m


chess.pgn.MOVETEXT_REGEX = MovetextRegex(chess.pgn.MOVETEXT_REGEX)
chess.pgn.TAG_REGEX = TagRegex(chess.pgn.TAG_REGEX)


class Builder(chess.pgn.GameBuilder):
    """GameBuilder that also records the raw visitor calls."""

    def begin_game(self):
        super().begin_game()
        self.first_line = RECORDER.handle.lineno
        self.raw_headers = []
        self.results = []
        self.ravs = 0
        self.depth = 0
        self.error_lines = []
        self.error_depths = []

    def visit_header(self, tagname, tagvalue):
        self.raw_headers.append([tagname, tagvalue])
        super().visit_header(tagname, tagvalue)

    def begin_variation(self):
        self.ravs += 1
        self.depth += 1
        return super().begin_variation()

    def end_variation(self):
        self.depth -= 1
        return super().end_variation()

    def visit_result(self, result):
        self.results.append(result)
        super().visit_result(result)

    def handle_error(self, error):
        self.error_lines.append(RECORDER.handle.lineno)
        self.error_depths.append(self.depth)
        if isinstance(error, (chess.InvalidMoveError, chess.IllegalMoveError, chess.AmbiguousMoveError)):
            RECORDER.skip_depth = 1  # read_game: skip_variation_depth = 1
        super().handle_error(error)

    def end_game(self):
        self.last_line = RECORDER.handle.lineno
        self.skipped = RECORDER.skipped


# --- Records ---------------------------------------------------------------

def count_variations(game):
    """Non-mainline children in the whole tree: sum of len(variations) - 1."""
    total = 0
    stack = [game]
    while stack:
        node = stack.pop()
        if len(node.variations) > 1:
            total += len(node.variations) - 1
        stack.extend(node.variations)
    return total


def start_board(headers):
    """The start position as read_game sets it up (game.board() would raise
    on an unknown Variant, where read_game falls back to standard chess)."""
    try:
        VariantBoard = headers.variant()
    except ValueError:
        VariantBoard = chess.Board
    try:
        board = VariantBoard(headers.get("FEN", VariantBoard.starting_fen), chess960=headers.is_chess960())
    except ValueError:
        return None  # read_game reports the FEN and skips the movetext
    board.chess960 = board.chess960 or board.has_chess960_castling_rights()
    return board


def full_record(rel, index, encoding, game, builder):
    board = start_board(game.headers)
    if board is None:
        fen, chess960, variant = None, None, None
    else:
        fen, chess960, variant = board.fen(), board.chess960, board.uci_variant
    uci, san, moves = [], [], []
    for node in game.mainline():
        uci.append(node.move.uci())
        # After an error inside a variation, read_game can add moves that
        # were checked against another position (see the note); such a move
        # and the ones after it get no SAN.
        if board is not None and (not node.move or board.is_legal(node.move)):
            san.append(board.san(node.move))
            board.push(node.move)
        else:
            board = None
            san.append(None)
        entry = {"comment": node.comment, "nags": sorted(node.nags)}
        if node.starting_comment:
            entry["starting_comment"] = node.starting_comment
        moves.append(entry)
    rec = {
        "kind": "game",
        "file": rel,
        "index": index,
        "detail": "full",
        "encoding": encoding,
        "lines": [builder.first_line, builder.last_line],
        "headers": [list(kv) for kv in game.headers.items()],
        "raw_headers": builder.raw_headers,
        "fen": fen,
        "chess960": chess960,
        "variant": variant,
        "uci": uci,
        "san": san,
        "result": builder.results[-1] if builder.results else None,
    }
    if len(builder.results) > 1:
        rec["result_calls"] = builder.results
    rec.update({
        "result_header": game.headers.get("Result"),
        "starting_comment": game.comment,
        "moves": moves,
        "variations": count_variations(game),
        "ravs": builder.ravs,
        "errors": [str(e) for e in game.errors],
        "error_lines": builder.error_lines,
        "error_depths": builder.error_depths,
        "skipped": builder.skipped,
    })
    return rec


def compact_record(rel, index, encoding, game, builder, detail):
    uci = " ".join(m.uci() for m in game.mainline_moves())
    rec = {
        "kind": "game",
        "file": rel,
        "index": index,
        "detail": detail,
        "encoding": encoding,
        "headers": [list(kv) for kv in game.headers.items()],
        "plies": uci.count(" ") + 1 if uci else 0,
    }
    if detail == "uci":
        rec["uci"] = uci
    else:
        rec["uci_sha1"] = hashlib.sha1(uci.encode()).hexdigest()
    rec.update({
        "result": builder.results[-1] if builder.results else None,
        "errors": [str(e) for e in game.errors],
        "skipped": builder.skipped,
    })
    return rec


def pgn_files():
    files = [p for p in DATA.rglob("*") if p.is_file() and (p.name.endswith(".pgn") or p.name.endswith(".pgn.zst"))]
    return sorted(files, key=lambda p: p.relative_to(DATA).as_posix())


def decode(path):
    data = path.read_bytes()
    if path.name.endswith(".zst"):
        data = zstandard.ZstdDecompressor().decompressobj().decompress(data)
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def read_file(path, rel, detail):
    """Yield the records of one file, its summary last."""
    text, encoding = decode(path)
    handle = LineHandle(text)
    RECORDER.handle = handle
    index = games = errors = exceptions = 0
    while True:
        builder = None

        def visitor():
            nonlocal builder
            builder = Builder()
            return builder

        start = handle.lineno + 1
        RECORDER.reset()
        try:
            game = chess.pgn.read_game(handle, Visitor=visitor)
        except Exception as e:  # a python-chess bug: record it and read on
            # The next read_game starts at the line after the one being read;
            # where that is mid-game, python-chess would read a phantom game.
            exceptions += 1
            first = builder.first_line if builder is not None and hasattr(builder, "first_line") else start
            yield {"kind": "exception", "file": rel, "index": index, "lines": [first, handle.lineno],
                   "exception": f"{type(e).__name__}: {e}"}
            index += 1
            continue
        if game is None:
            break
        games += 1
        errors += bool(game.errors)
        if detail != "full":
            yield compact_record(rel, index, encoding, game, builder, detail)
        else:
            yield full_record(rel, index, encoding, game, builder)
        index += 1
    yield {"kind": "file", "file": rel, "encoding": encoding, "games": games,
           "detail": detail, "errors": errors, "exceptions": exceptions}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="only files whose path (relative to data/pgn) contains this")
    ap.add_argument("--out", type=Path, default=OUT, help="output file (.zst compressed, else plain)")
    ap.add_argument("--report", action="store_true", help="print per-file notable behaviour to stderr")
    args = ap.parse_args()

    if chess.__version__ != "1.11.2":
        sys.exit(f"python-chess 1.11.2 required, found {chess.__version__}")
    if not DATA.is_dir():
        sys.exit(f"no data at {DATA} (set CHESSNOTE_SHARED)")

    out = io.StringIO()

    def emit(obj):
        out.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")

    emit({"kind": "header", "generator": "scripts/pgn_vectors.py", "python_chess": chess.__version__,
          "newline": "universal", "data": "data/pgn"})
    for path in pgn_files():
        rel = path.relative_to(DATA).as_posix()
        if args.only and args.only not in rel:
            continue
        for rec in read_file(path, rel, detail_of(rel)):
            emit(rec)
            if args.report:
                report(rec)
        print(f"{rel}: {rec['games']} games, {rec['exceptions']} exceptions ({rec['encoding']})",
              file=sys.stderr, flush=True)

    data = out.getvalue().encode()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if args.out.name.endswith(".zst"):
        packed = zstandard.ZstdCompressor(level=19).compress(data)
    else:
        packed = data
    args.out.write_bytes(packed)
    print(f"{args.out.name}: {len(data)} bytes raw, {len(packed)} written", file=sys.stderr)


def report(rec):
    """One stderr line per notable thing, for writing docs/pgn-python-chess.md."""
    kind = rec["kind"]
    if kind == "exception":
        print(f"  EXCEPTION {rec['file']} game {rec['index']} lines {rec['lines']}: {rec['exception']}", file=sys.stderr)
        return
    if kind != "game":
        return
    where = f"  {rec['file']} #{rec['index']}"
    if "lines" in rec:
        where += f" L{rec['lines'][0]}-{rec['lines'][1]}"
    for msg, line, depth in zip(rec["errors"], rec.get("error_lines", []), rec.get("error_depths", [])):
        print(f"{where} ERROR L{line} depth {depth}: {msg}", file=sys.stderr)
    if None in rec.get("san", []):
        print(f"{where} ILLEGAL MAINLINE MOVE at ply {rec['san'].index(None)}", file=sys.stderr)
    if rec["detail"] != "full":
        for msg in rec["errors"]:
            print(f"{where} ERROR: {msg}", file=sys.stderr)
        for line, text in rec["skipped"]:
            print(f"{where} SKIPPED L{line}: {text[:100]!r}", file=sys.stderr)
        return
    for line, text in rec["skipped"]:
        print(f"{where} SKIPPED L{line}: {text[:100]!r}", file=sys.stderr)
    if len(rec.get("result_calls", [])) > 1:
        print(f"{where} RESULTS {rec['result_calls']}", file=sys.stderr)
    if rec["result"] is not None and rec["result"] != rec["result_header"]:
        print(f"{where} RESULT token {rec['result']!r} vs header {rec['result_header']!r}", file=sys.stderr)
    if rec["result"] is None:
        print(f"{where} NO RESULT TOKEN (header {rec['result_header']!r})", file=sys.stderr)
    if rec["variations"] != rec["ravs"]:
        print(f"{where} VARIATIONS {rec['variations']} vs RAVS {rec['ravs']}", file=sys.stderr)
    if not rec["uci"]:
        print(f"{where} NO MOVES", file=sys.stderr)
    names = [n for n, _ in rec["raw_headers"]]
    if len(set(names)) != len(names):
        print(f"{where} DUPLICATE TAGS {names}", file=sys.stderr)
    if not rec["raw_headers"]:
        print(f"{where} NO TAGS", file=sys.stderr)
    for i, m in enumerate(rec["moves"]):
        if "starting_comment" in m:
            print(f"{where} MAINLINE STARTING COMMENT at ply {i}: {m['starting_comment'][:60]!r}", file=sys.stderr)


if __name__ == "__main__":
    main()
