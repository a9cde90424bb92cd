//! `tabula-rules`: the rules of Tabula's games, their notation and the scene format.
//!
//! This crate knows nothing of rendering. Every game implements [`Game`], so that scene
//! replay, perft, random playouts and the app treat all games alike; the games are listed
//! once, below, and everything that handles any game goes through that list.

#[macro_use]
mod list;

// The games, a line each: `Kind => module::Type`, in the order the start screen and the
// command line list them. Adding a game: docs/adding-a-game.md.
games! {
    War => war::War,
    Camelot => camelot::Camelot,
    Transport => transport::Transport,
    Fences => fences::Fences,
    Screwball => screwball::Screwball,
}

pub mod any;
pub mod game;
pub mod lesson;
pub mod notation;
pub mod options;
pub mod palette;
pub mod perft;
pub mod playout;
pub mod puzzle;
pub mod registry;
pub mod resign;
pub mod scene;

pub use any::GameError;
pub use game::{DrawReason, Game, Outcome, PlayError};
pub use notation::NotationError;
pub use registry::{GameInfo, GameOptions};
