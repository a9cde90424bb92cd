//! The player camera: orbit, pan and zoom with mouse and keys; snap to either side or top.

use crate::state::AtTable;
use crate::table::commands::MatchSet;
use crate::table::seats::Seat;
use crate::view::layout::{Framing, PanelRects, Pieces, frame, framed, glide, piece_points};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;

/// Where the camera looks from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum, Resource)]
pub enum View {
    /// Behind the near player (Red in the Game of War, White in Camelot).
    #[default]
    #[value(alias = "white", alias = "near")]
    Red,
    /// Behind the far player (Blue, Black).
    #[value(alias = "black", alias = "far")]
    Blue,
    /// Straight down.
    Top,
    /// From the side, between the armies.
    Side,
}

impl View {
    /// The view's name, as `--view` takes it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            View::Red => "red",
            View::Blue => "blue",
            View::Top => "top",
            View::Side => "side",
        }
    }

    /// Yaw, pitch (radians) and distance of this view.
    fn orbit(self) -> (f32, f32, f32) {
        use std::f32::consts::{FRAC_PI_2, PI};
        match self {
            View::Red => (0.0, 0.9, 17.5),
            View::Blue => (PI, 0.9, 17.5),
            View::Top => (0.0, FRAC_PI_2 - 0.01, 17.0),
            View::Side => (FRAC_PI_2, 0.6, 16.0),
        }
    }
}

/// An orbiting camera: it looks at `focus` from `distance` away at `yaw` and `pitch`.
#[derive(Component, Debug, Clone, Copy)]
pub struct OrbitCamera {
    /// The point looked at.
    pub focus: Vec3,
    /// Angle around the vertical axis; 0 looks from Red's side.
    pub yaw: f32,
    /// Angle above the table.
    pub pitch: f32,
    /// Distance from the focus.
    pub distance: f32,
}

impl OrbitCamera {
    /// The camera for a view.
    pub fn from_view(view: View) -> OrbitCamera {
        let (yaw, pitch, distance) = view.orbit();
        OrbitCamera {
            focus: Vec3::new(0.0, 0.0, 0.6 * yaw.cos()),
            yaw,
            pitch,
            distance,
        }
    }

    /// The transform that realises this orbit.
    pub fn transform(&self) -> Transform {
        let dir = Vec3::new(
            self.pitch.cos() * self.yaw.sin(),
            self.pitch.sin(),
            self.pitch.cos() * self.yaw.cos(),
        );
        Transform::from_translation(self.focus + dir * self.distance)
            .looking_at(self.focus, Vec3::Y)
    }
}

/// Spawns the camera and moves it from input, framed clear of the panels.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(crate::view::layout::plugin)
        .init_resource::<View>()
        .init_resource::<FollowTurn>()
        .add_systems(OnEnter(AtTable), spawn_camera)
        .add_systems(
            Update,
            (follow_turn.after(MatchSet), control, apply).chain(),
        );
}

/// Hot-seat: after every move the camera turns to the side of the player to move.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct FollowTurn(pub bool);

impl OrbitCamera {
    /// The view from behind a seat: the near player's view turned by the seat's quarter
    /// turns.
    pub(crate) fn for_seat(seat: Seat) -> OrbitCamera {
        let mut orbit = OrbitCamera::from_view(View::Red);
        orbit.yaw = seat.0 as f32 * std::f32::consts::FRAC_PI_2;
        orbit.focus = Vec3::new(0.6 * orbit.yaw.sin(), 0.0, 0.6 * orbit.yaw.cos());
        orbit
    }
}

fn spawn_camera(mut commands: Commands, view: Res<View>, follow: Res<FollowTurn>, seat: Res<Seat>) {
    let orbit = if follow.0 {
        OrbitCamera::for_seat(*seat)
    } else {
        OrbitCamera::from_view(*view)
    };
    commands.spawn((
        DespawnOnExit(AtTable),
        Camera3d::default(),
        orbit.transform(),
        orbit,
        Framing::default(),
        bevy::ui::IsDefaultUiCamera,
    ));
}

/// The players' cameras: not the spectator window's.
type PlayerCameras<'w, 's> = Query<'w, 's, &'static mut OrbitCamera, Without<SpectatorView>>;

fn follow_turn(follow: Res<FollowTurn>, seat: Res<Seat>, mut cameras: PlayerCameras) {
    if !follow.0 || !seat.is_changed() {
        return;
    }
    let view = OrbitCamera::for_seat(*seat);
    for mut cam in &mut cameras {
        *cam = view;
    }
}

fn control(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    time: Res<Time>,
    cursor: Option<Res<crate::table::cursor::CursorMark>>,
    mut cameras: PlayerCameras,
) {
    let dt = time.delta_secs();
    // While the keyboard's cursor is shown, the arrow keys move it instead.
    let arrows_turn = !cursor.is_some_and(|c| c.shown());
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    for mut cam in &mut cameras {
        for (key, view) in [
            (KeyCode::Digit1, View::Red),
            (KeyCode::Digit2, View::Blue),
            (KeyCode::Digit3, View::Top),
            (KeyCode::Digit4, View::Side),
        ] {
            if keys.just_pressed(key) {
                *cam = OrbitCamera::from_view(view);
            }
        }
        if buttons.pressed(MouseButton::Right) {
            cam.yaw -= motion.delta.x * 0.006;
            cam.pitch += motion.delta.y * 0.006;
        }
        if buttons.pressed(MouseButton::Middle) {
            let right = Vec3::new(cam.yaw.cos(), 0.0, -cam.yaw.sin());
            let forward = Vec3::new(-cam.yaw.sin(), 0.0, -cam.yaw.cos());
            let k = cam.distance * 0.0015;
            cam.focus += (-right * motion.delta.x + forward * motion.delta.y) * k;
        }
        let mut turn = 0.0;
        let mut tilt = 0.0;
        let mut zoom = -scroll.delta.y * 0.8;
        if arrows_turn && keys.pressed(KeyCode::ArrowLeft) {
            turn += 1.0;
        }
        if arrows_turn && keys.pressed(KeyCode::ArrowRight) {
            turn -= 1.0;
        }
        if arrows_turn && keys.pressed(KeyCode::ArrowUp) {
            tilt += 1.0;
        }
        if arrows_turn && keys.pressed(KeyCode::ArrowDown) {
            tilt -= 1.0;
        }
        // With Ctrl, + and - size the HUD instead.
        if !ctrl && keys.any_pressed([KeyCode::Equal, KeyCode::NumpadAdd, KeyCode::PageUp]) {
            zoom -= 10.0 * dt;
        }
        if !ctrl && keys.any_pressed([KeyCode::Minus, KeyCode::NumpadSubtract, KeyCode::PageDown]) {
            zoom += 10.0 * dt;
        }
        cam.yaw += turn * 1.5 * dt;
        cam.pitch += tilt * 1.0 * dt;
        cam.pitch = cam.pitch.clamp(0.12, std::f32::consts::FRAC_PI_2 - 0.01);
        cam.distance = (cam.distance + zoom).clamp(5.0, 30.0);
        cam.focus = cam
            .focus
            .clamp(Vec3::new(-7.0, 0.0, -7.0), Vec3::new(7.0, 0.0, 7.0));
    }
}

/// Places each camera at its orbit; the players' camera is also framed so that the pieces
/// stand clear of the panels ([`crate::view::layout`]), the orbit's zoom and pan counting
/// from that framing.
fn apply(
    mut cameras: Query<(&OrbitCamera, &mut Transform, Option<FramedCamera>)>,
    pieces: Pieces,
    rects: Res<PanelRects>,
    spectator: Option<Res<crate::view::spectator::Spectator>>,
    time: Res<Time>,
) {
    // The spectator's director frames its own shots, close up: only what it shows is kept
    // clear, from where it stands.
    let director = spectator.is_some_and(|s| s.0);
    for (orbit, mut transform, framing) in &mut cameras {
        let base = orbit.transform();
        let Some((camera, mut framing)) = framing else {
            if *transform != base {
                *transform = base;
            }
            continue;
        };
        // Framed as the orbit's angle stands at the usual distance and focus, so that the
        // player's own zoom and pan are not undone.
        let usual = if director {
            *orbit
        } else {
            OrbitCamera {
                focus: Vec3::new(0.6 * orbit.yaw.sin(), 0.0, 0.6 * orbit.yaw.cos()),
                distance: USUAL_DISTANCE,
                ..*orbit
            }
        };
        let points = piece_points(pieces.iter());
        let wanted = frame(
            camera,
            usual.transform(),
            usual.distance,
            &points,
            director,
            &rects,
        );
        if let Some(wanted) = wanted {
            glide(&mut framing, wanted, rects.window, time.delta_secs());
        }
        let placed = framed(base, orbit.distance, framing.zoom, framing.shift);
        if *transform != placed {
            *transform = placed;
        }
    }
}

/// The players' camera's projection and its framing (the spectator window's has none).
type FramedCamera<'a> = (&'a Camera, &'a mut Framing);

/// The distance the players' views look from, at which the framing is measured.
const USUAL_DISTANCE: f32 = 17.5;

/// A camera the director always holds: the spectator window's.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct SpectatorView;
