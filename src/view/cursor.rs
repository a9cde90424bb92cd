//! The keyboard's cursor drawn on the board: a double ring round the spot under it.

use crate::table::commands::MatchSet;
use crate::table::cursor::CursorMark;
use crate::table::rules::{GameSystems, TableRules};
use crate::view::theme::hint_glow;
use bevy::prelude::*;

/// The cursor of the game `G`, drawn in 3D.
pub(crate) fn plugin<G: TableRules>(app: &mut App) {
    app.add_systems(
        Update,
        draw_cursor.after(MatchSet).in_set(GameSystems(G::KIND)),
    );
}

/// Two rings round the spot under the cursor, pulsing gently so that it is found at once.
fn draw_cursor(mark: Option<Res<CursorMark>>, mut gizmos: Gizmos, time: Res<Time>) {
    let Some((at, radius)) = mark.and_then(|m| m.at.map(|at| (at, m.radius))) else {
        return;
    };
    let glow = 0.8 + 0.2 * (time.elapsed_secs() * 3.0).sin();
    let ring = Isometry3d::new(
        at + Vec3::Y * 0.06,
        Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
    );
    gizmos.circle(ring, radius, Color::WHITE);
    gizmos.circle(ring, radius * 0.88, hint_glow(glow));
}
