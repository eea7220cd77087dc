//! Real SAN written by other programs (python-chess, Lichess, TWIC, STS)
//! parses strictly and prints back byte for byte.

use crate::common;

use chessnote::san::{SanPlus, Turn};

fn check_tokens<'a>(what: &str, tokens: impl Iterator<Item = &'a str>) -> usize {
    let mut n = 0;
    for token in tokens {
        let san = SanPlus::from_ascii(token.as_bytes())
            .unwrap_or_else(|e| panic!("{what}: {token:?}: {e}"));
        assert_eq!(san.to_string(), token, "{what}");
        // The façade reads it too, and prints it with zero castling.
        let turn =
            Turn::try_from(token).unwrap_or_else(|e| panic!("{what}: façade {token:?}: {e}"));
        assert_eq!(turn.to_string().replace('0', "O"), token, "{what}");
        n += 1;
    }
    n
}

#[test]
fn sts_san_moves_written_by_python_chess() {
    let Some(data) = common::read_data("data/san/sts-v6-san-uci-pairs.tsv") else {
        return;
    };
    let text = String::from_utf8(data).unwrap();
    let tokens = text
        .lines()
        .skip(1)
        .flat_map(|l| l.split('\t').nth(2).unwrap().split(' '));
    assert!(check_tokens("sts", tokens) > 11_000);
}

#[test]
fn lichess_opening_lines() {
    let Some(data) = common::read_data("data/openings/lichess-chess-openings-dist.tsv") else {
        return;
    };
    let text = String::from_utf8(data).unwrap();
    let tokens = text
        .lines()
        .skip(1)
        .flat_map(|l| l.split('\t').nth(2).unwrap().split(' '))
        .filter(|t| !t.ends_with('.'));
    assert!(check_tokens("openings", tokens) > 30_000);
}

#[test]
fn scalachess_real_games_in_canonical_san() {
    let Some(data) = common::read_data("data/san/scalachess-fixture-san-lines.tsv") else {
        return;
    };
    let text = String::from_utf8(data).unwrap();
    // The standard games that python-chess replays, minus rows written with
    // castling variants or square disambiguation on purpose.
    let tokens = text
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| f[2] == "standard" && f[4] == "yes" && f[0].starts_with("prod500"))
        .flat_map(|f| f[3].split(' ').map(str::to_string).collect::<Vec<_>>())
        .collect::<Vec<_>>();
    assert!(check_tokens("scalachess", tokens.iter().map(String::as_str)) > 10_000);
}

/// The prefix parser, given the rest of a real line of movetext, stops at the
/// end of each move: exactly where the space after it is.
#[test]
fn the_prefix_parser_stops_at_the_end_of_each_move_in_real_movetext() {
    use chessnote::san::SanOptions;
    let Some(data) = common::read_data("data/openings/lichess-chess-openings-dist.tsv") else {
        return;
    };
    let text = String::from_utf8(data).unwrap();
    let mut n = 0;
    for line in text.lines().skip(1) {
        let movetext = line.split('\t').nth(2).unwrap();
        let mut pos = 0;
        for token in movetext.split(' ') {
            if !token.ends_with('.') {
                let rest = &movetext.as_bytes()[pos..];
                let (san, used) = SanPlus::from_ascii_prefix(rest, SanOptions::STRICT)
                    .unwrap_or_else(|e| panic!("{movetext:?} at {pos}: {e}"));
                assert_eq!((used, san.to_string().as_str()), (token.len(), token));
                n += 1;
            }
            pos += token.len() + 1;
        }
    }
    assert!(n > 30_000);
}
