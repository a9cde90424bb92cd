//! A puzzle in the window: its panel down the left side in place of the HUD's (the puzzle,
//! its goal and rating, whose move and what was said to it, the score and streak, the
//! buttons), the board framed beside it, and its keys.

use super::{Drill, Phase, PuzzleCommand};
use crate::screens::exercise::{
    ExerciseKey, command_button, exercise_keys, hide_table_panels, look_past_panel,
};
use crate::state::AtTable;
use crate::table::commands::{MatchCommand, MatchSet};
use crate::table::report::HudState;
use crate::table::seats::Seat;
use crate::user_data::progress::Progress;
use crate::view::camera::{OrbitCamera, SpectatorView};
use crate::view::side_panel::{fixed_part, more_below, panel_node, scroll_part};
use crate::view::theme::{BUTTON, CAPTION, ERROR, GO, GOLD, INFO, LEAVE, LINK, TEXT, text};
use bevy::prelude::*;

/// The puzzle's panel, rebuilt when the puzzle or the progress changes.
#[derive(Component)]
struct PuzzlePanel;

/// The keys of a puzzle, shown at the foot of its panel.
pub const KEYS: &str = "H: hint  R: the puzzle again  PageUp / PageDown: previous / next puzzle  Esc twice or F10: leave";

/// The panel's width in pixels.
const PANEL_WIDTH: f32 = 420.0;

/// The panel and the keys, while a puzzle is on.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            keys.before(MatchSet),
            (hide_table_panels, make_room, rebuild),
        )
            .run_if(resource_exists::<Drill>)
            .run_if(in_state(AtTable)),
    );
}

/// R sets the puzzle again, PageUp and PageDown go to the puzzle before or after, Esc twice
/// leaves (once, it may only have put down a piece the player had picked up).
fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut drill: ResMut<Drill>,
    mut out: MessageWriter<PuzzleCommand>,
) {
    let Some(keys) = keys else { return };
    let (pressed, asked) = exercise_keys(&keys, drill.leave_asked);
    if asked != drill.leave_asked {
        drill.leave_asked = asked;
    }
    for key in pressed {
        out.write(match key {
            ExerciseKey::Again => PuzzleCommand::Again,
            ExerciseKey::Next => PuzzleCommand::Next,
            ExerciseKey::Previous => PuzzleCommand::Previous,
            ExerciseKey::Leave => PuzzleCommand::Leave,
        });
    }
}

/// The players' camera, as it is set up, stands behind the player who is to solve the
/// puzzle (on any side of the fence race's field) and looks past the panel: the board
/// stands in the window's part to the panel's right.
fn make_room(
    windows: Query<&Window>,
    seat: Option<Res<Seat>>,
    mut cameras: Query<&mut OrbitCamera, (Added<OrbitCamera>, Without<SpectatorView>)>,
) {
    let height = windows.iter().next().map_or(720.0, Window::height);
    for mut cam in &mut cameras {
        if let Some(seat) = &seat {
            *cam = OrbitCamera::for_seat(**seat);
        }
        look_past_panel(&mut cam, height, PANEL_WIDTH);
    }
}

/// The puzzle, its goal, the last word, the score and the buttons.
fn rebuild(
    mut commands: Commands,
    drill: Res<Drill>,
    progress: Option<Res<Progress>>,
    hud: Res<HudState>,
    panels: Query<Entity, With<PuzzlePanel>>,
) {
    let progress_changed = progress.as_ref().is_some_and(|p| p.is_changed());
    if !drill.is_changed() && !progress_changed && !hud.is_changed() && !panels.is_empty() {
        return;
    }
    for panel in &panels {
        commands.entity(panel).despawn();
    }
    let puzzle = drill.puzzle();
    let solved_before = progress
        .as_ref()
        .is_some_and(|p| p.record.puzzles.solved.contains(drill.key()));
    let solved = matches!(drill.phase, Phase::Solved { .. });
    commands
        .spawn((PuzzlePanel, DespawnOnExit(AtTable), panel_node(PANEL_WIDTH)))
        .with_children(|p| {
            p.spawn(fixed_part()).with_children(|p| {
                p.spawn(text(
                    format!("{}: puzzles", drill.shelf.game.title()),
                    14.0,
                    CAPTION,
                ));
                let mark = if solved_before {
                    "  (solved before)"
                } else {
                    ""
                };
                p.spawn(text(
                    format!("Puzzle {} of {}{mark}", drill.index + 1, drill.count()),
                    19.0,
                    GOLD,
                ));
                p.spawn(text(puzzle.goal_text(), 17.0, TEXT));
            });
            p.spawn(scroll_part(0.0)).with_children(|p| {
                let stars = puzzle.rating.stars();
                p.spawn(text(
                    format!(
                        "Difficulty {}{} (the engine needed depth {})",
                        "*".repeat(stars.into()),
                        "-".repeat(5 - usize::from(stars)),
                        puzzle.rating.depth
                    ),
                    13.0,
                    CAPTION,
                ));
                if let Some(source) = &puzzle.source {
                    p.spawn(text(source.clone(), 12.0, CAPTION));
                }
                if !hud.counters.is_empty() {
                    p.spawn(text(hud.counters.clone(), 13.0, CAPTION));
                }
            });
            p.spawn(fixed_part()).with_children(|p| {
                p.spawn(more_below());
                p.spawn(text(hud.status.clone(), 18.0, hud.status_color));
                let color = if hud.feedback.is_error {
                    ERROR
                } else if solved {
                    GO
                } else {
                    INFO
                };
                p.spawn(text(hud.feedback.text.clone(), 16.0, color));
                if let Some(progress) = &progress {
                    let record = &progress.record.puzzles;
                    p.spawn(text(
                        format!(
                            "Score {}   streak {} (best {})",
                            record.score, record.streak, record.best_streak
                        ),
                        16.0,
                        GOLD,
                    ));
                    if let Some(notice) = &progress.notice {
                        p.spawn(text(notice.clone(), 12.0, ERROR));
                    }
                }
                p.spawn(Node {
                    column_gap: Val::Px(8.0),
                    flex_wrap: FlexWrap::Wrap,
                    row_gap: Val::Px(6.0),
                    ..default()
                })
                .with_children(|row| {
                    command_button(row, "< Previous", BUTTON, PuzzleCommand::Previous);
                    command_button(row, "Hint", LINK, MatchCommand::Hint);
                    command_button(row, "Again", BUTTON, PuzzleCommand::Again);
                    let next = if solved { GO } else { BUTTON };
                    command_button(row, "Next >", next, PuzzleCommand::Next);
                    command_button(row, "Start screen", LEAVE, PuzzleCommand::Leave);
                });
                let keys = if drill.leave_asked {
                    "Esc again leaves the puzzles."
                } else {
                    KEYS
                };
                p.spawn(text(keys, 12.0, CAPTION));
            });
        });
}
