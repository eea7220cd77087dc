//! Diagrams: the SVG of real positions parsed as XML and read back (every
//! piece on its square, in both orientations), the shapes of real PGN
//! studies' comments drawn where their `[%csl]`/`[%cal]` say, the king in
//! check where the game's SAN says `+` or `#`, and the text diagrams.

#[path = "../common/mod.rs"]
mod common;

use std::collections::{BTreeMap, BTreeSet};

use chessnote::diagram::{
    Arrow, Diagram, DiagramStyle, MarkedSquare, Rgba, RgbaErrorKind, ShapeColor, SvgOptions,
    SvgPaint,
};
use chessnote::fen::{Epd, Setup};
use chessnote::pgn::Reader;
use chessnote::position::{CastlingMode, Position};
use chessnote::{Board, Color, Piece, PieceKind, Square};
use proptest::prelude::*;

/// What an SVG diagram draws, read back from its XML.
#[derive(Debug, Default)]
struct Drawn {
    /// `square -> (colour, kind)` of every `<use>` of a piece.
    pieces: BTreeMap<String, (String, String)>,
    /// `square -> (x, y)` of every piece.
    piece_at: BTreeMap<String, (f64, f64)>,
    /// `square -> (x, y, fill, classes)` of every square.
    squares: BTreeMap<String, (f64, f64, String, Vec<String>)>,
    /// `colour square` of every mark.
    marks: Vec<String>,
    /// `colour from to` of every arrow.
    arrows: Vec<String>,
    /// The square of the check glow.
    check: Option<String>,
    /// The ids defined in `<defs>`.
    ids: BTreeSet<String>,
    /// The `<text>` of the coordinates.
    coordinates: Vec<String>,
    /// The `width` attribute of the root.
    width: String,
    /// The `viewBox` attribute of the root.
    view_box: String,
    /// `(colour, kind) -> (count, y)` of every piece drawn in a pocket.
    pockets: BTreeMap<(String, String), (u8, f64)>,
    /// `colour -> (text, y)` of the check counters.
    checks: BTreeMap<String, (String, f64)>,
}

fn classes(node: roxmltree::Node<'_, '_>) -> Vec<String> {
    node.attribute("class")
        .unwrap_or("")
        .split(' ')
        .map(str::to_owned)
        .collect()
}

fn num(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("{name} of {node:?}"))
        .parse()
        .unwrap()
}

/// Parses `svg` (failing the test if it is not well-formed XML) and reads
/// back what it draws.
fn read_svg(svg: &str) -> Drawn {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let mut drawn = Drawn {
        width: root.attribute("width").unwrap_or("").to_owned(),
        view_box: root.attribute("viewBox").unwrap_or("").to_owned(),
        ..Drawn::default()
    };
    for node in root.descendants().filter(|n| n.is_element()) {
        if let Some(id) = node.attribute("id") {
            assert!(drawn.ids.insert(id.to_owned()), "id {id} defined twice");
        }
        let class = classes(node);
        match (node.tag_name().name(), class[0].as_str()) {
            ("use", "piece") => {
                let href = node.attribute("href").unwrap();
                assert_eq!(href, format!("#{}-{}", class[1], class[2]));
                assert_eq!(
                    node.attribute(("http://www.w3.org/1999/xlink", "href")),
                    Some(href)
                );
                drawn
                    .pieces
                    .insert(class[3].clone(), (class[1].clone(), class[2].clone()));
                drawn
                    .piece_at
                    .insert(class[3].clone(), (num(node, "x"), num(node, "y")));
            }
            ("rect", "square") => {
                let square = class.last().unwrap().clone();
                let fill = node.attribute("fill").unwrap().to_owned();
                let entry = (num(node, "x"), num(node, "y"), fill, class);
                assert!(drawn.squares.insert(square, entry).is_none());
            }
            ("rect", "mark") => drawn.marks.push(class[1..].join(" ")),
            ("rect", "check") => drawn.check = Some(class[1].clone()),
            ("polygon" | "circle", "arrow") => drawn.arrows.push(class[1..].join(" ")),
            ("text", "coordinate") => drawn.coordinates.push(node.text().unwrap().to_owned()),
            ("use", "pocket") => {
                let key = (class[1].clone(), class[2].clone());
                let entry = (1, num(node, "y"));
                assert!(drawn.pockets.insert(key, entry).is_none(), "drawn twice");
            }
            ("text", "pocket-count") => {
                let key = (class[1].clone(), class[2].clone());
                let count: u8 = node.text().unwrap().parse().unwrap();
                assert!(count > 1);
                drawn
                    .pockets
                    .get_mut(&key)
                    .expect("a count of a piece drawn")
                    .0 = count;
            }
            ("text", "checks") => {
                let text = node.text().unwrap().to_owned();
                drawn
                    .checks
                    .insert(class[1].clone(), (text, num(node, "y")));
            }
            _ => {}
        }
    }
    for (color, kind) in drawn.pockets.keys() {
        assert!(
            drawn.ids.contains(&format!("{color}-{kind}")),
            "{kind} not defined"
        );
    }
    for href in drawn.pieces.values().map(|(c, k)| format!("{c}-{k}")) {
        assert!(drawn.ids.contains(&href), "{href} used but not defined");
    }
    drawn
}

/// The top-left corner of `square` seen with `bottom` at the bottom,
/// computed from its name: files a-h left to right for White.
fn expected_corner(square: &str, bottom: Color) -> (f64, f64) {
    let bytes = square.as_bytes();
    let file = f64::from(bytes[0] - b'a');
    let rank = f64::from(bytes[1] - b'1');
    match bottom {
        Color::White => (file * 45.0, (7.0 - rank) * 45.0),
        Color::Black => ((7.0 - file) * 45.0, rank * 45.0),
    }
}

/// The pieces of a FEN placement field, read here by hand: `square ->
/// (colour, kind)`.
fn placement(fen: &str) -> BTreeMap<String, (String, String)> {
    let mut pieces = BTreeMap::new();
    let field = fen.split(' ').next().unwrap();
    for (row, rank) in field.split('/').enumerate() {
        let mut file = 0u8;
        for c in rank.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n as u8;
                continue;
            }
            let color = if c.is_ascii_uppercase() {
                "white"
            } else {
                "black"
            };
            let kind = match c.to_ascii_lowercase() {
                'k' => "king",
                'q' => "queen",
                'r' => "rook",
                'b' => "bishop",
                'n' => "knight",
                'p' => "pawn",
                other => panic!("piece {other}"),
            };
            let square = format!("{}{}", char::from(b'a' + file), 8 - row);
            pieces.insert(square, (color.to_owned(), kind.to_owned()));
            file += 1;
        }
    }
    pieces
}

/// Every piece of `fen` drawn on its square, in both orientations, with 64
/// squares of the right colours and the coordinates.
fn check_position(fen: &str, setup: &Setup) {
    let expected = placement(fen);
    for bottom in Color::ALL {
        let mut diagram = Diagram::new(setup.board);
        diagram.orientation = bottom;
        let drawn = read_svg(&diagram.svg(&SvgOptions::default()).to_string());
        assert_eq!(drawn.pieces, expected, "{fen}");
        for (square, at) in &drawn.piece_at {
            assert_eq!(*at, expected_corner(square, bottom), "{fen}: {square}");
        }
        assert_eq!(drawn.squares.len(), 64);
        for (square, (x, y, fill, class)) in &drawn.squares {
            assert_eq!((*x, *y), expected_corner(square, bottom), "{square}");
            let b = square.as_bytes();
            let dark = (b[0] - b'a' + b[1] - b'1').is_multiple_of(2);
            let (name, color) = if dark {
                ("dark", "#b58863")
            } else {
                ("light", "#f0d9b5")
            };
            assert_eq!(
                (class[1].as_str(), fill.as_str()),
                (name, color),
                "{square}"
            );
        }
        let mut coordinates = drawn.coordinates.clone();
        coordinates.sort();
        assert_eq!(coordinates.concat(), "12345678abcdefgh");
    }
}

/// The FENs and EPD records of some shared files, at most `cap` a file.
fn positions(files: &[&str], cap: usize) -> Vec<String> {
    let mut records = Vec::new();
    for rel in files {
        let Some(data) = common::read_data(rel) else {
            eprintln!("skipped: {rel} missing");
            continue;
        };
        let text = String::from_utf8(data).unwrap();
        records.extend(
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .take(cap)
                .map(str::to_owned),
        );
    }
    records
}

#[test]
fn every_piece_of_real_positions_is_drawn_on_its_square() {
    let records = positions(
        &[
            "data/fen/cozy-chess/chess960_start_positions.sfens",
            "data/epd/test-suites/wac.epd",
            "data/epd/test-suites/bratko-kopec.epd",
            "data/epd/stockfish-books/stalemates_200d30_v1.epd",
            "data/epd/python-chess/endgame.epd",
        ],
        400,
    );
    let mut checked = 0;
    for record in &records {
        let setup = match Setup::from_ascii(record.as_bytes()) {
            Ok(setup) => setup,
            Err(_) => Epd::from_ascii(record.as_bytes()).expect(record).setup,
        };
        check_position(record, &setup);
        checked += 1;
    }
    if !records.is_empty() {
        assert!(checked > 1000, "{checked} positions");
    }
}

/// The items of every `[%name ...]` in `comment`, found here by plain
/// string search.
fn command_items(comment: &str, name: &str) -> Vec<String> {
    let mut items = Vec::new();
    let open = format!("[%{name} ");
    let mut rest = comment;
    while let Some(at) = rest.find(&open) {
        let args = &rest[at + open.len()..];
        let end = args.find(']').unwrap();
        items.extend(
            args[..end]
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        );
        rest = &args[end..];
    }
    items
}

/// `Ge2e4` as the SVG classes name it: `green e2 e4`.
fn shape_classes(item: &str) -> String {
    let color = match &item[..1] {
        "R" => "red",
        "G" => "green",
        "Y" => "yellow",
        "B" => "blue",
        other => panic!("colour {other}"),
    };
    let squares: Vec<&str> = vec![&item[1..3], item.get(3..5).unwrap_or("")];
    format!("{color} {}", squares.join(" "))
        .trim_end()
        .to_owned()
}

#[test]
fn real_studies_draw_their_shapes_last_moves_and_checks() {
    let dir = "data/pgn/small/pychess-lichess-studies";
    let Some(path) = common::shared_path(dir) else {
        eprintln!("skipped: {dir} missing");
        return;
    };
    let (mut positions, mut arrows, mut marks, mut checks) = (0, 0, 0, 0);
    for entry in std::fs::read_dir(path).unwrap() {
        let data = std::fs::read(entry.unwrap().path()).unwrap();
        for game in Reader::from_slice(&data).games() {
            for (ply, diagram) in game.diagrams().enumerate() {
                let drawn = read_svg(&diagram.svg(&SvgOptions::default()).to_string());
                let comments: Vec<&str> = game.comments(ply).collect();
                let all = |name| -> Vec<String> {
                    comments
                        .iter()
                        .flat_map(|c| command_items(c, name))
                        .map(|item| shape_classes(&item))
                        .collect()
                };
                assert_eq!(drawn.arrows, all("cal"), "ply {ply} of {:?}", game.tags);
                assert_eq!(drawn.marks, all("csl"), "ply {ply} of {:?}", game.tags);
                arrows += drawn.arrows.len();
                marks += drawn.marks.len();
                // Lichess writes `+` and `#` on every check; a study may
                // start with one.
                let san_check = match ply {
                    0 => Position::from_setup(&game.start, CastlingMode::detect(&game.start))
                        .is_ok_and(|p| p.is_check()),
                    _ => {
                        let san = game.moves[ply - 1].san.to_string();
                        san.ends_with('+') || san.ends_with('#')
                    }
                };
                assert_eq!(
                    drawn.check.is_some(),
                    san_check,
                    "ply {ply} of {:?}",
                    game.tags
                );
                checks += usize::from(san_check);
                let last: BTreeSet<&String> = drawn
                    .squares
                    .iter()
                    .filter(|(_, s)| s.3.iter().any(|c| c == "lastmove"))
                    .map(|(square, _)| square)
                    .collect();
                match ply.checked_sub(1).and_then(|i| game.moves[i].mv) {
                    Some(mv) => {
                        let (from, to) = (mv.from().to_string(), mv.to().to_string());
                        assert_eq!(last, BTreeSet::from([&from, &to]), "ply {ply}");
                    }
                    None => assert!(last.is_empty()),
                }
                positions += 1;
            }
        }
    }
    assert!(positions > 500, "{positions} positions");
    assert!(
        arrows > 50 && marks > 10 && checks > 50,
        "{arrows} {marks} {checks}"
    );
}

#[test]
fn the_check_is_the_king_of_the_side_to_move() {
    let setup: Setup = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        .parse()
        .unwrap();
    let position = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
    let drawn = read_svg(&position.diagram().svg(&SvgOptions::default()).to_string());
    assert_eq!(drawn.check.as_deref(), Some("e1"));
    assert!(drawn.ids.contains("check"));
    let calm = read_svg(
        &Position::new()
            .diagram()
            .svg(&SvgOptions::default())
            .to_string(),
    );
    assert_eq!((calm.check, calm.ids.contains("check")), (None, false));
}

#[test]
fn a_game_stops_drawing_where_its_replay_stops() {
    let pgn = b"1. e4 e5 2. Nf3 -- 3. Bc4 Ke7 4. Qxh8 *";
    let game = Reader::from_slice(pgn).games().next().unwrap();
    let diagrams: Vec<Diagram> = game.diagrams().collect();
    // Qxh8 is illegal: the start and six plies, the null move among them.
    assert_eq!(diagrams.len(), 7);
    assert_eq!(diagrams[4].last_move, None);
    assert_eq!(diagrams[4].board, diagrams[3].board);
    assert_eq!(game.diagram(6), diagrams.last().cloned());
    assert_eq!(game.diagram(7), None);
    assert!(!game.errors.is_empty());
    // Skipping (nth, last) plays the moves it does not draw.
    assert_eq!(game.last_diagram(), (6, diagrams[6].clone()));
    assert_eq!(game.diagrams().last(), Some(diagrams[6].clone()));
    for (ply, diagram) in diagrams.iter().enumerate() {
        assert_eq!(game.diagram(ply).as_ref(), Some(diagram));
    }
}

#[test]
fn a_start_position_that_is_not_legal_is_drawn_alone() {
    let pgn = b"[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *";
    let game = Reader::from_slice(pgn).games().next().unwrap();
    let diagrams: Vec<Diagram> = game.diagrams().collect();
    assert_eq!(diagrams.len(), 1);
    assert_eq!(game.last_diagram(), (0, diagrams[0].clone()));
    assert_eq!(game.diagram(1), None);
}

#[test]
fn colours_size_and_coordinates_are_settable() {
    let mut options = SvgOptions {
        size: 123,
        ..SvgOptions::default()
    };
    options
        .colors
        .set(SvgPaint::Light, "#eeeeee".parse().unwrap());
    options
        .colors
        .set(SvgPaint::Green, "#00ff0080".parse().unwrap());
    let mut diagram = Diagram::new(Board::STARTING);
    diagram.coordinates = false;
    diagram.squares.push(MarkedSquare {
        color: ShapeColor::Green,
        square: Square::D4,
    });
    diagram.arrows.push(Arrow {
        color: ShapeColor::Green,
        from: Square::G1,
        to: Square::F3,
    });
    let svg = diagram.svg(&options).to_string();
    let drawn = read_svg(&svg);
    assert_eq!(drawn.width, "123");
    assert_eq!(drawn.squares["a8"].2, "#eeeeee");
    assert_eq!(drawn.squares["a1"].2, "#b58863");
    assert!(drawn.coordinates.is_empty());
    // The mark at half the colour's opacity, the arrow at the opacity.
    assert!(svg.contains("class=\"mark green d4\" fill=\"#00ff00\" fill-opacity=\"0.25\""));
    assert!(svg.contains("fill=\"#00ff00\" fill-opacity=\"0.5\" class=\"arrow green g1 f3\""));
}

#[test]
fn piece_colours_paint_bodies_and_lines() {
    let mut options = SvgOptions::default();
    options
        .colors
        .set(SvgPaint::BlackPiece, Rgba::rgb(0x22, 0x33, 0x44));
    let svg = Diagram::new(Board::STARTING).svg(&options).to_string();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let group = |id: &str| {
        doc.descendants()
            .find(|n| n.attribute("id") == Some(id))
            .unwrap()
    };
    let paths = |id| -> Vec<(Option<String>, Option<String>)> {
        group(id)
            .children()
            .filter(|n| n.is_element())
            .map(|n| {
                (
                    n.attribute("fill").map(str::to_owned),
                    n.attribute("stroke").map(str::to_owned),
                )
            })
            .collect()
    };
    let white = paths("white-knight");
    assert_eq!(white[0], (Some("#ffffff".into()), Some("#223344".into())));
    let black = paths("black-knight");
    assert_eq!(black[0], (Some("#223344".into()), Some("#223344".into())));
    assert_eq!(black[1], (Some("none".into()), Some("#ffffff".into())));
}

#[test]
fn colours_read_with_errors_at_their_byte() {
    assert_eq!("#abc".parse::<Rgba>(), Ok(Rgba::rgb(0xaa, 0xbb, 0xcc)));
    for (text, kind, offset) in [
        ("", RgbaErrorKind::ExpectedHash, 0),
        ("red", RgbaErrorKind::ExpectedHash, 0),
        ("#", RgbaErrorKind::WrongLength, 1),
        ("#12", RgbaErrorKind::WrongLength, 3),
        ("#12345", RgbaErrorKind::WrongLength, 6),
        ("#123456789", RgbaErrorKind::WrongLength, 9),
        ("#12x", RgbaErrorKind::ExpectedHexDigit, 3),
        ("#1234567 ", RgbaErrorKind::ExpectedHexDigit, 8),
    ] {
        let err = text.parse::<Rgba>().unwrap_err();
        assert_eq!((err.kind(), err.offset()), (kind, offset), "{text:?}");
    }
    for paint in SvgPaint::ALL {
        assert_eq!(paint.name().parse::<SvgPaint>(), Ok(paint));
    }
}

#[test]
fn text_diagrams_turn_with_the_orientation() {
    let setup: Setup = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
        .parse()
        .unwrap();
    let mut diagram = Diagram::new(setup.board);
    let white = diagram.text(DiagramStyle::Ascii).to_string();
    assert_eq!(white, setup.board.diagram(DiagramStyle::Ascii).to_string());
    diagram.orientation = Color::Black;
    let black = diagram.text(DiagramStyle::Ascii).to_string();
    // Black's view is White's turned half a circle: lines in reverse order,
    // each read backwards (the coordinates apart).
    let rows = |text: &str, backwards: bool| -> Vec<String> {
        text.lines()
            .take(8)
            .map(|l| match backwards {
                true => l[2..].chars().rev().collect(),
                false => l[2..].to_owned(),
            })
            .collect()
    };
    let mut turned = rows(&white, true);
    turned.reverse();
    assert_eq!(rows(&black, false), turned);
    assert_eq!(black.lines().last(), Some("  h g f e d c b a"));
    assert_eq!(black.lines().next().unwrap().as_bytes()[0], b'1');
    diagram.coordinates = false;
    let bare = diagram.text(DiagramStyle::Unicode).to_string();
    assert_eq!(bare.lines().count(), 8);
    assert_eq!(bare.lines().next(), Some("♖ ♘ · ♔ · ♗ ♘ ♖"));
}

fn any_board() -> impl Strategy<Value = Board> {
    proptest::collection::vec(proptest::option::weighted(0.4, 0..12u8), 64).prop_map(|cells| {
        let mut board = Board::EMPTY;
        for (square, cell) in Square::ALL.into_iter().zip(cells) {
            board[square] = cell.map(|i| Piece {
                kind: PieceKind::ALL[usize::from(i % 6)],
                color: Color::ALL[usize::from(i / 6)],
            });
        }
        board
    })
}

proptest! {
    /// Any board, legal or not, with any marks, is well-formed SVG that
    /// draws exactly its pieces.
    #[test]
    fn any_board_is_drawn_exactly(
        board in any_board(),
        black in any::<bool>(),
        arrows in proptest::collection::vec((0..4usize, 0..64usize, 0..64usize), 0..6),
    ) {
        let mut diagram = Diagram::new(board);
        diagram.orientation = if black { Color::Black } else { Color::White };
        diagram.arrows = arrows
            .iter()
            .map(|&(c, from, to)| Arrow {
                color: ShapeColor::ALL[c],
                from: Square::ALL[from],
                to: Square::ALL[to],
            })
            .collect();
        let drawn = read_svg(&diagram.svg(&SvgOptions::default()).to_string());
        let expected: BTreeMap<String, (String, String)> = board
            .pieces()
            .map(|(sq, p)| (sq.to_string(), (p.color.name().to_owned(), p.kind.lower_name().to_owned())))
            .collect();
        prop_assert_eq!(drawn.pieces, expected);
        prop_assert_eq!(drawn.arrows.len(), arrows.len());
    }
}

/// Issue 30: a builder that keeps only the last move gives the same last
/// diagram, end position, problems, result and ply count as the whole
/// game, on real studies (shapes, checks) and on games whose replay stops;
/// and one for the problems only, the same problems.
#[test]
fn the_last_move_only_builders_give_the_whole_games_last_diagram_and_problems() {
    use chessnote::pgn::{Game, ReadOptions};
    let mut files: Vec<Vec<u8>> =
        vec![b"1. e4 e5 2. Nf3 -- 3. Bc4 Ke7 4. Qxh8 { [%csl Gh8] } 5. d4 *".to_vec()];
    for dir in [
        "data/pgn/small/pychess-lichess-studies",
        "data/pgn/small/python-chess",
    ] {
        let Some(path) = common::shared_path(dir) else {
            eprintln!("skipped: {dir} missing");
            return;
        };
        for entry in std::fs::read_dir(path).unwrap() {
            files.push(std::fs::read(entry.unwrap().path()).unwrap());
        }
    }
    let (mut games, mut dropped) = (0, 0);
    for data in &files {
        let mut whole = Reader::from_slice(data);
        let mut last = Reader::from_slice(data);
        let mut problems = Reader::from_slice(data);
        let mut last_builder = Game::builder_with(ReadOptions::DEFAULT).last_move_only();
        let mut problems_builder = Game::builder_with(ReadOptions::DEFAULT).problems_only();
        while let Some(game) = whole.read_game(&mut Game::builder()).unwrap() {
            let light = last.read_game(&mut last_builder).unwrap().unwrap();
            let lean = problems.read_game(&mut problems_builder).unwrap().unwrap();
            assert_eq!(light.last_diagram(), game.last_diagram(), "{:?}", game.tags);
            assert_eq!(light.end(), game.end());
            // The move that reached the last position, with its notes.
            let ply = game.last_diagram().0;
            // What a move says (where its notes are in the game's buffers
            // differs).
            let said = |m: &chessnote::pgn::MainlineMove| {
                (m.san, m.mv, m.played, m.standard, m.clock(), m.eval())
            };
            assert_eq!(light.move_at(ply).map(said), game.move_at(ply).map(said));
            assert!(light.comments(ply).eq(game.comments(ply)));
            assert_eq!(light.nags(ply), game.nags(ply));
            if game.moves.iter().all(|m| m.played) {
                assert_eq!(light.moves.last().map(said), game.moves.last().map(said));
                assert_eq!(light.moves_dropped() + light.moves.len(), game.moves.len());
            }
            for lighter in [&light, &lean] {
                assert_eq!(lighter.errors, game.errors);
                assert_eq!(lighter.warnings, game.warnings);
                assert_eq!(lighter.result, game.result);
                assert!(lighter.moves.len() <= 1);
            }
            games += 1;
            dropped += light.moves_dropped();
        }
    }
    assert!(
        games > 100 && dropped > 1000,
        "{games} games, {dropped} moves dropped"
    );
}

/// Issue 34: a variant game's diagrams are its positions by its rules. On
/// the 210 random games python-chess's `chess.variant` played
/// (`scripts/gen_variant_vectors.py`), read as PGN with their `Variant`
/// tag: every ply's FEN is python-chess's (pockets and check counters
/// included), its diagram has python-chess's board, check, pockets and
/// counters, and the SVG draws each side's pocket and counter on its side
/// of the board, in both orientations.
#[test]
fn variant_games_draw_python_chess_s_positions_pockets_and_counters() {
    use chessnote::fen::VariantSetup;
    let text = chessnote_testdata::vectors_text("variant-games.jsonl.zst");
    let (mut drawn, mut with_pockets, mut with_checks) = (0, 0, 0);
    for line in text.lines() {
        let game: serde_json::Value = serde_json::from_str(line).expect("json");
        let plies = game["plies"].as_array().expect("plies");
        let sans: Vec<&str> = plies.iter().filter_map(|p| p["san"].as_str()).collect();
        let pgn = format!(
            "[Variant \"{}\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n\n{} *\n",
            game["variant"].as_str().unwrap(),
            game["start"].as_str().unwrap(),
            sans.join(" ")
        );
        let read = Reader::from_slice(pgn.as_bytes()).games().next().unwrap();
        assert_eq!(read.errors, [], "{pgn}");
        let mut diagrams = read.diagrams();
        let mut ply = 0;
        while let Some(diagram) = diagrams.next() {
            let fen = if ply == 0 {
                game["start"].as_str().unwrap()
            } else {
                plies[ply - 1]["fen"].as_str().unwrap()
            };
            let want: VariantSetup = fen.parse().unwrap();
            let got: VariantSetup = diagrams.fen().parse().unwrap();
            let here = format!("{pgn} ply {ply}: {fen}");
            assert_eq!(got, want, "{here}");
            assert_eq!(diagram.board, want.setup.board, "{here}");
            assert_eq!(diagram.pockets, want.pockets, "{here}");
            assert_eq!(diagram.checks_left, want.checks_left, "{here}");
            // A game cut at python-chess's ply limit has no last record.
            if let Some(check) = plies.get(ply).and_then(|p| p["check"].as_bool()) {
                assert_eq!(diagram.check.is_some(), check, "{here}");
            }
            if ply % 7 == 3 {
                for bottom in Color::ALL {
                    let mut turned = diagram.clone();
                    turned.orientation = bottom;
                    let svg = read_svg(&turned.svg(&SvgOptions::default()).to_string());
                    let strips = want.pockets.is_some() || want.checks_left.is_some();
                    let view = if strips {
                        "0 -45 360 450"
                    } else {
                        "0 0 360 360"
                    };
                    assert_eq!(svg.view_box, view, "{here}");
                    // The bottom side's strip under the board, the other's above.
                    let y_of = |color: &str| if color == bottom.name() { 360.0 } else { -45.0 };
                    for ((color, kind), (count, y)) in &svg.pockets {
                        let piece = Piece {
                            color: if color == "white" {
                                Color::White
                            } else {
                                Color::Black
                            },
                            kind: PieceKind::ALL
                                .into_iter()
                                .find(|k| k.lower_name() == kind)
                                .unwrap(),
                        };
                        assert_eq!(Some(*count), want.pockets.map(|p| p.count(piece)), "{here}");
                        assert_eq!(*y, y_of(color), "{here}");
                    }
                    let in_hand = want
                        .pockets
                        .map_or(0, |p| p.len(Color::White) + p.len(Color::Black));
                    let counted: usize = svg.pockets.values().map(|(n, _)| usize::from(*n)).sum();
                    assert_eq!(counted, in_hand, "{here}");
                    with_pockets += usize::from(in_hand > 0);
                    if let Some([white, black]) = want.checks_left {
                        for (color, left) in [("white", white), ("black", black)] {
                            let (text, y) = &svg.checks[color];
                            assert!(text.starts_with(&format!("{left} check")), "{text}");
                            assert!(*y > y_of(color) && *y < y_of(color) + 45.0, "{here}");
                        }
                        with_checks += 1;
                    } else {
                        assert!(svg.checks.is_empty(), "{here}");
                    }
                    drawn += 1;
                }
            }
            ply += 1;
        }
        assert_eq!(ply, sans.len() + 1, "{pgn}");
    }
    assert!(
        drawn > 3000 && with_pockets > 200 && with_checks > 100,
        "{drawn} {with_pockets} {with_checks}"
    );
}
