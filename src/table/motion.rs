//! Pieces in motion: a short lift-and-travel through waypoints, the same for every game.

use bevy::prelude::*;

/// A short lift-and-travel animation through waypoints.
#[derive(Component, Debug, Clone)]
pub struct Travel {
    waypoints: Vec<Vec3>,
    leg: usize,
    t: f32,
    start: Vec3,
    lift: f32,
    delay: f32,
    turn: Option<(Quat, Quat)>,
}

impl Travel {
    /// Where the travel still goes: the waypoints not yet reached, in order (a jump chain's
    /// remaining landings, a missile's course), for the spectator to frame ahead of time.
    pub fn ahead(&self) -> &[Vec3] {
        &self.waypoints[self.leg.min(self.waypoints.len())..]
    }
}

/// Seconds per leg of a travel.
const LEG_SECONDS: f32 = 0.35;

impl Travel {
    /// Travel from `start` through each waypoint in turn, hopping over what lies between.
    pub fn new(start: Vec3, waypoints: Vec<Vec3>) -> Travel {
        Travel {
            waypoints,
            leg: 0,
            t: 0.0,
            start,
            lift: 0.6,
            delay: 0.0,
            turn: None,
        }
    }

    /// The same travel, turning from `from` to `to` on the way (a fence set into a slot
    /// that runs the other way).
    pub(crate) fn turning(mut self, from: Quat, to: Quat) -> Travel {
        self.turn = Some((from, to));
        self
    }

    /// The same travel, starting after the mover has made `legs` legs of its own (a
    /// captured piece leaves when the jumper lands beyond it).
    pub fn after_legs(mut self, legs: usize) -> Travel {
        self.delay = legs as f32 * LEG_SECONDS;
        self
    }

    /// The same travel, sliding along the table instead of hopping (a pawn's walk).
    pub(crate) fn sliding(mut self) -> Travel {
        self.lift = 0.08;
        self
    }
}

/// Runs travels; game views that start them run before it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct MotionSet;

/// Set for one frame when the players skip the animations in progress (Esc or a click):
/// every animation jumps to its end.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Skip(pub bool);

impl Skip {
    /// The seconds an animation advances this frame: all it needs when skipped.
    pub(crate) fn step(self, time: &Time) -> f32 {
        if self.0 { 1000.0 } else { time.delta_secs() }
    }
}

/// Animates every entity with a [`Travel`]; Esc or a click skips what is in motion.
pub fn plugin(app: &mut App) {
    app.init_resource::<Skip>()
        .add_systems(PreUpdate, skip_key.after(bevy::input::InputSystems))
        .add_systems(Update, travel.in_set(MotionSet));
}

fn skip_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    mut skip: ResMut<Skip>,
) {
    let key = keys.is_some_and(|k| k.just_pressed(KeyCode::Escape));
    let click = mouse.is_some_and(|m| m.just_pressed(MouseButton::Left));
    skip.0 = key || click;
}

fn travel(
    mut commands: Commands,
    time: Res<Time>,
    skip: Res<Skip>,
    mut moving: Query<(Entity, &mut Travel, &mut Transform)>,
) {
    let dt = skip.step(&time);
    for (entity, mut travel, mut transform) in &mut moving {
        if travel.delay > 0.0 {
            travel.delay -= dt;
            if !skip.0 {
                continue;
            }
        }
        travel.t += dt / LEG_SECONDS;
        while travel.t >= 1.0 && travel.leg < travel.waypoints.len() {
            travel.t -= 1.0;
            travel.start = travel.waypoints[travel.leg];
            travel.leg += 1;
        }
        if let Some((from, to)) = travel.turn {
            let done =
                (travel.leg as f32 + travel.t.clamp(0.0, 1.0)) / travel.waypoints.len() as f32;
            transform.rotation = from.slerp(to, done.min(1.0));
        }
        let Some(&target) = travel.waypoints.get(travel.leg) else {
            transform.translation = travel.start;
            commands.entity(entity).remove::<Travel>();
            continue;
        };
        let t = travel.t.clamp(0.0, 1.0);
        let eased = t * t * (3.0 - 2.0 * t);
        let lift = travel.lift * (std::f32::consts::PI * t).sin();
        transform.translation = travel.start.lerp(target, eased) + Vec3::Y * lift;
    }
}
