//! Stand-ins for library API that other issue-11 branches add: delete this
//! file once they are merged.
//!
//! - `pin::PinError` implements [`Diagnostic`] (then `cmd/pin.rs` passes
//!   `&err` and uses its names); until then [`Pin`] wraps the seed's
//!   `ParseError`.
//! - `position::MoveError` implements [`Diagnostic`] (then `cmd/convert.rs`
//!   passes `&err`); until then [`Moved`] wraps it.
//! - PIN `Side` and `State` get lowercase names (`first`, `enhanced`).

use std::fmt;

use chessnote::Diagnostic;
use chessnote::pin::{ParseError, Side, State};
use chessnote::position::{MoveError, MoveErrorKind};

/// A PIN error with the offset it needs the input's length for.
#[derive(Debug)]
pub struct Pin {
    /// The seed's error.
    pub error: ParseError,
    /// The length of the token.
    pub len: usize,
}

impl fmt::Display for Pin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.error, self.offset())
    }
}

impl Diagnostic for Pin {
    fn kind_name(&self) -> &'static str {
        match self.error {
            ParseError::Empty => "empty",
            ParseError::TooLong => "too-long",
            ParseError::InvalidLetter => "invalid-letter",
            ParseError::InvalidStateModifier => "invalid-state-modifier",
            ParseError::InvalidTerminalMarker => "invalid-terminal-marker",
            _ => "invalid-pin",
        }
    }
    fn offset(&self) -> usize {
        self.error.offset(self.len)
    }
    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", self.error)
    }
}

/// A move error as a diagnostic.
#[derive(Debug)]
pub struct Moved(pub MoveError);

impl fmt::Display for Moved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Diagnostic for Moved {
    fn kind_name(&self) -> &'static str {
        match self.0.kind() {
            MoveErrorKind::Syntax { .. } => "syntax",
            MoveErrorKind::Illegal => "illegal",
            MoveErrorKind::Ambiguous => "ambiguous",
            MoveErrorKind::NeedsLeniency(_) => "needs-leniency",
            MoveErrorKind::Misstated(_) => "misstated",
            MoveErrorKind::Null => "null",
            _ => "move",
        }
    }
    fn offset(&self) -> usize {
        match self.0.kind() {
            MoveErrorKind::Syntax { offset, .. } => offset,
            _ => 0,
        }
    }
    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}", self.0)
    }
}

/// The name of a PIN side.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

/// The name of a PIN state.
pub fn state_name(state: State) -> &'static str {
    match state {
        State::Normal => "normal",
        State::Enhanced => "enhanced",
        State::Diminished => "diminished",
    }
}
