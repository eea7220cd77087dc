//! Arrow: `read_table` (the export's rows as a stream of record batches),
//! `parse_movetext` (a column of movetext strings into move columns), and
//! their schemas, all through the Arrow PyCapsule interface.

use std::ffi::CStr;
use std::sync::{Arc, Mutex};

use arrow_array::cast::AsArray;
use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::{FFI_ArrowArrayStream, RecordBatchStreamReader};
use arrow_array::types::{UInt16Type, UInt32Type, UInt64Type};
use arrow_array::{
    Array, ArrayRef, Int32Array, Int64Array, RecordBatch, RecordBatchIterator, RecordBatchReader,
    StructArray,
};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use chessnote::location::Location;
use chessnote::pgn::filter::Filter;
use chessnote::pgn::{Input, ReadOptions, Reader};
use chessnote_export::{
    BatchBuilder, Column, Columns, Record, Recorder, Row, schema as export_schema,
};
use chessnote_io::pipeline::{self, Pipeline, Work};
use pyo3::exceptions::{PyStopIteration, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyCapsuleMethods, PyTuple};

use crate::games::filter;
use crate::source;

const SCHEMA_CAPSULE: &CStr = c"arrow_schema";
const ARRAY_CAPSULE: &CStr = c"arrow_array";
const STREAM_CAPSULE: &CStr = c"arrow_array_stream";

/// Reads a column choice: a comma-separated string or a list of names, of
/// presets (`lichess`, `minimal`, `full`, `hf`, and `moves`) and columns.
fn columns(choice: &Bound<'_, PyAny>) -> PyResult<Columns> {
    let names: Vec<String> = match choice.extract::<String>() {
        Ok(text) => text.split(',').map(|s| s.trim().to_owned()).collect(),
        Err(_) => choice.extract()?,
    };
    let mut set = Columns::NONE;
    for name in &names {
        let more = Columns::parse(name).map_err(|e| PyValueError::new_err(e.to_string()))?;
        set = set.with_all(more);
    }
    if set.is_empty() {
        return Err(PyValueError::new_err("no column chosen"));
    }
    if let Err(column) = set.check() {
        return Err(PyValueError::new_err(format!(
            "column `{column}` is of the plies table (`chessnote pgn export --table plies`), \
             not of a table of games"
        )));
    }
    Ok(set)
}

/// The export columns `columns=` chooses (default `"lichess"`).
fn export_columns(choice: Option<&Bound<'_, PyAny>>) -> PyResult<Columns> {
    choice.map_or(Ok(Columns::LICHESS), columns)
}

/// The columns `parse_movetext` adds, as `columns=` chooses them (default
/// `"moves"`).
fn added_columns(choice: Option<&Bound<'_, PyAny>>) -> PyResult<Columns> {
    choice.map_or(Ok(Columns::MOVES), |choice| {
        movetext_columns(columns(choice)?)
    })
}

/// The columns `parse_movetext` can fill from movetext alone.
fn movetext_columns(set: Columns) -> PyResult<Columns> {
    let allowed = Columns::MOVES.with(Column::San).with(Column::Movetext);
    match set.iter().find(|c| !allowed.contains(*c)) {
        Some(column) => Err(PyValueError::new_err(format!(
            "column `{column}` does not come from movetext: choose among {}",
            allowed
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
        None => Ok(set),
    }
}

fn arrow_error(error: ArrowError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// A schema as a capsule.
fn schema_capsule<'py>(py: Python<'py>, schema: &Schema) -> PyResult<Bound<'py, PyCapsule>> {
    let ffi = FFI_ArrowSchema::try_from(schema).map_err(arrow_error)?;
    PyCapsule::new_with_value(py, ffi, SCHEMA_CAPSULE)
}

/// A stream of `batches` as a capsule.
fn stream_capsule<'py>(
    py: Python<'py>,
    reader: Box<dyn RecordBatchReader + Send>,
) -> PyResult<Bound<'py, PyCapsule>> {
    PyCapsule::new_with_value(py, FFI_ArrowArrayStream::new(reader), STREAM_CAPSULE)
}

/// An Arrow schema (`__arrow_c_schema__`), for `pyarrow.schema(s)`.
#[pyclass(name = "Schema", module = "chessnote", frozen)]
pub struct PySchema(SchemaRef);

#[pymethods]
impl PySchema {
    /// The column names, in order.
    #[getter]
    fn names(&self) -> Vec<String> {
        self.0.fields().iter().map(|f| f.name().clone()).collect()
    }

    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        schema_capsule(py, &self.0)
    }

    fn __repr__(&self) -> String {
        format!("<chessnote.Schema {}>", self.names().join(", "))
    }
}

/// An Arrow record batch produced by chessnote: hand it to
/// `pyarrow.record_batch(b)`, `polars.from_arrow(b)` or DuckDB.
#[pyclass(name = "RecordBatch", module = "chessnote", frozen)]
pub struct PyRecordBatch(RecordBatch);

#[pymethods]
impl PyRecordBatch {
    #[getter]
    fn num_rows(&self) -> usize {
        self.0.num_rows()
    }

    #[getter]
    fn column_names(&self) -> Vec<String> {
        self.0
            .schema()
            .fields()
            .iter()
            .map(|f| f.name().clone())
            .collect()
    }

    /// The batch's schema.
    #[getter]
    fn schema(&self) -> PySchema {
        PySchema(self.0.schema())
    }

    fn __len__(&self) -> usize {
        self.0.num_rows()
    }

    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        schema_capsule(py, &self.0.schema())
    }

    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = requested_schema;
        let schema = schema_capsule(py, &self.0.schema())?;
        let data = StructArray::from(self.0.clone()).into_data();
        let array = PyCapsule::new_with_value(py, FFI_ArrowArray::new(&data), ARRAY_CAPSULE)?;
        PyTuple::new(py, [schema.into_any(), array.into_any()])
    }

    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let batches = RecordBatchIterator::new([Ok(self.0.clone())], self.0.schema());
        stream_capsule(py, Box::new(batches))
    }

    fn __repr__(&self) -> String {
        format!(
            "<chessnote.RecordBatch {} rows: {}>",
            self.0.num_rows(),
            self.column_names().join(", ")
        )
    }
}

/// What `read_table` does with each game of the stream: record it as a
/// row when the filter keeps it, `batch_size` rows a batch on one thread
/// (a batch a chunk with workers).
struct ReadRows {
    columns: Columns,
    options: ReadOptions,
    filter: Option<Filter>,
    batch_size: usize,
    name: Arc<str>,
}

impl Work for ReadRows {
    type Worker = (Recorder, BatchBuilder);
    type Output = Option<RecordBatch>;

    fn worker(&self) -> (Recorder, BatchBuilder) {
        (
            // Games whose tags `where` refuses are not replayed.
            Recorder::new(self.columns, self.options).only(self.filter.clone()),
            BatchBuilder::new(self.columns),
        )
    }

    fn game<I: Input>(
        &self,
        (recorder, builder): &mut (Recorder, BatchBuilder),
        reader: &mut Reader<I>,
        _: &mut Option<RecordBatch>,
    ) -> Result<bool, I::Error> {
        let Some(record) = recorder.read(reader)? else {
            return Ok(false);
        };
        if self.filter.as_ref().is_none_or(|f| f.matches(&record.game)) {
            builder.push(&Row::new(record, self.columns, &self.name));
        }
        Ok(true)
    }

    fn is_full(&self, (_, builder): &(Recorder, BatchBuilder), _: &Option<RecordBatch>) -> bool {
        builder.len() >= self.batch_size
    }

    fn finish(
        &self,
        (_, builder): &mut (Recorder, BatchBuilder),
        out: &mut Option<RecordBatch>,
        end: bool,
    ) {
        if end || builder.len() >= self.batch_size {
            *out = Some(builder.finish());
        }
    }
}

/// The state of a table stream (moved into the Arrow stream when exported).
struct Table {
    rows: Option<pipeline::Stream<ReadRows>>,
    schema: SchemaRef,
}

impl Table {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }

    /// The next batch; an input error ends the stream with that error.
    fn next_batch(&mut self) -> Option<Result<RecordBatch, ArrowError>> {
        loop {
            match self.rows.as_mut()?.next() {
                // A batch whose games the filter all skipped: read on.
                Some(Ok(Some(batch))) if batch.num_rows() > 0 => return Some(Ok(batch)),
                Some(Ok(_)) => {}
                Some(Err(error)) => {
                    self.rows = None;
                    return Some(Err(ArrowError::ExternalError(Box::new(error))));
                }
                None => {
                    self.rows = None;
                    return None;
                }
            }
        }
    }
}

/// A `RecordBatchReader` over a table, for the C stream.
struct Stream(Table);

impl Iterator for Stream {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        // The consumer may hold the GIL: give it up while reading, unless
        // the source is a Python file object (its reads take it back).
        self.0.next_batch()
    }
}

impl RecordBatchReader for Stream {
    fn schema(&self) -> SchemaRef {
        self.0.schema()
    }
}

/// A stream of record batches in the export schema (`chessnote.lichess.v1`).
#[pyclass(name = "TableReader", module = "chessnote")]
pub struct TableReader {
    table: Mutex<Option<Table>>,
    schema: SchemaRef,
}

impl TableReader {
    fn take(&self) -> PyResult<Table> {
        self.table
            .lock()
            .ok()
            .and_then(|mut t| t.take())
            .ok_or_else(|| PyValueError::new_err("this TableReader was already consumed"))
    }
}

#[pymethods]
impl TableReader {
    #[getter]
    fn column_names(&self) -> Vec<String> {
        self.schema
            .fields()
            .iter()
            .map(|f| f.name().clone())
            .collect()
    }

    /// The stream's schema.
    #[getter]
    fn schema(&self) -> PySchema {
        PySchema(self.schema.clone())
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<PyRecordBatch> {
        let next = py.detach(|| {
            let mut table = self.table.lock().ok()?;
            table.as_mut()?.next_batch()
        });
        match next {
            Some(Ok(batch)) => Ok(PyRecordBatch(batch)),
            Some(Err(error)) => Err(match error {
                ArrowError::ExternalError(e) => match e.downcast::<std::io::Error>() {
                    Ok(io) => PyErr::from(*io),
                    Err(e) => PyValueError::new_err(e.to_string()),
                },
                other => arrow_error(other),
            }),
            None => Err(PyStopIteration::new_err(())),
        }
    }

    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        schema_capsule(py, &self.schema)
    }

    /// The whole stream, once, as an `ArrowArrayStream` capsule.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let table = self.take()?;
        stream_capsule(py, Box::new(Stream(table)))
    }
}

/// The games of a PGN source as Arrow record batches: the rows and columns
/// of `chessnote pgn export`. A bad game is a row with its first error.
#[pyfunction]
#[pyo3(signature = (source, *, columns = None, batch_size = 8192, r#where = None, threads = 1, range = None, allow = Vec::new(), lenient = false, strict = false, source_name = None, variant = None))]
#[allow(clippy::too_many_arguments)]
pub fn read_table(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    columns: Option<&Bound<'_, PyAny>>,
    batch_size: usize,
    r#where: Option<&str>,
    threads: usize,
    range: Option<&str>,
    allow: Vec<String>,
    lenient: bool,
    strict: bool,
    source_name: Option<String>,
    variant: Option<&str>,
) -> PyResult<TableReader> {
    let columns = export_columns(columns)?;
    let mut options = source::read_options(ReadOptions::DEFAULT, allow, lenient, strict)?;
    options.default_variant = variant.map(crate::variant_board::tag).transpose()?;
    let filter = filter(py, r#where)?;
    let opened = source::open(source, threads, range)?;
    let name: Arc<str> = source_name.unwrap_or(opened.name).into();
    let schema = Arc::new(export_schema(columns));
    let work = ReadRows {
        columns,
        options,
        filter,
        batch_size: batch_size.max(1),
        name,
    };
    let rows = Pipeline::new(options)
        .threads(threads)
        .ahead(opened.decoded)
        .stream(opened.read, Arc::new(work));
    Ok(TableReader {
        table: Mutex::new(Some(Table {
            rows: Some(rows),
            schema: Arc::clone(&schema),
        })),
        schema,
    })
}

/// The Arrow schema of `read_table` for `columns`.
#[pyfunction]
#[pyo3(signature = (columns = None))]
pub fn schema(columns: Option<&Bound<'_, PyAny>>) -> PyResult<PySchema> {
    let columns = export_columns(columns)?;
    Ok(PySchema(Arc::new(export_schema(columns))))
}

/// The names a column choice stands for, in the order they are written.
#[pyfunction]
#[pyo3(signature = (columns = None))]
pub fn column_names(columns: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<&'static str>> {
    let columns = export_columns(columns)?;
    Ok(columns.iter().map(|c| c.name()).collect())
}

/// The schema of the columns `parse_movetext` adds (unsigned integers as
/// signed ones of a wider type, which every engine has).
fn movetext_schema_of(columns: Columns) -> Schema {
    let schema = export_schema(columns);
    let fields: Vec<Field> = schema
        .fields()
        .iter()
        .map(|f| {
            f.as_ref()
                .clone()
                .with_data_type(signed_type(f.data_type()))
        })
        .collect();
    Schema::new_with_metadata(fields, schema.metadata().clone())
}

fn signed_type(data_type: &DataType) -> DataType {
    match data_type {
        DataType::UInt16 => DataType::Int32,
        DataType::UInt32 | DataType::UInt64 => DataType::Int64,
        other => other.clone(),
    }
}

fn signed(array: &ArrayRef) -> ArrayRef {
    match array.data_type() {
        DataType::UInt16 => Arc::new(
            array
                .as_primitive::<UInt16Type>()
                .iter()
                .map(|v| v.map(i32::from))
                .collect::<Int32Array>(),
        ),
        DataType::UInt32 => Arc::new(
            array
                .as_primitive::<UInt32Type>()
                .iter()
                .map(|v| v.map(i64::from))
                .collect::<Int64Array>(),
        ),
        DataType::UInt64 => Arc::new(
            array
                .as_primitive::<UInt64Type>()
                .iter()
                .map(|v| v.map(|v| i64::try_from(v).unwrap_or(i64::MAX)))
                .collect::<Int64Array>(),
        ),
        _ => Arc::clone(array),
    }
}

/// The Arrow schema of the columns `parse_movetext` adds.
#[pyfunction]
#[pyo3(signature = (columns = None))]
pub fn movetext_schema(columns: Option<&Bound<'_, PyAny>>) -> PyResult<PySchema> {
    let columns = added_columns(columns)?;
    Ok(PySchema(Arc::new(movetext_schema_of(columns))))
}

fn spark_type(data_type: &DataType) -> PyResult<String> {
    Ok(match data_type {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => "STRING".to_owned(),
        DataType::Int16 => "SMALLINT".to_owned(),
        DataType::Int32 => "INT".to_owned(),
        DataType::Int64 => "BIGINT".to_owned(),
        DataType::List(item) => format!("ARRAY<{}>", spark_type(item.data_type())?),
        other => {
            return Err(PyValueError::new_err(format!(
                "no Spark type for Arrow {other}"
            )));
        }
    })
}

/// A Spark DDL string for the columns `parse_movetext` adds, for
/// `mapInArrow`.
#[pyfunction]
#[pyo3(signature = (columns = None))]
pub fn spark_schema(columns: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let columns = added_columns(columns)?;
    let schema = movetext_schema_of(columns);
    let parts = schema
        .fields()
        .iter()
        .map(|f| Ok(format!("{} {}", f.name(), spark_type(f.data_type())?)))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(parts.join(", "))
}

/// Imports an object with `__arrow_c_array__` or `__arrow_c_stream__` as
/// record batches (a bare array becomes a batch of one column, `column`).
fn import(data: &Bound<'_, PyAny>, column: &str) -> PyResult<Vec<RecordBatch>> {
    if data.hasattr("__arrow_c_array__")? {
        let pair = data.call_method0("__arrow_c_array__")?;
        let (schema, array): (Bound<'_, PyCapsule>, Bound<'_, PyCapsule>) = pair.extract()?;
        let schema_ptr = schema.pointer_checked(Some(SCHEMA_CAPSULE))?;
        let array_ptr = array.pointer_checked(Some(ARRAY_CAPSULE))?;
        // SAFETY: the capsules are named as the Arrow PyCapsule interface
        // names them, so their pointers are an `ArrowSchema` and an
        // `ArrowArray` (C data interface). The array is moved out (its
        // release callback is taken, leaving a released struct behind, as
        // the interface asks of consumers); the schema is borrowed for the
        // import only, while the capsule holding it is alive.
        #[allow(unsafe_code)]
        let data = unsafe {
            let array = FFI_ArrowArray::from_raw(array_ptr.as_ptr().cast());
            let schema = &*schema_ptr.as_ptr().cast::<FFI_ArrowSchema>();
            arrow_array::ffi::from_ffi(array, schema)
        }
        .map_err(arrow_error)?;
        let array = arrow_array::make_array(data);
        return Ok(vec![match array.data_type() {
            DataType::Struct(_) => RecordBatch::from(array.as_struct().clone()),
            _ => {
                let field = Field::new(column, array.data_type().clone(), true);
                RecordBatch::try_new(Arc::new(Schema::new(vec![field])), vec![array])
                    .map_err(arrow_error)?
            }
        }]);
    }
    if data.hasattr("__arrow_c_stream__")? {
        let capsule = data.call_method0("__arrow_c_stream__")?;
        let capsule = capsule.cast::<PyCapsule>()?;
        let ptr = capsule.pointer_checked(Some(STREAM_CAPSULE))?;
        // SAFETY: a capsule named `arrow_array_stream` holds an
        // `ArrowArrayStream` (C stream interface); it is moved out, leaving
        // a released struct, as the interface asks of consumers.
        #[allow(unsafe_code)]
        let reader = unsafe { RecordBatchStreamReader::from_raw(ptr.as_ptr().cast()) }
            .map_err(arrow_error)?;
        return reader.collect::<Result<Vec<_>, _>>().map_err(arrow_error);
    }
    Err(PyTypeError::new_err(
        "parse_movetext takes an Arrow array, record batch or table \
         (an object with __arrow_c_array__ or __arrow_c_stream__)",
    ))
}

/// Each row's text of the string column `name` (`None` for a null).
fn texts<'a>(array: &'a dyn Array, name: &str) -> PyResult<Vec<Option<&'a str>>> {
    Ok(match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().iter().collect(),
        DataType::LargeUtf8 => array.as_string::<i64>().iter().collect(),
        DataType::Utf8View => array.as_string_view().iter().collect(),
        other => {
            return Err(PyTypeError::new_err(format!(
                "the column `{name}` holds {other}, not strings"
            )));
        }
    })
}

/// The tags that say where a game starts, read from columns of the same
/// names when the input has them (`FEN` and `Variant`, as `read_table`
/// writes them; a null or empty value is the standard start).
const START_TAGS: [&str; 2] = ["FEN", "Variant"];

/// The parsed columns of `texts`: one row each, a string with no game is a
/// row of zero plies. `starts` holds, for each of [`START_TAGS`], its
/// column's texts when the input has one: they are read as tags before the
/// movetext, and errors are placed in the movetext all the same.
fn parse_texts(
    texts: &[Option<&str>],
    starts: &[Option<Vec<Option<&str>>>],
    columns: Columns,
    options: ReadOptions,
) -> Vec<ArrayRef> {
    let mut recorder = Recorder::new(columns, options);
    let mut builder = BatchBuilder::new(columns);
    let empty = Record::default();
    let mut text_buf = Vec::new();
    for (row, text) in texts.iter().enumerate() {
        text_buf.clear();
        for (name, values) in START_TAGS.iter().zip(starts) {
            let Some(value) = values.as_ref().and_then(|v| v[row]) else {
                continue;
            };
            if value.is_empty() {
                continue;
            }
            text_buf.push(b'[');
            text_buf.extend_from_slice(name.as_bytes());
            text_buf.extend_from_slice(b" \"");
            for &b in value.as_bytes() {
                if matches!(b, b'"' | b'\\') {
                    text_buf.push(b'\\');
                }
                text_buf.push(b);
            }
            text_buf.extend_from_slice(b"\"]\n");
        }
        let prefix = text_buf.len() as u64;
        let prefix_lines = text_buf.iter().filter(|&&b| b == b'\n').count() as u64;
        text_buf.extend_from_slice(text.unwrap_or("").as_bytes());
        let mut reader = Reader::from_slice_with(&text_buf, options);
        // Reading bytes in memory cannot fail.
        match recorder.read(&mut reader) {
            Ok(Some(record)) if prefix == 0 => builder.push(&Row::new(record, columns, "")),
            Ok(Some(record)) => {
                let mut record = record.clone();
                let game = &mut record.game;
                for error in game.errors.iter_mut().chain(&mut game.warnings) {
                    *error = error.clone().relocated(in_movetext(
                        error.location(),
                        prefix,
                        prefix_lines,
                    ));
                }
                builder.push(&Row::new(&record, columns, ""));
            }
            _ => builder.push(&Row::new(&empty, columns, "")),
        }
    }
    builder.finish().columns().iter().map(signed).collect()
}

/// A location in tags-then-movetext as a location in the movetext: an
/// error in the tags (a bad FEN) is placed at the movetext's start.
fn in_movetext(at: Location, prefix: u64, prefix_lines: u64) -> Location {
    if at.byte < prefix {
        return Location {
            byte: 0,
            line: 1,
            column: 1,
        };
    }
    Location {
        byte: at.byte - prefix,
        line: at.line - prefix_lines,
        column: at.column,
    }
}

/// Parses a column of PGN movetext strings (the Hugging Face Lichess
/// Parquet shape) into the export's move columns.
///
/// `data` is any Arrow record batch, table or string array
/// (`__arrow_c_array__` or `__arrow_c_stream__`). Each string is read as
/// the movetext of a game, from the start its `FEN` and `Variant` columns
/// give when the input has them (else the standard start). `columns` chooses the
/// new columns (default `"moves"`); `keep` passes the input's columns
/// through first: all (True), none (False) or those named. Errors are rows.
#[pyfunction]
#[pyo3(signature = (data, *, column = "movetext", columns = None, keep = None, allow = Vec::new(), lenient = false, strict = false))]
#[allow(clippy::too_many_arguments)]
pub fn parse_movetext(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    column: &str,
    columns: Option<&Bound<'_, PyAny>>,
    keep: Option<&Bound<'_, PyAny>>,
    allow: Vec<String>,
    lenient: bool,
    strict: bool,
) -> PyResult<PyRecordBatch> {
    let columns = added_columns(columns)?;
    let options = source::read_options(ReadOptions::DEFAULT, allow, lenient, strict)?;
    let batches = import(data, column)?;
    let Some(first) = batches.first() else {
        return Err(PyValueError::new_err("the input has no batch"));
    };
    let input_schema = first.schema();
    let kept: Vec<usize> = match keep {
        None => (0..input_schema.fields().len()).collect(),
        Some(keep) => match keep.extract::<bool>() {
            Ok(true) => (0..input_schema.fields().len()).collect(),
            Ok(false) => Vec::new(),
            Err(_) => {
                let names: Vec<String> = keep.extract()?;
                names
                    .iter()
                    .map(|n| {
                        input_schema.index_of(n).map_err(|_| {
                            PyValueError::new_err(format!("no column `{n}` in the input to keep"))
                        })
                    })
                    .collect::<PyResult<_>>()?
            }
        },
    };
    let Ok(text_column) = input_schema.index_of(column) else {
        return Err(PyValueError::new_err(format!(
            "no column `{column}` in the input (it has: {})",
            input_schema
                .fields()
                .iter()
                .map(|f| f.name().as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    };
    let start_columns: Vec<Option<usize>> = START_TAGS
        .iter()
        .map(|name| input_schema.index_of(name).ok())
        .collect();
    let added = movetext_schema_of(columns);
    let mut fields: Vec<Field> = kept
        .iter()
        .map(|&i| input_schema.field(i).clone())
        .collect();
    for field in added.fields() {
        if fields.iter().any(|f| f.name() == field.name()) {
            return Err(PyValueError::new_err(format!(
                "the input has a column `{}` too: drop it or keep=False",
                field.name()
            )));
        }
        fields.push(field.as_ref().clone());
    }
    let schema = Arc::new(Schema::new_with_metadata(fields, added.metadata().clone()));
    let outputs = py.detach(|| {
        batches
            .iter()
            .map(|batch| {
                let strings = |i: usize| {
                    texts(batch.column(i).as_ref(), batch.schema_ref().field(i).name())
                        .map_err(|e| ArrowError::InvalidArgumentError(e.to_string()))
                };
                let texts = strings(text_column)?;
                let starts = start_columns
                    .iter()
                    .map(|i| i.map(strings).transpose())
                    .collect::<Result<Vec<_>, _>>()?;
                let mut arrays: Vec<ArrayRef> =
                    kept.iter().map(|&i| Arc::clone(batch.column(i))).collect();
                arrays.extend(parse_texts(&texts, &starts, columns, options));
                RecordBatch::try_new(Arc::clone(&schema), arrays)
            })
            .collect::<Result<Vec<_>, ArrowError>>()
    });
    let outputs = outputs.map_err(arrow_error)?;
    let batch = if outputs.len() == 1 {
        outputs.into_iter().next().expect("one batch")
    } else {
        arrow_select::concat::concat_batches(&schema, &outputs).map_err(arrow_error)?
    };
    Ok(PyRecordBatch(batch))
}
