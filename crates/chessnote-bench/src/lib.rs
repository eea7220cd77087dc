//! The shared benchmark harness: data loading (from `chessnote-testdata`)
//! and same-run comparisons.
//!
//! Every workload benchmarks chessnote and its peers on the same inputs in
//! one run, through [`compare`], which runs each function under criterion,
//! times them again in interleaved rounds, and prints a table of time per
//! item and the ratio of each contender's time to ours. Ratios, not absolute
//! times, are what the notes quote, and the interleaved median ratio first:
//! the machines are noisy, and interleaving cancels a slowdown that lasts
//! longer than one round.

use std::cell::Cell;
use std::time::{Duration, Instant};

use criterion::Criterion;

pub mod pgn;

pub use chessnote_testdata::{
    ToyBoard, perft, perft_bulk, san_tokens_of_pgn, shared_dir, variant_perft,
};

/// Reads `shared/<rel>`, decompressing `.zst`; exits with a message if absent
/// (and panics if `CHESSNOTE_REQUIRE_SHARED=1`, as tests do).
pub fn read_data(rel: &str) -> Vec<u8> {
    chessnote_testdata::read_data(rel).unwrap_or_else(|| {
        eprintln!("benchmark data ../shared/{rel} is missing (set CHESSNOTE_SHARED)");
        std::process::exit(0);
    })
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
/// one pass over `items` items), then times them again interleaved, and
/// prints both: criterion's mean time per item with its ratio to the first
/// contender, and the interleaved medians.
///
/// Criterion times one contender after another, so a machine that slows
/// down for a few seconds (a busy neighbour) skews their ratio. The
/// interleaved rounds time one pass of every contender in turn, starting
/// with a different one each round, and take the median over rounds of
/// each contender's time and of its ratio to the first one in the same
/// round: slowdowns shared by a round cancel out.
///
/// Returns the table's rows, in the contenders' order, for a caller that
/// prints more (throughputs, ratios of its own).
pub fn compare<'a>(
    c: &mut Criterion,
    group: &str,
    items: usize,
    mut contenders: Vec<Contender<'a>>,
) -> Vec<Row<'a>> {
    let mut totals: Vec<Cell<(u64, Duration)>> = Vec::new();
    {
        let mut g = c.benchmark_group(group);
        g.throughput(criterion::Throughput::Elements(items as u64));
        for contender in &mut contenders {
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
            totals.push(total);
        }
        g.finish();
    }
    // Only the contenders criterion ran (its filter may have left some out).
    let ran: Vec<bool> = totals.iter().map(|t| t.get().0 > 0).collect();
    let rounds = interleaved(&mut contenders, &ran);
    let rows: Vec<Row> = contenders
        .iter()
        .zip(&totals)
        .enumerate()
        .map(|(i, (contender, total))| {
            let (iters, time) = total.get();
            Row {
                name: contender.name,
                criterion_ns: per_item(time.as_secs_f64(), iters, items),
                median_ns: median(rounds.iter().map(|r| per_item(r[i], 1, items))),
                median_ratio: median(rounds.iter().map(|r| r[i] / r[0])),
            }
        })
        .collect();
    print_table(group, items, rounds.len(), &rows);
    rows
}

/// One line of the table: a contender's times.
#[derive(Copy, Clone, Debug)]
pub struct Row<'a> {
    /// The contender's name.
    pub name: &'a str,
    /// Criterion's mean time per item, in nanoseconds.
    pub criterion_ns: f64,
    /// The median over the interleaved rounds of the time per item.
    pub median_ns: f64,
    /// The median over the interleaved rounds of the time of this
    /// contender over the first one's in the same round.
    pub median_ratio: f64,
}

/// Interleaved rounds: each a pass of every contender that `ran`, in an
/// order that rotates from round to round; the seconds each took (NaN for
/// the others). At most 31 rounds or about 3 seconds, at least 5 rounds.
fn interleaved(contenders: &mut [Contender<'_>], ran: &[bool]) -> Vec<Vec<f64>> {
    const MAX_ROUNDS: usize = 31;
    const MIN_ROUNDS: usize = 5;
    const BUDGET: Duration = Duration::from_secs(3);
    let n = contenders.len();
    let mut rounds = Vec::new();
    if !ran.iter().any(|&r| r) {
        return rounds;
    }
    let start = Instant::now();
    while rounds.len() < MAX_ROUNDS && (rounds.len() < MIN_ROUNDS || start.elapsed() < BUDGET) {
        let mut times = vec![f64::NAN; n];
        for k in 0..n {
            let i = (k + rounds.len()) % n;
            if ran[i] {
                let pass = Instant::now();
                (contenders[i].run)();
                times[i] = pass.elapsed().as_secs_f64();
            }
        }
        rounds.push(times);
    }
    rounds
}

/// Nanoseconds per item of `seconds` spent on `iters` passes over `items`.
fn per_item(seconds: f64, iters: u64, items: usize) -> f64 {
    if iters == 0 || items == 0 {
        return f64::NAN;
    }
    seconds * 1e9 / iters as f64 / items as f64
}

/// The median of the values that are not NaN (NaN if there are none).
fn median(values: impl Iterator<Item = f64>) -> f64 {
    let mut values: Vec<f64> = values.filter(|v| !v.is_nan()).collect();
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}

fn print_table(group: &str, items: usize, rounds: usize, rows: &[Row<'_>]) {
    let Some(first) = rows.first() else {
        return;
    };
    println!("\n== {group}: {items} items per iteration, same run ==");
    println!(
        "{:<34} {:>12} {:>14} {:>16} {:>16}",
        "contender", "ns/item", "time / first", "median ns/item", "median ratio"
    );
    for row in rows {
        println!(
            "{:<34} {:>12.2} {:>14.2} {:>16.2} {:>16.2}",
            row.name,
            row.criterion_ns,
            row.criterion_ns / first.criterion_ns,
            row.median_ns,
            row.median_ratio,
        );
    }
    println!("(ns/item, time / first: criterion's means; median: {rounds} interleaved rounds)");
    println!();
}
