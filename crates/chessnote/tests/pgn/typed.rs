//! Typed tag values and comment commands on real data.
//!
//! The files come from `../shared/data/pgn` (Lichess's database, TWIC,
//! pgnmentor, the GNU Chess book, TCEC, the fixtures of scalachess,
//! python-chess, chessops and others). Tag pairs and comments are taken out
//! of them here by a simple line-based scan (the PGN reader is not used), and
//! every check compares our reading with something independent of it: a
//! substring count, Rust's own number parsing, a second (naive) scanner, a
//! relation between tags and commands that the data must satisfy (a clock
//! reading is the previous one, less the time spent, plus the increment), or
//! the file a value comes from.

use std::collections::BTreeMap;

use chessnote::Square;
use chessnote::pgn::commands::{
    self, Annotations, Arrow, Centis, Eval, MarkedSquare, Score, ShapeColor, first_clock_and_eval,
    parse_arrows, parse_squares, text_without_commands,
};
use chessnote::pgn::tags::{
    Date, SEVEN_TAG_ROSTER, Time, TimeControl, TimePeriod, Variant, parse_elo, parse_rating_diff,
    parse_setup, roster_index,
};
use proptest::prelude::*;

use crate::common;

/// One game as the line scan sees it: its tag pairs (values unescaped) and
/// its comments, in order.
#[derive(Default)]
struct Game {
    tags: Vec<(String, Vec<u8>)>,
    comments: Vec<String>,
}

impl Game {
    fn tag(&self, name: &str) -> Option<&[u8]> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| &v[..])
    }
}

/// A `[Name "value"]` line, alone on its line: the name and the value with
/// `\"` and `\\` undone.
fn tag_line(line: &[u8]) -> Option<(String, Vec<u8>)> {
    let line = line.trim_ascii_end();
    let inner = line.strip_prefix(b"[")?.strip_suffix(b"\"]")?;
    let space = inner.iter().position(|&b| b == b' ')?;
    let name = &inner[..space];
    if name.is_empty() || !name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_') {
        return None;
    }
    let quoted = inner[space + 1..].strip_prefix(b"\"")?;
    let mut value = Vec::with_capacity(quoted.len());
    let mut bytes = quoted.iter();
    while let Some(&b) = bytes.next() {
        match b {
            b'\\' => value.push(*bytes.next()?),
            b'"' => return None,
            _ => value.push(b),
        }
    }
    Some((String::from_utf8_lossy(name).into_owned(), value))
}

/// Splits a PGN file into games: a run of tag lines starts a game; `{…}`
/// comments (which may span lines) are collected; `;` comments and `%`
/// lines are skipped.
fn games(data: &[u8]) -> Vec<Game> {
    let mut games: Vec<Game> = Vec::new();
    let mut previous_was_tag = false;
    let mut comment: Option<Vec<u8>> = None;
    for line in data.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if comment.is_none() {
            if let Some(tag) = tag_line(line) {
                if !previous_was_tag {
                    games.push(Game::default());
                }
                games.last_mut().unwrap().tags.push(tag);
                previous_was_tag = true;
                continue;
            }
            if line.starts_with(b"%") {
                continue;
            }
        }
        previous_was_tag = false;
        let mut i = 0;
        while i < line.len() {
            match &mut comment {
                Some(text) => match line[i..].iter().position(|&b| b == b'}') {
                    Some(end) => {
                        text.extend_from_slice(&line[i..i + end]);
                        let text = String::from_utf8_lossy(text).into_owned();
                        if games.is_empty() {
                            games.push(Game::default());
                        }
                        games.last_mut().unwrap().comments.push(text);
                        comment = None;
                        i += end + 1;
                    }
                    None => {
                        text.extend_from_slice(&line[i..]);
                        i = line.len();
                    }
                },
                None => match line[i] {
                    b'{' => {
                        comment = Some(Vec::new());
                        i += 1;
                    }
                    b';' => i = line.len(),
                    _ => i += 1,
                },
            }
        }
        if let Some(text) = &mut comment {
            text.push(b'\n');
        }
    }
    games
}

/// How many times `needle` occurs in `data`.
fn count(data: &[u8], needle: &[u8]) -> usize {
    data.windows(needle.len()).filter(|w| *w == needle).count()
}

/// Every PGN file under `data/pgn` (`.pgn` and `.pgn.zst`), as paths
/// relative to the shared folder, sorted.
fn all_pgn_files() -> Vec<String> {
    let Some(root) = common::shared_path("data/pgn") else {
        return Vec::new();
    };
    let mut files = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.to_string_lossy().into_owned();
            if path.is_dir() {
                dirs.push(path);
            } else if name.ends_with(".pgn") || name.ends_with(".pgn.zst") {
                let rel = path
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                files.push(format!("data/pgn/{rel}"));
            }
        }
    }
    files.sort();
    files
}

/// `H:MM:SS` read with Rust's number parsing, in centiseconds.
fn clock_by_hand(args: &str) -> u32 {
    let parts: Vec<u32> = args.split(':').map(|p| p.parse().unwrap()).collect();
    assert_eq!(parts.len(), 3, "{args}");
    ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 100
}

/// Whether a number in a time control is written with a leading zero
/// (`03`), which prints back without it.
fn has_leading_zero(value: &[u8]) -> bool {
    value
        .split(|b| !b.is_ascii_digit())
        .any(|number| number.len() > 1 && number[0] == b'0')
}

#[test]
fn every_clock_and_eval_in_the_lichess_database_reads_and_agrees() {
    let Some(data) = common::read_data("data/pgn/medium/lichess_db_1000k.pgn") else {
        return;
    };
    let games = games(&data);
    let (mut clocks, mut evals, mut mates) = (0, 0, 0);
    let (mut first_at_base, mut checked_games) = (0, 0);
    for game in &games {
        let tc = TimeControl::from_ascii(game.tag("TimeControl").unwrap()).unwrap();
        let base = Centis(u32::try_from(tc.periods()[0].time_ms() / 10).unwrap());
        let mut firsts = Vec::new();
        for comment in &game.comments {
            let notes =
                Annotations::parse_strict(comment).unwrap_or_else(|e| panic!("{comment:?}: {e}"));
            // Lichess's comments hold commands only.
            assert!(
                notes.other.is_empty() && notes.text.is_empty(),
                "{comment:?}"
            );
            for command in commands::commands(comment) {
                match command.name {
                    "clk" => {
                        clocks += 1;
                        let time = Centis::from_ascii(command.args.as_bytes()).unwrap();
                        assert_eq!(time.0, clock_by_hand(command.args));
                        assert_eq!(Some(time), notes.clock);
                        // Lichess writes clocks in the canonical form.
                        assert_eq!(time.to_string(), command.args);
                    }
                    "eval" => {
                        evals += 1;
                        let eval = Eval::from_ascii(command.args.as_bytes()).unwrap();
                        assert_eq!(eval.depth, None);
                        match command.args.strip_prefix('#') {
                            Some(moves) => {
                                mates += 1;
                                assert_eq!(eval.score, Score::Mate(moves.parse().unwrap()));
                            }
                            None => {
                                let pawns: f64 = command.args.parse().unwrap();
                                let centipawns = (pawns * 100.0).round() as i32;
                                assert_eq!(
                                    eval.score,
                                    Score::Centipawns(centipawns),
                                    "{command:?}"
                                );
                            }
                        }
                        assert_eq!(Some(eval), notes.eval);
                        let shown = eval.to_string();
                        let args = shown
                            .strip_prefix("[%eval ")
                            .unwrap()
                            .strip_suffix(']')
                            .unwrap();
                        assert_eq!(Eval::from_ascii(args.as_bytes()), Ok(eval));
                    }
                    other => panic!("unexpected command {other} in {comment:?}"),
                }
            }
            if let Some(clock) = notes.clock
                && firsts.len() < 2
            {
                firsts.push(clock);
            }
        }
        // A clock never starts above the time control's base time, and (but
        // for berserk and late starts) starts on it.
        if firsts.len() == 2 {
            checked_games += 1;
            assert!(firsts.iter().all(|&t| t <= base), "{tc}: {firsts:?}");
            first_at_base += usize::from(firsts == [base, base]);
        }
    }
    eprintln!(
        "lichess_db_1000k: {} games, {clocks} clocks, {evals} evals ({mates} mates); \
         {first_at_base} of {checked_games} games start both clocks on the base time",
        games.len()
    );
    assert_eq!(clocks, count(&data, b"[%clk "));
    assert_eq!(evals, count(&data, b"[%eval "));
    assert!(clocks > 0 && evals > 0 && mates > 0);
    assert!(
        first_at_base * 2 > checked_games,
        "{first_at_base} of {checked_games}"
    );
}

#[test]
fn clocks_spent_times_and_game_times_of_a_dgt_board_agree() {
    let Some(data) = common::read_data("data/pgn/small/scalachess-fixtures/allSortOfClocks.pgn")
    else {
        return;
    };
    let games = games(&data);
    assert_eq!(games.len(), 1);
    let game = &games[0];
    let tc = TimeControl::from_ascii(game.tag("TimeControl").unwrap()).unwrap();
    let [
        TimePeriod::Normal {
            moves: None,
            time_ms,
            increment_ms: Some(inc_ms),
        },
    ] = tc.periods()
    else {
        panic!("{tc}");
    };
    let (base, inc) = (*time_ms / 10, *inc_ms / 10);
    let mut clock = [base as i64; 2];
    let mut game_time = [0i64; 2];
    let (mut clks, mut emts, mut egts) = (0, 0, 0);
    for (ply, comment) in game.comments.iter().enumerate() {
        let notes = Annotations::parse_strict(comment).unwrap();
        let (Some(clk), Some(emt)) = (notes.clock, notes.emt) else {
            panic!("{comment:?}");
        };
        let egt = notes.other.iter().find(|c| c.name == "egt").unwrap();
        let egt = Centis::from_ascii(egt.args.as_bytes()).unwrap();
        assert!(notes.other.iter().any(|c| c.name == "ts"), "{comment:?}");
        assert_eq!(notes.text, "");
        clks += 1;
        emts += 1;
        egts += 1;
        // The times are written to the second, cut from finer ones: each
        // relation holds to within a second.
        let side = ply % 2;
        let (clk, emt, egt) = (i64::from(clk.0), i64::from(emt.0), i64::from(egt.0));
        let expected_clock = clock[side] - emt + inc as i64;
        assert!(
            (clk - expected_clock).abs() <= 100,
            "ply {ply}: {clk} vs {expected_clock}"
        );
        let expected_game_time = game_time[side] + emt;
        assert!(
            (egt - expected_game_time).abs() <= 100,
            "ply {ply}: {egt} vs {expected_game_time}"
        );
        clock[side] = clk;
        game_time[side] = egt;
    }
    eprintln!("allSortOfClocks: {clks} clocks, {emts} move times, {egts} game times");
    assert_eq!(clks, count(&data, b"[%clk "));
    assert_eq!(emts, count(&data, b"[%emt "));
    assert_eq!(egts, count(&data, b"[%egt "));
    assert!(clks > 0);
}

#[test]
fn clocks_across_lines_and_in_every_file_read() {
    let mut by_name: BTreeMap<&str, usize> = BTreeMap::new();
    let mut spanning = 0;
    for rel in all_pgn_files() {
        let data = common::read_data(&rel).unwrap();
        let mut found = 0;
        for game in games(&data) {
            for comment in &game.comments {
                for command in commands::commands(comment) {
                    let name = match command.name {
                        "clk" | "emt" | "egt" => {
                            let time = Centis::from_ascii(command.args.as_bytes());
                            let time = time.unwrap_or_else(|e| panic!("{rel}: {command:?}: {e}"));
                            assert_eq!(time.0, clock_by_hand(command.args));
                            spanning += usize::from(comment[command.span.clone()].contains('\n'));
                            found += 1;
                            match command.name {
                                "clk" => "clk",
                                "emt" => "emt",
                                _ => "egt",
                            }
                        }
                        _ => continue,
                    };
                    *by_name.entry(name).or_default() += 1;
                }
            }
        }
        let independent: usize = [&b"[%clk"[..], b"[%emt", b"[%egt"]
            .iter()
            .map(|n| count(&data, n))
            .sum();
        assert_eq!(found, independent, "{rel}");
    }
    eprintln!("clock commands in every file: {by_name:?}, {spanning} across a line break");
    if common::shared_dir().is_some() {
        assert!(spanning > 0);
    }
}

#[test]
fn tag_values_of_the_medium_files_and_the_gnu_chess_book_all_read() {
    let files = [
        "data/pgn/medium/lichess_db_1000k.pgn",
        "data/pgn/medium/pgnmentor-Carlsen-crlf.pgn",
        "data/pgn/medium/twic0920.pgn",
        "data/pgn/medium/twic1599_1000k.pgn",
        "data/pgn/large/gnuchess-book_1.02.pgn.zst",
    ];
    for rel in files {
        let Some(data) = common::read_data(rel) else {
            return;
        };
        let games = games(&data);
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        let mut roster_complete = 0;
        for game in &games {
            let roster: Vec<usize> = game
                .tags
                .iter()
                .filter_map(|(name, _)| roster_index(name.as_bytes()))
                .collect();
            roster_complete += usize::from(roster.len() == 7);
            for (name, value) in &game.tags {
                let text = String::from_utf8_lossy(value);
                let ctx = || format!("{rel}: [{name} {text:?}]");
                match name.as_str() {
                    "Date" | "UTCDate" | "EventDate" => {
                        let date =
                            Date::from_ascii(value).unwrap_or_else(|e| panic!("{}: {e}", ctx()));
                        let parts: Vec<Option<u16>> =
                            text.split('.').map(|p| p.parse().ok()).collect();
                        assert_eq!(
                            parts,
                            [
                                date.year(),
                                date.month().map(u16::from),
                                date.day().map(u16::from)
                            ],
                            "{}",
                            ctx()
                        );
                        assert_eq!(date.to_string(), text, "{}", ctx());
                    }
                    "UTCTime" | "Time" => {
                        let time =
                            Time::from_ascii(value).unwrap_or_else(|e| panic!("{}: {e}", ctx()));
                        assert_eq!(time.to_string(), text, "{}", ctx());
                    }
                    "TimeControl" => {
                        let tc = TimeControl::from_ascii(value)
                            .unwrap_or_else(|e| panic!("{}: {e}", ctx()));
                        if !has_leading_zero(value) {
                            assert_eq!(tc.to_string(), text, "{}", ctx());
                        }
                        if let Some((base, inc)) = text.split_once('+') {
                            let base: u64 = base.parse().unwrap();
                            let inc: u64 = inc.parse().unwrap();
                            let expected = TimePeriod::Normal {
                                moves: None,
                                time_ms: base * 1000,
                                increment_ms: Some(inc * 1000),
                            };
                            assert_eq!(tc.periods(), [expected], "{}", ctx());
                        }
                    }
                    "WhiteElo" | "BlackElo" => {
                        let elo = parse_elo(value).unwrap_or_else(|e| panic!("{}: {e}", ctx()));
                        assert_eq!(elo, text.parse::<u16>().ok(), "{}", ctx());
                    }
                    "WhiteRatingDiff" | "BlackRatingDiff" => {
                        let diff =
                            parse_rating_diff(value).unwrap_or_else(|e| panic!("{}: {e}", ctx()));
                        assert_eq!(diff, text.parse::<i16>().ok(), "{}", ctx());
                    }
                    _ => continue,
                }
                *counts.entry(name.clone()).or_default() += 1;
            }
        }
        eprintln!(
            "{rel}: {} games, {roster_complete} with the whole roster; {counts:?}",
            games.len()
        );
        // Every game of these files has a date, and the number of games is
        // the number of `[Event ` lines.
        let events = count(&data, b"\n[Event ") + usize::from(data.starts_with(b"[Event "));
        assert_eq!(games.len(), events, "{rel}");
        assert_eq!(counts.get("Date"), Some(&games.len()), "{rel}");
        assert_eq!(roster_complete, games.len(), "{rel}");
        assert!(counts.get("WhiteElo").is_some_and(|&n| n > 0), "{rel}");
        if rel.contains("lichess") {
            for name in [
                "UTCDate",
                "UTCTime",
                "TimeControl",
                "WhiteRatingDiff",
                "BlackRatingDiff",
            ] {
                assert!(counts.get(name).is_some_and(|&n| n > 0), "{rel}: {name}");
            }
        }
    }
}

/// Whether a date is `YYYY.MM.DD` with parts all digits or all `?`, a month
/// 1-12 and a day in its month, checked without the library.
fn date_by_hand(value: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(value) else {
        return false;
    };
    let parts: Vec<&str> = text.split('.').collect();
    let [year, month, day] = parts[..] else {
        return false;
    };
    let part = |p: &str, width: usize| -> Option<Option<u32>> {
        if p.len() != width {
            None
        } else if p.bytes().all(|b| b == b'?') {
            Some(None)
        } else if p.bytes().all(|b| b.is_ascii_digit()) {
            Some(Some(p.parse().unwrap()))
        } else {
            None
        }
    };
    let (Some(year), Some(month), Some(day)) = (part(year, 4), part(month, 2), part(day, 2)) else {
        return false;
    };
    const DAYS: [u32; 12] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let leap = year.is_none_or(|y| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0);
    match (month, day) {
        (Some(m), _) if !(1..=12).contains(&m) => false,
        (Some(2), Some(d)) => d >= 1 && d <= if leap { 29 } else { 28 },
        (Some(m), Some(d)) => d >= 1 && d <= DAYS[m as usize - 1],
        (None, Some(d)) => (1..=31).contains(&d),
        (_, None) => true,
    }
}

#[test]
fn dates_times_ratings_and_time_controls_of_every_file_against_independent_checks() {
    let mut read: BTreeMap<&str, usize> = BTreeMap::new();
    let mut rejected: BTreeMap<String, usize> = BTreeMap::new();
    for rel in all_pgn_files() {
        let data = common::read_data(&rel).unwrap();
        for game in games(&data) {
            for (name, value) in &game.tags {
                let text = String::from_utf8_lossy(value);
                let (key, ok) = match name.as_str() {
                    "Date" | "UTCDate" | "EventDate" => {
                        let ok = Date::from_ascii(value).is_ok();
                        assert_eq!(ok, date_by_hand(value), "{rel}: [{name} {text:?}]");
                        ("date", ok)
                    }
                    "TimeControl" => {
                        let parsed = TimeControl::from_ascii(value);
                        // What is refused uses bytes the standard's forms have
                        // no place for.
                        let foreign = value.iter().any(|b| !b"0123456789/+*:.?-".contains(b));
                        assert!(
                            parsed.is_ok() || foreign,
                            "{rel}: [{name} {text:?}]: {parsed:?}"
                        );
                        if let Ok(tc) = &parsed
                            && !has_leading_zero(value)
                        {
                            assert_eq!(tc.to_string(), text, "{rel}");
                        }
                        ("time control", parsed.is_ok())
                    }
                    "WhiteElo" | "BlackElo" => {
                        let parsed = parse_elo(value);
                        let by_hand = match &value[..] {
                            b"" | b"?" | b"-" => Some(None),
                            _ => text
                                .parse::<u16>()
                                .ok()
                                .filter(|_| !text.starts_with('+'))
                                .map(Some),
                        };
                        assert_eq!(parsed.ok(), by_hand, "{rel}: [{name} {text:?}]");
                        ("elo", by_hand.is_some())
                    }
                    "SetUp" => ("setup", parse_setup(value).is_ok()),
                    _ => continue,
                };
                if ok {
                    *read.entry(key).or_default() += 1;
                } else {
                    *rejected.entry(format!("{name} {text:?}")).or_default() += 1;
                }
            }
        }
    }
    eprintln!("read: {read:?}");
    eprintln!("refused ({} distinct):", rejected.len());
    for (value, n) in &rejected {
        eprintln!("  {n:>5} × [{value}]");
    }
}

#[test]
fn variants_and_setups_agree_with_the_files_they_come_from() {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut chess960_games = 0;
    for rel in all_pgn_files() {
        let data = common::read_data(&rel).unwrap();
        let lower = rel.to_ascii_lowercase();
        for game in games(&data) {
            let setup = game
                .tag("SetUp")
                .map(|v| parse_setup(v).unwrap_or_else(|e| panic!("{rel}: {e}")));
            if setup == Some(true) {
                // Only the fixture made for it lacks the position.
                let named_for_it = lower.ends_with("frompositionemptyfen.pgn");
                assert_eq!(
                    game.tag("FEN").is_none(),
                    named_for_it,
                    "{rel}: SetUp 1, FEN?"
                );
            }
            let Some(value) = game.tag("Variant") else {
                // Lichess, TWIC, TCEC classical, the GNU book: standard chess.
                continue;
            };
            let text = String::from_utf8_lossy(value).into_owned();
            *seen.entry(text.clone()).or_default() += 1;
            let parsed = Variant::from_ascii(value);
            if lower.ends_with("invalidvariant.pgn") {
                assert!(parsed.is_err(), "{rel}: {text:?}");
                continue;
            }
            // Values are read as they are: spaces around one are refused, and
            // the trimmed name reads.
            let variant = match parsed {
                Ok(v) => v,
                Err(e) => {
                    assert_ne!(value.trim_ascii(), value, "{rel}: {text:?}: {e}");
                    Variant::from_ascii(value.trim_ascii()).unwrap()
                }
            };
            assert_eq!(variant.to_string().parse(), Ok(variant));
            let expected = if lower.contains("zh") || lower.contains("crazyhouse") {
                Some(Variant::Crazyhouse)
            } else if lower.contains("atomic") {
                Some(Variant::Atomic)
            } else if lower.contains("antichess") {
                Some(Variant::Antichess)
            } else if lower.contains("960")
                || lower.contains("fischerandom")
                || lower.contains("fischerrandom")
                || lower.contains("frc")
            {
                Some(Variant::Chess960)
            } else if lower.contains("frompos") {
                Some(Variant::FromPosition)
            } else {
                None
            };
            if let Some(expected) = expected {
                assert_eq!(variant, expected, "{rel}: {text:?}");
            }
            if variant.is_chess960() {
                chess960_games += 1;
                assert!(variant.is_standard_rules());
            }
            if lower.contains("tcec_season_21_-_frc4") {
                assert!(variant.is_chess960() && setup == Some(true), "{rel}");
            }
        }
    }
    eprintln!("Variant values: {seen:?}; {chess960_games} Chess960 games");
    if common::shared_dir().is_some() {
        assert!(chess960_games >= 50, "{chess960_games}");
    }
}

#[test]
fn squares_and_arrows_of_chessbase_and_lichess_studies_read_and_print_back() {
    let mut files: Vec<String> = all_pgn_files()
        .into_iter()
        .filter(|f| {
            f.contains("pychess-lichess-studies")
                || f.ends_with("chessbaseArrows.pgn")
                || f.ends_with("stackOverflow.pgn")
        })
        .collect();
    files.sort();
    let (mut squares, mut arrows, mut csl, mut cal, mut spaced) = (0, 0, 0, 0, 0);
    let mut colors: BTreeMap<char, usize> = BTreeMap::new();
    for rel in &files {
        let data = common::read_data(rel).unwrap();
        let (mut file_csl, mut file_cal) = (0, 0);
        for game in games(&data) {
            for comment in &game.comments {
                let notes = Annotations::parse_strict(comment)
                    .unwrap_or_else(|e| panic!("{rel}: {comment:?}: {e}"));
                let (mut here_squares, mut here_arrows) = (0, 0);
                for command in commands::commands(comment) {
                    match command.name {
                        "csl" => {
                            file_csl += 1;
                            let marks = parse_squares(command.args).unwrap();
                            let shown: Vec<String> =
                                marks.iter().map(MarkedSquare::to_string).collect();
                            assert_eq!(shown.join(","), without_spaces(command.args), "{rel}");
                            spaced += usize::from(command.args.contains(' '));
                            for mark in &marks {
                                *colors.entry(char::from(mark.color.ascii())).or_default() += 1;
                            }
                            here_squares += marks.len();
                        }
                        "cal" => {
                            file_cal += 1;
                            let list = parse_arrows(command.args).unwrap();
                            let shown: Vec<String> = list.iter().map(Arrow::to_string).collect();
                            assert_eq!(shown.join(","), without_spaces(command.args), "{rel}");
                            spaced += usize::from(command.args.contains(' '));
                            for arrow in &list {
                                assert_ne!(arrow.from, arrow.to, "{rel}");
                                *colors.entry(char::from(arrow.color.ascii())).or_default() += 1;
                            }
                            here_arrows += list.len();
                        }
                        _ => {}
                    }
                }
                assert_eq!(
                    (notes.squares.len(), notes.arrows.len()),
                    (here_squares, here_arrows)
                );
                squares += here_squares;
                arrows += here_arrows;
                assert!(!notes.text.contains("[%c"), "{rel}: {:?}", notes.text);
            }
        }
        assert_eq!(file_csl, count(&data, b"[%csl "), "{rel}");
        assert_eq!(file_cal, count(&data, b"[%cal "), "{rel}");
        csl += file_csl;
        cal += file_cal;
    }
    eprintln!(
        "{} files: {csl} %csl ({squares} squares), {cal} %cal ({arrows} arrows), \
         {spaced} with spaces after commas; colours {colors:?}",
        files.len()
    );
    let Some(data) = common::read_data("data/pgn/small/scalachess-fixtures/chessbaseArrows.pgn")
    else {
        return;
    };
    // The file's last comment is `{[%csl Gb4,Yd5,Rf6] blabla}`.
    let games = games(&data);
    let comment = games[0].comments.last().unwrap();
    let notes = Annotations::parse(comment);
    assert_eq!(notes.text, "blabla");
    let expected: Vec<MarkedSquare> = [
        (ShapeColor::Green, Square::B4),
        (ShapeColor::Yellow, Square::D5),
        (ShapeColor::Red, Square::F6),
    ]
    .into_iter()
    .map(|(color, square)| MarkedSquare { color, square })
    .collect();
    assert_eq!(notes.squares, expected);
    assert!(squares > 0 && arrows > 0);
}

/// `text` without its ASCII whitespace.
fn without_spaces(text: &str) -> String {
    text.split_ascii_whitespace().collect()
}

/// The commands of `text` found the slow, obvious way: at every `[%`, a
/// name of letters, digits and `_`, then `]` or whitespace, then the first
/// `]`, with no `[` before it.
fn naive_spans(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] == b'[' && bytes[i + 1] == b'%' {
            let name_len = bytes[i + 2..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                .count();
            let after = i + 2 + name_len;
            let follows_ok = bytes
                .get(after)
                .is_some_and(|&b| b == b']' || b.is_ascii_whitespace());
            if name_len > 0 && follows_ok {
                let rest = &bytes[after..];
                let close = rest.iter().position(|&b| b == b']');
                let open = rest.iter().position(|&b| b == b'[');
                if let Some(close) = close
                    && open.is_none_or(|open| open > close)
                {
                    spans.push((i, after + close + 1));
                    i = after + close + 1;
                    continue;
                }
            }
        }
        i += 1;
    }
    spans
}

#[test]
fn the_lexer_agrees_with_a_naive_scan_on_every_real_comment() {
    let mut comments = 0;
    let mut with_commands = 0;
    let mut with_text = 0;
    for rel in all_pgn_files() {
        let data = common::read_data(&rel).unwrap();
        for game in games(&data) {
            for comment in &game.comments {
                comments += 1;
                let spans: Vec<(usize, usize)> = commands::commands(comment)
                    .map(|c| (c.span.start, c.span.end))
                    .collect();
                assert_eq!(spans, naive_spans(comment), "{rel}: {comment:?}");
                if spans.is_empty() {
                    assert_eq!(text_without_commands(comment), comment.trim_ascii());
                    continue;
                }
                with_commands += 1;
                // The words of the text are those of the comment outside
                // the commands (no command in these files touches a word on
                // both sides).
                let mut outside = String::new();
                let mut last = 0;
                for &(start, end) in &spans {
                    outside.push_str(&comment[last..start]);
                    outside.push(' ');
                    last = end;
                }
                outside.push_str(&comment[last..]);
                let text = text_without_commands(comment);
                let words: Vec<&str> = text.split_ascii_whitespace().collect();
                assert_eq!(
                    words,
                    outside.split_ascii_whitespace().collect::<Vec<_>>(),
                    "{rel}: {comment:?}"
                );
                with_text += usize::from(!text.is_empty());
            }
        }
    }
    eprintln!(
        "{comments} comments, {with_commands} with commands, {with_text} of those with text too"
    );
    if common::shared_dir().is_some() {
        assert!(with_commands > 0 && with_text > 0);
    }
}

#[test]
fn adversarial_comments_take_linear_time() {
    // Each would take minutes if a scan restarted from the start of the
    // comment, or from the `[%`, at every candidate.
    let n = 200_000;
    assert_eq!(commands::commands(&"[%".repeat(n)).count(), 0);
    assert_eq!(commands::commands(&"[%a ".repeat(n)).count(), 0);
    assert_eq!(commands::commands(&"[%aaaa".repeat(n)).count(), 0);
    assert_eq!(
        commands::commands(&format!("{}]", "[%a ".repeat(n))).count(),
        1
    );
    let many = "[%a]".repeat(n);
    assert_eq!(commands::commands(&many).count(), n);
    assert_eq!(text_without_commands(&many), "");
    assert_eq!(
        text_without_commands(&format!("{}x", "[%a] ".repeat(n))),
        "x"
    );
    let marks = "[%csl Ga1] ".repeat(n);
    assert_eq!(Annotations::parse(&marks).squares.len(), n);
    assert_eq!(
        Annotations::parse(&format!("[%cal {}Ga1a2]", "Ga1a2,".repeat(n)))
            .arrows
            .len(),
        n + 1
    );
}

#[test]
fn the_roster_is_the_standards() {
    assert_eq!(
        SEVEN_TAG_ROSTER,
        ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    );
}

/// Comment-like text: brackets, `%`, names, digits and spaces, often.
fn comment_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[\\[\\]%a-c0-9_ \n.:#,+-]{0,80}",
        "(\\[%[a-z]{0,3}[ \\]]?[0-9: .\\[]{0,8}\\]?|[a-z ]{0,5}){0,10}",
        any::<String>(),
    ]
}

fn centis() -> impl Strategy<Value = Centis> {
    any::<u32>().prop_map(Centis)
}

fn score() -> impl Strategy<Value = Score> {
    prop_oneof![
        any::<i32>().prop_map(Score::Centipawns),
        any::<i32>().prop_map(Score::Mate)
    ]
}

fn eval() -> impl Strategy<Value = Eval> {
    (score(), proptest::option::of(any::<u32>())).prop_map(|(score, depth)| Eval { score, depth })
}

fn color() -> impl Strategy<Value = ShapeColor> {
    prop_oneof![
        Just(ShapeColor::Red),
        Just(ShapeColor::Green),
        Just(ShapeColor::Yellow),
        Just(ShapeColor::Blue)
    ]
}

fn square() -> impl Strategy<Value = Square> {
    (0u8..64).prop_map(|i| Square::from_index(i).unwrap())
}

fn period() -> impl Strategy<Value = TimePeriod> {
    let ms = any::<u64>();
    prop_oneof![
        (
            proptest::option::of(any::<u32>()),
            ms,
            proptest::option::of(ms)
        )
            .prop_map(|(moves, time_ms, increment_ms)| TimePeriod::Normal {
                moves,
                time_ms,
                increment_ms
            }),
        ms.prop_map(|time_ms| TimePeriod::Sandclock { time_ms }),
    ]
}

proptest! {
    #[test]
    fn the_lexer_agrees_with_the_naive_scan(text in comment_text()) {
        let found: Vec<_> = commands::commands(&text).collect();
        let spans: Vec<(usize, usize)> = found.iter().map(|c| (c.span.start, c.span.end)).collect();
        prop_assert_eq!(spans, naive_spans(&text));
        for c in &found {
            let whole = &text[c.span.clone()];
            prop_assert!(whole.starts_with("[%") && whole.ends_with(']'));
            prop_assert_eq!(&text[c.span.start + 2..c.span.start + 2 + c.name.len()], c.name);
            prop_assert_eq!(&text[c.args_at..c.args_at + c.args.len()], c.args);
            prop_assert_eq!(c.args.trim_ascii(), c.args);
        }
    }

    /// The replay's fast reading of a move's clock and evaluation (which
    /// skips the other commands) is what `Annotations::parse` finds.
    #[test]
    fn the_fast_clock_and_eval_are_what_annotations_find(
        text in comment_text(),
        clk in "\\[%clk [0-9]{1,2}:[0-9]{2}:[0-9]{2}(\\.[0-9])?\\]",
        eval in "\\[%eval (#-?[0-9]{1,2}|-?[0-9]{1,2}\\.[0-9]{2})\\]",
        order in 0..7u8,
    ) {
        let text = match order {
            0 => text,
            1 => format!("{clk}{text}"),
            2 => format!("{text} {eval} {clk}"),
            3 => format!("{eval}{text}{clk}"),
            // A first one that does not read, or is not closed.
            4 => format!("[%clk 9:99:99] [%eval x]{text}{eval} {clk}"),
            5 => format!("[%clk {text}] [%eval {text}]{clk}{eval}"),
            _ => format!("[%clk{text}{clk}[%eval{eval}"),
        };
        let notes = Annotations::parse(&text);
        let (mut clock, mut found) = (None, None);
        let bad = first_clock_and_eval(text.as_bytes(), &mut clock, &mut found);
        prop_assert_eq!(clock, notes.clock);
        prop_assert_eq!(found, notes.eval);
        // The first that does not read is said (issue 30).
        if order == 4 {
            let bad = bad.unwrap();
            prop_assert_eq!((bad.offset, bad.name), (0, "clk"));
        }
    }

    #[test]
    fn nothing_panics_and_errors_point_into_the_input(text in comment_text()) {
        let bytes = text.as_bytes();
        let within = |offset: usize| offset <= bytes.len();
        let cleaned = text_without_commands(&text);
        prop_assert_eq!(cleaned.trim_ascii(), &cleaned[..]);
        let notes = Annotations::parse(&text);
        prop_assert_eq!(&notes.text, &cleaned);
        if let Err(e) = Annotations::parse_strict(&text) {
            prop_assert!(within(e.offset()));
        }
        if let Err(e) = Centis::from_ascii(bytes) { prop_assert!(within(e.offset())); }
        if let Err(e) = Eval::from_ascii(bytes) { prop_assert!(within(e.offset())); }
        if let Err(e) = parse_squares(&text) { prop_assert!(within(e.offset())); }
        if let Err(e) = parse_arrows(&text) { prop_assert!(within(e.offset())); }
        if let Err(e) = Date::from_ascii(bytes) { prop_assert!(within(e.offset())); }
        if let Err(e) = Time::from_ascii(bytes) { prop_assert!(within(e.offset())); }
        if let Err(e) = TimeControl::from_ascii(bytes) { prop_assert!(within(e.offset())); }
        if let Err(e) = parse_elo(bytes) { prop_assert!(within(e.offset())); }
        if let Err(e) = parse_rating_diff(bytes) { prop_assert!(within(e.offset())); }
        let _ = (Variant::from_ascii(bytes), parse_setup(bytes));
    }

    #[test]
    fn typed_values_print_and_read_back(
        clock in centis(),
        value in eval(),
        marks in proptest::collection::vec((color(), square()), 0..5),
        arrows in proptest::collection::vec((color(), square(), square()), 0..5),
        text in "[a-z]{1,8}( [a-z]{1,8}){0,3}|",
    ) {
        prop_assert_eq!(clock.to_string().parse::<Centis>(), Ok(clock));
        let shown = value.to_string();
        let args = shown.strip_prefix("[%eval ").unwrap().strip_suffix(']').unwrap();
        prop_assert_eq!(Eval::from_ascii(args.as_bytes()), Ok(value));
        prop_assert_eq!(value.score.to_string().parse::<Score>(), Ok(value.score));
        let notes = Annotations {
            clock: Some(clock),
            emt: Some(clock),
            eval: Some(value),
            squares: marks.into_iter().map(|(color, square)| MarkedSquare { color, square }).collect(),
            arrows: arrows.into_iter().map(|(color, from, to)| Arrow { color, from, to }).collect(),
            other: Vec::new(),
            text: text.into(),
        };
        let written = notes.to_string();
        prop_assert_eq!(Annotations::parse_strict(&written), Ok(notes));
    }

    #[test]
    fn dates_times_and_time_controls_print_and_read_back(
        year in proptest::option::of(0u16..=9999),
        month in proptest::option::of(1u8..=12),
        day in proptest::option::of(1u8..=31),
        hms in (proptest::option::of(0u8..24), proptest::option::of(0u8..60), proptest::option::of(0u8..60)),
        periods in proptest::collection::vec(period(), 1..4),
    ) {
        if let Some(date) = Date::new(year, month, day) {
            prop_assert_eq!(Date::from_ascii(date.to_string().as_bytes()), Ok(date));
        } else {
            // Only a day past the end of a known month is refused.
            prop_assert!(month.is_some() && day.is_some());
        }
        let time = Time::new(hms.0, hms.1, hms.2).unwrap();
        prop_assert_eq!(Time::from_ascii(time.to_string().as_bytes()), Ok(time));
        let tc = TimeControl::Periods(periods);
        prop_assert_eq!(TimeControl::from_ascii(tc.to_string().as_bytes()), Ok(tc));
    }
}

/// Issue 30: a `[%clk]` or `[%eval]` that does not read, and a mate in
/// more moves than a game can have (over int16, where the export's
/// `eval_mate` is), were left out silently: each is now a `bad-command`
/// warning at its `[` (an error under strict reading), and the move has no
/// clock or evaluation from it.
#[test]
fn clocks_and_evaluations_that_do_not_read_are_reported_where_they_are() {
    use chessnote::pgn::{PgnErrorKind, ReadOptions, Reader};
    let pgn = b"[Event \"x\"]\n\n1. e4 { [%clk 0:0x:00] } e5 {\n ok [%eval #40000] } \
2. Nf3 { [%eval 1.234] [%clk 0:01:00] } Nc6 { [%eval #-3] } *\n";
    let game = Reader::from_slice(pgn).games().next().unwrap();
    assert!(game.errors.is_empty(), "{:?}", game.errors);
    let found: Vec<_> = game
        .warnings
        .iter()
        .map(|w| (w.kind(), w.location().line, w.location().column, w.ply()))
        .collect();
    assert_eq!(
        found,
        [
            (PgnErrorKind::BadCommand, 3, 9, Some(1)),
            (PgnErrorKind::BadCommand, 4, 5, Some(2)),
            (PgnErrorKind::BadCommand, 4, 31, Some(3)),
        ]
    );
    assert_eq!(game.warnings[1].token(), Some("[%eval #40000]"));
    let clocks: Vec<_> = game.moves.iter().map(|m| m.clock().map(|c| c.0)).collect();
    assert_eq!(clocks, [None, None, Some(6000), None]);
    let evals: Vec<_> = game
        .moves
        .iter()
        .map(|m| m.eval().map(|e| e.to_string()))
        .collect();
    assert_eq!(evals, [None, None, None, Some("[%eval #-3]".to_owned())]);
    let strict = Reader::from_slice_with(pgn, ReadOptions::STRICT)
        .games()
        .next()
        .unwrap();
    assert_eq!(strict.errors.len(), 3);
    assert!(strict.warnings.is_empty());
    assert!(
        strict
            .errors
            .iter()
            .all(|e| e.kind() == PgnErrorKind::BadCommand)
    );
}
