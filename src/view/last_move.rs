//! The last move marked on the board, the same in every game and whoever made it: a ring
//! where the piece stood, a line along its way with a dot at each landing on the way, and a
//! target where it ended. A throw or a card is not a move on the board: the move before it is
//! marked.

use crate::table::commands::MatchSet;
use crate::table::game_match::Match;
use crate::table::rules::{GameSystems, TableRules};
use crate::view::theme::LAST_MOVE;
use bevy::prelude::*;

/// The last move of the game `G` marked on its board.
pub(crate) fn plugin<G: TableRules>(app: &mut App) {
    app.add_systems(
        Update,
        draw_last_move::<G>
            .after(MatchSet)
            .in_set(GameSystems(G::KIND)),
    );
}

/// The points the last move on the board passed through (where the piece stood, each
/// landing), worked out in the position it was played in; empty before the first.
pub fn last_move_points<G: TableRules>(game: &G) -> Vec<Vec3> {
    let mut before = game.clone();
    while let Some(mv) = before.undo() {
        if !G::is_chance(&mv) {
            return before.move_points(&mv);
        }
    }
    Vec::new()
}

/// The marks drawn each frame; the points are worked out again when the match changes.
fn draw_last_move<G: TableRules>(
    the_match: Res<Match<G>>,
    mut shown: Local<(Vec<Vec3>, f32)>,
    mut gizmos: Gizmos,
) {
    if the_match.is_changed() {
        *shown = (
            last_move_points(&the_match.game),
            the_match.game.spot_size(),
        );
    }
    let (points, size) = &*shown;
    let flat = |at: Vec3| {
        Isometry3d::new(
            at + Vec3::Y * 0.03,
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        )
    };
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        return;
    };
    if points.len() > 1 {
        gizmos.circle(flat(*first), 0.4 * size, LAST_MOVE);
        for pair in points.windows(2) {
            gizmos
                .arrow(
                    pair[0] + Vec3::Y * 0.03,
                    pair[1] + Vec3::Y * 0.03,
                    LAST_MOVE,
                )
                .with_tip_length(0.25 * size);
        }
        for landing in &points[1..points.len() - 1] {
            gizmos.circle(flat(*landing), 0.14 * size, LAST_MOVE);
        }
    }
    gizmos.circle(flat(*last), 0.44 * size, LAST_MOVE);
    gizmos.circle(flat(*last), 0.36 * size, LAST_MOVE);
}
