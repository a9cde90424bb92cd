//! Screens as states of one app in one window: the start screen ([`menu`]), a game on the
//! table, a demonstration ([`demo`]), an exhibition ([`exhibit`]), a lesson ([`learn`]),
//! puzzles ([`puzzles`]) and the result of a finished game. Going from one to another never
//! closes the window or restarts the process: what a screen spawned is scoped to it and goes
//! when it is left ([`loading`]).
//!
//! A screen is asked for as a typed [`launch::Launch`], the description the command line
//! makes at the edge and the start screen, a loaded save, a playlist's next scene and an
//! exhibition's next step make directly; [`open`] turns it into what the screen shows.

pub mod demo;
pub(crate) mod exercise;
pub mod exhibit;
pub mod launch;
pub mod learn;
pub(crate) mod loading;
pub mod menu;
pub mod open;
pub mod puzzles;

use bevy::prelude::*;

/// The screens' logic, headless: screen changes, the start screen's choices, the
/// demonstrations and the exhibitions. Their views are added beside it in a window
/// ([`menu::view`], [`demo::view`], [`exhibit::view`]).
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        launch::plugin,
        loading::plugin,
        menu::plugin,
        demo::plugin,
        exhibit::plugin,
        learn::plugin,
        puzzles::plugin,
    ));
}
