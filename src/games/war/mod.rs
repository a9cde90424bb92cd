//! The Game of War on the table: its board and flying-machine stations, its pieces, move
//! entry, and Law XI's clock. [`plugin`] runs headless, [`view`] adds the 3D.

pub(crate) mod board;
pub mod input;
pub(crate) mod models;
pub mod pieces;
pub(crate) mod view;

use crate::table::commands::{Feedback, MatchSet};
use crate::table::game_match::Match;
use crate::table::rules::{Played, TableRules};
use crate::table::seats::Seat;
use bevy::prelude::*;
use tabula_rules::Game;
use tabula_rules::scene::GameKind;
use tabula_rules::war::{Kind, Move, Position, Side, War};

/// The set every system of this game is in: it runs while the game is on the table.
pub(crate) const SYSTEMS: crate::table::rules::GameSystems =
    crate::table::rules::GameSystems(GameKind::War);

/// Law XI: after "Time" is called, one more minute to complete the move.
pub(crate) const GRACE_SECONDS: f32 = 60.0;

/// Seconds spent on the move now being thought about (Law XI's clock).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct MoveClock(pub f32);

/// The match, its pieces and the clock, headless.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MoveClock>()
        .add_plugins((pieces::plugin, input::plugin))
        .add_systems(Update, run_clock.before(MatchSet).in_set(SYSTEMS));
}

/// Law XI, when the options set a time per move: "Time" is called when it runs out, and a
/// player who has not moved a minute later loses. The clock starts again with every move
/// played or taken back.
fn run_clock(
    time: Res<Time>,
    mut clock: ResMut<MoveClock>,
    mut played: MessageReader<Played<War>>,
    mut resets: MessageReader<crate::table::commands::BoardReset>,
    mut the_match: ResMut<Match<War>>,
) {
    if played.read().count() + resets.read().count() > 0 {
        clock.0 = 0.0;
    }
    let Some(limit) = the_match.game.options().move_time_limit else {
        return;
    };
    if the_match.is_over() {
        return;
    }
    let before = clock.0;
    let after = before + time.delta_secs();
    clock.0 = after;
    if after.floor() == before.floor() && the_match.note.is_some() {
        return;
    }
    let side = the_match.game.to_move();
    let left = limit as f32 - after;
    if after > limit as f32 + GRACE_SECONDS {
        the_match.ended = Some(format!("{side} loses on time, {} wins", side.other()));
        the_match.feedback = Feedback::error(format!("{side} did not move in time (Law XI)."));
    } else if left >= 0.0 {
        let secs = left.ceil() as u32;
        the_match.note = Some(format!(" ({}:{:02} left)", secs / 60, secs % 60));
    } else {
        let grace = (GRACE_SECONDS + left).max(0.0).ceil() as u32;
        the_match.note = Some(format!(": Time! {grace} s to finish the move"));
    }
}

/// The rules in brief, for the help overlay.
pub(crate) const RULES: &str = "Maxim's Game of War (1910). King: one square any way; general: as a queen; cannon: \
diagonally, any distance; horse: as a knight, leaping; mortar: as a rook. A flying machine \
flies once, from its station to an empty square of its colour, and then blocks it. A troop \
steps one square forward (two straight on its first move) and captures diagonally forward, \
jumping enemy troops checkers-style and going on while it can. An offered enemy troop must \
be taken. Win by standing in the enemy citadel when he cannot take the piece, or when he has \
no move. Capturing the king has no special effect. Law IX: after a third repetition, a \
draw unless someone wins within 20 moves each.";

impl TableRules for War {
    type Knowledge = tabula_ai::knowledge::war::WarKnowledge;

    const KIND: GameKind = GameKind::War;
    const PLUGIN: fn(&mut App) = plugin;
    const VIEW: fn(&mut App) = view::plugin;
    const RULES: &'static str = RULES;
    const CONTROLS: &'static str = "Click a piece, then a lit square.  Right drag: orbit  \
        Middle drag: pan  Wheel: zoom\n1 / 2 / 3 / 4: Red's side, Blue's side, top, side view  \
        Esc: drop selection\nCtrl+Z: take back  Ctrl+Y: redo  N: new game  H: hint";

    fn title(&self) -> String {
        "The Game of War".into()
    }

    fn seat_of(&self, side: Side) -> Seat {
        Seat::opposite(side.index())
    }

    fn status_color(&self, side: Side) -> Color {
        crate::view::theme::color(tabula_rules::war::palette::status(side))
    }

    /// What each side has lost.
    fn counters(&self) -> String {
        let captured = self.captured();
        let line = |side: Side| {
            let lost: Vec<&str> = captured
                .iter()
                .filter(|p| p.side == side)
                .map(|p| p.kind.letter())
                .collect();
            if lost.is_empty() {
                return format!("{side} has lost nothing");
            }
            let troops = lost.iter().filter(|l| **l == Kind::Troop.letter()).count();
            let plural = if troops == 1 { "" } else { "s" };
            format!(
                "{side} has lost {}: {} ({troops} troop{plural})",
                lost.len(),
                lost.join(" ")
            )
        };
        format!("{}\n{}", line(Side::Red), line(Side::Blue))
    }

    fn hint(&self) -> String {
        "Click one of your pieces, then a lit square.".into()
    }

    /// Law III: within a sitting the players take the first move in turn.
    fn fresh(&self) -> Result<War, String> {
        let start = self.start();
        let mut options = self.options().clone();
        if *start == Position::standard(start.to_move()) {
            options.first = start.to_move().other();
            War::from_options(options).map_err(|e| e.to_string())
        } else {
            War::from_setup(start.clone(), options).map_err(|e| e.to_string())
        }
    }

    /// A capture names the square where it ends ("T takes T to KF6"), read again from the
    /// game's start; a text that is not a move of it stays as it is.
    fn listed(&self, texts: &[(Side, String)]) -> Vec<(Side, String)> {
        let Ok(mut replay) = War::from_setup(self.start().clone(), self.options().clone()) else {
            return texts.to_vec();
        };
        texts
            .iter()
            .map(|(side, text)| {
                let Ok(mv) = replay.parse_move(text) else {
                    return (*side, text.clone());
                };
                let listed = tabula_rules::war::notation::print_landing(
                    replay.position(),
                    &replay.legal_moves(),
                    &mv,
                );
                replay.play_unchecked(&mv);
                (*side, listed)
            })
            .collect()
    }

    /// Files along Red's and Blue's edges; ranks as Red counts them on Red's left, as Blue
    /// counts them on Red's right.
    fn edge_labels(&self) -> Vec<(String, Vec3)> {
        use tabula_rules::war::board::FILE_NAMES;
        crate::view::coordinates::grid(
            10,
            10,
            |f, r| Vec3::new(f as f32 - 4.5, board::BOARD_TOP, 4.5 - r as f32),
            1.0,
            |f| FILE_NAMES[f].to_string(),
            |r| (r + 1).to_string(),
            |r| (10 - r).to_string(),
        )
    }

    fn square_point(&self, name: &str) -> Option<Vec3> {
        tabula_rules::war::position::note_square(name).map(board::square_center)
    }

    fn move_points(&self, mv: &Move) -> Vec<Vec3> {
        match mv {
            Move::Step { from, to } => vec![*from, *to],
            Move::Jump { from, landings } => std::iter::once(*from)
                .chain(landings.iter().copied())
                .collect(),
            Move::Fly { station, to } => {
                return vec![
                    board::station_center(self.to_move(), *station),
                    board::square_center(*to),
                ];
            }
        }
        .into_iter()
        .map(board::square_center)
        .collect()
    }

    fn spawn_pieces(&self, commands: &mut Commands) {
        pieces::spawn_pieces(self, commands);
    }

    /// The piece set down, what it captured ("Red's troop takes Blue's two troops"), and
    /// the win.
    fn moments(&self, played: &Played<War>) -> Vec<crate::table::moments::Moment> {
        moments(self, played)
    }
}

/// What a Game of War move did, from its effect.
fn moments(game: &War, played: &Played<War>) -> Vec<crate::table::moments::Moment> {
    use crate::table::moments::{Cue, Moment, tally};
    let effect = &played.effect;
    let mut moments = vec![Moment::new(Cue::Place)];
    if let Some((_, first)) = effect.captured.first() {
        let taken: Vec<&str> = effect.captured.iter().map(|(_, p)| p.kind.noun()).collect();
        let taken = tally(&taken);
        moments.push(Moment::told(
            Cue::Capture,
            format!(
                "{}'s {} takes {}'s {taken}",
                effect.mover.side,
                effect.mover.kind.noun(),
                first.side
            ),
        ));
    }
    moments.extend(crate::table::moments::win(&game.outcome()));
    moments
}
