//! One game as a row: [`Recorder`] reads it, [`Record`] holds it.

use std::ops::ControlFlow::{self, Continue};

use chessnote::pgn::commands::{Centis, Eval, Score, commands};
use chessnote::pgn::{
    GameResult, GameStart, Input, Nag, PgnError, PgnErrorKind, PgnWriter, RawComment, RawTag,
    ReadOptions, Reader, Replayer, Skip, TagSelection, Token, Visitor, WriteOptions, decode_text,
};
use chessnote::position::Notation;
use chessnote::san::{San, SanPlus};
use chessnote::uci::Uci;

use crate::columns::{Column, Columns};

/// One game, as read for a row: its tags, its mainline replayed (UCI,
/// SAN when asked for, clocks, evals), its problems, where it is.
///
/// [`Recorder::read`] fills it; its buffers are kept from game to game.
/// The values of the columns are in `docs/export.md`.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// The game's number in its source, from 0.
    pub index: u64,
    /// Its first byte's offset in the source.
    pub offset: u64,
    /// Its first line in the source (from 1).
    pub line: u64,
    /// Its length in bytes: up to where the reader stopped after it.
    pub len: u64,
    /// Its mainline moves as read (also those after a problem).
    pub plies: u32,
    /// Its mainline moves played, in UCI (castling as the game's rules
    /// write it: king takes rook in Chess960); a null move is
    /// [`Uci::Null`].
    pub uci: Vec<Uci>,
    /// The same moves in SAN, written from the position (only when the
    /// `san` column is chosen).
    pub san: Vec<String>,
    /// For each move of `uci`, the first `[%clk]` of its comments.
    pub clocks: Vec<Option<Centis>>,
    /// For each move of `uci`, the first `[%eval]` of its comments.
    pub evals: Vec<Option<Score>>,
    /// The movetext on one line (only when the `movetext` column is
    /// chosen).
    pub movetext: String,
    /// Its problems, by byte offset.
    pub errors: Vec<PgnError>,
    tags: Vec<(String, String)>,
    tag_count: usize,
}

impl Record {
    /// The tags, in file order, decoded (escapes, UTF-8 or Latin-1).
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags[..self.tag_count]
    }

    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags()
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn clear(&mut self, start: GameStart) {
        self.index = start.index;
        self.offset = start.location.byte;
        self.line = start.location.line;
        self.len = 0;
        self.plies = 0;
        self.uci.clear();
        self.san.clear();
        self.clocks.clear();
        self.evals.clear();
        self.movetext.clear();
        self.errors.clear();
        self.tag_count = 0;
    }

    fn push_tag(&mut self, name: &[u8], value: RawTag<'_>) {
        if self.tag_count == self.tags.len() {
            self.tags.push((String::new(), String::new()));
        }
        let (n, v) = &mut self.tags[self.tag_count];
        n.clear();
        n.push_str(&decode_text(name).0);
        v.clear();
        v.push_str(&value.decode_text().0);
        self.tag_count += 1;
    }
}

/// The visitor that reads games into [`Record`]s: the mainline replayed
/// as [`chessnote::pgn::GameBuilder`] replays it (the same moves played,
/// the same problems in the same order), with no `Game` built.
///
/// ```
/// use chessnote::pgn::{ReadOptions, Reader};
/// use chessnote_export::{Columns, Recorder};
///
/// let pgn = b"[Site \"https://lichess.org/abcdefgh\"]\n\n1. e4 { [%clk 0:03:00] } e5 2. Qh5 *\n";
/// let options = ReadOptions::default();
/// let mut recorder = Recorder::new(Columns::FULL, options);
/// let mut reader = Reader::from_slice_with(pgn, options);
/// let record = recorder.read(&mut reader)?.expect("a game");
/// assert_eq!(record.uci.len(), 3);
/// assert_eq!(record.clocks[0].map(|c| c.0), Some(18_000));
/// assert_eq!(record.san, ["e4", "e5", "Qh5"]);
/// assert!(recorder.read(&mut reader)?.is_none());
/// # Ok::<(), core::convert::Infallible>(())
/// ```
#[derive(Debug)]
pub struct Recorder {
    record: Record,
    replayer: Replayer,
    /// The movetext writer, when the column is chosen.
    writer: Option<PgnWriter>,
    san: bool,
    /// Whether clocks and evals are read from the comments.
    annotations: bool,
    /// Whether the last mainline move read is in `uci` (comments after it
    /// give its clock and eval).
    last_played: bool,
    /// Whether a mainline move was not played: none after it is.
    stopped: bool,
    depth: u32,
    comment: Vec<u8>,
    pending: Vec<PgnError>,
}

impl Recorder {
    /// A recorder for `columns` (what it reads depends on them: SAN and
    /// the movetext only when chosen), replaying with the SAN and FEN
    /// leniencies of `options` (pass the reader's).
    pub fn new(columns: Columns, options: ReadOptions) -> Recorder {
        let san = columns.contains(Column::San);
        let replayer = if san {
            Replayer::new(options.san)
        } else {
            Replayer::mainline_only(options.san)
        };
        let writer = columns.contains(Column::Movetext).then(|| {
            let mut write = WriteOptions::STANDARD.columns(None);
            write.tags = TagSelection::None;
            PgnWriter::with_read_options(write, options)
        });
        Recorder {
            record: Record::default(),
            replayer: replayer.fen_options(options.fen),
            writer,
            san,
            annotations: [Column::Clk, Column::EvalCp, Column::EvalMate]
                .iter()
                .any(|c| columns.contains(*c)),
            last_played: false,
            stopped: false,
            depth: 0,
            comment: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// Reads the next game of `reader`: `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// Those of the input (none for a slice).
    pub fn read<I: Input>(&mut self, reader: &mut Reader<I>) -> Result<Option<&Record>, I::Error> {
        if reader.read_game(self)?.is_none() {
            return Ok(None);
        }
        self.record.len = reader.location().byte.saturating_sub(self.record.offset);
        Ok(Some(&self.record))
    }

    /// The record of the last game read.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// A mainline move read: `mv` is the move played (`None` and `played`:
    /// a null move).
    fn mainline(&mut self, mv: Option<chessnote::Move>, played: bool) {
        self.record.plies += 1;
        self.last_played = played && !self.stopped;
        if !self.last_played {
            self.stopped = true;
            return;
        }
        let r = &mut self.record;
        let Some(mv) = mv else {
            r.uci.push(Uci::Null);
            if self.san {
                r.san.push(String::from("--"));
            }
            r.clocks.push(None);
            r.evals.push(None);
            return;
        };
        r.uci
            .push(Uci::from_move(mv, self.replayer.start().castling_mode()));
        if self.san {
            let text = match self.replayer.previous_position() {
                Some(before) => before.write_move(Notation::San, mv),
                None => mv.to_string(),
            };
            r.san.push(text);
        }
        r.clocks.push(None);
        r.evals.push(None);
    }
}

impl Visitor for Recorder {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, game: GameStart) -> ControlFlow<(), ()> {
        self.replayer.begin_game(game);
        self.record.clear(game);
        self.last_played = false;
        self.stopped = false;
        self.depth = 0;
        self.comment.clear();
        self.pending.clear();
        if let Some(w) = &mut self.writer {
            w.clear_output();
            let _ = w.begin_game(game);
        }
        Continue(())
    }

    fn tag(&mut self, (): &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        self.replayer.tag(name, value);
        self.record.push_tag(name, value);
        if let Some(w) = &mut self.writer {
            let _ = w.tag(&mut (), name, value);
        }
        Continue(())
    }

    fn begin_movetext(&mut self, (): ()) -> ControlFlow<(), ()> {
        if let Err(error) = self.replayer.begin_movetext() {
            self.record.errors.push(error);
        }
        if let Some(w) = &mut self.writer {
            let _ = w.begin_movetext(());
        }
        Continue(())
    }

    fn san(&mut self, (): &mut (), san: SanPlus, token: Token<'_>) -> ControlFlow<()> {
        if let Some(w) = &mut self.writer {
            let _ = w.san(&mut (), san, token);
        }
        if self.depth > 0 {
            return Continue(());
        }
        let stopped = self.replayer.is_stopped();
        match self.replayer.san(san, &token) {
            Ok(mv) => self.mainline(mv, !stopped),
            Err(error) => {
                self.record.errors.push(error);
                self.mainline(None, false);
            }
        }
        Continue(())
    }

    fn uci(&mut self, (): &mut (), uci: Uci, token: Token<'_>) -> ControlFlow<()> {
        if uci == Uci::Null {
            return self.san(&mut (), SanPlus::from(San::Null), token);
        }
        if let Some(w) = &mut self.writer {
            let _ = w.uci(&mut (), uci, token);
        }
        if self.depth > 0 {
            return Continue(());
        }
        let stopped = self.replayer.is_stopped();
        match self.replayer.uci(uci, &token) {
            Ok(Some((mv, _))) => self.mainline(Some(mv), !stopped),
            Ok(None) => {}
            Err(error) => self.record.errors.push(error),
        }
        Continue(())
    }

    fn nag(&mut self, (): &mut (), nag: Nag) -> ControlFlow<()> {
        if let Some(w) = &mut self.writer {
            let _ = w.nag(&mut (), nag);
        }
        Continue(())
    }

    fn partial_comment(&mut self, (): &mut (), comment: RawComment<'_>) -> ControlFlow<()> {
        if let Some(w) = &mut self.writer {
            let _ = w.partial_comment(&mut (), comment);
        }
        self.comment.extend_from_slice(comment.as_bytes());
        Continue(())
    }

    fn comment(&mut self, (): &mut (), comment: RawComment<'_>) -> ControlFlow<()> {
        if let Some(w) = &mut self.writer {
            let _ = w.comment(&mut (), comment);
        }
        if self.annotations && self.depth == 0 && self.last_played && self.record.plies > 0 {
            let bytes = if self.comment.is_empty() {
                comment.as_bytes()
            } else {
                self.comment.extend_from_slice(comment.as_bytes());
                &self.comment
            };
            let r = &mut self.record;
            let (clock, eval) = (r.clocks.last_mut(), r.evals.last_mut());
            if let (Some(clock), Some(eval)) = (clock, eval)
                && (clock.is_none() || eval.is_none())
                && bytes.contains(&b'%')
            {
                // The first `[%clk]` and `[%eval]` that read, as
                // `Annotations::parse` finds them.
                let text = decode_text(bytes).0;
                for command in commands(&text) {
                    let args = command.args.as_bytes();
                    match command.name {
                        "clk" if clock.is_none() => *clock = Centis::from_ascii(args).ok(),
                        "eval" if eval.is_none() => {
                            *eval = Eval::from_ascii(args).ok().map(|e| e.score);
                        }
                        _ => {}
                    }
                }
            }
        }
        self.comment.clear();
        Continue(())
    }

    fn begin_variation(&mut self, (): &mut ()) -> ControlFlow<(), Skip> {
        // Read only for the movetext's writer; the row's moves are the
        // mainline's.
        let Some(w) = &mut self.writer else {
            return Continue(Skip(true));
        };
        match w.begin_variation(&mut ()) {
            Continue(Skip(false)) => {
                self.depth += 1;
                Continue(Skip(false))
            }
            _ => Continue(Skip(true)),
        }
    }

    fn end_variation(&mut self, (): &mut ()) -> ControlFlow<()> {
        if let Some(w) = &mut self.writer {
            let _ = w.end_variation(&mut ());
        }
        self.depth = self.depth.saturating_sub(1);
        Continue(())
    }

    fn result(&mut self, (): &mut (), result: GameResult) -> ControlFlow<()> {
        if let Some(w) = &mut self.writer {
            let _ = w.result(&mut (), result);
        }
        Continue(())
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        // Inside a variation read for the movetext alone, the row is the
        // mainline's, as when variations are skipped: the reader reports
        // nothing from a skipped variation but one left open.
        if self.depth > 0 && error.kind() != PgnErrorKind::UnclosedVariation {
            if let Some(w) = &mut self.writer {
                let _ = w.error(error);
            }
            return Continue(());
        }
        if matches!(
            error.kind(),
            PgnErrorKind::InvalidSan | PgnErrorKind::TooManyMoves
        ) {
            self.replayer.stop_line();
        }
        self.pending.push(error);
        Continue(())
    }

    fn end_game(&mut self, (): ()) {
        if let Some(w) = &mut self.writer {
            let _ = w.end_game(());
            self.record.movetext.push_str(w.output().trim());
            w.clear_output();
        }
        self.record.errors.append(&mut self.pending);
        self.record.errors.sort_by_key(|e| e.location().byte);
    }
}
