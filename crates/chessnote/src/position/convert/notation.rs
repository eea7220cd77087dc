//! Moves in any notation: choosing one by name, splitting text into moves,
//! reading, writing and converting.

use alloc::vec::Vec;
use core::fmt;

use super::super::Position;
use super::{MoveError, MoveErrorKind};
use crate::eran::Eran;
use crate::lan::LanPlus;
use crate::san::{SanOptions, SanPlus};
use crate::uci::Uci;
use crate::{Move, PieceKind};

/// A move notation, for reading and writing moves generically.
///
/// ```
/// use chessnote::position::Notation;
/// assert_eq!("eran-short".parse::<Notation>(), Ok(Notation::EranShort));
/// assert_eq!(Notation::Lan.to_string(), "lan");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Standard algebraic notation: `Nf3`, `exd8=Q+`, `O-O`.
    San,
    /// Long algebraic notation: `Ng1-f3`, `e7-e8=Q+`.
    Lan,
    /// UCI: `g1f3`, `e7e8q` (`e1h1` castling in Chess960).
    Uci,
    /// ERAN, verbose when written: `Knight g1-f3`.
    Eran,
    /// ERAN, short when written: `N g1-f3` (reads like [`Notation::Eran`]).
    EranShort,
}

impl Notation {
    /// The name used on the command line.
    ///
    /// ```
    /// assert_eq!(chessnote::position::Notation::Uci.name(), "uci");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::Lan => "lan",
            Notation::Uci => "uci",
            Notation::Eran => "eran",
            Notation::EranShort => "eran-short",
        }
    }
}

impl Notation {
    /// Splits text holding several moves into the moves: at whitespace,
    /// except inside an ERAN move (`Pawn e7-e8 >Q` is one move) and before a
    /// SAN en-passant mark (`exd6 e.p.` is one move). Pasted movetext works
    /// too: move numbers (`1.`, `12...`, `1…`, also stuck to the move as in
    /// `1.e4`) and game results (`1-0`, `0-1`, `1/2-1/2`, `*`) are skipped.
    /// Comments, variations and tags are PGN's, not this splitter's.
    ///
    /// ```
    /// use chessnote::position::Notation;
    /// let moves: Vec<_> = Notation::Eran.split_moves("Pawn e2-e4 ck\nP g7-g8 ->Queen").collect();
    /// assert_eq!(moves, ["Pawn e2-e4", "ck", "P g7-g8 ->Queen"]);
    /// let moves: Vec<_> = Notation::San.split_moves("e4 d5 exd6 e.p. Nf3").collect();
    /// assert_eq!(moves, ["e4", "d5", "exd6 e.p.", "Nf3"]);
    /// let moves: Vec<_> = Notation::San.split_moves("1. e4 e5 2.Nf3 2... Nc6 1-0").collect();
    /// assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6"]);
    /// ```
    pub fn split_moves(self, text: &str) -> impl Iterator<Item = &str> {
        let base = text.as_ptr() as usize;
        let words: Vec<(usize, usize)> = text
            .split_ascii_whitespace()
            .filter_map(|w| {
                let start = w.as_ptr() as usize - base;
                let word = strip_move_number(w);
                if word.is_empty() || is_result(word) {
                    return None;
                }
                let end = start + w.len();
                Some((end - word.len(), end))
            })
            .collect();
        let mut moves = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let (start, mut end) = words[i];
            i += 1;
            let word = &text[start..end];
            let joins = |next: &str| match self {
                Notation::Eran | Notation::EranShort => {
                    next.starts_with('>') || next.starts_with("->")
                }
                Notation::San | Notation::Lan => next == "e.p.",
                Notation::Uci => false,
            };
            let is_piece_name = matches!(self, Notation::Eran | Notation::EranShort)
                && PieceKind::ALL.iter().any(|kind| {
                    word.eq_ignore_ascii_case(kind.lower_name())
                        || matches!(word.as_bytes(), [letter] if letter.to_ascii_uppercase() == kind.upper_ascii())
                });
            if is_piece_name && i < words.len() {
                end = words[i].1;
                i += 1;
            }
            while i < words.len() && joins(&text[words[i].0..words[i].1]) {
                end = words[i].1;
                i += 1;
            }
            moves.push(&text[start..end]);
        }
        moves.into_iter()
    }
}

/// The word without a leading move number (`12.`, `12...`, `12…`); the word
/// itself when it has none (a move number needs its dots).
fn strip_move_number(word: &str) -> &str {
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() == word.len() {
        return word;
    }
    let after = rest.trim_start_matches(['.', '…']);
    if after.len() == rest.len() {
        word
    } else {
        after
    }
}

/// Whether the word is a game result (or `*`, a game still going on).
fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The text does not name a notation.
///
/// ```
/// let err = "pgn".parse::<chessnote::position::Notation>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown notation: expected san, lan, uci, eran or eran-short");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseNotationError;

impl fmt::Display for ParseNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown notation: expected san, lan, uci, eran or eran-short")
    }
}

impl core::error::Error for ParseNotationError {}

impl core::str::FromStr for Notation {
    type Err = ParseNotationError;

    fn from_str(s: &str) -> Result<Notation, ParseNotationError> {
        [
            Notation::San,
            Notation::Lan,
            Notation::Uci,
            Notation::Eran,
            Notation::EranShort,
        ]
        .into_iter()
        .find(|n| n.name() == s)
        .ok_or(ParseNotationError)
    }
}

/// A move converted by [`Position::convert_and_play`]: its text in the
/// target notation, and the leniencies reading it needed.
///
/// ```
/// use chessnote::position::{Notation, Position};
/// use chessnote::san::SanOptions;
/// let mut position = Position::new();
/// let converted = position.convert_and_play(b"e4", Notation::San, Notation::Uci, SanOptions::STRICT)?;
/// assert_eq!((converted.text.as_str(), converted.used), ("e2e4", SanOptions::STRICT));
/// # Ok::<(), chessnote::position::MoveError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The move in the target notation.
    pub text: alloc::string::String,
    /// The leniencies reading it needed (SAN only; empty otherwise).
    pub used: SanOptions,
}

impl Position {
    /// Reads a move written in `notation` (SAN with the leniencies of
    /// `options`; the others strictly). The null move is an error of kind
    /// [`MoveErrorKind::Null`].
    ///
    /// ```
    /// use chessnote::position::{Notation, Position};
    /// use chessnote::san::SanOptions;
    /// let (mv, _) = Position::new().parse_move(Notation::Lan, b"Ng1-f3", SanOptions::STRICT)?;
    /// assert_eq!(mv.to(), chessnote::Square::F3);
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn parse_move(
        &self,
        notation: Notation,
        text: &[u8],
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveError> {
        match notation {
            Notation::San => self.parse_san(text, options),
            Notation::Lan => self.parse_lan(text).map(|mv| (mv, SanOptions::STRICT)),
            Notation::Uci => self.parse_uci(text).map(|mv| (mv, SanOptions::STRICT)),
            Notation::Eran | Notation::EranShort => {
                self.parse_eran(text).map(|mv| (mv, SanOptions::STRICT))
            }
        }
    }

    /// Writes a legal move in `notation`.
    ///
    /// ```
    /// use chessnote::position::{Notation, Position};
    /// let position = Position::new();
    /// let mv = position.parse_uci(b"e2e4").unwrap();
    /// assert_eq!(position.write_move(Notation::EranShort, &mv), "P e2-e4");
    /// assert_eq!(position.write_move(Notation::San, &mv), "e4");
    /// ```
    pub fn write_move(&self, notation: Notation, mv: &Move) -> alloc::string::String {
        use alloc::string::ToString;
        match notation {
            Notation::San => SanPlus::from_move(self, mv).to_string(),
            Notation::Lan => LanPlus::from_move(self, mv).to_string(),
            Notation::Uci => Uci::from_move(mv, self.castling_mode()).to_string(),
            // Every legal move has an ERAN; a hand-made impossible one falls
            // back to the crate's plain rendering.
            Notation::Eran => Eran::from_move(self, mv)
                .map_or_else(|_| mv.to_string(), |e| e.verbose().to_string()),
            Notation::EranShort => {
                Eran::from_move(self, mv).map_or_else(|_| mv.to_string(), |e| e.short().to_string())
            }
        }
    }

    /// Reads a move in one notation, writes it in another, and plays it.
    /// The null move (`0000` in UCI, `--` in LAN, and in SAN `--` or `Z0`
    /// when `options` allow [`Leniency::NullMove`]) is played as a pass when
    /// the side to move is not in check, and written `--` or `0000`; ERAN has
    /// none.
    ///
    /// ```
    /// use chessnote::position::{Notation, Position};
    /// use chessnote::san::SanOptions;
    /// let mut position = Position::new();
    /// for (san, lan) in [("e4", "e2-e4"), ("e5", "e7-e5"), ("Nf3", "Ng1-f3")] {
    ///     let converted = position.convert_and_play(san.as_bytes(), Notation::San, Notation::Lan, SanOptions::STRICT)?;
    ///     assert_eq!(converted.text, lan);
    /// }
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn convert_and_play(
        &mut self,
        text: &[u8],
        from: Notation,
        to: Notation,
        options: SanOptions,
    ) -> Result<Converted, MoveError> {
        match self.parse_move(from, text, options) {
            Ok((mv, used)) => {
                let converted = self.write_move(to, &mv);
                self.play_unchecked(mv);
                Ok(Converted {
                    text: converted,
                    used,
                })
            }
            Err(err) if err.kind() == MoveErrorKind::Null => {
                let null = match to {
                    Notation::San | Notation::Lan => "--",
                    Notation::Uci => "0000",
                    Notation::Eran | Notation::EranShort => return Err(err),
                };
                if !self.play_null() {
                    return Err(err);
                }
                // In SAN the null move is a leniency; UCI and LAN have one.
                let used = SanOptions::STRICT.null_move(from == Notation::San);
                Ok(Converted {
                    text: null.into(),
                    used,
                })
            }
            Err(err) => Err(err),
        }
    }
}
