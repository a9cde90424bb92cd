//! Building models out of parts: every part that shares a material becomes one mesh, so
//! that a model costs a draw per material rather than a draw per part (on a software
//! renderer each draw costs about as much as a few hundred triangles).

use bevy::prelude::*;

/// A part of a model: its mesh, where it sits in the model, and its material.
pub(crate) type Part = (Mesh, Transform, Handle<StandardMaterial>);

/// The parts merged by material, each mesh in the model's own space, in the order the
/// materials first appear.
pub(crate) fn merge_by_material(parts: Vec<Part>) -> Vec<(Mesh, Handle<StandardMaterial>)> {
    let mut merged: Vec<(Mesh, Handle<StandardMaterial>)> = Vec::new();
    for (mesh, transform, material) in parts {
        let mesh = mesh.transformed_by(transform);
        match merged.iter_mut().find(|(_, m)| m.id() == material.id()) {
            // Every part is built from Bevy's primitives: same attributes, triangle lists.
            Some((into, _)) => into
                .merge(&mesh)
                .expect("model parts share their vertex attributes"),
            None => merged.push((mesh, material)),
        }
    }
    merged
}

/// Spawns the parts merged by material, each mesh an entity that also carries `extra` (a
/// marker, or `Pickable::IGNORE` for decoration).
pub(crate) fn spawn_merged(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    parts: Vec<Part>,
    extra: impl Bundle + Clone,
) {
    for (mesh, material) in merge_by_material(parts) {
        commands.spawn((
            Mesh3d(meshes.add(mesh)),
            MeshMaterial3d(material),
            extra.clone(),
            // Boards are the table's: they go when it is left.
            bevy::state::state_scoped::DespawnOnExit(crate::state::AtTable),
        ));
    }
}

/// All the parts as one mesh in the model's own space, each vertex coloured with its part's
/// base colour (linear), for the light material of software renderers, which shows vertex
/// colours and nothing else of a material: one draw a model.
pub(crate) fn merge_painted(
    parts: Vec<Part>,
    materials: &Assets<StandardMaterial>,
) -> Option<Mesh> {
    let mut merged: Option<Mesh> = None;
    for (mesh, transform, material) in parts {
        let color = materials
            .get(&material)
            .map_or(LinearRgba::WHITE, |m| m.base_color.to_linear());
        let mut mesh = mesh.transformed_by(transform);
        let vertices = mesh.count_vertices();
        mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, vec![color.to_f32_array(); vertices]);
        match merged.as_mut() {
            Some(into) => into
                .merge(&mesh)
                .expect("model parts share their vertex attributes"),
            None => merged = Some(mesh),
        }
    }
    merged
}

/// A model's meshes and materials, ready for every piece that wears it.
pub(crate) type Worn = Vec<(Handle<Mesh>, Handle<StandardMaterial>)>;

/// Builds a model out of its parts: with the light material of software renderers
/// (`lite`), all the parts as one mesh painted with their colours (one draw a model);
/// otherwise one mesh a material.
pub(crate) fn build(
    parts: Vec<Part>,
    lite: bool,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) -> Worn {
    if lite && let Some(mesh) = merge_painted(parts.clone(), materials) {
        return vec![(meshes.add(mesh), materials.add(Color::WHITE))];
    }
    merge_by_material(parts)
        .into_iter()
        .map(|(mesh, material)| (meshes.add(mesh), material))
        .collect()
}

/// Gives `entity` the meshes of a model as children placed at `transform` in it, each
/// child also carrying `extra` (such as `Pickable::IGNORE`).
pub(crate) fn wear(
    commands: &mut Commands,
    entity: Entity,
    worn: &Worn,
    transform: Transform,
    extra: impl Bundle + Clone,
) {
    commands.entity(entity).with_children(|parent| {
        for (mesh, material) in worn {
            parent.spawn((
                Mesh3d(mesh.clone()),
                MeshMaterial3d(material.clone()),
                transform,
                extra.clone(),
            ));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    fn positions(mesh: &Mesh) -> Vec<[f32; 3]> {
        match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(VertexAttributeValues::Float32x3(p)) => p.clone(),
            other => panic!("positions expected, got {other:?}"),
        }
    }

    #[test]
    fn parts_of_one_material_become_one_mesh_in_model_space() {
        let mut materials = Assets::<StandardMaterial>::default();
        let red = materials.add(StandardMaterial::default());
        let blue = materials.add(StandardMaterial::default());
        let cube = || Cuboid::new(1.0, 1.0, 1.0).mesh().build();
        let merged = merge_by_material(vec![
            (cube(), Transform::from_xyz(2.0, 0.0, 0.0), red.clone()),
            (cube(), Transform::IDENTITY, blue.clone()),
            (cube(), Transform::from_xyz(-2.0, 0.0, 0.0), red.clone()),
        ]);
        assert_eq!(merged.len(), 2);
        assert_eq!(merged[0].1.id(), red.id());
        assert_eq!(merged[1].1.id(), blue.id());
        let (reds, blues) = (positions(&merged[0].0), positions(&merged[1].0));
        assert_eq!(reds.len(), 2 * blues.len());
        let xs = |p: &[[f32; 3]]| {
            let min = p.iter().map(|v| v[0]).fold(f32::INFINITY, f32::min);
            let max = p.iter().map(|v| v[0]).fold(f32::NEG_INFINITY, f32::max);
            (min, max)
        };
        assert_eq!(xs(&reds), (-2.5, 2.5));
        assert_eq!(xs(&blues), (-0.5, 0.5));
        let indices = merged[0].0.indices().expect("indexed").len();
        assert_eq!(indices, 2 * merged[1].0.indices().expect("indexed").len());
    }

    #[test]
    fn painted_parts_become_one_mesh_coloured_by_their_materials() {
        let mut materials = Assets::<StandardMaterial>::default();
        let red = materials.add(StandardMaterial::from_color(LinearRgba::RED));
        let blue = materials.add(StandardMaterial::from_color(LinearRgba::BLUE));
        let cube = || Cuboid::new(1.0, 1.0, 1.0).mesh().build();
        let one = cube().count_vertices();
        let mesh = merge_painted(
            vec![
                (cube(), Transform::from_xyz(2.0, 0.0, 0.0), red),
                (cube(), Transform::IDENTITY, blue),
            ],
            &materials,
        )
        .expect("two parts");
        assert_eq!(mesh.count_vertices(), 2 * one);
        let Some(VertexAttributeValues::Float32x4(colors)) = mesh.attribute(Mesh::ATTRIBUTE_COLOR)
        else {
            panic!("vertex colours expected");
        };
        let p = positions(&mesh);
        for (at, color) in p.iter().zip(colors) {
            let expected = if at[0] > 1.0 {
                LinearRgba::RED
            } else {
                LinearRgba::BLUE
            };
            assert_eq!(*color, expected.to_f32_array(), "{at:?}");
        }
        assert!(merge_painted(Vec::new(), &materials).is_none());
    }
}
