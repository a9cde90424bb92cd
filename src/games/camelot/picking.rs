//! Camelot's path entry in the window: clicks and drags on the board picked, the spot
//! under the mouse, and the landings lit at every step.

use super::board::{SQUARE, square_center};
use super::input::{PathEntry, SquareInput};
use crate::table::game_match::Match;
use crate::table::spots::{SpotFinder, clear_on_change};
use crate::view::hover::Hovered;
use crate::view::marks::Highlights;
use bevy::prelude::*;
use tabula_rules::camelot::Camelot;
use tabula_rules::camelot::{Square, Step};

/// The last square a drag passed over (the squares are a few meshes, so the pointer moves
/// from square to square without entering another entity).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
struct DraggedOver(Option<Square>);

/// Picking and highlights.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        crate::view::pointer::plugin::<Camelot>,
        crate::view::hover::plugin::<Camelot>,
    ))
    .init_resource::<DraggedOver>()
    .add_observer(on_drag_start)
    .add_observer(on_drag_over)
    .add_observer(on_drag_end)
    .add_systems(
        Update,
        show_highlights
            .after(clear_on_change::<Camelot, PathEntry>)
            .in_set(super::SYSTEMS),
    );
}

fn on_drag_start(
    drag: On<Pointer<DragStart>>,
    spots: SpotFinder<Camelot>,
    mut over: ResMut<DraggedOver>,
    mut out: MessageWriter<SquareInput>,
) {
    if drag.button != PointerButton::Primary || drag.event_target() != drag.original_event_target()
    {
        return;
    }
    over.0 = None;
    if let Some(sq) = spots.spot(drag.event_target(), drag.hit.position) {
        out.write(SquareInput::DragFrom(sq));
    }
}

/// A drag passes over a square when the pointer, dragging, reaches a square other than the
/// last one it passed over.
fn on_drag_over(
    drag: On<Pointer<DragOver>>,
    spots: SpotFinder<Camelot>,
    mut over: ResMut<DraggedOver>,
    mut out: MessageWriter<SquareInput>,
) {
    if drag.button != PointerButton::Primary || drag.event_target() != drag.original_event_target()
    {
        return;
    }
    let Some(sq) = spots.spot(drag.event_target(), drag.hit.position) else {
        return;
    };
    if over.0 != Some(sq) {
        over.0 = Some(sq);
        out.write(SquareInput::DragOver(sq));
    }
}

fn on_drag_end(end: On<Pointer<DragEnd>>, mut out: MessageWriter<SquareInput>) {
    if end.button == PointerButton::Primary && end.event_target() == end.original_event_target() {
        out.write(SquareInput::Release);
    }
}

fn show_highlights(
    mut highlights: Highlights,
    entry: Res<PathEntry>,
    the_match: Res<Match<Camelot>>,
    hover: Res<Hovered<Camelot>>,
) {
    if !entry.is_changed() && !the_match.is_changed() && !hover.is_changed() {
        return;
    }
    let Some((marks, mut pen)) = highlights.redraw() else {
        return;
    };
    let mut spawn = |mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>, sq: Square, h| {
        pen.mark(mesh, material, square_center(sq) + Vec3::Y * h, SQUARE);
    };
    if let Some(sq) = hover.0 {
        spawn(&marks.plate, &marks.hover, sq, 0.008);
    }
    let Some(origin) = entry.origin else {
        return;
    };
    spawn(&marks.ring, &marks.chosen, origin, 0.02);
    for sq in &entry.path {
        spawn(&marks.ring, &marks.chosen, *sq, 0.02);
    }
    let depth = entry.path.len();
    let mut next: Vec<(Square, bool)> = Vec::new();
    for mv in the_match.legal() {
        let path = mv.path();
        if mv.from != origin || !path.starts_with(&entry.path) || path.len() <= depth {
            continue;
        }
        let takes = mv.steps[depth].0 == Step::Jump;
        if !next.iter().any(|(s, _)| *s == path[depth]) {
            next.push((path[depth], takes));
        }
    }
    for (sq, takes) in next {
        if takes {
            spawn(&marks.ring, &marks.take, sq, 0.03);
        } else {
            spawn(&marks.disc, &marks.go, sq, 0.02);
        }
    }
}
