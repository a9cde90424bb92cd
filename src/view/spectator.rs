//! The spectator camera, for exhibitions: an autonomous director that needs no hand on the
//! mouse. While pieces travel it frames their whole path at once (every landing of a jump
//! chain, a missile's course); when nothing happens it circles the board slowly. It eases
//! toward a nearby shot and cuts to a distant one, and keeps above the table, aimed at the
//! board. V turns it on and off in the main window; `tabula play --spectator` starts with
//! it on, and `--spectator-window` gives it a second window of its own (for a projector,
//! [`crate::view::spectator_window`]) while the players keep the main one. It works for every game because it watches what
//! moves (pieces travel as top-level entities), not the rules. While it holds the players'
//! camera a sign at the top says so, and V gives the camera back where the players left it.

use crate::state::AtTable;
use crate::table::commands::Watching;
use crate::table::motion::Travel;
use crate::view::camera::{OrbitCamera, SpectatorView};
use crate::view::theme::{CAPTION, PANEL, font};
use bevy::prelude::*;

/// Whether the director holds the camera.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Spectator(pub bool);

/// The lowest and highest angle above the table the director uses.
pub(crate) const PITCH_RANGE: (f32, f32) = (0.45, 1.15);

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

/// The players' camera as they left it when the director took it, to be given back.
#[derive(Resource, Debug, Clone, Copy, Default)]
struct PlayersCamera(Option<OrbitCamera>);

/// The sign that the director holds the camera.
#[derive(Component)]
struct SpectatorSign;

/// The director, its switch and its sign.
pub fn plugin(app: &mut App) {
    app.init_resource::<Spectator>()
        .init_resource::<PlayersCamera>()
        .add_systems(OnEnter(AtTable), spawn_sign)
        .add_systems(Update, (switch, hand_over, run, show_sign).chain());
}

/// The director takes the players' camera and gives it back as they left it.
fn hand_over(
    spectator: Res<Spectator>,
    mut kept: ResMut<PlayersCamera>,
    mut cameras: Query<&mut OrbitCamera, Without<SpectatorView>>,
) {
    if !spectator.is_changed() {
        return;
    }
    for mut cam in &mut cameras {
        if spectator.0 {
            kept.0 = Some(*cam);
        } else if let Some(left) = kept.0.take() {
            *cam = left;
        }
    }
}

fn spawn_sign(mut commands: Commands) {
    commands
        .spawn((
            DespawnOnExit(AtTable),
            SpectatorSign,
            Node {
                position_type: PositionType::Absolute,
                top: Val::Px(10.0),
                left: Val::Px(0.0),
                right: Val::Px(0.0),
                justify_content: JustifyContent::Center,
                display: Display::None,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|p| {
            p.spawn((
                Text::new("Spectator camera (V gives it back)"),
                font(14.0),
                TextColor(CAPTION),
                Node {
                    padding: UiRect::axes(Val::Px(10.0), Val::Px(5.0)),
                    ..default()
                },
                BackgroundColor(PANEL),
            ));
        });
}

/// The sign shows while the director holds the players' camera (an exhibition, which is
/// all spectator, goes without it).
fn show_sign(
    spectator: Res<Spectator>,
    watching: Option<Res<Watching>>,
    mut signs: Query<&mut Node, With<SpectatorSign>>,
) {
    let shown = spectator.0 && watching.is_none_or(|w| w.0.is_none());
    let display = if shown { Display::Flex } else { Display::None };
    for mut node in &mut signs {
        if node.display != display {
            node.display = display;
        }
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
