//! chessnote's `san::Turn` against the seed crate itself
//! (chess-notation-parser 0.2.3, a dev-dependency), on every short string
//! over the SAN alphabet and on random strings: the same turns, the same
//! printed text, the same error messages — except where the seed crate
//! panics or accepts a source square equal to the destination (its BUG
//! rows), where we return an error.

use std::panic::{AssertUnwindSafe, catch_unwind};

use chess_notation_parser as seed;
use chessnote::san;
use proptest::prelude::*;

/// What the seed crate gives: its turn printed, its error, or a panic.
fn seed_outcome(input: &str) -> Result<Result<String, &'static str>, ()> {
    catch_unwind(AssertUnwindSafe(|| {
        seed::Turn::try_from(input).map(|t| t.to_string())
    }))
    .map_err(|_| ())
}

/// Checks one input; returns whether the seed crate accepted it.
fn check(input: &str) -> bool {
    let ours = san::Turn::try_from(input);
    let accepted = matches!(seed_outcome(input), Ok(Ok(_)));
    match seed_outcome(input) {
        // The seed crate panics (castling with `x`): we give an error.
        Err(()) => assert!(ours.is_err(), "{input:?}: seed panics, we gave {ours:?}"),
        Ok(Ok(printed)) => match ours {
            Ok(turn) => {
                assert_eq!(turn.to_string(), printed, "{input:?}");
                // Same structure too: compare through the seed's own Debug.
                let seed_turn = seed::Turn::try_from(input).unwrap();
                assert_eq!(format!("{turn:?}"), format!("{seed_turn:?}"), "{input:?}");
            }
            // The one thing the seed accepts that we reject: a source square
            // equal to the destination.
            Err(msg) => {
                let Ok(seed::Turn::Move(m)) = seed::Turn::try_from(input) else {
                    panic!("{input:?}: seed accepts, we say {msg}")
                };
                assert_eq!(
                    m.src,
                    Some(vec![m.dst]),
                    "{input:?}: seed accepts, we say {msg}"
                );
            }
        },
        Ok(Err(msg)) => assert_eq!(ours, Err(msg), "{input:?}"),
    }
    accepted
}

const ALPHABET: &[u8] = b"abdeh1278KQNPxO0-=+#!?";

#[test]
fn every_string_of_up_to_four_symbols_agrees_with_the_seed_crate() {
    std::panic::set_hook(Box::new(|_| {}));
    let mut buf = Vec::new();
    let mut count = 0usize;
    let mut accepted = 0usize;
    fn walk(buf: &mut Vec<u8>, depth: usize, count: &mut usize, accepted: &mut usize) {
        *accepted += usize::from(check(std::str::from_utf8(buf).unwrap()));
        *count += 1;
        if depth == 0 {
            return;
        }
        for &b in ALPHABET {
            buf.push(b);
            walk(buf, depth - 1, count, accepted);
            buf.pop();
        }
    }
    walk(&mut buf, 4, &mut count, &mut accepted);
    assert_eq!(count, (0..=4).map(|n| ALPHABET.len().pow(n)).sum::<usize>());
    // Not a vacuous walk: thousands of the strings are turns.
    assert!(accepted > 1500, "only {accepted} accepted");
}

fn san_like() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec!["", "", "K", "Q", "R", "B", "N", "P"]);
    let coord = prop::sample::select(vec![
        "", "a", "h", "1", "8", "e2", "d7", "f3", "e4", "e8", "d1",
    ]);
    let capture = prop::sample::select(vec!["", "x"]);
    let promo = prop::sample::select(vec!["", "", "=Q", "=N", "=K", "=P", "="]);
    let suffix = prop::sample::select(vec!["", "", "+", "#"]);
    let comment = prop::sample::select(vec!["", "", "!", "?", "!!", "??", "!?", "?!", "!!!", "\0"]);
    let castle = prop::sample::select(vec!["O-O", "0-0", "O-O-O", "0-0-0", "O-0", "O-O-"]);
    prop_oneof![
        (
            pieces,
            coord.clone(),
            capture,
            coord,
            promo,
            suffix.clone(),
            comment.clone()
        )
            .prop_map(|(p, a, x, b, q, s, c)| format!("{p}{a}{x}{b}{q}{s}{c}")),
        (castle, suffix, comment).prop_map(|(k, s, c)| format!("{k}{s}{c}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn san_shaped_strings_agree_with_the_seed_crate(input in san_like()) {
        std::panic::set_hook(Box::new(|_| {}));
        let _ = check(&input);
    }

    #[test]
    fn random_strings_agree_with_the_seed_crate(input in "[ -~]{0,9}") {
        std::panic::set_hook(Box::new(|_| {}));
        let _ = check(&input);
    }
}
