//! The position a game is played in: standard chess's ([`Position`]), or a
//! variant's ([`VariantPosition`], which holds one). The replay, the game
//! tree and the writers hold it, so that a standard game pays one branch
//! per move for the variants.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use core::fmt::Write;

use super::replay::{standard_san, suffix_after};
use crate::lan::{Lan, LanPlus};
use crate::position::{
    IllegalMoveError, MoveError, MoveErrorKind, Notation, Position, VariantPosition, WriteNotation,
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

    /// Reads a move in `notation` (a variant's: SAN, LAN and UCI; ERAN
    /// has no drops or variant rules yet, and is refused).
    pub(crate) fn parse_move(
        &self,
        notation: Notation,
        text: &[u8],
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveError> {
        let position = match self {
            AnyPosition::Chess(position) => return position.parse_move(notation, text, options),
            AnyPosition::Variant(position) => position,
        };
        let refuse = |kind| {
            Err(MoveError::of_value(
                kind,
                &String::from_utf8_lossy(text),
                self.position(),
            ))
        };
        match notation {
            Notation::San => position.parse_san(text, options),
            Notation::Uci => match Uci::from_ascii(text) {
                Ok(uci) => position.uci_to_move(uci).map(|mv| (mv, SanOptions::STRICT)),
                Err(e) => Err(MoveError::of_value(
                    MoveErrorKind::Syntax(e.into()),
                    &String::from_utf8_lossy(text),
                    self.position(),
                )),
            },
            Notation::Lan => match LanPlus::from_ascii(text) {
                Ok(lan) => {
                    let found = position
                        .legal_moves()
                        .into_iter()
                        .find(|&mv| Lan::from_move(mv) == lan.lan);
                    match found {
                        Some(mv)
                            if lan.suffix.is_none() || lan.suffix == position.san(mv).suffix =>
                        {
                            Ok((mv, SanOptions::STRICT))
                        }
                        Some(_) => {
                            refuse(MoveErrorKind::Misstated(crate::san::Leniency::WrongSuffix))
                        }
                        None => refuse(MoveErrorKind::Illegal),
                    }
                }
                Err(e) => refuse(MoveErrorKind::Syntax(e.into())),
            },
            Notation::Eran => refuse(MoveErrorKind::Illegal),
        }
    }

    /// Writes a move in `notation` (a null move is `--`, or `0000` in UCI).
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
        let mode = position.position().castling_mode();
        // Writing to a String cannot fail.
        let _ = match notation.notation() {
            Notation::San => write!(out, "{}", position.san(mv)),
            Notation::Lan => write!(
                out,
                "{}",
                LanPlus {
                    lan: Lan::from_move(mv),
                    suffix: position.san(mv).suffix,
                }
            ),
            Notation::Uci => write!(out, "{}", Uci::from_move(mv, mode)),
            // ERAN has no variant moves yet: the plain rendering.
            Notation::Eran => write!(out, "{mv}"),
        };
    }

    /// The position as text, for messages: the variant's FEN.
    pub(crate) fn to_setup_text(&self) -> String {
        match self {
            AnyPosition::Chess(position) => position.to_setup().to_string(),
            AnyPosition::Variant(position) => position.to_variant_setup().to_string(),
        }
    }
}
