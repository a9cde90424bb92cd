//! Transport's pieces as vessels: hulls in each fleet's colour carrying the patent's marks
//! (bow dots: what a piece fires; bands: what fires it; tail dots: what sinks it), at the
//! height of their stratum. Ships travel, missiles run along their headings, sunk pieces go
//! down, and each fleet's reserve waits beside its edge. [`plugin`] is the logic;
//! `models` gives them models.

use super::board::{square_center, square_side};
use super::fleet_seat;
use crate::table::commands::MatchSet;
use crate::table::game_match::Match;
use crate::table::motion::{MotionSet, Travel};
use crate::table::pieces::RebuildSet;
use crate::table::rules::Played;
use bevy::prelude::*;
use tabula_rules::transport::Transport;
use tabula_rules::transport::{Dir, Kind, Move, Piece, Stratum};

/// A piece on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(crate::table::pieces::TablePiece)]
pub struct TransportPiece(pub Piece);

/// An auxiliary waiting in its fleet's reserve beside the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(bevy::state::state_scoped::DespawnOnExit<crate::state::AtTable> = bevy::state::state_scoped::DespawnOnExit(crate::state::AtTable))]
pub(crate) struct ReserveAux {
    /// Whose.
    pub fleet: u8,
    /// Plane, shell or torpedo.
    pub kind: Kind,
}

/// A sunk piece going down.
#[derive(Component, Debug, Clone, Copy)]
#[require(crate::table::pieces::TablePiece)]
struct Sinking(f32);

/// A piece that leaves the board once its travel ends (a missile back to reserve).
#[derive(Component, Debug, Clone, Copy)]
#[require(crate::table::pieces::TablePiece)]
struct Vanish;

/// Which model an entity wears: the piece's kind and fleet.
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct Model(pub(super) Kind, pub(super) u8);

/// Pieces follow the game.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        ((
            follow_actions.before(RebuildSet),
            (spread, reserves).after(RebuildSet),
        )
            .after(MatchSet)
            .before(MotionSet))
        .in_set(super::SYSTEMS),
    )
    .add_systems(
        Update,
        (sink, vanish).after(MotionSet).in_set(super::SYSTEMS),
    );
}

/// The world direction of a heading (north is -z).
pub(crate) fn world_dir(d: Dir) -> Vec3 {
    let (dx, dy) = d.delta();
    Vec3::new(f32::from(dx), 0.0, -f32::from(dy)).normalize()
}

/// The transform of a piece: its square (or between a ship's two squares) at its stratum's
/// height, turned along its heading or its length. Two-square ships are stretched to span
/// a diagonal.
pub(crate) fn piece_transform(
    size: u8,
    mode: tabula_rules::transport::Mode,
    piece: &Piece,
) -> Transform {
    let s = square_side(size);
    let mut at = square_center(size, piece.at, piece.kind.stratum());
    if piece.kind == Kind::Shell {
        at.y -= 0.25;
    }
    let (forward, stretch) = match (piece.bow, piece.heading) {
        (Some(bow), _) => {
            let b = square_center(size, bow, Stratum::Surface);
            let d = b - at.with_y(b.y);
            at = (at + b.with_y(at.y)) / 2.0;
            (d.normalize_or(Vec3::NEG_Z), d.length() / s)
        }
        (None, Some(h)) => (world_dir(h), 1.0),
        (None, None) => {
            // Single-square ships face away from their player.
            let turn = fleet_seat(mode, piece.fleet).0 as f32 * std::f32::consts::FRAC_PI_2;
            (Quat::from_rotation_y(turn) * Vec3::NEG_Z, 1.0)
        }
    };
    Transform::from_translation(at)
        .looking_to(forward, Vec3::Y)
        .with_scale(Vec3::new(1.0, 1.0, stretch))
}

/// Where a piece stands when others of its stratum share its square: side by side, so that
/// each is seen and can be clicked.
pub(crate) fn shared_offset(pos: &tabula_rules::transport::Position, piece: &Piece) -> Vec3 {
    if piece.bow.is_some() {
        return Vec3::ZERO;
    }
    let here: Vec<&Piece> = pos
        .pieces()
        .iter()
        .filter(|p| p.bow.is_none() && p.at == piece.at && p.kind.stratum() == piece.kind.stratum())
        .collect();
    let n = here.len();
    let Some(i) = here.iter().position(|p| *p == piece) else {
        return Vec3::ZERO;
    };
    if n < 2 {
        return Vec3::ZERO;
    }
    let step = square_side(pos.size) * 0.7 / n as f32;
    Vec3::X * (i as f32 - (n as f32 - 1.0) / 2.0) * step
}

/// Sets pieces that share a square side by side once they have arrived.
fn spread(
    the_match: Res<Match<Transport>>,
    mut pieces: Query<(&TransportPiece, &mut Transform), Without<Travel>>,
) {
    if !the_match.is_changed() {
        return;
    }
    let pos = the_match.game.position();
    for (piece, mut transform) in &mut pieces {
        let mut at = piece_transform(pos.size, pos.mode, &piece.0).translation;
        at += shared_offset(pos, &piece.0);
        if transform.translation != at {
            transform.translation = at;
        }
    }
}

/// Spawns every entity that shows the position of `game`.
pub(crate) fn spawn_pieces(game: &Transport, commands: &mut Commands) {
    let pos = game.position();
    for p in pos.pieces() {
        commands.spawn((
            TransportPiece(*p),
            Model(p.kind, p.fleet),
            piece_transform(pos.size, pos.mode, p),
            Visibility::default(),
        ));
    }
}

#[allow(clippy::type_complexity)]
fn follow_actions(
    mut commands: Commands,
    mut played: MessageReader<Played<Transport>>,
    the_match: Res<Match<Transport>>,
    mut pieces: Query<
        (Entity, &mut TransportPiece, &Transform),
        (Without<Sinking>, Without<Vanish>),
    >,
) {
    let pos = the_match.game.position();
    let (size, mode) = (pos.size, pos.mode);
    let mut going: Vec<Entity> = Vec::new();
    for event in played.read() {
        let f = event.player.0;
        match &event.mv {
            Move::Main { kind, .. } => {
                if let (Some((entity, mut shown, transform)), Some(now)) = (
                    pieces
                        .iter_mut()
                        .find(|(_, p, _)| p.0.fleet == f && p.0.kind == *kind),
                    pos.pieces()
                        .iter()
                        .find(|p| p.fleet == f && p.kind == *kind),
                ) {
                    shown.0 = *now;
                    let target = piece_transform(size, mode, now);
                    commands.entity(entity).insert((
                        Travel::new(transform.translation, vec![target.translation])
                            .sliding()
                            .turning(transform.rotation, target.rotation),
                        Transform {
                            scale: target.scale,
                            ..*transform
                        },
                    ));
                }
            }
            Move::Launch { kind, at, heading } => {
                let ship = match kind {
                    Kind::Plane => Kind::Carrier,
                    Kind::Shell => Kind::Battleship,
                    _ => Kind::Destroyer,
                };
                let from = pieces
                    .iter()
                    .find(|(_, p, _)| p.0.fleet == f && p.0.kind == ship)
                    .map(|(_, _, t)| t.translation)
                    .unwrap_or(square_center(size, *at, Stratum::Surface));
                let mut waypoints = vec![square_center(size, *at, kind.stratum())];
                let mut end = *at;
                if *kind == Kind::Torpedo {
                    end = at.step(*heading);
                    waypoints.push(square_center(size, end, Stratum::Surface));
                }
                let landed = pos.pieces().iter().find(|p| {
                    p.fleet == f && p.kind == *kind && p.at == end && p.heading == Some(*heading)
                });
                let shown = landed.copied().unwrap_or(Piece {
                    fleet: f,
                    kind: *kind,
                    at: end,
                    bow: None,
                    heading: Some(*heading),
                    moved: false,
                });
                let target = piece_transform(size, mode, &shown);
                let mut spawned = commands.spawn((
                    Model(*kind, f),
                    Transform::from_translation(from).with_rotation(target.rotation),
                    Visibility::default(),
                    Travel::new(from, waypoints),
                ));
                if landed.is_some() {
                    spawned.insert(TransportPiece(shown));
                } else {
                    spawned.insert(Vanish);
                }
            }
            Move::Advance {
                kind,
                from,
                heading,
                to,
                repoint,
            } => {
                let Some((entity, mut shown, transform)) = pieces.iter_mut().find(|(_, p, _)| {
                    p.0.fleet == f
                        && p.0.kind == *kind
                        && p.0.at == *from
                        && p.0.heading == Some(*heading)
                }) else {
                    continue;
                };
                let end = to.unwrap_or_else(|| from.step(*heading));
                let now = pos.pieces().iter().find(|p| {
                    p.fleet == f && p.kind == *kind && p.at == end && p.heading == Some(*repoint)
                });
                let mut target = square_center(size, end, kind.stratum());
                if *kind == Kind::Shell {
                    target.y -= 0.25;
                }
                let mut travel = Travel::new(transform.translation, vec![target]).sliding();
                if let Some(now) = now {
                    shown.0 = *now;
                    let t = piece_transform(size, mode, now);
                    travel = travel.turning(transform.rotation, t.rotation);
                    commands.entity(entity).insert(travel);
                } else {
                    commands
                        .entity(entity)
                        .remove::<TransportPiece>()
                        .insert((travel, Vanish));
                }
            }
            Move::Pass => {}
        }
        // What the action sank, and the pieces of a fleet put out, go down.
        for gone in event.effect.sunk.iter().chain(&event.effect.removed) {
            let found = pieces
                .iter()
                .find(|(e, p, _)| p.0 == *gone && !going.contains(e))
                .map(|(e, _, _)| e);
            if let Some(entity) = found {
                going.push(entity);
                commands
                    .entity(entity)
                    .remove::<TransportPiece>()
                    .insert(Sinking(0.0));
            }
        }
    }
}

/// Where a fleet's `index`-th reserve auxiliary waits: along its edge, outside the tank.
fn reserve_position(mode: tabula_rules::transport::Mode, fleet: u8, index: usize) -> Vec3 {
    let seat = fleet_seat(mode, fleet).0;
    let row = if mode == tabula_rules::transport::Mode::Teams && fleet >= 2 {
        0.55
    } else {
        0.0
    };
    let local = Vec3::new(-4.2 + index as f32 * 0.42, -0.1, 5.6 + row);
    Quat::from_rotation_y(seat as f32 * std::f32::consts::FRAC_PI_2) * local
}

/// Keeps the reserve trays in step with the rules' reserve counts.
fn reserves(
    mut commands: Commands,
    the_match: Res<Match<Transport>>,
    shown: Query<Entity, With<ReserveAux>>,
) {
    if !the_match.is_changed() {
        return;
    }
    for entity in &shown {
        commands.entity(entity).despawn();
    }
    let pos = the_match.game.position();
    for fleet in 0..pos.mode.fleets() {
        let mut i = 0;
        for kind in Kind::AUXILIARY {
            for _ in 0..pos.reserve(fleet, kind) {
                let at = reserve_position(pos.mode, fleet, i);
                commands.spawn((
                    ReserveAux { fleet, kind },
                    crate::table::pieces::BesideBoard,
                    Model(kind, fleet),
                    Transform::from_translation(at).looking_to(Vec3::X, Vec3::Y),
                    Visibility::default(),
                ));
                i += 1;
            }
            i += 1;
        }
    }
}

fn sink(
    mut commands: Commands,
    time: Res<Time>,
    skip: Res<crate::table::motion::Skip>,
    mut going: Query<(Entity, &mut Sinking, &mut Transform)>,
) {
    for (entity, mut sinking, mut transform) in &mut going {
        if skip.0 {
            commands.entity(entity).despawn();
            continue;
        }
        sinking.0 += time.delta_secs();
        transform.translation.y -= time.delta_secs() * 0.8;
        transform.rotate_local_z(time.delta_secs() * 0.6);
        if sinking.0 > 1.4 {
            commands.entity(entity).despawn();
        }
    }
}

fn vanish(mut commands: Commands, done: Query<Entity, (With<Vanish>, Without<Travel>)>) {
    for entity in &done {
        commands.entity(entity).despawn();
    }
}
