//! Resigning at the table (Law X: resigning counts as a loss): F9 or the HUD's Resign
//! button, asked twice, resigns the seat played at this screen (the one to move, when it is
//! played here). The match makes it through the rules ([`Intent::Resign`]). A lesson's step
//! or a puzzle is practice, not a game: nobody resigns there.

use crate::state::Screen;
use crate::table::commands::{Feedback, MatchSet, not_watching};
use crate::table::game_match::Match;
use crate::table::rules::{GameSystems, Intent, TableRules};
use crate::table::seats::Controller;
use bevy::prelude::*;

/// The key that asks to resign.
pub const RESIGN_KEY: KeyCode = KeyCode::F9;

/// A player at this screen asks to resign (F9 or the HUD's Resign button): the first ask
/// is answered with a question, the second, with nothing played between, resigns.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResignAsk;

/// The first ask, waiting for the second: the moves and resignations made then, and who
/// would resign (another move, or another seat to resign, asks again).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
struct ResignAsked(Option<(usize, String)>);

/// The key and the question, added once.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ResignAsk>()
        .init_resource::<ResignAsked>()
        .add_systems(
            Update,
            resign_key
                .before(MatchSet)
                .run_if(not_watching)
                .run_if(in_state(Screen::Table)),
        );
}

/// Resigning in the match of `G`, while it is on the table.
pub(crate) fn plugin_for<G: TableRules>(app: &mut App) {
    app.add_systems(
        Update,
        ask::<G>
            .after(resign_key)
            .before(MatchSet)
            .run_if(in_state(Screen::Table))
            .in_set(GameSystems(G::KIND)),
    );
}

fn resign_key(input: Option<Res<ButtonInput<KeyCode>>>, mut asks: MessageWriter<ResignAsk>) {
    if input.is_some_and(|input| input.just_pressed(RESIGN_KEY)) {
        asks.write(ResignAsk);
    }
}

/// Who resigns at this screen: the player to move when his seat is played here, else the
/// first seat played here that is still in the game.
fn resigner<G: TableRules>(m: &Match<G>) -> Option<G::Player> {
    let players = m.game.players();
    let resigned = m.game.resignations();
    let here = |player: &G::Player| {
        players
            .iter()
            .position(|p| p == player)
            .and_then(|i| m.seats.get(i))
            == Some(&Controller::Local)
            && !resigned.iter().any(|r| r.player == *player)
    };
    let to_move = m.game.to_move();
    if here(&to_move) {
        return Some(to_move);
    }
    players.iter().find(|p| here(p)).copied()
}

fn ask<G: TableRules>(
    mut asks: MessageReader<ResignAsk>,
    mut asked: ResMut<ResignAsked>,
    mut the_match: ResMut<Match<G>>,
    mut intents: MessageWriter<Intent<G>>,
    review: Option<Res<crate::table::review::Review>>,
    watching: Option<Res<crate::table::commands::Watching>>,
) {
    for _ in asks.read() {
        let m = &mut *the_match;
        // Looking back, or watching a show, nobody resigns.
        if review.as_ref().is_some_and(|r| r.active())
            || watching.as_ref().is_some_and(|w| w.0.is_some())
        {
            continue;
        }
        if m.is_over() {
            m.feedback = Feedback::error("The game is over: there is nothing to resign");
            continue;
        }
        let Some(player) = resigner(m) else {
            m.feedback = Feedback::error("No seat still in the game is played at this screen");
            continue;
        };
        let now = (m.ply(), player.to_string());
        if asked.0.as_ref() == Some(&now) {
            asked.0 = None;
            intents.write(Intent::Resign(player));
        } else {
            let loss = if m.game.players().len() > 2 {
                "drops out of the game"
            } else {
                "loses the game"
            };
            m.feedback = Feedback::info(format!(
                "Resign? {player} {loss}. F9 or Resign again to resign."
            ));
            asked.0 = Some(now);
        }
    }
}
