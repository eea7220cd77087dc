//! ERAN: the seed's table, every grammar rule with accepted and rejected
//! examples, error positions, and round trips (exhaustive and proptest).

use crate::common;

use chessnote::eran::{DropMove, Eran, EranError, EranErrorKind, MAX_LEN, RegularMove, Style};
use chessnote::{CastlingSide, PieceKind, Square};
use proptest::prelude::*;

/// The nine rows of the table in seed 003: move type, verbose, short.
const SEED_TABLE: [(&str, &str, &str); 9] = [
    ("Quiet pawn move", "Pawn e2-e4", "P e2-e4"),
    ("Quiet piece move", "Knight b1-c3", "N b1-c3"),
    ("Normal capture (non-pawn)", "Rook a1xa8", "R a1xa8"),
    ("Pawn capture", "Pawn f5xe6", "P f5xe6"),
    ("Promotion", "Pawn g7-g8 ->Queen", "P g7-g8 >Q"),
    ("Kingside castling", "castling-kingside", "ck"),
    ("Queenside castling", "castling-queenside", "cq"),
    ("En passant (as regular move)", "Pawn e5xd6", "P e5xd6"),
    ("En passant (as explicit)", "en-passant", "ep"),
];

fn parse(s: &str) -> Result<Eran, EranError> {
    Eran::from_ascii(s.as_bytes())
}

fn mixed_case(s: &str, start_upper: bool) -> String {
    s.chars()
        .enumerate()
        .map(|(i, c)| {
            if (i % 2 == 0) == start_upper {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

#[test]
fn the_seed_table_parses_in_both_forms_and_every_case_and_prints_back() {
    for (what, verbose, short) in SEED_TABLE {
        let value = parse(verbose).unwrap_or_else(|e| panic!("{what}: {verbose:?}: {e}"));
        for text in [verbose, short] {
            for variant in [
                text.to_string(),
                text.to_ascii_uppercase(),
                text.to_ascii_lowercase(),
                mixed_case(text, true),
                mixed_case(text, false),
            ] {
                assert_eq!(parse(&variant), Ok(value), "{what}: {variant:?}");
            }
        }
        assert_eq!(value.to_string(), verbose, "{what}");
        assert_eq!(value.verbose().to_string(), verbose, "{what}");
        assert_eq!(value.short().to_string(), short, "{what}");
        let mut buf = String::new();
        value.short().append_to(&mut buf);
        assert_eq!(buf, short);
    }
}

#[test]
fn the_seed_table_values_are_what_the_rows_say() {
    let regular = |s: &str| parse(s).unwrap().regular().unwrap();
    let e4 = regular("Pawn e2-e4");
    assert_eq!(
        (
            e4.piece(),
            e4.from(),
            e4.to(),
            e4.is_capture(),
            e4.promotion()
        ),
        (PieceKind::Pawn, Square::E2, Square::E4, false, None)
    );
    assert_eq!(regular("N b1-c3").piece(), PieceKind::Knight);
    assert!(regular("R a1xa8").is_capture());
    assert_eq!(regular("P g7-g8 >Q").promotion(), Some(PieceKind::Queen));
    assert_eq!(parse("ck"), Ok(Eran::Castle(CastlingSide::KingSide)));
    assert_eq!(parse("cq"), Ok(Eran::Castle(CastlingSide::QueenSide)));
    assert_eq!(parse("ep"), Ok(Eran::EnPassant));
    assert!(parse("P e5xd6").unwrap().is_capture());
}

/// The table in the seed file itself, when `../shared` is present, is the
/// one transcribed above.
#[test]
fn the_transcribed_table_matches_the_seed_file() {
    let Some(dir) = common::shared_path("seeds") else {
        return;
    };
    let seed = std::fs::read_dir(&dir)
        .expect("read seeds")
        .filter_map(|e| e.ok())
        .find(|e| e.file_name().to_string_lossy().starts_with("003_"))
        .expect("seed 003");
    let text = std::fs::read_to_string(seed.path()).expect("read seed 003");
    let rows: Vec<(String, String)> = text
        .lines()
        .filter(|l| l.starts_with('|'))
        .map(|l| l.split('|').map(str::trim).collect::<Vec<_>>())
        .filter(|cells| cells.len() > 3 && cells[2].starts_with('`'))
        .map(|cells| {
            (
                cells[2].trim_matches('`').into(),
                cells[3].trim_matches('`').into(),
            )
        })
        .collect();
    let expected: Vec<(String, String)> = SEED_TABLE
        .iter()
        .map(|(_, v, s)| (v.to_string(), s.to_string()))
        .collect();
    assert_eq!(rows, expected);
}

/// Asserts that `input` is rejected with `kind` at byte `offset`.
#[track_caller]
fn rejects(input: &str, kind: EranErrorKind, offset: usize) {
    let got = parse(input);
    assert_eq!(
        got.map_err(|e| (e.kind(), e.offset())),
        Err((kind, offset)),
        "{input:?}"
    );
}

#[track_caller]
fn accepts(input: &str, canonical: &str) {
    match parse(input) {
        Ok(eran) => assert_eq!(eran.to_string(), canonical, "{input:?}"),
        Err(e) => panic!("{input:?} rejected: {e}"),
    }
}

// One test per rule of docs/eran.ebnf.

#[test]
fn rule_move_starts_with_a_piece_c_or_e() {
    accepts("K e1-e2", "King e1-e2");
    accepts("castling-kingside", "castling-kingside");
    accepts("EN-PASSANT", "en-passant");
    rejects("", EranErrorKind::Move, 0);
    rejects(" P e2-e4", EranErrorKind::Move, 0);
    rejects("e2-e4", EranErrorKind::EnPassant, 1);
    rejects("O-O", EranErrorKind::Move, 0);
    rejects("Nf3", EranErrorKind::SpaceAfterPiece, 1);
    rejects("\u{212A}ing e1-e2", EranErrorKind::Move, 0); // KELVIN SIGN is not `K`
}

#[test]
fn rule_castling() {
    for (text, side) in [
        ("castling-kingside", CastlingSide::KingSide),
        ("ck", CastlingSide::KingSide),
        ("castling-queenside", CastlingSide::QueenSide),
        ("cq", CastlingSide::QueenSide),
        ("Castling-Kingside", CastlingSide::KingSide),
        ("CQ", CastlingSide::QueenSide),
        ("cK", CastlingSide::KingSide),
    ] {
        assert_eq!(parse(text), Ok(Eran::Castle(side)), "{text}");
    }
    rejects("c", EranErrorKind::Castling, 1);
    rejects("cx", EranErrorKind::Castling, 1);
    rejects("ck ", EranErrorKind::End, 2);
    rejects("ck+", EranErrorKind::End, 2);
    rejects("castling", EranErrorKind::Castling, 8);
    rejects("castling kingside", EranErrorKind::Castling, 8);
    rejects("castling-", EranErrorKind::Castling, 9);
    rejects("castling-kingsid", EranErrorKind::Castling, 16);
    rejects("castling-kingside ", EranErrorKind::End, 17);
    rejects("castling-queen", EranErrorKind::Castling, 14);
    rejects("castle-kingside", EranErrorKind::Castling, 5);
    rejects("cqueenside", EranErrorKind::End, 2);
}

#[test]
fn rule_en_passant() {
    for text in ["en-passant", "ep", "EP", "En-Passant", "eP"] {
        assert_eq!(parse(text), Ok(Eran::EnPassant), "{text}");
    }
    rejects("e", EranErrorKind::EnPassant, 1);
    rejects("e.p.", EranErrorKind::EnPassant, 1);
    rejects("en passant", EranErrorKind::EnPassant, 2);
    rejects("enpassant", EranErrorKind::EnPassant, 2);
    rejects("en-passant!", EranErrorKind::End, 10);
    rejects("ep\t", EranErrorKind::End, 2);
}

#[test]
fn rule_pawn_and_officer_names() {
    for (name, kind) in [
        ("Pawn", PieceKind::Pawn),
        ("P", PieceKind::Pawn),
        ("knight", PieceKind::Knight),
        ("N", PieceKind::Knight),
        ("BISHOP", PieceKind::Bishop),
        ("b", PieceKind::Bishop),
        ("Rook", PieceKind::Rook),
        ("r", PieceKind::Rook),
        ("queen", PieceKind::Queen),
        ("Q", PieceKind::Queen),
        ("kInG", PieceKind::King),
        ("K", PieceKind::King),
    ] {
        let (from, to) = match kind {
            PieceKind::Knight => ("b1", "c3"),
            PieceKind::Pawn => ("d2", "d3"),
            PieceKind::Bishop => ("c1", "d2"),
            _ => ("d1", "d2"),
        };
        let eran = parse(&format!("{name} {from}-{to}")).unwrap();
        assert_eq!(eran.regular().unwrap().piece(), kind, "{name}");
    }
    rejects("Pa e2-e4", EranErrorKind::PieceName, 2);
    rejects("Kni b1-c3", EranErrorKind::PieceName, 3);
    rejects("Kt b1-c3", EranErrorKind::SpaceAfterPiece, 1);
    rejects("Pawns e2-e4", EranErrorKind::SpaceAfterPiece, 4);
    rejects("Knights b1-c3", EranErrorKind::SpaceAfterPiece, 6);
    rejects("X e2-e4", EranErrorKind::Move, 0);
    rejects("S e2-e4", EranErrorKind::Move, 0);
    rejects("P", EranErrorKind::SpaceAfterPiece, 1);
    rejects("Pawn", EranErrorKind::SpaceAfterPiece, 4);
}

#[test]
fn rule_sp_is_exactly_one_space() {
    accepts("P e2-e4", "Pawn e2-e4");
    rejects("P  e2-e4", EranErrorKind::Origin, 2);
    rejects("P\te2-e4", EranErrorKind::SpaceAfterPiece, 1);
    rejects("Pe2-e4", EranErrorKind::SpaceAfterPiece, 1);
    rejects("P e2-e4 ", EranErrorKind::End, 7);
    rejects("P e2 -e4", EranErrorKind::Action, 4);
    rejects("P e2- e4", EranErrorKind::Destination, 5);
    rejects("P g7-g8  >Q", EranErrorKind::PromotionMarker, 8);
    rejects("P g7-g8\t>Q", EranErrorKind::MissingPromotion, 7);
    rejects("P g7-g8>Q", EranErrorKind::MissingPromotion, 7);
    rejects("P\u{a0}e2-e4", EranErrorKind::SpaceAfterPiece, 1);
}

#[test]
fn rule_square_file_and_rank() {
    accepts("Q A1-H8", "Queen a1-h8");
    accepts("q h8-a1", "Queen h8-a1");
    rejects("Q i1-h8", EranErrorKind::Origin, 2);
    rejects("Q a0-h8", EranErrorKind::Origin, 3);
    rejects("Q a9-h8", EranErrorKind::Origin, 3);
    rejects("Q a1-h9", EranErrorKind::Destination, 6);
    rejects("Q a1-z8", EranErrorKind::Destination, 5);
    rejects("Q a1-h", EranErrorKind::Destination, 6);
    rejects("Q a", EranErrorKind::Origin, 3);
    rejects("Q ", EranErrorKind::Origin, 2);
}

#[test]
fn rule_action() {
    accepts("R a1xa8", "Rook a1xa8");
    accepts("R a1Xa8", "Rook a1xa8");
    accepts("R a1-a8", "Rook a1-a8");
    rejects("R a1:a8", EranErrorKind::Action, 4);
    rejects("R a1a8", EranErrorKind::Action, 4);
    rejects("R a1\u{2013}a8", EranErrorKind::Action, 4); // en dash
    rejects("R a1", EranErrorKind::Action, 4);
    rejects("R a1*a8", EranErrorKind::Action, 4);
}

#[test]
fn rule_pawn_move_promotes_on_the_last_rank_and_only_there() {
    accepts("Pawn g7-g8 ->Queen", "Pawn g7-g8 ->Queen");
    accepts("P g7-g8 >Q", "Pawn g7-g8 ->Queen");
    accepts("P g7-g8 ->Q", "Pawn g7-g8 ->Queen");
    accepts("P g7-g8 >Queen", "Pawn g7-g8 ->Queen");
    accepts("P b2xa1 >n", "Pawn b2xa1 ->Knight");
    accepts("p h2-h1 ->ROOK", "Pawn h2-h1 ->Rook");
    accepts("P c7xd8 >bishop", "Pawn c7xd8 ->Bishop");
    rejects("P g7-g8", EranErrorKind::MissingPromotion, 7);
    rejects("P g7-g8=Q", EranErrorKind::MissingPromotion, 7);
    rejects("P g7-g8Q", EranErrorKind::MissingPromotion, 7);
    rejects("P e2-e4 >Q", EranErrorKind::PromotionNotOnLastRank, 8);
    rejects("P e6-e7 ->Queen", EranErrorKind::PromotionNotOnLastRank, 8);
    rejects("P e2-e4 Q", EranErrorKind::End, 7);
}

#[test]
fn rule_piece_move_never_promotes() {
    accepts("Rook a7-a8", "Rook a7-a8");
    rejects("R a7-a8 >Q", EranErrorKind::NonPawnPromotion, 8);
    rejects("Knight f6-g8 ->Queen", EranErrorKind::NonPawnPromotion, 13);
    rejects("N f6-g8 Q", EranErrorKind::End, 7);
    rejects("N b1-c3+", EranErrorKind::End, 7);
    rejects("N b1-c3 !", EranErrorKind::End, 7);
}

#[test]
fn rule_promotion_marker_and_piece() {
    rejects("P g7-g8 > Q", EranErrorKind::PromotionPiece, 9);
    rejects("P g7-g8 -> Q", EranErrorKind::PromotionPiece, 10);
    rejects("P g7-g8 - >Q", EranErrorKind::PromotionMarker, 9);
    rejects("P g7-g8 -Q", EranErrorKind::PromotionMarker, 9);
    rejects("P g7-g8 =Q", EranErrorKind::PromotionMarker, 8);
    rejects("P g7-g8 >>Q", EranErrorKind::PromotionPiece, 9);
    rejects("P g7-g8 >", EranErrorKind::PromotionPiece, 9);
    rejects("P g7-g8 ", EranErrorKind::PromotionMarker, 8);
    // A king: antichess's promotion (a position of chess refuses it).
    accepts("P g7-g8 >K", "Pawn g7-g8 ->King");
    accepts("P g7-g8 ->King", "Pawn g7-g8 ->King");
    rejects("P g7-g8 >P", EranErrorKind::PromotionPiece, 9);
    rejects("P g7-g8 ->Pawn", EranErrorKind::PromotionPiece, 10);
    rejects("P g7-g8 >Qu", EranErrorKind::PromotionPiece, 11);
    rejects("P g7-g8 >Queens", EranErrorKind::End, 14);
    rejects("P g7-g8 >Q+", EranErrorKind::End, 10);
    rejects("P g7-g8 >Q ", EranErrorKind::End, 10);
    rejects("P g7-g8 >X", EranErrorKind::PromotionPiece, 9);
}

#[test]
fn rule_drop_is_a_piece_an_at_sign_and_a_square() {
    use EranErrorKind::*;
    accepts("N @f3", "Knight @f3");
    accepts("knight @F3", "Knight @f3");
    accepts("P @e4", "Pawn @e4");
    accepts("pawn @a2", "Pawn @a2");
    accepts("QUEEN @D5", "Queen @d5");
    accepts("r @h8", "Rook @h8");
    accepts("Bishop @a1", "Bishop @a1");
    assert_eq!(
        parse("Knight @f3").map(|e| (e.short().to_string(), e.is_capture())),
        Ok(("N @f3".to_string(), false))
    );
    assert_eq!(
        parse("P @e4").map(|e| e.drop_move()),
        Ok(DropMove::new(PieceKind::Pawn, Square::E4).ok())
    );
    // Never a king, nor a pawn on rank 1 or 8.
    rejects("K @e4", DropPiece, 0);
    rejects("King @e4", DropPiece, 0);
    rejects("P @e8", PawnDropOnLastRank, 3);
    rejects("Pawn @a1", PawnDropOnLastRank, 6);
    // The square is written in full, once, right after `@`.
    rejects("N @", Destination, 3);
    rejects("N @f", Destination, 4);
    rejects("N @f9", Destination, 4);
    rejects("N @@f3", Destination, 3);
    rejects("N @ f3", Destination, 3);
    rejects("N@f3", SpaceAfterPiece, 1);
    rejects("N  @f3", Origin, 2);
    // Nothing follows: no check mark, no promotion.
    rejects("N @f3+", End, 5);
    rejects("N @f3 >Q", End, 5);
    rejects("P @e7 ->Queen", End, 5);
    assert_eq!(
        parse("Q @b6").map(|e| e.regular()),
        Ok(None),
        "a drop is not a regular move"
    );
    assert_eq!(
        "N @f3".parse::<RegularMove>().map_err(|e| e.kind()),
        Err(NotRegular)
    );
}

#[test]
fn side_condition_distinct_squares() {
    rejects("Q d1-d1", EranErrorKind::SameSquare, 5);
    rejects("P e4xe4", EranErrorKind::SameSquare, 5);
}

#[test]
fn side_condition_geometry_on_an_empty_board() {
    // A knight from b1 reaches a3, c3, d2 only.
    let reached: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|to| parse(&format!("N b1-{to}")).is_ok())
        .collect();
    assert_eq!(reached, [Square::D2, Square::A3, Square::C3]);

    let unreachable = |input: &str, piece, from, to, capture| {
        rejects(
            input,
            EranErrorKind::Unreachable {
                piece,
                from,
                to,
                capture,
            },
            input.len() - 2,
        )
    };
    use PieceKind::*;
    unreachable("N b1-b3", Knight, Square::B1, Square::B3, false);
    unreachable("B c1-c2", Bishop, Square::C1, Square::C2, false);
    unreachable("R a1xb2", Rook, Square::A1, Square::B2, true);
    unreachable("Q d1-e3", Queen, Square::D1, Square::E3, false);
    unreachable("King e1-g1", King, Square::E1, Square::G1, false);
    unreachable("K e1-c1", King, Square::E1, Square::C1, false);
    // Pawns: straight with `-`, diagonal with `x`, double steps from the
    // second or seventh rank; from rank 1 only up (horde's White pawns),
    // never from rank 8.
    accepts("P e2-e4", "Pawn e2-e4");
    accepts("P e7-e5", "Pawn e7-e5");
    accepts("P e4-e3", "Pawn e4-e3");
    accepts("P d4xe5", "Pawn d4xe5");
    accepts("P d4xc3", "Pawn d4xc3");
    unreachable("P e2xe3", Pawn, Square::E2, Square::E3, true);
    unreachable("P e2-d3", Pawn, Square::E2, Square::D3, false);
    unreachable("P e3-e5", Pawn, Square::E3, Square::E5, false);
    unreachable("P e2-e5", Pawn, Square::E2, Square::E5, false);
    rejects("P e7-e9", EranErrorKind::Destination, 6);
    accepts("P e1-e2", "Pawn e1-e2");
    accepts("P e1-e3", "Pawn e1-e3");
    accepts("P e1xf2", "Pawn e1xf2");
    unreachable("P e1-e4", Pawn, Square::E1, Square::E4, false);
    unreachable("P e1xe2", Pawn, Square::E1, Square::E2, true);
    unreachable("P e1xf3", Pawn, Square::E1, Square::F3, true);
    unreachable("P e8-e7", Pawn, Square::E8, Square::E7, false);
    unreachable("P e8-e6", Pawn, Square::E8, Square::E6, false);
    unreachable("P e8xd7", Pawn, Square::E8, Square::D7, true);
    unreachable("P e4xg6", Pawn, Square::E4, Square::G6, true);
}

#[test]
fn error_messages_say_what_was_expected_at_which_byte() {
    let message = |s: &str| parse(s).unwrap_err().to_string();
    assert_eq!(
        message("Pawn e2 e4"),
        "expected `-` or `x` after the origin square at byte 7"
    );
    assert_eq!(
        message("Pawn e7-e8"),
        "expected a promotion (` ->Queen`, ` >Q`, ...) after a pawn move to the last rank at byte 10"
    );
    assert_eq!(
        message("Knight b1-b3"),
        "expected a destination the knight can reach: it cannot move from b1 to b3 at byte 10"
    );
    assert_eq!(
        message("N b1-c3+"),
        "expected the end of the move at byte 7"
    );
    assert_eq!(
        message("R a7-a8 >Q"),
        "expected the end of the move: only a pawn can promote at byte 8"
    );
    assert_eq!(
        message("Kni b1-c3"),
        "expected a piece name: `Pawn`/`P`, `Knight`/`N`, `Bishop`/`B`, `Rook`/`R`, `Queen`/`Q` or `King`/`K` at byte 3"
    );
}

#[test]
fn regular_move_new_checks_what_the_parser_checks() {
    use PieceKind::*;
    let new = RegularMove::new;
    // A king: antichess's promotion.
    assert!(new(Pawn, Square::E7, Square::E8, false, Some(King)).is_ok());
    assert_eq!(
        new(Pawn, Square::E7, Square::E8, false, Some(Pawn)),
        Err(EranErrorKind::PromotionPiece)
    );
    assert_eq!(
        new(Rook, Square::E7, Square::E8, false, Some(Queen)),
        Err(EranErrorKind::NonPawnPromotion)
    );
    assert_eq!(
        new(Pawn, Square::E6, Square::E7, false, Some(Queen)),
        Err(EranErrorKind::PromotionNotOnLastRank)
    );
    assert_eq!(
        new(Pawn, Square::E2, Square::E1, false, None),
        Err(EranErrorKind::MissingPromotion)
    );
    assert_eq!(
        new(Bishop, Square::C4, Square::C4, false, None),
        Err(EranErrorKind::SameSquare)
    );
    assert!(new(Pawn, Square::E2, Square::E1, false, Some(Knight)).is_ok());
    assert_eq!(
        "ck".parse::<RegularMove>()
            .map_err(|e| (e.kind(), e.offset())),
        Err((EranErrorKind::NotRegular, 0))
    );
}

/// Every ERAN value there is, through [`RegularMove::new`] and
/// [`DropMove::new`].
fn all_values() -> Vec<Eran> {
    let mut out = vec![
        Eran::Castle(CastlingSide::KingSide),
        Eran::Castle(CastlingSide::QueenSide),
        Eran::EnPassant,
    ];
    let promotions = [
        None,
        Some(PieceKind::Pawn),
        Some(PieceKind::Knight),
        Some(PieceKind::Bishop),
        Some(PieceKind::Rook),
        Some(PieceKind::Queen),
        Some(PieceKind::King),
    ];
    for piece in PieceKind::ALL {
        for from in Square::ALL {
            for to in Square::ALL {
                for capture in [false, true] {
                    for promotion in promotions {
                        if let Ok(mv) = RegularMove::new(piece, from, to, capture, promotion) {
                            out.push(Eran::Regular(mv));
                        }
                    }
                }
            }
            if let Ok(drop) = DropMove::new(piece, from) {
                out.push(Eran::Drop(drop));
            }
        }
    }
    out
}

#[test]
fn every_value_prints_and_parses_back_in_both_styles() {
    let values = all_values();
    // Officers: (queen 1456 + rook 896 + bishop 560 + knight 336 + king 420)
    // destinations, each quiet or capture; pawns: 96 single steps + 16
    // double steps quiet, 168 captures, of which the 16 quiet and 28
    // capturing moves onto rank 1 or 8 come in 5 promotions each (a king
    // too, antichess's); horde's
    // first-rank pawns: 16 steps and 14 captures; drops: 4 pieces on 64
    // squares, pawns on 48.
    let officers = (1456 + 896 + 560 + 336 + 420) * 2;
    let pawns = (112 - 16) + 16 * 5 + (168 - 28) + 28 * 5 + 16 + 14;
    let drops = 4 * 64 + 48;
    assert_eq!(values.len(), 3 + officers + pawns + drops);
    let mut buf = [0; MAX_LEN];
    for value in values {
        for style in [Style::Verbose, Style::Short] {
            let text = value.display(style).write_ascii(&mut buf).to_string();
            assert_eq!(parse(&text), Ok(value), "{text}");
            assert_eq!(value.display(style).to_string(), text);
            assert!(text.len() <= MAX_LEN);
        }
    }
}

fn flip_case(text: &str, mask: &[bool]) -> String {
    text.chars()
        .zip(mask.iter().cycle())
        .map(|(c, &up)| {
            if up {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

proptest! {
    #[test]
    fn printed_values_parse_back_in_any_case(
        value in proptest::sample::select(all_values()),
        short in any::<bool>(),
        mask in proptest::collection::vec(any::<bool>(), 1..24),
    ) {
        let style = if short { Style::Short } else { Style::Verbose };
        let text = value.display(style).to_string();
        prop_assert_eq!(parse(&text), Ok(value));
        prop_assert_eq!(parse(&flip_case(&text, &mask)), Ok(value));
    }

    #[test]
    fn no_panic_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..32)) {
        check_any(&bytes)?;
    }

    #[test]
    fn a_printed_move_followed_by_anything_is_read_back_by_the_prefix_parser(
        value in proptest::sample::select(all_values()),
        short in any::<bool>(),
        rest in "[ \n+#!?,;.)a-zA-Z0-9-]{0,6}",
    ) {
        let style = if short { Style::Short } else { Style::Verbose };
        let printed = value.display(style).to_string();
        let text = format!("{printed}{rest}");
        check_any(text.as_bytes())?;
        // A move ends at a byte that cannot continue it.
        let continues = rest.starts_with(|c: char| c.is_ascii_alphanumeric())
            || (value.regular().is_some() && rest.starts_with(' '));
        if !continues {
            prop_assert_eq!(Eran::from_ascii_prefix(text.as_bytes()), Ok((value, printed.len())));
        }
    }

    #[test]
    fn no_panic_on_near_misses(
        text in "(([PpNnBbRrQqKk]|[Pp]awn|[Kk]night|[Bb]ishop|[Rr]ook|[Qq]ueen|[Kk]ing)[ \t]{0,2}[a-iA-I0-9]{0,2}[-xX:]?[a-iA-I0-9]{0,2}( ?(->|>|-|=)?(Q|queen|N|K|P|x)?)?[+# ]?|[cCeE][a-zA-Z-]{0,18})",
    ) {
        check_any(text.as_bytes())?;
    }
}

/// Parsing never panics; an accepted input prints and parses back to the
/// same value in both styles, and an error points inside or just past the
/// input. The prefix parser agrees with the whole-move parser (a whole
/// input parses exactly when its prefix is all of it; the prefix alone is
/// a whole move; an error is the same error), and the fast path with the
/// rule-by-rule parser.
fn check_any(bytes: &[u8]) -> Result<(), TestCaseError> {
    prop_assert!(chessnote::eran::fast_path_agrees(bytes));
    let whole = Eran::from_ascii(bytes);
    match Eran::from_ascii_prefix(bytes) {
        Ok((eran, used)) => {
            prop_assert!(0 < used && used <= bytes.len());
            prop_assert_eq!(Eran::from_ascii(&bytes[..used]), Ok(eran));
            if used == bytes.len() {
                prop_assert_eq!(whole, Ok(eran));
            } else {
                prop_assert!(whole.is_err_and(|e| e.offset() >= used));
            }
        }
        Err(err) => prop_assert_eq!(whole, Err(err)),
    }
    match Eran::from_ascii(bytes) {
        Ok(value) => {
            prop_assert_eq!(parse(&value.to_string()), Ok(value));
            prop_assert_eq!(parse(&value.short().to_string()), Ok(value));
            // The input was a spelling of the value, each field long or
            // short, in any ASCII case.
            prop_assert!(bytes.is_ascii());
            prop_assert!(value.short().to_string().len() <= bytes.len());
            prop_assert!(bytes.len() <= value.to_string().len());
            // The first byte is that of the short or of the verbose spelling
            // (`Knight` starts with `K`, its short form with `N`).
            let first = bytes[0].to_ascii_uppercase();
            let short_first = value.short().to_string().as_bytes()[0].to_ascii_uppercase();
            let verbose_first = value.to_string().as_bytes()[0].to_ascii_uppercase();
            prop_assert!(first == short_first || first == verbose_first);
        }
        Err(e) => prop_assert!(e.offset() <= bytes.len()),
    }
    Ok(())
}

/// Counts the allocations of the current thread, so that a test can say a
/// piece of code made none (other tests run on other threads).
struct CountingAlloc;

thread_local! {
    static ALLOCATIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl std::alloc::GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { std::alloc::System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: `ptr` came from `alloc` above, that is from `System`.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// `Display` of every value into a writer that does not allocate: how many
/// allocations it took.
fn allocations_of_display(value: &dyn std::fmt::Display) -> usize {
    struct Sink(usize);
    impl std::fmt::Write for Sink {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.len();
            Ok(())
        }
    }
    let before = ALLOCATIONS.with(std::cell::Cell::get);
    let mut sink = Sink(0);
    std::fmt::write(&mut sink, format_args!("{value:>24}")).unwrap();
    assert_eq!(sink.0, 24);
    ALLOCATIONS.with(std::cell::Cell::get) - before
}

#[test]
fn every_value_prints_the_same_through_display_append_to_and_write_ascii() {
    let mut buf = [0; MAX_LEN];
    let mut line = String::new();
    for value in all_values() {
        for style in [Style::Verbose, Style::Short] {
            let shown = value.display(style);
            line.clear();
            shown.append_to(&mut line);
            assert_eq!(shown.write_ascii(&mut buf), line);
            assert_eq!(shown.to_string(), line);
            assert_eq!(allocations_of_display(&shown), 0, "{line}");
        }
        line.clear();
        value.append_to(&mut line);
        assert_eq!(value.write_ascii(&mut buf), line);
        assert_eq!(value.to_string(), line);
        assert_eq!(line, value.verbose().to_string());
        assert_eq!(allocations_of_display(&value), 0, "{line}");
        if let Some(regular) = value.regular() {
            assert_eq!(regular.write_ascii(&mut buf), line);
            assert_eq!(regular.to_string(), line);
            assert_eq!(allocations_of_display(&regular), 0, "{line}");
        }
    }
}
