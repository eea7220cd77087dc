//! Edge cases of the conversions, each once a bug or a question the review
//! raised.

use crate::common;

use chessnote::Move;
use chessnote::fen::Setup;
use chessnote::position::{CastlingMode, MoveErrorKind, Notation, Position};
use chessnote::san::{Leniency, SanErrorKind, SanOptions, SanPlus};

fn position(fen: &str, mode: CastlingMode) -> Position {
    let setup: Setup = fen.parse().unwrap();
    Position::from_setup(&setup, mode).unwrap()
}

#[test]
fn chess960_castling_with_a_rook_that_stays_put_can_give_check() {
    // The rook is already on f1 (d1): castling moves only the king, and the
    // rook then checks along the rank (python-chess: `O-O+`, `O-O-O+`).
    for (fen, uci, san) in [
        ("8/8/8/8/8/8/8/1k2KR2 w F - 0 1", "e1f1", "O-O+"),
        ("8/8/8/8/8/8/8/3RK2k w D - 0 1", "e1d1", "O-O-O+"),
    ] {
        let pos = position(fen, CastlingMode::Chess960);
        let mv = pos.parse_uci(uci.as_bytes()).unwrap();
        assert!(matches!(mv, Move::Castle { .. }));
        assert_eq!(SanPlus::from_move(&pos, mv).to_string(), san);
        assert_eq!(pos.write_move(Notation::Lan, mv), san);
        assert_eq!(
            pos.parse_san(san.as_bytes(), SanOptions::STRICT),
            Ok((mv, SanOptions::STRICT))
        );
    }
}

#[test]
fn a_check_mark_on_a_mate_is_a_wrong_suffix() {
    let pos = position(
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        CastlingMode::Standard,
    );
    let strict = pos.parse_san(b"Qh4+", SanOptions::STRICT).unwrap_err();
    assert_eq!(
        strict.kind(),
        MoveErrorKind::NeedsLeniency(Leniency::WrongSuffix)
    );
    let (mv, used) = pos.parse_san(b"Qh4+", SanOptions::LENIENT).unwrap();
    assert_eq!(used, SanOptions::STRICT.with(Leniency::WrongSuffix));
    assert_eq!(
        pos.parse_san(b"Qh4#", SanOptions::STRICT),
        Ok((mv, SanOptions::STRICT))
    );
    assert_eq!(
        pos.parse_san(b"Qh4", SanOptions::STRICT),
        Ok((mv, SanOptions::STRICT))
    );
    // LAN has no leniency: the same mistake is a misstatement.
    assert_eq!(
        pos.parse_lan(b"Qd8-h4+").unwrap_err().kind(),
        MoveErrorKind::Misstated(Leniency::WrongSuffix)
    );
    // A check that is not mate, written as mate.
    let pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", CastlingMode::Standard);
    assert!(pos.parse_san(b"Ra8#", SanOptions::STRICT).is_err());
    assert!(pos.parse_san(b"Ra8+", SanOptions::STRICT).is_ok());
}

#[test]
fn a_promotion_letter_without_equals_is_blamed_where_it_stands() {
    let options = SanOptions::STRICT.with(Leniency::PromotionWithoutEquals);
    for (text, offset) in [
        ("e8K", 2),
        ("e8k", 2),
        ("e8P", 2),
        ("exd8k", 4),
        ("e8=K", 3),
    ] {
        let err = SanPlus::from_ascii_with(text.as_bytes(), options).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (SanErrorKind::InvalidPromotionPiece, offset),
            "{text}"
        );
    }
}

#[test]
fn no_pawn_starts_on_the_first_or_last_rank() {
    let options = SanOptions::STRICT.with(Leniency::PawnSources);
    for text in ["e1e2", "1e2", "d1xe2", "d8xe7", "e8e7", "h1h2"] {
        let err = SanPlus::from_ascii_with(text.as_bytes(), options).unwrap_err();
        assert_eq!(err.kind(), SanErrorKind::Unreachable, "{text}");
    }
    assert!(SanPlus::from_ascii_with(b"e2e4", options).is_ok());
}

#[test]
fn an_en_passant_mark_must_mark_en_passant() {
    let pos = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", CastlingMode::Standard);
    let (mv, used) = pos.parse_san(b"exd6 e.p.", SanOptions::LENIENT).unwrap();
    assert!(matches!(mv, Move::EnPassant { .. }));
    assert!(used.contains(Leniency::EnPassantSuffix));
    assert_eq!(
        pos.parse_san(b"Kd2 e.p.", SanOptions::LENIENT)
            .unwrap_err()
            .kind(),
        MoveErrorKind::Illegal
    );
    assert!(pos.parse_san(b"exd6 e.p.", SanOptions::STRICT).is_err());
}

#[test]
fn null_moves_need_their_leniency_in_san_and_are_reported() {
    let mut pos = Position::new();
    let err = pos
        .convert_and_play(b"--", Notation::San, Notation::Uci, SanOptions::STRICT)
        .unwrap_err();
    assert!(matches!(err.kind(), MoveErrorKind::Syntax(_)));
    let converted = pos
        .convert_and_play(b"--", Notation::San, Notation::Uci, SanOptions::LENIENT)
        .unwrap();
    assert_eq!(
        (converted.text.as_str(), converted.used),
        ("0000", SanOptions::STRICT.with(Leniency::NullMove))
    );
    // UCI has its own null move.
    let converted = pos
        .convert_and_play(b"0000", Notation::Uci, Notation::San, SanOptions::STRICT)
        .unwrap();
    assert_eq!(
        (converted.text.as_str(), converted.used),
        ("--", SanOptions::STRICT)
    );
    // Passing cannot give check.
    assert!(SanPlus::from_ascii_with(b"--+", SanOptions::LENIENT).is_err());
}

#[test]
fn a_sufficient_but_non_canonical_disambiguation_needs_its_leniency() {
    // Knights on b1 and f3 can both reach d2: SAN writes `Nbd2`.
    let pos = position("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", CastlingMode::Standard);
    let (mv, _) = pos.parse_san(b"Nbd2", SanOptions::STRICT).unwrap();
    for text in ["N1d2", "Nb1d2"] {
        assert_eq!(
            pos.parse_san(text.as_bytes(), SanOptions::STRICT)
                .unwrap_err()
                .kind(),
            MoveErrorKind::NeedsLeniency(Leniency::AnyDisambiguation),
            "{text}"
        );
        assert_eq!(
            pos.parse_san(text.as_bytes(), SanOptions::LENIENT),
            Ok((mv, SanOptions::STRICT.with(Leniency::AnyDisambiguation)))
        );
    }
}

#[test]
fn a_syntax_error_keeps_the_notations_typed_error() {
    use chessnote::Diagnostic;
    use chessnote::position::NotationError;
    let pos = Position::new();
    // Each notation's own parser says what and where; the move error carries
    // exactly that error, and reports its name and offset.
    let cases: [(Notation, &[u8]); 4] = [
        (Notation::San, b"Nf9"),
        (Notation::Lan, b"Ng1-f9"),
        (Notation::Uci, b"g1f9"),
        (Notation::Eran, b"Knight g1-f9"),
    ];
    for (notation, text) in cases {
        let err = pos
            .parse_move(notation, text, SanOptions::STRICT)
            .unwrap_err();
        let MoveErrorKind::Syntax(inner) = err.kind() else {
            panic!("{notation}: {err}");
        };
        let (name, offset, message) = match inner {
            NotationError::San(e) => {
                let e2 = SanPlus::from_ascii(text).unwrap_err();
                assert_eq!(e, e2);
                (e.kind().name(), e.offset(), e.kind().message())
            }
            NotationError::Lan(e) => {
                assert_eq!(e, chessnote::lan::LanPlus::from_ascii(text).unwrap_err());
                (e.kind().name(), e.offset(), e.kind().message())
            }
            NotationError::Uci(e) => {
                assert_eq!(e, chessnote::uci::Uci::from_ascii(text).unwrap_err());
                (e.kind().name(), e.offset(), e.kind().message())
            }
            NotationError::Eran(e) => {
                assert_eq!(e, chessnote::eran::Eran::from_ascii(text).unwrap_err());
                (e.kind().name(), e.offset(), e.kind().message())
            }
            _ => unreachable!("{notation}"),
        };
        assert_eq!(err.kind_name(), name, "{notation}");
        assert_eq!(Diagnostic::offset(&err), offset, "{notation}");
        assert_eq!(offset, text.len() - 1, "{notation}");
        assert!(err.message().ends_with(message), "{notation}: {err}");
        assert_eq!(
            err.to_string(),
            format!("{} at byte {offset}", err.message())
        );
        assert!(core::error::Error::source(&err).is_some());
    }
}

#[test]
fn every_to_move_gives_the_same_error_with_the_move_written_back() {
    use chessnote::Diagnostic;
    use chessnote::eran::Eran;
    use chessnote::lan::LanPlus;
    use chessnote::uci::Uci;
    let pos = Position::new();
    let illegal = [
        "Ne2".parse::<SanPlus>().unwrap().to_move(&pos).unwrap_err(),
        "Ng1-e2"
            .parse::<LanPlus>()
            .unwrap()
            .to_move(&pos)
            .unwrap_err(),
        "g1e2".parse::<Uci>().unwrap().to_move(&pos).unwrap_err(),
        "Knight g1-e2"
            .parse::<Eran>()
            .unwrap()
            .to_move(&pos)
            .unwrap_err(),
    ];
    for (err, written) in illegal
        .iter()
        .zip(["Ne2", "Ng1-e2", "g1e2", "Knight g1-e2"])
    {
        assert_eq!(err.kind(), MoveErrorKind::Illegal);
        assert_eq!(
            (err.kind_name(), Diagnostic::offset(err)),
            ("illegal-move", 0)
        );
        assert_eq!(err.written(), written.as_bytes());
        assert_eq!(err.setup(), &Setup::STARTING);
    }
    let null = "0000".parse::<Uci>().unwrap().to_move(&pos).unwrap_err();
    assert_eq!(
        (null.kind(), null.kind_name()),
        (MoveErrorKind::Null, "null-move")
    );
    // A move no piece could make has no ERAN.
    let impossible = Move::Normal {
        piece: chessnote::PieceKind::Knight,
        from: chessnote::Square::G1,
        capture: None,
        to: chessnote::Square::G3,
        promotion: None,
    };
    let err = Eran::from_move(&pos, impossible).unwrap_err();
    assert_eq!(err.kind(), MoveErrorKind::Illegal);
}

#[test]
fn a_move_error_is_one_word_so_results_stay_small() {
    use chessnote::position::MoveError;
    assert_eq!(size_of::<MoveError>(), size_of::<usize>());
    assert!(size_of::<Result<Move, MoveError>>() <= 2 * size_of::<usize>());
}

#[test]
fn pasted_movetext_splits_into_its_moves() {
    let split = |notation: Notation, text| notation.split_moves(text).collect::<Vec<_>>();
    assert_eq!(
        split(Notation::San, "1. e4 e5 2. Nf3 1-0"),
        ["e4", "e5", "Nf3"]
    );
    assert_eq!(
        split(Notation::San, "1.e4 1... e5 2.Nf3 2…Nc6 3. O-O 0-0 0-1"),
        ["e4", "e5", "Nf3", "Nc6", "O-O", "0-0"]
    );
    assert_eq!(
        split(Notation::San, "12... exd6 e.p. 1/2-1/2"),
        ["exd6 e.p."]
    );
    assert_eq!(split(Notation::Uci, "1. e2e4 0000 *"), ["e2e4", "0000"]);
    assert_eq!(
        split(
            Notation::Eran,
            "1. Pawn e2-e4 1... n g8-f6 2. P e7-e8 ->Queen"
        ),
        ["Pawn e2-e4", "n g8-f6", "P e7-e8 ->Queen"]
    ); // Comments, variations (nested) and NAGs are PGN's, skipped (issue 30).
    assert_eq!(
        split(
            Notation::San,
            "1.e4{a}e5 $14 (1... c5 (1... e6) 2. Nf3 {b)}) 2. Nf3 ; c5 (\n Nc6 $1"
        ),
        ["e4", "e5", "Nf3", "Nc6"]
    );
    // What is not closed, or closes nothing, stays a word (and fails).
    assert_eq!(split(Notation::San, "e4 {open e5 "), ["e4", "{open e5"]);
    assert_eq!(
        split(Notation::San, "e4 (d4 (d5) e5 "),
        ["e4", "(d4 (d5) e5"]
    );
    assert_eq!(
        split(Notation::San, "e4 ) e5 } Nf3"),
        ["e4", ")", "e5", "}", "Nf3"]
    );
    assert!(Notation::starts_game("; note\n1. e4"));
    assert!(!Notation::starts_game("1-0"));
    assert!(!Notation::starts_game("11. e4"));
}

#[test]
fn the_lichess_openings_movetext_converts_to_their_uci() {
    let Some(data) = common::read_data("data/openings/lichess-chess-openings-dist.tsv") else {
        return;
    };
    let text = String::from_utf8(data).unwrap();
    let mut checked = 0;
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (pgn, uci) = (fields[2], fields[3]);
        // As pasted, with a result; and with the numbers stuck to the moves.
        let compact = pgn.replace(". ", ".");
        for movetext in [format!("{pgn} 1-0"), compact] {
            let mut position = Position::new();
            let converted: Vec<String> = Notation::San
                .split_moves(&movetext)
                .map(|san| {
                    position
                        .convert_and_play(
                            san.as_bytes(),
                            Notation::San,
                            Notation::Uci,
                            SanOptions::STRICT,
                        )
                        .unwrap_or_else(|e| panic!("{movetext}: {e}"))
                        .text
                })
                .collect();
            assert_eq!(converted.join(" "), uci, "{movetext}");
        }
        checked += 1;
    }
    assert!(checked > 3000, "{checked}");
}
