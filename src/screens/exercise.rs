//! What a lesson's step and a puzzle share on the table: the position set (again) with a
//! word said, the camera behind the player to move, and the HUD's panels giving way to the
//! exercise's own.

use crate::games::tabletop::{OnTable, TableGame};
use crate::table::commands::{BoardReset, Feedback};
use crate::table::game_match::Match;
use crate::table::seats::Seat;
use crate::view::camera::View;
use crate::view::hud::TablePanel;
use bevy::prelude::*;
use tabula_rules::{AnyGame, with_game};

/// Puts `game` on the table in place of the one there, with `feedback` said.
pub(crate) fn set_position(commands: &mut Commands, game: &AnyGame, feedback: Feedback) {
    with_game!(game.clone(), g => {
        let mut m = Match::new(g);
        m.feedback = feedback;
        commands.insert_resource(m);
    });
    commands.write_message(BoardReset);
}

/// The camera behind the player to move in `table`.
pub(crate) fn view_of_mover(table: &TableGame) -> View {
    match table.seat() {
        Seat(2) => View::Blue,
        _ => View::Red,
    }
}

/// The exercise's panel takes the place of the HUD's.
pub(crate) fn hide_table_panels(mut panels: Query<&mut Node, With<TablePanel>>) {
    for mut node in &mut panels {
        if node.display != Display::None {
            node.display = Display::None;
        }
    }
}
