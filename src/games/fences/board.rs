//! The fence race's board on the table: junction spaces tinted by section, slots between
//! them, the walled central home with its four entrances, and the corner stations with
//! their partitions; and where each rules coordinate stands in the world.

use crate::view::theme::color;
use bevy::prelude::*;
use tabula_rules::fences::{Board, Node, Seat, Section, Slot, Space, palette};

/// Width of the field in world units, centre to centre of the corner spaces.
const FIELD: f32 = 10.0;

/// Height of the spaces' top faces.
pub(crate) const TOP: f32 = 0.06;

/// Distance between neighbouring spaces.
pub(crate) fn pitch(board: Board) -> f32 {
    FIELD / (board.size() as f32 - 1.0)
}

/// World position of the top of a space. South (row 1) is nearest (+z), east is +x.
pub(crate) fn space_center(board: Board, s: Space) -> Vec3 {
    let c = (board.size() as f32 - 1.0) / 2.0;
    let p = pitch(board);
    Vec3::new((s.x as f32 - c) * p, TOP, (c - s.y as f32) * p)
}

/// World position of the middle of a slot, on the board.
pub(crate) fn slot_center(board: Board, slot: Slot) -> Vec3 {
    (space_center(board, slot.0) + space_center(board, slot.1)) / 2.0
}

/// The turn of a fence standing in a slot: across the path it closes.
pub(crate) fn slot_rotation(slot: Slot) -> Quat {
    if slot.0.y == slot.1.y {
        // An east-west path: the panel runs north-south.
        Quat::from_rotation_y(std::f32::consts::FRAC_PI_2)
    } else {
        Quat::IDENTITY
    }
}

/// Where a seat's pawn stands on a node (pawns at home stand apart, each on its side).
pub(crate) fn node_center(board: Board, node: Node, seat: Seat) -> Vec3 {
    match node {
        Node::Space(s) => space_center(board, s),
        Node::Home => {
            let turn = seat.0.turns() as f32 * std::f32::consts::FRAC_PI_2;
            Quat::from_rotation_y(turn) * Vec3::new(0.0, 0.0, 0.45 * pitch(board))
                + Vec3::Y * (TOP + 0.12)
        }
    }
}

/// A clickable place of the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// A junction space.
    Space(Space),
    /// A slot between two spaces.
    Slot(Slot),
    /// The home.
    Home,
}

/// The board the view was built for.
#[derive(Resource, Debug, Clone, Copy)]
pub(crate) struct FieldBoard(pub Board);

/// The junction spaces of one tint: one mesh, so that the field costs a few draws instead
/// of one a space. A click on it falls on the space [`space_at`] finds.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct SpacePads;

/// The slots between the spaces: one mesh; a click on it falls on the nearest slot of
/// [`FieldSlots`].
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct SlotGrooves;

/// The slots the view drew.
#[derive(Resource, Debug, Clone, Default)]
pub(crate) struct FieldSlots(pub Vec<Slot>);

/// The space under the point `at` (a point on a space).
pub(crate) fn space_at(board: Board, at: Vec3) -> Option<Space> {
    let c = (board.size() as f32 - 1.0) / 2.0;
    let p = pitch(board);
    let x = (at.x / p + c).round();
    let y = (c - at.z / p).round();
    let on = |v: f32| (0.0..board.size() as f32).contains(&v);
    let s = Space {
        x: x as u8,
        y: y as u8,
    };
    (on(x) && on(y) && board.is_space(s)).then_some(s)
}

/// The slot of `slots` under the point `at` (a point on a slot's groove): the one whose
/// groove, measured in its own half-widths, lies nearest.
pub(crate) fn slot_at(board: Board, slots: &[Slot], at: Vec3) -> Option<Slot> {
    let p = pitch(board);
    let reach = |slot: &Slot| {
        let local = slot_rotation(*slot).inverse() * (at - slot_center(board, *slot));
        (local.x.abs() / (0.31 * p)).max(local.z.abs() / (0.19 * p))
    };
    slots
        .iter()
        .copied()
        .min_by(|a, b| reach(a).total_cmp(&reach(b)))
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
    the_match: Res<crate::table::game_match::Match<tabula_rules::fences::Fences>>,
) {
    let board = the_match.game.board();
    commands.insert_resource(FieldBoard(board));
    let p = pitch(board);
    let mut paint = |c: Color, rough: f32| {
        materials.add(StandardMaterial {
            base_color: c,
            perceptual_roughness: rough,
            ..default()
        })
    };
    let base = paint(color(palette::BASE), 0.6);
    let groove = paint(color(palette::GROOVE), 0.8);
    let stone = paint(color(palette::STONE), 0.9);
    let roof = paint(color(palette::ROOF), 0.6);
    let gold = paint(color(palette::GOLD), 0.35);
    let section_paint: Vec<(Section, Handle<StandardMaterial>)> = Section::ALL
        .iter()
        .map(|s| (*s, paint(color(palette::tint(*s)), 0.6)))
        .collect();
    let neutral = paint(color(palette::NEUTRAL), 0.6);

    commands.spawn((
        bevy::state::state_scoped::DespawnOnExit(crate::state::AtTable),
        Mesh3d(meshes.add(Cuboid::new(FIELD + 1.2, 0.12, FIELD + 1.2))),
        MeshMaterial3d(base),
        Transform::from_xyz(0.0, -0.06, 0.0),
        Pickable::IGNORE,
    ));

    let pad = Cuboid::new(p * 0.62, 0.06, p * 0.62).mesh().build();
    let n = board.size();
    let mut pads: Vec<crate::view::models::Part> = Vec::new();
    for y in 0..n {
        for x in 0..n {
            let s = Space { x, y };
            if !board.is_space(s) {
                continue;
            }
            let sections: Vec<Section> = Section::ALL
                .into_iter()
                .filter(|sec| board.in_section(s, *sec))
                .collect();
            let material = match sections.as_slice() {
                [one] => section_paint[*one as usize].1.clone(),
                _ => neutral.clone(),
            };
            let mut at = space_center(board, s);
            at.y = TOP - 0.03;
            pads.push((pad.clone(), Transform::from_translation(at), material));
        }
    }
    crate::view::models::spawn_merged(&mut commands, &mut meshes, pads, SpacePads);
    let slot_mesh = Cuboid::new(p * 0.62, 0.02, p * 0.38).mesh().build();
    let slots = the_match.game.slots();
    let grooves: Vec<crate::view::models::Part> = slots
        .iter()
        .map(|slot| {
            let mut at = slot_center(board, *slot);
            at.y = 0.012;
            (
                slot_mesh.clone(),
                Transform::from_translation(at).with_rotation(slot_rotation(*slot)),
                groove.clone(),
            )
        })
        .collect();
    crate::view::models::spawn_merged(&mut commands, &mut meshes, grooves, SlotGrooves);
    commands.insert_resource(FieldSlots(slots));

    // Home: a raised square over the centre block, a house on it, entrances marked in gold.
    crate::view::models::spawn_merged(
        &mut commands,
        &mut meshes,
        vec![
            (
                Cuboid::new(p * 2.6, 0.14, p * 2.6).mesh().build(),
                Transform::from_xyz(0.0, 0.07, 0.0),
                stone.clone(),
            ),
            (
                Cuboid::new(p * 0.9, p * 0.6, p * 0.9).mesh().build(),
                Transform::from_xyz(0.0, 0.14 + p * 0.3, 0.0),
                stone.clone(),
            ),
            (
                Cone::new(p * 0.75, p * 0.5).mesh().resolution(16).build(),
                Transform::from_xyz(0.0, 0.14 + p * 0.85, 0.0)
                    .with_rotation(Quat::from_rotation_y(std::f32::consts::FRAC_PI_4)),
                roof,
            ),
        ],
        Spot::Home,
    );
    // Decoration, never picked, one mesh a material: entrances, partitions, station rings.
    let mut decoration: Vec<crate::view::models::Part> = Vec::new();
    let entrance = Cuboid::new(p * 0.5, 0.03, p * 0.2).mesh().build();
    let partition = Cuboid::new(0.06, 0.22, p * 0.9).mesh().build();
    for (k, e) in board.entrances().into_iter().enumerate() {
        let at = (space_center(board, e) * 0.6).with_y(0.15);
        let turn = Quat::from_rotation_y(k as f32 * std::f32::consts::FRAC_PI_2);
        decoration.push((
            entrance.clone(),
            Transform::from_translation(at).with_rotation(turn),
            gold.clone(),
        ));
    }
    // Partitions at the home's corners, on its diagonals.
    for k in 0..4 {
        let turn = Quat::from_rotation_y(
            std::f32::consts::FRAC_PI_4 + k as f32 * std::f32::consts::FRAC_PI_2,
        );
        decoration.push((
            partition.clone(),
            Transform::from_translation(turn * Vec3::new(0.0, 0.25, p * 1.75)).with_rotation(turn),
            stone.clone(),
        ));
    }

    // Stations: gold rings around the corner spaces, with a partition wall behind each
    // corner between its two exits.
    let ring = Torus::new(p * 0.36, p * 0.44)
        .mesh()
        .minor_resolution(8)
        .major_resolution(24)
        .build();
    for corner in [
        Space { x: 0, y: 0 },
        Space { x: n - 1, y: 0 },
        Space { x: n - 1, y: n - 1 },
        Space { x: 0, y: n - 1 },
    ] {
        let at = space_center(board, corner);
        decoration.push((
            ring.clone(),
            Transform::from_translation(at + Vec3::Y * 0.01),
            gold.clone(),
        ));
        let outward = Vec3::new(at.x.signum(), 0.0, at.z.signum());
        let turn = Quat::from_rotation_arc(Vec3::Z, outward.normalize());
        decoration.push((
            partition.clone(),
            Transform::from_translation(at + outward * p * 0.45 + Vec3::Y * 0.1)
                .with_rotation(turn * Quat::from_rotation_y(std::f32::consts::FRAC_PI_2)),
            stone.clone(),
        ));
    }
    crate::view::models::spawn_merged(&mut commands, &mut meshes, decoration, Pickable::IGNORE);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_on_a_space_or_slot_finds_it() {
        let board = Board::new(11).expect("a board");
        let p = pitch(board);
        for y in 0..board.size() {
            for x in 0..board.size() {
                let s = Space { x, y };
                let c = space_center(board, s);
                for (dx, dz) in [(0.0, 0.0), (0.3, 0.3), (-0.3, 0.1)] {
                    let found = space_at(board, c + Vec3::new(dx * p, 0.0, dz * p));
                    assert_eq!(found, board.is_space(s).then_some(s), "{s:?}");
                }
            }
        }
        let slots = board.slots();
        for slot in &slots {
            let c = slot_center(board, *slot);
            let along = slot_rotation(*slot) * Vec3::new(0.3 * p, 0.0, 0.18 * p);
            let across = slot_rotation(*slot) * Vec3::new(0.3 * p, 0.0, -0.18 * p);
            assert_eq!(slot_at(board, &slots, c + across), Some(*slot));
            assert_eq!(slot_at(board, &slots, c - across), Some(*slot));
            assert_eq!(slot_at(board, &slots, c + along), Some(*slot));
            assert_eq!(slot_at(board, &slots, c - along), Some(*slot));
        }
    }
}
