//! The streaming writer: the reader's events written straight back out as
//! PGN, no tree in between.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;
use core::ops::ControlFlow::{self, Continue};
use core::ops::Range;

use super::write::{Layout, WriteOptions, result_text, write_move, write_tags};
use super::{
    GameResult, GameStart, Nag, PgnError, PgnErrorKind, RawComment, RawTag, ReadOptions, Replayer,
    Skip, Token, Visitor,
};
use crate::Color;
use crate::fen::Setup;
use crate::position::Notation;
use crate::san::{San, SanPlus};
use crate::uci::Uci;

/// A [`Visitor`] that writes each game it is shown as PGN, with the same
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
#[derive(Debug)]
pub struct PgnWriter {
    layout: Layout,
    replay: bool,
    replayer: Replayer,
    games: u64,
    /// The game's tags: their text, and where each name and value is.
    tag_text: String,
    tags: Vec<(Range<usize>, Range<usize>)>,
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
    comment: Vec<u8>,
    errors: Vec<PgnError>,
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
        PgnWriter {
            layout: Layout::new(String::new(), options),
            replay: options.python() || options.notation.notation() != Notation::San,
            replayer: Replayer::new(read.san).fen_options(read.fen),
            games: 0,
            tag_text: String::new(),
            tags: Vec::new(),
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
            comment: Vec::new(),
            errors: Vec::new(),
        }
    }

    /// Whether to replay SAN moves and write them from their positions
    /// (always on in the python-chess style and for other notations):
    /// slower, and the same text as writing the game's tree.
    #[must_use]
    pub fn replay(mut self, replay: bool) -> PgnWriter {
        let options = self.layout.options;
        self.replay = replay || options.python() || options.notation.notation() != Notation::San;
        self
    }

    /// The options.
    pub fn options(&self) -> &WriteOptions {
        &self.layout.options
    }

    /// What was written since the last [`take_output`](PgnWriter::take_output)
    /// or [`clear_output`](PgnWriter::clear_output).
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

    /// Writes a move as read (SAN).
    fn as_read(&mut self, san: &SanPlus) {
        let (number, turn) = self.next_move();
        self.layout.scratch.clear();
        let _ = write!(self.layout.scratch, "{san}");
        self.layout.mv(number, turn);
        self.played();
    }

    /// Writes the move just replayed from the position before it.
    fn replayed(&mut self, mv: Option<crate::Move>) {
        let notation = self.layout.options.notation;
        let Some(before) = self.replayer.previous_position() else {
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

/// The value of the first tag of that name.
fn tag_value<'t>(
    text: &'t str,
    tags: &[(Range<usize>, Range<usize>)],
    name: &str,
) -> Option<&'t str> {
    tags.iter()
        .find(|(n, _)| &text[n.clone()] == name)
        .map(|(_, v)| &text[v.clone()])
}

impl Visitor for PgnWriter {
    type Tags = ();
    type Movetext = ();
    type Output = Vec<PgnError>;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<Vec<PgnError>> {
        if self.games > 0 {
            let eol = self.layout.options.line_ending.as_str();
            self.layout.out.push_str(eol);
        }
        self.games += 1;
        self.replayer.begin_game(start);
        self.tags.clear();
        self.tag_text.clear();
        self.marker = None;
        self.result_at = None;
        self.errors.clear();
        self.comment.clear();
        self.pending_nags.clear();
        self.pending_comments.clear();
        self.comment_text.clear();
        self.at_root = true;
        Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<Vec<PgnError>> {
        let (name_text, _) = super::decode_text(name);
        let (value_text, _) = value.decode_text();
        let at = self.tag_text.len();
        self.tag_text.push_str(&name_text);
        let middle = self.tag_text.len();
        self.tag_text.push_str(&value_text);
        self.tags.push((at..middle, middle..self.tag_text.len()));
        if self.replay {
            self.replayer.tag(name, value);
        }
        Continue(())
    }

    fn begin_movetext(&mut self, (): ()) -> ControlFlow<Vec<PgnError>> {
        let tag = tag_value(&self.tag_text, &self.tags, "Result");
        let provisional = result_text(&self.layout.options, tag, None);
        let mut out = core::mem::take(&mut self.layout.out);
        let text = &self.tag_text;
        // The Result tag's value, to correct once the marker is known.
        self.result_at = write_tags(
            &mut out,
            &self.layout.options,
            self.tags
                .iter()
                .map(|(n, v)| (&text[n.clone()], &text[v.clone()])),
            provisional,
            &mut self.order,
        );
        self.layout.out = out;
        self.layout.begin();
        self.base = 0;
        self.offset = 0;
        if self.replay {
            if let Err(error) = self.replayer.begin_movetext() {
                self.errors.push(error);
            }
            let start = self.replayer.start();
            self.offset = u16::from(start.fullmoves() == 0);
            self.base = u32::from(start.fullmoves().max(1) - 1) * 2
                + u32::from(start.turn() == Color::Black);
        } else if let Some(fen) = tag_value(&self.tag_text, &self.tags, "FEN")
            && let Ok(setup) = Setup::from_ascii(fen.as_bytes())
        {
            self.base =
                u32::from(setup.fullmoves.max(1) - 1) * 2 + u32::from(setup.turn == Color::Black);
        }
        self.plies.clear();
        self.plies.push(0);
        Continue(())
    }

    fn san(&mut self, (): &mut (), san: SanPlus, token: Token<'_>) -> ControlFlow<Vec<PgnError>> {
        self.flush();
        if !self.replay {
            self.as_read(&san);
            return Continue(());
        }
        let stopped = self.replayer.is_stopped();
        match self.replayer.san(san, &token) {
            Ok(Some(mv)) => self.replayed(Some(mv)),
            Ok(None) if !stopped && san.san == San::Null => self.replayed(None),
            Ok(None) => self.as_read(&san),
            Err(error) => {
                self.errors.push(error);
                self.as_read(&san);
            }
        }
        Continue(())
    }

    fn uci(&mut self, (): &mut (), uci: Uci, token: Token<'_>) -> ControlFlow<Vec<PgnError>> {
        self.flush();
        let stopped = self.replayer.is_stopped();
        let result = if self.replay {
            self.replayer.uci(uci, &token)
        } else {
            Ok(None)
        };
        match result {
            Ok(Some((mv, _))) => self.replayed(Some(mv)),
            Ok(None) if self.replay && !stopped && uci == Uci::Null => self.replayed(None),
            other => {
                if let Err(error) = other {
                    self.errors.push(error);
                }
                // Written as read: the UCI text itself.
                let (number, turn) = self.next_move();
                self.layout.scratch.clear();
                let _ = write!(self.layout.scratch, "{uci}");
                self.layout.mv(number, turn);
                self.played();
            }
        }
        Continue(())
    }

    fn nag(&mut self, (): &mut (), nag: Nag) -> ControlFlow<Vec<PgnError>> {
        self.pending_nags.push(nag);
        Continue(())
    }

    fn partial_comment(
        &mut self,
        (): &mut (),
        comment: RawComment<'_>,
    ) -> ControlFlow<Vec<PgnError>> {
        self.comment.extend_from_slice(comment.as_bytes());
        Continue(())
    }

    fn comment(&mut self, (): &mut (), comment: RawComment<'_>) -> ControlFlow<Vec<PgnError>> {
        let at = self.comment_text.len();
        if self.comment.is_empty() {
            self.comment_text
                .push_str(&super::decode_text(comment.as_bytes()).0);
        } else {
            self.comment.extend_from_slice(comment.as_bytes());
            self.comment_text
                .push_str(&super::decode_text(&self.comment).0);
            self.comment.clear();
        }
        self.pending_comments.push(at..self.comment_text.len());
        Continue(())
    }

    fn begin_variation(&mut self, (): &mut ()) -> ControlFlow<Vec<PgnError>, Skip> {
        if !self.layout.options.variations {
            return Continue(Skip(true));
        }
        self.flush();
        self.layout.begin_variation();
        if self.replay {
            self.replayer.begin_variation();
        }
        let last = self.plies.last().copied().unwrap_or(0);
        self.plies.push(last.saturating_sub(1));
        Continue(Skip(false))
    }

    fn end_variation(&mut self, (): &mut ()) -> ControlFlow<Vec<PgnError>> {
        self.flush();
        self.layout.end_variation();
        if self.replay {
            self.replayer.end_variation();
        }
        if self.plies.len() > 1 {
            self.plies.pop();
        }
        Continue(())
    }

    fn result(&mut self, (): &mut (), result: GameResult) -> ControlFlow<Vec<PgnError>> {
        self.marker = Some(result);
        Continue(())
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<Vec<PgnError>> {
        if matches!(
            error.kind(),
            PgnErrorKind::InvalidSan | PgnErrorKind::TooManyMoves
        ) {
            self.replayer.stop_line();
        }
        self.errors.push(error);
        Continue(())
    }

    fn end_game(&mut self, (): ()) -> Vec<PgnError> {
        self.flush();
        let tag = tag_value(&self.tag_text, &self.tags, "Result");
        let result = result_text(&self.layout.options, tag, self.marker);
        if let Some(at) = self.result_at.take()
            && self.layout.out.get(at.clone()) != Some(result)
        {
            self.layout.out.replace_range(at, result);
        }
        let result = String::from(result);
        self.layout.result(&result);
        let mut errors = core::mem::take(&mut self.errors);
        errors.sort_by_key(|e| e.location().byte);
        errors
    }
}
