#![no_main]

use chessnote::diagram::Rgba;
use chessnote::fen::{Epd, FenOptions, Setup, parse_fen_with};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    // The diagrams' colours (`#rrggbb[aa]`): an error within the input, and
    // a colour read prints as text that reads back to it.
    match Rgba::from_ascii(data) {
        Ok(color) => assert_eq!(color.to_string().parse::<Rgba>(), Ok(color)),
        Err(err) => assert!(err.offset() <= data.len()),
    }
    // The fast paths give what the careful parsers give.
    assert!(chessnote::fen::fast_path_agrees(data));
    for options in [FenOptions::STRICT, FenOptions::SEED, FenOptions::LENIENT] {
        // Accepted input prints as canonical FEN, which the same options read
        // back to the same setup, and which prints the same again.
        match Setup::from_ascii_with(data, options) {
            Ok(setup) => {
                let text = setup.to_string();
                let again =
                    Setup::from_ascii_with(text.as_bytes(), options).expect("canonical FEN parses");
                assert_eq!(again, setup);
                assert_eq!(again.to_string(), text);
            }
            Err(err) => assert!(err.offset() <= data.len()),
        }
        if let Ok(epd) = Epd::from_ascii_with(data, options) {
            let text = epd.to_string();
            let again =
                Epd::from_ascii_with(text.as_bytes(), options).expect("canonical EPD parses");
            assert_eq!(again, epd);
        }
        if let Ok(s) = std::str::from_utf8(data) {
            if let Ok(fen) = parse_fen_with(s, options) {
                let again = parse_fen_with(&fen.to_string(), FenOptions::LENIENT);
                if fen.comment.as_deref().is_none_or(|c| !c.contains('}'))
                    && [&fen.event, &fen.white, &fen.black]
                        .iter()
                        .all(|t| t.as_deref().is_none_or(|t| !t.contains('"')))
                {
                    assert_eq!(again.as_ref(), Ok(&fen));
                }
            }
        }
    }
});
