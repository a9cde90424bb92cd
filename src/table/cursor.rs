//! Playing by keyboard alone, alike for every game: Tab shows a cursor on the first piece
//! that can move (and, while nothing is chosen, steps through them, Shift+Tab back), the
//! arrow keys move it to the nearest spot that way as the camera looks, Enter clicks the
//! spot under it (a [`SpotClicked`], as the mouse's click writes it), Esc drops the
//! selection and then hides the cursor. Where it stands is told in the feedback line and kept in [`CursorMark`] for
//! the view to draw.

use crate::table::commands::{Feedback, InputSet, not_watching};
use crate::table::game_match::Match;
use crate::table::review::Review;
use crate::table::rules::GameSystems;
use crate::table::spots::{BoardSpots, Selection, SpotClicked};
use bevy::prelude::*;
use std::fmt;

/// Where the keyboard's cursor of `G` stands: `None` while it is hidden.
#[derive(Resource)]
pub struct KeyCursor<G: BoardSpots> {
    /// The spot under the cursor, while it is shown.
    pub spot: Option<G::Spot>,
}

impl<G: BoardSpots> Default for KeyCursor<G> {
    fn default() -> Self {
        KeyCursor { spot: None }
    }
}

impl<G: BoardSpots> fmt::Debug for KeyCursor<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeyCursor")
            .field("spot", &self.spot)
            .finish()
    }
}

/// The cursor as the view draws it, whatever the game: where it is on the table and how
/// large a ring marks it. While it is shown, the arrow keys move it instead of the camera
/// and Enter clicks instead of confirming.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct CursorMark {
    /// The middle of the spot under the cursor, while it is shown.
    pub at: Option<Vec3>,
    /// The ring's radius: a little under half the distance to the nearest other spot.
    pub radius: f32,
}

impl CursorMark {
    /// Whether the cursor is shown.
    pub fn shown(&self) -> bool {
        self.at.is_some()
    }
}

/// The cursor over `G`'s spots; `S` is the game's selection, which Esc drops before it
/// hides the cursor. Headless.
pub(crate) fn plugin<G: BoardSpots, S: Selection>(app: &mut App) {
    app.init_resource::<KeyCursor<G>>()
        .init_resource::<CursorMark>()
        .add_systems(
            Update,
            cursor_keys::<G, S>
                .before(InputSet)
                .run_if(not_watching)
                .in_set(GameSystems(G::KIND)),
        );
}

/// The direction "up" on the screen points to on the table (x, z): away from the active
/// 3D camera, or north (−z) without one.
fn screen_up(cameras: &Query<(&Camera, &GlobalTransform), With<Camera3d>>) -> Vec2 {
    cameras
        .iter()
        .find(|(camera, _)| camera.is_active)
        .map(|(_, at)| {
            let forward = at.forward();
            Vec2::new(forward.x, forward.z)
        })
        .and_then(Vec2::try_normalize)
        .unwrap_or(Vec2::NEG_Y)
}

/// The spot nearest `from` in the direction `towards` (on the table's plane), among
/// `places`: within 45° of it, the nearest along it, straying least across it.
fn step<T: Copy>(places: &[(T, Vec3)], from: Vec3, towards: Vec2) -> Option<T> {
    places
        .iter()
        .filter_map(|(spot, at)| {
            let v = Vec2::new(at.x - from.x, at.z - from.z);
            let along = v.dot(towards);
            let across = v.perp_dot(towards).abs();
            (along > 1e-3 && across <= along).then_some((*spot, along + 2.0 * across))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(spot, _)| spot)
}

/// The spot nearest `to` among `places`.
fn nearest<T: Copy>(places: &[(T, Vec3)], to: Vec3) -> Option<T> {
    places
        .iter()
        .min_by(|a, b| {
            a.1.distance_squared(to)
                .total_cmp(&b.1.distance_squared(to))
        })
        .map(|(spot, _)| *spot)
}

/// The ring's radius at `at`: a little under half the way to the nearest other spot.
fn ring_radius<T>(places: &[(T, Vec3)], at: Vec3) -> f32 {
    let gap = places
        .iter()
        .map(|(_, p)| Vec2::new(p.x - at.x, p.z - at.z).length())
        .filter(|d| *d > 1e-3)
        .fold(f32::INFINITY, f32::min);
    if gap.is_finite() { gap * 0.45 } else { 0.4 }
}

#[allow(clippy::too_many_arguments)]
fn cursor_keys<G: BoardSpots, S: Selection>(
    input: Option<Res<ButtonInput<KeyCode>>>,
    review: Option<Res<Review>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    selection: Res<S>,
    mut the_match: ResMut<Match<G>>,
    mut cursor: ResMut<KeyCursor<G>>,
    mut mark: ResMut<CursorMark>,
    mut clicked: MessageWriter<SpotClicked<G>>,
) {
    let Some(input) = input else { return };
    if review.is_some_and(|r| r.active()) {
        cursor.spot = None;
        mark.set_if_neq(CursorMark::default());
        return;
    }
    let game = &the_match.game;
    let places: Vec<(G::Spot, Vec3)> = game
        .cursor_spots()
        .into_iter()
        .filter_map(|s| game.spot_place(s).map(|at| (s, at)))
        .collect();
    // A spot that is gone (a piece that moved) leaves the cursor on the nearest one.
    let mut spot = cursor.spot.and_then(|s| match game.spot_place(s) {
        Some(_) => Some(s),
        None => mark.at.and_then(|at| nearest(&places, at)),
    });
    let before = spot;
    let shift = input.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    // With a piece chosen, Tab is the game's own (Transport's pivot); Esc frees it first.
    if input.just_pressed(KeyCode::Tab) && (*selection == S::default() || spot.is_none()) {
        let movable = game.movable_spots(the_match.legal());
        let here = spot.and_then(|s| movable.iter().position(|m| *m == s));
        let next = match (here, shift) {
            (Some(i), false) => (i + 1) % movable.len(),
            (Some(i), true) => (i + movable.len() - 1) % movable.len(),
            (None, false) => 0,
            (None, true) => movable.len().saturating_sub(1),
        };
        spot = movable
            .get(next)
            .copied()
            .or(spot)
            .or(places.first().map(|p| p.0));
    }
    if let Some(from) = spot.and_then(|s| game.spot_place(s)) {
        let up = screen_up(&cameras);
        let right = Vec2::new(-up.y, up.x);
        for (key, towards) in [
            (KeyCode::ArrowUp, up),
            (KeyCode::ArrowDown, -up),
            (KeyCode::ArrowRight, right),
            (KeyCode::ArrowLeft, -right),
        ] {
            if input.just_pressed(key)
                && let Some(next) = step(&places, from, towards)
            {
                spot = Some(next);
            }
        }
    }
    if input.just_pressed(KeyCode::Escape) && *selection == S::default() {
        spot = None;
    }
    if let Some(s) = spot
        && input.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter])
    {
        clicked.write(SpotClicked(s));
    }
    if spot != before
        && let Some(s) = spot
    {
        let words = game
            .spot_words(s)
            .unwrap_or_else(|| "the board".to_string());
        the_match.feedback = Feedback::info(format!(
            "Cursor: {words}. Enter chooses it, Space confirms, Esc drops the choice."
        ));
    }
    if cursor.spot != spot {
        cursor.spot = spot;
    }
    let at = spot.and_then(|s| the_match.game.spot_place(s));
    let new_mark = CursorMark {
        at,
        radius: at.map_or(0.0, |at| ring_radius(&places, at)),
    };
    mark.set_if_neq(new_mark);
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: [(u8, Vec3); 4] = [
        (0, Vec3::new(0.0, 0.0, 0.0)),
        (1, Vec3::new(1.0, 0.0, 0.0)),
        (2, Vec3::new(0.0, 0.0, -1.0)),
        (3, Vec3::new(2.0, 0.0, -0.2)),
    ];

    #[test]
    fn an_arrow_goes_to_the_nearest_spot_its_way() {
        assert_eq!(step(&GRID, GRID[0].1, Vec2::X), Some(1));
        assert_eq!(step(&GRID, GRID[0].1, Vec2::NEG_Y), Some(2));
        assert_eq!(step(&GRID, GRID[1].1, Vec2::X), Some(3));
        assert_eq!(step(&GRID, GRID[0].1, Vec2::NEG_X), None);
    }

    #[test]
    fn the_ring_fits_between_neighbours() {
        assert!((ring_radius(&GRID, GRID[0].1) - 0.45).abs() < 1e-6);
        assert_eq!(nearest(&GRID, Vec3::new(1.9, 0.0, 0.0)), Some(3));
    }
}
