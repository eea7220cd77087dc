//! python-chess's `chess.variant` boards: a Lichess variant's position and
//! the moves played to reach it, over chessnote's `VariantPosition`. The
//! classes with python-chess's names (`AtomicBoard`, `CrazyhouseBoard`, …)
//! are in `chessnote/variant.py`, each a subclass of this one.

use chessnote::eran::Style;
use chessnote::fen::VariantSetup;
use chessnote::pgn;
use chessnote::position::{
    CastlingMode, MoveErrorKind, Notation, Termination, VariantPosition, WriteNotation,
};
use chessnote::san::SanOptions;
use chessnote::uci::Uci;
use chessnote::{Color, Move, PieceKind, Variant};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use crate::errors::{self, PositionError};
use crate::moves::{PyMove, PyPiece, color_of, square};
use crate::outcome::PyOutcome;

/// The rules a variant's name (any name the `Variant` tag takes) is
/// played by; ValueError for a name that is no variant, or one whose rules
/// are not played (python-chess's giveaway and suicide).
pub fn rules(name: &str) -> PyResult<Variant> {
    tag(name)?
        .rules()
        .ok_or_else(|| PyValueError::new_err(format!("`{name}`: its rules are not played here")))
}

/// A variant's name as the `Variant` tag reads it (Chess960 included),
/// for the readers' `variant=`; ValueError as [`rules`] gives it.
pub fn tag(name: &str) -> PyResult<pgn::tags::Variant> {
    let tag = pgn::tags::Variant::from_ascii(name.as_bytes())
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if tag.rules().is_none() {
        return Err(PyValueError::new_err(format!(
            "`{name}`: its rules are not played here"
        )));
    }
    Ok(tag)
}

/// `Board(fen, variant=NAME)`: whether NAME is Chess960 (standard chess
/// and no name are not). A Lichess variant's board is
/// `chessnote.variant`'s class (a `Board` plays chess, as python-chess's
/// does): ValueError naming it; another name is a ValueError too.
pub fn board_variant(name: Option<&str>) -> PyResult<bool> {
    let Some(name) = name else {
        return Ok(false);
    };
    let tag = tag(name)?;
    let class = match tag.rules() {
        Some(Variant::Standard) | None => return Ok(tag.is_chess960()),
        Some(Variant::Crazyhouse) => "CrazyhouseBoard",
        Some(Variant::Atomic) => "AtomicBoard",
        Some(Variant::Antichess) => "AntichessBoard",
        Some(Variant::ThreeCheck) => "ThreeCheckBoard",
        Some(Variant::KingOfTheHill) => "KingOfTheHillBoard",
        Some(Variant::Horde) => "HordeBoard",
        Some(Variant::RacingKings) => "RacingKingsBoard",
    };
    Err(PyValueError::new_err(format!(
        "variant={name:?}: a Board plays chess; the board of {} is \
         chessnote.variant.{class}(fen), as in python-chess",
        tag.pgn_name()
    )))
}

/// The rules `game` is played by, from its `Variant` tag.
pub fn of_game(game: &pgn::Game) -> Variant {
    game.tag("Variant")
        .and_then(|name| pgn::tags::Variant::from_ascii(name.trim().as_bytes()).ok())
        .and_then(pgn::tags::Variant::rules)
        .unwrap_or_default()
}

/// A Lichess variant's board and the moves played (python-chess's names):
/// the base of `chessnote.variant`'s `CrazyhouseBoard`, `AtomicBoard`,
/// `AntichessBoard`, `ThreeCheckBoard`, `KingOfTheHillBoard`, `HordeBoard`
/// and `RacingKingsBoard`.
#[pyclass(name = "VariantBoard", module = "chessnote", subclass, from_py_object)]
#[derive(Clone)]
pub struct PyVariantBoard {
    position: VariantPosition,
    /// The positions before each move played, and the moves.
    stack: Vec<(VariantPosition, Uci)>,
}

impl PyVariantBoard {
    /// The board after `game`'s moves, with them on the stack, as an
    /// instance of `chessnote.variant`'s class for `variant`.
    pub fn after(py: Python<'_>, game: &pgn::Game, variant: Variant) -> PyResult<Py<PyAny>> {
        let mode = if game.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let start = match game.tag("FEN") {
            Some(fen) => {
                let setup = VariantSetup::from_ascii(fen.trim().as_bytes())
                    .map_err(|err| errors::fen_error(py, &err))?;
                VariantPosition::from_variant_setup(&setup, variant, mode)
                    .map_err(|err| PositionError::new_err(err.to_string()))?
            }
            None => VariantPosition::new(variant),
        };
        let moves: Vec<Option<Move>> = game
            .moves
            .iter()
            .take_while(|m| m.played)
            .map(|m| m.mv)
            .collect();
        PyVariantBoard::replayed(py, start, &moves)
    }

    /// The board after `moves` (`None`: a null move) played from `start`,
    /// with them on the stack, as an instance of `chessnote.variant`'s class
    /// for the variant.
    pub fn replayed(
        py: Python<'_>,
        start: VariantPosition,
        moves: &[Option<Move>],
    ) -> PyResult<Py<PyAny>> {
        let variant = start.variant();
        if variant == Variant::Standard {
            let board = crate::board::PyBoard::replayed(start.position(), moves)?;
            return Ok(Py::new(py, board)?.into_any());
        }
        let mut board = PyVariantBoard {
            position: start,
            stack: Vec::new(),
        };
        for &mv in moves {
            board.step(mv)?;
        }
        let class = py
            .import("chessnote.variant")?
            .getattr("find_variant")?
            .call1((variant.uci_name(),))?;
        let instance = class.call0()?;
        *instance.cast::<PyVariantBoard>()?.borrow_mut() = board;
        Ok(instance.unbind())
    }

    fn mode(&self) -> CastlingMode {
        self.position.position().castling_mode()
    }

    fn uci_of(&self, mv: Move) -> Uci {
        Uci::from_move(mv, self.mode())
    }

    /// Plays a legal move, or the null move (`None`).
    fn step(&mut self, mv: Option<Move>) -> PyResult<()> {
        let before = self.position.clone();
        let uci = match mv {
            Some(mv) => {
                self.position
                    .play(mv)
                    .map_err(|err| errors::IllegalMoveError::new_err(err.to_string()))?;
                self.uci_of(mv)
            }
            None => {
                if !self.position.play_null() {
                    return Err(errors::IllegalMoveError::new_err(format!(
                        "a null move in check, in {}",
                        before.to_variant_setup()
                    )));
                }
                Uci::Null
            }
        };
        self.stack.push((before, uci));
        Ok(())
    }

    /// The legal move `mv` names, `None` for the null move.
    fn resolve(&self, py: Python<'_>, mv: &PyMove) -> PyResult<Option<Move>> {
        if mv.0 == Uci::Null {
            return Ok(None);
        }
        self.position
            .uci_to_move(mv.0)
            .map(Some)
            .map_err(|err| errors::move_error(py, &err))
    }

    /// The legal move `text` names in `notation`, `None` for the null move.
    fn parse(&self, py: Python<'_>, notation: Notation, text: &str) -> PyResult<Option<Move>> {
        match self
            .position
            .parse_move(notation, text.as_bytes(), SanOptions::STRICT)
        {
            Ok((mv, _)) => Ok(Some(mv)),
            Err(err) if err.kind() == MoveErrorKind::Null => Ok(None),
            Err(err) => Err(errors::move_error(py, &err)),
        }
    }

    fn py_move(&self, mv: Option<Move>) -> PyMove {
        PyMove(mv.map_or(Uci::Null, |mv| self.uci_of(mv)))
    }

    fn write(&self, py: Python<'_>, mv: &PyMove, notation: WriteNotation) -> PyResult<String> {
        let Some(resolved) = self.resolve(py, mv)? else {
            return Ok(if notation.notation() == Notation::Uci {
                "0000"
            } else {
                "--"
            }
            .to_owned());
        };
        self.position
            .write_move(notation, resolved)
            .ok_or_else(|| PyValueError::new_err(format!("{}: no text for this move", mv.0)))
    }

    /// What repeats: the position without its clocks.
    fn repetition_key(position: &VariantPosition) -> VariantSetup {
        let mut setup = position.to_variant_setup();
        setup.setup.halfmoves = 0;
        setup.setup.fullmoves = 1;
        setup
    }

    /// The position on the board, then those before it since the halfmove
    /// clock was last reset, without their clocks. A move that resets the
    /// clock (a pawn's move, a capture) cannot be undone, so no position
    /// before it comes back.
    fn repetition_keys(&self) -> Vec<VariantSetup> {
        let since = usize::from(self.halfmoves());
        core::iter::once(&self.position)
            .chain(
                self.stack
                    .iter()
                    .rev()
                    .take(since)
                    .map(|(before, _)| before),
            )
            .map(Self::repetition_key)
            .collect()
    }

    /// How many times the position now on the board has stood there.
    fn repetitions(&self) -> usize {
        let keys = self.repetition_keys();
        keys.iter().filter(|&key| *key == keys[0]).count()
    }

    fn halfmoves(&self) -> u16 {
        self.position.position().to_setup().halfmoves
    }

    /// The setup to write, its en-passant square as `en_passant` asks.
    fn setup_for(&self, en_passant: &str) -> PyResult<VariantSetup> {
        let mut setup = self.position.to_variant_setup();
        match en_passant {
            "fen" => {}
            "legal" => {
                setup.setup.ep_square = self
                    .position
                    .legal_moves()
                    .iter()
                    .find(|m| matches!(m, Move::EnPassant { .. }))
                    .map(|m| m.to());
            }
            other => {
                return Err(PyValueError::new_err(format!(
                    "en_passant={other:?}: \"legal\" or \"fen\""
                )));
            }
        }
        Ok(setup)
    }

    fn has_legal_moves(&self) -> bool {
        !self.position.legal_moves().is_empty()
    }
}

#[pymethods]
impl PyVariantBoard {
    /// The position of a variant FEN (either spelling of pockets and check
    /// counters), or the variant's start when `fen` is None. FenError for a
    /// FEN that does not read, PositionError for a position the variant
    /// does not allow, ValueError for an unknown variant.
    #[new]
    #[pyo3(signature = (fen = None, chess960 = false, *, variant))]
    fn new(py: Python<'_>, fen: Option<&str>, chess960: bool, variant: &str) -> PyResult<Self> {
        let variant = rules(variant)?;
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let position = match fen {
            None => VariantPosition::new(variant),
            Some(fen) => {
                let setup = VariantSetup::from_ascii(fen.as_bytes())
                    .map_err(|err| errors::fen_error(py, &err))?;
                VariantPosition::from_variant_setup(&setup, variant, mode)
                    .map_err(|err| PositionError::new_err(err.to_string()))?
            }
        };
        Ok(PyVariantBoard {
            position,
            stack: Vec::new(),
        })
    }

    /// The variant's UCI name (`atomic`, `3check`, …), python-chess's
    /// `uci_variant`.
    #[getter]
    fn uci_variant(&self) -> &'static str {
        self.position.variant().uci_name()
    }

    /// The variant's name as Lichess writes it in the `Variant` tag.
    #[getter]
    fn variant_name(&self) -> &'static str {
        self.position.variant().name()
    }

    /// Whether castling is Chess960's (king takes rook in UCI).
    #[getter]
    fn chess960(&self) -> bool {
        self.mode() == CastlingMode::Chess960
    }

    /// True when White is to move.
    #[getter]
    fn turn(&self) -> bool {
        self.position.turn() == Color::White
    }

    #[getter]
    fn fullmove_number(&self) -> u16 {
        self.position.position().to_setup().fullmoves
    }

    #[getter]
    fn halfmove_clock(&self) -> u16 {
        self.halfmoves()
    }

    /// The en-passant square, after a pawn's double step.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.position
            .position()
            .to_setup()
            .ep_square
            .map(|sq| sq.index())
    }

    /// The checks each side has still to give (three-check), indexed by
    /// color as python-chess's `remaining_checks`: `[BLACK, WHITE]`.
    #[getter]
    fn remaining_checks(&self) -> [u32; 2] {
        [
            u32::from(self.position.checks_left(Color::Black)),
            u32::from(self.position.checks_left(Color::White)),
        ]
    }

    /// How many of each piece a side has in hand (crazyhouse), pawn to
    /// queen: what `chessnote.variant.CrazyhousePocket` counts.
    fn _pocket_counts(&self, color: bool) -> [u32; 5] {
        let pockets = self.position.pockets();
        let color = color_of(color);
        [
            PieceKind::Pawn,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ]
        .map(|kind| u32::from(pockets.count(kind.of(color))))
    }

    /// The squares of pieces that were pawns (crazyhouse), as a mask.
    #[getter]
    fn promoted(&self) -> u64 {
        self.position.promoted().0
    }

    /// The FEN, as python-chess writes it: pockets in brackets
    /// (`…/RNBQKBNR[Qn] w …`), three-check's checks still to give after
    /// the en-passant square (`- 3+3 0 1`), promoted pieces marked `~`;
    /// the en-passant square where a capture there is legal
    /// (`en_passant="legal"`), or after every double step (`"fen"`).
    #[pyo3(signature = (*, en_passant = "legal"))]
    fn fen(&self, en_passant: &str) -> PyResult<String> {
        Ok(self.setup_for(en_passant)?.bracketed().to_string())
    }

    /// The FEN as Lichess writes it (`…/RNBQKBNR/Qn w …`, `+0+0` at the
    /// end): what `chessnote` writes elsewhere.
    #[pyo3(signature = (*, en_passant = "legal"))]
    fn lichess_fen(&self, en_passant: &str) -> PyResult<String> {
        Ok(self.setup_for(en_passant)?.to_string())
    }

    /// The placement field of the FEN.
    #[pyo3(signature = (*, promoted = false))]
    fn board_fen(&self, promoted: bool) -> String {
        let mut setup = self.position.to_variant_setup();
        setup.pockets = None;
        setup.checks_left = None;
        if !promoted {
            setup.promoted = chessnote::SquareSet::EMPTY;
        }
        let fen = setup.to_string();
        fen.split(' ').next().unwrap_or_default().to_owned()
    }

    /// The piece on a square, or None.
    fn piece_at(&self, square: u8) -> PyResult<Option<PyPiece>> {
        Ok(self
            .position
            .position()
            .to_setup()
            .board
            .get(self::square(square)?)
            .map(PyPiece))
    }

    /// The legal moves, in chessnote's order.
    #[getter]
    fn legal_moves(&self) -> Vec<PyMove> {
        self.position
            .legal_moves()
            .into_iter()
            .map(|mv| PyMove(self.uci_of(mv)))
            .collect()
    }

    /// The moves played, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.stack.iter().map(|(_, uci)| PyMove(*uci)).collect()
    }

    /// The number of moves played from the starting FEN.
    fn ply(&self) -> usize {
        self.stack.len()
    }

    fn is_legal(&self, mv: &PyMove) -> bool {
        mv.0 != Uci::Null && self.position.uci_to_move(mv.0).is_ok()
    }

    /// Whether the side to move is in check (never in antichess and racing
    /// kings; in atomic, not when the kings touch).
    fn is_check(&self) -> bool {
        self.position.is_check()
    }

    fn is_checkmate(&self) -> bool {
        self.position.is_check() && !self.has_legal_moves()
    }

    fn is_stalemate(&self) -> bool {
        !self.position.is_check() && !self.is_variant_end() && !self.has_legal_moves()
    }

    /// Whether the game ended by the variant's own rule (an exploded king,
    /// the third check, a king on the hill or the eighth rank, antichess's
    /// last piece, horde's last pawn). As in python-chess, a stalemated
    /// antichess side wins (`is_variant_win`) but the variant has not
    /// ended: it is a stalemate.
    fn is_variant_end(&self) -> bool {
        self.position.variant_outcome().is_some()
    }

    /// Whether the side to move won by the variant's rules.
    fn is_variant_win(&self) -> bool {
        self.variant_result() == Some(Some(self.position.turn()))
    }

    /// Whether the side to move lost by the variant's rules.
    fn is_variant_loss(&self) -> bool {
        self.variant_result() == Some(Some(!self.position.turn()))
    }

    /// Whether the game is drawn by the variant's rules.
    fn is_variant_draw(&self) -> bool {
        self.variant_result() == Some(None)
    }

    fn is_insufficient_material(&self) -> bool {
        self.position.is_insufficient_material()
    }

    fn has_insufficient_material(&self, color: bool) -> bool {
        self.position.has_insufficient_material(color_of(color))
    }

    fn is_seventyfive_moves(&self) -> bool {
        self.halfmoves() >= 150 && self.has_legal_moves()
    }

    fn is_fivefold_repetition(&self) -> bool {
        self.repetitions() >= 5
    }

    fn can_claim_fifty_moves(&self) -> bool {
        self.halfmoves() >= 100 && self.has_legal_moves()
    }

    /// Whether the side to move may claim a threefold repetition: the
    /// position occurred three times, or a legal move reaches one that
    /// occurred twice.
    fn can_claim_threefold_repetition(&self) -> bool {
        let keys = self.repetition_keys();
        let seen = |key: &VariantSetup| keys.iter().filter(|&k| k == key).count();
        if seen(&keys[0]) >= 3 {
            return true;
        }
        self.position.legal_moves().into_iter().any(|mv| {
            let mut next = self.position.clone();
            next.play_unchecked(mv);
            // Twice before (the current position among them): the move
            // makes it three times.
            seen(&Self::repetition_key(&next)) >= 2
        })
    }

    fn can_claim_draw(&self) -> bool {
        self.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }

    /// How the game ended, or None: the variant's end, checkmate,
    /// insufficient material, stalemate, then the seventy-five-move rule
    /// and fivefold repetition, then (with `claim_draw`) the draws that may
    /// be claimed, in python-chess's order.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome(&self, claim_draw: bool) -> Option<PyOutcome> {
        crate::outcome::outcome(
            self.position.outcome(),
            claim_draw,
            crate::outcome::DrawRules {
                seventyfive: &|| self.is_seventyfive_moves(),
                fivefold: &|| self.is_fivefold_repetition(),
                fifty: &|| self.can_claim_fifty_moves(),
                threefold: &|| self.can_claim_threefold_repetition(),
            },
        )
    }

    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome(claim_draw).is_some()
    }

    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        self.outcome(claim_draw).map_or("*", |o| o.result())
    }

    /// Plays a legal move; IllegalMoveError otherwise.
    fn push(&mut self, py: Python<'_>, mv: &PyMove) -> PyResult<()> {
        let resolved = self.resolve(py, mv)?;
        self.step(resolved)
    }

    /// Plays a SAN move (`N@f3` for a drop) and returns it.
    fn push_san(&mut self, py: Python<'_>, san: &str) -> PyResult<PyMove> {
        let mv = self.parse(py, Notation::San, san)?;
        self.step(mv)?;
        Ok(self.py_move(mv))
    }

    /// Plays a UCI move (`N@f3` for a drop) and returns it.
    fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<PyMove> {
        let mv = self.parse(py, Notation::Uci, uci)?;
        self.step(mv)?;
        Ok(self.py_move(mv))
    }

    /// Takes back the last move; IndexError when there is none.
    fn pop(&mut self) -> PyResult<PyMove> {
        let (before, uci) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        self.position = before;
        Ok(PyMove(uci))
    }

    /// The last move played; IndexError when there is none.
    fn peek(&self) -> PyResult<PyMove> {
        self.stack
            .last()
            .map(|(_, uci)| PyMove(*uci))
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))
    }

    fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<PyMove> {
        Ok(self.py_move(self.parse(py, Notation::San, san)?))
    }

    fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<PyMove> {
        Ok(self.py_move(self.parse(py, Notation::Uci, uci)?))
    }

    /// A move in `notation` (`san`, `lan`, `uci` or `eran`).
    fn parse_move(&self, py: Python<'_>, text: &str, notation: &str) -> PyResult<PyMove> {
        let notation = crate::moves::notation_named(notation)?;
        Ok(self.py_move(self.parse(py, notation, text)?))
    }

    fn san(&self, py: Python<'_>, mv: &PyMove) -> PyResult<String> {
        self.write(py, mv, Notation::San.into())
    }

    fn lan(&self, py: Python<'_>, mv: &PyMove) -> PyResult<String> {
        self.write(py, mv, Notation::Lan.into())
    }

    fn uci(&self, py: Python<'_>, mv: &PyMove) -> PyResult<String> {
        self.write(py, mv, Notation::Uci.into())
    }

    /// The move in ERAN (`Knight @f3`; `N @f3` with `short`; antichess's
    /// `Pawn e7-e8 ->King`).
    #[pyo3(signature = (mv, *, short = false))]
    fn eran(&self, py: Python<'_>, mv: &PyMove, short: bool) -> PyResult<String> {
        let style = if short { Style::Short } else { Style::Verbose };
        self.write(py, mv, WriteNotation::eran(style))
    }

    /// The move in `notation` (`san`, `lan`, `uci`, `eran`, `eran-short`).
    fn write_move(&self, py: Python<'_>, mv: &PyMove, notation: &str) -> PyResult<String> {
        let notation = crate::moves::write_notation_named(notation)?;
        self.write(py, mv, notation)
    }

    /// The board as an SVG picture (chessnote's own piece set), with the
    /// pockets (crazyhouse) or the checks to give (three-check) beside it:
    /// as `Board.svg`, the last move played and the king in check marked
    /// unless turned off, `arrows` and `squares` as `[%cal]`/`[%csl]` write
    /// them, `colors` by name.
    #[pyo3(signature = (*, size=360, flipped=false, lastmove=true, check=true,
                        coordinates=true, arrows=Vec::new(), squares=Vec::new(), colors=None))]
    #[allow(clippy::too_many_arguments)]
    fn svg(
        &self,
        py: Python<'_>,
        size: u32,
        flipped: bool,
        lastmove: bool,
        check: bool,
        coordinates: bool,
        arrows: Vec<String>,
        squares: Vec<String>,
        colors: Option<std::collections::HashMap<String, String>>,
    ) -> PyResult<String> {
        let mut diagram = self.diagram();
        if !check {
            diagram.check = None;
        }
        let last = match self.stack.last() {
            Some((_, Uci::Normal { from, to, .. })) if lastmove => Some((*from, *to)),
            Some((_, Uci::Drop { to, .. })) if lastmove => Some((*to, *to)),
            _ => None,
        };
        crate::svg::board_svg(
            py,
            diagram,
            last,
            flipped,
            coordinates,
            &arrows,
            &squares,
            size,
            colors,
        )
    }

    /// The SVG picture, for Jupyter.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(
            py,
            360,
            false,
            true,
            true,
            true,
            Vec::new(),
            Vec::new(),
            None,
        )
    }

    /// The square of `color`'s king, or None (an exploded one, the horde's).
    fn king(&self, color: bool) -> Option<u8> {
        let board = self.position.position().to_setup().board;
        board
            .pieces()
            .find(|(_, piece)| *piece == PieceKind::King.of(color_of(color)))
            .map(|(square, _)| square.index())
    }

    /// Takes `other`'s position, and its moves with `stack` (the copies
    /// of `chessnote.variant`'s classes, which stay of their class).
    fn _assign(&mut self, other: &Self, stack: bool) {
        self.position = other.position.clone();
        self.stack = if stack {
            other.stack.clone()
        } else {
            Vec::new()
        };
    }

    /// The board as python-chess prints it: rank 8 first, FEN letters, `.`
    /// for an empty square.
    fn __str__(&self) -> String {
        crate::board::board_text(self.position.position().to_setup().board)
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let class = slf.get_type().name()?;
        let board = slf.borrow();
        let chess960 = if board.chess960() {
            ", chess960=True"
        } else {
            ""
        };
        Ok(format!("{class}('{}'{chess960})", board.fen("legal")?))
    }

    /// Equal as python-chess's boards are: the same variant, pieces,
    /// pockets, checks, side to move, castling rights, en passant and
    /// counters (the moves played do not count).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyVariantBoard>().is_ok_and(|o| {
            let o = o.borrow();
            o.position.variant() == self.position.variant()
                && o.position.to_variant_setup() == self.position.to_variant_setup()
        })
    }
}

impl PyVariantBoard {
    /// The position's diagram: the board, the king in check, the pockets
    /// and check counters.
    pub(crate) fn diagram(&self) -> chessnote::Diagram {
        self.position.diagram()
    }

    /// The winner of the variant's own end (`Some(None)`: a draw).
    fn variant_result(&self) -> Option<Option<Color>> {
        let outcome = self.position.outcome()?;
        matches!(
            outcome.termination,
            Termination::VariantWin | Termination::VariantLoss | Termination::VariantDraw
        )
        .then_some(outcome.winner)
    }
}
