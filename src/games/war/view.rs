//! The Game of War in 3D: the board and its stations and the pieces' models (move entry,
//! headless, is the game's own plugin's, as in every game).

use super::{board, models};
use bevy::prelude::*;

/// The board and the pieces' models.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((board::plugin, models::plugin));
}
