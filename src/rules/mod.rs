//! The rules of every mill variant, with no Bevy in them.

pub mod game;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod variant;
pub mod zobrist;

pub use game::{DrawReason, Game, Illegal, MoveError, Rules, Status, WinReason};
pub use movegen::MoveList;
pub use notation::{NotationError, PositionError};
pub use position::{Colour, Move, Position};
pub use variant::{Variant, VariantKind};
