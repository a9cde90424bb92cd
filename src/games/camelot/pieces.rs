//! Camelot's men and knights: entities that follow the rules position, walk their paths,
//! and leave the board to the side when captured. [`plugin`] is the logic; `models`
//! gives them models (a knight wears a horse's head, as the patent draws it).

use super::board::square_center;
use crate::table::commands::MatchSet;
use crate::table::motion::{MotionSet, Travel};
use crate::table::pieces::RebuildSet;
use crate::table::rules::Played;
use bevy::prelude::*;
use tabula_rules::camelot::Camelot;
use tabula_rules::camelot::{Piece, Side, Square};

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
pub(super) struct Model(pub(super) Piece);

/// Spawning, moving and setting aside pieces.
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

/// Where the `index`-th piece captured from `side` waits beside the board: White's losses
/// on the left of White's player, Black's on the right.
pub(crate) fn tray_position(side: Side, index: usize) -> Vec3 {
    let column = (index / 8) as f32;
    let row = (index % 8) as f32;
    match side {
        Side::White => Vec3::new(-5.4 - column * 0.7, -0.2, 3.6 - row * 0.75),
        Side::Black => Vec3::new(5.4 + column * 0.7, -0.2, -3.6 + row * 0.75),
    }
}

/// Spawns every entity that shows the position of `game`.
pub(crate) fn spawn_pieces(game: &Camelot, commands: &mut Commands) {
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
