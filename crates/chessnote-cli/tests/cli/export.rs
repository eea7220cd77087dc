//! `chessnote pgn export` (issue 15): PGN games as rows of NDJSON, CSV,
//! Parquet or Arrow, one row per game, schema `chessnote.lichess.v1`
//! (the columns, presets and value rules the tests below follow).
//!
//! Every expected value is derived in the test from something else: the
//! same file through `pgn convert --to json` (moves, clocks, evals,
//! errors, offsets), the library's tag parsers (`chessnote::pgn::tags`),
//! `pgn count --where`, the single-file output of the same command (parts
//! and partitions), the NDJSON rows (CSV, other presets), one thread
//! (many threads). Parquet and Arrow are only in builds with the
//! `parquet` feature; without it they are a usage error.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chessnote::pgn::Reader;
use chessnote::pgn::tags::{self, Date, Time, TimeControl, TimePeriod};
use serde_json::Value;

use super::{Run, TempFile, chessnote, shared_path};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Every column, in the canonical order.
const COLUMNS: [&str; 47] = [
    "Event",
    "Site",
    "White",
    "Black",
    "Result",
    "WhiteTitle",
    "BlackTitle",
    "WhiteElo",
    "BlackElo",
    "WhiteRatingDiff",
    "BlackRatingDiff",
    "UTCDate",
    "UTCTime",
    "ECO",
    "Opening",
    "Termination",
    "TimeControl",
    "movetext",
    "GameId",
    "Date",
    "Round",
    "Variant",
    "FEN",
    "TimeBase",
    "TimeIncrement",
    "Tags",
    "Plies",
    "uci",
    "san",
    "final_fen",
    "opening_eco",
    "opening_name",
    "opening_ply",
    "clk",
    "eval_cp",
    "eval_mate",
    "status",
    "parse_error",
    "error_kind",
    "error_ply",
    "error_line",
    "error_column",
    "warnings",
    "game_index",
    "source_file",
    "source_offset",
    "source_len",
];

/// The Hugging Face `Lichess/standard-chess-games` columns, in its order.
const HF: [&str; 18] = [
    "Event",
    "Site",
    "White",
    "Black",
    "Result",
    "WhiteTitle",
    "BlackTitle",
    "WhiteElo",
    "BlackElo",
    "WhiteRatingDiff",
    "BlackRatingDiff",
    "UTCDate",
    "UTCTime",
    "ECO",
    "Opening",
    "Termination",
    "TimeControl",
    "movetext",
];

const MINIMAL: [&str; 14] = [
    "White",
    "Black",
    "Result",
    "WhiteElo",
    "BlackElo",
    "UTCDate",
    "TimeControl",
    "GameId",
    "TimeBase",
    "TimeIncrement",
    "Plies",
    "uci",
    "status",
    "parse_error",
];

/// The tag columns that hold the tag's text.
const TEXT_TAGS: [&str; 15] = [
    "Event",
    "Site",
    "White",
    "Black",
    "Result",
    "WhiteTitle",
    "BlackTitle",
    "ECO",
    "Opening",
    "Termination",
    "TimeControl",
    "Date",
    "Round",
    "Variant",
    "FEN",
];

/// The tag columns that hold the tag's value parsed.
const TYPED_TAGS: [&str; 6] = [
    "WhiteElo",
    "BlackElo",
    "WhiteRatingDiff",
    "BlackRatingDiff",
    "UTCDate",
    "UTCTime",
];

const DEFAULT_PARTITION: &str = "__HIVE_DEFAULT_PARTITION__";

/// The columns of a preset.
fn preset(name: &str) -> Vec<&'static str> {
    match name {
        "hf" => HF.to_vec(),
        "minimal" => MINIMAL.to_vec(),
        "full" => COLUMNS.to_vec(),
        // The table's presets (no san: the table says `F` only).
        "lichess" => COLUMNS
            .iter()
            .copied()
            .filter(|c| {
                ![
                    "movetext",
                    "san",
                    "final_fen",
                    "error_line",
                    "error_column",
                    "game_index",
                    "source_file",
                ]
                .contains(c)
            })
            .collect(),
        _ => panic!("no preset {name}"),
    }
}

/// Whether `CHESSNOTE_REQUIRE_SHARED` is set: then missing data fails.
fn require_shared() -> bool {
    std::env::var_os("CHESSNOTE_REQUIRE_SHARED").is_some_and(|v| !v.is_empty() && v != "0")
}

/// `shared/data/pgn/<rel>`: `None` (a skip) when missing, a failure when
/// the data is required.
fn pgn_path(rel: &str) -> Option<String> {
    let path = shared_path(&format!("data/pgn/{rel}"));
    assert!(
        path.is_some() || !require_shared(),
        "CHESSNOTE_REQUIRE_SHARED is set but shared/data/pgn/{rel} is missing"
    );
    Some(path?.to_str().expect("UTF-8 path").to_owned())
}

/// The bytes of a file, zstd files decompressed.
fn read_pgn(path: &str) -> Vec<u8> {
    let raw = std::fs::read(path).expect("read a PGN file");
    if path.ends_with(".zst") {
        chessnote_testdata::decode(&raw)
    } else {
        raw
    }
}

/// Runs `chessnote pgn ARGS` with no stdin.
fn pgn(args: &[&str]) -> Run {
    pgn_in(args, b"")
}

/// Runs `chessnote pgn ARGS` with `stdin`.
fn pgn_in(args: &[&str], stdin: &[u8]) -> Run {
    let mut all = vec!["pgn"];
    all.extend_from_slice(args);
    chessnote(&all, stdin)
}

/// Runs `chessnote pgn export ARGS FILES` (and `--no-progress`).
fn export(args: &[&str], files: &[&str]) -> Run {
    let mut all = vec!["export", "--no-progress"];
    all.extend_from_slice(args);
    all.extend_from_slice(files);
    pgn(&all)
}

/// Runs `chessnote pgn convert --to json ARGS FILES`.
fn convert_json(args: &[&str], files: &[&str]) -> Run {
    let mut all = vec!["convert", "--to", "json", "--no-progress"];
    all.extend_from_slice(args);
    all.extend_from_slice(files);
    pgn(&all)
}

/// What `convert` says on stderr, as `export` says it.
fn as_export(convert_stderr: &str) -> String {
    convert_stderr.replace("chessnote pgn convert: ", "chessnote pgn export: ")
}

/// A temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!(
            "chessnote-cli-{}-export-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("make a temporary folder");
        TempDir(path)
    }

    /// `name` in the folder, as an argument.
    fn path(&self, name: &str) -> String {
        self.0
            .join(name)
            .to_str()
            .expect("UTF-8 temporary path")
            .to_owned()
    }

    /// Writes `data` to `name` in the folder; its path.
    fn file(&self, name: &str, data: &[u8]) -> String {
        let path = self.path(name);
        std::fs::write(&path, data).expect("write a temporary file");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Every file under `root`, by path relative to it (`/`-separated),
/// with its bytes.
fn tree(root: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read an output folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                let rel = path.strip_prefix(root).unwrap();
                let rel: Vec<&str> = rel
                    .components()
                    .map(|c| c.as_os_str().to_str().unwrap())
                    .collect();
                files.insert(rel.join("/"), std::fs::read(&path).unwrap());
            }
        }
    }
    files
}

#[cfg(feature = "parquet")]
fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// The byte offsets where the games of `data` start, by the library.
fn game_offsets(data: &[u8]) -> Vec<usize> {
    Reader::from_slice(data)
        .games()
        .map(|g| g.offset as usize)
        .collect()
}

/// The 1-based line and column of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = at - before.rfind('\n').map_or(0, |n| n + 1) + 1;
    (line, column)
}

// --- JSON, read in the order written ---------------------------------------

/// The index of the closing quote of the JSON string at `text[start]`.
fn string_end(text: &str, start: usize) -> usize {
    let bytes = text.as_bytes();
    assert_eq!(bytes[start], b'"', "a string at {start}: {text}");
    let mut i = start + 1;
    while bytes[i] != b'"' {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    i
}

/// Where the JSON value that starts at `text[start]` ends.
fn value_end(text: &str, start: usize) -> usize {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = string_end(text, i),
            b'[' | b'{' => depth += 1,
            b']' | b'}' if depth == 0 => return i,
            b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            b',' if depth == 0 => return i,
            _ => {}
        }
        i += 1;
    }
    i
}

fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The members of the JSON object `text`, in the order written: each
/// name (decoded) and its value's text. A repeated name is kept twice
/// (a `Value` keeps one and sorts the names).
fn members(text: &str) -> Vec<(String, &str)> {
    let bytes = text.as_bytes();
    let mut i = skip_space(bytes, 0);
    assert_eq!(bytes.get(i), Some(&b'{'), "an object: {text}");
    i += 1;
    let mut out = Vec::new();
    loop {
        i = skip_space(bytes, i);
        match bytes[i] {
            b'}' => break,
            b',' => {
                i = skip_space(bytes, i + 1);
            }
            _ => {}
        }
        let end = string_end(text, i);
        let name: String = serde_json::from_str(&text[i..=end]).expect("a name");
        i = skip_space(bytes, end + 1);
        assert_eq!(bytes[i], b':', "{text}");
        let start = skip_space(bytes, i + 1);
        i = value_end(text, start);
        out.push((name, text[start..i].trim_end()));
    }
    assert!(
        text[i + 1..].trim().is_empty(),
        "one object on the line: {text}"
    );
    out
}

/// An object of strings as its pairs in order.
fn string_pairs(text: &str) -> Vec<(String, String)> {
    members(text)
        .into_iter()
        .map(|(k, v)| {
            let v: String = serde_json::from_str(v).unwrap_or_else(|_| panic!("a string: {v}"));
            (k, v)
        })
        .collect()
}

/// One NDJSON row: its column names in order, their values, and the
/// `Tags` pairs in order.
struct Row<'a> {
    names: Vec<String>,
    raw: Vec<&'a str>,
    values: BTreeMap<String, Value>,
    tags: Option<Vec<(String, String)>>,
}

impl<'a> Row<'a> {
    fn parse(line: &'a str) -> Row<'a> {
        let members = members(line);
        let mut values = BTreeMap::new();
        let mut tags = None;
        for (name, raw) in &members {
            let value: Value = serde_json::from_str(raw).expect("a JSON value");
            if name == "Tags" {
                assert!(value.is_object(), "Tags is an object: {raw}");
                tags = Some(string_pairs(raw));
            }
            values.insert(name.clone(), value);
        }
        Row {
            names: members.iter().map(|m| m.0.clone()).collect(),
            raw: members.iter().map(|m| m.1).collect(),
            values,
            tags,
        }
    }

    fn get(&self, name: &str) -> &Value {
        self.values
            .get(name)
            .unwrap_or_else(|| panic!("no column {name} in {:?}", self.names))
    }

    /// The raw text of a column.
    fn raw(&self, name: &str) -> &'a str {
        let i = self.names.iter().position(|n| n == name).unwrap();
        self.raw[i]
    }
}

fn rows(stdout: &str) -> Vec<Row<'_>> {
    stdout.lines().map(Row::parse).collect()
}

// --- CSV, read by RFC 4180 ---------------------------------------------------

/// A CSV field: its text and whether it was quoted.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Field {
    text: String,
    quoted: bool,
}

/// The records of an RFC 4180 text: fields separated by `,`, records by
/// LF or CR LF; a quoted field holds anything, `""` for a quote; an
/// unquoted field holds no quote, CR or LF (then the text is malformed).
fn csv_records(text: &str) -> Vec<Vec<Field>> {
    let bytes = text.as_bytes();
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let mut value = Vec::new();
        let quoted = bytes[i] == b'"';
        if quoted {
            i += 1;
            loop {
                assert!(i < bytes.len(), "an unclosed quoted field");
                if bytes[i] == b'"' {
                    if bytes.get(i + 1) == Some(&b'"') {
                        value.push(b'"');
                        i += 2;
                    } else {
                        i += 1;
                        break;
                    }
                } else {
                    value.push(bytes[i]);
                    i += 1;
                }
            }
        } else {
            while i < bytes.len() && !matches!(bytes[i], b',' | b'\n' | b'\r') {
                assert_ne!(bytes[i], b'"', "a quote in an unquoted field at byte {i}");
                value.push(bytes[i]);
                i += 1;
            }
        }
        record.push(Field {
            text: String::from_utf8(value).expect("UTF-8 field"),
            quoted,
        });
        match bytes.get(i) {
            Some(b',') => i += 1,
            Some(b'\r') => {
                assert_eq!(bytes.get(i + 1), Some(&b'\n'), "CR only before LF");
                i += 2;
                records.push(std::mem::take(&mut record));
            }
            Some(b'\n') => {
                i += 1;
                records.push(std::mem::take(&mut record));
            }
            None => records.push(std::mem::take(&mut record)),
            Some(other) => panic!("{:?} after a quoted field", *other as char),
        }
    }
    // A `,` at the very end opened one more (empty) field.
    if !record.is_empty() {
        record.push(Field {
            text: String::new(),
            quoted: false,
        });
        records.push(record);
    }
    records
}

/// The CSV text of a row's value, as the NDJSON row has it: checks that
/// the field says the same.
fn csv_field_agrees(field: &Field, raw: &str, column: &str) -> Result<(), String> {
    let value: Value = serde_json::from_str(raw).unwrap();
    let ok = match &value {
        Value::Null => field.text.is_empty() && !field.quoted,
        Value::String(s) => field.text == *s,
        Value::Number(_) | Value::Bool(_) => field.text == raw,
        Value::Array(_) => serde_json::from_str::<Value>(&field.text).ok() == Some(value.clone()),
        Value::Object(_) => {
            serde_json::from_str::<Value>(&field.text).is_ok()
                && string_pairs(&field.text) == string_pairs(raw)
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{column}: CSV {field:?}, NDJSON {raw}"))
    }
}

/// Reads a CSV output and checks it against the NDJSON output of the same
/// rows: the header is `columns`, a record per row, each field the
/// row's value. Returns how many fields were quoted.
fn csv_agrees_with_ndjson(csv: &str, ndjson: &str, columns: &[&str], what: &str) -> usize {
    let records = csv_records(csv);
    assert!(!records.is_empty(), "{what}: a header");
    let header: Vec<&str> = records[0].iter().map(|f| f.text.as_str()).collect();
    assert_eq!(header, columns, "{what}: the header");
    let rows = rows(ndjson);
    assert_eq!(records.len() - 1, rows.len(), "{what}: a record per row");
    let mut quoted = 0;
    for (i, (record, row)) in records[1..].iter().zip(&rows).enumerate() {
        assert_eq!(
            record.len(),
            columns.len(),
            "{what}: record {i}: {record:?}"
        );
        for (field, column) in record.iter().zip(columns) {
            quoted += usize::from(field.quoted);
            if let Err(e) = csv_field_agrees(field, row.raw(column), column) {
                panic!("{what}: row {i}: {e}");
            }
        }
    }
    quoted
}

// --- The expected row, from convert --to json and the tag parsers -------------

/// The first value of a tag.
fn first<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// A typed tag column's value from the tag's text, and whether the column
/// holds the text (it parses): when not, the text goes to `Tags`.
fn typed(name: &str, text: &str) -> (Value, bool) {
    let bytes = text.as_bytes();
    match name {
        "WhiteElo" | "BlackElo" => match tags::parse_elo(bytes) {
            Ok(elo) => (elo.map_or(Value::Null, Value::from), true),
            Err(_) => (Value::Null, false),
        },
        "WhiteRatingDiff" | "BlackRatingDiff" => match tags::parse_rating_diff(bytes) {
            Ok(diff) => (diff.map_or(Value::Null, Value::from), true),
            Err(_) => (Value::Null, false),
        },
        "UTCDate" => match Date::from_ascii(bytes) {
            Ok(d) if d.is_complete() => (
                format!(
                    "{:04}-{:02}-{:02}",
                    d.year().unwrap(),
                    d.month().unwrap(),
                    d.day().unwrap()
                )
                .into(),
                true,
            ),
            _ => (Value::Null, false),
        },
        "UTCTime" => match Time::from_ascii(bytes) {
            Ok(t) => match (t.hour(), t.minute(), t.second()) {
                (Some(h), Some(m), Some(s)) => (format!("{h:02}:{m:02}:{s:02}").into(), true),
                _ => (Value::Null, false),
            },
            Err(_) => (Value::Null, false),
        },
        _ => unreachable!("{name}"),
    }
}

/// The Lichess game id of a `Site`.
fn game_id(site: &str) -> Option<&str> {
    let rest = site
        .strip_prefix("https://lichess.org/")
        .or_else(|| site.strip_prefix("http://lichess.org/"))?;
    let id = rest.get(..8)?;
    let after = rest.as_bytes().get(8);
    (id.bytes().all(|b| b.is_ascii_alphanumeric()) && !after.is_some_and(u8::is_ascii_alphanumeric))
        .then_some(id)
}

/// TimeBase and TimeIncrement of a `TimeControl`.
fn time_base(tc: Option<&str>) -> (Value, Value) {
    let Some(Ok(tc)) = tc.map(|t| TimeControl::from_ascii(t.as_bytes())) else {
        return (Value::Null, Value::Null);
    };
    let Some(period) = tc.periods().first() else {
        return (Value::Null, Value::Null);
    };
    let increment = if let TimePeriod::Normal { increment_ms, .. } = period {
        increment_ms.unwrap_or(0)
    } else {
        0
    };
    ((period.time_ms() / 1000).into(), (increment / 1000).into())
}

/// What the row of a game holds in `columns` (all but `movetext` and
/// `source_len`), from its `convert --to json` line; `source` is the
/// file as named.
fn expected_row(json_line: &str, columns: &[&str], source: &str) -> BTreeMap<String, Value> {
    let json = members(json_line);
    let get = |name: &str| -> &str { json.iter().find(|m| m.0 == name).unwrap().1 };
    let value = |name: &str| -> Value { serde_json::from_str(get(name)).unwrap() };
    let headers = string_pairs(get("headers"));
    let mut row: BTreeMap<String, Value> = BTreeMap::new();
    let mut leftover = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for (name, text) in &headers {
        let before = seen.iter().filter(|n| **n == name.as_str()).count();
        let first_time = before == 0;
        seen.push(name);
        let chosen = columns.contains(&name.as_str());
        let held = chosen
            && first_time
            && (TEXT_TAGS.contains(&name.as_str())
                || (TYPED_TAGS.contains(&name.as_str()) && typed(name, text).1));
        if !held {
            // A repeated tag is `Name#2`, `Name#3`, … (keys are unique).
            let key = if first_time {
                name.clone()
            } else {
                format!("{name}#{}", before + 1)
            };
            leftover.push(Value::Array(vec![key.into(), text.clone().into()]));
        }
    }
    for name in TEXT_TAGS {
        row.insert(
            name.into(),
            first(&headers, name).map_or(Value::Null, Value::from),
        );
    }
    for name in TYPED_TAGS {
        let v = first(&headers, name).map_or(Value::Null, |t| typed(name, t).0);
        row.insert(name.into(), v);
    }
    row.insert(
        "GameId".into(),
        first(&headers, "Site")
            .and_then(game_id)
            .map_or(Value::Null, Value::from),
    );
    let (base, increment) = time_base(first(&headers, "TimeControl"));
    row.insert("TimeBase".into(), base);
    row.insert("TimeIncrement".into(), increment);
    // Pairs, compared with `Row::tags`.
    row.insert("Tags".into(), Value::Array(leftover));
    row.insert("Plies".into(), value("plies"));
    row.insert("uci".into(), value("uci"));
    row.insert("san".into(), value("san"));
    let opening = value("opening");
    for (column, key) in [
        ("opening_eco", "eco"),
        ("opening_name", "name"),
        ("opening_ply", "ply"),
    ] {
        row.insert(
            column.into(),
            opening.get(key).cloned().unwrap_or(Value::Null),
        );
    }
    row.insert("clk".into(), value("clocks"));
    let evals = value("evals");
    let evals = evals.as_array().unwrap();
    let part = |key: &str| -> Value {
        evals
            .iter()
            .map(|e| e.get(key).cloned().unwrap_or(Value::Null))
            .collect()
    };
    row.insert("eval_cp".into(), part("cp"));
    row.insert("eval_mate".into(), part("mate"));
    let errors = value("errors");
    let errors = errors.as_array().unwrap();
    // The first problem by byte (the first listed of those at that byte).
    let first_error = errors.iter().min_by_key(|e| e["offset"].as_u64().unwrap());
    let error = |key: &str| first_error.map_or(Value::Null, |e| e[key].clone());
    row.insert(
        "status".into(),
        if errors.is_empty() { "ok" } else { "error" }.into(),
    );
    row.insert("parse_error".into(), error("message"));
    row.insert("error_kind".into(), error("kind"));
    row.insert("error_ply".into(), error("ply"));
    row.insert("error_line".into(), error("line"));
    row.insert("error_column".into(), error("column"));
    let warnings = value("warnings");
    let kinds: Vec<Value> = warnings
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["kind"].clone())
        .collect();
    row.insert("warnings".into(), Value::Array(kinds));
    row.insert("final_fen".into(), value("final_fen"));
    row.insert("game_index".into(), value("index"));
    row.insert("source_file".into(), source.into());
    row.insert("source_offset".into(), value("offset"));
    row.retain(|k, _| columns.contains(&k.as_str()));
    row
}

/// Checks the NDJSON rows of `source` (its `export --columns COLUMNS`
/// output) against `convert --to json` of it; `text`: its decompressed
/// bytes.
fn rows_agree_with_convert(ndjson: &str, json: &str, columns: &[&str], source: &str, text: &[u8]) {
    let rows = rows(ndjson);
    let json: Vec<&str> = json.lines().collect();
    assert_eq!(rows.len(), json.len(), "{source}: a row per game");
    let offsets: Vec<usize> = json
        .iter()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["offset"]
                .as_u64()
                .unwrap() as usize
        })
        .collect();
    for (i, (row, line)) in rows.iter().zip(&json).enumerate() {
        assert_eq!(row.names, columns, "{source} row {i}: the columns in order");
        let want = expected_row(line, columns, source);
        for (name, want) in &want {
            if name == "Tags" {
                let got: Vec<Value> = row
                    .tags
                    .as_ref()
                    .unwrap()
                    .iter()
                    .map(|(k, v)| Value::Array(vec![k.clone().into(), v.clone().into()]))
                    .collect();
                assert_eq!(
                    Value::Array(got),
                    *want,
                    "{source} row {i}: Tags (every tag no column holds, in order)"
                );
            } else {
                assert_eq!(row.get(name), want, "{source} row {i}: {name}");
            }
        }
        if columns.contains(&"source_len") {
            let start = offsets[i];
            let len = row.get("source_len").as_u64().expect("source_len") as usize;
            let next = offsets.get(i + 1).copied().unwrap_or(text.len());
            assert!(
                len > 0 && start + len <= next,
                "{source} row {i}: {start}+{len} > {next}"
            );
            assert!(
                text[start + len..next].iter().all(u8::is_ascii_whitespace),
                "{source} row {i}: only blank lines after the game's {len} bytes"
            );
        }
    }
}

/// Small and real files, bad games among them (decompressed or not, as
/// in `shared`).
const MIXED: &[&str] = &[
    "medium/lichess_db_1000k.pgn",
    "medium/twic1599_1000k.pgn",
    "tcec/TCEC_Season_21_-_Infrafinal.pgn.zst",
    "small/python-chess/immortal-games-latin1-crlf.pgn",
    "small/python-chess/variations-nags-and-comments.pgn",
    "small/python-chess/utf8-bom.pgn",
    "small/python-chess/cutechess-fischerrandom.pgn",
    "small/chess.js/0.pgn",
    "small/chessops/pathological-headers.pgn",
    "small/pgn-extract/infiles/nested-comment.pgn",
    "small/pychess-puzzles/mate_in_2.pgn",
    "small/long-games.pgn",
];

fn mixed_files() -> Option<Vec<String>> {
    MIXED.iter().map(|rel| pgn_path(rel)).collect()
}

// ---------------------------------------------------------------------------
// 1. The same bytes on any number of threads
// ---------------------------------------------------------------------------

const THREADS: [(&str, &str); 2] = [("3", "2000"), ("2", "1")];

#[test]
fn ndjson_and_csv_are_the_same_bytes_on_any_number_of_threads() {
    let Some(files) = mixed_files() else { return };
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let mut problems_seen = false;
    for args in [
        &["--to", "ndjson"][..],
        &["--to", "csv"],
        &["--to", "ndjson", "--columns", "full"],
        &["--to", "csv", "--columns", "full"],
        &["--to", "ndjson", "--columns", "hf"],
    ] {
        let mut one = args.to_vec();
        one.extend(["--threads", "1"]);
        let reference = export(&one, &files);
        assert!(
            reference.code <= 1 && !reference.stdout.is_empty(),
            "{args:?}: {}",
            reference.stderr
        );
        problems_seen |= reference.code == 1;
        for (threads, chunk) in THREADS {
            let mut many = args.to_vec();
            many.extend(["--threads", threads, "--chunk-size", chunk]);
            let run = export(&many, &files);
            assert!(
                run.stdout == reference.stdout,
                "{args:?} --threads {threads} --chunk-size {chunk}: stdout differs"
            );
            assert!(
                run.stderr == reference.stderr,
                "{args:?} --threads {threads} --chunk-size {chunk}: stderr differs:\n{}\n---\n{}",
                run.stderr,
                reference.stderr
            );
            assert_eq!(run.code, reference.code, "{args:?}");
        }
    }
    assert!(problems_seen, "the files have bad games");
}

/// A Parquet file as written: the magic at both ends, the schema's
/// key-value metadata in the footer.
#[cfg(feature = "parquet")]
fn assert_parquet(bytes: &[u8], what: &str) {
    assert!(
        bytes.len() > 8 && bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"),
        "{what}: not a Parquet file"
    );
    assert!(
        contains(bytes, b"chessnote.schema") && contains(bytes, b"chessnote.lichess.v1"),
        "{what}: no chessnote.schema metadata"
    );
    assert!(
        contains(bytes, b"chessnote.version")
            && contains(bytes, env!("CARGO_PKG_VERSION").as_bytes()),
        "{what}: no chessnote.version metadata"
    );
}

/// An Arrow IPC file as written: the magic at both ends, the metadata.
#[cfg(feature = "parquet")]
fn assert_arrow(bytes: &[u8], what: &str) {
    assert!(
        bytes.starts_with(b"ARROW1") && bytes.ends_with(b"ARROW1"),
        "{what}: not an Arrow IPC file"
    );
    assert!(
        contains(bytes, b"chessnote.schema") && contains(bytes, b"chessnote.lichess.v1"),
        "{what}: no chessnote.schema metadata"
    );
}

#[cfg(feature = "parquet")]
#[test]
fn parquet_and_arrow_are_the_same_bytes_on_any_number_of_threads() {
    let Some(files) = mixed_files() else { return };
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let dir = TempDir::new("threads-parquet");
    let mut sizes = BTreeMap::new();
    let mut cases: Vec<(&str, &[&str])> = vec![
        ("default", &["--to", "parquet"][..]),
        (
            "full-snappy-rg500",
            &[
                "--to",
                "parquet",
                "--columns",
                "full",
                "--compression",
                "snappy",
                "--row-group-rows",
                "500",
            ],
        ),
        ("none", &["--to", "parquet", "--compression", "none"]),
        ("snappy", &["--to", "parquet", "--compression", "snappy"]),
        ("arrow", &["--to", "arrow"]),
        ("arrow-hf", &["--to", "arrow", "--columns", "hf"]),
    ];
    // zstd pages need libzstd (`zstd-c`); without it, a usage error.
    let zstd: [(&str, &[&str]); 2] = [
        ("zstd", &["--to", "parquet", "--compression", "zstd"]),
        (
            "full-zstd3-rg500",
            &[
                "--to",
                "parquet",
                "--columns",
                "full",
                "--compression",
                "zstd:3",
                "--row-group-rows",
                "500",
            ],
        ),
    ];
    if cfg!(feature = "zstd-c") {
        cases.extend(zstd);
    } else {
        for (name, args) in zstd {
            let out = dir.path(&format!("{name}.parquet"));
            let mut all = args.to_vec();
            all.extend(["--out", &out]);
            let run = export(&all, &files);
            assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{name}");
            assert!(run.stderr.contains("zstd-c"), "{name}: {}", run.stderr);
            assert!(!Path::new(&out).exists(), "{name}: nothing written");
        }
    }
    for (name, args) in cases {
        let ext = if name.starts_with("arrow") {
            "arrow"
        } else {
            "parquet"
        };
        let out = dir.path(&format!("{name}-1.{ext}"));
        let mut one = args.to_vec();
        one.extend(["--threads", "1", "--out", &out]);
        let reference = export(&one, &files);
        assert_eq!(reference.code, 1, "{name}: {}", reference.stderr);
        assert_eq!(reference.stdout, "", "{name}: --out: nothing on stdout");
        let bytes = std::fs::read(&out).expect("the --out file");
        if ext == "arrow" {
            assert_arrow(&bytes, name);
        } else {
            assert_parquet(&bytes, name);
        }
        sizes.insert(name, bytes.len());
        for (threads, chunk) in THREADS {
            let out = dir.path(&format!("{name}-{threads}.{ext}"));
            let mut many = args.to_vec();
            many.extend(["--threads", threads, "--chunk-size", chunk, "--out", &out]);
            let run = export(&many, &files);
            assert_eq!(
                (run.code, run.stderr.as_str()),
                (reference.code, reference.stderr.as_str()),
                "{name} --threads {threads}"
            );
            assert!(
                std::fs::read(&out).unwrap() == bytes,
                "{name} --threads {threads} --chunk-size {chunk}: the file differs"
            );
        }
    }
    // The compression is applied; the default is zstd with libzstd, else
    // snappy.
    assert!(sizes["snappy"] < sizes["none"], "{sizes:?}");
    if cfg!(feature = "zstd-c") {
        assert!(sizes["zstd"] < sizes["snappy"], "{sizes:?}");
        assert_eq!(sizes["default"], sizes["zstd"], "{sizes:?}");
    } else {
        assert_eq!(sizes["default"], sizes["snappy"], "{sizes:?}");
    }
}

// ---------------------------------------------------------------------------
// 2. NDJSON rows are convert --to json's games
// ---------------------------------------------------------------------------

#[test]
fn ndjson_rows_agree_with_convert_json() {
    let mut checked = 0;
    let mut errors_seen = 0;
    let mut evals_seen = 0;
    for rel in [
        "medium/lichess_db_1000k.pgn",
        "medium/twic1599_1000k.pgn",
        "medium/pgnmentor-Carlsen-crlf.pgn",
        "tcec/TCEC_Season_21_-_Infrafinal.pgn.zst",
        "small/notnil-chess/0004.pgn",
        "small/python-chess/immortal-games-latin1-crlf.pgn",
        "small/python-chess/cutechess-fischerrandom.pgn",
        "small/python-chess/stockfish-learning.pgn",
        "small/chess.js/0.pgn",
        "small/chessops/pathological-headers.pgn",
        "small/pychess-puzzles/mate_in_2.pgn",
    ] {
        let Some(path) = pgn_path(rel) else { return };
        let text = read_pgn(&path);
        let json = convert_json(&["--threads", "2"], &[&path]);
        assert!(json.code <= 1, "{rel}: {}", json.stderr);
        let mut full = None;
        for preset_name in ["full", "lichess"] {
            let columns = preset(preset_name);
            let run = export(
                &["--to", "ndjson", "--columns", preset_name, "--threads", "2"],
                &[&path],
            );
            assert_eq!(run.code, json.code, "{rel}: {}", run.stderr);
            assert_eq!(run.stderr, as_export(&json.stderr), "{rel}");
            rows_agree_with_convert(&run.stdout, &json.stdout, &columns, &path, &text);
            full.get_or_insert(run);
        }
        let full = full.unwrap();
        for row in rows(&full.stdout) {
            checked += 1;
            errors_seen += usize::from(row.get("status") == "error");
            evals_seen += row
                .get("eval_cp")
                .as_array()
                .unwrap()
                .iter()
                .chain(row.get("eval_mate").as_array().unwrap())
                .filter(|e| !e.is_null())
                .count();
        }
        // From stdin: `<stdin>`, the rows otherwise the same.
        if rel.ends_with(".pgn") && text.len() < 200_000 {
            let stdin = pgn_in(
                &["export", "--to", "ndjson", "--columns", "full"],
                &std::fs::read(&path).unwrap(),
            );
            assert_eq!(stdin.code, full.code);
            let (from_stdin, from_file) = (rows(&stdin.stdout), rows(&full.stdout));
            assert_eq!(from_stdin.len(), from_file.len(), "{rel} from stdin");
            for (a, b) in from_stdin.iter().zip(&from_file) {
                assert_eq!(a.get("source_file"), "<stdin>");
                for column in COLUMNS.iter().filter(|c| **c != "source_file") {
                    assert_eq!(a.raw(column), b.raw(column), "{rel} from stdin: {column}");
                }
            }
        }
    }
    assert!(checked > 2000, "{checked}");
    assert!(errors_seen > 10, "{errors_seen}");
    assert!(evals_seen > 10, "{evals_seen}");
}

/// Tags: what no chosen column holds, repeats and unparsed typed values
/// included, in file order; GameId, TimeBase and TimeIncrement from their
/// tags.
#[test]
fn tags_keep_what_no_column_holds() {
    let game = concat!(
        "[Event \"Casual, \\\"quoted\\\" game\"]\n",
        "[Site \"https://lichess.org/AbCd1234\"]\n",
        "[White \"A\"]\n",
        "[Black \"B\"]\n",
        "[Result \"1-0\"]\n",
        "[WhiteElo \"abc\"]\n",
        "[BlackElo \"?\"]\n",
        "[WhiteRatingDiff \"+7\"]\n",
        "[UTCDate \"2025.??.??\"]\n",
        "[UTCTime \"12:34:56\"]\n",
        "[TimeControl \"*180\"]\n",
        "[Annotator \"x\"]\n",
        "[White \"A again\"]\n",
        "\n",
        "1. e4 { [%clk 0:03:00] [%eval 0.25] } 1... e5 { [%eval #-4] } 2. Nf3 1-0\n",
        "\n",
        "[Event \"Second\"]\n",
        "[Site \"https://lichess.org/short\"]\n",
        "[TimeControl \"40/7200:3600+30\"]\n",
        "[UTCDate \"2024.02.29\"]\n",
        "\n",
        "1. d4 *\n",
    );
    let file = TempFile::new("export-tags.pgn", game);
    let json = convert_json(&[], &[file.arg()]);
    assert_eq!(json.code, 0, "{}", json.stderr);
    for preset_name in ["full", "lichess"] {
        let run = export(&["--to", "ndjson", "--columns", preset_name], &[file.arg()]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        rows_agree_with_convert(
            &run.stdout,
            &json.stdout,
            &preset(preset_name),
            file.arg(),
            game.as_bytes(),
        );
    }
    let run = export(&["--to", "ndjson"], &[file.arg()]);
    let rows = rows(&run.stdout);
    // Spelled out once, for the reader.
    let tags: Vec<(&str, &str)> = rows[0]
        .tags
        .as_ref()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        tags,
        [
            ("WhiteElo", "abc"),
            ("UTCDate", "2025.??.??"),
            ("Annotator", "x"),
            ("White#2", "A again"),
        ]
    );
    let r = &rows[0];
    assert_eq!(r.get("Event"), "Casual, \"quoted\" game");
    assert_eq!(r.get("GameId"), "AbCd1234");
    assert_eq!(r.get("WhiteElo"), &Value::Null);
    assert_eq!(r.get("BlackElo"), &Value::Null);
    assert_eq!(r.get("WhiteRatingDiff"), 7);
    assert_eq!(r.get("UTCDate"), &Value::Null);
    assert_eq!(r.get("UTCTime"), "12:34:56");
    assert_eq!(
        (r.get("TimeBase"), r.get("TimeIncrement")),
        (&Value::from(180), &Value::from(0))
    );
    assert_eq!(r.get("clk"), &serde_json::json!([18000, null, null]));
    assert_eq!(r.get("eval_cp"), &serde_json::json!([25, null, null]));
    assert_eq!(r.get("eval_mate"), &serde_json::json!([null, -4, null]));
    assert_eq!(r.get("uci"), &serde_json::json!(["e2e4", "e7e5", "g1f3"]));
    let r = &rows[1];
    assert_eq!(r.get("GameId"), &Value::Null);
    assert_eq!(r.get("UTCDate"), "2024-02-29");
    assert_eq!(
        (r.get("TimeBase"), r.get("TimeIncrement")),
        (&Value::from(7200), &Value::from(0))
    );
    assert_eq!(r.tags.as_deref(), Some(&[][..]), "an empty map");
    // A column not chosen leaves its tag to Tags.
    let run = export(
        &["--to", "ndjson", "--columns", "White,Tags"],
        &[file.arg()],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    rows_agree_with_convert(
        &run.stdout,
        &json.stdout,
        &["White", "Tags"],
        file.arg(),
        game.as_bytes(),
    );
    let first = Row::parse(run.stdout.lines().next().unwrap());
    assert_eq!(first.tags.as_ref().unwrap()[0].0, "Event");
}

// ---------------------------------------------------------------------------
// 3. CSV
// ---------------------------------------------------------------------------

#[test]
fn csv_is_the_ndjson_rows_quoted_as_rfc_4180() {
    // Quotes, commas and a multi-line comment in the movetext.
    let odd = concat!(
        "[Event \"A \\\"quoted\\\", comma\"]\n",
        "[Site \"?\"]\n",
        "[White \"Doe, John\"]\n",
        "[Black \"\"]\n",
        "[Result \"*\"]\n",
        "[Opening \"line\"]\n",
        "\n",
        "1. e4 { a comment, \"with quotes\"\nover two lines } e5 *\n",
    );
    let dir = TempDir::new("csv");
    let odd = dir.file("odd.pgn", odd.as_bytes());
    let Some(lichess) = pgn_path("medium/lichess_db_1000k.pgn") else {
        return;
    };
    let Some(immortal) = pgn_path("small/python-chess/immortal-games-latin1-crlf.pgn") else {
        return;
    };
    let Some(tcec) = pgn_path("tcec/TCEC_Season_21_-_Infrafinal.pgn.zst") else {
        return;
    };
    let files = [odd.as_str(), &lichess, &immortal, &tcec];
    for preset_name in ["lichess", "full", "hf", "minimal"] {
        let args = |to| vec!["--to", to, "--columns", preset_name, "--threads", "2"];
        let csv = export(&args("csv"), &files);
        let ndjson = export(&args("ndjson"), &files);
        assert_eq!(csv.code, 1, "{preset_name}: {}", csv.stderr);
        assert_eq!((csv.code, &csv.stderr), (ndjson.code, &ndjson.stderr));
        let quoted = csv_agrees_with_ndjson(
            &csv.stdout,
            &ndjson.stdout,
            &preset(preset_name),
            preset_name,
        );
        assert!(quoted > 0, "{preset_name}: quoted fields");
    }
    // The odd game's fields, spelled out.
    let csv = export(
        &["--to", "csv", "--columns", "White,Event,movetext,uci"],
        &[&odd],
    );
    assert_eq!(csv.code, 0, "{}", csv.stderr);
    let records = csv_records(&csv.stdout);
    let header: Vec<&str> = records[0].iter().map(|f| f.text.as_str()).collect();
    assert_eq!(
        header,
        ["Event", "White", "movetext", "uci"],
        "canonical order"
    );
    assert_eq!(records.len(), 2);
    let row = &records[1];
    assert_eq!(row[0].text, "A \"quoted\", comma");
    assert!(row[0].quoted && row[1].quoted);
    assert_eq!(row[1].text, "Doe, John");
    assert!(row[2].text.contains("with quotes"), "{:?}", row[2]);
    assert_eq!(
        serde_json::from_str::<Value>(&row[3].text).unwrap(),
        serde_json::json!(["e2e4", "e7e5"])
    );
    assert_eq!(row[3].text, r#"["e2e4","e7e5"]"#);
}

// ---------------------------------------------------------------------------
// 4. Bad games
// ---------------------------------------------------------------------------

/// Three real games, the middle one's ninth ply replaced by `Kxh8`; the
/// text, where the bad move is, and the middle game's players.
fn bad_middle() -> Option<(String, usize, String, String)> {
    let path = pgn_path("medium/twic0920.pgn")?;
    let text = String::from_utf8(std::fs::read(path).unwrap()).unwrap();
    let offsets = game_offsets(text.as_bytes());
    let good = &text[offsets[0]..offsets[3]];
    let (start, end) = (offsets[1] - offsets[0], offsets[2] - offsets[0]);
    let second = &good[start..end];
    let body = second.find("\n\n").expect("tags, then the moves") + 2;
    // `5. X`: White's fifth move, ply 9; the king cannot be on h8 yet.
    let (five, _) = second[body..]
        .match_indices("5. ")
        .find(|&(i, _)| i == 0 || matches!(second.as_bytes()[body + i - 1], b' ' | b'\n'))
        .expect("a fifth move");
    let at = body + five + 3;
    let len = second[at..].find(char::is_whitespace).unwrap();
    let bad = format!("{}Kxh8{}", &good[..start + at], &good[start + at + len..]);
    let tag = |name: &str| -> String {
        let key = format!("[{name} \"");
        let from = second.find(&key).unwrap() + key.len();
        second[from..from + second[from..].find('"').unwrap()].to_owned()
    };
    Some((bad, start + at, tag("White"), tag("Black")))
}

#[test]
fn a_bad_game_is_a_row_with_its_error() {
    let Some((text, at, white, black)) = bad_middle() else {
        return;
    };
    let dir = TempDir::new("bad");
    let file = dir.file("bad-middle.pgn", text.as_bytes());
    let (line, column) = line_column(&text, at);
    let convert = convert_json(&[], &[&file]);
    assert_eq!(convert.code, 1);
    let prefix = format!("{file}:{line}:{column}: game 2 ({white} - {black}), ply 9: ");
    assert!(convert.stderr.starts_with(&prefix), "{}", convert.stderr);
    for threads in ["1", "2"] {
        let run = export(
            &["--to", "ndjson", "--columns", "full", "--threads", threads],
            &[&file],
        );
        assert_eq!(run.code, 1, "{}", run.stderr);
        // The problem as convert says it, then the summary.
        assert_eq!(run.stderr, as_export(&convert.stderr));
        assert!(
            run.stderr
                .ends_with("chessnote pgn export: 3 games, 1 with problems, 1 problem\n"),
            "{}",
            run.stderr
        );
        let rows = rows(&run.stdout);
        assert_eq!(rows.len(), 3, "every game is a row");
        for (i, row) in rows.iter().enumerate() {
            let bad = i == 1;
            assert_eq!(row.get("status"), if bad { "error" } else { "ok" });
            assert_eq!(row.get("parse_error").is_null(), !bad);
        }
        let bad = &rows[1];
        assert_eq!(bad.get("error_ply"), 9);
        assert_eq!(bad.get("error_line"), line);
        assert_eq!(bad.get("error_column"), column);
        assert!(
            bad.get("parse_error").as_str().unwrap().contains("Kxh8"),
            "{:?}",
            bad.get("parse_error")
        );
        assert!(
            convert
                .stderr
                .lines()
                .next()
                .unwrap()
                .ends_with(bad.get("parse_error").as_str().unwrap())
        );
        // The moves played before it; Plies counts the mainline as read.
        assert_eq!(bad.get("uci").as_array().unwrap().len(), 8);
        assert!(bad.get("Plies").as_u64().unwrap() > 9);
        rows_agree_with_convert(
            &run.stdout,
            &convert.stdout,
            &COLUMNS,
            &file,
            text.as_bytes(),
        );
        // --quiet: the same rows, nothing on stderr, still 1.
        let quiet = export(
            &[
                "--to",
                "ndjson",
                "--columns",
                "full",
                "--quiet",
                "--threads",
                threads,
            ],
            &[&file],
        );
        assert_eq!(
            (quiet.stdout.as_str(), quiet.stderr.as_str(), quiet.code),
            (run.stdout.as_str(), "", 1)
        );
        let csv = export(&["--to", "csv", "--threads", threads], &[&file]);
        assert_eq!((csv.code, csv.stderr.as_str()), (1, run.stderr.as_str()));
        assert_eq!(csv_records(&csv.stdout).len(), 4);
    }
    #[cfg(feature = "parquet")]
    {
        let out = dir.path("bad.parquet");
        let run = export(&["--to", "parquet", "--out", &out], &[&file]);
        assert_eq!(
            (run.code, run.stderr.as_str()),
            (1, as_export(&convert.stderr).as_str())
        );
        assert_parquet(&std::fs::read(&out).unwrap(), "bad.parquet");
    }
    // Many bad games in several files, said as convert says them.
    let Some(files) = mixed_files() else { return };
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let convert = convert_json(&["--threads", "2"], &files);
    let run = export(&["--to", "csv", "--threads", "2"], &files);
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, as_export(&convert.stderr));
    assert_eq!(
        csv_records(&run.stdout).len() - 1,
        convert.stdout.lines().count(),
        "every game is a row"
    );
}

// ---------------------------------------------------------------------------
// 5. Unreadable inputs
// ---------------------------------------------------------------------------

#[test]
fn an_unreadable_input_exits_2_and_the_others_are_exported() {
    let Some(good) = pgn_path("small/python-chess/kasparov-deep-blue-1997.pgn") else {
        return;
    };
    let Some(lichess) = pgn_path("medium/lichess_db_1000k.pgn") else {
        return;
    };
    let dir = TempDir::new("unreadable");
    let mut packed = ruzstd::encoding::compress_to_vec(
        &std::fs::read(&lichess).unwrap()[..],
        ruzstd::encoding::CompressionLevel::Fastest,
    );
    packed.truncate(packed.len() / 2);
    let corrupt = dir.file("corrupt.pgn.zst", &packed);
    let missing = "/nonexistent/chessnote-export-input.pgn";
    for to in ["ndjson", "csv"] {
        let alone = export(&["--to", to], &[&good]);
        assert_eq!(alone.code, 0, "{}", alone.stderr);
        let whole = export(&["--to", to], &[&lichess]).stdout;
        let (header, body) = if to == "csv" {
            let end = alone.stdout.find('\n').unwrap() + 1;
            alone.stdout.split_at(end)
        } else {
            ("", alone.stdout.as_str())
        };
        assert!(body.lines().count() > 5);
        for threads in ["1", "3"] {
            let run = export(
                &["--to", to, "--threads", threads],
                &[&good, missing, &good],
            );
            assert_eq!(run.code, 2, "{to} --threads {threads}: {}", run.stderr);
            assert!(run.stderr.contains(missing), "{}", run.stderr);
            assert_eq!(
                run.stdout,
                format!("{header}{body}{body}"),
                "{to} --threads {threads}"
            );

            let run = export(
                &["--to", to, "--threads", threads],
                &[&good, &corrupt, &good],
            );
            assert_eq!(run.code, 2, "{to} --threads {threads}: {}", run.stderr);
            assert!(run.stderr.contains(&corrupt), "{}", run.stderr);
            let out = &run.stdout;
            assert!(
                out.starts_with(&format!("{header}{body}")) && out.ends_with(body),
                "{to} --threads {threads}: the good file's rows, before and after"
            );
            // The games read before the damage, in order.
            let middle = &out[header.len() + body.len()..out.len() - body.len()];
            let whole_body = &whole[header.len()..];
            assert!(
                whole_body.starts_with(middle),
                "{to} --threads {threads}: the corrupt file's rows are its first games"
            );
        }
    }
    #[cfg(feature = "parquet")]
    for to in ["parquet", "arrow"] {
        let out = dir.path(&format!("out.{to}"));
        // A file output with an input that cannot be opened: refused before
        // anything is written (issue 30).
        let run = export(
            &["--to", to, "--out", &out],
            &[&good, missing, &corrupt, &good],
        );
        assert_eq!(run.code, 2, "{to}: {}", run.stderr);
        assert!(run.stderr.contains(missing), "{}", run.stderr);
        assert!(!std::path::Path::new(&out).exists(), "nothing written");
        // A damaged input: the rows before the damage are written, exit 2.
        let run = export(&["--to", to, "--out", &out], &[&good, &corrupt, &good]);
        assert_eq!(run.code, 2, "{to}: {}", run.stderr);
        assert!(run.stderr.contains(&corrupt));
        let bytes = std::fs::read(&out).expect("written all the same");
        if to == "parquet" {
            assert_parquet(&bytes, to);
        } else {
            assert_arrow(&bytes, to);
        }
    }
}

// ---------------------------------------------------------------------------
// 6. Parts and partitions
// ---------------------------------------------------------------------------

/// Games with no date, a year alone, a UTCDate that wins over Date.
const DATES: &str = concat!(
    "[White \"No\"]\n[Black \"Date\"]\n\n1. e4 *\n\n",
    "[White \"Year\"]\n[Black \"Only\"]\n[Date \"2024.??.??\"]\n\n1. d4 *\n\n",
    "[White \"Both\"]\n[Black \"Dates\"]\n[Date \"2023.07.31\"]\n[UTCDate \"2023.08.01\"]\n\n1. c4 *\n\n",
    "[White \"Unknown\"]\n[Black \"Date\"]\n[Date \"????.??.??\"]\n\n1. Nf3 *\n",
);

/// The files the part and partition tests read: several months, several
/// years, games with no known date.
fn dated_files(dir: &TempDir) -> Option<Vec<String>> {
    Some(vec![
        pgn_path("medium/twic0920.pgn")?,
        dir.file("dates.pgn", DATES.as_bytes()),
        pgn_path("medium/lichess_db_1000k.pgn")?,
        pgn_path("medium/twic1599_1000k.pgn")?,
    ])
}

/// The partition a row goes to: its year and month from UTCDate, else
/// Date; `None` where unknown.
fn partition_of(row: &Row<'_>) -> (Option<u16>, Option<u8>) {
    if let Some(date) = row.get("UTCDate").as_str() {
        return (date[..4].parse().ok(), date[5..7].parse().ok());
    }
    match row
        .get("Date")
        .as_str()
        .map(|d| Date::from_ascii(d.as_bytes()))
    {
        Some(Ok(date)) => (date.year(), date.month()),
        _ => (None, None),
    }
}

fn year_dir(year: Option<u16>) -> String {
    format!(
        "year={}",
        year.map_or(DEFAULT_PARTITION.to_owned(), |y| y.to_string())
    )
}

fn month_dir(month: Option<u8>) -> String {
    format!(
        "month={}",
        month.map_or(DEFAULT_PARTITION.to_owned(), |m| format!("{m:02}"))
    )
}

/// Splits the text of rows (`header` first in every part for CSV) into
/// its lines: (header, rows).
fn split_rows(text: &str, csv: bool) -> (&str, Vec<&str>) {
    if csv {
        let end = text.find('\n').map_or(text.len(), |n| n + 1);
        (&text[..end], text[end..].split_inclusive('\n').collect())
    } else {
        ("", text.split_inclusive('\n').collect())
    }
}

#[test]
fn rows_per_file_parts_put_together_are_the_single_output() {
    let dir = TempDir::new("parts");
    let Some(files) = dated_files(&dir) else {
        return;
    };
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    for (to, ext) in [("ndjson", "ndjson"), ("csv", "csv")] {
        let single = export(&["--to", to, "--threads", "2"], &files);
        assert_eq!(single.code, 0, "{}", single.stderr);
        // --out FILE: the same bytes as stdout.
        let file = dir.path(&format!("single.{ext}"));
        let run = export(&["--to", to, "--threads", "2", "--out", &file], &files);
        assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
        assert!(
            std::fs::read(&file).unwrap() == single.stdout.as_bytes(),
            "{to}: --out FILE"
        );
        // Records hold no line break in these files: a line a row.
        let (header, all) = split_rows(&single.stdout, to == "csv");
        for n in [300usize, 7] {
            let out = dir.path(&format!("parts-{to}-{n}"));
            let run = export(
                &[
                    "--to",
                    to,
                    "--rows-per-file",
                    &n.to_string(),
                    "--threads",
                    "3",
                    "--chunk-size",
                    "2000",
                    "--out",
                    &out,
                ],
                &files,
            );
            assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
            let parts = tree(Path::new(&out));
            let want: Vec<String> = (0..all.len().div_ceil(n))
                .map(|i| format!("part-{i:05}.{ext}"))
                .collect();
            assert_eq!(
                parts.keys().cloned().collect::<Vec<_>>(),
                want,
                "{to} --rows-per-file {n}"
            );
            let mut joined = Vec::new();
            for (i, (name, bytes)) in parts.iter().enumerate() {
                let text = std::str::from_utf8(bytes).unwrap();
                let (part_header, rows) = split_rows(text, to == "csv");
                assert_eq!(part_header, header, "{name}: starts with the header");
                let last = i + 1 == parts.len();
                assert!(
                    rows.len() == n || (last && rows.len() < n && !rows.is_empty()),
                    "{name}: {} rows",
                    rows.len()
                );
                joined.extend(rows);
            }
            assert!(
                joined == all,
                "{to} --rows-per-file {n}: the parts in order are the rows"
            );
        }
    }
    #[cfg(feature = "parquet")]
    {
        let out = dir.path("parts-parquet");
        let run = export(
            &["--to", "parquet", "--rows-per-file", "1000", "--out", &out],
            &files,
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        let rows = export(&["--to", "ndjson"], &files).stdout.lines().count();
        let parts = tree(Path::new(&out));
        let want: Vec<String> = (0..rows.div_ceil(1000))
            .map(|i| format!("part-{i:05}.parquet"))
            .collect();
        assert_eq!(parts.keys().cloned().collect::<Vec<_>>(), want);
        for (name, bytes) in &parts {
            assert_parquet(bytes, name);
        }
        let out3 = dir.path("parts-parquet-3");
        export(
            &[
                "--to",
                "parquet",
                "--rows-per-file",
                "1000",
                "--threads",
                "3",
                "--chunk-size",
                "2000",
                "--out",
                &out3,
            ],
            &files,
        );
        assert!(tree(Path::new(&out3)) == parts, "the parts on 3 threads");
        let out = dir.path("parts-arrow");
        let run = export(
            &["--to", "arrow", "--rows-per-file", "1000", "--out", &out],
            &files,
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        let parts = tree(Path::new(&out));
        assert_eq!(parts.len(), rows.div_ceil(1000));
        assert!(parts.keys().all(|k| k.ends_with(".arrow")));
    }
}

#[test]
fn partitions_hold_their_rows_in_order() {
    let dir = TempDir::new("partitions");
    let Some(files) = dated_files(&dir) else {
        return;
    };
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    for (to, ext) in [("ndjson", "ndjson"), ("csv", "csv")] {
        let single = export(&["--to", to, "--threads", "2"], &files);
        assert_eq!(single.code, 0, "{}", single.stderr);
        // The partition of each row, from the NDJSON rows.
        let ndjson = export(&["--to", "ndjson", "--threads", "2"], &files).stdout;
        let keys: Vec<(Option<u16>, Option<u8>)> = rows(&ndjson).iter().map(partition_of).collect();
        let (header, all) = split_rows(&single.stdout, to == "csv");
        assert_eq!(all.len(), keys.len());
        for (by, rows_per_file) in [
            ("year,month", None),
            ("year", None),
            ("year,month", Some(100usize)),
        ] {
            // The rows each folder should hold, in input order.
            let mut want: BTreeMap<String, Vec<&str>> = BTreeMap::new();
            for (row, &(year, month)) in all.iter().zip(&keys) {
                let folder = if by == "year" {
                    year_dir(year)
                } else {
                    format!("{}/{}", year_dir(year), month_dir(month))
                };
                want.entry(folder).or_default().push(row);
            }
            assert!(want.len() >= 4, "{want:?}");
            let out = dir.path(&format!("{to}-{}-{rows_per_file:?}", by.replace(',', "-")));
            let n = rows_per_file.map(|n| n.to_string());
            let mut args = vec!["--to", to, "--partition-by", by, "--out", &out];
            if let Some(n) = &n {
                args.extend(["--rows-per-file", n]);
            }
            let mut one = args.clone();
            one.extend(["--threads", "1"]);
            let run = export(&one, &files);
            assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
            let got = tree(Path::new(&out));
            let mut expected_files = Vec::new();
            for (folder, rows) in &want {
                let per = rows_per_file.unwrap_or(usize::MAX);
                let chunks: Vec<&[&str]> = rows.chunks(per.min(rows.len())).collect();
                for (i, chunk) in chunks.iter().enumerate() {
                    let name = format!("{folder}/part-{i:05}.{ext}");
                    expected_files.push(name.clone());
                    let Some(bytes) = got.get(&name) else {
                        continue;
                    };
                    let text = std::str::from_utf8(bytes).unwrap();
                    let (part_header, part_rows) = split_rows(text, to == "csv");
                    assert_eq!(part_header, header, "{name}: the header");
                    assert!(part_rows == *chunk, "{name}: other rows than its games'");
                }
            }
            expected_files.sort();
            assert_eq!(
                got.keys().cloned().collect::<Vec<_>>(),
                expected_files,
                "{to} --partition-by {by} --rows-per-file {rows_per_file:?}"
            );
            // The same files on 3 threads.
            let out3 = format!("{out}-3");
            let mut many = args.clone();
            many[5] = out3.as_str();
            many.extend(["--threads", "3", "--chunk-size", "2000"]);
            let run = export(&many, &files);
            assert_eq!(run.code, 0, "{}", run.stderr);
            assert!(
                tree(Path::new(&out3)) == got,
                "{to} --partition-by {by}: 3 threads"
            );
        }
    }
    // The folders named for the dates of the small file.
    let out = dir.path("dates");
    let run = export(
        &[
            "--to",
            "ndjson",
            "--partition-by",
            "year,month",
            "--out",
            &out,
        ],
        &[files[1]],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let got: Vec<String> = tree(Path::new(&out)).into_keys().collect();
    assert_eq!(
        got,
        [
            "year=2023/month=08/part-00000.ndjson".to_owned(),
            "year=2024/month=__HIVE_DEFAULT_PARTITION__/part-00000.ndjson".to_owned(),
            "year=__HIVE_DEFAULT_PARTITION__/month=__HIVE_DEFAULT_PARTITION__/part-00000.ndjson"
                .to_owned(),
        ]
    );
    #[cfg(feature = "parquet")]
    {
        let out = dir.path("parquet");
        let run = export(
            &[
                "--to",
                "parquet",
                "--partition-by",
                "year,month",
                "--out",
                &out,
            ],
            &files,
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        let got = tree(Path::new(&out));
        let ndjson_out = dir.path("ndjson-year-month-None");
        let folders: Vec<String> = tree(Path::new(&ndjson_out))
            .into_keys()
            .map(|k| k.replace(".ndjson", ".parquet"))
            .collect();
        assert_eq!(got.keys().cloned().collect::<Vec<_>>(), folders);
        for (name, bytes) in &got {
            assert_parquet(bytes, name);
        }
    }
}

// ---------------------------------------------------------------------------
// 7. --where
// ---------------------------------------------------------------------------

#[test]
fn where_keeps_the_rows_count_counts() {
    let Some(path) = pgn_path("medium/lichess_db_1000k.pgn") else {
        return;
    };
    let all = export(&["--to", "ndjson", "--columns", "full"], &[&path]);
    assert_eq!(all.code, 0, "{}", all.stderr);
    let all_lines: Vec<&str> = all.stdout.lines().collect();
    for expr in [
        "WhiteElo >= 2000",
        "plies > 40",
        "Event ~ \"tournament\"",
        "TimeControl.base >= 600 and not (Result = \"1-0\")",
    ] {
        let count = pgn(&["count", "--where", expr, &path]);
        let count: usize = count.stdout.trim().parse().expect("a count");
        assert!(count > 0 && count < all_lines.len(), "{expr}: {count}");
        let kept: Vec<u64> = convert_json(&["--where", expr], &[&path])
            .json()
            .iter()
            .map(|v| v["index"].as_u64().unwrap())
            .collect();
        let want: Vec<&str> = kept.iter().map(|&i| all_lines[i as usize]).collect();
        for threads in ["1", "3"] {
            let run = export(
                &[
                    "--to",
                    "ndjson",
                    "--columns",
                    "full",
                    "--where",
                    expr,
                    "--threads",
                    threads,
                    "--chunk-size",
                    "2000",
                ],
                &[&path],
            );
            assert_eq!(run.code, 0, "{expr}: {}", run.stderr);
            assert_eq!(
                run.lines().len(),
                count,
                "{expr}: as many rows as count says"
            );
            assert!(
                run.lines() == want,
                "{expr} --threads {threads}: the rows kept"
            );
            let csv = export(
                &["--to", "csv", "--where", expr, "--threads", threads],
                &[&path],
            );
            assert_eq!(csv_records(&csv.stdout).len(), count + 1, "{expr}: CSV");
        }
    }
    let run = export(&["--to", "ndjson", "--where", "WhiteElo >= "], &[&path]);
    assert_eq!((run.code, run.stdout.as_str()), (2, ""), "a bad expression");
    assert!(run.stderr.contains("--where"), "{}", run.stderr);
}

// ---------------------------------------------------------------------------
// 8. Usage errors
// ---------------------------------------------------------------------------

#[test]
fn usage_errors_exit_2_and_say_why() {
    let game = TempFile::new(
        "export-usage.pgn",
        "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n",
    );
    let dir = TempDir::new("usage");
    let out = dir.path("out");
    let cases: &[(&[&str], &str)] = &[
        (
            &["--to", "ndjson", "--columns", "White,NoSuchColumn"],
            "NoSuchColumn",
        ),
        (&["--to", "csv", "--columns", "lichess,clock"], "clock"),
        (&["--to", "ndjson", "--partition-by", "year,month"], "--out"),
        (
            &[
                "--to",
                "ndjson",
                "--rows-per-file",
                "0",
                "--out",
                out.as_str(),
            ],
            "rows-per-file",
        ),
        (
            &[
                "--to",
                "ndjson",
                "--partition-by",
                "day",
                "--out",
                out.as_str(),
            ],
            "day",
        ),
        (
            &[
                "--to",
                "ndjson",
                "--partition-by",
                "month",
                "--out",
                out.as_str(),
            ],
            "--partition-by",
        ),
        (&["--to", "ndjson", "--rows-per-file", "5"], "--out"),
        (&["--to", "xml"], "xml"),
        (&["--columns", "minimal"], "--to"),
    ];
    for (args, said) in cases {
        let run = export(args, &[game.arg()]);
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (2, ""),
            "{args:?}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains(said),
            "{args:?}: says {said}:\n{}",
            run.stderr
        );
    }
    // Nothing written for a usage error.
    assert!(!Path::new(&out).exists(), "{out} made for a usage error");
    // A folder that is not empty is refused, and left as it was.
    let full = dir.path("full");
    std::fs::create_dir(&full).unwrap();
    let kept = dir.file("full/kept.txt", b"mine");
    for args in [
        &[
            "--to",
            "ndjson",
            "--rows-per-file",
            "1",
            "--out",
            full.as_str(),
        ][..],
        &[
            "--to",
            "csv",
            "--partition-by",
            "year",
            "--out",
            full.as_str(),
        ],
    ] {
        let run = export(args, &[game.arg()]);
        assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{args:?}");
        assert!(run.stderr.contains(&full), "{args:?}: {}", run.stderr);
        let left: Vec<String> = tree(Path::new(&full)).into_keys().collect();
        assert_eq!(left, ["kept.txt"], "{args:?}");
    }
    assert_eq!(std::fs::read(&kept).unwrap(), b"mine");
    // The presets and column names mix.
    let run = export(
        &["--to", "csv", "--columns", "minimal,clk,hf"],
        &[game.arg()],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // A missing file: said, exit 2.
    let run = export(&["--to", "ndjson"], &["/nonexistent/chessnote-export.pgn"]);
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert!(run.stderr.contains("/nonexistent/chessnote-export.pgn"));
}

#[cfg(not(feature = "parquet"))]
#[test]
fn parquet_and_arrow_need_the_feature() {
    let game = TempFile::new("export-nofeature.pgn", "1. e4 *\n");
    let dir = TempDir::new("nofeature");
    for to in ["parquet", "arrow"] {
        let out = dir.path(&format!("out.{to}"));
        for args in [vec!["--to", to, "--out", out.as_str()], vec!["--to", to]] {
            let run = export(&args, &[game.arg()]);
            assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{args:?}");
            assert!(
                run.stderr.contains("--features parquet"),
                "{args:?}: says how to get it:\n{}",
                run.stderr
            );
        }
        assert!(!Path::new(&out).exists());
    }
}

// ---------------------------------------------------------------------------
// 9. Presets and the Hugging Face schema
// ---------------------------------------------------------------------------

#[test]
fn hf_is_the_hugging_face_schema_and_presets_are_full_projected() {
    let Some(path) = pgn_path("medium/lichess_db_1000k.pgn") else {
        return;
    };
    let hf = export(&["--to", "ndjson", "--columns", "hf"], &[&path]);
    assert_eq!(hf.code, 0, "{}", hf.stderr);
    let hf_rows = rows(&hf.stdout);
    assert!(!hf_rows.is_empty());
    for (i, row) in hf_rows.iter().enumerate() {
        assert_eq!(row.names, HF, "row {i}: the 18 columns in HF's order");
    }
    let csv = export(&["--to", "csv", "--columns", "hf"], &[&path]);
    let header = csv.stdout.lines().next().unwrap();
    assert_eq!(header, HF.join(","));
    csv_agrees_with_ndjson(&csv.stdout, &hf.stdout, &HF, "hf");

    // Every preset (and a mix, in any order) is the full rows' columns.
    let full = export(&["--to", "ndjson", "--columns", "full"], &[&path]);
    let full_rows = rows(&full.stdout);
    let mut mixed: Vec<&str> = MINIMAL.to_vec();
    mixed.push("clk");
    mixed.sort_by_key(|c| COLUMNS.iter().position(|x| x == c));
    for (arg, columns) in [
        ("lichess", preset("lichess")),
        ("minimal", preset("minimal")),
        ("hf", preset("hf")),
        ("minimal,clk", mixed.clone()),
        ("clk,minimal", mixed),
        ("uci,GameId,White", vec!["White", "GameId", "uci"]),
        ("full", preset("full")),
    ] {
        let run = export(&["--to", "ndjson", "--columns", arg], &[&path]);
        assert_eq!(run.code, 0, "{arg}: {}", run.stderr);
        let got = rows(&run.stdout);
        assert_eq!(got.len(), full_rows.len());
        for (i, (row, all)) in got.iter().zip(&full_rows).enumerate() {
            assert_eq!(row.names, columns, "--columns {arg}: row {i}");
            for column in &columns {
                assert_eq!(
                    row.raw(column),
                    all.raw(column),
                    "--columns {arg}: row {i} {column}"
                );
            }
        }
        let csv = export(&["--to", "csv", "--columns", arg], &[&path]);
        assert_eq!(
            csv.stdout.lines().next().unwrap(),
            columns.join(","),
            "--columns {arg}: the CSV header"
        );
    }
    // The default is lichess.
    let default = export(&["--to", "ndjson"], &[&path]);
    let lichess = export(&["--to", "ndjson", "--columns", "lichess"], &[&path]);
    assert!(default.stdout == lichess.stdout);
}

/// The movetext of a Lichess dump with its move glyphs (`?!`) as NAGs
/// (`$6`).
fn glyphs_as_nags(line: &str) -> String {
    line.split(' ')
        .map(|token| {
            let san = token.trim_end_matches(['!', '?']);
            let nag = match &token[san.len()..] {
                "" => return token.to_owned(),
                "!" => 1,
                "?" => 2,
                "!!" => 3,
                "??" => 4,
                "!?" => 5,
                "?!" => 6,
                other => panic!("a glyph {other}"),
            };
            format!("{san} ${nag}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `movetext` (hf): for Lichess input, the dump's own movetext line
/// (what the Hugging Face dataset holds) but for glyphs, which the PGN
/// writer writes as NAGs (`dxc4?!` is `dxc4 $6`; docs/export.md), and
/// the blank the dump puts before the result of a game with no moves
/// (` 0-1`).
#[test]
fn hf_movetext_is_the_lichess_dump_line() {
    let Some(path) = pgn_path("medium/lichess_db_1000k.pgn") else {
        return;
    };
    let text = String::from_utf8(std::fs::read(&path).unwrap()).unwrap();
    let hf = export(&["--to", "ndjson", "--columns", "hf"], &[&path]);
    assert_eq!(hf.code, 0, "{}", hf.stderr);
    let offsets = game_offsets(text.as_bytes());
    let hf_rows = rows(&hf.stdout);
    assert_eq!(hf_rows.len(), offsets.len());
    let mut glyphs = 0;
    for (i, row) in hf_rows.iter().enumerate() {
        let game = &text[offsets[i]..offsets.get(i + 1).copied().unwrap_or(text.len())];
        let line = game
            .lines()
            .find(|l| !l.is_empty() && !l.starts_with('['))
            .unwrap();
        let movetext = row.get("movetext").as_str().expect("a movetext");
        // Otherwise the same.
        assert_eq!(movetext, glyphs_as_nags(line.trim()), "row {i}");
        glyphs += usize::from(line != glyphs_as_nags(line));
    }
    assert!(glyphs > 10, "{glyphs} rows with glyphs");
}

/// No games: CSV is its header alone, NDJSON nothing, Parquet a file of
/// no rows; `--progress` changes nothing on stdout.
#[test]
fn no_games_and_progress() {
    let empty = TempFile::new("export-empty.pgn", "");
    let run = export(&["--to", "csv"], &[empty.arg()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, format!("{}\n", preset("lichess").join(",")));
    let run = export(&["--to", "ndjson"], &[empty.arg()]);
    assert_eq!((run.code, run.stdout.as_str()), (0, ""));
    #[cfg(feature = "parquet")]
    {
        let dir = TempDir::new("empty");
        let out = dir.path("empty.parquet");
        let run = export(&["--to", "parquet", "--out", &out], &[empty.arg()]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_parquet(&std::fs::read(&out).unwrap(), "no rows");
    }
    let Some(path) = pgn_path("small/python-chess/immortal-games-latin1-crlf.pgn") else {
        return;
    };
    let quiet = export(&["--to", "csv", "--threads", "2"], &[&path]);
    let mut all = vec![
        "pgn",
        "export",
        "--to",
        "csv",
        "--threads",
        "2",
        "--progress",
    ];
    all.push(&path);
    let progress = chessnote(&all, "");
    assert_eq!(progress.code, quiet.code);
    assert!(progress.stdout == quiet.stdout, "--progress: the same rows");
}

/// Parquet and Arrow into a pipe closed early (`| head -c 100`) end as
/// text does, quietly with status 0: the closed pipe under the writer's
/// error is seen (issue 30; it was `writing the output: External: Broken
/// pipe`, exit 2).
#[cfg(feature = "parquet")]
#[test]
fn binary_formats_into_a_closed_pipe_exit_0() {
    let Some(path) = shared_path("data/pgn/medium/twic0920.pgn") else {
        return;
    };
    let path = path.to_str().unwrap();
    for to in ["parquet", "arrow"] {
        let (stderr, code) =
            super::closed_stdout(&["pgn", "export", "--to", to, "--no-progress", path]);
        assert_eq!(code, 0, "{to}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{to}: {stderr}");
    }
}

/// Issue 34: `--columns hf-variant` gives `hf`'s keys without `ECO` and
/// `Opening` (the order is the library's unit test's), on a Lichess
/// crazyhouse game (whose `ECO` and `Opening` tags are `?`); its movetext
/// is the game's, drops and all.
#[test]
fn the_hf_variant_preset_is_hf_without_the_opening() {
    let Some(path) = pgn_path("small/python-chess/saturs-jannlee-zh-lichess.pgn") else {
        return;
    };
    let keys = |columns: &str| {
        let run = export(&["--to", "ndjson", "--columns", columns], &[&path]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let row: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(run.stdout.lines().next().expect("a row")).expect("JSON");
        (row.keys().cloned().collect::<Vec<_>>(), row)
    };
    let (hf, _) = keys("hf");
    let (variant, row) = keys("hf-variant");
    let mut want = hf.clone();
    want.retain(|key| key != "ECO" && key != "Opening");
    assert_eq!(hf.len(), 18);
    assert_eq!(variant, want);
    let movetext = row["movetext"].as_str().expect("movetext");
    assert!(movetext.starts_with("1. e4 e5 2. Nc3 Nc6"), "{movetext}");
    assert!(movetext.contains("11. Bxd5 B@b6"), "{movetext}");
}
