//! The five games on the table, each in the same shape: its match rules for the table
//! (`mod.rs`: [`crate::table::TableRules`]), its board, its pieces and its input (what a click
//! means, which squares light up).
//!
//! This file is the app's list of games: [`each_game!`] names every game once, and every
//! place that must reach all of them (installing their plugins, putting one on the table,
//! clearing the table) goes through it. Adding a game: see `docs/adding-a-game.md`.

pub mod camelot;
pub mod fences;
pub mod screwball;
pub mod transport;
pub mod war;

use crate::playing::Feedback;
use crate::save::Saveable;
use crate::table::{Match, TableRules};
use bevy::prelude::*;

/// Runs `$body` once for each game, with `$g` the game's rules type.
#[macro_export]
macro_rules! each_game {
    ($g:ident => $body:block) => {{
        {
            type $g = tabula_rules::war::War;
            $body
        }
        {
            type $g = tabula_rules::camelot::Camelot;
            $body
        }
        {
            type $g = tabula_rules::transport::Transport;
            $body
        }
        {
            type $g = tabula_rules::fences::Fences;
            $body
        }
        {
            type $g = tabula_rules::screwball::Screwball;
            $body
        }
    }};
}

/// Runs `$body` on the game inside a [`crate::tabletop::TableGame`], with `$g` bound to it
/// whichever game it is.
#[macro_export]
macro_rules! on_table_game {
    ($value:expr, $g:ident => $body:expr) => {
        match $value {
            $crate::tabletop::TableGame::War($g) => $body,
            $crate::tabletop::TableGame::Camelot($g) => $body,
            $crate::tabletop::TableGame::Transport($g) => $body,
            $crate::tabletop::TableGame::Fences($g) => $body,
            $crate::tabletop::TableGame::Screwball($g) => $body,
        }
    };
}

/// Installs every game side by side (only the one whose match exists runs), with its 3D
/// view when `view` is set.
pub fn install_all(app: &mut App, view: bool) {
    each_game!(G => {
        install_one::<G>(app, view);
    });
}

/// Installs the game `G`, with its 3D view when `view` is set.
pub fn install_one<G: TableRules>(app: &mut App, view: bool) {
    G::logic(app);
    app.add_plugins(crate::save::match_plugin::<Match<G>>);
    if view {
        G::view(app);
        app.add_plugins(crate::computer::view_plugin::<G>);
    }
}

/// Takes whatever game is on the table off it.
pub fn remove_matches(world: &mut World) {
    each_game!(G => {
        world.remove_resource::<Match<G>>();
        // A search under way stops as it is dropped.
        world.remove_resource::<crate::computer::Thinking<G>>();
        world.remove_resource::<crate::computer::HintShown<G>>();
    });
}

/// Tells the players of the game on the table, if any.
pub fn tell(world: &mut World, feedback: Feedback) {
    each_game!(G => {
        if let Some(mut m) = world.get_resource_mut::<Match<G>>() {
            m.tell(feedback.clone());
        }
    });
}
