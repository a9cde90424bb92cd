//! Camelot's men and knights: entities that follow the rules position, walk their paths,
//! and leave the board to the side when captured. [`plugin`] is the logic; [`view_plugin`]
//! gives them models (a knight wears a horse's head, as the patent draws it).

use super::board::{SQUARE, side_color, square_center};
use crate::table::commands::MatchSet;
use crate::table::motion::{MotionSet, Travel};
use crate::table::pieces::{RebuildSet, SpawnSet};
use crate::table::rules::Played;
use bevy::prelude::*;
use tabula_rules::camelot::Camelot;
use tabula_rules::camelot::{Kind, Piece, Side, Square};

/// A man or knight on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(crate::table::pieces::TablePiece)]
pub struct CamelotPiece {
    /// The piece.
    pub piece: Piece,
    /// Its square.
    pub at: Square,
}

/// A captured piece beside the board.
#[derive(Component, Debug, Clone, Copy)]
#[require(crate::table::pieces::TablePiece)]
pub struct CamelotCaptured(pub Piece);

/// Which model an entity wears.
#[derive(Component, Debug, Clone, Copy)]
struct Model(Piece);

/// Spawning, moving and setting aside pieces.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (follow_moves
            .before(RebuildSet)
            .after(MatchSet)
            .before(MotionSet))
        .in_set(super::SYSTEMS),
    );
}

/// Where the `index`-th piece captured from `side` waits beside the board: White's losses
/// on the left of White's player, Black's on the right.
pub fn tray_position(side: Side, index: usize) -> Vec3 {
    let column = (index / 8) as f32;
    let row = (index % 8) as f32;
    match side {
        Side::White => Vec3::new(-5.4 - column * 0.7, -0.2, 3.6 - row * 0.75),
        Side::Black => Vec3::new(5.4 + column * 0.7, -0.2, -3.6 + row * 0.75),
    }
}

/// Spawns every entity that shows the position of `game`.
pub fn spawn_pieces(game: &Camelot, commands: &mut Commands) {
    let pos = game.position();
    for side in Side::ALL {
        for (at, piece) in pos.pieces_of(side) {
            commands.spawn((
                CamelotPiece { piece, at },
                Model(piece),
                Transform::from_translation(square_center(at)),
                Visibility::default(),
            ));
        }
    }
    let mut counts = [0usize; 2];
    for piece in game.captured() {
        let i = &mut counts[piece.side.index()];
        commands.spawn((
            CamelotCaptured(piece),
            Model(piece),
            Transform::from_translation(tray_position(piece.side, *i)),
            Visibility::default(),
        ));
        *i += 1;
    }
}

fn follow_moves(
    mut commands: Commands,
    mut played: MessageReader<Played<Camelot>>,
    mut pieces: Query<(Entity, &mut CamelotPiece, &Transform)>,
    captured: Query<&CamelotCaptured>,
) {
    for event in played.read() {
        let mut set_aside = [0usize; 2];
        for c in &captured {
            set_aside[c.0.side.index()] += 1;
        }
        // A captured piece leaves when the jumper lands beyond it.
        for capture in &event.effect.captured {
            let victim = &capture.piece;
            let found = pieces
                .iter()
                .find(|(_, p, _)| p.at == capture.square)
                .map(|(e, _, t)| (e, t.translation));
            if let Some((entity, from)) = found {
                let i = &mut set_aside[victim.side.index()];
                let tray = tray_position(victim.side, *i);
                *i += 1;
                let travel = Travel::new(from, vec![tray]).after_legs(capture.leg);
                commands
                    .entity(entity)
                    .remove::<CamelotPiece>()
                    .insert((CamelotCaptured(*victim), travel));
            }
        }
        if let Some((entity, mut piece, transform)) =
            pieces.iter_mut().find(|(_, p, _)| p.at == event.mv.from)
        {
            piece.at = event.mv.destination();
            let waypoints = event.mv.path().into_iter().map(square_center).collect();
            commands
                .entity(entity)
                .insert(Travel::new(transform.translation, waypoints));
        }
    }
}

/// Materials of the men and knights.
#[derive(Resource)]
struct Kit {
    army: [Handle<StandardMaterial>; 2],
    trim: [Handle<StandardMaterial>; 2],
}

/// Gives pieces their models.
pub fn view_plugin(app: &mut App) {
    app.add_systems(
        OnEnter(crate::state::AtTable),
        make_kit
            .run_if(not(resource_exists::<Kit>))
            .before(SpawnSet)
            .in_set(super::SYSTEMS),
    )
    .add_systems(PostUpdate, dress.in_set(super::SYSTEMS));
}

fn make_kit(mut commands: Commands, mut materials: ResMut<Assets<StandardMaterial>>) {
    let paint = |c: Color| StandardMaterial {
        base_color: c,
        perceptual_roughness: 0.3,
        reflectance: 0.6,
        ..default()
    };
    commands.insert_resource(Kit {
        army: [
            materials.add(paint(side_color(Side::White))),
            materials.add(paint(side_color(Side::Black))),
        ],
        trim: [
            materials.add(paint(Color::srgb(0.55, 0.12, 0.1))),
            materials.add(paint(Color::srgb(0.85, 0.68, 0.25))),
        ],
    });
}

fn dress(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    kit: Option<Res<Kit>>,
    lite: Option<Res<crate::view::lite::UseLite>>,
    new: Query<(Entity, &Model), Added<Model>>,
    mut made: Local<std::collections::HashMap<(Side, Kind), crate::view::models::Worn>>,
) {
    let Some(kit) = kit else { return };
    let lite = lite.is_some_and(|l| l.0);
    for (entity, Model(piece)) in &new {
        // One model per army and kind, shared by every piece that wears it.
        let worn = made.entry((piece.side, piece.kind)).or_insert_with(|| {
            let army = &kit.army[piece.side.index()];
            let trim = &kit.trim[piece.side.index()];
            crate::view::models::build(
                model(piece.kind, army, trim),
                lite,
                &mut meshes,
                &mut materials,
            )
        });
        // Pieces face the enemy: White looks towards -z.
        let facing = match piece.side {
            Side::White => Quat::IDENTITY,
            Side::Black => Quat::from_rotation_y(std::f32::consts::PI),
        };
        crate::view::models::wear(
            &mut commands,
            entity,
            worn,
            Transform::from_rotation(facing),
            (),
        );
    }
}

/// The parts of a man or a knight (facing -z) in the `army` colour with `trim`. Small on
/// the table: a few hundred triangles a part (the default sphere alone has twenty
/// thousand, which a software renderer pays for on every frame).
fn model(
    kind: Kind,
    army: &Handle<StandardMaterial>,
    trim: &Handle<StandardMaterial>,
) -> Vec<crate::view::models::Part> {
    let r = SQUARE * 0.4;
    let base = || Cylinder::new(r, 0.1).mesh().resolution(24).build();
    let neck = || Cuboid::new(r * 0.5, r * 1.1, r * 0.62).mesh().build();
    let ear = || Cone::new(r * 0.12, r * 0.3).mesh().resolution(8).build();
    let mut parts: Vec<crate::view::models::Part> = vec![
        (base(), Transform::from_xyz(0.0, 0.05, 0.0), army.clone()),
        (
            base(),
            Transform::from_xyz(0.0, 0.1, 0.0).with_scale(Vec3::new(0.86, 0.2, 0.86)),
            trim.clone(),
        ),
        (
            Cylinder::new(r * 0.62, 0.34).mesh().resolution(20).build(),
            Transform::from_xyz(0.0, 0.27, 0.0),
            army.clone(),
        ),
    ];
    match kind {
        Kind::Man => parts.push((
            Sphere::new(r * 0.5).mesh().uv(18, 10),
            Transform::from_xyz(0.0, 0.46, 0.0),
            army.clone(),
        )),
        Kind::Knight => {
            let tilt = Quat::from_rotation_x(-0.3);
            parts.extend([
                (
                    neck(),
                    Transform::from_xyz(0.0, 0.5, 0.02).with_rotation(tilt),
                    army.clone(),
                ),
                (
                    Cuboid::new(r * 0.46, r * 0.46, r * 1.0).mesh().build(),
                    Transform::from_xyz(0.0, 0.64, -r * 0.35)
                        .with_rotation(Quat::from_rotation_x(0.35)),
                    army.clone(),
                ),
                (
                    ear(),
                    Transform::from_xyz(r * 0.14, 0.76, 0.0),
                    army.clone(),
                ),
                (
                    ear(),
                    Transform::from_xyz(-r * 0.14, 0.76, 0.0),
                    army.clone(),
                ),
                (
                    neck(),
                    Transform::from_xyz(0.0, 0.55, r * 0.3)
                        .with_rotation(tilt)
                        .with_scale(Vec3::new(0.3, 0.9, 0.35)),
                    trim.clone(),
                ),
            ]);
        }
    }
    parts
}
