//! Opening names the way Lichess gives them (scalachess's `OpeningDb`): the
//! lichess-org/chess-openings table (CC0; 3,807 rows of ECO code, name and
//! moves, embedded from `data/lichess-openings.tsv`), looked up by position,
//! so that transpositions find their name.
//!
//! A game's opening ([`Classifier`]) is the table's row of the deepest of
//! its first 40 positions found in the table, looking no further once a
//! move starts from fewer than 20 pieces; only games from the standard
//! start are named. Positions are compared by board, side to move,
//! castling rights and en-passant square, the last only when a capture
//! there is legal (as FIDE's repetitions and the table's EPDs count it);
//! not by the move counters.
//!
//! ```
//! use chessnote::opening::Openings;
//! use chessnote::position::Position;
//!
//! let openings = Openings::lichess();
//! // The Nimzo-Indian's moves in another order (the table has 1. d4 Nf6
//! // 2. c4 e6 3. Nc3 Bb4), then moves the table does not name.
//! let mut position = Position::new();
//! let mut classifier = openings.classifier(&position);
//! let moves = ["c2c4", "e7e6", "b1c3", "g8f6", "d2d4", "f8b4", "a2a3", "b4c3", "b2c3", "b7b6", "h2h3"];
//! for (ply, uci) in moves.into_iter().enumerate() {
//!     position.play(position.parse_uci(uci.as_bytes())?)?;
//!     classifier.push(&position, ply as u32 + 1);
//! }
//! let found = classifier.opening().unwrap();
//! assert_eq!(found.eco, "E24");
//! assert_eq!(found.name, "Nimzo-Indian Defense: Sämisch Variation");
//! assert_eq!(found.ply, 7); // after 4. a3
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::position::Position;
use crate::san::SanOptions;

/// The lichess-org/chess-openings table: `eco`, `name`, `pgn` (SAN
/// movetext with move numbers), tab-separated, a header line first.
pub const LICHESS_TSV: &str = include_str!("../data/lichess-openings.tsv");

/// The most plies of a game looked at.
pub const MAX_PLIES: u32 = 40;

/// The fewest pieces on the board before a move looked at.
pub const MIN_PIECES: u32 = 20;

/// A row of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The ECO code (`B53`).
    pub eco: &'static str,
    /// The name (`Sicilian Defense: Open`): `Family: Variation,
    /// Subvariation`.
    pub name: &'static str,
    /// The row's moves, as the table writes them (`1. e4 c5 2. Nf3 d6 3.
    /// d4`).
    pub pgn: &'static str,
}

/// A game's opening: the row, and the ply of the game whose position it
/// names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpeningAt {
    /// The ECO code.
    pub eco: &'static str,
    /// The name.
    pub name: &'static str,
    /// The ply (from 1) after which the game stood on the row's position.
    pub ply: u32,
}

/// A row of the table that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsError {
    /// Its line (from 1).
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "openings table, line {}: {}", self.line, self.message)
    }
}

impl core::error::Error for OpeningsError {}

/// An opening table, indexed by position ([`Openings::lichess`] is
/// Lichess's).
#[derive(Clone, Debug)]
pub struct Openings {
    rows: Vec<Opening>,
    /// Each row's position, to confirm what a key found.
    positions: Vec<Position>,
    /// The position key of each row's last position, with the row, sorted
    /// by key; of rows of one position, the one of the fewest moves.
    keys: Vec<(u64, u16)>,
    /// A bit per key's low 16 bits: most positions are known absent at once.
    filter: Vec<u64>,
}

impl Openings {
    /// Lichess's table ([`LICHESS_TSV`]), read once per process.
    #[cfg(feature = "std")]
    pub fn lichess() -> &'static Openings {
        static LICHESS: std::sync::OnceLock<Openings> = std::sync::OnceLock::new();
        LICHESS.get_or_init(|| {
            Openings::from_tsv(LICHESS_TSV).unwrap_or_else(|e| panic!("the embedded table: {e}"))
        })
    }

    /// A table of `eco`, `name` and `pgn` columns (a header line first),
    /// each row's moves played from the standard start.
    ///
    /// # Errors
    ///
    /// A row without three columns, or whose moves are not legal SAN from
    /// the start (read strictly).
    pub fn from_tsv(text: &'static str) -> Result<Openings, OpeningsError> {
        let mut rows = Vec::new();
        let mut positions = Vec::new();
        let mut keys = Vec::new();
        for (at, line) in text.lines().enumerate().skip(1) {
            let error = |message: String| OpeningsError {
                line: at + 1,
                message,
            };
            if line.is_empty() {
                continue;
            }
            let mut fields = line.split('\t');
            let (Some(eco), Some(name), Some(pgn), None) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                return Err(error("expected three tab-separated columns".into()));
            };
            let mut position = Position::new();
            let mut plies = 0u32;
            for word in pgn.split_ascii_whitespace() {
                if word.ends_with('.') {
                    continue;
                }
                let (mv, _) = position
                    .parse_san(word.as_bytes(), SanOptions::STRICT)
                    .map_err(|e| error(alloc::format!("{word}: {e}")))?;
                position.play_unchecked(mv);
                plies += 1;
            }
            let row = u16::try_from(rows.len()).map_err(|_| error("too many rows".into()))?;
            keys.push((position.repetition_key(), plies, row));
            rows.push(Opening { eco, name, pgn });
            positions.push(position);
        }
        // Of the rows of one position, the one of the fewest moves names it
        // (the first of them in the table), as scalachess's
        // `shortestLines` picks.
        keys.sort_by_key(|&(key, plies, row)| (key, plies, row));
        keys.dedup_by_key(|&mut (key, ..)| key);
        let keys: Vec<(u64, u16)> = keys.into_iter().map(|(key, _, row)| (key, row)).collect();
        let mut filter = alloc::vec![0u64; 1024];
        for &(key, _) in &keys {
            filter[(key as usize >> 6) & 1023] |= 1 << (key & 63);
        }
        Ok(Openings {
            rows,
            positions,
            keys,
            filter,
        })
    }

    /// The rows, in the table's order.
    pub fn rows(&self) -> &[Opening] {
        &self.rows
    }

    /// The row that names `position`, if any (of the table's rows for it,
    /// the one of the fewest moves, the first of those).
    pub fn of_position(&self, position: &Position) -> Option<Opening> {
        self.find(position).map(|row| self.rows[usize::from(row)])
    }

    /// The row of `position`: found by its key, confirmed by the position
    /// (so that no two positions of one key are taken for each other).
    fn find(&self, position: &Position) -> Option<u16> {
        let key = position.repetition_key();
        if self.filter[(key as usize >> 6) & 1023] & (1 << (key & 63)) == 0 {
            return None;
        }
        let at = self.keys.binary_search_by_key(&key, |&(k, _)| k).ok()?;
        let row = self.keys[at].1;
        self.positions[usize::from(row)]
            .same_position(position)
            .then_some(row)
    }

    /// A classifier of a game that starts from `start` (only the standard
    /// start is named: from any other, the game has no opening).
    pub fn classifier(&self, start: &Position) -> Classifier<'_> {
        let standard = start.same_position(&Position::new());
        Classifier {
            openings: self,
            best: None,
            pieces: start.occupied_count(),
            done: !standard,
        }
    }
}

/// A game's opening, as its moves are played: [`Classifier::push`] each
/// position of the mainline, [`Classifier::opening`] at the end.
#[derive(Clone, Debug)]
pub struct Classifier<'a> {
    openings: &'a Openings,
    /// The deepest row found, with its ply.
    best: Option<(u16, u32)>,
    /// The pieces on the board before the next move.
    pieces: u32,
    /// Whether no later position is looked at.
    done: bool,
}

#[cfg(feature = "std")]
impl Position {
    /// The opening the Lichess table names this position by, if it names
    /// it ([`Openings::lichess`]`().`[`of_position`](Openings::of_position)):
    /// the position alone, not the game that reached it (a game's opening
    /// is the deepest of its first positions: [`Classifier`]).
    ///
    /// ```
    /// use chessnote::position::Position;
    /// use chessnote::san::San;
    /// let mut position = Position::new();
    /// for san in ["e4", "c5"] {
    ///     let mv = san.parse::<San>()?.to_move(&position)?;
    ///     position.play(mv)?;
    /// }
    /// assert_eq!(position.opening().map(|o| o.name), Some("Sicilian Defense"));
    /// assert_eq!(Position::new().opening(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn opening(&self) -> Option<Opening> {
        Openings::lichess().of_position(self)
    }
}

impl Classifier<'_> {
    /// The position after the game's move `ply` (from 1), in order.
    pub fn push(&mut self, position: &Position, ply: u32) {
        if self.done {
            return;
        }
        if ply > MAX_PLIES || self.pieces < MIN_PIECES {
            self.done = true;
            return;
        }
        self.pieces = position.occupied_count();
        if let Some(row) = self.openings.find(position) {
            self.best = Some((row, ply));
        }
    }

    /// Looks at no later position (a move that is not played, a null
    /// move): the opening is the deepest found so far.
    pub fn stop(&mut self) {
        self.done = true;
    }

    /// The opening found so far.
    pub fn opening(&self) -> Option<OpeningAt> {
        let (row, ply) = self.best?;
        let row = self.openings.rows[usize::from(row)];
        Some(OpeningAt {
            eco: row.eco,
            name: row.name,
            ply,
        })
    }
}
