//! Camelot's men and knights in 3D: each piece entity dressed in its model.

use super::board::SQUARE;
use super::pieces::Model;
use crate::table::pieces::SpawnSet;
use crate::view::theme::color;
use bevy::prelude::*;
use tabula_rules::camelot::{Kind, Side, palette};

/// Materials of the men and knights.
#[derive(Resource)]
struct Kit {
    army: [Handle<StandardMaterial>; 2],
    trim: [Handle<StandardMaterial>; 2],
}

/// Gives pieces their models.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(crate::state::AtTable),
        make_kit
            .run_if(not(resource_exists::<Kit>))
            .before(SpawnSet)
            .in_set(super::SYSTEMS),
    )
    .add_systems(PostUpdate, dress.in_set(super::SYSTEMS));
}

fn make_kit(mut commands: Commands, mut materials: ResMut<Assets<StandardMaterial>>) {
    let paint = |c: Color| StandardMaterial {
        base_color: c,
        perceptual_roughness: 0.3,
        reflectance: 0.6,
        ..default()
    };
    commands.insert_resource(Kit {
        army: [
            materials.add(paint(color(palette::army(Side::White)))),
            materials.add(paint(color(palette::army(Side::Black)))),
        ],
        trim: [
            materials.add(paint(color(palette::WHITE_TRIM))),
            materials.add(paint(color(palette::BLACK_TRIM))),
        ],
    });
}

fn dress(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    kit: Option<Res<Kit>>,
    lite: Option<Res<crate::view::lite::UseLite>>,
    new: Query<(Entity, &Model), Added<Model>>,
    mut made: Local<std::collections::HashMap<(Side, Kind), crate::view::models::Worn>>,
) {
    let Some(kit) = kit else { return };
    let lite = lite.is_some_and(|l| l.0);
    for (entity, Model(piece)) in &new {
        // One model per army and kind, shared by every piece that wears it.
        let worn = made.entry((piece.side, piece.kind)).or_insert_with(|| {
            let army = &kit.army[piece.side.index()];
            let trim = &kit.trim[piece.side.index()];
            crate::view::models::build(
                model(piece.kind, army, trim),
                lite,
                &mut meshes,
                &mut materials,
            )
        });
        // Pieces face the enemy: White looks towards -z.
        let facing = match piece.side {
            Side::White => Quat::IDENTITY,
            Side::Black => Quat::from_rotation_y(std::f32::consts::PI),
        };
        crate::view::models::wear(
            &mut commands,
            entity,
            worn,
            Transform::from_rotation(facing),
            (),
        );
    }
}

/// The parts of a man or a knight (facing -z) in the `army` colour with `trim`. A man is
/// a squat round piece; a knight stands twice as tall, a horse's head on a column with a
/// collar, a mane and ears in the trim colour, so that the two read apart from across the
/// table. Small on the table: a few hundred triangles a part (the default sphere alone has
/// twenty thousand, which a software renderer pays for on every frame).
fn model(
    kind: Kind,
    army: &Handle<StandardMaterial>,
    trim: &Handle<StandardMaterial>,
) -> Vec<crate::view::models::Part> {
    let r = SQUARE * 0.4;
    let base = || Cylinder::new(r, 0.1).mesh().resolution(24).build();
    let ear = || Cone::new(r * 0.14, r * 0.36).mesh().resolution(8).build();
    let mut parts: Vec<crate::view::models::Part> = vec![
        (base(), Transform::from_xyz(0.0, 0.05, 0.0), army.clone()),
        (
            base(),
            Transform::from_xyz(0.0, 0.1, 0.0).with_scale(Vec3::new(0.86, 0.2, 0.86)),
            trim.clone(),
        ),
    ];
    match kind {
        Kind::Man => parts.extend([
            (
                Cylinder::new(r * 0.72, 0.16).mesh().resolution(20).build(),
                Transform::from_xyz(0.0, 0.19, 0.0),
                army.clone(),
            ),
            (
                Sphere::new(r * 0.62).mesh().uv(18, 10),
                Transform::from_xyz(0.0, 0.28, 0.0).with_scale(Vec3::new(1.0, 0.6, 1.0)),
                army.clone(),
            ),
        ]),
        Kind::Knight => {
            let tilt = Quat::from_rotation_x(-0.3);
            let neck = Cuboid::new(r * 0.62, r * 1.4, r * 0.78).mesh().build();
            parts.extend([
                (
                    Cylinder::new(r * 0.6, 0.44).mesh().resolution(20).build(),
                    Transform::from_xyz(0.0, 0.32, 0.0),
                    army.clone(),
                ),
                (
                    Cylinder::new(r * 0.68, 0.06).mesh().resolution(20).build(),
                    Transform::from_xyz(0.0, 0.55, 0.0),
                    trim.clone(),
                ),
                (
                    neck.clone(),
                    Transform::from_xyz(0.0, 0.74, 0.03).with_rotation(tilt),
                    army.clone(),
                ),
                (
                    Cuboid::new(r * 0.56, r * 0.56, r * 1.25).mesh().build(),
                    Transform::from_xyz(0.0, 0.9, -r * 0.42)
                        .with_rotation(Quat::from_rotation_x(0.35)),
                    army.clone(),
                ),
                (
                    ear(),
                    Transform::from_xyz(r * 0.17, 1.04, -r * 0.02),
                    trim.clone(),
                ),
                (
                    ear(),
                    Transform::from_xyz(-r * 0.17, 1.04, -r * 0.02),
                    trim.clone(),
                ),
                (
                    neck,
                    Transform::from_xyz(0.0, 0.8, r * 0.36)
                        .with_rotation(tilt)
                        .with_scale(Vec3::new(0.32, 0.95, 0.4)),
                    trim.clone(),
                ),
            ]);
        }
    }
    parts
}
