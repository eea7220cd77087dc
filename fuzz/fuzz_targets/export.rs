#![no_main]

//! The export's `Recorder` on arbitrary bytes, against the reader's own
//! `Game`s: the same games, tags, moves (as read, legal, played), clocks,
//! evals, problems and final position, with and without the movetext
//! column (which reads the variations for the writer); and every row
//! written as NDJSON and CSV without a panic; the plies table holds a row
//! per move played, and a game's key is the same made either way.

use chessnote::pgn::{Game, ReadOptions, Reader};
use chessnote::position::Notation;
use chessnote_export::{Column, Columns, ExportOptions, Format, Recorder, Row, Rows, text};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut options = ReadOptions::DEFAULT;
    options.limits.max_tag_len = 64;
    options.limits.max_token_len = 32;
    options.limits.max_depth = 8;
    let games: Vec<Game> = Reader::from_slice_with(data, options).games().collect();
    for columns in [Columns::LICHESS, Columns::FULL, Columns::PLIES.with(Column::PlyFen)] {
        let mut recorder = Recorder::new(columns, options).keys(true);
        let mut rows = Rows::new(&ExportOptions::new(Format::Ndjson, columns));
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
            assert_eq!(record.key, game.key());
            let row = Row::new(record, columns, "fuzz");
            text::write_ndjson(&row, &mut out);
            text::write_csv(&row, &mut out);
            let before = rows.len();
            rows.push(record, "fuzz");
            let played = if game.end().is_some() {
                game.moves.iter().take_while(|m| m.played).count()
            } else {
                0
            };
            let want = if columns.table() == chessnote_export::Table::Plies {
                played
            } else {
                1
            };
            assert_eq!(rows.len() - before, want);
        }
        assert_eq!(n, games.len());
    }
});
