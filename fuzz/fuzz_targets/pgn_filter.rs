#![no_main]

//! The `--where` language (`pgn::filter`) on arbitrary text: parsing never
//! panics and reports a byte inside the expression; a parsed filter prints
//! as text that parses back to the same filter, and evaluates on any tags
//! and on games replayed with it (its tests of positions watched); a game
//! its tags alone refuse never matches.

use chessnote::pgn::filter::{Filter, TagsAndPlies};
use chessnote::pgn::{Game, Reader};

/// Games that reach a mate, a stalemate, a bare-kings ending and a
/// repetition, with tags the expressions may read.
const GAMES: &[u8] = b"[WhiteElo \"2100\"]\n[Event \"Rated Blitz game\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[BlackElo \"?\"]\n[FEN \"7k/8/6Q1/7K/8/8/8/8 w - - 0 1\"]\n\n1. Kh6 1/2-1/2\n\n\
[FEN \"8/8/8/4k3/8/8/3qK3/8 w - - 0 1\"]\n\n1. Kxd2 Kd4 *\n\n\
1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 1/2-1/2\n";

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
            assert!(!(filter.refuses_by_tags(&game) && filter.matches(&game)));
            let builder = Game::builder().only(Some(filter.clone()));
            for game in Reader::from_slice(GAMES).games_with(builder) {
                let matches = filter.matches(&game);
                assert!(!(filter.refuses_by_tags(&game) && matches), "{printed}");
                let built = Reader::from_slice(GAMES)
                    .games_with(Game::builder().only(Some(again.clone())))
                    .nth(game.index as usize)
                    .unwrap();
                assert_eq!(again.matches(&built), matches, "{printed}");
            }
        }
    }
});
