//! Fuzz `chessnote::pin`: every input is parsed through every entry point.
//! They must agree, must not panic, accept only one-to-three-byte ASCII
//! tokens, and an accepted token must re-encode to the input byte for byte
//! and map back and forth through the chess mapping consistently. The
//! careful parser (`from_ascii`) accepts the same tokens, and its error
//! blames a byte inside the first four (or the end).
#![no_main]

use chessnote::pin::{Identifier, ParseError};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let from_bytes = Identifier::try_from(data);
    assert_eq!(Identifier::parse_ascii(data), from_bytes);
    match Identifier::from_ascii(data) {
        Ok(id) => assert_eq!(Ok(id), from_bytes),
        Err(err) => {
            assert!(from_bytes.is_err());
            assert!(err.offset() <= data.len().min(3));
            assert!(
                err.to_string()
                    .ends_with(&format!(" at byte {}", err.offset()))
            );
        }
    }

    if let Ok(text) = std::str::from_utf8(data) {
        assert_eq!(Identifier::parse(text), from_bytes);
        assert_eq!(text.parse::<Identifier>(), from_bytes);
        assert_eq!(Identifier::try_from(text), from_bytes);
        assert_eq!(Identifier::is_valid(text), from_bytes.is_ok());
    }

    match from_bytes {
        Ok(id) => {
            assert!((1..=3).contains(&data.len()) && data.is_ascii());
            let encoded = id.encode();
            assert_eq!(encoded.as_bytes(), data);
            assert_eq!(id.to_string().as_bytes(), data);
            assert_eq!(Identifier::parse(encoded.as_str()), Ok(id));
            assert_eq!(
                Identifier::new(id.letter(), id.side(), id.state(), id.is_terminal()),
                id
            );
            assert_eq!(id.flipped().flipped(), id);
            if let Some(piece) = id.to_piece() {
                assert_eq!(Identifier::from_piece(piece), id);
            }
        }
        Err(err) => {
            assert_eq!(err == ParseError::Empty, data.is_empty());
            assert_eq!(err == ParseError::TooLong, data.len() > 3);
            assert!(err.offset(data.len()) <= data.len());
            assert!(!err.to_string().is_empty());
        }
    }
});
