//! The question put before moves would be lost (a new game, a load, the start screen): a
//! panel in the middle of the window with the question and Yes / No, shown while the
//! table's [`LeaveGuard`] asks it.

use crate::state::AtTable;
use crate::table::commands::Leave;
use crate::table::save::LeaveGuard;
use crate::view::theme::{BUTTON, HELP_PANEL, LEAVE, button, font};
use bevy::prelude::*;

/// The question's panel.
#[derive(Component)]
struct QuestionPanel;

/// The question's text.
#[derive(Component)]
struct QuestionText;

/// Shows the question while it stands.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(AtTable), spawn_panel)
        .add_systems(Update, show_question);
}

fn spawn_panel(mut commands: Commands) {
    commands
        .spawn((
            DespawnOnExit(AtTable),
            QuestionPanel,
            Node {
                position_type: PositionType::Absolute,
                top: Val::Percent(35.0),
                left: Val::Percent(25.0),
                width: Val::Percent(50.0),
                padding: UiRect::all(Val::Px(16.0)),
                flex_direction: FlexDirection::Column,
                row_gap: Val::Px(12.0),
                display: Display::None,
                ..default()
            },
            BackgroundColor(HELP_PANEL.with_alpha(1.0)),
            GlobalZIndex(20),
        ))
        .with_children(|p| {
            p.spawn((
                Text::new(""),
                font(17.0),
                TextColor(Color::WHITE),
                QuestionText,
            ));
            p.spawn(Node {
                column_gap: Val::Px(10.0),
                ..default()
            })
            .with_children(|row| {
                let padding = || Node {
                    padding: UiRect::axes(Val::Px(16.0), Val::Px(8.0)),
                    ..default()
                };
                row.spawn(button("Yes", 16.0, LEAVE, padding())).observe(
                    |click: On<Pointer<Click>>,
                     guard: Res<LeaveGuard>,
                     mut leave: MessageWriter<Leave>| {
                        if click.button == PointerButton::Primary
                            && let Some(request) = guard.asked()
                        {
                            leave.write(request);
                        }
                    },
                );
                row.spawn(button("No, stay (Esc)", 16.0, BUTTON, padding()))
                    .observe(
                        |click: On<Pointer<Click>>, mut leave: MessageWriter<Leave>| {
                            if click.button == PointerButton::Primary {
                                leave.write(Leave::Stay);
                            }
                        },
                    );
            });
        });
}

fn show_question(
    guard: Option<Res<LeaveGuard>>,
    mut panels: Query<&mut Node, With<QuestionPanel>>,
    mut texts: Query<&mut Text, With<QuestionText>>,
) {
    let Some(guard) = guard.filter(|g| g.is_changed()) else {
        return;
    };
    for mut node in &mut panels {
        node.display = if guard.question.is_some() {
            Display::Flex
        } else {
            Display::None
        };
    }
    if let Some(question) = &guard.question {
        for mut text in &mut texts {
            text.0.clone_from(question);
        }
    }
}
