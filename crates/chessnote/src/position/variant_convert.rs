//! A variant's moves in UCI, LAN, SAN and ERAN: read against the variant's
//! legal moves, written as python-chess writes them (ERAN as
//! `docs/eran.ebnf` does, drops `Knight @f3`), and converted from one to
//! another (`chessnote convert --variant`), antichess's king promotions
//! too (`e8=K`, `e7e8k`, `Pawn e7-e8 ->King`).

use alloc::string::String;

use super::convert::{missing_leniencies, null_move, syntax, the_only_one};
use super::variant_san::is_board_move;
use super::{Converted, MoveError, MoveErrorKind, Notation, VariantPosition, WriteNotation};
use crate::Move;
use crate::eran::Eran;
use crate::lan::{Lan, LanPlus};
use crate::san::{Leniency, SanOptions};
use crate::uci::Uci;

impl VariantPosition {
    /// Reads a UCI move (`e2e4`, `N@f3`, `e7e8k`).
    ///
    /// # Errors
    ///
    /// [`MoveError`]: a UCI syntax error, or no legal move of the variant.
    ///
    /// ```
    /// use chessnote::fen::VariantSetup;
    /// use chessnote::position::{CastlingMode, VariantPosition};
    /// use chessnote::Variant;
    /// let setup: VariantSetup = "2k5/8/8/8/8/8/8/4K3[N] w - - 0 1".parse()?;
    /// let position = VariantPosition::from_variant_setup(&setup, Variant::Crazyhouse, CastlingMode::Standard)?;
    /// assert!(position.parse_uci(b"N@b6").is_ok());
    /// assert!(position.parse_uci(b"Q@b6").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_uci(&self, text: &[u8]) -> Result<Move, MoveError> {
        let uci = Uci::from_ascii(text).map_err(|e| syntax(e, text, self.position()))?;
        self.uci_to_move(uci)
    }

    /// Reads a LAN move (`e2-e4`, `N@f3`, `@e4` for a pawn, `O-O`); the
    /// piece, the capture mark and a written `+` or `#` must be right.
    ///
    /// # Errors
    ///
    /// [`MoveError`]: a LAN syntax error, a move that is not legal in the
    /// variant, or one misstated (its capture mark or suffix).
    ///
    /// ```
    /// use chessnote::position::VariantPosition;
    /// use chessnote::Variant;
    /// let position = VariantPosition::new(Variant::Antichess);
    /// assert!(position.parse_lan(b"e2-e4").is_ok());
    /// assert!(position.parse_lan(b"e2xe4").is_err());
    /// ```
    pub fn parse_lan(&self, text: &[u8]) -> Result<Move, MoveError> {
        let lan = LanPlus::from_ascii(text).map_err(|e| syntax(e, text, self.position()))?;
        self.lan_to_move(&lan)
            .map_err(|kind| MoveError::new(kind, text, self.position()))
    }

    /// Reads an ERAN move (either form, any case): `Knight g1-f3`, `ck`,
    /// `ep`, drops `Knight @f3` / `N @f3`, horde's `Pawn b1-b3`. The piece and
    /// the capture mark must be right; `ep` must be the only en passant
    /// capture.
    ///
    /// # Errors
    ///
    /// [`MoveError`]: an ERAN syntax error (with its byte), or no legal
    /// move of the variant.
    ///
    /// ```
    /// use chessnote::fen::VariantSetup;
    /// use chessnote::position::{CastlingMode, VariantPosition};
    /// use chessnote::Variant;
    /// let setup: VariantSetup = "2k5/8/8/8/8/8/8/4K3[N] w - - 0 1".parse()?;
    /// let position = VariantPosition::from_variant_setup(&setup, Variant::Crazyhouse, CastlingMode::Standard)?;
    /// assert_eq!(position.parse_eran(b"Knight @b6")?, position.parse_uci(b"N@b6")?);
    /// assert!(position.parse_eran(b"Q @b6").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_eran(&self, text: &[u8]) -> Result<Move, MoveError> {
        let eran = Eran::from_ascii(text).map_err(|e| syntax(e, text, self.position()))?;
        self.eran_to_move(eran)
            .map_err(|kind| MoveError::new(kind, text, self.position()))
    }

    /// The legal move an ERAN names: matched as the LAN of the same fields.
    fn eran_to_move(&self, eran: Eran) -> Result<Move, MoveErrorKind> {
        let lan = match eran {
            Eran::EnPassant => {
                let legal = self.legal_moves();
                return the_only_one(
                    legal
                        .into_iter()
                        .filter(|m| matches!(m, Move::EnPassant { .. })),
                );
            }
            Eran::Castle(side) => Lan::Castle(side),
            Eran::Drop(drop) => Lan::Drop {
                piece: drop.piece(),
                to: drop.to(),
            },
            Eran::Regular(mv) => Lan::Normal {
                piece: mv.piece(),
                from: mv.from(),
                capture: mv.is_capture(),
                to: mv.to(),
                promotion: mv.promotion(),
            },
        };
        self.lan_to_move(&LanPlus { lan, suffix: None })
    }

    /// The ERAN of a legal move (en passant as a regular capture), or
    /// `None` for a move no piece could make (never a legal one).
    ///
    /// ```
    /// use chessnote::fen::VariantSetup;
    /// use chessnote::position::{CastlingMode, VariantPosition};
    /// use chessnote::Variant;
    /// let setup: VariantSetup = "k7/8/8/8/8/8/8/1P6 w - - 0 1".parse()?;
    /// let position = VariantPosition::from_variant_setup(&setup, Variant::Horde, CastlingMode::Standard)?;
    /// let mv = position.parse_uci(b"b1b3")?;
    /// assert_eq!(position.eran(mv).map(|e| e.short().to_string()).as_deref(), Some("P b1-b3"));
    /// assert_eq!(position.parse_eran(b"Pawn b1-b3")?, mv);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn eran(&self, mv: Move) -> Option<Eran> {
        Eran::of_move(mv, false)
    }

    fn lan_to_move(&self, lan: &LanPlus) -> Result<Move, MoveErrorKind> {
        let legal = self.legal_moves();
        let find = |matches: &dyn Fn(Move) -> bool| {
            legal
                .iter()
                .copied()
                .find(|&m| matches(m))
                .ok_or(MoveErrorKind::Illegal)
        };
        let mv = match lan.lan {
            Lan::Null => return Err(MoveErrorKind::Null),
            Lan::Drop { piece, to } => find(&|m| m == Move::Drop { piece, to })?,
            Lan::Castle(side) => {
                find(&|m| matches!(m, Move::Castle { .. }) && m.castling_side() == Some(side))?
            }
            Lan::Normal {
                piece,
                from,
                capture,
                to,
                promotion,
            } => {
                let mv = find(&|m| {
                    is_board_move(m)
                        && m.piece() == piece
                        && m.from() == from
                        && m.to() == to
                        && m.promotion() == promotion
                })?;
                if mv.is_capture() != capture {
                    return Err(MoveErrorKind::Misstated(Leniency::CaptureMismatch));
                }
                mv
            }
        };
        if lan.suffix.is_some() && lan.suffix != self.suffix_of(mv) {
            return Err(MoveErrorKind::Misstated(Leniency::WrongSuffix));
        }
        Ok(mv)
    }

    /// The LAN of a legal move, with `+` or `#` as [`VariantPosition::san`]
    /// gives them.
    ///
    /// ```
    /// use chessnote::position::VariantPosition;
    /// use chessnote::Variant;
    /// let position = VariantPosition::new(Variant::ThreeCheck);
    /// let mv = position.parse_uci(b"g1f3")?;
    /// assert_eq!(position.lan(mv).to_string(), "Ng1-f3");
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn lan(&self, mv: Move) -> LanPlus {
        LanPlus {
            lan: Lan::from_move(mv),
            suffix: self.suffix_of(mv),
        }
    }

    /// Reads a move written in `notation` (SAN with the leniencies of
    /// `options`; the others exactly); returns it and the leniencies it
    /// needed.
    ///
    /// # Errors
    ///
    /// [`MoveError`], as the notation's reader gives it.
    pub fn parse_move(
        &self,
        notation: Notation,
        text: &[u8],
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveError> {
        let exact = |mv| (mv, SanOptions::STRICT);
        match notation {
            Notation::San => self.parse_san(text, options),
            Notation::Lan => self.parse_lan(text).map(exact),
            Notation::Uci => self.parse_uci(text).map(exact),
            Notation::Eran => self.parse_eran(text).map(exact),
        }
    }

    /// Writes a legal move in `notation`; `None` only for a move that is not
    /// legal and that ERAN cannot write (no piece could make it).
    ///
    /// ```
    /// use chessnote::fen::VariantSetup;
    /// use chessnote::position::{CastlingMode, Notation, VariantPosition};
    /// use chessnote::Variant;
    /// let position = VariantPosition::new(Variant::Horde);
    /// let mv = position.parse_uci(b"b5b6")?;
    /// assert_eq!(position.write_move(Notation::Lan, mv).as_deref(), Some("b5-b6"));
    /// assert_eq!(position.write_move(Notation::Eran, mv).as_deref(), Some("Pawn b5-b6"));
    ///
    /// let setup: VariantSetup = "8/4P3/8/8/8/8/8/k7 w - - 0 1".parse()?;
    /// let position = VariantPosition::from_variant_setup(&setup, Variant::Antichess, CastlingMode::Standard)?;
    /// let king = position.parse_uci(b"e7e8k")?;
    /// assert_eq!(position.write_move(Notation::Eran, king).as_deref(), Some("Pawn e7-e8 ->King"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_move(&self, notation: impl Into<WriteNotation>, mv: Move) -> Option<String> {
        let mut text = String::new();
        self.append_move(&mut text, notation, mv).then_some(text)
    }

    /// Appends a legal move in `notation` to `out`, as
    /// [`VariantPosition::write_move`] writes it but without a `String` of
    /// its own; `false`, with nothing appended, only where `write_move`
    /// gives `None`.
    ///
    /// ```
    /// use chessnote::position::{Notation, VariantPosition};
    /// use chessnote::Variant;
    /// let position = VariantPosition::new(Variant::Horde);
    /// let mut line = String::from("1. ");
    /// assert!(position.append_move(&mut line, Notation::San, position.parse_uci(b"b5b6")?));
    /// assert_eq!(line, "1. b6");
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn append_move(
        &self,
        out: &mut String,
        notation: impl Into<WriteNotation>,
        mv: Move,
    ) -> bool {
        use core::fmt::Write;
        let notation = notation.into();
        match notation.notation() {
            Notation::San => self.san(mv).append_to(out),
            Notation::Lan => self.lan(mv).append_to(out),
            Notation::Uci => Uci::from_move(mv, self.position().castling_mode()).append_to(out),
            Notation::Eran => match self.eran(mv) {
                // Writing to a `String` cannot fail.
                Some(eran) => drop(write!(out, "{}", eran.display(notation.eran_style()))),
                None => return false,
            },
        }
        true
    }

    /// Reads a move in one notation, writes it in another, and plays it,
    /// as [`Position::convert_and_play`](super::Position::convert_and_play)
    /// does in standard chess (the null move too, as a pass).
    ///
    /// # Errors
    ///
    /// [`MoveError`] as [`VariantPosition::parse_move`] gives it; the
    /// position is unchanged.
    ///
    /// ```
    /// use chessnote::fen::VariantSetup;
    /// use chessnote::position::{CastlingMode, Notation, VariantPosition};
    /// use chessnote::san::SanOptions;
    /// use chessnote::Variant;
    /// let setup: VariantSetup = "2k5/8/8/8/8/8/8/4K3[N] w - - 0 1".parse()?;
    /// let mut position = VariantPosition::from_variant_setup(&setup, Variant::Crazyhouse, CastlingMode::Standard)?;
    /// let converted = position.convert_and_play(b"N@b6+", Notation::San, Notation::Uci, SanOptions::STRICT)?;
    /// assert_eq!(converted.text, "N@b6");
    /// assert!(position.pockets().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn convert_and_play(
        &mut self,
        text: &[u8],
        from: Notation,
        to: impl Into<WriteNotation>,
        options: SanOptions,
    ) -> Result<Converted, MoveError> {
        let to = to.into();
        match self.parse_move(from, text, options) {
            Ok((mv, used)) => {
                // A legal move has a text in every notation.
                let converted = self
                    .write_move(to, mv)
                    .ok_or_else(|| MoveError::new(MoveErrorKind::Illegal, text, self.position()))?;
                self.play_unchecked(mv);
                Ok(Converted {
                    text: converted,
                    used,
                })
            }
            Err(err) => null_move(err, from, to, || self.play_null()),
        }
    }

    /// The leniencies beyond `options` that would read `text` as a SAN move
    /// here, when reading it with `options` fails and some would (as
    /// [`Position::leniencies_needed`](super::Position::leniencies_needed)).
    pub fn leniencies_needed(
        &self,
        notation: Notation,
        text: &[u8],
        options: SanOptions,
    ) -> Option<SanOptions> {
        if notation != Notation::San {
            return None;
        }
        missing_leniencies(
            self.parse_move(notation, text, options).is_ok(),
            self.parse_san(text, SanOptions::LENIENT)
                .ok()
                .map(|(_, used)| used),
            options,
        )
    }
}
