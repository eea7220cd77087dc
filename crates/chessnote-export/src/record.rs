//! One game as a row: [`Recorder`] reads it, [`Record`] holds it.

use chessnote::pgn::{
    BuildGame, Game, GameKey, Input, MainlineMove, ReadOptions, Reader, Replay, TagSelection, Tags,
    VariationMode, WriteGame, WriteOptions,
};

use crate::columns::{Columns, Needs};

/// One game, as read for a row: the [`Game`] the one replay builds (tags,
/// mainline with UCI, SAN, clocks and evals, problems, final position),
/// where it is in its source, and its movetext written back when the
/// `movetext` column is chosen.
///
/// [`Recorder::read`] fills it; its buffers are kept from game to game.
/// The values of the columns are in `docs/export.md`.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// The game.
    pub game: Game,
    /// Its length in bytes: up to where the reader stopped after it.
    pub len: u64,
    /// The movetext on one line (only when the `movetext` column is
    /// chosen).
    pub movetext: String,
    /// The game's key for finding duplicates, when the recorder makes
    /// keys ([`Recorder::keys`]; see [`chessnote::pgn::GameKey`]).
    pub key: Option<GameKey>,
}

impl Record {
    /// The tags, in file order, decoded (escapes, UTF-8 or Latin-1).
    pub fn tags(&self) -> &Tags {
        &self.game.tags
    }

    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.game.tags.get(name)
    }

    /// Its mainline moves as read (also those after a problem).
    pub fn plies(&self) -> u32 {
        u32::try_from(self.game.moves.len()).unwrap_or(u32::MAX)
    }

    /// Its mainline moves played: those before the first that was not.
    pub fn played(&self) -> impl Iterator<Item = &MainlineMove> + '_ {
        self.game.moves.iter().take_while(|m| m.played)
    }
}

/// The visitor that reads games into [`Record`]s: the one replay
/// ([`Replay`]) with a [`BuildGame`] (and a [`WriteGame`] for the
/// `movetext` column), asked for what the columns need and no more.
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
/// assert_eq!(record.game.uci().count(), 3);
/// assert_eq!(record.game.moves[0].clock().map(|c| c.0), Some(18_000));
/// assert_eq!(record.game.moves_in(chessnote::position::Notation::San), ["e4", "e5", "Qh5"]);
/// assert!(recorder.read(&mut reader)?.is_none());
/// # Ok::<(), core::convert::Infallible>(())
/// ```
#[derive(Debug)]
pub struct Recorder {
    replay: Replay<(BuildGame, Option<WriteGame>)>,
    record: Record,
    columns: Columns,
    options: ReadOptions,
}

impl Recorder {
    /// A recorder for `columns` (what it reads depends on them: moves,
    /// SAN, comments and the movetext only when a column needs them),
    /// replaying with the SAN and FEN leniencies of `options` (pass the
    /// reader's).
    pub fn new(columns: Columns, options: ReadOptions) -> Recorder {
        Recorder::with_keys(columns, options, false)
    }

    /// The same recorder, making each game's key for finding duplicates
    /// ([`Record::key`]) when `make` (the moves are then played, whatever
    /// the columns). A filter given before ([`Recorder::only`]) is kept.
    #[must_use]
    pub fn keys(self, make: bool) -> Recorder {
        let filter = self.replay.only_filter().cloned();
        Recorder::with_keys(self.columns, self.options, make).only(filter)
    }

    fn with_keys(columns: Columns, options: ReadOptions, keys: bool) -> Recorder {
        let needs = columns.needs();
        let writer = needs.contains(Needs::MOVETEXT).then(|| {
            let mut write = WriteOptions::STANDARD.columns(None);
            write.tags = TagSelection::None;
            WriteGame::new(write)
        });
        let mut routing = BuildGame::options(options)
            .replay(needs.contains(Needs::MOVES))
            .san(needs.contains(Needs::SAN))
            .comments(needs.contains(Needs::COMMENTS) || writer.is_some())
            .openings(needs.contains(Needs::OPENING))
            .keys(keys);
        if writer.is_some() {
            // Read for the movetext alone: the row's moves and problems
            // are the mainline's, as when variations are skipped.
            routing = routing
                .variations(VariationMode::Read)
                .variation_problems(false);
        }
        // The comments' text is no column: only their clocks and evals.
        let build = BuildGame::new().comment_text(false);
        Recorder {
            replay: Replay::new((build, writer), routing),
            record: Record::default(),
            columns,
            options,
        }
    }

    /// Games whose tags `filter` refuses are not replayed: their moves
    /// are skipped, the record made of their tags
    /// ([`chessnote::pgn::Replay::only`]).
    #[must_use]
    pub fn only(self, filter: Option<chessnote::pgn::filter::Filter>) -> Recorder {
        Recorder {
            replay: self.replay.only(filter),
            ..self
        }
    }

    /// Reads the next game of `reader`: `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// Those of the input (none for a slice).
    pub fn read<I: Input>(&mut self, reader: &mut Reader<I>) -> Result<Option<&Record>, I::Error> {
        let Some((game, _)) = reader.read_game(&mut self.replay)? else {
            return Ok(None);
        };
        let key = self.replay.state().game_key();
        let (build, writer) = self.replay.sink_mut();
        let record = &mut self.record;
        build.recycle(core::mem::replace(&mut record.game, game));
        record.len = reader.location().byte.saturating_sub(record.game.offset);
        record.key = key;
        record.movetext.clear();
        if let Some(writer) = writer {
            record.movetext.push_str(writer.output().trim());
            writer.clear_output();
        }
        Ok(Some(&self.record))
    }

    /// The record of the last game read.
    pub fn record(&self) -> &Record {
        &self.record
    }
}
