"""``chessnote.polyglot`` against python-chess's ``chess.polyglot`` (1.11.2,
the test-only oracle): the same keys, and the same answers from the same
book, for positions of shared games (standard and Chess960).

The book is made here from those positions: for each, some of its legal
moves (castling coded as the king taking its rook, as the format codes it)
with random weights (zero among them) and learn values, and entries no
legal move answers (moves of another position, drops, promotion codes past
the queen's); sorted by key, as a book is.
"""

from __future__ import annotations

import random
import struct

import pytest

import chessnote
import chessnote.polyglot as polyglot
from conftest import python_chess, python_chess_games

# (shared file, games read, plies of each)
SOURCES = [
    ("medium/twic0920.pgn", 150, 14),
    ("tcec/TCEC_Season_21_-_Frc4_Final.pgn.zst", 40, 14),
]


def positions(chess) -> list[tuple[str, bool]]:
    """(FEN, Chess960) of the first plies of the sources' games."""
    found = []
    for rel, games, plies in SOURCES:
        for game in python_chess_games(chess, rel, games):
            board = game.board()
            for move in list(game.mainline_moves())[:plies]:
                found.append((board.fen(), board.chess960))
                board.push(move)
            found.append((board.fen(), board.chess960))
    return found


def raw_move(chess, board, move) -> int:
    """The Polyglot code of a move of ``board``: castling as the king
    taking its rook."""
    to_square = move.to_square
    if board.is_castling(move) and not board.chess960:
        rank = chess.square_rank(move.from_square)
        to_square = chess.square(7 if chess.square_file(move.to_square) == 6 else 0, rank)
    elif board.is_castling(move):
        to_square = move.to_square  # python-chess's Chess960 castling is king to rook
    promotion = (move.promotion - 1) if move.promotion else 0
    return promotion << 12 | move.from_square << 6 | to_square


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    chess = python_chess()
    rng = random.Random(20261127)
    entries = []
    fens = positions(chess)
    for fen, chess960 in fens:
        board = chess.Board(fen, chess960=chess960)
        key = chess.polyglot.zobrist_hash(board)
        moves = list(board.legal_moves)
        for move in rng.sample(moves, min(len(moves), rng.randint(0, 6))):
            entries.append((key, raw_move(chess, board, move), rng.choice([0, 1, 1, 2, 5, 40]), rng.randint(0, 9)))
        for _ in range(rng.randint(0, 2)):
            # A move of another position, a drop (from = to), a promotion code past the queen's.
            code = rng.choice([rng.randrange(1 << 12), 2 << 12 | 28 << 6 | 28, rng.choice([5, 6, 7]) << 12 | 52 << 6 | 60])
            entries.append((key, code, rng.randint(0, 3), 0))
    entries.sort(key=lambda e: e[0])  # stable: a key's entries keep their order
    path = tmp_path_factory.mktemp("book") / "book.bin"
    path.write_bytes(b"".join(struct.pack(">QHHI", *e) for e in entries))
    return path, fens


def uci_of(entries):
    return [(e.key, e.raw_move, e.weight, e.learn, e.move.uci()) for e in entries]


def test_keys_are_python_chess_keys(book):
    chess = python_chess()
    _, fens = book
    assert len(fens) > 2000
    for fen, chess960 in fens:
        ours = polyglot.zobrist_hash(chessnote.Board(fen, chess960=chess960))
        assert ours == chess.polyglot.zobrist_hash(chess.Board(fen, chess960=chess960)), fen


def test_a_book_answers_as_python_chess_reads_it(book):
    chess = python_chess()
    path, fens = book
    found = 0
    castles = {False: 0, True: 0}
    with polyglot.open_reader(path) as ours, chess.polyglot.open_reader(path) as theirs:
        assert len(ours) == len(theirs) > 1000
        for index in (0, 1, len(theirs) // 2, -1):
            assert ours[index][:4] == theirs[index][:4]
        for i, (fen, chess960) in enumerate(fens):
            board = chessnote.Board(fen, chess960=chess960)
            other = chess.Board(fen, chess960=chess960)
            for minimum in (0, 1, 3):
                got = uci_of(ours.find_all(board, minimum_weight=minimum))
                assert got == uci_of(theirs.find_all(other, minimum_weight=minimum)), (fen, minimum)
                found += len(got)
            castles[chess960] += sum(other.is_castling(e.move) for e in theirs.find_all(other, minimum_weight=0))
            every = [e.move.uci() for e in theirs.find_all(other)]
            excluded = every[::2]
            assert uci_of(ours.find_all(board, exclude_moves=[chessnote.Move.from_uci(u) for u in excluded])) == uci_of(
                theirs.find_all(other, exclude_moves=[chess.Move.from_uci(u) for u in excluded])
            )
            # By key: the entries as written (a drop aside: chessnote's Move has none).
            key = polyglot.zobrist_hash(board)
            assert [e[:4] for e in ours.find_all(key, minimum_weight=0)] == [e[:4] for e in theirs.find_all(key, minimum_weight=0)]
            for e, t in zip(ours.find_all(key, minimum_weight=0), theirs.find_all(key, minimum_weight=0)):
                if t.move.drop is None and (t.move.promotion or 0) <= 6:
                    assert e.move.uci() == t.move.uci()
            try:
                expected = uci_of([theirs.find(other)])
            except IndexError:
                expected = None
            if expected is None:
                with pytest.raises(IndexError):
                    ours.find(board)
                assert ours.get(board) is None and theirs.get(other) is None
            else:
                assert uci_of([ours.find(board)]) == expected == uci_of([ours.get(board)])
            for seed in range(3):
                for name in ("choice", "weighted_choice"):
                    try:
                        expected = uci_of([getattr(theirs, name)(other, random=random.Random(seed + i))])
                    except IndexError:
                        with pytest.raises(IndexError):
                            getattr(ours, name)(board, random=random.Random(seed + i))
                        continue
                    assert uci_of([getattr(ours, name)(board, random=random.Random(seed + i))]) == expected
        some = next(e for e in theirs if e.weight > 0)
        mine = next(e for e in ours if e.weight > 0)
        assert (mine in ours) == (some in theirs)
    assert found > 1000
    assert castles[False] > 10 and castles[True] > 0, castles
    with pytest.raises(ValueError):
        len(ours)


def test_a_file_that_is_no_book_is_refused(tmp_path):
    path = tmp_path / "bad.bin"
    path.write_bytes(b"\x00" * 17)
    with pytest.raises(OSError):
        polyglot.open_reader(path)
    unsorted = tmp_path / "unsorted.bin"
    unsorted.write_bytes(struct.pack(">QHHI", 2, 0, 1, 0) + struct.pack(">QHHI", 1, 0, 1, 0))
    with pytest.raises(OSError, match="order|smaller key"):
        polyglot.open_reader(unsorted)
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with polyglot.open_reader(empty) as reader:
        assert len(reader) == 0 and list(reader) == []
        with pytest.raises(IndexError):
            reader.find(chessnote.Board())
