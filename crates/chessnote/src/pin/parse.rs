//! The byte-level PIN parser: the only code that reads untrusted input.
//!
//! The accepting path, [`parse_bytes`], first dispatches on the length (so
//! an input of four or more bytes is rejected without a byte being read),
//! then checks the token with as few branches as it can: whether the first
//! byte is a modifier decides where the letter is and how many bytes may
//! follow it, and one test at the end accepts or rejects. This is what
//! keeps a run of mixed valid and invalid tokens fast, where a branch per
//! shape would be mispredicted. A rejected input then goes, for the seed's
//! entry points, to [`reject`], which picks the seed's [`ParseError`]
//! straight from the input's length and bytes, by the precedence
//! sashite-pin documents; and, for [`Identifier::from_ascii`], to
//! [`careful`], which reads the token left to right and says what was
//! expected at which byte (a [`PinError`]). A unit test checks that the two
//! agree on every input of up to three bytes. There is no indexing and no
//! arithmetic that could overflow, hence no panic.

use super::letter::is_ascii_letter;
use super::{Identifier, Letter, ParseError, PinError, PinErrorKind, State};

/// Parses the bytes of a PIN token, with the seed's error: the accepting
/// path, and [`reject`] for everything else.
///
/// The rejections are written where they happen rather than behind an
/// `Option` of the token: measured, the `Option` costs about 10% on valid
/// tokens and the careful scan twice the time on invalid ones.
#[inline]
pub(super) const fn parse_bytes(bytes: &[u8]) -> Result<Identifier, ParseError> {
    // One to three bytes, padded with zeros (never part of a token).
    let [first, second, third] = match *bytes {
        [a] => [a, 0, 0],
        [a, b] => [a, b, 0],
        [a, b, c] => [a, b, c],
        _ => return Err(reject(bytes)),
    };
    // Where the letter is, and what follows it, depend only on whether the
    // token opens with a modifier; choosing them needs no branch.
    let state = if first == b'+' {
        State::Enhanced
    } else if first == b'-' {
        State::Diminished
    } else {
        State::Normal
    };
    let modified = !matches!(state, State::Normal);
    let (abbr, after) = if modified {
        (second, third)
    } else {
        (first, second)
    };
    // Bytes after the letter: 0 or 1 (`^`) in a token. Wraps to a huge value
    // for a lone modifier.
    let tail = bytes.len().wrapping_sub(1 + modified as usize);
    let terminal = after == b'^';
    if is_ascii_letter(abbr) && tail == terminal as usize {
        Ok(build(state, abbr, terminal))
    } else {
        Err(reject(bytes))
    }
}

/// Parses the bytes of a PIN token, with the error that says where: the
/// same accepting path as [`parse_bytes`], then [`careful`] for a rejected
/// input.
#[inline]
pub(super) const fn from_ascii(bytes: &[u8]) -> Result<Identifier, PinError> {
    match parse_bytes(bytes) {
        Ok(id) => Ok(id),
        Err(_) => careful(bytes),
    }
}

/// The token, if `bytes` is one: the accepting path alone.
#[cfg(test)]
pub(super) const fn fast(bytes: &[u8]) -> Option<Identifier> {
    match parse_bytes(bytes) {
        Ok(id) => Some(id),
        Err(_) => None,
    }
}

/// The identifier of a token whose letter byte is `abbr` (an ASCII letter).
#[inline(always)]
const fn build(state: State, abbr: u8, terminal: bool) -> Identifier {
    let (letter, side) = Letter::split_cased(abbr);
    Identifier::new(letter, side, state, terminal)
}

/// Whether `byte` is a state modifier, `+` or `-`.
#[inline(always)]
const fn is_modifier(byte: u8) -> bool {
    matches!(byte, b'+' | b'-')
}

/// The seed's error for an input [`fast`] did not accept.
///
/// The length picks the shape the input must have; the first position of
/// that shape that does not fit names the error (see [`ParseError`]). The
/// same as `ParseError::from_pin` of the [`careful`] error (a unit test
/// checks it), without the scan.
#[inline]
pub(super) const fn reject(bytes: &[u8]) -> ParseError {
    match *bytes {
        [] => ParseError::Empty,
        // `<abbr>`.
        [_] => ParseError::InvalidLetter,
        // `<abbr>^` when the first byte is a letter, so the marker is wrong.
        [first, _] if is_ascii_letter(first) => ParseError::InvalidTerminalMarker,
        // `<modifier><abbr>` when it starts with a modifier, so the letter is.
        [first, _] if is_modifier(first) => ParseError::InvalidLetter,
        [_, _] => ParseError::InvalidStateModifier,
        // `<modifier><abbr>^`, checked left to right.
        [first, _, _] if !is_modifier(first) => ParseError::InvalidStateModifier,
        [_, abbr, _] if !is_ascii_letter(abbr) => ParseError::InvalidLetter,
        [_, _, _] => ParseError::InvalidTerminalMarker,
        _ => ParseError::TooLong,
    }
}

/// The careful parser: the token read left to right,
/// `[<modifier>]<letter>[^]<end>`, and for a rejected input what was
/// expected at the first byte that does not fit. It reads at most four
/// bytes: a token is over by the fourth.
#[inline]
pub(super) const fn careful(bytes: &[u8]) -> Result<Identifier, PinError> {
    let (state, rest) = match bytes {
        [] => return Err(PinError::new(PinErrorKind::Empty, 0)),
        [b'+', rest @ ..] => (State::Enhanced, rest),
        [b'-', rest @ ..] => (State::Diminished, rest),
        _ => (State::Normal, bytes),
    };
    let (abbr, rest) = match rest {
        [abbr, rest @ ..] if is_ascii_letter(*abbr) => (*abbr, rest),
        _ if matches!(state, State::Normal) => {
            return Err(PinError::new(PinErrorKind::ExpectedModifierOrLetter, 0));
        }
        _ => return Err(PinError::new(PinErrorKind::ExpectedLetter, 1)),
    };
    let (terminal, rest) = match rest {
        [b'^', rest @ ..] => (true, rest),
        _ => (false, rest),
    };
    if rest.is_empty() {
        Ok(build(state, abbr, terminal))
    } else {
        let kind = if terminal {
            PinErrorKind::ExpectedEnd
        } else {
            PinErrorKind::ExpectedMarkerOrEnd
        };
        Err(PinError::new(kind, bytes.len() - rest.len()))
    }
}
