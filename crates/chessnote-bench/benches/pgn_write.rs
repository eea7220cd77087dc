//! PGN writing (issue 13), on the PGN reader's four workloads (`book`,
//! `lichess`, `tcec`, `synthetic`: see [`chessnote_bench::pgn::workloads`]),
//! read from memory. On each, one `compare` run of six contenders:
//!
//! - (a) `syntax`: the reader's syntax-only counting pass, the baseline
//!   (the visitor of `benches/pgn.rs`, variations read);
//! - (b) `read → write`: the reader into a streaming
//!   `PgnWriter::new(WriteOptions::STANDARD)`, the output cleared after
//!   each game (memory stays flat);
//! - (c) the same with `.replay(true)` (moves written from their
//!   positions);
//! - (d) the same with `WriteOptions::PYTHON_CHESS` (always replays);
//! - (e) `tree → text`: `GameTree::write(&WriteOptions::STANDARD, ..)` over
//!   trees built before timing, the buffer cleared per game;
//! - (f) `read → tree`: `Reader::game_trees()`, for scale.
//!
//! Items are games; MB/s is the workload's input bytes over the time per
//! pass, for every contender (also for (e), which reads no input: the same
//! games, so the figures compare). After each table a summary gives each
//! contender's MB/s and its throughput over the syntax pass's; the issue's
//! target is (b)/(a) ≥ 0.5 on every workload.
//!
//! Before timing, each writer's output is read back: the same games and
//! the same SAN moves as the input (see `check`).
//!
//! `PGN_WRITE_PASS=tcec:b` runs one pass of one contender and exits, for a
//! profiler (`tcec:b:50`: fifty passes; see `one_pass`).
//! `scripts/pgn_write_python.py` times python-chess's exporter on the same
//! files.

use std::hint::black_box;

use chessnote::pgn::{GameTree, PgnWriter, Reader, WriteOptions};
use chessnote_bench::pgn::{Workload, cn_syntax, pass_spec, workloads};
use chessnote_bench::{Contender, compare};
use criterion::Criterion;

/// What a writing pass gives back: games written and bytes of output.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Written {
    games: u64,
    bytes: u64,
}

/// `read → write` through a streaming [`PgnWriter`], the output cleared
/// after each game (`keep`: the output of the whole pass, for the checks).
#[inline(never)]
fn stream(data: &[u8], writer: PgnWriter, mut keep: Option<&mut String>) -> Written {
    let mut writer = writer;
    let mut reader = Reader::from_slice(data);
    let mut written = Written::default();
    while let Ok(Some(errors)) = reader.read_game(&mut writer) {
        black_box(&errors);
        written.games += 1;
        written.bytes += writer.output().len() as u64;
        if let Some(keep) = keep.as_deref_mut() {
            keep.push_str(writer.output());
        }
        writer.clear_output();
    }
    written
}

/// Makes a fresh writer for one pass.
type MakeWriter = fn() -> PgnWriter;

fn standard() -> PgnWriter {
    PgnWriter::new(WriteOptions::STANDARD)
}

fn standard_replay() -> PgnWriter {
    PgnWriter::new(WriteOptions::STANDARD).replay(true)
}

fn python_chess() -> PgnWriter {
    PgnWriter::new(WriteOptions::PYTHON_CHESS)
}

/// `tree → text`: each tree written with `options` into one buffer,
/// cleared per game.
#[inline(never)]
fn write_trees(trees: &[GameTree], options: &WriteOptions, buf: &mut String) -> Written {
    let mut written = Written::default();
    for tree in trees {
        buf.clear();
        tree.write(options, buf);
        written.games += 1;
        written.bytes += buf.len() as u64;
    }
    written
}

/// `read → tree`: (games, nodes).
#[inline(never)]
fn read_trees(data: &[u8]) -> (u64, u64) {
    let (mut games, mut nodes) = (0, 0);
    for tree in Reader::from_slice(data).game_trees() {
        games += 1;
        nodes += tree.len() as u64;
        black_box(&tree);
    }
    (games, nodes)
}

/// Each writer's output, read back, has the input's games and SAN moves;
/// returns the number of games. The streaming writer with replay and the
/// tree writer should write the same text (they differ only where a
/// comment follows a variation's `)`): printed, not asserted.
fn check(w: &Workload, trees: &[GameTree]) -> u64 {
    let input = cn_syntax(&w.data);
    eprintln!("{}: input {input:?}", w.name);
    let mut tree_text = String::new();
    let mut buf = String::new();
    for (i, tree) in trees.iter().enumerate() {
        if i > 0 {
            tree_text.push('\n');
        }
        buf.clear();
        tree.write(&WriteOptions::STANDARD, &mut buf);
        tree_text.push_str(&buf);
    }
    let writers: [(&str, MakeWriter); 3] = [
        ("PgnWriter STANDARD", standard),
        ("PgnWriter STANDARD replay", standard_replay),
        ("PgnWriter PYTHON_CHESS", python_chess),
    ];
    let mut replayed = String::new();
    for (name, writer) in writers {
        let mut text = String::new();
        let written = stream(&w.data, writer(), Some(&mut text));
        let back = cn_syntax(text.as_bytes());
        eprintln!(
            "{}: {name}: {} bytes written ({:.2} of the input), read back {back:?}",
            w.name,
            written.bytes,
            written.bytes as f64 / w.data.len() as f64,
        );
        assert_eq!(written.games, input.games, "{}: {name}: games", w.name);
        assert_eq!(
            back.games, input.games,
            "{}: {name}: games read back",
            w.name
        );
        assert_eq!(
            back.sans, input.sans,
            "{}: {name}: SAN moves read back",
            w.name
        );
        if name == "PgnWriter STANDARD replay" {
            replayed = text;
        }
    }
    let back = cn_syntax(tree_text.as_bytes());
    eprintln!(
        "{}: GameTree::write STANDARD: {} bytes written, read back {back:?}; \
         the same text as PgnWriter STANDARD replay: {}",
        w.name,
        tree_text.len(),
        tree_text == replayed,
    );
    assert_eq!(trees.len() as u64, input.games, "{}: trees", w.name);
    assert_eq!(
        back.games, input.games,
        "{}: trees: games read back",
        w.name
    );
    input.games
}

fn bench(c: &mut Criterion, w: &Workload) {
    // Built before timing, for (e).
    let trees: Vec<GameTree> = Reader::from_slice(&w.data).game_trees().collect();
    let games = check(w, &trees) as usize;
    let bytes = w.data.len();
    println!(
        "\n### {}: {bytes} bytes, {games} games ({} bytes/game): MB/s = {:.1} / (ns/item)",
        w.name,
        bytes / games.max(1),
        bytes as f64 / games.max(1) as f64 * 1e3 / 1e6,
    );
    let data = &w.data[..];
    let trees = &trees[..];
    let mut buf = String::new();
    let rows = compare(
        c,
        &format!("pgn_write/{}", w.name),
        games,
        vec![
            Contender::new("(a) syntax (reader baseline)", || {
                black_box(cn_syntax(black_box(data)));
            }),
            Contender::new("(b) read -> PgnWriter STANDARD", || {
                black_box(stream(black_box(data), standard(), None));
            }),
            Contender::new("(c) read -> PgnWriter replay", || {
                black_box(stream(black_box(data), standard_replay(), None));
            }),
            Contender::new("(d) read -> PgnWriter PYTHON_CHESS", || {
                black_box(stream(black_box(data), python_chess(), None));
            }),
            Contender::new("(e) GameTree::write STANDARD", move || {
                black_box(write_trees(
                    black_box(trees),
                    &WriteOptions::STANDARD,
                    &mut buf,
                ));
            }),
            Contender::new("(f) read -> game_trees()", || {
                black_box(read_trees(black_box(data)));
            }),
        ],
    );
    // ns/game → MB/s of input: bytes per game / ns per game * 1e3.
    let per_game = bytes as f64 / games.max(1) as f64;
    println!("-- {}: MB/s of input (interleaved medians) --", w.name);
    println!("{:<34} {:>10} {:>12}", "contender", "MB/s", "vs (a)");
    for row in &rows {
        println!(
            "{:<34} {:>10.1} {:>12.2}",
            row.name,
            per_game / row.median_ns * 1e3,
            1.0 / row.median_ratio,
        );
    }
    if let Some(b) = rows.get(1) {
        let ratio = 1.0 / b.median_ratio;
        println!(
            "{}: (b)/(a) = {ratio:.2} (target ≥ 0.5: {})\n",
            w.name,
            if ratio >= 0.5 { "met" } else { "NOT met" },
        );
    }
}

/// One contender's pass over one workload, outside criterion, for a
/// profiler: `PGN_WRITE_PASS=tcec:b` (workload, contender letter; a third
/// field, `tcec:b:50`, repeats the pass so that it outweighs loading the
/// workloads), for example under `valgrind --tool=callgrind
/// --collect-atstart=no --toggle-collect='pgn_write::stream'` (the passes
/// are not inlined: `cn_syntax`, `stream`, `write_trees`, `read_trees`).
fn one_pass(spec: &str) {
    let (w, letter, passes) = pass_spec("PGN_WRITE_PASS", spec, "b");
    let data = &w.data[..];
    for _ in 0..passes {
        one_contender(data, letter);
    }
}

/// One pass of the contender `letter` over `data`, for [`one_pass`].
fn one_contender(data: &[u8], letter: &str) {
    match letter {
        "a" => eprintln!("{:?}", cn_syntax(data)),
        "b" => eprintln!("{:?}", stream(data, standard(), None)),
        "c" => eprintln!("{:?}", stream(data, standard_replay(), None)),
        "d" => eprintln!("{:?}", stream(data, python_chess(), None)),
        "e" => {
            let trees: Vec<GameTree> = Reader::from_slice(data).game_trees().collect();
            let mut buf = String::new();
            eprintln!(
                "{:?}",
                write_trees(&trees, &WriteOptions::STANDARD, &mut buf)
            );
        }
        "f" => eprintln!("{:?}", read_trees(data)),
        _ => {
            eprintln!("PGN_WRITE_PASS: no contender {letter:?} (a to f)");
            std::process::exit(2);
        }
    }
}

fn main() {
    if let Ok(spec) = std::env::var("PGN_WRITE_PASS") {
        one_pass(&spec);
        return;
    }
    // Ten samples by default for the 86 MB book, criterion's default for
    // the others, as in `benches/pgn.rs`; a `--sample-size` on the command
    // line applies to all.
    let mut large = Criterion::default().sample_size(10).configure_from_args();
    let mut c = Criterion::default().configure_from_args();
    for w in workloads() {
        if w.data.len() > 32 << 20 {
            bench(&mut large, &w);
        } else {
            bench(&mut c, &w);
        }
    }
    large.final_summary();
    c.final_summary();
}
