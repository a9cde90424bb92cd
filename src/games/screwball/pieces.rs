//! Screws and balls: entities that follow the rules position. A moved piece travels to its
//! square (and on to the dead pile if it dies there); each penalty piece travels from its
//! owner's reserve beside the board to the square the attacker chose. [`plugin`] is the
//! logic; `models` gives them models: screws with a thread and a slotted head, balls
//! on a flat foot, large and small.

use super::board::space_center;
use crate::table::commands::MatchSet;
use crate::table::game_match::Match;
use crate::table::motion::{MotionSet, Travel};
use crate::table::pieces::{RebuildSet, TablePiece};
use crate::table::rules::Played;
use bevy::prelude::*;
use std::collections::HashMap;
use tabula_rules::screwball::Screwball;
use tabula_rules::screwball::game::{Piece, dead_at, square_for};
use tabula_rules::screwball::{Board, Move, Player, Size, SpaceId};

/// A piece on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(TablePiece)]
pub struct ScrewballPiece {
    /// The piece.
    pub piece: Piece,
    /// Its space.
    pub at: SpaceId,
}

/// A piece in its owner's reserve beside the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(TablePiece)]
pub struct Reserve(pub Piece);

/// A dead piece, set aside for good.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(TablePiece)]
pub struct Dead(pub Piece);

/// Which model an entity wears.
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct Model(pub(super) Piece);

/// Pieces follow the game.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        ((
            follow_moves.before(RebuildSet),
            arrange_trays.after(RebuildSet),
        )
            .after(MatchSet)
            .before(MotionSet))
        .in_set(super::SYSTEMS),
    );
}

/// Where the `index`-th reserve piece of a player's `size` waits: Screws' on their left,
/// Balls' on theirs.
pub(crate) fn tray_position(owner: Player, size: Size, index: usize) -> Vec3 {
    let row = (index / 9) as f32;
    let along = (index % 9) as f32 * 0.62;
    let lane = match size {
        Size::Large => 0.0,
        Size::Small => 1.5,
    };
    match owner {
        Player::Screws => Vec3::new(-5.6 - lane - row * 0.7, -0.2, 2.6 - along),
        Player::Balls => Vec3::new(5.6 + lane + row * 0.7, -0.2, -2.6 + along),
    }
}

/// Where the `index`-th dead piece of a player lies.
pub(crate) fn dead_position(owner: Player, index: usize) -> Vec3 {
    let along = index as f32 * 0.55;
    match owner {
        Player::Screws => Vec3::new(-3.5 + along, -0.2, 6.0),
        Player::Balls => Vec3::new(3.5 - along, -0.2, -6.0),
    }
}

/// Spawns every piece of `g`: on the board, in the reserves, on the dead piles.
pub(crate) fn spawn_pieces(g: &Screwball, commands: &mut Commands) {
    let pos = g.position();
    for owner in Player::ALL {
        for (at, piece) in pos.pieces_of(owner) {
            commands.spawn((
                ScrewballPiece { piece, at },
                Model(piece),
                Transform::from_translation(space_center(at)),
                Visibility::default(),
            ));
        }
        for size in [Size::Large, Size::Small] {
            let piece = Piece { owner, size };
            for i in 0..usize::from(g.reserve(owner, size)) {
                commands.spawn((
                    Reserve(piece),
                    Model(piece),
                    Transform::from_translation(tray_position(owner, size, i)),
                    Visibility::default(),
                ));
            }
        }
        let mut k = 0;
        for size in [Size::Large, Size::Small] {
            for _ in 0..pos.dead(owner, size) {
                let piece = Piece { owner, size };
                commands.spawn((
                    Dead(piece),
                    Model(piece),
                    Transform::from_translation(dead_position(owner, k)),
                    Visibility::default(),
                ));
                k += 1;
            }
        }
    }
}

#[allow(clippy::type_complexity)]
/// A reserve piece set on `spot` (a penalty piece or an entry): it stays there, or, where it
/// could never move (a dead square), it goes on to its owner's dead pile at once. Returns its
/// journey.
fn arrive(
    commands: &mut Commands,
    entity: Entity,
    piece: Piece,
    spot: SpaceId,
    start: Vec3,
    dead_slot: impl FnOnce() -> usize,
) -> Travel {
    let mut waypoints = vec![space_center(spot)];
    let mut it = commands.entity(entity);
    it.remove::<Reserve>();
    if dead_at(piece.owner, spot) {
        waypoints.push(dead_position(piece.owner, dead_slot()));
        it.insert(Dead(piece));
    } else {
        it.insert(ScrewballPiece { piece, at: spot });
    }
    Travel::new(start, waypoints)
}

fn follow_moves(
    mut commands: Commands,
    mut played: MessageReader<Played<Screwball>>,
    mut pieces: Query<(Entity, &mut ScrewballPiece, &Transform)>,
    reserves: Query<(Entity, &Reserve, &Transform), Without<Travel>>,
    dead: Query<&Dead>,
) {
    let b = Board::get();
    let mut taken: Vec<Entity> = Vec::new();
    // Pieces sent to the dead piles this frame (the query sees them only next frame).
    let mut fallen: HashMap<Player, usize> = HashMap::new();
    let mut next_dead = |owner: Player| {
        let k = fallen.entry(owner).or_insert(0);
        *k += 1;
        dead.iter().filter(|d| d.0.owner == owner).count() + *k - 1
    };
    for event in played.read() {
        let mut take_reserve = |owner: Player, size: Size| {
            let found = reserves
                .iter()
                .filter(|(e, r, _)| r.0 == Piece { owner, size } && !taken.contains(e))
                .max_by(|a, b| a.2.translation.z.total_cmp(&b.2.translation.z))
                .map(|(e, _, t)| (e, t.translation));
            if let Some((e, _)) = found {
                taken.push(e);
            }
            found
        };
        match &event.mv {
            Move::Step {
                from,
                to,
                placements,
            } => {
                if let Some((entity, mut piece, transform)) =
                    pieces.iter_mut().find(|(_, p, _)| p.at == *from)
                {
                    let start = transform.translation;
                    let mut waypoints = vec![space_center(*to)];
                    if event.effect.mover_died {
                        waypoints.push(dead_position(event.player, next_dead(event.player)));
                        commands
                            .entity(entity)
                            .remove::<ScrewballPiece>()
                            .insert(Dead(piece.piece));
                    } else {
                        piece.at = *to;
                    }
                    commands
                        .entity(entity)
                        .insert(Travel::new(start, waypoints));
                }
                let victim = event.player.other();
                for spot in placements {
                    let size = square_for(b.space(*spot).size);
                    if let Some((entity, start)) = take_reserve(victim, size) {
                        let piece = Piece {
                            owner: victim,
                            size,
                        };
                        let travel = arrive(&mut commands, entity, piece, *spot, start, || {
                            next_dead(victim)
                        });
                        commands.entity(entity).insert(travel.after_legs(1));
                    }
                }
            }
            Move::Enter(at) => {
                let size = square_for(b.space(*at).size);
                if let Some((entity, start)) = take_reserve(event.player, size) {
                    let piece = Piece {
                        owner: event.player,
                        size,
                    };
                    let travel = arrive(&mut commands, entity, piece, *at, start, || {
                        next_dead(event.player)
                    });
                    commands.entity(entity).insert(travel);
                }
            }
            Move::Pass => {}
        }
    }
}

/// Closes the gaps in the reserve trays once pieces have left them.
fn arrange_trays(
    the_match: Res<Match<Screwball>>,
    mut trays: Query<(&Reserve, &mut Transform), Without<Travel>>,
) {
    if !the_match.is_changed() {
        return;
    }
    let mut counts = [[0usize; 2]; 2];
    let mut all: Vec<_> = trays.iter_mut().collect();
    all.sort_by(|a, b| b.1.translation.z.total_cmp(&a.1.translation.z));
    for (reserve, mut transform) in all {
        let Piece { owner, size } = reserve.0;
        let k = usize::from(size == Size::Small);
        let i = &mut counts[owner.index()][k];
        transform.translation = tray_position(owner, size, *i);
        *i += 1;
    }
}
