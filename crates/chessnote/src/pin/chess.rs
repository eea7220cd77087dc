//! How PIN tokens stand for chess pieces.

use super::{Identifier, Letter, Side, State};
use crate::{Piece, PieceKind};

impl Identifier {
    /// The PIN token of a chess piece: its FEN letter (uppercase for White,
    /// so `Side::First` is White), in [`State::Normal`], with the terminal
    /// marker `^` on kings and on nothing else.
    ///
    /// So the twelve chess tokens are `P N B R Q K^` and `p n b r q k^`. The
    /// king is terminal because it is the piece whose loss (checkmate) ends a
    /// chess game, which is what PIN's `^` says; the PIN examples for Western
    /// chess write it the same way. A [`Piece`] carries no state, so the
    /// state is always `Normal` (see [`Identifier::to_piece`] for the way
    /// back).
    ///
    /// ```
    /// use chessnote::{Color, PieceKind};
    /// use chessnote::pin::Identifier;
    ///
    /// let king = Identifier::from_piece(PieceKind::King.of(Color::Black));
    /// assert_eq!(king.to_string(), "k^");
    /// let knight = Identifier::from_piece(PieceKind::Knight.of(Color::White));
    /// assert_eq!(knight.to_string(), "N");
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_piece(piece: Piece) -> Self {
        Identifier::new(
            Letter::from_piece_kind(piece.kind),
            Side::from_color(piece.color),
            State::Normal,
            matches!(piece.kind, PieceKind::King),
        )
    }

    /// The chess piece this token stands for: `Some` exactly for the twelve
    /// tokens [`Identifier::from_piece`] makes, so the two are inverse.
    ///
    /// Every other token gives `None`: a letter that is not `PNBRQK`, a `+`
    /// or `-` state (it says something about the piece, such as a castling
    /// right or a pawn's double step, that a [`Piece`] cannot hold, and
    /// dropping it would lose information), a king without `^` or another
    /// piece with it (a king that is not royal, or a royal queen, is not
    /// standard chess). To read the letter and case alone, whatever the
    /// state and marker, go through [`Letter::piece_kind`] and
    /// [`Side::color`], as below.
    ///
    /// ```
    /// use chessnote::{Color, Piece, PieceKind};
    /// use chessnote::pin::Identifier;
    ///
    /// let queen = Identifier::parse("q")?;
    /// assert_eq!(queen.to_piece(), Some(PieceKind::Queen.of(Color::Black)));
    /// assert_eq!(Identifier::parse("K^")?.to_piece(), Some(PieceKind::King.of(Color::White)));
    ///
    /// assert_eq!(Identifier::parse("K")?.to_piece(), None); // not royal
    /// assert_eq!(Identifier::parse("+P")?.to_piece(), None); // has a state
    /// assert_eq!(Identifier::parse("G^")?.to_piece(), None); // a xiangqi general
    ///
    /// // The lenient reading: letter and case only.
    /// let pawn = Identifier::parse("+P")?;
    /// let piece = pawn.letter().piece_kind().map(|kind| kind.of(pawn.side().color()));
    /// assert_eq!(piece, Some(PieceKind::Pawn.of(Color::White)));
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn to_piece(self) -> Option<Piece> {
        let Some(kind) = self.letter().piece_kind() else {
            return None;
        };
        let piece = kind.of(self.side().color());
        let canonical = Identifier::from_piece(piece);
        if self.is_normal() && self.is_terminal() == canonical.is_terminal() {
            Some(piece)
        } else {
            None
        }
    }
}

impl From<Piece> for Identifier {
    /// Same as [`Identifier::from_piece`].
    ///
    /// ```
    /// use chessnote::{Color, PieceKind};
    /// use chessnote::pin::Identifier;
    ///
    /// let id = Identifier::from(PieceKind::Rook.of(Color::Black));
    /// assert_eq!(id.to_string(), "r");
    /// ```
    #[inline]
    fn from(piece: Piece) -> Self {
        Identifier::from_piece(piece)
    }
}
