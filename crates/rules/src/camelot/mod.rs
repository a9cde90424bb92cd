//! George S. Parker's Camelot (1930): board, men and knights, canters, jumps and charges,
//! the WCF rules (default) and the patent's (option), notation.

pub mod board;
pub mod game;
mod generate;
mod legality;
pub mod moves;
pub mod notation;
pub mod options;
pub mod palette;
mod path;
pub mod position;
mod recorders;

pub use board::{Side, Square};
pub use game::{Camelot, CamelotEffect, CamelotOptions, Capture, OptionsError};
pub use moves::{KnightLanding, Move, Path, RuleSet, Step};
pub use position::{Kind, Piece, Position, Setup, SetupError, SetupPiece};
