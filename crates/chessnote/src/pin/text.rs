//! The text of all 312 tokens, laid out at compile time, so that an
//! identifier's text is a slice of a `'static` string rather than a buffer
//! to validate as UTF-8 each time.

use super::{EncodedPin, Identifier, Letter, Side, State};

/// Bytes given to each token in [`TEXT`]: the longest token's length.
const SLOT: usize = 3;

/// Every token in identifier order (letter, side, state, terminal), each
/// padded with spaces to [`SLOT`] bytes.
const TABLE: [u8; 312 * SLOT] = {
    let mut table = [b' '; 312 * SLOT];
    let sides = [Side::First, Side::Second];
    let states = [State::Diminished, State::Normal, State::Enhanced];
    let mut index = 0;
    while index < 312 {
        let id = Identifier::new(
            Letter::ALL[index / 12],
            sides[index / 6 % 2],
            states[index / 2 % 3],
            index % 2 == 1,
        );
        let encoded = EncodedPin::new(id);
        let bytes = encoded.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            table[index * SLOT + i] = bytes[i];
            i += 1;
        }
        index += 1;
    }
    table
};

/// [`TABLE`] as a string (it is ASCII; checked at compile time).
const TEXT: &str = match core::str::from_utf8(&TABLE) {
    Ok(text) => text,
    Err(_) => panic!("the token table is ASCII"),
};

/// The text of `id`, a slice of [`TEXT`].
#[inline]
pub(super) const fn token_text(id: Identifier) -> &'static str {
    let index = (id.letter().as_ascii().wrapping_sub(b'A') as usize) * 12
        + (id.side() as usize) * 6
        + (id.state() as usize) * 2
        + (id.is_terminal() as usize);
    let len = 1 + !id.is_normal() as usize + id.is_terminal() as usize;
    // Both splits succeed (the index is below 312, the text is ASCII); the
    // fallbacks stand in for `unsafe` code.
    let Some((_, rest)) = TEXT.split_at_checked(index * SLOT) else {
        return "";
    };
    match rest.split_at_checked(len) {
        Some((token, _)) => token,
        None => "",
    }
}
