//! Hudson Maxim's Game of War (1910): board, pieces, positions, moves, notation and play.

pub mod board;
mod explain;
pub mod game;
pub mod moves;
pub mod notation;
pub mod options;
pub mod palette;
pub mod piece;
pub mod position;

pub use board::{Side, Square, Station};
pub use game::{CitadelWin, NoMove, Offered, OptionsError, War, WarEffect, WarOptions};
pub use moves::{Landings, Move};
pub use notation::WarSan;
pub use piece::{Kind, Name, Piece};
pub use position::{Place, Position, Setup, SetupError};
