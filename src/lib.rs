//! Tabula: a 3D tabletop for five forgotten patented board games.
//!
//! The app is a view of the rules in `tabula-rules`: one match resource, [`table::Match`],
//! owns the game on the table, whichever it is, and changes it only through the rules crate;
//! board and piece entities follow what it reports.
//! [`tabletop::TableGame`] installs the plugins of the game on the table. One plugin per
//! module.

pub mod args;
pub mod camera;
pub mod cli;
pub mod computer;
pub mod demo;
pub mod exhibit;
pub mod games;
pub mod hud;
pub mod lite;
pub mod marks;
pub mod menu;
pub mod models;
pub mod moments;
pub mod motion;
pub mod playing;
pub mod probe;
pub mod remote;
pub mod room;
pub mod rules_args;
pub mod save;
pub mod screens;
pub mod shot;
pub mod sound;
pub mod spectator;
pub mod spots;
pub mod state;
pub mod table;
pub mod tabletop;
pub mod theme;

use bevy::prelude::*;

/// What every game's window shares: picking, the room, marks, HUD, camera and the F12
/// screenshot.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((
        MeshPickingPlugin,
        room::plugin,
        marks::plugin,
        hud::plugin,
        camera::plugin,
        spectator::plugin,
    ))
    .add_systems(Update, shot::save_on_f12)
    .add_systems(Startup, thick_lines);
}

/// Lines drawn over the board (a hint's arrow, a demonstration's marks) are thick enough to
/// see from across a room.
fn thick_lines(mut store: ResMut<GizmoConfigStore>) {
    store.config_mut::<DefaultGizmoConfigGroup>().0.line.width = 4.0;
}
