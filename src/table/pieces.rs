//! The entities that show the position: every one carries [`TablePiece`], is spawned from
//! the game when the table is entered ([`SpawnSet`]) and is spawned again from it after a
//! take-back or a new game ([`RebuildSet`]).

use crate::state::AtTable;
use crate::table::commands::{BoardReset, MatchSet};
use crate::table::game_match::Match;
use crate::table::motion::MotionSet;
use crate::table::rules::{GameSystems, TableRules};
use bevy::prelude::*;

/// Marks every entity that shows the position (pieces on the board, in reserve, set aside):
/// a reset despawns them all and spawns them again from the game.
#[derive(Component, Debug, Clone, Copy, Default)]
#[require(DespawnOnExit<AtTable> = DespawnOnExit(AtTable))]
pub struct TablePiece;

/// Marks an entity beside the board that the players must see as they see the pieces,
/// though it is kept by its game rather than rebuilt with the pieces (Transport's reserve
/// auxiliaries): the camera keeps it clear of the panels as it keeps the pieces.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct BesideBoard;

/// Piece entities are spawned at start-up in this set: models must be ready before it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct SpawnSet;

/// Piece entities are rebuilt from the game after a reset in this set: the game's own
/// systems that follow moves run before it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct RebuildSet;

/// The pieces of `G`: spawned when the table is entered, rebuilt after a reset.
pub(crate) fn plugin<G: TableRules>(app: &mut App) {
    let set = GameSystems(G::KIND);
    app.add_systems(
        OnEnter(AtTable),
        spawn_pieces::<G>.in_set(SpawnSet).in_set(set),
    )
    .add_systems(
        Update,
        rebuild_on_reset::<G>
            .in_set(RebuildSet)
            .in_set(set)
            .after(MatchSet)
            .before(MotionSet),
    );
}

fn spawn_pieces<G: TableRules>(mut commands: Commands, the_match: Res<Match<G>>) {
    the_match.game.spawn_pieces(&mut commands);
}

fn rebuild_on_reset<G: TableRules>(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    the_match: Res<Match<G>>,
    shown: Query<Entity, With<TablePiece>>,
) {
    if resets.read().count() == 0 {
        return;
    }
    for entity in &shown {
        commands.entity(entity).despawn();
    }
    the_match.game.spawn_pieces(&mut commands);
}
