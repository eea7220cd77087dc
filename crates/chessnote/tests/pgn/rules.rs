//! The reading rules of `docs/pgn.md`, one small input each.

use chessnote::pgn::{
    CommentKind, GameResult, Nag, PgnErrorKind, PgnLeniency, ReadOptions, Reader,
};
use chessnote::san::San;

fn games(pgn: &str) -> Vec<chessnote::pgn::Game> {
    Reader::from_slice(pgn.as_bytes()).games().collect()
}

fn kinds(game: &chessnote::pgn::Game) -> Vec<PgnErrorKind> {
    game.errors.iter().map(|e| e.kind()).collect()
}

#[test]
fn where_games_end() {
    // A blank line inside the movetext does not end a game.
    assert_eq!(games("1. e4 e5\n\n2. Nf3 Nc6 *").len(), 1);
    // A move number that starts over after a blank line does.
    let two = games("1. e4 e5 2. Nf3\n\n1. d4 d5");
    assert_eq!(two.len(), 2);
    assert_eq!((two[0].moves.len(), two[1].moves.len()), (3, 2));
    // A result ends a game; the comments right after it are still its own.
    let g = games("1. e4 1-0 {White resigned? No, Black did.}\n1. d4 *");
    assert_eq!(g.len(), 2);
    assert_eq!(g[0].comments(1).len(), 1);
    // No blank line before the next tags.
    assert_eq!(
        games("[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *").len(),
        2
    );
    // Games of tags only: a blank line before `[Event ` ends one...
    assert_eq!(
        games("[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n").len(),
        2
    );
    // ... but not before another tag, even one whose name starts so.
    assert_eq!(
        games("[Event \"a\"]\n\n[EventDate \"2020.01.01\"]\n\n1. e4 *").len(),
        1
    );
    assert_eq!(
        games("[Event \"a\"]\n\n[Date \"2020.01.01\"]\n\n1. e4 *").len(),
        1
    );
}

#[test]
fn what_is_skipped_and_what_is_kept() {
    let pgn = "\u{feff}% an escape line\n[Event \"x\"]\n%another\n1. e4 ; a line comment\ne5 $14 !? 2. 0-0?? -- *";
    let g = &games(pgn)[0];
    assert_eq!(kinds(g), [PgnErrorKind::IllegalMove]); // 0-0 is not legal at move 2
    assert_eq!(g.tag("Event"), Some("x"));
    assert!(g.comments(1).eq([" a line comment"]));
    assert_eq!(g.nags(2), [Nag(14), Nag::SPECULATIVE_MOVE]);
    assert_eq!(
        g.moves[2].san.san,
        San::Castle(chessnote::CastlingSide::KingSide)
    );
    assert_eq!(g.nags(3), [Nag::BLUNDER]);
    assert_eq!(g.moves[3].san.san, San::Null);
    assert_eq!(g.result, Some(GameResult::Unknown));
}

/// A game with no result marker is read and reported where it ends: at
/// the end of the input (a file cut off), at the next game's tags, or
/// where its move numbers start over (games one after the other with no
/// result between); a warning, an error when strict. A tag line missing
/// its `[` is read as the tag it is, with an error, so the game is not cut
/// in two (issue 30).
/// A problem: its kind, line, column, and whether it is a warning.
type Problem = (PgnErrorKind, u64, u64, bool);

#[test]
fn games_that_end_without_a_result_are_reported_where_they_end() {
    let ends = |pgn: &str, options: ReadOptions| -> Vec<(u64, Vec<Problem>)> {
        Reader::from_slice_with(pgn.as_bytes(), options)
            .games()
            .map(|g| {
                let problems = g
                    .errors
                    .iter()
                    .chain(&g.warnings)
                    .map(|e| {
                        (
                            e.kind(),
                            e.location().line,
                            e.location().column,
                            e.is_warning(),
                        )
                    })
                    .collect();
                (g.moves.len() as u64, problems)
            })
            .collect()
    };
    let missing = |line, column| (PgnErrorKind::MissingResult, line, column, true);
    // Cut off by the end of the file, mid-game.
    assert_eq!(
        ends("[Event \"a\"]\n\n1. e4 e5 2. Bc4", ReadOptions::DEFAULT),
        [(3, vec![missing(3, 16)])]
    );
    // Ended by the next game's tags.
    assert_eq!(
        ends(
            "1. e4 e5\n\n[Event \"b\"]\n\n1. d4 *\n",
            ReadOptions::DEFAULT
        ),
        [(2, vec![missing(3, 1)]), (1, vec![])]
    );
    // Move numbers that start over, with and without a blank line.
    for between in ["\n", "\n\n", " "] {
        let pgn = format!("1. e4 e5 2. Nf3 Nc6{between}1. d4 d5 2. c4 *");
        let games = ends(&pgn, ReadOptions::DEFAULT);
        assert_eq!(games.len(), 2, "{pgn:?}");
        assert_eq!(games[0].0, 4);
        assert_eq!(games[0].1.len(), 1);
        assert_eq!(games[0].1[0].0, PgnErrorKind::MissingResult);
        assert_eq!(games[1], (3, vec![]), "{pgn:?}");
    }
    // Ended inside a variation: reported whether variations are read or
    // skipped (found by the `export` fuzz target on `(`).
    for read in [false, true] {
        let builder = chessnote::pgn::Game::builder().variations(read);
        for pgn in ["(", "1. e4 (1. d4"] {
            let game = Reader::from_slice(pgn.as_bytes())
                .games_with(builder.clone())
                .next()
                .unwrap();
            let warnings: Vec<_> = game.warnings.iter().map(|w| w.kind()).collect();
            assert_eq!(
                warnings,
                [PgnErrorKind::MissingResult],
                "{pgn:?} read: {read}"
            );
            assert_eq!(kinds(&game), [PgnErrorKind::UnclosedVariation], "{pgn:?}");
        }
    }
    // But not inside variations, nor a number repeated.
    let games = ends(
        "1. e4 e5 2. Nf3 (1. d4 d5 2. c4) 2... Nc6 *",
        ReadOptions::DEFAULT,
    );
    assert_eq!(games, [(4, vec![])]);
    // Strict: an error.
    assert_eq!(
        ends("1. e4", ReadOptions::STRICT),
        [(1, vec![(PgnErrorKind::MissingResult, 1, 6, false)])]
    );
    // A game of tags only has no result to miss.
    assert_eq!(
        ends("[Event \"a\"]\n[Result \"*\"]\n", ReadOptions::DEFAULT),
        [(0, vec![])]
    );
    // A tag line without its `[`: one game, the tag read, an error there.
    let pgn = "[Event \"a\"]\nSite \"x\"]\n[White \"w\"]\n\n1. e4 e5 *\n";
    let games: Vec<chessnote::pgn::Game> = Reader::from_slice(pgn.as_bytes()).games().collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tag("Site"), Some("x"));
    assert_eq!(games[0].tag("White"), Some("w"));
    assert_eq!(games[0].moves.len(), 2);
    assert_eq!(kinds(&games[0]), [PgnErrorKind::MalformedTag]);
    assert_eq!(games[0].errors[0].location().line, 2);
    // The same games, cut by the chunker at the same places.
    let pgn = "1. e4 e5 2. Nf3\n1. d4 *\n\n[Event \"a\"]\nSite \"x\"]\n\n1. c4 *";
    let whole: Vec<u64> = Reader::from_slice(pgn.as_bytes())
        .games()
        .map(|g| g.offset)
        .collect();
    assert_eq!(whole.len(), 3);
    for size in 1..pgn.len() {
        let chunked: Vec<u64> =
            chessnote::pgn::Chunks::new(pgn.as_bytes(), ReadOptions::DEFAULT, size)
                .flat_map(|chunk| {
                    chunk
                        .unwrap()
                        .reader()
                        .games()
                        .map(|g| g.offset)
                        .collect::<Vec<_>>()
                })
                .collect();
        assert_eq!(chunked, whole, "chunks of {size}");
    }
}

#[test]
fn each_problem_is_reported_and_read_past() {
    let g =
        &games("[Event \"x]\n[Site \"a\\'b\"]\n1. e4 $300 e5, 2. Nf3 ) Nc6 (2... d6 3. Qh5 ½-½")[0];
    assert_eq!(
        kinds(g),
        [
            PgnErrorKind::UnterminatedTag,
            PgnErrorKind::NagOutOfRange,
            PgnErrorKind::UnexpectedToken,
            PgnErrorKind::UnmatchedParenthesis,
            // `½-½` is in a variation, skipped (not read): not reported.
            PgnErrorKind::UnclosedVariation,
        ]
    );
    assert_eq!(g.tag("Event"), Some("x"));
    // An escape PGN does not have: kept as written, a warning by default.
    assert_eq!(g.tag("Site"), Some("a\\'b"));
    // (And the game ends with no result: `½-½` was in the variation.)
    let warnings: Vec<_> = g.warnings.iter().map(|w| w.kind()).collect();
    assert_eq!(
        warnings,
        [PgnErrorKind::UnknownEscape, PgnErrorKind::MissingResult]
    );
    assert_eq!(g.warnings[0].severity(), "warning");
    assert_eq!(g.warnings[0].location().line, 2);
    assert_eq!(g.legal_moves().count(), 4);
    // Strict: the same value, and an error.
    let strict = Reader::from_slice_with(b"[Site \"a\\'b\"]\n1. e4 *", ReadOptions::STRICT)
        .games()
        .next()
        .unwrap();
    assert_eq!(strict.tag("Site"), Some("a\\'b"));
    assert_eq!(kinds(&strict), [PgnErrorKind::UnknownEscape]);
    assert_eq!(strict.errors[0].severity(), "error");
    assert!(strict.warnings.is_empty());
    // With the leniency, `½-½` is a result.
    let lenient = ReadOptions::DEFAULT.with_leniency(PgnLeniency::UnicodeResult);
    let g = Reader::from_slice_with("1. e4 ½-½".as_bytes(), lenient)
        .games()
        .next()
        .unwrap();
    assert_eq!((g.result, g.errors.len()), (Some(GameResult::Draw), 0));
}

#[test]
fn comments_are_lent_as_written() {
    let mut kinds_seen = Vec::new();
    struct Comments<'a>(&'a mut Vec<(CommentKind, Vec<u8>)>);
    impl chessnote::pgn::Visitor for Comments<'_> {
        type Tags = ();
        type Movetext = ();
        type Output = ();
        fn begin_game(&mut self, _: chessnote::pgn::GameStart) -> std::ops::ControlFlow<(), ()> {
            std::ops::ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: ()) -> std::ops::ControlFlow<(), ()> {
            std::ops::ControlFlow::Continue(())
        }
        fn comment(
            &mut self,
            _: &mut (),
            c: chessnote::pgn::RawComment<'_>,
        ) -> std::ops::ControlFlow<()> {
            self.0.push((c.kind(), c.as_bytes().to_vec()));
            std::ops::ControlFlow::Continue(())
        }
        fn error(&mut self, e: chessnote::pgn::PgnError) -> std::ops::ControlFlow<()> {
            panic!("{e}")
        }
        fn end_game(&mut self, _: ()) {}
    }
    Reader::from_slice(b"{ a\r\nb } e4 ;c\r\n*")
        .visit_all_games(&mut Comments(&mut kinds_seen))
        .unwrap();
    assert_eq!(
        kinds_seen,
        [
            (CommentKind::Brace, b" a\r\nb ".to_vec()),
            (CommentKind::Line, b"c".to_vec())
        ]
    );
}

#[test]
fn a_blank_line_split_by_the_buffer_is_still_one() {
    // A newline, a thousand spaces, a newline: one blank line, however the
    // reader's buffer cuts it.
    let pgn = format!("1. e4 e5 2. Nf3\n{}\n1. d4 d5", " ".repeat(1000));
    let in_memory = crate::support::games_in_memory(pgn.as_bytes(), Default::default());
    let streamed =
        crate::support::games_streamed(pgn.as_bytes(), crate::support::small_buffer(), 9);
    assert_eq!(in_memory.len(), 2);
    assert_eq!(in_memory, streamed);
}

#[test]
fn games_name_the_san_leniencies_their_moves_needed() {
    use chessnote::san::{Leniency, SanOptions};
    let read = |pgn: &str, san: SanOptions| {
        let options = ReadOptions {
            san,
            ..ReadOptions::default()
        };
        Reader::from_slice_with(pgn.as_bytes(), options)
            .games()
            .next()
            .expect("a game")
    };
    // Position-level leniencies (a wrong suffix, a needless disambiguation,
    // a capture mark on a quiet move) are judged by the replay...
    for (pgn, leniency) in [
        ("1. e4+ e5 *", Leniency::WrongSuffix),
        ("1. Ngf3 e5 *", Leniency::AnyDisambiguation),
        ("1. Nxf3 e5 *", Leniency::CaptureMismatch),
    ] {
        let strict = read(pgn, SanOptions::STRICT);
        assert_eq!(strict.errors.len(), 1, "{pgn}");
        let lenient = read(pgn, SanOptions::STRICT.with(leniency));
        assert!(lenient.errors.is_empty(), "{pgn}");
        assert_eq!(
            lenient.leniencies,
            SanOptions::STRICT.with(leniency),
            "{pgn}"
        );
    }
    // ... spelling ones by the lexer; strict games need none.
    let zeros = read(
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *",
        SanOptions::LENIENT,
    );
    assert!(zeros.leniencies.contains(Leniency::ZeroCastling));
    assert_eq!(
        read("1. e4 e5 *", SanOptions::LENIENT).leniencies,
        SanOptions::STRICT
    );
}

/// A game keeps at most `Limits::max_problems` errors (and as many
/// warnings); one more error says how many were not kept and where the
/// first of them is, so that ten million `)` do not cost gigabytes
/// (issue 30).
#[test]
fn the_problems_kept_per_game_are_capped() {
    let pgn = format!("1. e4 {} e5 *", ")".repeat(1_500));
    let game = &games(&pgn)[0];
    assert_eq!(game.moves.len(), 2);
    assert_eq!(game.errors.len(), 1_001);
    let last = game.errors.last().unwrap();
    assert_eq!(last.kind(), PgnErrorKind::TooManyProblems);
    assert!(last.to_string().contains("and 500 more"), "{last}");
    // At the first `)` not kept: the 1,001st, at byte 6 + 1,000.
    assert_eq!(last.location().byte, 1_006);
    assert!(
        game.errors[..1_000]
            .iter()
            .all(|e| e.kind() == PgnErrorKind::UnmatchedParenthesis)
    );
    // A higher limit keeps them all.
    let mut options = ReadOptions::DEFAULT;
    options.limits.max_problems = 2_000;
    let game = Reader::from_slice_with(pgn.as_bytes(), options)
        .games()
        .next()
        .unwrap();
    assert_eq!(game.errors.len(), 1_500);
}

/// Chunks cut at `[Event` lines (`Chunks::guess`) give what one reader
/// gives, where the guess holds and where it does not.
#[test]
fn chunks_cut_at_guesses_are_checked() {
    use crate::support::{games_guessed, games_in_memory};
    let game = |i: usize| format!("[Event \"{i}\"]\n[Site \"s\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n");
    let many = |n: usize, f: &dyn Fn(usize) -> String| (0..n).map(f).collect::<String>();
    // The guess holds: no miss; with CRLF line ends too, and a file that
    // starts with a blank line.
    let plain = many(300, &game);
    let crlf = plain.replace('\n', "\r\n");
    let blank_first = format!("\n{plain}");
    // A comment left open before an `[Event` line ends there: the guess
    // holds.
    let open_comment = many(300, &|i| game(i).replace("Nc6 *", "Nc6 { left open\n"));
    // A tag line too long to read leaves the game with no tag: the
    // `[Event` line after it is the same game's tag.
    let small = ReadOptions {
        limits: chessnote::pgn::Limits {
            max_tag_len: 64,
            ..ReadOptions::DEFAULT.limits
        },
        ..ReadOptions::DEFAULT
    };
    let long_tag = many(300, &|i| {
        let g = game(i);
        if i % 7 == 3 {
            format!("[Long \"{}\"]\n\n{g}", "x".repeat(100))
        } else {
            g
        }
    });
    // Games without an `[Event` tag, and a blank line and `[Event` in a
    // closed comment.
    let no_event = many(300, &|i| {
        if i % 5 == 0 {
            game(i).replace("[Event", "[Round")
        } else {
            game(i)
        }
    });
    let in_comment = many(300, &|i| {
        game(i).replace("Nc6", "Nc6 {a\n\n[Event \"in\"]}")
    });
    for (name, pgn, options, misses) in [
        ("plain", &plain, ReadOptions::DEFAULT, false),
        ("crlf", &crlf, ReadOptions::DEFAULT, false),
        ("blank first", &blank_first, ReadOptions::DEFAULT, false),
        ("open comment", &open_comment, ReadOptions::DEFAULT, false),
        ("long tag", &long_tag, small, true),
        ("no event", &no_event, ReadOptions::DEFAULT, true),
        ("in comment", &in_comment, ReadOptions::DEFAULT, false),
    ] {
        let whole = games_in_memory(pgn.as_bytes(), options);
        assert!(whole.len() >= 300, "{name}");
        for (target, ahead) in [(700, 1), (2000, 3), (5000, 8)] {
            let (guessed, missed) = games_guessed(pgn.as_bytes(), options, target, 7, ahead);
            assert_eq!(guessed, whole, "{name}, chunks of {target}");
            assert_eq!(
                missed > 0,
                misses,
                "{name}, chunks of {target}: {missed} misses"
            );
        }
    }
}
