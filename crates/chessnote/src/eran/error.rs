//! What went wrong in an ERAN move, and where.

use core::fmt;

use crate::text::notation_error;
use crate::{PieceKind, Square};

/// Why an ERAN move was rejected: what was expected instead.
///
/// `Display` says what was expected; [`EranError`] adds the byte offset.
///
/// ```
/// use chessnote::eran::{Eran, EranErrorKind};
///
/// let err = Eran::from_ascii(b"Pawn e2 e4").unwrap_err();
/// assert_eq!(err.kind(), EranErrorKind::Action);
/// assert_eq!(err.kind().to_string(), "expected `-` or `x` after the origin square");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EranErrorKind {
    /// The input does not start a move: not a piece name, not `c…` and not
    /// `e…` (also the empty input).
    Move,
    /// A piece name was started but not finished (`Pa`, `Kni`).
    PieceName,
    /// The piece name is not followed by exactly one space.
    SpaceAfterPiece,
    /// The origin square (or the `@` of a drop) is missing, or not `a`–`h`
    /// followed by `1`–`8`.
    Origin,
    /// Neither `-` nor `x` follows the origin square.
    Action,
    /// The destination square (or a drop's square) is missing or
    /// malformed.
    Destination,
    /// `c…` that is not `castling-kingside`, `castling-queenside`, `ck` or
    /// `cq`.
    Castling,
    /// `e…` that is not `en-passant` or `ep`.
    EnPassant,
    /// Something follows a complete move (check marks, annotations,
    /// spaces).
    End,
    /// The promotion field does not start with `->` or `>`.
    PromotionMarker,
    /// The promotion piece is missing, malformed or a pawn.
    PromotionPiece,
    /// A pawn move to rank 1 or 8 without a promotion.
    MissingPromotion,
    /// A promotion after a pawn move that does not reach rank 1 or 8.
    PromotionNotOnLastRank,
    /// A promotion after the move of a piece other than a pawn.
    NonPawnPromotion,
    /// The destination is the origin.
    SameSquare,
    /// The piece cannot go from `from` to `to` (with `-` or `x`) even on an
    /// empty board.
    Unreachable {
        /// The piece named in the move.
        piece: PieceKind,
        /// The origin square.
        from: Square,
        /// The destination square.
        to: Square,
        /// Whether the move was written with `x`.
        capture: bool,
    },
    /// A regular move was required, and castling, `en-passant` or a drop
    /// was given.
    NotRegular,
    /// A drop of a king (`King @e4`): a king is never in the pocket.
    DropPiece,
    /// A pawn dropped on rank 1 or 8.
    PawnDropOnLastRank,
}

impl EranErrorKind {
    /// A stable, lowercase, hyphenated name for the kind.
    ///
    /// ```
    /// use chessnote::eran::EranErrorKind;
    /// assert_eq!(EranErrorKind::SpaceAfterPiece.name(), "space-after-piece");
    /// ```
    pub const fn name(&self) -> &'static str {
        match *self {
            EranErrorKind::Move => "move",
            EranErrorKind::PieceName => "piece-name",
            EranErrorKind::SpaceAfterPiece => "space-after-piece",
            EranErrorKind::Origin => "origin",
            EranErrorKind::Action => "action",
            EranErrorKind::Destination => "destination",
            EranErrorKind::Castling => "castling",
            EranErrorKind::EnPassant => "en-passant",
            EranErrorKind::End => "end",
            EranErrorKind::PromotionMarker => "promotion-marker",
            EranErrorKind::PromotionPiece => "promotion-piece",
            EranErrorKind::MissingPromotion => "missing-promotion",
            EranErrorKind::PromotionNotOnLastRank => "promotion-not-on-last-rank",
            EranErrorKind::NonPawnPromotion => "non-pawn-promotion",
            EranErrorKind::SameSquare => "same-square",
            EranErrorKind::Unreachable { .. } => "unreachable",
            EranErrorKind::NotRegular => "not-regular",
            EranErrorKind::DropPiece => "drop-piece",
            EranErrorKind::PawnDropOnLastRank => "pawn-drop-on-last-rank",
        }
    }

    /// A fixed description of the problem (for `Unreachable`, without the
    /// piece and squares that `Display` names).
    ///
    /// ```
    /// use chessnote::eran::EranErrorKind;
    /// assert_eq!(EranErrorKind::Action.message(), "expected `-` or `x` after the origin square");
    /// ```
    pub const fn message(&self) -> &'static str {
        match *self {
            EranErrorKind::Move => {
                "expected a move: a piece name, `castling-kingside`, `castling-queenside`, \
                 `ck`, `cq`, `en-passant` or `ep`"
            }
            EranErrorKind::PieceName => {
                "expected a piece name: `Pawn`/`P`, `Knight`/`N`, `Bishop`/`B`, `Rook`/`R`, \
                 `Queen`/`Q` or `King`/`K`"
            }
            EranErrorKind::SpaceAfterPiece => "expected one space after the piece name",
            EranErrorKind::Origin => {
                "expected the origin square (`a`-`h` then `1`-`8`), or `@` and the square of a drop"
            }
            EranErrorKind::Action => "expected `-` or `x` after the origin square",
            EranErrorKind::Destination => "expected the destination square (`a`-`h` then `1`-`8`)",
            EranErrorKind::Castling => {
                "expected `castling-kingside`, `castling-queenside`, `ck` or `cq`"
            }
            EranErrorKind::EnPassant => "expected `en-passant` or `ep`",
            EranErrorKind::End => "expected the end of the move",
            EranErrorKind::PromotionMarker => "expected `->` or `>` to start the promotion",
            EranErrorKind::PromotionPiece => {
                "expected a promotion piece: `Queen`/`Q`, `Rook`/`R`, `Bishop`/`B`, \
                 `Knight`/`N` or `King`/`K` (antichess)"
            }
            EranErrorKind::MissingPromotion => {
                "expected a promotion (` ->Queen`, ` >Q`, ...) after a pawn move to the last rank"
            }
            EranErrorKind::PromotionNotOnLastRank => {
                "expected the end of the move: a pawn promotes only on rank 1 or 8"
            }
            EranErrorKind::NonPawnPromotion => {
                "expected the end of the move: only a pawn can promote"
            }
            EranErrorKind::SameSquare => "expected a destination other than the origin square",
            EranErrorKind::Unreachable { .. } => "expected a destination the piece can reach",
            EranErrorKind::NotRegular => {
                "expected a regular move, not castling, en passant or a drop"
            }
            EranErrorKind::DropPiece => {
                "expected a piece that can be dropped: `Pawn`/`P`, `Knight`/`N`, `Bishop`/`B`, \
                 `Rook`/`R` or `Queen`/`Q`"
            }
            EranErrorKind::PawnDropOnLastRank => {
                "expected a square on ranks 2 to 7: a pawn is never dropped on rank 1 or 8"
            }
        }
    }
}

impl fmt::Display for EranErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EranErrorKind::Unreachable {
                piece,
                from,
                to,
                capture,
            } => {
                let verb = if capture { "capture" } else { "move" };
                write!(
                    f,
                    "expected a destination the {} can reach: it cannot {verb} from {from} to {to}",
                    piece.lower_name()
                )
            }
            _ => f.write_str(self.message()),
        }
    }
}

impl core::error::Error for EranErrorKind {}

notation_error! {
    /// An ERAN move could not be parsed: what was expected, at which byte.
    ///
    /// The offset is the index of the first byte that does not fit (the input's
    /// length when the input ended too early).
    ///
    /// ```
    /// use chessnote::eran::{Eran, EranErrorKind};
    ///
    /// let err = Eran::from_ascii(b"Knight b1-b3").unwrap_err();
    /// assert_eq!(err.offset(), 10);
    /// assert_eq!(err.kind().name(), "unreachable");
    /// assert_eq!(
    ///     err.to_string(),
    ///     "expected a destination the knight can reach: it cannot move from b1 to b3 at byte 10"
    /// );
    /// assert_eq!(Eran::from_ascii(b"").unwrap_err().kind(), EranErrorKind::Move);
    /// assert_eq!(Eran::from_ascii(b"N b1-c3+").unwrap_err().offset(), 7);
    /// ```
    pub struct EranError { kind: EranErrorKind, offset: usize }
}
