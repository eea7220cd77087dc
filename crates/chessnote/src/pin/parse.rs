//! The byte-level PIN parser: the only code that reads untrusted input.
//!
//! The accepting path is one slice-pattern `match`: the four token shapes are
//! four arms, each checked in one go. Every rejected input falls through to
//! [`reject`], which works out which [`ParseError`] the input earns. (Keeping
//! `reject` out of line, as a cold function, made rejection twice as slow as
//! sashite-pin's in the benchmark, so it is inlined.) Slice patterns test the length first, so an input of four or
//! more bytes matches no arm and is rejected without a byte being read. There
//! is no indexing and no arithmetic that could overflow, hence no panic.

use super::letter::is_ascii_letter;
use super::{Identifier, Letter, ParseError, State};

/// Parses the bytes of a PIN token.
#[inline]
pub(super) const fn parse_bytes(bytes: &[u8]) -> Result<Identifier, ParseError> {
    match *bytes {
        [abbr] if is_ascii_letter(abbr) => Ok(build(State::Normal, abbr, false)),
        [abbr, b'^'] if is_ascii_letter(abbr) => Ok(build(State::Normal, abbr, true)),
        [modifier @ (b'+' | b'-'), abbr] if is_ascii_letter(abbr) => {
            Ok(build(state_of(modifier), abbr, false))
        }
        [modifier @ (b'+' | b'-'), abbr, b'^'] if is_ascii_letter(abbr) => {
            Ok(build(state_of(modifier), abbr, true))
        }
        _ => Err(reject(bytes)),
    }
}

/// The identifier of a token whose letter byte is `abbr` (an ASCII letter).
#[inline(always)]
const fn build(state: State, abbr: u8, terminal: bool) -> Identifier {
    let (letter, side) = Letter::split_cased(abbr);
    Identifier::new(letter, side, state, terminal)
}

/// The state of a modifier byte, `+` or `-`.
#[inline(always)]
const fn state_of(modifier: u8) -> State {
    if modifier == b'+' {
        State::Enhanced
    } else {
        State::Diminished
    }
}

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
