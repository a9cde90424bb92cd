//! The computer's hint drawn on the board: an arrow along the move's path, with a ring
//! where the piece stands, while the position it was found for is on the table.

use crate::table::commands::MatchSet;
use crate::table::computer::HintShown;
use crate::table::game_match::Match;
use crate::table::rules::{GameSystems, TableRules};
use crate::table::seats::LocalTurn;
use crate::view::theme::hint_glow;
use bevy::prelude::*;

/// The hint of the game `G`, drawn in 3D.
pub(crate) fn plugin<G: TableRules>(app: &mut App) {
    app.add_systems(
        Update,
        draw_hint::<G>.after(MatchSet).in_set(GameSystems(G::KIND)),
    );
}

/// The hint's path as an arrow over the board, with a ring where the piece stands.
fn draw_hint<G: TableRules>(
    hint: Option<Res<HintShown<G>>>,
    the_match: Res<Match<G>>,
    local: Res<LocalTurn>,
    mut gizmos: Gizmos,
    time: Res<Time>,
) {
    let Some(hint) = hint else { return };
    if hint.generation != the_match.generation || !local.0 {
        return;
    }
    let lift = Vec3::Y * 0.35;
    let glow = 0.75 + 0.25 * (time.elapsed_secs() * 4.0).sin();
    let colour = hint_glow(glow);
    let Some(first) = hint.points.first() else {
        return;
    };
    let ring = Isometry3d::new(
        *first + Vec3::Y * 0.05,
        Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
    );
    gizmos.circle(ring, 0.42, colour);
    gizmos.circle(ring, 0.36, colour);
    for pair in hint.points.windows(2) {
        gizmos
            .arrow(pair[0] + lift, pair[1] + lift, colour)
            .with_tip_length(0.4);
    }
    if let Some(last) = hint.points.last().filter(|_| hint.points.len() > 1) {
        let iso = Isometry3d::new(
            *last + Vec3::Y * 0.05,
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        );
        gizmos.circle(iso, 0.3, colour);
    }
}
