//! Duplicate games: a game known by its start position and its mainline
//! moves, tags ignored (as pgn-extract's `-D` knows it), as a 128-bit
//! [`GameKey`]; and [`Duplicates`], the keys seen so far.

use crate::Move;
use crate::position::Position;

/// What a game is, to find its duplicates: a 128-bit hash of its start
/// position (its Polyglot key: pieces, side to move, castling rights, the
/// en-passant file where a capture is possible) and of its mainline moves,
/// in order. Two games with the same key are the same game with other
/// tags, comments or variations (or, with a chance of about one in 10^19
/// among four billion games, two games whose hashes meet).
///
/// A game has a key only when it has moves and its mainline was replayed
/// whole from a legal start, without an error
/// ([`ReplayState::game_key`](super::ReplayState::game_key),
/// [`Game::key`](super::Game::key)): a game cut short by an error is no
/// one's duplicate, nor are games of tags alone (the rounds of an event
/// not yet played).
///
/// ```
/// use chessnote::pgn::Reader;
///
/// let pgn = b"[White \"A\"]\n\n1. e4 e5 {a comment} *\n\n[White \"B\"]\n\n1. e4 e5 1-0\n\n1. e4 c5 *\n";
/// let keys: Vec<_> = Reader::from_slice(pgn).games().map(|g| g.key().unwrap()).collect();
/// assert_eq!(keys[0], keys[1]);
/// assert_ne!(keys[0], keys[2]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameKey(pub u128);

/// Multipliers of the two lanes (odd, from the digits of π and e).
const LANES: [u64; 2] = [0x243f_6a88_85a3_08d3, 0xb7e1_5162_8aed_2a6b];

/// The high and low halves of a 128-bit product, folded.
#[inline]
const fn fold_multiply(a: u64, b: u64) -> u64 {
    let product = (a as u128) * (b as u128);
    (product as u64) ^ ((product >> 64) as u64)
}

/// A [`GameKey`] being made: the start position, then each mainline move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameKeyHasher {
    lanes: [u64; 2],
    plies: u64,
}

impl GameKeyHasher {
    /// A key of a game starting from `start`.
    pub fn new(start: &Position) -> GameKeyHasher {
        let mut hasher = GameKeyHasher {
            lanes: [0x1319_8a2e_0370_7344, 0xa409_3822_299f_31d0],
            plies: 0,
        };
        hasher.write(start.polyglot_key());
        hasher
    }

    #[inline]
    fn write(&mut self, word: u64) {
        for (lane, k) in self.lanes.iter_mut().zip(LANES) {
            *lane = fold_multiply(*lane ^ word, k);
        }
    }

    /// The next mainline move played (`None`: a null move).
    #[inline]
    pub fn push(&mut self, mv: Option<Move>) {
        let word = match mv {
            Some(mv) => {
                let promotion = mv.promotion().map_or(0, |kind| kind as u64 + 1);
                u64::from(mv.from().index())
                    | u64::from(mv.to().index()) << 6
                    | promotion << 12
                    | 1 << 16
            }
            None => 0,
        };
        self.plies += 1;
        self.write(word ^ self.plies << 20);
    }

    /// The moves pushed.
    pub fn plies(&self) -> u64 {
        self.plies
    }

    /// The key.
    pub fn finish(&self) -> GameKey {
        let [a, b] = self.lanes;
        let a = fold_multiply(a ^ self.plies, LANES[1]);
        let b = fold_multiply(b ^ a, LANES[0]);
        GameKey(u128::from(a) << 64 | u128::from(b))
    }
}

/// The keys of the games seen so far, to keep the first of each game
/// (`--unique`) or only its later copies (`--duplicates`).
///
/// A key is kept as 104 of its bits: its top byte chooses one of 256 hash
/// sets, which keeps 96 others in 12 bytes (two games whose keys share
/// them are taken for one with a chance of about one in 10^15 for a
/// hundred million games). A set that grows copies one 256th of the keys,
/// so memory stays near what the keys take: about 20 to 28 bytes a
/// distinct game, measured.
///
/// ```
/// use chessnote::pgn::{Duplicates, Reader};
///
/// let pgn = b"1. e4 e5 *\n\n1. d4 *\n\n1. e4 e5 *\n";
/// let mut seen = Duplicates::default();
/// let first: Vec<bool> = Reader::from_slice(pgn)
///     .games()
///     .map(|game| game.key().is_none_or(|key| seen.first(key)))
///     .collect();
/// assert_eq!(first, [true, true, false]);
/// assert_eq!(seen.len(), 2);
/// ```
#[cfg(feature = "std")]
#[derive(Clone, Debug)]
pub struct Duplicates {
    shards: alloc::vec::Vec<
        std::collections::HashSet<Short, core::hash::BuildHasherDefault<KeyIsHash>>,
    >,
}

#[cfg(feature = "std")]
impl Default for Duplicates {
    fn default() -> Duplicates {
        Duplicates {
            shards: (0..256).map(|_| Default::default()).collect(),
        }
    }
}

#[cfg(feature = "std")]
impl Duplicates {
    /// Whether `key` is seen for the first time (it is kept from now on).
    #[inline]
    pub fn first(&mut self, key: GameKey) -> bool {
        let shard = (key.0 >> 120) as usize;
        let short = Short([(key.0 >> 64) as u32, (key.0 >> 32) as u32, key.0 as u32]);
        self.shards
            .get_mut(shard)
            .is_none_or(|set| set.insert(short))
    }

    /// The distinct keys seen.
    pub fn len(&self) -> usize {
        self.shards.iter().map(std::collections::HashSet::len).sum()
    }

    /// Whether none was seen.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// 96 bits of a key (its top byte chooses the set, and the rest of its
/// high half is left out), aligned to 4 bytes.
#[cfg(feature = "std")]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Short([u32; 3]);

#[cfg(feature = "std")]
impl core::hash::Hash for Short {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        // The low 64 bits: a hash already.
        state.write_u64(u64::from(self.0[1]) << 32 | u64::from(self.0[2]));
    }
}

/// The hasher of [`Duplicates`]: a key is a hash already, and its low half
/// is its hash.
#[cfg(feature = "std")]
#[derive(Copy, Clone, Debug, Default)]
struct KeyIsHash(u64);

#[cfg(feature = "std")]
impl core::hash::Hasher for KeyIsHash {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used; any other input is folded in.
        for &b in bytes {
            self.0 = fold_multiply(self.0 ^ u64::from(b), LANES[0]);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}
