//! A synthetic PGN file of random legal games with everything real files
//! have little of: variations (nested up to three deep), NAGs, annotation
//! glyphs and comments. Deterministic: the same seed gives the same bytes.

use core::fmt::Write as _;

use chessnote::Move;
use chessnote::position::Position;
use chessnote::san::SanPlus;

/// The deepest nesting of variations written.
const MAX_DEPTH: u32 = 3;

/// Chances, in percent, per move: a glyph after it, a `$n` NAG, a comment,
/// and a variation (at depths 0, 1, 2).
const GLYPH: u64 = 8;
const NAG: u64 = 8;
const COMMENT: u64 = 10;
const VARIATION: [u64; MAX_DEPTH as usize] = [14, 10, 6];

const GLYPHS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];
const WORDS: [&str; 16] = [
    "better",
    "was",
    "the",
    "only",
    "move",
    "here",
    "White",
    "Black",
    "threatens",
    "mate",
    "with",
    "a",
    "clear",
    "advantage",
    "unclear",
    "position",
];
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A PGN text of about `target_bytes` bytes (at least one game; it stops
/// after the game that reaches the size): random legal games of 20 to 140
/// plies, in the export format's layout (the seven-tag roster, a blank
/// line, movetext wrapped before column 80, a blank line between games),
/// with variations (legal alternatives, nested up to three deep), NAGs
/// (`$1` to `$255`), glyphs (`!?` after a move) and `{…}` comments.
///
/// ```
/// let pgn = chessnote_testdata::synthetic_pgn(7, 10_000);
/// assert!(pgn.len() >= 10_000);
/// assert_eq!(pgn, chessnote_testdata::synthetic_pgn(7, 10_000));
/// assert!(pgn.starts_with(b"[Event \"Synthetic"));
/// ```
pub fn synthetic_pgn(seed: u64, target_bytes: usize) -> Vec<u8> {
    let mut w = Writer {
        rng: Rng(seed),
        out: String::new(),
        column: 0,
        open: false,
    };
    let mut round = 1;
    while w.out.len() < target_bytes {
        w.game(round);
        round += 1;
    }
    w.out.into_bytes()
}

/// A deterministic pseudo-random generator (splitmix64): small, fast, and
/// enough for test data; the same seed gives the same sequence everywhere.
///
/// ```
/// let mut rng = chessnote_testdata::Rng(7);
/// assert!(rng.below(6) < 6);
/// ```
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// True with `percent` chance.
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

struct Writer {
    rng: Rng,
    out: String,
    /// The length of the current movetext line.
    column: usize,
    /// A `(` to write before the next token.
    open: bool,
}

impl Writer {
    fn game(&mut self, round: u64) {
        // The result is chosen first so that the tag and the marker agree
        // (a mate changes it).
        let mut result = self.rng.pick(&RESULTS[..]);
        let plies = 20 + self.rng.below(121) as usize;
        let mut movetext = Writer {
            rng: Rng(self.rng.next_u64()),
            out: String::new(),
            column: 0,
            open: false,
        };
        if let Some(mated) = movetext.line(Position::new(), 1, plies, 0) {
            result = if mated { "1-0" } else { "0-1" };
        }
        movetext.token(result);
        let _ = write!(
            self.out,
            "[Event \"Synthetic variations\"]\n[Site \"chessnote-testdata\"]\n\
             [Date \"2024.01.01\"]\n[Round \"{round}\"]\n[White \"Player {}\"]\n\
             [Black \"Player {}\"]\n[Result \"{result}\"]\n\n",
            self.rng.below(1000),
            self.rng.below(1000)
        );
        self.out.push_str(&movetext.out);
        self.out.push_str("\n\n");
    }

    /// Writes a token (after a `(` if one is pending), after a space or,
    /// past column 79, a newline.
    fn token(&mut self, token: &str) {
        let open = core::mem::take(&mut self.open);
        let len = token.len() + usize::from(open);
        if self.column > 0 {
            if self.column + 1 + len > 79 {
                self.out.push('\n');
                self.column = 0;
            } else {
                self.out.push(' ');
                self.column += 1;
            }
        }
        if open {
            self.out.push('(');
        }
        self.out.push_str(token);
        self.column += len;
    }

    /// Writes `)` right after the last token (on a new line past column 79).
    fn close(&mut self) {
        if self.column + 1 > 79 {
            self.out.push('\n');
            self.column = 0;
        }
        self.out.push(')');
        self.column += 1;
    }

    /// Writes up to `plies` random legal moves from `position` (the first
    /// at ply `ply`, counted from 1), with glyphs, NAGs, comments and
    /// variations; the first move is `first` if given. `Some(white won)`
    /// when the line ends in mate.
    fn line_from(
        &mut self,
        mut position: Position,
        mut ply: u32,
        plies: usize,
        depth: u32,
        first: Option<Move>,
    ) -> Option<bool> {
        let mut numbered = false;
        for i in 0..plies {
            let moves = position.legal_moves();
            if moves.is_empty() {
                return position
                    .is_checkmate()
                    .then(|| position.turn() == chessnote::Color::Black);
            }
            let mv = match first {
                Some(mv) if i == 0 => mv,
                _ => self.rng.pick(&moves),
            };
            let white = ply % 2 == 1;
            let number = ply.div_ceil(2);
            if white {
                self.token(&format!("{number}."));
            } else if !numbered {
                self.token(&format!("{number}..."));
            }
            let mut san = SanPlus::from_move(&position, mv).to_string();
            if self.rng.chance(GLYPH) {
                san.push_str(self.rng.pick(&GLYPHS[..]));
            }
            self.token(&san);
            numbered = true;
            if self.rng.chance(NAG) {
                let nag = 1 + self.rng.below(255);
                self.token(&format!("${nag}"));
            }
            if self.rng.chance(COMMENT) {
                self.comment();
                numbered = false;
            }
            let before = position.clone();
            position.play_unchecked(mv);
            if depth < MAX_DEPTH && moves.len() > 1 {
                // Alternatives to this move, one or (rarely) two.
                let count = if self.rng.chance(20) { 2 } else { 1 };
                for _ in 0..count {
                    if !self.rng.chance(VARIATION[depth as usize]) {
                        continue;
                    }
                    let alternative = loop {
                        let other = self.rng.pick(&moves);
                        if other != mv {
                            break other;
                        }
                    };
                    let length = 1 + self.rng.below(12) as usize;
                    self.open = true;
                    self.line_from(before.clone(), ply, length, depth + 1, Some(alternative));
                    self.close();
                    numbered = false;
                }
            }
            ply += 1;
        }
        None
    }

    fn line(&mut self, position: Position, ply: u32, plies: usize, depth: u32) -> Option<bool> {
        self.line_from(position, ply, plies, depth, None)
    }

    fn comment(&mut self) {
        let words = 1 + self.rng.below(12);
        let mut text = String::from("{");
        for i in 0..words {
            if i > 0 {
                text.push(' ');
            }
            text.push_str(self.rng.pick(&WORDS[..]));
        }
        text.push('}');
        // Long comments wrap like the rest of the movetext.
        let mut parts = text.split(' ');
        if let Some(first) = parts.next() {
            self.token(first);
        }
        for part in parts {
            self.token(part);
        }
    }
}
