//! `chessnote fen show` and `chessnote pgn show`: text and SVG from one
//! diagram, checked against positions written by another program
//! (pgn-extract's EPD of every position of a game).

use std::path::PathBuf;

use super::{TempFile, chessnote, shared_path};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Fool's mate: White's king on e1 is mated.
const MATE: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";

/// The FEN placement of the first eight lines of an ASCII diagram (with
/// coordinates, White at the bottom), read back here.
fn placement_of_ascii(lines: &[&str]) -> String {
    let mut rows = Vec::new();
    for line in &lines[..8] {
        let mut row = String::new();
        let mut empty = 0;
        for cell in line[2..].split(' ') {
            if cell == "." {
                empty += 1;
                continue;
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            row.push_str(cell);
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

#[test]
fn fen_show_draws_text_in_both_styles_and_orientations() {
    let plain = chessnote(&["fen", "show", START], "");
    let ascii = chessnote(&["fen", "show", "--format", "ascii", START], "");
    assert_eq!((plain.code, &plain.stdout), (0, &ascii.stdout));
    let lines = plain.lines();
    assert_eq!((lines[0], lines[1]), (START, ""));
    assert_eq!(
        placement_of_ascii(&lines[2..]),
        START.split(' ').next().unwrap()
    );
    let unicode = chessnote(&["fen", "show", "--unicode", START], "");
    let format = chessnote(&["fen", "show", "--format", "unicode", START], "");
    assert_eq!(unicode.stdout, format.stdout);
    assert!(unicode.stdout.contains("8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"));
    // `--unicode` takes the other drawing flags too.
    let both = chessnote(&["fen", "show", "--unicode", "--flip", START], "");
    assert_eq!(both.lines()[2], "1 ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖");
    let flipped = chessnote(&["fen", "show", "--flip", START], "");
    assert_eq!(flipped.lines()[2], "1 R N B K Q B N R");
    assert_eq!(flipped.lines()[10], "  h g f e d c b a");
    let bare = chessnote(&["fen", "show", "--no-coordinates", START], "");
    assert_eq!(bare.lines()[2], "r n b q k b n r");
    // `--unicode` is `--format unicode`: asking for both is a usage error.
    let both = chessnote(&["fen", "show", "--unicode", "--format", "svg", START], "");
    assert_eq!(both.code, 2);
}

#[test]
fn fen_show_svg_marks_the_check_the_last_move_and_the_shapes() {
    let run = chessnote(
        &[
            "fen",
            "show",
            "--format",
            "svg",
            "--last-move",
            "d8h4",
            "--arrows",
            "Rh4e1",
            "--squares",
            "Yf2,Gg3",
            "--color",
            "light=#eeeeee",
            "--size",
            "240",
            MATE,
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let svg = &run.stdout;
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.ends_with("</svg>\n"));
    assert!(svg.contains("width=\"240\" height=\"240\""));
    assert_eq!(svg.matches("class=\"piece ").count(), 32);
    assert!(svg.contains("class=\"piece black queen h4\""));
    assert!(svg.contains("class=\"check e1\""));
    assert!(svg.contains("class=\"square dark lastmove d8\""));
    assert!(svg.contains("class=\"square dark lastmove h4\""));
    assert!(svg.contains("class=\"arrow red h4 e1\""));
    assert!(svg.contains("class=\"mark yellow f2\""));
    assert!(svg.contains("class=\"mark green g3\""));
    assert!(svg.contains("class=\"square light a8\" fill=\"#eeeeee\""));
    // No check on a board that is not a legal position (Black in check,
    // White to move); drawn all the same.
    let run = chessnote(
        &[
            "fen",
            "show",
            "--format",
            "svg",
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
        ],
        "",
    );
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("class=\"piece black king e8\""));
    assert!(!run.stdout.contains("class=\"check"));
    // JSON: the record's fields and the drawing.
    let run = chessnote(&["fen", "show", "--json", "--format", "svg", MATE], "");
    let json = &run.json()[0];
    assert!(
        json["diagram"]
            .as_str()
            .unwrap()
            .contains("class=\"check e1\"")
    );
    assert_eq!(json["fen"], MATE);
}

#[test]
fn bad_drawing_flags_are_usage_errors_that_say_why() {
    for (flag, value, says) in [
        ("--color", "pink=#ffffff", "known: light, dark,"),
        (
            "--color",
            "light=red",
            "expected `#` and a hexadecimal colour at byte 0",
        ),
        ("--color", "light", "expected NAME=#RRGGBB"),
        (
            "--color",
            "dark=#12345",
            "expected 3, 6 or 8 hexadecimal digits at byte 6",
        ),
        ("--arrows", "Ge2e9", "at byte 4"),
        ("--squares", "Xe2", "at byte 0"),
        ("--last-move", "e2e", "at byte 3"),
        ("--size", "3", "3"),
    ] {
        let run = chessnote(&["fen", "show", "--format", "svg", flag, value, START], "");
        assert_eq!(run.code, 2, "{flag} {value}");
        assert!(run.stderr.contains(says), "{flag} {value}: {}", run.stderr);
        assert!(run.stdout.is_empty());
    }
}

/// pgn-extract's input game and its EPD of every position.
fn pgn_extract_game() -> Option<(PathBuf, Vec<String>)> {
    let (pgn, records) = pgn_extract_epd()?;
    let placements = records.iter().map(|r| r[0].clone()).collect();
    Some((pgn, placements))
}

/// pgn-extract's input game and the first four fields of its EPD of every
/// position (placement, side to move, castling, en passant).
fn pgn_extract_epd() -> Option<(PathBuf, Vec<Vec<String>>)> {
    let dir = shared_path("data/pgn/small/pgn-extract/notation-variants")?;
    let epd = std::fs::read_to_string(dir.join("test-WWepd-out.pgn")).unwrap();
    let records = epd
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| l.split(' ').take(4).map(str::to_owned).collect())
        .collect();
    Some((dir.join("test-w-input-san.pgn"), records))
}

/// Issue 30: the FEN of each drawn position is under its text diagram, as
/// pgn-extract's EPD has it (both write the en passant square after every
/// double step), with the move counters.
#[test]
fn pgn_show_writes_the_fen_under_each_text_diagram() {
    let Some((pgn, records)) = pgn_extract_epd() else {
        return;
    };
    let run = chessnote(&["pgn", "show", "--all", pgn.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = run.lines();
    let fens: Vec<&str> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("game 1 ("))
        .map(|(i, _)| lines[i + 10])
        .collect();
    assert_eq!(fens.len(), records.len());
    for (ply, (fen, epd)) in fens.iter().zip(&records).enumerate() {
        let fields: Vec<&str> = fen.split(' ').collect();
        assert_eq!(fields.len(), 6, "{fen}");
        assert_eq!(fields[..4], epd[..4], "ply {ply}");
        assert_eq!(fields[5], (ply / 2 + 1).to_string(), "{fen}");
    }
}

/// Issue 30: SVG on stdout is one picture; a second one would make the
/// output no SVG file, so it is refused (exit 1) with how to get them all.
#[test]
fn pgn_show_writes_one_svg_on_stdout_and_refuses_a_second() {
    let Some(path) = shared_path("data/pgn/small/python-chess/kasparov-deep-blue-1997.pgn") else {
        return;
    };
    let file = path.to_str().unwrap();
    let one = chessnote(&["pgn", "show", "--format", "svg", "--game", "2", file], "");
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(one.stdout.matches("<svg").count(), 1);
    for threads in ["1", "3"] {
        let run = chessnote(
            &["pgn", "show", "--format", "svg", "--threads", threads, file],
            "",
        );
        assert_eq!(run.code, 1);
        assert_eq!(run.stdout.matches("<svg").count(), 1);
        let first = chessnote(&["pgn", "show", "--format", "svg", "--game", "1", file], "");
        assert!(run.stdout == first.stdout, "the first game's picture");
        assert!(
            run.stderr.starts_with(&format!(
                "{file}: game 2, ply 89: not drawn: stdout holds one SVG picture, and this is \
                 the second: write them with --out DIR, or pick one with --game N and --ply N\n"
            )),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn pgn_show_draws_every_position_as_pgn_extract_saw_it() {
    let Some((pgn, placements)) = pgn_extract_game() else {
        return;
    };
    let run = chessnote(&["pgn", "show", "--all", pgn.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = run.lines();
    let mut drawn = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(rest) = line.strip_prefix("game 1 (") {
            let ply = drawn.len();
            assert!(rest.contains(&format!("), ply {ply}")), "{line}");
            drawn.push(placement_of_ascii(&lines[i + 1..]));
        }
    }
    assert_eq!(drawn, placements);
    // One position: the same board as in the full run.
    for ply in [0, 1, 40, placements.len() - 1] {
        let one = chessnote(
            &[
                "pgn",
                "show",
                "--ply",
                &ply.to_string(),
                pgn.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(
            placement_of_ascii(&one.lines()[1..]),
            placements[ply],
            "ply {ply}"
        );
    }
    // The default is the last position.
    let last = chessnote(&["pgn", "show", pgn.to_str().unwrap()], "");
    assert_eq!(
        placement_of_ascii(&last.lines()[1..]),
        *placements.last().unwrap()
    );
}

#[test]
fn pgn_show_writes_one_svg_per_ply_into_a_folder() {
    let Some((pgn, placements)) = pgn_extract_game() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("chessnote-show-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = chessnote(
        &[
            "pgn",
            "show",
            "--all",
            "--format",
            "svg",
            "--out",
            dir.to_str().unwrap(),
            pgn.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let written = run.lines();
    assert_eq!(written.len(), placements.len());
    assert!(
        written[0].ends_with("test-w-input-san-00001-0000.svg"),
        "{}",
        written[0]
    );
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), placements.len());
    let last = std::fs::read_to_string(dir.join(names.last().unwrap())).unwrap();
    assert!(last.starts_with("<svg") && last.ends_with("</svg>\n"));
    // The last move of the game, 36... f5, marked.
    assert!(last.contains("lastmove f7\"") && last.contains("lastmove f5\""));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pgn_show_says_which_ply_it_cannot_draw_and_goes_on() {
    let games = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke3 *\n\n\
                 [White \"C\"]\n[Black \"D\"]\n\n1. d4 d5 2. c4 *\n";
    let file = TempFile::new("two.pgn", games);
    let run = chessnote(&["pgn", "show", "--ply", "3", file.arg()], "");
    assert_eq!(run.code, 1);
    // The first game's illegal move, then why ply 3 is not drawn.
    assert!(
        run.stderr.contains(":4:13: game 1 (A - B), ply 3:"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains(":1:1: game 1 (A - B): no ply 3 to draw: the replay stopped at ply 2"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("2 games, 1 with problems, 2 problems"),
        "{}",
        run.stderr
    );
    // The second game is drawn.
    assert!(
        run.stdout.starts_with("game 2 (C - D), ply 3: c4\n"),
        "{}",
        run.stdout
    );
    let run = chessnote(
        &["pgn", "show", "--ply", "9", "--game", "2", file.arg()],
        "",
    );
    assert!(
        run.stderr
            .contains("game 2 (C - D): no ply 9 to draw: the mainline has 3 moves")
    );
    assert!(run.stdout.is_empty());
}

#[test]
fn pgn_show_draws_the_shapes_of_the_comments() {
    let pgn = "1. e4 { [%cal Gg1f3,Rd1h5] [%csl Ye4] } e5 *\n";
    let run = chessnote(&["pgn", "show", "--ply", "1", "--format", "svg", "-"], pgn);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for class in [
        "arrow green g1 f3",
        "arrow red d1 h5",
        "mark yellow e4",
        "lastmove e2",
    ] {
        assert!(run.stdout.contains(class), "{class}");
    }
    let run = chessnote(&["pgn", "show", "--ply", "2", "--format", "svg", "-"], pgn);
    assert!(!run.stdout.contains("class=\"arrow"));
}

/// `--size`, `--color`, `--squares` and `--arrows` draw on SVG only: with
/// a text format they are refused, not ignored (issue 30).
#[test]
fn svg_flags_with_a_text_format_are_refused() {
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    for (flag, value) in [
        ("--size", "100"),
        ("--color", "light=#ffffff"),
        ("--squares", "Ge4"),
        ("--arrows", "Ge2e4"),
    ] {
        let run = chessnote(&["fen", "show", flag, value, fen], "");
        assert_eq!(run.code, 2, "{flag}");
        assert!(
            run.stderr
                .contains(&format!("{flag} draws on SVG pictures only")),
            "{}",
            run.stderr
        );
        assert!(run.stdout.is_empty());
        let run = chessnote(&["pgn", "show", flag, value, "-"], "1. e4 *\n");
        assert_eq!(run.code, 2, "pgn show {flag}");
        let svg = chessnote(&["fen", "show", "--format", "svg", flag, value, fen], "");
        assert_eq!(svg.code, 0, "{flag}: {}", svg.stderr);
    }
}
