//! The peer baseline for `chessnote pgn convert --to uci`: pgn-reader +
//! shakmaty print one line per game, the mainline's moves in UCI
//! (`e1g1` castling) separated by spaces, up to the first illegal move,
//! from the `FEN` tag's position when there is one (an invalid one: an
//! empty line).
//!
//! ```sh
//! cargo run --release -p chessnote-bench --example pgn_reader_uci -- FILE
//! ```
//!
//! Compressed files are detected by content and decoded by `chessnote-io`,
//! as the command decodes them (libzstd; ruzstd with `--no-default-features`), so
//! that `scripts/pgn_cli_bench.sh` compares the parsers, not the
//! decompressors.

use std::io::{self, Write};
use std::ops::ControlFlow::{self, Continue};
use std::path::Path;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use chessnote_io as compress;

/// Builds each game's line of UCI moves.
#[derive(Default)]
struct Uci {
    line: String,
}

impl Visitor for Uci {
    /// The starting position; `None` after an invalid `FEN` tag.
    type Tags = Option<Chess>;
    /// The position; `None` after an illegal move.
    type Movetext = Option<Chess>;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        self.line.clear();
        Continue(Some(Chess::default()))
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if name == b"FEN" {
            *tags = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok());
        }
        Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Option<Chess>> {
        Continue(tags)
    }

    fn san(&mut self, movetext: &mut Option<Chess>, san_plus: SanPlus) -> ControlFlow<()> {
        if let Some(pos) = movetext {
            match san_plus.san.to_move(pos) {
                Ok(m) => {
                    if !self.line.is_empty() {
                        self.line.push(' ');
                    }
                    m.to_uci(CastlingMode::Standard)
                        .append_to_string(&mut self.line);
                    pos.play_unchecked(m);
                }
                Err(_) => *movetext = None,
            }
        }
        Continue(())
    }

    fn end_game(&mut self, _: Option<Chess>) {
        self.line.push('\n');
    }
}

fn main() -> io::Result<()> {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: pgn_reader_uci FILE");
        std::process::exit(2);
    };
    let input = compress::open(Some(Path::new(&path)))?;
    let mut reader = Reader::new(input.reader);
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut uci = Uci::default();
    while reader.read_game(&mut uci)?.is_some() {
        out.write_all(uci.line.as_bytes())?;
    }
    out.flush()
}
