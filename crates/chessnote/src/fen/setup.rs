//! The fast core: a `Copy` position setup and its canonical FEN printer.

use core::fmt;
use core::ops::{Index, IndexMut};

use crate::{CastlingSide, Color, File, Piece, PieceKind, Rank, Square, SquareSet};

/// The 64 squares of a board, each empty or holding a piece, indexed by
/// [`Square`] (`a1` = 0).
///
/// `Display` prints the FEN piece-placement field.
///
/// ```
/// use chessnote::fen::Board;
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
    /// assert_eq!(chessnote::fen::Board::EMPTY.to_string(), "8/8/8/8/8/8/8/8");
    /// ```
    pub const EMPTY: Board = Board([None; 64]);

    /// The board of the standard starting position.
    ///
    /// ```
    /// use chessnote::fen::Board;
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
    /// use chessnote::fen::Board;
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
    /// use chessnote::fen::Board;
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
    /// use chessnote::fen::Board;
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
    /// use chessnote::fen::Board;
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
    /// use chessnote::fen::Board;
    /// assert_eq!(Board::STARTING.pieces().count(), 32);
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Square::ALL[i], p)))
    }

    /// Writes the piece-placement field into `out`, returning the length.
    pub(crate) fn write_placement(&self, out: &mut [u8; 80]) -> usize {
        let mut len = 0;
        let mut rank = 8;
        while rank > 0 {
            rank -= 1;
            let mut empty = 0u8;
            for sq in &self.0[rank * 8..rank * 8 + 8] {
                match sq {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out[len] = b'0' + empty;
                            len += 1;
                            empty = 0;
                        }
                        out[len] = piece.ascii();
                        len += 1;
                    }
                }
            }
            if empty > 0 {
                out[len] = b'0' + empty;
                len += 1;
            }
            if rank > 0 {
                out[len] = b'/';
                len += 1;
            }
        }
        len
    }

    /// An ASCII or Unicode diagram of the board, White at the bottom.
    ///
    /// ```
    /// use chessnote::fen::{Board, DiagramStyle};
    /// let picture = Board::STARTING.diagram(DiagramStyle::Ascii).to_string();
    /// assert!(picture.starts_with("8 r n b q k b n r\n"));
    /// assert!(picture.ends_with("  a b c d e f g h\n"));
    /// ```
    pub fn diagram(&self, style: DiagramStyle) -> Diagram<'_> {
        Diagram { board: self, style }
    }
}

impl Default for Board {
    /// The empty board.
    ///
    /// ```
    /// assert_eq!(chessnote::fen::Board::default(), chessnote::fen::Board::EMPTY);
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

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 80];
        let len = self.write_placement(&mut buf);
        f.write_str(core::str::from_utf8(&buf[..len]).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

/// The characters a [`Diagram`] draws with.
///
/// ```
/// use chessnote::fen::{Board, DiagramStyle};
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

/// A picture of a board, eight lines of squares (rank 8 first) with the
/// rank numbers on the left and the file letters below; see [`Board::diagram`].
///
/// ```
/// use chessnote::fen::{Board, DiagramStyle};
/// use chessnote::{Color, PieceKind, Square};
/// let mut board = Board::EMPTY;
/// board[Square::A1] = Some(PieceKind::King.of(Color::White));
/// let picture = board.diagram(DiagramStyle::Ascii).to_string();
/// assert_eq!(picture.lines().nth(7), Some("1 K . . . . . . ."));
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Diagram<'a> {
    board: &'a Board,
    style: DiagramStyle,
}

fn unicode_symbol(piece: Piece) -> char {
    let base = match piece.color {
        Color::White => 0x2654,
        Color::Black => 0x265A,
    };
    let offset = match piece.kind {
        PieceKind::King => 0,
        PieceKind::Queen => 1,
        PieceKind::Rook => 2,
        PieceKind::Bishop => 3,
        PieceKind::Knight => 4,
        PieceKind::Pawn => 5,
    };
    char::from_u32(base + offset).unwrap_or('?')
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            write!(f, "{}", rank.char())?;
            for file in File::ALL {
                let c = match (self.board[Square::new(file, *rank)], self.style) {
                    (None, DiagramStyle::Ascii) => '.',
                    (None, DiagramStyle::Unicode) => '·',
                    (Some(p), DiagramStyle::Ascii) => p.char(),
                    (Some(p), DiagramStyle::Unicode) => unicode_symbol(p),
                };
                write!(f, " {c}")?;
            }
            f.write_str("\n")?;
        }
        f.write_str("  a b c d e f g h\n")
    }
}

/// One castling right as FEN writes it, and so which rook it names.
///
/// ```
/// use chessnote::fen::{CastlingRight, Setup};
/// use chessnote::{CastlingSide, Color, File};
///
/// let setup = Setup::from_ascii(b"4k3/8/8/8/8/8/8/R3K1R1 w Q - 0 1")?;
/// assert!(setup.castling.contains(Color::White, CastlingRight::Outermost(CastlingSide::QueenSide)));
/// assert_eq!(setup.castling_rook_file(Color::White, CastlingSide::QueenSide), Some(File::A));
/// # Ok::<(), chessnote::fen::FenError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingRight {
    /// Written `K`/`k` (king side) or `Q`/`q` (queen side): the outermost
    /// rook of that color on its back rank on that side of its king
    /// (standard chess and X-FEN).
    Outermost(CastlingSide),
    /// Written with the rook's file letter (Shredder-FEN, X-FEN), uppercase
    /// for White: `HAha`. Which side it is on depends on where the king is.
    File(File),
}

impl CastlingRight {
    /// The bit of the right in a color's mask: `K` = 0, files `h`..`a` =
    /// 1..8, `Q` = 9, which is also the canonical order.
    #[inline]
    const fn bit(self) -> u16 {
        match self {
            CastlingRight::Outermost(CastlingSide::KingSide) => 0,
            CastlingRight::File(file) => 8 - file as u16,
            CastlingRight::Outermost(CastlingSide::QueenSide) => 9,
        }
    }

    #[inline]
    const fn from_bit(bit: u16) -> CastlingRight {
        match bit {
            0 => CastlingRight::Outermost(CastlingSide::KingSide),
            9 => CastlingRight::Outermost(CastlingSide::QueenSide),
            _ => CastlingRight::File(File::ALL[(8 - bit) as usize & 7]),
        }
    }

    /// The uppercase letter of the right (`K`, `Q`, `A`..`H`).
    #[inline]
    const fn upper_ascii(self) -> u8 {
        match self {
            CastlingRight::Outermost(CastlingSide::KingSide) => b'K',
            CastlingRight::Outermost(CastlingSide::QueenSide) => b'Q',
            CastlingRight::File(file) => file.ascii().to_ascii_uppercase(),
        }
    }
}

/// The castling rights of both sides, as FEN writes them: for each color, a
/// set of [`CastlingRight`]s (letters `K`/`Q` and rook file letters).
///
/// It needs no board: which side a file letter is on, and which rook a `K`
/// or `Q` names, are questions for [`Setup::castling_rook_file`]. `Display`
/// prints the FEN castling field (`-` when there is none) in canonical
/// order: White before Black, and for each color `K`, then file letters from
/// `h` to `a`, then `Q` (so `KQkq`, `HAha`, `Kb`).
///
/// ```
/// use chessnote::fen::{Castling, CastlingRight};
/// use chessnote::{CastlingSide, Color, File};
///
/// let mut rights = Castling::NONE;
/// assert_eq!(rights.to_string(), "-");
/// rights.insert(Color::White, CastlingRight::Outermost(CastlingSide::KingSide));
/// rights.insert(Color::Black, CastlingRight::File(File::B));
/// assert_eq!(rights.to_string(), "Kb");
/// assert_eq!(Castling::STANDARD.to_string(), "KQkq");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Castling {
    /// One 10-bit mask per color (White, Black); see [`CastlingRight::bit`].
    rights: [u16; 2],
}

const fn color_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Castling {
    /// No castling rights (`-`).
    ///
    /// ```
    /// assert!(chessnote::fen::Castling::NONE.is_empty());
    /// ```
    pub const NONE: Castling = Castling { rights: [0; 2] };

    /// All four rights, written `KQkq`.
    ///
    /// ```
    /// assert!(!chessnote::fen::Castling::STANDARD.is_empty());
    /// ```
    pub const STANDARD: Castling = Castling {
        rights: [1 | 1 << 9; 2],
    };

    /// Whether `color` has `right`.
    ///
    /// ```
    /// use chessnote::fen::{Castling, CastlingRight};
    /// use chessnote::{CastlingSide, Color};
    /// assert!(Castling::STANDARD.contains(Color::Black, CastlingRight::Outermost(CastlingSide::KingSide)));
    /// ```
    #[inline]
    pub const fn contains(&self, color: Color, right: CastlingRight) -> bool {
        self.rights[color_index(color)] & (1 << right.bit()) != 0
    }

    /// Gives `color` the right; returns whether it was new.
    ///
    /// ```
    /// use chessnote::fen::{Castling, CastlingRight};
    /// use chessnote::{Color, File};
    /// let mut rights = Castling::NONE;
    /// assert!(rights.insert(Color::White, CastlingRight::File(File::H)));
    /// assert!(!rights.insert(Color::White, CastlingRight::File(File::H)));
    /// assert_eq!(rights.to_string(), "H");
    /// ```
    #[inline]
    pub fn insert(&mut self, color: Color, right: CastlingRight) -> bool {
        let had = self.contains(color, right);
        self.rights[color_index(color)] |= 1 << right.bit();
        !had
    }

    /// Takes the right away from `color`; returns whether it was there.
    ///
    /// ```
    /// use chessnote::fen::{Castling, CastlingRight};
    /// use chessnote::{CastlingSide, Color};
    /// let mut rights = Castling::STANDARD;
    /// assert!(rights.remove(Color::White, CastlingRight::Outermost(CastlingSide::QueenSide)));
    /// assert_eq!(rights.to_string(), "Kkq");
    /// ```
    #[inline]
    pub fn remove(&mut self, color: Color, right: CastlingRight) -> bool {
        let had = self.contains(color, right);
        self.rights[color_index(color)] &= !(1 << right.bit());
        had
    }

    /// The rights of `color`, in canonical order.
    ///
    /// ```
    /// use chessnote::fen::{Castling, CastlingRight};
    /// use chessnote::{CastlingSide, Color};
    /// let rights: Vec<_> = Castling::STANDARD.iter(Color::White).collect();
    /// assert_eq!(rights, [
    ///     CastlingRight::Outermost(CastlingSide::KingSide),
    ///     CastlingRight::Outermost(CastlingSide::QueenSide),
    /// ]);
    /// ```
    pub fn iter(&self, color: Color) -> impl Iterator<Item = CastlingRight> + use<> {
        let mask = self.rights[color_index(color)];
        (0..10u16)
            .filter(move |bit| mask & (1 << bit) != 0)
            .map(CastlingRight::from_bit)
    }

    /// Whether there is no right at all.
    ///
    /// ```
    /// assert!(chessnote::fen::Castling::default().is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.rights[0] == 0 && self.rights[1] == 0
    }

    /// Whether some right is written with a file letter (Shredder-FEN or X-FEN).
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// let setup = Setup::from_ascii(b"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1")?;
    /// assert!(setup.castling.uses_files());
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    #[inline]
    pub const fn uses_files(&self) -> bool {
        (self.rights[0] | self.rights[1]) & 0x1FE != 0
    }

    /// The raw mask of `color` (bit order of the canonical order).
    #[inline]
    pub(crate) const fn mask(&self, color: Color) -> u16 {
        self.rights[color_index(color)]
    }

    /// Writes the castling field into `out` at `len`, returning the new length.
    pub(crate) fn write(&self, out: &mut [u8], mut len: usize) -> usize {
        let start = len;
        for (c, mask) in self.rights.iter().enumerate() {
            let mut m = *mask;
            while m != 0 {
                let bit = m.trailing_zeros() as u16;
                m &= m - 1;
                let byte = CastlingRight::from_bit(bit).upper_ascii();
                out[len] = if c == 1 {
                    byte.to_ascii_lowercase()
                } else {
                    byte
                };
                len += 1;
            }
        }
        if len == start {
            out[len] = b'-';
            len += 1;
        }
        len
    }
}

impl fmt::Display for Castling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 20];
        let len = self.write(&mut buf, 0);
        f.write_str(core::str::from_utf8(&buf[..len]).map_err(|_| fmt::Error)?)
    }
}

/// A position as FEN writes it: the board, the side to move, the castling
/// rights, the en-passant square and the two counters.
///
/// It is plain data: nothing checks that the position is legal (kings,
/// checks, pawns on the back rank); that is the job of a validating layer
/// built on top of it. `Display` prints canonical FEN, and parsing that text
/// with the options the setup was read with gives the same setup back (a
/// setup read leniently, say with an en-passant square on rank 4, prints
/// text that only the same leniency reads).
///
/// ```
/// use chessnote::fen::Setup;
/// use chessnote::{Color, PieceKind, Square};
///
/// let text = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
/// let setup: Setup = text.parse()?;
/// assert_eq!(setup.turn, Color::White);
/// assert_eq!(setup.ep_square, Some(Square::D6));
/// assert_eq!(setup.board[Square::E5], Some(PieceKind::Pawn.of(Color::White)));
/// assert_eq!(setup.fullmoves, 3);
/// assert_eq!(setup.to_string(), text);
/// # Ok::<(), chessnote::fen::FenError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The castling rights.
    pub castling: Castling,
    /// The en-passant target square, if any.
    pub ep_square: Option<Square>,
    /// The halfmove clock: plies since the last capture or pawn move.
    pub halfmoves: u16,
    /// The fullmove number, starting at 1 and incremented after Black moves.
    pub fullmoves: u16,
}

impl Default for Setup {
    /// The standard starting position.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// assert_eq!(Setup::default(), Setup::STARTING);
    /// ```
    fn default() -> Setup {
        Setup::STARTING
    }
}

impl Setup {
    /// The standard starting position.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// assert_eq!(Setup::STARTING.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub const STARTING: Setup = Setup {
        board: Board::STARTING,
        turn: Color::White,
        castling: Castling::STANDARD,
        ep_square: None,
        halfmoves: 0,
        fullmoves: 1,
    };

    /// An empty board, White to move, no rights, counters `0 1`.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// assert_eq!(Setup::EMPTY.to_string(), "8/8/8/8/8/8/8/8 w - - 0 1");
    /// ```
    pub const EMPTY: Setup = Setup {
        board: Board::EMPTY,
        turn: Color::White,
        castling: Castling::NONE,
        ep_square: None,
        halfmoves: 0,
        fullmoves: 1,
    };

    /// The piece on `square`, if any.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::Square;
    /// assert!(Setup::STARTING.piece_at(Square::E4).is_none());
    /// ```
    #[inline]
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board.get(square)
    }

    /// The file of the rook that castling of `color` on `side` uses, if
    /// `color` has a right on that side.
    ///
    /// A `K` or `Q` right names the outermost rook of that color on its back
    /// rank on that side of its king (X-FEN), or, when there is no such king
    /// or rook, the `h` or `a` file of standard chess. A file-letter right is
    /// on the side of the king its file is on (with no king on the back
    /// rank, the side of the `e` file it is on, `e` counting as queen side);
    /// of several on one side, the outermost counts.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::{CastlingSide, Color, File};
    /// // Chess960 start position, X-FEN castling letters.
    /// let setup = Setup::from_ascii(b"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1")?;
    /// assert_eq!(setup.castling_rook_file(Color::White, CastlingSide::KingSide), Some(File::H));
    /// assert_eq!(setup.castling_rook_file(Color::Black, CastlingSide::QueenSide), Some(File::F));
    /// // The same position in Shredder-FEN.
    /// let setup = Setup::from_ascii(b"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1")?;
    /// assert_eq!(setup.castling_rook_file(Color::Black, CastlingSide::QueenSide), Some(File::F));
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    pub fn castling_rook_file(&self, color: Color, side: CastlingSide) -> Option<File> {
        if self
            .castling
            .contains(color, CastlingRight::Outermost(side))
        {
            return Some(self.outermost_rook(color, side));
        }
        let king = king_file(&self.board, color);
        let mask = self.castling.mask(color);
        // Bits 1..=8 are the files h..a.
        let files = (1..=8u16)
            .filter(|bit| mask & (1 << bit) != 0)
            .map(|bit| File::ALL[(8 - bit) as usize]);
        let on_side = |file: &File| match (side, king) {
            (CastlingSide::KingSide, Some(k)) => *file > k,
            (CastlingSide::QueenSide, Some(k)) => *file < k,
            (CastlingSide::KingSide, None) => *file > File::E,
            (CastlingSide::QueenSide, None) => *file <= File::E,
        };
        let mut candidates = files.filter(on_side);
        match side {
            // Files come h first.
            CastlingSide::KingSide => candidates.next(),
            CastlingSide::QueenSide => candidates.next_back(),
        }
    }

    /// The square of the rook that castling of `color` on `side` uses (on
    /// the back rank of `color`), if `color` has a right on that side.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::{CastlingSide, Color, Square};
    /// let rook = Setup::STARTING.castling_rook_square(Color::Black, CastlingSide::KingSide);
    /// assert_eq!(rook, Some(Square::H8));
    /// ```
    pub fn castling_rook_square(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let file = self.castling_rook_file(color, side)?;
        Some(Square::new(file, back_rank(color)))
    }

    /// Whether `color` has a castling right on `side` (see
    /// [`Setup::castling_rook_file`]).
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::{CastlingSide, Color};
    /// let setup = Setup::from_ascii(b"rk5r/8/8/8/8/8/8/RK5R w Hh - 0 1")?;
    /// assert!(setup.can_castle(Color::Black, CastlingSide::KingSide));
    /// assert!(!setup.can_castle(Color::Black, CastlingSide::QueenSide));
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    pub fn can_castle(&self, color: Color, side: CastlingSide) -> bool {
        self.castling_rook_file(color, side).is_some()
    }

    /// The squares of every rook a castling right names (see
    /// [`Setup::castling_rook_file`]), both colors.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::{Square, SquareSet};
    /// let rooks: SquareSet = [Square::A1, Square::H1, Square::A8, Square::H8].into_iter().collect();
    /// assert_eq!(Setup::STARTING.castling_rooks(), rooks);
    /// ```
    pub fn castling_rooks(&self) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for color in Color::ALL {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if let Some(square) = self.castling_rook_square(color, side) {
                    set.insert(square);
                }
            }
        }
        set
    }

    fn outermost_rook(&self, color: Color, side: CastlingSide) -> File {
        let rank = back_rank(color);
        let rook = Some(PieceKind::Rook.of(color));
        let default = match side {
            CastlingSide::KingSide => File::H,
            CastlingSide::QueenSide => File::A,
        };
        let Some(king) = king_file(&self.board, color) else {
            return default;
        };
        let found = match side {
            CastlingSide::KingSide => File::ALL[king as usize + 1..]
                .iter()
                .rev()
                .find(|f| self.board[Square::new(**f, rank)] == rook),
            CastlingSide::QueenSide => File::ALL[..king as usize]
                .iter()
                .find(|f| self.board[Square::new(**f, rank)] == rook),
        };
        found.copied().unwrap_or(default)
    }

    /// Writes canonical FEN into `out`, returning the length.
    pub(crate) fn write_fen(&self, out: &mut [u8; 112], counters: bool) -> usize {
        let mut placement = [0u8; 80];
        let mut len = self.board.write_placement(&mut placement);
        out[..len].copy_from_slice(&placement[..len]);
        out[len] = b' ';
        out[len + 1] = match self.turn {
            Color::White => b'w',
            Color::Black => b'b',
        };
        out[len + 2] = b' ';
        len = self.castling.write(out, len + 3);
        out[len] = b' ';
        len += 1;
        match self.ep_square {
            Some(sq) => {
                out[len..len + 2].copy_from_slice(&sq.ascii());
                len += 2;
            }
            None => {
                out[len] = b'-';
                len += 1;
            }
        }
        if counters {
            out[len] = b' ';
            len = write_u16(out, len + 1, self.halfmoves);
            out[len] = b' ';
            len = write_u16(out, len + 1, self.fullmoves);
        }
        len
    }

    /// The four position fields of EPD (no counters), e.g. for an
    /// [`Epd`](super::Epd) record or an opening book key.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// assert_eq!(Setup::STARTING.epd_fields().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    /// ```
    pub fn epd_fields(&self) -> EpdFields<'_> {
        EpdFields(self)
    }

    /// Appends canonical FEN to `out` (without going through `fmt`).
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// let mut text = String::from("fen: ");
    /// Setup::EMPTY.append_to(&mut text);
    /// assert_eq!(text, "fen: 8/8/8/8/8/8/8/8 w - - 0 1");
    /// ```
    pub fn append_to(&self, out: &mut alloc::string::String) {
        let mut buf = [0u8; 112];
        let len = self.write_fen(&mut buf, true);
        // Every byte written is ASCII.
        out.push_str(core::str::from_utf8(&buf[..len]).unwrap_or(""));
    }
}

/// The four EPD position fields of a [`Setup`]; see [`Setup::epd_fields`].
///
/// ```
/// use chessnote::fen::Setup;
/// assert_eq!(format!("{}", Setup::EMPTY.epd_fields()), "8/8/8/8/8/8/8/8 w - -");
/// ```
#[derive(Copy, Clone, Debug)]
pub struct EpdFields<'a>(&'a Setup);

impl fmt::Display for EpdFields<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 112];
        let len = self.0.write_fen(&mut buf, false);
        f.write_str(core::str::from_utf8(&buf[..len]).map_err(|_| fmt::Error)?)
    }
}

pub(crate) const fn back_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    }
}

/// The file of the first king of `color` on its back rank, if any.
pub(crate) fn king_file(board: &Board, color: Color) -> Option<File> {
    let rank = back_rank(color) as usize;
    let king = Some(PieceKind::King.of(color));
    board.0[rank * 8..rank * 8 + 8]
        .iter()
        .position(|p| *p == king)
        .map(|i| File::ALL[i])
}

fn write_u16(out: &mut [u8], mut len: usize, value: u16) -> usize {
    let mut digits = [0u8; 5];
    let mut n = value;
    let mut count = 0;
    loop {
        digits[count] = b'0' + (n % 10) as u8;
        count += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    while count > 0 {
        count -= 1;
        out[len] = digits[count];
        len += 1;
    }
    len
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 112];
        let len = self.write_fen(&mut buf, true);
        f.write_str(core::str::from_utf8(&buf[..len]).map_err(|_| fmt::Error)?)
    }
}
