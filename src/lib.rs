//! Tabula: a 3D tabletop for five forgotten patented board games.
//!
//! The app is a view of the rules in `tabula-rules`: the [`war_match::Match`] resource owns
//! the game and changes it only through the rules crate; board and piece entities follow
//! its messages. One plugin per module.

pub mod camera;
pub mod cli;
pub mod hud;
pub mod input;
pub mod pieces;
pub mod shot;
pub mod table;
pub mod war_match;

use bevy::prelude::*;

/// The rules-facing part of the app, with no rendering: the match, its messages, and the
/// piece entities that follow it. Headless tests run this on `MinimalPlugins`.
pub fn logic_plugin(app: &mut App) {
    app.add_plugins((war_match::plugin, pieces::plugin));
}

/// Everything a window needs on top of [`logic_plugin`]: table, piece models, picking,
/// HUD and camera.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((
        MeshPickingPlugin,
        table::plugin,
        pieces::view_plugin,
        input::plugin,
        hud::plugin,
        camera::plugin,
    ))
    .add_systems(Update, shot::save_on_f12);
}
