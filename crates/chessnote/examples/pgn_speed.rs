//! Scratch: speed of syntax-only and games() on one file.
use chessnote::pgn::*;
use chessnote::san::SanPlus;
use std::ops::ControlFlow;
struct Count(u64);
impl Visitor for Count {
    type Tags = ();
    type Movetext = ();
    type Output = ();
    fn begin_game(&mut self, _: GameStart) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn san(&mut self, _: &mut (), _: SanPlus, _: Token<'_>) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
    fn error(&mut self, _: PgnError) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}
fn main() {
    let f = std::env::args().nth(1).unwrap();
    let mode = std::env::args().nth(2).unwrap_or_default();
    let raw = std::fs::read(&f).unwrap();
    let data = if f.ends_with(".zst") {
        let mut out = vec![];
        let mut dec = ruzstd::decoding::StreamingDecoder::new(&raw[..]).unwrap();
        std::io::Read::read_to_end(&mut dec, &mut out).unwrap();
        out
    } else {
        raw
    };
    let reps: usize = std::env::var("REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    for _ in 0..reps {
        let t = std::time::Instant::now();
        let n = match mode.as_str() {
            "games" => Reader::from_slice(&data)
                .games()
                .map(|g| g.moves.len() as u64)
                .sum(),
            "headers" => Reader::from_slice(&data).headers().count() as u64,
            _ => {
                let mut c = Count(0);
                Reader::from_slice(&data).visit_all_games(&mut c).unwrap();
                c.0
            }
        };
        let el = t.elapsed();
        println!(
            "{mode} n={n} {:.1} MB/s",
            data.len() as f64 / el.as_secs_f64() / 1e6
        );
    }
}
