//! Lichess's variants over the standard move generator: each variant's
//! rules as a filter or an addition to the standard moves, its end of game
//! and its outcome, as python-chess's `chess.variant` defines them.
//!
//! Standard chess, king of the hill and three-check move as chess does;
//! racing kings drops the moves that give check; horde adds the first-rank
//! double step of White's pawns and lets a side without a king move freely;
//! antichess makes captures compulsory and the king an ordinary piece;
//! atomic explodes captures and is checked by playing each move;
//! crazyhouse adds the drops of the pieces in hand.

use alloc::vec::Vec;

use super::board::{Chessboard, MoveSink};
use super::{
    CastlingMode, IllegalMoveError, MoveError, MoveErrorKind, Outcome, Position, PositionError,
    Problem, Problems, Termination, attacks, validate,
};
use crate::fen::{Pockets, VariantSetup};
use crate::uci::Uci;
use crate::{CastlingSide, Color, Move, PieceKind, Setup, Square, SquareSet, Variant};

const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF << 56;
const BACK_RANKS: u64 = RANK_1 | RANK_8;
/// d4, e4, d5, e5: where a king wins king of the hill.
const CENTRE: u64 = 0x0000_0018_1800_0000;

/// A position of a variant: the board, the variant, and what the variant
/// counts besides (the checks left in three-check).
///
/// ```
/// use chessnote::Variant;
/// use chessnote::position::{CastlingMode, VariantPosition};
/// use chessnote::uci::Uci;
///
/// // Antichess: after 1. e3 b5, White must take (Bxb5).
/// let mut position = VariantPosition::new(Variant::Antichess);
/// for uci in ["e2e3", "b7b5"] {
///     let uci: Uci = uci.parse()?;
///     let legal = position.legal_moves();
///     let mv = legal.iter().find(|&&m| Uci::from_move(m, CastlingMode::Standard) == uci);
///     position.play(*mv.unwrap())?;
/// }
/// let moves = position.legal_moves();
/// assert_eq!(moves.len(), 1);
/// assert_eq!(Uci::from_move(moves[0], CastlingMode::Standard).to_string(), "f1b5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VariantPosition {
    position: Position,
    variant: Variant,
    /// Three-check: the checks each side has still to give to win, by
    /// color (3 each at the start).
    checks_left: [u8; 2],
    /// Crazyhouse: the pieces in hand.
    pockets: Pockets,
    /// Crazyhouse: the squares of pieces that were pawns.
    promoted: u64,
}

impl VariantPosition {
    /// The variant's starting position (standard chess's, but for horde
    /// and racing kings; antichess starts without castling rights).
    ///
    /// ```
    /// use chessnote::Variant;
    /// use chessnote::position::VariantPosition;
    /// assert_eq!(VariantPosition::new(Variant::Horde).legal_moves().len(), 8);
    /// ```
    pub fn new(variant: Variant) -> VariantPosition {
        let mut board = Chessboard::startpos();
        let setup = match variant {
            Variant::Horde => {
                Some("rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1")
            }
            Variant::RacingKings => Some("8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"),
            Variant::Antichess => Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
            _ => None,
        };
        if let Some(fen) = setup
            && let Ok(setup) = fen.parse::<Setup>()
        {
            let bits = validate::Bits::new(&setup);
            let rights = [[Some(crate::File::H), Some(crate::File::A)]; 2];
            let castling = match variant {
                // Black's rights only.
                Variant::Horde => [[None, None], rights[1]],
                _ => [[None, None]; 2],
            };
            board = Chessboard::new(bits.kinds, bits.colors, Color::White, castling, None);
        }
        VariantPosition {
            position: Position {
                board,
                halfmoves: 0,
                fullmoves: 1,
                mode: CastlingMode::Standard,
            },
            variant,
            checks_left: [3, 3],
            pockets: Pockets::EMPTY,
            promoted: 0,
        }
    }

    /// The position of a setup in `variant`, if it is legal there: the
    /// standard rules of validation but those the variant lifts (no king
    /// in antichess, none for White in horde, a king exploded in atomic,
    /// kings side by side in atomic, more than eight pawns in crazyhouse),
    /// and those it adds (no check in racing kings). Crazyhouse starts
    /// with empty pockets, three-check with three checks to give each: a
    /// [`VariantSetup`] says otherwise.
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming the problems.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::Variant;
    /// use chessnote::position::{CastlingMode, VariantPosition};
    ///
    /// let setup: Setup = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1".parse()?;
    /// let position = VariantPosition::from_setup(&setup, Variant::RacingKings, CastlingMode::Standard)?;
    /// assert_eq!(position.legal_moves().len(), 21);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup(
        setup: &Setup,
        variant: Variant,
        mode: CastlingMode,
    ) -> Result<VariantPosition, PositionError> {
        VariantPosition::from_variant_setup(&VariantSetup::from(*setup), variant, mode)
    }

    /// The position of a variant FEN ([`VariantSetup`]): its pockets and
    /// promoted pieces in crazyhouse, its check counters in three-check
    /// (what the variant does not use is ignored; missing, they are empty
    /// pockets and 3 checks to give).
    ///
    /// # Errors
    ///
    /// As [`VariantPosition::from_setup`].
    ///
    /// ```
    /// use chessnote::fen::VariantSetup;
    /// use chessnote::Variant;
    /// use chessnote::position::{CastlingMode, VariantPosition};
    ///
    /// let setup: VariantSetup = "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1".parse()?;
    /// let position = VariantPosition::from_variant_setup(&setup, Variant::Crazyhouse, CastlingMode::Standard)?;
    /// assert_eq!(position.legal_moves().len(), 67);
    /// assert_eq!(position.to_variant_setup().to_string(), "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_variant_setup(
        fen: &VariantSetup,
        variant: Variant,
        mode: CastlingMode,
    ) -> Result<VariantPosition, PositionError> {
        let setup = &fen.setup;
        let bits = validate::Bits::new(setup);
        let mut castling = [[None; 2]; 2];
        let mut problems = validate::problems_of(setup, &bits, mode, &mut castling);
        let white_kingless = bits.of(Color::White, PieceKind::King).is_empty();
        let lifted = match variant {
            Variant::Antichess => Problems::EMPTY
                .with(Problem::NoWhiteKing)
                .with(Problem::NoBlackKing)
                .with(Problem::TooManyKings)
                .with(Problem::OppositeCheck)
                .with(Problem::TooManyCheckers)
                .with(Problem::ImpossibleCheck)
                .with(Problem::TooManyWhitePieces)
                .with(Problem::TooManyBlackPieces),
            Variant::Atomic => Problems::EMPTY
                .with(setup.turn.fold(Problem::NoWhiteKing, Problem::NoBlackKing))
                .with(Problem::OppositeCheck)
                .with(Problem::TooManyCheckers)
                .with(Problem::ImpossibleCheck),
            Variant::Crazyhouse => Problems::EMPTY
                .with(Problem::TooManyWhitePawns)
                .with(Problem::TooManyBlackPawns)
                .with(Problem::TooManyWhitePieces)
                .with(Problem::TooManyBlackPieces),
            Variant::Horde => {
                // White's pawns may stand on the first rank (not Black's,
                // and no pawn on the eighth).
                let pawns = bits.kinds[PieceKind::Pawn as usize];
                let stray = pawns & (RANK_8 | (RANK_1 & bits.colors[Color::Black as usize]));
                if stray == 0 {
                    problems = problems.without(Problem::PawnsOnBackRank);
                }
                Problems::EMPTY
                    .with(Problem::NoWhiteKing)
                    .with(Problem::TooManyWhitePawns)
                    .with(Problem::TooManyWhitePieces)
                    .with(Problem::ImpossibleCheck)
            }
            _ => Problems::EMPTY,
        };
        problems = problems.difference(lifted);
        if variant == Variant::Horde && !white_kingless {
            // A horde with a white king is standard chess in disguise: the
            // checks of the king still count.
            problems = problems.without(Problem::ImpossibleCheck);
        }
        let board = Chessboard::new(
            bits.kinds,
            bits.colors,
            setup.turn,
            castling,
            setup.ep_square,
        );
        if variant == Variant::RacingKings && board.checkers() != 0 {
            problems = problems.with(Problem::OppositeCheck);
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        Ok(VariantPosition {
            position: Position {
                board,
                halfmoves: setup.halfmoves,
                fullmoves: setup.fullmoves,
                mode,
            },
            variant,
            checks_left: fen.checks_left.unwrap_or([3, 3]).map(|n| n.min(3)),
            pockets: fen.pockets.unwrap_or_default(),
            promoted: fen.promoted.0 & bits.occupied,
        })
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The board, side to move, castling rights and counters, as a
    /// [`Position`] (its moves and status are standard chess's: ask this
    /// position for the variant's).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The setup of the position (without the pockets and counters, which
    /// [`VariantPosition::to_variant_setup`] has).
    pub fn to_setup(&self) -> Setup {
        self.position.to_setup()
    }

    /// The variant FEN of the position: pockets and promoted pieces in
    /// crazyhouse, check counters in three-check.
    pub fn to_variant_setup(&self) -> VariantSetup {
        let zh = self.variant == Variant::Crazyhouse;
        VariantSetup {
            setup: self.to_setup(),
            pockets: zh.then_some(self.pockets),
            promoted: if zh {
                SquareSet(self.promoted)
            } else {
                SquareSet::EMPTY
            },
            checks_left: (self.variant == Variant::ThreeCheck).then_some(self.checks_left),
        }
    }

    /// Crazyhouse: the pieces in hand.
    pub fn pockets(&self) -> Pockets {
        self.pockets
    }

    /// Crazyhouse: the pieces on the board that were pawns.
    pub fn promoted(&self) -> SquareSet {
        SquareSet(self.promoted)
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// Three-check: the checks `color` has still to give to win.
    pub fn checks_left(&self, color: Color) -> u8 {
        self.checks_left[color as usize]
    }

    /// Three-check: sets the checks each side has still to give (python-
    /// chess's `3+3` field; Lichess writes the checks given, `+0+0`).
    /// Values over 3 are taken as 3.
    pub fn set_checks_left(&mut self, white: u8, black: u8) {
        self.checks_left = [white.min(3), black.min(3)];
    }

    fn board(&self) -> &Chessboard {
        &self.position.board
    }

    /// Whether the side to move is in check (never in antichess, nor
    /// without a king, nor in atomic with the kings side by side).
    pub fn is_check(&self) -> bool {
        match self.variant {
            Variant::Antichess => false,
            // No king (an exploded one, the horde's): no check.
            _ if self.has_no_king(self.turn()) => false,
            Variant::Atomic => self.board().checkers() != 0 && !self.kings_touch(),
            _ => self.board().checkers() != 0,
        }
    }

    /// The position's diagram: the board, the king in check (by the
    /// variant's rules), and crazyhouse's pockets or three-check's counters,
    /// which the SVG draws beside the board.
    ///
    /// ```
    /// use chessnote::diagram::SvgOptions;
    /// use chessnote::fen::VariantSetup;
    /// use chessnote::position::{CastlingMode, VariantPosition};
    /// use chessnote::Variant;
    /// let setup: VariantSetup = "2k5/8/8/8/8/8/8/4K3[NNq] w - - 0 1".parse()?;
    /// let position = VariantPosition::from_variant_setup(&setup, Variant::Crazyhouse, CastlingMode::Standard)?;
    /// let diagram = position.diagram();
    /// assert_eq!(diagram.pockets, setup.pockets);
    /// let svg = diagram.svg(&SvgOptions::default()).to_string();
    /// assert!(svg.contains("class=\"pocket white knight\""));
    /// assert!(svg.contains("class=\"pocket-count white knight\""));
    /// assert!(svg.contains("viewBox=\"0 -45 360 450\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn diagram(&self) -> crate::Diagram {
        let setup = self.to_variant_setup();
        let mut diagram = crate::Diagram::new(setup.setup.board);
        if self.is_check() {
            diagram.check = Some(self.position.king(self.turn()));
        }
        diagram.pockets = setup.pockets;
        diagram.checks_left = setup.checks_left;
        diagram
    }

    fn has_no_king(&self, color: Color) -> bool {
        self.board().of(color, PieceKind::King) == 0
    }

    fn kings_touch(&self) -> bool {
        let board = self.board();
        let white = board.of(Color::White, PieceKind::King);
        let black = board.of(Color::Black, PieceKind::King);
        white != 0 && black != 0 && attacks::king(board.king_index(Color::White)) & black != 0
    }

    /// The variant's own end of game, before any move is looked at: a king
    /// in the centre, a king exploded, a side without pieces, the race
    /// won, the checks given. Gives the winner (`None`: a draw).
    pub fn variant_outcome(&self) -> Option<Outcome> {
        let board = self.board();
        let us = self.turn();
        let kings = board.kind(PieceKind::King);
        let win = |winner: Color| {
            Some(Outcome {
                termination: if winner == us {
                    Termination::VariantWin
                } else {
                    Termination::VariantLoss
                },
                winner: Some(winner),
            })
        };
        match self.variant {
            Variant::Standard | Variant::Crazyhouse => None,
            Variant::KingOfTheHill => {
                let centre = kings & CENTRE;
                Color::ALL
                    .into_iter()
                    .find(|&color| centre & board.color(color) != 0)
                    .and_then(win)
            }
            Variant::ThreeCheck => Color::ALL
                .into_iter()
                .find(|&color| self.checks_left[color as usize] == 0)
                .and_then(win),
            Variant::Atomic => Color::ALL
                .into_iter()
                .find(|&color| kings & board.color(color) == 0)
                .and_then(|exploded| win(!exploded)),
            Variant::Antichess => {
                // Losing every piece wins.
                Color::ALL
                    .into_iter()
                    .find(|&color| board.color(color) == 0)
                    .and_then(win)
            }
            Variant::Horde => {
                if board.occupied() == 0 {
                    return Some(Outcome {
                        termination: Termination::VariantDraw,
                        winner: None,
                    });
                }
                Color::ALL
                    .into_iter()
                    .find(|&color| board.color(color) == 0)
                    .and_then(|gone| win(!gone))
            }
            Variant::RacingKings => self.race_outcome(),
        }
    }

    fn race_outcome(&self) -> Option<Outcome> {
        let board = self.board();
        let kings = board.kind(PieceKind::King);
        let in_goal = kings & RANK_8;
        if in_goal == 0 {
            return None;
        }
        let white_in = in_goal & board.color(Color::White) != 0;
        let black_in = in_goal & board.color(Color::Black) != 0;
        let black_kings = board.of(Color::Black, PieceKind::King);
        if self.turn() == Color::Black && !black_in && black_kings != 0 {
            // White is there: Black has one move to get there too, unless
            // every square of the eighth rank its king could reach is
            // attacked (or its own).
            let king = board.king_index(Color::Black);
            let targets = attacks::king(king) & RANK_8 & !board.color(Color::Black);
            let mut reach = targets;
            while reach != 0 {
                let sq = reach.trailing_zeros() as u8;
                reach &= reach - 1;
                if board.attackers(sq, Color::White, board.occupied()) == 0 {
                    return None;
                }
            }
        }
        let winner = match (white_in, black_in) {
            (true, true) => None,
            (true, false) => Some(Color::White),
            _ => Some(Color::Black),
        };
        let us = self.turn();
        Some(Outcome {
            termination: match winner {
                None => Termination::VariantDraw,
                Some(w) if w == us => Termination::VariantWin,
                Some(_) => Termination::VariantLoss,
            },
            winner,
        })
    }

    /// Every legal move (none once the variant's game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut list = Vec::new();
        if self.variant_outcome().is_some() {
            return list;
        }
        let board = self.board();
        match self.variant {
            Variant::Standard | Variant::KingOfTheHill | Variant::ThreeCheck => {
                board.generate(!0, &mut list);
            }
            Variant::Crazyhouse => {
                board.generate(!0, &mut list);
                self.drops(&mut list);
            }
            Variant::RacingKings => {
                let mut sink = NoCheck::new(board, &mut list);
                board.generate(!0, &mut sink);
                // Pawn moves and the special moves (none from racing kings'
                // start) are played to be tested.
                let deferred = core::mem::take(&mut sink.deferred);
                list.extend(
                    deferred
                        .into_iter()
                        .filter(|&mv| !self.position.gives_check(mv)),
                );
            }
            Variant::Horde => {
                if self.has_no_king(self.turn()) {
                    board.generate_pseudo_legal(&mut list);
                    self.horde_double_steps(&mut list);
                } else {
                    board.generate(!0, &mut list);
                }
            }
            Variant::Antichess => self.antichess_moves(&mut list),
            Variant::Atomic => {
                self.pseudo_legal(&mut list, |sq, occupied| self.atomic_attacked(sq, occupied));
                list.retain(|&mv| match mv {
                    Move::Castle { .. } => self.atomic_is_safe(mv),
                    _ => self.atomic_leaves_king_safe(mv),
                });
            }
        }
        list
    }

    /// [`VariantPosition::legal_moves`] found by playing every candidate
    /// and looking at the result: atomic's moves played with their
    /// explosion, racing kings' played to look for a check. The slow
    /// reference the fuzz target `variant_position` compares the move
    /// generator with; not part of the stable API.
    #[doc(hidden)]
    pub fn legal_moves_by_playing(&self) -> Vec<Move> {
        let mut list = Vec::new();
        if self.variant_outcome().is_some() {
            return list;
        }
        match self.variant {
            Variant::Atomic => {
                self.pseudo_legal(&mut list, |sq, occupied| self.atomic_attacked(sq, occupied));
                list.retain(|&mv| self.atomic_is_safe(mv));
            }
            Variant::RacingKings => {
                self.board().generate(!0, &mut list);
                list.retain(|&mv| !self.position.gives_check(mv));
            }
            _ => return self.legal_moves(),
        }
        list
    }

    /// The pseudo-legal moves, with castling by the variant's `attacked`.
    fn pseudo_legal(&self, list: &mut Vec<Move>, attacked: impl Fn(u8, u64) -> bool) {
        let board = self.board();
        board.generate_pseudo_legal(list);
        list.retain(|mv| !matches!(mv, Move::Castle { .. }));
        if board.of(self.turn(), PieceKind::King) & BACK_RANKS != 0 {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if let Some(mv) = board.castling_move_where(side, &attacked) {
                    list.push(mv);
                }
            }
        }
    }

    /// Crazyhouse: the legal drops of the pieces in hand, on the empty
    /// squares (pawns not on the first or last rank), or in check on the
    /// squares between the king and its one checker.
    fn drops(&self, list: &mut Vec<Move>) {
        let board = self.board();
        let us = self.turn();
        if self.pockets.len(us) == 0 {
            return;
        }
        let checkers = board.checkers();
        let mut targets = !board.occupied();
        if checkers != 0 {
            targets &= if checkers & (checkers - 1) == 0 {
                attacks::between_bits(board.king_index(us), checkers.trailing_zeros() as u8)
            } else {
                0
            };
        }
        for kind in [
            PieceKind::Pawn,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ] {
            if self.pockets.count(kind.of(us)) == 0 {
                continue;
            }
            let mut squares = targets
                & if kind == PieceKind::Pawn {
                    !BACK_RANKS
                } else {
                    !0
                };
            while squares != 0 {
                let to = squares.trailing_zeros() as u8;
                squares &= squares - 1;
                list.push(Move::Drop {
                    piece: kind,
                    to: Square::from_index_masked(to),
                });
            }
        }
    }

    /// White's pawns on the first rank stepping two squares (a horde).
    fn horde_double_steps(&self, list: &mut Vec<Move>) {
        let board = self.board();
        if self.turn() != Color::White {
            return;
        }
        let empty = !board.occupied();
        let mut pawns = board.of(Color::White, PieceKind::Pawn) & RANK_1;
        while pawns != 0 {
            let from = pawns.trailing_zeros() as u8;
            pawns &= pawns - 1;
            let (over, to) = (from + 8, from + 16);
            if empty & (1 << over) != 0 && empty & (1 << to) != 0 {
                list.push(Move::Normal {
                    piece: PieceKind::Pawn,
                    from: Square::from_index_masked(from),
                    capture: None,
                    to: Square::from_index_masked(to),
                    promotion: None,
                });
            }
        }
    }

    fn antichess_moves(&self, list: &mut Vec<Move>) {
        self.pseudo_legal(list, |_, _| false);
        let captures = list.iter().any(|mv| mv.is_capture());
        list.retain(|mv| mv.is_capture() == captures);
        // A pawn may also become a king.
        for i in 0..list.len() {
            if let Move::Normal {
                piece,
                from,
                capture,
                to,
                promotion: Some(PieceKind::Queen),
            } = list[i]
            {
                list.push(Move::Normal {
                    piece,
                    from,
                    capture,
                    to,
                    promotion: Some(PieceKind::King),
                });
            }
        }
    }

    /// Whether `sq` is attacked by the side not to move, as atomic counts
    /// it for castling: never next to their king (taking the king there
    /// would explode their own).
    fn atomic_attacked(&self, sq: u8, occupied: u64) -> bool {
        let board = self.board();
        let them = !self.turn();
        let theirs = board.of(them, PieceKind::King);
        if theirs != 0 && attacks::king(board.king_index(them)) & (1 << sq) != 0 {
            return false;
        }
        board.attackers(sq, them, occupied) != 0
    }

    /// Whether the pseudo-legal `mv` is legal in atomic: our king survives,
    /// and theirs explodes or ours is not left attacked (kings side by
    /// side never are).
    fn atomic_is_safe(&self, mv: Move) -> bool {
        let us = self.turn();
        let mut after = self.board().clone();
        atomic_play(&mut after, mv);
        if after.of(us, PieceKind::King) == 0 {
            return false;
        }
        if after.of(!us, PieceKind::King) == 0 {
            return true;
        }
        let king = after.king_index(us);
        let touching = attacks::king(king) & after.of(!us, PieceKind::King) != 0;
        touching || after.attackers(king, !us, after.occupied()) == 0
    }

    /// [`VariantPosition::atomic_is_safe`] for a move that is not
    /// castling, without playing it: the explosion of a capture is the
    /// captured piece, the capturing one and the pieces but pawns around
    /// the square; then our king must be left, and theirs exploded, or
    /// the kings side by side, or ours not attacked by what is left.
    fn atomic_leaves_king_safe(&self, mv: Move) -> bool {
        let board = self.board();
        let (us, them) = (self.turn(), !self.turn());
        let (from, to) = (mv.from().index(), mv.to().index());
        let occupied = board.occupied();
        let ours = board.of(us, PieceKind::King);
        let theirs = board.of(them, PieceKind::King);
        let (king, after) = if mv.is_capture() {
            let captured = match mv {
                // The pawn taken en passant stands beside the capturing one.
                Move::EnPassant { .. } => 1u64 << ((from & !7) | (to & 7)),
                _ => 1u64 << to,
            };
            let exploded = (attacks::king(to) & occupied & !board.kind(PieceKind::Pawn))
                | captured
                | (1u64 << from);
            if exploded & ours != 0 {
                return false;
            }
            if exploded & theirs != 0 {
                return true;
            }
            (board.king_index(us), occupied & !exploded)
        } else {
            let moved = 1u64 << from;
            // Out of check, a quiet move of a piece that is not pinned (nor
            // the king) leaves the king as safe as it was.
            if board.checkers() == 0 && (board.pinned() | ours) & moved == 0 {
                return true;
            }
            let after = (occupied & !moved) | (1u64 << to);
            let king = if ours & moved != 0 {
                to
            } else {
                board.king_index(us)
            };
            (king, after)
        };
        attacks::king(king) & theirs != 0 || board.attackers(king, them, after) & after == 0
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays a legal move.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when the move is not legal here; the position
    /// is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if !self.is_legal(mv) {
            return Err(IllegalMoveError { mv });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal (see [`Position::play_unchecked`]).
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.turn();
        // A drop, even a pawn's, does not reset the halfmove clock (as
        // python-chess counts it).
        let resets =
            !matches!(mv, Move::Drop { .. }) && (mv.piece() == PieceKind::Pawn || mv.is_capture());
        let zh = self.variant == Variant::Crazyhouse;
        let before = zh.then(|| self.position.board.clone());
        if let Move::Drop { piece, .. } = mv
            && !self.pockets.remove(piece.of(us))
        {
            return;
        }
        let board = &mut self.position.board;
        let played = match self.variant {
            Variant::Atomic => atomic_play(board, mv),
            _ => board.play(mv),
        };
        if !played {
            if let Move::Drop { piece, .. } = mv {
                self.pockets.add(piece.of(us));
            }
            return;
        }
        if self.variant == Variant::Horde
            && mv.piece() == PieceKind::Pawn
            && mv.from().index() & 56 == 0
        {
            // A first-rank double step leaves no en-passant square.
            board.clear_ep();
        }
        let gave_check = board.checkers() != 0;
        if let Some(before) = before {
            self.crazyhouse_captures(&before, mv);
        }
        let position = &mut self.position;
        if us == Color::Black {
            position.fullmoves = position.fullmoves.saturating_add(1);
        }
        position.halfmoves = if resets {
            0
        } else {
            position.halfmoves.saturating_add(1)
        };
        if self.variant == Variant::ThreeCheck && gave_check {
            let left = &mut self.checks_left[us as usize];
            *left = left.saturating_sub(1);
        }
    }

    /// Plays the null move (passes), which is legal when not in check.
    pub fn play_null(&mut self) -> bool {
        if self.is_check() {
            return false;
        }
        let black = self.turn() == Color::Black;
        let position = &mut self.position;
        position.board.pass();
        if black {
            position.fullmoves = position.fullmoves.saturating_add(1);
        }
        position.halfmoves = position.halfmoves.saturating_add(1);
        true
    }

    /// The legal move a UCI move names (castling as the position's
    /// castling mode writes it).
    ///
    /// # Errors
    ///
    /// [`MoveError`] when it names no legal move.
    pub fn uci_to_move(&self, uci: Uci) -> Result<Move, MoveError> {
        let mode = self.position.castling_mode();
        let kind = if uci == Uci::Null {
            MoveErrorKind::Null
        } else {
            match self
                .legal_moves()
                .into_iter()
                .find(|&mv| Uci::from_move(mv, mode) == uci)
            {
                Some(mv) => return Ok(mv),
                None => MoveErrorKind::Illegal,
            }
        };
        Err(MoveError::of_value(kind, &uci, &self.position))
    }

    /// Crazyhouse, after `mv` was played from `before`: the piece it took
    /// goes to the mover's hand (a pawn if it was promoted), and the marks
    /// of promoted pieces follow the pieces.
    fn crazyhouse_captures(&mut self, before: &Chessboard, mv: Move) {
        let us = before.turn();
        let bit = |sq: Square| 1u64 << sq.index();
        match mv {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                if let Some(kind) = before.kind_at_theirs(to.index()) {
                    let kind = if self.promoted & bit(to) != 0 {
                        PieceKind::Pawn
                    } else {
                        kind
                    };
                    self.pockets.add(kind.of(us));
                }
                let was_promoted = self.promoted & bit(from) != 0;
                self.promoted &= !(bit(from) | bit(to));
                if was_promoted || promotion.is_some() {
                    self.promoted |= bit(to);
                }
            }
            Move::EnPassant { .. } => {
                self.pockets.add(PieceKind::Pawn.of(us));
            }
            Move::Castle { king, rook } => {
                // A promoted rook castles too (the king never is one).
                let rook_was = self.promoted & bit(rook) != 0;
                self.promoted &= !(bit(king) | bit(rook));
                if rook_was {
                    let rank = rook.index() & 56;
                    let rook_to = if rook.index() > king.index() { 5 } else { 3 };
                    self.promoted |= 1 << (rank | rook_to);
                }
            }
            Move::Drop { .. } => {}
        }
    }

    /// Whether `color` cannot win by the variant's rules, as python-chess
    /// judges it: standard chess's rule; never in king of the hill and
    /// racing kings (a king can always walk); in three-check, a bare king;
    /// in atomic, a bare king, only bishops that cannot explode each
    /// other, or against a bare king one knight, bishop or rook, or two
    /// knights; in antichess, a side that can no longer lose its pieces (a
    /// side without any has won); in crazyhouse, three pieces or fewer
    /// with no pawn, rook or queen on the board or in hand and no promoted
    /// piece; in horde, the white horde's material against Black's, by
    /// the case analysis python-chess takes from
    /// stevepapazis/horde-insufficient-material-tests (Black never).
    ///
    /// ```
    /// use chessnote::fen::VariantSetup;
    /// use chessnote::position::{CastlingMode, VariantPosition};
    /// use chessnote::{Color, Variant};
    /// let setup = VariantSetup::from_ascii(b"8/8/8/4k3/8/8/3NK3/8 w - - 0 1")?;
    /// let mode = CastlingMode::Standard;
    /// let three_check = VariantPosition::from_variant_setup(&setup, Variant::ThreeCheck, mode)?;
    /// // A knight can give check: three checks win.
    /// assert!(!three_check.has_insufficient_material(Color::White));
    /// assert!(three_check.has_insufficient_material(Color::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let b = self.board();
        let ours = b.color(color);
        let theirs = b.color(!color);
        let kings = b.kind(PieceKind::King);
        let bishops = b.kind(PieceKind::Bishop);
        match self.variant {
            Variant::Standard => self.position.has_insufficient_material(color),
            Variant::KingOfTheHill | Variant::RacingKings => false,
            Variant::ThreeCheck => ours & !kings == 0,
            Variant::Crazyhouse => {
                let heavy = [PieceKind::Pawn, PieceKind::Rook, PieceKind::Queen];
                let in_hand: u32 = Color::ALL.iter().map(|&c| self.pockets.len(c) as u32).sum();
                let heavy_in_hand = Color::ALL
                    .iter()
                    .any(|&c| heavy.iter().any(|&k| self.pockets.count(k.of(c)) > 0));
                b.occupied().count_ones() + in_hand <= 3
                    && self.promoted == 0
                    && heavy.iter().all(|&k| b.kind(k) == 0)
                    && !heavy_in_hand
            }
            Variant::Atomic => {
                if theirs & kings == 0 {
                    // Their king has exploded: the game is over.
                    return false;
                }
                if ours & !kings == 0 {
                    return true;
                }
                // Their own pieces may explode next to their king, but
                // bishops that never attack each other cannot.
                if theirs & !kings != 0 {
                    if b.occupied() == bishops | kings {
                        let white = bishops & b.color(Color::White);
                        let black = bishops & b.color(Color::Black);
                        if white & DARK == 0 {
                            return black & LIGHT == 0;
                        }
                        if white & LIGHT == 0 {
                            return black & DARK == 0;
                        }
                    }
                    return false;
                }
                // Against a bare king: a queen or a pawn (a queen to be)
                // mates; a lone knight, bishop or rook does not, nor two
                // knights.
                if b.kind(PieceKind::Queen) | b.kind(PieceKind::Pawn) != 0 {
                    return false;
                }
                let minors = b.kind(PieceKind::Knight) | bishops | b.kind(PieceKind::Rook);
                if minors.count_ones() == 1 {
                    return true;
                }
                let knights = b.kind(PieceKind::Knight);
                if b.occupied() == knights | kings {
                    return knights.count_ones() <= 2;
                }
                false
            }
            Variant::Antichess => {
                if ours == 0 {
                    return false;
                }
                if theirs == 0 {
                    return true;
                }
                if b.occupied() == bishops {
                    // Only bishops: can ours all be taken?
                    let (we_light, we_dark) = (ours & LIGHT != 0, ours & DARK != 0);
                    return (we_light && theirs & LIGHT == 0) || (we_dark && theirs & DARK == 0);
                }
                let knights = b.kind(PieceKind::Knight);
                if b.occupied() == knights && knights.count_ones() == 2 {
                    // python-chess: `turn == (color ^ white on light ^
                    // black on dark)`.
                    let white_light = b.color(Color::White) & LIGHT != 0;
                    let black_dark = b.color(Color::Black) & DARK != 0;
                    let white = |c: Color| c == Color::White;
                    return white(self.turn()) == (white(color) ^ white_light ^ black_dark);
                }
                false
            }
            Variant::Horde => color == Color::White && horde_insufficient(&HordeCount::of(b)),
        }
    }

    /// Whether neither side can win by the variant's rules
    /// ([`VariantPosition::has_insufficient_material`] for both).
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .iter()
            .all(|&c| self.has_insufficient_material(c))
    }

    /// How the game stands, in python-chess's order: the variant's end
    /// (a stalemated antichess side wins), checkmate, insufficient
    /// material (by the variant's rules), then stalemate. The move-count
    /// rules are not judged here.
    ///
    /// ```
    /// use chessnote::fen::VariantSetup;
    /// use chessnote::position::{CastlingMode, Termination, VariantPosition};
    /// use chessnote::Variant;
    /// // Atomic: a bare king cannot win, but the other side can.
    /// let setup = VariantSetup::from_ascii(b"8/8/8/4k3/8/8/3QK3/8 w - - 0 1")?;
    /// let mode = CastlingMode::Standard;
    /// let position = VariantPosition::from_variant_setup(&setup, Variant::Atomic, mode)?;
    /// assert_eq!(position.outcome(), None);
    /// let setup = VariantSetup::from_ascii(b"8/8/8/4k3/8/8/4K3/8 w - - 0 1")?;
    /// let bare = VariantPosition::from_variant_setup(&setup, Variant::Atomic, mode)?;
    /// let outcome = bare.outcome().expect("a draw");
    /// assert_eq!(outcome.termination, Termination::InsufficientMaterial);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.variant_outcome() {
            return Some(outcome);
        }
        let us = self.turn();
        let has_moves = !self.legal_moves().is_empty();
        if !has_moves {
            // A variant's end in python-chess (the stalemated antichess
            // side wins), then checkmate: both before insufficient
            // material.
            if self.variant == Variant::Antichess {
                return Some(Outcome {
                    termination: Termination::VariantWin,
                    winner: Some(us),
                });
            }
            if self.is_check() {
                return Some(Outcome {
                    termination: Termination::Checkmate,
                    winner: Some(!us),
                });
            }
        }
        if self.is_insufficient_material() {
            return Some(Outcome {
                termination: Termination::InsufficientMaterial,
                winner: None,
            });
        }
        (!has_moves).then_some(Outcome {
            termination: Termination::Stalemate,
            winner: None,
        })
    }
}

/// Racing kings' move list: the legal moves of the standard generator that
/// give no check, sorted out without playing them. A piece may not go
/// where it would attack their king (its own square emptied), and a piece
/// that alone stands between one of our sliders and their king may only
/// move along that line. Pawn moves (promotions change the piece) and the
/// special moves are left in `deferred`, to be played and tested.
struct NoCheck<'a> {
    list: &'a mut Vec<Move>,
    deferred: Vec<Move>,
    /// Their king's square.
    king: u8,
    /// Our pieces that alone block one of our sliders from their king.
    discoverers: u64,
}

impl<'a> NoCheck<'a> {
    fn new(board: &Chessboard, list: &'a mut Vec<Move>) -> NoCheck<'a> {
        let us = board.turn();
        let king = board.king_index(!us);
        let occupied = board.occupied();
        let diagonal = board.of(us, PieceKind::Bishop) | board.of(us, PieceKind::Queen);
        let straight = board.of(us, PieceKind::Rook) | board.of(us, PieceKind::Queen);
        let mut snipers =
            (attacks::bishop(king, 0) & diagonal) | (attacks::rook(king, 0) & straight);
        let mut discoverers = 0;
        while snipers != 0 {
            let sniper = snipers.trailing_zeros() as u8;
            snipers &= snipers - 1;
            let between = attacks::between_bits(sniper, king) & occupied;
            if between != 0 && between & (between - 1) == 0 {
                discoverers |= between & board.color(us);
            }
        }
        NoCheck {
            list,
            deferred: Vec::new(),
            king,
            discoverers,
        }
    }
}

impl MoveSink for NoCheck<'_> {
    fn moves(&mut self, board: &Chessboard, kind: PieceKind, from: u8, to: u64) -> bool {
        if kind == PieceKind::Pawn {
            let mut all = Vec::new();
            MoveSink::moves(&mut all, board, kind, from, to);
            self.deferred.extend(all);
            return false;
        }
        let occupied = board.occupied() & !(1u64 << from);
        let king = self.king;
        let checks = match kind {
            PieceKind::Knight => attacks::knight(king),
            PieceKind::Bishop => attacks::bishop(king, occupied),
            PieceKind::Rook => attacks::rook(king, occupied),
            PieceKind::Queen => attacks::bishop(king, occupied) | attacks::rook(king, occupied),
            PieceKind::King | PieceKind::Pawn => attacks::king(king),
        };
        let mut to = to & !checks;
        if self.discoverers & (1u64 << from) != 0 {
            to &= attacks::line_bits(king, from);
        }
        MoveSink::moves(self.list, board, kind, from, to)
    }

    fn special(&mut self, mv: Move) -> bool {
        self.deferred.push(mv);
        false
    }
}

/// Plays `mv` with atomic's explosion: after a capture the capturing piece
/// and every piece but pawns next to the square leave the board.
fn atomic_play(board: &mut Chessboard, mv: Move) -> bool {
    if !board.play(mv) {
        return false;
    }
    if mv.is_capture() {
        let to = mv.to().index();
        board.remove_at(to);
        let mut around = attacks::king(to) & !board.kind(PieceKind::Pawn) & board.occupied();
        while around != 0 {
            let sq = around.trailing_zeros() as u8;
            around &= around - 1;
            board.remove_at(sq);
        }
        board.refresh();
    }
    true
}

/// The light squares (a1 is dark).
const LIGHT: u64 = 0x55AA_55AA_55AA_55AA;
/// The dark squares.
const DARK: u64 = !LIGHT;

/// The material of a horde position: White's (the horde) and Black's.
struct HordeCount {
    pawns: u32,
    knights: u32,
    bishops: u32,
    rooks: u32,
    queens: u32,
    /// White's bishops on dark and on light squares.
    dark_bishops: u32,
    light_bishops: u32,
    their_pawns: u32,
    their_knights: u32,
    their_bishops: u32,
    their_rooks: u32,
    their_queens: u32,
    their_dark_bishops: u32,
    their_light_bishops: u32,
    /// Black's pieces, the king with them.
    their_pieces: u32,
}

impl HordeCount {
    fn of(b: &Chessboard) -> HordeCount {
        let count = |color: Color, kind: PieceKind| b.of(color, kind).count_ones();
        let (w, bl) = (Color::White, Color::Black);
        let bishops =
            |color: Color, squares: u64| (b.of(color, PieceKind::Bishop) & squares).count_ones();
        HordeCount {
            pawns: count(w, PieceKind::Pawn),
            knights: count(w, PieceKind::Knight),
            bishops: count(w, PieceKind::Bishop),
            rooks: count(w, PieceKind::Rook),
            queens: count(w, PieceKind::Queen),
            dark_bishops: bishops(w, DARK),
            light_bishops: bishops(w, LIGHT),
            their_pawns: count(bl, PieceKind::Pawn),
            their_knights: count(bl, PieceKind::Knight),
            their_bishops: count(bl, PieceKind::Bishop),
            their_rooks: count(bl, PieceKind::Rook),
            their_queens: count(bl, PieceKind::Queen),
            their_dark_bishops: bishops(bl, DARK),
            their_light_bishops: bishops(bl, LIGHT),
            their_pieces: b.color(bl).count_ones(),
        }
    }
}

/// Whether the horde (White) cannot win: python-chess's
/// `HordeBoard.has_insufficient_material(WHITE)`, case for case (its
/// comments say which mates each case leaves).
fn horde_insufficient(h: &HordeCount) -> bool {
    // Two bishops on one colour cover that colour around the king.
    let horde_num =
        h.pawns + h.knights + h.rooks + h.queens + h.dark_bishops.min(2) + h.light_bishops.min(2);
    // The colour of White's bishops (light when it has one there).
    let bishops_light = h.light_bishops >= 1;
    let opposite_bishops = if bishops_light {
        h.their_dark_bishops
    } else {
        h.their_light_bishops
    };
    let same_bishops = if bishops_light {
        h.their_light_bishops
    } else {
        h.their_dark_bishops
    };
    let not_of = |n: u32| h.their_pieces - n;
    let white_pair = h.light_bishops >= 1 && h.dark_bishops >= 1;
    let black_pair = h.their_light_bishops >= 1 && h.their_dark_bishops >= 1;
    if horde_num == 0 {
        return true;
    }
    if horde_num >= 4 {
        return false;
    }
    if (h.pawns >= 1 || h.queens >= 1) && horde_num >= 2 {
        return false;
    }
    if h.rooks >= 1
        && horde_num >= 2
        && !(horde_num == 2 && h.rooks == 1 && h.bishops == 1 && not_of(same_bishops) == 1)
    {
        return false;
    }
    match horde_num {
        1 => {
            if h.their_pieces == 1 {
                true
            } else if h.queens == 1 {
                !(h.their_pawns >= 1
                    || h.their_rooks >= 1
                    || h.their_light_bishops >= 2
                    || h.their_dark_bishops >= 2)
            } else if h.pawns == 1 {
                // The pawn promoted to a queen, and to a knight.
                let queen = HordeCount {
                    pawns: 0,
                    queens: h.queens + 1,
                    ..*h
                };
                let knight = HordeCount {
                    pawns: 0,
                    knights: h.knights + 1,
                    ..*h
                };
                horde_insufficient(&queen) && horde_insufficient(&knight)
            } else if h.rooks == 1 {
                !(h.their_pawns >= 2
                    || (h.their_rooks >= 1 && h.their_pawns >= 1)
                    || (h.their_rooks >= 1 && h.their_knights >= 1)
                    || (h.their_pawns >= 1 && h.their_knights >= 1))
            } else if h.bishops == 1 {
                !(opposite_bishops >= 2
                    || (opposite_bishops >= 1 && h.their_pawns >= 1)
                    || h.their_pawns >= 2)
            } else if h.knights == 1 {
                !(h.their_pieces >= 4
                    && (h.their_knights >= 2
                        || h.their_pawns >= 2
                        || (h.their_rooks >= 1 && h.their_knights >= 1)
                        || (h.their_rooks >= 1 && h.their_bishops >= 1)
                        || (h.their_knights >= 1 && h.their_bishops >= 1)
                        || (h.their_rooks >= 1 && h.their_pawns >= 1)
                        || (h.their_knights >= 1 && h.their_pawns >= 1)
                        || (h.their_bishops >= 1 && h.their_pawns >= 1)
                        || (black_pair && h.their_pawns >= 1))
                    && (h.their_dark_bishops < 2 || not_of(h.their_dark_bishops) >= 3)
                    && (h.their_light_bishops < 2 || not_of(h.their_light_bishops) >= 3))
            } else {
                true
            }
        }
        2 => {
            if h.their_pieces == 1 {
                true
            } else if h.knights == 2 {
                h.their_pawns + h.their_bishops + h.their_knights == 0
            } else if white_pair {
                !(h.their_pawns >= 1
                    || h.their_bishops >= 1
                    || (h.their_knights >= 1 && h.their_rooks + h.their_queens >= 1))
            } else if h.bishops >= 1 && h.knights >= 1 {
                !(h.their_pawns >= 1 || opposite_bishops >= 1 || not_of(same_bishops) >= 3)
            } else {
                !((h.their_pawns >= 1 && (opposite_bishops >= 1 || h.their_knights >= 1))
                    || (opposite_bishops >= 1 && h.their_knights >= 1)
                    || opposite_bishops >= 2
                    || h.their_knights >= 2
                    || h.their_pawns >= 2)
            }
        }
        3 => {
            if (h.knights == 2 && h.bishops == 1) || h.knights == 3 || white_pair {
                false
            } else {
                h.their_pieces == 1
            }
        }
        _ => true,
    }
}
