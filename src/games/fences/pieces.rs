//! The fence race's pieces: upright fence panels in their slots, one pawn per seat, and the
//! die. Entities follow the race's messages: a relocated fence is lifted and set down in its
//! new slot, a pawn walks its path step by step, the die is thrown and lands on the face
//! rolled. [`plugin`] is the logic; [`view_plugin`] gives them models.

use super::board::{node_center, pitch, slot_center, slot_rotation};
use super::seat_color;
use crate::table::commands::MatchSet;
use crate::table::game_match::Match;
use crate::table::motion::{MotionSet, Travel};
use crate::table::pieces::RebuildSet;
use crate::table::rules::Played;
use bevy::prelude::*;
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
const DIE_SIZE: f32 = 0.55;

/// Fence panels, pawns and the die follow the race.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        ((follow_steps.before(RebuildSet), tumble.after(RebuildSet))
            .after(MatchSet)
            .before(MotionSet))
        .in_set(super::SYSTEMS),
    );
}

/// The rotation that puts `face` on top (1 up, 6 down, 2 and 5 on ±x, 3 and 4 on ±z).
pub fn face_up(face: u8) -> Quat {
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
pub fn spawn_pieces(game: &Fences, commands: &mut Commands) {
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
    for seat in game.seats() {
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

/// Gives panels, pawns and the die their models.
pub fn view_plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        (dress_fences, dress_pawns, dress_die).in_set(super::SYSTEMS),
    );
}

/// Each seat's fence model, made once and shared by every panel (panels are rebuilt after
/// each take back).
type Made<K> = std::collections::HashMap<K, crate::view::models::Worn>;

fn lite_on(lite: Option<Res<crate::view::lite::UseLite>>) -> bool {
    lite.is_some_and(|l| l.0)
}

fn dress_fences(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    the_match: Res<Match<Fences>>,
    lite: Option<Res<crate::view::lite::UseLite>>,
    new: Query<(Entity, &FencePanel), Added<FencePanel>>,
    mut made: Local<Made<Seat>>,
) {
    let p = pitch(the_match.game.board());
    let lite = lite_on(lite);
    for (entity, panel) in &new {
        let worn = made.entry(panel.seat).or_insert_with(|| {
            let color = seat_color(panel.seat);
            let paint = |c: Color| StandardMaterial {
                base_color: c,
                perceptual_roughness: 0.5,
                ..default()
            };
            let (paint, dark) = (
                materials.add(paint(color)),
                materials.add(paint(color.darker(0.2))),
            );
            let post = Cylinder::new(0.045, 0.42).mesh().resolution(10).build();
            let mut parts = vec![(
                Cuboid::new(p * 0.7, 0.34, 0.07).mesh().build(),
                Transform::from_xyz(0.0, 0.2, 0.0),
                paint,
            )];
            for x in [-p * 0.36, p * 0.36] {
                parts.push((
                    post.clone(),
                    Transform::from_xyz(x, 0.21, 0.0),
                    dark.clone(),
                ));
            }
            crate::view::models::build(parts, lite, &mut meshes, &mut materials)
        });
        crate::view::models::wear(&mut commands, entity, worn, Transform::IDENTITY, ());
    }
}

fn dress_pawns(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    the_match: Res<Match<Fences>>,
    lite: Option<Res<crate::view::lite::UseLite>>,
    new: Query<(Entity, &Pawn), Added<Pawn>>,
    mut made: Local<Made<Seat>>,
) {
    let p = pitch(the_match.game.board());
    let lite = lite_on(lite);
    for (entity, pawn) in &new {
        let worn = made.entry(pawn.seat).or_insert_with(|| {
            let paint = materials.add(StandardMaterial {
                base_color: seat_color(pawn.seat),
                perceptual_roughness: 0.3,
                reflectance: 0.6,
                ..default()
            });
            let parts = vec![
                (
                    Cylinder::new(p * 0.28, 0.08).mesh().resolution(20).build(),
                    Transform::from_xyz(0.0, 0.04, 0.0),
                    paint.clone(),
                ),
                (
                    Cone::new(p * 0.2, 0.45).mesh().resolution(16).build(),
                    Transform::from_xyz(0.0, 0.3, 0.0),
                    paint.clone(),
                ),
                (
                    Sphere::new(p * 0.15).mesh().uv(16, 10),
                    Transform::from_xyz(0.0, 0.56, 0.0),
                    paint,
                ),
            ];
            crate::view::models::build(parts, lite, &mut meshes, &mut materials)
        });
        crate::view::models::wear(
            &mut commands,
            entity,
            worn,
            Transform::IDENTITY,
            Pickable::IGNORE,
        );
    }
}

fn dress_die(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    lite: Option<Res<crate::view::lite::UseLite>>,
    new: Query<Entity, Added<Die>>,
) {
    let lite = lite_on(lite);
    for entity in &new {
        let ivory = materials.add(StandardMaterial {
            base_color: Color::srgb(0.95, 0.93, 0.88),
            perceptual_roughness: 0.35,
            ..default()
        });
        let ink = materials.add(StandardMaterial {
            base_color: Color::srgb(0.08, 0.08, 0.1),
            perceptual_roughness: 0.5,
            ..default()
        });
        // Small pips: a hundred triangles each.
        let pip = Sphere::new(DIE_SIZE * 0.085).mesh().uv(10, 6);
        let mut parts = vec![(
            Cuboid::new(DIE_SIZE, DIE_SIZE, DIE_SIZE).mesh().build(),
            Transform::IDENTITY,
            ivory,
        )];
        for face in 1..=6u8 {
            // Each face's pips, laid out on the top face then turned to their side.
            let turn = face_up(face).inverse();
            for (u, v) in pips(face) {
                let at = Vec3::new(u * DIE_SIZE * 0.27, DIE_SIZE / 2.0, v * DIE_SIZE * 0.27);
                parts.push((
                    pip.clone(),
                    Transform::from_translation(turn * at).with_scale(Vec3::new(1.0, 0.35, 1.0)),
                    ink.clone(),
                ));
            }
        }
        let worn = crate::view::models::build(parts, lite, &mut meshes, &mut materials);
        crate::view::models::wear(
            &mut commands,
            entity,
            &worn,
            Transform::IDENTITY,
            Pickable::IGNORE,
        );
    }
}

/// Pip positions of a face, in units of a third of the face.
fn pips(face: u8) -> Vec<(f32, f32)> {
    let corners_a = [(-1.0, -1.0), (1.0, 1.0)];
    let corners_b = [(-1.0, 1.0), (1.0, -1.0)];
    let mut out = Vec::new();
    if face % 2 == 1 {
        out.push((0.0, 0.0));
    }
    if face >= 2 {
        out.extend(corners_a);
    }
    if face >= 4 {
        out.extend(corners_b);
    }
    if face == 6 {
        out.extend([(-1.0, 0.0), (1.0, 0.0)]);
    }
    out
}
