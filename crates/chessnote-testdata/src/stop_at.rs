//! A PGN visitor that stops a game at a chosen call: for checking that a
//! game stopped anywhere ends where the whole game does (the property tests
//! and the `pgn` fuzz target).

use std::ops::ControlFlow::{self, Break, Continue};

use chessnote::pgn::{
    GameResult, GameStart, Nag, PgnError, RawComment, RawTag, Skip, Token, Visitor,
};
use chessnote::san::SanPlus;

/// Counts the visitor calls of a game and returns `Break` at call `stop`
/// (never, for `usize::MAX`); reads variations. Keeps the largest byte
/// offset of the errors it was given.
///
/// ```
/// use chessnote::pgn::Reader;
/// use chessnote_testdata::StopAt;
///
/// let mut whole = StopAt::new(usize::MAX);
/// let mut reader = Reader::from_slice(b"1. e4 e5 *");
/// reader.read_game(&mut whole).unwrap();
/// // begin_game, begin_movetext, two moves, the result.
/// assert_eq!(whole.calls, 5);
/// ```
#[derive(Clone, Debug)]
pub struct StopAt {
    /// The calls so far.
    pub calls: usize,
    /// The call that returns `Break` (1-based).
    pub stop: usize,
    /// The largest byte offset of an error given so far.
    pub last_error_byte: u64,
}

impl StopAt {
    /// A visitor that stops at call `stop`.
    pub fn new(stop: usize) -> StopAt {
        StopAt {
            calls: 0,
            stop,
            last_error_byte: 0,
        }
    }

    fn call(&mut self) -> ControlFlow<()> {
        self.calls += 1;
        if self.calls == self.stop {
            Break(())
        } else {
            Continue(())
        }
    }
}

impl Visitor for StopAt {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, _: GameStart) -> ControlFlow<(), ()> {
        self.call()
    }
    fn tag(&mut self, _: &mut (), _: &[u8], _: RawTag<'_>) -> ControlFlow<()> {
        self.call()
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        self.call()
    }
    fn san(&mut self, _: &mut (), _: SanPlus, _: Token<'_>) -> ControlFlow<()> {
        self.call()
    }
    fn nag(&mut self, _: &mut (), _: Nag) -> ControlFlow<()> {
        self.call()
    }
    fn comment(&mut self, _: &mut (), _: RawComment<'_>) -> ControlFlow<()> {
        self.call()
    }
    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        self.call()?;
        Continue(Skip(false))
    }
    fn end_variation(&mut self, _: &mut ()) -> ControlFlow<()> {
        self.call()
    }
    fn result(&mut self, _: &mut (), _: GameResult) -> ControlFlow<()> {
        self.call()
    }
    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        self.last_error_byte = self.last_error_byte.max(error.location().byte);
        self.call()
    }
    fn end_game(&mut self, _: ()) {}
}
