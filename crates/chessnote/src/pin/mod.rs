//! PIN, Piece Identifier Notation (v1.0.0): a drop-in for the `sashite-pin`
//! 1.1.0 crate.
//!
//! A PIN token names a piece in one to three ASCII bytes,
//! `[<state-modifier>]<abbr>[<terminal-marker>]`, that is, the anchored
//! regular expression `^[+-]?[A-Za-z]\^?$`. It has exactly four attributes:
//!
//! | part of the token | attribute | values |
//! |---|---|---|
//! | case of the letter | [`Side`] | uppercase: `First`, lowercase: `Second` |
//! | the letter | [`Letter`] | the abbreviation of a piece name, `A`–`Z` |
//! | prefix `+` / `-` | [`State`] | `Enhanced` / `Diminished`, else `Normal` |
//! | suffix `^` | terminal flag | present: a terminal piece |
//!
//! PIN fixes the spelling only; what the attributes mean is up to the rule
//! system. There are 312 tokens, and each is one [`Identifier`].
//!
//! ## Example
//!
//! ```
//! # fn main() -> Result<(), chessnote::pin::ParseError> {
//! use chessnote::pin::{Identifier, Side, State};
//!
//! let king: Identifier = "+K^".parse()?;
//! assert_eq!(king.letter().as_char(), 'K');
//! assert_eq!(king.side(), Side::First);
//! assert_eq!(king.state(), State::Enhanced);
//! assert!(king.is_terminal());
//!
//! // Round-trips back to its canonical, zero-allocation string form.
//! assert_eq!(king.encode().as_str(), "+K^");
//!
//! // Cheap, infallible transformations (the type is `Copy`).
//! assert_eq!(king.flipped().encode().as_str(), "+k^");
//!
//! // Formatting behaves like any other string-like type.
//! assert_eq!(king.to_string(), "+K^");
//! assert_eq!(format!("{king:>6}"), "   +K^");
//! # Ok(())
//! # }
//! ```
//!
//! ## Errors
//!
//! Two errors, for two audiences. [`Identifier::from_ascii`] returns a
//! [`PinError`], the shape every chessnote notation shares: what was
//! expected ([`PinErrorKind`], with a stable name and a message) at which
//! byte. The seed's entry points ([`Identifier::parse`], `FromStr`,
//! `TryFrom`) keep returning the seed's [`ParseError`], whose variant is
//! picked by the input's length (see its table); the two always agree on
//! whether an input is a token.
//!
//! ```
//! use chessnote::pin::{Identifier, ParseError, PinErrorKind};
//!
//! let err = Identifier::from_ascii(b"K^x").unwrap_err();
//! assert_eq!(err.kind(), PinErrorKind::ExpectedEnd);
//! assert_eq!(
//!     err.to_string(),
//!     "expected the end of the PIN token after the terminal marker `^` at byte 2"
//! );
//! assert_eq!(Identifier::parse("K^x"), Err(ParseError::InvalidStateModifier));
//! ```
//!
//! ## Chess pieces
//!
//! A chess [`Piece`](crate::Piece) is written as its FEN letter, with
//! [`Side::First`] for White and [`Side::Second`] for Black, in
//! [`State::Normal`], and with the terminal marker `^` on kings only: `P N B R
//! Q K^` and `p n b r q k^`. [`Identifier::from_piece`] makes these twelve
//! tokens and [`Identifier::to_piece`] reads back exactly these twelve, so
//! the mapping is lossless both ways. The king carries `^` because PIN's
//! terminal piece is the one whose loss ends the game, which in chess is the
//! king (the PIN examples write the chess king `K^`). The states `+` and `-`
//! have no chess meaning in chessnote's core types (a [`Piece`](crate::Piece)
//! has no state), so a token with one is not read as a piece; rule systems
//! built on top may give them meanings such as "may still castle" or "may be
//! taken en passant", as the PIN examples do.
//!
//! ```
//! use chessnote::{Color, Piece, PieceKind};
//! use chessnote::pin::Identifier;
//!
//! for kind in PieceKind::ALL {
//!     for color in Color::ALL {
//!         let piece = kind.of(color);
//!         let token = Identifier::from_piece(piece);
//!         assert_eq!(token.to_piece(), Some(piece));
//!     }
//! }
//! assert_eq!(Identifier::from(PieceKind::King.of(Color::White)).to_string(), "K^");
//! ```
//!
//! ## Guarantees
//!
//! - `no_std` and allocation-free: an [`Identifier`] is a 4-byte `Copy`
//!   value and an [`EncodedPin`] keeps its text inline.
//! - No `unsafe` (the crate forbids it) and no panic on any input: inputs
//!   longer than three bytes are rejected before a byte is read.
//! - `const` throughout: parsing, validation, construction, the accessors,
//!   the transformations, [`Identifier::encode`], [`EncodedPin::as_str`] and
//!   [`Identifier::as_str`] (the token text as a `&'static str`, sliced from
//!   a table of all 312 tokens laid out at compile time).
//! - The chess mapping and everything else beyond sashite-pin 1.1.0 are
//!   additions; nothing of its API or behaviour is changed.
//! - [`Identifier`], [`EncodedPin`] and [`ParseError`] format like `str`:
//!   width, fill, alignment and precision are honoured.
//! - With the `serde` feature, an [`Identifier`] (de)serialises as its token
//!   string, still without `std`.

mod chess;
mod encoded;
mod error;
mod identifier;
mod letter;
mod parse;
#[cfg(feature = "serde")]
mod serde_impl;
mod side;
mod state;
mod text;

pub use encoded::EncodedPin;
pub use error::{ParseError, PinError, PinErrorKind};
pub use identifier::Identifier;
pub use letter::Letter;
pub use side::Side;
pub use state::State;

/// The length of the longest PIN token, `+K^`: the size of the buffer
/// [`Identifier::write_ascii`] writes into.
///
/// ```
/// use chessnote::pin::{Identifier, MAX_LEN};
/// assert_eq!(Identifier::parse("-q^")?.write_ascii(&mut [0; MAX_LEN]).len(), MAX_LEN);
/// # Ok::<(), chessnote::pin::ParseError>(())
/// ```
pub const MAX_LEN: usize = 3;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_identifier_is_four_bytes() {
        assert_eq!(size_of::<Identifier>(), 4);
        assert_eq!(size_of::<Option<Identifier>>(), 4);
        assert_eq!(size_of::<EncodedPin>(), 4);
    }

    #[test]
    fn the_static_text_of_every_identifier_is_its_encoding() {
        for letter in Letter::ALL {
            for side in [Side::First, Side::Second] {
                for state in [State::Diminished, State::Normal, State::Enhanced] {
                    for terminal in [false, true] {
                        let id = Identifier::new(letter, side, state, terminal);
                        assert_eq!(id.as_str(), id.encode().as_str());
                    }
                }
            }
        }
    }

    #[test]
    fn the_parser_accepts_exactly_the_312_tokens() {
        let mut accepted = 0;
        let mut buf = [0u8; 3];
        assert_eq!(Identifier::parse_ascii(&[]), Err(ParseError::Empty));
        for a in 0..=255u8 {
            buf[0] = a;
            accepted += u32::from(Identifier::parse_ascii(&buf[..1]).is_ok());
            for b in 0..=255u8 {
                buf[1] = b;
                accepted += u32::from(Identifier::parse_ascii(&buf[..2]).is_ok());
                for c in 0..=255u8 {
                    buf[2] = c;
                    if let Ok(id) = Identifier::parse_ascii(&buf) {
                        accepted += 1;
                        assert_eq!(id.encode().as_bytes(), &buf);
                    }
                }
            }
        }
        assert_eq!(accepted, 312);
    }

    /// The careful parser accepts what the fast one does, and on every
    /// rejected input its error blames a byte that does not fit there (or
    /// the end) and gives the seed's error through the input's length.
    fn careful_agrees(bytes: &[u8]) {
        let careful = parse::careful(bytes);
        assert_eq!(careful.ok(), parse::fast(bytes), "{bytes:?}");
        assert_eq!(Identifier::from_ascii(bytes), careful, "{bytes:?}");
        match careful {
            Ok(id) => assert_eq!(Identifier::parse_ascii(bytes), Ok(id)),
            Err(err) => {
                let at = err.offset();
                assert!(at <= bytes.len().min(3), "{bytes:?}");
                // Every byte before the offset is part of a token's prefix.
                assert!(parse::careful(&bytes[..at]).is_ok() || at <= 1, "{bytes:?}");
                let fits = match (err.kind(), bytes.get(at)) {
                    (PinErrorKind::Empty, _) => bytes.is_empty(),
                    (_, None) => err.kind() == PinErrorKind::ExpectedLetter,
                    (PinErrorKind::ExpectedModifierOrLetter, Some(&b)) => {
                        !(b == b'+' || b == b'-' || b.is_ascii_alphabetic())
                    }
                    (PinErrorKind::ExpectedLetter, Some(b)) => !b.is_ascii_alphabetic(),
                    (PinErrorKind::ExpectedMarkerOrEnd, Some(&b)) => b != b'^',
                    (PinErrorKind::ExpectedEnd, Some(_)) => true,
                };
                assert!(fits, "{bytes:?}: {err:?}");
                let expected = if bytes.len() > 3 {
                    ParseError::TooLong
                } else {
                    ParseError::from_pin(err, bytes.len())
                };
                assert_eq!(Identifier::parse_ascii(bytes), Err(expected), "{bytes:?}");
            }
        }
    }

    #[test]
    fn the_careful_parser_agrees_on_every_input_of_up_to_three_bytes() {
        careful_agrees(&[]);
        let mut buf = [0u8; 3];
        // Every byte value that matters to PIN, and a few that do not.
        let bytes = [
            b'+', b'-', b'^', b'K', b'k', b'z', b'@', b'[', b'`', b'{', b'1', 0, 0xC3, 0xFF,
        ];
        for a in 0..=255u8 {
            buf[0] = a;
            careful_agrees(&buf[..1]);
            for b in 0..=255u8 {
                buf[1] = b;
                careful_agrees(&buf[..2]);
                for c in bytes {
                    buf[2] = c;
                    careful_agrees(&buf);
                }
            }
        }
        for long in [&b"+K^^"[..], b"KKKK", b"1234", b"K^xx", b"-", b"+", b"++++"] {
            careful_agrees(long);
        }
    }

    #[test]
    fn error_offsets_point_at_a_wrong_byte() {
        for input in ["K+", "+KK", "KKK", "+1", "1", "^K", "é", "++^"] {
            let err = Identifier::parse(input).unwrap_err();
            let at = err.offset(input.len());
            assert!(at < input.len(), "{input:?}");
            let byte = input.as_bytes()[at];
            let ok_here = match err {
                ParseError::InvalidLetter => byte.is_ascii_alphabetic(),
                ParseError::InvalidStateModifier => byte == b'+' || byte == b'-',
                ParseError::InvalidTerminalMarker => byte == b'^',
                _ => unreachable!(),
            };
            assert!(!ok_here, "{input:?}");
        }
    }
}
