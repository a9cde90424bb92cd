//! What a lesson's step and a puzzle share on the table: the position set (again) with a
//! word said, the player's move told from the table, the scripted replies played through
//! the match's door, the hint drawn, the camera behind the player to move and looking past
//! the panel, the HUD's panels giving way to the exercise's own, its buttons, and its keys.

use crate::games::tabletop::{OnTable, TableGame};
use crate::table::commands::{BoardReset, Feedback};
use crate::table::computer::HintShown;
use crate::table::game_match::Match;
use crate::table::rules::{Intent, TableRules};
use crate::table::seats::Seat;
use crate::view::camera::{OrbitCamera, View};
use crate::view::hud::TablePanel;
use crate::view::theme::button;
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

/// What the table shows, against the moves an exercise expects there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Seen {
    /// The moves expected, no more.
    Expected,
    /// The moves expected and more: the first of them, the player's, in its notation.
    Played(String),
    /// Something else: a move taken back, or the game started anew.
    Elsewhere,
}

/// Tells the moves on the table (`texts`) against those `expected`.
pub(crate) fn seen(expected: &[String], texts: &[String]) -> Seen {
    if texts == expected {
        Seen::Expected
    } else if texts.len() > expected.len() && texts.starts_with(expected) {
        Seen::Played(texts[expected.len()].clone())
    } else {
        Seen::Elsewhere
    }
}

/// Plays an exercise's scripted `replies` after the player's move in `game`, each through
/// the match's door as the player's own moves go; stops at the first that does not read or
/// play.
pub(crate) fn play_replies<G: TableRules>(commands: &mut Commands, game: &G, replies: &[String]) {
    let mut game = game.clone();
    for text in replies {
        let Ok(mv) = game.parse_move(text) else { break };
        if game.play_effect(&mv).is_err() {
            break;
        }
        commands.write_message(Intent::<G>::Play(mv));
    }
}

/// Gives a hint: `said` as the match's word, and the path of `answer` (a move in the game's
/// notation) drawn on the board. Returns what was said.
pub(crate) fn show_hint<G: TableRules>(
    commands: &mut Commands,
    m: &mut Match<G>,
    answer: &str,
    said: Feedback,
) -> Feedback {
    if let Ok(mv) = m.game.parse_move(answer) {
        commands.insert_resource(HintShown::<G> {
            generation: m.generation,
            points: m.game.move_points(&mv),
            mv,
        });
    }
    m.feedback = said.clone();
    said
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

/// What an exercise's keys ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ExerciseKey {
    /// R: the step or the puzzle again.
    Again,
    /// PageDown: the next one.
    Next,
    /// PageUp: the one before.
    Previous,
    /// Esc a second time: back to the start screen.
    Leave,
}

/// The exercise's keys pressed this frame (R, PageDown and PageUp without Ctrl; Esc twice
/// leaves, the first Esc may only have put down a piece the player had picked up), and
/// whether a first Esc now waits for its second: `leave_asked` is whether one waited
/// before; any other key forgets it.
pub(crate) fn exercise_keys(
    keys: &ButtonInput<KeyCode>,
    leave_asked: bool,
) -> (Vec<ExerciseKey>, bool) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let mut pressed: Vec<ExerciseKey> = [
        (KeyCode::KeyR, ExerciseKey::Again),
        (KeyCode::PageDown, ExerciseKey::Next),
        (KeyCode::PageUp, ExerciseKey::Previous),
    ]
    .into_iter()
    .filter(|(key, _)| keys.just_pressed(*key) && !ctrl)
    .map(|(_, asked)| asked)
    .collect();
    let mut asked = leave_asked;
    if keys.just_pressed(KeyCode::Escape) {
        if leave_asked {
            pressed.push(ExerciseKey::Leave);
        } else {
            asked = true;
        }
    } else if keys.get_just_pressed().next().is_some() {
        asked = false;
    }
    (pressed, asked)
}

/// Moves a camera just set up sideways so that the board stands in the window's part to
/// the right of a panel `panel_width` pixels wide, in a window `height` pixels high.
pub(crate) fn look_past_panel(cam: &mut OrbitCamera, height: f32, panel_width: f32) {
    // The default perspective sees a quarter turn's half (π/8) each way up and down.
    let units_per_pixel = 2.0 * cam.distance * (std::f32::consts::PI / 8.0).tan() / height.max(1.0);
    let right = Vec3::new(cam.yaw.cos(), 0.0, -cam.yaw.sin());
    cam.focus -= right * (panel_width + 20.0) / 2.0 * units_per_pixel;
}

/// The padding of the exercise panel's buttons.
pub(crate) fn padding() -> Node {
    Node {
        padding: UiRect::axes(Val::Px(12.0), Val::Px(6.0)),
        ..default()
    }
}

/// A button of the exercise's panel that writes `command` when clicked.
pub(crate) fn command_button<M: Message + Copy>(
    parent: &mut ChildSpawnerCommands,
    label: &str,
    color: Color,
    command: M,
) {
    parent.spawn(button(label, 15.0, color, padding())).observe(
        move |click: On<Pointer<Click>>, mut out: MessageWriter<M>| {
            if click.button == PointerButton::Primary {
                out.write(command);
            }
        },
    );
}

#[cfg(test)]
mod tests {
    use super::{ExerciseKey, Seen, exercise_keys, seen};
    use bevy::prelude::*;

    fn pressing(keys: &[KeyCode]) -> ButtonInput<KeyCode> {
        let mut input = ButtonInput::default();
        for key in keys {
            input.press(*key);
        }
        input
    }

    #[test]
    fn the_table_is_told_against_the_moves_expected() {
        let line = |moves: &[&str]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        let expected = line(&["a", "b"]);
        assert_eq!(seen(&expected, &line(&["a", "b"])), Seen::Expected);
        // A move with its chance (a throw) after it: the player's is the first.
        assert_eq!(
            seen(&expected, &line(&["a", "b", "c", "throw 4"])),
            Seen::Played("c".into())
        );
        assert_eq!(seen(&expected, &line(&["a"])), Seen::Elsewhere);
        assert_eq!(seen(&expected, &line(&["a", "x", "c"])), Seen::Elsewhere);
        assert_eq!(seen(&expected, &[]), Seen::Elsewhere);
    }

    #[test]
    fn the_keys_ask_for_the_next_step_and_esc_twice_leaves() {
        let keys = pressing(&[KeyCode::PageDown]);
        assert_eq!(
            exercise_keys(&keys, false),
            (vec![ExerciseKey::Next], false)
        );
        // With Ctrl, PageDown is not the exercise's.
        let keys = pressing(&[KeyCode::ControlLeft, KeyCode::PageDown]);
        assert_eq!(exercise_keys(&keys, false), (vec![], false));
        // The first Esc only asks; the second leaves; another key in between forgets.
        let esc = pressing(&[KeyCode::Escape]);
        assert_eq!(exercise_keys(&esc, false), (vec![], true));
        assert_eq!(exercise_keys(&esc, true), (vec![ExerciseKey::Leave], true));
        let keys = pressing(&[KeyCode::KeyR]);
        assert_eq!(
            exercise_keys(&keys, true),
            (vec![ExerciseKey::Again], false)
        );
        assert_eq!(exercise_keys(&ButtonInput::default(), true), (vec![], true));
    }
}
