//! PIN token parsing: `chessnote::pin` against `sashite-pin` 1.1.0, the crate
//! it replaces, on the same inputs in the same run.
//!
//! Workloads: parsing all 312 valid tokens, a set of invalid inputs that
//! reaches every error variant, and the two mixed together; and getting the
//! text of all 312 identifiers.

use std::hint::black_box;

use chessnote_bench::{Contender, compare};
use criterion::Criterion;

/// All 312 tokens, spelled out here rather than by either crate's encoder.
fn valid_tokens() -> Vec<String> {
    let mut tokens = Vec::with_capacity(312);
    for upper in b'A'..=b'Z' {
        for cased in [upper, upper.to_ascii_lowercase()] {
            for prefix in ["", "+", "-"] {
                for suffix in ["", "^"] {
                    tokens.push(format!("{prefix}{}{suffix}", cased as char));
                }
            }
        }
    }
    tokens
}

/// Rejected inputs of every length and every error variant: per letter, a bad
/// marker (`K+`, `+KK`), a bad letter (`+1`-like), a bad start (`^K`, `KKK`),
/// too long (`+K^^`); plus empty, non-ASCII and lone-byte inputs.
fn invalid_tokens() -> Vec<String> {
    let mut tokens = Vec::new();
    for (i, upper) in (b'A'..=b'Z').enumerate() {
        let letter = if i % 2 == 0 {
            upper as char
        } else {
            upper.to_ascii_lowercase() as char
        };
        tokens.push(format!("{letter}+"));
        tokens.push(format!("+{letter}{letter}"));
        tokens.push(format!("^{letter}"));
        tokens.push(format!("{letter}{letter}{letter}"));
        tokens.push(format!("-{letter}^^"));
        tokens.push(format!("{}{letter}", ['+', '-'][i % 2]).replace(letter, "1"));
    }
    for t in [
        "",
        "+",
        "-",
        "^",
        " ",
        "é",
        "♔",
        "🨀",
        "Ké",
        "++^",
        "K^^",
        "hello world",
    ] {
        tokens.push(t.to_string());
    }
    tokens
}

fn parse_workload(c: &mut Criterion, group: &str, tokens: &[String]) {
    let ours_tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let seed_tokens = ours_tokens.clone();
    compare(
        c,
        group,
        tokens.len(),
        vec![
            Contender::new("chessnote::pin", || {
                for token in &ours_tokens {
                    let _ = black_box(chessnote::pin::Identifier::parse(black_box(token)));
                }
            }),
            Contender::new("sashite-pin", || {
                for token in &seed_tokens {
                    let _ = black_box(sashite_pin::Identifier::parse(black_box(token)));
                }
            }),
        ],
    );
}

/// The text of every identifier: `Identifier::as_str` (a `'static` slice) and
/// `encode().as_str()` (an inline buffer, as in sashite-pin).
fn text_workload(c: &mut Criterion) {
    let ours: Vec<chessnote::pin::Identifier> = valid_tokens()
        .iter()
        .map(|t| chessnote::pin::Identifier::parse(t).unwrap())
        .collect();
    let seed: Vec<sashite_pin::Identifier> = valid_tokens()
        .iter()
        .map(|t| sashite_pin::Identifier::parse(t).unwrap())
        .collect();
    compare(
        c,
        "pin_text",
        ours.len(),
        vec![
            Contender::new("chessnote::pin as_str", || {
                for id in &ours {
                    black_box(black_box(*id).as_str());
                }
            }),
            Contender::new("chessnote::pin encode().as_str", || {
                for id in &ours {
                    let enc = black_box(*id).encode();
                    black_box(enc.as_str());
                }
            }),
            Contender::new("sashite-pin encode().as_str", || {
                for id in &seed {
                    let enc = black_box(*id).encode();
                    black_box(enc.as_str());
                }
            }),
        ],
    );
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let valid = valid_tokens();
    let invalid = invalid_tokens();
    // Interleave so that neither kind of input runs in a long stretch.
    let mut mixed = Vec::with_capacity(valid.len() + invalid.len());
    let mut rest = invalid.iter();
    for (i, token) in valid.iter().enumerate() {
        mixed.push(token.clone());
        if i % 2 == 1 {
            mixed.extend(rest.next().cloned());
        }
    }
    mixed.extend(rest.cloned());
    assert_eq!(valid.len(), 312);
    assert!(
        invalid
            .iter()
            .all(|t| chessnote::pin::Identifier::parse(t).is_err())
    );
    parse_workload(&mut criterion, "pin_parse_valid", &valid);
    parse_workload(&mut criterion, "pin_parse_invalid", &invalid);
    parse_workload(&mut criterion, "pin_parse_mixed", &mixed);
    text_workload(&mut criterion);
    criterion.final_summary();
}
