//! What the players see and hear of the table: the camera and the spectator director, the
//! room, the marks on the board and the pointer over it, the HUD, the computer's hint and
//! the analysis, the light material for software renderers, sound and screenshots, and the
//! theme every screen draws with. The view reads the table ([`crate::table`]); the table
//! never reads the view.

pub(crate) mod analysis;
pub mod camera;
pub(crate) mod coordinates;
pub(crate) mod cursor;
pub(crate) mod hint;
pub(crate) mod hover;
pub(crate) mod hud;
pub(crate) mod in_view;
pub mod last_move;
pub mod layout;
pub mod lite;
pub(crate) mod marks;
pub(crate) mod models;
pub(crate) mod offscreen;
pub(crate) mod pointer;
pub(crate) mod question;
pub(crate) mod room;
pub(crate) mod screenshot;
pub(crate) mod side_panel;
pub mod sound;
pub mod spectator;
pub(crate) mod spectator_window;
pub(crate) mod theme;
pub(crate) mod tooltip;
pub mod ui_scale;

use bevy::prelude::*;

/// What every game's window shares: picking, the room, marks, HUD, camera, the spectator
/// director and the F12 screenshot.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        MeshPickingPlugin,
        room::plugin,
        marks::plugin,
        hud::plugin,
        question::plugin,
        tooltip::plugin,
        camera::plugin,
        spectator::plugin,
        screenshot::plugin,
        analysis::plugin,
        side_panel::plugin,
        ui_scale::plugin,
        in_view::plugin,
    ))
    .add_systems(Startup, thick_lines);
}

/// Lines drawn over the board (a hint's arrow, a demonstration's marks) are thick enough to
/// see from across a room.
fn thick_lines(mut store: ResMut<GizmoConfigStore>) {
    store.config_mut::<DefaultGizmoConfigGroup>().0.line.width = 4.0;
}
