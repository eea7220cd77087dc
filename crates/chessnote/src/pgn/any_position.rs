//! The position a game is played in: standard chess's ([`Position`]), or a
//! variant's ([`VariantPosition`], which holds one). The replay, the game
//! tree and the writers hold it, so that a standard game pays one branch
//! per move for the variants.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use core::fmt::Write;

use super::replay::{standard_san, suffix_after};
use crate::position::{
    IllegalMoveError, MoveError, Notation, Position, VariantPosition, WriteNotation,
};
use crate::san::{San, SanOptions, SanPlus};
use crate::uci::Uci;
use crate::{Color, Move, Suffix, Variant};

/// A position of standard chess or of a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum AnyPosition {
    Chess(Position),
    /// Boxed: a standard game's lines stay as small as its positions.
    Variant(Box<VariantPosition>),
}

impl AnyPosition {
    /// The board, side to move, castling rights and counters.
    pub(crate) fn position(&self) -> &Position {
        match self {
            AnyPosition::Chess(position) => position,
            AnyPosition::Variant(position) => position.position(),
        }
    }

    /// The variant's position, in a variant.
    pub(crate) fn variant_position(&self) -> Option<&VariantPosition> {
        match self {
            AnyPosition::Chess(_) => None,
            AnyPosition::Variant(position) => Some(position),
        }
    }

    /// The rules.
    pub(crate) fn variant(&self) -> Variant {
        match self {
            AnyPosition::Chess(_) => Variant::Standard,
            AnyPosition::Variant(position) => position.variant(),
        }
    }

    pub(crate) fn turn(&self) -> Color {
        self.position().turn()
    }

    pub(crate) fn fullmoves(&self) -> u16 {
        self.position().fullmoves()
    }

    /// The legal move of a parsed SAN and the leniencies it needed.
    #[inline]
    pub(crate) fn san_to_move(
        &self,
        san: &SanPlus,
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveError> {
        match self {
            AnyPosition::Chess(position) => san.to_move_with(position, options),
            AnyPosition::Variant(position) => position
                .san_to_move(san, options | SanOptions::VARIANTS)
                .map_err(|kind| MoveError::of_value(kind, san, position.position())),
        }
    }

    /// The SAN a correct writer writes for `mv`, read as `san` with the
    /// leniencies `used`, without its suffix.
    pub(crate) fn standard_san(&self, mv: Move, san: SanPlus, used: SanOptions) -> San {
        match self {
            AnyPosition::Chess(position) => standard_san(position, mv, san, used),
            AnyPosition::Variant(position) => position.san(mv).san,
        }
    }

    /// The suffix the move that led here gave.
    pub(crate) fn suffix_here(&self) -> Option<Suffix> {
        match self {
            AnyPosition::Chess(position) => suffix_after(position),
            AnyPosition::Variant(position) => position.suffix_here(),
        }
    }

    #[inline]
    pub(crate) fn play_unchecked(&mut self, mv: Move) {
        match self {
            AnyPosition::Chess(position) => position.play_unchecked(mv),
            AnyPosition::Variant(position) => position.play_unchecked(mv),
        }
    }

    /// Plays a legal move.
    pub(crate) fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        match self {
            AnyPosition::Chess(position) => position.play(mv),
            AnyPosition::Variant(position) => position.play(mv),
        }
    }

    pub(crate) fn play_null(&mut self) -> bool {
        match self {
            AnyPosition::Chess(position) => position.play_null(),
            AnyPosition::Variant(position) => position.play_null(),
        }
    }

    /// The legal move a UCI names, and its SAN.
    pub(crate) fn uci_to_move(&self, uci: Uci) -> Result<(Move, SanPlus), MoveError> {
        match self {
            AnyPosition::Chess(position) => uci
                .to_move(position)
                .map(|mv| (mv, SanPlus::from_move(position, mv))),
            AnyPosition::Variant(position) => {
                position.uci_to_move(uci).map(|mv| (mv, position.san(mv)))
            }
        }
    }

    /// Reads a move in `notation`, by the variant's rules in a variant.
    pub(crate) fn parse_move(
        &self,
        notation: Notation,
        text: &[u8],
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveError> {
        match self {
            AnyPosition::Chess(position) => position.parse_move(notation, text, options),
            AnyPosition::Variant(position) => position.parse_move(notation, text, options),
        }
    }

    /// Writes a move in `notation` (a null move is `--`, or `0000` in UCI);
    /// a move that is not legal and that ERAN cannot write, in the crate's
    /// plain rendering (as the standard writer does).
    pub(crate) fn write_move(&self, out: &mut String, mv: Option<Move>, notation: WriteNotation) {
        let position = match self {
            AnyPosition::Chess(position) => {
                return super::write::write_move(out, position, mv, notation);
            }
            AnyPosition::Variant(position) => position,
        };
        let Some(mv) = mv else {
            return super::write::write_null(out, notation);
        };
        if !position.append_move(out, notation, mv) {
            // Writing to a String cannot fail.
            let _ = write!(out, "{mv}");
        }
    }

    /// The position's diagram, by its rules (a variant's check, pockets and
    /// counters).
    pub(crate) fn diagram(&self) -> crate::Diagram {
        match self {
            AnyPosition::Chess(position) => position.diagram(),
            AnyPosition::Variant(position) => position.diagram(),
        }
    }

    /// The position as text, for messages: the variant's FEN.
    pub(crate) fn to_setup_text(&self) -> String {
        match self {
            AnyPosition::Chess(position) => position.to_setup().to_string(),
            AnyPosition::Variant(position) => position.to_variant_setup().to_string(),
        }
    }
}
