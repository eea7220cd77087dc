//! One streaming pass over a PGN file, for `scripts/pgn_memory.sh` (peak
//! memory under `/usr/bin/time -v`) and for looking at a file by hand.
//!
//! ```sh
//! cargo run --release -p chessnote-bench --example pgn_stream -- MODE FILE
//! ```
//!
//! MODE is one of:
//! - `syntax`: chessnote `Reader::new(File)` with a counting visitor
//!   (variations read);
//! - `games`: chessnote `Reader::new(File).games()` (mainlines replayed);
//! - `errors`: as `games`, printing how many errors of each kind;
//! - `pgn-reader`: pgn-reader `Reader::new(File)` with a counting visitor
//!   (variations read);
//! - `open`: opens the file and reads nothing (the binary's own floor);
//! - `cut-exact`, `cut-guess`: the file read into memory, then cut five
//!   times into the parallel stream's chunks, at the reader's boundaries or
//!   at guesses (`Chunks::guess`), printing the speed: the stream's serial
//!   stage on one core;
//! - `slice-syntax`, `slice-replayer`, `slice-games`, `slice-headers`: the
//!   file read into memory, then five passes of chessnote
//!   `Reader::from_slice` with the counting visitor, a visitor around a
//!   `Replayer`, `games()` or `headers()` (for `perf record`: the
//!   benchmark's paths without criterion around them).

use std::collections::BTreeMap;
use std::fs::File;
use std::ops::ControlFlow::{self, Continue};
use std::process::ExitCode;

use chessnote::pgn::{
    Chunks, GameStart, Nag, PgnError, RawComment, RawTag, ReadOptions, Reader, Replayer, Skip,
    Token, Visitor,
};
use chessnote::san::SanPlus;

#[derive(Debug, Default)]
struct Counts {
    games: u64,
    sans: u64,
    nags: u64,
    comments: u64,
    errors: u64,
}

impl Visitor for Counts {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, _: GameStart) -> ControlFlow<(), ()> {
        self.games += 1;
        Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        Continue(())
    }
    fn san(&mut self, _: &mut (), _: SanPlus, _: Token<'_>) -> ControlFlow<()> {
        self.sans += 1;
        Continue(())
    }
    fn nag(&mut self, _: &mut (), _: Nag) -> ControlFlow<()> {
        self.nags += 1;
        Continue(())
    }
    fn partial_comment(&mut self, _: &mut (), _: RawComment<'_>) -> ControlFlow<()> {
        Continue(())
    }
    fn comment(&mut self, _: &mut (), _: RawComment<'_>) -> ControlFlow<()> {
        self.comments += 1;
        Continue(())
    }
    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        Continue(Skip(false))
    }
    fn error(&mut self, _: PgnError) -> ControlFlow<()> {
        self.errors += 1;
        Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

/// The mainline replayed by a [`Replayer`] (moves replayed).
struct Replay(Replayer, u64);

impl Visitor for Replay {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<(), ()> {
        self.0.begin_game(start);
        Continue(())
    }
    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        self.0.tag(name, value);
        Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        let _ = self.0.begin_movetext();
        Continue(())
    }
    fn san(&mut self, _: &mut (), san: SanPlus, token: Token<'_>) -> ControlFlow<()> {
        if let Ok(Some(_)) = self.0.san(san, &token) {
            self.1 += 1;
        }
        Continue(())
    }
    fn error(&mut self, _: PgnError) -> ControlFlow<()> {
        Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

#[derive(Debug, Default)]
struct PrCounts {
    games: u64,
    sans: u64,
    nags: u64,
    comments: u64,
}

impl pgn_reader::Visitor for PrCounts {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        self.games += 1;
        Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        Continue(())
    }
    fn san(&mut self, _: &mut (), _: shakmaty::san::SanPlus) -> ControlFlow<()> {
        self.sans += 1;
        Continue(())
    }
    fn nag(&mut self, _: &mut (), _: pgn_reader::Nag) -> ControlFlow<()> {
        self.nags += 1;
        Continue(())
    }
    fn partial_comment(&mut self, _: &mut (), _: pgn_reader::RawComment<'_>) -> ControlFlow<()> {
        Continue(())
    }
    fn comment(&mut self, _: &mut (), _: pgn_reader::RawComment<'_>) -> ControlFlow<()> {
        self.comments += 1;
        Continue(())
    }
    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), pgn_reader::Skip> {
        Continue(pgn_reader::Skip(false))
    }
    fn end_game(&mut self, _: ()) {}
}

fn main() -> std::io::Result<ExitCode> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [mode, path] = &args[..] else {
        eprintln!(
            "usage: pgn_stream syntax|games|errors|pgn-reader|open|cut-exact|cut-guess|slice-… FILE"
        );
        return Ok(ExitCode::from(2));
    };
    let file = File::open(path)?;
    match mode.as_str() {
        "syntax" => {
            let mut counts = Counts::default();
            Reader::new(file).visit_all_games(&mut counts)?;
            println!("{counts:?}");
        }
        "games" => {
            let (mut games, mut moves, mut errors) = (0u64, 0u64, 0u64);
            for game in Reader::new(file).games() {
                let game = game?;
                games += 1;
                moves += game.legal_moves().count() as u64;
                errors += game.errors.len() as u64;
            }
            println!("games {games}, moves replayed {moves}, errors {errors}");
        }
        "errors" => {
            let mut kinds: BTreeMap<String, (u64, String)> = BTreeMap::new();
            for game in Reader::new(file).games() {
                for error in game?.errors {
                    let entry = kinds
                        .entry(format!("{:?}", error.kind()))
                        .or_insert_with(|| (0, error.to_string()));
                    entry.0 += 1;
                }
            }
            for (kind, (count, first)) in kinds {
                println!("{count:>8} {kind}: first: {first}");
            }
        }
        "pgn-reader" => {
            let mut counts = PrCounts::default();
            pgn_reader::Reader::new(file).visit_all_games(&mut counts)?;
            println!("{counts:?}");
        }
        "open" => {}
        "cut-exact" | "cut-guess" => {
            // The serial stage of the parallel stream, on one core: cutting
            // the file in memory into the pipeline's chunks, at the
            // reader's boundaries (skipping the games) or at guesses.
            let data = std::fs::read(path)?;
            let guess = mode == "cut-guess";
            let size = chessnote_io::pipeline::Pipeline::CHUNK_SIZE;
            let started = std::time::Instant::now();
            let mut chunks = 0;
            for _ in 0..5 {
                for chunk in Chunks::new(&data[..], ReadOptions::DEFAULT, size).guess(guess) {
                    chunk?;
                    chunks += 1;
                }
            }
            let seconds = started.elapsed().as_secs_f64() / 5.0;
            println!(
                "{mode}: {} chunks, {:.0} MB/s",
                chunks / 5,
                data.len() as f64 / seconds / 1e6
            );
        }
        "slice-syntax" | "slice-replayer" | "slice-games" | "slice-headers" => {
            let data = std::fs::read(path)?;
            for _ in 0..5 {
                match mode.as_str() {
                    "slice-syntax" => {
                        let mut counts = Counts::default();
                        let Ok(()) = Reader::from_slice(&data).visit_all_games(&mut counts);
                        println!("{counts:?}");
                    }
                    "slice-replayer" => {
                        let mut replay = Replay(Replayer::new(ReadOptions::DEFAULT.san), 0);
                        let Ok(()) = Reader::from_slice(&data).visit_all_games(&mut replay);
                        println!("moves replayed {}", replay.1);
                    }
                    "slice-games" => {
                        let moves: usize = Reader::from_slice(&data)
                            .games()
                            .map(|g| g.legal_moves().count())
                            .sum();
                        println!("moves replayed {moves}");
                    }
                    _ => {
                        let tags: usize = Reader::from_slice(&data)
                            .headers()
                            .map(|h| h.tags.len())
                            .sum();
                        println!("tags {tags}");
                    }
                }
            }
        }
        _ => {
            eprintln!("unknown mode {mode}");
            return Ok(ExitCode::from(2));
        }
    }
    Ok(ExitCode::SUCCESS)
}
