//! The fence race's pieces: upright fence panels in their slots, one pawn per seat, and the
//! die. Entities follow the race's messages: a relocated fence is lifted and set down in its
//! new slot, a pawn walks its path step by step, the die is thrown and lands on the face
//! rolled. [`plugin`] is the logic; `models` gives them models.

use super::board::{node_center, slot_center, slot_rotation};
use crate::table::commands::MatchSet;
use crate::table::game_match::Match;
use crate::table::motion::{MotionSet, Travel};
use crate::table::pieces::RebuildSet;
use crate::table::rules::Played;
use bevy::prelude::*;
use tabula_rules::Game;
use tabula_rules::fences::Fences;
use tabula_rules::fences::{FenceMove, FenceStep, Node, Seat, Slot};

/// A fence standing in a slot.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(crate::table::pieces::TablePiece)]
pub struct FencePanel {
    /// Whose fence.
    pub seat: Seat,
    /// The slot it stands in.
    pub slot: Slot,
}

/// A seat's pawn.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(crate::table::pieces::TablePiece)]
pub struct Pawn {
    /// Whose pawn.
    pub seat: Seat,
    /// Where it stands.
    pub at: Node,
}

/// The die, showing `face` on top once it has landed.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(crate::table::pieces::TablePiece)]
pub struct Die {
    /// The face up (0 before the first throw).
    pub face: u8,
}

/// A die in the air: it tumbles from `from` and lands at `to` with its face up.
#[derive(Component, Debug, Clone)]
struct Tumble {
    t: f32,
    from: Vec3,
    to: Vec3,
    spin: Vec3,
    end: Quat,
}

/// Seconds a throw takes.
const THROW_SECONDS: f32 = 1.2;

/// Where the die rests beside the board.
const DIE_REST: Vec3 = Vec3::new(6.9, -0.2 + DIE_SIZE / 2.0, 3.4);

pub(super) const DIE_SIZE: f32 = 0.55;

/// Fence panels, pawns and the die follow the race.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        ((follow_steps.before(RebuildSet), tumble.after(RebuildSet))
            .after(MatchSet)
            .before(MotionSet))
        .in_set(super::SYSTEMS),
    );
}

/// The rotation that puts `face` on top (1 up, 6 down, 2 and 5 on ±x, 3 and 4 on ±z).
pub(crate) fn face_up(face: u8) -> Quat {
    use std::f32::consts::{FRAC_PI_2, PI};
    match face {
        2 => Quat::from_rotation_z(FRAC_PI_2),
        5 => Quat::from_rotation_z(-FRAC_PI_2),
        3 => Quat::from_rotation_x(-FRAC_PI_2),
        4 => Quat::from_rotation_x(FRAC_PI_2),
        6 => Quat::from_rotation_x(PI),
        _ => Quat::IDENTITY,
    }
}

/// Spawns every entity that shows the position of `game`.
pub(crate) fn spawn_pieces(game: &Fences, commands: &mut Commands) {
    let board = game.board();
    for (seat, slot) in game.fences() {
        commands.spawn((
            FencePanel {
                seat: *seat,
                slot: *slot,
            },
            Transform::from_translation(slot_center(board, *slot))
                .with_rotation(slot_rotation(*slot)),
            Visibility::default(),
        ));
    }
    let resigned: Vec<_> = game.resignations().iter().map(|r| r.player).collect();
    // A pawn whose player resigned has left the race, and the table.
    for seat in game.seats().iter().filter(|s| !resigned.contains(s)) {
        let at = game.pawn(*seat);
        commands.spawn((
            Pawn { seat: *seat, at },
            Transform::from_translation(node_center(board, at, *seat)),
            Visibility::default(),
        ));
    }
    let face = game.thrown().unwrap_or(0);
    commands.spawn((
        Die { face },
        Transform::from_translation(DIE_REST).with_rotation(face_up(face.max(1))),
        Visibility::default(),
    ));
}

fn follow_steps(
    mut commands: Commands,
    mut played: MessageReader<Played<Fences>>,
    the_match: Res<Match<Fences>>,
    mut fences: Query<(Entity, &mut FencePanel, &Transform), Without<Pawn>>,
    mut pawns: Query<(Entity, &mut Pawn, &Transform), Without<FencePanel>>,
    mut dice: Query<(Entity, &mut Die, &Transform)>,
) {
    let board = the_match.game.board();
    for event in played.read() {
        match &event.mv {
            FenceMove::Relocate { from, to } => {
                if let Some((entity, mut panel, transform)) = fences
                    .iter_mut()
                    .find(|(_, p, _)| p.slot == *from && p.seat == event.player)
                {
                    panel.slot = *to;
                    let start = transform.translation;
                    let end = slot_center(board, *to);
                    let up = Vec3::Y * 0.9;
                    commands.entity(entity).insert(
                        Travel::new(start, vec![start + up, end + up, end])
                            .sliding()
                            .turning(transform.rotation, slot_rotation(*to)),
                    );
                }
            }
            FenceMove::Walk(end) => {
                if let Some((entity, mut pawn, transform)) =
                    pawns.iter_mut().find(|(_, p, _)| p.seat == event.player)
                {
                    pawn.at = *end;
                    let path = match &event.effect.step {
                        FenceStep::Walked { path, .. } if !path.is_empty() => path.clone(),
                        _ => vec![*end],
                    };
                    let waypoints = path
                        .iter()
                        .map(|n| node_center(board, *n, event.player))
                        .collect();
                    commands
                        .entity(entity)
                        .insert(Travel::new(transform.translation, waypoints).sliding());
                }
            }
            FenceMove::Throw(k) => {
                for (entity, mut die, transform) in &mut dice {
                    die.face = *k;
                    let from = transform.translation + Vec3::new(-1.4, 1.6, 0.8);
                    let spin = Vec3::new(
                        9.0 + *k as f32,
                        5.0 + the_match.texts.len() as f32 % 4.0,
                        7.0,
                    );
                    commands.entity(entity).insert(Tumble {
                        t: 0.0,
                        from,
                        to: DIE_REST,
                        spin,
                        end: face_up(*k),
                    });
                }
            }
            FenceMove::Draw | FenceMove::Card(_) | FenceMove::Stay => {}
        }
    }
}

fn tumble(
    mut commands: Commands,
    time: Res<Time>,
    skip: Res<crate::table::motion::Skip>,
    mut dice: Query<(Entity, &mut Tumble, &mut Transform)>,
) {
    for (entity, mut roll, mut transform) in &mut dice {
        roll.t += skip.step(&time) / THROW_SECONDS;
        let t = roll.t.min(1.0);
        // A falling arc with a bounce, spinning less and less, settling on the face rolled.
        let height = (1.0 - t) * (1.0 - t) * 1.6
            + 0.25 * (t * std::f32::consts::TAU).sin().abs() * (1.0 - t);
        transform.translation = roll.from.lerp(roll.to, t).with_y(roll.to.y + height);
        let left = (1.0 - t) * (1.0 - t);
        let spin = Quat::from_euler(
            EulerRot::XYZ,
            roll.spin.x * left,
            roll.spin.y * left,
            roll.spin.z * left,
        );
        transform.rotation = spin * roll.end;
        if roll.t >= 1.0 {
            transform.translation = roll.to;
            transform.rotation = roll.end;
            commands.entity(entity).remove::<Tumble>();
        }
    }
}
