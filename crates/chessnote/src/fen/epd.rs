//! EPD, Extended Position Description: the four FEN position fields plus
//! operations such as `bm Nf3; id "WAC.001";`.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::parse::{Counters, Leniencies, leading_whitespace, parse_fields};
use super::{FenError, FenErrorKind, FenField, FenOptions};
use crate::Setup;

/// One operand of an EPD operation.
///
/// ```
/// use chessnote::fen::Operand;
/// assert_eq!(Operand::String("a \"b\"".into()).to_string(), r#""a \"b\"""#);
/// assert_eq!(Operand::Token("Nf3".into()).to_string(), "Nf3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A quoted string, unescaped (`\"` and `\\` in the text).
    String(String),
    /// An unquoted token: a move, a number, a square, ...
    Token(String),
}

impl Operand {
    /// The text of the operand (unescaped, without quotes).
    ///
    /// ```
    /// use chessnote::fen::Operand;
    /// assert_eq!(Operand::String("WAC.001".into()).as_str(), "WAC.001");
    /// ```
    pub fn as_str(&self) -> &str {
        match self {
            Operand::String(s) | Operand::Token(s) => s,
        }
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Token(t) => f.write_str(t),
            Operand::String(s) => {
                f.write_str("\"")?;
                for c in s.chars() {
                    if c == '"' || c == '\\' {
                        f.write_str("\\")?;
                    }
                    write!(f, "{c}")?;
                }
                f.write_str("\"")
            }
        }
    }
}

/// An EPD operation: an opcode and its operands, printed `opcode a b;`.
///
/// ```
/// use chessnote::fen::{Operand, Operation};
/// let op = Operation { opcode: "bm".into(), operands: vec![Operand::Token("Qd1+".into())] };
/// assert_eq!(op.to_string(), "bm Qd1+;");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Operation {
    /// The opcode: a letter, then letters, digits and `_` (`bm`, `id`, `c0`).
    pub opcode: String,
    /// The operands, in order.
    pub operands: Vec<Operand>,
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.opcode)?;
        for operand in &self.operands {
            write!(f, " {operand}")?;
        }
        f.write_str(";")
    }
}

/// An EPD record: a position (four fields, optionally followed by the two
/// FEN counters, as many engine books write it) and its operations.
///
/// The syntax: after the position fields, operations separated by spaces or
/// tabs, each an opcode (starting with a letter), operands separated by
/// spaces or tabs (a token, or a string in double quotes with `\"` and `\\`
/// escapes) and a `;`. The `;` of the last operation may be missing, empty
/// operations (`;;`) are skipped, and whitespace after the record is
/// ignored. `Display` prints the canonical form: single spaces, every
/// operation ending in `;`.
///
/// ```
/// use chessnote::fen::Epd;
///
/// let line = r#"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";"#;
/// let epd: Epd = line.parse()?;
/// assert_eq!(epd.operation("bm").unwrap().operands[0].as_str(), "Qd1+");
/// assert_eq!(epd.operation("id").unwrap().operands[0].as_str(), "BK.01");
/// assert_eq!(epd.to_string(), line);
/// # Ok::<(), chessnote::fen::FenError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Epd {
    /// The position. Without counters in the record, they are `0 1`.
    pub setup: Setup,
    /// Whether the record carries the two counters after the four fields.
    pub has_counters: bool,
    /// The operations, in order.
    pub operations: Vec<Operation>,
}

impl Epd {
    /// Parses a record with strict position fields.
    ///
    /// # Errors
    ///
    /// The first fault from the left, as a [`FenError`].
    ///
    /// ```
    /// use chessnote::fen::Epd;
    /// let epd = Epd::from_ascii(b"8/8/8/8/8/8/8/8 w - - 0 1")?;
    /// assert!(epd.has_counters && epd.operations.is_empty());
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    pub fn from_ascii(bytes: &[u8]) -> Result<Epd, FenError> {
        Epd::from_ascii_with(bytes, FenOptions::STRICT)
    }

    /// Parses a record, the position fields with the leniencies of `options`.
    ///
    /// # Errors
    ///
    /// The first fault from the left that `options` does not allow.
    ///
    /// ```
    /// use chessnote::fen::{Epd, FenOptions};
    /// let epd = Epd::from_ascii_with(b"8/8/8/8/8/8/8/8 w KQkqK - id \"x\";", FenOptions::SEED)?;
    /// assert_eq!(epd.to_string(), "8/8/8/8/8/8/8/8 w KQkq - id \"x\";");
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    pub fn from_ascii_with(bytes: &[u8], options: FenOptions) -> Result<Epd, FenError> {
        Epd::from_ascii_reporting(bytes, options).map(|(epd, _)| epd)
    }

    /// Parses a record, the position fields with the leniencies of
    /// `options`, and says which of them the record used. Counters are
    /// optional in EPD and whitespace after the record is ignored, so
    /// neither uses a leniency.
    ///
    /// # Errors
    ///
    /// The first fault from the left that `options` does not allow.
    ///
    /// ```
    /// use chessnote::fen::{Epd, FenLeniency, FenOptions};
    /// let (epd, used) = Epd::from_ascii_reporting(b"8/8/8/8/8/8/8/8 w - e4 bm Kd1;", FenOptions::LENIENT)?;
    /// assert!(!epd.has_counters);
    /// assert_eq!(used, FenOptions::from(FenLeniency::EnPassantAnyRank));
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    pub fn from_ascii_reporting(
        bytes: &[u8],
        options: FenOptions,
    ) -> Result<(Epd, FenOptions), FenError> {
        let mut cx = Leniencies::new(options);
        // Whitespace after the record is part of EPD; before it, a leniency.
        let start = leading_whitespace(bytes, &mut cx);
        let body = &bytes[start..];
        let (setup, has_counters, pos) =
            parse_fields(body, &mut cx, Counters::Optional).map_err(|e| e.shifted(start))?;
        let operations = parse_operations(body, pos).map_err(|e| e.shifted(start))?;
        let epd = Epd {
            setup,
            has_counters,
            operations,
        };
        Ok((epd, cx.used()))
    }

    /// The first operation with this opcode.
    ///
    /// ```
    /// use chessnote::fen::Epd;
    /// let epd: Epd = "8/8/8/8/8/8/8/8 w - - c0 \"hello\";".parse()?;
    /// assert_eq!(epd.operation("c0").unwrap().operands[0].as_str(), "hello");
    /// assert!(epd.operation("bm").is_none());
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    pub fn operation(&self, opcode: &str) -> Option<&Operation> {
        self.operations.iter().find(|op| op.opcode == opcode)
    }
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r' || b == b'\n'
}

fn op_error(pos: usize, kind: FenErrorKind) -> FenError {
    FenError::new(FenField::Operation, pos, kind)
}

fn text(bytes: &[u8], from: usize, to: usize) -> Result<String, FenError> {
    match core::str::from_utf8(&bytes[from..to]) {
        Ok(s) => Ok(String::from(s)),
        Err(e) => Err(op_error(
            from + e.valid_up_to(),
            FenErrorKind::UnexpectedByte {
                found: bytes[from + e.valid_up_to()],
                expected: "UTF-8 text",
            },
        )),
    }
}

fn parse_operations(bytes: &[u8], mut pos: usize) -> Result<Vec<Operation>, FenError> {
    let mut operations = Vec::new();
    if pos < bytes.len() && !is_blank(bytes[pos]) {
        return Err(op_error(
            pos,
            FenErrorKind::UnexpectedByte {
                found: bytes[pos],
                expected: "a space before the operations",
            },
        ));
    }
    loop {
        while pos < bytes.len() && (is_blank(bytes[pos]) || bytes[pos] == b';') {
            pos += 1;
        }
        if pos >= bytes.len() {
            return Ok(operations);
        }
        if !bytes[pos].is_ascii_alphabetic() {
            return Err(op_error(
                pos,
                FenErrorKind::UnexpectedByte {
                    found: bytes[pos],
                    expected: "an opcode (a letter first)",
                },
            ));
        }
        let start = pos;
        while pos < bytes.len() && (bytes[pos].is_ascii_alphanumeric() || bytes[pos] == b'_') {
            pos += 1;
        }
        let opcode = text(bytes, start, pos)?;
        if pos < bytes.len() && !is_blank(bytes[pos]) && bytes[pos] != b';' {
            return Err(op_error(
                pos,
                FenErrorKind::UnexpectedByte {
                    found: bytes[pos],
                    expected: "a space or `;` after the opcode",
                },
            ));
        }
        let mut operands = Vec::new();
        loop {
            while pos < bytes.len() && is_blank(bytes[pos]) {
                pos += 1;
            }
            match bytes.get(pos) {
                None => break,
                Some(b';') => {
                    pos += 1;
                    break;
                }
                Some(b'"') => {
                    let open = pos;
                    pos += 1;
                    let mut value = Vec::new();
                    loop {
                        match bytes.get(pos) {
                            None => {
                                return Err(op_error(open, FenErrorKind::UnterminatedString));
                            }
                            Some(b'"') => {
                                pos += 1;
                                break;
                            }
                            Some(b'\\') if matches!(bytes.get(pos + 1), Some(b'"' | b'\\')) => {
                                value.push(bytes[pos + 1]);
                                pos += 2;
                            }
                            Some(&b) => {
                                value.push(b);
                                pos += 1;
                            }
                        }
                    }
                    let value = String::from_utf8(value).map_err(|_| {
                        op_error(
                            open,
                            FenErrorKind::UnexpectedByte {
                                found: b'"',
                                expected: "UTF-8 text in the string",
                            },
                        )
                    })?;
                    operands.push(Operand::String(value));
                }
                Some(_) => {
                    let start = pos;
                    while pos < bytes.len() && !is_blank(bytes[pos]) && bytes[pos] != b';' {
                        pos += 1;
                    }
                    operands.push(Operand::Token(text(bytes, start, pos)?));
                }
            }
        }
        operations.push(Operation { opcode, operands });
    }
}

impl FromStr for Epd {
    type Err = FenError;

    /// Parses a record, as [`Epd::from_ascii`].
    ///
    /// ```
    /// let epd: chessnote::fen::Epd = "8/8/8/8/8/8/8/8 b - - bm Kd1;".parse()?;
    /// assert_eq!(epd.operations.len(), 1);
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    fn from_str(s: &str) -> Result<Epd, FenError> {
        Epd::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Epd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.has_counters {
            write!(f, "{}", self.setup)?;
        } else {
            write!(f, "{}", self.setup.epd_fields())?;
        }
        for op in &self.operations {
            write!(f, " {op}")?;
        }
        Ok(())
    }
}
