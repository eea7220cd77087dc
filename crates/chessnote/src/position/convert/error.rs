//! Why a written move is not a move of the position.

use alloc::boxed::Box;
use core::fmt;

use super::super::Position;
use crate::fen::Setup;
use crate::san::Leniency;

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
    /// The text is not valid notation; the message and byte offset say why.
    Syntax {
        /// What was wrong.
        message: &'static str,
        /// The byte where it was found.
        offset: usize,
    },
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
    kind: MoveErrorKind,
    // Boxed: errors are rare, and a small `Result` keeps the hot path fast.
    context: Box<Context>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Context {
    written: [u8; 24],
    written_len: u8,
    setup: Setup,
}

impl MoveError {
    #[cold]
    pub(super) fn new(kind: MoveErrorKind, written: &[u8], position: &Position) -> MoveError {
        let mut buf = [0; 24];
        let len = written.len().min(buf.len());
        buf[..len].copy_from_slice(&written[..len]);
        MoveError {
            kind,
            context: Box::new(Context {
                written: buf,
                written_len: len as u8,
                setup: position.to_setup(),
            }),
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// use chessnote::position::{MoveErrorKind, Position};
    /// let err = Position::new().parse_uci(b"e2e5").unwrap_err();
    /// assert_eq!(err.kind(), MoveErrorKind::Illegal);
    /// ```
    pub const fn kind(&self) -> MoveErrorKind {
        self.kind
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

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let written = core::str::from_utf8(self.written()).unwrap_or("(not UTF-8)");
        match self.kind {
            MoveErrorKind::Syntax { message, offset } => {
                write!(f, "invalid move `{written}`: {message} at byte {offset}")
            }
            MoveErrorKind::Illegal => write!(f, "illegal move `{written}` in {}", self.setup()),
            MoveErrorKind::Ambiguous => write!(f, "ambiguous move `{written}` in {}", self.setup()),
            MoveErrorKind::NeedsLeniency(leniency) => {
                write!(
                    f,
                    "`{written}` needs a leniency ({leniency}) in {}",
                    self.setup()
                )
            }
            MoveErrorKind::Misstated(what) => {
                write!(
                    f,
                    "`{written}` misstates a legal move ({what}) in {}",
                    self.setup()
                )
            }
            MoveErrorKind::Null => write!(f, "null move `{written}` in {}", self.setup()),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MoveError {}

/// A notation's syntax error, as a [`MoveError`].
#[cold]
pub(super) fn syntax(
    message: &'static str,
    offset: usize,
    text: &[u8],
    position: &Position,
) -> MoveError {
    MoveError::new(MoveErrorKind::Syntax { message, offset }, text, position)
}
