//! Clicks on a game's board: a primary click, where it began, on an entity that stands for a
//! spot of the game becomes [`SpotClicked`].

use crate::table::spots::{BoardSpots, SpotClicked, SpotFinder};
use bevy::prelude::*;

/// Picking on `G`'s board: a primary click, where it began, on an entity that stands for a
/// spot writes [`SpotClicked`].
pub(crate) fn plugin<G: BoardSpots>(app: &mut App) {
    app.add_observer(on_click::<G>);
}

fn on_click<G: BoardSpots>(
    click: On<Pointer<Click>>,
    spots: SpotFinder<G>,
    mut clicked: MessageWriter<SpotClicked<G>>,
) {
    // Clicks bubble from a piece's parts to the piece: answer only where the click began.
    if click.button != PointerButton::Primary
        || click.event_target() != click.original_event_target()
    {
        return;
    }
    if let Some(spot) = spots.spot(click.event_target(), click.hit.position) {
        clicked.write(SpotClicked(spot));
    }
}
