//! The board: 64 squares, each empty or holding a piece.

use core::fmt;
use core::ops::{Index, IndexMut};

use crate::diagram::{DiagramStyle, Text};
use crate::{Color, Piece, PieceKind, Square, SquareSet};

/// The 64 squares of a board, each empty or holding a piece, indexed by
/// [`Square`] (`a1` = 0).
///
/// `Display` prints the FEN piece-placement field.
///
/// ```
/// use chessnote::Board;
/// use chessnote::{Color, PieceKind, Square};
///
/// let board = Board::STARTING;
/// assert_eq!(board[Square::E1], Some(PieceKind::King.of(Color::White)));
/// assert_eq!(board[Square::E4], None);
/// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Board(pub [Option<Piece>; 64]);

impl Board {
    /// The empty board.
    ///
    /// ```
    /// assert_eq!(chessnote::Board::EMPTY.to_string(), "8/8/8/8/8/8/8/8");
    /// ```
    pub const EMPTY: Board = Board([None; 64]);

    /// The board of the standard starting position.
    ///
    /// ```
    /// use chessnote::Board;
    /// assert_eq!(Board::STARTING.occupied().len(), 32);
    /// ```
    pub const STARTING: Board = {
        let back = [
            PieceKind::Rook,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Rook,
        ];
        let mut squares = [None; 64];
        let mut file = 0;
        while file < 8 {
            squares[file] = Some(Piece {
                kind: back[file],
                color: Color::White,
            });
            squares[8 + file] = Some(Piece {
                kind: PieceKind::Pawn,
                color: Color::White,
            });
            squares[48 + file] = Some(Piece {
                kind: PieceKind::Pawn,
                color: Color::Black,
            });
            squares[56 + file] = Some(Piece {
                kind: back[file],
                color: Color::Black,
            });
            file += 1;
        }
        Board(squares)
    };

    /// The piece on `square`, if any.
    ///
    /// ```
    /// use chessnote::Board;
    /// use chessnote::{Color, PieceKind, Square};
    /// assert_eq!(Board::STARTING.get(Square::D8), Some(PieceKind::Queen.of(Color::Black)));
    /// ```
    #[inline]
    pub const fn get(&self, square: Square) -> Option<Piece> {
        self.0[square as usize]
    }

    /// Puts `piece` on `square` (or empties it with `None`).
    ///
    /// ```
    /// use chessnote::Board;
    /// use chessnote::{Color, PieceKind, Square};
    /// let mut board = Board::EMPTY;
    /// board.set(Square::E4, Some(PieceKind::Pawn.of(Color::White)));
    /// assert_eq!(board.to_string(), "8/8/8/8/4P3/8/8/8");
    /// ```
    #[inline]
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        self.0[square as usize] = piece;
    }

    /// The squares that hold a piece.
    ///
    /// ```
    /// use chessnote::Board;
    /// assert!(Board::EMPTY.occupied().is_empty());
    /// ```
    pub fn occupied(&self) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for (i, piece) in self.0.iter().enumerate() {
            if piece.is_some() {
                set.0 |= 1 << i;
            }
        }
        set
    }

    /// The squares that hold `piece`.
    ///
    /// ```
    /// use chessnote::Board;
    /// use chessnote::{Color, PieceKind, Square, SquareSet};
    /// let kings = Board::STARTING.squares_of(PieceKind::King.of(Color::Black));
    /// assert_eq!(kings, SquareSet::from_square(Square::E8));
    /// ```
    pub fn squares_of(&self, piece: Piece) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for (i, p) in self.0.iter().enumerate() {
            if *p == Some(piece) {
                set.0 |= 1 << i;
            }
        }
        set
    }

    /// Every piece with its square, `a1` first.
    ///
    /// ```
    /// use chessnote::Board;
    /// assert_eq!(Board::STARTING.pieces().count(), 32);
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Square::ALL[i], p)))
    }

    /// An ASCII or Unicode diagram of the board, White at the bottom, with
    /// coordinates (for another orientation, or an SVG picture, see
    /// [`Diagram`](crate::Diagram)).
    ///
    /// ```
    /// use chessnote::{Board, DiagramStyle};
    /// let picture = Board::STARTING.diagram(DiagramStyle::Ascii).to_string();
    /// assert!(picture.starts_with("8 r n b q k b n r\n"));
    /// assert!(picture.ends_with("  a b c d e f g h\n"));
    /// ```
    pub fn diagram(&self, style: DiagramStyle) -> Text<'_> {
        Text {
            board: self,
            orientation: Color::White,
            coordinates: true,
            style,
        }
    }
}

impl Default for Board {
    /// The empty board.
    ///
    /// ```
    /// assert_eq!(chessnote::Board::default(), chessnote::Board::EMPTY);
    /// ```
    fn default() -> Board {
        Board::EMPTY
    }
}

impl Index<Square> for Board {
    type Output = Option<Piece>;
    #[inline]
    fn index(&self, square: Square) -> &Option<Piece> {
        &self.0[square as usize]
    }
}

impl IndexMut<Square> for Board {
    #[inline]
    fn index_mut(&mut self, square: Square) -> &mut Option<Piece> {
        &mut self.0[square as usize]
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}
