//! `chessnote::fen` against `../shared/conformance/fen.tsv` (the behaviour of
//! chess_fen_parser 0.1.1), against the seed crate itself and against the
//! seed's pest grammar.

use crate::common;

use chessnote::fen::{Fen, FenErrorKind, FenOptions, Setup, parse_fen, parse_fen_with};

/// The compact rendering the conformance file uses for a parsed record.
fn render(fen: &Fen) -> String {
    let ranks: Vec<String> = fen
        .board
        .iter()
        .map(|rank| rank.iter().map(|sq| sq.map_or('.', |p| p.char())).collect())
        .collect();
    let c = &fen.castling;
    let mut castling = String::new();
    for (on, letter) in [
        (c.white_short, 'K'),
        (c.white_long, 'Q'),
        (c.black_short, 'k'),
        (c.black_long, 'q'),
    ] {
        if on {
            castling.push(letter);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let mut out = format!(
        "board={} active={:?} castling={} ep={} halfmove={} fullmove={}",
        ranks.join("/"),
        fen.active_color,
        castling,
        fen.en_passant.as_deref().unwrap_or("-"),
        fen.halfmove_clock,
        fen.fullmove_number
    );
    for (name, value) in [
        ("event", &fen.event),
        ("white", &fen.white),
        ("black", &fen.black),
        ("comment", &fen.comment),
    ] {
        if let Some(v) = value {
            out.push_str(&format!(" {name}={}", serde_json::to_string(v).unwrap()));
        }
    }
    out
}

/// Renders the seed crate's own result the same way.
fn render_seed(fen: &chess_fen_parser::FenRecord) -> String {
    let ranks: Vec<String> = fen
        .board
        .iter()
        .map(|rank| {
            rank.iter()
                .map(|sq| match sq {
                    None => '.',
                    Some(p) => {
                        let c = match p.kind {
                            chess_fen_parser::PieceKind::Pawn => 'p',
                            chess_fen_parser::PieceKind::Rook => 'r',
                            chess_fen_parser::PieceKind::Knight => 'n',
                            chess_fen_parser::PieceKind::Bishop => 'b',
                            chess_fen_parser::PieceKind::Queen => 'q',
                            chess_fen_parser::PieceKind::King => 'k',
                        };
                        match p.color {
                            chess_fen_parser::Color::White => c.to_ascii_uppercase(),
                            chess_fen_parser::Color::Black => c,
                        }
                    }
                })
                .collect()
        })
        .collect();
    let mut out = format!(
        "board={} active={:?} castling={} ep={} halfmove={} fullmove={}",
        ranks.join("/"),
        fen.active_color,
        chess_fen_parser::castling_string(&fen.castling),
        fen.en_passant.as_deref().unwrap_or("-"),
        fen.halfmove_clock,
        fen.fullmove_number
    );
    for (name, value) in [
        ("event", &fen.event),
        ("white", &fen.white),
        ("black", &fen.black),
        ("comment", &fen.comment),
    ] {
        if let Some(v) = value {
            out.push_str(&format!(" {name}={}", serde_json::to_string(v).unwrap()));
        }
    }
    out
}

fn seed_variant(err: &chess_fen_parser::FenError) -> &'static str {
    match err {
        chess_fen_parser::FenError::ParseError(_) => "ParseError",
        chess_fen_parser::FenError::InvalidRankLength(_) => "InvalidRankLength",
        chess_fen_parser::FenError::InvalidRankCount(_) => "InvalidRankCount",
        chess_fen_parser::FenError::InvalidCastling(_) => "InvalidCastling",
        chess_fen_parser::FenError::InvalidNumber(_) => "InvalidNumber",
    }
}

/// What our strict default does with each LAX row of fen.tsv (keyed by a
/// distinctive part of the input); `None` = accepted as the seed does.
fn strict_verdict(input: &str) -> Option<FenErrorKind> {
    use FenErrorKind::*;
    let table: &[(&str, Option<FenErrorKind>)] = &[
        ("/44/", Some(AdjacentDigits)),
        ("/11111111/", Some(AdjacentDigits)),
        (" KQkqKQ ", Some(CastlingRepeated)),
        (" qkQK ", Some(CastlingOrder)),
        (" KK ", Some(CastlingRepeated)),
        (" e4 0 1", Some(EnPassantRank)),
        ("w KQkq e3 0 1", Some(EnPassantRank)),
        ("b KQkq e6 0 1", Some(EnPassantRank)),
        (" a1 0 1", Some(EnPassantRank)),
        (" 007 01", Some(LeadingZero)),
        ("- 0 0", Some(FullmoveZero)),
    ];
    table
        .iter()
        .find(|(key, _)| input.contains(key))
        .and_then(|(_, verdict)| *verdict)
}

#[test]
fn parse_fen_rows_behave_as_recorded() {
    let Some(rows) = common::conformance("fen.tsv") else {
        return;
    };
    let mut checked = 0;
    for row in rows.iter().filter(|r| r.api == "parse_fen") {
        let input = row.input_str();
        let seed_mode = parse_fen_with(input, FenOptions::SEED);
        let strict = parse_fen(input);
        if row.ok {
            let fen = seed_mode
                .as_ref()
                .unwrap_or_else(|e| panic!("line {}: {input:?}: {e}", row.line));
            assert_eq!(render(fen), row.expected, "line {}", row.line);
            // Printing and parsing again gives the same record.
            let again = parse_fen_with(&fen.to_string(), FenOptions::SEED).unwrap();
            assert_eq!(&again, fen, "line {}", row.line);
            match (strict_verdict(input), &strict) {
                (Some(kind), Err(e)) => {
                    assert!(row.is_lax(), "line {}", row.line);
                    assert_eq!(e.kind(), kind, "line {}: {e}", row.line)
                }
                (None, Ok(f)) => assert_eq!(f, fen, "line {}", row.line),
                (want, got) => panic!("line {}: strict {want:?} but {got:?}", row.line),
            }
        } else {
            let err = seed_mode.expect_err(&format!("line {}: {input:?}", row.line));
            // Shredder-FEN castling (`HAha`) is Chess960, which we read and
            // the seed does not.
            if input.contains(" w HAha ") {
                assert!(strict.is_ok(), "line {}", row.line);
            } else {
                assert!(strict.is_err(), "line {}", row.line);
            }
            let variant = row
                .expected
                .trim_start_matches("error=")
                .split('(')
                .next()
                .unwrap();
            // The seed converts the counters before it checks the rank
            // lengths; we read left to right (a QUIRK row says so).
            if !row.note.contains("counters are converted before the board") {
                assert_eq!(err.seed_variant(), variant, "line {}: {err}", row.line);
            }
        }
        checked += 1;
    }
    assert!(checked >= 60, "{checked} rows");
}

#[cfg(feature = "pest")]
#[test]
fn rule_rows_behave_as_recorded() {
    use chessnote::fen::{FenParser, Rule};
    use pest::Parser;
    let Some(rows) = common::conformance("fen.tsv") else {
        return;
    };
    let mut checked = 0;
    for row in rows.iter().filter(|r| r.api.starts_with("Rule::")) {
        let rule = match &row.api["Rule::".len()..] {
            "piece" => Rule::piece,
            "active_color" => Rule::active_color,
            "castling" => Rule::castling,
            "rank_digit" => Rule::rank_digit,
            "rank" => Rule::rank,
            "piece_placement" => Rule::piece_placement,
            "square" => Rule::square,
            "en_passant" => Rule::en_passant,
            "halfmove" => Rule::halfmove,
            "fullmove" => Rule::fullmove,
            "fen_core" => Rule::fen_core,
            "event_tag" => Rule::event_tag,
            "white_tag" => Rule::white_tag,
            "black_tag" => Rule::black_tag,
            "comment" => Rule::comment,
            "fen_record" => Rule::fen_record,
            other => panic!("unknown rule {other}"),
        };
        let result = FenParser::parse(rule, row.input_str());
        assert_eq!(result.is_ok(), row.ok, "line {}", row.line);
        if let Ok(mut pairs) = result {
            let text = pairs.next().unwrap().as_str();
            let want = format!("matched={}", serde_json::to_string(text).unwrap());
            assert_eq!(want, row.expected, "line {}", row.line);
        }
        checked += 1;
    }
    assert!(checked >= 60, "{checked} rows");
}

/// Our parser in seed mode and the seed crate agree on `input`: both accept
/// with the same record, or both reject with the same kind of error.
fn agree_with_seed(input: &str) {
    let ours = parse_fen_with(input, FenOptions::SEED);
    let theirs = chess_fen_parser::parse_fen(input);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(render(a), render_seed(b), "{input:?}"),
        (Err(a), Err(b)) => {
            // The seed runs its grammar first, then converts the counters,
            // then checks rank lengths; we report the first fault from the
            // left. So a fault of ours its grammar sees must be its
            // ParseError, and its later checks must be faults we see too.
            let (a, b) = (a.seed_variant(), seed_variant(b));
            match b {
                "ParseError" => {}
                "InvalidRankLength" => assert_eq!(a, b, "{input:?}"),
                "InvalidNumber" => assert_ne!(a, "ParseError", "{input:?}"),
                other => panic!("{input:?}: seed says {other}"),
            }
            if a == "ParseError" {
                assert_eq!(b, "ParseError", "{input:?}");
            }
        }
        _ => panic!(
            "{input:?}: ours {ours:?}, seed {:?}",
            theirs.map(|f| render_seed(&f))
        ),
    }
    #[cfg(feature = "pest")]
    {
        use chessnote::fen::{FenParser, Rule};
        use pest::Parser;
        // The grammar alone accepts a superset: the seed then checks rank
        // lengths and counter ranges, which our error kinds name.
        let grammar_ok = FenParser::parse(Rule::fen_record, input).is_ok();
        match &ours {
            Ok(_) => assert!(grammar_ok, "{input:?}"),
            Err(e) => {
                let post_check = matches!(
                    e.kind(),
                    FenErrorKind::RankTooLong { .. }
                        | FenErrorKind::RankTooShort { .. }
                        | FenErrorKind::CounterOverflow
                );
                if grammar_ok {
                    assert!(post_check, "{input:?}: grammar accepts, we say {e}");
                }
            }
        }
    }
    // Strict acceptance implies seed-mode acceptance, except for the
    // Chess960 castling forms, which only we read.
    if let (Ok(fen), Ok(seed_fen)) = (parse_fen(input), &ours) {
        assert_eq!(seed_fen, &fen);
    }
    // Canonical: strict input prints back byte for byte (the seed-shaped
    // `Fen` keeps only which castling rights exist, so compare the `Setup`).
    if let Ok(setup) = Setup::from_ascii(input.as_bytes()) {
        assert_eq!(setup.to_string(), input);
        let fen = parse_fen(input).unwrap();
        assert_eq!(parse_fen(&fen.to_string()).unwrap(), fen);
    }
}

#[test]
fn every_parse_fen_row_agrees_with_the_seed_crate() {
    let Some(rows) = common::conformance("fen.tsv") else {
        return;
    };
    for row in &rows {
        if let Ok(input) = std::str::from_utf8(&row.input) {
            agree_with_seed(input);
        }
    }
}

mod generated {
    use super::agree_with_seed;
    use proptest::prelude::*;

    const VALID: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 5 20",
        "8/8/8/3pP3/8/8/8/8 w - d6 0 10",
        "[Event \"E\"]\n[White \"W\"]\n[Black \"B\"]\n8/8/8/8/8/8/8/8 b - e3 0 1\n{c}",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 3000 } else { 30000 }))]

        /// Valid records with one byte replaced, inserted or removed: the
        /// fast paths agree with the careful parsers, and we with the seed.
        #[test]
        fn mutated_records(which in 0..VALID.len(), op in 0..3u8, at in 0usize..200,
                           byte in prop::sample::select(b"pnbrqkPNBRQK012345789/ -wbKQkqHAha{}[]\"\n\re36x".to_vec())) {
            let mut bytes = VALID[which].as_bytes().to_vec();
            let at = at % (bytes.len() + 1);
            match op {
                0 if at < bytes.len() => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                _ if at < bytes.len() => { bytes.remove(at); }
                _ => {}
            }
            prop_assert!(chessnote::fen::fast_path_agrees(&bytes), "{:?}", String::from_utf8_lossy(&bytes));
            if let Ok(input) = String::from_utf8(bytes) {
                agree_with_seed(&input);
            }
        }

        /// Short strings over the FEN alphabet.
        #[test]
        fn fen_alphabet(s in "[pnbrqkPNBRQK1-9/ wb\\-KQkqe360]{0,70}") {
            agree_with_seed(&s);
        }

        /// Records built field by field, each field valid or nearly so.
        #[test]
        fn fieldwise(
            ranks in prop::collection::vec("[pnbrqkPNBRQK1-8]{1,9}", 7..10),
            turn in "[wbW]",
            castling in "(-|[KQkqHAha]{1,5})",
            ep in "(-|[a-h][1-8])",
            half in "[0-9]{1,6}",
            full in "[0-9]{1,6}",
        ) {
            let input = format!("{} {turn} {castling} {ep} {half} {full}", ranks.join("/"));
            agree_with_seed(&input);
        }
    }
}

#[test]
fn setup_parse_never_panics_and_round_trips_on_random_bytes() {
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new(Config::with_cases(5000));
    runner
        .run(&proptest::collection::vec(any_byte(), 0..90), |bytes| {
            for options in [FenOptions::STRICT, FenOptions::SEED, FenOptions::LENIENT] {
                match Setup::from_ascii_with(&bytes, options) {
                    Ok(setup) => {
                        let text = setup.to_string();
                        assert_eq!(Setup::from_ascii_with(text.as_bytes(), options), Ok(setup));
                    }
                    Err(e) => assert!(e.offset() <= bytes.len()),
                }
                if let Ok(epd) = chessnote::fen::Epd::from_ascii_with(&bytes, options) {
                    let text = epd.to_string();
                    assert_eq!(
                        chessnote::fen::Epd::from_ascii_with(text.as_bytes(), options),
                        Ok(epd)
                    );
                }
            }
            if let Ok(s) = std::str::from_utf8(&bytes) {
                let _ = parse_fen_with(s, FenOptions::LENIENT);
            }
            Ok(())
        })
        .unwrap();
}

fn any_byte() -> impl proptest::strategy::Strategy<Value = u8> {
    proptest::sample::select(
        b"pnbrqkPNBRQK0123456789/ -wbKQkqABCDEFGHabcdefgh;\"\\\t\r\n\x00\xff".to_vec(),
    )
}

/// Inputs that once told us apart from the seed.
#[test]
fn regressions() {
    for input in [
        "[Event \"E\"]\n[White \"W\"]\n[Black \"B\"]\n8/8/8/8/8/8/8/8 b - e3 0 1\n{c{}",
        "8/8/8/8/8/8/8/8 w - - 0 1\n{{{ a {{}",
        "\n\r\n8/8/8/8/8/8/8/8 w - - 0 1",
        "[Event \"\"]8/8/8/8/8/8/8/8 w - - 0 1{}",
        "8/8/8/8/8/8/8/8 w - - 00000000000000000001 1",
        "8/8/8/8/8/8/8/8 w - - 65535 65536",
        "88/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/8/ w - - 0 1",
    ] {
        agree_with_seed(input);
    }
}

#[test]
fn comments_with_braces_print_back() {
    let input = "8/8/8/8/8/8/8/8 w - - 1 1\n{{{\r{{c- p\r-\r}";
    let fen = parse_fen(input).unwrap();
    assert_eq!(fen.comment.as_deref(), Some("{{c- p\r-"));
    assert_eq!(parse_fen(&fen.to_string()).unwrap(), fen);
    let mut fen = fen;
    fen.comment = Some("a{".into());
    assert_eq!(parse_fen(&fen.to_string()).unwrap(), fen);
}
