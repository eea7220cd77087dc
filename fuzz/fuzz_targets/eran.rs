#![no_main]
//! Parses arbitrary bytes as ERAN; an accepted move prints in both styles
//! and parses back to the same value, and an error points inside the input
//! or just past it. The fast path agrees with the rule-by-rule parser, and
//! the prefix parser with the whole-move parser: the input is a move
//! exactly when its prefix is all of it, the prefix alone is that move, and
//! an error is the same error.

use chessnote::eran::{Eran, MAX_LEN, Style};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    assert!(chessnote::eran::fast_path_agrees(data));
    let whole = Eran::from_ascii(data);
    match Eran::from_ascii_prefix(data) {
        Ok((eran, used)) => {
            assert!(0 < used && used <= data.len());
            assert_eq!(Eran::from_ascii(&data[..used]), Ok(eran));
            if used == data.len() {
                assert_eq!(whole, Ok(eran));
            } else {
                assert!(whole.is_err_and(|e| e.offset() >= used));
            }
        }
        Err(err) => assert_eq!(whole, Err(err)),
    }
    match whole {
        Ok(eran) => {
            let mut buf = [0; MAX_LEN];
            for style in [Style::Verbose, Style::Short] {
                let text = eran.display(style).write_ascii(&mut buf);
                assert_eq!(Eran::from_ascii(text.as_bytes()), Ok(eran), "{text}");
                assert_eq!(eran.display(style).to_string(), text);
            }
            // The input was a spelling of the move, up to ASCII case.
            assert!(data.is_ascii());
            assert!(data.len() <= MAX_LEN);
        }
        Err(err) => assert!(err.offset() <= data.len()),
    }
});
