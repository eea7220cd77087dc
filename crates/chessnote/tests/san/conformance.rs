//! Every row of `shared/conformance/san.tsv` (chess-notation-parser 0.2.3):
//! rows without a BUG note behave exactly as recorded (values, printed
//! text, error messages); BUG rows get the sane result `docs/compat.md`
//! describes, and never a panic.

use crate::common;

use std::panic::{AssertUnwindSafe, catch_unwind};

use chessnote::san::{Castling, CastlingType, Flag, Move, Piece, Square, Turn};

fn flags_text(flags: u8) -> String {
    let names: Vec<&str> = [
        (Flag::CHECK, "check"),
        (Flag::CHECKMATE, "checkmate"),
        (Flag::CAPTURE, "capture"),
    ]
    .iter()
    .filter(|(bit, _)| flags & bit != 0)
    .map(|(_, name)| *name)
    .collect();
    if flags & !(Flag::CHECK | Flag::CHECKMATE | Flag::CAPTURE) != 0 {
        format!("0x{flags:02x}")
    } else if names.is_empty() {
        "none".to_string()
    } else {
        names.join(",")
    }
}

fn src_text(src: &Option<Vec<Square>>) -> String {
    let Some(src) = src else { return "none".into() };
    if src.len() == 1 {
        return src[0].to_string();
    }
    if src.len() == 8 {
        let f = src[0].get_file_char();
        if src == &Square::get_file(f).unwrap() {
            return format!("file:{f}");
        }
        let r = src[0].get_rank_char();
        if src == &Square::get_rank(r).unwrap() {
            return format!("rank:{r}");
        }
    }
    format!(
        "[{}]",
        src.iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(",")
    )
}

fn piece_text(p: Option<Piece>) -> String {
    p.map_or("none".into(), |p| format!("{p:?}"))
}

fn turn_text(turn: &Turn) -> String {
    match turn {
        Turn::Castling(c) => format!("castling type={:?} flags={}", c.r#type, flags_text(c.flags)),
        Turn::Move(m) => format!(
            "move who={:?} dst={} src={} flags={} promotion={}",
            m.who,
            m.dst,
            src_text(&m.src),
            flags_text(m.flags),
            piece_text(m.promotion)
        ),
    }
}

/// Builds a turn from the compact form of a `Turn::fmt` row.
fn turn_from_text(text: &str) -> Turn {
    let mut fields = std::collections::HashMap::new();
    let mut words = text.split(' ');
    let kind = words.next().unwrap();
    for word in words {
        let (k, v) = word.split_once('=').unwrap();
        fields.insert(k, v);
    }
    let flags = match fields["flags"] {
        "none" => 0,
        hex if hex.starts_with("0x") => u8::from_str_radix(&hex[2..], 16).unwrap(),
        list => list
            .split(',')
            .map(|f| match f {
                "check" => Flag::CHECK,
                "checkmate" => Flag::CHECKMATE,
                "capture" => Flag::CAPTURE,
                other => panic!("flag {other}"),
            })
            .fold(0, |a, b| a | b),
    };
    let piece = |name: &str| -> Option<Piece> {
        (name != "none").then(|| {
            *Piece::ALL
                .iter()
                .find(|p| format!("{p:?}") == name)
                .unwrap()
        })
    };
    if kind == "castling" {
        let r#type = if fields["type"] == "Short" {
            CastlingType::Short
        } else {
            CastlingType::Long
        };
        return Turn::Castling(Castling { r#type, flags });
    }
    let src = match fields["src"] {
        "none" => None,
        file if file.starts_with("file:") => {
            Some(Square::get_file(file.chars().last().unwrap()).unwrap())
        }
        rank if rank.starts_with("rank:") => {
            Some(Square::get_rank(rank.chars().last().unwrap()).unwrap())
        }
        list => Some(
            list.trim_matches(['[', ']'])
                .split(',')
                .filter(|s| !s.is_empty())
                .map(|s| Square::try_from(s).unwrap())
                .collect(),
        ),
    };
    Turn::Move(Move {
        who: piece(fields["who"]).unwrap(),
        dst: Square::try_from(fields["dst"]).unwrap(),
        flags,
        src,
        promotion: piece(fields["promotion"]),
    })
}

/// What our API gives for a row, in the row's terms: `Ok((expected, printed))`
/// or `Err(expected)` (an `error=` or `panic:` text).
fn run(api: &str, input: &str) -> Result<(String, String), String> {
    let err = |e: &str| format!("error={e}");
    match api {
        "Turn::try_from" => Turn::try_from(input)
            .map(|t| (turn_text(&t), t.to_string()))
            .map_err(err),
        "Turn::fmt" => {
            let turn = turn_from_text(input);
            Ok((turn_text(&turn), turn.to_string()))
        }
        "Square::try_from" => Square::try_from(input)
            .map(|s| {
                (
                    format!("square={s} debug={s:?} index={}", s as u8),
                    s.to_string(),
                )
            })
            .map_err(err),
        "Square::get_file" | "Square::get_rank" => {
            let c = input.chars().next().unwrap();
            let got = if api.ends_with("file") {
                Square::get_file(c)
            } else {
                Square::get_rank(c)
            };
            got.map(|v| {
                let list: Vec<String> = v.iter().map(|s| s.to_string()).collect();
                (format!("squares={}", list.join(",")), String::new())
            })
            .map_err(err)
        }
        "Square::get_relative_neighbor" => {
            let parts: Vec<&str> = input.split(' ').collect();
            let square = Square::try_from(parts[0]).unwrap();
            let (x, y) = (parts[1].parse().unwrap(), parts[2].parse().unwrap());
            square
                .get_relative_neighbor(x, y)
                .map(|s| (format!("square={s}"), s.to_string()))
                .map_err(err)
        }
        "Square::from_u8" => {
            let n: u8 = input.parse().unwrap();
            match catch_unwind(|| Square::from(n)) {
                Ok(s) => Ok((format!("square={s}"), s.to_string())),
                Err(_) => Err(format!("panic: Square index={n} is out of range")),
            }
        }
        "Piece::try_from" => Piece::try_from(input)
            .map(|p| (format!("piece={p:?}"), p.to_string()))
            .map_err(err),
        "Piece::fmt" => {
            let piece = *Piece::ALL
                .iter()
                .find(|p| format!("{p:?}") == input)
                .unwrap();
            Ok((piece.to_string(), piece.to_string()))
        }
        "CastlingType::opposite" | "CastlingType::fmt" => {
            let t = if input == "Short" {
                CastlingType::Short
            } else {
                CastlingType::Long
            };
            let t = if api.ends_with("opposite") {
                t.opposite()
            } else {
                t
            };
            Ok((format!("{t:?}"), t.to_string()))
        }
        other => panic!("unknown api {other}"),
    }
}

/// The sane results we give where the seed crate is buggy (docs/compat.md).
fn bug_row_outcome(api: &str, input: &str) -> Result<(String, String), String> {
    let printed = |text: &str| Ok((turn_text(&turn_from_text(input)), text.to_string()));
    match (api, input) {
        ("Turn::fmt", "castling type=Short flags=0xff") => printed("0-0#"),
        ("Turn::fmt", "castling type=Short flags=capture") => printed("0-0"),
        ("Turn::fmt", "castling type=Long flags=check,checkmate") => printed("0-0-0#"),
        ("Turn::fmt", "move who=Rook dst=a8 src=[b1,b2] flags=none promotion=none") => {
            printed("Rba8")
        }
        ("Turn::fmt", "move who=Queen dst=d7 src=none flags=check,checkmate promotion=none") => {
            printed("Qd7#")
        }
        ("Turn::fmt", "move who=Pawn dst=e4 src=[] flags=none promotion=none") => printed("e4"),
        (
            "Turn::fmt",
            "move who=Pawn dst=e4 src=[a1,b2,c3,d4,e5,f6,g7,h8] flags=none promotion=none",
        ) => printed("a1b2c3d4e5f6g7h8e4"),
        ("Turn::fmt", "move who=Pawn dst=e8 src=none flags=none promotion=none") => printed("e8"),
        ("Turn::fmt", "move who=King dst=e8 src=none flags=none promotion=King") => {
            printed("Ke8=K")
        }
        ("Turn::fmt", "move who=Pawn dst=e8 src=none flags=none promotion=Pawn") => printed("e8=P"),
        ("Square::get_relative_neighbor", _) => Err("error=Square out of range".into()),
        ("Turn::try_from", _) => Err("error=Turn verification failed: invalid format".into()),
        _ => panic!("no documented outcome for BUG row {api} {input:?}"),
    }
}

#[test]
fn every_conformance_row_behaves_as_recorded_or_as_documented() {
    let Some(rows) = common::conformance("san.tsv") else {
        return;
    };
    let mut checked = 0;
    for row in &rows {
        let input = row.input_str();
        let got = catch_unwind(AssertUnwindSafe(|| run(&row.api, input)));
        let got = match got {
            Ok(got) => got,
            Err(_) if row.api == "Square::from_u8" => unreachable!(),
            Err(_) => panic!("line {}: {} {input:?} panicked", row.line, row.api),
        };
        let want = if row.is_bug() {
            bug_row_outcome(&row.api, input)
        } else if row.ok {
            Ok((row.expected.clone(), row.printed.clone()))
        } else {
            Err(row.expected.clone())
        };
        assert_eq!(
            got, want,
            "line {}: {} {input:?} ({})",
            row.line, row.api, row.note
        );
        checked += 1;
    }
    assert_eq!(checked, rows.len());
    assert!(checked > 490, "only {checked} rows");
}

#[test]
fn lax_rows_are_accepted_by_the_facade_but_not_by_strict_san() {
    let Some(rows) = common::conformance("san.tsv") else {
        return;
    };
    let lax: Vec<_> = rows
        .iter()
        .filter(|r| r.api == "Turn::try_from" && r.is_lax())
        .collect();
    assert!(lax.len() > 20);
    for row in lax {
        let input = row.input_str();
        assert!(Turn::try_from(input).is_ok(), "{input}");
        assert!(
            chessnote::san::SanPlus::from_ascii(input.as_bytes()).is_err(),
            "strict accepted {input}"
        );
    }
}
