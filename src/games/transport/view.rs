//! Transport in 3D: the board, the pieces' models, and picking with the lit squares.

use super::{board, models, picking};
use bevy::prelude::*;

/// The board, the pieces' models and what the pointer does on them.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((board::plugin, models::plugin, picking::plugin));
}
