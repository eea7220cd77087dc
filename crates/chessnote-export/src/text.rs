//! Rows as text: NDJSON (one JSON object a line) and CSV (RFC 4180).
//!
//! Both write the columns in the canonical order, nulls as `null` (JSON)
//! or an empty field (CSV), `UTCDate` as `YYYY-MM-DD`, `UTCTime` as
//! `HH:MM:SS`. In CSV the list columns and `Tags` are their JSON text
//! (`["e2e4","e7e5"]`, `{"Annotator":"x"}`), which DuckDB casts with
//! `::VARCHAR[]`, `::INTEGER[]` or `::JSON`.

use std::fmt::Write as _;

use chessnote::Diagnostic;

use crate::columns::{Column, Columns};
use crate::record::Record;
use crate::row::{Row, write_date, write_time};

/// Writes the row of `record` as one JSON object and a `\n`.
///
/// `source` is the `source_file` column's value.
///
/// ```
/// use chessnote::pgn::{ReadOptions, Reader};
/// use chessnote_export::{Columns, Recorder, text};
///
/// let mut recorder = Recorder::new(Columns::MINIMAL, ReadOptions::default());
/// let mut reader = Reader::from_slice(b"[White \"A\"]\n\n1. e4 e5 *\n");
/// let record = recorder.read(&mut reader)?.unwrap();
/// let mut line = String::new();
/// text::write_ndjson(record, Columns::MINIMAL, "a.pgn", &mut line);
/// assert!(line.starts_with(r#"{"White":"A","Black":null,"#));
/// assert!(line.contains(r#""Plies":2,"uci":["e2e4","e7e5"],"status":"ok""#));
/// # Ok::<(), core::convert::Infallible>(())
/// ```
pub fn write_ndjson(record: &Record, columns: Columns, source: &str, out: &mut String) {
    let row = Row::new(record, columns);
    out.push('{');
    for (i, column) in columns.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_str(out, column.name());
        out.push(':');
        write_value(out, &row, column, source, true);
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

/// Writes the row of `record` as one CSV record and a `\n`: fields with a
/// `,`, `"`, CR or LF quoted, `"` doubled.
///
/// ```
/// use chessnote::pgn::{ReadOptions, Reader};
/// use chessnote_export::{Columns, Recorder, text};
///
/// let columns = Columns::parse("White,uci,status")?;
/// let mut recorder = Recorder::new(columns, ReadOptions::default());
/// let mut reader = Reader::from_slice(b"[White \"Doe, J.\"]\n\n1. e4 e5 *\n");
/// let record = recorder.read(&mut reader).unwrap().unwrap();
/// let mut csv = String::new();
/// text::write_csv_header(columns, &mut csv);
/// text::write_csv(record, columns, "a.pgn", &mut csv);
/// assert_eq!(csv, "White,uci,status\n\"Doe, J.\",\"[\"\"e2e4\"\",\"\"e7e5\"\"]\",ok\n");
/// # Ok::<(), chessnote_export::ColumnsError>(())
/// ```
pub fn write_csv(record: &Record, columns: Columns, source: &str, out: &mut String) {
    let row = Row::new(record, columns);
    let mut field = String::new();
    for (i, column) in columns.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        field.clear();
        write_value(&mut field, &row, column, source, false);
        if field.contains([',', '"', '\r', '\n']) {
            out.push('"');
            out.push_str(&field.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(&field);
        }
    }
    out.push('\n');
}

/// Writes a column's value: JSON (`json`), or the CSV field before quoting
/// (a null is empty, a string is itself, a list or map is its JSON).
fn write_value(out: &mut String, row: &Row<'_>, column: Column, source: &str, json: bool) {
    let record = row.record();
    let string = |out: &mut String, text: Option<&str>| match (text, json) {
        (Some(text), true) => json_str(out, text),
        (Some(text), false) => out.push_str(text),
        (None, true) => out.push_str("null"),
        (None, false) => {}
    };
    let first = row.first_error();
    match column {
        Column::WhiteElo | Column::BlackElo | Column::WhiteRatingDiff | Column::BlackRatingDiff => {
            number(out, row.int16(column), json);
        }
        Column::UtcDate => match row.date() {
            Some(days) => {
                let mut text = String::new();
                write_date(&mut text, days);
                string(out, Some(&text));
            }
            None => string(out, None),
        },
        Column::UtcTime => match row.time() {
            Some(seconds) => {
                let mut text = String::new();
                write_time(&mut text, seconds);
                string(out, Some(&text));
            }
            None => string(out, None),
        },
        Column::Movetext => string(out, Some(&record.movetext)),
        Column::GameId => string(out, row.game_id()),
        Column::TimeBase => number(out, row.time_control().map(|t| t.0), json),
        Column::TimeIncrement => number(out, row.time_control().map(|t| t.1), json),
        Column::Tags => {
            out.push('{');
            for (i, (name, value)) in row.other_tags().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_str(out, &name);
                out.push(':');
                json_str(out, value);
            }
            out.push('}');
        }
        Column::Plies => number(out, Some(record.plies), json),
        Column::Uci => {
            out.push('[');
            for (i, uci) in record.uci.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('"');
                uci.append_to(out);
                out.push('"');
            }
            out.push(']');
        }
        Column::San => {
            out.push('[');
            for (i, san) in record.san.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_str(out, san);
            }
            out.push(']');
        }
        Column::Clk => list(out, record.clocks.iter().map(|c| c.map(|c| c.0))),
        Column::EvalCp => list(out, (0..record.uci.len()).map(|i| row.eval_cp(i))),
        Column::EvalMate => list(out, (0..record.uci.len()).map(|i| row.eval_mate(i))),
        Column::Status => string(out, Some(row.status())),
        Column::ParseError => string(out, first.map(|e| e.message()).as_deref()),
        Column::ErrorKind => string(out, first.map(|e| e.kind_name())),
        Column::ErrorPly => number(out, first.and_then(|e| e.ply()), json),
        Column::ErrorLine => number(out, first.map(|e| e.location().line), json),
        Column::ErrorColumn => number(out, first.map(|e| e.location().column), json),
        Column::GameIndex => number(out, Some(record.index), json),
        Column::SourceFile => string(out, Some(source)),
        Column::SourceOffset => number(out, Some(record.offset), json),
        Column::SourceLen => number(out, Some(record.len), json),
        _ => string(out, row.text(column)),
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
    while let Some(at) = rest.find(|c: char| c == '"' || c == '\\' || c < ' ') {
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
