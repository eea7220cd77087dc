//! Faults injected at known places of real files: each is reported at its
//! line and column, and every other game reads as it did before.

use chessnote::pgn::{Game, PgnErrorKind, Reader};

use crate::common;
use crate::support::games_streamed;

/// The byte offset of the `n`th occurrence of `needle` in `data`.
fn nth(data: &[u8], needle: &[u8], n: usize) -> usize {
    data.windows(needle.len())
        .enumerate()
        .filter(|(_, w)| *w == needle)
        .nth(n)
        .unwrap_or_else(|| panic!("no occurrence {n} of {:?}", String::from_utf8_lossy(needle)))
        .0
}

/// Line and column (1-based, bytes) of `offset`, counted here.
fn line_column(data: &[u8], offset: usize) -> (u64, u64) {
    let before = &data[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    (line, (offset - start) as u64 + 1)
}

/// Replaces the bytes at `offset` by `with` (the same length, so that every
/// other game keeps its place), reads the file from memory and streamed,
/// and checks the one new error and the unchanged games.
fn inject(rel: &str, data: &[u8], offset: usize, with: &[u8], kind: PgnErrorKind, blamed: usize) {
    let clean: Vec<Game> = Reader::from_slice(data).games().collect();
    let mut faulty = data.to_vec();
    faulty[offset..offset + with.len()].copy_from_slice(with);
    for games in [
        Reader::from_slice(&faulty).games().collect::<Vec<_>>(),
        games_streamed(&faulty, Default::default(), 3),
    ] {
        assert_eq!(games.len(), clean.len(), "{rel}: every game is still read");
        let (line, column) = line_column(&faulty, blamed);
        let mut changed = 0;
        for (before, after) in clean.iter().zip(&games) {
            if before.errors == after.errors {
                assert_eq!(before, after, "{rel}: game {} changed", before.index + 1);
                continue;
            }
            changed += 1;
            let new: Vec<_> = after
                .errors
                .iter()
                .filter(|e| !before.errors.contains(e))
                .collect();
            assert_eq!(new.len(), 1, "{rel}: {new:?}");
            let error = new[0];
            assert_eq!(error.kind(), kind, "{rel}: {error}");
            assert_eq!(
                (error.location().line, error.location().column),
                (line, column),
                "{rel}: {error}"
            );
            assert_eq!(error.location().byte, blamed as u64, "{rel}: {error}");
        }
        assert_eq!(changed, 1, "{rel}: one game has the new error");
    }
}

fn file(rel: &str) -> Option<Vec<u8>> {
    common::read_data(&format!("data/pgn/{rel}"))
}

#[test]
fn a_bad_move_is_reported_at_its_token() {
    let rel = "medium/twic0920.pgn";
    let Some(data) = file(rel) else { return };
    let at = nth(&data, b" Nf3 ", 700) + 1;
    inject(rel, &data, at, b"Nf9", PgnErrorKind::InvalidSan, at);
}

#[test]
fn an_illegal_move_is_reported_at_its_token() {
    let rel = "medium/twic0920.pgn";
    let Some(data) = file(rel) else { return };
    // `1. e4 e5` becomes `1. e4 e6`... unless that is legal: `1. e5` is not.
    let at = nth(&data, b"1. e4 ", 300) + 3;
    inject(rel, &data, at, b"e5", PgnErrorKind::IllegalMove, at);
}

#[test]
fn an_unterminated_comment_ends_before_the_next_game() {
    let rel = "medium/lichess_db_1000k.pgn";
    let Some(data) = file(rel) else { return };
    // The last comment of a game loses its `}`: it runs to the next
    // `[Event ` line, which starts the next game as before.
    let result = nth(&data, b"\n\n[Event ", 200);
    let close = data[..result].iter().rposition(|&b| b == b'}').unwrap();
    let open = data[..close].iter().rposition(|&b| b == b'{').unwrap();
    inject(
        rel,
        &data,
        close,
        b" ",
        PgnErrorKind::UnterminatedComment,
        open,
    );
}

#[test]
fn a_stray_byte_is_reported_and_skipped() {
    let rel = "medium/lichess_db_1000k.pgn";
    let Some(data) = file(rel) else { return };
    // `} 12... Nf6`: the space becomes a control byte, glued to the move
    // number, which is reported and skipped; the moves are all read.
    let at = nth(&data, b"} 12... ", 40) + 1;
    inject(rel, &data, at, b"\x01", PgnErrorKind::UnexpectedToken, at);
}

#[test]
fn a_bad_tag_is_reported_at_its_bracket() {
    let rel = "medium/twic1599_1000k.pgn";
    let Some(data) = file(rel) else { return };
    // `[Site "…"]` loses its closing quote.
    let tag = nth(&data, b"\n[Site \"", 500) + 1;
    let quote = tag + 7 + data[tag + 7..].iter().position(|&b| b == b'"').unwrap();
    inject(rel, &data, quote, b" ", PgnErrorKind::UnterminatedTag, tag);
}

#[test]
fn a_game_with_an_error_does_not_lose_the_next_ones() {
    // A million games would make the same point more slowly: ten thousand
    // games, one bad, give ten thousand games and one error.
    let mut pgn = Vec::new();
    for i in 0..10_000 {
        let bad = if i == 5_000 { "Qh9" } else { "Nf3" };
        pgn.extend_from_slice(format!("[Event \"{i}\"]\n\n1. e4 e5 2. {bad} Nc6 *\n\n").as_bytes());
    }
    let games: Vec<Game> = Reader::from_slice(&pgn).games().collect();
    assert_eq!(games.len(), 10_000);
    let errors: Vec<_> = games.iter().flat_map(|g| &g.errors).collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].game(), 5_000);
    assert_eq!(errors[0].ply(), Some(3));
    assert_eq!(games[5_001].tag("Event"), Some("5001"));
}
