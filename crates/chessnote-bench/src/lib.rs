//! The shared benchmark harness: data loading and same-run comparisons.
//!
//! Every workload benchmarks chessnote and its peers on the same inputs in
//! one run, through [`compare`], which runs each function under criterion
//! and then prints a table of time per item and the ratio of each peer's
//! time to ours. Ratios, not absolute times, are what the notes quote: the
//! machines are noisy, but a ratio measured in one run is stable.

use std::cell::Cell;
use std::io::Read;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::Criterion;

/// The `shared` folder beside the repository (or `$CHESSNOTE_SHARED`).
pub fn shared_dir() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("CHESSNOTE_SHARED") {
        return Some(PathBuf::from(dir)).filter(|d| d.is_dir());
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared");
    dir.is_dir().then_some(dir)
}

/// Reads `shared/<rel>`, decompressing `.zst`; exits with a message if absent.
pub fn read_data(rel: &str) -> Vec<u8> {
    let Some(path) = shared_dir().map(|d| d.join(rel)).filter(|p| p.exists()) else {
        eprintln!("benchmark data ../shared/{rel} is missing (set CHESSNOTE_SHARED)");
        std::process::exit(0);
    };
    let raw = std::fs::read(&path).expect("read benchmark data");
    if !rel.ends_with(".zst") {
        return raw;
    }
    let mut out = Vec::new();
    ruzstd::decoding::StreamingDecoder::new(raw.as_slice())
        .expect("zstd header")
        .read_to_end(&mut out)
        .expect("zstd data");
    out
}

/// The SAN tokens of the movetext of a PGN file: move numbers, results,
/// comments, NAGs and variations left out.
pub fn san_tokens_of_pgn(pgn: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(pgn);
    let mut tokens = Vec::new();
    let mut depth = 0u32;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') || line.starts_with('%') {
            continue;
        }
        let mut rest = line;
        while let Some(c) = rest.chars().next() {
            if c == '{' {
                match rest.find('}') {
                    Some(end) => rest = &rest[end + 1..],
                    None => break,
                }
            } else if c == ';' {
                break;
            } else if c == '(' {
                depth += 1;
                rest = &rest[1..];
            } else if c == ')' {
                depth = depth.saturating_sub(1);
                rest = &rest[1..];
            } else if c.is_whitespace() {
                rest = rest.trim_start();
            } else {
                let end = rest
                    .find(|c: char| c.is_whitespace() || "{};()".contains(c))
                    .unwrap_or(rest.len());
                let word = &rest[..end];
                rest = &rest[end..];
                let word = word.rsplit('.').next().unwrap_or("");
                let is_move = word
                    .chars()
                    .next()
                    .is_some_and(|c| "abcdefghKQRBNO".contains(c));
                if depth == 0 && is_move {
                    tokens.push(word.to_string());
                }
            }
        }
    }
    tokens
}

/// One contender in a comparison: a name and the work to time (one pass
/// over the whole workload).
pub struct Contender<'a> {
    /// The name printed in the table.
    pub name: &'a str,
    /// One pass over the workload.
    pub run: Box<dyn FnMut() + 'a>,
}

impl<'a> Contender<'a> {
    /// A contender named `name` that runs `run` once per iteration.
    pub fn new(name: &'a str, run: impl FnMut() + 'a) -> Contender<'a> {
        Contender {
            name,
            run: Box::new(run),
        }
    }
}

/// Benchmarks each contender under criterion (group `group`, one iteration =
/// one pass over `items` items) and prints the time per item and the ratio
/// of each contender's time to the first one's.
pub fn compare(c: &mut Criterion, group: &str, items: usize, contenders: Vec<Contender<'_>>) {
    let mut results: Vec<(String, Cell<(u64, Duration)>)> = Vec::new();
    {
        let mut g = c.benchmark_group(group);
        g.throughput(criterion::Throughput::Elements(items as u64));
        for mut contender in contenders {
            let total = Cell::new((0u64, Duration::ZERO));
            g.bench_function(contender.name, |b| {
                b.iter_custom(|iters| {
                    let start = Instant::now();
                    for _ in 0..iters {
                        (contender.run)();
                    }
                    let elapsed = start.elapsed();
                    let (n, t) = total.get();
                    total.set((n + iters, t + elapsed));
                    elapsed
                })
            });
            results.push((contender.name.to_string(), total));
        }
        g.finish();
    }
    print_table(group, items, &results);
}

fn print_table(group: &str, items: usize, results: &[(String, Cell<(u64, Duration)>)]) {
    let per_item = |cell: &Cell<(u64, Duration)>| {
        let (iters, time) = cell.get();
        if iters == 0 || items == 0 {
            return f64::NAN;
        }
        time.as_secs_f64() * 1e9 / iters as f64 / items as f64
    };
    let Some((_, first)) = results.first() else {
        return;
    };
    let base = per_item(first);
    println!("\n== {group}: {items} items per iteration, same run ==");
    println!("{:<34} {:>12} {:>16}", "contender", "ns/item", "time / first");
    for (name, cell) in results {
        let ns = per_item(cell);
        println!("{name:<34} {ns:>12.2} {:>16.2}", ns / base);
    }
    println!();
}
