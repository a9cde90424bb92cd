//! The sea on the table: the sea floor with its squares (the corners' colour dark), a
//! translucent water surface, and the heights of the three strata.

use crate::table::game_match::Match;
use crate::view::theme::color;
use bevy::prelude::*;
use tabula_rules::transport::Transport;
use tabula_rules::transport::palette;
use tabula_rules::transport::{Sq, Stratum};

/// Width of the board in world units.
const WIDTH: f32 = 9.6;

/// Height of the water surface.
pub(crate) const SURFACE: f32 = 0.45;

/// Height of the sea floor, where the squares are drawn and clicked (just above the table).
pub(crate) const FLOOR: f32 = -0.1;

/// The side of a square on a board of `size`.
pub(crate) fn square_side(size: u8) -> f32 {
    WIDTH / f32::from(size)
}

/// World position of a square's centre at the height of `stratum`. Fleet 1 sits at +z.
pub(crate) fn square_center(size: u8, sq: Sq, stratum: Stratum) -> Vec3 {
    let s = square_side(size);
    let c = (f32::from(size) - 1.0) / 2.0;
    Vec3::new(
        (f32::from(sq.x) - c) * s,
        height(stratum),
        (c - f32::from(sq.y)) * s,
    )
}

/// The height a stratum's pieces float at.
pub(crate) fn height(stratum: Stratum) -> f32 {
    match stratum {
        Stratum::Undersea => SURFACE - 0.32,
        Stratum::Surface => SURFACE,
        Stratum::Air => SURFACE + 0.85,
    }
}

/// The squares of one colour, on the sea floor and seen through the water: one mesh, so
/// that the board costs two draws instead of one a square. A click on it falls on the
/// square [`square_at`] finds.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct SeaSquares;

/// The square under the point `at` (a point on the squares) on a board of `size`.
pub(crate) fn square_at(size: u8, at: Vec3) -> Option<Sq> {
    let s = square_side(size);
    let c = (f32::from(size) - 1.0) / 2.0;
    let x = (at.x / s + c).round();
    let y = (c - at.z / s).round();
    let on = |v: f32| (0.0..f32::from(size)).contains(&v);
    (on(x) && on(y)).then(|| Sq::new(x as i8, y as i8))
}

/// The board size the view was built for.
#[derive(Resource, Debug, Clone, Copy)]
pub(crate) struct SeaSize(pub u8);

/// Spawns the sea.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(crate::state::AtTable),
        spawn_sea.in_set(super::SYSTEMS),
    );
}

fn spawn_sea(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    the_match: Res<Match<Transport>>,
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
    let light = paint(color(palette::FLOOR_LIGHT));
    let dark = paint(color(palette::FLOOR_DARK));
    let wall = paint(color(palette::WALL));
    // The tank: a floor under the squares and low walls around, one mesh.
    let mut tank = vec![(
        Cuboid::new(WIDTH + 0.4, 0.1, WIDTH + 0.4).mesh().build(),
        Transform::from_xyz(0.0, FLOOR - 0.08, 0.0),
        wall.clone(),
    )];
    for k in 0..4 {
        let turn = Quat::from_rotation_y(k as f32 * std::f32::consts::FRAC_PI_2);
        tank.push((
            Cuboid::new(WIDTH + 0.4, 0.7, 0.2).mesh().build(),
            Transform::from_translation(turn * Vec3::new(0.0, 0.2, WIDTH / 2.0 + 0.1))
                .with_rotation(turn),
            wall.clone(),
        ));
    }
    crate::view::models::spawn_merged(&mut commands, &mut meshes, tank, Pickable::IGNORE);
    // The squares, light and dark.
    let tile = Cuboid::new(s * 0.96, 0.04, s * 0.96).mesh().build();
    let mut squares = Vec::new();
    for y in 0..size as i8 {
        for x in 0..size as i8 {
            let sq = Sq::new(x, y);
            let mut at = square_center(size, sq, Stratum::Surface);
            at.y = FLOOR;
            let paint = if sq.is_dark() { &dark } else { &light };
            squares.push((tile.clone(), Transform::from_translation(at), paint.clone()));
        }
    }
    crate::view::models::spawn_merged(&mut commands, &mut meshes, squares, SeaSquares);
    // The water: translucent, never picked, so clicks reach the squares and the submarines.
    commands.spawn((
        bevy::state::state_scoped::DespawnOnExit(crate::state::AtTable),
        Mesh3d(meshes.add(Cuboid::new(WIDTH, 0.02, WIDTH))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: color(palette::WATER).with_alpha(palette::WATER_ALPHA),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_on_a_square_finds_that_square() {
        for size in [8u8, 11, 14] {
            let s = square_side(size);
            for y in 0..size as i8 {
                for x in 0..size as i8 {
                    let sq = Sq::new(x, y);
                    let c = square_center(size, sq, Stratum::Surface);
                    // Anywhere on the square's face, up to its edges.
                    for (dx, dz) in [(0.0, 0.0), (0.45, 0.45), (-0.45, 0.3), (0.2, -0.45)] {
                        let at = Vec3::new(c.x + dx * s, FLOOR, c.z + dz * s);
                        assert_eq!(square_at(size, at), Some(sq), "{size} {sq:?} {dx} {dz}");
                    }
                }
            }
            // Beyond the board's edge (the tank's rim) there is no square.
            assert_eq!(
                square_at(size, Vec3::new(WIDTH / 2.0 + 0.1, FLOOR, 0.0)),
                None
            );
            assert_eq!(
                square_at(size, Vec3::new(0.0, FLOOR, -WIDTH / 2.0 - 0.1)),
                None
            );
        }
    }
}
