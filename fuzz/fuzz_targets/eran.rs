#![no_main]
//! Parses arbitrary bytes as ERAN; an accepted move prints in both styles
//! and parses back to the same value, and an error points inside the input
//! or just past it.

use chessnote::eran::{Eran, MAX_LEN, Style};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    match Eran::from_ascii(data) {
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
