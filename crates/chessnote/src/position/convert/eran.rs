//! ERAN moves in a position, and how en passant is written.

use super::super::{MoveList, Position};
use super::{MoveError, MoveErrorKind};
use crate::eran::{DropMove, Eran, RegularMove};
use crate::{Move, PieceKind};

/// How a move to ERAN writes an en-passant capture.
///
/// ```
/// use chessnote::position::EnPassantStyle;
/// assert_eq!(EnPassantStyle::default(), EnPassantStyle::Regular);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum EnPassantStyle {
    /// As a regular pawn capture, `Pawn e5xd6` (always unambiguous).
    #[default]
    Regular,
    /// As `en-passant` / `ep` when it is the only en-passant capture, else
    /// as a regular capture (ERAN never writes an ambiguous `ep`).
    Explicit,
}

impl Position {
    /// The legal en-passant captures.
    fn en_passant_moves(&self) -> MoveList {
        let pawns = self.pieces(self.turn(), PieceKind::Pawn);
        self.legal_moves_from(pawns)
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::EnPassant { .. }))
            .collect()
    }

    /// Reads an ERAN move (either form, any case).
    ///
    /// # Errors
    ///
    /// [`MoveError`]: an ERAN syntax error (with its byte), or a move that is not legal here.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// let mv = Position::new().parse_eran(b"pawn E2-E4")?;
    /// assert!(mv.is_double_step());
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn parse_eran(&self, text: &[u8]) -> Result<Move, MoveError> {
        self.read(text, Eran::from_ascii(text), |parsed| parsed.resolve(self))
    }
}

impl Eran {
    /// The ERAN of a legal move (en passant as a regular capture).
    ///
    /// Fallible where the other `from_move`s are not: SAN, LAN and UCI can
    /// spell any move, legal or not, but ERAN checks that the piece can make
    /// it. The error is a [`MoveError`] (of kind
    /// [`MoveErrorKind::Illegal`]), the one error of every conversion
    /// between moves and notations.
    ///
    /// # Errors
    ///
    /// A hand-made move no piece could make (ERAN cannot write it) gives a
    /// [`MoveError`] of kind [`MoveErrorKind::Illegal`]; a legal move never
    /// does.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// use chessnote::position::Position;
    /// let position = Position::new();
    /// let mv = position.parse_uci(b"g1f3").unwrap();
    /// assert_eq!(Eran::from_move(&position, mv).unwrap().to_string(), "Knight g1-f3");
    /// ```
    pub fn from_move(position: &Position, mv: Move) -> Result<Eran, MoveError> {
        Eran::from_move_with(position, mv, EnPassantStyle::Regular)
    }

    /// The ERAN of a legal move, writing en passant as `style` says.
    ///
    /// # Errors
    ///
    /// As [`Eran::from_move`]: only for a move no piece could make.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, EnPassantStyle, Position};
    ///
    /// let setup: Setup = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
    /// let position = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
    /// let mv = position.parse_uci(b"e5d6").unwrap();
    /// assert_eq!(Eran::from_move(&position, mv).unwrap().to_string(), "Pawn e5xd6");
    /// let explicit = Eran::from_move_with(&position, mv, EnPassantStyle::Explicit).unwrap();
    /// assert_eq!(explicit.to_string(), "en-passant");
    /// ```
    pub fn from_move_with(
        position: &Position,
        mv: Move,
        style: EnPassantStyle,
    ) -> Result<Eran, MoveError> {
        let explicit_ep = matches!(mv, Move::EnPassant { .. })
            && style == EnPassantStyle::Explicit
            && position.en_passant_moves().len() == 1;
        Eran::of_move(mv, explicit_ep)
            .ok_or_else(|| MoveError::of_value(MoveErrorKind::Illegal, &mv, position))
    }

    /// The ERAN of a move, in any variant's position: `ep` for en passant
    /// when `explicit_ep`; `None` for a move no piece could make on an
    /// empty board (never a legal one).
    pub(in crate::position) fn of_move(mv: Move, explicit_ep: bool) -> Option<Eran> {
        match mv {
            Move::Castle { .. } => mv.castling_side().map(Eran::Castle),
            Move::EnPassant { .. } if explicit_ep => Some(Eran::EnPassant),
            Move::Drop { piece, to } => DropMove::new(piece, to).ok().map(Eran::Drop),
            _ => RegularMove::new(
                mv.piece(),
                mv.from(),
                mv.to(),
                mv.is_capture(),
                mv.promotion(),
            )
            .ok()
            .map(Eran::Regular),
        }
    }

    /// The legal move this ERAN names: piece, squares and capture mark must
    /// match; `ep` must be the only en-passant capture.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// use chessnote::position::{MoveErrorKind, Position};
    /// let position = Position::new();
    /// let eran: Eran = "N g1-f3".parse().unwrap();
    /// assert!(eran.to_move(&position).is_ok());
    /// let eran: Eran = "ep".parse().unwrap();
    /// assert_eq!(eran.to_move(&position).unwrap_err().kind(), MoveErrorKind::Illegal);
    /// ```
    ///
    /// # Errors
    ///
    /// A [`MoveError`] when it names no legal move; it writes this move in
    /// its own text form.
    pub fn to_move(&self, position: &Position) -> Result<Move, MoveError> {
        self.resolve(position)
            .map_err(|kind| MoveError::of_value(kind, self, position))
    }

    /// The legal move, or the error's kind alone (the callers add the text
    /// and the position).
    fn resolve(&self, position: &Position) -> Result<Move, MoveErrorKind> {
        match *self {
            Eran::Castle(side) => position.castle_move(side).ok_or(MoveErrorKind::Illegal),
            Eran::EnPassant => the_only_one(position.en_passant_moves().iter().copied()),
            Eran::Regular(r) => {
                position.explicit_move(r.piece(), r.from(), r.to(), r.is_capture(), r.promotion())
            }
            // Standard chess has no pockets.
            Eran::Drop(_) => Err(MoveErrorKind::Illegal),
        }
    }
}

/// The one move of `moves` (the en passant captures `ep` names): an illegal
/// move when there is none, an ambiguous one when there are two.
pub(in crate::position) fn the_only_one(
    mut moves: impl Iterator<Item = Move>,
) -> Result<Move, MoveErrorKind> {
    match (moves.next(), moves.next()) {
        (Some(mv), None) => Ok(mv),
        (None, _) => Err(MoveErrorKind::Illegal),
        (Some(_), Some(_)) => Err(MoveErrorKind::Ambiguous),
    }
}
