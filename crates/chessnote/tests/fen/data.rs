//! Every position in `../shared/data/epd/` and `../shared/data/fen/` is read
//! and printed back byte for byte (after normalising the record's spacing).
//!
//! Every line of every file is read (1.98 million records; a few seconds with
//! the workspace's test profile). Set `CHESSNOTE_QUICK` to read at most the
//! first 20,000 lines of each file.

use crate::common;

use chessnote::fen::{Epd, FenErrorKind, FenLeniency, FenOptions, Setup};

const QUICK_CAP: usize = 20_000;

fn cap() -> usize {
    if std::env::var_os("CHESSNOTE_QUICK").is_some() {
        QUICK_CAP
    } else {
        usize::MAX
    }
}

/// The lines of a data file: `\r` stripped, blank and `#` lines skipped.
fn lines(data: &[u8]) -> Vec<&[u8]> {
    data.split(|b| *b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !l.trim_ascii().is_empty() && !l.starts_with(b"#"))
        .take(cap())
        .collect()
}

/// The canonical spacing of an EPD line, computed independently of the
/// parser: runs of blanks outside quotes become one space, empty operations
/// (`;;`) disappear, a missing final `;` is added, trailing blanks go.
fn normalise_epd(line: &str) -> String {
    // Split into the position fields and the operations part.
    let mut tokens: Vec<String> = Vec::new(); // operations, each "op a b"
    let fields: Vec<&str> = line.split_ascii_whitespace().take(6).collect();
    let mut nfields = 4;
    if fields.len() >= 6
        && fields[4].bytes().all(|b| b.is_ascii_digit())
        && fields[5].bytes().all(|b| b.is_ascii_digit())
    {
        nfields = 6;
    }
    let mut rest = line.trim_start();
    for _ in 0..nfields {
        let end = rest.find([' ', '\t']).unwrap_or(rest.len());
        rest = rest[end..].trim_start();
    }
    let head = fields[..nfields.min(fields.len())].join(" ");
    let mut current: Vec<String> = Vec::new();
    let mut chars = rest.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c == ' ' || c == '\t' {
            chars.next();
        } else if c == ';' {
            chars.next();
            if !current.is_empty() {
                tokens.push(current.join(" "));
                current.clear();
            }
        } else if c == '"' {
            let mut s = String::from('"');
            chars.next();
            while let Some(c) = chars.next() {
                s.push(c);
                if c == '\\' {
                    if let Some(n) = chars.next() {
                        s.push(n);
                    }
                } else if c == '"' {
                    break;
                }
            }
            current.push(s);
        } else {
            let mut s = String::new();
            while let Some(&c) = chars.peek() {
                if c == ' ' || c == '\t' || c == ';' {
                    break;
                }
                s.push(c);
                chars.next();
            }
            current.push(s);
        }
    }
    if !current.is_empty() {
        tokens.push(current.join(" "));
    }
    let mut out = head;
    for t in tokens {
        out.push(' ');
        out.push_str(&t);
        out.push(';');
    }
    out
}

fn epd_files() -> Vec<String> {
    let Some(dir) = common::shared_dir() else {
        eprintln!("skipped: ../shared is not available");
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut stack = vec![dir.join("data/epd")];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path.to_string_lossy().to_string();
                if name.ends_with(".epd") || name.ends_with(".epd.zst") {
                    let rel = name[name.find("data/epd").unwrap()..].to_string();
                    out.push(rel);
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_epd_file_reads_and_round_trips() {
    let files = epd_files();
    let mut total = 0;
    for rel in &files {
        let data = common::read_data(rel).unwrap();
        let mut n = 0;
        for line in lines(&data) {
            let text = std::str::from_utf8(line).expect("UTF-8 line");
            let epd = Epd::from_ascii(line).unwrap_or_else(|e| panic!("{rel}: {text:?}: {e}"));
            let printed = epd.to_string();
            assert_eq!(printed, normalise_epd(text), "{rel}");
            assert_eq!(printed.parse::<Epd>().as_ref(), Ok(&epd), "{rel}");
            if epd.has_counters {
                // Six-field lines are FEN, too.
                let fen = &text.trim_end()[..epd.setup.to_string().len()];
                assert_eq!(Setup::from_ascii(fen.as_bytes()), Ok(epd.setup), "{rel}");
            }
            n += 1;
        }
        assert!(n > 0, "{rel} is empty");
        total += n;
    }
    if !files.is_empty() {
        assert!(files.len() >= 25, "{files:?}");
        eprintln!("{} EPD files, {total} records", files.len());
    }
}

#[test]
fn known_epd_contents() {
    let Some(data) = common::read_data("data/epd/python-chess/fuzz-string-escaping.epd") else {
        return;
    };
    let epd = Epd::from_ascii(data.trim_ascii()).unwrap();
    let ops: Vec<(&str, Vec<&str>)> = epd
        .operations
        .iter()
        .map(|o| {
            (
                o.opcode.as_str(),
                o.operands.iter().map(|x| x.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(ops, [("a", vec!["foo\"bar"]), ("b", vec!["foo\\\\"])]);
    assert_eq!(
        epd.to_string(),
        r#"4k3/8/8/8/8/8/8/4K3 w - - a "foo\"bar"; b "foo\\\\";"#
    );

    let data = common::read_data("data/epd/stockfish-books/popularpos_lichess.epd.zst").unwrap();
    let first = lines(&data)[0];
    // Four fields and trailing spaces: FEN only with two named leniencies.
    assert!(Setup::from_ascii(first).is_err());
    let options = FenOptions::STRICT
        .with(FenLeniency::SurroundingWhitespace)
        .with(FenLeniency::MissingCounters);
    assert_eq!(Setup::from_ascii_with(first, options), Ok(Setup::STARTING));
}

#[test]
fn cozy_chess_sfens_round_trip() {
    for rel in [
        "data/fen/cozy-chess/valid.sfens",
        "data/fen/cozy-chess/chess960_start_positions.sfens",
    ] {
        let Some(data) = common::read_data(rel) else {
            return;
        };
        let mut n = 0;
        for line in lines(&data) {
            let setup = Setup::from_ascii(line)
                .unwrap_or_else(|e| panic!("{rel}: {:?}: {e}", String::from_utf8_lossy(line)));
            assert_eq!(setup.to_string().as_bytes(), line, "{rel}");
            n += 1;
        }
        assert!(n >= 960, "{rel}: {n}");
    }
    // Syntactically well-formed but illegal: strict FEN reads all but the
    // en-passant squares on the wrong rank; the lenient options read all.
    let Some(data) = common::read_data("data/fen/cozy-chess/invalid.sfens") else {
        return;
    };
    let mut rejected = 0;
    for line in lines(&data) {
        match Setup::from_ascii(line) {
            Ok(setup) => assert_eq!(setup.to_string().as_bytes(), line),
            Err(e) => {
                assert_eq!(e.kind(), FenErrorKind::EnPassantRank, "{e}");
                rejected += 1;
            }
        }
        let setup = Setup::from_ascii_with(line, FenOptions::LENIENT).unwrap();
        assert_eq!(setup.to_string().as_bytes(), line);
    }
    eprintln!("invalid.sfens: {rejected} en-passant squares on the wrong rank");
}

#[test]
fn chessjs_validity_rows() {
    let Some(data) = common::read_data("data/fen/chessjs-validate-fen.tsv") else {
        return;
    };
    let text = String::from_utf8(data).unwrap();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (fen, valid, comment) = (f[0], f[1] == "true", f[2]);
        let strict = Setup::from_ascii(fen.as_bytes());
        if valid {
            match strict {
                Ok(setup) => assert_eq!(setup.to_string(), fen),
                // chess.js accepts castling letters in any order.
                Err(e) => {
                    assert_eq!(e.kind(), FenErrorKind::CastlingOrder, "{fen}");
                    let options = FenOptions::STRICT.with(FenLeniency::CastlingAnyOrder);
                    assert!(Setup::from_ascii_with(fen.as_bytes(), options).is_ok());
                }
            }
        } else if comment.is_empty() {
            // The syntax errors; the others (kings, pawns on the back rank)
            // are about legality, which a setup does not check.
            assert!(strict.is_err(), "{fen}");
        } else {
            assert!(strict.is_ok(), "{fen}");
        }
    }
}

#[test]
fn fuzz_seed_fens() {
    let Some(data) = common::read_data("data/fen/fuzz-seed-fens.tsv") else {
        return;
    };
    let text = String::from_utf8(data).unwrap();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (name, fen) = (f[1], f[2]);
        let result = Setup::from_ascii(fen.as_bytes());
        let standard = [
            "chessops-roundtrip-fail",
            "empty",
            "endgame",
            "horde",
            "initial",
        ];
        if standard.contains(&name) {
            assert_eq!(result.unwrap().to_string(), fen, "{name}");
        } else {
            // Variant dialects (three-check, crazyhouse, 60+ ranks): rejected.
            assert!(result.is_err(), "{name}");
        }
    }
}

/// The 960 Chess960 start positions in X-FEN (`KQkq`, Stockfish books) and
/// in Shredder-FEN (`HFhf`, cozy-chess) name the same castling rooks.
#[test]
fn x_fen_and_shredder_fen_name_the_same_rooks() {
    use chessnote::{CastlingSide, Color};
    let (Some(x), Some(shredder)) = (
        common::read_data("data/epd/stockfish-books/FRC_openings.epd"),
        common::read_data("data/fen/cozy-chess/chess960_start_positions.sfens"),
    ) else {
        return;
    };
    let x: Vec<Setup> = lines(&x)
        .into_iter()
        .map(|l| Setup::from_ascii(l).unwrap())
        .collect();
    let shredder: Vec<Setup> = lines(&shredder)
        .into_iter()
        .map(|l| Setup::from_ascii(l).unwrap())
        .collect();
    assert_eq!(x.len(), 960);
    let mut by_board = std::collections::HashMap::new();
    for s in &shredder {
        by_board.insert(s.board, *s);
    }
    for a in &x {
        let b = by_board[&a.board];
        assert!(!a.castling.uses_files() && b.castling.uses_files());
        for color in Color::ALL {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                assert_eq!(
                    a.castling_rook_file(color, side),
                    b.castling_rook_file(color, side),
                    "{a} / {b}"
                );
            }
        }
        assert_eq!(a.castling_rooks(), b.castling_rooks());
        assert_eq!(a.castling_rooks().len(), 4);
    }
}

/// The fast paths (placement, castling shortcuts) agree with the careful
/// parsers on every record of every EPD file, and on each record with its
/// placement cut short or its castling field replaced.
#[test]
fn fast_path_agrees_on_real_records() {
    let mut n = 0;
    for rel in &epd_files() {
        let data = common::read_data(rel).unwrap();
        for line in lines(&data) {
            assert!(chessnote::fen::fast_path_agrees(line), "{rel}: {line:?}");
            let mut cut = line.to_vec();
            cut.truncate(line.iter().position(|b| *b == b'/').unwrap_or(0) + 1);
            assert!(chessnote::fen::fast_path_agrees(&cut), "{rel}: {cut:?}");
            n += 1;
        }
    }
    if n > 0 {
        assert!(n > 1000, "{n}");
    }
}

/// What the reporting entry points say about the leniencies the Lichess
/// book's records need: as FEN, surrounding whitespace and missing counters;
/// as EPD (counters optional, trailing spaces ignored), none.
#[test]
fn reporting_names_the_leniencies_real_records_use() {
    let Some(data) = common::read_data("data/epd/stockfish-books/popularpos_lichess.epd.zst")
    else {
        return;
    };
    let expected = FenOptions::STRICT
        .with(FenLeniency::SurroundingWhitespace)
        .with(FenLeniency::MissingCounters);
    let mut trailing = 0;
    for line in lines(&data).into_iter().take(5_000) {
        let (setup, used) = Setup::from_ascii_reporting(line, FenOptions::LENIENT).unwrap();
        let want = if line.ends_with(b" ") {
            trailing += 1;
            expected
        } else {
            expected.without(FenLeniency::SurroundingWhitespace)
        };
        assert_eq!(used, want, "{line:?}");
        // The leniencies it reports are enough, and each is needed.
        assert_eq!(Setup::from_ascii_with(line, used), Ok(setup));
        for leniency in used.iter() {
            assert!(Setup::from_ascii_with(line, used.without(leniency)).is_err());
        }
        let (epd, used) =
            chessnote::fen::Epd::from_ascii_reporting(line, FenOptions::LENIENT).unwrap();
        assert_eq!((epd.setup, used), (setup, FenOptions::STRICT));
    }
    assert!(trailing > 0);
}

/// Every leniency, reported by name: the lenient rows of the chess.js
/// validity table and odd records built from a real position.
#[test]
fn each_leniency_is_reported_by_its_name() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for (text, name) in [
        (format!(" {start} w KQkq - 0 1"), "surrounding-whitespace"),
        (format!("{start} w KQkq -"), "missing-counters"),
        (format!("{start} w KQkq - 0 0"), "fullmove-zero"),
        (format!("{start} w KQkq - 00 1"), "leading-zeros"),
        (
            format!("{}/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &start[..17]),
            "adjacent-digits",
        ),
        (format!("{start} w qkQK - 0 1"), "castling-any-order"),
        (format!("{start} w KQkq e4 0 1"), "en-passant-any-rank"),
    ] {
        let leniency: FenLeniency = name.parse().unwrap();
        assert!(Setup::from_ascii(text.as_bytes()).is_err(), "{text}");
        let (_, used) = Setup::from_ascii_reporting(text.as_bytes(), FenOptions::LENIENT).unwrap();
        assert_eq!(used.to_string(), name, "{text}");
        assert_eq!(used, FenOptions::from(leniency));
        let err = Setup::from_ascii_with(text.as_bytes(), FenOptions::LENIENT.without(leniency));
        assert!(err.is_err(), "{text}");
    }
    assert_eq!(
        "all".parse::<FenOptions>().unwrap().len(),
        FenLeniency::ALL.len()
    );
}

/// A FEN error reads like every chessnote error: `"{message} at byte
/// {offset}"`, the message naming the field; checked on the variant
/// dialects of the fuzz seeds, which strict FEN rejects.
#[test]
fn errors_read_as_every_notation_error_does() {
    use chessnote::Diagnostic;
    let Some(data) = common::read_data("data/fen/fuzz-seed-fens.tsv") else {
        return;
    };
    let text = String::from_utf8(data).unwrap();
    let mut n = 0;
    for line in text.lines().skip(1) {
        let fen = line.split('\t').nth(2).unwrap();
        if let Err(err) = Setup::from_ascii(fen.as_bytes()) {
            let message = err.message();
            assert!(
                message.starts_with(&format!("{}: ", err.field())),
                "{message}"
            );
            assert_eq!(
                err.to_string(),
                format!("{message} at byte {}", err.offset())
            );
            assert_eq!(err.kind_name(), err.kind().name());
            assert!(err.offset() <= fen.len());
            n += 1;
        }
    }
    assert!(n > 0);
}
