//! The fence race in 3D: the fences, the pawns and the die dressed in their models.

use super::board::pitch;
use super::pieces::{DIE_SIZE, Die, FencePanel, Pawn, face_up};
use crate::table::game_match::Match;
use crate::view::theme::color;
use bevy::prelude::*;
use tabula_rules::fences::Fences;
use tabula_rules::fences::palette;
use tabula_rules::fences::{Seat, Section};

/// Gives panels, pawns and the die their models.
pub(crate) fn plugin(app: &mut App) {
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

/// The board pitch whose pawn head a fence's knob is (a ball knob 0.1 in radius).
const KNOB_PITCH: f32 = 0.1 / 0.15;

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
            let seat = color(palette::seat(panel.seat.0));
            let paint = |c: Color| StandardMaterial {
                base_color: c,
                perceptual_roughness: 0.5,
                ..default()
            };
            // A fence reads as its seat's from any side: a thick panel, rail and posts in
            // the seat's colour, and lighter knobs on the posts, which show even where the
            // panel is seen edge on among other fences; each knob is the seat's pawn head
            // in small, so that the seats' fences differ in shape as well as in colour.
            let (paint, light) = (
                materials.add(paint(seat)),
                materials.add(paint(seat.lighter(0.12))),
            );
            let post = Cylinder::new(0.06, 0.42).mesh().resolution(10).build();
            let knob = head(panel.seat.0, KNOB_PITCH);
            let mut parts = vec![
                (
                    Cuboid::new(p * 0.7, 0.3, 0.14).mesh().build(),
                    Transform::from_xyz(0.0, 0.18, 0.0),
                    paint.clone(),
                ),
                (
                    Cuboid::new(p * 0.74, 0.07, 0.2).mesh().build(),
                    Transform::from_xyz(0.0, 0.36, 0.0),
                    paint.clone(),
                ),
            ];
            for x in [-p * 0.36, p * 0.36] {
                parts.push((
                    post.clone(),
                    Transform::from_xyz(x, 0.21, 0.0),
                    paint.clone(),
                ));
                parts.push((
                    knob.clone(),
                    Transform::from_xyz(x, 0.44, 0.0),
                    light.clone(),
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
                base_color: color(palette::seat(pawn.seat.0)),
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
                    head(pawn.seat.0, p),
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

/// The head of a seat's pawn, which tells the seats apart by shape as well as by colour:
/// South's a ball, East's a cube, North's a flat disc, West's a ring (and, in small, the
/// knobs of the seat's fences).
fn head(section: Section, pitch: f32) -> Mesh {
    match section {
        Section::South => Sphere::new(pitch * 0.15).mesh().uv(16, 10),
        Section::East => Cuboid::from_length(pitch * 0.24).mesh().build(),
        Section::North => Cylinder::new(pitch * 0.2, 0.08)
            .mesh()
            .resolution(20)
            .build(),
        Section::West => Torus::new(pitch * 0.08, pitch * 0.17)
            .mesh()
            .minor_resolution(8)
            .major_resolution(20)
            .build(),
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
            base_color: color(palette::DIE),
            perceptual_roughness: 0.35,
            ..default()
        });
        let ink = materials.add(StandardMaterial {
            base_color: color(palette::PIPS),
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
