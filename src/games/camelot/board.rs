//! The Camelot board on the table: 160 squares with stepped ends, the two castles at each
//! end walled in stone, and where each square stands in the world.

use crate::view::theme::color;
use bevy::prelude::*;
use tabula_rules::camelot::{Side, Square, palette};

/// Width of a square in world units (the board is 12 by 16 squares).
pub(crate) const SQUARE: f32 = 0.72;

/// Height of the squares' top faces.
pub(crate) const BOARD_TOP: f32 = 0.04;

/// World position of the centre of a square's top face. White sits at +z (rank 1 nearest),
/// files A-L run along +x.
pub(crate) fn square_center(sq: Square) -> Vec3 {
    Vec3::new(
        (sq.file() as f32 - 5.5) * SQUARE,
        BOARD_TOP,
        (7.5 - sq.rank() as f32) * SQUARE,
    )
}

/// The board's squares of one colour: one mesh, so that the board costs three draws
/// instead of one a square. A click on it falls on the square [`square_at`] finds.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct CamelotSquares;

/// The square under the point `at` (a point on the squares).
pub(crate) fn square_at(at: Vec3) -> Option<Square> {
    let file = (at.x / SQUARE + 5.5).round();
    let rank = (7.5 - at.z / SQUARE).round();
    if !(0.0..16.0).contains(&file) || !(0.0..16.0).contains(&rank) {
        return None;
    }
    Square::new(file as i8, rank as i8)
}

/// Spawns the Camelot board and its castles.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(crate::state::AtTable),
        spawn_board.in_set(super::SYSTEMS),
    );
}

fn spawn_board(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut material = |c: Color, rough: f32| {
        materials.add(StandardMaterial {
            base_color: c,
            perceptual_roughness: rough,
            ..default()
        })
    };
    let frame = material(color(palette::FRAME), 0.5);
    let light = material(color(palette::LIGHT), 0.6);
    let dark = material(color(palette::DARK), 0.6);
    let castle = material(color(palette::CASTLE), 0.5);
    let stone = material(color(palette::STONE), 0.9);

    // The frame follows the board's stepped outline: one slab per rank, one mesh in all.
    let mut slabs: Vec<crate::view::models::Part> = Vec::new();
    for rank in 0..16 {
        let squares: Vec<Square> = Square::all().filter(|s| s.rank() == rank).collect();
        let (Some(first), Some(last)) = (squares.first(), squares.last()) else {
            continue;
        };
        let (a, b) = (square_center(*first), square_center(*last));
        let width = b.x - a.x + SQUARE + 0.3;
        let depth = SQUARE + if rank == 0 || rank == 15 { 0.3 } else { 0.02 };
        let shift = match rank {
            0 => 0.14,
            15 => -0.14,
            _ => 0.0,
        };
        slabs.push((
            Cuboid::new(width, 0.2, depth).mesh().build(),
            Transform::from_xyz((a.x + b.x) / 2.0, -0.1, a.z + shift),
            frame.clone(),
        ));
    }
    crate::view::models::spawn_merged(&mut commands, &mut meshes, slabs, Pickable::IGNORE);

    let square_mesh = Cuboid::new(SQUARE, 0.04, SQUARE).mesh().build();
    let mut squares: Vec<crate::view::models::Part> = Vec::new();
    for sq in Square::all() {
        let mut at = square_center(sq);
        at.y = BOARD_TOP - 0.02;
        let in_castle = Side::ALL.iter().any(|s| sq.in_castle_of(*s));
        let paint = if in_castle {
            castle.clone()
        } else if sq.is_dark() {
            dark.clone()
        } else {
            light.clone()
        };
        squares.push((square_mesh.clone(), Transform::from_translation(at), paint));
    }
    crate::view::models::spawn_merged(&mut commands, &mut meshes, squares, CamelotSquares);

    // Each castle: a low stone wall around its two squares, open towards the board; both
    // castles one mesh.
    let merlon = Cuboid::new(0.12, 0.14, 0.12).mesh().build();
    let mut walls: Vec<crate::view::models::Part> = Vec::new();
    for side in Side::ALL {
        let [a, b] = Square::castle(side);
        let (ca, cb) = (square_center(a), square_center(b));
        let mid = (ca + cb) / 2.0;
        let outward = if side == Side::White { 1.0 } else { -1.0 };
        let half = SQUARE;
        let back = mid.z + outward * (SQUARE / 2.0 + 0.04);
        walls.push((
            Cuboid::new(2.0 * half + 0.08, 0.08, 0.08).mesh().build(),
            Transform::from_xyz(mid.x, BOARD_TOP + 0.04, back),
            stone.clone(),
        ));
        for x in [mid.x - half - 0.04, mid.x + half + 0.04] {
            walls.push((
                Cuboid::new(0.08, 0.08, SQUARE + 0.08).mesh().build(),
                Transform::from_xyz(x, BOARD_TOP + 0.04, mid.z),
                stone.clone(),
            ));
        }
        for k in 0..5 {
            let x = mid.x - half + k as f32 * half / 2.0;
            walls.push((
                merlon.clone(),
                Transform::from_xyz(x, BOARD_TOP + 0.1, back),
                stone.clone(),
            ));
        }
    }
    crate::view::models::spawn_merged(&mut commands, &mut meshes, walls, Pickable::IGNORE);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_on_a_square_finds_that_square() {
        for sq in Square::all() {
            let c = square_center(sq);
            for (dx, dz) in [(0.0, 0.0), (0.45, 0.45), (-0.45, 0.2), (0.3, -0.45)] {
                let at = c + Vec3::new(dx * SQUARE, 0.0, dz * SQUARE);
                assert_eq!(square_at(at), Some(sq), "{sq:?}");
            }
        }
        // Beyond the last file, and on the frame beside a stepped end, there is no square.
        assert_eq!(square_at(Vec3::new(6.5 * SQUARE, BOARD_TOP, 0.0)), None);
        assert_eq!(
            square_at(
                square_center(Square::castle(Side::White)[0]) + Vec3::new(-2.0 * SQUARE, 0.0, 0.0)
            ),
            None
        );
    }
}
