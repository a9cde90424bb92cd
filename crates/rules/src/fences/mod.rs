//! Robert C. Magee's fence race (1962): a race home over a grid of paths blocked by movable
//! fences, with a die thrown from a seeded generator.

pub mod board;
pub mod cards;
mod dice;
pub mod game;
mod geometry;
pub mod moves;
mod notation;
pub mod options;
pub mod palette;
mod race;
pub mod setup;
mod state;
mod walks;

pub use board::{Board, Node, Section, Slot, Space};
pub use cards::Card;
pub use game::{FenceEffect, FenceMove, FenceStep, Fences, Seat};
pub use options::{FencesOptions, OptionsError};
pub use setup::{Layout, SetupError};
