//! A lesson in the window: its panel down the left side in place of the HUD's (the step, its
//! words, whose move and what was said to it, the buttons), the board framed beside it, the
//! step's squares and arrows on the board, and its keys.

use super::{Course, LessonCommand, Phase};
use crate::screens::exercise::{
    ExerciseKey, command_button, exercise_keys, hide_table_panels, look_past_panel,
};
use crate::state::AtTable;
use crate::table::commands::{MatchCommand, MatchSet};
use crate::table::game_match::Match;
use crate::table::report::HudState;
use crate::table::rules::{GameSystems, TableRules};
use crate::user_data::progress::Progress;
use crate::view::camera::{OrbitCamera, SpectatorView};
use crate::view::side_panel::{PanelScroll, fixed_part, more_below, panel_node, scroll_part};
use crate::view::theme::{
    BUTTON, CAPTION, ERROR, GO, GOLD, INFO, LEAVE, LINK, NOTE_ARROW, TAGLINE, TEXT, note_ring, text,
};
use bevy::prelude::*;

/// The lesson's panel, rebuilt when the lesson or the progress changes.
#[derive(Component)]
struct LessonPanel;

/// The keys of a lesson, shown at the foot of its panel.
pub const KEYS: &str =
    "H: hint  R: the step again  PageUp / PageDown: previous / next step  Esc twice or F10: leave";

/// The panel, the keys and the step's marks, while a lesson is on.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            keys.before(MatchSet),
            (hide_table_panels, make_room, rebuild),
        )
            .run_if(resource_exists::<Course>)
            .run_if(in_state(AtTable)),
    );
    tabula_rules::each_game!(G => {
        app.add_systems(
            Update,
            draw_marks::<G>
                .in_set(GameSystems(G::KIND))
                .run_if(resource_exists::<Course>)
                .run_if(resource_exists::<Match<G>>),
        );
    });
}

/// R sets the step again, PageUp and PageDown go to the step before or after, Esc twice
/// leaves (once, it may only have put down a piece the player had picked up).
fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut course: ResMut<Course>,
    mut out: MessageWriter<LessonCommand>,
) {
    let Some(keys) = keys else { return };
    let (pressed, asked) = exercise_keys(&keys, course.leave_asked);
    if asked != course.leave_asked {
        course.leave_asked = asked;
    }
    for key in pressed {
        out.write(match key {
            ExerciseKey::Again => LessonCommand::Again,
            ExerciseKey::Next => LessonCommand::Next,
            ExerciseKey::Previous => LessonCommand::Previous,
            ExerciseKey::Leave => LessonCommand::Leave,
        });
    }
}

/// The panel's width in pixels.
const PANEL_WIDTH: f32 = 440.0;

/// The players' camera, as it is set up, looks past the panel: the board stands in the
/// window's part to the panel's right.
fn make_room(
    windows: Query<&Window>,
    mut cameras: Query<&mut OrbitCamera, (Added<OrbitCamera>, Without<SpectatorView>)>,
) {
    let height = windows.iter().next().map_or(720.0, Window::height);
    for mut cam in &mut cameras {
        look_past_panel(&mut cam, height, PANEL_WIDTH);
    }
}

/// The step, its words, the lesson's last word, and the buttons. The step's words scroll
/// where the window is too short for them; the heading and the buttons stay in view.
#[allow(clippy::too_many_arguments)]
fn rebuild(
    mut commands: Commands,
    course: Res<Course>,
    progress: Option<Res<Progress>>,
    courses: Res<super::courses::Courses>,
    hud: Res<HudState>,
    panels: Query<Entity, With<LessonPanel>>,
    scrolled: Query<&ScrollPosition, With<PanelScroll>>,
    mut shown: Local<Option<usize>>,
) {
    let progress_changed = progress.as_ref().is_some_and(|p| p.is_changed());
    if !course.is_changed() && !progress_changed && !hud.is_changed() && !panels.is_empty() {
        return;
    }
    // The same step keeps where its words were scrolled to.
    let offset = match *shown {
        Some(index) if index == course.index => scrolled.iter().next().map_or(0.0, |s| s.y),
        _ => 0.0,
    };
    *shown = Some(course.index);
    for panel in &panels {
        commands.entity(panel).despawn();
    }
    let step = course.step();
    let done = progress
        .as_ref()
        .is_some_and(|p| p.is_done(&course.key, step.number));
    let total = course.lesson.steps.len();
    let finished = course.phase == Phase::Done && course.is_last();
    let next_course = courses.after(course.lesson.game).cloned();
    commands
        .spawn((LessonPanel, DespawnOnExit(AtTable), panel_node(PANEL_WIDTH)))
        .with_children(|p| {
            p.spawn(fixed_part()).with_children(|p| {
                p.spawn(text(course.lesson.title.clone(), 14.0, CAPTION));
                let mark = if done { "  (done)" } else { "" };
                p.spawn(text(
                    format!("Step {} of {total}: {}{mark}", step.number, step.title),
                    19.0,
                    GOLD,
                ));
            });
            p.spawn(scroll_part(offset)).with_children(|p| {
                if course.index == 0
                    && let Some(intro) = &course.lesson.intro
                {
                    p.spawn(text(intro.clone(), 14.0, TAGLINE));
                }
                p.spawn(text(step.text.clone(), 15.0, TEXT));
                if let Some(words) = course.part_words() {
                    p.spawn(text(words.to_string(), 15.0, GOLD));
                }
                if !hud.counters.is_empty() {
                    p.spawn(text(hud.counters.clone(), 13.0, CAPTION));
                }
            });
            p.spawn(fixed_part()).with_children(|p| {
                p.spawn(more_below());
                // Once the step is done, whose move it would be is no news.
                if course.phase != Phase::Done {
                    p.spawn(text(hud.status.clone(), 20.0, hud.status_color));
                }
                // The last word: the lesson's to a move, or the table's to a click.
                let color = if hud.feedback.is_error {
                    ERROR
                } else if course.phase == Phase::Done {
                    GO_TEXT
                } else {
                    INFO
                };
                p.spawn(text(hud.feedback.text.clone(), 16.0, color));
                if finished {
                    p.spawn(text(
                        format!("You have finished {}.", course.lesson.title),
                        16.0,
                        GOLD,
                    ));
                    if let Some(next) = &next_course {
                        p.spawn(Node::default()).with_children(|row| {
                            command_button(
                                row,
                                &format!("Learn {}", next.game.title()),
                                GO,
                                LessonCommand::NextCourse,
                            );
                        });
                    }
                }
                p.spawn(Node {
                    column_gap: Val::Px(8.0),
                    flex_wrap: FlexWrap::Wrap,
                    row_gap: Val::Px(6.0),
                    ..default()
                })
                .with_children(|row| {
                    command_button(row, "< Previous", BUTTON, LessonCommand::Previous);
                    command_button(row, "Hint", LINK, MatchCommand::Hint);
                    command_button(row, "Again", BUTTON, LessonCommand::Again);
                    let next = if course.phase == Phase::Done {
                        GO
                    } else {
                        BUTTON
                    };
                    command_button(row, "Next >", next, LessonCommand::Next);
                    command_button(row, "Start screen", LEAVE, LessonCommand::Leave);
                });
                let keys = if course.leave_asked {
                    "Esc again leaves the lesson.".to_string()
                } else {
                    KEYS.to_string()
                };
                p.spawn(text(keys, 12.0, CAPTION));
            });
        });
}

/// The colour of a step done.
const GO_TEXT: Color = Color::srgb(0.55, 0.95, 0.55);

/// The step's squares (gold rings) and arrows, while the player is to move.
fn draw_marks<G: TableRules>(
    course: Res<Course>,
    the_match: Res<Match<G>>,
    mut gizmos: Gizmos,
    time: Res<Time>,
) {
    if course.phase == Phase::Done {
        return;
    }
    let step = course.step();
    let point = |t: &str| the_match.game.square_point(t.trim());
    let lift = Vec3::Y * 0.12;
    let glow = 0.75 + 0.25 * (time.elapsed_secs() * 3.0).sin();
    let gold = note_ring(glow);
    for square in &step.squares {
        if let Some(p) = point(square) {
            let iso = Isometry3d::new(p + lift, Quat::from_rotation_x(std::f32::consts::FRAC_PI_2));
            gizmos.circle(iso, 0.42, gold);
            gizmos.circle(iso, 0.36, gold);
        }
    }
    for (from, to) in &step.arrows {
        if let (Some(a), Some(b)) = (point(from), point(to)) {
            gizmos
                .arrow(a + lift * 3.0, b + lift * 3.0, NOTE_ARROW)
                .with_tip_length(0.45);
        }
    }
}
