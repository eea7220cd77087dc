//! Test support for chessnote, shared by the library's integration tests
//! (through `crates/chessnote/tests/common`) and the benchmarks: finding and
//! reading the data in `../shared`, the rows of its conformance files, perft,
//! a toy board that turns UCI moves from real games into ERAN, and a PGN
//! movetext splitter. Not published.
//!
//! Tests that need `../shared` skip with a message when it is missing,
//! unless `CHESSNOTE_REQUIRE_SHARED=1` is set (as `.ci/run` does): then they
//! fail, so that CI never passes on skipped data.

mod board;
mod conformance;
mod data;
mod guessed;
mod perft;
mod pgn;
mod pieces;
mod python_chess;
mod stop_at;
mod synthetic;

pub use board::ToyBoard;
pub use conformance::{Row, conformance, unescape};
pub use data::{decode, read_data, require_shared, shared_dir, shared_path, vectors, vectors_text};
pub use guessed::games_guessed;
pub use perft::{perft, perft_bulk, variant_perft};
pub use pgn::{games, san_tokens_of_pgn};
pub use pieces::Pieces;
pub use python_chess::{python_headers, python_tag_value, sha1_hex};
pub use stop_at::StopAt;
pub use synthetic::{Rng, synthetic_pgn};
