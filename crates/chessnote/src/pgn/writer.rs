//! The streaming writer: the reader's events written straight back out as
//! PGN, no tree in between.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;
use core::ops::ControlFlow::{self, Continue};
use core::ops::Range;

use super::route::{Comment, Written, replay_visitor};
use super::write::{Layout, WriteOptions, result_text, write_move, write_tags};
use super::{
    GameResult, GameSink, Nag, PgnError, Ply, ReadOptions, Replay, ReplayOptions, ReplayState,
    VariationMode,
};
use crate::Color;
use crate::fen::Setup;
use crate::position::Notation;

/// A [`Visitor`](super::Visitor) that writes each game it is shown as PGN, with the same
/// layout as [`GameTree::write`](super::GameTree::write): `read → write`
/// with no tree, at the reader's speed.
///
/// Each game's text is appended to the writer's buffer
/// ([`output`](PgnWriter::output)), after a blank line when a game came
/// before; take or clear it between games to stream. Each game gives its
/// problems, the reader's and the replay's.
///
/// Moves are written as read (in SAN, syntax normalized: `0-0` is `O-O`,
/// a glyph becomes a NAG) unless the writer replays: with
/// [`replay`](PgnWriter::replay), when the notation is not SAN, or in the
/// python-chess style, each move is written from its position, as the tree
/// writer does (SAN with its check marks and shortest disambiguation); a
/// move that does not replay is written as read.
///
/// What it does not do that a tree does, as it writes each thing where it
/// comes: a comment or NAG after a variation's `)` stays there (in a tree
/// it belongs to the move before the variation); a NAG right after a `(`
/// stays there (a tree gives it to the move before); an empty variation
/// `( )` is written (a tree has none, and a variation of comments alone
/// gives its comments to the move before). On text the tree writer wrote,
/// both give the same bytes.
///
/// ```
/// use chessnote::pgn::{PgnWriter, Reader, WriteOptions};
///
/// let pgn = b"[White \"A\"]\n[Black \"B\"]\n1.e4 e5 2.Nf3 {best} Nc6!? 1-0\n[White \"C\"]\n1.d4 *";
/// let mut reader = Reader::from_slice(pgn);
/// let mut writer = PgnWriter::new(WriteOptions::REDUCED);
/// while let Some(errors) = reader.read_game(&mut writer)? {
///     assert!(errors.is_empty());
/// }
/// assert_eq!(
///     writer.output(),
///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n\
///      [Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
///      [Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"C\"]\n\
///      [Black \"?\"]\n[Result \"*\"]\n\n1. d4 *\n"
/// );
/// # Ok::<(), core::convert::Infallible>(())
/// ```
#[derive(Clone, Debug)]
pub struct PgnWriter {
    replay: Replay<WriteGame>,
}

replay_visitor!(PgnWriter, replay, Vec<PgnError>);

/// The sink of [`Replay`] that writes each game as PGN (what [`PgnWriter`]
/// wraps): to write a game while another sink reads it, pair them.
#[derive(Clone, Debug)]
pub struct WriteGame {
    layout: Layout,
    replay: bool,
    games: u64,
    order: Vec<usize>,
    /// Where the `Result` tag's value was written, and what.
    result_at: Option<Range<usize>>,
    marker: Option<GameResult>,
    /// The ply of the last move of each open line.
    plies: Vec<u32>,
    /// The ply of the start position (0: White to move at move 1).
    base: u32,
    /// 1 when the start's move number is 0 (puzzle FENs): moves are
    /// numbered from 1, as python-chess does.
    offset: u16,
    pending_nags: Vec<Nag>,
    /// The comments waiting for the next move: their text, and where each
    /// one is.
    comment_text: String,
    pending_comments: Vec<Range<usize>>,
    at_root: bool,
    /// The last game's warnings.
    warnings: Vec<PgnError>,
}

impl PgnWriter {
    /// A writer with `options`, replaying (when it does) with the default
    /// read options.
    pub fn new(options: WriteOptions) -> PgnWriter {
        PgnWriter::with_read_options(options, ReadOptions::DEFAULT)
    }

    /// A writer that replays with the SAN and FEN leniencies of `read`
    /// (pass the reader's).
    pub fn with_read_options(options: WriteOptions, read: ReadOptions) -> PgnWriter {
        let sink = WriteGame::new(options);
        let routing = sink.routing(read);
        PgnWriter {
            replay: Replay::new(sink, routing),
        }
    }

    /// Whether to replay SAN moves and write them from their positions
    /// (always on in the python-chess style and for other notations):
    /// slower, and the same text as writing the game's tree.
    #[must_use]
    pub fn replay(self, replay: bool) -> PgnWriter {
        let read = *self.replay.options().read_options();
        let mut sink = self.replay.into_sink();
        let options = sink.layout.options;
        sink.replay = replay || options.python() || options.notation.notation() != Notation::San;
        let routing = sink.routing(read);
        PgnWriter {
            replay: Replay::new(sink, routing),
        }
    }

    /// The options.
    pub fn options(&self) -> &WriteOptions {
        self.replay.sink().options()
    }

    /// What was written since the last [`take_output`](PgnWriter::take_output)
    /// or [`clear_output`](PgnWriter::clear_output).
    pub fn output(&self) -> &str {
        self.replay.sink().output()
    }

    /// Takes what was written, leaving the buffer empty.
    pub fn take_output(&mut self) -> String {
        self.replay.sink_mut().take_output()
    }

    /// Empties the buffer, keeping its memory.
    pub fn clear_output(&mut self) {
        self.replay.sink_mut().clear_output();
    }

    /// The warnings of the last game written, in input order (its errors
    /// are what [`Reader::read_game`](super::Reader::read_game) returns).
    pub fn warnings(&self) -> &[PgnError] {
        self.replay.sink().warnings()
    }

    /// The state of the last game written (or being written): its tags,
    /// its number of moves.
    pub fn state(&self) -> &ReplayState {
        self.replay.state()
    }
}

impl WriteGame {
    /// A sink that writes with `options`: moves as read in SAN, unless the
    /// style is python-chess's or the notation another, which replays
    /// them and writes each from its position.
    pub fn new(options: WriteOptions) -> WriteGame {
        WriteGame {
            layout: Layout::new(String::new(), options),
            replay: options.python() || options.notation.notation() != Notation::San,
            games: 0,
            order: Vec::new(),
            result_at: None,
            marker: None,
            plies: Vec::new(),
            base: 0,
            offset: 0,
            pending_nags: Vec::new(),
            comment_text: String::new(),
            pending_comments: Vec::new(),
            at_root: true,
            warnings: Vec::new(),
        }
    }

    /// What writing needs of the replay, with the SAN and FEN leniencies
    /// of `read`: variations read when written (replayed when moves are
    /// written from their positions, which are kept), comments, every
    /// problem.
    pub fn routing(&self, read: ReadOptions) -> ReplayOptions {
        let replay = self.replay;
        let variations = match (self.layout.options.variations, replay) {
            (false, _) => VariationMode::Skip,
            (true, false) => VariationMode::Read,
            (true, true) => VariationMode::Replay,
        };
        ReplayOptions::new(read)
            .replay(replay)
            .variations(variations)
            .variation_problems(true)
            .positions(replay)
            .comments(true)
    }

    /// The options.
    pub fn options(&self) -> &WriteOptions {
        &self.layout.options
    }

    /// What was written since the last [`take_output`](WriteGame::take_output)
    /// or [`clear_output`](WriteGame::clear_output): each game after a blank
    /// line, but the first.
    pub fn output(&self) -> &str {
        &self.layout.out
    }

    /// Takes what was written, leaving the buffer empty.
    pub fn take_output(&mut self) -> String {
        core::mem::take(&mut self.layout.out)
    }

    /// Empties the buffer, keeping its memory.
    pub fn clear_output(&mut self) {
        self.layout.out.clear();
    }

    /// The warnings of the last game written, in input order (when it
    /// takes the problems: first in a pair, or alone).
    pub fn warnings(&self) -> &[PgnError] {
        &self.warnings
    }

    fn flush(&mut self) {
        if self.pending_nags.is_empty() && self.pending_comments.is_empty() {
            return;
        }
        if self.at_root && self.layout.options.python() {
            // python-chess does not write a game's NAGs.
            self.pending_nags.clear();
        }
        let text = &self.comment_text;
        let comments = self.pending_comments.iter().map(|r| &text[r.clone()]);
        self.layout.annotations(&self.pending_nags, comments);
        self.pending_nags.clear();
        self.pending_comments.clear();
        self.comment_text.clear();
    }

    /// The move number and side of the next move of the current line.
    fn next_move(&mut self) -> (u16, Color) {
        let ply = self.base + self.plies.last().copied().unwrap_or(0);
        let fullmoves = u16::try_from(ply / 2 + 1).unwrap_or(u16::MAX);
        let turn = if ply.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        (fullmoves, turn)
    }

    fn played(&mut self) {
        if let Some(ply) = self.plies.last_mut() {
            *ply += 1;
        }
        self.at_root = false;
    }

    /// Writes a move as read (SAN, or UCI).
    fn as_read(&mut self, written: Written) {
        let (number, turn) = self.next_move();
        self.layout.scratch.clear();
        let _ = match written {
            Written::San(san) => write!(self.layout.scratch, "{san}"),
            Written::Uci(uci) => write!(self.layout.scratch, "{uci}"),
        };
        self.layout.mv(number, turn);
        self.played();
    }

    /// Writes the move just replayed from the position before it.
    fn replayed(&mut self, state: &ReplayState, mv: Option<crate::Move>) {
        let notation = self.layout.options.notation;
        let Some(before) = state.previous_position() else {
            return;
        };
        let (number, turn) = (
            before.fullmoves().saturating_add(self.offset),
            before.turn(),
        );
        self.layout.scratch.clear();
        write_move(&mut self.layout.scratch, before, mv, notation);
        self.layout.mv(number, turn);
        self.played();
    }
}

impl GameSink for WriteGame {
    type Output = Vec<PgnError>;

    fn begin_game(&mut self, _: &ReplayState) {
        if self.games > 0 {
            let eol = self.layout.options.line_ending.as_str();
            self.layout.out.push_str(eol);
        }
        self.games += 1;
        self.marker = None;
        self.result_at = None;
        self.pending_nags.clear();
        self.pending_comments.clear();
        self.comment_text.clear();
        self.at_root = true;
    }

    fn begin_movetext(&mut self, state: &ReplayState) -> ControlFlow<()> {
        let tags = state.tags();
        let provisional = result_text(&self.layout.options, tags.get("Result"), None);
        let mut out = core::mem::take(&mut self.layout.out);
        // The Result tag's value, to correct once the marker is known.
        self.result_at = write_tags(
            &mut out,
            &self.layout.options,
            tags.iter(),
            provisional,
            &mut self.order,
        );
        self.layout.out = out;
        self.layout.begin();
        self.base = 0;
        self.offset = 0;
        if self.replay {
            let start = state.start();
            self.offset = u16::from(start.fullmoves() == 0);
            self.base = u32::from(start.fullmoves().max(1) - 1) * 2
                + u32::from(start.turn() == Color::Black);
        } else if let Some(fen) = tags.get("FEN")
            && let Ok(setup) = Setup::from_ascii(fen.as_bytes())
        {
            self.base =
                u32::from(setup.fullmoves.max(1) - 1) * 2 + u32::from(setup.turn == Color::Black);
        }
        self.plies.clear();
        self.plies.push(0);
        Continue(())
    }

    fn ply(&mut self, state: &ReplayState, ply: &Ply<'_>) {
        self.flush();
        if self.replay && ply.played {
            self.replayed(state, ply.mv);
        } else {
            self.as_read(ply.written);
        }
    }

    fn nag(&mut self, _: &ReplayState, nag: Nag) {
        self.pending_nags.push(nag);
    }

    fn comment(&mut self, _: &ReplayState, comment: &Comment<'_>) {
        let at = self.comment_text.len();
        self.comment_text.push_str(&comment.text().0);
        self.pending_comments.push(at..self.comment_text.len());
    }

    fn begin_variation(&mut self, _: &ReplayState) {
        self.flush();
        self.layout.begin_variation();
        let last = self.plies.last().copied().unwrap_or(0);
        self.plies.push(last.saturating_sub(1));
    }

    fn end_variation(&mut self, _: &ReplayState) {
        self.flush();
        self.layout.end_variation();
        if self.plies.len() > 1 {
            self.plies.pop();
        }
    }

    fn result(&mut self, _: &ReplayState, result: GameResult) {
        self.marker = Some(result);
    }

    fn end_game(&mut self, state: &mut ReplayState) -> Vec<PgnError> {
        self.flush();
        let tag = state.tags().get("Result");
        let result = result_text(&self.layout.options, tag, self.marker);
        if let Some(at) = self.result_at.take()
            && self.layout.out.get(at.clone()) != Some(result)
        {
            self.layout.out.replace_range(at, result);
        }
        let result = String::from(result);
        self.layout.result(&result);
        let (errors, warnings) = state.take_problems();
        self.warnings = warnings;
        errors
    }
}
