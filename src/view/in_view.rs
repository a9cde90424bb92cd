//! Keeping a chosen entry of a scrolling list in sight: a node marked [`BringIntoView`] has
//! the nearest scrolling node above it scrolled, once it is laid out, just far enough that
//! the whole entry shows (its top, where it is taller than the list).

use bevy::prelude::*;
use bevy::ui::UiSystems;

/// Scroll the list this node stands in until the node shows; taken off once done.
#[derive(Component, Debug, Clone, Copy, Default)]
pub(crate) struct BringIntoView;

/// Scrolls lists to the entries asked for, after the layout has placed them.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        bring_into_view
            .after(UiSystems::Layout)
            .run_if(any_with_component::<BringIntoView>),
    );
}

/// How far (in the layout's physical pixels) the view from `top` to `bottom` must move
/// down (positive) or up (negative) so that the entry from `entry_top` to `entry_bottom`
/// shows in it, its top first where it does not fit.
pub(crate) fn shift_to_show(top: f32, bottom: f32, entry_top: f32, entry_bottom: f32) -> f32 {
    if entry_top < top || entry_bottom - entry_top > bottom - top {
        entry_top - top
    } else if entry_bottom > bottom {
        entry_bottom - bottom
    } else {
        0.0
    }
}

/// For each entry asked for and laid out, moves the nearest scrolling node above it.
fn bring_into_view(
    mut commands: Commands,
    entries: Query<(Entity, &ComputedNode, &UiGlobalTransform), With<BringIntoView>>,
    parents: Query<&ChildOf>,
    mut lists: Query<(
        &Node,
        &ComputedNode,
        &UiGlobalTransform,
        &mut ScrollPosition,
    )>,
) {
    for (entity, entry, at) in &entries {
        if entry.size().y <= 0.0 {
            // Not laid out yet: next frame.
            continue;
        }
        commands.entity(entity).remove::<BringIntoView>();
        let list = parents.iter_ancestors(entity).find(|a| {
            lists
                .get(*a)
                .is_ok_and(|(node, ..)| node.overflow.y == OverflowAxis::Scroll)
        });
        let Some((_, list, list_at, mut position)) = list.and_then(|l| lists.get_mut(l).ok())
        else {
            continue;
        };
        let centre = list_at.translation.y;
        let top = centre - list.size().y / 2.0 + list.border.min_inset.y + list.padding.min_inset.y;
        let bottom =
            centre + list.size().y / 2.0 - list.border.max_inset.y - list.padding.max_inset.y;
        let half = entry.size().y / 2.0;
        let shift = shift_to_show(
            top,
            bottom,
            at.translation.y - half,
            at.translation.y + half,
        );
        if shift == 0.0 {
            continue;
        }
        // The layout's sizes are in physical pixels, the scroll position in logical ones.
        let scale = list.inverse_scale_factor();
        let most = ((list.content_size().y - list.size().y) * scale).max(0.0);
        position.y = (position.y + shift * scale).clamp(0.0, most);
    }
}

#[cfg(test)]
mod tests {
    use super::shift_to_show;

    #[test]
    fn an_entry_in_sight_stays_and_one_out_of_it_is_brought_just_in() {
        // A view from 100 to 400.
        assert_eq!(shift_to_show(100.0, 400.0, 150.0, 200.0), 0.0);
        // Below: the view moves down until the entry's foot is at its foot.
        assert_eq!(shift_to_show(100.0, 400.0, 420.0, 470.0), 70.0);
        // Above: up until its top is at the top.
        assert_eq!(shift_to_show(100.0, 400.0, 40.0, 90.0), -60.0);
        // Taller than the view: its top shows.
        assert_eq!(shift_to_show(100.0, 400.0, 300.0, 800.0), 200.0);
    }
}
