//! The error of the FEN and EPD parsers: which field, at which byte, why.

use core::fmt;

/// The part of a record an error is in.
///
/// ```
/// use chessnote::fen::{FenField, Setup};
/// let err = Setup::from_ascii(b"8/8/8/8/8/8/8/8 x - - 0 1").unwrap_err();
/// assert_eq!(err.field(), FenField::SideToMove);
/// assert_eq!(FenField::SideToMove.to_string(), "side to move");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenField {
    /// The piece placement (first field).
    Placement,
    /// The side to move (`w`/`b`).
    SideToMove,
    /// The castling rights.
    Castling,
    /// The en-passant square.
    EnPassant,
    /// The halfmove clock.
    HalfmoveClock,
    /// The fullmove number.
    FullmoveNumber,
    /// What follows the last field.
    End,
    /// An EPD operation.
    Operation,
    /// Crazyhouse's pieces in hand (`[Qb]`, `/Qb`).
    Pocket,
    /// Three-check's counters (`3+3`, `+0+0`).
    Checks,
}

impl FenField {
    /// A stable, lowercase, hyphenated name for the field, for programs.
    ///
    /// ```
    /// use chessnote::fen::FenField;
    /// assert_eq!(FenField::EnPassant.name(), "en-passant");
    /// assert_eq!(FenField::EnPassant.to_string(), "en-passant square");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            FenField::Placement => "placement",
            FenField::SideToMove => "side-to-move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en-passant",
            FenField::HalfmoveClock => "halfmove-clock",
            FenField::FullmoveNumber => "fullmove-number",
            FenField::End => "end",
            FenField::Operation => "operation",
            FenField::Pocket => "pocket",
            FenField::Checks => "checks",
        }
    }
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "piece placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling rights",
            FenField::EnPassant => "en-passant square",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
            FenField::End => "end of record",
            FenField::Operation => "EPD operation",
            FenField::Pocket => "pocket",
            FenField::Checks => "check counters",
        })
    }
}

/// Why a record was rejected.
///
/// ```
/// use chessnote::fen::{FenErrorKind, Setup};
/// let err = Setup::from_ascii(b"8/8/8/8/8/8/8/7 w - - 0 1").unwrap_err();
/// assert_eq!(err.kind(), FenErrorKind::RankTooShort { squares: 7 });
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// The input ends where `expected` should come.
    UnexpectedEnd {
        /// What should come.
        expected: &'static str,
    },
    /// The byte `found` stands where `expected` should come.
    UnexpectedByte {
        /// The offending byte.
        found: u8,
        /// What should come.
        expected: &'static str,
    },
    /// A rank ends (at `/` or a space) after fewer than 8 squares.
    RankTooShort {
        /// The squares it has.
        squares: u8,
    },
    /// A rank describes more than 8 squares.
    RankTooLong {
        /// The squares counted when it went past 8.
        squares: u8,
    },
    /// A rank is empty (`//`).
    EmptyRank,
    /// The placement has more than 8 ranks.
    TooManyRanks,
    /// The placement ends after fewer than 8 ranks.
    TooFewRanks {
        /// The ranks it has.
        ranks: u8,
    },
    /// Two digits in a row in a rank (see [`FenLeniency::AdjacentDigits`](super::FenLeniency::AdjacentDigits)).
    AdjacentDigits,
    /// A castling letter out of canonical order (see [`FenLeniency::CastlingAnyOrder`](super::FenLeniency::CastlingAnyOrder)).
    CastlingOrder,
    /// A castling right given twice.
    CastlingRepeated,
    /// The en-passant square is not on the rank the side to move allows
    /// (see [`FenLeniency::EnPassantAnyRank`](super::FenLeniency::EnPassantAnyRank)).
    EnPassantRank,
    /// A counter with a leading zero (see [`FenLeniency::LeadingZeros`](super::FenLeniency::LeadingZeros)).
    LeadingZero,
    /// A counter above 65535.
    CounterOverflow,
    /// Fullmove number 0 (see [`FenLeniency::FullmoveZero`](super::FenLeniency::FullmoveZero)).
    FullmoveZero,
    /// A quoted string that does not end.
    UnterminatedString,
}

impl FenErrorKind {
    /// A stable, lowercase, hyphenated name for the kind.
    ///
    /// ```
    /// use chessnote::fen::FenErrorKind;
    /// assert_eq!(FenErrorKind::CastlingRepeated.name(), "castling-repeated");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            FenErrorKind::UnexpectedEnd { .. } => "unexpected-end",
            FenErrorKind::UnexpectedByte { .. } => "unexpected-byte",
            FenErrorKind::RankTooShort { .. } => "rank-too-short",
            FenErrorKind::RankTooLong { .. } => "rank-too-long",
            FenErrorKind::EmptyRank => "empty-rank",
            FenErrorKind::TooManyRanks => "too-many-ranks",
            FenErrorKind::TooFewRanks { .. } => "too-few-ranks",
            FenErrorKind::AdjacentDigits => "adjacent-digits",
            FenErrorKind::CastlingOrder => "castling-order",
            FenErrorKind::CastlingRepeated => "castling-repeated",
            FenErrorKind::EnPassantRank => "en-passant-rank",
            FenErrorKind::LeadingZero => "leading-zero",
            FenErrorKind::CounterOverflow => "counter-overflow",
            FenErrorKind::FullmoveZero => "fullmove-zero",
            FenErrorKind::UnterminatedString => "unterminated-string",
        }
    }
}

impl fmt::Display for FenErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenErrorKind::UnexpectedEnd { expected } => {
                write!(f, "unexpected end of input, expected {expected}")
            }
            FenErrorKind::UnexpectedByte { found, expected } => {
                if found.is_ascii_graphic() {
                    write!(f, "unexpected `{}`, expected {expected}", *found as char)
                } else {
                    write!(f, "unexpected byte 0x{found:02X}, expected {expected}")
                }
            }
            FenErrorKind::RankTooShort { squares } => {
                write!(f, "rank has {squares} squares, expected 8")
            }
            FenErrorKind::RankTooLong { squares } => {
                write!(f, "rank has {squares} squares or more, expected 8")
            }
            FenErrorKind::EmptyRank => f.write_str("empty rank, expected 8 squares"),
            FenErrorKind::TooManyRanks => f.write_str("more than 8 ranks"),
            FenErrorKind::TooFewRanks { ranks } => write!(f, "{ranks} ranks, expected 8"),
            FenErrorKind::AdjacentDigits => f.write_str("two digits in a row"),
            FenErrorKind::CastlingOrder => f.write_str(
                "castling letters out of order (White first; `K`, files `h` to `a`, `Q`)",
            ),
            FenErrorKind::CastlingRepeated => f.write_str("castling right given twice"),
            FenErrorKind::EnPassantRank => f.write_str(
                "en-passant square must be on rank 6 with White to move, rank 3 with Black",
            ),
            FenErrorKind::LeadingZero => f.write_str("leading zero"),
            FenErrorKind::CounterOverflow => f.write_str("number too large, at most 65535"),
            FenErrorKind::FullmoveZero => f.write_str("fullmove number 0, it starts at 1"),
            FenErrorKind::UnterminatedString => f.write_str("string without closing quote"),
        }
    }
}

/// A rejected record: in which field, at which byte (0-based, of the whole
/// input) and why.
///
/// `Display` is the one format of every chessnote error, `"{message} at byte
/// {offset}"`, where the message names the field: `"{field}: {kind}"`.
///
/// The field type `F` is [`FenField`]; the seed façade's record parser
/// reports [`RecordError`](super::RecordError)s, whose field can also be one
/// of the seed's tags or its comment.
///
/// ```
/// use chessnote::fen::{FenErrorKind, FenField};
/// use chessnote::Setup;
/// let err = Setup::from_ascii(b"8/8/8/8/8/8/8/8 w KQkq e5 0 1").unwrap_err();
/// assert_eq!(err.field(), FenField::EnPassant);
/// assert_eq!(err.offset(), 23);
/// assert_eq!(err.kind(), FenErrorKind::EnPassantRank);
/// assert_eq!(
///     err.to_string(),
///     "en-passant square: en-passant square must be on rank 6 with White to move, rank 3 with Black at byte 23"
/// );
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FenError<F = FenField> {
    kind: FenErrorKind,
    offset: usize,
    field: F,
}

impl<F: Copy> FenError<F> {
    /// The error `kind` in `field` at byte `offset`.
    #[inline]
    pub(crate) const fn new(field: F, offset: usize, kind: FenErrorKind) -> FenError<F> {
        FenError {
            kind,
            offset,
            field,
        }
    }

    /// The field the error is in.
    ///
    /// ```
    /// use chessnote::fen::FenField;
    /// assert_eq!(chessnote::Setup::from_ascii(b"").unwrap_err().field(), FenField::Placement);
    /// ```
    #[inline]
    pub const fn field(&self) -> F {
        self.field
    }

    /// The byte offset (0-based) of the offending byte in the input; the
    /// input length when it ends too early.
    ///
    /// ```
    /// assert_eq!(chessnote::Setup::from_ascii(b"8/8").unwrap_err().offset(), 3);
    /// ```
    #[inline]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// Why the record was rejected.
    ///
    /// ```
    /// use chessnote::fen::FenErrorKind;
    /// let err = chessnote::Setup::from_ascii(b"8/8/8/8/8/8/8/8 w - - 0 0").unwrap_err();
    /// assert_eq!(err.kind(), FenErrorKind::FullmoveZero);
    /// ```
    #[inline]
    pub const fn kind(&self) -> FenErrorKind {
        self.kind
    }

    /// The same error in an input that has `by` more bytes in front.
    pub(crate) const fn shifted(mut self, by: usize) -> FenError<F> {
        self.offset += by;
        self
    }

    /// The same error, its field named by `field`.
    pub(crate) fn map_field<G: Copy>(self, field: impl FnOnce(F) -> G) -> FenError<G> {
        FenError::new(field(self.field), self.offset, self.kind)
    }
}

impl<F: fmt::Display> fmt::Display for FenError<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} at byte {}", self.field, self.kind, self.offset)
    }
}

impl<F: fmt::Display + fmt::Debug> core::error::Error for FenError<F> {}

impl<F: fmt::Display + fmt::Debug> crate::Diagnostic for FenError<F> {
    fn kind_name(&self) -> &'static str {
        self.kind.name()
    }

    fn offset(&self) -> usize {
        self.offset
    }

    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}: {}", self.field, self.kind)
    }
}
