//! Moves to and from their notations, in a position: SAN, LAN, UCI and ERAN.
//!
//! Each direction is exact: a move prints as the reference writers
//! (python-chess) print it, and strict reading accepts exactly what they
//! write. Reading leniently is asked for with [`SanOptions`], and the
//! leniencies a reading needed are reported.

mod eran;
mod error;
mod lan;
mod legality;
mod notation;
mod san;
mod uci;

pub use eran::EnPassantStyle;
pub(super) use eran::the_only_one;
pub(super) use error::syntax;
pub use error::{MoveError, MoveErrorKind, NotationError};
pub use notation::{Converted, Notation, WriteNotation};
pub(super) use notation::{missing_leniencies, null_move};
pub(super) use san::disambiguation;
