//! The layout rule of the table's screen: the panels over the table (each marked [`Panel`])
//! keep to the window's edges and never overlap, and the camera frames the pieces in the
//! largest part of the window the panels leave free, so that no panel covers a piece at any
//! window size. The camera only zooms out and moves aside as far as it must: where the
//! pieces already stand clear of every panel, the view is the camera's own.

use crate::table::pieces::{BesideBoard, TablePiece};
use bevy::prelude::*;
use bevy::ui::{IsDefaultUiCamera, UiSystems};

/// A box of the interface drawn over the table that must keep clear of the pieces and of
/// every other panel: the HUD's status, move list, keys and buttons, a demonstration's title
/// and subtitles, an exhibition's banner, caption and result card, a lesson's or a puzzle's
/// panel. Overlays shown on request over everything (the help, a question) are not panels.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct Panel;

/// Where the visible panels stand in the window, in logical pixels, as last laid out.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct PanelRects {
    /// The window's size.
    pub window: Vec2,
    /// Each visible panel's rectangle.
    pub panels: Vec<Rect>,
    /// The rectangles of the window that no panel touches, among which the camera frames
    /// the pieces (each as large as the panels' edges allow).
    free: Vec<Rect>,
}

/// How the camera's view is fitted to the free part of the window: a zoom out (the
/// distance's factor) and a shift across the picture (in distances).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Framing {
    /// The orbit's distance is multiplied by this (1 or more).
    pub zoom: f32,
    /// The camera moves this far to its right and up, in units of its distance.
    pub shift: Vec2,
    /// The window's size the framing was made for: a new size is framed at once, without
    /// the glide.
    pub window: Vec2,
}

impl Default for Framing {
    fn default() -> Self {
        Framing {
            zoom: 1.0,
            shift: Vec2::ZERO,
            window: Vec2::ZERO,
        }
    }
}

/// Pixels kept between the pieces and a panel or the window's edge.
const MARGIN: f32 = 10.0;

/// How high above a piece's foot its head is taken to stand, for framing.
const HEAD: f32 = 0.6;

/// Rounds of correction of the framing's first estimate.
const ROUNDS: usize = 8;

/// Seconds in which the framing goes half-way to a new one (a caption coming or going).
const HALF_LIFE: f32 = 0.08;

/// Measures the panels after each layout.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PanelRects>()
        .add_systems(PostUpdate, measure_panels.after(UiSystems::Layout));
}

/// The rectangle `node` covers in the window, in the window's logical pixels, with the
/// HUD drawn at `ui_scale` (Bevy's [`UiScale`], which the node's own scale factor includes).
pub fn node_rect(node: &ComputedNode, transform: &UiGlobalTransform, ui_scale: f32) -> Rect {
    let scale = node.inverse_scale_factor() * ui_scale;
    Rect::from_center_size(transform.translation * scale, node.size() * scale)
}

/// Measures the panels drawn by the camera that draws the interface (the window's, or the
/// picture's when drawn offscreen).
fn measure_panels(
    cameras: Query<&Camera, With<IsDefaultUiCamera>>,
    panels: Query<(&ComputedNode, &UiGlobalTransform, &InheritedVisibility), With<Panel>>,
    ui_scale: Res<UiScale>,
    mut rects: ResMut<PanelRects>,
) {
    let Some(size) = cameras.iter().find_map(Camera::logical_target_size) else {
        return;
    };
    let mut found: Vec<Rect> = panels
        .iter()
        .filter(|(node, _, visible)| visible.get() && !node.is_empty())
        .map(|(node, transform, _)| node_rect(node, transform, ui_scale.0))
        .collect();
    found.sort_by(|a, b| {
        (a.min.x, a.min.y, a.max.x, a.max.y)
            .partial_cmp(&(b.min.x, b.min.y, b.max.x, b.max.y))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    if rects.window == size && rects.panels == found {
        return;
    }
    let free = free_rects(size, &found);
    *rects = PanelRects {
        window: size,
        panels: found,
        free,
    };
}

/// The rectangles of a `window` that touch none of `panels` and reach out to a panel's or
/// the window's edge on every side (every one of them, from the edges' grid).
fn free_rects(window: Vec2, panels: &[Rect]) -> Vec<Rect> {
    let edges = |pick: fn(&Rect) -> (f32, f32), end: f32| {
        let mut e: Vec<f32> = vec![0.0, end];
        for p in panels {
            let (a, b) = pick(p);
            e.extend([a.clamp(0.0, end), b.clamp(0.0, end)]);
        }
        e.sort_by(f32::total_cmp);
        e.dedup();
        e
    };
    let xs = edges(|r| (r.min.x, r.max.x), window.x);
    let ys = edges(|r| (r.min.y, r.max.y), window.y);
    let clear = |r: &Rect| {
        panels
            .iter()
            .all(|p| r.intersect(*p).size().min_element() <= 0.0)
    };
    let mut free = Vec::new();
    for (i, &x0) in xs.iter().enumerate() {
        for &x1 in &xs[i + 1..] {
            for (j, &y0) in ys.iter().enumerate() {
                // Tallest first: the first clear one from y0 down is the one that counts.
                for &y1 in ys[j + 1..].iter().rev() {
                    let r = Rect::new(x0, y0, x1, y1);
                    if clear(&r) {
                        free.push(r);
                        break;
                    }
                }
            }
        }
    }
    free
}

/// The framing of a camera at `base`, `distance` from what it looks at, that shows `points`
/// (the pieces' feet and heads) in the best of the free rectangles: as large as they are
/// without panels (never larger), and moved as little as it takes. `close` (the spectator's
/// shots), only the points it shows: those at `base`, and those the framing brings into the
/// picture. `camera` gives the projection.
pub(crate) fn frame(
    camera: &Camera,
    base: Transform,
    distance: f32,
    points: &[Vec3],
    close: bool,
    rects: &PanelRects,
) -> Option<(f32, Vec2)> {
    if !close {
        return fit(camera, base, distance, points, rects);
    }
    let size = camera.logical_viewport_size()?;
    let window = Rect::from_corners(Vec2::ZERO, size);
    let shown = |t: Transform, p: &Vec3| {
        camera
            .world_to_viewport(&GlobalTransform::from(t), *p)
            .is_ok_and(|v| window.contains(v))
    };
    let mut kept: Vec<Vec3> = points.iter().copied().filter(|p| shown(base, p)).collect();
    let mut framing = fit(camera, base, distance, &kept, rects)?;
    for _ in 0..ROUNDS {
        let t = framed(base, distance, framing.0, framing.1);
        let more: Vec<Vec3> = points
            .iter()
            .copied()
            .filter(|p| shown(t, p) && !kept.contains(p))
            .collect();
        if more.is_empty() {
            break;
        }
        kept.extend(more);
        framing = fit(camera, base, distance, &kept, rects)?;
    }
    Some(framing)
}

/// The framing that shows all of `points` (see [`frame`]).
fn fit(
    camera: &Camera,
    base: Transform,
    distance: f32,
    points: &[Vec3],
    rects: &PanelRects,
) -> Option<(f32, Vec2)> {
    let size = camera.logical_viewport_size()?;
    let fov = match camera.clip_from_view().y_axis.y {
        y if y > 0.0 => 2.0 * (1.0 / y).atan(),
        _ => return None,
    };
    let bounds = |t: &Transform| -> Option<Rect> {
        let global = GlobalTransform::from(*t);
        let mut r: Option<Rect> = None;
        for p in points {
            let Ok(v) = camera.world_to_viewport(&global, *p) else {
                continue;
            };
            r = Some(match r {
                Some(r) => r.union_point(v),
                None => Rect::from_center_size(v, Vec2::ZERO),
            });
        }
        r
    };
    if rects.free.is_empty() {
        return Some((1.0, Vec2::ZERO));
    }
    let Some(seen) = bounds(&base) else {
        return Some((1.0, Vec2::ZERO));
    };
    let need = seen.size() + Vec2::splat(2.0 * MARGIN);
    // The best free rectangle: the largest picture of the pieces, then the least move.
    let score = |r: &Rect| {
        let fit = (r.width() / need.x.max(1.0))
            .min(r.height() / need.y.max(1.0))
            .min(1.0);
        let scaled = Rect::from_center_size(
            size / 2.0 + (seen.center() - size / 2.0) * fit,
            seen.size() * fit,
        );
        (fit, -shift_into(scaled, r.inflate(-MARGIN)).length())
    };
    let best = rects.free.iter().max_by(|a, b| {
        score(a)
            .partial_cmp(&score(b))
            .unwrap_or(std::cmp::Ordering::Equal)
    })?;
    let (fit, _) = score(best);
    let target = best.inflate(-MARGIN);
    let mut zoom = 1.0 / fit.max(0.05);
    // Pixels to world lengths at the pieces' distance, in units of that distance.
    let per_pixel = 2.0 * (fov / 2.0).tan() / size.y;
    let mut shift = Vec2::ZERO;
    // The nearer pieces grow and move more than the farther ones: a few rounds correct the
    // first estimate.
    for _ in 0..ROUNDS {
        let now = bounds(&framed(base, distance, zoom, shift))?;
        let over =
            (now.width() / target.width().max(1.0)).max(now.height() / target.height().max(1.0));
        let move_by = shift_into(now, target);
        if over <= 1.0 && move_by.length() < 0.5 {
            break;
        }
        if over > 1.0 {
            zoom *= over;
        }
        // The picture moves against the camera: right on screen is the camera to its left;
        // down on screen (y grows downward) is the camera up.
        shift += Vec2::new(-move_by.x, move_by.y) * per_pixel;
    }
    Some((zoom, shift))
}

/// How far `inner` must move to lie inside `outer` (centred on it where it is larger).
fn shift_into(inner: Rect, outer: Rect) -> Vec2 {
    let axis = |lo: f32, hi: f32, out_lo: f32, out_hi: f32| {
        if hi - lo > out_hi - out_lo {
            (out_lo + out_hi) / 2.0 - (lo + hi) / 2.0
        } else if lo < out_lo {
            out_lo - lo
        } else if hi > out_hi {
            out_hi - hi
        } else {
            0.0
        }
    };
    Vec2::new(
        axis(inner.min.x, inner.max.x, outer.min.x, outer.max.x),
        axis(inner.min.y, inner.max.y, outer.min.y, outer.max.y),
    )
}

/// The camera at `base` (looking at its focus from `distance`) moved back by `zoom` and
/// across by `shift` (in distances).
pub(crate) fn framed(base: Transform, distance: f32, zoom: f32, shift: Vec2) -> Transform {
    let back = base.back().as_vec3();
    let d = distance * zoom;
    let mut t = base;
    t.translation += back * (d - distance)
        + (base.right().as_vec3() * shift.x + base.up().as_vec3() * shift.y) * d;
    t
}

/// The points the camera keeps clear of the panels: every piece's foot and head.
pub(crate) fn piece_points<'a>(
    pieces: impl Iterator<Item = (&'a GlobalTransform, &'a InheritedVisibility)>,
) -> Vec<Vec3> {
    pieces
        .filter(|(_, visible)| visible.get())
        .flat_map(|(g, _)| {
            let p = g.translation();
            [p, p + Vec3::Y * HEAD]
        })
        .collect()
}

/// Moves `current` toward `wanted` over `dt` seconds (at once for a new window size).
pub(crate) fn glide(current: &mut Framing, wanted: (f32, Vec2), window: Vec2, dt: f32) {
    let k = if current.window != window {
        1.0
    } else {
        1.0 - 0.5f32.powf(dt / HALF_LIFE)
    };
    current.zoom += (wanted.0 - current.zoom) * k;
    current.shift += (wanted.1 - current.shift) * k;
    current.window = window;
}

/// The pieces' query the camera frames: the pieces, and what waits beside the board.
pub(crate) type Pieces<'w, 's> = Query<
    'w,
    's,
    (&'static GlobalTransform, &'static InheritedVisibility),
    Or<(With<TablePiece>, With<BesideBoard>)>,
>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_free_rectangles_keep_clear_of_every_panel() {
        let window = Vec2::new(1000.0, 600.0);
        let panels = [
            Rect::new(0.0, 0.0, 300.0, 200.0),
            Rect::new(750.0, 0.0, 1000.0, 300.0),
        ];
        let free = free_rects(window, &panels);
        assert!(free.contains(&Rect::new(300.0, 0.0, 750.0, 600.0)));
        assert!(free.contains(&Rect::new(0.0, 300.0, 1000.0, 600.0)));
        for r in &free {
            for p in &panels {
                assert!(r.intersect(*p).size().min_element() <= 0.0, "{r:?} {p:?}");
            }
        }
    }

    #[test]
    fn a_rectangle_moves_as_little_as_it_takes_to_fit() {
        let outer = Rect::new(0.0, 0.0, 100.0, 100.0);
        assert_eq!(
            shift_into(Rect::new(10.0, 10.0, 20.0, 20.0), outer),
            Vec2::ZERO
        );
        assert_eq!(
            shift_into(Rect::new(-10.0, 90.0, 10.0, 110.0), outer),
            Vec2::new(10.0, -10.0)
        );
    }
}
