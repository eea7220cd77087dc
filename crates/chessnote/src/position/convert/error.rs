//! Why a written move is not a move of the position: the notation's own
//! syntax error, or what the position says about a well-formed move.

use alloc::boxed::Box;
use core::fmt;

use super::super::Position;
use crate::Diagnostic;
use crate::Move;
use crate::eran::EranError;
use crate::fen::Setup;
use crate::lan::LanError;
use crate::san::{Leniency, SanError};
use crate::uci::UciError;

/// A notation's syntax error, with its type kept: which notation, what was
/// wrong and where. Its [`Diagnostic`] names are the notation error's own.
///
/// ```
/// use chessnote::Diagnostic;
/// use chessnote::position::{MoveErrorKind, NotationError, Position};
///
/// let err = Position::new().parse_uci(b"e2e9").unwrap_err();
/// let MoveErrorKind::Syntax(NotationError::Uci(uci)) = err.kind() else { panic!() };
/// assert_eq!(uci.offset(), 3);
/// assert_eq!(err.kind_name(), uci.kind().name());
/// assert_eq!(Diagnostic::offset(&err), 3);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NotationError {
    /// Not SAN.
    San(SanError),
    /// Not LAN.
    Lan(LanError),
    /// Not UCI.
    Uci(UciError),
    /// Not ERAN.
    Eran(EranError),
}

impl NotationError {
    /// The notation's error, as a [`Diagnostic`].
    fn inner(&self) -> &dyn Diagnostic {
        match self {
            NotationError::San(e) => e,
            NotationError::Lan(e) => e,
            NotationError::Uci(e) => e,
            NotationError::Eran(e) => e,
        }
    }
}

macro_rules! from_notation_errors {
    ($($variant:ident($error:ty)),+) => {
        $(
            impl From<$error> for NotationError {
                #[inline]
                fn from(error: $error) -> NotationError {
                    NotationError::$variant(error)
                }
            }
        )+
    };
}
from_notation_errors!(San(SanError), Lan(LanError), Uci(UciError), Eran(EranError));

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner(), f)
    }
}

impl core::error::Error for NotationError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(match self {
            NotationError::San(e) => e,
            NotationError::Lan(e) => e,
            NotationError::Uci(e) => e,
            NotationError::Eran(e) => e,
        })
    }
}

impl Diagnostic for NotationError {
    fn kind_name(&self) -> &'static str {
        self.inner().kind_name()
    }

    fn offset(&self) -> usize {
        self.inner().offset()
    }

    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        self.inner().write_message(out)
    }
}

/// Why a written move is not a move of the position.
///
/// ```
/// use chessnote::position::{MoveErrorKind, Position};
/// use chessnote::san::SanOptions;
///
/// let err = Position::new().parse_san(b"Nf6", SanOptions::STRICT).unwrap_err();
/// assert_eq!(err.kind(), MoveErrorKind::Illegal);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// The text is not valid notation: the notation's own error says what
    /// and where.
    Syntax(NotationError),
    /// No legal move matches.
    Illegal,
    /// Several legal moves match.
    Ambiguous,
    /// It matches a legal move only with a leniency that was not allowed.
    NeedsLeniency(Leniency),
    /// It names a legal move but misstates it (a wrong capture mark or
    /// check suffix) in a notation that has no leniency for that (LAN, ERAN).
    Misstated(Leniency),
    /// The null move: legal only when not in check, and not a [`Move`].
    Null,
}

impl MoveErrorKind {
    /// A stable, lowercase, hyphenated name: `illegal-move` (as the PGN
    /// reader names the same problem), `ambiguous`,
    /// `needs-leniency`, `misstated`, `null-move`, and for a syntax error
    /// the notation error's own name (`expected-rank`, say).
    ///
    /// ```
    /// use chessnote::position::{MoveErrorKind, Position};
    /// assert_eq!(MoveErrorKind::Illegal.name(), "illegal-move");
    /// let err = Position::new().parse_uci(b"e2").unwrap_err();
    /// assert_eq!(err.kind().name(), chessnote::uci::Uci::from_ascii(b"e2").unwrap_err().kind().name());
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            MoveErrorKind::Syntax(error) => error.kind_name(),
            MoveErrorKind::Illegal => "illegal-move",
            MoveErrorKind::Ambiguous => "ambiguous",
            MoveErrorKind::NeedsLeniency(_) => "needs-leniency",
            MoveErrorKind::Misstated(_) => "misstated",
            MoveErrorKind::Null => "null-move",
        }
    }
}

/// A written move that is not a move of the position: what went wrong, what
/// was written, and the position (as FEN in the message).
///
/// ```
/// use chessnote::position::Position;
/// use chessnote::san::SanOptions;
///
/// let err = Position::new().parse_san(b"Nd2", SanOptions::STRICT).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "illegal move `Nd2` in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveError {
    // Boxed, kind included: errors are rare, and a one-word error keeps the
    // `Result` of the hot path small.
    context: Box<Context>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Context {
    kind: MoveErrorKind,
    written: [u8; WRITTEN_MAX],
    written_len: u8,
    setup: Setup,
}

/// How many bytes of the written move an error keeps.
const WRITTEN_MAX: usize = 24;

impl MoveError {
    #[cold]
    pub(in crate::position) fn new(
        kind: MoveErrorKind,
        written: &[u8],
        position: &Position,
    ) -> MoveError {
        let mut buf = [0; WRITTEN_MAX];
        let len = written.len().min(buf.len());
        buf[..len].copy_from_slice(&written[..len]);
        MoveError {
            context: Box::new(Context {
                kind,
                written: buf,
                written_len: len as u8,
                setup: position.to_setup(),
            }),
        }
    }

    /// The error for a parsed move (or a move) that is not one of the
    /// position: what is written is its text form.
    #[cold]
    pub(crate) fn of_value(
        kind: MoveErrorKind,
        value: &dyn fmt::Display,
        position: &Position,
    ) -> MoveError {
        let mut text = Truncated {
            buf: [0; WRITTEN_MAX],
            len: 0,
        };
        // `Truncated` never fails; it keeps the first WRITTEN_MAX bytes.
        let _ = fmt::write(&mut text, format_args!("{value}"));
        MoveError::new(kind, &text.buf[..text.len], position)
    }

    /// What went wrong.
    ///
    /// ```
    /// use chessnote::position::{MoveErrorKind, Position};
    /// let err = Position::new().parse_uci(b"e2e5").unwrap_err();
    /// assert_eq!(err.kind(), MoveErrorKind::Illegal);
    /// ```
    pub fn kind(&self) -> MoveErrorKind {
        self.context.kind
    }

    /// The written move (its first 24 bytes).
    ///
    /// ```
    /// use chessnote::position::Position;
    /// assert_eq!(Position::new().parse_uci(b"e2e5").unwrap_err().written(), b"e2e5");
    /// ```
    pub fn written(&self) -> &[u8] {
        &self.context.written[..self.context.written_len as usize]
    }

    /// The position the move was read in.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// let err = Position::new().parse_uci(b"e2e5").unwrap_err();
    /// assert_eq!(err.setup(), &chessnote::fen::Setup::STARTING);
    /// ```
    pub fn setup(&self) -> &Setup {
        &self.context.setup
    }
}

impl MoveError {
    /// The message, with the position's FEN where the position is why.
    fn write_text(&self, out: &mut dyn fmt::Write, with_offset: bool) -> fmt::Result {
        let written = core::str::from_utf8(self.written()).unwrap_or("(not UTF-8)");
        let setup = self.setup();
        match self.kind() {
            MoveErrorKind::Syntax(error) => {
                write!(out, "invalid move `{written}`: ")?;
                error.write_message(out)?;
                if with_offset {
                    write!(out, " at byte {}", error.offset())?;
                }
                Ok(())
            }
            MoveErrorKind::Illegal => write!(out, "illegal move `{written}` in {setup}"),
            MoveErrorKind::Ambiguous => write!(out, "ambiguous move `{written}` in {setup}"),
            MoveErrorKind::NeedsLeniency(leniency) => {
                write!(out, "`{written}` needs a leniency ({leniency}) in {setup}")
            }
            MoveErrorKind::Misstated(what) => {
                write!(
                    out,
                    "`{written}` misstates a legal move ({what}) in {setup}"
                )
            }
            MoveErrorKind::Null => write!(out, "null move `{written}` in {setup}"),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f, true)
    }
}

impl core::error::Error for MoveError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.context.kind {
            MoveErrorKind::Syntax(error) => Some(error),
            _ => None,
        }
    }
}

/// The kind's name ([`MoveErrorKind::name`]); the offset is the syntax
/// error's, and 0 for a well-formed move the position rejects.
///
/// ```
/// use chessnote::Diagnostic;
/// use chessnote::position::Position;
///
/// let err = Position::new().parse_lan(b"e2-e9").unwrap_err();
/// assert_eq!((Diagnostic::offset(&err), err.to_string().ends_with("at byte 4")), (4, true));
/// let err = Position::new().parse_lan(b"e2-e5").unwrap_err();
/// assert_eq!((err.kind_name(), Diagnostic::offset(&err)), ("illegal-move", 0));
/// assert_eq!(err.message(), err.to_string());
/// ```
impl Diagnostic for MoveError {
    fn kind_name(&self) -> &'static str {
        self.kind().name()
    }

    fn offset(&self) -> usize {
        match self.kind() {
            MoveErrorKind::Syntax(error) => error.offset(),
            _ => 0,
        }
    }

    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        self.write_text(out, false)
    }
}

impl Position {
    /// The move a notation's parser read from `text` names: its syntax
    /// error, or what `resolve` says, as a [`MoveError`] about `text`.
    #[inline]
    pub(super) fn read<T, E: Into<NotationError>>(
        &self,
        text: &[u8],
        parsed: Result<T, E>,
        resolve: impl FnOnce(&T) -> Result<Move, MoveErrorKind>,
    ) -> Result<Move, MoveError> {
        let parsed = parsed.map_err(|e| syntax(e, text, self))?;
        resolve(&parsed).map_err(|kind| MoveError::new(kind, text, self))
    }
}

/// A notation's syntax error, as a [`MoveError`].
#[cold]
pub(in crate::position) fn syntax(
    error: impl Into<NotationError>,
    text: &[u8],
    position: &Position,
) -> MoveError {
    MoveError::new(MoveErrorKind::Syntax(error.into()), text, position)
}

/// The first bytes of a text form (see [`MoveError::of_value`]).
struct Truncated {
    buf: [u8; WRITTEN_MAX],
    len: usize,
}

impl fmt::Write for Truncated {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let room = WRITTEN_MAX - self.len;
        let take = text.len().min(room);
        self.buf[self.len..self.len + take].copy_from_slice(&text.as_bytes()[..take]);
        self.len += take;
        Ok(())
    }
}
