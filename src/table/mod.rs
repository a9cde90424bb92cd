//! The table: the one match that every game plugs into, headless.
//!
//! [`game_match::Match`] owns the game being played and is the only thing that changes it.
//! Every move enters the same way, as an [`rules::Intent`] (from a click, a redo, a
//! demonstration's scene, the computer or a server's table), is checked by the rules crate,
//! and comes out as one [`rules::Played`] message carrying what the move did, which the
//! game's view animates ([`play`]). A game joins the table by implementing
//! [`rules::TableRules`] for its rules type; the list of games (`games`) adds each
//! game's match, pieces, computer, server link and saving.
//!
//! Nothing here draws: the view (`view`) and the games' boards read what the table
//! says.

pub mod analysis;
pub mod commands;
pub mod computer;
pub mod cursor;
pub mod game_match;
pub(crate) mod keys;
pub mod moments;
pub mod motion;
pub mod pieces;
pub(crate) mod play;
pub mod report;
pub mod resign;
pub mod review;
pub mod rules;
pub mod save;
pub mod seats;
pub mod spots;

use bevy::prelude::*;
use commands::{InputSet, MatchSet};
use review::live;
use seats::LocalTurn;

/// What every game's match shares, added once: the messages and resources of the match, the
/// keys, the HUD's lines, motion, and who may click. The players' input listens only while
/// play is live and the seat to move is played at this screen.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        commands::plugin,
        seats::plugin,
        report::plugin,
        keys::plugin,
        motion::plugin,
        resign::plugin,
        analysis::plugin,
    ))
    .configure_sets(
        Update,
        InputSet
            .before(MatchSet)
            .run_if(live)
            .run_if(|local: Res<LocalTurn>| local.0),
    );
}
