//! What can be wrong in a PGN file, and where: every problem the reader or
//! the replay finds is a [`PgnError`] with a kind, the place in the input
//! (byte, line, column), the game and, for moves, the ply and the text.

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;

use crate::Diagnostic;
use crate::location::Location;
use crate::san::Leniency;
use crate::text::error_kind;

error_kind! {
    /// What was wrong (see [`PgnError`] for where).
    ///
    /// ```
    /// use chessnote::pgn::PgnErrorKind;
    /// assert_eq!(PgnErrorKind::UnterminatedComment.name(), "unterminated-comment");
    /// assert_eq!(PgnErrorKind::NagOutOfRange.message(), "NAG above $255");
    /// ```
    pub enum PgnErrorKind {
        /// A token that is nothing PGN has: a stray character, junk.
        UnexpectedToken = ("unexpected-token", "unexpected token"),
        /// A token that starts like a move but is not SAN (with the
        /// reader's leniencies).
        InvalidSan = ("invalid-san", "invalid SAN move"),
        /// `$n` with `n` above 255 (`$` with no digits is an unexpected
        /// token).
        NagOutOfRange = ("nag-out-of-range", "NAG above $255"),
        /// A `{` comment with no `}`: it ends at the end of the input, or
        /// before a line that starts with `[Event `.
        UnterminatedComment = ("unterminated-comment", "comment not closed"),
        /// A tag pair whose value has no closing quote on its line, or whose
        /// `]` is missing.
        UnterminatedTag = ("unterminated-tag", "tag pair not closed"),
        /// A tag pair that is not `[Name "value"]`.
        MalformedTag = ("malformed-tag", "malformed tag pair"),
        /// A tag name with characters a PGN symbol cannot have.
        InvalidTagName = ("invalid-tag-name", "invalid tag name"),
        /// A `"` inside a tag value that is not escaped as `\"`.
        UnescapedQuote = ("unescaped-quote", "unescaped quote in a tag value"),
        /// A backslash in a tag value not followed by `"` or `\`.
        UnknownEscape = ("unknown-escape", "unknown escape in a tag value"),
        /// A `)` with no variation open.
        UnmatchedParenthesis = ("unmatched-parenthesis", "`)` without `(`"),
        /// The game ended inside a variation.
        UnclosedVariation = ("unclosed-variation", "variation not closed"),
        /// A termination marker inside a variation.
        ResultInVariation = ("result-in-variation", "result inside a variation"),
        /// A game that ends with no termination marker (`1-0`, `0-1`,
        /// `1/2-1/2`, `*`): cut off by the end of the input, by the next
        /// game's tags, or by move numbers that start over. Its moves are
        /// read; a warning under [`super::PgnLeniency::MissingResult`] (the
        /// default), an error without it.
        MissingResult = ("missing-result", "game ends without a result"),
        /// A `[%clk]` or `[%eval]` in a mainline comment whose arguments do
        /// not read, or an evaluation of mate in more than 32767 moves: the
        /// move gets no clock or evaluation from it. A warning under
        /// [`super::PgnLeniency::BadCommand`] (the default), an error
        /// without it.
        BadCommand = ("bad-command", "clock or evaluation that does not read"),
        /// The termination marker differs from the `Result` tag.
        ResultMismatch = ("result-mismatch", "result differs from the Result tag"),
        /// Variations nested deeper than the limit
        /// ([`super::Limits::max_depth`]); the deeper ones are skipped.
        VariationTooDeep = ("variation-too-deep", "variations nested too deep"),
        /// More moves in a game than the limit ([`super::Limits::max_moves`]);
        /// the rest of the game is skipped.
        TooManyMoves = ("too-many-moves", "too many moves in a game"),
        /// More tags in a game than the limit ([`super::Limits::max_tags`]);
        /// the others are skipped.
        TooManyTags = ("too-many-tags", "too many tags in a game"),
        /// A tag pair longer than the limit ([`super::Limits::max_tag_len`]).
        TagTooLong = ("tag-too-long", "tag pair too long"),
        /// A comment longer than the limit
        /// ([`super::Limits::max_comment_len`]): the first bytes are kept.
        CommentTooLong = ("comment-too-long", "comment too long"),
        /// More problems in a game than the limit
        /// ([`super::Limits::max_problems`]): the first are kept, the
        /// others counted.
        TooManyProblems = ("too-many-problems", "too many problems in a game"),
        /// A token longer than the limit ([`super::Limits::max_token_len`]).
        TokenTooLong = ("token-too-long", "token too long"),
        /// A move that is not legal in the position (or is ambiguous, or
        /// needs a leniency not allowed): that line of play ends there.
        IllegalMove = ("illegal-move", "illegal move"),
        /// The `FEN` tag is not a valid position.
        InvalidFen = ("invalid-fen", "invalid FEN tag"),
        /// A `Variant` chessnote cannot replay (crazyhouse, atomic, …):
        /// the moves are read but not replayed.
        UnsupportedVariant = ("unsupported-variant", "unsupported variant"),
        /// Warning: a pawn move written with its source as SAN never
        /// writes it (`e2e4` read as SAN, `de4`, `xd5`); see
        /// [`crate::san::Leniency::PawnSources`].
        PawnSources = ("pawn-sources", "pawn move written with a source SAN never writes"),
        /// Warning: a source that cannot reach the destination, ignored
        /// ([`crate::san::Leniency::AnyGeometry`]).
        AnyGeometry = ("any-geometry", "source square that cannot reach the destination"),
        /// Warning: a pawn move written with `P` (`Pe4`;
        /// [`crate::san::Leniency::PawnLetter`]).
        PawnLetter = ("pawn-letter", "pawn move written with P"),
        /// Warning: a promotion without `=` (`e8Q`;
        /// [`crate::san::Leniency::PromotionWithoutEquals`]).
        PromotionWithoutEquals = ("promotion-without-equals", "promotion without ="),
        /// Warning: an en-passant mark (`exd6 e.p.`;
        /// [`crate::san::Leniency::EnPassantSuffix`]).
        EnPassantSuffix = ("en-passant-suffix", "en-passant mark"),
        /// Warning: a dash between source and destination (`Ng1-f3`;
        /// [`crate::san::Leniency::LanDash`]).
        LanDash = ("lan-dash", "dash between source and destination"),
        /// Warning: a disambiguation other than the one SAN writes (`Nge2`
        /// for `Ne2`; [`crate::san::Leniency::AnyDisambiguation`]).
        AnyDisambiguation = ("any-disambiguation", "disambiguation SAN does not write"),
        /// Warning: a capture mark `x` on a move that captures nothing, or
        /// none on a capture ([`crate::san::Leniency::CaptureMismatch`]).
        CaptureMismatch = ("capture-mismatch", "missing or superfluous capture mark"),
        /// Warning: a `+` or `#` the move does not give (`+` for mate, `#`
        /// for check, either for neither; [`crate::san::Leniency::WrongSuffix`]).
        WrongSuffix = ("wrong-suffix", "wrong check or checkmate suffix"),
        /// Warning: a move written in UCI (`e2e4`) where SAN is expected
        /// ([`super::PgnLeniency::UciMoves`]).
        UciMoves = ("uci-moves", "move written in UCI"),
    }
}

impl PgnErrorKind {
    /// Whether the kind is a warning: a move written off the standard
    /// that resolves to exactly one legal move, played, and reported
    /// under the name of the leniency that reads it (the reader's
    /// defaults read them; [`super::ReadOptions::STRICT`] refuses them).
    /// The other kinds are errors.
    ///
    /// ```
    /// use chessnote::pgn::PgnErrorKind;
    /// assert!(PgnErrorKind::WrongSuffix.is_warning());
    /// assert!(!PgnErrorKind::IllegalMove.is_warning());
    /// ```
    pub const fn is_warning(self) -> bool {
        matches!(
            self,
            PgnErrorKind::PawnSources
                | PgnErrorKind::AnyGeometry
                | PgnErrorKind::PawnLetter
                | PgnErrorKind::PromotionWithoutEquals
                | PgnErrorKind::EnPassantSuffix
                | PgnErrorKind::LanDash
                | PgnErrorKind::AnyDisambiguation
                | PgnErrorKind::CaptureMismatch
                | PgnErrorKind::WrongSuffix
                | PgnErrorKind::UciMoves
        )
    }

    /// The warning a SAN leniency's use is reported as: `None` for the
    /// leniencies even strict reading allows ([`super::ReadOptions::STRICT`]:
    /// castling with zeros, the null move), and for the variants' own
    /// notation (drops, promotions to a king), which only a game of that
    /// variant plays.
    ///
    /// ```
    /// use chessnote::pgn::PgnErrorKind;
    /// use chessnote::san::Leniency;
    /// assert_eq!(PgnErrorKind::of_leniency(Leniency::WrongSuffix), Some(PgnErrorKind::WrongSuffix));
    /// assert_eq!(PgnErrorKind::of_leniency(Leniency::ZeroCastling), None);
    /// ```
    pub const fn of_leniency(leniency: Leniency) -> Option<PgnErrorKind> {
        Some(match leniency {
            Leniency::ZeroCastling
            | Leniency::NullMove
            | Leniency::Drops
            | Leniency::KingPromotion => return None,
            Leniency::PawnSources => PgnErrorKind::PawnSources,
            Leniency::AnyGeometry => PgnErrorKind::AnyGeometry,
            Leniency::PawnLetter => PgnErrorKind::PawnLetter,
            Leniency::PromotionWithoutEquals => PgnErrorKind::PromotionWithoutEquals,
            Leniency::EnPassantSuffix => PgnErrorKind::EnPassantSuffix,
            Leniency::LanDash => PgnErrorKind::LanDash,
            Leniency::AnyDisambiguation => PgnErrorKind::AnyDisambiguation,
            Leniency::CaptureMismatch => PgnErrorKind::CaptureMismatch,
            Leniency::WrongSuffix => PgnErrorKind::WrongSuffix,
        })
    }
}

/// A field's value in [`PgnError::fields`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProblemField {
    /// Text.
    Text(String),
    /// A number.
    Number(u64),
    /// Nothing (a problem not about a move has no ply).
    Null,
}

/// One problem in a PGN input: what, where, in which game.
///
/// Its `Display` is `LINE:COLUMN: game N: MESSAGE`, plus `, ply P` for a
/// move, and the details (the token, the position) after the message.
///
/// ```
/// use chessnote::pgn::{PgnErrorKind, Reader};
///
/// let pgn = b"[Event \"A\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Ke3 *\n";
/// let game = Reader::from_slice(pgn).games().next().unwrap();
/// let err = &game.errors[0];
/// assert_eq!(err.kind(), PgnErrorKind::IllegalMove);
/// assert_eq!((err.location().line, err.location().column), (3, 24));
/// assert_eq!(err.ply(), Some(5));
/// assert_eq!(err.token(), Some("Ke3"));
/// assert_eq!(
///     err.to_string(),
///     "3:24: game 1, ply 5: illegal move `Ke3` \
///      in rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PgnError {
    // Boxed: errors are rare, and a one-word error keeps results small.
    inner: Box<Inner>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Inner {
    kind: PgnErrorKind,
    location: Location,
    game: u64,
    game_location: Location,
    ply: Option<u32>,
    token: Option<String>,
    detail: Option<String>,
    warning: bool,
}

/// The longest token an error keeps (longer ones are cut, with `…`).
const TOKEN_MAX: usize = 64;

impl PgnError {
    /// An error of `kind` at `location` in game `game` (0-based) that starts
    /// at `game_location`.
    #[cold]
    pub(crate) fn new(
        kind: PgnErrorKind,
        location: Location,
        game: u64,
        game_location: Location,
    ) -> PgnError {
        PgnError {
            inner: Box::new(Inner {
                kind,
                location,
                game,
                game_location,
                ply: None,
                token: None,
                detail: None,
                warning: kind.is_warning(),
            }),
        }
    }

    /// With the ply (1-based, counted from the start of the game's line of
    /// play) of the move it concerns.
    #[must_use]
    pub(crate) fn with_ply(mut self, ply: u32) -> PgnError {
        self.inner.ply = Some(ply);
        self
    }

    /// With the token as written (cut to 64 bytes, decoded as text).
    #[must_use]
    pub(crate) fn with_token(mut self, token: &[u8]) -> PgnError {
        let cut = token.len() > TOKEN_MAX;
        let mut end = token.len().min(TOKEN_MAX);
        // Never cut a UTF-8 sequence in two.
        while end < token.len() && end > 0 && token[end] & 0xC0 == 0x80 {
            end -= 1;
        }
        let mut text = super::decode_text(&token[..end]).0.into_owned();
        if cut {
            text.push('…');
        }
        self.inner.token = Some(text);
        self
    }

    /// With more detail for people (the underlying error's message).
    #[must_use]
    pub(crate) fn with_detail(mut self, detail: impl fmt::Display) -> PgnError {
        use fmt::Write;
        let mut text = String::new();
        let _ = write!(text, "{detail}");
        self.inner.detail = Some(text);
        self
    }

    /// What was wrong.
    pub fn kind(&self) -> PgnErrorKind {
        self.inner.kind
    }

    /// Whether it is a warning: a move read and played although written
    /// off the standard ([`PgnErrorKind::is_warning`]), or an unknown
    /// escape in a tag value kept as written under
    /// [`super::PgnLeniency::UnknownEscape`] (an error without it).
    pub fn is_warning(&self) -> bool {
        self.inner.warning
    }

    /// The same problem, as a warning (read under a leniency).
    #[must_use]
    pub(crate) fn into_warning(mut self) -> PgnError {
        self.inner.warning = true;
        self
    }

    /// `"warning"` or `"error"`.
    pub fn severity(&self) -> &'static str {
        if self.is_warning() {
            "warning"
        } else {
            "error"
        }
    }

    /// The problem as every machine-readable report writes it (the JSON
    /// objects of `chessnote pgn`, the Python package's dicts), in this
    /// order: `kind` (the stable name), `severity`, `message`, `offset`,
    /// `line`, `column`, `ply` (null when not about a move).
    ///
    /// ```
    /// use chessnote::pgn::{ProblemField, Reader};
    /// let game = Reader::from_slice(b"1. e4 e5 2. Ke3 *").games().next().unwrap();
    /// let fields = game.errors[0].fields();
    /// assert_eq!(fields[0], ("kind", ProblemField::Text("illegal-move".into())));
    /// assert_eq!(fields[6], ("ply", ProblemField::Number(3)));
    /// ```
    pub fn fields(&self) -> [(&'static str, ProblemField); 7] {
        let at = self.inner.location;
        let mut message = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_body(&mut message);
        [
            ("kind", ProblemField::Text(self.inner.kind.name().into())),
            ("severity", ProblemField::Text(self.severity().into())),
            ("message", ProblemField::Text(message)),
            ("offset", ProblemField::Number(at.byte)),
            ("line", ProblemField::Number(at.line)),
            ("column", ProblemField::Number(at.column)),
            (
                "ply",
                self.inner.ply.map_or(ProblemField::Null, |ply| {
                    ProblemField::Number(u64::from(ply))
                }),
            ),
        ]
    }

    /// Where: the byte offset from the start of the input, the line and the
    /// column (1-based, in bytes).
    pub fn location(&self) -> Location {
        self.inner.location
    }

    /// The same error placed at `location`: for a caller that fed the
    /// reader text of its own before its input (tags taken from other
    /// columns, say) and places errors in its input.
    #[must_use]
    pub fn relocated(mut self, location: Location) -> PgnError {
        self.inner.location = location;
        self
    }

    /// The game's number in the input, from 0.
    pub fn game(&self) -> u64 {
        self.inner.game
    }

    /// Where the game starts (its first byte after the whitespace before
    /// it).
    pub fn game_location(&self) -> Location {
        self.inner.game_location
    }

    /// For a move, its ply, from 1, counted along its line of play from the
    /// game's start position (a variation's moves count on from the move
    /// they replace).
    pub fn ply(&self) -> Option<u32> {
        self.inner.ply
    }

    /// The token as written, when there is one (cut to 64 bytes).
    pub fn token(&self) -> Option<&str> {
        self.inner.token.as_deref()
    }

    /// More detail: the SAN error, the position a move was illegal in, the
    /// two results that differ, …
    pub fn detail(&self) -> Option<&str> {
        self.inner.detail.as_deref()
    }
}

impl PgnError {
    fn write_body(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(self.inner.kind.message())?;
        if let Some(token) = &self.inner.token {
            write!(out, " `{token}`")?;
        }
        if let Some(detail) = &self.inner.detail {
            write!(out, "{}{detail}", detail_separator(detail))?;
        }
        Ok(())
    }
}

/// `in <fen>` reads on after a space, everything else after a colon.
fn detail_separator(detail: &str) -> &'static str {
    if detail.starts_with("in ") { " " } else { ": " }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: game {}", self.inner.location, self.inner.game + 1)?;
        if let Some(ply) = self.inner.ply {
            write!(f, ", ply {ply}")?;
        }
        f.write_str(": ")?;
        self.write_body(f)
    }
}

impl core::error::Error for PgnError {}

impl Diagnostic for PgnError {
    fn kind_name(&self) -> &'static str {
        self.inner.kind.name()
    }

    /// The byte offset from the start of the input (saturated on 32-bit
    /// targets).
    fn offset(&self) -> usize {
        usize::try_from(self.inner.location.byte).unwrap_or(usize::MAX)
    }

    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        self.write_body(out)
    }
}
