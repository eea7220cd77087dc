#![no_main]

//! The export's `Recorder` on arbitrary bytes, against the reader's own
//! `Game`s: the same games, tags, moves played (UCI, SAN), clocks, evals,
//! plies and problems, with and without the movetext column (which reads
//! the variations for the writer); and every row written as NDJSON and CSV
//! without a panic.

use chessnote::pgn::commands::Score;
use chessnote::pgn::{Game, ReadOptions, Reader};
use chessnote::position::Notation;
use chessnote_export::{Columns, Recorder, text};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut options = ReadOptions::DEFAULT;
    options.limits.max_tag_len = 64;
    options.limits.max_token_len = 32;
    options.limits.max_depth = 8;
    let games: Vec<Game> = Reader::from_slice_with(data, options).games().collect();
    for columns in [Columns::LICHESS, Columns::FULL] {
        let mut recorder = Recorder::new(columns, options);
        let mut reader = Reader::from_slice_with(data, options);
        let mut out = String::new();
        let mut n = 0;
        while let Some(record) = recorder.read(&mut reader).expect("a slice") {
            let game = &games[n];
            n += 1;
            assert_eq!(record.index, game.index);
            assert_eq!(record.offset, game.offset);
            assert_eq!(record.tags(), &game.tags[..]);
            assert_eq!(record.plies as usize, game.moves.len());
            assert!(record.uci.iter().copied().eq(game.uci()));
            let moves = &game.moves[..record.uci.len()];
            let clocks: Vec<_> = moves.iter().map(|m| m.clock()).collect();
            assert_eq!(record.clocks, clocks);
            let evals: Vec<Option<Score>> = moves.iter().map(|m| m.eval().map(|e| e.score)).collect();
            assert_eq!(record.evals, evals);
            assert_eq!(record.errors, game.errors);
            if columns.contains(chessnote_export::Column::San) {
                assert_eq!(record.san, game.moves_in(Notation::San));
            }
            assert!(record.offset + record.len <= data.len() as u64);
            text::write_ndjson(record, columns, "fuzz", &mut out);
            text::write_csv(record, columns, "fuzz", &mut out);
        }
        assert_eq!(n, games.len());
    }
});
