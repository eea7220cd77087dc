//! How a position stands: check, checkmate, stalemate, insufficient
//! material, the move-count rules, and the hash repetitions are counted by.

use super::Position;
use crate::{Color, PieceKind};

/// Why a game ended (or may end).
///
/// ```
/// use chessnote::position::Termination;
/// assert_eq!(Termination::Checkmate.to_string(), "checkmate");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side has the material to checkmate.
    InsufficientMaterial,
    /// 150 plies without a capture or a pawn move (automatic draw).
    SeventyFiveMoves,
    /// The same position for the fifth time (automatic draw).
    FivefoldRepetition,
    /// 100 plies without a capture or a pawn move (a draw a player may claim).
    FiftyMoves,
    /// The same position for the third time (a draw a player may claim).
    ThreefoldRepetition,
    /// The variant's own rule ends the game, won by the side to move (an
    /// antichess side with no piece left or stalemated, say).
    VariantWin,
    /// The variant's own rule ends the game, lost by the side to move (a
    /// king exploded, the opponent's king on the hill, the third check).
    VariantLoss,
    /// The variant's own rule ends the game in a draw (both kings at the
    /// goal in racing kings).
    VariantDraw,
}

impl Termination {
    /// A short description.
    ///
    /// ```
    /// use chessnote::position::Termination;
    /// assert_eq!(Termination::FiftyMoves.as_str(), "fifty-move rule");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::SeventyFiveMoves => "seventy-five-move rule",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::FiftyMoves => "fifty-move rule",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::VariantWin => "variant win",
            Termination::VariantLoss => "variant loss",
            Termination::VariantDraw => "variant draw",
        }
    }
}

impl core::fmt::Display for Termination {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.pad(self.as_str())
    }
}

/// How a game ended: why, and who won (`None` for a draw).
///
/// ```
/// use chessnote::fen::Setup;
/// use chessnote::position::{CastlingMode, Outcome, Position, Termination};
/// use chessnote::Color;
///
/// let setup: Setup = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse()?;
/// let position = Position::from_setup(&setup, CastlingMode::Standard)?;
/// assert_eq!(
///     position.outcome(),
///     Some(Outcome { termination: Termination::Checkmate, winner: Some(Color::Black) })
/// );
/// assert_eq!(position.outcome().unwrap().result(), "0-1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Why the game ended.
    pub termination: Termination,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
}

impl Outcome {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    ///
    /// ```
    /// use chessnote::position::{Outcome, Termination};
    /// let draw = Outcome { termination: Termination::Stalemate, winner: None };
    /// assert_eq!(draw.result(), "1/2-1/2");
    /// ```
    pub const fn result(self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

const DARK: u64 = 0xAA55_AA55_AA55_AA55;

impl Position {
    /// Whether the side to move is checkmated.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// assert!(!Position::new().is_checkmate());
    /// ```
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, Position};
    /// let setup: Setup = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse()?;
    /// assert!(Position::from_setup(&setup, CastlingMode::Standard)?.is_stalemate());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether `color` cannot checkmate whatever the other side does
    /// (python-chess rules): a bare king; a king and one knight against no
    /// pieces other than queens; or only bishops all on squares of one
    /// color, with no pawns and no knights on the board.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, Position};
    /// use chessnote::Color;
    /// let setup: Setup = "8/8/8/4k3/8/8/3NK3/8 w - - 0 1".parse()?;
    /// let position = Position::from_setup(&setup, CastlingMode::Standard)?;
    /// assert!(position.has_insufficient_material(Color::White));
    /// assert!(position.is_insufficient_material());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let b = &self.board;
        let ours = b.color(color);
        let heavy = b.kind(PieceKind::Pawn) | b.kind(PieceKind::Rook) | b.kind(PieceKind::Queen);
        if ours & heavy != 0 {
            return false;
        }
        if ours & b.kind(PieceKind::Knight) != 0 {
            let theirs = b.color(!color);
            let others = theirs & !b.kind(PieceKind::King) & !b.kind(PieceKind::Queen);
            return ours.count_ones() <= 2 && others == 0;
        }
        if ours & b.kind(PieceKind::Bishop) != 0 {
            let bishops = b.kind(PieceKind::Bishop);
            let one_color = bishops & DARK == 0 || bishops & !DARK == 0;
            return one_color && b.kind(PieceKind::Pawn) == 0 && b.kind(PieceKind::Knight) == 0;
        }
        true
    }

    /// Whether neither side can checkmate.
    ///
    /// ```
    /// assert!(!chessnote::position::Position::new().is_insufficient_material());
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .iter()
            .all(|&c| self.has_insufficient_material(c))
    }

    /// Whether a draw can be claimed under the fifty-move rule: 100 plies
    /// or more without a capture or a pawn move, and a move to play.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, Position};
    /// let setup: Setup = "8/8/8/4k3/8/8/3RK3/8 w - - 100 80".parse()?;
    /// assert!(Position::from_setup(&setup, CastlingMode::Standard)?.is_fifty_moves());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_fifty_moves(&self) -> bool {
        self.halfmoves >= 100 && self.has_legal_moves()
    }

    /// Whether the game is drawn under the seventy-five-move rule: 150
    /// plies or more without a capture or a pawn move (and not checkmate).
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, Position};
    /// let setup: Setup = "8/8/8/4k3/8/8/3RK3/8 w - - 150 100".parse()?;
    /// assert!(Position::from_setup(&setup, CastlingMode::Standard)?.is_seventyfive_moves());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_seventyfive_moves(&self) -> bool {
        self.halfmoves >= 150 && self.has_legal_moves()
    }

    /// How the game ends in this position by itself, if it does: checkmate,
    /// stalemate, insufficient material or the seventy-five-move rule
    /// (repetitions need a [`Game`](super::Game)).
    ///
    /// ```
    /// assert_eq!(chessnote::position::Position::new().outcome(), None);
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        // The order python-chess reports them in: checkmate, insufficient
        // material, stalemate, the seventy-five-move rule.
        let has_moves = self.has_legal_moves();
        let termination = if !has_moves && self.is_check() {
            return Some(Outcome {
                termination: Termination::Checkmate,
                winner: Some(self.turn().other()),
            });
        } else if self.is_insufficient_material() {
            Termination::InsufficientMaterial
        } else if !has_moves {
            Termination::Stalemate
        } else if self.halfmoves >= 150 {
            Termination::SeventyFiveMoves
        } else {
            return None;
        };
        Some(Outcome {
            termination,
            winner: None,
        })
    }

    /// The Zobrist hash of the position (with keys of this crate's own,
    /// stable within a version): board, side to move, castling rights and
    /// en-passant file, not the counters.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// use chessnote::Square::{F3, F6, G1, G8};
    /// let mut a = Position::new();
    /// for (from, to) in [(G1, F3), (G8, F6), (F3, G1), (F6, G8)] {
    ///     let m = a.legal_moves().iter().copied().find(|m| m.from() == from && m.to() == to).unwrap();
    ///     a.play(m)?;
    /// }
    /// assert_eq!(a.hash(), Position::new().hash());
    /// # Ok::<(), chessnote::position::IllegalMoveError>(())
    /// ```
    pub fn hash(&self) -> u64 {
        self.board.hash()
    }

    /// Whether `other` is the same position as repetitions count it: the
    /// same board, side to move and castling rights, and the same
    /// en-passant square where a capture there is legal (what
    /// [`Position::repetition_key`] hashes).
    pub(crate) fn same_position(&self, other: &Position) -> bool {
        let ep = |p: &Position| p.ep_square().filter(|_| p.board.has_legal_en_passant());
        self.board.same_but_ep(&other.board) && ep(self) == ep(other)
    }

    /// The hash repetitions are counted by (FIDE, and python-chess): as
    /// [`Position::hash`], but an en-passant square counts only if a
    /// capture there is legal (after a double step that no pawn can take,
    /// the position repeats the one without it).
    ///
    /// ```
    /// use chessnote::position::Position;
    /// let mut a = Position::new();
    /// let e4 = a.legal_moves().iter().copied().find(|m| m.to().to_string() == "e4").unwrap();
    /// a.play(e4)?;
    /// assert!(a.ep_square().is_some());
    /// assert_ne!(a.hash(), a.repetition_key()); // no black pawn can take on e3
    /// # Ok::<(), chessnote::position::IllegalMoveError>(())
    /// ```
    pub fn repetition_key(&self) -> u64 {
        if self.board.has_legal_en_passant() {
            self.board.hash()
        } else {
            self.board.hash_without_ep()
        }
    }
}
