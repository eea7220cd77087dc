//! What the PGN benchmarks share (`benches/pgn.rs`, `benches/pgn_write.rs`):
//! the four workloads and chessnote's syntax-only counting pass.

use std::ops::ControlFlow::{self, Continue};

use chessnote::pgn::{GameStart, Nag, PgnError, RawComment, RawTag, Reader, Skip, Token, Visitor};
use chessnote::san::SanPlus;

use crate::read_data;

/// The synthetic file's seed and size.
pub const SYNTHETIC_SEED: u64 = 0x5EED_0012;
/// The synthetic file's size in bytes.
pub const SYNTHETIC_BYTES: usize = 4 << 20;

/// One workload: a name and its bytes (decompressed, in memory).
pub struct Workload {
    /// `book`, `lichess`, `tcec` or `synthetic`.
    pub name: &'static str,
    /// The PGN text.
    pub data: Vec<u8>,
}

/// The four workloads, in order:
///
/// - `book`: the GNU Chess opening book corpus (85.7 MB, 145,716 games, no
///   comments, movetext wrapped at 80 columns);
/// - `lichess`: the Lichess sample (1 MB, `{ [%clk …] }` after every move,
///   one movetext line per game);
/// - `tcec`: three TCEC files (long engine comments, Chess960 games with a
///   `FEN` tag), each followed by a blank line;
/// - `synthetic`: random legal games with nested variations, NAGs, glyphs
///   and comments ([`chessnote_testdata::synthetic_pgn`]).
///
/// Exits (through [`read_data`]) when the shared data is missing.
pub fn workloads() -> Vec<Workload> {
    let tcec: Vec<u8> = [
        "TCEC_Season_13_-_Superfinal",
        "TCEC_Season_21_-_Frc4_Final",
        "TCEC_Season_21_-_Infrafinal",
    ]
    .iter()
    .flat_map(|name| {
        let mut file = read_data(&format!("data/pgn/tcec/{name}.pgn.zst"));
        // Files need not end with a blank line: keep the games apart.
        file.extend_from_slice(b"\n\n");
        file
    })
    .collect();
    vec![
        Workload {
            name: "book",
            data: read_data("data/pgn/large/gnuchess-book_1.02.pgn.zst"),
        },
        Workload {
            name: "lichess",
            data: read_data("data/pgn/medium/lichess_db_1000k.pgn"),
        },
        Workload {
            name: "tcec",
            data: tcec,
        },
        Workload {
            name: "synthetic",
            data: chessnote_testdata::synthetic_pgn(SYNTHETIC_SEED, SYNTHETIC_BYTES),
        },
    ]
}

/// A profiler's pass of a bench, from its environment variable `var` (as
/// `PGN_WRITE_PASS=tcec:b:50`): the workload named first, the contender
/// named second (`default` when left out), and how many passes (third;
/// one when left out). Exits with status 2 on a bad count or an unknown
/// workload.
pub fn pass_spec<'s>(var: &str, spec: &'s str, default: &'s str) -> (Workload, &'s str, u32) {
    let mut fields = spec.split(':');
    let name = fields.next().unwrap_or_default();
    let contender = fields.next().unwrap_or(default);
    let passes: u32 = fields.next().map_or(Ok(1), str::parse).unwrap_or_else(|e| {
        eprintln!("{var}: bad pass count: {e}");
        std::process::exit(2);
    });
    let Some(workload) = workloads().into_iter().find(|w| w.name == name) else {
        eprintln!("{var}: no workload {name:?}");
        std::process::exit(2);
    };
    (workload, contender, passes)
}

/// What a syntax pass counts.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Games ended.
    pub games: u64,
    /// Tags.
    pub tags: u64,
    /// SAN moves, variations included.
    pub sans: u64,
    /// NAGs (glyphs included).
    pub nags: u64,
    /// Comments.
    pub comments: u64,
    /// Variations.
    pub variations: u64,
    /// Problems chessnote reported (pgn-reader reports none).
    pub errors: u64,
}

/// chessnote: counts everything, reads variations.
#[derive(Default)]
pub struct CnCount(pub Counts);

impl Visitor for CnCount {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, _: GameStart) -> ControlFlow<(), ()> {
        Continue(())
    }
    fn tag(&mut self, _: &mut (), _: &[u8], _: RawTag<'_>) -> ControlFlow<()> {
        self.0.tags += 1;
        Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        Continue(())
    }
    fn san(&mut self, _: &mut (), _: SanPlus, _: Token<'_>) -> ControlFlow<()> {
        self.0.sans += 1;
        Continue(())
    }
    fn nag(&mut self, _: &mut (), _: Nag) -> ControlFlow<()> {
        self.0.nags += 1;
        Continue(())
    }
    fn partial_comment(&mut self, _: &mut (), _: RawComment<'_>) -> ControlFlow<()> {
        Continue(())
    }
    fn comment(&mut self, _: &mut (), _: RawComment<'_>) -> ControlFlow<()> {
        self.0.comments += 1;
        Continue(())
    }
    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        Continue(Skip(false))
    }
    fn end_variation(&mut self, _: &mut ()) -> ControlFlow<()> {
        self.0.variations += 1;
        Continue(())
    }
    fn error(&mut self, _: PgnError) -> ControlFlow<()> {
        self.0.errors += 1;
        Continue(())
    }
    fn end_game(&mut self, _: ()) {
        self.0.games += 1;
    }
}

/// chessnote's syntax pass over `data`: every game read, variations
/// included, through [`CnCount`].
pub fn cn_syntax(data: &[u8]) -> Counts {
    let mut visitor = CnCount::default();
    let Ok(()) = Reader::from_slice(data).visit_all_games(&mut visitor);
    visitor.0
}
