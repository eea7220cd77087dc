#!/usr/bin/env python3
"""Generate the python-chess reference counts of position search and
duplicates (issue 32): `reaches`, `material`, `status` in `--where`, and
`--unique` / `--duplicates`.

python-chess is the reference oracle. This script is run by hand; its output
is committed, python-chess is not a dependency of the library. Usage, from the
repository root, with ../shared beside it (or CHESSNOTE_SHARED set):

    pip install chess==1.11.2 zstandard
    python3 scripts/gen_search_vectors.py      # about ten minutes

The games are those of the PGN vectors (pgn-vectors.jsonl.zst, whose
mainlines are python-chess's own); the large file's, kept there only as a
hash, are read again with `chess.pgn.read_game` and checked against it.
Games of a variant chessnote does not play (other than standard chess and
Chess960, by the names of `pgn::tags::Variant`), and games whose start
python-chess cannot set up, reach no position and are unique.

It writes crates/chessnote/tests/data/search.tsv.zst, one row per shared
PGN file and query: `FILE  QUERY  COUNT`, COUNT the games that match:

- `reaches("FEN")`: a mainline position (the start or one after a move)
  equals the FEN's: the same Polyglot key (`zobrist_hash`), board, side to
  move and castling rights;
- `material("KRPvKR")`: a mainline position has exactly that material;
- `status = "NAME"`: `board.outcome()` of the final position is that
  termination (`checkmate`, `stalemate`, `insufficient_material`,
  `seventyfive_moves`, `fivefold_repetition`);
- `--unique` / `--duplicates`: the games kept when each game is known by
  its start position's Polyglot key and its mainline moves, the first of
  each kept by `--unique`, the later ones by `--duplicates`; a game with
  an error (its mainline not whole) is unique.
"""

import hashlib
import io
import json
import os
import sys
from pathlib import Path

import chess
import chess.pgn
import chess.polyglot
import zstandard

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("CHESSNOTE_SHARED", ROOT.parent / "shared"))
DATA = ROOT / "crates" / "chessnote" / "tests" / "data"

REACHES = [
    # After 1. e4, with and without the en-passant square (no black pawn
    # stands beside e4: Polyglot leaves it out, so both are the same).
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    # 1. e4 c5 (Sicilian), 1. d4 Nf6 2. c4 e6, the Ruy Lopez after 3. Bb5.
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    # 1. e4 e6 2. d4 d5 3. e5 c5: the en-passant square counts (d5 pawn).
    "rnbqkbnr/pp3ppp/4p3/2ppP3/3P4/8/PPP2PPP/RNBQKBNR w KQkq c6 0 4",
    # The start position itself.
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    # The same board with Black to move: reached by no game.
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
]

MATERIAL = [
    "KvK", "KQvK", "KvKQ", "KRvK", "KRvKR", "KRPvKR", "KPvK", "KQvKQ",
    "KBNvK", "KRRvKR", "KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP",
]

STATUS = [
    "checkmate", "stalemate", "insufficient_material", "seventyfive_moves",
    "fivefold_repetition",
]

# The Variant tags chessnote plays (pgn::tags::Variant's aliases); other
# games are not replayed (python-chess plays an unknown name as chess).
STANDARD = {"standard", "chess", "classical", "normal", "from position", "fromposition",
            "wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7",
            "wild/8", "wild/8a"}
CHESS960 = {"chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"}

LETTERS = {"P": chess.PAWN, "N": chess.KNIGHT, "B": chess.BISHOP, "R": chess.ROOK,
           "Q": chess.QUEEN, "K": chess.KING}


def material_of(spec):
    """The counts a material query asks for: per color, per piece type."""
    white, black = spec.split("v")
    counts = {}
    for color, side in ((chess.WHITE, white), (chess.BLACK, black)):
        for letter, kind in LETTERS.items():
            counts[(color, kind)] = side.count(letter)
    return counts


def material(board):
    return {(color, kind): len(board.pieces(kind, color))
            for color in (chess.WHITE, chess.BLACK) for kind in LETTERS.values()}


def identity(board):
    """What `reaches` compares: the Polyglot key, board, turn and rights."""
    return (chess.polyglot.zobrist_hash(board), board.board_fen(), board.turn,
            board.clean_castling_rights())


def start_of(game):
    """The start board of a game object of the PGN vectors, or None."""
    variant = game.get("variant")
    if variant not in (None, "chess"):
        return None
    headers = dict(game.get("headers", []))
    name = headers.get("Variant", "standard").strip().lower()
    if name in CHESS960:
        chess960 = True
    elif name in STANDARD:
        chess960 = False
    else:
        return None
    if "fen" in game:
        if game["fen"] is None:
            return None
        return chess.Board(game["fen"], chess960=bool(game.get("chess960")))
    if "FEN" in headers:
        try:
            return chess.Board(headers["FEN"], chess960=chess960)
        except ValueError:
            return None
    return chess.Board()


def large_mainlines(rel):
    """The mainlines of a file the vectors keep only as hashes."""
    data = (SHARED / "data" / "pgn" / rel).read_bytes()
    if rel.endswith(".zst"):
        data = zstandard.ZstdDecompressor().decompressobj().decompress(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    handle = io.StringIO(text, newline=None)
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            return
        yield [m.uci() for m in game.mainline_moves()]


class Counts:
    def __init__(self):
        self.targets = [identity(chess.Board(fen)) for fen in REACHES]
        self.materials = [material_of(spec) for spec in MATERIAL]
        self.counts = {}
        self.seen = {}

    def add(self, file, game, moves):
        per = self.counts.setdefault(file, {})
        seen = self.seen.setdefault(file, set())
        for query in self.queries():
            per.setdefault(query, 0)
        board = start_of(game)
        if board is None:
            per["--unique"] += 1
            return
        start_key = chess.polyglot.zobrist_hash(board)
        reached = [False] * len(REACHES)
        had = [False] * len(MATERIAL)

        def see(b):
            ident = identity(b)
            for i, target in enumerate(self.targets):
                if ident == target:
                    reached[i] = True
            counts = material(b)
            for i, want in enumerate(self.materials):
                if counts == want:
                    had[i] = True

        see(board)
        for uci in moves:
            board.push(chess.Move.from_uci(uci) if uci != "0000" else chess.Move.null())
            see(board)
        for fen, hit in zip(REACHES, reached):
            per[f'reaches("{fen}")'] += hit
        for spec, hit in zip(MATERIAL, had):
            per[f'material("{spec}")'] += hit
        outcome = board.outcome()
        if outcome is not None:
            per[f'status = "{outcome.termination.name.lower()}"'] += 1
        if game.get("errors") or not moves:
            per["--unique"] += 1
            return
        key = (start_key, tuple(moves))
        if key in seen:
            per["--duplicates"] += 1
        else:
            seen.add(key)
            per["--unique"] += 1

    @staticmethod
    def queries():
        for fen in REACHES:
            yield f'reaches("{fen}")'
        for spec in MATERIAL:
            yield f'material("{spec}")'
        for name in STATUS:
            yield f'status = "{name}"'
        yield "--unique"
        yield "--duplicates"


def main():
    vectors = DATA / "pgn-vectors.jsonl.zst"
    reader = zstandard.ZstdDecompressor().stream_reader(vectors.open("rb"))
    counts = Counts()
    large = {}
    for line in io.TextIOWrapper(reader, encoding="utf-8"):
        game = json.loads(line)
        if game.get("kind") != "game":
            continue
        file = game["file"]
        if "uci" in game:
            moves = game["uci"].split() if isinstance(game["uci"], str) else game["uci"]
        else:
            if file not in large:
                large[file] = large_mainlines(file)
            moves = next(large[file])
            sha = hashlib.sha1(" ".join(moves).encode()).hexdigest()
            if sha != game["uci_sha1"]:
                sys.exit(f"{file} game {game['index']}: not the vectors' mainline")
        counts.add(file, game, moves)
    rows = []
    for file in sorted(counts.counts):
        for query, count in counts.counts[file].items():
            rows.append(f"{file}\t{query}\t{count}")
    out = DATA / "search.tsv.zst"
    text = "\n".join(rows) + "\n"
    out.write_bytes(zstandard.ZstdCompressor(level=19).compress(text.encode()))
    print(f"{out}: {len(rows)} rows", file=sys.stderr)


if __name__ == "__main__":
    main()
