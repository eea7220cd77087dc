#![no_main]

//! The `--where` language (`pgn::filter`) on arbitrary text: parsing never
//! panics and reports a byte inside the expression; a parsed filter prints
//! as text that parses back to the same filter, and evaluates on any tags.

use chessnote::pgn::filter::{Filter, TagsAndPlies};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Filter::parse(text) {
        Err(err) => assert!(err.offset() <= text.len(), "{err}"),
        Ok(filter) => {
            let printed = filter.to_string();
            let again = Filter::parse(&printed).expect("a printed filter parses");
            assert_eq!(again, filter, "{printed}");
            let tags: Vec<(String, String)> = [
                ("WhiteElo", "2100"),
                ("BlackElo", "?"),
                ("Event", "Rated Blitz game"),
                ("TimeControl", "300+3"),
                ("Date", "2025.05.??"),
                ("Result", "1-0"),
            ]
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
            let game = TagsAndPlies {
                tags: &tags,
                plies: 42,
            };
            assert_eq!(filter.matches(&game), again.matches(&game));
        }
    }
});
