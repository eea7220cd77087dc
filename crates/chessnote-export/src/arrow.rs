//! Rows as Arrow record batches (feature `arrow`).

use std::collections::HashMap;
use std::sync::Arc;

use arrow_array::builder::{
    ArrayBuilder, Date32Builder, Int16Builder, Int32Builder, ListBuilder, MapBuilder,
    MapFieldNames, StringBuilder, Time32MillisecondBuilder, UInt16Builder, UInt32Builder,
    UInt64Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef, TimeUnit};
use chessnote::Diagnostic;

use crate::columns::{Column, Columns};
use crate::record::Record;
use crate::row::Row;
use crate::{SCHEMA_KEY, SCHEMA_NAME, VERSION_KEY};

/// The Arrow type of a column.
pub fn data_type(column: Column) -> DataType {
    match column {
        Column::WhiteElo | Column::BlackElo | Column::WhiteRatingDiff | Column::BlackRatingDiff => {
            DataType::Int16
        }
        Column::UtcDate => DataType::Date32,
        // Milliseconds, not seconds: Parquet has no time in seconds, and
        // engines read the dataset's `time32[s]` from its Parquet files as
        // this (pyarrow writes them so).
        Column::UtcTime => DataType::Time32(TimeUnit::Millisecond),
        Column::TimeBase | Column::Plies | Column::ErrorPly => DataType::UInt32,
        Column::TimeIncrement => DataType::UInt16,
        Column::Tags => DataType::Map(
            Arc::new(Field::new(
                "key_value",
                DataType::Struct(Fields::from(vec![
                    Field::new("key", DataType::Utf8, false),
                    Field::new("value", DataType::Utf8, true),
                ])),
                false,
            )),
            false,
        ),
        Column::Uci | Column::San => DataType::List(list_item(DataType::Utf8)),
        Column::Clk | Column::EvalCp => DataType::List(list_item(DataType::Int32)),
        Column::EvalMate => DataType::List(list_item(DataType::Int16)),
        Column::ErrorLine
        | Column::ErrorColumn
        | Column::GameIndex
        | Column::SourceOffset
        | Column::SourceLen => DataType::UInt64,
        _ => DataType::Utf8,
    }
}

fn list_item(item: DataType) -> Arc<Field> {
    Arc::new(Field::new_list_field(item, true))
}

/// Whether a column is never null.
fn non_null(column: Column) -> bool {
    matches!(
        column,
        Column::Tags
            | Column::Plies
            | Column::Uci
            | Column::San
            | Column::Clk
            | Column::EvalCp
            | Column::EvalMate
            | Column::Status
            | Column::GameIndex
            | Column::SourceFile
            | Column::SourceOffset
            | Column::SourceLen
    )
}

/// The Arrow schema of `columns`, with the metadata `chessnote.schema` =
/// [`SCHEMA_NAME`] and `chessnote.version`.
///
/// ```
/// use chessnote_export::{Columns, schema};
/// let schema = schema(Columns::HF);
/// assert_eq!(schema.field(7).name(), "WhiteElo");
/// assert_eq!(schema.metadata()["chessnote.schema"], "chessnote.lichess.v1");
/// ```
pub fn schema(columns: Columns) -> Schema {
    let fields: Vec<Field> = columns
        .iter()
        .map(|c| Field::new(c.name(), data_type(c), !non_null(c)))
        .collect();
    let metadata = HashMap::from([
        (SCHEMA_KEY.to_owned(), SCHEMA_NAME.to_owned()),
        (VERSION_KEY.to_owned(), env!("CARGO_PKG_VERSION").to_owned()),
    ]);
    Schema::new_with_metadata(fields, metadata)
}

enum Builder {
    Text(StringBuilder),
    I16(Int16Builder),
    Date(Date32Builder),
    Time(Time32MillisecondBuilder),
    U16(UInt16Builder),
    U32(UInt32Builder),
    U64(UInt64Builder),
    Map(MapBuilder<StringBuilder, StringBuilder>),
    Texts(ListBuilder<StringBuilder>),
    I32s(ListBuilder<Int32Builder>),
    I16s(ListBuilder<Int16Builder>),
}

impl Builder {
    fn new(column: Column) -> Builder {
        match data_type(column) {
            DataType::Int16 => Builder::I16(Int16Builder::new()),
            DataType::Date32 => Builder::Date(Date32Builder::new()),
            DataType::Time32(_) => Builder::Time(Time32MillisecondBuilder::new()),
            DataType::UInt16 => Builder::U16(UInt16Builder::new()),
            DataType::UInt32 => Builder::U32(UInt32Builder::new()),
            DataType::UInt64 => Builder::U64(UInt64Builder::new()),
            DataType::Map(..) => Builder::Map(MapBuilder::new(
                Some(MapFieldNames {
                    entry: "key_value".into(),
                    key: "key".into(),
                    value: "value".into(),
                }),
                StringBuilder::new(),
                StringBuilder::new(),
            )),
            DataType::List(item) => match item.data_type() {
                DataType::Utf8 => Builder::Texts(ListBuilder::new(StringBuilder::new())),
                DataType::Int32 => Builder::I32s(ListBuilder::new(Int32Builder::new())),
                _ => Builder::I16s(ListBuilder::new(Int16Builder::new())),
            },
            _ => Builder::Text(StringBuilder::new()),
        }
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::Text(b) => Arc::new(b.finish()),
            Builder::I16(b) => Arc::new(b.finish()),
            Builder::Date(b) => Arc::new(b.finish()),
            Builder::Time(b) => Arc::new(b.finish()),
            Builder::U16(b) => Arc::new(b.finish()),
            Builder::U32(b) => Arc::new(b.finish()),
            Builder::U64(b) => Arc::new(b.finish()),
            Builder::Map(b) => Arc::new(b.finish()),
            Builder::Texts(b) => Arc::new(b.finish()),
            Builder::I32s(b) => Arc::new(b.finish()),
            Builder::I16s(b) => Arc::new(b.finish()),
        }
    }

    fn len(&self) -> usize {
        match self {
            Builder::Text(b) => b.len(),
            Builder::I16(b) => b.len(),
            Builder::Date(b) => b.len(),
            Builder::Time(b) => b.len(),
            Builder::U16(b) => b.len(),
            Builder::U32(b) => b.len(),
            Builder::U64(b) => b.len(),
            Builder::Map(b) => b.len(),
            Builder::Texts(b) => b.len(),
            Builder::I32s(b) => b.len(),
            Builder::I16s(b) => b.len(),
        }
    }
}

/// Rows appended one game at a time, taken as an Arrow [`RecordBatch`] of
/// [`schema`]`(columns)`.
///
/// ```
/// use chessnote::pgn::{ReadOptions, Reader};
/// use chessnote_export::{BatchBuilder, Columns, Recorder};
///
/// let columns = Columns::LICHESS;
/// let mut recorder = Recorder::new(columns, ReadOptions::default());
/// let mut batch = BatchBuilder::new(columns);
/// let mut reader = Reader::from_slice(b"1. e4 e5 *\n\n1. d4 *\n");
/// while let Some(record) = recorder.read(&mut reader)? {
///     batch.push(record, "two.pgn");
/// }
/// let batch = batch.finish();
/// assert_eq!(batch.num_rows(), 2);
/// assert_eq!(batch.num_columns(), 36);
/// # Ok::<(), core::convert::Infallible>(())
/// ```
pub struct BatchBuilder {
    columns: Columns,
    schema: SchemaRef,
    builders: Vec<(Column, Builder)>,
    scratch: String,
}

impl BatchBuilder {
    /// An empty batch of `columns`.
    pub fn new(columns: Columns) -> BatchBuilder {
        BatchBuilder {
            columns,
            schema: Arc::new(schema(columns)),
            builders: columns.iter().map(|c| (c, Builder::new(c))).collect(),
            scratch: String::new(),
        }
    }

    /// The schema of the batches.
    pub fn schema(&self) -> &SchemaRef {
        &self.schema
    }

    /// The rows appended since the last [`finish`](Self::finish).
    pub fn len(&self) -> usize {
        self.builders.first().map_or(0, |(_, b)| b.len())
    }

    /// Whether no row was appended since the last finish.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends the row of `record`; `source` is its `source_file`.
    pub fn push(&mut self, record: &Record, source: &str) {
        let row = Row::new(record, self.columns);
        let first = row.first_error();
        let scratch = &mut self.scratch;
        for (column, builder) in &mut self.builders {
            let column = *column;
            match builder {
                Builder::Text(b) => {
                    let text = match column {
                        Column::Movetext => Some(record.movetext.as_str()),
                        Column::GameId => row.game_id(),
                        Column::Status => Some(row.status()),
                        Column::ParseError => {
                            scratch.clear();
                            if let Some(error) = first {
                                let _ = error.write_message(scratch);
                                Some(scratch.as_str())
                            } else {
                                None
                            }
                        }
                        Column::ErrorKind => first.map(|e| e.kind_name()),
                        Column::SourceFile => Some(source),
                        _ => row.text(column),
                    };
                    b.append_option(text);
                }
                Builder::I16(b) => b.append_option(row.int16(column)),
                Builder::Date(b) => b.append_option(row.date()),
                Builder::Time(b) => b.append_option(row.time().map(|s| s * 1000)),
                Builder::U16(b) => b.append_option(row.time_control().map(|t| t.1)),
                Builder::U32(b) => b.append_option(match column {
                    Column::TimeBase => row.time_control().map(|t| t.0),
                    Column::Plies => Some(record.plies),
                    _ => first.and_then(|e| e.ply()),
                }),
                Builder::U64(b) => b.append_option(match column {
                    Column::ErrorLine => first.map(|e| e.location().line),
                    Column::ErrorColumn => first.map(|e| e.location().column),
                    Column::GameIndex => Some(record.index),
                    Column::SourceOffset => Some(record.offset),
                    _ => Some(record.len),
                }),
                Builder::Map(b) => {
                    for (name, value) in row.other_tags() {
                        b.keys().append_value(&name);
                        b.values().append_value(value);
                    }
                    // Keys are never null: appending an entry cannot fail.
                    let _ = b.append(true);
                }
                Builder::Texts(b) => {
                    if column == Column::San {
                        for san in &record.san {
                            b.values().append_value(san);
                        }
                    } else {
                        for uci in &record.uci {
                            scratch.clear();
                            uci.append_to(scratch);
                            b.values().append_value(&*scratch);
                        }
                    }
                    b.append(true);
                }
                Builder::I32s(b) => {
                    if column == Column::Clk {
                        for clock in &record.clocks {
                            b.values().append_option(clock.map(|c| c.0 as i32));
                        }
                    } else {
                        for i in 0..record.uci.len() {
                            b.values().append_option(row.eval_cp(i));
                        }
                    }
                    b.append(true);
                }
                Builder::I16s(b) => {
                    for i in 0..record.uci.len() {
                        b.values().append_option(row.eval_mate(i));
                    }
                    b.append(true);
                }
            }
        }
    }

    /// The rows appended so far as one batch; the builder starts empty
    /// again.
    pub fn finish(&mut self) -> RecordBatch {
        let arrays = self.builders.iter_mut().map(|(_, b)| b.finish()).collect();
        // The builders make exactly the schema's types (tested).
        RecordBatch::try_new(self.schema.clone(), arrays)
            .expect("the batch's arrays have the schema's types")
    }
}

use crate::BATCH_ROWS as WRITE_ROWS;

/// Batches cut again into slices of [`WRITE_ROWS`] rows.
#[derive(Default)]
pub(crate) struct Rebatcher {
    pending: Vec<RecordBatch>,
    rows: usize,
}

impl Rebatcher {
    /// Takes `batch`, and hands `write` every whole slice ready.
    pub(crate) fn push<E: From<arrow_schema::ArrowError>>(
        &mut self,
        batch: &RecordBatch,
        write: impl FnMut(&RecordBatch) -> Result<(), E>,
    ) -> Result<(), E> {
        if batch.num_rows() == 0 {
            return Ok(());
        }
        self.rows += batch.num_rows();
        self.pending.push(batch.clone());
        if self.rows >= WRITE_ROWS {
            self.flush(false, write)?;
        }
        Ok(())
    }

    /// Hands `write` the rows left (a last, shorter slice).
    pub(crate) fn finish<E: From<arrow_schema::ArrowError>>(
        &mut self,
        write: impl FnMut(&RecordBatch) -> Result<(), E>,
    ) -> Result<(), E> {
        self.flush(true, write)
    }

    fn flush<E: From<arrow_schema::ArrowError>>(
        &mut self,
        all: bool,
        mut write: impl FnMut(&RecordBatch) -> Result<(), E>,
    ) -> Result<(), E> {
        let batch = match self.pending.len() {
            0 => return Ok(()),
            1 => self.pending.remove(0),
            _ => {
                let schema = self.pending[0].schema();
                let batch = arrow_select::concat::concat_batches(&schema, &self.pending)?;
                self.pending.clear();
                batch
            }
        };
        let mut at = 0;
        while batch.num_rows() - at >= WRITE_ROWS {
            write(&batch.slice(at, WRITE_ROWS))?;
            at += WRITE_ROWS;
        }
        let rest = batch.num_rows() - at;
        if rest > 0 {
            if all {
                write(&batch.slice(at, rest))?;
            } else {
                self.pending.push(batch.slice(at, rest));
            }
        }
        self.rows = if all { 0 } else { rest };
        Ok(())
    }
}
