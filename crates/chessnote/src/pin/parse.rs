//! The byte-level PIN parser: the only code that reads untrusted input.
//!
//! The accepting path first dispatches on the length (so an input of four or
//! more bytes is rejected without a byte being read), then checks the token
//! with as few branches as it can: whether the first byte is a modifier
//! decides where the letter is and how many bytes may follow it, and one test
//! at the end accepts or rejects. This is what keeps a run of mixed valid and
//! invalid tokens fast, where a branch per shape would be mispredicted. Every
//! rejected input then goes to [`reject`], which works out which
//! [`ParseError`] it earns, by the precedence sashite-pin documents. There is
//! no indexing and no arithmetic that could overflow, hence no panic.

use super::letter::is_ascii_letter;
use super::{Identifier, Letter, ParseError, State};

/// Parses the bytes of a PIN token.
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

/// The identifier of a token whose letter byte is `abbr` (an ASCII letter).
#[inline(always)]
const fn build(state: State, abbr: u8, terminal: bool) -> Identifier {
    let (letter, side) = Letter::split_cased(abbr);
    Identifier::new(letter, side, state, terminal)
}

/// Whether `byte` is a state modifier, `+` or `-`.
const fn is_modifier(byte: u8) -> bool {
    matches!(byte, b'+' | b'-')
}

/// The error for an input [`parse_bytes`] did not accept.
///
/// The length picks the shape the input must have; the first position of that
/// shape that does not fit names the error (see [`ParseError`]).
#[inline]
const fn reject(bytes: &[u8]) -> ParseError {
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
