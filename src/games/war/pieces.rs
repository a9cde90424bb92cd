//! Piece entities: a view of the rules position. Each carries its rules location; they are
//! spawned from the position, moved and captured by `Played<War>`, and rebuilt on `BoardReset`.
//! [`plugin`] is the logic (headless-testable); `models` gives them their 3D models.

use crate::games::war::board::{square_center, station_center};
use crate::table::commands::MatchSet;
use crate::table::motion::{MotionSet, Travel};
use crate::table::pieces::RebuildSet;
use crate::table::rules::Played;
use bevy::prelude::*;
use tabula_rules::war::War;
use tabula_rules::war::{Move, Piece, Place, Side, Square, Station};

/// Where a piece stands, in rules terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Location {
    /// On a board square.
    Board(Square),
    /// On a flying-machine station.
    Station(Side, Station),
}

impl Location {
    /// The world position of the spot's top.
    pub(crate) fn world(self) -> Vec3 {
        match self {
            Location::Board(sq) => square_center(sq),
            Location::Station(side, st) => station_center(side, st),
        }
    }
}

/// A piece in play and where the rules say it stands.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(crate::table::pieces::TablePiece)]
pub struct PieceEntity {
    /// The piece as the rules know it.
    pub piece: Piece,
    /// Where it stands.
    pub at: Location,
}

/// A captured piece, set aside beside the board.
#[derive(Component, Debug, Clone, Copy)]
#[require(crate::table::pieces::TablePiece)]
pub struct CapturedPiece {
    /// The piece.
    pub piece: Piece,
}

/// Which 3D model an entity wears.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct PieceModel(pub Piece);

/// Models are drawn at this scale (1.0 = parts sized for a unit square).
const PIECE_SCALE: f32 = 1.3;

/// Spawning, moving and setting aside piece entities.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (follow_moves
            .before(RebuildSet)
            .after(MatchSet)
            .before(MotionSet))
        .in_set(super::SYSTEMS),
    );
}

/// Where the `index`-th piece captured from `side` waits beside the board.
pub(crate) fn tray_position(side: Side, index: usize) -> Vec3 {
    let x = match side {
        Side::Red => -6.3 - (index / 10) as f32 * 1.0,
        Side::Blue => 6.3 + (index / 10) as f32 * 1.0,
    };
    let z = match side {
        Side::Red => 4.3 - (index % 10) as f32 * 0.95,
        Side::Blue => -4.3 + (index % 10) as f32 * 0.95,
    };
    Vec3::new(x, -0.2, z)
}

/// Spawns every entity that shows the position of `game`.
pub(crate) fn spawn_pieces(game: &War, commands: &mut Commands) {
    for (place, piece) in game.position().all_pieces() {
        let at = match place {
            Place::Square(sq) => Location::Board(sq),
            Place::Station(st) => Location::Station(piece.side, st),
        };
        commands.spawn((
            PieceEntity { piece, at },
            PieceModel(piece),
            Transform::from_translation(at.world())
                .with_rotation(facing(piece.side))
                .with_scale(Vec3::splat(PIECE_SCALE)),
            Visibility::default(),
        ));
    }
    let mut counts = [0usize; 2];
    for piece in game.captured() {
        let i = &mut counts[piece.side.index()];
        commands.spawn((
            CapturedPiece { piece },
            PieceModel(piece),
            Transform::from_translation(tray_position(piece.side, *i))
                .with_rotation(facing(piece.side)),
            Visibility::default(),
        ));
        *i += 1;
    }
}

/// Pieces face the enemy.
pub(crate) fn facing(side: Side) -> Quat {
    match side {
        Side::Red => Quat::IDENTITY,
        Side::Blue => Quat::from_rotation_y(std::f32::consts::PI),
    }
}

fn follow_moves(
    mut commands: Commands,
    mut played: MessageReader<Played<War>>,
    mut pieces: Query<(Entity, &mut PieceEntity, &Transform)>,
    captured: Query<&CapturedPiece>,
) {
    for event in played.read() {
        let side = event.effect.mover.side;
        let mut set_aside = [0usize; 2];
        for c in &captured {
            set_aside[c.piece.side.index()] += 1;
        }
        for (sq, victim) in &event.effect.captured {
            let found = pieces
                .iter()
                .find(|(_, p, _)| p.at == Location::Board(*sq))
                .map(|(e, _, t)| (e, t.translation));
            if let Some((entity, from)) = found {
                let i = &mut set_aside[victim.side.index()];
                let tray = tray_position(victim.side, *i);
                *i += 1;
                commands.entity(entity).remove::<PieceEntity>().insert((
                    CapturedPiece { piece: *victim },
                    Travel::new(from, vec![tray]),
                ));
            }
        }
        let origin = match &event.mv {
            Move::Fly { station, .. } => Location::Station(side, *station),
            Move::Step { from, .. } | Move::Jump { from, .. } => Location::Board(*from),
        };
        if let Some((entity, mut piece, transform)) =
            pieces.iter_mut().find(|(_, p, _)| p.at == origin)
        {
            piece.at = Location::Board(event.mv.destination());
            piece.piece.moved = true;
            let waypoints = event.mv.path().into_iter().map(square_center).collect();
            commands
                .entity(entity)
                .insert(Travel::new(transform.translation, waypoints));
        }
    }
}
