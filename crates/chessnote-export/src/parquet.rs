//! Parquet files (feature `parquet`).

use std::fmt;
use std::io::Write;
use std::sync::{Mutex, PoisonError};

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, ListArray, MapArray, RecordBatch, StructArray};
use arrow_buffer::{NullBuffer, OffsetBuffer};
use arrow_schema::{ArrowError, DataType, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory, compute_leaves,
};
use parquet::basic::Compression as ParquetCompression;
use parquet::errors::ParquetError;
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
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
    /// A row group ends once its encoded size reaches this many bytes
    /// (checked every [`ENCODE_ROWS`] rows).
    pub row_group_bytes: usize,
    /// Threads that encode the columns (1: on the caller's thread; 0: one
    /// per core), at most [`MAX_ENCODE_THREADS`]. The file is the same
    /// bytes for any number.
    pub threads: usize,
}

impl Default for ParquetOptions {
    /// [`Compression::DEFAULT`], row groups of at most 131,072 rows or
    /// 128 MiB, encoded on the caller's thread.
    fn default() -> ParquetOptions {
        ParquetOptions {
            compression: Compression::DEFAULT,
            row_group_rows: 128 * 1024,
            row_group_bytes: 128 << 20,
            threads: 1,
        }
    }
}

/// At most this many threads encode a file's columns. A column is
/// encoded on one thread, and two columns hold most of the work: on
/// Lichess games `uci` takes 54% of the encoding time and `clk` 30%. More
/// threads would only take cores from the workers that read the games.
pub const MAX_ENCODE_THREADS: usize = 4;

/// Rows are encoded this many at a time (a batch, [`crate::BATCH_ROWS`]),
/// the columns in parallel with [`ParquetOptions::threads`]; a row group's
/// size in bytes is checked at the end of each such step, so its rows are
/// the same for any thread count.
pub const ENCODE_ROWS: usize = crate::BATCH_ROWS;

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
    pending: Rebatcher,
    encoder: Encoder<W>,
    rows: u64,
}

/// The file being written: its row group, and the rows waiting to be
/// encoded into it.
struct Encoder<W: Write + Send> {
    file: SerializedFileWriter<W>,
    factory: ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    /// How many leaf columns (column writers) each field has.
    leaves: Vec<usize>,
    /// The column writers of the row group being written.
    group: Option<Vec<ArrowColumnWriter>>,
    /// Its rows encoded so far.
    group_rows: usize,
    /// Slices of at most [`crate::BATCH_ROWS`] rows, in order, waiting to
    /// be encoded into the row group.
    waiting: Vec<RecordBatch>,
    waiting_rows: usize,
    max_rows: usize,
    max_bytes: usize,
    threads: usize,
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
        // The Arrow writer puts the Arrow schema in the metadata; its
        // parts write the row groups, which are cut here.
        let (file, factory) = ArrowWriter::try_new(out, schema.clone(), Some(props.build()))?
            .into_serialized_writer()?;
        let descr = file.schema_descr();
        let mut leaves = vec![0; schema.fields().len()];
        for leaf in 0..descr.num_columns() {
            leaves[descr.get_column_root_idx(leaf)] += 1;
        }
        let threads = match options.threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        }
        .min(MAX_ENCODE_THREADS);
        Ok(ParquetFile {
            pending: Rebatcher::default(),
            encoder: Encoder {
                file,
                factory,
                schema,
                leaves,
                group: None,
                group_rows: 0,
                waiting: Vec::new(),
                waiting_rows: 0,
                max_rows: options.row_group_rows.max(1),
                max_bytes: options.row_group_bytes.max(1),
                threads,
            },
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
        let encoder = &mut self.encoder;
        self.pending.push(batch, |slice| encoder.take(slice))
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
        let encoder = &mut self.encoder;
        self.pending.finish(|slice| encoder.take(slice))?;
        self.encoder.end_group()?;
        self.encoder.file.into_inner()
    }
}

impl<W: Write + Send> Encoder<W> {
    /// Takes a slice of rows: into the row group, which ends at
    /// [`ParquetOptions::row_group_rows`] rows, or at
    /// [`ParquetOptions::row_group_bytes`] as measured every
    /// [`ENCODE_ROWS`].
    fn take(&mut self, batch: &RecordBatch) -> Result<(), ParquetError> {
        let mut batch = batch.clone();
        while batch.num_rows() > 0 {
            let room = self.max_rows - self.group_rows - self.waiting_rows;
            let n = batch.num_rows().min(room);
            self.waiting.push(batch.slice(0, n));
            self.waiting_rows += n;
            batch = batch.slice(n, batch.num_rows() - n);
            let full = self.group_rows + self.waiting_rows >= self.max_rows;
            if full || self.waiting_rows >= ENCODE_ROWS {
                self.encode()?;
                if full || self.encoded_bytes() >= self.max_bytes {
                    self.end_group()?;
                }
            }
        }
        Ok(())
    }

    /// The encoded size of the row group so far, as the writers estimate it.
    fn encoded_bytes(&self) -> usize {
        self.group
            .iter()
            .flatten()
            .map(ArrowColumnWriter::get_estimated_total_bytes)
            .sum()
    }

    /// Encodes the waiting rows into the row group: each field's columns
    /// on one thread, the fields on [`ParquetOptions::threads`]. Each
    /// column writer gets the same slices in the same order whatever the
    /// threads, so the pages are the same bytes.
    fn encode(&mut self) -> Result<(), ParquetError> {
        if self.waiting.is_empty() {
            return Ok(());
        }
        let writers = match &mut self.group {
            Some(writers) => writers,
            group => group.insert(
                self.factory
                    .create_column_writers(self.file.flushed_row_groups().len())?,
            ),
        };
        let waiting = &self.waiting;
        let fields = self.schema.fields();
        let mut jobs = Vec::with_capacity(fields.len());
        let mut rest = writers.as_mut_slice();
        for (i, &leaves) in self.leaves.iter().enumerate() {
            let (head, tail) = rest.split_at_mut(leaves);
            // The largest first: they bound the step's time.
            let weight: usize = waiting
                .iter()
                .map(|batch| batch.column(i).get_buffer_memory_size())
                .sum();
            jobs.push((weight, i, head));
            rest = tail;
        }
        jobs.sort_by_key(|&(weight, i, _)| (core::cmp::Reverse(weight), i));
        in_parallel(jobs, self.threads, |(_, i, writers)| {
            for batch in waiting {
                let column = canonical(batch.column(i))?;
                let leaves = compute_leaves(&fields[i], &column)?;
                for (leaf, writer) in leaves.iter().zip(writers.iter_mut()) {
                    writer.write(leaf)?;
                }
            }
            Ok(())
        })?;
        self.group_rows += self.waiting_rows;
        self.waiting.clear();
        self.waiting_rows = 0;
        Ok(())
    }

    /// Ends the row group (its columns closed in parallel) and writes it.
    fn end_group(&mut self) -> Result<(), ParquetError> {
        self.encode()?;
        let Some(writers) = self.group.take() else {
            return Ok(());
        };
        self.group_rows = 0;
        let mut chunks: Vec<Option<ArrowColumnChunk>> = Vec::new();
        chunks.resize_with(writers.len(), || None);
        let chunks = Mutex::new(chunks);
        let jobs = writers.into_iter().enumerate().collect();
        in_parallel(jobs, self.threads, |(i, writer)| {
            let chunk = writer.close()?;
            chunks.lock().unwrap_or_else(PoisonError::into_inner)[i] = Some(chunk);
            Ok(())
        })?;
        let mut group = self.file.next_row_group()?;
        // Every column was closed, or `in_parallel` gave its error.
        for chunk in chunks
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .into_iter()
            .flatten()
        {
            chunk.append_to_row_group(&mut group)?;
        }
        group.close()?;
        Ok(())
    }
}

/// `array` as the column writers must get it for the pages to depend on
/// its values alone: with a validity buffer at every level that has a null
/// in the rows referenced, and at no other, and lists' values cut to the
/// rows referenced.
///
/// The parquet writer takes an array with a validity buffer (even one
/// with no null) through materialized levels, written 1,024 rows at a
/// time, and one without through compact levels, written at once; the
/// pages are cut at those steps' ends. Whether a slice has a buffer
/// depends on the batch it came from (a worker's chunk, several put
/// together), and so on `--threads`: without this, the same rows could
/// give other pages.
fn canonical(array: &ArrayRef) -> Result<ArrayRef, ArrowError> {
    fn nulls(array: &dyn Array) -> Option<NullBuffer> {
        array.nulls().filter(|n| n.null_count() > 0).cloned()
    }
    /// The offsets from 0, and the range of values they cover.
    fn rebased(offsets: &OffsetBuffer<i32>) -> (OffsetBuffer<i32>, usize, usize) {
        let first = offsets[0];
        let last = offsets[offsets.len() - 1];
        let from_zero = OffsetBuffer::new(offsets.iter().map(|&o| o - first).collect());
        // Offsets are never negative.
        let (first, last) = (first as usize, last as usize);
        (from_zero, first, last - first)
    }
    match array.data_type() {
        DataType::List(field) => {
            let list = array.as_list::<i32>();
            let (offsets, first, len) = rebased(list.offsets());
            let values = canonical(&list.values().slice(first, len))?;
            Ok(Arc::new(ListArray::try_new(
                Arc::clone(field),
                offsets,
                values,
                nulls(list),
            )?))
        }
        DataType::Map(field, ordered) => {
            let map = array.as_map();
            let (offsets, first, len) = rebased(map.offsets());
            let entries: ArrayRef = Arc::new(map.entries().slice(first, len));
            let entries = canonical(&entries)?;
            Ok(Arc::new(MapArray::try_new(
                Arc::clone(field),
                offsets,
                entries.as_struct().clone(),
                nulls(map),
                *ordered,
            )?))
        }
        DataType::Struct(fields) => {
            let parts = array.as_struct();
            let columns = parts
                .columns()
                .iter()
                .map(canonical)
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Arc::new(StructArray::try_new(
                fields.clone(),
                columns,
                nulls(parts),
            )?))
        }
        // A copy has a buffer only where a value is null (`concat` of
        // one array would give the array itself).
        _ if array.nulls().is_some() && array.null_count() == 0 => {
            let empty = arrow_array::new_empty_array(array.data_type());
            arrow_select::concat::concat(&[array.as_ref(), empty.as_ref()])
        }
        _ => Ok(Arc::clone(array)),
    }
}

/// Runs `work` on every job, on up to `threads` threads (on this one when
/// one is enough); the first error, if any.
fn in_parallel<J: Send>(
    jobs: Vec<J>,
    threads: usize,
    work: impl Fn(J) -> Result<(), ParquetError> + Sync,
) -> Result<(), ParquetError> {
    let threads = threads.min(jobs.len());
    if threads <= 1 {
        return jobs.into_iter().try_for_each(work);
    }
    let queue = Mutex::new(jobs.into_iter());
    let error = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let job = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
                    let Some(job) = job else { break };
                    if let Err(e) = work(job) {
                        error
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .get_or_insert(e);
                    }
                }
            });
        }
    });
    match error.into_inner().unwrap_or_else(PoisonError::into_inner) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
