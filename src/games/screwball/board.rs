//! The Screwball board on the table: six staggered columns of large squares and pairs of
//! small squares, drawn at their exact sizes, and where each space stands in the world.

use crate::view::theme::color;
use bevy::prelude::*;
use tabula_rules::screwball::{Board, Size, SpaceId, palette};

/// World units per unit of the board (a small square's side).
pub(crate) const UNIT: f32 = 0.8;

/// Height of the squares' top faces.
pub(crate) const TOP: f32 = 0.05;

/// World position of the centre of a space's top. Screws sit at +z (their edge is rank 1),
/// files run along +x.
pub(crate) fn space_center(id: SpaceId) -> Vec3 {
    let s = Board::get().space(id);
    let (cx, cy) = s.centre2();
    Vec3::new(
        (cx as f32 / 2.0 - 6.0) * UNIT,
        TOP,
        (6.0 - cy as f32 / 2.0) * UNIT,
    )
}

/// The board's spaces of one colour: one mesh, so that the board costs four draws instead
/// of one a space. A click on it falls on the space [`space_at`] finds.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct ScrewballSpaces;

/// The space under the point `at` (a point on the spaces).
pub(crate) fn space_at(at: Vec3) -> Option<SpaceId> {
    let x = (at.x / UNIT + 6.0).floor();
    let y = (6.0 - at.z / UNIT).floor();
    let on = |v: f32| (0.0..12.0).contains(&v);
    if !(on(x) && on(y)) {
        return None;
    }
    Board::get().at_cell(x as u8, y as u8)
}

/// Spawns the board.
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
    let mut paint = |c: Color| {
        materials.add(StandardMaterial {
            base_color: c,
            perceptual_roughness: 0.55,
            ..default()
        })
    };
    let frame = paint(color(palette::FRAME));
    let large = paint(color(palette::LARGE));
    let large_alt = paint(color(palette::LARGE_ALT));
    let small = paint(color(palette::SMALL));
    let small_alt = paint(color(palette::SMALL_ALT));
    commands.spawn((
        bevy::state::state_scoped::DespawnOnExit(crate::state::AtTable),
        Mesh3d(meshes.add(Cuboid::new(12.0 * UNIT + 0.5, 0.12, 12.0 * UNIT + 0.5))),
        MeshMaterial3d(frame),
        Transform::from_xyz(0.0, -0.04, 0.0),
        Pickable::IGNORE,
    ));
    let b = Board::get();
    let mut spaces: Vec<crate::view::models::Part> = Vec::new();
    for id in b.ids() {
        let s = b.space(id);
        let (w, d) = (
            (s.x1 - s.x0) as f32 * UNIT - 0.05,
            (s.y1 - s.y0) as f32 * UNIT - 0.05,
        );
        let alt = (s.x0 / 2 + s.y0).is_multiple_of(2);
        let material = match (s.size, alt) {
            (Size::Large, false) => large.clone(),
            (Size::Large, true) => large_alt.clone(),
            (Size::Small, false) => small.clone(),
            (Size::Small, true) => small_alt.clone(),
        };
        let mut at = space_center(id);
        at.y = TOP / 2.0;
        spaces.push((
            Cuboid::new(w, TOP, d).mesh().build(),
            Transform::from_translation(at),
            material,
        ));
    }
    crate::view::models::spawn_merged(&mut commands, &mut meshes, spaces, ScrewballSpaces);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_on_a_space_finds_that_space() {
        let b = Board::get();
        for id in b.ids() {
            let s = b.space(id);
            let c = space_center(id);
            let (hw, hd) = (
                (s.x1 - s.x0) as f32 * UNIT / 2.0 - 0.03,
                (s.y1 - s.y0) as f32 * UNIT / 2.0 - 0.03,
            );
            for (dx, dz) in [(0.0, 0.0), (1.0, 1.0), (-1.0, 0.5), (0.3, -1.0)] {
                let at = c + Vec3::new(dx * hw, 0.0, dz * hd);
                assert_eq!(space_at(at), Some(id), "{:?} {dx} {dz}", b.name(id));
            }
        }
        assert_eq!(space_at(Vec3::new(6.0 * UNIT + 0.1, TOP, 0.0)), None);
        assert_eq!(space_at(Vec3::new(0.0, TOP, -6.0 * UNIT - 0.1)), None);
    }
}
