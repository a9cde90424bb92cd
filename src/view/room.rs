//! The room every game is played in: floor, wooden table, lights and background.

use crate::state::AtTable;
use crate::view::theme::BACKGROUND;
use bevy::prelude::*;

/// The warm white of the room's ambient light.
const AMBIENT: Color = Color::srgb(1.0, 0.95, 0.88);
/// The table's wood.
const WOOD: Color = Color::srgb(0.36, 0.22, 0.12);
/// The lamp to one side: a warmer light than the sun's.
const LAMP: Color = Color::srgb(1.0, 0.85, 0.65);

/// Spawns the room.
pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(BACKGROUND))
        .insert_resource(GlobalAmbientLight {
            color: AMBIENT,
            brightness: 250.0,
            ..default()
        })
        .add_systems(OnEnter(AtTable), spawn_room);
}

/// The floor's colour.
pub(crate) const FLOOR: Color = Color::srgb(0.18, 0.16, 0.15);

/// The floor of the room, far below the table.
#[derive(Component, Debug)]
pub(crate) struct RoomFloor;

fn spawn_room(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let wood = materials.add(StandardMaterial {
        base_color: WOOD,
        perceptual_roughness: 0.7,
        ..default()
    });
    let floor = materials.add(StandardMaterial {
        base_color: FLOOR,
        perceptual_roughness: 0.9,
        ..default()
    });
    // Decoration, never picked.
    commands.spawn((
        DespawnOnExit(AtTable),
        Mesh3d(meshes.add(Plane3d::default().mesh().size(80.0, 80.0))),
        MeshMaterial3d(floor),
        Transform::from_xyz(0.0, -6.0, 0.0),
        Pickable::IGNORE,
        RoomFloor,
    ));
    commands.spawn((
        DespawnOnExit(AtTable),
        Mesh3d(meshes.add(Cuboid::new(17.0, 0.4, 16.0))),
        MeshMaterial3d(wood),
        Transform::from_xyz(0.0, -0.4, 0.0),
        Pickable::IGNORE,
    ));
    commands.spawn((
        DespawnOnExit(AtTable),
        DirectionalLight {
            illuminance: 9000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(6.0, 14.0, 8.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        DespawnOnExit(AtTable),
        PointLight {
            intensity: 600_000.0,
            range: 40.0,
            color: LAMP,
            ..default()
        },
        Transform::from_xyz(-8.0, 7.0, -6.0),
    ));
}
