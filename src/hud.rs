//! The heads-up display: whose turn, the last word to the players, the move list, the
//! captured pieces, the controls, and Undo / New game buttons. It keeps to the edges so the
//! board stays in view.

use crate::table::side_color;
use crate::war_match::{Match, MatchCommand};
use bevy::prelude::*;
use bevy::text::FontSize;
use tabula_rules::Game;
use tabula_rules::war::{Kind, Side};

#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct FeedbackText;
#[derive(Component)]
struct MovesText;
#[derive(Component)]
struct CapturedText;

/// Spawns and updates the HUD.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_hud)
        .add_systems(Update, update_hud);
}

fn font(size: f32) -> TextFont {
    TextFont::from_font_size(FontSize::Px(size))
}

fn panel() -> BackgroundColor {
    BackgroundColor(Color::srgba(0.05, 0.05, 0.06, 0.72))
}

fn spawn_hud(mut commands: Commands) {
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                top: Val::Px(10.0),
                left: Val::Px(10.0),
                max_width: Val::Px(430.0),
                padding: UiRect::all(Val::Px(10.0)),
                flex_direction: FlexDirection::Column,
                row_gap: Val::Px(4.0),
                ..default()
            },
            panel(),
        ))
        .with_children(|p| {
            p.spawn((
                Text::new("The Game of War"),
                font(15.0),
                TextColor(Color::srgb(0.8, 0.75, 0.6)),
            ));
            p.spawn((
                Text::new(""),
                font(24.0),
                TextColor(Color::WHITE),
                StatusText,
            ));
            p.spawn((
                Text::new(""),
                font(16.0),
                TextColor(Color::WHITE),
                FeedbackText,
            ));
            p.spawn((
                Text::new(""),
                font(14.0),
                TextColor(Color::srgb(0.8, 0.8, 0.8)),
                CapturedText,
            ));
        });
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                top: Val::Px(10.0),
                right: Val::Px(10.0),
                width: Val::Px(270.0),
                padding: UiRect::all(Val::Px(10.0)),
                flex_direction: FlexDirection::Column,
                ..default()
            },
            panel(),
        ))
        .with_children(|p| {
            p.spawn((
                Text::new("Moves"),
                font(15.0),
                TextColor(Color::srgb(0.8, 0.75, 0.6)),
            ));
            p.spawn((
                Text::new(""),
                font(14.0),
                TextColor(Color::WHITE),
                MovesText,
            ));
        });
    commands.spawn((
        Text::new(
            "Click a piece, then a lit square.  Right drag: orbit  Middle drag: pan  Wheel: zoom\n\
             1 / 2 / 3 / 4: Red's side, Blue's side, top, side view  Esc: drop selection\n\
             Ctrl+Z: take back  N: new game  F12: screenshot",
        ),
        font(13.0),
        TextColor(Color::srgb(0.85, 0.85, 0.85)),
        Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(10.0),
            left: Val::Px(10.0),
            max_width: Val::Percent(64.0),
            padding: UiRect::all(Val::Px(6.0)),
            ..default()
        },
        panel(),
    ));
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(10.0),
            right: Val::Px(10.0),
            column_gap: Val::Px(8.0),
            ..default()
        })
        .with_children(|p| {
            for (label, command) in [
                ("Take back", MatchCommand::Undo),
                ("New game", MatchCommand::NewGame),
            ] {
                p.spawn((
                    Button,
                    Node {
                        padding: UiRect::axes(Val::Px(14.0), Val::Px(8.0)),
                        ..default()
                    },
                    BackgroundColor(Color::srgb(0.25, 0.2, 0.14)),
                ))
                .with_child((Text::new(label), font(16.0), TextColor(Color::WHITE)))
                .observe(
                    move |click: On<Pointer<Click>>, mut commands: MessageWriter<MatchCommand>| {
                        if click.button == PointerButton::Primary {
                            commands.write(command);
                        }
                    },
                );
            }
        });
}

/// The move list as numbered lines, one per pair of moves (the first player's, then the
/// second's).
pub fn move_lines(texts: &[String]) -> Vec<String> {
    texts
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{:>2}. {}", i + 1, pair.join(" / ")))
        .collect()
}

#[allow(clippy::type_complexity)]
fn update_hud(
    the_match: Res<Match>,
    mut texts: ParamSet<(
        Query<(&mut Text, &mut TextColor), With<StatusText>>,
        Query<(&mut Text, &mut TextColor), With<FeedbackText>>,
        Query<&mut Text, With<MovesText>>,
        Query<&mut Text, With<CapturedText>>,
    )>,
) {
    if !the_match.is_changed() {
        return;
    }
    let game = &the_match.game;
    for (mut text, mut color) in &mut texts.p0() {
        text.0 = the_match.status();
        color.0 = if the_match.is_over() {
            Color::srgb(1.0, 0.85, 0.3)
        } else {
            side_color(game.to_move()).lighter(0.25)
        };
    }
    for (mut text, mut color) in &mut texts.p1() {
        text.0 = the_match.feedback.text.clone();
        color.0 = if the_match.feedback.is_error {
            Color::srgb(1.0, 0.55, 0.45)
        } else {
            Color::srgb(0.85, 0.9, 0.85)
        };
    }
    let lines = move_lines(&the_match.texts);
    let shown = lines.len().saturating_sub(16);
    for mut text in &mut texts.p2() {
        text.0 = if lines.is_empty() {
            "(none yet)".into()
        } else {
            lines[shown..].join("\n")
        };
    }
    let captured = game.captured();
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
    for mut text in &mut texts.p3() {
        text.0 = format!("{}\n{}", line(Side::Red), line(Side::Blue));
    }
}
