"""python-chess's ``SquareSet``, bitboard helpers, attacks, pins,
pseudo-legal moves, move predicates and board edits, against python-chess
1.11.2 (the test-only oracle): the same answers on random square sets, at
every ply of shared games (standard and Chess960), and after random edits."""

from __future__ import annotations

import collections.abc
import random

import pytest

import chessnote
from conftest import python_chess
from test_core import boards


def masks(rng: random.Random, n: int):
    """Random bitboards: sparse, dense, and the edge cases."""
    yield from (0, 1, 1 << 63, (1 << 64) - 1, 0x8100000000000081)
    for _ in range(n):
        yield rng.getrandbits(64) & rng.getrandbits(64) & rng.getrandbits(64)
        yield rng.getrandbits(64)


def test_square_sets_are_python_chess_s():
    chess = python_chess()
    rng = random.Random(7)
    all_masks = list(masks(rng, 200))
    for a, b in zip(all_masks, reversed(all_masks)):
        ours, theirs = chessnote.SquareSet(a), chess.SquareSet(a)
        assert repr(ours) == repr(theirs)
        assert str(ours) == str(theirs)
        assert list(ours) == list(theirs)
        assert list(reversed(ours)) == list(reversed(theirs))
        assert (len(ours), bool(ours), int(ours)) == (len(theirs), bool(theirs), int(theirs))
        assert [s in ours for s in range(64)] == [s in theirs for s in range(64)]
        assert ours.tolist() == theirs.tolist()
        assert int(ours.mirror()) == int(theirs.mirror())
        for other in (b, chessnote.SquareSet(b), list(chess.SquareSet(b))):
            for op in ("__or__", "__and__", "__sub__", "__xor__", "union", "intersection",
                       "difference", "symmetric_difference"):
                assert int(getattr(ours, op)(other)) == int(getattr(theirs, op)(list(chess.SquareSet(b)))), op
            for op in ("issubset", "issuperset", "isdisjoint"):
                assert getattr(ours, op)(other) == getattr(theirs, op)(b), op
            assert (ours == other) == (theirs == chess.SquareSet(b))
        assert int(~ours) == int(~theirs)
        assert (ours != b) == (theirs != b) and (ours != a) == (theirs != a)
        for shift in (0, 1, 8, 63, 64, 100):
            assert int(ours << shift) == int(theirs << shift)
            assert int(ours >> shift) == int(theirs >> shift)
        # In place, one operation after another.
        for op in ("__ior__", "__iand__", "__isub__", "__ixor__"):
            mine, other = chessnote.SquareSet(a), chess.SquareSet(a)
            mine = getattr(mine, op)(b)
            other = getattr(other, op)(b)
            assert int(mine) == int(other), op
        mine, other = ours.copy(), theirs.copy()
        mine.update(b, [0, 63])
        other.update(b, [0, 63])
        assert int(mine) == int(other)
        mine.intersection_update(a, b)
        other.intersection_update(a, b)
        assert int(mine) == int(other)
        mine.symmetric_difference_update(a)
        other.symmetric_difference_update(a)
        mine.difference_update([5, 6])
        other.difference_update([5, 6])
        assert int(mine) == int(other)
        square = rng.randrange(64)
        for method in ("add", "discard"):
            getattr(mine, method)(square)
            getattr(other, method)(square)
            assert int(mine) == int(other)
        while other:
            assert mine.pop() == other.pop()
        with pytest.raises(KeyError):
            mine.pop()
        with pytest.raises(KeyError):
            mine.remove(3)
        assert int(ours.copy()) == a and ours.copy() is not ours
    # Subsets, lines, single squares.
    small = chessnote.SquareSet([1, 9, 40])
    assert list(small.carry_rippler()) == list(chess.SquareSet([1, 9, 40]).carry_rippler())
    assert len(list(chessnote.SquareSet(0).carry_rippler())) == 1
    for a in range(64):
        assert int(chessnote.SquareSet.from_square(a)) == int(chess.SquareSet.from_square(a))
        for b in range(0, 64, 3):
            assert int(chessnote.SquareSet.ray(a, b)) == int(chess.SquareSet.ray(a, b))
            assert int(chessnote.SquareSet.between(a, b)) == int(chess.SquareSet.between(a, b))
    # As python-chess's: no abstract set, no order, not hashable; equal to
    # the same squares in any form, not equal to what is no set of squares.
    assert not isinstance(chessnote.SquareSet(), collections.abc.Set)
    for op in ("__lt__", "__le__", "__gt__", "__ge__"):
        assert getattr(chessnote.SquareSet(), op)(chessnote.SquareSet()) is NotImplemented
    with pytest.raises(TypeError):
        1 | chessnote.SquareSet()
    with pytest.raises(TypeError):
        hash(chessnote.SquareSet())
    assert chessnote.SquareSet([0]) != "a1" and chessnote.SquareSet() == 0
    with pytest.raises(IndexError):
        chessnote.SquareSet([64])
    assert int(chessnote.SquareSet(-1)) == int(chess.SquareSet(-1)) == chess.BB_ALL
    assert "<svg" in chessnote.SquareSet([0, 63])._repr_svg_()


def test_bitboard_functions_are_python_chess_s():
    chess = python_chess()
    rng = random.Random(11)
    names = ["lsb", "msb", "popcount", "flip_vertical", "flip_horizontal", "flip_diagonal",
             "flip_anti_diagonal"] + [n for n in dir(chess) if n.startswith("shift_")]
    assert len(names) == 7 + 12
    for mask in masks(rng, 300):
        for name in names:
            assert getattr(chessnote, name)(mask) == getattr(chess, name)(mask), (name, mask)
        assert list(chessnote.scan_forward(mask)) == list(chess.scan_forward(mask))
        assert list(chessnote.scan_reversed(mask)) == list(chess.scan_reversed(mask))
    for name in ("BB_KNIGHT_ATTACKS", "BB_KING_ATTACKS", "BB_PAWN_ATTACKS", "BB_RAYS"):
        assert getattr(chessnote, name) == getattr(chess, name), name
    for a in range(64):
        for b in range(64):
            assert chessnote.ray(a, b) == chess.ray(a, b)
            assert chessnote.between(a, b) == chess.between(a, b)
            assert chessnote.square_knight_distance(a, b) == chess.square_knight_distance(a, b)


def bitboards(board) -> tuple:
    """What a board's bitboard attributes and castling questions say."""
    return (
        board.occupied, list(board.occupied_co), board.pawns, board.knights, board.bishops,
        board.rooks, board.queens, board.kings, board.promoted, board.castling_rights,
        board.clean_castling_rights(), board.has_chess960_castling_rights(),
        [board.pieces_mask(t, c) for t in range(1, 7) for c in (True, False)],
        [(board.has_castling_rights(c), board.has_kingside_castling_rights(c),
          board.has_queenside_castling_rights(c)) for c in (True, False)],
        board.castling_xfen(), board.castling_shredder_fen(), board.shredder_fen(),
        board.ply(), board.chess960_pos(), board.has_legal_en_passant(),
        board.has_pseudo_legal_en_passant(), board.was_into_check(), board.checkers_mask(),
        [board.king(c) for c in (True, False)],
        str(board), board.unicode(), repr(board), board.fen(shredder=True),
        board.unicode(invert_color=True, borders=True, empty_square=".", orientation=False),
    )


def squares(board) -> list:
    """What a board says of each square: attacks, attackers, pins."""
    return [
        (board.attacks_mask(s), board.attackers_mask(True, s), board.attackers_mask(False, s),
         board.attackers_mask(True, s, board.occupied & ~board.queens),
         board.pin_mask(True, s), board.pin_mask(False, s), board.is_pinned(board.turn, s),
         board.is_attacked_by(not board.turn, s))
        for s in range(64)
    ]


def predicates(board, move) -> tuple:
    return (
        board.is_capture(move), board.is_en_passant(move), board.is_castling(move),
        board.is_kingside_castling(move), board.is_queenside_castling(move),
        board.is_zeroing(move), board.is_irreversible(move), board.gives_check(move),
        board.is_into_check(move), board.is_pseudo_legal(move), board.is_legal(move),
    )


def generated(chess, board, module) -> list:
    """The move generators, with and without masks, as UCI."""
    out = []
    for from_mask, to_mask in ((chess.BB_ALL, chess.BB_ALL), (chess.BB_RANK_2 | chess.BB_RANK_7,
                               chess.BB_ALL), (chess.BB_ALL, chess.BB_LIGHT_SQUARES),
                               (board.kings, board.rooks)):
        for name in ("generate_legal_moves", "generate_pseudo_legal_moves",
                     "generate_legal_captures", "generate_pseudo_legal_captures",
                     "generate_castling_moves", "generate_legal_ep", "generate_pseudo_legal_ep"):
            out.append([m.uci() for m in getattr(board, name)(from_mask, to_mask)])
    return out


def test_attacks_pins_and_pseudo_legal_moves_are_python_chess_s_at_every_ply():
    chess = python_chess()
    plies = pinned = into_check = castles = 0
    for theirs, ours in boards(chess):
        plies += 1
        assert bitboards(ours) == bitboards(theirs), theirs.fen()
        if plies % 3 == 0:
            expected = squares(theirs)
            assert squares(ours) == expected, theirs.fen()
            pinned += sum(row[4] != chess.BB_ALL for row in expected)
        assert int(ours.checkers()) == int(theirs.checkers())
        assert int(ours.pieces(chess.KNIGHT, True)) == int(theirs.pieces(chess.KNIGHT, True))
        assert int(ours.attacks(theirs.king(True))) == int(theirs.attacks(theirs.king(True)))
        assert int(ours.attackers(False, 36)) == int(theirs.attackers(False, 36))
        assert int(ours.pin(True, 12)) == int(theirs.pin(True, 12))
        pseudo = [m.uci() for m in theirs.pseudo_legal_moves]
        generator = ours.pseudo_legal_moves
        assert [m.uci() for m in generator] == pseudo, theirs.fen()
        assert (generator.count(), bool(generator)) == (theirs.pseudo_legal_moves.count(),
                                                        bool(theirs.pseudo_legal_moves))
        texts = repr(theirs.pseudo_legal_moves).split(" (", 1)[1]
        assert repr(generator) == f"<PseudoLegalMoveGenerator at {id(generator):#x} ({texts}"
        for move in theirs.pseudo_legal_moves:
            mine = chessnote.Move.from_uci(move.uci())
            assert mine in generator
            expected = predicates(theirs, move)
            assert predicates(ours, mine) == expected, (theirs.fen(), move.uci())
            into_check += expected[8]
            castles += expected[2]
        assert generated(chess, ours, chessnote) == generated(chess, theirs, chess), theirs.fen()
    assert plies > 5000 and pinned > 300 and into_check > 1000 and castles > 100, (
        plies, pinned, into_check, castles)


def fen_and_status(board) -> tuple:
    status = int(board.status())
    kings = [board.pieces_mask(6, c) for c in (True, False)]
    if any(k & (k - 1) or not k for k in kings):
        # Without one king a side, chessnote makes none of the checks that
        # need the king (python-chess takes the highest).
        status &= ~(chessnote.STATUS_OPPOSITE_CHECK | chessnote.STATUS_IMPOSSIBLE_CHECK
                    | chessnote.STATUS_TOO_MANY_CHECKERS)
    return board.fen(), status, board.is_valid(), len(board.move_stack), board.ply()


def impossible_material(chess, board) -> bool:
    """Whether a side has more pieces beyond the start's (two bishops of one
    square color counting one) than pawns gone: chessnote's boards are then
    not valid (STATUS_TOO_MANY_*_PIECES), python-chess's only count to 16."""
    for color in (True, False):
        pawns = len(board.pieces(chess.PAWN, color))
        bishops = board.pieces(chess.BISHOP, color)
        extra = sum(max(0, len(board.pieces(t, color)) - start)
                    for t, start in ((chess.KNIGHT, 2), (chess.ROOK, 2), (chess.QUEEN, 1)))
        extra += sum(max(0, len(bishops & squares) - 1)
                     for squares in (chess.BB_LIGHT_SQUARES, chess.BB_DARK_SQUARES))
        if extra > 8 - pawns:
            return True
    return False


def stricter(chess, ours, theirs) -> bool:
    """Whether chessnote finds a board impossible that python-chess takes,
    the deliberate difference: more promoted pieces than pawns gone (see
    impossible_material), or a double check no move can give."""
    assert ours.fen() == theirs.fen()
    extra = int(ours.status()) & ~int(theirs.status())
    pieces = chess.STATUS_TOO_MANY_WHITE_PIECES | chess.STATUS_TOO_MANY_BLACK_PIECES
    if not extra:
        return False
    assert not extra & ~(pieces | chess.STATUS_IMPOSSIBLE_CHECK), (extra, theirs.fen())
    assert not extra & pieces or impossible_material(chess, theirs), theirs.fen()
    assert not extra & chess.STATUS_IMPOSSIBLE_CHECK or len(theirs.checkers()) == 2
    assert not ours.is_valid()
    return True


def agree(chess, ours, theirs) -> bool:
    """The same FEN and status, but where chessnote is stricter."""
    return stricter(chess, ours, theirs) or fen_and_status(ours) == fen_and_status(theirs)


def test_board_edits_are_python_chess_s():
    chess = python_chess()
    rng = random.Random(3)
    pieces = [None] + [chess.Piece(t, c) for t in range(1, 7) for c in (True, False)]
    edits = impossible = 0
    for n, (theirs, ours) in enumerate(boards(chess)):
        if n % 40:
            continue
        theirs, ours = theirs.copy(), ours.copy()
        for _ in range(6):
            square, piece = rng.randrange(64), rng.choice(pieces)
            if rng.random() < 0.3:
                removed = theirs.remove_piece_at(square)
                got = ours.remove_piece_at(square)
                assert (got and got.symbol()) == (removed and removed.symbol())
            else:
                theirs.set_piece_at(square, piece)
                ours.set_piece_at(square, piece and chessnote.Piece.from_symbol(piece.symbol()))
            edits += 1
            if stricter(chess, ours, theirs):
                impossible += 1
                break
            assert fen_and_status(ours) == fen_and_status(theirs), theirs.fen()
            assert bitboards(ours) == bitboards(theirs), theirs.fen()
        if stricter(chess, ours, theirs):
            continue
        for transform in ("flip_vertical", "flip_horizontal", "flip_diagonal",
                          "flip_anti_diagonal"):
            if "diagonal" in transform:
                # Castling rights moved off the back ranks: python-chess
                # keeps them (and its board is not valid), chessnote drops
                # them (and says the same of the board). Compare without.
                theirs.castling_rights = ours.castling_rights = 0
            expected = theirs.transform(getattr(chess, transform))
            got = ours.transform(getattr(chessnote, transform))
            assert agree(chess, got, expected), (transform, theirs.fen())
        assert agree(chess, ours.mirror(), theirs.mirror()), theirs.fen()
        # Setting the attributes python-chess code sets.
        theirs.turn, ours.turn = not theirs.turn, not theirs.turn
        theirs.castling_rights = ours.castling_rights = theirs.castling_rights & chess.BB_RANK_1
        theirs.halfmove_clock = ours.halfmove_clock = 17
        theirs.fullmove_number = ours.fullmove_number = 42
        assert agree(chess, ours, theirs), theirs.fen()
        for call, arg in (("set_board_fen", "8/8/8/3k4/8/8/2K5/8"), ("set_castling_fen", "-"),
                          ("set_fen", chess.STARTING_FEN), ("set_castling_fen", "Kq"),
                          ("clear_board", None), ("reset_board", None), ("clear", None),
                          ("reset", None)):
            getattr(theirs, call)(*([arg] if arg else []))
            getattr(ours, call)(*([arg] if arg else []))
            assert agree(chess, ours, theirs), call
    assert edits > 500 and 0 < impossible < edits / 4, (edits, impossible)
    board = chessnote.Board()
    board.set_piece_map({0: chessnote.Piece.from_symbol("K"), 63: chessnote.Piece.from_symbol("k")})
    expected = chess.Board()
    expected.set_piece_map({0: chess.Piece.from_symbol("K"), 63: chess.Piece.from_symbol("k")})
    assert fen_and_status(board) == fen_and_status(expected)
    assert chessnote.Board.empty().fen() == chess.Board.empty().fen()


def test_stacks_roots_and_copies_are_python_chess_s():
    chess = python_chess()
    theirs, ours = chess.Board(), chessnote.Board()
    for san in ("e4", "e5", "Nf3", "Nc6", "Bb5"):
        theirs.push_san(san)
        ours.push_san(san)
    for stack in (True, False, 0, 2, 10):
        got, expected = ours.copy(stack=stack), theirs.copy(stack=stack)
        assert [m.uci() for m in got.move_stack] == [m.uci() for m in expected.move_stack]
        assert got.root().fen() == expected.root().fen()
    assert ours.root().fen() == theirs.root().fen() == chess.STARTING_FEN
    ours.clear_stack()
    theirs.clear_stack()
    assert (ours.move_stack, ours.fen()) == ([], theirs.fen())


def test_chess960_numbers_are_python_chess_s():
    chess = python_chess()
    for n in range(960):
        theirs, ours = chess.Board.from_chess960_pos(n), chessnote.Board.from_chess960_pos(n)
        assert ours.fen() == theirs.fen() and ours.chess960
        assert ours.chess960_pos() == theirs.chess960_pos() == n
    board = chess.Board()
    board.push_san("e4")
    mine = chessnote.Board()
    mine.push_san("e4")
    for flags in ({}, {"ignore_turn": True}, {"ignore_castling": True}):
        assert mine.chess960_pos(**flags) == board.chess960_pos(**flags)
    with pytest.raises(ValueError):
        chessnote.Board.from_chess960_pos(960)


def test_epd_operations_are_python_chess_s():
    """EPD records of the shared test suites read and written as
    python-chess reads and writes them: typed operations, counters from
    ``hmvc`` and ``fmvn``, and operations written back."""
    chess = python_chess()
    from conftest import pgn_dir

    suites = sorted((pgn_dir().parent / "epd").rglob("*.epd"))
    assert suites
    records = 0
    for suite in suites:
        for line in suite.read_text(encoding="latin-1").splitlines():
            if not line.strip():
                continue
            try:
                theirs, expected = chess.Board.from_epd(line)
            except ValueError:
                continue
            ours, got = chessnote.Board.from_epd(line, chess960=theirs.chess960)
            plain = lambda ops: {k: ([m.uci() for m in v] if isinstance(v, list)
                                     else v.uci() if hasattr(v, "uci") else v)
                                 for k, v in ops.items()}
            assert plain(got) == plain(expected), line
            assert ours.fen() == theirs.fen(), line
            records += 1
            if records % 5 == 0:
                back = {k: v for k, v in expected.items()}
                mine = {k: ([chessnote.Move.from_uci(m.uci()) for m in v] if isinstance(v, list)
                            else chessnote.Move.from_uci(v.uci()) if hasattr(v, "uci") else v)
                        for k, v in back.items()}
                assert ours.epd(**mine) == theirs.epd(**back), line
    assert records > 500, records
    board = chessnote.Board()
    assert board.epd(bm=board.parse_uci("d2d4"), c0="say \"hi\"\n", n=1.5, z=None, pv=[
        board.parse_uci("e2e4")]) == chess.Board().epd(
        bm=chess.Move.from_uci("d2d4"), c0="say \"hi\"\n", n=1.5, z=None,
        pv=[chess.Move.from_uci("e2e4")])
