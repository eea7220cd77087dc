//! The reader on every PGN file of the shared data: no panic, the same
//! games from memory and streamed, every error where its token is, the
//! large corpus replayed legally.

use std::collections::BTreeMap;

use chessnote::pgn::{Game, PgnErrorKind, Reader, decode_text};

use crate::common;
use crate::support::{
    games_chunked, games_guessed, games_in_memory, games_streamed, pgn_files, small_buffer,
};

#[test]
fn every_file_reads_the_same_from_memory_and_streamed() {
    let files = pgn_files();
    if common::require_shared() {
        assert!(files.len() > 200, "{} PGN files", files.len());
    }
    for (rel, data) in &files {
        if rel.starts_with("large/") {
            continue; // the ignored test below reads it, in release
        }
        let options = small_buffer();
        let in_memory = games_in_memory(data, options);
        for seed in [1, 7] {
            let streamed = games_streamed(data, options, seed);
            assert_eq!(
                in_memory.len(),
                streamed.len(),
                "{rel}: game count, seed {seed}"
            );
            for (a, b) in in_memory.iter().zip(&streamed) {
                assert_eq!(
                    a,
                    b,
                    "{rel}: game {} differs streamed (seed {seed})",
                    a.index + 1
                );
            }
        }
    }
}

#[test]
fn every_file_reads_the_same_cut_into_chunks() {
    let files = pgn_files();
    for (rel, data) in &files {
        if rel.starts_with("large/") {
            continue;
        }
        let options = chessnote::pgn::ReadOptions::DEFAULT;
        let whole = games_in_memory(data, options);
        // From a chunk a game to chunks larger than most files.
        for (target, seed) in [(1, 3), (3000, 5), (64 * 1024, 11)] {
            let chunked = games_chunked(data, options, target, seed);
            assert_eq!(
                whole.len(),
                chunked.len(),
                "{rel}: game count, chunks of {target}"
            );
            for (a, b) in whole.iter().zip(&chunked) {
                assert_eq!(
                    a,
                    b,
                    "{rel}: game {} differs in chunks of {target}",
                    a.index + 1
                );
            }
        }
    }
}

#[test]
fn every_file_reads_the_same_cut_at_guesses() {
    let files = pgn_files();
    let mut misses = 0;
    for (rel, data) in &files {
        if rel.starts_with("large/") {
            continue;
        }
        let options = chessnote::pgn::ReadOptions::DEFAULT;
        let whole = games_in_memory(data, options);
        for (target, seed, ahead) in [(1, 3, 1), (3000, 5, 3), (64 * 1024, 11, 2)] {
            let (guessed, missed) = games_guessed(data, options, target, seed, ahead);
            misses += missed;
            assert_eq!(
                whole.len(),
                guessed.len(),
                "{rel}: game count, chunks of {target}"
            );
            for (a, b) in whole.iter().zip(&guessed) {
                assert_eq!(
                    a,
                    b,
                    "{rel}: game {} differs in chunks of {target}",
                    a.index + 1
                );
            }
        }
    }
    // Some files have games that no `[Event` line starts.
    assert!(misses > 0);
}

/// The line `line` (1-based) of `data`, without its end.
fn line_of(data: &[u8], line: u64) -> &[u8] {
    data.split(|&b| b == b'\n')
        .nth((line - 1) as usize)
        .unwrap_or_default()
}

/// Every error of every file names a place that holds what it blames: the
/// token starts at the error's line and column, an unterminated comment at
/// its `{`, a FEN or variant problem at the game's first byte.
#[test]
fn every_error_is_where_its_token_is() {
    let mut checked = 0;
    for (rel, data) in pgn_files() {
        if rel.starts_with("large/") {
            continue;
        }
        for game in Reader::from_slice(&data).games_with(Game::builder().variations(true)) {
            for error in &game.errors {
                let at = error.location();
                let line = line_of(&data, at.line);
                let from = &line[(at.column - 1) as usize..];
                // The byte offset and the line and column agree.
                let line_start: usize = data
                    .split(|&b| b == b'\n')
                    .take((at.line - 1) as usize)
                    .map(|l| l.len() + 1)
                    .sum();
                assert_eq!(
                    at.byte as usize,
                    line_start + at.column as usize - 1,
                    "{rel}: {error}"
                );
                match (error.kind(), error.token()) {
                    (PgnErrorKind::InvalidFen | PgnErrorKind::UnsupportedVariant, _) => {
                        assert_eq!(at.byte, game.offset, "{rel}: {error}");
                    }
                    (PgnErrorKind::UnterminatedComment | PgnErrorKind::CommentTooLong, _) => {
                        assert_eq!(from.first(), Some(&b'{'), "{rel}: {error}");
                    }
                    (_, Some(token)) => {
                        let token = token.trim_end_matches('…');
                        let text = decode_text(from).0;
                        assert!(
                            text.starts_with(token),
                            "{rel}: {error}: the line there reads {text:?}"
                        );
                    }
                    (kind, None) => panic!("{rel}: {kind:?} without a token: {error}"),
                }
                checked += 1;
            }
        }
    }
    if common::require_shared() {
        assert!(checked > 1000, "only {checked} errors checked");
    }
}

/// Files the data README calls tricky give the errors a reader should
/// give, at the right line.
#[test]
fn tricky_files_give_the_expected_errors() {
    let files: BTreeMap<String, Vec<u8>> = pgn_files().into_iter().collect();
    if files.is_empty() {
        return;
    }
    let errors = |rel: &str| -> Vec<(String, u64, u64)> {
        let data = &files[rel];
        Reader::from_slice(data)
            .games()
            .flat_map(|g| g.errors)
            .map(|e| {
                (
                    e.kind().name().to_owned(),
                    e.location().line,
                    e.location().column,
                )
            })
            .collect()
    };
    let games = |rel: &str| Reader::from_slice(&files[rel]).games().collect::<Vec<_>>();
    // An unclosed quote: the tag is reported and read to the end of its line.
    assert_eq!(
        errors("small/scalachess-fixtures/unclosedQuote.pgn")[0],
        ("unterminated-tag".into(), 1, 1)
    );
    assert_eq!(
        games("small/scalachess-fixtures/unclosedQuote.pgn")[0].tag("Event"),
        Some("NII - Lille 2 / Tour Blanche Paris")
    );
    // `½-½` is not a result without the unicode-result leniency.
    assert_eq!(
        errors("small/scalachess-fixtures/unicodeResultDraw.pgn"),
        [("unexpected-token".into(), 3, 1)]
    );
    // Castling written with U+2011 (a non-breaking hyphen) is not SAN.
    assert!(
        errors("small/scalachess-fixtures/weirdDashes.pgn")
            .iter()
            .all(|(kind, _, _)| kind == "invalid-san")
    );
    // Nine games on nine lines, with no blank line between them; results
    // that differ from the Result tag are reported (python-chess reads
    // one game).
    let nobad = games("small/pgn-extract/infiles/test-nobadresults.pgn");
    assert_eq!(nobad.len(), 9);
    assert_eq!(
        errors("small/pgn-extract/infiles/test-nobadresults.pgn").len(),
        9
    );
    // 605 games of tags only, separated by blank lines (python-chess: 1).
    let fwwrc = games("small/scalachess/FWWRC.pgn");
    assert_eq!(fwwrc.len(), 605);
    assert!(
        fwwrc
            .iter()
            .all(|g| g.moves.is_empty() && g.errors.is_empty() && g.tag("Event").is_some())
    );
    // A BOM, then two games.
    let bom = games("small/python-chess/utf8-bom.pgn");
    assert!(
        bom.iter().all(|g| g.errors.is_empty()),
        "{:?}",
        bom[0].errors
    );
    // Latin-1 names, read as Latin-1 and said so.
    let latin1 = games("small/scid/res_gameLatin1.pgn");
    let utf8 = games("small/scid/res_gameUTF8.pgn");
    assert_eq!(latin1[0].encoding, chessnote::pgn::Encoding::Latin1);
    assert_eq!(utf8[0].encoding, chessnote::pgn::Encoding::Utf8);
    // Each character read is the byte written: the value between the
    // quotes of `[White "…"]` in the file.
    let raw = &files["small/scid/res_gameLatin1.pgn"];
    let start = raw.windows(8).position(|w| w == b"[White \"").unwrap() + 8;
    let len = raw[start..].iter().position(|&b| b == b'"').unwrap();
    let white: Vec<u8> = latin1[0]
        .tag("White")
        .unwrap()
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    assert_eq!(white, &raw[start..start + len]);
    assert!(raw[start..start + len].iter().any(|&b| b >= 0x80));
    // The `Z0` null move is read.
    let z0 = games("small/python-chess/anastasian-lewis.pgn");
    assert!(z0[0].errors.is_empty(), "{:?}", z0[0].errors);
    assert!(
        z0[0]
            .moves
            .iter()
            .any(|m| m.san.san == chessnote::san::San::Null)
    );
}

/// Every game of the large corpus (145,716 games, 11 million moves)
/// replays legally. Ignored in the test profile: `.ci/run` runs it in
/// release.
#[test]
#[ignore = "11 million moves: .ci/run runs it in release with --ignored"]
fn large_corpus_replays_legally() {
    let Some(data) = common::read_data("data/pgn/large/gnuchess-book_1.02.pgn.zst") else {
        return;
    };
    let mut games = 0;
    let mut moves = 0;
    let mut escapes = 0;
    for game in Reader::from_slice(&data).games() {
        // No error: `\'` in some Site tags, an escape PGN does not have, is
        // kept as written and reported as a warning (an error when strict).
        assert!(game.errors.is_empty(), "{}", game.errors[0]);
        for warning in &game.warnings {
            assert_eq!(warning.kind(), PgnErrorKind::UnknownEscape, "{warning}");
            assert!(warning.is_warning());
            escapes += 1;
        }
        assert!(
            game.moves.iter().all(|m| m.mv.is_some()),
            "game {}",
            game.index + 1
        );
        games += 1;
        moves += game.moves.len();
    }
    assert_eq!(games, 145_716);
    // Counted again by the independent movetext splitter of the test data.
    let text = String::from_utf8_lossy(&data);
    let split: usize = common::games(&text).iter().map(Vec::len).sum();
    assert_eq!(moves, split);
    // Tag lines with a backslash that does not escape `"` or `\`, counted
    // by hand.
    let has_bad_escape = |line: &[u8]| {
        let mut i = 0;
        while i < line.len() {
            if line[i] == b'\\' {
                if !matches!(line.get(i + 1), Some(b'"' | b'\\')) {
                    return true;
                }
                i += 1;
            }
            i += 1;
        }
        false
    };
    let bad_escapes = data
        .split(|&b| b == b'\n')
        .filter(|line| line.starts_with(b"[") && has_bad_escape(line))
        .count();
    assert_eq!(escapes, bad_escapes);
}

/// A sink that checks each move the replay plays: its SAN as the replay
/// writes it (`Ply::standard`, the SAN as read with the suffix the move
/// gives) is what `SanPlus::from_move` writes from the position before it,
/// and each warning names a leniency the move's spelling or position used.
#[derive(Default)]
struct CheckStandard {
    moves: u64,
    respelled: u64,
}

impl chessnote::pgn::GameSink for CheckStandard {
    type Output = ();

    fn ply(&mut self, state: &chessnote::pgn::ReplayState, ply: &chessnote::pgn::Ply<'_>) {
        let (Some(mv), true) = (ply.mv, ply.played) else {
            return;
        };
        // A variant's move is written from the variant's position.
        let written = match state.previous_variant_position() {
            Some(before) => before.san(mv),
            None => {
                let before = state.previous_position().expect("positions are kept");
                chessnote::san::SanPlus::from_move(before, mv)
            }
        };
        assert_eq!(
            ply.standard,
            Some(written),
            "{:?} at {:?}",
            ply.written,
            ply.token.location
        );
        self.moves += 1;
        if let chessnote::pgn::Written::San(san) = ply.written {
            self.respelled += u64::from(san.san != written.san);
        }
    }

    fn end_game(&mut self, _: &mut chessnote::pgn::ReplayState) {}
}

/// Issue 29: the SAN the replay gives each move, without writing it from
/// the position, is the SAN written from the position: every move of every
/// file (variations too), read by default and with every leniency.
#[test]
fn the_replays_san_is_the_san_written_from_the_position() {
    use chessnote::pgn::{ReadOptions, Replay, ReplayOptions, VariationMode};
    let files = pgn_files();
    let mut total = CheckStandard::default();
    for read in [ReadOptions::DEFAULT, ReadOptions::LENIENT] {
        for (name, data) in &files {
            if name.starts_with("large/") {
                continue;
            }
            let routing = ReplayOptions::new(read)
                .variations(VariationMode::Replay)
                .positions(true)
                .san(true);
            let mut replay = Replay::new(CheckStandard::default(), routing);
            let mut reader = Reader::from_slice_with(data, read);
            let Ok(()) = reader.visit_all_games(&mut replay);
            total.moves += replay.sink().moves;
            total.respelled += replay.sink().respelled;
        }
    }
    // Moves spelled otherwise (`Ng1-f3`, `Nge2` for `Ne2`) were respelled.
    assert!(
        total.moves > 1_000_000 && total.respelled > 100,
        "{} {}",
        total.moves,
        total.respelled
    );
}

/// Issue 34: every game of a Lichess variant in the shared files replays
/// by its variant's rules with no error, and goes through the writer and
/// back with the same moves in every line (and the same text written
/// again).
#[test]
fn every_variant_game_replays_and_round_trips() {
    use chessnote::Variant;
    use chessnote::pgn::{Reader, WriteOptions};
    let mut seen = std::collections::BTreeMap::<Variant, usize>::new();
    for (rel, data) in pgn_files() {
        for tree in Reader::from_slice(&data).game_trees() {
            let variant = tree.variant();
            if variant == Variant::Standard {
                continue;
            }
            *seen.entry(variant).or_default() += 1;
            let game = format!("{rel} game {}", tree.index + 1);
            assert!(tree.errors.is_empty(), "{game}: {:?}", tree.errors);
            assert!(!tree.is_empty(), "{game}: no move");
            let text = tree.to_pgn(&WriteOptions::STANDARD);
            let back = Reader::from_slice(text.as_bytes())
                .game_trees()
                .next()
                .expect("the written game");
            assert!(back.errors.is_empty(), "{game} written: {:?}", back.errors);
            assert_eq!(back.variant(), variant, "{game}");
            // The writer adds the roster's missing tags: compare the moves
            // of every line, and the text written again.
            let moves = |t: &chessnote::pgn::GameTree| {
                t.descendants(chessnote::pgn::GameTree::ROOT)
                    .map(|id| t[id].mv())
                    .collect::<Vec<_>>()
            };
            assert_eq!(moves(&back), moves(&tree), "{game}: moves changed:\n{text}");
            assert_eq!(back.to_pgn(&WriteOptions::STANDARD), text, "{game}");
        }
    }
    if !common::require_shared() && seen.is_empty() {
        return;
    }
    // The shared files hold games of these three.
    for variant in [Variant::Crazyhouse, Variant::Atomic, Variant::Antichess] {
        assert!(
            seen.get(&variant).copied().unwrap_or(0) >= 2,
            "{variant}: {seen:?}"
        );
    }
}
