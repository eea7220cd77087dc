//! PGN, Portable Game Notation: game files read as a stream, every problem
//! located, nothing dropped.
//!
//! - [`Reader`] reads games from bytes in memory ([`Reader::from_slice`],
//!   `no_std`) or any `io::Read` ([`Reader::new`], `std`) through one
//!   buffer, in constant memory and linear time, and calls a [`Visitor`]
//!   for each part of each game (pgn-reader's shape: `ControlFlow` to stop
//!   or skip a game, variations skipped unless asked for).
//! - [`Reader::games`] gives each game as a [`Game`]: its tags, its
//!   mainline replayed legally ([`Replayer`]), its NAGs, comments, result
//!   and errors. [`Reader::headers`] gives the tags alone, fast.
//! - Every problem is a [`PgnError`]: a kind, the byte, line and column,
//!   the game, and for a move its ply and text. The reader recovers and
//!   reads on: a stream of a million games with one bad game yields a
//!   million games and one error.
//! - [`tags`] and [`commands`] read what tag values and comments hold:
//!   dates, time controls, ratings, variants; clocks, evaluations, arrows.
//! - [`GameTree`] is a game with its variations, to walk and edit
//!   ([`Reader::game_trees`]); [`GameTree::write`] and the streaming
//!   [`PgnWriter`] write the standard's export format, or exactly what
//!   python-chess writes ([`WriteOptions`]).
//!
//! - [`Chunks`] cuts an input into chunks of whole games that threads can
//!   read alone ([`Chunk::reader`]), with the game numbers and places of
//!   one reader of the whole input; [`filter`] is the `--where` language of
//!   `chessnote pgn`, a compiled test on a game's tags and length.
//!
//! `docs/pgn.md` lists how this reader differs from python-chess and why.
//!
//! ```
//! use chessnote::pgn::Reader;
//!
//! let pgn = b"[Event \"Paris\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0\n";
//! for game in Reader::from_slice(pgn).games() {
//!     assert!(game.errors.is_empty());
//!     assert_eq!(game.moves.len(), 7);
//!     assert_eq!(game.tag("Event"), Some("Paris"));
//! }
//! ```

mod any_position;
mod build;
mod chunks;
pub mod commands;
mod diagrams;
mod error;
pub mod filter;
mod game;
mod header;
mod input;
mod key;
mod options;
mod reader;
mod replay;
mod route;
pub mod tags;
mod token;
mod tree;
mod visitor;
mod write;
mod writer;

pub use build::{GameTrees, SliceGameTrees, TreeBuilder};
#[cfg(feature = "std")]
pub use chunks::{Check, Chunk, Chunks};
pub use chunks::{Cut, cut_point};
pub use diagrams::Diagrams;
pub use error::{PgnError, PgnErrorKind, ProblemField};
pub use game::{
    BuildGame, Comments, Game, GameBuilder, Games, Headers, HeadersBuilder, HeadersIter,
    MainlineMove, SliceGames, SliceHeaders,
};
pub use header::{Tags, TagsIter};
#[cfg(feature = "std")]
pub use input::IoInput;
pub use input::{Input, SliceInput};
#[cfg(feature = "std")]
pub use key::Duplicates;
pub use key::{GameKey, GameKeyHasher};
pub use options::{Limits, PgnLeniencies, PgnLeniency, ReadOptions, UnknownLeniency};
pub use reader::Reader;
pub use replay::Replayer;
pub use route::{
    Comment, GameSink, Ply, Replay, ReplayOptions, ReplayState, Skim, VariationMode, Written,
};
pub use token::{
    CommentKind, Encoding, GameResult, Nag, RawComment, RawTag, Skip, Token, decode_text,
};
pub use tree::{Descendants, GameTree, Mainline, Node, NodeId, Variations};
pub use visitor::{GameStart, Visitor};
pub use write::{ClockEval, LineEnding, Style, TagOrder, TagSelection, WriteOptions};
pub use writer::{AddOpening, PgnWriter, WriteGame};
