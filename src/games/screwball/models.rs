//! Screwball Checkers' pieces in 3D: each piece entity dressed in its model.

use super::board::UNIT;
use super::pieces::Model;
use crate::view::theme::color;
use bevy::prelude::*;
use std::collections::HashMap;
use tabula_rules::screwball::game::Piece;
use tabula_rules::screwball::{Player, Size, palette};

/// Gives pieces their models.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, dress.in_set(super::SYSTEMS));
}

fn dress(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    lite: Option<Res<crate::view::lite::UseLite>>,
    new: Query<(Entity, &Model), Added<Model>>,
    mut kit: Local<Option<[Handle<StandardMaterial>; 3]>>,
    mut made: Local<HashMap<(Player, Size), crate::view::models::Worn>>,
) {
    let lite = lite.is_some_and(|l| l.0);
    let paints = kit.get_or_insert_with(|| {
        let metal = |c: Color, m: f32| StandardMaterial {
            base_color: c,
            metallic: m,
            perceptual_roughness: 0.3,
            ..default()
        };
        [
            materials.add(metal(color(palette::pieces(Player::Screws)), 0.8)),
            materials.add(metal(color(palette::pieces(Player::Balls)), 0.1)),
            materials.add(metal(color(palette::DETAIL), 0.2)),
        ]
    });
    for (entity, Model(piece)) in &new {
        // One model per owner and size, shared by every piece that wears it.
        let worn = made.entry((piece.owner, piece.size)).or_insert_with(|| {
            let parts = model(*piece, &paints[piece.owner.index()], &paints[2]);
            crate::view::models::build(parts, lite, &mut meshes, &mut materials)
        });
        crate::view::models::wear(&mut commands, entity, worn, Transform::IDENTITY, ());
    }
}

/// The parts of `piece`'s model in its `paint`, with `dark` details. Small on the table: a
/// few hundred triangles a part (a software renderer pays for every one on every frame).
fn model(
    piece: Piece,
    paint: &Handle<StandardMaterial>,
    dark: &Handle<StandardMaterial>,
) -> Vec<crate::view::models::Part> {
    let s = match piece.size {
        Size::Large => 1.0,
        Size::Small => 0.62,
    };
    let r = 0.3 * UNIT * s;
    let mut parts: Vec<crate::view::models::Part> = Vec::new();
    match piece.owner {
        Player::Screws => {
            let shaft_h = 0.5 * s;
            parts.push((
                Cylinder::new(r * 0.5, shaft_h)
                    .mesh()
                    .resolution(12)
                    .build(),
                Transform::from_xyz(0.0, shaft_h / 2.0, 0.0),
                paint.clone(),
            ));
            for k in 0..4 {
                parts.push((
                    Torus::new(r * 0.45, r * 0.62)
                        .mesh()
                        .minor_resolution(6)
                        .major_resolution(16)
                        .build(),
                    Transform::from_xyz(0.0, 0.06 * s + k as f32 * 0.09 * s, 0.0)
                        .with_rotation(Quat::from_rotation_x(0.12)),
                    paint.clone(),
                ));
            }
            parts.push((
                Cylinder::new(r, 0.12 * s).mesh().resolution(20).build(),
                Transform::from_xyz(0.0, shaft_h + 0.06 * s, 0.0),
                paint.clone(),
            ));
            parts.push((
                Cuboid::new(r * 1.7, 0.03, r * 0.22).mesh().build(),
                Transform::from_xyz(0.0, shaft_h + 0.12 * s, 0.0),
                dark.clone(),
            ));
        }
        Player::Balls => {
            parts.push((
                Cylinder::new(r * 0.7, 0.05).mesh().resolution(16).build(),
                Transform::from_xyz(0.0, 0.025, 0.0),
                dark.clone(),
            ));
            parts.push((
                Sphere::new(r).mesh().uv(18, 12),
                Transform::from_xyz(0.0, 0.03 + r * 0.95, 0.0),
                paint.clone(),
            ));
        }
    }
    parts
}
