//! A position as FEN writes it: plain data, no legality checks.

use crate::{
    Board, Castling, CastlingRight, CastlingSide, Color, File, Piece, PieceKind, Square, SquareSet,
};

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
/// use chessnote::Setup;
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
    /// use chessnote::Setup;
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
    /// use chessnote::Setup;
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
    /// use chessnote::Setup;
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
    /// use chessnote::Setup;
    /// use chessnote::Square;
    /// assert!(Setup::STARTING.piece_at(Square::E4).is_none());
    /// ```
    #[inline]
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board.get(square)
    }

    /// The start position of Chess960 number `number` (0 to 959, in
    /// Scharnagl's numbering: 518 is the standard start), White to move,
    /// every castling right, or `None` past 959.
    ///
    /// ```
    /// use chessnote::Setup;
    /// assert_eq!(Setup::chess960(518), Some(Setup::STARTING));
    /// assert_eq!(
    ///     Setup::chess960(0).unwrap().to_string(),
    ///     "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
    /// );
    /// assert_eq!(Setup::chess960(960), None);
    /// ```
    pub fn chess960(number: u16) -> Option<Setup> {
        let row = chess960_row(number)?;
        let mut setup = Setup::EMPTY;
        for (file, kind) in File::ALL.into_iter().zip(row) {
            for color in Color::ALL {
                let back = Square::new(file, color.back_rank());
                setup.board.set(back, Some(kind.of(color)));
                let pawns = match color {
                    Color::White => crate::Rank::Second,
                    Color::Black => crate::Rank::Seventh,
                };
                setup
                    .board
                    .set(Square::new(file, pawns), Some(PieceKind::Pawn.of(color)));
            }
        }
        setup.castling = Castling::STANDARD;
        Some(setup)
    }

    /// The Chess960 number of the setup's board (Scharnagl's, 0 to 959),
    /// when it is a Chess960 start position; the side to move, castling
    /// rights, en-passant square and counters are not looked at.
    ///
    /// ```
    /// use chessnote::Setup;
    /// assert_eq!(Setup::STARTING.chess960_number(), Some(518));
    /// assert_eq!(Setup::EMPTY.chess960_number(), None);
    /// ```
    pub fn chess960_number(&self) -> Option<u16> {
        let row = File::ALL.map(|file| {
            self.board
                .get(Square::new(file, crate::Rank::First))
                .map(|piece| piece.kind)
        });
        let number = (0..960).find(|&n| chess960_row(n).map(|r| r.map(Some)) == Some(row))?;
        (Setup::chess960(number)?.board == self.board).then_some(number)
    }

    /// The setup seen from the other side: the board mirrored top to
    /// bottom with every piece's color swapped, the other side to move,
    /// each side's castling rights the other's, the en-passant square
    /// mirrored; the counters as they are. A position and its mirror are
    /// the same game with the colors exchanged.
    ///
    /// ```
    /// use chessnote::Setup;
    /// let after_e4 = Setup::from_ascii(b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
    /// assert_eq!(
    ///     after_e4.mirror().to_string(),
    ///     "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
    /// );
    /// assert_eq!(after_e4.mirror().mirror(), after_e4);
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    #[must_use]
    pub fn mirror(&self) -> Setup {
        let mut board = Board::EMPTY;
        for (square, piece) in self.board.pieces() {
            board.set(square.flip_vertical(), Some(piece.kind.of(!piece.color)));
        }
        Setup {
            board,
            turn: !self.turn,
            castling: self.castling.swap_colors(),
            ep_square: self.ep_square.map(Square::flip_vertical),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
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
    /// use chessnote::Setup;
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
    /// use chessnote::Setup;
    /// use chessnote::{CastlingSide, Color, Square};
    /// let rook = Setup::STARTING.castling_rook_square(Color::Black, CastlingSide::KingSide);
    /// assert_eq!(rook, Some(Square::H8));
    /// ```
    pub fn castling_rook_square(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let file = self.castling_rook_file(color, side)?;
        Some(Square::new(file, color.back_rank()))
    }

    /// Whether `color` has a castling right on `side` (see
    /// [`Setup::castling_rook_file`]).
    ///
    /// ```
    /// use chessnote::Setup;
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
    /// use chessnote::Setup;
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
        let rank = color.back_rank();
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
}

/// The file of the first king of `color` on its back rank, if any.
pub(crate) fn king_file(board: &Board, color: Color) -> Option<File> {
    let rank = color.back_rank() as usize;
    let king = Some(PieceKind::King.of(color));
    board.0[rank * 8..rank * 8 + 8]
        .iter()
        .position(|p| *p == king)
        .map(|i| File::ALL[i])
}

/// The back rank of Chess960 start number `number` (Scharnagl): the
/// light-squared bishop's file from its last base-4 digit, the dark one's
/// from the next, the queen among the six empty files, the knights among
/// the five left (one of ten pairs), and rook, king, rook on the last three.
fn chess960_row(number: u16) -> Option<[PieceKind; 8]> {
    if number >= 960 {
        return None;
    }
    let mut row: [Option<PieceKind>; 8] = [None; 8];
    let n = usize::from(number);
    row[n % 4 * 2 + 1] = Some(PieceKind::Bishop);
    row[n / 4 % 4 * 2] = Some(PieceKind::Bishop);
    let mut place = |kind: PieceKind, nth: usize| {
        if let Some(file) = (0..8).filter(|&f| row[f].is_none()).nth(nth) {
            row[file] = Some(kind);
        }
    };
    place(PieceKind::Queen, n / 16 % 6);
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (first, second) = KNIGHTS[n / 96];
    // The second knight's place counts the first as taken.
    place(PieceKind::Knight, second);
    place(PieceKind::Knight, first);
    for kind in [PieceKind::Rook, PieceKind::King, PieceKind::Rook] {
        place(kind, 0);
    }
    Some(row.map(|kind| kind.unwrap_or(PieceKind::Pawn)))
}
