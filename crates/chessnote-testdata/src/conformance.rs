//! The conformance files, `shared/conformance/*.tsv`: one row per input,
//! with the seed's behaviour on it (`shared/conformance/README.md`).

use crate::shared_path;

/// One row of a conformance TSV file, with its fields unescaped.
#[derive(Debug, Clone)]
pub struct Row {
    /// The line number in the file (1-based; line 1 is the header).
    pub line: usize,
    /// The seed API the row exercises.
    pub api: String,
    /// The input, unescaped.
    pub input: Vec<u8>,
    /// Whether the seed accepts the input.
    pub ok: bool,
    /// What the seed makes of it (or its error).
    pub expected: String,
    /// What the seed prints it back as.
    pub printed: String,
    /// Where in the seed the case comes from.
    pub source: String,
    /// Notes: `BUG:` and `LAX:` mark seed behaviour we do not copy.
    pub note: String,
}

impl Row {
    /// The input as text (conformance inputs are UTF-8 except raw-byte rows).
    pub fn input_str(&self) -> &str {
        std::str::from_utf8(&self.input).expect("row input is UTF-8")
    }
    /// Whether the row pins a seed bug (`BUG:` in its note).
    pub fn is_bug(&self) -> bool {
        self.note.contains("BUG:")
    }
    /// Whether the row pins a seed laxity (`LAX:` in its note).
    pub fn is_lax(&self) -> bool {
        self.note.contains("LAX:")
    }
}

/// Undoes the escaping described in `shared/conformance/README.md`.
pub fn unescape(field: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(field.len());
    let bytes = field.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' || i + 1 >= bytes.len() {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        match bytes[i + 1] {
            b'\\' => out.push(b'\\'),
            b't' => out.push(b'\t'),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b'0' => out.push(0),
            b'u' | b'x' if bytes.get(i + 2) == Some(&b'{') => {
                let close = field[i..].find('}').expect("closing brace") + i;
                let hex = &field[i + 3..close];
                let value = u32::from_str_radix(hex, 16).expect("hex escape");
                if bytes[i + 1] == b'x' {
                    out.push(value as u8);
                } else {
                    let c = char::from_u32(value).expect("scalar value");
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                i = close + 1;
                continue;
            }
            other => {
                out.push(b'\\');
                out.push(other);
            }
        }
        i += 2;
    }
    out
}

/// All rows of `shared/conformance/<name>`, or `None` (with a message) if absent.
pub fn conformance(name: &str) -> Option<Vec<Row>> {
    let path = shared_path(&format!("conformance/{name}"))?;
    let text = std::fs::read_to_string(path).expect("read conformance file");
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        if line.is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 7, "line {}: {line:?}", n + 1);
        rows.push(Row {
            line: n + 1,
            api: f[0].to_string(),
            input: unescape(f[1]),
            ok: f[2] == "true",
            expected: String::from_utf8(unescape(f[3])).unwrap(),
            printed: String::from_utf8(unescape(f[4])).unwrap(),
            source: f[5].to_string(),
            note: f[6].to_string(),
        });
    }
    Some(rows)
}
