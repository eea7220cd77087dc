//! Parquet files (feature `parquet`).

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::io::Write;
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};
use std::sync::{Condvar, Mutex, PoisonError};

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
    /// A row group ends once its rows' Arrow data (before encoding)
    /// reaches this many bytes, checked every [`ENCODE_ROWS`] rows. (The
    /// rows decide, not the encoded size: the encoding is then still
    /// under way, on other threads.)
    pub row_group_bytes: usize,
    /// Threads that encode the columns (1: on the caller's thread; 0: one
    /// per core), at most [`MAX_ENCODE_THREADS`]. The file is the same
    /// bytes for any number.
    pub threads: usize,
}

impl Default for ParquetOptions {
    /// [`Compression::DEFAULT`], row groups of at most 131,072 rows or
    /// 256 MiB of Arrow data, encoded on the caller's thread.
    fn default() -> ParquetOptions {
        ParquetOptions {
            compression: Compression::DEFAULT,
            row_group_rows: 128 * 1024,
            row_group_bytes: 256 << 20,
            threads: 1,
        }
    }
}

/// At most this many threads encode a file's columns. A column of a row
/// group is encoded on one thread, and two columns hold most of the work:
/// on Lichess games `uci` takes about 42% of the encoding time and `clk`
/// 27%. The threads take the columns of several row groups at once, so
/// that one group's `uci` is encoded beside the next one's; more threads
/// only take cores from the workers that read the games (8 were no faster
/// than 4 at `--threads 16` on 16 cores).
pub const MAX_ENCODE_THREADS: usize = 4;

/// Rows are sent to be encoded this many at a time (a batch,
/// [`crate::BATCH_ROWS`]), a job per column; a row group's size in bytes
/// is checked at the end of each such step, so its rows are the same for
/// any thread count.
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

/// The file being written: the row group being filled, the rows waiting
/// for a step, the lanes that encode, and the row groups they have not
/// finished.
struct Encoder<W: Write + Send> {
    file: SerializedFileWriter<W>,
    factory: ArrowRowGroupWriterFactory,
    /// How many leaf columns (column writers) each field has.
    leaves: Vec<usize>,
    /// The row group being filled, once it has rows.
    group: Option<Filling>,
    /// Row groups started so far (the next one's number).
    started: usize,
    /// Slices of at most [`crate::BATCH_ROWS`] rows, in order, waiting to
    /// be sent as a step.
    waiting: Vec<RecordBatch>,
    waiting_rows: usize,
    max_rows: usize,
    max_bytes: usize,
    lanes: Lanes,
    /// Row groups sent to the lanes whole and not yet written, in order.
    pending: VecDeque<Pending>,
}

/// The row group being filled.
struct Filling {
    number: usize,
    rows: usize,
    /// The Arrow data of its rows, in bytes.
    bytes: usize,
}

/// A row group whose columns are being encoded: their chunks as they come.
struct Pending {
    number: usize,
    fields: Vec<Option<Vec<ArrowColumnChunk>>>,
    left: usize,
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
        let threads = chessnote_io::pipeline::workers(options.threads).min(MAX_ENCODE_THREADS);
        Ok(ParquetFile {
            pending: Rebatcher::default(),
            encoder: Encoder {
                file,
                factory,
                leaves,
                group: None,
                started: 0,
                waiting: Vec::new(),
                waiting_rows: 0,
                max_rows: options.row_group_rows.max(1),
                max_bytes: options.row_group_bytes.max(1),
                lanes: Lanes::new(schema, threads),
                pending: VecDeque::new(),
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
        self.encoder.write_groups(0)?;
        self.encoder.file.into_inner()
    }
}

impl<W: Write + Send> Encoder<W> {
    /// Takes a slice of rows: into the row group, which ends at
    /// [`ParquetOptions::row_group_rows`] rows, or at
    /// [`ParquetOptions::row_group_bytes`] of Arrow data as measured every
    /// [`ENCODE_ROWS`].
    fn take(&mut self, batch: &RecordBatch) -> Result<(), ParquetError> {
        let mut batch = batch.clone();
        while batch.num_rows() > 0 {
            let group_rows = self.group.as_ref().map_or(0, |g| g.rows);
            let room = self.max_rows - group_rows - self.waiting_rows;
            let n = batch.num_rows().min(room);
            self.waiting.push(batch.slice(0, n));
            self.waiting_rows += n;
            batch = batch.slice(n, batch.num_rows() - n);
            let full = group_rows + self.waiting_rows >= self.max_rows;
            if full || self.waiting_rows >= ENCODE_ROWS {
                self.step()?;
                let bytes = self.group.as_ref().map_or(0, |g| g.bytes);
                if full || bytes >= self.max_bytes {
                    self.end_group()?;
                }
            }
        }
        Ok(())
    }

    /// Sends the waiting rows to the lanes, a job per field, the row group
    /// started first if it is new.
    fn step(&mut self) -> Result<(), ParquetError> {
        if self.waiting.is_empty() {
            return Ok(());
        }
        // Each field's slices of the waiting rows, and their Arrow bytes.
        let mut columns = Vec::with_capacity(self.leaves.len());
        for field in 0..self.leaves.len() {
            let mut arrays = Vec::with_capacity(self.waiting.len());
            let mut bytes = 0;
            for batch in &self.waiting {
                let column = batch.column(field);
                bytes += column.to_data().get_slice_memory_size()?;
                arrays.push(Arc::clone(column));
            }
            columns.push((arrays, bytes));
        }
        let group = match &mut self.group {
            Some(group) => group,
            slot => {
                let number = self.started;
                self.started += 1;
                let mut writers = self.factory.create_column_writers(number)?.into_iter();
                let fields = self
                    .leaves
                    .iter()
                    .map(|&leaves| writers.by_ref().take(leaves).collect())
                    .collect();
                let weights: Vec<usize> = columns.iter().map(|(_, bytes)| *bytes).collect();
                self.lanes.open(number, fields, &weights)?;
                slot.insert(Filling {
                    number,
                    rows: 0,
                    bytes: 0,
                })
            }
        };
        for (field, (arrays, bytes)) in columns.into_iter().enumerate() {
            group.bytes += bytes;
            self.lanes.send(Job::Step {
                group: group.number,
                field,
                arrays,
                bytes,
            })?;
        }
        group.rows += self.waiting_rows;
        self.waiting.clear();
        self.waiting_rows = 0;
        self.write_groups(self.lanes.in_flight())
    }

    /// Ends the row group: its columns closed by the lanes, and written
    /// once they are (in order).
    fn end_group(&mut self) -> Result<(), ParquetError> {
        self.step()?;
        let Some(group) = self.group.take() else {
            return Ok(());
        };
        for field in 0..self.leaves.len() {
            self.lanes.send(Job::Close {
                group: group.number,
                field,
            })?;
        }
        self.pending.push_back(Pending {
            number: group.number,
            fields: (0..self.leaves.len()).map(|_| None).collect(),
            left: self.leaves.len(),
        });
        self.write_groups(self.lanes.in_flight())
    }

    /// Writes the row groups whose columns are all closed, in order, and
    /// waits for the lanes until at most `keep` are left.
    fn write_groups(&mut self, keep: usize) -> Result<(), ParquetError> {
        loop {
            while let Some(done) = self.lanes.done(false) {
                self.record(done)?;
            }
            while self.pending.front().is_some_and(|first| first.left == 0) {
                let Some(first) = self.pending.pop_front() else {
                    unreachable!("there is a first")
                };
                let mut group = self.file.next_row_group()?;
                for chunk in first.fields.into_iter().flatten().flatten() {
                    chunk.append_to_row_group(&mut group)?;
                }
                group.close()?;
            }
            if self.pending.len() <= keep {
                return Ok(());
            }
            match self.lanes.done(true) {
                Some(done) => self.record(done)?,
                None => {
                    return Err(ParquetError::General(
                        "a row group was left unclosed".into(),
                    ));
                }
            }
        }
    }

    /// Keeps a field's closed columns with their row group.
    fn record(&mut self, done: Done) -> Result<(), ParquetError> {
        let (group, field, chunks) = done?;
        let pending = self
            .pending
            .iter_mut()
            .find(|p| p.number == group)
            .ok_or_else(|| ParquetError::General(format!("no row group {group}")))?;
        pending.fields[field] = Some(chunks);
        pending.left -= 1;
        Ok(())
    }
}

/// What a lane is asked to do with a field's columns of a row group.
enum Job {
    /// Take the writers of the field's columns.
    Open {
        group: usize,
        field: usize,
        writers: Vec<ArrowColumnWriter>,
    },
    /// Encode the field's column of a step's slices (`bytes` of Arrow
    /// data).
    Step {
        group: usize,
        field: usize,
        arrays: Vec<ArrayRef>,
        bytes: usize,
    },
    /// Close the field's columns, and give their chunks.
    Close { group: usize, field: usize },
}

/// A field's columns of a row group, closed: `(group, field, chunks)`.
type Done = Result<(usize, usize, Vec<ArrowColumnChunk>), ParquetError>;

/// Where the columns are encoded: on the caller's thread, or on threads
/// ("lanes") that each take their jobs in order. A field's columns of a row
/// group always go to the same lane, so each column writer gets its
/// slices in order, and the pages are the same bytes whichever lane it is
/// and however many there are.
///
/// A row group's fields are given to the lanes when it opens, the heaviest
/// first (by the Arrow bytes of its first step), each to the lane with the
/// least Arrow data queued: so the two heavy columns of Lichess games
/// (`uci`, then `clk`) go to two lanes, and the next row group's to the
/// lanes that the last one's leave free.
enum Lanes {
    Here {
        schema: SchemaRef,
        open: HashMap<(usize, usize), Vec<ArrowColumnWriter>>,
        done: VecDeque<Done>,
    },
    Threads {
        jobs: Vec<SyncSender<Job>>,
        done: Receiver<Done>,
        queued: Arc<Queued>,
        /// The lane of each open field of a row group, by `(group, field)`.
        route: HashMap<(usize, usize), usize>,
    },
}

/// Jobs queued to a lane at most; the caller waits beyond.
const LANE_JOBS: usize = 256;

/// Arrow data queued to the lanes at most, in bytes; the caller waits
/// beyond (a step's job for a column is let in when nothing is queued).
/// Rows wait for the column that is slowest to encode (`uci`), and the
/// lanes must hold about half a row group of that column for one row
/// group's to be encoded beside the next one's.
const MAX_QUEUED_BYTES: usize = 64 << 20;

/// The Arrow data queued to each lane, in bytes, and a signal when a lane
/// has encoded some.
struct Queued {
    lanes: Mutex<Vec<usize>>,
    freed: Condvar,
}

impl Queued {
    fn new(lanes: usize) -> Queued {
        Queued {
            lanes: Mutex::new(vec![0; lanes]),
            freed: Condvar::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<usize>> {
        self.lanes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for room for `bytes` more in all, and counts them to `lane`.
    fn add(&self, lane: usize, bytes: usize) {
        let mut queued = self.lock();
        loop {
            let total: usize = queued.iter().sum();
            if total == 0 || total + bytes <= MAX_QUEUED_BYTES {
                break;
            }
            queued = self
                .freed
                .wait(queued)
                .unwrap_or_else(PoisonError::into_inner);
        }
        queued[lane] += bytes;
    }

    fn remove(&self, lane: usize, bytes: usize) {
        let mut queued = self.lock();
        queued[lane] = queued[lane].saturating_sub(bytes);
        self.freed.notify_all();
    }
}

impl Lanes {
    fn new(schema: SchemaRef, threads: usize) -> Lanes {
        if threads <= 1 {
            return Lanes::Here {
                schema,
                open: HashMap::new(),
                done: VecDeque::new(),
            };
        }
        let (done_in, done) = channel();
        let queued = Arc::new(Queued::new(threads));
        let jobs = (0..threads)
            .map(|lane| {
                let (jobs_in, jobs) = sync_channel::<Job>(LANE_JOBS);
                let (schema, done_in, queued) =
                    (Arc::clone(&schema), done_in.clone(), Arc::clone(&queued));
                std::thread::spawn(move || {
                    let mut open = HashMap::new();
                    // After an error the jobs are only counted off, so
                    // that the caller, told of the error, waits for no
                    // room.
                    let mut failed = false;
                    for job in jobs {
                        let bytes = match &job {
                            Job::Step { bytes, .. } => *bytes,
                            _ => 0,
                        };
                        let done = if failed {
                            None
                        } else {
                            run(job, &schema, &mut open)
                        };
                        queued.remove(lane, bytes);
                        if let Some(done) = done {
                            failed = done.is_err();
                            if done_in.send(done).is_err() {
                                return;
                            }
                        }
                    }
                });
                jobs_in
            })
            .collect();
        Lanes::Threads {
            jobs,
            done,
            queued,
            route: HashMap::new(),
        }
    }

    /// How many row groups may be left encoding while more rows come: as
    /// many as there are lanes.
    fn in_flight(&self) -> usize {
        match self {
            Lanes::Here { .. } => 0,
            Lanes::Threads { jobs, .. } => jobs.len(),
        }
    }

    /// Opens row group `group`: each field's column writers (`fields`,
    /// in order) given to a lane, the heaviest by `weights` first, each to
    /// the lane with the least data queued.
    fn open(
        &mut self,
        group: usize,
        fields: Vec<Vec<ArrowColumnWriter>>,
        weights: &[usize],
    ) -> Result<(), ParquetError> {
        if let Lanes::Threads { queued, route, .. } = self {
            let mut load = queued.lock().clone();
            let mut order: Vec<usize> = (0..fields.len()).collect();
            order.sort_by_key(|&field| std::cmp::Reverse(weights[field]));
            for field in order {
                let lane = (0..load.len()).min_by_key(|&lane| load[lane]).unwrap_or(0);
                load[lane] += weights[field];
                route.insert((group, field), lane);
            }
        }
        for (field, writers) in fields.into_iter().enumerate() {
            self.send(Job::Open {
                group,
                field,
                writers,
            })?;
        }
        Ok(())
    }

    fn send(&mut self, job: Job) -> Result<(), ParquetError> {
        match self {
            Lanes::Here { schema, open, done } => {
                if let Some(d) = run(job, schema, open) {
                    done.push_back(d);
                }
                Ok(())
            }
            Lanes::Threads {
                jobs,
                done,
                queued,
                route,
            } => {
                let lane = match &job {
                    Job::Open { group, field, .. } | Job::Step { group, field, .. } => {
                        route.get(&(*group, *field)).copied()
                    }
                    Job::Close { group, field } => route.remove(&(*group, *field)),
                }
                .ok_or_else(|| ParquetError::General("a column has no encoding thread".into()))?;
                if let Job::Step { bytes, .. } = job {
                    queued.add(lane, bytes);
                }
                jobs[lane].send(job).map_err(|_| match done.try_recv() {
                    Ok(Err(e)) => e,
                    _ => ParquetError::General("an encoding thread stopped".into()),
                })
            }
        }
    }

    /// A field's chunks, or an error: waiting for one when `wait`.
    fn done(&mut self, wait: bool) -> Option<Done> {
        match self {
            Lanes::Here { done, .. } => done.pop_front(),
            Lanes::Threads { done, .. } if wait => Some(done.recv().unwrap_or_else(|_| {
                Err(ParquetError::General("the encoding threads stopped".into()))
            })),
            Lanes::Threads { done, .. } => done.try_recv().ok(),
        }
    }
}

/// Does `job` with the field writers `open`; what it closed, or its error.
fn run(
    job: Job,
    schema: &SchemaRef,
    open: &mut HashMap<(usize, usize), Vec<ArrowColumnWriter>>,
) -> Option<Done> {
    let missing = || ParquetError::General("a column's writers are missing".into());
    match job {
        Job::Open {
            group,
            field,
            writers,
        } => {
            open.insert((group, field), writers);
            None
        }
        Job::Step {
            group,
            field,
            arrays,
            ..
        } => {
            let result = (|| {
                let writers = open.get_mut(&(group, field)).ok_or_else(missing)?;
                for array in &arrays {
                    let array = canonical(array)?;
                    let leaves = compute_leaves(&schema.fields()[field], &array)?;
                    for (leaf, writer) in leaves.iter().zip(writers.iter_mut()) {
                        writer.write(leaf)?;
                    }
                }
                Ok(())
            })();
            result.err().map(Err)
        }
        Job::Close { group, field } => Some((|| {
            let writers = open.remove(&(group, field)).ok_or_else(missing)?;
            let chunks = writers
                .into_iter()
                .map(ArrowColumnWriter::close)
                .collect::<Result<Vec<_>, _>>()?;
            Ok((group, field, chunks))
        })()),
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
