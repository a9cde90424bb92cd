//! The sea on the table: the sea floor with its squares (the corners' colour dark), a
//! translucent water surface, and the heights of the three strata.

use super::TransportMatch;
use bevy::prelude::*;
use tabula_rules::transport::{Sq, Stratum};

/// Width of the board in world units.
const WIDTH: f32 = 9.6;

/// Height of the water surface.
pub const SURFACE: f32 = 0.45;

/// Height of the sea floor, where the squares are drawn and clicked (just above the table).
pub const FLOOR: f32 = -0.1;

/// The side of a square on a board of `size`.
pub fn square_side(size: u8) -> f32 {
    WIDTH / f32::from(size)
}

/// World position of a square's centre at the height of `stratum`. Fleet 1 sits at +z.
pub fn square_center(size: u8, sq: Sq, stratum: Stratum) -> Vec3 {
    let s = square_side(size);
    let c = (f32::from(size) - 1.0) / 2.0;
    Vec3::new(
        (f32::from(sq.x) - c) * s,
        height(stratum),
        (c - f32::from(sq.y)) * s,
    )
}

/// The height a stratum's pieces float at.
pub fn height(stratum: Stratum) -> f32 {
    match stratum {
        Stratum::Undersea => SURFACE - 0.32,
        Stratum::Surface => SURFACE,
        Stratum::Air => SURFACE + 0.85,
    }
}

/// A clickable square (on the sea floor, seen through the water).
#[derive(Component, Debug, Clone, Copy)]
pub struct SeaSquare(pub Sq);

/// The board size the view was built for.
#[derive(Resource, Debug, Clone, Copy)]
pub struct SeaSize(pub u8);

/// Spawns the sea.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_sea);
}

fn spawn_sea(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    the_match: Res<TransportMatch>,
) {
    let size = the_match.game.position().size;
    commands.insert_resource(SeaSize(size));
    let s = square_side(size);
    let mut paint = |c: Color| {
        materials.add(StandardMaterial {
            base_color: c,
            perceptual_roughness: 0.8,
            ..default()
        })
    };
    let light = paint(Color::srgb(0.55, 0.62, 0.6));
    let dark = paint(Color::srgb(0.16, 0.24, 0.3));
    let wall = paint(Color::srgb(0.25, 0.18, 0.12));
    // The tank: a floor under the squares and low walls around.
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(WIDTH + 0.4, 0.1, WIDTH + 0.4))),
        MeshMaterial3d(wall.clone()),
        Transform::from_xyz(0.0, FLOOR - 0.08, 0.0),
        Pickable::IGNORE,
    ));
    for k in 0..4 {
        let turn = Quat::from_rotation_y(k as f32 * std::f32::consts::FRAC_PI_2);
        commands.spawn((
            Mesh3d(meshes.add(Cuboid::new(WIDTH + 0.4, 0.7, 0.2))),
            MeshMaterial3d(wall.clone()),
            Transform::from_translation(turn * Vec3::new(0.0, 0.2, WIDTH / 2.0 + 0.1))
                .with_rotation(turn),
            Pickable::IGNORE,
        ));
    }
    let tile = meshes.add(Cuboid::new(s * 0.96, 0.04, s * 0.96));
    for y in 0..size as i8 {
        for x in 0..size as i8 {
            let sq = Sq::new(x, y);
            let mut at = square_center(size, sq, Stratum::Surface);
            at.y = FLOOR;
            commands.spawn((
                Mesh3d(tile.clone()),
                MeshMaterial3d(if sq.is_dark() {
                    dark.clone()
                } else {
                    light.clone()
                }),
                Transform::from_translation(at),
                SeaSquare(sq),
            ));
        }
    }
    // The water: translucent, never picked, so clicks reach the squares and the submarines.
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(WIDTH, 0.02, WIDTH))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgba(0.2, 0.5, 0.7, 0.28),
            alpha_mode: AlphaMode::Blend,
            perceptual_roughness: 0.3,
            reflectance: 0.3,
            ..default()
        })),
        Transform::from_xyz(0.0, SURFACE - 0.03, 0.0),
        Pickable::IGNORE,
        bevy::light::NotShadowCaster,
    ));
}
