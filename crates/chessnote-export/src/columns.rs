//! The columns of the schema: one table that gives each column its name,
//! its type, whether it can be null, what it needs read, and its value;
//! and the sets of columns an export writes.
//!
//! Every writer ([`crate::text`], [`crate::BatchBuilder`] and through it
//! Parquet) asks a column for its [`Kind`] and its [`Value`] in a row, and
//! knows nothing of any column: a column added to the table is written
//! everywhere, and one cannot be half added.

use core::fmt;
use std::borrow::Cow;

use chessnote::Diagnostic;

use crate::row::{OtherTags, Row, Slot};

/// The type of a column's values (its Arrow type is
/// [`data_type`](crate::data_type), feature `arrow`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Text (`utf8`).
    Text,
    /// A 16-bit integer.
    Int16,
    /// A 16-bit unsigned integer.
    UInt16,
    /// A 32-bit unsigned integer.
    UInt32,
    /// A 64-bit unsigned integer.
    UInt64,
    /// A 32-bit integer (a move's clock or eval, in the plies table).
    Int32,
    /// A date: days since 1970-01-01 (`date32`).
    Date,
    /// A time of day (`time32[ms]`; seconds in [`Value::Time`]).
    Time,
    /// A map of text to text (`Tags`).
    Map,
    /// A list of texts.
    Texts,
    /// A list of 32-bit integers or nulls.
    Int32s,
    /// A list of 16-bit integers or nulls.
    Int16s,
}

/// What a column needs read, beyond the tags (which every export reads).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Needs(u8);

impl Needs {
    /// The tags alone.
    pub const TAGS: Needs = Needs(0);
    /// The moves replayed.
    pub const MOVES: Needs = Needs(1);
    /// Each move written in SAN from its position.
    pub const SAN: Needs = Needs(1 | 2);
    /// The comments (clocks, evaluations).
    pub const COMMENTS: Needs = Needs(1 | 4);
    /// The movetext written back as PGN.
    pub const MOVETEXT: Needs = Needs(8);
    /// The opening named as Lichess names it (the moves replayed).
    pub const OPENING: Needs = Needs(1 | 16);

    /// Both.
    #[must_use]
    pub const fn with(self, other: Needs) -> Needs {
        Needs(self.0 | other.0)
    }

    /// Whether `other`'s needs are among these.
    pub const fn contains(self, other: Needs) -> bool {
        self.0 & other.0 == other.0
    }
}

/// A column's value in a row, of its column's [`Kind`].
#[derive(Clone, Debug)]
pub enum Value<'a> {
    /// [`Kind::Text`].
    Text(Option<Cow<'a, str>>),
    /// [`Kind::Int16`].
    Int16(Option<i16>),
    /// [`Kind::UInt16`].
    UInt16(Option<u16>),
    /// [`Kind::UInt32`].
    UInt32(Option<u32>),
    /// [`Kind::UInt64`].
    UInt64(Option<u64>),
    /// [`Kind::Int32`].
    Int32(Option<i32>),
    /// [`Kind::Date`], in days since 1970-01-01.
    Date(Option<i32>),
    /// [`Kind::Time`], in seconds since midnight.
    Time(Option<i32>),
    /// [`Kind::Map`]: every tag no chosen column holds.
    Map(OtherTags<'a>),
    /// [`Kind::Texts`].
    Texts(TextList<'a>),
    /// [`Kind::Int32s`].
    Int32s(IntList<'a>),
    /// [`Kind::Int16s`].
    Int16s(IntList<'a>),
}

impl Value<'_> {
    /// The kind of the value.
    pub fn kind(&self) -> Kind {
        match self {
            Value::Text(_) => Kind::Text,
            Value::Int16(_) => Kind::Int16,
            Value::UInt16(_) => Kind::UInt16,
            Value::UInt32(_) => Kind::UInt32,
            Value::UInt64(_) => Kind::UInt64,
            Value::Int32(_) => Kind::Int32,
            Value::Date(_) => Kind::Date,
            Value::Time(_) => Kind::Time,
            Value::Map(_) => Kind::Map,
            Value::Texts(_) => Kind::Texts,
            Value::Int32s(_) => Kind::Int32s,
            Value::Int16s(_) => Kind::Int16s,
        }
    }
}

/// A list of texts: one per move played (in UCI or SAN), or the kinds of
/// the game's warnings. Each is ASCII letters, digits and `-+#=`: nothing
/// JSON or CSV escapes.
#[derive(Copy, Clone, Debug)]
pub struct TextList<'a> {
    row: &'a Row<'a>,
    of: TextsOf,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum TextsOf {
    Uci,
    San,
    Warnings,
}

impl<'a> TextList<'a> {
    /// Hands each text to `f`, in order.
    pub fn for_each(&self, mut f: impl FnMut(&str)) {
        // One buffer for every text: appending ASCII to a `String` checks
        // nothing.
        let mut text = String::with_capacity(16);
        self.each(&mut text, |text| {
            f(text);
            text.clear();
        });
    }

    /// Appends the list as a JSON array of strings (`["e2e4","e7e5"]`),
    /// each text written in place.
    pub fn append_json(&self, out: &mut String) {
        out.push('[');
        let open = out.len();
        out.push('"');
        self.each(out, |out| out.push_str("\",\""));
        if out.len() == open + 1 {
            out.truncate(open);
        } else {
            // Less the last `,"`.
            out.truncate(out.len() - 2);
        }
        out.push(']');
    }

    /// Appends each text to `out`, calling `then` after each.
    fn each(&self, out: &mut String, mut then: impl FnMut(&mut String)) {
        let record = self.row.record();
        match self.of {
            TextsOf::Uci => {
                for uci in record.game.uci() {
                    uci.append_to(out);
                    then(out);
                }
            }
            TextsOf::San => {
                for m in record.played() {
                    match m.standard {
                        Some(san) => san.append_to(out),
                        None => out.push_str("--"),
                    }
                    then(out);
                }
            }
            TextsOf::Warnings => {
                for warning in &record.game.warnings {
                    out.push_str(warning.kind_name());
                    then(out);
                }
            }
        }
    }
}

/// A list of integers or nulls, one per move played.
#[derive(Copy, Clone, Debug)]
pub struct IntList<'a> {
    row: &'a Row<'a>,
    of: IntsOf,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum IntsOf {
    Clocks,
    EvalCp,
    EvalMate,
}

impl<'a> IntList<'a> {
    /// The values, in order.
    pub fn iter(&self) -> impl Iterator<Item = Option<i32>> + 'a {
        let of = self.of;
        self.row.record().played().map(move |m| match of {
            IntsOf::Clocks => m.clock().and_then(|c| i32::try_from(c.0).ok()),
            IntsOf::EvalCp => crate::row::eval_cp(m.eval()),
            IntsOf::EvalMate => crate::row::eval_mate(m.eval()).map(i32::from),
        })
    }
}

macro_rules! columns {
    (|$row:ident| $(
        $(#[$doc:meta])*
        $variant:ident = $name:literal, $kind:ident, $null:ident, $needs:ident => $value:expr;
    )*) => {
        /// A column of the schema `chessnote.lichess.v1`, in its canonical
        /// order (the order of [`Column::ALL`], which every export keeps).
        ///
        /// `docs/export.md` defines each value.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Column {
            $($(#[$doc])* $variant,)*
        }

        impl Column {
            /// Every column, in the canonical order.
            pub const ALL: &'static [Column] = &[$(Column::$variant,)*];

            /// The column's name, as in the files (`WhiteElo`, `uci`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Column::$variant => $name,)*
                }
            }

            /// The type of its values.
            pub const fn kind(self) -> Kind {
                match self {
                    $(Column::$variant => Kind::$kind,)*
                }
            }

            /// Whether a value can be null.
            pub const fn nullable(self) -> bool {
                match self {
                    $(Column::$variant => columns!(@null $null),)*
                }
            }

            /// What it needs read.
            pub const fn needs(self) -> Needs {
                match self {
                    $(Column::$variant => Needs::$needs,)*
                }
            }

            /// Its value in a row of the games table.
            fn game_value<'a>(self, $row: &'a Row<'a>) -> Value<'a> {
                match self {
                    $(Column::$variant => $value,)*
                }
            }
        }
    };
    (@null null) => { true };
    (@null never) => { false };
}

/// A tag column's text.
fn tag<'a>(row: &'a Row<'a>, slot: Slot) -> Value<'a> {
    Value::Text(row.tag(slot).map(Cow::Borrowed))
}

fn text(text: Option<&str>) -> Value<'_> {
    Value::Text(text.map(Cow::Borrowed))
}

columns! { |row|
    /// The `Event` tag.
    Event = "Event", Text, null, TAGS => tag(row, Slot::Event);
    /// The `Site` tag.
    Site = "Site", Text, null, TAGS => tag(row, Slot::Site);
    /// The `White` tag.
    White = "White", Text, null, TAGS => tag(row, Slot::White);
    /// The `Black` tag.
    Black = "Black", Text, null, TAGS => tag(row, Slot::Black);
    /// The `Result` tag.
    Result = "Result", Text, null, TAGS => tag(row, Slot::Result);
    /// The `WhiteTitle` tag.
    WhiteTitle = "WhiteTitle", Text, null, TAGS => tag(row, Slot::WhiteTitle);
    /// The `BlackTitle` tag.
    BlackTitle = "BlackTitle", Text, null, TAGS => tag(row, Slot::BlackTitle);
    /// The `WhiteElo` tag as a number.
    WhiteElo = "WhiteElo", Int16, null, TAGS => Value::Int16(row.number(Slot::WhiteElo));
    /// The `BlackElo` tag as a number.
    BlackElo = "BlackElo", Int16, null, TAGS => Value::Int16(row.number(Slot::BlackElo));
    /// The `WhiteRatingDiff` tag as a number.
    WhiteRatingDiff = "WhiteRatingDiff", Int16, null, TAGS => Value::Int16(row.number(Slot::WhiteRatingDiff));
    /// The `BlackRatingDiff` tag as a number.
    BlackRatingDiff = "BlackRatingDiff", Int16, null, TAGS => Value::Int16(row.number(Slot::BlackRatingDiff));
    /// The `UTCDate` tag as a date.
    UtcDate = "UTCDate", Date, null, TAGS => Value::Date(row.date());
    /// The `UTCTime` tag as a time of day.
    UtcTime = "UTCTime", Time, null, TAGS => Value::Time(row.time());
    /// The `ECO` tag.
    Eco = "ECO", Text, null, TAGS => tag(row, Slot::Eco);
    /// The `Opening` tag.
    Opening = "Opening", Text, null, TAGS => tag(row, Slot::Opening);
    /// The `Termination` tag.
    Termination = "Termination", Text, null, TAGS => tag(row, Slot::Termination);
    /// The `TimeControl` tag.
    TimeControl = "TimeControl", Text, null, TAGS => tag(row, Slot::TimeControl);
    /// The movetext on one line, as the PGN writer writes what was read.
    Movetext = "movetext", Text, null, MOVETEXT => text(Some(row.record().movetext.as_str()));
    /// The Lichess game id, from `Site`.
    GameId = "GameId", Text, null, TAGS => text(row.game_id());
    /// The `Date` tag.
    Date = "Date", Text, null, TAGS => tag(row, Slot::Date);
    /// The `Round` tag.
    Round = "Round", Text, null, TAGS => tag(row, Slot::Round);
    /// The `Variant` tag.
    Variant = "Variant", Text, null, TAGS => tag(row, Slot::Variant);
    /// The `FEN` tag.
    Fen = "FEN", Text, null, TAGS => tag(row, Slot::Fen);
    /// The first period's time of `TimeControl`, in seconds.
    TimeBase = "TimeBase", UInt32, null, TAGS => Value::UInt32(row.time_control().map(|t| t.0));
    /// The first period's increment of `TimeControl`, in seconds.
    TimeIncrement = "TimeIncrement", UInt16, null, TAGS => Value::UInt16(row.time_control().map(|t| t.1));
    /// Every tag no chosen column holds: a map, in file order.
    Tags = "Tags", Map, never, TAGS => Value::Map(row.other_tags());
    /// The mainline's moves as read.
    Plies = "Plies", UInt32, never, MOVES => Value::UInt32(Some(row.record().plies()));
    /// The mainline's moves played, in UCI.
    Uci = "uci", Texts, never, MOVES => Value::Texts(TextList { row, of: TextsOf::Uci });
    /// The same moves in SAN, as a correct writer writes them.
    San = "san", Texts, never, SAN => Value::Texts(TextList { row, of: TextsOf::San });
    /// The position after the last move played, as FEN (null when the
    /// start position is not legal).
    FinalFen = "final_fen", Text, null, MOVES => Value::Text(row.record().game.final_fen().map(Cow::Owned));
    /// The ECO code of the opening as Lichess names it (the deepest of the
    /// first 40 positions in its openings table; null when none is, or the
    /// game does not start from the standard position).
    OpeningEco = "opening_eco", Text, null, OPENING => text(row.record().game.opening.map(|o| o.eco));
    /// The name of that opening (`Sicilian Defense: Najdorf Variation`).
    OpeningName = "opening_name", Text, null, OPENING => text(row.record().game.opening.map(|o| o.name));
    /// The ply after which the game stood on that opening's position.
    OpeningPly = "opening_ply", UInt32, null, OPENING => Value::UInt32(row.record().game.opening.map(|o| o.ply));
    /// The `%clk` of each move, in centiseconds.
    Clk = "clk", Int32s, never, COMMENTS => Value::Int32s(IntList { row, of: IntsOf::Clocks });
    /// The `%eval` of each move in centipawns, when it is not a mate.
    EvalCp = "eval_cp", Int32s, never, COMMENTS => Value::Int32s(IntList { row, of: IntsOf::EvalCp });
    /// The `%eval` of each move as mate in N, when it is one.
    EvalMate = "eval_mate", Int16s, never, COMMENTS => Value::Int16s(IntList { row, of: IntsOf::EvalMate });
    /// `ok`, or `error` for a game with an error (warnings are not).
    Status = "status", Text, never, MOVES => text(Some(row.status()));
    /// The first error's message.
    ParseError = "parse_error", Text, null, MOVES => Value::Text(row.first_error().map(|e| Cow::Owned(e.message())));
    /// The first error's kind (`illegal-move`).
    ErrorKind = "error_kind", Text, null, MOVES => text(row.first_error().map(|e| e.kind_name()));
    /// The first error's ply.
    ErrorPly = "error_ply", UInt32, null, MOVES => Value::UInt32(row.first_error().and_then(|e| e.ply()));
    /// The first error's line in the source.
    ErrorLine = "error_line", UInt64, null, MOVES => Value::UInt64(row.first_error().map(|e| e.location().line));
    /// The first error's column in the source.
    ErrorColumn = "error_column", UInt64, null, MOVES => Value::UInt64(row.first_error().map(|e| e.location().column));
    /// The kinds of the game's warnings, in input order: moves written off
    /// the standard and read (`wrong-suffix`, `uci-moves`, …).
    Warnings = "warnings", Texts, never, MOVES => Value::Texts(TextList { row, of: TextsOf::Warnings });
    /// The game's number in its source, from 0.
    GameIndex = "game_index", UInt64, never, TAGS => Value::UInt64(Some(row.record().game.index));
    /// The source's name.
    SourceFile = "source_file", Text, never, TAGS => text(Some(row.source()));
    /// The game's byte offset in the (decompressed) source.
    SourceOffset = "source_offset", UInt64, never, TAGS => Value::UInt64(Some(row.record().game.offset));
    /// The game's length in bytes.
    SourceLen = "source_len", UInt64, never, TAGS => Value::UInt64(Some(row.record().len));
    /// The plies table: the move's ply, from 1.
    Ply = "ply", UInt32, never, MOVES => Value::UInt32(row.ply().map(|p| p.number()));
    /// The plies table: the Polyglot key of the position before the move
    /// (`chessnote::position::Position::polyglot_key`).
    Key = "key", UInt64, never, MOVES => Value::UInt64(row.ply().map(|p| p.key));
    /// The plies table: the position before the move, as FEN.
    PlyFen = "fen", Text, never, MOVES => Value::Text(row.ply().and_then(|p| p.fen.as_deref()).map(Cow::Borrowed));
}

/// The tables an export writes: one row per game, or one per mainline
/// move played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Table {
    /// A row per game (schema `chessnote.lichess.v1`).
    #[default]
    Games,
    /// A row per mainline move played, the rows of a game together and in
    /// order (schema `chessnote.plies.v1`): in it, a column of a list per
    /// move (`uci`, `san`, `clk`, `eval_cp`, `eval_mate`) holds that move's
    /// element, the other columns of a game repeat on each of its rows,
    /// and `ply`, `key` and `fen` say where the move is.
    Plies,
}

impl Table {
    /// Its name (`games`, `plies`).
    pub const fn name(self) -> &'static str {
        match self {
            Table::Games => "games",
            Table::Plies => "plies",
        }
    }

    /// The name of its schema (the files' `chessnote.schema`).
    pub const fn schema_name(self) -> &'static str {
        match self {
            Table::Games => crate::SCHEMA_NAME,
            Table::Plies => crate::PLIES_SCHEMA_NAME,
        }
    }
}

impl Column {
    /// Its value in `row`: in a row of the plies table, a column of a list
    /// per move holds the element of the row's move.
    ///
    /// ```
    /// use chessnote::pgn::{ReadOptions, Reader};
    /// use chessnote_export::{Column, Columns, Recorder, Row, Value};
    ///
    /// let mut recorder = Recorder::new(Columns::LICHESS, ReadOptions::default());
    /// let mut reader = Reader::from_slice(b"1. e4 e5 *");
    /// let record = recorder.read(&mut reader)?.unwrap();
    /// let row = Row::new(record, Columns::LICHESS, "a.pgn");
    /// assert!(matches!(Column::Plies.value(&row), Value::UInt32(Some(2))));
    /// # Ok::<(), core::convert::Infallible>(())
    /// ```
    pub fn value<'a>(self, row: &'a Row<'a>) -> Value<'a> {
        let Some(ply) = row.ply() else {
            return self.game_value(row);
        };
        let mv = row.record().game.moves.get(ply.index);
        match self {
            Column::Uci => Value::Text(Some(Cow::Owned(ply.uci.to_string()))),
            Column::San => Value::Text(Some(match mv.and_then(|m| m.standard) {
                Some(san) => Cow::Owned(san.to_string()),
                None => Cow::Borrowed("--"),
            })),
            Column::Clk => Value::Int32(
                mv.and_then(|m| m.clock())
                    .and_then(|c| i32::try_from(c.0).ok()),
            ),
            Column::EvalCp => Value::Int32(mv.and_then(|m| crate::row::eval_cp(m.eval()))),
            Column::EvalMate => Value::Int16(mv.and_then(|m| crate::row::eval_mate(m.eval()))),
            _ => self.game_value(row),
        }
    }

    /// Whether it is a list of one value per move (`uci`, `san`, `clk`,
    /// `eval_cp`, `eval_mate`): in the plies table, the move's value.
    pub const fn is_per_move(self) -> bool {
        matches!(
            self,
            Column::Uci | Column::San | Column::Clk | Column::EvalCp | Column::EvalMate
        )
    }

    /// Whether it is a column of the plies table alone (`ply`, `key`,
    /// `fen`).
    pub const fn is_of_ply(self) -> bool {
        matches!(self, Column::Ply | Column::Key | Column::PlyFen)
    }

    /// The type of its values in `table`.
    pub const fn kind_in(self, table: Table) -> Kind {
        match (table, self.kind()) {
            (Table::Plies, Kind::Texts) if self.is_per_move() => Kind::Text,
            (Table::Plies, Kind::Int32s) if self.is_per_move() => Kind::Int32,
            (Table::Plies, Kind::Int16s) if self.is_per_move() => Kind::Int16,
            (_, kind) => kind,
        }
    }

    /// Whether a value can be null in `table`: in the plies table, a
    /// move's clock and evals can, its UCI and SAN cannot.
    pub const fn nullable_in(self, table: Table) -> bool {
        match (table, self) {
            (Table::Plies, Column::Clk | Column::EvalCp | Column::EvalMate) => true,
            _ => self.nullable(),
        }
    }
}

impl Column {
    /// The column named `name` (exactly, case included).
    ///
    /// ```
    /// use chessnote_export::Column;
    /// assert_eq!(Column::from_name("UTCDate"), Some(Column::UtcDate));
    /// assert_eq!(Column::from_name("utcdate"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Column> {
        Column::ALL.iter().copied().find(|c| c.name() == name)
    }

    /// The tag the column holds as written (or parsed, for the typed
    /// ones), if it is a tag's column.
    pub fn tag(self) -> Option<&'static str> {
        Slot::of_column(self).map(|_| self.name())
    }

    const fn bit(self) -> u64 {
        1 << self as u32
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`Column`]s: what an export writes, always in the canonical
/// order.
///
/// ```
/// use chessnote_export::{Column, Columns};
/// let columns = Columns::parse("minimal,clk")?;
/// assert!(columns.contains(Column::Clk) && columns.contains(Column::Uci));
/// assert!(!columns.contains(Column::Event));
/// assert_eq!(Columns::HF.iter().count(), 18);
/// # Ok::<(), chessnote_export::ColumnsError>(())
/// ```
///
/// A set also says which [`Table`] it is of ([`Columns::table`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Columns(u64);

/// The bit of [`Columns`] that says the plies table (no column's).
const PLIES_TABLE: u64 = 1 << 63;

impl Columns {
    /// No column.
    pub const NONE: Columns = Columns(0);

    /// Exactly the columns of the Hugging Face dataset
    /// `Lichess/standard-chess-games`, in its order.
    pub const HF: Columns = Columns::of(&[
        Column::Event,
        Column::Site,
        Column::White,
        Column::Black,
        Column::Result,
        Column::WhiteTitle,
        Column::BlackTitle,
        Column::WhiteElo,
        Column::BlackElo,
        Column::WhiteRatingDiff,
        Column::BlackRatingDiff,
        Column::UtcDate,
        Column::UtcTime,
        Column::Eco,
        Column::Opening,
        Column::Termination,
        Column::TimeControl,
        Column::Movetext,
    ]);

    /// The Hugging Face columns for a variant's games, as Lichess's
    /// variant dumps have them: [`Columns::HF`] without `ECO` and
    /// `Opening`, which Lichess names only for standard chess.
    pub const HF_VARIANT: Columns =
        Columns(Columns::HF.0 & !Column::Eco.bit() & !Column::Opening.bit());

    /// The default: the Hugging Face columns but `movetext`, and what they
    /// lack (game id, the other tags, time control, moves in UCI, clocks,
    /// evals, status, the first error, the warnings, the game's bytes in
    /// the source).
    pub const LICHESS: Columns = Columns(
        (Columns::HF.0 & !Column::Movetext.bit())
            | Columns::of(&[
                Column::GameId,
                Column::Date,
                Column::Round,
                Column::Variant,
                Column::Fen,
                Column::TimeBase,
                Column::TimeIncrement,
                Column::Tags,
                Column::SourceOffset,
                Column::SourceLen,
                Column::OpeningEco,
                Column::OpeningName,
                Column::OpeningPly,
            ])
            .0
            | (Columns::MOVES.0 & !Column::ErrorLine.bit() & !Column::ErrorColumn.bit()),
    );

    /// Who played, how, what came of it, and the moves.
    pub const MINIMAL: Columns = Columns::of(&[
        Column::White,
        Column::Black,
        Column::Result,
        Column::WhiteElo,
        Column::BlackElo,
        Column::UtcDate,
        Column::TimeControl,
        Column::GameId,
        Column::TimeBase,
        Column::TimeIncrement,
        Column::Plies,
        Column::Uci,
        Column::Status,
        Column::ParseError,
    ]);

    /// What movetext alone gives: plies, the moves, their clocks and
    /// evals, the status, the first error, placed, and the warnings (what
    /// the Python package's `parse_movetext` adds to a Hugging Face batch).
    pub const MOVES: Columns = Columns::of(&[
        Column::Plies,
        Column::Uci,
        Column::Clk,
        Column::EvalCp,
        Column::EvalMate,
        Column::Status,
        Column::ParseError,
        Column::ErrorKind,
        Column::ErrorPly,
        Column::ErrorLine,
        Column::ErrorColumn,
        Column::Warnings,
    ]);

    /// Every column of the games table (`ply`, `key` and `fen` are the
    /// plies table's).
    pub const FULL: Columns = Columns(
        ((1 << Column::ALL.len() as u32) - 1)
            & !Column::Ply.bit()
            & !Column::Key.bit()
            & !Column::PlyFen.bit(),
    );

    /// The default of the plies table: `game_index`, `ply`, `key`, and the
    /// move's `uci`, `san`, `clk`, `eval_cp`, `eval_mate`.
    pub const PLIES: Columns = Columns(
        Columns::of(&[
            Column::GameIndex,
            Column::Ply,
            Column::Key,
            Column::Uci,
            Column::San,
            Column::Clk,
            Column::EvalCp,
            Column::EvalMate,
        ])
        .0 | PLIES_TABLE,
    );

    /// The presets, by name.
    pub const PRESETS: &'static [(&'static str, Columns)] = &[
        ("lichess", Columns::LICHESS),
        ("minimal", Columns::MINIMAL),
        ("full", Columns::FULL),
        ("hf", Columns::HF),
        ("hf-variant", Columns::HF_VARIANT),
        ("moves", Columns::MOVES),
        ("plies", Columns::PLIES.in_table(Table::Games)),
    ];

    /// The set of `columns`.
    pub const fn of(columns: &[Column]) -> Columns {
        let mut bits = 0;
        let mut i = 0;
        while i < columns.len() {
            bits |= columns[i].bit();
            i += 1;
        }
        Columns(bits)
    }

    /// Reads a comma-separated list of presets (`lichess`, `minimal`,
    /// `full`, `hf`, `hf-variant`, `moves`, `plies`) and column names: the union of them
    /// all, a set of the games table (see [`Columns::in_table`]).
    ///
    /// # Errors
    ///
    /// A name that is neither, or an empty list.
    pub fn parse(list: &str) -> Result<Columns, ColumnsError> {
        let mut set = Columns::NONE;
        for name in list.split(',').map(str::trim) {
            if let Some((_, preset)) = Columns::PRESETS.iter().find(|(n, _)| *n == name) {
                set = set.with_all(*preset);
            } else if let Some(column) = Column::from_name(name) {
                set = set.with(column);
            } else {
                return Err(ColumnsError {
                    name: name.to_owned(),
                });
            }
        }
        Ok(set)
    }

    /// The table the set is of.
    pub const fn table(self) -> Table {
        if self.0 & PLIES_TABLE == 0 {
            Table::Games
        } else {
            Table::Plies
        }
    }

    /// The same columns, of `table`.
    #[must_use]
    pub const fn in_table(self, table: Table) -> Columns {
        match table {
            Table::Games => Columns(self.0 & !PLIES_TABLE),
            Table::Plies => Columns(self.0 | PLIES_TABLE),
        }
    }

    /// Whether the columns can be written in their table: the games
    /// table has no `ply`, `key` nor `fen`.
    ///
    /// # Errors
    ///
    /// The first column of the plies table alone, in the games table.
    pub fn check(self) -> Result<(), Column> {
        match self.iter().find(|c| c.is_of_ply()) {
            Some(column) if self.table() == Table::Games => Err(column),
            _ => Ok(()),
        }
    }

    /// Whether `column` is in the set.
    pub const fn contains(self, column: Column) -> bool {
        self.0 & column.bit() != 0
    }

    /// The set with `column`.
    #[must_use]
    pub const fn with(self, column: Column) -> Columns {
        Columns(self.0 | column.bit())
    }

    /// The set without `column`.
    #[must_use]
    pub const fn without(self, column: Column) -> Columns {
        Columns(self.0 & !column.bit())
    }

    /// The union of both sets.
    #[must_use]
    pub const fn with_all(self, other: Columns) -> Columns {
        Columns(self.0 | other.0)
    }

    /// Whether the set has no column.
    pub const fn is_empty(self) -> bool {
        self.0 & !PLIES_TABLE == 0
    }

    /// The columns, in the canonical order; in the plies table, where the
    /// move is first (`game_index`, `ply`, `key`, `fen`).
    pub fn iter(self) -> impl Iterator<Item = Column> {
        const FIRST: [Column; 4] = [Column::GameIndex, Column::Ply, Column::Key, Column::PlyFen];
        let plies = self.table() == Table::Plies;
        let first = FIRST
            .into_iter()
            .filter(move |c| plies && self.contains(*c));
        let rest = Column::ALL
            .iter()
            .copied()
            .filter(move |c| self.contains(*c) && !(plies && FIRST.contains(c)));
        first.chain(rest)
    }

    /// What the columns need read, together.
    pub fn needs(self) -> Needs {
        self.iter()
            .fold(Needs::TAGS, |needs, c| needs.with(c.needs()))
    }

    /// Whether any of the columns needs the moves replayed (the others
    /// come from the tags and the reader alone).
    pub fn needs_moves(self) -> bool {
        self.needs().contains(Needs::MOVES) || self.needs().contains(Needs::MOVETEXT)
    }
}

impl Default for Columns {
    /// [`Columns::LICHESS`].
    fn default() -> Columns {
        Columns::LICHESS
    }
}

/// A name in a column list that is no preset and no column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnsError {
    name: String,
}

impl ColumnsError {
    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl fmt::Display for ColumnsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.name.is_empty() {
            return f.write_str("an empty column name in the list");
        }
        write!(f, "unknown column `{}` (presets: ", self.name)?;
        for (i, (preset, _)) in Columns::PRESETS.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(preset)?;
        }
        f.write_str("; columns: ")?;
        for (i, column) in Column::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(column.name())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for ColumnsError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets() {
        assert_eq!(Column::ALL.len(), 50);
        let hf: Vec<_> = Columns::HF.iter().map(Column::name).collect();
        assert_eq!(hf[..3], ["Event", "Site", "White"]);
        assert_eq!(hf.last(), Some(&"movetext"));
        let variant: Vec<_> = Columns::HF_VARIANT.iter().map(Column::name).collect();
        let mut want = hf.clone();
        want.retain(|name| !["ECO", "Opening"].contains(name));
        assert_eq!((variant.len(), variant), (16, want));
        assert_eq!(Columns::parse("hf-variant"), Ok(Columns::HF_VARIANT));
        assert!(!Columns::LICHESS.contains(Column::Movetext));
        assert!(Columns::LICHESS.contains(Column::Clk));
        assert!(Columns::LICHESS.contains(Column::Warnings));
        assert!(!Columns::LICHESS.contains(Column::FinalFen));
        assert_eq!(Columns::FULL.iter().count(), Column::ALL.len() - 3);
        assert_eq!(Columns::PLIES.table(), Table::Plies);
        assert_eq!(Columns::FULL.check(), Ok(()));
        assert_eq!(Columns::FULL.with(Column::Key).check(), Err(Column::Key));
        assert_eq!(Columns::PLIES.with(Column::PlyFen).check(), Ok(()));
        assert_eq!(Columns::parse("full").unwrap(), Columns::FULL);
        assert_eq!(
            Columns::parse("minimal, san").unwrap(),
            Columns::MINIMAL.with(Column::San)
        );
        let err = Columns::parse("minimal,Elo").unwrap_err();
        assert_eq!(err.name(), "Elo");
        assert!(err.to_string().starts_with("unknown column `Elo`"));
        assert!(Columns::parse("").is_err());
        for column in Column::ALL {
            assert_eq!(Column::from_name(column.name()), Some(*column));
        }
    }

    #[test]
    fn needs() {
        assert!(!Columns::of(&[Column::White, Column::Tags]).needs_moves());
        assert!(Columns::MINIMAL.needs_moves());
        assert!(Columns::LICHESS.needs().contains(Needs::COMMENTS));
        assert!(!Columns::LICHESS.needs().contains(Needs::SAN));
        assert!(Columns::of(&[Column::San]).needs().contains(Needs::MOVES));
    }
}
