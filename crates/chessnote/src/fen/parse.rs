//! The one-pass FEN parser, its options and its errors.

use core::fmt;
use core::str::FromStr;

use super::setup::{Board, Castling, CastlingRight, Setup};
use crate::{CastlingSide, Color, File, Piece, Rank, Square};

/// Leniencies of the FEN parser, each a named switch; all off by default,
/// which is strict FEN.
///
/// Strict FEN is exactly: eight ranks of eight squares separated by `/`
/// (piece letters `PNBRQKpnbrqk`, digits `1`–`8`, never two digits in a
/// row), `w` or `b`, castling `-` or letters in canonical order without
/// repeats (White before Black; for each, `K`, rook files from `h` to `a`,
/// `Q`) — `KQkq`, or the Chess960 forms: Shredder-FEN file letters such as
/// `HAha` and X-FEN mixtures such as `Bkq` — an en-passant square `-` or on rank 6
/// with White to move and rank 3 with Black to move, a halfmove clock
/// `0`–`65535` and a fullmove number `1`–`65535` without leading zeros,
/// fields separated by single spaces and nothing before or after.
///
/// ```
/// use chessnote::fen::{FenOptions, Setup};
///
/// let epd_like = b"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -  ";
/// assert!(Setup::from_ascii(epd_like).is_err());
/// let options = FenOptions::new().surrounding_whitespace(true).missing_counters(true);
/// let setup = Setup::from_ascii_with(epd_like, &options)?;
/// assert_eq!(setup, Setup::STARTING);
/// # Ok::<(), chessnote::fen::FenError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FenOptions {
    /// Accept ASCII whitespace (spaces, tabs, CR, LF, form feed) before and after the record.
    pub surrounding_whitespace: bool,
    /// Accept a record that ends after the en-passant field (as EPD and many
    /// web tools write it; the counters become `0 1`) or after the halfmove
    /// clock (the fullmove number becomes 1).
    pub missing_counters: bool,
    /// Accept fullmove number `0` (kept as 0).
    pub fullmove_zero: bool,
    /// Accept leading zeros in the counters (`007`).
    pub leading_zeros: bool,
    /// Accept two or more digits in a row in a rank (`44`, `11111111`).
    pub adjacent_digits: bool,
    /// Accept castling letters in any order and repeated (`qkQK`, `KQkqKQ`).
    pub castling_any_order: bool,
    /// Accept an en-passant square on any rank, whoever is to move.
    pub en_passant_any_rank: bool,
    /// Reject the Chess960 castling forms (file letters): only `KQkq` letters.
    /// Used by [`FenOptions::seed`] to accept exactly the seed grammar.
    pub no_castling_files: bool,
}

impl Default for FenOptions {
    /// Strict: the same as [`FenOptions::new`].
    ///
    /// ```
    /// use chessnote::fen::FenOptions;
    /// assert_eq!(FenOptions::default(), FenOptions::new());
    /// ```
    fn default() -> FenOptions {
        FenOptions::new()
    }
}

macro_rules! switch {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[must_use]
        pub const fn $name(mut self, on: bool) -> FenOptions {
            self.$name = on;
            self
        }
    };
}

impl FenOptions {
    /// Strict FEN: every switch off.
    ///
    /// ```
    /// use chessnote::fen::FenOptions;
    /// assert!(!FenOptions::new().missing_counters);
    /// ```
    pub const fn new() -> FenOptions {
        FenOptions {
            surrounding_whitespace: false,
            missing_counters: false,
            fullmove_zero: false,
            leading_zeros: false,
            adjacent_digits: false,
            castling_any_order: false,
            en_passant_any_rank: false,
            no_castling_files: false,
        }
    }

    /// Exactly what the seed crate `chess_fen_parser` 0.1.1 accepts in the
    /// six FEN fields: its grammar (`fen.pest`) plus its checks (8 squares a
    /// rank, counters that fit in `u16`). That is: adjacent digits, castling
    /// letters `KQkq` in any order and repeated (no file letters), an
    /// en-passant square on any rank, leading zeros and fullmove 0.
    ///
    /// ```
    /// use chessnote::fen::{FenOptions, Setup};
    /// let odd = b"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w qkQK e4 007 0";
    /// assert!(Setup::from_ascii(odd).is_err());
    /// assert!(Setup::from_ascii_with(odd, &FenOptions::seed()).is_ok());
    /// ```
    pub const fn seed() -> FenOptions {
        FenOptions {
            surrounding_whitespace: false,
            missing_counters: false,
            fullmove_zero: true,
            leading_zeros: true,
            adjacent_digits: true,
            castling_any_order: true,
            en_passant_any_rank: true,
            no_castling_files: true,
        }
    }

    /// Every leniency on (and the Chess960 castling forms accepted).
    ///
    /// ```
    /// use chessnote::fen::{FenOptions, Setup};
    /// let text = b"\t8/8/8/8/8/8/8/8 w HAkq a1 01\r\n";
    /// assert!(Setup::from_ascii_with(text, &FenOptions::lenient()).is_ok());
    /// ```
    pub const fn lenient() -> FenOptions {
        FenOptions {
            surrounding_whitespace: true,
            missing_counters: true,
            fullmove_zero: true,
            leading_zeros: true,
            adjacent_digits: true,
            castling_any_order: true,
            en_passant_any_rank: true,
            no_castling_files: false,
        }
    }

    switch!(
        /// Sets [`FenOptions::surrounding_whitespace`].
        ///
        /// ```
        /// assert!(chessnote::fen::FenOptions::new().surrounding_whitespace(true).surrounding_whitespace);
        /// ```
        surrounding_whitespace
    );
    switch!(
        /// Sets [`FenOptions::missing_counters`].
        ///
        /// ```
        /// assert!(chessnote::fen::FenOptions::new().missing_counters(true).missing_counters);
        /// ```
        missing_counters
    );
    switch!(
        /// Sets [`FenOptions::fullmove_zero`].
        ///
        /// ```
        /// assert!(chessnote::fen::FenOptions::new().fullmove_zero(true).fullmove_zero);
        /// ```
        fullmove_zero
    );
    switch!(
        /// Sets [`FenOptions::leading_zeros`].
        ///
        /// ```
        /// assert!(chessnote::fen::FenOptions::new().leading_zeros(true).leading_zeros);
        /// ```
        leading_zeros
    );
    switch!(
        /// Sets [`FenOptions::adjacent_digits`].
        ///
        /// ```
        /// assert!(chessnote::fen::FenOptions::new().adjacent_digits(true).adjacent_digits);
        /// ```
        adjacent_digits
    );
    switch!(
        /// Sets [`FenOptions::castling_any_order`].
        ///
        /// ```
        /// assert!(chessnote::fen::FenOptions::new().castling_any_order(true).castling_any_order);
        /// ```
        castling_any_order
    );
    switch!(
        /// Sets [`FenOptions::en_passant_any_rank`].
        ///
        /// ```
        /// assert!(chessnote::fen::FenOptions::new().en_passant_any_rank(true).en_passant_any_rank);
        /// ```
        en_passant_any_rank
    );
    switch!(
        /// Sets [`FenOptions::no_castling_files`].
        ///
        /// ```
        /// assert!(chessnote::fen::FenOptions::new().no_castling_files(true).no_castling_files);
        /// ```
        no_castling_files
    );
}

/// The part of a record an error is in.
///
/// ```
/// use chessnote::fen::{FenField, Setup};
/// let err = Setup::from_ascii(b"8/8/8/8/8/8/8/8 x - - 0 1").unwrap_err();
/// assert_eq!(err.field(), FenField::SideToMove);
/// assert_eq!(FenField::SideToMove.to_string(), "side to move");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
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
    /// A tag of the seed's record format (`[Event "..."]`).
    Tag,
    /// The comment of the seed's record format (`{...}`).
    Comment,
    /// An EPD operation.
    Operation,
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
            FenField::Tag => "tag",
            FenField::Comment => "comment",
            FenField::Operation => "EPD operation",
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
    /// Two digits in a row in a rank (see [`FenOptions::adjacent_digits`]).
    AdjacentDigits,
    /// A castling letter out of canonical order (see [`FenOptions::castling_any_order`]).
    CastlingOrder,
    /// A castling right given twice.
    CastlingRepeated,
    /// The en-passant square is not on the rank the side to move allows
    /// (see [`FenOptions::en_passant_any_rank`]).
    EnPassantRank,
    /// A counter with a leading zero (see [`FenOptions::leading_zeros`]).
    LeadingZero,
    /// A counter above 65535.
    CounterOverflow,
    /// Fullmove number 0 (see [`FenOptions::fullmove_zero`]).
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
    pub const fn name(&self) -> &'static str {
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
/// ```
/// use chessnote::fen::{FenErrorKind, FenField, Setup};
/// let err = Setup::from_ascii(b"8/8/8/8/8/8/8/8 w KQkq e5 0 1").unwrap_err();
/// assert_eq!(err.field(), FenField::EnPassant);
/// assert_eq!(err.offset(), 23);
/// assert_eq!(err.kind(), FenErrorKind::EnPassantRank);
/// assert_eq!(
///     err.to_string(),
///     "invalid FEN: en-passant square at byte 23: en-passant square must be on rank 6 with White to move, rank 3 with Black"
/// );
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FenError {
    field: FenField,
    offset: usize,
    kind: FenErrorKind,
}

impl FenError {
    /// An error in `field` at byte `offset`.
    ///
    /// ```
    /// use chessnote::fen::{FenError, FenErrorKind, FenField};
    /// let err = FenError::new(FenField::End, 3, FenErrorKind::LeadingZero);
    /// assert_eq!(err.offset(), 3);
    /// ```
    pub const fn new(field: FenField, offset: usize, kind: FenErrorKind) -> FenError {
        FenError {
            field,
            offset,
            kind,
        }
    }

    /// The field the error is in.
    ///
    /// ```
    /// use chessnote::fen::{FenField, Setup};
    /// assert_eq!(Setup::from_ascii(b"").unwrap_err().field(), FenField::Placement);
    /// ```
    pub const fn field(&self) -> FenField {
        self.field
    }

    /// The byte offset (0-based) of the offending byte in the input; the
    /// input length when it ends too early.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// assert_eq!(Setup::from_ascii(b"8/8").unwrap_err().offset(), 3);
    /// ```
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// Why the record was rejected.
    ///
    /// ```
    /// use chessnote::fen::{FenErrorKind, Setup};
    /// let err = Setup::from_ascii(b"8/8/8/8/8/8/8/8 w - - 0 0").unwrap_err();
    /// assert_eq!(err.kind(), FenErrorKind::FullmoveZero);
    /// ```
    pub const fn kind(&self) -> FenErrorKind {
        self.kind
    }

    /// The name of the `chess_fen_parser::FenError` variant the seed crate
    /// gives for the same kind of fault: `InvalidRankLength` (a rank of the
    /// wrong length), `InvalidNumber` (a counter above 65535) or
    /// `ParseError` (everything its grammar rejects).
    ///
    /// ```
    /// use chessnote::fen::parse_fen;
    /// let err = parse_fen("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
    /// assert_eq!(err.seed_variant(), "InvalidRankLength");
    /// ```
    pub const fn seed_variant(&self) -> &'static str {
        match self.kind {
            FenErrorKind::RankTooShort { .. } | FenErrorKind::RankTooLong { .. } => {
                "InvalidRankLength"
            }
            FenErrorKind::CounterOverflow => "InvalidNumber",
            _ => "ParseError",
        }
    }

    pub(crate) const fn shifted(mut self, by: usize) -> FenError {
        self.offset += by;
        self
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid FEN: {} at byte {}: {}",
            self.field, self.offset, self.kind
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for FenError {}

impl crate::Diagnostic for FenError {
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

// ---------------------------------------------------------------------------
// The parser.

/// Byte classes of the placement field: 0 = invalid, 1..=8 = digit,
/// 9 = `/`, 10 = space, 16 + piece index = a piece letter.
const CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut d = 1;
    while d <= 8 {
        table[b'0' as usize + d] = d as u8;
        d += 1;
    }
    table[b'/' as usize] = 9;
    table[b' ' as usize] = 10;
    let letters = *b"PNBRQKpnbrqk";
    let mut i = 0;
    while i < 12 {
        table[letters[i] as usize] = 16 + i as u8;
        i += 1;
    }
    table
};

const PIECES: [Option<Piece>; 12] = {
    let letters = *b"PNBRQKpnbrqk";
    let mut out = [None; 12];
    let mut i = 0;
    while i < 12 {
        out[i] = Piece::from_ascii(letters[i]);
        i += 1;
    }
    out
};

const EXPECT_SQUARE: &str = "a piece letter, a digit 1-8, `/` or a space";

#[cold]
#[inline(never)]
fn err(field: FenField, offset: usize, kind: FenErrorKind) -> FenError {
    FenError::new(field, offset, kind)
}

#[cold]
#[inline(never)]
fn unexpected(bytes: &[u8], pos: usize, field: FenField, expected: &'static str) -> FenError {
    match bytes.get(pos) {
        Some(&found) => err(field, pos, FenErrorKind::UnexpectedByte { found, expected }),
        None => err(field, pos, FenErrorKind::UnexpectedEnd { expected }),
    }
}

/// Parses the placement field from `pos`; returns the board and the offset
/// of the byte after it (a space, or the end of the input). The careful
/// version, which finds the first fault.
#[cold]
#[inline(never)]
fn parse_placement(
    bytes: &[u8],
    mut pos: usize,
    opts: &FenOptions,
) -> Result<(Board, usize), FenError> {
    let mut board = Board::EMPTY;
    // Index of the next square: rank 8 first, so the square of (rank, file)
    // is (7 - row) * 8 + file.
    let mut row: usize = 0;
    let mut file: usize = 0;
    let mut prev_digit = false;
    loop {
        let Some(&byte) = bytes.get(pos) else {
            return Err(if file == 0 && row > 0 {
                err(
                    FenField::Placement,
                    pos,
                    FenErrorKind::UnexpectedEnd { expected: "a rank" },
                )
            } else {
                err(
                    FenField::Placement,
                    pos,
                    FenErrorKind::UnexpectedEnd {
                        expected: EXPECT_SQUARE,
                    },
                )
            });
        };
        let class = CLASS[byte as usize];
        if class >= 16 {
            if file >= 8 {
                return Err(err(
                    FenField::Placement,
                    pos,
                    FenErrorKind::RankTooLong {
                        squares: file as u8 + 1,
                    },
                ));
            }
            board.0[(7 - row) * 8 + file] = PIECES[(class - 16) as usize];
            file += 1;
            prev_digit = false;
        } else if (1..=8).contains(&class) {
            if prev_digit && !opts.adjacent_digits {
                return Err(err(FenField::Placement, pos, FenErrorKind::AdjacentDigits));
            }
            file += class as usize;
            if file > 8 {
                return Err(err(
                    FenField::Placement,
                    pos,
                    FenErrorKind::RankTooLong {
                        squares: file as u8,
                    },
                ));
            }
            prev_digit = true;
        } else if class == 9 || class == 10 {
            if file != 8 {
                let kind = if file == 0 {
                    FenErrorKind::EmptyRank
                } else {
                    FenErrorKind::RankTooShort {
                        squares: file as u8,
                    }
                };
                return Err(err(FenField::Placement, pos, kind));
            }
            if class == 10 {
                if row != 7 {
                    return Err(err(
                        FenField::Placement,
                        pos,
                        FenErrorKind::TooFewRanks {
                            ranks: row as u8 + 1,
                        },
                    ));
                }
                return Ok((board, pos));
            }
            if row == 7 {
                return Err(err(FenField::Placement, pos, FenErrorKind::TooManyRanks));
            }
            row += 1;
            file = 0;
            prev_digit = false;
        } else {
            return Err(err(
                FenField::Placement,
                pos,
                FenErrorKind::UnexpectedByte {
                    found: byte,
                    expected: EXPECT_SQUARE,
                },
            ));
        }
        pos += 1;
    }
}

/// One entry of the fast placement table: what a byte puts on the board,
/// how many squares it covers, and what it is.
#[derive(Copy, Clone)]
struct Entry {
    piece: Option<Piece>,
    advance: u8,
    /// `DIGIT`, `SLASH` or `INVALID`.
    flags: u8,
}

const DIGIT: u8 = 1;
const SLASH: u8 = 2;
const INVALID: u8 = 4;

const ENTRIES: [Entry; 256] = {
    let mut table = [Entry {
        piece: None,
        advance: 0,
        flags: INVALID,
    }; 256];
    let mut i = 0;
    while i < 256 {
        let class = CLASS[i];
        if class >= 16 {
            table[i] = Entry {
                piece: PIECES[(class - 16) as usize],
                advance: 1,
                flags: 0,
            };
        } else if 1 <= class && class <= 8 {
            table[i] = Entry {
                piece: None,
                advance: class,
                flags: DIGIT,
            };
        } else if class == 9 {
            table[i] = Entry {
                piece: None,
                advance: 0,
                flags: SLASH,
            };
        }
        i += 1;
    }
    table
};

/// The placement field, fast: one table lookup and no unpredictable branch
/// per byte; every check is folded into one flag. When the flag is up, the
/// careful [`parse_placement`] runs again to say where and why.
#[inline(always)]
fn parse_placement_fast(bytes: &[u8], opts: &FenOptions) -> Result<(Board, usize), FenError> {
    let mut board = Board::EMPTY;
    // `i` counts squares in FEN order (a8 = 0, h8 = 7, a7 = 8, ...), which
    // is square index `i ^ 56`.
    let mut i: usize = 0;
    // `slash_at[k]` ends up holding `i` at the `k`-th `/` (each byte stores
    // its `i` in the slot of the next `/`), checked once after the loop.
    let mut slash_at = [0usize; 8];
    let mut slashes: usize = 0;
    let mut bad: u8 = 0;
    let mut prev: u8 = 0;
    let digits_rule = if opts.adjacent_digits { 0 } else { DIGIT };
    let mut pos = bytes.len();
    for (at, &byte) in bytes.iter().enumerate() {
        if byte == b' ' {
            pos = at;
            break;
        }
        let e = ENTRIES[byte as usize];
        board.0[(i ^ 56) & 63] = e.piece;
        slash_at[slashes & 7] = i;
        slashes += (e.flags >> 1 & 1) as usize;
        // An invalid byte, or a digit after a digit.
        bad |= e.flags & (INVALID | prev);
        prev = e.flags & digits_rule;
        i += e.advance as usize;
    }
    let ranks_ok = slashes == 7
        && slash_at[..7]
            .iter()
            .enumerate()
            .all(|(k, at)| *at == 8 * (k + 1));
    if bad == 0 && i == 64 && ranks_ok && pos < bytes.len() {
        Ok((board, pos))
    } else {
        parse_placement(bytes, 0, opts)
    }
}

#[inline]
fn expect_space(bytes: &[u8], pos: usize, field: FenField) -> Result<usize, FenError> {
    if bytes.get(pos) == Some(&b' ') {
        Ok(pos + 1)
    } else {
        Err(unexpected(bytes, pos, field, "a single space"))
    }
}

/// After a `KQkq` prefix: done if a space or the end follows, otherwise
/// read the field the careful way.
#[inline(always)]
fn finish_castling(
    bytes: &[u8],
    castling: Castling,
    pos: usize,
    opts: &FenOptions,
) -> Result<(Castling, usize), FenError> {
    match bytes.get(pos) {
        Some(b' ') | None => Ok((castling, pos)),
        Some(_) => parse_castling_slow(bytes, pos - 4, opts),
    }
}

/// Parses the castling field at `pos` up to the next space or the end.
#[inline(always)]
fn parse_castling(
    bytes: &[u8],
    pos: usize,
    opts: &FenOptions,
) -> Result<(Castling, usize), FenError> {
    parse_castling_fields(bytes, pos, opts, true)
}

#[inline(never)]
fn parse_castling_slow(
    bytes: &[u8],
    pos: usize,
    opts: &FenOptions,
) -> Result<(Castling, usize), FenError> {
    parse_castling_fields(bytes, pos, opts, false)
}

/// The castling field; `fast` allows the shortcuts for `KQkq` and `-`.
#[inline(always)]
fn parse_castling_fields(
    bytes: &[u8],
    mut pos: usize,
    opts: &FenOptions,
    fast: bool,
) -> Result<(Castling, usize), FenError> {
    const EXPECTED: &str = "`-` or castling letters `KQkq` (or rook files `A`-`H`, `a`-`h`)";
    // The two most common fields first.
    match bytes.get(pos..pos + 4).filter(|_| fast) {
        Some(b"KQkq") => return finish_castling(bytes, Castling::STANDARD, pos + 4, opts),
        Some([b'-', ..]) => return Ok((Castling::NONE, pos + 1)),
        _ => {}
    }
    if bytes.get(pos) == Some(&b'-') {
        return Ok((Castling::NONE, pos + 1));
    }
    let mut castling = Castling::NONE;
    let start = pos;
    // Canonical order: White's rights, then Black's, each K, files h..a, Q.
    let mut last_key: i8 = -1;
    while let Some(&byte) = bytes.get(pos) {
        if byte == b' ' {
            break;
        }
        let color = if byte.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let right = match byte.to_ascii_lowercase() {
            b'k' => CastlingRight::Outermost(CastlingSide::KingSide),
            b'q' => CastlingRight::Outermost(CastlingSide::QueenSide),
            f @ b'a'..=b'h' if !opts.no_castling_files => {
                CastlingRight::File(File::ALL[(f - b'a') as usize])
            }
            _ => {
                return Err(err(
                    FenField::Castling,
                    pos,
                    FenErrorKind::UnexpectedByte {
                        found: byte,
                        expected: EXPECTED,
                    },
                ));
            }
        };
        let key = (color as i8) * 10
            + match right {
                CastlingRight::Outermost(CastlingSide::KingSide) => 0,
                CastlingRight::File(f) => 8 - f as i8,
                CastlingRight::Outermost(CastlingSide::QueenSide) => 9,
            };
        if !castling.insert(color, right) {
            if !opts.castling_any_order {
                return Err(err(FenField::Castling, pos, FenErrorKind::CastlingRepeated));
            }
        } else if key < last_key && !opts.castling_any_order {
            return Err(err(FenField::Castling, pos, FenErrorKind::CastlingOrder));
        }
        last_key = last_key.max(key);
        pos += 1;
    }
    if pos == start {
        return Err(unexpected(bytes, pos, FenField::Castling, EXPECTED));
    }
    Ok((castling, pos))
}

/// Parses a counter at `pos`: one or more digits.
#[inline]
fn parse_counter(
    bytes: &[u8],
    mut pos: usize,
    field: FenField,
    opts: &FenOptions,
) -> Result<(u16, usize), FenError> {
    let start = pos;
    let mut value: u32 = 0;
    while let Some(&byte) = bytes.get(pos) {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value * 10 + digit as u32;
        if value > u16::MAX as u32 {
            return Err(err(field, start, FenErrorKind::CounterOverflow));
        }
        pos += 1;
    }
    if pos == start {
        return Err(unexpected(bytes, pos, field, "a number"));
    }
    if !opts.leading_zeros && bytes[start] == b'0' && pos - start > 1 {
        return Err(err(field, start, FenErrorKind::LeadingZero));
    }
    Ok((value as u16, pos))
}

/// Whether the counters are required after the en-passant field.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Counters {
    /// FEN: required unless [`FenOptions::missing_counters`].
    Fen,
    /// EPD: optional; present when a digit follows the en-passant field.
    Optional,
}

/// Parses the FEN fields starting at `bytes[0]`; returns the setup, whether
/// the counters were present, and the offset of the first byte not used.
#[inline(always)]
pub(crate) fn parse_fields(
    bytes: &[u8],
    opts: &FenOptions,
    counters: Counters,
) -> Result<(Setup, bool, usize), FenError> {
    let (board, pos) = parse_placement_fast(bytes, opts)?;
    let pos = pos + 1; // the space after the placement
    let turn = match bytes.get(pos) {
        Some(b'w') => Color::White,
        Some(b'b') => Color::Black,
        _ => return Err(unexpected(bytes, pos, FenField::SideToMove, "`w` or `b`")),
    };
    let pos = expect_space(bytes, pos + 1, FenField::SideToMove)?;
    let (castling, pos) = parse_castling(bytes, pos, opts)?;
    let pos = expect_space(bytes, pos, FenField::Castling)?;
    let (ep_square, mut pos) = match bytes.get(pos) {
        Some(b'-') => (None, pos + 1),
        Some(&f) => {
            let Some(file) = File::from_ascii(f) else {
                return Err(unexpected(
                    bytes,
                    pos,
                    FenField::EnPassant,
                    "`-` or a square",
                ));
            };
            let Some(rank) = bytes.get(pos + 1).and_then(|r| Rank::from_ascii(*r)) else {
                return Err(unexpected(
                    bytes,
                    pos + 1,
                    FenField::EnPassant,
                    "a rank digit 1-8",
                ));
            };
            let wanted = match turn {
                Color::White => Rank::Sixth,
                Color::Black => Rank::Third,
            };
            if rank != wanted && !opts.en_passant_any_rank {
                return Err(err(FenField::EnPassant, pos, FenErrorKind::EnPassantRank));
            }
            (Some(Square::new(file, rank)), pos + 2)
        }
        None => {
            return Err(unexpected(
                bytes,
                pos,
                FenField::EnPassant,
                "`-` or a square",
            ));
        }
    };
    let mut setup = Setup {
        board,
        turn,
        castling,
        ep_square,
        halfmoves: 0,
        fullmoves: 1,
    };
    let optional = counters == Counters::Optional || opts.missing_counters;
    let digit_at = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    if !(bytes.get(pos) == Some(&b' ') && digit_at(pos + 1)) {
        if optional {
            return Ok((setup, false, pos));
        }
        let pos = expect_space(bytes, pos, FenField::EnPassant)?;
        return Err(unexpected(bytes, pos, FenField::HalfmoveClock, "a number"));
    }
    (setup.halfmoves, pos) = parse_counter(bytes, pos + 1, FenField::HalfmoveClock, opts)?;
    if !(bytes.get(pos) == Some(&b' ') && digit_at(pos + 1)) {
        if optional {
            return Ok((setup, true, pos));
        }
        let pos = expect_space(bytes, pos, FenField::HalfmoveClock)?;
        return Err(unexpected(bytes, pos, FenField::FullmoveNumber, "a number"));
    }
    let start = pos + 1;
    (setup.fullmoves, pos) = parse_counter(bytes, start, FenField::FullmoveNumber, opts)?;
    if setup.fullmoves == 0 && !opts.fullmove_zero {
        return Err(err(
            FenField::FullmoveNumber,
            start,
            FenErrorKind::FullmoveZero,
        ));
    }
    Ok((setup, true, pos))
}

fn trim_ascii(bytes: &[u8]) -> (usize, usize) {
    let mut start = 0;
    let mut end = bytes.len();
    while start < end && bytes[start].is_ascii_whitespace() {
        start += 1;
    }
    while end > start && bytes[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    (start, end)
}

impl Setup {
    /// Parses strict FEN (see [`FenOptions`]).
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// let setup = Setup::from_ascii(b"8/8/8/4k3/8/8/8/4K3 b - - 12 60")?;
    /// assert_eq!(setup.halfmoves, 12);
    /// assert!(Setup::from_ascii(b"8/8/8/4k3/8/8/8/4K3 b - - 12 60 ").is_err());
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    #[inline]
    pub fn from_ascii(bytes: &[u8]) -> Result<Setup, FenError> {
        Setup::from_ascii_with(bytes, &FenOptions::new())
    }

    /// Parses FEN with the leniencies of `options`.
    ///
    /// ```
    /// use chessnote::fen::{FenOptions, Setup};
    /// let options = FenOptions::new().missing_counters(true);
    /// let setup = Setup::from_ascii_with(b"8/8/8/8/8/8/8/8 w - -", &options)?;
    /// assert_eq!((setup.halfmoves, setup.fullmoves), (0, 1));
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    #[inline]
    pub fn from_ascii_with(bytes: &[u8], options: &FenOptions) -> Result<Setup, FenError> {
        let (start, end) = if options.surrounding_whitespace {
            trim_ascii(bytes)
        } else {
            (0, bytes.len())
        };
        let body = &bytes[start..end];
        let (setup, _, pos) =
            parse_fields(body, options, Counters::Fen).map_err(|e| e.shifted(start))?;
        if pos != body.len() {
            return Err(err(
                FenField::End,
                start + pos,
                FenErrorKind::UnexpectedByte {
                    found: body[pos],
                    expected: "the end of the record",
                },
            ));
        }
        Ok(setup)
    }
}

impl FromStr for Setup {
    type Err = FenError;

    /// Parses strict FEN, as [`Setup::from_ascii`].
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// let setup: Setup = "8/8/8/8/8/8/8/8 w - - 0 1".parse()?;
    /// assert_eq!(setup, Setup::EMPTY);
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    fn from_str(s: &str) -> Result<Setup, FenError> {
        Setup::from_ascii(s.as_bytes())
    }
}
