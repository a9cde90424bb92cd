//! The Game of War's pieces in 3D: each piece entity dressed in its model (troops,
//! cannons, horses, flying machines), built once per kind and colour.

use super::pieces::PieceModel;
use crate::table::pieces::SpawnSet;
use crate::view::theme::color;
use bevy::prelude::*;
use tabula_rules::war::{Kind, Piece, Side, palette};

/// The meshes and materials of every piece model.
#[derive(Resource)]
struct PieceKit {
    side: [Handle<StandardMaterial>; 2],
    gold: Handle<StandardMaterial>,
    iron: Handle<StandardMaterial>,
    base: Mesh,
    cylinder: Mesh,
    sphere: Mesh,
    cone: Mesh,
    cube: Mesh,
    torus: Mesh,
    capsule: Mesh,
}

/// Gives piece entities their 3D models and makes them clickable.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(crate::state::AtTable),
        make_kit
            .run_if(not(resource_exists::<PieceKit>))
            .before(SpawnSet)
            .in_set(super::SYSTEMS),
    )
    .add_systems(PostUpdate, dress_pieces.in_set(super::SYSTEMS));
}

fn make_kit(mut commands: Commands, mut materials: ResMut<Assets<StandardMaterial>>) {
    let army = |c: Color| StandardMaterial {
        base_color: c,
        perceptual_roughness: 0.35,
        reflectance: 0.6,
        ..default()
    };
    commands.insert_resource(PieceKit {
        side: [
            materials.add(army(color(palette::army(Side::Red)))),
            materials.add(army(color(palette::army(Side::Blue)))),
        ],
        gold: materials.add(StandardMaterial {
            base_color: color(palette::GOLD),
            metallic: 0.9,
            perceptual_roughness: 0.3,
            ..default()
        }),
        iron: materials.add(StandardMaterial {
            base_color: color(palette::IRON),
            metallic: 0.6,
            perceptual_roughness: 0.4,
            ..default()
        }),
        // Small on the board: a few hundred triangles a part (the default sphere alone has
        // twenty thousand, which a software renderer pays for on every frame).
        base: Cylinder::new(0.34, 0.1).mesh().resolution(20).build(),
        cylinder: Cylinder::new(0.5, 1.0).mesh().resolution(16).build(),
        sphere: Sphere::new(0.5).mesh().uv(16, 10),
        cone: Cone::new(0.5, 1.0).mesh().resolution(16).build(),
        cube: Cuboid::new(1.0, 1.0, 1.0).mesh().build(),
        torus: Torus::new(0.38, 0.5)
            .mesh()
            .minor_resolution(8)
            .major_resolution(20)
            .build(),
        capsule: Capsule3d::new(0.5, 1.0)
            .mesh()
            .latitudes(8)
            .longitudes(16)
            .build(),
    });
}

/// Which material a part of a model wears.
#[derive(Clone, Copy)]
enum Paint {
    Army,
    Gold,
    Iron,
}

/// One part of a model: mesh, placement (relative to the piece's foot, facing -z), paint.
type Part = (fn(&PieceKit) -> Mesh, Transform, Paint);

fn at(x: f32, y: f32, z: f32) -> Transform {
    Transform::from_xyz(x, y, z)
}

/// A piece's model. Each kind is told at a glance by its height and by what it wears on
/// top, in gold or iron, which reads from any side and from above: the king, tallest, a
/// crown and cross; the general a tall cone under a wide gold bicorne; the horse a
/// horse's head and gold mane; the cannon a long iron barrel laid towards the enemy on
/// two gold wheels; the mortar a squat iron bowl with a gold rim, pointing up; a flying
/// machine gold wings on a pole; troops small round pawns. The armies differ by their
/// bases too, not by colour alone: Red's pieces stand on round bases, Blue's on square ones.
fn model(piece: &Piece) -> Vec<Part> {
    use std::f32::consts::FRAC_PI_2;
    let base: Part = match piece.side {
        Side::Red => (|k| k.base.clone(), at(0.0, 0.05, 0.0), Paint::Army),
        Side::Blue => (
            |k| k.cube.clone(),
            at(0.0, 0.05, 0.0).with_scale(Vec3::new(0.6, 0.1, 0.6)),
            Paint::Army,
        ),
    };
    let scaled = |t: Transform, s: Vec3| t.with_scale(s);
    match piece.kind {
        Kind::King => vec![
            base,
            (
                |k| k.cylinder.clone(),
                scaled(at(0.0, 0.5, 0.0), Vec3::new(0.4, 0.8, 0.4)),
                Paint::Army,
            ),
            (
                |k| k.sphere.clone(),
                scaled(at(0.0, 0.94, 0.0), Vec3::splat(0.36)),
                Paint::Army,
            ),
            (
                |k| k.torus.clone(),
                scaled(at(0.0, 1.08, 0.0), Vec3::new(0.5, 0.9, 0.5)),
                Paint::Gold,
            ),
            (
                |k| k.cube.clone(),
                scaled(at(0.0, 1.24, 0.0), Vec3::new(0.08, 0.34, 0.08)),
                Paint::Gold,
            ),
            (
                |k| k.cube.clone(),
                scaled(at(0.0, 1.3, 0.0), Vec3::new(0.24, 0.08, 0.08)),
                Paint::Gold,
            ),
        ],
        Kind::General => vec![
            base,
            (
                |k| k.cone.clone(),
                scaled(at(0.0, 0.46, 0.0), Vec3::new(0.46, 0.76, 0.46)),
                Paint::Army,
            ),
            (
                |k| k.sphere.clone(),
                scaled(at(0.0, 0.86, 0.0), Vec3::splat(0.28)),
                Paint::Army,
            ),
            (
                |k| k.sphere.clone(),
                scaled(at(0.0, 0.99, 0.0), Vec3::new(0.62, 0.14, 0.24)),
                Paint::Gold,
            ),
            (
                |k| k.sphere.clone(),
                scaled(at(0.0, 1.08, 0.0), Vec3::splat(0.1)),
                Paint::Gold,
            ),
            (
                |k| k.cube.clone(),
                scaled(at(0.0, 0.6, -0.12), Vec3::new(0.34, 0.06, 0.06)),
                Paint::Gold,
            ),
        ],
        Kind::Cannon => vec![
            base,
            (
                |k| k.cube.clone(),
                scaled(at(0.0, 0.16, 0.08), Vec3::new(0.24, 0.12, 0.36)),
                Paint::Army,
            ),
            (
                |k| k.cylinder.clone(),
                scaled(at(0.0, 0.3, -0.08), Vec3::new(0.16, 0.78, 0.16))
                    .with_rotation(Quat::from_rotation_x(FRAC_PI_2 * 0.88)),
                Paint::Iron,
            ),
            (
                |k| k.sphere.clone(),
                scaled(at(0.0, 0.34, 0.28), Vec3::splat(0.16)),
                Paint::Iron,
            ),
            (
                |k| k.torus.clone(),
                scaled(at(0.19, 0.24, 0.06), Vec3::new(0.46, 0.5, 0.46))
                    .with_rotation(Quat::from_rotation_z(FRAC_PI_2)),
                Paint::Gold,
            ),
            (
                |k| k.torus.clone(),
                scaled(at(-0.19, 0.24, 0.06), Vec3::new(0.46, 0.5, 0.46))
                    .with_rotation(Quat::from_rotation_z(FRAC_PI_2)),
                Paint::Gold,
            ),
        ],
        Kind::Mortar => vec![
            base,
            (
                |k| k.cube.clone(),
                scaled(at(0.0, 0.16, 0.0), Vec3::new(0.44, 0.12, 0.44)),
                Paint::Army,
            ),
            (
                |k| k.cylinder.clone(),
                scaled(at(0.0, 0.33, 0.0), Vec3::new(0.42, 0.26, 0.42)),
                Paint::Iron,
            ),
            (
                |k| k.torus.clone(),
                scaled(at(0.0, 0.46, 0.0), Vec3::new(0.5, 0.7, 0.5)),
                Paint::Gold,
            ),
        ],
        Kind::Horse => vec![
            base,
            (
                |k| k.cylinder.clone(),
                scaled(at(0.0, 0.22, 0.0), Vec3::new(0.44, 0.2, 0.44)),
                Paint::Army,
            ),
            (
                |k| k.cube.clone(),
                scaled(at(0.0, 0.52, 0.05), Vec3::new(0.22, 0.52, 0.3))
                    .with_rotation(Quat::from_rotation_x(-0.25)),
                Paint::Army,
            ),
            (
                |k| k.cube.clone(),
                scaled(at(0.0, 0.76, -0.14), Vec3::new(0.2, 0.2, 0.46))
                    .with_rotation(Quat::from_rotation_x(0.4)),
                Paint::Army,
            ),
            (
                |k| k.cube.clone(),
                scaled(at(0.0, 0.74, 0.16), Vec3::new(0.07, 0.42, 0.16))
                    .with_rotation(Quat::from_rotation_x(-0.25)),
                Paint::Gold,
            ),
            (
                |k| k.cone.clone(),
                scaled(at(0.07, 0.92, 0.0), Vec3::new(0.08, 0.14, 0.08)),
                Paint::Gold,
            ),
            (
                |k| k.cone.clone(),
                scaled(at(-0.07, 0.92, 0.0), Vec3::new(0.08, 0.14, 0.08)),
                Paint::Gold,
            ),
        ],
        Kind::FlyingMachine => vec![
            (
                |k| k.cylinder.clone(),
                scaled(at(0.0, 0.2, 0.0), Vec3::new(0.05, 0.4, 0.05)),
                Paint::Iron,
            ),
            (
                |k| k.capsule.clone(),
                scaled(at(0.0, 0.42, 0.0), Vec3::new(0.14, 0.3, 0.14))
                    .with_rotation(Quat::from_rotation_x(FRAC_PI_2)),
                Paint::Army,
            ),
            (
                |k| k.cube.clone(),
                scaled(at(0.0, 0.44, -0.04), Vec3::new(0.86, 0.03, 0.2)),
                Paint::Gold,
            ),
            (
                |k| k.cube.clone(),
                scaled(at(0.0, 0.44, 0.26), Vec3::new(0.34, 0.03, 0.1)),
                Paint::Gold,
            ),
            (
                |k| k.cube.clone(),
                scaled(at(0.0, 0.52, 0.27), Vec3::new(0.03, 0.16, 0.1)),
                Paint::Army,
            ),
        ],
        Kind::Troop => {
            let s = troop_size(piece);
            vec![
                (
                    |k| k.base.clone(),
                    scaled(at(0.0, 0.05 * s, 0.0), Vec3::new(0.8 * s, s, 0.8 * s)),
                    Paint::Army,
                ),
                (
                    |k| k.cylinder.clone(),
                    scaled(
                        at(0.0, 0.22 * s, 0.0),
                        Vec3::new(0.26 * s, 0.3 * s, 0.26 * s),
                    ),
                    Paint::Army,
                ),
                (
                    |k| k.sphere.clone(),
                    scaled(at(0.0, 0.44 * s, 0.0), Vec3::splat(0.24 * s)),
                    Paint::Army,
                ),
            ]
        }
    }
}

/// A troop's size: rear troops (named after the even files) are the larger ones.
fn troop_size(piece: &Piece) -> f32 {
    match piece.name {
        Some(n) if n.file() % 2 == 0 => 1.0,
        Some(_) => 0.82,
        None => 0.9,
    }
}

/// A model's key: army, kind and size.
type ModelKey = (Side, Kind, u32);

fn dress_pieces(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    kit: Option<Res<PieceKit>>,
    lite: Option<Res<crate::view::lite::UseLite>>,
    new: Query<(Entity, &PieceModel), Added<PieceModel>>,
    mut made: Local<std::collections::HashMap<ModelKey, crate::view::models::Worn>>,
) {
    let Some(kit) = kit else { return };
    let lite = lite.is_some_and(|l| l.0);
    for (entity, PieceModel(piece)) in &new {
        let size = match piece.kind {
            Kind::Troop => troop_size(piece),
            _ => 1.0,
        };
        // One model per army, kind and size, shared by every piece that wears it.
        let worn = made
            .entry((piece.side, piece.kind, size.to_bits()))
            .or_insert_with(|| {
                let side = kit.side[piece.side.index()].clone();
                let parts = model(piece)
                    .into_iter()
                    .map(|(mesh, transform, paint)| {
                        let material = match paint {
                            Paint::Army => side.clone(),
                            Paint::Gold => kit.gold.clone(),
                            Paint::Iron => kit.iron.clone(),
                        };
                        (mesh(&kit), transform, material)
                    })
                    .collect();
                crate::view::models::build(parts, lite, &mut meshes, &mut materials)
            });
        crate::view::models::wear(&mut commands, entity, worn, Transform::IDENTITY, ());
    }
}
