//! The mouse's label: what stands under the mouse on the board, in words ("Red cannon on
//! KC5"), in a small panel beside the pointer ([`HoverWords`], from the game on the table).

use crate::state::AtTable;
use crate::view::hover::HoverWords;
use crate::view::theme::{PANEL, TEXT, font};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The label's panel.
#[derive(Component)]
struct Tooltip;

/// The label, following the mouse.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HoverWords>()
        .add_systems(OnEnter(AtTable), spawn_tooltip)
        .add_systems(Update, follow_mouse);
}

fn spawn_tooltip(mut commands: Commands) {
    commands.spawn((
        DespawnOnExit(AtTable),
        Tooltip,
        Text::new(""),
        font(14.0),
        TextColor(TEXT),
        Node {
            position_type: PositionType::Absolute,
            padding: UiRect::axes(Val::Px(6.0), Val::Px(3.0)),
            display: Display::None,
            ..default()
        },
        BackgroundColor(PANEL),
        GlobalZIndex(5),
        Pickable::IGNORE,
    ));
}

/// Shows the words beside the pointer while there are some.
fn follow_mouse(
    words: Res<HoverWords>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut tips: Query<(&mut Node, &mut Text), With<Tooltip>>,
    ui_scale: Option<Res<UiScale>>,
) {
    // The pointer's place in the HUD's own units (which UiScale enlarges).
    let scale = ui_scale.map_or(1.0, |s| s.0).max(0.01);
    let cursor = windows
        .iter()
        .next()
        .and_then(Window::cursor_position)
        .map(|at| at / scale);
    for (mut node, mut text) in &mut tips {
        match (cursor, &words.0) {
            (Some(at), Some(said)) => {
                node.display = Display::Flex;
                node.left = Val::Px(at.x + 18.0);
                node.top = Val::Px(at.y + 14.0);
                if text.0 != *said {
                    text.0.clone_from(said);
                }
            }
            _ => {
                if node.display != Display::None {
                    node.display = Display::None;
                }
            }
        }
    }
}
