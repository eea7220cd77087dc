//! `chessnote::pin` against the seed crate `sashite_pin` 1.1.0 itself: on every
//! byte string of up to three bytes (the whole space in which a token can be),
//! on arbitrary longer inputs, and on every identifier built from parts. Also
//! the chess mapping, over all 312 identifiers.

use chessnote::pin::{Identifier, Letter, ParseError, Side, State};
use chessnote::{Color, PieceKind};
use proptest::prelude::*;

/// The seed's error, as ours.
fn seed_error(err: sashite_pin::ParseError) -> ParseError {
    match err {
        sashite_pin::ParseError::Empty => ParseError::Empty,
        sashite_pin::ParseError::TooLong => ParseError::TooLong,
        sashite_pin::ParseError::InvalidLetter => ParseError::InvalidLetter,
        sashite_pin::ParseError::InvalidStateModifier => ParseError::InvalidStateModifier,
        sashite_pin::ParseError::InvalidTerminalMarker => ParseError::InvalidTerminalMarker,
        other => panic!("sashite-pin has a new error variant {other:?}"),
    }
}

fn seed_side(side: sashite_pin::Side) -> Side {
    match side {
        sashite_pin::Side::First => Side::First,
        sashite_pin::Side::Second => Side::Second,
    }
}

fn seed_state(state: sashite_pin::State) -> State {
    match state {
        sashite_pin::State::Diminished => State::Diminished,
        sashite_pin::State::Normal => State::Normal,
        sashite_pin::State::Enhanced => State::Enhanced,
    }
}

/// Parses `bytes` with both crates and checks they give the same result:
/// the same four attributes and text, or the same error and message.
/// Returns whether the input was accepted.
fn same_as_seed(bytes: &[u8]) -> bool {
    let ours = Identifier::try_from(bytes);
    assert_eq!(Identifier::from_ascii(bytes).ok(), ours.ok(), "{bytes:?}");
    let seed = sashite_pin::Identifier::try_from(bytes);
    match (ours, seed) {
        (Ok(ours), Ok(seed)) => {
            assert_eq!(
                ours.letter().as_ascii(),
                seed.letter().as_ascii(),
                "{bytes:?}"
            );
            assert_eq!(ours.side(), seed_side(seed.side()), "{bytes:?}");
            assert_eq!(ours.state(), seed_state(seed.state()), "{bytes:?}");
            assert_eq!(ours.is_terminal(), seed.is_terminal(), "{bytes:?}");
            assert_eq!(ours.encode().as_str(), seed.encode().as_str(), "{bytes:?}");
            assert_eq!(ours.encode().as_bytes(), bytes, "{bytes:?}");
            true
        }
        (Err(ours), Err(seed)) => {
            assert_eq!(ours, seed_error(seed), "{bytes:?}");
            false
        }
        (ours, seed) => panic!("{bytes:?}: chessnote {ours:?}, sashite-pin {seed:?}"),
    }
}

#[test]
fn every_byte_string_up_to_three_bytes_parses_as_in_sashite_pin() {
    let mut accepted = u32::from(same_as_seed(&[]));
    let mut buf = [0u8; 3];
    for a in 0..=u8::MAX {
        buf[0] = a;
        accepted += u32::from(same_as_seed(&buf[..1]));
        for b in 0..=u8::MAX {
            buf[1] = b;
            accepted += u32::from(same_as_seed(&buf[..2]));
            for c in 0..=u8::MAX {
                buf[2] = c;
                accepted += u32::from(same_as_seed(&buf));
            }
        }
    }
    assert_eq!(accepted, 312);
}

#[test]
fn every_error_message_is_the_seeds() {
    for (ours, seed) in [
        (ParseError::Empty, sashite_pin::ParseError::Empty),
        (ParseError::TooLong, sashite_pin::ParseError::TooLong),
        (
            ParseError::InvalidLetter,
            sashite_pin::ParseError::InvalidLetter,
        ),
        (
            ParseError::InvalidStateModifier,
            sashite_pin::ParseError::InvalidStateModifier,
        ),
        (
            ParseError::InvalidTerminalMarker,
            sashite_pin::ParseError::InvalidTerminalMarker,
        ),
    ] {
        assert_eq!(ours.to_string(), seed.to_string());
        assert_eq!(format!("{ours:?}"), format!("{seed:?}"));
        assert_eq!(format!("{ours:_^70.20}"), format!("{seed:_^70.20}"));
    }
}

#[test]
fn every_identifier_matches_the_seeds_text_order_and_debug() {
    let mut ours = Vec::new();
    let mut seed = Vec::new();
    for (letter, seed_letter) in Letter::ALL.into_iter().zip(sashite_pin::Letter::ALL) {
        assert_eq!(format!("{letter:?}"), format!("{seed_letter:?}"));
        for (side, seed_side) in [
            (Side::First, sashite_pin::Side::First),
            (Side::Second, sashite_pin::Side::Second),
        ] {
            for (state, seed_state) in [
                (State::Diminished, sashite_pin::State::Diminished),
                (State::Normal, sashite_pin::State::Normal),
                (State::Enhanced, sashite_pin::State::Enhanced),
            ] {
                for terminal in [false, true] {
                    let a = Identifier::new(letter, side, state, terminal);
                    let b =
                        sashite_pin::Identifier::new(seed_letter, seed_side, seed_state, terminal);
                    assert_eq!(a.to_string(), b.to_string());
                    assert_eq!(format!("{a:?}"), format!("{b:?}"));
                    assert_eq!(format!("{a:#?}"), format!("{b:#?}"));
                    assert_eq!(format!("{:?}", a.encode()), format!("{:?}", b.encode()));
                    for (x, y) in [
                        (a.flipped(), b.flipped()),
                        (a.enhanced(), b.enhanced()),
                        (a.diminished(), b.diminished()),
                        (a.normalized(), b.normalized()),
                        (a.with_terminal(!terminal), b.with_terminal(!terminal)),
                    ] {
                        assert_eq!(x.to_string(), y.to_string());
                    }
                    ours.push(a);
                    seed.push(b);
                }
            }
        }
    }
    // Both orders, identifier and text, agree pair by pair.
    for i in 0..ours.len() {
        for j in 0..ours.len() {
            assert_eq!(ours[i].cmp(&ours[j]), seed[i].cmp(&seed[j]));
            assert_eq!(
                ours[i].encode().cmp(&ours[j].encode()),
                seed[i].encode().cmp(&seed[j].encode())
            );
        }
    }
}

#[test]
fn every_char_converts_to_a_letter_as_in_sashite_pin() {
    for c in (0..=0x2FFFF_u32).filter_map(char::from_u32) {
        let ours = Letter::try_from_char(c).map(Letter::as_ascii);
        let seed = sashite_pin::Letter::try_from_char(c)
            .map(sashite_pin::Letter::as_ascii)
            .map_err(seed_error);
        assert_eq!(ours, seed, "{c:?}");
    }
    for byte in 0..=u8::MAX {
        let ours = Letter::from_ascii(byte).map(|(l, s)| (l.as_ascii(), s));
        let seed = sashite_pin::Letter::from_ascii(byte).map(|(l, s)| (l.as_ascii(), seed_side(s)));
        assert_eq!(ours, seed, "{byte:#04x}");
    }
}

proptest! {
    #[test]
    fn any_bytes_parse_as_in_sashite_pin(bytes in proptest::collection::vec(any::<u8>(), 0..12)) {
        same_as_seed(&bytes);
    }

    #[test]
    fn any_string_parses_as_in_sashite_pin(text in "[-+^A-Za-z0-9 é♔🨀]{0,6}") {
        let ours = Identifier::parse(&text);
        let seed = sashite_pin::Identifier::parse(&text);
        prop_assert_eq!(ours.map(|id| id.to_string()), seed.map(|id| id.to_string()).map_err(seed_error));
        same_as_seed(text.as_bytes());
    }
}

#[test]
fn the_chess_mapping_is_lossless_and_covers_exactly_twelve_tokens() {
    let mut tokens = Vec::new();
    for kind in PieceKind::ALL {
        for color in Color::ALL {
            let piece = kind.of(color);
            let id = Identifier::from_piece(piece);
            assert_eq!(id.to_piece(), Some(piece));
            assert_eq!(Identifier::from(piece), id);
            // The token is the FEN letter, plus `^` for a king.
            let mut expected = piece.char().to_string();
            if kind == PieceKind::King {
                expected.push('^');
            }
            assert_eq!(id.to_string(), expected);
            assert_eq!(id.side().color(), color);
            assert_eq!(Side::from(color), id.side());
            assert_eq!(Color::from(id.side()), color);
            tokens.push(id);
        }
    }
    // Every other identifier maps to no piece.
    let mut mapped = 0;
    for letter in Letter::ALL {
        for side in [Side::First, Side::Second] {
            for state in [State::Diminished, State::Normal, State::Enhanced] {
                for terminal in [false, true] {
                    let id = Identifier::new(letter, side, state, terminal);
                    match id.to_piece() {
                        Some(piece) => {
                            mapped += 1;
                            assert_eq!(Identifier::from_piece(piece), id);
                        }
                        None => assert!(!tokens.contains(&id), "{id}"),
                    }
                }
            }
        }
    }
    assert_eq!(mapped, 12);
    let text: Vec<String> = tokens.iter().map(ToString::to_string).collect();
    assert_eq!(text.join(" "), "P p N n B b R r Q q K^ k^");
}
