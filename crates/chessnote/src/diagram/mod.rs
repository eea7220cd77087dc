//! Board diagrams: one description of what to draw ([`Diagram`]: a board,
//! the side at the bottom, coordinates, and what is marked on it: the last
//! move, the king in check, coloured squares and arrows), drawn as ASCII or
//! Unicode text ([`Diagram::text`]) or as an SVG picture ([`Diagram::svg`]).
//!
//! The coloured squares and arrows are those of the PGN comment commands
//! `[%csl Gd4]` and `[%cal Ge2e4]`
//! ([`pgn::commands`](crate::pgn::commands) reads them into these types),
//! and a game's [`pgn::Game::diagram`](crate::pgn::Game::diagram) gives the
//! diagram after any ply with its last move and its comment's shapes;
//! [`Position::diagram`](crate::position::Position::diagram) marks the king
//! in check.
//!
//! ```
//! use chessnote::diagram::{Arrow, Diagram, DiagramStyle, ShapeColor, SvgOptions};
//! use chessnote::{Board, Square};
//!
//! let mut diagram = Diagram::new(Board::STARTING);
//! diagram.arrows.push(Arrow { color: ShapeColor::Green, from: Square::E2, to: Square::E4 });
//! let svg = diagram.svg(&SvgOptions::default()).to_string();
//! assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert!(svg.contains("class=\"arrow green e2 e4\""));
//! assert!(diagram.text(DiagramStyle::Ascii).to_string().starts_with("8 r n b q k b n r\n"));
//! ```

mod pieces;
mod svg;
mod text;

use alloc::vec::Vec;
use core::fmt;

pub use svg::{
    PieceSvg, Rgba, RgbaError, RgbaErrorKind, Svg, SvgColors, SvgOptions, SvgPaint, piece_svg,
};
pub use text::{DiagramStyle, Text};

use crate::fen::Pockets;
use crate::{Board, Color, File, Move, Rank, Square};

/// What a diagram shows: a board, the side at the bottom, whether the
/// coordinates are drawn, and what is marked on it. Every renderer reads
/// this one description: [`Diagram::text`] draws the board and coordinates
/// (the marks have no text form), [`Diagram::svg`] everything.
///
/// ```
/// use chessnote::diagram::{Diagram, MarkedSquare, ShapeColor};
/// use chessnote::{Board, Color, Square};
///
/// let mut diagram = Diagram::new(Board::STARTING);
/// assert_eq!((diagram.orientation, diagram.coordinates), (Color::White, true));
/// diagram.squares.push(MarkedSquare { color: ShapeColor::Red, square: Square::F7 });
/// assert_eq!(diagram.squares.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagram {
    /// The pieces.
    pub board: Board,
    /// The side at the bottom.
    pub orientation: Color,
    /// Whether the file letters and rank digits are drawn.
    pub coordinates: bool,
    /// The squares the last move left and reached (see
    /// [`Diagram::set_last_move`]).
    pub last_move: Option<(Square, Square)>,
    /// The square of a king in check.
    pub check: Option<Square>,
    /// Coloured squares (`[%csl]`), drawn in order.
    pub squares: Vec<MarkedSquare>,
    /// Arrows (`[%cal]`), drawn in order; one from a square to itself is a
    /// circle.
    pub arrows: Vec<Arrow>,
    /// Crazyhouse's pieces in hand: the SVG draws each side's beside the
    /// board, on its side (see [`Diagram::svg`]).
    pub pockets: Option<Pockets>,
    /// Three-check: the checks each side has still to give, White's first;
    /// the SVG writes them beside the board, on each side's side.
    pub checks_left: Option<[u8; 2]>,
}

impl Diagram {
    /// The diagram of `board`: White at the bottom, coordinates, no marks.
    ///
    /// ```
    /// use chessnote::{Board, Diagram};
    /// assert_eq!(Diagram::new(Board::EMPTY).board, Board::EMPTY);
    /// ```
    pub fn new(board: Board) -> Diagram {
        Diagram {
            board,
            orientation: Color::White,
            coordinates: true,
            last_move: None,
            check: None,
            squares: Vec::new(),
            arrows: Vec::new(),
            pockets: None,
            checks_left: None,
        }
    }

    /// Marks the squares `mv` leaves and reaches: for castling, the king's
    /// square and the square it goes to.
    ///
    /// ```
    /// use chessnote::{Board, Diagram, Move, Square};
    /// let mut diagram = Diagram::new(Board::STARTING);
    /// diagram.set_last_move(Move::Castle { king: Square::E1, rook: Square::H1 });
    /// assert_eq!(diagram.last_move, Some((Square::E1, Square::G1)));
    /// ```
    pub fn set_last_move(&mut self, mv: Move) {
        self.last_move = Some((mv.from(), mv.to()));
    }

    /// The diagram as text, in `style`: the board with the orientation and
    /// coordinates of the diagram.
    ///
    /// ```
    /// use chessnote::{Board, Diagram, DiagramStyle};
    /// let mut diagram = Diagram::new(Board::STARTING);
    /// diagram.coordinates = false;
    /// let text = diagram.text(DiagramStyle::Ascii).to_string();
    /// assert_eq!(text.lines().next(), Some("r n b q k b n r"));
    /// assert_eq!(text.lines().count(), 8);
    /// ```
    pub fn text(&self, style: DiagramStyle) -> Text<'_> {
        Text {
            board: &self.board,
            orientation: self.orientation,
            coordinates: self.coordinates,
            style,
        }
    }

    /// The diagram as an SVG document, drawn with `options` (size and
    /// colours); `Display` writes it.
    ///
    /// ```
    /// use chessnote::diagram::{Diagram, SvgOptions};
    /// use chessnote::Board;
    /// let options = SvgOptions { size: 200, ..SvgOptions::default() };
    /// let svg = Diagram::new(Board::STARTING).svg(&options).to_string();
    /// assert!(svg.contains("width=\"200\" height=\"200\""));
    /// assert_eq!(svg.matches("<use ").count(), 32);
    /// ```
    pub fn svg<'a>(&'a self, options: &'a SvgOptions) -> Svg<'a> {
        Svg {
            diagram: self,
            options,
        }
    }
}

impl From<Board> for Diagram {
    /// [`Diagram::new`].
    fn from(board: Board) -> Diagram {
        Diagram::new(board)
    }
}

/// The files left to right and the ranks top to bottom, as seen with
/// `orientation` at the bottom.
pub(crate) fn files_and_ranks(orientation: Color) -> ([File; 8], [Rank; 8]) {
    let mut files = File::ALL;
    let mut ranks = Rank::ALL;
    match orientation {
        Color::White => ranks.reverse(),
        Color::Black => files.reverse(),
    }
    (files, ranks)
}

/// The colour of a marked square or an arrow: `R`, `G`, `Y` or `B` in the
/// PGN comment commands `[%csl]` and `[%cal]`.
///
/// ```
/// use chessnote::diagram::ShapeColor;
/// assert_eq!(ShapeColor::from_ascii(b'G'), Some(ShapeColor::Green));
/// assert_eq!(ShapeColor::Yellow.ascii(), b'Y');
/// assert_eq!(ShapeColor::Blue.name(), "blue");
/// assert_eq!(ShapeColor::from_ascii(b'g'), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ShapeColor {
    /// `R`.
    Red,
    /// `G`.
    Green,
    /// `Y`.
    Yellow,
    /// `B`.
    Blue,
}

impl ShapeColor {
    /// The four colours, in declaration order.
    pub const ALL: [ShapeColor; 4] = [
        ShapeColor::Red,
        ShapeColor::Green,
        ShapeColor::Yellow,
        ShapeColor::Blue,
    ];

    /// The colour of an uppercase letter `R`, `G`, `Y` or `B`.
    #[inline]
    pub const fn from_ascii(byte: u8) -> Option<ShapeColor> {
        match byte {
            b'R' => Some(ShapeColor::Red),
            b'G' => Some(ShapeColor::Green),
            b'Y' => Some(ShapeColor::Yellow),
            b'B' => Some(ShapeColor::Blue),
            _ => None,
        }
    }

    /// The colour's letter.
    #[inline]
    pub const fn ascii(self) -> u8 {
        match self {
            ShapeColor::Red => b'R',
            ShapeColor::Green => b'G',
            ShapeColor::Yellow => b'Y',
            ShapeColor::Blue => b'B',
        }
    }

    /// The colour's lowercase name (`red`).
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            ShapeColor::Red => "red",
            ShapeColor::Green => "green",
            ShapeColor::Yellow => "yellow",
            ShapeColor::Blue => "blue",
        }
    }
}

/// A square marked in a colour, one item of `[%csl]` (`Ga1`).
///
/// ```
/// use chessnote::diagram::{MarkedSquare, ShapeColor};
/// use chessnote::Square;
/// let mark = MarkedSquare { color: ShapeColor::Red, square: Square::F6 };
/// assert_eq!(mark.to_string(), "Rf6");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MarkedSquare {
    /// The colour.
    pub color: ShapeColor,
    /// The square.
    pub square: Square,
}

/// An arrow in a colour, one item of `[%cal]` (`Ge2e4`).
///
/// ```
/// use chessnote::diagram::{Arrow, ShapeColor};
/// use chessnote::Square;
/// let arrow = Arrow { color: ShapeColor::Green, from: Square::E2, to: Square::E4 };
/// assert_eq!(arrow.to_string(), "Ge2e4");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// The colour.
    pub color: ShapeColor,
    /// Where the arrow starts.
    pub from: Square,
    /// Where the arrow points.
    pub to: Square,
}

impl fmt::Display for MarkedSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(self.color.ascii()), self.square)
    }
}

impl fmt::Display for Arrow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            char::from(self.color.ascii()),
            self.from,
            self.to
        )
    }
}
