//! The stream of games: the same results in the same order on any number of
//! threads, a failing source's games before its error, in bounded batches.

use std::io::{self, Read};
use std::sync::Arc;

use chessnote::pgn::{Game, GameBuilder, Input, ReadOptions, Reader};
use chessnote_io::pipeline::{Pipeline, Work};

/// Each game's number, first byte and UCI moves, in batches of `batch`.
struct Moves {
    batch: usize,
}

type Row = (u64, u64, Vec<String>);

impl Work for Moves {
    type Worker = GameBuilder;
    type Output = Vec<Row>;

    fn worker(&self) -> GameBuilder {
        Game::builder()
    }

    fn game<I: Input>(
        &self,
        builder: &mut GameBuilder,
        reader: &mut Reader<I>,
        out: &mut Vec<Row>,
    ) -> Result<bool, I::Error> {
        let Some(game) = reader.read_game(builder)? else {
            return Ok(false);
        };
        let uci = game.uci().map(|m| m.to_string()).collect();
        out.push((game.index, game.offset, uci));
        Ok(true)
    }

    fn is_full(&self, _: &GameBuilder, out: &Vec<Row>) -> bool {
        out.len() >= self.batch
    }
}

/// The Lichess sample of the shared data, or games made here.
fn games_text() -> Vec<u8> {
    let shared = std::env::var_os("CHESSNOTE_SHARED")
        .map_or_else(|| "../../../shared".into(), std::path::PathBuf::from);
    let path = shared.join("data/pgn/medium/lichess_db_1000k.pgn");
    match std::fs::read(&path) {
        Ok(data) => data,
        Err(_) => {
            assert!(
                std::env::var_os("CHESSNOTE_REQUIRE_SHARED")
                    .is_none_or(|v| v.is_empty() || v == "0"),
                "{} is missing",
                path.display()
            );
            b"1. e4 e5 2. Nf3 Nc6 *\n\n".repeat(500)
        }
    }
}

/// A source that fails after `len` bytes.
struct Failing {
    data: io::Cursor<Vec<u8>>,
    len: u64,
}

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.data.position() >= self.len {
            return Err(io::Error::other("the disk is gone"));
        }
        let left = (self.len - self.data.position()) as usize;
        let n = buf.len().min(left);
        self.data.read(&mut buf[..n])
    }
}

fn run(
    pipeline: Pipeline,
    source: Box<dyn Read + Send>,
    batch: usize,
) -> (Vec<Row>, Vec<usize>, Option<String>) {
    let mut rows = Vec::new();
    let mut sizes = Vec::new();
    let mut error = None;
    for result in pipeline.stream(source, Arc::new(Moves { batch })) {
        assert!(error.is_none(), "an item after the error");
        match result {
            Ok(out) => {
                sizes.push(out.len());
                rows.extend(out);
            }
            Err(e) => error = Some(e.to_string()),
        }
    }
    (rows, sizes, error)
}

#[test]
fn every_thread_count_gives_the_same_games_in_order() {
    let data = games_text();
    let alone = run(
        Pipeline::new(ReadOptions::DEFAULT),
        Box::new(io::Cursor::new(data.clone())),
        1,
    );
    assert!(alone.0.len() > 100 && alone.2.is_none());
    assert!(
        alone.1.iter().all(|&n| n <= 1),
        "one game a batch on one thread"
    );
    for (threads, chunk, batch) in [(1, 1 << 20, 37), (2, 4096, 5), (4, 1, 1), (0, 50_000, 1)] {
        let pipeline = Pipeline::new(ReadOptions::DEFAULT)
            .threads(threads)
            .chunk_size(chunk);
        let got = run(pipeline, Box::new(io::Cursor::new(data.clone())), batch);
        assert_eq!(got.0, alone.0, "--threads {threads} --chunk-size {chunk}");
        assert!(got.2.is_none());
        // Batches are bounded on any number of threads, not a chunk's
        // whole output: what is in flight does not grow with it.
        assert!(got.1.iter().all(|&n| n <= batch), "{:?}", got.1);
    }
}

#[test]
fn a_failing_source_gives_its_games_then_the_error() {
    let data = games_text();
    let len = data.len() as u64 / 2;
    let whole = run(
        Pipeline::new(ReadOptions::DEFAULT),
        Box::new(io::Cursor::new(data.clone())),
        10,
    )
    .0;
    for threads in [1, 3] {
        let source = Failing {
            data: io::Cursor::new(data.clone()),
            len,
        };
        let pipeline = Pipeline::new(ReadOptions::DEFAULT)
            .threads(threads)
            .chunk_size(8192);
        let (rows, _, error) = run(pipeline, Box::new(source), 10);
        assert_eq!(
            error.as_deref(),
            Some("the disk is gone"),
            "--threads {threads}"
        );
        // The games wholly before the failure, as the whole input has them.
        assert!(!rows.is_empty() && rows.len() < whole.len());
        let complete = rows.iter().filter(|r| r.1 < len - 2000).count();
        assert_eq!(rows[..complete], whole[..complete], "--threads {threads}");
    }
}

/// `data` with the `[Event` tag of one game in `every` renamed, so that
/// the chunks cut at `[Event` lines miss a game there.
fn without_some_events(data: &[u8], every: usize) -> Vec<u8> {
    let text = String::from_utf8_lossy(data);
    let mut out = String::new();
    for (i, part) in text.split("[Event ").enumerate() {
        if i > 0 {
            out += if i % every == 0 { "[Round " } else { "[Event " };
        }
        out += part;
    }
    out.into_bytes()
}

#[test]
fn chunks_cut_at_guesses_give_what_the_reader_gives() {
    let data = games_text();
    for (name, data) in [
        ("as is", data.clone()),
        ("a miss early", without_some_events(&data, 40)),
        ("a miss late", without_some_events(&data, 1500)),
    ] {
        let alone = run(
            Pipeline::new(ReadOptions::DEFAULT),
            Box::new(io::Cursor::new(data.clone())),
            7,
        );
        assert!(alone.0.len() > 100 && alone.2.is_none());
        for (threads, chunk) in [(2, 4096), (3, 20_000), (8, 1000)] {
            for guess in [true, false] {
                let pipeline = Pipeline::new(ReadOptions::DEFAULT)
                    .threads(threads)
                    .chunk_size(chunk)
                    .guess(guess);
                let got = run(pipeline, Box::new(io::Cursor::new(data.clone())), 7);
                assert_eq!(
                    got.0, alone.0,
                    "{name}: {threads} threads, chunks of {chunk}, guess {guess}"
                );
                assert!(got.2.is_none());
            }
        }
        // A source that fails after a miss: the games before the failure,
        // then the error, as without guessing.
        let len = data.len() as u64 * 3 / 4;
        let failing = |guess| {
            let source = Failing {
                data: io::Cursor::new(data.clone()),
                len,
            };
            let pipeline = Pipeline::new(ReadOptions::DEFAULT)
                .threads(3)
                .chunk_size(8192)
                .guess(guess);
            run(pipeline, Box::new(source), 10)
        };
        let (guessed, unguessed) = (failing(true), failing(false));
        assert_eq!(guessed.0, unguessed.0, "{name}");
        assert_eq!(guessed.2.as_deref(), Some("the disk is gone"), "{name}");
    }
}
