//! The analysis in the window: a bar of each player's expected result in the position
//! shown, the engine's best line drawn on the board as arrows (its first move brightest),
//! and on the result screen the button that reviews the whole game, with how far the
//! review has gone.

use crate::state::{AtTable, Play};
use crate::table::analysis::{AnalysisCommand, AnalysisOn, Evaluation, GameReview};
use crate::table::commands::MatchSet;
use crate::table::game_match::Match;
use crate::table::report::HudState;
use crate::table::rules::{GameSystems, TableRules};
use crate::view::hud::StatusPanel;
use crate::view::theme::{CAPTION, LINK, TEXT, button, text};
use bevy::prelude::*;
use std::sync::atomic::Ordering;

/// What the bar shows, written by the game on the table.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
struct Bar {
    /// Each player's name, expected result (0 to 1) and colour, in turn order; empty while
    /// the engine thinks.
    shares: Vec<(String, f32, Color)>,
    /// The engine's best line, in notation.
    line: String,
    /// How far the review of the whole game has gone, if one is under way.
    review: Option<String>,
}

#[derive(Component)]
struct BarRoot;
#[derive(Component)]
struct ReviewButton;

/// The bar, the arrows and the review button.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Bar>()
        .add_systems(OnEnter(AtTable), spawn_review_button)
        .add_systems(
            Update,
            (draw_bar, show_review_button)
                .after(MatchSet)
                .run_if(in_state(AtTable)),
        );
    tabula_rules::each_game!(G => {
        app.add_systems(
            Update,
            (publish::<G>.before(draw_bar), draw_line::<G>)
                .after(MatchSet)
                .in_set(GameSystems(G::KIND))
                .run_if(resource_exists::<Match<G>>),
        );
    });
}

/// Writes what the bar shows from the evaluation and the review of the game `G`.
fn publish<G: TableRules>(
    on: Res<AnalysisOn>,
    the_match: Res<Match<G>>,
    evaluation: Option<Res<Evaluation<G>>>,
    review: Option<Res<GameReview<G>>>,
    mut bar: ResMut<Bar>,
) {
    let mut next = Bar::default();
    if on.0 {
        let players = the_match.game.players();
        if let Some(values) = evaluation.as_ref().and_then(|e| e.values.as_ref()) {
            next.shares = players
                .iter()
                .zip(values)
                .map(|(p, v)| (p.to_string(), *v, the_match.game.status_color(*p)))
                .collect();
        }
        if let Some(e) = &evaluation {
            next.line = e
                .line_texts
                .iter()
                .take(4)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ");
        }
    }
    if let Some(review) = review.filter(|r| r.moves.is_none()) {
        next.review = Some(format!(
            "Reviewing the game: {} of {} moves",
            review.reviewed.load(Ordering::Relaxed),
            review.texts.len()
        ));
    }
    bar.set_if_neq(next);
}

/// Redraws the bar when what it shows changes, at the foot of the HUD's status panel: off
/// the board in every view, where a show's title bar does not stand.
fn draw_bar(
    mut commands: Commands,
    bar: Res<Bar>,
    on: Res<AnalysisOn>,
    roots: Query<Entity, With<BarRoot>>,
    panels: Query<Entity, With<StatusPanel>>,
) {
    if !bar.is_changed() && !on.is_changed() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    if !on.0 && bar.review.is_none() {
        return;
    }
    let Some(panel) = panels.iter().next() else {
        return;
    };
    let root = commands
        .spawn((
            BarRoot,
            DespawnOnExit(AtTable),
            Node {
                width: Val::Percent(100.0),
                margin: UiRect::top(Val::Px(4.0)),
                flex_direction: FlexDirection::Column,
                row_gap: Val::Px(3.0),
                ..default()
            },
        ))
        .with_children(|p| {
            if on.0 {
                p.spawn((
                    Node {
                        width: Val::Percent(100.0),
                        height: Val::Px(10.0),
                        ..default()
                    },
                    BackgroundColor(TRACK),
                ))
                .with_children(|row| {
                    for (_, share, color) in &bar.shares {
                        row.spawn((
                            Node {
                                width: Val::Percent(100.0 * share.clamp(0.0, 1.0)),
                                height: Val::Percent(100.0),
                                ..default()
                            },
                            BackgroundColor(*color),
                        ));
                    }
                });
                let words = if bar.shares.is_empty() {
                    "Analysis: the engine is thinking...".to_string()
                } else {
                    let shares: Vec<String> = bar
                        .shares
                        .iter()
                        .map(|(name, v, _)| format!("{name} {:.0}%", v * 100.0))
                        .collect();
                    format!("Expected result: {}", shares.join("  "))
                };
                p.spawn(text(words, 14.0, TEXT));
                if !bar.line.is_empty() {
                    p.spawn(text(format!("Engine's line: {}", bar.line), 13.0, CAPTION));
                }
            }
            if let Some(review) = &bar.review {
                p.spawn(text(review.clone(), 13.0, CAPTION));
            }
        })
        .id();
    commands.entity(panel).add_child(root);
}

/// The bar's ground, where no player's share covers it.
const TRACK: Color = Color::srgb(0.25, 0.25, 0.28);

/// The engine's best line on the board: an arrow for each of its first three moves, the
/// first brightest.
fn draw_line<G: TableRules>(
    on: Res<AnalysisOn>,
    the_match: Res<Match<G>>,
    evaluation: Option<Res<Evaluation<G>>>,
    mut gizmos: Gizmos,
) {
    let Some(evaluation) = evaluation.filter(|e| on.0 && e.generation == the_match.generation)
    else {
        return;
    };
    let mut game = the_match.game.clone();
    let lift = Vec3::Y * 0.4;
    for (i, mv) in evaluation.line.iter().take(3).enumerate() {
        let points = game.move_points(mv);
        let colour = Color::srgba(0.55, 0.9, 1.0, 1.0 - 0.3 * i as f32);
        for pair in points.windows(2) {
            gizmos
                .arrow(pair[0] + lift, pair[1] + lift, colour)
                .with_tip_length(0.4);
        }
        game.play_unchecked(mv);
    }
}

/// The result screen's button that reviews the whole game.
fn spawn_review_button(mut commands: Commands) {
    commands
        .spawn((
            ReviewButton,
            crate::view::layout::Panel,
            DespawnOnExit(AtTable),
            button(
                "Analyse the game",
                16.0,
                LINK,
                Node {
                    position_type: PositionType::Absolute,
                    bottom: Val::Px(60.0),
                    right: Val::Px(10.0),
                    padding: UiRect::axes(Val::Px(14.0), Val::Px(8.0)),
                    display: Display::None,
                    ..default()
                },
            ),
        ))
        .observe(
            |click: On<Pointer<Click>>, mut out: MessageWriter<AnalysisCommand>| {
                if click.button == PointerButton::Primary {
                    out.write(AnalysisCommand::ReviewGame);
                }
            },
        );
}

/// The review button shows on the result screen only.
fn show_review_button(
    hud: Res<HudState>,
    play: Option<Res<State<Play>>>,
    mut buttons: Query<&mut Node, With<ReviewButton>>,
) {
    let shown = hud.over && play.is_some_and(|p| *p.get() == Play::Result);
    let display = if shown { Display::Flex } else { Display::None };
    for mut node in &mut buttons {
        if node.display != display {
            node.display = display;
        }
    }
}
