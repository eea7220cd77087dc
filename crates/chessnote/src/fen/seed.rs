//! The drop-in API of the `chess_fen_parser` 0.1.1 crate: [`parse_fen`]
//! gives a [`Fen`] (alias [`FenRecord`]) with the same public fields, built
//! from a [`Setup`]. With the `pest` feature, `FenParser` and `Rule` are the
//! seed's pest grammar (the file `fen.pest` beside this module, which also
//! documents the language and where we are stricter).
//!
//! Everything here is also re-exported flat from [`chessnote::fen`](super),
//! so code written for the seed only changes its crate path. The seed's
//! concepts stay here: its record format (tags and a comment around the
//! FEN, [`RecordError`], [`RecordField`]), the names of its error variants
//! ([`RecordError::seed_variant`]) and its castling grammar (letters
//! `KQkq` only, checked when [`parse_fen_with`] is given
//! [`FenOptions::SEED`]).
//!
//! ```
//! use chessnote::fen::parse_fen;
//!
//! let fen = parse_fen("8/8/8/3pP3/8/8/8/8 b - e3 0 1")?;
//! assert_eq!(fen.en_passant.as_deref(), Some("e3"));
//! # Ok::<(), chessnote::fen::RecordError>(())
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::parse::{Counters, Leniencies, body, parse_fields};
use super::{FenError, FenErrorKind, FenField, FenOptions};
use crate::{
    Board, Castling, CastlingRight, CastlingSide, Color, File, Piece, PieceKind, Rank, Setup,
    Square,
};

/// The four castling rights as booleans, the seed's `Castlings`.
///
/// ```
/// use chessnote::fen::parse_fen;
/// let fen = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R b Qk - 5 20")?;
/// assert!(fen.castling.white_long && fen.castling.black_short);
/// assert!(!fen.castling.white_short && !fen.castling.black_long);
/// # Ok::<(), chessnote::fen::RecordError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Castlings {
    /// White may castle king side (`K`).
    pub white_short: bool,
    /// White may castle queen side (`Q`).
    pub white_long: bool,
    /// Black may castle king side (`k`).
    pub black_short: bool,
    /// Black may castle queen side (`q`).
    pub black_long: bool,
}

impl From<Castlings> for Castling {
    /// Each right written with its letter (`KQkq`).
    ///
    /// ```
    /// use chessnote::fen::{Castling, Castlings};
    /// let c = Castlings { white_short: true, ..Castlings::default() };
    /// assert_eq!(Castling::from(c).to_string(), "K");
    /// ```
    fn from(c: Castlings) -> Castling {
        let mut out = Castling::NONE;
        for (on, color, side) in [
            (c.white_short, Color::White, CastlingSide::KingSide),
            (c.white_long, Color::White, CastlingSide::QueenSide),
            (c.black_short, Color::Black, CastlingSide::KingSide),
            (c.black_long, Color::Black, CastlingSide::QueenSide),
        ] {
            if on {
                out.insert(color, CastlingRight::Outermost(side));
            }
        }
        out
    }
}

/// A parsed FEN record in the shape of the seed crate: the six FEN fields,
/// plus the optional tags and comment of the seed's record format.
///
/// It is a view built from a [`Setup`]; `Display` prints it back (tags,
/// FEN, comment, one a line), so that [`parse_fen`] reads it again.
///
/// ```
/// use chessnote::fen::{parse_fen, Color, PieceKind};
///
/// let fen = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")?;
/// assert_eq!(fen.board.len(), 8);
/// let a8 = fen.board[0][0].unwrap();
/// assert_eq!((a8.kind, a8.color), (PieceKind::Rook, Color::Black));
/// assert_eq!(fen.active_color, Color::White);
/// assert_eq!(fen.en_passant, None);
/// assert_eq!((fen.halfmove_clock, fen.fullmove_number), (0, 1));
/// assert_eq!(fen.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// # Ok::<(), chessnote::fen::RecordError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fen {
    /// The value of an `[Event "..."]` tag before the FEN, trimmed.
    pub event: Option<String>,
    /// The value of a `[White "..."]` tag, trimmed.
    pub white: Option<String>,
    /// The value of a `[Black "..."]` tag, trimmed.
    pub black: Option<String>,
    /// The text of a `{...}` comment after the FEN, trimmed.
    pub comment: Option<String>,
    /// 8 ranks of 8 squares, rank 8 first, file `a` first.
    pub board: Vec<Vec<Option<Piece>>>,
    /// The side to move.
    pub active_color: Color,
    /// The castling rights.
    pub castling: Castlings,
    /// The en-passant square (`"e3"`), if any.
    pub en_passant: Option<String>,
    /// The halfmove clock.
    pub halfmove_clock: u16,
    /// The fullmove number.
    pub fullmove_number: u16,
}

/// The seed crate's name for [`Fen`].
///
/// ```
/// let record: chessnote::fen::FenRecord = chessnote::fen::parse_fen("8/8/8/8/8/8/8/8 w - - 0 1")?;
/// assert!(record.event.is_none());
/// # Ok::<(), chessnote::fen::RecordError>(())
/// ```
pub type FenRecord = Fen;

impl From<&Setup> for Fen {
    /// The seed-shaped view of a setup (no tags, no comment).
    ///
    /// ```
    /// use chessnote::fen::{Fen, Setup};
    /// let fen = Fen::from(&Setup::STARTING);
    /// assert_eq!(fen.to_string(), Setup::STARTING.to_string());
    /// ```
    fn from(setup: &Setup) -> Fen {
        let mut board = Vec::with_capacity(8);
        for rank in (0..8).rev() {
            board.push(setup.board.0[rank * 8..rank * 8 + 8].to_vec());
        }
        Fen {
            event: None,
            white: None,
            black: None,
            comment: None,
            board,
            active_color: setup.turn,
            castling: Castlings {
                white_short: setup.can_castle(Color::White, CastlingSide::KingSide),
                white_long: setup.can_castle(Color::White, CastlingSide::QueenSide),
                black_short: setup.can_castle(Color::Black, CastlingSide::KingSide),
                black_long: setup.can_castle(Color::Black, CastlingSide::QueenSide),
            },
            en_passant: setup.ep_square.map(|sq| {
                let [f, r] = sq.ascii();
                let mut s = String::with_capacity(2);
                s.push(f as char);
                s.push(r as char);
                s
            }),
            halfmove_clock: setup.halfmoves,
            fullmove_number: setup.fullmoves,
        }
    }
}

/// Why a [`Fen`] cannot be turned into a [`Setup`].
///
/// ```
/// use chessnote::fen::{Fen, FenViewError, Setup};
/// let mut fen = Fen::from(&Setup::STARTING);
/// fen.board.pop();
/// assert_eq!(Setup::try_from(&fen), Err(FenViewError::BoardShape));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenViewError {
    /// `board` is not 8 ranks of 8 squares.
    BoardShape,
    /// `en_passant` is not a square name.
    EnPassant,
}

impl fmt::Display for FenViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenViewError::BoardShape => "the board is not 8 ranks of 8 squares",
            FenViewError::EnPassant => "the en-passant field is not a square",
        })
    }
}

impl core::error::Error for FenViewError {}

impl TryFrom<&Fen> for Setup {
    type Error = FenViewError;

    /// The setup a seed-shaped record describes (castling written `KQkq`).
    ///
    /// ```
    /// use chessnote::fen::{parse_fen, Setup};
    /// let fen = parse_fen("8/8/8/3pP3/8/8/8/8 w - d6 0 10")?;
    /// let setup = Setup::try_from(&fen).unwrap();
    /// assert_eq!(setup.to_string(), "8/8/8/3pP3/8/8/8/8 w - d6 0 10");
    /// # Ok::<(), chessnote::fen::RecordError>(())
    /// ```
    fn try_from(fen: &Fen) -> Result<Setup, FenViewError> {
        if fen.board.len() != 8 || fen.board.iter().any(|r| r.len() != 8) {
            return Err(FenViewError::BoardShape);
        }
        let mut board = Board::EMPTY;
        for (row, rank) in fen.board.iter().enumerate() {
            for (file, sq) in rank.iter().enumerate() {
                board.0[(7 - row) * 8 + file] = *sq;
            }
        }
        let ep_square = match &fen.en_passant {
            None => None,
            Some(s) => Some(Square::from_ascii(s.as_bytes()).map_err(|_| FenViewError::EnPassant)?),
        };
        Ok(Setup {
            board,
            turn: fen.active_color,
            castling: fen.castling.into(),
            ep_square,
            halfmoves: fen.halfmove_clock,
            fullmoves: fen.fullmove_number,
        })
    }
}

impl fmt::Display for Fen {
    /// The record as [`parse_fen`] reads it: each tag on a line of its own,
    /// the FEN, and the comment on the next line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in [
            ("Event", &self.event),
            ("White", &self.white),
            ("Black", &self.black),
        ] {
            if let Some(value) = value {
                writeln!(f, "[{name} \"{value}\"]")?;
            }
        }
        match Setup::try_from(self) {
            Ok(setup) => write!(f, "{setup}")?,
            Err(_) => {
                // A hand-made board of the wrong shape: print what is there.
                for (i, rank) in self.board.iter().enumerate() {
                    if i > 0 {
                        f.write_str("/")?;
                    }
                    let mut empty = 0;
                    for sq in rank {
                        match sq {
                            None => empty += 1,
                            Some(p) => {
                                if empty > 0 {
                                    write!(f, "{empty}")?;
                                    empty = 0;
                                }
                                write!(f, "{p}")?;
                            }
                        }
                    }
                    if empty > 0 {
                        write!(f, "{empty}")?;
                    }
                }
                write!(
                    f,
                    " {} {} {} {} {}",
                    self.active_color.char(),
                    Castling::from(self.castling),
                    self.en_passant.as_deref().unwrap_or("-"),
                    self.halfmove_clock,
                    self.fullmove_number
                )?;
            }
        }
        if let Some(comment) = &self.comment {
            // The reader drops braces at both ends of the comment, then
            // spaces: pad a comment that starts or ends with a brace.
            let before = if comment.starts_with(['{', '}']) {
                " "
            } else {
                ""
            };
            let after = if comment.ends_with(['{', '}']) {
                " "
            } else {
                ""
            };
            write!(f, "\n{{{before}{comment}{after}}}")?;
        }
        Ok(())
    }
}

impl Fen {
    /// The seed's expanded form of the record, as its CLI prints it: the
    /// tags, each side's pieces by kind with their squares, its castling
    /// rights, then the side to move, en passant, counters and comment.
    ///
    /// ```
    /// use chessnote::fen::parse_fen;
    /// let fen = parse_fen("8/8/8/3pP3/8/8/8/8 b - e3 0 1")?;
    /// let text = fen.expanded().to_string();
    /// assert!(text.contains("White:\n    pawn: e5\n    castling: -\n"));
    /// assert!(text.contains("En passant: e3\n"));
    /// # Ok::<(), chessnote::fen::RecordError>(())
    /// ```
    pub fn expanded(&self) -> Expanded<'_> {
        Expanded(self)
    }
}

/// The expanded form of a [`Fen`]; see [`Fen::expanded`].
///
/// ```
/// use chessnote::fen::parse_fen;
/// let fen = parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
/// assert!(fen.expanded().to_string().contains("    rook: h1\n    king: e1\n    castling: short\n"));
/// # Ok::<(), chessnote::fen::RecordError>(())
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Expanded<'a>(&'a Fen);

/// The seed lists kinds in this order.
const SEED_KIND_ORDER: [PieceKind; 6] = [
    PieceKind::Pawn,
    PieceKind::Rook,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Queen,
    PieceKind::King,
];

impl fmt::Display for Expanded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const DIVIDER: &str = "------------------------------------------";
        let fen = self.0;
        writeln!(f, "\n{DIVIDER}\nCHESS GAME INFO\n{DIVIDER}")?;
        for (name, value) in [
            ("Event", &fen.event),
            ("White", &fen.white),
            ("Black", &fen.black),
        ] {
            if let Some(value) = value {
                writeln!(f, "{name}: {value}")?;
            }
        }
        writeln!(f, "{DIVIDER}")?;
        for (color, header) in [(Color::White, "White:"), (Color::Black, "Black:")] {
            writeln!(f, "{header}")?;
            for kind in SEED_KIND_ORDER {
                // Squares sorted by name: file first, then rank.
                let mut squares: Vec<(u8, u8)> = Vec::new();
                for (row, rank) in fen.board.iter().enumerate() {
                    for (file, sq) in rank.iter().enumerate() {
                        if *sq == Some(kind.of(color)) {
                            squares.push((file as u8, (8 - row as i64) as u8));
                        }
                    }
                }
                if squares.is_empty() {
                    continue;
                }
                squares.sort_unstable();
                write!(f, "    {}: ", kind.lower_name())?;
                for (i, (file, rank)) in squares.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    match (File::new(*file), Rank::new(rank.wrapping_sub(1))) {
                        (Some(file), Some(rank)) => write!(f, "{}", Square::new(file, rank))?,
                        _ => write!(f, "?{rank}")?,
                    }
                }
                f.write_str("\n")?;
            }
            let (long, short) = match color {
                Color::White => (fen.castling.white_long, fen.castling.white_short),
                Color::Black => (fen.castling.black_long, fen.castling.black_short),
            };
            let rights = match (long, short) {
                (true, true) => "long, short",
                (true, false) => "long",
                (false, true) => "short",
                (false, false) => "-",
            };
            writeln!(f, "    castling: {rights}\n{DIVIDER}")?;
        }
        let active = match fen.active_color {
            Color::White => "White",
            Color::Black => "Black",
        };
        writeln!(f, "Active color: {active}")?;
        writeln!(
            f,
            "En passant: {}",
            fen.en_passant.as_deref().unwrap_or("-")
        )?;
        writeln!(f, "Halfmove clock: {}", fen.halfmove_clock)?;
        writeln!(f, "Fullmove number: {}", fen.fullmove_number)?;
        if let Some(comment) = &fen.comment {
            writeln!(f, "Comment: {comment}")?;
        }
        writeln!(f, "{DIVIDER}")
    }
}
/// Where in the seed's record format a [`RecordError`] is: one of the FEN
/// fields, a tag or the comment.
///
/// ```
/// use chessnote::fen::{parse_fen, FenField, RecordField};
/// let err = parse_fen("[Event \"E\"").unwrap_err();
/// assert_eq!(err.field(), RecordField::Tag);
/// let err = parse_fen("8/8/8/8/8/8/8/8 x - - 0 1").unwrap_err();
/// assert_eq!(err.field(), RecordField::Fen(FenField::SideToMove));
/// assert_eq!(err.field().to_string(), "side to move");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordField {
    /// One of the six FEN fields, or what follows them.
    Fen(FenField),
    /// A tag (`[Event "..."]`).
    Tag,
    /// The comment (`{...}`).
    Comment,
}

impl RecordField {
    /// A stable, lowercase, hyphenated name for the part, for programs:
    /// the FEN field's [`name`](FenField::name), `tag` or `comment`.
    pub const fn name(self) -> &'static str {
        match self {
            RecordField::Fen(field) => field.name(),
            RecordField::Tag => "tag",
            RecordField::Comment => "comment",
        }
    }
}

impl fmt::Display for RecordField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordField::Fen(field) => fmt::Display::fmt(field, f),
            RecordField::Tag | RecordField::Comment => f.write_str(self.name()),
        }
    }
}

/// A record [`parse_fen`] rejected: in which part, at which byte (0-based,
/// of the whole input) and why. A [`FenError`] whose field can also be one
/// of the seed's tags or its comment.
///
/// ```
/// use chessnote::fen::{parse_fen, FenErrorKind};
/// let err = parse_fen("8/8/8/8/8/8/8/8 w - - 0 1\n{open").unwrap_err();
/// assert_eq!(err.kind(), FenErrorKind::UnexpectedEnd { expected: "`}`" });
/// assert_eq!(err.to_string(), "comment: unexpected end of input, expected `}` at byte 26");
/// ```
pub type RecordError = FenError<RecordField>;

impl RecordError {
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
        match self.kind() {
            FenErrorKind::RankTooShort { .. } | FenErrorKind::RankTooLong { .. } => {
                "InvalidRankLength"
            }
            FenErrorKind::CounterOverflow => "InvalidNumber",
            _ => "ParseError",
        }
    }
}

impl From<FenError> for RecordError {
    /// The same error, in the FEN fields.
    fn from(err: FenError) -> RecordError {
        err.map_field(RecordField::Fen)
    }
}

/// Parses a FEN record into the seed-shaped [`Fen`], strictly (see
/// [`FenLeniency`](super::FenLeniency)): the six FEN fields, optionally
/// preceded by `[Event "..."]`, `[White "..."]`, `[Black "..."]` tags (in
/// that order) and followed by a `{...}` comment, each separated by any
/// number of line breaks, as in the seed's record format.
///
/// # Errors
///
/// The first fault from the left, as a [`RecordError`].
///
/// ```
/// use chessnote::fen::parse_fen;
///
/// let fen = parse_fen("[Event \"Casual Game\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n\
///     rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n{This is the starting position}")?;
/// assert_eq!(fen.event.as_deref(), Some("Casual Game"));
/// assert_eq!(fen.comment.as_deref(), Some("This is the starting position"));
///
/// let err = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0").unwrap_err();
/// assert_eq!(err.offset(), 54);
/// # Ok::<(), chessnote::fen::RecordError>(())
/// ```
pub fn parse_fen(input: &str) -> Result<Fen, RecordError> {
    parse_fen_with(input, FenOptions::STRICT)
}

/// [`parse_fen`] with the leniencies of `options`. Given exactly
/// [`FenOptions::SEED`], it accepts exactly what the seed crate accepts:
/// those leniencies, and castling letters `KQkq` only (no rook files).
///
/// # Errors
///
/// The first fault from the left that `options` does not allow.
///
/// ```
/// use chessnote::fen::{parse_fen, parse_fen_with, FenOptions};
/// let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqKQ - 0 1";
/// assert!(parse_fen(text).is_err());
/// let fen = parse_fen_with(text, FenOptions::SEED)?;
/// assert!(fen.castling.white_short);
/// // Shredder-FEN: ours, not the seed's.
/// let shredder = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
/// assert!(parse_fen(shredder).is_ok());
/// assert_eq!(parse_fen_with(shredder, FenOptions::SEED).unwrap_err().offset(), 24);
/// # Ok::<(), chessnote::fen::RecordError>(())
/// ```
pub fn parse_fen_with(input: &str, options: FenOptions) -> Result<Fen, RecordError> {
    let bytes = input.as_bytes();
    let mut cx = Leniencies::new(options);
    let (trimmed, start) = body(bytes, &mut cx);
    let end = start + trimmed.len();
    let mut pos = start;
    let mut tags: [Option<String>; 3] = [None, None, None];
    for (i, prefix) in [&b"[Event \""[..], b"[White \"", b"[Black \""]
        .iter()
        .enumerate()
    {
        if bytes[pos..end].starts_with(prefix) {
            let value_start = pos + prefix.len();
            let Some(len) = bytes[value_start..end].iter().position(|b| *b == b'"') else {
                return Err(RecordError::new(
                    RecordField::Tag,
                    pos,
                    FenErrorKind::UnterminatedString,
                ));
            };
            let close = value_start + len;
            if bytes.get(close + 1) != Some(&b']') || close + 1 >= end {
                return Err(unexpected_at(
                    bytes,
                    close + 1,
                    end,
                    RecordField::Tag,
                    "`]`",
                ));
            }
            tags[i] = Some(input[value_start..close].trim().to_string());
            pos = close + 2;
        }
        while pos < end && (bytes[pos] == b'\n' || bytes[pos] == b'\r') {
            pos += 1;
        }
    }
    let fields = pos;
    let parsed =
        parse_fields(&bytes[fields..end], &mut cx, Counters::Fen).map_err(|e| e.shifted(fields));
    if options == FenOptions::SEED {
        seed_castling(bytes, fields, end, parsed.as_ref().err())?;
    }
    let (setup, _, used) = parsed?;
    let mut pos = fields + used;
    let mut comment = None;
    if pos < end {
        let mut p = pos;
        while p < end && (bytes[p] == b'\n' || bytes[p] == b'\r') {
            p += 1;
        }
        if p < end && bytes[p] == b'{' {
            let Some(len) = bytes[p + 1..end].iter().position(|b| *b == b'}') else {
                return Err(RecordError::new(
                    RecordField::Comment,
                    p,
                    FenErrorKind::UnexpectedEnd { expected: "`}`" },
                ));
            };
            let close = p + 1 + len;
            // As the seed: every `{` and `}` at either end goes, then the
            // whitespace (`{{a{}` gives `a`).
            let text = &input[p..=close];
            comment = Some(text.trim_matches(['{', '}']).trim().to_string());
            pos = close + 1;
        }
        if pos < end {
            return Err(RecordError::new(
                RecordField::Fen(FenField::End),
                pos,
                FenErrorKind::UnexpectedByte {
                    found: bytes[pos],
                    expected: "the end of the record or a `{comment}` on the next line",
                },
            ));
        }
    }
    let mut fen = Fen::from(&setup);
    let [event, white, black] = tags;
    fen.event = event;
    fen.white = white;
    fen.black = black;
    fen.comment = comment;
    Ok(fen)
}

/// The seed reads only the castling letters `KQkq`: an error at the first
/// rook-file letter in the castling field of the FEN fields at
/// `bytes[fields..end]`, unless `err`, the error of the fields, comes first.
fn seed_castling(
    bytes: &[u8],
    fields: usize,
    end: usize,
    err: Option<&FenError>,
) -> Result<(), RecordError> {
    if matches!(
        err.map(FenError::field),
        Some(FenField::Placement | FenField::SideToMove)
    ) {
        // The castling field was not reached.
        return Ok(());
    }
    match castling_file_letter(bytes, fields, end) {
        Some(at) if err.is_none_or(|e| at < e.offset()) => Err(RecordError::new(
            RecordField::Fen(FenField::Castling),
            at,
            FenErrorKind::UnexpectedByte {
                found: bytes[at],
                expected: "`-` or castling letters `KQkq`",
            },
        )),
        _ => Ok(()),
    }
}

/// The seed reads only the castling letters `KQkq`: the offset of the first
/// rook-file letter in the castling field of the FEN fields at
/// `bytes[fields..end]`, if the record gets that far and has one.
fn castling_file_letter(bytes: &[u8], fields: usize, end: usize) -> Option<usize> {
    // The placement, a space, the side to move and a space.
    let start = fields + bytes[fields..end].iter().position(|&b| b == b' ')? + 3;
    let field = bytes.get(start..end)?;
    field
        .iter()
        .take_while(|&&b| b != b' ')
        .position(|b| matches!(b.to_ascii_lowercase(), b'a'..=b'h'))
        .map(|i| start + i)
}

fn unexpected_at(
    bytes: &[u8],
    pos: usize,
    end: usize,
    field: RecordField,
    expected: &'static str,
) -> RecordError {
    if pos < end {
        RecordError::new(
            field,
            pos,
            FenErrorKind::UnexpectedByte {
                found: bytes[pos],
                expected,
            },
        )
    } else {
        RecordError::new(field, pos, FenErrorKind::UnexpectedEnd { expected })
    }
}

#[cfg(feature = "pest")]
mod grammar {
    #![allow(missing_docs)]
    /// The seed's pest grammar (`fen.pest`), for rule-by-rule tests.
    ///
    /// ```
    /// use chessnote::fen::{FenParser, Rule};
    /// use pest::Parser;
    /// let pair = FenParser::parse(Rule::castling, "KQkq").unwrap().next().unwrap();
    /// assert_eq!(pair.as_str(), "KQkq");
    /// ```
    #[derive(pest_derive::Parser)]
    #[grammar = "fen/fen.pest"]
    pub struct FenParser;
}

#[cfg(feature = "pest")]
pub use grammar::{FenParser, Rule};
