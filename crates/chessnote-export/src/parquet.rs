//! Parquet files (feature `parquet`).

use std::fmt;
use std::io::Write;

use arrow_array::RecordBatch;
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression as ParquetCompression;
use parquet::errors::ParquetError;
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use parquet::schema::types::ColumnPath;

use crate::arrow::Rebatcher;
use crate::columns::{Column, Columns};
use crate::{SCHEMA_KEY, VERSION_KEY};

/// How Parquet pages are compressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression {
    /// zstd at a level (1–22; 3 is zstd's default). Only with the feature
    /// `zstd` (libzstd, C).
    Zstd(i32),
    /// Snappy: fast, pure Rust, larger files.
    Snappy,
    /// None.
    None,
}

impl Compression {
    /// zstd level 3 when this build has zstd, else snappy.
    pub const DEFAULT: Compression = if cfg!(feature = "zstd") {
        Compression::Zstd(3)
    } else {
        Compression::Snappy
    };

    /// Whether this build can write it.
    pub fn is_available(self) -> bool {
        !matches!(self, Compression::Zstd(_)) || cfg!(feature = "zstd")
    }

    /// Reads `zstd`, `zstd:LEVEL`, `snappy` or `none`.
    ///
    /// # Errors
    ///
    /// Anything else, with what is accepted.
    pub fn parse(text: &str) -> Result<Compression, String> {
        match text {
            "snappy" => Ok(Compression::Snappy),
            "none" | "uncompressed" => Ok(Compression::None),
            "zstd" => Ok(Compression::Zstd(3)),
            _ => match text.strip_prefix("zstd:").map(str::parse::<i32>) {
                Some(Ok(level)) if (1..=22).contains(&level) => Ok(Compression::Zstd(level)),
                _ => Err(format!(
                    "`{text}` is no compression (zstd, zstd:LEVEL with LEVEL 1-22, snappy, none)"
                )),
            },
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Compression::Zstd(level) => write!(f, "zstd:{level}"),
            Compression::Snappy => f.write_str("snappy"),
            Compression::None => f.write_str("none"),
        }
    }
}

/// How Parquet files are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ParquetOptions {
    /// Page compression.
    pub compression: Compression,
    /// At most this many rows in a row group.
    pub row_group_rows: usize,
    /// A row group ends once its encoded size reaches this many bytes.
    pub row_group_bytes: usize,
}

impl Default for ParquetOptions {
    /// [`Compression::DEFAULT`], row groups of at most 131,072 rows or
    /// 128 MiB.
    fn default() -> ParquetOptions {
        ParquetOptions {
            compression: Compression::DEFAULT,
            row_group_rows: 128 * 1024,
            row_group_bytes: 128 << 20,
        }
    }
}

/// Columns whose values are mostly distinct: no dictionary.
const DISTINCT: [Column; 10] = [
    Column::Site,
    Column::White,
    Column::Black,
    Column::GameId,
    Column::Movetext,
    Column::ErrorLine,
    Column::ErrorColumn,
    Column::GameIndex,
    Column::SourceOffset,
    Column::SourceLen,
];

/// A Parquet file of rows of `columns`, written to `W`.
///
/// ```
/// use chessnote::pgn::{ReadOptions, Reader};
/// use chessnote_export::{BatchBuilder, Columns, ParquetFile, ParquetOptions, Recorder, Row};
///
/// let columns = Columns::MINIMAL;
/// let mut recorder = Recorder::new(columns, ReadOptions::default());
/// let mut batch = BatchBuilder::new(columns);
/// let mut reader = Reader::from_slice(b"1. e4 e5 *\n");
/// while let Some(record) = recorder.read(&mut reader).unwrap() {
///     batch.push(&Row::new(record, columns, "one.pgn"));
/// }
/// let mut file = ParquetFile::new(Vec::new(), columns, &ParquetOptions::default())?;
/// file.write(&batch.finish())?;
/// let bytes = file.finish()?;
/// assert_eq!(&bytes[..4], b"PAR1");
/// # Ok::<(), parquet::errors::ParquetError>(())
/// ```
pub struct ParquetFile<W: Write + Send> {
    writer: ArrowWriter<W>,
    pending: Rebatcher,
    rows: u64,
}

impl<W: Write + Send> ParquetFile<W> {
    /// Starts a file on `out`.
    ///
    /// # Errors
    ///
    /// A compression this build lacks, or the writer's.
    pub fn new(
        out: W,
        columns: Columns,
        options: &ParquetOptions,
    ) -> Result<ParquetFile<W>, ParquetError> {
        let compression = match options.compression {
            Compression::Zstd(level) => {
                if !cfg!(feature = "zstd") {
                    return Err(ParquetError::General(
                        "this build has no zstd: rebuild with the feature `zstd`, or use snappy"
                            .into(),
                    ));
                }
                ParquetCompression::ZSTD(parquet::basic::ZstdLevel::try_new(level)?)
            }
            Compression::Snappy => ParquetCompression::SNAPPY,
            Compression::None => ParquetCompression::UNCOMPRESSED,
        };
        let mut props = WriterProperties::builder()
            .set_compression(compression)
            .set_max_row_group_row_count(Some(options.row_group_rows.max(1)))
            .set_max_row_group_bytes(Some(options.row_group_bytes.max(1)))
            .set_created_by(format!("chessnote {}", env!("CARGO_PKG_VERSION")))
            .set_key_value_metadata(Some(vec![
                KeyValue::new(
                    SCHEMA_KEY.to_owned(),
                    columns.table().schema_name().to_owned(),
                ),
                KeyValue::new(VERSION_KEY.to_owned(), env!("CARGO_PKG_VERSION").to_owned()),
            ]));
        for column in DISTINCT {
            if columns.contains(column) {
                props = props.set_column_dictionary_enabled(ColumnPath::from(column.name()), false);
            }
        }
        let schema = std::sync::Arc::new(crate::schema(columns));
        Ok(ParquetFile {
            writer: ArrowWriter::try_new(out, schema, Some(props.build()))?,
            pending: Rebatcher::default(),
            rows: 0,
        })
    }

    /// Appends the rows of `batch`.
    ///
    /// # Errors
    ///
    /// The writer's (I/O, a batch of another schema).
    pub fn write(&mut self, batch: &RecordBatch) -> Result<(), ParquetError> {
        self.rows += batch.num_rows() as u64;
        let writer = &mut self.writer;
        self.pending.push(batch, |slice| writer.write(slice))
    }

    /// The rows appended so far.
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// Ends the file (the last row group and the footer) and gives `W`
    /// back.
    ///
    /// # Errors
    ///
    /// The writer's.
    pub fn finish(mut self) -> Result<W, ParquetError> {
        let writer = &mut self.writer;
        self.pending.finish(|slice| writer.write(slice))?;
        self.writer.into_inner()
    }
}
