//! Transport's fleets in 3D: each ship, plane, missile and mark dressed in its model.

use super::board::square_side;
use super::pieces::Model;
use crate::table::game_match::Match;
use crate::view::theme::color;
use bevy::prelude::*;
use tabula_rules::transport::Kind;
use tabula_rules::transport::Transport;
use tabula_rules::transport::palette;
use tabula_rules::transport::pieces::{Mark, bow_dots_for};

/// Gives pieces their models.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, dress.in_set(super::SYSTEMS));
}

/// The parts of each model, one mesh a material, made once per piece kind and fleet and
/// shared by every entity that wears it (reserve trays are rebuilt after every action).
type Parts = crate::view::models::Worn;

#[allow(clippy::too_many_arguments)]
fn dress(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    the_match: Res<Match<Transport>>,
    lite: Option<Res<crate::view::lite::UseLite>>,
    new: Query<(Entity, &Model), Added<Model>>,
    mut made: Local<std::collections::HashMap<(Kind, u8, bool), Parts>>,
) {
    let s = square_side(the_match.game.position().size);
    let lite = lite.is_some_and(|l| l.0);
    let armed = the_match.game.options().armed_transport;
    for (entity, Model(kind, fleet)) in &new {
        let parts = made.entry((*kind, *fleet, armed)).or_insert_with(|| {
            let parts = model(*kind, *fleet, armed, s, &mut materials);
            crate::view::models::build(parts, lite, &mut meshes, &mut materials)
        });
        commands.entity(entity).with_children(|parent| {
            for (mesh, material) in parts.iter() {
                parent.spawn((Mesh3d(mesh.clone()), MeshMaterial3d(material.clone())));
            }
        });
    }
}

/// The parts of a piece of `kind` of `fleet` on squares of side `s`; `armed`: the transport
/// carries the red dot of the `armed_transport` option.
fn model(
    kind: Kind,
    fleet: u8,
    armed: bool,
    s: f32,
    materials: &mut Assets<StandardMaterial>,
) -> Vec<crate::view::models::Part> {
    let hull = materials.add(StandardMaterial {
        base_color: color(palette::fleet(fleet)),
        perceptual_roughness: 0.45,
        metallic: 0.3,
        ..default()
    });
    // The superstructure stands out from the hull: darker on a light hull, lighter on a
    // dark one, so that a ship reads as a ship on the dark sea too.
    let hull_color = color(palette::fleet(fleet));
    let accent = if hull_color.luminance() > 0.4 {
        hull_color.darker(0.25)
    } else {
        hull_color.lighter(0.3)
    };
    let dark = materials.add(StandardMaterial {
        base_color: accent,
        perceptual_roughness: 0.5,
        ..default()
    });
    let mut parts: Vec<crate::view::models::Part> = Vec::new();
    let long = kind.is_long();
    let len = if long { 1.55 * s } else { 0.8 * s };
    // Where marks go: the bow (front, -z) and the stern (back, +z), on top.
    let (bow_z, stern_z) = (-len * 0.36, len * 0.36);
    let deck = match kind {
        Kind::Submarine => {
            parts.push((
                Capsule3d::new(0.11 * s, len * 0.7)
                    .mesh()
                    .latitudes(4)
                    .longitudes(10)
                    .build(),
                Transform::from_rotation(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2)),
                hull.clone(),
            ));
            parts.push((
                Cuboid::new(0.08 * s, 0.14 * s, 0.2 * s).mesh().build(),
                Transform::from_xyz(0.0, 0.14 * s, 0.0),
                dark.clone(),
            ));
            0.12 * s
        }
        Kind::Plane => {
            parts.push((
                Capsule3d::new(0.06 * s, 0.5 * s)
                    .mesh()
                    .latitudes(4)
                    .longitudes(10)
                    .build(),
                Transform::from_rotation(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2)),
                hull.clone(),
            ));
            parts.push((
                Cuboid::new(0.75 * s, 0.02, 0.14 * s).mesh().build(),
                Transform::from_xyz(0.0, 0.0, -0.04 * s),
                hull.clone(),
            ));
            parts.push((
                Cuboid::new(0.3 * s, 0.02, 0.08 * s).mesh().build(),
                Transform::from_xyz(0.0, 0.02, 0.26 * s),
                dark.clone(),
            ));
            0.05 * s
        }
        Kind::Shell | Kind::Torpedo => {
            let r = if kind == Kind::Shell {
                0.06 * s
            } else {
                0.045 * s
            };
            let body = if kind == Kind::Shell {
                0.3 * s
            } else {
                0.5 * s
            };
            parts.push((
                Cylinder::new(r, body).mesh().resolution(10).build(),
                Transform::from_rotation(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2)),
                dark.clone(),
            ));
            parts.push((
                Cone::new(r, 0.14 * s).mesh().resolution(10).build(),
                Transform::from_xyz(0.0, 0.0, -body / 2.0 - 0.07 * s)
                    .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
                dark.clone(),
            ));
            r
        }
        _ => {
            let width = match kind {
                Kind::Destroyer => 0.28 * s,
                Kind::Carrier | Kind::Battleship => 0.44 * s,
                _ => 0.38 * s,
            };
            parts.push((
                // Tall enough to stand clear of the water from across the table.
                Cuboid::new(width, 0.22, len * 0.8).mesh().build(),
                Transform::from_xyz(0.0, 0.06, 0.05 * len),
                hull.clone(),
            ));
            parts.push((
                Cone::new(width / 2.0, len * 0.22)
                    .mesh()
                    .resolution(10)
                    .build(),
                Transform::from_xyz(0.0, 0.06, -len * 0.44)
                    .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2))
                    .with_scale(Vec3::new(1.0, 1.0, 0.8)),
                hull.clone(),
            ));
            match kind {
                Kind::Carrier => parts.push((
                    Cuboid::new(width * 1.25, 0.03, len * 0.9).mesh().build(),
                    Transform::from_xyz(0.0, 0.18, 0.0),
                    dark.clone(),
                )),
                Kind::Battleship => {
                    for z in [-0.22, 0.22] {
                        parts.push((
                            Cylinder::new(width * 0.3, 0.1)
                                .mesh()
                                .resolution(10)
                                .build(),
                            Transform::from_xyz(0.0, 0.21, z * len),
                            dark.clone(),
                        ));
                    }
                }
                Kind::Transport => parts.push((
                    Cuboid::new(width * 0.7, 0.16, len * 0.35).mesh().build(),
                    Transform::from_xyz(0.0, 0.24, 0.08 * len),
                    dark.clone(),
                )),
                _ => parts.push((
                    Cylinder::new(width * 0.2, 0.14)
                        .mesh()
                        .resolution(10)
                        .build(),
                    Transform::from_xyz(0.0, 0.23, 0.0),
                    dark.clone(),
                )),
            }
            0.22
        }
    };
    // The patent's marks: bow dots forward, tail dots aft, bands round the pieces that are
    // fired or launched (and round the destroyer: orange, its ramming).
    let dot = Sphere::new(0.045 * s.max(0.6)).mesh().uv(6, 4);
    // One material a mark colour, so that the dots of a colour merge into one mesh.
    let mut paints: Vec<(Mark, Handle<StandardMaterial>)> = Vec::new();
    let mut paint = |mark: Mark| {
        if let Some((_, handle)) = paints.iter().find(|(m, _)| *m == mark) {
            return handle.clone();
        }
        let handle = materials.add(StandardMaterial {
            base_color: color(palette::mark(mark)),
            emissive: color(palette::mark(mark)).to_linear() * 0.4,
            ..default()
        });
        paints.push((mark, handle.clone()));
        handle
    };
    let rows = [
        (bow_dots_for(kind, armed), bow_z),
        (kind.tail_dots(), stern_z),
    ];
    for (marks, z) in rows {
        let n = marks.len() as f32;
        for (i, mark) in marks.iter().enumerate() {
            let x = (i as f32 - (n - 1.0) / 2.0) * 0.1 * s.max(0.6);
            let z = if kind.is_auxiliary() { z * 0.45 } else { z };
            parts.push((
                dot.clone(),
                Transform::from_xyz(x, deck + 0.03, z),
                paint(*mark),
            ));
        }
    }
    for &band in kind.bands() {
        let paint = materials.add(StandardMaterial {
            base_color: color(palette::mark(band)),
            ..default()
        });
        if kind.is_auxiliary() {
            parts.push((
                Torus::new(0.05 * s, 0.08 * s)
                    .mesh()
                    .minor_resolution(4)
                    .major_resolution(10)
                    .build(),
                Transform::from_rotation(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2)),
                paint,
            ));
        } else {
            // A hull's band: a collar round it, aft of the funnel.
            parts.push((
                Cuboid::new(0.28 * s * 1.1, 0.23, 0.1 * s).mesh().build(),
                Transform::from_xyz(0.0, 0.06, 0.17 * len),
                paint,
            ));
        }
    }
    // The fleet's masthead, dark on a light fleet and light on a dark one, on a mast at the stern, a shape of its own that reads
    // from any side: Fleet 1's a ball, Fleet 2's a cube, Fleet 3's a cone, Fleet 4's a ring.
    let scale = if kind.is_auxiliary() { 0.5 } else { 1.0 };
    let top = deck + 0.26 * s * scale;
    let z = if kind.is_auxiliary() {
        stern_z * 0.45
    } else {
        stern_z * 0.75
    };
    let ink = materials.add(StandardMaterial {
        base_color: color(if hull_color.luminance() > 0.4 {
            palette::INK_ON_LIGHT
        } else {
            palette::INK_ON_DARK
        }),
        perceptual_roughness: 0.5,
        ..default()
    });
    if !kind.is_auxiliary() {
        parts.push((
            Cylinder::new(0.015 * s, 0.26 * s)
                .mesh()
                .resolution(6)
                .build(),
            Transform::from_xyz(0.0, deck + 0.13 * s, z),
            ink.clone(),
        ));
    }
    let h = 0.2 * s * scale;
    let head = match fleet {
        0 => Sphere::new(h * 0.6).mesh().uv(10, 6),
        1 => Cuboid::new(h, h, h).mesh().build(),
        2 => Cone::new(h * 0.6, h * 1.2).mesh().resolution(10).build(),
        _ => Torus::new(h * 0.3, h * 0.65)
            .mesh()
            .minor_resolution(6)
            .major_resolution(12)
            .build(),
    };
    parts.push((head, Transform::from_xyz(0.0, top, z), ink));
    parts
}
