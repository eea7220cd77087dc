"""``chessnote.variant`` against python-chess's ``chess.variant`` (issue 34).

Random games in each of Lichess's seven variants, played by python-chess
from a fixed seed: at every ply both boards agree on the legal moves, the
SAN of each, the FEN (python-chess's spelling: pockets in brackets,
three-check's counters before the clocks), check, checkmate, stalemate,
insufficient material, the variant's end, the outcome, the pockets and the
remaining checks; taking the moves back gives the FENs back. Then the
class attributes, ``find_variant``, a variant game's ``board()`` and the
readers' ``variant=``.
"""

from __future__ import annotations

import random

import pytest

import chessnote
import chessnote.variant
from conftest import python_chess

NAMES = ["CrazyhouseBoard", "AtomicBoard", "AntichessBoard", "ThreeCheckBoard",
         "KingOfTheHillBoard", "HordeBoard", "RacingKingsBoard"]


def outcome(board):
    found = board.outcome()
    return None if found is None else (found.termination.name, found.winner)


def compare(ours, theirs, where: str) -> None:
    assert ours.fen() == theirs.fen(), where
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(
        m.uci() for m in theirs.legal_moves), where
    for name in ("is_check", "is_checkmate", "is_stalemate", "is_insufficient_material",
                 "is_variant_end", "is_variant_win", "is_variant_loss", "is_variant_draw",
                 "is_game_over"):
        assert getattr(ours, name)() == getattr(theirs, name)(), f"{where}: {name}"
    assert outcome(ours) == outcome(theirs), where
    for color in (True, False):
        assert ours.has_insufficient_material(color) == theirs.has_insufficient_material(color), \
            where
    assert ours.turn == theirs.turn and ours.ep_square == theirs.ep_square, where
    if hasattr(theirs, "pockets"):
        assert [str(p) for p in ours.pockets] == [str(p) for p in theirs.pockets], where
        for color in (True, False):
            for piece_type in range(1, 6):
                assert ours.pockets[color].count(piece_type) == \
                    theirs.pockets[color].count(piece_type), where
    if hasattr(theirs, "remaining_checks"):
        assert list(ours.remaining_checks) == list(theirs.remaining_checks), where


@pytest.mark.parametrize("name", NAMES)
def test_random_games_agree_with_python_chess(name):
    chess = python_chess()
    import chess.variant

    theirs_class = getattr(chess.variant, name)
    ours_class = getattr(chessnote.variant, name)
    rng = random.Random(f"chessnote {name}")
    plies = 0
    for game in range(12):
        ours, theirs = ours_class(), theirs_class()
        fens = [theirs.fen()]
        for ply in range(160):
            where = f"{name} game {game} ply {ply}: {theirs.fen()}"
            compare(ours, theirs, where)
            if theirs.is_game_over():
                break
            for move in theirs.legal_moves:
                ours_move = chessnote.Move.from_uci(move.uci())
                assert ours.san(ours_move) == theirs.san(move), f"{where}: {move}"
            move = rng.choice(list(theirs.legal_moves))
            san = theirs.san(move)
            theirs.push(move)
            assert ours.push_san(san).uci() == move.uci(), where
            fens.append(theirs.fen())
            plies += 1
        # Taking back every move gives every FEN back.
        while ours.move_stack:
            fens.pop()
            ours.pop()
            assert ours.fen() == fens[-1], name
    assert plies > 300


def test_class_attributes_and_find_variant_are_python_chess_s():
    chess = python_chess()
    import chess.variant

    for name in NAMES:
        ours, theirs = getattr(chessnote.variant, name), getattr(chess.variant, name)
        for attribute in ("uci_variant", "xboard_variant", "aliases", "starting_fen"):
            assert getattr(ours, attribute) == getattr(theirs, attribute), (name, attribute)
        assert ours().fen() == theirs().fen() == ours.starting_fen
        for alias in theirs.aliases + [theirs.uci_variant, theirs.uci_variant.upper()]:
            assert chessnote.variant.find_variant(alias) is ours, alias
    assert chessnote.variant.find_variant("chess") is chessnote.Board
    for name in ("giveaway", "suicide", "shogi"):
        with pytest.raises(ValueError):
            chessnote.variant.find_variant(name)


def test_fens_read_in_both_spellings_and_boards_copy_as_their_class():
    board = chessnote.variant.ThreeCheckBoard(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+0")
    assert board.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1"
    assert board.lichess_fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+0"
    assert board.remaining_checks == [3, 2]
    house = chessnote.variant.CrazyhouseBoard("4k3/8/8/8/8/8/8/4K3/Nq w - - 0 1")
    assert house.fen() == "4k3/8/8/8/8/8/8/4K3[Nq] w - - 0 1"
    assert house.eran(chessnote.Move.from_uci("N@f6"), short=True) == "N @f6"
    house.push_san("N@f6+")
    copy = house.copy()
    assert type(copy) is chessnote.variant.CrazyhouseBoard
    assert copy.move_stack == house.move_stack and copy == house
    assert copy.copy(stack=False).move_stack == []
    assert repr(house) == "CrazyhouseBoard('4k3/8/5N2/8/8/8/8/4K3[q] b - - 1 1')"
    with pytest.raises(chessnote.IllegalMoveError):
        house.push_uci("N@e2")
    with pytest.raises(ValueError):
        chessnote.variant.CrazyhouseBoard(None)
    with pytest.raises(chessnote.FenError):
        chessnote.variant.AtomicBoard("not a fen")


def test_a_variant_game_s_board_is_its_variant_s():
    chess = python_chess()
    import chess.variant

    # 2. exd5 explodes both pawns; 2... Qxd2 explodes White's king.
    text = b'[Variant "Atomic"]\n\n1. e4 d5 2. exd5 Qxd2 0-1\n'
    game = next(iter(chessnote.read_pgn(text)))
    board = game.board()
    assert type(board) is chessnote.variant.AtomicBoard
    theirs = chess.variant.AtomicBoard()
    for san in ["e4", "d5", "exd5", "Qxd2"]:
        theirs.push_san(san)
    assert board.fen() == theirs.fen()
    assert [m.uci() for m in board.move_stack] == ["e2e4", "d7d5", "e4d5", "d8d2"]
    assert outcome(board) == outcome(theirs) == ("VARIANT_LOSS", False)


def test_readers_read_untagged_games_by_the_variant_given():
    text = b"1. e4 d5 2. exd5 Qxd5 3. P@e4 *\n"
    plain = next(iter(chessnote.read_pgn(text)))
    assert plain.errors, "a drop is no move of chess"
    game = next(iter(chessnote.read_pgn(text, variant="crazyhouse")))
    assert game.errors == [] and game.headers["Variant"] == "Crazyhouse"
    assert type(game.board()) is chessnote.variant.CrazyhouseBoard
    pyarrow = pytest.importorskip("pyarrow")
    table = chessnote.read_table(text, variant="crazyhouse", columns=["Variant", "Plies", "status"])
    rows = pyarrow.table(table).to_pylist()
    assert rows == [{"Variant": "Crazyhouse", "Plies": 5, "status": "ok"}]
    for name in ("giveaway", "shogi"):
        with pytest.raises(ValueError):
            chessnote.read_pgn(text, variant=name)


def test_a_variant_tree_s_boards_are_python_chess_s():
    chess = python_chess()
    import io

    import chess.pgn
    import chess.variant

    import chessnote.pgn

    text = ('[Variant "Crazyhouse"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1"]\n'
            '[SetUp "1"]\n\n1. e4 N@e5 (1... d5 2. exd5 Qxd5 3. P@e4) 2. N@f3 Nxf3+ 3. gxf3 *\n')
    ours = chessnote.pgn.read_game(io.StringIO(text))
    theirs = chess.pgn.read_game(io.StringIO(text))
    assert ours.headers.variant() is chessnote.variant.CrazyhouseBoard
    assert ours.headers.board().fen() == theirs.headers.board().fen()
    pending, seen = [(ours, theirs)], 0
    while pending:
        node, other = pending.pop()
        board = node.board()
        assert type(board) is chessnote.variant.CrazyhouseBoard
        assert board.fen() == other.board().fen()
        assert [m.uci() for m in board.move_stack] == [m.uci() for m in other.board().move_stack]
        assert len(node.variations) == len(other.variations)
        pending.extend(zip(node.variations, other.variations))
        seen += 1
    assert seen == 10


def test_variant_boards_draw_their_pockets_and_counters():
    import chessnote.svg

    house = chessnote.variant.CrazyhouseBoard("4k3/8/8/8/8/8/8/4K3[NNq] w - - 0 1")
    house.push_san("N@e6")
    svg = house.svg()
    assert 'viewBox="0 -45 360 450"' in svg
    assert 'class="pocket white knight"' in svg and 'class="pocket black queen"' in svg
    assert 'class="square light lastmove e6"' in svg
    assert svg == house._repr_svg_()
    assert 'class="pocket white knight"' in chessnote.svg.board(house)
    three = chessnote.variant.ThreeCheckBoard("4k3/8/8/8/8/8/8/4K3 w - - 1+3 0 1")
    assert ">1 check to give</text>" in three.svg() and ">3 checks to give</text>" in three.svg()
    atomic = chessnote.variant.AtomicBoard()
    assert 'viewBox="0 0 360 360"' in atomic.svg()
    assert atomic.king(True) == 4 and chessnote.variant.HordeBoard().king(True) is None
    with pytest.raises(TypeError):
        chessnote.svg.board("not a board")


def test_board_s_variant_names_its_class():
    assert chessnote.Board(variant="standard") == chessnote.Board()
    assert chessnote.Board(variant="chess960").chess960
    with pytest.raises(ValueError, match=r"chessnote\.variant\.AtomicBoard"):
        chessnote.Board(variant="atomic")
    with pytest.raises(ValueError, match=r"chessnote\.variant\.ThreeCheckBoard"):
        chessnote.Board(variant="Three-check")
    with pytest.raises(ValueError):
        chessnote.Board(variant="shogi")


SHUFFLES = {
    "RacingKingsBoard": ["e2d4", "d2b3", "d4e2", "b3d2"],
    # White has only pawns: its moves reset the clock, Black's knight
    # comes back between them (White's moves are filled in as played).
    "HordeBoard": ["pawn", "g8f6", "pawn", "f6g8"],
}


@pytest.mark.parametrize("name", NAMES)
def test_repetitions_are_python_chess_s(name):
    chess = python_chess()
    import chess.variant

    ours, theirs = getattr(chessnote.variant, name)(), getattr(chess.variant, name)()
    cycle = SHUFFLES.get(name, ["g1f3", "g8f6", "f3g1", "f6g8"])
    for ply, uci in enumerate(cycle * 5):
        if uci == "pawn":
            uci = min(m.uci() for m in theirs.legal_moves
                      if theirs.piece_type_at(m.from_square) == chess.PAWN)
        theirs.push(chess.Move.from_uci(uci))
        ours.push(chessnote.Move.from_uci(uci))
        where = f"{name} ply {ply}: {theirs.fen()}"
        assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition(), \
            where
        assert ours.is_fivefold_repetition() == theirs.is_fivefold_repetition(), where
        assert outcome_claimed(ours) == outcome_claimed(theirs), where
    if name == "HordeBoard":
        assert not ours.can_claim_threefold_repetition()
    else:
        assert ours.outcome().termination.name == "FIVEFOLD_REPETITION"


def outcome_claimed(board):
    found = board.outcome(claim_draw=True)
    return None if found is None else (found.termination.name, found.winner)
