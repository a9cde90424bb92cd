//! The spectator's own window (`--spectator-window`, for a projector): a second window
//! whose camera the director holds, with the game's name, whose turn and the last move
//! along its foot.

use crate::state::AtTable;
use crate::table::report::HudState;
use crate::table::seats::SeatNames;
use crate::view::camera::{OrbitCamera, SpectatorView, View};
use crate::view::theme::{PANEL, font};
use bevy::prelude::*;

/// The spectator's own window: a second window whose camera the director holds, with the
/// game's name, whose turn and the last move along its foot.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SpectatorWindow>()
        .add_systems(OnEnter(AtTable), spawn_window)
        .add_systems(Update, caption);
}

/// Whether the spectator's own window is wanted. Once opened it stays open across screens.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct SpectatorWindow(pub bool);

#[derive(Component)]
struct Caption;

fn spawn_window(
    mut commands: Commands,
    wanted: Res<SpectatorWindow>,
    open: Query<(), With<SpectatorView>>,
) {
    if !wanted.0 || !open.is_empty() {
        return;
    }
    let window = commands
        .spawn(Window {
            title: "Tabula — spectator".into(),
            resolution: (1280u32, 720u32).into(),
            ..default()
        })
        .id();
    let orbit = OrbitCamera::from_view(View::Side);
    let camera = commands
        .spawn((
            Camera3d::default(),
            bevy::camera::RenderTarget::Window(bevy::window::WindowRef::Entity(window)),
            orbit.transform(),
            orbit,
            SpectatorView,
        ))
        .id();
    commands.spawn((
        Text::new(""),
        font(26.0),
        TextColor(Color::WHITE),
        Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(16.0),
            left: Val::Px(16.0),
            padding: UiRect::all(Val::Px(10.0)),
            ..default()
        },
        BackgroundColor(PANEL.with_alpha(0.7)),
        bevy::ui::UiTargetCamera(camera),
        Caption,
    ));
}

fn caption(
    hud: Res<HudState>,
    names: Option<Res<SeatNames>>,
    mut text: Query<&mut Text, With<Caption>>,
) {
    if !hud.is_changed() {
        return;
    }
    let status = match &names {
        Some(names) => names.decorate(&hud.status),
        None => hud.status.clone(),
    };
    let last = hud
        .moves
        .last()
        .map(|l| format!("\n{}", l.text.trim()))
        .unwrap_or_default();
    for mut t in &mut text {
        t.0 = format!("{}: {status}{last}", hud.title);
    }
}
