//! What the mouse points at on a board: the nearest hit that a game resolves to one of its
//! spots (a square, a slot, a piece's square).

use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::PointerId;
use bevy::prelude::*;

/// The spot of the nearest entity under the mouse that `spot` resolves (from the entity and
/// the point hit on it), if any.
pub fn nearest_under_mouse<T>(
    map: &HoverMap,
    spot: impl Fn(Entity, Option<Vec3>) -> Option<T>,
) -> Option<T> {
    map.get(&PointerId::Mouse)
        .and_then(|hits| {
            hits.iter()
                .filter_map(|(e, hit)| spot(*e, hit.position).map(|s| (s, hit.depth)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
        })
        .map(|(s, _)| s)
}
