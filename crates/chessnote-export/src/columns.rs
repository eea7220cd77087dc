//! The columns of the schema, and the sets of them an export writes.

use core::fmt;

macro_rules! columns {
    ($($(#[$doc:meta])* $variant:ident = $name:literal,)*) => {
        /// A column of the schema `chessnote.lichess.v1`, in its canonical
        /// order (the order of [`Column::ALL`], which every export keeps).
        ///
        /// `docs/export.md` defines each value; the Arrow type of each is
        /// in [`schema`](crate::schema) (feature `arrow`).
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
        }
    };
}

columns! {
    /// The `Event` tag.
    Event = "Event",
    /// The `Site` tag.
    Site = "Site",
    /// The `White` tag.
    White = "White",
    /// The `Black` tag.
    Black = "Black",
    /// The `Result` tag.
    Result = "Result",
    /// The `WhiteTitle` tag.
    WhiteTitle = "WhiteTitle",
    /// The `BlackTitle` tag.
    BlackTitle = "BlackTitle",
    /// The `WhiteElo` tag as a number (`int16`).
    WhiteElo = "WhiteElo",
    /// The `BlackElo` tag as a number (`int16`).
    BlackElo = "BlackElo",
    /// The `WhiteRatingDiff` tag as a number (`int16`).
    WhiteRatingDiff = "WhiteRatingDiff",
    /// The `BlackRatingDiff` tag as a number (`int16`).
    BlackRatingDiff = "BlackRatingDiff",
    /// The `UTCDate` tag as a date.
    UtcDate = "UTCDate",
    /// The `UTCTime` tag as a time of day.
    UtcTime = "UTCTime",
    /// The `ECO` tag.
    Eco = "ECO",
    /// The `Opening` tag.
    Opening = "Opening",
    /// The `Termination` tag.
    Termination = "Termination",
    /// The `TimeControl` tag.
    TimeControl = "TimeControl",
    /// The movetext on one line, as the PGN writer writes what was read.
    Movetext = "movetext",
    /// The Lichess game id, from `Site`.
    GameId = "GameId",
    /// The `Date` tag.
    Date = "Date",
    /// The `Round` tag.
    Round = "Round",
    /// The `Variant` tag.
    Variant = "Variant",
    /// The `FEN` tag.
    Fen = "FEN",
    /// The first period's time of `TimeControl`, in seconds.
    TimeBase = "TimeBase",
    /// The first period's increment of `TimeControl`, in seconds.
    TimeIncrement = "TimeIncrement",
    /// Every tag no chosen column holds: a map, in file order.
    Tags = "Tags",
    /// The mainline's moves as read.
    Plies = "Plies",
    /// The mainline's moves played, in UCI.
    Uci = "uci",
    /// The same moves in SAN.
    San = "san",
    /// The `%clk` of each move, in centiseconds.
    Clk = "clk",
    /// The `%eval` of each move in centipawns, when it is not a mate.
    EvalCp = "eval_cp",
    /// The `%eval` of each move as mate in N, when it is one.
    EvalMate = "eval_mate",
    /// `ok`, or `error` for a game with a problem.
    Status = "status",
    /// The first problem's message.
    ParseError = "parse_error",
    /// The first problem's kind (`illegal-move`).
    ErrorKind = "error_kind",
    /// The first problem's ply.
    ErrorPly = "error_ply",
    /// The first problem's line in the source.
    ErrorLine = "error_line",
    /// The first problem's column in the source.
    ErrorColumn = "error_column",
    /// The game's number in its source, from 0.
    GameIndex = "game_index",
    /// The source's name.
    SourceFile = "source_file",
    /// The game's byte offset in the (decompressed) source.
    SourceOffset = "source_offset",
    /// The game's length in bytes.
    SourceLen = "source_len",
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
    pub const fn tag(self) -> Option<&'static str> {
        match self {
            Column::Event
            | Column::Site
            | Column::White
            | Column::Black
            | Column::Result
            | Column::WhiteTitle
            | Column::BlackTitle
            | Column::WhiteElo
            | Column::BlackElo
            | Column::WhiteRatingDiff
            | Column::BlackRatingDiff
            | Column::UtcDate
            | Column::UtcTime
            | Column::Eco
            | Column::Opening
            | Column::Termination
            | Column::TimeControl
            | Column::Date
            | Column::Round
            | Column::Variant
            | Column::Fen => Some(self.name()),
            _ => None,
        }
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Columns(u64);

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

    /// The default: the Hugging Face columns but `movetext`, and what they
    /// lack (game id, the other tags, time control, moves in UCI, clocks,
    /// evals, status, the first problem, the game's bytes in the source).
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
    /// evals, the status and the first problem, placed (what the Python
    /// package's `parse_movetext` adds to a Hugging Face batch).
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
    ]);

    /// Every column.
    pub const FULL: Columns = Columns((1 << Column::ALL.len() as u32) - 1);

    /// The presets, by name.
    pub const PRESETS: &'static [(&'static str, Columns)] = &[
        ("lichess", Columns::LICHESS),
        ("minimal", Columns::MINIMAL),
        ("full", Columns::FULL),
        ("hf", Columns::HF),
        ("moves", Columns::MOVES),
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
    /// `full`, `hf`) and column names: the union of them all.
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

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The columns, in the canonical order.
    pub fn iter(self) -> impl Iterator<Item = Column> {
        Column::ALL
            .iter()
            .copied()
            .filter(move |c| self.contains(*c))
    }

    /// Whether any of the columns needs the moves replayed (the others
    /// come from the tags and the reader alone).
    pub fn needs_moves(self) -> bool {
        self.iter().any(|c| {
            matches!(
                c,
                Column::Uci
                    | Column::San
                    | Column::Clk
                    | Column::EvalCp
                    | Column::EvalMate
                    | Column::Plies
                    | Column::Movetext
                    | Column::Status
                    | Column::ParseError
                    | Column::ErrorKind
                    | Column::ErrorPly
                    | Column::ErrorLine
                    | Column::ErrorColumn
            )
        })
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
        assert_eq!(Column::ALL.len(), 42);
        let hf: Vec<_> = Columns::HF.iter().map(Column::name).collect();
        assert_eq!(hf[..3], ["Event", "Site", "White"]);
        assert_eq!(hf.last(), Some(&"movetext"));
        assert!(!Columns::LICHESS.contains(Column::Movetext));
        assert!(Columns::LICHESS.contains(Column::Clk));
        assert_eq!(Columns::FULL.iter().count(), Column::ALL.len());
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
}
