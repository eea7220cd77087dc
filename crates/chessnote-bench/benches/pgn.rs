//! PGN reading, chessnote against pgn-reader (+ shakmaty for replay), on
//! four workloads read from memory (decompressed once, before timing):
//!
//! - `book`: the GNU Chess opening book corpus (85.7 MB, 145,716 games, no
//!   comments, movetext wrapped at 80 columns);
//! - `lichess`: the Lichess sample (1 MB, `{ [%clk …] }` after every move,
//!   one movetext line per game);
//! - `tcec`: three TCEC files (long engine comments, Chess960 games with a
//!   `FEN` tag);
//! - `synthetic`: random legal games with nested variations, NAGs, glyphs
//!   and comments ([`chessnote_testdata::synthetic_pgn`]).
//!
//! On each, four comparisons (one `compare` run each, so one table each):
//!
//! - `syntax`: a counting visitor (games, tags, SAN, NAGs, comments,
//!   variations read, not skipped);
//! - `replay`: every mainline move replayed legally (variations skipped):
//!   chessnote's one routing (`Replay`) with a counting sink, chessnote's
//!   `Reader::games()`, and
//!   pgn-reader + shakmaty (`to_move` + `play_unchecked`);
//! - `headers`: the tags only, the movetext skipped: chessnote's
//!   `Reader::headers()` against a pgn-reader visitor that collects the
//!   tags the same way (decoded, owned) and breaks at the movetext;
//! - `tags_counted`: the same with visitors that only count the tags (the
//!   readers alone, no allocation).
//!
//! Items are games; MB/s is the workload's bytes over the time per pass
//! (printed with each workload). Before timing, the counts of both readers
//! are compared (the SAN moves must agree; see `check_counts`).
//!
//! `PGN_REPLAY_PASS=lichess:cn:50` runs fifty replay passes of one
//! contender (`cn` or `pr`) and exits, for a profiler (see `one_pass`).

use std::hint::black_box;
use std::ops::ControlFlow::{self, Break, Continue};

use chessnote::pgn::{
    GameSink, GameStart, PgnError, PgnErrorKind, Ply, RawTag, ReadOptions, Reader, Replay,
    ReplayOptions, ReplayState, Visitor,
};
use chessnote_bench::pgn::{Counts, Workload, cn_syntax, pass_spec, workloads};
use chessnote_bench::{Contender, compare};
use criterion::Criterion;
use shakmaty::{CastlingMode, Chess, Position as _};

// ---------------------------------------------------------------- chessnote

/// chessnote: the mainline replayed by the one routing, [`Replay`], into a
/// sink that counts.
#[derive(Default)]
struct CnCount {
    /// Moves replayed, and lines stopped by an illegal move or a bad start.
    moves: u64,
    stopped: u64,
}

impl GameSink for CnCount {
    type Output = ();

    fn ply(&mut self, _: &ReplayState, ply: &Ply<'_>) {
        self.moves += u64::from(ply.played && ply.mv.is_some());
    }
    fn end_game(&mut self, state: &mut ReplayState) {
        let replay = [
            PgnErrorKind::IllegalMove,
            PgnErrorKind::InvalidFen,
            PgnErrorKind::UnsupportedVariant,
        ];
        self.stopped += state
            .errors()
            .iter()
            .filter(|e| replay.contains(&e.kind()))
            .count() as u64;
    }
}

/// (games, moves replayed, lines stopped).
fn cn_replay(data: &[u8]) -> (u64, u64, u64) {
    let mut replay = Replay::new(CnCount::default(), ReplayOptions::new(ReadOptions::DEFAULT));
    let mut reader = Reader::from_slice(data);
    let Ok(()) = reader.visit_all_games(&mut replay);
    let count = replay.sink();
    (reader.games_started(), count.moves, count.stopped)
}

/// (games, moves replayed).
fn cn_games(data: &[u8]) -> (u64, u64) {
    let mut games = 0;
    let mut moves = 0;
    for game in Reader::from_slice(data).games() {
        games += 1;
        moves += game.legal_moves().count() as u64;
        black_box(&game);
    }
    (games, moves)
}

/// (games, tags).
fn cn_headers(data: &[u8]) -> (u64, u64) {
    let mut games = 0;
    let mut tags = 0;
    for headers in Reader::from_slice(data).headers() {
        games += 1;
        tags += headers.tags.len() as u64;
        black_box(&headers);
    }
    (games, tags)
}

/// chessnote: counts tags, breaks at the movetext.
#[derive(Default)]
struct CnTagCount(u64);

impl Visitor for CnTagCount {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, _: GameStart) -> ControlFlow<(), ()> {
        Continue(())
    }
    fn tag(&mut self, _: &mut (), _: &[u8], _: RawTag<'_>) -> ControlFlow<()> {
        self.0 += 1;
        Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        Break(())
    }
    fn error(&mut self, _: PgnError) -> ControlFlow<()> {
        Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

/// (games, tags).
fn cn_tag_count(data: &[u8]) -> (u64, u64) {
    let mut visitor = CnTagCount::default();
    let mut reader = Reader::from_slice(data);
    let Ok(()) = reader.visit_all_games(&mut visitor);
    (reader.games_started(), visitor.0)
}

// --------------------------------------------------------------- pgn-reader

/// pgn-reader: counts everything, reads variations.
#[derive(Default)]
struct PrCount(Counts);

impl pgn_reader::Visitor for PrCount {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        Continue(())
    }
    fn tag(&mut self, _: &mut (), _: &[u8], _: pgn_reader::RawTag<'_>) -> ControlFlow<()> {
        self.0.tags += 1;
        Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        Continue(())
    }
    fn san(&mut self, _: &mut (), _: shakmaty::san::SanPlus) -> ControlFlow<()> {
        self.0.sans += 1;
        Continue(())
    }
    fn nag(&mut self, _: &mut (), _: pgn_reader::Nag) -> ControlFlow<()> {
        self.0.nags += 1;
        Continue(())
    }
    fn partial_comment(&mut self, _: &mut (), _: pgn_reader::RawComment<'_>) -> ControlFlow<()> {
        Continue(())
    }
    fn comment(&mut self, _: &mut (), _: pgn_reader::RawComment<'_>) -> ControlFlow<()> {
        self.0.comments += 1;
        Continue(())
    }
    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), pgn_reader::Skip> {
        Continue(pgn_reader::Skip(false))
    }
    fn end_variation(&mut self, _: &mut ()) -> ControlFlow<()> {
        self.0.variations += 1;
        Continue(())
    }
    fn end_game(&mut self, _: ()) {
        self.0.games += 1;
    }
}

fn pr_syntax(data: &[u8]) -> Counts {
    let mut visitor = PrCount::default();
    pgn_reader::Reader::new(data)
        .visit_all_games(&mut visitor)
        .expect("pgn-reader reads the workload");
    visitor.0
}

/// pgn-reader + shakmaty: the mainline replayed, the start position from
/// the `FEN` tag, Chess960 castling when the `Variant` tag says so.
#[derive(Default)]
struct PrReplay {
    games: u64,
    moves: u64,
    stopped: u64,
}

#[derive(Default)]
struct PrTags {
    fen: Option<shakmaty::fen::Fen>,
    bad_fen: bool,
    chess960: bool,
}

fn is_chess960(variant: &[u8]) -> bool {
    [
        "chess960",
        "chess 960",
        "fischerandom",
        "fischerrandom",
        "fischer random",
        "960",
    ]
    .iter()
    .any(|name| variant.eq_ignore_ascii_case(name.as_bytes()))
}

impl pgn_reader::Visitor for PrReplay {
    type Tags = PrTags;
    type Movetext = Option<Chess>;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), PrTags> {
        Continue(PrTags::default())
    }
    fn tag(
        &mut self,
        tags: &mut PrTags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<()> {
        match name {
            b"FEN" => match shakmaty::fen::Fen::from_ascii(value.as_bytes()) {
                Ok(fen) => tags.fen = Some(fen),
                Err(_) => tags.bad_fen = true,
            },
            b"Variant" => tags.chess960 = is_chess960(value.as_bytes()),
            _ => {}
        }
        Continue(())
    }
    fn begin_movetext(&mut self, tags: PrTags) -> ControlFlow<(), Option<Chess>> {
        let mode = if tags.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let start = match tags.fen {
            _ if tags.bad_fen => None,
            Some(fen) => fen.into_position(mode).ok(),
            None => Some(Chess::default()),
        };
        if start.is_none() {
            self.stopped += 1;
        }
        Continue(start)
    }
    fn san(
        &mut self,
        position: &mut Option<Chess>,
        san: shakmaty::san::SanPlus,
    ) -> ControlFlow<()> {
        if let Some(pos) = position {
            match san.san.to_move(pos) {
                Ok(mv) => {
                    pos.play_unchecked(mv);
                    self.moves += 1;
                }
                Err(_) => {
                    *position = None;
                    self.stopped += 1;
                }
            }
        }
        Continue(())
    }
    fn end_game(&mut self, _: Option<Chess>) {
        self.games += 1;
    }
}

/// (games, moves replayed, lines stopped).
fn pr_replay(data: &[u8]) -> (u64, u64, u64) {
    let mut visitor = PrReplay::default();
    pgn_reader::Reader::new(data)
        .visit_all_games(&mut visitor)
        .expect("pgn-reader reads the workload");
    (visitor.games, visitor.moves, visitor.stopped)
}

/// pgn-reader: the tags collected as chessnote's `Headers` has them
/// (decoded, owned), the movetext skipped.
struct PrHeaders;

impl pgn_reader::Visitor for PrHeaders {
    type Tags = Vec<(String, String)>;
    type Movetext = ();
    type Output = Vec<(String, String)>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        Continue(Vec::new())
    }
    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        Continue(())
    }
    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, ()> {
        Break(tags)
    }
    fn end_game(&mut self, _: ()) -> Self::Output {
        Vec::new()
    }
}

/// (games, tags).
fn pr_headers(data: &[u8]) -> (u64, u64) {
    let mut reader = pgn_reader::Reader::new(data);
    let (mut games, mut tags) = (0, 0);
    while let Some(headers) = reader
        .read_game(&mut PrHeaders)
        .expect("pgn-reader reads the workload")
    {
        games += 1;
        tags += headers.len() as u64;
        black_box(&headers);
    }
    (games, tags)
}

/// pgn-reader: counts tags, breaks at the movetext.
#[derive(Default)]
struct PrTagCount {
    games: u64,
    tags: u64,
}

impl pgn_reader::Visitor for PrTagCount {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        self.games += 1;
        Continue(())
    }
    fn tag(&mut self, _: &mut (), _: &[u8], _: pgn_reader::RawTag<'_>) -> ControlFlow<()> {
        self.tags += 1;
        Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        Break(())
    }
    fn end_game(&mut self, _: ()) {}
}

/// (games, tags).
fn pr_tag_count(data: &[u8]) -> (u64, u64) {
    let mut visitor = PrTagCount::default();
    pgn_reader::Reader::new(data)
        .visit_all_games(&mut visitor)
        .expect("pgn-reader reads the workload");
    (visitor.games, visitor.tags)
}

// ---------------------------------------------------------------- workloads

/// Both readers must see the same games and the same moves before their
/// speeds mean anything: the SAN counts of the syntax pass and the moves
/// of the replay passes must agree.
fn check_counts(w: &Workload) -> u64 {
    let ours = cn_syntax(&w.data);
    let theirs = pr_syntax(&w.data);
    eprintln!("{}: chessnote {ours:?}", w.name);
    eprintln!("{}: pgn-reader {theirs:?}", w.name);
    assert_eq!(ours.games, theirs.games, "{}: games", w.name);
    assert_eq!(ours.sans, theirs.sans, "{}: SAN moves", w.name);
    let replay = cn_replay(&w.data);
    let games = cn_games(&w.data);
    let shakmaty = pr_replay(&w.data);
    eprintln!(
        "{}: replayed (games, moves, stopped): chessnote {replay:?}, games() {games:?}, \
         pgn-reader + shakmaty {shakmaty:?}",
        w.name
    );
    assert_eq!(replay.1, games.1, "{}: replayed moves, games()", w.name);
    assert_eq!(replay.1, shakmaty.1, "{}: replayed moves, shakmaty", w.name);
    let headers = cn_headers(&w.data);
    assert_eq!(headers, pr_headers(&w.data), "{}: headers", w.name);
    assert_eq!(headers, cn_tag_count(&w.data), "{}: tag count", w.name);
    assert_eq!(headers, pr_tag_count(&w.data), "{}: tag count", w.name);
    ours.games
}

fn bench(c: &mut Criterion, w: &Workload) {
    let games = check_counts(w) as usize;
    let bytes = w.data.len();
    println!(
        "\n### {}: {bytes} bytes, {games} games ({} bytes/game): MB/s = {:.1} / (ns/item)",
        w.name,
        bytes / games.max(1),
        bytes as f64 / games.max(1) as f64 * 1e3 / 1e6,
    );
    let data = &w.data[..];
    compare(
        c,
        &format!("pgn_syntax/{}", w.name),
        games,
        vec![
            Contender::new("chessnote Reader::from_slice", || {
                black_box(cn_syntax(black_box(data)));
            }),
            Contender::new("pgn-reader Reader::new(&[u8])", || {
                black_box(pr_syntax(black_box(data)));
            }),
        ],
    );
    compare(
        c,
        &format!("pgn_replay/{}", w.name),
        games,
        vec![
            Contender::new("chessnote Replay + counting sink", || {
                black_box(cn_replay(black_box(data)));
            }),
            Contender::new("chessnote Reader::games()", || {
                black_box(cn_games(black_box(data)));
            }),
            Contender::new("pgn-reader + shakmaty", || {
                black_box(pr_replay(black_box(data)));
            }),
        ],
    );
    compare(
        c,
        &format!("pgn_headers/{}", w.name),
        games,
        vec![
            Contender::new("chessnote Reader::headers()", || {
                black_box(cn_headers(black_box(data)));
            }),
            Contender::new("pgn-reader tags collected, Break", || {
                black_box(pr_headers(black_box(data)));
            }),
        ],
    );
    compare(
        c,
        &format!("pgn_tags_counted/{}", w.name),
        games,
        vec![
            Contender::new("chessnote visitor, Break", || {
                black_box(cn_tag_count(black_box(data)));
            }),
            Contender::new("pgn-reader visitor, Break", || {
                black_box(pr_tag_count(black_box(data)));
            }),
        ],
    );
}

/// One replay pass, or `N` passes, over one workload outside criterion,
/// for a profiler: `PGN_REPLAY_PASS=lichess:cn:50` (workload, `cn` for
/// chessnote's [`Replay`] or `pr` for pgn-reader + shakmaty, passes; the
/// passes outweigh loading the workloads).
fn one_pass(spec: &str) {
    let (w, who, passes) = pass_spec("PGN_REPLAY_PASS", spec, "cn");
    let replay = match who {
        "cn" => cn_replay,
        "pr" => pr_replay,
        _ => {
            eprintln!("PGN_REPLAY_PASS: no contender {who:?} (cn or pr)");
            std::process::exit(2);
        }
    };
    for _ in 0..passes {
        eprintln!("{:?}", replay(black_box(&w.data)));
    }
}

fn main() {
    if let Ok(spec) = std::env::var("PGN_REPLAY_PASS") {
        one_pass(&spec);
        return;
    }
    // Ten samples by default for the 86 MB book (a replay pass takes about a
    // second), criterion's default for the others; a `--sample-size` on the
    // command line applies to all.
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
