//! William A. Dubay's Screwball Checkers ("Reverse", 1946): the staggered board of large and
//! small squares, screws and balls, attacks and penalty placements, dead pieces.

pub mod board;
pub mod game;
pub mod moves;
pub mod notation;
pub mod options;
pub mod palette;
pub mod position;
mod tables;

pub use board::{Board, Size, SpaceId};
pub use game::{
    Move, OptionsError, Placement, Placements, Player, Position, Screwball, ScrewballEffect,
    ScrewballOptions, SetupError, Stalled,
};
pub use tables::MAX_VICTIMS;
