//! Scratch: error summary per PGN file.
use std::collections::BTreeMap;
fn main() {
    let root = std::env::args().nth(1).unwrap();
    let mut files = vec![];
    let mut stack = vec![std::path::PathBuf::from(&root)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p)
            } else {
                files.push(p)
            }
        }
    }
    files.sort();
    for f in files {
        let raw = std::fs::read(&f).unwrap();
        let data = if f.extension().is_some_and(|e| e == "zst") {
            let mut out = vec![];
            let mut dec = ruzstd::decoding::StreamingDecoder::new(&raw[..]).unwrap();
            std::io::Read::read_to_end(&mut dec, &mut out).unwrap();
            out
        } else {
            raw
        };
        let t = std::time::Instant::now();
        let games: Vec<_> = chessnote::pgn::Reader::from_slice(&data).games().collect();
        let el = t.elapsed();
        let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
        let mut first = None;
        for g in &games {
            for e in &g.errors {
                *kinds.entry(e.kind().name()).or_default() += 1;
                if first.is_none() {
                    first = Some(e.to_string());
                }
            }
        }
        let moves: usize = games.iter().map(|g| g.moves.len()).sum();
        println!(
            "{} games={} moves={} {:?} {:.1}MB/s {}",
            f.strip_prefix(&root).unwrap().display(),
            games.len(),
            moves,
            kinds,
            data.len() as f64 / el.as_secs_f64() / 1e6,
            first.unwrap_or_default()
        );
    }
}
