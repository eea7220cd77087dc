//! Diagrams as text: FEN letters or chess symbols on eight lines.

use core::fmt;

use super::files_and_ranks;
use crate::{Board, Color, Square};

/// The characters a text diagram draws with.
///
/// ```
/// use chessnote::{Board, DiagramStyle};
/// let picture = Board::STARTING.diagram(DiagramStyle::Unicode).to_string();
/// assert!(picture.starts_with("8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum DiagramStyle {
    /// FEN letters, `.` for an empty square.
    #[default]
    Ascii,
    /// Chess symbols (U+2654 to U+265F), `·` for an empty square.
    Unicode,
}

/// A board drawn as text: eight lines of squares, the top rank first (rank 8
/// with White at the bottom), each square one character followed by a space
/// before the next; with coordinates, the rank digit starts each line and
/// the file letters follow on a ninth line. See [`Board::diagram`] and
/// [`Diagram::text`](super::Diagram::text).
///
/// ```
/// use chessnote::{Board, Color, Diagram, DiagramStyle};
/// use chessnote::{PieceKind, Square};
///
/// let mut board = Board::EMPTY;
/// board[Square::A1] = Some(PieceKind::King.of(Color::White));
/// let picture = board.diagram(DiagramStyle::Ascii).to_string();
/// assert_eq!(picture.lines().nth(7), Some("1 K . . . . . . ."));
///
/// let mut diagram = Diagram::new(board);
/// diagram.orientation = Color::Black;
/// let picture = diagram.text(DiagramStyle::Ascii).to_string();
/// assert_eq!(picture.lines().next(), Some("1 . . . . . . . K"));
/// assert_eq!(picture.lines().last(), Some("  h g f e d c b a"));
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Text<'a> {
    pub(crate) board: &'a Board,
    pub(crate) orientation: Color,
    pub(crate) coordinates: bool,
    pub(crate) style: DiagramStyle,
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (files, ranks) = files_and_ranks(self.orientation);
        for rank in ranks {
            if self.coordinates {
                write!(f, "{} ", rank.char())?;
            }
            for (i, file) in files.iter().enumerate() {
                let c = match (self.board[Square::new(*file, rank)], self.style) {
                    (None, DiagramStyle::Ascii) => '.',
                    (None, DiagramStyle::Unicode) => '·',
                    (Some(p), DiagramStyle::Ascii) => p.char(),
                    (Some(p), DiagramStyle::Unicode) => p.symbol(),
                };
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            f.write_str("\n")?;
        }
        if self.coordinates {
            f.write_str(" ")?;
            for file in files {
                write!(f, " {}", file.char())?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
