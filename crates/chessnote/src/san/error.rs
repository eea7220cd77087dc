//! What was wrong with a SAN string, and where.

use crate::text::{error_kind, messages, notation_error};

#[cfg(doc)]
use super::Leniency;

error_kind! {
    /// What was wrong with a SAN string (see [`SanError`] for where).
    ///
    /// ```
    /// use chessnote::san::{SanErrorKind, SanPlus};
    /// let err = SanPlus::from_ascii(b"e8").unwrap_err();
    /// assert_eq!(err.kind(), SanErrorKind::MissingPromotion);
    /// assert_eq!(err.kind().name(), "missing-promotion");
    /// assert_eq!(SanErrorKind::ExpectedRank.message(), "expected a rank digit `1`-`8`");
    /// ```
    pub enum SanErrorKind {
        /// The input is empty.
        Empty = ("empty", messages::EMPTY_MOVE),
        /// A square was expected (a file letter `a`–`h` then a rank digit).
        ExpectedSquare = ("expected-square", "expected a square such as `e4`"),
        /// A rank digit `1`–`8` was expected.
        ExpectedRank = ("expected-rank", messages::EXPECTED_RANK),
        /// A promotion piece letter (`Q`, `R`, `B` or `N`) was expected after `=`.
        ExpectedPromotionPiece = ("expected-promotion-piece", "expected a promotion piece `Q`, `R`, `B` or `N` after `=`"),
        /// Castling is malformed: `O-O` or `O-O-O` was expected.
        ExpectedCastling = ("expected-castling", "malformed castling: expected `O-O` or `O-O-O`"),
        /// A byte that has no place there, such as trailing input.
        UnexpectedByte = ("unexpected-byte", messages::UNEXPECTED_BYTE),
        /// Castling written with zeros while [`Leniency::ZeroCastling`] is off.
        ZeroCastling = ("zero-castling", "castling written with zeros (`0-0`); SAN uses the letter `O`"),
        /// A null move while [`Leniency::NullMove`] is off.
        NullMove = ("null-move", "null move (`--`) not enabled"),
        /// A drop (`N@f3`) while [`Leniency::Drops`] is off.
        Drop = ("drop", "a drop (`N@f3`) is crazyhouse's, not enabled"),
        /// A pawn dropped on the first or last rank.
        PawnDropOnBackRank = ("pawn-drop-on-back-rank", "a pawn cannot be dropped on the first or last rank"),
        /// A piece other than a pawn is given a promotion.
        PieceWithPromotion = ("piece-with-promotion", messages::PIECE_WITH_PROMOTION),
        /// The promotion piece is a king or a pawn.
        InvalidPromotionPiece = ("invalid-promotion-piece", "a pawn cannot promote to a king or a pawn"),
        /// A pawn moves to the first or last rank without promoting.
        MissingPromotion = ("missing-promotion", messages::MISSING_PROMOTION),
        /// A promotion on a rank other than the first or last.
        PromotionNotOnLastRank = ("promotion-not-on-last-rank", messages::PROMOTION_NOT_ON_LAST_RANK),
        /// The source square equals the destination.
        SameSquare = ("same-square", "the source square is the destination"),
        /// A pawn source SAN never writes (see [`Leniency::PawnSources`]).
        PawnSource = ("pawn-source", "a pawn move written with a source SAN never uses"),
        /// A pawn capture without the file it captures from.
        MissingCaptureFile = ("missing-capture-file", "a pawn capture must name the file it captures from"),
        /// No square matching the written source can reach the destination, even
        /// on an empty board (see [`Leniency::AnyGeometry`]).
        Unreachable = ("unreachable", "the piece cannot reach the destination from the written source"),
    }
}

notation_error! {
    /// A SAN string that could not be parsed: what was wrong, and the byte
    /// offset where it was found. The parser never looks further than a few
    /// bytes past the longest SAN, so the offset is kept in 16 bits (a small
    /// error keeps results small).
    ///
    /// ```
    /// use chessnote::san::{SanErrorKind, SanPlus};
    ///
    /// let err = SanPlus::from_ascii(b"Nb").unwrap_err();
    /// assert_eq!(err.kind(), SanErrorKind::ExpectedRank);
    /// assert_eq!(err.offset(), 2);
    /// assert_eq!(err.to_string(), "expected a rank digit `1`-`8` at byte 2");
    /// ```
    pub struct SanError { kind: SanErrorKind, offset: u16 }
}
