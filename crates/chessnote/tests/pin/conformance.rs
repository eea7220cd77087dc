//! Every row of `../shared/conformance/pin.tsv` (what sashite-pin 1.1.0 does
//! on its own test vectors and on probes) checked against `chessnote::pin`.

use crate::common;

use std::cmp::Ordering;
use std::fmt::{Debug, Display};

use chessnote::Diagnostic;
use chessnote::pin::{EncodedPin, Identifier, Letter, ParseError, PinErrorKind, Side, State};

/// The compact rendering the conformance file uses for a parsed token.
fn describe(id: Identifier) -> String {
    format!(
        "letter={} side={:?} state={:?} terminal={} canonical={}",
        id.letter().as_char(),
        id.side(),
        id.state(),
        id.is_terminal(),
        id.encode()
    )
}

/// What the row expects of a parse result: `expected` and `printed`.
fn describe_result(result: Result<Identifier, ParseError>) -> (bool, String, String) {
    match result {
        Ok(id) => (true, describe(id), id.to_string()),
        Err(err) => (false, format!("error={err:?}"), err.to_string()),
    }
}

/// Parses through every string entry point and checks they agree.
fn parse_everywhere(input: &[u8]) -> Result<Identifier, ParseError> {
    let from_bytes = Identifier::try_from(input);
    assert_eq!(Identifier::parse_ascii(input), from_bytes);
    if let Ok(text) = std::str::from_utf8(input) {
        assert_eq!(Identifier::parse(text), from_bytes, "{text:?}");
        assert_eq!(text.parse::<Identifier>(), from_bytes, "{text:?}");
        assert_eq!(Identifier::try_from(text), from_bytes, "{text:?}");
        assert_eq!(Identifier::is_valid(text), from_bytes.is_ok(), "{text:?}");
    }
    from_bytes
}

/// `format!(spec, value)` for the format specs the file uses.
fn render<T: Display + Debug>(spec: &str, v: &T) -> String {
    match spec {
        "{}" => format!("{v}"),
        "{:?}" => format!("{v:?}"),
        "{:>1}" => format!("{v:>1}"),
        "{:>3}" => format!("{v:>3}"),
        "{:>5}" => format!("{v:>5}"),
        "{:>6}" => format!("{v:>6}"),
        "{:>20}" => format!("{v:>20}"),
        "{:<6}" => format!("{v:<6}"),
        "{:<6}|" => format!("{v:<6}|"),
        "{:<5}|" => format!("{v:<5}|"),
        "{:<20}|" => format!("{v:<20}|"),
        "{:^6}" => format!("{v:^6}"),
        "{:^7}" => format!("{v:^7}"),
        "{:*>6}" => format!("{v:*>6}"),
        "{:.>6}" => format!("{v:.>6}"),
        "{:0>5}" => format!("{v:0>5}"),
        "{:.0}" => format!("{v:.0}"),
        "{:.1}" => format!("{v:.1}"),
        "{:.2}" => format!("{v:.2}"),
        "{:.5}" => format!("{v:.5}"),
        "{:.9}" => format!("{v:.9}"),
        "{:>5.2}" => format!("{v:>5.2}"),
        other => panic!("format spec {other:?} is not handled by this test"),
    }
}

fn error_named(name: &str) -> ParseError {
    match name {
        "Empty" => ParseError::Empty,
        "TooLong" => ParseError::TooLong,
        "InvalidLetter" => ParseError::InvalidLetter,
        "InvalidStateModifier" => ParseError::InvalidStateModifier,
        "InvalidTerminalMarker" => ParseError::InvalidTerminalMarker,
        other => panic!("unknown ParseError variant {other:?}"),
    }
}

fn side_named(name: &str) -> Side {
    match name {
        "First" => Side::First,
        "Second" => Side::Second,
        other => panic!("unknown side {other:?}"),
    }
}

fn state_named(name: &str) -> State {
    match name {
        "Normal" => State::Normal,
        "Enhanced" => State::Enhanced,
        "Diminished" => State::Diminished,
        other => panic!("unknown state {other:?}"),
    }
}

/// Applies a method chain such as `flipped().normalized()` or
/// `diminished().with_terminal(true)`.
fn apply_chain(mut id: Identifier, chain: &str) -> Identifier {
    for call in chain.split(").").map(|c| c.trim_end_matches(')')) {
        id = match call {
            "flipped(" => id.flipped(),
            "normalized(" => id.normalized(),
            "enhanced(" => id.enhanced(),
            "diminished(" => id.diminished(),
            "with_terminal(true" => id.with_terminal(true),
            "with_terminal(false" => id.with_terminal(false),
            other => panic!("method {other:?} is not handled by this test"),
        };
    }
    id
}

fn ordering_name(ordering: Ordering) -> &'static str {
    match ordering {
        Ordering::Less => "Less",
        Ordering::Equal => "Equal",
        Ordering::Greater => "Greater",
    }
}

/// What `examples/pin_basic.rs` prints, computed with the same calls.
fn basic_example_stdout() -> Result<String, ParseError> {
    let mut out = String::new();
    let king = Identifier::parse("+K^")?;
    out += &format!("token         : {king}\n");
    out += &format!("  letter      : {}\n", king.letter().as_char());
    out += &format!("  side        : {:?}\n", king.side());
    out += &format!("  state       : {:?}\n", king.state());
    out += &format!("  terminal    : {}\n", king.is_terminal());
    out += &format!("  is_first    : {}\n", king.is_first());
    out += &format!("  is_enhanced : {}\n", king.is_enhanced());
    out += &format!("flipped       : {}\n", king.flipped());
    out += &format!(
        "normalized    : {}\n",
        king.normalized().with_terminal(false)
    );
    let pawn = Identifier::new(
        Letter::try_from_char('P')?,
        Side::Second,
        State::Enhanced,
        false,
    );
    out += &format!("built         : {pawn} (a promoted second-side pawn)\n");
    out += &format!("is_valid(\"+r\"): {}\n", Identifier::is_valid("+r"));
    out += &format!("is_valid(\"K+\"): {}\n", Identifier::is_valid("K+"));
    Ok(out)
}

/// The example binary, if `cargo test` built it beside this test.
fn example_binary() -> Option<std::path::PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?.join("examples");
    let path = dir.join(format!("pin_basic{}", std::env::consts::EXE_SUFFIX));
    path.exists().then_some(path)
}

/// Checks one row; returns whether it was checked (serde rows need the
/// `serde` feature).
fn check(row: &common::Row) -> bool {
    let api = row.api.as_str();
    let at = format!(
        "pin.tsv line {}: {api} {:?}",
        row.line,
        row.input_str_lossy()
    );
    let input = row.input_str_lossy();
    let input = input.as_str();
    match api {
        "Identifier::parse" | "Identifier::try_from(&[u8])" => {
            let (ok, expected, printed) = describe_result(parse_everywhere(&row.input));
            assert_eq!(
                (ok, expected.as_str()),
                (row.ok, row.expected.as_str()),
                "{at}"
            );
            assert_eq!(printed, row.printed, "{at}");
        }
        "Identifier::new" => {
            let f: Vec<&str> = input.split(' ').collect();
            let letter = Letter::try_from_char(f[0].chars().next().unwrap()).unwrap();
            let id = Identifier::new(letter, side_named(f[1]), state_named(f[2]), f[3] == "true");
            assert_eq!(describe(id), row.expected, "{at}");
            assert_eq!(id.to_string(), row.printed, "{at}");
        }
        "Identifier::cmp" | "EncodedPin::cmp" => {
            let (a, b) = input.split_once(' ').unwrap();
            let (a, b) = (Identifier::parse(a).unwrap(), Identifier::parse(b).unwrap());
            let ordering = if api == "Identifier::cmp" {
                a.cmp(&b)
            } else {
                let (ea, eb): (EncodedPin, EncodedPin) = (a.encode(), b.encode());
                assert_eq!(ea.cmp(&eb), ea.as_str().cmp(eb.as_str()), "{at}");
                ea.cmp(&eb)
            };
            assert_eq!(ordering_name(ordering), row.expected, "{at}");
        }
        "Letter::try_from_char" => {
            let c = input.chars().next().unwrap();
            match Letter::try_from_char(c) {
                Ok(letter) => {
                    assert!(row.ok, "{at}");
                    let expected =
                        format!("letter={} ascii={}", letter.as_char(), letter.as_ascii());
                    assert_eq!(expected, row.expected, "{at}");
                    assert_eq!(format!("{letter:?}"), row.printed, "{at}");
                    assert_eq!(Letter::try_from(c), Ok(letter), "{at}");
                }
                Err(err) => {
                    assert!(!row.ok, "{at}");
                    assert_eq!(format!("error={err:?}"), row.expected, "{at}");
                    assert_eq!(err.to_string(), row.printed, "{at}");
                }
            }
        }
        "Letter::from_ascii" => {
            assert_eq!(row.input.len(), 1, "{at}");
            let got = match Letter::from_ascii(row.input[0]) {
                Some((letter, side)) => format!("letter={} side={side:?}", letter.as_char()),
                None => "none".to_string(),
            };
            assert_eq!(got, row.expected, "{at}");
        }
        "Side::flip" => {
            assert_eq!(
                format!("{:?}", side_named(input).flip()),
                row.expected,
                "{at}"
            );
        }
        "examples/basic.rs stdout" => {
            let expected_stdout = row.printed.as_str();
            assert_eq!(basic_example_stdout().unwrap(), expected_stdout, "{at}");
            match example_binary() {
                Some(path) => {
                    let output = std::process::Command::new(path).output().unwrap();
                    assert!(output.status.success(), "{at}");
                    assert_eq!(
                        String::from_utf8_lossy(&output.stdout),
                        expected_stdout,
                        "{at}"
                    );
                }
                None => {
                    eprintln!("note: examples/pin_basic not built; its output checked in-process")
                }
            }
        }
        "serde::Deserialize" => return check_serde(row, &at),
        _ if api.starts_with("Identifier fmt ") || api.starts_with("EncodedPin fmt ") => {
            let spec = api.split_once(" fmt ").unwrap().1;
            let id = Identifier::parse(input).unwrap();
            assert_eq!(describe(id), row.expected, "{at}");
            let printed = if api.starts_with("Identifier") {
                render(spec, &id)
            } else {
                render(spec, &id.encode())
            };
            assert_eq!(printed, row.printed, "{at}");
        }
        _ if api.starts_with("ParseError fmt ") => {
            let spec = api.split_once(" fmt ").unwrap().1;
            let err = error_named(input);
            assert_eq!(format!("error={err:?}"), row.expected, "{at}");
            assert_eq!(render(spec, &err), row.printed, "{at}");
        }
        _ if api.starts_with("Identifier::") => {
            let chain = api.strip_prefix("Identifier::").unwrap();
            let id = apply_chain(Identifier::parse(input).unwrap(), chain);
            assert_eq!(describe(id), row.expected, "{at}");
            assert_eq!(id.to_string(), row.printed, "{at}");
        }
        other => panic!("{at}: api {other:?} is not handled by this test"),
    }
    true
}

#[cfg(feature = "serde")]
fn check_serde(row: &common::Row, at: &str) -> bool {
    let json = serde_json::to_string(row.input_str()).unwrap();
    match serde_json::from_str::<Identifier>(&json) {
        Ok(id) => {
            assert!(row.ok, "{at}");
            assert_eq!(describe(id), row.expected, "{at}");
            assert_eq!(serde_json::to_string(&id).unwrap(), row.printed, "{at}");
        }
        Err(err) => {
            assert!(!row.ok, "{at}");
            let message = row.expected.strip_prefix("error=").unwrap();
            assert!(err.to_string().starts_with(message), "{at}: {err}");
        }
    }
    true
}

#[cfg(not(feature = "serde"))]
fn check_serde(_row: &common::Row, _at: &str) -> bool {
    false
}

trait InputLossy {
    fn input_str_lossy(&self) -> String;
}

impl InputLossy for common::Row {
    fn input_str_lossy(&self) -> String {
        String::from_utf8_lossy(&self.input).into_owned()
    }
}

#[test]
fn every_row_of_pin_tsv_holds() {
    let Some(rows) = common::conformance("pin.tsv") else {
        return;
    };
    assert_eq!(rows.len(), 586, "pin.tsv should have 586 rows");
    let mut checked = 0;
    let mut skipped = 0;
    for row in &rows {
        if check(row) {
            checked += 1;
        } else {
            skipped += 1;
        }
    }
    if skipped > 0 {
        eprintln!("skipped {skipped} serde rows: build with --features serde to check them");
    }
    assert_eq!(checked + skipped, rows.len());
    println!("pin.tsv: {checked} rows checked, {skipped} skipped");
}

#[test]
fn the_valid_rows_are_exactly_the_312_tokens() {
    let Some(rows) = common::conformance("pin.tsv") else {
        return;
    };
    let mut valid: Vec<&[u8]> = rows
        .iter()
        .filter(|r| r.api == "Identifier::parse" && r.ok)
        .map(|r| r.input.as_slice())
        .collect();
    valid.sort_unstable();
    valid.dedup();
    assert_eq!(valid.len(), 312);
    for token in valid {
        assert!(Identifier::try_from(token).is_ok(), "{token:?}");
    }
}

/// `Identifier::from_ascii` on every parse row of `pin.tsv`: it accepts
/// exactly what the seed's entry point accepts, with the same identifier,
/// and a rejection says what was expected at a byte inside the input (or
/// just past it), in words that name no Rust type.
#[test]
fn from_ascii_agrees_with_the_seed_entry_point_on_every_row() {
    let Some(rows) = common::conformance("pin.tsv") else {
        return;
    };
    let mut rejected = 0;
    for row in rows.iter().filter(|r| r.api == "Identifier::parse") {
        let input = row.input.as_slice();
        let ours = Identifier::from_ascii(input);
        assert_eq!(
            ours.ok(),
            Identifier::parse_ascii(input).ok(),
            "line {}",
            row.line
        );
        assert_eq!(ours.is_ok(), row.ok, "line {}", row.line);
        let Err(err) = ours else { continue };
        rejected += 1;
        assert!(err.offset() <= input.len().min(3), "line {}", row.line);
        let name = err.kind_name();
        assert!(
            name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
            "line {}: {name}",
            row.line
        );
        let message = err.to_string();
        assert!(
            message.ends_with(&format!(" at byte {}", err.offset())),
            "{message}"
        );
        for variant in ["Empty", "TooLong", "Invalid", "Expected", "PinError"] {
            assert!(!message.contains(variant), "line {}: {message}", row.line);
        }
    }
    assert!(rejected > 100, "only {rejected} rejected rows");
}

/// Each kind of `PinError` on an input that earns it, with the byte it
/// blames; `K^x` is a complete token followed by more input.
#[test]
fn each_pin_error_kind_blames_the_first_byte_that_does_not_fit() {
    let cases: [(&[u8], PinErrorKind, usize); 10] = [
        (b"", PinErrorKind::Empty, 0),
        (b"^K", PinErrorKind::ExpectedModifierOrLetter, 0),
        (b"\xC3\xA9", PinErrorKind::ExpectedModifierOrLetter, 0),
        (b"+", PinErrorKind::ExpectedLetter, 1),
        (b"-1", PinErrorKind::ExpectedLetter, 1),
        (b"K+", PinErrorKind::ExpectedMarkerOrEnd, 1),
        (b"KKKK", PinErrorKind::ExpectedMarkerOrEnd, 1),
        (b"+K+", PinErrorKind::ExpectedMarkerOrEnd, 2),
        (b"K^x", PinErrorKind::ExpectedEnd, 2),
        (b"+K^^", PinErrorKind::ExpectedEnd, 3),
    ];
    for (input, kind, offset) in cases {
        let err = Identifier::from_ascii(input).unwrap_err();
        assert_eq!((err.kind(), err.offset()), (kind, offset), "{input:?}");
    }
    let err = Identifier::from_ascii(b"K^x").unwrap_err();
    assert!(!err.to_string().contains("starts with"), "{err}");
    assert!(err.to_string().contains("end of the PIN token"), "{err}");
    // Every kind has its own name and its own message.
    let mut names: Vec<_> = PinErrorKind::ALL.iter().map(|k| k.name()).collect();
    let mut messages: Vec<_> = PinErrorKind::ALL.iter().map(|k| k.message()).collect();
    names.sort_unstable();
    names.dedup();
    messages.sort_unstable();
    messages.dedup();
    assert_eq!(names.len(), PinErrorKind::ALL.len());
    assert_eq!(messages.len(), PinErrorKind::ALL.len());
}
