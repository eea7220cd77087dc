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

use crate::columns::{Column, Columns, Kind, Value};
use crate::row::Row;
use crate::{SCHEMA_KEY, VERSION_KEY};

/// The Arrow type of a column in the games table: its [`Kind`]'s.
pub fn data_type(column: Column) -> DataType {
    kind_type(column.kind())
}

/// The Arrow type of a [`Kind`].
fn kind_type(kind: Kind) -> DataType {
    match kind {
        Kind::Text => DataType::Utf8,
        Kind::Int16 => DataType::Int16,
        Kind::UInt16 => DataType::UInt16,
        Kind::UInt32 => DataType::UInt32,
        Kind::UInt64 => DataType::UInt64,
        Kind::Int32 => DataType::Int32,
        Kind::Date => DataType::Date32,
        // Milliseconds, not seconds: Parquet has no time in seconds, and
        // engines read the dataset's `time32[s]` from its Parquet files as
        // this (pyarrow writes them so).
        Kind::Time => DataType::Time32(TimeUnit::Millisecond),
        Kind::Map => DataType::Map(
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
        Kind::Texts => DataType::List(list_item(DataType::Utf8)),
        Kind::Int32s => DataType::List(list_item(DataType::Int32)),
        Kind::Int16s => DataType::List(list_item(DataType::Int16)),
    }
}

fn list_item(item: DataType) -> Arc<Field> {
    Arc::new(Field::new_list_field(item, true))
}

/// The Arrow schema of `columns`, with the metadata `chessnote.schema` =
/// its table's schema name ([`crate::SCHEMA_NAME`] for the games) and
/// `chessnote.version`.
///
/// ```
/// use chessnote_export::{Columns, schema};
/// let schema = schema(Columns::HF);
/// assert_eq!(schema.field(7).name(), "WhiteElo");
/// assert_eq!(schema.metadata()["chessnote.schema"], "chessnote.lichess.v1");
/// ```
pub fn schema(columns: Columns) -> Schema {
    let table = columns.table();
    let fields: Vec<Field> = columns
        .iter()
        .map(|c| Field::new(c.name(), kind_type(c.kind_in(table)), c.nullable_in(table)))
        .collect();
    let metadata = HashMap::from([
        (SCHEMA_KEY.to_owned(), table.schema_name().to_owned()),
        (VERSION_KEY.to_owned(), env!("CARGO_PKG_VERSION").to_owned()),
    ]);
    Schema::new_with_metadata(fields, metadata)
}

/// A column's array being built: one builder per [`Kind`].
enum Builder {
    Text(StringBuilder),
    I16(Int16Builder),
    Date(Date32Builder),
    Time(Time32MillisecondBuilder),
    U16(UInt16Builder),
    U32(UInt32Builder),
    U64(UInt64Builder),
    I32(Int32Builder),
    Map(MapBuilder<StringBuilder, StringBuilder>),
    Texts(ListBuilder<StringBuilder>),
    I32s(ListBuilder<Int32Builder>),
    I16s(ListBuilder<Int16Builder>),
}

impl Builder {
    fn new(kind: Kind) -> Builder {
        match kind {
            Kind::Text => Builder::Text(StringBuilder::new()),
            Kind::Int16 => Builder::I16(Int16Builder::new()),
            Kind::UInt16 => Builder::U16(UInt16Builder::new()),
            Kind::UInt32 => Builder::U32(UInt32Builder::new()),
            Kind::UInt64 => Builder::U64(UInt64Builder::new()),
            Kind::Int32 => Builder::I32(Int32Builder::new()),
            Kind::Date => Builder::Date(Date32Builder::new()),
            Kind::Time => Builder::Time(Time32MillisecondBuilder::new()),
            Kind::Map => Builder::Map(MapBuilder::new(
                Some(MapFieldNames {
                    entry: "key_value".into(),
                    key: "key".into(),
                    value: "value".into(),
                }),
                StringBuilder::new(),
                StringBuilder::new(),
            )),
            Kind::Texts => Builder::Texts(ListBuilder::new(StringBuilder::new())),
            Kind::Int32s => Builder::I32s(ListBuilder::new(Int32Builder::new())),
            Kind::Int16s => Builder::I16s(ListBuilder::new(Int16Builder::new())),
        }
    }

    /// Appends a value. Each column's values are of its kind (the table
    /// says both, and `every_value_is_of_its_columns_kind` checks them
    /// on real games); a value of another kind would be a bug in the
    /// table, and is appended as a null.
    fn push(&mut self, value: Value<'_>) {
        match (self, value) {
            (Builder::Text(b), Value::Text(text)) => b.append_option(text),
            (Builder::I16(b), Value::Int16(n)) => b.append_option(n),
            (Builder::U16(b), Value::UInt16(n)) => b.append_option(n),
            (Builder::U32(b), Value::UInt32(n)) => b.append_option(n),
            (Builder::U64(b), Value::UInt64(n)) => b.append_option(n),
            (Builder::I32(b), Value::Int32(n)) => b.append_option(n),
            (Builder::Date(b), Value::Date(days)) => b.append_option(days),
            (Builder::Time(b), Value::Time(seconds)) => b.append_option(seconds.map(|s| s * 1000)),
            (Builder::Map(b), Value::Map(tags)) => {
                for (name, value) in tags.iter() {
                    b.keys().append_value(&name);
                    b.values().append_value(value);
                }
                // Keys are never null: appending an entry cannot fail.
                let _ = b.append(true);
            }
            (Builder::Texts(b), Value::Texts(texts)) => {
                texts.for_each(|text| b.values().append_value(text));
                b.append(true);
            }
            (Builder::I32s(b), Value::Int32s(values)) => {
                b.values().extend(values.iter());
                b.append(true);
            }
            (Builder::I16s(b), Value::Int16s(values)) => {
                b.values()
                    .extend(values.iter().map(|v| v.and_then(|v| i16::try_from(v).ok())));
                b.append(true);
            }
            (builder, value) => {
                debug_assert!(
                    false,
                    "a value of kind {:?} for another column",
                    value.kind()
                );
                builder.push_null();
            }
        }
    }

    fn push_null(&mut self) {
        match self {
            Builder::Text(b) => b.append_null(),
            Builder::I16(b) => b.append_null(),
            Builder::Date(b) => b.append_null(),
            Builder::Time(b) => b.append_null(),
            Builder::U16(b) => b.append_null(),
            Builder::U32(b) => b.append_null(),
            Builder::U64(b) => b.append_null(),
            Builder::I32(b) => b.append_null(),
            Builder::Map(b) => {
                let _ = b.append(false);
            }
            Builder::Texts(b) => b.append_null(),
            Builder::I32s(b) => b.append_null(),
            Builder::I16s(b) => b.append_null(),
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
            Builder::I32(b) => Arc::new(b.finish()),
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
            Builder::I32(b) => b.len(),
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
/// use chessnote_export::{BatchBuilder, Columns, Recorder, Row};
///
/// let columns = Columns::LICHESS;
/// let mut recorder = Recorder::new(columns, ReadOptions::default());
/// let mut batch = BatchBuilder::new(columns);
/// let mut reader = Reader::from_slice(b"1. e4 e5 *\n\n1. d4 *\n");
/// while let Some(record) = recorder.read(&mut reader)? {
///     batch.push(&Row::new(record, columns, "two.pgn"));
/// }
/// let batch = batch.finish();
/// assert_eq!(batch.num_rows(), 2);
/// assert_eq!(batch.num_columns(), 40);
/// # Ok::<(), core::convert::Infallible>(())
/// ```
pub struct BatchBuilder {
    schema: SchemaRef,
    builders: Vec<(Column, Builder)>,
}

impl BatchBuilder {
    /// An empty batch of `columns`.
    pub fn new(columns: Columns) -> BatchBuilder {
        BatchBuilder {
            schema: Arc::new(schema(columns)),
            builders: columns
                .iter()
                .map(|c| (c, Builder::new(c.kind_in(columns.table()))))
                .collect(),
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

    /// Appends `row` (of this batch's columns).
    pub fn push(&mut self, row: &Row<'_>) {
        for (column, builder) in &mut self.builders {
            builder.push(column.value(row));
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
