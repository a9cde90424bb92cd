//! The five games on the table, each in the same shape: its match rules for the table
//! (`mod.rs`: [`crate::table::rules::TableRules`]), its board, its pieces and its input (what a click
//! means, which squares light up).
//!
//! The games are the rules crate's list: below, a `pub mod` line a game, and every place
//! that must reach all of them (installing their plugins, putting one on the table,
//! clearing the table) goes through `tabula_rules::each_game!`, which insists that each game
//! of the list has its [`TableRules`]; [`tabletop::TableGame`] is the game on the table,
//! whichever it is. Adding a game: see `docs/adding-a-game.md`.

pub mod camelot;
pub mod fences;
pub mod screwball;
pub mod tabletop;
pub mod transport;
pub mod war;

use crate::table::game_match::Match;
use crate::table::rules::TableRules;
use bevy::prelude::*;

/// Installs every game side by side (only the one whose match exists runs), with its 3D
/// view when `view` is set.
pub(crate) fn install_all(app: &mut App, view: bool) {
    tabula_rules::each_game!(G => {
        install_one::<G>(app, view);
    });
}

/// Installs the game `G`, with its 3D view when `view` is set: its match, pieces, computer
/// seats, server link, saving and looking back, then the game's own plugins.
pub(crate) fn install_one<G: TableRules>(app: &mut App, view: bool) {
    app.add_plugins((
        crate::table::play::plugin::<G>,
        crate::table::resign::plugin_for::<G>,
        crate::table::pieces::plugin::<G>,
        crate::table::computer::plugin::<G>,
        crate::net::sync::plugin::<G>,
        crate::table::save::plugin::<Match<G>>,
        crate::table::review::plugin::<Match<G>>,
    ));
    (G::PLUGIN)(app);
    if view {
        (G::VIEW)(app);
        app.add_plugins((
            crate::view::hint::plugin::<G>,
            crate::view::last_move::plugin::<G>,
            crate::view::coordinates::plugin::<G>,
            crate::view::cursor::plugin::<G>,
        ));
    }
}

/// Takes whatever game is on the table off it.
pub(crate) fn remove_matches(world: &mut World) {
    tabula_rules::each_game!(G => {
        world.remove_resource::<Match<G>>();
        // A search under way stops as it is dropped.
        world.remove_resource::<crate::table::computer::Thinking<G>>();
        world.remove_resource::<crate::table::computer::HintShown<G>>();
    });
}
