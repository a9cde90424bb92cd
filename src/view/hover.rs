//! The spot of a game's board under the mouse, kept in [`Hovered`] after picking has found
//! what is hovered.

use crate::table::rules::GameSystems;
use crate::table::spots::{BoardSpots, SpotFinder};
use bevy::picking::hover::HoverMap;
use bevy::prelude::*;
use std::fmt;

/// The spot of `G` under the mouse, if any.
#[derive(Resource)]
pub(crate) struct Hovered<G: BoardSpots>(pub Option<G::Spot>);

impl<G: BoardSpots> Default for Hovered<G> {
    fn default() -> Self {
        Hovered(None)
    }
}

impl<G: BoardSpots> fmt::Debug for Hovered<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Hovered").field(&self.0).finish()
    }
}

/// The spot under the mouse, kept in [`Hovered`] after picking has found what is hovered.
pub(crate) fn plugin<G: BoardSpots>(app: &mut App) {
    app.init_resource::<Hovered<G>>().add_systems(
        PreUpdate,
        track_hover::<G>
            .after(bevy::picking::PickingSystems::Hover)
            .in_set(GameSystems(G::KIND)),
    );
}

fn track_hover<G: BoardSpots>(
    map: Option<Res<HoverMap>>,
    spots: SpotFinder<G>,
    mut hover: ResMut<Hovered<G>>,
) {
    let Some(map) = map else { return };
    let nearest = spots.under_mouse(&map);
    if hover.0 != nearest {
        hover.0 = nearest;
    }
}
