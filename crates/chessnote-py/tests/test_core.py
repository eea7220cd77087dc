"""python-chess's module-level vocabulary, ``Piece`` and the board's piece
accessors, against python-chess 1.11.2 (the test-only oracle): the same
values, the same answers, at every ply of shared games (standard and
Chess960)."""

from __future__ import annotations

import itertools

import pytest

import chessnote
from conftest import python_chess, python_chess_games

CONSTANTS = [
    "WHITE", "BLACK", "COLORS", "COLOR_NAMES", "PAWN", "KNIGHT", "BISHOP", "ROOK",
    "QUEEN", "KING", "PIECE_TYPES", "PIECE_SYMBOLS", "PIECE_NAMES",
    "UNICODE_PIECE_SYMBOLS", "FILE_NAMES", "RANK_NAMES", "SQUARES", "SQUARE_NAMES",
    "STARTING_FEN", "STARTING_BOARD_FEN", "BB_EMPTY", "BB_ALL", "BB_SQUARES",
    "BB_FILES", "BB_RANKS", "BB_BACKRANKS", "BB_LIGHT_SQUARES", "BB_DARK_SQUARES",
    "BB_CORNERS", "BB_CENTER",
]


def test_the_constants_are_python_chess_s():
    chess = python_chess()
    names = list(CONSTANTS)
    names += [n.upper() for n in chess.SQUARE_NAMES]
    names += ["BB_" + n.upper() for n in chess.SQUARE_NAMES]
    names += ["BB_FILE_" + f.upper() for f in chess.FILE_NAMES]
    names += ["BB_RANK_" + r for r in chess.RANK_NAMES]
    for name in names:
        assert getattr(chessnote, name) == getattr(chess, name), name
    assert len(names) == len(CONSTANTS) + 2 * 64 + 2 * 8


def test_the_square_functions_are_python_chess_s():
    chess = python_chess()
    for f in range(8):
        for r in range(8):
            assert chessnote.square(f, r) == chess.square(f, r)
    for s in range(64):
        for name in ("square_file", "square_rank", "square_name", "square_mirror"):
            assert getattr(chessnote, name)(s) == getattr(chess, name)(s), (name, s)
        assert chessnote.parse_square(chess.square_name(s)) == s
        for t in range(64):
            assert chessnote.square_distance(s, t) == chess.square_distance(s, t)
            assert chessnote.square_manhattan_distance(s, t) == chess.square_manhattan_distance(s, t)
    for bad in ("", "i1", "a9", "A1", "e44", " e4"):
        with pytest.raises(ValueError):
            chess.parse_square(bad)
        with pytest.raises(ValueError):
            chessnote.parse_square(bad)
    for piece_type in range(7):
        assert chessnote.piece_symbol(piece_type) == chess.piece_symbol(piece_type)
        assert chessnote.piece_name(piece_type) == chess.piece_name(piece_type)


def test_pieces_are_python_chess_s():
    chess = python_chess()
    for letter in "PNBRQKpnbrqk":
        ours, theirs = chessnote.Piece.from_symbol(letter), chess.Piece.from_symbol(letter)
        assert (ours.piece_type, ours.color) == (theirs.piece_type, theirs.color)
        assert ours == chessnote.Piece(theirs.piece_type, theirs.color)
        assert hash(ours) == hash(chessnote.Piece(theirs.piece_type, theirs.color))
        assert (ours.symbol(), str(ours), repr(ours)) == (theirs.symbol(), str(theirs), repr(theirs))
        for invert in (False, True):
            assert ours.unicode_symbol(invert_color=invert) == theirs.unicode_symbol(invert_color=invert)
    assert len({chessnote.Piece.from_symbol(c) for c in "PNBRQKpnbrqkP"}) == 12
    for bad in ("", "x", "PP", "1"):
        with pytest.raises(ValueError):
            chessnote.Piece.from_symbol(bad)


def boards(chess):
    """Pairs of boards, python-chess's and chessnote's, at every ply of
    shared games, standard and Chess960."""
    for rel, games, chess960 in [
        ("medium/twic0920.pgn", 60, False),
        ("tcec/TCEC_Season_21_-_Frc4_Final.pgn.zst", 20, True),
    ]:
        for game in python_chess_games(chess, rel, games):
            theirs = game.board()
            assert theirs.chess960 == chess960
            ours = chessnote.Board(theirs.fen(), chess960=chess960)
            yield theirs, ours
            for move in game.mainline_moves():
                theirs.push(move)
                ours.push(chessnote.Move.from_uci(move.uci()))
                yield theirs, ours


def test_the_board_s_pieces_are_python_chess_s_at_every_ply():
    chess = python_chess()
    plies = 0
    for theirs, ours in boards(chess):
        plies += 1
        for s in range(64):
            piece = theirs.piece_at(s)
            got = ours.piece_at(s)
            assert (got and got.symbol()) == (piece and piece.symbol())
            assert ours.piece_type_at(s) == theirs.piece_type_at(s)
            assert ours.color_at(s) == theirs.color_at(s)
        for mask in (chess.BB_ALL, chess.BB_RANK_2, chess.BB_LIGHT_SQUARES, 0):
            mine = [(s, p.symbol()) for s, p in ours.piece_map(mask=mask).items()]
            assert mine == [(s, p.symbol()) for s, p in theirs.piece_map(mask=mask).items()]
    assert plies > 5000, plies


def ends(board) -> tuple:
    """What a board says of the game's end, in plain values."""
    def outcome(o):
        return None if o is None else (o.termination.name, o.termination.value, o.winner, o.result())

    return (
        outcome(board.outcome()),
        outcome(board.outcome(claim_draw=True)),
        board.is_repetition(2),
        board.is_repetition(),
        board.is_fivefold_repetition(),
        board.can_claim_fifty_moves(),
        board.can_claim_threefold_repetition(),
        board.can_claim_draw(),
        board.is_game_over(),
        board.is_game_over(claim_draw=True),
        board.result(),
        board.result(claim_draw=True),
    )


def shuffles(chess):
    """Boards near the fifty-move rule whose kings and rook walk back and
    forth: repetitions up to fivefold, the fifty- and seventy-five-move
    rules."""
    for fen in ("8/8/8/4k3/8/8/3RK3/8 w - - 90 100", "8/8/8/4k3/8/8/3RK3/8 b - - 140 100"):
        theirs = chess.Board(fen)
        ours = chessnote.Board(fen)
        yield theirs, ours
        walk = ["e2e3", "e5e6", "e3e2", "e6e5"] if theirs.turn else ["e5e6", "e2e3", "e6e5", "e3e2"]
        for uci in walk * 6:
            theirs.push_uci(uci)
            ours.push_uci(uci)
            yield theirs, ours


def test_the_game_s_end_is_python_chess_s_at_every_ply():
    chess = python_chess()
    seen = set()
    plies = 0
    for theirs, ours in itertools.chain(boards(chess), shuffles(chess)):
        plies += 1
        got, expected = ends(ours), ends(theirs)
        assert got == expected, theirs.fen()
        if expected[1]:
            seen.add(expected[1][0])
    assert plies > 5000
    # Every way a standard game ends was met.
    assert seen >= {
        "CHECKMATE", "FIVEFOLD_REPETITION", "FIFTY_MOVES", "THREEFOLD_REPETITION",
        "SEVENTYFIVE_MOVES",
    }, seen
    termination = chessnote.Termination.CHECKMATE
    assert (repr(termination), str(termination)) == (
        repr(chess.Termination.CHECKMATE), str(chess.Termination.CHECKMATE)
    )
    outcome = chessnote.Outcome(chessnote.Termination.STALEMATE, None)
    assert repr(outcome) == repr(chess.Outcome(chess.Termination.STALEMATE, None))
    assert outcome == chessnote.Outcome(chessnote.Termination.STALEMATE, None)


def test_legal_moves_come_in_python_chess_s_order_at_every_ply():
    chess = python_chess()
    plies = checks = 0
    for theirs, ours in itertools.chain(boards(chess), shuffles(chess)):
        plies += 1
        checks += theirs.is_check()
        expected = [m.uci() for m in theirs.legal_moves]
        generator = ours.legal_moves
        assert [m.uci() for m in generator] == expected, theirs.fen()
        assert generator.count() == theirs.legal_moves.count() == len(generator)
        assert bool(generator) == bool(theirs.legal_moves)
        assert all(chessnote.Move.from_uci(u) in generator for u in expected)
        assert chessnote.Move.null() not in generator
        sans = ", ".join(theirs.san(m) for m in theirs.legal_moves)
        assert repr(generator) == f"<LegalMoveGenerator at {id(generator):#x} ({sans})>"
        assert repr(theirs.legal_moves).endswith(f" ({sans})>")
    assert plies > 5000 and checks > 100, (plies, checks)


def test_legal_moves_come_in_python_chess_s_order_in_the_vector_positions():
    """The 4,650 positions of python-chess's move vectors (promotions,
    en passant, castling in Chess960, checks of every kind)."""
    chess = python_chess()
    from test_board import move_vectors

    promotions = 0
    for p in move_vectors():
        theirs = [m.uci() for m in chess.Board(p["fen"], chess960=p["chess960"]).legal_moves]
        ours = [m.uci() for m in chessnote.Board(p["fen"], chess960=p["chess960"]).legal_moves]
        assert ours == theirs, p["fen"]
        promotions += any(len(u) == 5 for u in theirs)
    assert promotions > 40


def test_moves_are_python_chess_s():
    """`Move(0, 0)` is the null move, as in python-chess; any other pair of
    squares is a move, even from a square to itself."""
    chess = python_chess()
    for args in [(0, 0), (0, 0, 5), (5, 5), (12, 28), (52, 60, 2), (63, 0)]:
        ours, theirs = chessnote.Move(*args), chess.Move(*args)
        assert (ours.uci(), bool(ours), repr(ours), str(ours)) == (
            theirs.uci(), bool(theirs), repr(theirs), str(theirs)
        ), args
        assert (ours == chessnote.Move.null()) == (theirs == chess.Move.null()), args


def test_drops_and_king_promotions_are_python_chess_s():
    """Crazyhouse drops (`N@f3`, `Move(sq, sq, drop=KNIGHT)`) and
    antichess's promotion to a king (`e7e8k`) read, write and compare as
    python-chess's moves do (issue 34)."""
    chess = python_chess()
    for text in ["N@f3", "P@e4", "Q@h8", "B@a1", "R@d5", "e7e8k", "a2a1k"]:
        ours, theirs = chessnote.Move.from_uci(text), chess.Move.from_uci(text)
        assert (ours.uci(), repr(ours), str(ours), ours.from_square, ours.to_square,
                ours.promotion, ours.drop, bool(ours)) == (
            theirs.uci(), repr(theirs), str(theirs), theirs.from_square, theirs.to_square,
            theirs.promotion, theirs.drop, bool(theirs)), text
    for square, piece in [(21, chessnote.KNIGHT), (28, chessnote.PAWN), (0, chessnote.QUEEN)]:
        ours = chessnote.Move(square, square, drop=piece)
        theirs = chess.Move(square, square, drop=piece)
        assert ours.uci() == theirs.uci()
        assert ours == chessnote.Move.from_uci(theirs.uci())
    assert chessnote.Move.from_uci("e2e4").drop is None


def test_move_generators_are_views_of_the_board():
    """As python-chess's: a generator taken before a move answers for the
    board after it."""
    chess = python_chess()
    answers = []
    for module in (chess, chessnote):
        board = module.Board()
        legal, pseudo = board.legal_moves, board.pseudo_legal_moves
        board.push_san("e4")
        board.push_san("f5")
        move = module.Move.from_uci("d1h5")
        answers.append(([m.uci() for m in legal], legal.count(), bool(legal), move in legal,
                        [m.uci() for m in pseudo], pseudo.count(), move in pseudo))
        board.push(move)
        answers.append(([m.uci() for m in legal], legal.count(), module.Move.from_uci("e8f7") in pseudo))
    assert answers[2:] == answers[:2]
