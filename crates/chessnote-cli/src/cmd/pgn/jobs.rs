//! What each subcommand does with a game: the [`Job`]s.

use std::fmt::Write as _;
use std::ops::ControlFlow::{self, Break, Continue};

use chessnote::Diagnostic;
use chessnote::Move;
use chessnote::pgn::commands::Score;
use chessnote::pgn::filter::TagsAndPlies;
use chessnote::pgn::{
    Game, GameBuilder, GameResult, GameStart, Input, Nag, PgnError, PgnErrorKind, PgnWriter,
    RawComment, RawTag, ReadOptions, Reader, Replayer, Skip, Token, Visitor, WriteOptions,
    decode_text,
};
use chessnote::position::{Notation, WriteNotation};
use chessnote::san::{San, SanPlus};
use chessnote::uci::Uci;

use super::drive::{Ctx, Job, Out};

/// `check`: every game read and replayed, variations too; each problem on
/// stdout.
pub struct Check {
    /// `--json`.
    pub json: bool,
    /// How to read.
    pub options: ReadOptions,
}

impl Job for Check {
    type Worker = GameBuilder;

    fn worker(&self) -> GameBuilder {
        Game::builder_with(self.options).variations(true)
    }

    fn game<I: Input>(
        &self,
        builder: &mut GameBuilder,
        reader: &mut Reader<I>,
        ctx: &Ctx<'_>,
        out: &mut Out,
    ) -> Result<bool, I::Error> {
        let Some(game) = reader.read_game(builder)? else {
            return Ok(false);
        };
        out.games += 1;
        out.matched += 1;
        if game.errors.is_empty() {
            return Ok(true);
        }
        let names = Names::of(|name| game.tag(name));
        for error in &game.errors {
            if self.json {
                problem_json(&mut out.stdout, ctx.name, &names, error);
            } else {
                problem_line(&mut out.stdout, ctx.name, &names, error);
            }
        }
        count_problems(out, game.errors.len());
        Ok(true)
    }
}

/// `convert --to uci|san|lan|eran|eran-short`: one line of moves per game.
pub struct Moves {
    /// The notation.
    pub notation: WriteNotation,
    /// How to read.
    pub options: ReadOptions,
}

impl Job for Moves {
    type Worker = MovesVisitor;

    fn worker(&self) -> MovesVisitor {
        MovesVisitor::new(self.notation, self.options)
    }

    fn game<I: Input>(
        &self,
        visitor: &mut MovesVisitor,
        reader: &mut Reader<I>,
        ctx: &Ctx<'_>,
        out: &mut Out,
    ) -> Result<bool, I::Error> {
        visitor.filter = ctx.settings.filter.is_some();
        if reader.read_game(visitor)?.is_none() {
            return Ok(false);
        }
        out.games += 1;
        let keep = ctx.settings.filter.as_ref().is_none_or(|f| {
            f.matches(&TagsAndPlies {
                tags: &visitor.tags,
                plies: visitor.plies,
            })
        });
        if !keep {
            return Ok(true);
        }
        out.matched += 1;
        out.stdout.push_str(&visitor.line);
        out.stdout.push('\n');
        if !visitor.errors.is_empty() {
            let names = Names::of(|name| {
                visitor
                    .tags
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| v.as_str())
            });
            for error in &visitor.errors {
                problem_line(&mut out.stderr, ctx.name, &names, error);
            }
            count_problems(out, visitor.errors.len());
        }
        Ok(true)
    }
}

/// The visitor of `convert --to uci|san|…`: each game's mainline replayed
/// and written straight into one line, no [`Game`] built. It plays the
/// moves as [`GameBuilder`] does (the same [`Replayer`], the same lines
/// stopped, the same errors in the same order), so its line is
/// [`Game::uci`] or [`Game::moves_in`] of the game, which the tests check.
#[derive(Debug)]
pub struct MovesVisitor {
    replayer: Replayer,
    notation: WriteNotation,
    /// Whether `--where` is given (then every tag is kept).
    filter: bool,
    /// The game's line of moves.
    line: String,
    /// Its problems, in input order.
    errors: Vec<PgnError>,
    /// Its players, and with `--where` every tag.
    tags: Vec<(String, String)>,
    /// Its mainline moves as read (as [`Game::moves`] counts them).
    plies: u32,
    /// Whether a move was written on the line.
    any: bool,
}

impl MovesVisitor {
    fn new(notation: WriteNotation, options: ReadOptions) -> MovesVisitor {
        // UCI needs no position before the move; the others do.
        let replayer = if notation.notation() == Notation::Uci {
            Replayer::mainline_only(options.san)
        } else {
            Replayer::new(options.san)
        };
        MovesVisitor {
            replayer: replayer.fen_options(options.fen),
            notation,
            filter: false,
            line: String::new(),
            errors: Vec::new(),
            tags: Vec::new(),
            plies: 0,
            any: false,
        }
    }

    /// Writes a move (`None`: a null move) just played.
    fn write(&mut self, mv: Option<Move>) {
        if self.any {
            self.line.push(' ');
        }
        self.any = true;
        let uci = self.notation.notation() == Notation::Uci;
        let Some(mv) = mv else {
            self.line.push_str(if uci { "0000" } else { "--" });
            return;
        };
        if uci {
            Uci::from_move(mv, self.replayer.start().castling_mode()).append_to(&mut self.line);
        } else if let Some(before) = self.replayer.previous_position() {
            self.line.push_str(&before.write_move(self.notation, mv));
        } else {
            let _ = write!(self.line, "{mv}");
        }
    }
}

impl Visitor for MovesVisitor {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, game: GameStart) -> ControlFlow<(), ()> {
        self.replayer.begin_game(game);
        self.line.clear();
        self.errors.clear();
        self.tags.clear();
        self.plies = 0;
        self.any = false;
        Continue(())
    }

    fn tag(&mut self, (): &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        self.replayer.tag(name, value);
        if self.filter || matches!(name, b"White" | b"Black") {
            self.tags.push((
                decode_text(name).0.into_owned(),
                value.decode_text().0.into_owned(),
            ));
        }
        Continue(())
    }

    fn begin_movetext(&mut self, (): ()) -> ControlFlow<(), ()> {
        if let Err(error) = self.replayer.begin_movetext() {
            self.errors.push(error);
        }
        Continue(())
    }

    fn san(&mut self, (): &mut (), san: SanPlus, token: Token<'_>) -> ControlFlow<()> {
        self.plies += 1;
        let stopped = self.replayer.is_stopped();
        match self.replayer.san(san, &token) {
            Ok(Some(mv)) => self.write(Some(mv)),
            Ok(None) if !stopped => self.write(None),
            Ok(None) => {}
            Err(error) => self.errors.push(error),
        }
        Continue(())
    }

    fn uci(&mut self, (): &mut (), uci: Uci, token: Token<'_>) -> ControlFlow<()> {
        if uci == Uci::Null {
            return self.san(&mut (), SanPlus::from(San::Null), token);
        }
        match self.replayer.uci(uci, &token) {
            Ok(Some((mv, _))) => {
                self.plies += 1;
                self.write(Some(mv));
            }
            Ok(None) => {}
            Err(error) => self.errors.push(error),
        }
        Continue(())
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        if matches!(
            error.kind(),
            PgnErrorKind::InvalidSan | PgnErrorKind::TooManyMoves
        ) {
            self.replayer.stop_line();
        }
        self.errors.push(error);
        Continue(())
    }

    fn end_game(&mut self, (): ()) {
        self.errors.sort_by_key(|e| e.location().byte);
    }
}

/// `convert --to json`: one object per line per game.
pub struct Json {
    /// How to read.
    pub options: ReadOptions,
}

impl Job for Json {
    type Worker = GameBuilder;

    fn worker(&self) -> GameBuilder {
        Game::builder_with(self.options)
    }

    fn game<I: Input>(
        &self,
        builder: &mut GameBuilder,
        reader: &mut Reader<I>,
        ctx: &Ctx<'_>,
        out: &mut Out,
    ) -> Result<bool, I::Error> {
        let Some(game) = reader.read_game(builder)? else {
            return Ok(false);
        };
        if !kept(ctx, &game, out) {
            return Ok(true);
        }
        game_json(&mut out.stdout, &game);
        report_errors(out, ctx, &game);
        Ok(true)
    }
}

/// `convert --to pgn`: the streaming writer, each game followed by a blank
/// line.
pub struct Pgn {
    /// The writer's options.
    pub write: WriteOptions,
    /// How to read.
    pub options: ReadOptions,
}

impl Job for Pgn {
    type Worker = Capture<PgnWriter>;

    fn worker(&self) -> Capture<PgnWriter> {
        // Replayed: SAN is written from the position (a wrong `+` read
        // with a leniency is written right), as the export format wants.
        Capture::new(PgnWriter::with_read_options(self.write, self.options).replay(true))
    }

    fn game<I: Input>(
        &self,
        capture: &mut Capture<PgnWriter>,
        reader: &mut Reader<I>,
        ctx: &Ctx<'_>,
        out: &mut Out,
    ) -> Result<bool, I::Error> {
        capture.configure(ctx.settings);
        let Some(errors) = reader.read_game(capture)? else {
            return Ok(false);
        };
        if capture.kept(ctx, out) {
            let crlf = self.write.line_ending == chessnote::pgn::LineEnding::CrLf;
            let newline = if crlf { "\r\n" } else { "\n" };
            // The writer puts a blank line before every game but its first;
            // here every game has one after it, wherever a chunk starts.
            let text = capture.inner.output();
            out.stdout
                .push_str(text.strip_prefix(newline).unwrap_or(text));
            out.stdout.push_str(newline);
            if !errors.is_empty() {
                let names = Names::of(|name| capture.tag_value(name));
                for error in &errors {
                    problem_line(&mut out.stderr, ctx.name, &names, error);
                }
                count_problems(out, errors.len());
            }
        }
        // The writer's buffer is kept for the next game.
        capture.inner.clear_output();
        Ok(true)
    }
}

/// `count`: the games `--where` keeps, read as little as it needs.
pub struct Count;

impl Job for Count {
    type Worker = Capture<Skipper>;

    fn worker(&self) -> Capture<Skipper> {
        Capture::new(Skipper(true))
    }

    /// Skipping the movetext costs what cutting chunks does: one thread.
    fn parallel(&self, settings: &super::Settings) -> bool {
        settings.filter.as_ref().is_some_and(|f| f.needs_moves())
    }

    fn game<I: Input>(
        &self,
        capture: &mut Capture<Skipper>,
        reader: &mut Reader<I>,
        ctx: &Ctx<'_>,
        out: &mut Out,
    ) -> Result<bool, I::Error> {
        capture.configure(ctx.settings);
        capture.inner.0 = !capture.plies_needed;
        if reader.read_game(capture)?.is_none() {
            return Ok(false);
        }
        capture.kept(ctx, out);
        Ok(true)
    }
}

/// Whether `--where` keeps the game; counts it.
pub fn kept(ctx: &Ctx<'_>, game: &Game, out: &mut Out) -> bool {
    out.games += 1;
    let keep = ctx.settings.filter.as_ref().is_none_or(|f| f.matches(game));
    out.matched += u64::from(keep);
    keep
}

/// The game's problems on stderr, counted.
pub fn report_errors(out: &mut Out, ctx: &Ctx<'_>, game: &Game) {
    if game.errors.is_empty() {
        return;
    }
    let names = Names::of(|name| game.tag(name));
    for error in &game.errors {
        problem_line(&mut out.stderr, ctx.name, &names, error);
    }
    count_problems(out, game.errors.len());
}

/// Counts a game's problems.
pub fn count_problems(out: &mut Out, problems: usize) {
    out.problems += problems as u64;
    out.problem_games += u64::from(problems > 0);
}

/// The players of a game, as problems name them (`?` when missing).
pub struct Names {
    white: String,
    black: String,
}

impl Names {
    /// From a game's tag lookup.
    pub fn of<'a>(tag: impl Fn(&str) -> Option<&'a str>) -> Names {
        Names {
            white: tag("White").unwrap_or("?").to_owned(),
            black: tag("Black").unwrap_or("?").to_owned(),
        }
    }

    /// White's name.
    pub fn white(&self) -> &str {
        &self.white
    }

    /// Black's name.
    pub fn black(&self) -> &str {
        &self.black
    }
}

/// `FILE:LINE:COLUMN: game N (White - Black), ply P: MESSAGE`.
pub fn problem_line(out: &mut String, file: &str, names: &Names, error: &PgnError) {
    let at = error.location();
    let _ = write!(
        out,
        "{file}:{}:{}: game {} ({} - {})",
        at.line,
        at.column,
        error.game() + 1,
        names.white,
        names.black
    );
    if let Some(ply) = error.ply() {
        let _ = write!(out, ", ply {ply}");
    }
    let _ = writeln!(out, ": {}", error.message());
}

/// A problem as one JSON object on a line.
fn problem_json(out: &mut String, file: &str, names: &Names, error: &PgnError) {
    let at = error.location();
    out.push_str("{\"file\":");
    json_str(out, file);
    let _ = write!(
        out,
        ",\"line\":{},\"column\":{},\"offset\":{},\"game\":{},\"white\":",
        at.line,
        at.column,
        at.byte,
        error.game() + 1
    );
    json_str(out, &names.white);
    out.push_str(",\"black\":");
    json_str(out, &names.black);
    out.push_str(",\"ply\":");
    json_opt(out, error.ply());
    out.push_str(",\"kind\":");
    json_str(out, error.kind_name());
    out.push_str(",\"message\":");
    json_str(out, &error.message());
    out.push_str("}\n");
}

/// The JSON object of a game (see `docs/cli.md`).
fn game_json(out: &mut String, game: &Game) {
    let _ = write!(
        out,
        "{{\"index\":{},\"offset\":{},\"line\":{},\"headers\":{{",
        game.index, game.offset, game.line
    );
    for (i, (name, value)) in game.tags.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_str(out, name);
        out.push(':');
        json_str(out, value);
    }
    out.push_str("},\"fen\":");
    json_str(out, &game.start.to_string());
    out.push_str(",\"chess960\":");
    out.push_str(if game.chess960 { "true" } else { "false" });
    out.push_str(",\"uci\":[");
    let mut plies = 0;
    for (i, uci) in game.uci().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('"');
        uci.append_to(out);
        out.push('"');
        plies += 1;
    }
    out.push_str("],\"san\":[");
    for (i, san) in game.moves_in(Notation::San).iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_str(out, san);
    }
    out.push_str("],\"result\":");
    match game.result {
        Some(result) => json_str(out, result.as_str()),
        None => out.push_str("null"),
    }
    out.push_str(",\"clocks\":[");
    for (i, m) in game.moves.iter().take(plies).enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_opt(out, m.clock().map(|c| c.0));
    }
    out.push_str("],\"evals\":[");
    for (i, m) in game.moves.iter().take(plies).enumerate() {
        if i > 0 {
            out.push(',');
        }
        match m.eval().map(|e| e.score) {
            Some(Score::Centipawns(cp)) => {
                let _ = write!(out, "{{\"cp\":{cp}}}");
            }
            Some(Score::Mate(mate)) => {
                let _ = write!(out, "{{\"mate\":{mate}}}");
            }
            None => out.push_str("null"),
        }
    }
    let _ = write!(out, "],\"plies\":{},\"errors\":[", game.moves.len());
    for (i, error) in game.errors.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let at = error.location();
        out.push_str("{\"kind\":");
        json_str(out, error.kind_name());
        out.push_str(",\"message\":");
        json_str(out, &error.message());
        let _ = write!(
            out,
            ",\"offset\":{},\"line\":{},\"column\":{},\"ply\":",
            at.byte, at.line, at.column
        );
        json_opt(out, error.ply());
        out.push('}');
    }
    out.push_str("]}\n");
}

fn json_opt(out: &mut String, value: Option<impl std::fmt::Display>) {
    match value {
        Some(v) => {
            let _ = write!(out, "{v}");
        }
        None => out.push_str("null"),
    }
}

/// A JSON string: quotes, `\"`, `\\` and control characters escaped.
pub use chessnote_export::text::json_str;

/// A visitor that skips everything, or the movetext only when told
/// (`.0`: stop at the movetext).
#[derive(Debug, Default)]
pub struct Skipper(pub bool);

impl Visitor for Skipper {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, _: GameStart) -> ControlFlow<(), ()> {
        Continue(())
    }

    fn begin_movetext(&mut self, (): ()) -> ControlFlow<(), ()> {
        if self.0 { Break(()) } else { Continue(()) }
    }

    fn error(&mut self, _: PgnError) -> ControlFlow<()> {
        Continue(())
    }

    fn end_game(&mut self, (): ()) {}
}

/// A visitor around another that keeps what `--where` and the problem
/// lines need of each game: the tags they name, and the mainline's plies.
#[derive(Debug)]
pub struct Capture<V> {
    /// The visitor it passes everything on to.
    pub inner: V,
    /// Whether `--where` is given (then tags are kept).
    filter: bool,
    /// Whether mainline plies are counted.
    plies_needed: bool,
    tags: Vec<(String, String)>,
    plies: u32,
    depth: u32,
}

impl<V> Capture<V> {
    /// A capture around `inner`, keeping what the settings' `--where`
    /// needs.
    pub fn new(inner: V) -> Capture<V> {
        Capture {
            inner,
            filter: false,
            plies_needed: false,
            tags: Vec::new(),
            plies: 0,
            depth: 0,
        }
    }

    /// Keeps what `settings`' `--where` needs.
    pub fn configure(&mut self, settings: &super::Settings) {
        self.filter = settings.filter.is_some();
        self.plies_needed = settings.filter.as_ref().is_some_and(|f| f.needs_moves());
    }

    fn tag_value(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether `--where` keeps the game just read; counts it.
    pub fn kept(&self, ctx: &Ctx<'_>, out: &mut Out) -> bool {
        out.games += 1;
        let keep = ctx.settings.filter.as_ref().is_none_or(|f| {
            f.matches(&TagsAndPlies {
                tags: &self.tags,
                plies: self.plies,
            })
        });
        out.matched += u64::from(keep);
        keep
    }
}

impl<V: Visitor> Visitor for Capture<V> {
    type Tags = V::Tags;
    type Movetext = V::Movetext;
    type Output = V::Output;

    fn begin_game(&mut self, game: GameStart) -> ControlFlow<V::Output, V::Tags> {
        self.tags.clear();
        self.plies = 0;
        self.depth = 0;
        self.inner.begin_game(game)
    }

    fn tag(
        &mut self,
        tags: &mut V::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<V::Output> {
        if matches!(name, b"White" | b"Black") || self.filter {
            self.tags.push((
                decode_text(name).0.into_owned(),
                value.decode_text().0.into_owned(),
            ));
        }
        self.inner.tag(tags, name, value)
    }

    fn begin_movetext(&mut self, tags: V::Tags) -> ControlFlow<V::Output, V::Movetext> {
        self.inner.begin_movetext(tags)
    }

    fn san(
        &mut self,
        m: &mut V::Movetext,
        san: SanPlus,
        token: Token<'_>,
    ) -> ControlFlow<V::Output> {
        self.plies += u32::from(self.depth == 0);
        self.inner.san(m, san, token)
    }

    fn uci(&mut self, m: &mut V::Movetext, uci: Uci, token: Token<'_>) -> ControlFlow<V::Output> {
        self.plies += u32::from(self.depth == 0);
        self.inner.uci(m, uci, token)
    }

    fn nag(&mut self, m: &mut V::Movetext, nag: Nag) -> ControlFlow<V::Output> {
        self.inner.nag(m, nag)
    }

    fn comment(&mut self, m: &mut V::Movetext, comment: RawComment<'_>) -> ControlFlow<V::Output> {
        self.inner.comment(m, comment)
    }

    fn partial_comment(
        &mut self,
        m: &mut V::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<V::Output> {
        self.inner.partial_comment(m, comment)
    }

    fn begin_variation(&mut self, m: &mut V::Movetext) -> ControlFlow<V::Output, Skip> {
        let flow = self.inner.begin_variation(m);
        // Only the variations the inner visitor reads are seen (and end).
        if let Continue(Skip(false)) = flow {
            self.depth += 1;
        }
        flow
    }

    fn end_variation(&mut self, m: &mut V::Movetext) -> ControlFlow<V::Output> {
        self.depth = self.depth.saturating_sub(1);
        self.inner.end_variation(m)
    }

    fn result(&mut self, m: &mut V::Movetext, result: GameResult) -> ControlFlow<V::Output> {
        self.inner.result(m, result)
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<V::Output> {
        self.inner.error(error)
    }

    fn end_game(&mut self, m: V::Movetext) -> V::Output {
        self.inner.end_game(m)
    }
}
