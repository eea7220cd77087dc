//! Rows as text: NDJSON (one JSON object a line) and CSV (RFC 4180).
//!
//! Both write the columns in the canonical order, nulls as `null` (JSON)
//! or an empty field (CSV), `UTCDate` as `YYYY-MM-DD`, `UTCTime` as
//! `HH:MM:SS`. In CSV the list columns and `Tags` are their JSON text
//! (`["e2e4","e7e5"]`, `{"Annotator":"x"}`), which DuckDB casts with
//! `::VARCHAR[]`, `::INTEGER[]` or `::JSON`.

use std::fmt::Write as _;

use crate::columns::{Columns, Value};
use crate::row::{Row, write_date, write_time};

/// Writes `row` as one JSON object and a `\n`.
///
/// ```
/// use chessnote::pgn::{ReadOptions, Reader};
/// use chessnote_export::{Columns, Recorder, Row, text};
///
/// let mut recorder = Recorder::new(Columns::MINIMAL, ReadOptions::default());
/// let mut reader = Reader::from_slice(b"[White \"A\"]\n\n1. e4 e5 *\n");
/// let record = recorder.read(&mut reader)?.unwrap();
/// let mut line = String::new();
/// text::write_ndjson(&Row::new(record, Columns::MINIMAL, "a.pgn"), &mut line);
/// assert!(line.starts_with(r#"{"White":"A","Black":null,"#));
/// assert!(line.contains(r#""Plies":2,"uci":["e2e4","e7e5"],"status":"ok""#));
/// # Ok::<(), core::convert::Infallible>(())
/// ```
pub fn write_ndjson(row: &Row<'_>, out: &mut String) {
    out.push('{');
    for (i, column) in row.columns().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_str(out, column.name());
        out.push(':');
        write_value(out, column.value(row), true);
    }
    out.push_str("}\n");
}

/// Writes the CSV header line: the column names and a `\n`.
pub fn write_csv_header(columns: Columns, out: &mut String) {
    for (i, column) in columns.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(column.name());
    }
    out.push('\n');
}

/// Writes `row` as one CSV record and a `\n`: fields with a `,`, `"`, CR
/// or LF quoted, `"` doubled.
///
/// ```
/// use chessnote::pgn::{ReadOptions, Reader};
/// use chessnote_export::{Columns, Recorder, Row, text};
///
/// let columns = Columns::parse("White,uci,status")?;
/// let mut recorder = Recorder::new(columns, ReadOptions::default());
/// let mut reader = Reader::from_slice(b"[White \"Doe, J.\"]\n\n1. e4 e5 *\n");
/// let record = recorder.read(&mut reader).unwrap().unwrap();
/// let mut csv = String::new();
/// text::write_csv_header(columns, &mut csv);
/// text::write_csv(&Row::new(record, columns, "a.pgn"), &mut csv);
/// assert_eq!(csv, "White,uci,status\n\"Doe, J.\",\"[\"\"e2e4\"\",\"\"e7e5\"\"]\",ok\n");
/// # Ok::<(), chessnote_export::ColumnsError>(())
/// ```
pub fn write_csv(row: &Row<'_>, out: &mut String) {
    let mut field = String::new();
    for (i, column) in row.columns().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        field.clear();
        write_value(&mut field, column.value(row), false);
        if field
            .bytes()
            .any(|b| matches!(b, b',' | b'"' | b'\r' | b'\n'))
        {
            out.push('"');
            out.push_str(&field.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(&field);
        }
    }
    out.push('\n');
}

/// Writes a value: JSON (`json`), or the CSV field before quoting (a null
/// is empty, a string is itself, a list or map is its JSON).
fn write_value(out: &mut String, value: Value<'_>, json: bool) {
    let string = |out: &mut String, text: Option<&str>| match (text, json) {
        (Some(text), true) => json_str(out, text),
        (Some(text), false) => out.push_str(text),
        (None, true) => out.push_str("null"),
        (None, false) => {}
    };
    match value {
        Value::Text(text) => string(out, text.as_deref()),
        Value::Int16(n) => number(out, n, json),
        Value::UInt16(n) => number(out, n, json),
        Value::UInt32(n) => number(out, n, json),
        Value::UInt64(n) => number(out, n, json),
        Value::Int32(n) => number(out, n, json),
        Value::Date(days) => {
            let text = days.map(|days| {
                let mut text = String::new();
                write_date(&mut text, days);
                text
            });
            string(out, text.as_deref());
        }
        Value::Time(seconds) => {
            let text = seconds.map(|seconds| {
                let mut text = String::new();
                write_time(&mut text, seconds);
                text
            });
            string(out, text.as_deref());
        }
        Value::Map(tags) => {
            out.push('{');
            for (i, (name, value)) in tags.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_str(out, &name);
                out.push(':');
                json_str(out, value);
            }
            out.push('}');
        }
        // UCI, SAN, kind names: nothing to escape.
        Value::Texts(texts) => texts.append_json(out),
        Value::Int32s(values) | Value::Int16s(values) => list(out, values.iter()),
    }
}

fn number(out: &mut String, value: Option<impl std::fmt::Display>, json: bool) {
    match value {
        Some(v) => {
            let _ = write!(out, "{v}");
        }
        None if json => out.push_str("null"),
        None => {}
    }
}

/// A JSON array of numbers or nulls.
fn list(out: &mut String, values: impl Iterator<Item = Option<impl std::fmt::Display>>) {
    out.push('[');
    for (i, value) in values.enumerate() {
        if i > 0 {
            out.push(',');
        }
        number(out, value, true);
    }
    out.push(']');
}

/// Writes `text` as a JSON string: quotes, `\"`, `\\` and control
/// characters escaped.
///
/// ```
/// let mut out = String::new();
/// chessnote_export::text::json_str(&mut out, "a \"b\"\n");
/// assert_eq!(out, r#""a \"b\"\n""#);
/// ```
pub fn json_str(out: &mut String, text: &str) {
    out.push('"');
    let mut rest = text;
    // Bytes, not chars: what is escaped is ASCII, so where it stands is a
    // char boundary.
    while let Some(at) = rest
        .bytes()
        .position(|b| b == b'"' || b == b'\\' || b < b' ')
    {
        out.push_str(&rest[..at]);
        match rest.as_bytes()[at] {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            c => {
                let _ = write!(out, "\\u{c:04x}");
            }
        }
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
    out.push('"');
}
