#![no_main]

//! The export's `Recorder` on arbitrary bytes, against the reader's own
//! `Game`s: the same games, tags, moves (as read, legal, played), clocks,
//! evals, problems and final position, with and without the movetext
//! column (which reads the variations for the writer); and every row
//! written as NDJSON and CSV without a panic.

use chessnote::pgn::{Game, ReadOptions, Reader};
use chessnote::position::Notation;
use chessnote_export::{Column, Columns, Recorder, Row, text};

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
            let (ours, game) = (&record.game, &games[n]);
            n += 1;
            assert_eq!(
                (ours.index, ours.offset, ours.line),
                (game.index, game.offset, game.line)
            );
            assert_eq!(ours.tags, game.tags);
            assert_eq!((ours.start, ours.result), (game.start, game.result));
            assert_eq!(ours.moves.len(), game.moves.len());
            for (a, b) in ours.moves.iter().zip(&game.moves) {
                assert_eq!((&a.san, a.mv, a.played), (&b.san, b.mv, b.played));
                assert_eq!((a.clock(), a.eval()), (b.clock(), b.eval()));
            }
            assert_eq!(ours.errors, game.errors);
            assert_eq!(ours.warnings, game.warnings);
            assert_eq!(ours.end(), game.end());
            if columns.contains(Column::San) {
                assert_eq!(ours.moves_in(Notation::San), game.moves_in(Notation::San));
            }
            assert!(ours.offset + record.len <= data.len() as u64);
            let row = Row::new(record, columns, "fuzz");
            text::write_ndjson(&row, &mut out);
            text::write_csv(&row, &mut out);
        }
        assert_eq!(n, games.len());
    }
});
