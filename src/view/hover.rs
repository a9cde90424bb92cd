//! The spot of a game's board under the mouse, kept in [`Hovered`] after picking has found
//! what is hovered, and what stands there in words ([`HoverWords`]) for the mouse's label.

use crate::table::game_match::Match;
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

/// What stands under the mouse, in words ("Red cannon on KC5"), whatever the game.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct HoverWords(pub Option<String>);

/// The spot under the mouse, kept in [`Hovered`] after picking has found what is hovered,
/// and told in [`HoverWords`].
pub(crate) fn plugin<G: BoardSpots>(app: &mut App) {
    app.init_resource::<Hovered<G>>()
        .init_resource::<HoverWords>()
        .add_systems(
            PreUpdate,
            track_hover::<G>
                .after(bevy::picking::PickingSystems::Hover)
                .in_set(GameSystems(G::KIND)),
        )
        .add_systems(Update, tell_hover::<G>.in_set(GameSystems(G::KIND)));
}

/// The words for the spot under the mouse, when it or the position changes.
fn tell_hover<G: BoardSpots>(
    hover: Res<Hovered<G>>,
    the_match: Res<Match<G>>,
    mut words: ResMut<HoverWords>,
) {
    if !hover.is_changed() && !the_match.is_changed() {
        return;
    }
    let said = hover.0.and_then(|spot| the_match.game.spot_words(spot));
    words.set_if_neq(HoverWords(said));
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
