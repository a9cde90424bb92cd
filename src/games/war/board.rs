//! The table and the War board: squares, citadels with battlements, flying-machine
//! stations; and where each rules coordinate stands in the world.

use crate::view::theme::color;
use bevy::prelude::*;
use tabula_rules::war::{Side, Square, Station, palette};

/// World position of the centre of a square's top face. Red sits at +z, files run along x.
pub(crate) fn square_center(sq: Square) -> Vec3 {
    Vec3::new(sq.file() as f32 - 4.5, BOARD_TOP, 4.5 - sq.row() as f32)
}

/// World position of the top of a flying-machine station.
pub(crate) fn station_center(side: Side, st: Station) -> Vec3 {
    let front = square_center(st.front(side));
    let back = match side {
        Side::Red => 1.25,
        Side::Blue => -1.25,
    };
    Vec3::new(front.x, BOARD_TOP + 0.03, front.z + back)
}

/// Height of the squares' top faces.
pub(crate) const BOARD_TOP: f32 = 0.04;

/// The board's squares of one colour: one mesh, so that the board costs two draws instead
/// of one a square. A click on it falls on the square [`square_at`] finds.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct BoardSquares;

/// The square under the point `at` (a point on the squares).
pub(crate) fn square_at(at: Vec3) -> Option<Square> {
    Square::new((at.x + 4.5).round() as i8, (4.5 - at.z).round() as i8)
}

/// A clickable flying-machine station.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct StationSpot(pub Side, pub Station);

/// Spawns the War board, its citadels and stations.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(crate::state::AtTable),
        spawn_table.in_set(super::SYSTEMS),
    );
}

fn spawn_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let frame = materials.add(StandardMaterial {
        base_color: color(palette::FRAME),
        perceptual_roughness: 0.5,
        ..default()
    });
    // The board frame: decoration, never picked.
    commands.spawn((
        bevy::state::state_scoped::DespawnOnExit(crate::state::AtTable),
        Mesh3d(meshes.add(Cuboid::new(11.0, 0.2, 13.8))),
        MeshMaterial3d(frame),
        Transform::from_xyz(0.0, -0.1, 0.0),
        Pickable::IGNORE,
    ));

    let light = materials.add(StandardMaterial {
        base_color: color(palette::LIGHT),
        perceptual_roughness: 0.6,
        ..default()
    });
    let dark = materials.add(StandardMaterial {
        base_color: color(palette::DARK),
        perceptual_roughness: 0.6,
        ..default()
    });
    let square = Cuboid::new(1.0, 0.04, 1.0).mesh().build();
    let board: Vec<crate::view::models::Part> = Square::all()
        .map(|sq| {
            let mut at = square_center(sq);
            at.y = BOARD_TOP - 0.02;
            let paint = if sq.is_dark() { &dark } else { &light };
            (
                square.clone(),
                Transform::from_translation(at),
                paint.clone(),
            )
        })
        .collect();
    crate::view::models::spawn_merged(&mut commands, &mut meshes, board, BoardSquares);

    // Citadels: a battlemented ring, the inner area in the owner's colour; decoration,
    // never picked, one mesh a material.
    let stone = materials.add(StandardMaterial {
        base_color: color(palette::STONE),
        perceptual_roughness: 0.9,
        ..default()
    });
    let merlon = Cuboid::new(0.16, 0.14, 0.16).mesh().build();
    let wall = Cuboid::new(0.96, 0.05, 0.08).mesh().build();
    let plate = Cuboid::new(0.62, 0.012, 0.62).mesh().build();
    let mut citadels: Vec<crate::view::models::Part> = Vec::new();
    for side in Side::ALL {
        let c = square_center(Square::citadel(side));
        let inner = materials.add(StandardMaterial {
            base_color: color(palette::army(side)),
            perceptual_roughness: 0.5,
            ..default()
        });
        citadels.push((
            plate.clone(),
            Transform::from_translation(c + Vec3::Y * 0.006),
            inner,
        ));
        for k in 0..4 {
            let rot = Quat::from_rotation_y(k as f32 * std::f32::consts::FRAC_PI_2);
            citadels.push((
                wall.clone(),
                Transform::from_translation(c + rot * Vec3::new(0.0, 0.025, 0.44))
                    .with_rotation(rot),
                stone.clone(),
            ));
            for x in [-0.4, 0.0, 0.4] {
                citadels.push((
                    merlon.clone(),
                    Transform::from_translation(c + rot * Vec3::new(x, 0.07, 0.44)),
                    stone.clone(),
                ));
            }
        }
    }
    crate::view::models::spawn_merged(&mut commands, &mut meshes, citadels, Pickable::IGNORE);

    // Stations: round discs behind each flying machine's square, in that square's colour,
    // each clickable; their gold rims are decoration, one mesh.
    let disc = meshes.add(Cylinder::new(0.44, 0.06).mesh().resolution(24));
    let rim = Torus::new(0.42, 0.48)
        .mesh()
        .minor_resolution(6)
        .major_resolution(24)
        .build();
    let gold = materials.add(StandardMaterial {
        base_color: color(palette::GOLD),
        metallic: 0.8,
        perceptual_roughness: 0.35,
        ..default()
    });
    let mut rims: Vec<crate::view::models::Part> = Vec::new();
    for side in Side::ALL {
        for st in Station::ALL {
            let at = station_center(side, st);
            commands.spawn((
                bevy::state::state_scoped::DespawnOnExit(crate::state::AtTable),
                Mesh3d(disc.clone()),
                MeshMaterial3d(if st.is_dark(side) {
                    dark.clone()
                } else {
                    light.clone()
                }),
                Transform::from_translation(at - Vec3::Y * 0.03),
                StationSpot(side, st),
            ));
            rims.push((rim.clone(), Transform::from_translation(at), gold.clone()));
        }
    }
    crate::view::models::spawn_merged(&mut commands, &mut meshes, rims, Pickable::IGNORE);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_on_a_square_finds_that_square() {
        for sq in Square::all() {
            let c = square_center(sq);
            for (dx, dz) in [(0.0, 0.0), (0.45, 0.45), (-0.45, 0.2), (0.3, -0.45)] {
                assert_eq!(square_at(c + Vec3::new(dx, 0.0, dz)), Some(sq), "{sq:?}");
            }
        }
        // On the frame beyond the last file there is no square.
        assert_eq!(square_at(Vec3::new(5.2, BOARD_TOP, 0.0)), None);
    }
}
