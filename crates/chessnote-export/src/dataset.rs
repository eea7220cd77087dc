//! Where rows go: one file (or stdout), or a folder of parts, split by
//! row count and Hive-style by year and month.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use chessnote_io::output::{self, Staged};

use chessnote::uci::Uci;

use crate::columns::{Columns, Table};
use crate::record::Record;
use crate::row::{PlyAt, Row};
use crate::text;

/// An output format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// Apache Parquet (feature `parquet`).
    Parquet,
    /// The Arrow IPC file format, `.arrow` (feature `arrow`).
    Arrow,
    /// One JSON object a line.
    Ndjson,
    /// Comma-separated values with a header line.
    Csv,
}

impl Format {
    /// Every format, by name.
    pub const ALL: [Format; 4] = [Format::Parquet, Format::Arrow, Format::Ndjson, Format::Csv];

    /// The name (`parquet`), also the files' extension.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Parquet => "parquet",
            Format::Arrow => "arrow",
            Format::Ndjson => "ndjson",
            Format::Csv => "csv",
        }
    }

    /// Whether this build writes it (Parquet needs the feature `parquet`,
    /// Arrow the feature `arrow`).
    pub const fn is_available(self) -> bool {
        match self {
            Format::Parquet => cfg!(feature = "parquet"),
            Format::Arrow => cfg!(feature = "arrow"),
            Format::Ndjson | Format::Csv => true,
        }
    }

    /// Whether rows are written as text (NDJSON, CSV).
    pub const fn is_text(self) -> bool {
        matches!(self, Format::Ndjson | Format::Csv)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How rows are filed into folders.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Partition {
    /// All in one place.
    #[default]
    None,
    /// `year=YYYY/`.
    Year,
    /// `year=YYYY/month=MM/`.
    YearMonth,
}

/// The partition of a row: its year and month when known and asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Key {
    year: Option<u16>,
    month: Option<u8>,
}

impl Key {
    const NONE: Key = Key {
        year: None,
        month: None,
    };

    fn of(row: &Row<'_>, partition: Partition) -> Key {
        if partition == Partition::None {
            return Key::NONE;
        }
        let (year, month) = row.year_month();
        Key {
            year,
            month: if partition == Partition::YearMonth {
                month
            } else {
                None
            },
        }
    }

    /// The folder, under the output folder.
    fn folder(self, partition: Partition) -> PathBuf {
        const UNKNOWN: &str = "__HIVE_DEFAULT_PARTITION__";
        let mut path = PathBuf::new();
        if partition == Partition::None {
            return path;
        }
        path.push(match self.year {
            Some(y) => format!("year={y:04}"),
            None => format!("year={UNKNOWN}"),
        });
        if partition == Partition::YearMonth {
            path.push(match (self.year, self.month) {
                (Some(_), Some(m)) => format!("month={m:02}"),
                _ => format!("month={UNKNOWN}"),
            });
        }
        path
    }
}

/// What a dataset is written as, and where.
#[derive(Clone, Debug)]
pub struct ExportOptions {
    /// The format.
    pub format: Format,
    /// The columns.
    pub columns: Columns,
    /// Start a new file after this many rows (the output is a folder).
    pub rows_per_file: Option<u64>,
    /// Folders by year and month (the output is a folder).
    pub partition: Partition,
    /// How Parquet files are written.
    #[cfg(feature = "parquet")]
    pub parquet: crate::ParquetOptions,
}

impl ExportOptions {
    /// Options for `format` and `columns`, one file, Parquet's defaults.
    pub fn new(format: Format, columns: Columns) -> ExportOptions {
        ExportOptions {
            format,
            columns,
            rows_per_file: None,
            partition: Partition::None,
            #[cfg(feature = "parquet")]
            parquet: crate::ParquetOptions::default(),
        }
    }

    /// Whether the output is a folder of parts.
    pub fn is_folder(&self) -> bool {
        self.rows_per_file.is_some() || self.partition != Partition::None
    }
}

/// Rows of one part of the input, in order, grouped by partition: made on
/// a worker thread ([`Rows::push`]), written in input order by a
/// [`Dataset`].
pub struct Rows {
    options: ExportOptions,
    parts: Vec<(Key, Builder)>,
    /// The part of each game's rows, and their number, in the order the
    /// games were pushed.
    order: Vec<(u32, u32)>,
}

enum Builder {
    Text {
        text: String,
        ends: Vec<usize>,
    },
    #[cfg(feature = "arrow")]
    Batch(crate::BatchBuilder),
}

/// What [`Rows::take`] gives: the rows gathered, for [`Dataset::write`].
#[derive(Debug)]
pub struct Finished {
    parts: Vec<(Key, Payload)>,
    /// The part of each game's rows (an index of `parts`), and their
    /// number, in the order the games were pushed.
    order: Vec<(u32, u32)>,
}

#[derive(Debug)]
enum Payload {
    Text {
        text: String,
        ends: Vec<usize>,
    },
    #[cfg(feature = "arrow")]
    Batch(arrow_array::RecordBatch),
}

impl Payload {
    fn rows(&self) -> usize {
        match self {
            Payload::Text { ends, .. } => ends.len(),
            #[cfg(feature = "arrow")]
            Payload::Batch(batch) => batch.num_rows(),
        }
    }
}

impl Finished {
    /// The number of rows.
    pub fn len(&self) -> usize {
        self.parts.iter().map(|(_, p)| p.rows()).sum()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends the rows of `other`, after these.
    pub fn append(&mut self, mut other: Finished) {
        let shift = u32::try_from(self.parts.len()).unwrap_or(u32::MAX);
        self.order
            .extend(other.order.iter().map(|&(part, rows)| (part + shift, rows)));
        self.parts.append(&mut other.parts);
    }

    /// Keeps the rows of the games `keep` says, in the order they were
    /// pushed (`keep[i]` for the `i`th game pushed; games past its end are
    /// kept): how `--unique` drops the rows of the copies of a game.
    pub fn retain(&mut self, keep: &[bool]) {
        if keep.iter().all(|&k| k) {
            return;
        }
        let mut masks: Vec<Vec<bool>> = self.parts.iter().map(|_| Vec::new()).collect();
        for (i, &(part, rows)) in self.order.iter().enumerate() {
            if let Some(mask) = masks.get_mut(part as usize) {
                let kept = keep.get(i).copied().unwrap_or(true);
                mask.extend(std::iter::repeat_n(kept, rows as usize));
            }
        }
        self.order = self
            .order
            .iter()
            .enumerate()
            .filter(|&(i, _)| keep.get(i).copied().unwrap_or(true))
            .map(|(_, &order)| order)
            .collect();
        for ((_, payload), mask) in self.parts.iter_mut().zip(&masks) {
            payload.retain(mask);
        }
    }
}

impl Payload {
    /// Keeps the rows whose `mask` is true.
    fn retain(&mut self, mask: &[bool]) {
        match self {
            Payload::Text { text, ends } => {
                let mut kept = String::new();
                let mut kept_ends = Vec::new();
                let mut start = 0;
                for (&end, &keep) in ends.iter().zip(mask) {
                    if keep {
                        kept.push_str(&text[start..end]);
                        kept_ends.push(kept.len());
                    }
                    start = end;
                }
                *text = kept;
                *ends = kept_ends;
            }
            #[cfg(feature = "arrow")]
            Payload::Batch(batch) => {
                let mask = arrow_array::BooleanArray::from(mask.to_vec());
                // The mask has a value per row: filtering cannot fail.
                if let Ok(kept) = arrow_select::filter::filter_record_batch(batch, &mask) {
                    *batch = kept;
                }
            }
        }
    }
}

impl Rows {
    /// No rows yet, for a dataset of `options`.
    pub fn new(options: &ExportOptions) -> Rows {
        Rows {
            options: options.clone(),
            parts: Vec::new(),
            order: Vec::new(),
        }
    }

    /// Appends the row of `record` (`source`: its `source_file`); in the
    /// plies table, a row for each mainline move it played.
    pub fn push(&mut self, record: &Record, source: &str) {
        let row = Row::new(record, self.options.columns, source);
        let key = Key::of(&row, self.options.partition);
        let at = self.part(key);
        if self.options.columns.table() == Table::Games {
            self.order.push((u32::try_from(at).unwrap_or(u32::MAX), 1));
            self.push_row(at, &row);
            return;
        }
        let fen = self.options.columns.contains(crate::Column::PlyFen);
        let mut rows = 0u32;
        for ply in plies(record, fen) {
            self.push_row(
                at,
                &Row::new(record, self.options.columns, source).at_ply(ply),
            );
            rows += 1;
        }
        self.order
            .push((u32::try_from(at).unwrap_or(u32::MAX), rows));
    }

    /// The index of the part of `key`, made if new.
    fn part(&mut self, key: Key) -> usize {
        match self.parts.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                let builder = match self.options.format {
                    #[cfg(feature = "arrow")]
                    Format::Parquet | Format::Arrow => {
                        Builder::Batch(crate::BatchBuilder::new(self.options.columns))
                    }
                    _ => Builder::Text {
                        text: String::new(),
                        ends: Vec::new(),
                    },
                };
                self.parts.push((key, builder));
                self.parts.len() - 1
            }
        }
    }

    /// Appends `row` to the part `at`.
    fn push_row(&mut self, at: usize, row: &Row<'_>) {
        let Some((_, builder)) = self.parts.get_mut(at) else {
            return;
        };
        match builder {
            Builder::Text { text, ends } => {
                if self.options.format == Format::Csv {
                    text::write_csv(row, text);
                } else {
                    text::write_ndjson(row, text);
                }
                ends.push(text.len());
            }
            #[cfg(feature = "arrow")]
            Builder::Batch(batch) => batch.push(row),
        }
    }

    /// The rows appended since the last [`take`](Self::take).
    pub fn len(&self) -> usize {
        self.parts
            .iter()
            .map(|(_, b)| match b {
                Builder::Text { ends, .. } => ends.len(),
                #[cfg(feature = "arrow")]
                Builder::Batch(batch) => batch.len(),
            })
            .sum()
    }

    /// Whether no row was appended since the last take.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The rows appended so far, in partitions; none are left.
    pub fn take(&mut self) -> Finished {
        let mut out = Vec::new();
        // Where each part goes among those with rows.
        let mut index = Vec::with_capacity(self.parts.len());
        for (key, builder) in &mut self.parts {
            index.push(u32::try_from(out.len()).unwrap_or(u32::MAX));
            let payload = match builder {
                Builder::Text { text, ends } if !ends.is_empty() => Payload::Text {
                    text: std::mem::take(text),
                    ends: std::mem::take(ends),
                },
                Builder::Text { .. } => continue,
                #[cfg(feature = "arrow")]
                Builder::Batch(batch) if !batch.is_empty() => Payload::Batch(batch.finish()),
                #[cfg(feature = "arrow")]
                Builder::Batch(_) => continue,
            };
            out.push((*key, payload));
        }
        let order = std::mem::take(&mut self.order)
            .into_iter()
            .map(|(part, rows)| (index.get(part as usize).copied().unwrap_or(part), rows))
            .collect();
        Finished { parts: out, order }
    }
}

/// The mainline moves `record` played, each with the position before it
/// (its Polyglot key, and its FEN when `fen`): the rows of the plies
/// table. None when the start is not legal.
fn plies(record: &Record, fen: bool) -> impl Iterator<Item = PlyAt> + '_ {
    let mut position = record.game.start_position();
    record.played().enumerate().map_while(move |(index, m)| {
        let before = position.as_mut()?;
        let key = before.polyglot_key();
        let fen = fen.then(|| before.to_setup().to_string());
        let uci =
            m.mv.map_or(Uci::Null, |mv| Uci::from_move(mv, before.castling_mode()));
        let played = match m.mv {
            Some(mv) => before.play(mv).is_ok(),
            None => before.play_null(),
        };
        if !played {
            position = None;
        }
        Some(PlyAt {
            index,
            uci,
            key,
            fen,
        })
    })
}

type Out = Box<dyn Write + Send>;

/// One file being written (one at a time: the variants' sizes do not matter).
#[allow(clippy::large_enum_variant)]
enum Writer {
    Text(Out),
    #[cfg(feature = "arrow")]
    Ipc(
        Box<arrow_ipc::writer::FileWriter<Out>>,
        crate::arrow::Rebatcher,
    ),
    #[cfg(feature = "parquet")]
    Parquet(crate::ParquetFile<Out>),
}

struct Open {
    writer: Writer,
    rows: u64,
    /// When rows were last written to it (a count of writes), to close the
    /// file written longest ago when too many are open.
    used: u64,
    /// The file under its temporary name (`None`: stdout), renamed when
    /// closed.
    staged: Option<Staged>,
}

/// The files of an export: one file or stdout, or a folder of
/// `part-00000.EXT` files (a new one every `rows_per_file` rows) in Hive
/// folders (`year=2025/month=05/`).
///
/// Rows are written in the order they are given: the same input gives the
/// same bytes, however it was cut into [`Rows`].
///
/// Each file is written under a temporary name beside its own and renamed
/// when it is complete ([`chessnote_io::output::Staged`]): a run that fails
/// or is dropped before [`finish`](Dataset::finish) leaves no half-written
/// file, and an existing file at `path` is replaced only by a whole one.
///
/// ```
/// use chessnote::pgn::{ReadOptions, Reader};
/// use chessnote_export::{Columns, Dataset, ExportOptions, Format, Recorder, Rows};
///
/// let dir = std::env::temp_dir().join(format!("chessnote-doc-{}", std::process::id()));
/// let mut options = ExportOptions::new(Format::Csv, Columns::MINIMAL);
/// options.rows_per_file = Some(1);
/// let mut dataset = Dataset::create(Some(&dir), &options)?;
/// let mut rows = Rows::new(&options);
/// let mut recorder = Recorder::new(options.columns, ReadOptions::default());
/// let mut reader = Reader::from_slice(b"1. e4 *\n\n1. d4 *\n");
/// while let Some(record) = recorder.read(&mut reader).unwrap() {
///     rows.push(record, "two.pgn");
/// }
/// dataset.write(rows.take())?;
/// let files = dataset.finish()?;
/// assert_eq!(files.len(), 2);
/// assert!(files[1].ends_with("part-00001.csv"));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Dataset {
    options: ExportOptions,
    /// Writes so far (for [`Open::used`]).
    writes: u64,
    /// The file or folder; `None`: stdout.
    path: Option<PathBuf>,
    open: BTreeMap<Key, Open>,
    /// The next part's number, by partition.
    next: BTreeMap<Key, u32>,
    files: Vec<PathBuf>,
}

impl Dataset {
    /// A dataset at `path` (`None`: stdout): a file, or a folder when
    /// `options` split the rows ([`ExportOptions::is_folder`]).
    ///
    /// # Errors
    ///
    /// A format this build lacks, a folder asked for on stdout, a folder
    /// that exists and is not empty, and I/O errors.
    pub fn create(path: Option<&Path>, options: &ExportOptions) -> io::Result<Dataset> {
        if !options.format.is_available() {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                format!(
                    "this chessnote was built without {} output: rebuild with --features parquet",
                    options.format
                ),
            ));
        }
        if options.rows_per_file == Some(0) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "rows per file must be at least 1",
            ));
        }
        let mut dataset = Dataset {
            options: options.clone(),
            writes: 0,
            path: path.map(Path::to_path_buf),
            open: BTreeMap::new(),
            next: BTreeMap::new(),
            files: Vec::new(),
        };
        if options.is_folder() {
            let Some(dir) = path else {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "parts (rows per file, partitions) need an output folder",
                ));
            };
            output::create_empty_dir(dir)?;
        } else {
            // One file: written even with no rows (a header, a schema).
            dataset.open_part(Key::NONE)?;
        }
        Ok(dataset)
    }

    /// The most files open at once: a partition written longest ago is
    /// closed to open another (its later rows go to its next part), so
    /// that thousands of partitions need neither thousands of open files
    /// nor their buffers.
    pub const MAX_OPEN: usize = 32;

    /// Starts the next file of partition `key`.
    fn open_part(&mut self, key: Key) -> io::Result<()> {
        if self.open.len() >= Dataset::MAX_OPEN
            && let Some(oldest) = self
                .open
                .iter()
                .min_by_key(|(_, o)| o.used)
                .map(|(k, _)| *k)
            && let Some(open) = self.open.remove(&oldest)
        {
            open.close()?;
        }
        let mut staged = None;
        let out: Out = match &self.path {
            None => Box::new(BufWriter::with_capacity(1 << 20, io::stdout())),
            Some(path) => {
                let path = if self.options.is_folder() {
                    let number = self.next.entry(key).or_insert(0);
                    let folder = path.join(key.folder(self.options.partition));
                    fs::create_dir_all(&folder)?;
                    let name = format!("part-{number:05}.{}", self.options.format.name());
                    *number += 1;
                    folder.join(name)
                } else {
                    path.clone()
                };
                let (stage, file) = Staged::create(&path)?;
                staged = Some(stage);
                self.files.push(path);
                Box::new(BufWriter::with_capacity(1 << 20, file))
            }
        };
        let columns = self.options.columns;
        let writer = match self.options.format {
            #[cfg(feature = "parquet")]
            Format::Parquet => Writer::Parquet(
                crate::ParquetFile::new(out, columns, &self.options.parquet).map_err(as_io)?,
            ),
            #[cfg(feature = "arrow")]
            Format::Arrow => Writer::Ipc(
                Box::new(
                    arrow_ipc::writer::FileWriter::try_new(out, &crate::schema(columns))
                        .map_err(as_io)?,
                ),
                crate::arrow::Rebatcher::default(),
            ),
            Format::Csv => {
                let mut out = out;
                let mut header = String::new();
                text::write_csv_header(columns, &mut header);
                out.write_all(header.as_bytes())?;
                Writer::Text(out)
            }
            _ => Writer::Text(out),
        };
        self.open.insert(
            key,
            Open {
                writer,
                rows: 0,
                used: self.writes,
                staged,
            },
        );
        Ok(())
    }

    /// Writes `rows` after those written before.
    ///
    /// # Errors
    ///
    /// I/O errors (and the writers', as I/O errors).
    pub fn write(&mut self, rows: Finished) -> io::Result<()> {
        for (key, payload) in rows.parts {
            let total = payload.rows();
            let mut at = 0;
            while at < total {
                if !self.open.contains_key(&key) {
                    self.open_part(key)?;
                }
                let Some(open) = self.open.get_mut(&key) else {
                    unreachable!("opened just now");
                };
                self.writes += 1;
                open.used = self.writes;
                let room = self
                    .options
                    .rows_per_file
                    .map_or(u64::MAX, |n| n - open.rows);
                let n = (total - at).min(usize::try_from(room).unwrap_or(usize::MAX));
                write_rows(&mut open.writer, &payload, at, n)?;
                open.rows += n as u64;
                at += n;
                if self.options.rows_per_file == Some(open.rows)
                    && let Some(full) = self.open.remove(&key)
                {
                    full.close()?;
                }
            }
        }
        Ok(())
    }

    /// Ends every file (each renamed from its temporary name); gives the
    /// files written (none for stdout).
    ///
    /// # Errors
    ///
    /// I/O errors. The files not complete are then removed, and those at
    /// their names before are kept.
    pub fn finish(mut self) -> io::Result<Vec<PathBuf>> {
        for (_, open) in std::mem::take(&mut self.open) {
            open.close()?;
        }
        Ok(self.files)
    }
}

impl Open {
    /// Writes the file's end, then gives it its name.
    fn close(self) -> io::Result<()> {
        close(self.writer)?;
        match self.staged {
            Some(staged) => staged.commit(),
            None => Ok(()),
        }
    }
}

/// Writes the rows `at..at + n` of `payload`.
fn write_rows(writer: &mut Writer, payload: &Payload, at: usize, n: usize) -> io::Result<()> {
    match (writer, payload) {
        (Writer::Text(out), Payload::Text { text, ends }) => {
            let start = if at == 0 { 0 } else { ends[at - 1] };
            out.write_all(&text.as_bytes()[start..ends[at + n - 1]])
        }
        #[cfg(feature = "arrow")]
        (Writer::Ipc(file, rebatch), Payload::Batch(batch)) => rebatch
            .push(&batch.slice(at, n), |slice| file.write(slice))
            .map_err(as_io),
        #[cfg(feature = "parquet")]
        (Writer::Parquet(file), Payload::Batch(batch)) => {
            file.write(&batch.slice(at, n)).map_err(as_io)
        }
        #[allow(unreachable_patterns)]
        _ => Err(io::Error::other("rows of another format")),
    }
}

fn close(writer: Writer) -> io::Result<()> {
    match writer {
        Writer::Text(mut out) => out.flush(),
        #[cfg(feature = "arrow")]
        Writer::Ipc(mut file, mut rebatch) => {
            rebatch.finish(|slice| file.write(slice)).map_err(as_io)?;
            file.finish().map_err(as_io)?;
            (*file).into_inner().map_err(as_io)?.flush()
        }
        #[cfg(feature = "parquet")]
        Writer::Parquet(file) => file.finish().map_err(as_io)?.flush(),
    }
}

/// A writer's error as an `io::Error` of the kind of the I/O error inside
/// it, if there is one (a closed pipe under a Parquet error is a closed
/// pipe), else of kind `Other`.
#[cfg(feature = "arrow")]
fn as_io(error: impl std::error::Error + Send + Sync + 'static) -> io::Error {
    let mut kind = io::ErrorKind::Other;
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&error);
    while let Some(inner) = source {
        if let Some(io) = inner.downcast_ref::<io::Error>() {
            kind = io.kind();
            break;
        }
        source = inner.source();
    }
    io::Error::new(kind, error)
}
