//! A toy board that turns UCI moves from real games into ERAN.

use chessnote::eran::{Eran, RegularMove};
use chessnote::{CastlingSide, File, PieceKind, Square};

/// Pieces by square, without colors: enough to know which piece moves and
/// whether it captures, so that UCI moves from real games (replayed from a
/// FEN) can be written in ERAN. No legality is checked, and no move
/// generator is involved.
///
/// ```
/// use chessnote_testdata::ToyBoard;
///
/// let mut board = ToyBoard::from_fen(ToyBoard::START);
/// let moves: Vec<String> = ["e2e4", "d7d5", "e4d5"]
///     .iter()
///     .map(|m| board.play(m).to_string())
///     .collect();
/// assert_eq!(moves, ["Pawn e2-e4", "Pawn d7-d5", "Pawn e4xd5"]);
/// ```
pub struct ToyBoard([Option<PieceKind>; 64]);

impl ToyBoard {
    /// The FEN of the start position.
    pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// The pieces of the placement field of `fen`.
    ///
    /// # Panics
    ///
    /// On a piece letter that is not one.
    pub fn from_fen(fen: &str) -> ToyBoard {
        let mut squares = [None; 64];
        let placement = fen.split_whitespace().next().unwrap_or("");
        for (row, rank) in placement.split('/').enumerate() {
            let mut file = 0;
            for c in rank.chars() {
                if let Some(skip) = c.to_digit(10) {
                    file += skip as usize;
                } else {
                    squares[(7 - row) * 8 + file] = Some(
                        PieceKind::from_char(c.to_ascii_uppercase())
                            .unwrap_or_else(|| panic!("{fen}: {c} is no piece")),
                    );
                    file += 1;
                }
            }
        }
        ToyBoard(squares)
    }

    /// Plays the UCI move `uci` and returns its ERAN: a king's two-file
    /// step is castling, a pawn's diagonal step to an empty square en
    /// passant (written as a regular capture).
    ///
    /// # Panics
    ///
    /// On a malformed UCI move, an empty origin, or a move that
    /// [`RegularMove::new`] rejects (the message names the move).
    pub fn play(&mut self, uci: &str) -> Eran {
        let b = uci.as_bytes();
        let square = |at: core::ops::Range<usize>| {
            b.get(at)
                .and_then(|s| Square::from_ascii(s).ok())
                .unwrap_or_else(|| panic!("{uci}: not a UCI move"))
        };
        let (from, to) = (square(0..2), square(2..4));
        let promotion = b.get(4).map(|&p| {
            PieceKind::from_upper_ascii(p.to_ascii_uppercase())
                .unwrap_or_else(|| panic!("{uci}: bad promotion"))
        });
        let piece = self.0[from as usize].unwrap_or_else(|| panic!("{uci}: no piece"));
        let mut capture = self.0[to as usize].is_some();
        self.0[to as usize] = Some(promotion.unwrap_or(piece));
        self.0[from as usize] = None;
        let df = to.file() as i8 - from.file() as i8;
        if piece == PieceKind::King && df.abs() == 2 {
            let (side, rook_from, rook_to) = if df > 0 {
                (CastlingSide::KingSide, File::H, File::F)
            } else {
                (CastlingSide::QueenSide, File::A, File::D)
            };
            let rook = Square::new(rook_from, from.rank());
            self.0[Square::new(rook_to, from.rank()) as usize] = self.0[rook as usize].take();
            return Eran::Castle(side);
        }
        if piece == PieceKind::Pawn && df != 0 && !capture {
            // En passant: the captured pawn stands beside the origin.
            self.0[Square::new(to.file(), from.rank()) as usize] = None;
            capture = true;
        }
        match RegularMove::new(piece, from, to, capture, promotion) {
            Ok(mv) => Eran::Regular(mv),
            Err(e) => panic!("{uci}: {e}"),
        }
    }
}
