//! Guy Paschal's Transport (1947): a naval game in three strata (undersea, surface, air)
//! for two fleets, two teams of two, or a four-fleet battle royal. The power and
//! vulnerability marks are one table ([`pieces::can_sink`]) that decides every encounter.

pub mod board;
pub mod game;
mod movegen;
pub mod moves;
pub mod notation;
pub mod options;
pub mod palette;
pub mod pieces;
pub mod position;
pub mod setup;

pub use board::{Dir, Sq};
pub use game::{Illegal, Move, Position, Transport};
pub use options::{Mode, OptionsError, PlanePassing, TransportOptions};
pub use pieces::{Kind, Piece, Stratum};
pub use setup::SetupError;
