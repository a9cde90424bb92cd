//! The Game of War in 3D: the board and its stations, the pieces' models, and move entry
//! by clicks (picking, keys and the lit squares).

use super::{board, input, models};
use bevy::prelude::*;

/// The board, the pieces' models and what the pointer does on them.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((board::plugin, models::plugin, input::plugin));
}
