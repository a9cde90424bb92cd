//! `tabula-rules`: the rules of Tabula's games, their notation and the scene format.
//!
//! This crate knows nothing of rendering. Every game implements [`Game`], so that scene
//! replay, perft, random playouts and the app treat all games alike.

pub mod camelot;
pub mod fences;
pub mod game;
pub mod notation;
pub mod options;
pub mod perft;
pub mod playout;
pub mod registry;
pub mod scene;
pub mod screwball;
pub mod transport;
pub mod war;

pub use game::{DrawReason, Game, Outcome, PlayError};
pub use notation::NotationError;
