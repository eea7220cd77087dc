//! SAN in a variant's position: read against the variant's legal moves
//! and written as python-chess and Lichess write it (drops `N@f3`, `@e4`;
//! promotions to a king `e8=K`; `#` after a move that ends the game by the
//! variant's rule).

use super::{MoveError, MoveErrorKind, Termination, VariantPosition};
use crate::san::{Leniency, San, SanOptions, SanPlus};
use crate::{Move, PieceKind, Suffix};

impl VariantPosition {
    /// Reads a SAN move with the leniencies of `options`, against the
    /// variant's legal moves; returns the move and the leniencies it
    /// needed ([`Leniency::Drops`] and [`Leniency::KingPromotion`] are the
    /// variants' own notation: allowed, and never reported as needed).
    ///
    /// # Errors
    ///
    /// [`MoveError`]: a SAN syntax error, or a move that is illegal,
    /// ambiguous, or needs a leniency `options` do not allow.
    ///
    /// ```
    /// use chessnote::Variant;
    /// use chessnote::fen::VariantSetup;
    /// use chessnote::position::{CastlingMode, VariantPosition};
    /// use chessnote::san::SanOptions;
    ///
    /// let setup: VariantSetup = "2k5/8/8/8/8/8/8/4K3[N] w - - 0 1".parse()?;
    /// let position = VariantPosition::from_variant_setup(&setup, Variant::Crazyhouse, CastlingMode::Standard)?;
    /// let (mv, _) = position.parse_san(b"N@b6+", SanOptions::STRICT)?;
    /// assert_eq!(position.san(mv).to_string(), "N@b6+");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_san(
        &self,
        text: &[u8],
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveError> {
        let options = options | SanOptions::VARIANTS;
        let (san, used) = SanPlus::from_ascii_reporting(text, options)
            .map_err(|e| super::convert::syntax(e, text, self.position()))?;
        let (mv, more) = self
            .san_to_move(&san, options)
            .map_err(|kind| MoveError::new(kind, text, self.position()))?;
        Ok((mv, (used | more).difference(SanOptions::VARIANTS)))
    }

    /// The legal move of a parsed SAN, with the position-level leniencies
    /// of `options` ([`Leniency::AnyDisambiguation`],
    /// [`Leniency::CaptureMismatch`], [`Leniency::WrongSuffix`]); returns
    /// the move and the leniencies it needed.
    ///
    /// # Errors
    ///
    /// The [`MoveErrorKind`] of a move that is not legal, is ambiguous, is
    /// the null move, or needs a leniency `options` do not allow.
    pub fn san_to_move(
        &self,
        san: &SanPlus,
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveErrorKind> {
        let mut used = SanOptions::STRICT;
        let mut need = |leniency: Leniency| {
            if options.contains(leniency) {
                used = used.with(leniency);
                Ok(())
            } else {
                Err(MoveErrorKind::NeedsLeniency(leniency))
            }
        };
        let legal = self.legal_moves();
        let mv = match san.san {
            San::Null => return Err(MoveErrorKind::Null),
            San::Castle(side) => *legal
                .iter()
                .find(|m| matches!(m, Move::Castle { .. }) && m.castling_side() == Some(side))
                .ok_or(MoveErrorKind::Illegal)?,
            San::Drop { piece, to } => *legal
                .iter()
                .find(|&&m| m == Move::Drop { piece, to })
                .ok_or(MoveErrorKind::Illegal)?,
            San::Normal {
                piece,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let mut found = legal.iter().filter(|&&m| {
                    is_board_move(m)
                        && m.piece() == piece
                        && m.to() == to
                        && m.promotion() == promotion
                        && file.is_none_or(|f| m.from().file() == f)
                        && rank.is_none_or(|r| m.from().rank() == r)
                });
                let mv = match (found.next(), found.next()) {
                    (Some(&mv), None) => mv,
                    (None, _) => return Err(MoveErrorKind::Illegal),
                    (Some(_), Some(_)) => return Err(MoveErrorKind::Ambiguous),
                };
                if mv.is_capture() != capture {
                    need(Leniency::CaptureMismatch)?;
                }
                let written = file.is_some() || rank.is_some();
                if written && piece != PieceKind::Pawn {
                    let San::Normal {
                        file: want_file,
                        rank: want_rank,
                        ..
                    } = self.san_of(mv, &legal)
                    else {
                        unreachable!("a board move's SAN is normal")
                    };
                    if (file, rank) != (want_file, want_rank) {
                        need(Leniency::AnyDisambiguation)?;
                    }
                }
                mv
            }
        };
        if san.suffix.is_some() && san.suffix != self.suffix_of(mv) {
            need(Leniency::WrongSuffix)?;
        }
        Ok((mv, used))
    }

    /// The SAN of a legal move, with `+` or `#` (`#` also after a move that
    /// ends the game by the variant's rule, as python-chess writes it).
    pub fn san(&self, mv: Move) -> SanPlus {
        SanPlus {
            san: self.san_of(mv, &self.legal_moves()),
            suffix: self.suffix_of(mv),
            annotation: None,
        }
    }

    /// The SAN of `mv` among the `legal` moves, without suffix.
    fn san_of(&self, mv: Move, legal: &[Move]) -> San {
        if let Some(side) = mv.castling_side() {
            return San::Castle(side);
        }
        if let Move::Drop { piece, to } = mv {
            return San::Drop { piece, to };
        }
        let from = mv.from();
        let (file, rank) = if mv.piece() == PieceKind::Pawn {
            (mv.is_capture().then(|| from.file()), None)
        } else {
            let rivals = legal.iter().filter(|&&m| {
                is_board_move(m) && m.piece() == mv.piece() && m.to() == mv.to() && m.from() != from
            });
            super::convert::disambiguation(from, rivals.map(|m| m.from()))
        };
        San::Normal {
            piece: mv.piece(),
            file,
            rank,
            capture: mv.is_capture(),
            to: mv.to(),
            promotion: mv.promotion(),
        }
    }

    /// The suffix `mv` earns: `#` when it mates or wins or loses the game
    /// by the variant's rule (python-chess's rule), `+` when it checks.
    pub(super) fn suffix_of(&self, mv: Move) -> Option<Suffix> {
        let mut after = self.clone();
        after.play_unchecked(mv);
        after.suffix_here()
    }

    /// The suffix the move that led here earned (see
    /// [`VariantPosition::san`]).
    pub fn suffix_here(&self) -> Option<Suffix> {
        let after = self;
        let decided = after.outcome().is_some_and(|outcome| {
            matches!(
                outcome.termination,
                Termination::Checkmate | Termination::VariantWin | Termination::VariantLoss
            )
        });
        if decided {
            Some(Suffix::Checkmate)
        } else if after.is_check() {
            Some(Suffix::Check)
        } else {
            None
        }
    }
}

/// A move of a piece on the board: not castling, not a drop.
pub(super) fn is_board_move(mv: Move) -> bool {
    matches!(mv, Move::Normal { .. } | Move::EnPassant { .. })
}
