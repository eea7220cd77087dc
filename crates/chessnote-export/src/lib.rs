//! Chess games as table rows: the schema `chessnote.lichess.v1`, one row
//! per game, written as Parquet, Arrow IPC, NDJSON or CSV for DuckDB,
//! Polars, pandas and Spark.
//!
//! The columns are those of the Hugging Face dataset
//! `Lichess/standard-chess-games`, with the same names and types (queries
//! written for it run unchanged), and what it lacks: the game id, every
//! other tag, the time control split, the moves in UCI (and SAN), clocks
//! and evals per ply, the game's status and first problem, where it is
//! in its source. A bad game is a row with its problem, never a lost row.
//! `docs/export.md` defines every column.
//!
//! - [`Recorder`] reads games from a [`chessnote::pgn::Reader`] into
//!   [`Record`]s: the [`chessnote::pgn::Game`] of the one replay, asked
//!   for what the columns need, and where it is in its source.
//! - [`Column`] is the one table of columns: each one's name, [`Kind`],
//!   nullability, [`Needs`] and [`Value`] in a [`Row`]. [`text`] writes
//!   rows as NDJSON and CSV, [`BatchBuilder`] as Arrow record batches
//!   (feature `arrow`), [`ParquetFile`] as Parquet (feature `parquet`),
//!   each from the column's kind and value alone.
//! - [`Rows`] and [`Dataset`]: rows gathered on worker threads, written
//!   in order into one file or a folder of parts, Hive-partitioned by
//!   year and month.
//!
//! Features: `arrow` (arrow-array, arrow-schema, arrow-ipc 60),
//! `parquet` (adds parquet 60 with snappy, pure Rust), `zstd` (zstd
//! pages, libzstd in C).
//!
//! ```
//! use chessnote::pgn::{ReadOptions, Reader};
//! use chessnote_export::{Columns, Recorder, Row, text};
//!
//! let pgn = b"[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/j1dkb5dw\"]\n\
//!     [TimeControl \"300+3\"]\n\n1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:04:58] } 1-0\n";
//! let columns = Columns::parse("GameId,TimeBase,TimeIncrement,uci,clk")?;
//! let mut recorder = Recorder::new(columns, ReadOptions::default());
//! let mut reader = Reader::from_slice(pgn);
//! let mut out = String::new();
//! while let Some(record) = recorder.read(&mut reader).unwrap() {
//!     text::write_ndjson(&Row::new(record, columns, "sample.pgn"), &mut out);
//! }
//! assert_eq!(
//!     out,
//!     "{\"GameId\":\"j1dkb5dw\",\"TimeBase\":300,\"TimeIncrement\":3,\
//!      \"uci\":[\"e2e4\",\"e7e5\"],\"clk\":[30000,29800]}\n"
//! );
//! # Ok::<(), chessnote_export::ColumnsError>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "arrow")]
mod arrow;
mod columns;
mod dataset;
#[cfg(feature = "parquet")]
mod parquet;
mod record;
mod row;
pub mod text;

#[cfg(feature = "arrow")]
pub use arrow::{BatchBuilder, data_type, schema};
pub use columns::{Column, Columns, ColumnsError, IntList, Kind, Needs, Table, TextList, Value};
pub use dataset::{Dataset, ExportOptions, Finished, Format, Partition, Rows};
#[cfg(feature = "parquet")]
pub use parquet::{Compression, ENCODE_ROWS, MAX_ENCODE_THREADS, ParquetFile, ParquetOptions};
pub use record::{Record, Recorder};
pub use row::{OtherTags, PlyAt, Row, lichess_id};

/// Rows are handed to the Parquet and Arrow writers this many at a time,
/// whatever batches they came in: pages and record batches end at the same
/// rows, so a file is the same bytes however the input was cut (for any
/// thread count). Batches of this size are written without a copy.
pub const BATCH_ROWS: usize = 8192;

/// The schema's name, in every file's metadata under [`SCHEMA_KEY`].
pub const SCHEMA_NAME: &str = "chessnote.lichess.v1";

/// The plies table's schema name ([`Table::Plies`]).
pub const PLIES_SCHEMA_NAME: &str = "chessnote.plies.v1";

/// The metadata key of the schema's name.
pub const SCHEMA_KEY: &str = "chessnote.schema";

/// The metadata key of the version of chessnote that wrote the file.
pub const VERSION_KEY: &str = "chessnote.version";
