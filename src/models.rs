//! Building models out of parts: every part that shares a material becomes one mesh, so
//! that a model costs a draw per material rather than a draw per part (on a software
//! renderer each draw costs about as much as a thousand triangles).

use bevy::prelude::*;

/// A part of a model: its mesh, where it sits in the model, and its material.
pub type Part = (Mesh, Transform, Handle<StandardMaterial>);

/// The parts merged by material, each mesh in the model's own space, in the order the
/// materials first appear.
pub fn merge_by_material(parts: Vec<Part>) -> Vec<(Mesh, Handle<StandardMaterial>)> {
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
}
