//! Moves in any notation: choosing one by name, splitting text into moves,
//! reading, writing and converting.

use alloc::vec::Vec;
use core::fmt;

use super::super::Position;
use super::{MoveError, MoveErrorKind};
use crate::eran::{Eran, Style};
use crate::lan::LanPlus;
use crate::san::{Leniency, SanOptions, SanPlus};
use crate::text::named_enum;
use crate::uci::Uci;
use crate::{Move, ParseNameError, PieceKind};

named_enum! {
    /// A move notation, for reading and writing moves generically. Written
    /// ERAN is verbose unless a [`WriteNotation`] asks for the short style.
    ///
    /// ```
    /// use chessnote::position::Notation;
    /// assert_eq!("eran".parse::<Notation>(), Ok(Notation::Eran));
    /// assert_eq!(Notation::Lan.to_string(), "lan");
    /// assert_eq!(Notation::Uci.name(), "uci");
    /// assert!("eran-short".parse::<Notation>().is_err());
    /// ```
    pub enum Notation: "notation" {
        /// Standard algebraic notation: `Nf3`, `exd8=Q+`, `O-O`.
        San = "san",
        /// Long algebraic notation: `Ng1-f3`, `e7-e8=Q+`.
        Lan = "lan",
        /// UCI: `g1f3`, `e7e8q` (`e1h1` castling in Chess960).
        Uci = "uci",
        /// ERAN, either style when read: `Knight g1-f3`, `N g1-f3`.
        Eran = "eran",
    }
}

/// How moves are written: a notation, and for ERAN its [`Style`]. Every
/// [`Notation`] converts into one (ERAN verbose); its names are the
/// notations' and `eran-short`.
///
/// ```
/// use chessnote::eran::Style;
/// use chessnote::position::{Notation, Position, WriteNotation};
///
/// let short: WriteNotation = "eran-short".parse()?;
/// assert_eq!(short, WriteNotation::eran(Style::Short));
/// assert_eq!((short.notation(), short.to_string()), (Notation::Eran, "eran-short".to_string()));
/// let position = Position::new();
/// let mv = position.parse_uci(b"g1f3").unwrap();
/// assert_eq!(position.write_move(short, mv), "N g1-f3");
/// assert_eq!(position.write_move(Notation::Eran, mv), "Knight g1-f3");
/// # Ok::<(), chessnote::ParseNameError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct WriteNotation {
    notation: Notation,
    eran_style: Style,
}

impl WriteNotation {
    /// Every value, in the order of their names.
    ///
    /// ```
    /// assert_eq!(chessnote::position::WriteNotation::ALL.len(), 5);
    /// ```
    pub const ALL: [WriteNotation; 5] = [
        WriteNotation::new(Notation::San),
        WriteNotation::new(Notation::Lan),
        WriteNotation::new(Notation::Uci),
        WriteNotation::new(Notation::Eran),
        WriteNotation::eran(Style::Short),
    ];

    /// The notation, with ERAN written verbose.
    ///
    /// ```
    /// use chessnote::position::{Notation, WriteNotation};
    /// assert_eq!(WriteNotation::new(Notation::Uci), Notation::Uci.into());
    /// ```
    pub const fn new(notation: Notation) -> WriteNotation {
        WriteNotation {
            notation,
            eran_style: Style::Verbose,
        }
    }

    /// ERAN in `style`.
    ///
    /// ```
    /// use chessnote::eran::Style;
    /// use chessnote::position::WriteNotation;
    /// assert_eq!(WriteNotation::eran(Style::Short).name(), "eran-short");
    /// ```
    pub const fn eran(style: Style) -> WriteNotation {
        WriteNotation {
            notation: Notation::Eran,
            eran_style: style,
        }
    }

    /// The notation written.
    ///
    /// ```
    /// use chessnote::position::{Notation, WriteNotation};
    /// assert_eq!(WriteNotation::from(Notation::Lan).notation(), Notation::Lan);
    /// ```
    pub const fn notation(self) -> Notation {
        self.notation
    }

    /// The style ERAN is written in (verbose unless asked otherwise).
    ///
    /// ```
    /// use chessnote::eran::Style;
    /// use chessnote::position::{Notation, WriteNotation};
    /// assert_eq!(WriteNotation::from(Notation::Eran).eran_style(), Style::Verbose);
    /// ```
    pub const fn eran_style(self) -> Style {
        self.eran_style
    }

    /// The stable name: the notation's, or `eran-short`.
    ///
    /// ```
    /// use chessnote::position::{Notation, WriteNotation};
    /// assert_eq!(WriteNotation::from(Notation::San).name(), "san");
    /// ```
    pub const fn name(self) -> &'static str {
        match (self.notation, self.eran_style) {
            (Notation::Eran, Style::Short) => "eran-short",
            (notation, _) => notation.name(),
        }
    }
}

impl From<Notation> for WriteNotation {
    fn from(notation: Notation) -> WriteNotation {
        WriteNotation::new(notation)
    }
}

impl fmt::Display for WriteNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl core::str::FromStr for WriteNotation {
    type Err = ParseNameError;

    fn from_str(s: &str) -> Result<WriteNotation, ParseNameError> {
        WriteNotation::ALL
            .into_iter()
            .find(|n| n.name() == s)
            .ok_or(ParseNameError::new("notation"))
    }
}

impl Notation {
    /// Splits text holding several moves into the moves: at whitespace,
    /// except inside an ERAN move (`Pawn e7-e8 >Q` is one move) and before a
    /// SAN en-passant mark (`exd6 e.p.` is one move). Pasted movetext is
    /// read as PGN movetext is: move numbers (`1.`, `12...`, `1…`, also
    /// stuck to the move as in `1.e4`), game results (`1-0`, `0-1`,
    /// `1/2-1/2`, `*`), comments (`{…}` and `;` to the end of the line),
    /// variations (`( … )`, nested) and NAGs (`$1`) are skipped: the moves
    /// are the mainline's.
    ///
    /// Nothing is dropped unseen: an unclosed `{` or `(`, and a `)` or `}`
    /// with nothing to close, are given as words of their own (from the
    /// `{` or `(` to the end), which no notation reads as a move.
    ///
    /// ```
    /// use chessnote::position::Notation;
    /// let moves: Vec<_> = Notation::Eran.split_moves("Pawn e2-e4 ck\nP g7-g8 ->Queen").collect();
    /// assert_eq!(moves, ["Pawn e2-e4", "ck", "P g7-g8 ->Queen"]);
    /// let moves: Vec<_> = Notation::San.split_moves("e4 d5 exd6 e.p. Nf3").collect();
    /// assert_eq!(moves, ["e4", "d5", "exd6 e.p.", "Nf3"]);
    /// let moves: Vec<_> = Notation::San.split_moves("1. e4 e5 2.Nf3 2... Nc6 1-0").collect();
    /// assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6"]);
    /// let pasted = "1. e4 {best by test} e5 $1 (1... c5 2. Nf3 (2. c3)) 2. Nf3; a note";
    /// let moves: Vec<_> = Notation::San.split_moves(pasted).collect();
    /// assert_eq!(moves, ["e4", "e5", "Nf3"]);
    /// ```
    pub fn split_moves(self, text: &str) -> impl Iterator<Item = &str> {
        let words = movetext_words(text);
        let mut moves = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let (start, mut end) = words[i];
            i += 1;
            let word = &text[start..end];
            let joins = |next: &str| match self {
                Notation::Eran => next.starts_with('>') || next.starts_with("->"),
                Notation::San | Notation::Lan => next == "e.p.",
                Notation::Uci => false,
            };
            let is_piece_name = self == Notation::Eran
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

    /// Whether pasted movetext starts a game: its first word is move
    /// number 1 (`1.`, `1...`, `1…`, or stuck to the move, `1.e4`), after
    /// any comments. One game a line then reads as one game a line.
    ///
    /// ```
    /// use chessnote::position::Notation;
    /// assert!(Notation::starts_game("1. e4 e5"));
    /// assert!(Notation::starts_game("{Ruy Lopez} 1.e4"));
    /// assert!(Notation::starts_game("1... c5"));
    /// assert!(!Notation::starts_game("2. Nf3"));
    /// assert!(!Notation::starts_game("e4 e5"));
    /// ```
    pub fn starts_game(text: &str) -> bool {
        let Some(&(start, end)) = raw_words(text).first() else {
            return false;
        };
        let word = &text[start..end];
        let number = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        &word[..number] == "1" && strip_move_number(word).len() < word.len()
    }
}

/// The words of pasted movetext at its top level, as byte ranges, without
/// comments, variations and NAGs (see [`Notation::split_moves`]), move
/// numbers and results.
fn movetext_words(text: &str) -> Vec<(usize, usize)> {
    raw_words(text)
        .into_iter()
        .filter_map(|(start, end)| {
            let word = strip_move_number(&text[start..end]);
            if word.is_empty() || is_result(word) {
                return None;
            }
            Some((end - word.len(), end))
        })
        .collect()
}

/// The words of pasted movetext at its top level, move numbers and results
/// included; comments, variations and NAGs skipped; what opens and is not
/// closed, or closes what was not opened, kept as a word.
fn raw_words(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let end = text.trim_end().len();
    let mut words = Vec::new();
    // How deep in variations, and where the outermost one opened.
    let mut depth = 0usize;
    let mut opened = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b if b.is_ascii_whitespace() => i += 1,
            b'{' => match bytes[i..].iter().position(|&b| b == b'}') {
                Some(close) => i += close + 1,
                None => {
                    if depth == 0 {
                        words.push((i, end));
                    }
                    break;
                }
            },
            b';' => {
                i += bytes[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .unwrap_or(bytes.len() - i);
            }
            b'(' => {
                if depth == 0 {
                    opened = i;
                }
                depth += 1;
                i += 1;
            }
            b')' | b'}' if depth == 0 => {
                words.push((i, i + 1));
                i += 1;
            }
            b')' => {
                depth -= 1;
                i += 1;
            }
            b'$' if bytes.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                i += 1;
                while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
            }
            _ => {
                let start = i;
                while i < bytes.len()
                    && !bytes[i].is_ascii_whitespace()
                    && !matches!(bytes[i], b'{' | b'}' | b'(' | b')' | b';')
                {
                    i += 1;
                }
                if depth == 0 {
                    words.push((start, i));
                }
                // A `}` inside a variation closes nothing: step over it.
                if depth > 0 && bytes.get(i) == Some(&b'}') {
                    i += 1;
                }
            }
        }
    }
    if depth > 0 {
        words.push((opened, end));
    }
    words
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
    /// # Errors
    ///
    /// [`MoveError`]: a syntax error of the notation (with its byte), or a move that is illegal, ambiguous or needs a leniency `options` do not allow.
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
            Notation::Eran => self.parse_eran(text).map(|mv| (mv, SanOptions::STRICT)),
        }
    }

    /// The leniencies beyond `options` that would read `text` as a move
    /// here, when reading it with `options` fails and some would: the fix
    /// an error can name (`--allow wrong-suffix`). `None` when no leniency
    /// reads it (an illegal move, a typo) or none is missing.
    ///
    /// ```
    /// use chessnote::position::{Notation, Position};
    /// use chessnote::san::{Leniency, SanOptions};
    /// let position = Position::new();
    /// let needed = position.leniencies_needed(Notation::San, b"Ng1f3", SanOptions::STRICT);
    /// assert_eq!(needed, Some(SanOptions::from(Leniency::AnyDisambiguation)));
    /// assert_eq!(position.leniencies_needed(Notation::San, b"Nf6", SanOptions::STRICT), None);
    /// ```
    pub fn leniencies_needed(
        &self,
        notation: Notation,
        text: &[u8],
        options: SanOptions,
    ) -> Option<SanOptions> {
        if notation != Notation::San {
            return None;
        }
        missing_leniencies(
            self.parse_move(notation, text, options).is_ok(),
            self.parse_san(text, SanOptions::LENIENT)
                .ok()
                .map(|(_, used)| used),
            options,
        )
    }

    /// Writes a legal move in `notation` (a [`Notation`], or a
    /// [`WriteNotation`] for short ERAN).
    ///
    /// ```
    /// use chessnote::eran::Style;
    /// use chessnote::position::{Notation, Position, WriteNotation};
    /// let position = Position::new();
    /// let mv = position.parse_uci(b"e2e4").unwrap();
    /// assert_eq!(position.write_move(WriteNotation::eran(Style::Short), mv), "P e2-e4");
    /// assert_eq!(position.write_move(Notation::San, mv), "e4");
    /// ```
    pub fn write_move(
        &self,
        notation: impl Into<WriteNotation>,
        mv: Move,
    ) -> alloc::string::String {
        let mut text = alloc::string::String::new();
        self.append_move(&mut text, notation, mv);
        text
    }

    /// Appends a legal move in `notation` to `out`: what
    /// [`Position::write_move`] returns, without a `String` of its own
    /// (for writers that put many moves into one).
    ///
    /// ```
    /// use chessnote::position::{Notation, Position};
    /// let position = Position::new();
    /// let mut line = String::from("1. ");
    /// position.append_move(&mut line, Notation::Lan, position.parse_uci(b"g1f3").unwrap());
    /// assert_eq!(line, "1. Ng1-f3");
    /// ```
    pub fn append_move(
        &self,
        out: &mut alloc::string::String,
        notation: impl Into<WriteNotation>,
        mv: Move,
    ) {
        use core::fmt::Write;
        let notation = notation.into();
        match notation.notation() {
            Notation::San => SanPlus::from_move(self, mv).append_to(out),
            Notation::Lan => LanPlus::from_move(self, mv).append_to(out),
            Notation::Uci => Uci::from_move(mv, self.castling_mode()).append_to(out),
            // Every legal move has an ERAN; a hand-made impossible one falls
            // back to the crate's plain rendering. Writing to a `String`
            // cannot fail.
            Notation::Eran => {
                let _ = match Eran::from_move(self, mv) {
                    Ok(eran) => write!(out, "{}", eran.display(notation.eran_style())),
                    Err(_) => write!(out, "{mv}"),
                };
            }
        }
    }

    /// Reads a move in one notation, writes it in another (a [`Notation`],
    /// or a [`WriteNotation`] for short ERAN), and plays it.
    /// The null move (`0000` in UCI, `--` in LAN, and in SAN `--` or `Z0`
    /// when `options` allow [`Leniency::NullMove`]) is played as a pass when
    /// the side to move is not in check, and written `--` or `0000`; ERAN has
    /// none.
    ///
    /// # Errors
    ///
    /// [`MoveError`] as [`Position::parse_move`] gives it; the position is unchanged.
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
        to: impl Into<WriteNotation>,
        options: SanOptions,
    ) -> Result<Converted, MoveError> {
        let to = to.into();
        match self.parse_move(from, text, options) {
            Ok((mv, used)) => {
                let converted = self.write_move(to, mv);
                self.play_unchecked(mv);
                Ok(Converted {
                    text: converted,
                    used,
                })
            }
            Err(err) => null_move(err, from, to, || self.play_null()),
        }
    }
}

/// What [`Position::convert_and_play`] (and a variant's) gives for a move
/// that did not read: a null move in `from`, written in `to` (`--`,
/// `0000`; ERAN has none) once `play_null` has played it, or `error`.
pub(in crate::position) fn null_move(
    error: MoveError,
    from: Notation,
    to: WriteNotation,
    play_null: impl FnOnce() -> bool,
) -> Result<Converted, MoveError> {
    if error.kind() != MoveErrorKind::Null {
        return Err(error);
    }
    let null = match to.notation() {
        Notation::San | Notation::Lan => "--",
        Notation::Uci => "0000",
        Notation::Eran => return Err(error),
    };
    if !play_null() {
        return Err(error);
    }
    // In SAN the null move is a leniency; UCI and LAN have one.
    let used: SanOptions = (from == Notation::San)
        .then_some(Leniency::NullMove)
        .into_iter()
        .collect();
    Ok(Converted {
        text: null.into(),
        used,
    })
}

/// The leniencies beyond `options` that `lenient` (what reading with every
/// leniency needed, when it read) adds: `None` when the strict reading
/// worked (`read`), nothing reads it, or nothing is missing.
pub(in crate::position) fn missing_leniencies(
    read: bool,
    lenient: Option<SanOptions>,
    options: SanOptions,
) -> Option<SanOptions> {
    if read {
        return None;
    }
    let more = lenient?.difference(options);
    (!more.is_empty()).then_some(more)
}
