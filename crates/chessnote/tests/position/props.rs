//! Property tests: random setups never make validation panic, and a setup
//! becomes a position exactly when it has no problem (or only ignored,
//! ignorable ones); random games keep every position valid and its FEN
//! round-trips.

use crate::common;

use chessnote::fen::{Board, Castling, CastlingRight, Setup};
use chessnote::position::{CastlingMode, CastlingStyle, Game, Position, Problem, Problems};
use chessnote::{CastlingSide, Color, File, Piece, PieceKind, Square};
use proptest::prelude::*;

fn piece() -> impl Strategy<Value = Piece> {
    (
        prop::sample::select(vec![
            PieceKind::Pawn,
            PieceKind::Pawn,
            PieceKind::Pawn,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ]),
        any::<bool>(),
    )
        .prop_map(|(kind, white)| kind.of(if white { Color::White } else { Color::Black }))
}

fn square() -> impl Strategy<Value = Square> {
    (0u8..64).prop_map(|i| Square::from_index(i).unwrap())
}

fn right() -> impl Strategy<Value = CastlingRight> {
    prop_oneof![
        Just(CastlingRight::Outermost(CastlingSide::KingSide)),
        Just(CastlingRight::Outermost(CastlingSide::QueenSide)),
        (0u8..8).prop_map(|f| CastlingRight::File(File::new(f).unwrap())),
    ]
}

fn kings() -> impl Strategy<Value = Vec<Square>> {
    prop_oneof![
        8 => square().prop_map(|s| vec![s]),
        1 => prop::collection::vec(square(), 0..=3usize),
    ]
}

prop_compose! {
    fn setup()(
        white_kings in kings(),
        black_kings in kings(),
        rooks in prop::collection::vec((square(), any::<bool>()), 0..4),
        others in prop::collection::vec((square(), piece(), 0u8..10), 0..24),
        white in any::<bool>(),
        rights in prop_oneof![2 => Just(Vec::new()), 1 => prop::collection::vec((any::<bool>(), right()), 0..4)],
        ep in prop_oneof![3 => Just(None), 1 => (0u8..8).prop_map(Some)],
        halfmoves in 0u16..300,
        fullmoves in 1u16..500,
        kings_on_back_rank in any::<bool>(),
    ) -> Setup {
        let mut board = Board::EMPTY;
        for (sq, p, odd) in others {
            // Pawns mostly off the back ranks.
            let sq = match sq.rank() {
                chessnote::Rank::First | chessnote::Rank::Eighth if p.kind == PieceKind::Pawn && odd > 0 => {
                    Square::new(sq.file(), chessnote::Rank::new(odd % 6 + 1).unwrap())
                }
                _ => sq,
            };
            board.set(sq, Some(p));
        }
        for (sq, w) in rooks {
            // Rooks on the back ranks, so that castling rights sometimes hold.
            let color = if w { Color::White } else { Color::Black };
            let rank = color.fold(chessnote::Rank::First, chessnote::Rank::Eighth);
            board.set(Square::new(sq.file(), rank), Some(PieceKind::Rook.of(color)));
        }
        for (kings, color) in [(white_kings, Color::White), (black_kings, Color::Black)] {
            for sq in kings {
                let sq = if kings_on_back_rank {
                    Square::new(sq.file(), color.fold(chessnote::Rank::First, chessnote::Rank::Eighth))
                } else {
                    sq
                };
                board.set(sq, Some(PieceKind::King.of(color)));
            }
        }
        let turn = if white { Color::White } else { Color::Black };
        let mut castling = Castling::NONE;
        for (w, r) in rights {
            castling.insert(if w { Color::White } else { Color::Black }, r);
        }
        let ep_square = ep.map(|f| {
            Square::new(File::new(f).unwrap(), turn.fold(chessnote::Rank::Sixth, chessnote::Rank::Third))
        });
        Setup { board, turn, castling, ep_square, halfmoves, fullmoves }
    }
}

fn check_setup(setup: &Setup) {
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        let problems = Problems::of(setup, mode);
        let built = Position::from_setup(setup, mode);
        assert_eq!(built.is_ok(), problems.is_empty(), "{setup}: {problems}");
        let lenient = Position::from_setup_ignoring(setup, mode, Problems::IGNORABLE);
        match &lenient {
            Ok(_) => assert!(
                problems.difference(Problems::IGNORABLE).is_empty(),
                "{setup}: {problems}"
            ),
            Err(e) => {
                assert!(
                    !e.problems().contains(Problem::Unplayable),
                    "{setup}: {}",
                    e.problems()
                );
                assert!(
                    !problems.difference(Problems::IGNORABLE).is_empty(),
                    "{setup}: {problems}"
                );
            }
        }
        if let Ok(position) = built {
            for style in [CastlingStyle::XFen, CastlingStyle::Shredder] {
                let out = position.to_setup_with(style);
                assert_eq!(out.board, setup.board);
                assert_eq!(out.turn, setup.turn);
                assert_eq!(out.ep_square, setup.ep_square);
                assert_eq!(out.halfmoves, setup.halfmoves);
                for color in Color::ALL {
                    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                        assert_eq!(
                            out.castling_rook_file(color, side),
                            setup.castling_rook_file(color, side),
                            "{setup} -> {out}"
                        );
                    }
                }
                let again: Setup = out.to_string().parse().unwrap();
                assert_eq!(
                    Position::from_setup(&again, mode).unwrap(),
                    position,
                    "{out}"
                );
            }
            let _ = (
                position.outcome(),
                position.is_insufficient_material(),
                position.legal_moves().len(),
            );
        }
    }
}

fn check_play(start: Position, choices: &[u16], mode: CastlingMode) {
    let mut game = Game::new(start);
    for &choice in choices {
        let position = game.position().clone();
        let moves = position.legal_moves();
        assert_eq!(moves.len(), position.count_legal_moves());
        if moves.is_empty() {
            assert!(position.is_checkmate() || position.is_stalemate());
            break;
        }
        let m = moves[choice as usize % moves.len()];
        assert!(position.is_legal(m));
        game.play(m).unwrap();
        let now = game.position();
        for style in [CastlingStyle::XFen, CastlingStyle::Shredder] {
            let fen = now.to_setup_with(style).to_string();
            let setup = Setup::from_ascii(fen.as_bytes()).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(setup.to_string(), fen);
            let problems = Problems::of(&setup, mode);
            assert!(problems.is_empty(), "{fen}: {problems}");
            assert_eq!(&Position::from_setup(&setup, mode).unwrap(), now, "{fen}");
        }
        let _ = (game.outcome(), game.claimable_draw(), game.repetitions());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_setups(setup in setup()) {
        check_setup(&setup);
    }

    #[test]
    fn random_games_from_the_start(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        check_play(Position::new(), &choices, CastlingMode::Standard);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_chess960_games(index in 0usize..960, choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let Some(data) = common::read_data("data/fen/cozy-chess/chess960_start_positions.sfens") else {
            return Ok(());
        };
        let text = String::from_utf8(data).unwrap();
        let fen = text.lines().nth(index).unwrap();
        let setup = Setup::from_ascii(fen.as_bytes()).unwrap();
        let start = Position::from_setup(&setup, CastlingMode::Chess960).unwrap();
        check_play(start, &choices, CastlingMode::Chess960);
    }
}

#[test]
fn repetition_and_counters() {
    use chessnote::Square::{F3, F6, G1, G8};
    let mut game = Game::new(Position::new());
    let find = |p: &Position, from, to| {
        p.legal_moves()
            .iter()
            .copied()
            .find(|m| m.from() == from && m.to() == to)
            .unwrap()
    };
    for round in 0..4 {
        for (from, to) in [(G1, F3), (G8, F6), (F3, G1), (F6, G8)] {
            let m = find(game.position(), from, to);
            game.play(m).unwrap();
        }
        assert_eq!(game.repetitions(), round + 2);
    }
    assert!(game.is_fivefold_repetition());
    assert_eq!(
        game.outcome().map(|o| o.termination),
        Some(chessnote::position::Termination::FivefoldRepetition)
    );
    assert_eq!(game.position().halfmoves(), 16);
    assert_eq!(game.position().fullmoves(), 9);
    // The halfmove clock goes past cozy-chess's cap of 100.
    let setup: Setup = "8/8/8/4k3/8/8/3RK3/8 w - - 149 120".parse().unwrap();
    let mut p = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
    assert!(p.is_fifty_moves() && !p.is_seventyfive_moves());
    let m = find(&p, chessnote::Square::D2, chessnote::Square::D1);
    p.play(m).unwrap();
    assert_eq!(p.halfmoves(), 150);
    assert!(p.is_seventyfive_moves());
    assert_eq!(
        p.to_setup().to_string(),
        "8/8/8/4k3/8/8/4K3/3R4 b - - 150 120"
    );
}

#[test]
fn insufficient_material_like_python_chess() {
    for (fen, white, black) in [
        ("8/8/8/4k3/8/8/4K3/8 w - - 0 1", true, true),
        ("8/8/8/4k3/8/8/3NK3/8 w - - 0 1", true, true),
        ("8/8/8/4k3/8/8/3BK3/8 w - - 0 1", true, true),
        ("8/8/8/4k3/8/8/2NNK3/8 w - - 0 1", false, true),
        ("8/8/8/4k3/8/5b2/3BK3/8 w - - 0 1", false, false),
        ("8/8/8/4k3/8/4b3/3BK3/8 w - - 0 1", true, true),
        ("8/8/8/4kq2/8/8/3NK3/8 w - - 0 1", true, false),
        ("8/8/8/4kr2/8/8/3NK3/8 w - - 0 1", false, false),
        ("8/8/8/4k3/8/8/3PK3/8 w - - 0 1", false, true),
    ] {
        let setup: Setup = fen.parse().unwrap();
        let p = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
        assert_eq!(
            p.has_insufficient_material(Color::White),
            white,
            "{fen} white"
        );
        assert_eq!(
            p.has_insufficient_material(Color::Black),
            black,
            "{fen} black"
        );
    }
}

#[test]
fn random_setups_are_sometimes_valid() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = setup();
    let (mut valid, mut with_castling) = (0, 0);
    for _ in 0..3000 {
        let setup = strategy.new_tree(&mut runner).unwrap().current();
        if let Ok(p) = Position::from_setup(&setup, CastlingMode::Chess960) {
            valid += 1;
            with_castling += usize::from(!p.to_setup().castling.is_empty());
        }
    }
    eprintln!("{valid} of 3000 random setups valid, {with_castling} with castling rights");
    assert!(
        valid > 30 && with_castling > 3,
        "{valid} valid, {with_castling} with castling"
    );
}
