//! The spots of a board, alike for every game: which spot of the game (a square, a space, a
//! slot, a piece) an entity stands for, a click on one as [`SpotClicked`], and the game's
//! selection dropped when the position changes.
//!
//! A game implements [`BoardSpots`] (what its spots are and how its own entities answer) and
//! adds [`plugin`]; in a window, the view's `pointer` turns clicks into [`SpotClicked`] and
//! its `hover` tracks the spot under the mouse; the keyboard's cursor (`cursor`) writes the
//! same [`SpotClicked`]. Every system added here
//! belongs to the game's [`GameSystems`] set.

use crate::table::commands::{BoardReset, MatchSet};
use crate::table::rules::{GameSystems, Played, TableRules};
use bevy::ecs::component::Mutable;
use bevy::ecs::system::{ReadOnlySystemParam, StaticSystemParam, SystemParam, SystemParamItem};
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::PointerId;
use bevy::prelude::*;
use std::fmt;

/// A game whose board and pieces the pointer picks: what a spot of it is, and which spot one
/// of its entities stands for.
pub trait BoardSpots: TableRules {
    /// A place a click names: a square, a space, a slot, or a piece where pieces share one.
    type Spot: Copy + Eq + fmt::Debug + Send + Sync + 'static;
    /// What the game reads to tell an entity's spot: its board and piece components, the
    /// board's size.
    type Lookup: ReadOnlySystemParam + 'static;

    /// The spot `entity` itself stands for, hit at `at`: a board answers from the point hit,
    /// a piece by where it stands. `None` asks the entity's parent (a part of a piece answers
    /// as the piece).
    fn spot_of(
        lookup: &SystemParamItem<'_, '_, Self::Lookup>,
        entity: Entity,
        at: Option<Vec3>,
    ) -> Option<Self::Spot>;

    /// What stands on `spot`, in words, for the mouse's label: "Red cannon on KC5", or the
    /// spot's name where nothing stands; `None` for a spot without a name.
    fn spot_words(&self, spot: Self::Spot) -> Option<String>;

    /// Every spot the keyboard's cursor can stand on (its arrows move among them).
    fn cursor_spots(&self) -> Vec<Self::Spot>;

    /// Where `spot` lies on the table (its middle, on the board's face), for the keyboard's
    /// cursor; `None` for a spot that is not on the board now.
    fn spot_place(&self, spot: Self::Spot) -> Option<Vec3>;

    /// The spots Tab steps through among the `legal` moves: where the pieces that can move
    /// stand (or, where a turn goes on without choosing a piece, the spots to click).
    fn movable_spots(&self, legal: &[Self::Move]) -> Vec<Self::Spot>;
}

/// Which spot of `G` an entity stands for, asking the entity and then its parents.
#[derive(SystemParam)]
pub(crate) struct SpotFinder<'w, 's, G: BoardSpots> {
    lookup: StaticSystemParam<'w, 's, <G as BoardSpots>::Lookup>,
    parents: Query<'w, 's, &'static ChildOf>,
}

impl<G: BoardSpots> SpotFinder<'_, '_, G> {
    /// The spot of `entity` (or of the nearest of its parents that stands for one), hit at
    /// `at`.
    pub(crate) fn spot(&self, entity: Entity, at: Option<Vec3>) -> Option<G::Spot> {
        let mut entity = entity;
        loop {
            if let Some(spot) = G::spot_of(&self.lookup, entity, at) {
                return Some(spot);
            }
            entity = self.parents.get(entity).ok()?.parent();
        }
    }

    /// The spot of the nearest entity under the mouse that stands for one, if any.
    pub(crate) fn under_mouse(&self, map: &HoverMap) -> Option<G::Spot> {
        map.get(&PointerId::Mouse)
            .and_then(|hits| {
                hits.iter()
                    .filter_map(|(e, hit)| self.spot(*e, hit.position).map(|s| (s, hit.depth)))
                    .min_by(|a, b| a.1.total_cmp(&b.1))
            })
            .map(|(s, _)| s)
    }
}

/// A spot of `G`'s board was clicked (a piece counts as the spot it stands for).
#[derive(Message)]
pub struct SpotClicked<G: BoardSpots>(pub G::Spot);

impl<G: BoardSpots> Clone for SpotClicked<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: BoardSpots> Copy for SpotClicked<G> {}

impl<G: BoardSpots> PartialEq for SpotClicked<G> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<G: BoardSpots> fmt::Debug for SpotClicked<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SpotClicked").field(&self.0).finish()
    }
}

/// What a player has entered so far of a move (a chosen piece, a path): a resource that
/// goes back to its default when the position changes.
pub(crate) trait Selection: Resource<Mutability = Mutable> + Default + PartialEq {}

impl<S: Resource<Mutability = Mutable> + Default + PartialEq> Selection for S {}

/// Clicks on `G`'s board arrive as [`SpotClicked`], and the selection `S` (what the player
/// has entered so far) goes back to its default whenever the position changes. Headless.
pub(crate) fn plugin<G: BoardSpots, S: Selection>(app: &mut App) {
    app.add_message::<SpotClicked<G>>()
        .add_plugins(crate::table::cursor::plugin::<G, S>)
        .init_resource::<S>()
        .add_systems(
            Update,
            clear_on_change::<G, S>
                .after(MatchSet)
                .in_set(GameSystems(G::KIND)),
        );
}

/// Drops the selection `S` (back to its default) when a move of `G` is played or the board
/// is reset (a take-back, a new game).
pub(crate) fn clear_on_change<G: TableRules, S: Selection>(
    mut played: MessageReader<Played<G>>,
    mut resets: MessageReader<BoardReset>,
    mut selection: ResMut<S>,
) {
    if played.read().count() + resets.read().count() > 0 && *selection != S::default() {
        *selection = S::default();
    }
}
