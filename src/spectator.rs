//! The spectator camera, for exhibitions: an autonomous director that needs no hand on the
//! mouse. While pieces travel it frames their whole path at once (every landing of a jump
//! chain, a missile's course); when nothing happens it circles the board slowly. It eases
//! toward a nearby shot and cuts to a distant one, and keeps above the table, aimed at the
//! board. V turns it on and off in the main window; `tabula play --spectator` starts with
//! it on, and `--spectator-window` gives it a second window of its own (for a projector)
//! while the players keep the main one. It works for every game because it watches what
//! moves (pieces travel as top-level entities), not the rules.

use crate::camera::OrbitCamera;
use crate::motion::Travel;
use bevy::prelude::*;

/// Whether the director holds the camera.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Spectator(pub bool);

/// The lowest and highest angle above the table the director uses.
pub const PITCH_RANGE: (f32, f32) = (0.45, 1.15);

/// How far from the board's centre the director may aim.
pub const FOCUS_LIMIT: f32 = 4.5;

/// Radians per second of the idle circling.
const IDLE_TURN: f32 = 0.12;

/// A new shot whose aim lies this far from the current one is cut to, not eased to.
pub const CUT_DISTANCE: f32 = 5.0;

/// One step of the director: the camera `cam` after `dt` seconds, given the points to frame
/// (where pieces travel now and where they are going; empty when nothing moves). A shot
/// near the present one is eased to; a distant one is cut to at once, so that the camera
/// never sweeps across the scene.
pub fn direct(cam: &OrbitCamera, moving: &[Vec3], dt: f32) -> OrbitCamera {
    let mut next = *cam;
    let (focus, distance, pitch) = if moving.is_empty() {
        (Vec3::ZERO, 17.0, 0.75)
    } else {
        let centre = moving.iter().copied().sum::<Vec3>() / moving.len() as f32;
        let spread = moving
            .iter()
            .map(|p| p.distance(centre))
            .fold(0.0f32, f32::max);
        (centre.with_y(0.0), (9.0 + 2.0 * spread).min(16.0), 0.85)
    };
    if moving.is_empty() {
        next.yaw += IDLE_TURN * dt;
    }
    // Ease toward the shot: about two thirds of the way in a second; cut to a distant one.
    let clamped = focus
        .clamp(Vec3::splat(-FOCUS_LIMIT), Vec3::splat(FOCUS_LIMIT))
        .with_y(0.0);
    let k = if clamped.distance(cam.focus) > CUT_DISTANCE {
        1.0
    } else {
        1.0 - (-dt * 1.2).exp()
    };
    next.focus = next.focus.lerp(focus, k);
    next.distance += (distance - next.distance) * k;
    next.pitch += (pitch - next.pitch) * k;
    next.focus = next
        .focus
        .clamp(Vec3::splat(-FOCUS_LIMIT), Vec3::splat(FOCUS_LIMIT))
        .with_y(0.0);
    next.pitch = next.pitch.clamp(PITCH_RANGE.0, PITCH_RANGE.1);
    next.distance = next.distance.clamp(8.0, 20.0);
    next
}

pub use crate::camera::SpectatorView;

/// The director and its switch.
pub fn plugin(app: &mut App) {
    app.init_resource::<Spectator>()
        .add_systems(Update, (switch, run).chain());
}

/// The spectator's own window: a second window whose camera the director holds, with the
/// game's name, whose turn and the last move along its foot.
pub fn window_plugin(app: &mut App) {
    app.init_resource::<SpectatorWindow>()
        .add_systems(OnEnter(crate::state::AtTable), spawn_window)
        .add_systems(Update, caption);
}

/// Whether the spectator's own window is wanted. Once opened it stays open across screens.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SpectatorWindow(pub bool);

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
    let orbit = OrbitCamera::from_view(crate::camera::View::Side);
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
        crate::theme::font(26.0),
        TextColor(Color::WHITE),
        Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(16.0),
            left: Val::Px(16.0),
            padding: UiRect::all(Val::Px(10.0)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.05, 0.05, 0.06, 0.7)),
        bevy::ui::UiTargetCamera(camera),
        Caption,
    ));
}

fn caption(
    hud: Res<crate::playing::HudState>,
    names: Option<Res<crate::playing::SeatNames>>,
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

fn switch(keys: Option<Res<ButtonInput<KeyCode>>>, mut spectator: ResMut<Spectator>) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyV)) {
        spectator.0 = !spectator.0;
    }
}

fn run(
    spectator: Res<Spectator>,
    time: Res<Time>,
    moving: Query<(&Transform, &Travel), Without<OrbitCamera>>,
    mut cameras: Query<(&mut OrbitCamera, Has<SpectatorView>)>,
) {
    let mut points: Vec<Vec3> = Vec::new();
    for (transform, travel) in &moving {
        points.push(transform.translation);
        points.extend_from_slice(travel.ahead());
    }
    for (mut cam, own) in &mut cameras {
        if own || spectator.0 {
            *cam = direct(&cam, &points, time.delta_secs());
        }
    }
}
