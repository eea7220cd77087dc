//! What the PGN tests share: the shared data's PGN files, a reader that
//! hands out bytes in small uneven pieces (as pipes and decompressors do),
//! and reading the same bytes from memory and streamed.

use std::io::Read;

use chessnote::pgn::{Chunks, Game, ReadOptions, Reader};
use serde_json::Value;

use crate::common;

/// Every PGN file under `shared/data/pgn` (`.pgn` and `.pgn.zst`,
/// decompressed), with its path relative to `data/pgn`, sorted; empty when
/// the shared data is missing (and not required).
pub fn pgn_files() -> Vec<(String, Vec<u8>)> {
    let Some(root) = common::shared_path("data/pgn") else {
        return Vec::new();
    };
    let mut paths = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read data/pgn") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                paths.push(path);
            }
        }
    }
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let rel = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let raw = std::fs::read(&path).unwrap();
            let data = if rel.ends_with(".zst") {
                common::decode(&raw)
            } else {
                raw
            };
            (rel, data)
        })
        .collect()
}

/// How chessnote reads to compare with python-chess (`python_chess.rs`,
/// `python_chess_export.rs`): the SAN leniencies python-chess has without
/// naming them (long algebraic moves, a wrong `+`, more disambiguation than
/// needed, …), results written `½-½`.
pub fn python_chess_options() -> ReadOptions {
    ReadOptions::PYTHON_CHESS
}

/// The lines of a committed vectors file (`tests/data/NAME`, or a path
/// when `name` has a `/`; zstd JSON lines) whose `kind` is one of `kinds`,
/// file by file (the lines are grouped by `file`, in order).
pub fn for_each_vector_file(name: &str, kinds: &[&str], mut f: impl FnMut(&str, Vec<Value>)) {
    let path = if name.contains('/') {
        name.to_owned()
    } else {
        format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
    };
    let text = common::decode(&std::fs::read(&path).expect("the committed vectors"));
    let mut file = String::new();
    let mut games = Vec::new();
    for line in text.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let value: Value = serde_json::from_slice(line).expect("a JSON line");
        if value["kind"]
            .as_str()
            .is_some_and(|kind| kinds.contains(&kind))
        {
            let name = value["file"].as_str().unwrap();
            if name != file {
                if !games.is_empty() {
                    f(&file, std::mem::take(&mut games));
                }
                file = name.to_owned();
            }
            games.push(value);
        }
    }
    if !games.is_empty() {
        f(&file, games);
    }
}

/// An `io::Read` over bytes that returns pieces of 1 to `max` bytes, sizes
/// drawn from a simple generator seeded by `seed`.
pub struct Chunky<'a> {
    data: &'a [u8],
    state: u64,
    max: usize,
}

impl<'a> Chunky<'a> {
    pub fn new(data: &'a [u8], seed: u64, max: usize) -> Chunky<'a> {
        Chunky {
            data,
            state: seed | 1,
            max: max.max(1),
        }
    }
}

impl Read for Chunky<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        // xorshift64
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        let n = (1 + (self.state as usize) % self.max)
            .min(buf.len())
            .min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Options with a small buffer, so that streaming refills often and long
/// comments come in pieces: 4 KiB, tags up to 1 KiB.
pub fn small_buffer() -> ReadOptions {
    let mut options = ReadOptions::DEFAULT;
    options.limits.max_tag_len = 1024;
    options.buffer_size = 4096;
    options
}

/// The games of `data`, read from memory, variations read.
pub fn games_in_memory(data: &[u8], options: ReadOptions) -> Vec<Game> {
    Reader::from_slice_with(data, options)
        .games_with(Game::builder().variations(true))
        .collect()
}

/// The games of `data`, streamed through [`Chunky`] pieces, variations read.
pub fn games_streamed(data: &[u8], options: ReadOptions, seed: u64) -> Vec<Game> {
    Reader::with_options(Chunky::new(data, seed, 700), options)
        .into_games_with(Game::builder().variations(true))
        .map(|game| game.expect("reading from memory cannot fail"))
        .collect()
}

pub use chessnote_testdata::sha1_hex;

/// The games of `data`, cut into [`chessnote::pgn::Chunks`] of about
/// `target` bytes (the input read in [`Chunky`] pieces), each chunk read
/// on its own, variations read.
pub fn games_chunked(data: &[u8], options: ReadOptions, target: usize, seed: u64) -> Vec<Game> {
    let mut games = Vec::new();
    for chunk in Chunks::new(Chunky::new(data, seed, 5000), options, target) {
        let chunk = chunk.expect("reading from memory cannot fail");
        games.extend(chunk.reader().games_with(Game::builder().variations(true)));
    }
    games
}

/// The games of `data` cut into chunks at guesses of about `target` bytes
/// (the input read in [`Chunky`] pieces), `ahead` chunks cut before the
/// first is read, variations read, cut again where a check misses; with
/// the number of misses.
pub fn games_guessed(
    data: &[u8],
    options: ReadOptions,
    target: usize,
    seed: u64,
    ahead: usize,
) -> (Vec<Game>, usize) {
    let read = Chunky::new(data, seed, 5000);
    chessnote_testdata::games_guessed(read, options, target, ahead, || {
        Game::builder().variations(true)
    })
}
