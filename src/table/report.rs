//! What the match reports to the players: the lines the HUD shows (whose turn, the last
//! word, counters, the move list), and the table's result state following them.

use crate::state::{Play, Screen};
use crate::table::commands::{Feedback, MatchSet};
use bevy::prelude::*;

/// The text the HUD shows, written by the game being played.
#[derive(Resource, Debug, Clone, Default)]
pub struct HudState {
    /// The game's name.
    pub title: String,
    /// Whose turn, or the result.
    pub status: String,
    /// Whether the game has ended (the status is its result).
    pub over: bool,
    /// The colour of the status line (the mover's colour, or gold at the end).
    pub status_color: Color,
    /// The last word to the players.
    pub feedback: Feedback,
    /// Counters: captures, castle moves, draw counters.
    pub counters: String,
    /// The move list, one line per round or turn.
    pub moves: Vec<MoveLine>,
    /// How to play, shown at the bottom.
    pub controls: String,
    /// The rules in brief, for the help overlay (F1).
    pub rules: &'static str,
    /// The label of the Confirm button (Enter), when there is something to confirm: a path
    /// that may stop where it is, a die to throw.
    pub confirm: Option<String>,
}

/// The colour of a game-over status line.
pub const RESULT_COLOR: Color = Color::srgb(1.0, 0.85, 0.3);

/// A line of the move list: its text, and how many moves have been played at its end (the
/// position a click on it shows).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveLine {
    /// What it shows.
    pub text: String,
    /// Moves played by the end of the line.
    pub ply: usize,
}

/// The move list as numbered lines, one per pair of moves (the first player's, then the
/// second's).
pub(crate) fn move_lines(texts: &[String]) -> Vec<MoveLine> {
    texts
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| MoveLine {
            text: format!("{:>2}. {}", i + 1, pair.join(" / ")),
            ply: (2 * i + pair.len()),
        })
        .collect()
}

/// Lines of moves grouped by turn: a move starts a new line when `starts` says so (another
/// player moves), else it joins the line before. Lines read "who: move, move".
pub(crate) fn turn_lines<P: std::fmt::Display>(
    moves: impl IntoIterator<Item = (P, String, bool)>,
) -> Vec<MoveLine> {
    let mut lines: Vec<MoveLine> = Vec::new();
    for (i, (who, text, starts)) in moves.into_iter().enumerate() {
        // A resignation names its player already, and has a line of its own.
        let resigns = text == tabula_rules::resign::text(&who);
        match lines.last_mut() {
            Some(line) if !starts && !resigns => {
                line.text.push_str(", ");
                line.text.push_str(&text);
                line.ply = i + 1;
            }
            _ => lines.push(MoveLine {
                text: if resigns {
                    text
                } else {
                    format!("{who}: {text}")
                },
                ply: i + 1,
            }),
        }
    }
    lines
}

/// The HUD's lines, and the result following the match.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HudState>().add_systems(
        Update,
        follow_result
            .after(MatchSet)
            .run_if(in_state(Screen::Table)),
    );
}

/// A finished game shows its result; taking back or a new game returns to play.
fn follow_result(hud: Res<HudState>, play: Res<State<Play>>, mut next: ResMut<NextState<Play>>) {
    let want = if hud.over {
        Play::Result
    } else {
        Play::Playing
    };
    if *play.get() != want {
        next.set(want);
    }
}
