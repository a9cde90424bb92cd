//! The panel down the left side that a lesson or a puzzle shows in place of the HUD's: as
//! tall as its words, up to the window's height; where the window is too short for them,
//! the part marked [`PanelScroll`] shrinks and scrolls under the mouse wheel (the board then
//! keeps still), while its heading and its buttons stay in view.

use crate::view::theme::{CAPTION, PANEL, text};
use bevy::input::InputSystems;
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::ui::{RelativeCursorPosition, UiSystems};

/// The part of a side panel that shrinks and scrolls when the window is too short.
#[derive(Component, Debug, Clone, Copy, Default)]
pub(crate) struct PanelScroll;

/// The line under a panel's scrolling part, shown while some of its words are out of
/// sight below.
#[derive(Component, Debug, Clone, Copy, Default)]
pub(crate) struct MoreBelow;

/// Pixels a line of the mouse wheel scrolls.
const LINE: f32 = 24.0;

/// The wheel over a panel's scrolling part scrolls it.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        scroll
            .after(InputSystems)
            .after(UiSystems::Focus)
            .run_if(any_with_component::<PanelScroll>),
    )
    .add_systems(
        PostUpdate,
        show_more_below
            .after(UiSystems::Layout)
            .run_if(any_with_component::<MoreBelow>),
    );
}

/// The line that says more words wait below, hidden until they do.
pub(crate) fn more_below() -> impl Bundle {
    (
        text("More words: turn the mouse wheel over them.", 12.0, CAPTION),
        Node {
            display: Display::None,
            ..default()
        },
        MoreBelow,
    )
}

/// The panel's node: `width` pixels wide at the window's top left, a column no taller than
/// the window.
pub(crate) fn panel_node(width: f32) -> (Node, BackgroundColor, crate::view::layout::Panel) {
    (
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(10.0),
            left: Val::Px(10.0),
            width: Val::Px(width),
            max_height: Val::Percent(96.0),
            padding: UiRect::all(Val::Px(12.0)),
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(8.0),
            ..default()
        },
        BackgroundColor(PANEL),
        crate::view::layout::Panel,
    )
}

/// The panel's part that shrinks and scrolls, scrolled down `offset` pixels (kept from the
/// panel it replaces, while it shows the same words).
pub(crate) fn scroll_part(offset: f32) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(8.0),
            flex_shrink: 1.0,
            min_height: Val::Px(0.0),
            overflow: Overflow::scroll_y(),
            ..default()
        },
        ScrollPosition(Vec2::new(0.0, offset)),
        RelativeCursorPosition::default(),
        PanelScroll,
    )
}

/// A part of the panel that keeps its height.
pub(crate) fn fixed_part() -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        row_gap: Val::Px(8.0),
        flex_shrink: 0.0,
        ..default()
    }
}

/// How far (in logical pixels, as [`ScrollPosition`]) the scrolling `node` placed at `at`
/// can scroll: until the foot of its lowest child (`children`: their laid-out nodes and
/// places) shows. Bevy's content size can run well past the children (the move list's is
/// measured 464 pixels tall where its lines end at 332), which would scroll into blank space.
pub(crate) fn scroll_room<'a>(
    node: &ComputedNode,
    at: &UiGlobalTransform,
    children: impl IntoIterator<Item = (&'a ComputedNode, &'a UiGlobalTransform)>,
) -> f32 {
    // In the layout's physical pixels; the children stand where the scroll moved them.
    let top = at.translation.y - node.size().y / 2.0;
    let foot = children
        .into_iter()
        .filter(|(child, _)| !child.is_empty())
        .map(|(child, place)| place.translation.y + child.size().y / 2.0)
        .reduce(f32::max);
    let Some(foot) = foot else { return 0.0 };
    let content =
        foot - top + node.scroll_position.y + node.padding.max_inset.y + node.border.max_inset.y;
    let content = content.min(node.content_size().y);
    ((content - node.size().y) * node.inverse_scale_factor()).max(0.0)
}

/// The laid-out nodes and places of `entity`'s children.
fn children_of<'a>(
    entity: Entity,
    children: &'a Query<&Children>,
    nodes: &'a Query<(&ComputedNode, &UiGlobalTransform)>,
) -> impl Iterator<Item = (&'a ComputedNode, &'a UiGlobalTransform)> {
    children
        .get(entity)
        .into_iter()
        .flat_map(|c| c.iter())
        .filter_map(|child| nodes.get(child).ok())
}

/// Shows the "more" line while the scrolling part hides words below what it shows.
fn show_more_below(
    parts: Query<
        (
            Entity,
            &ComputedNode,
            &UiGlobalTransform,
            &ScrollPosition,
            &InheritedVisibility,
        ),
        With<PanelScroll>,
    >,
    children: Query<&Children>,
    nodes: Query<(&ComputedNode, &UiGlobalTransform)>,
    mut lines: Query<&mut Node, With<MoreBelow>>,
) {
    // Of the parts in sight (the HUD's move list scrolls too, hidden under a lesson's panel).
    let hidden_below = parts.iter().any(|(entity, node, at, position, visible)| {
        if !visible.get() {
            return false;
        }
        let room = scroll_room(node, at, children_of(entity, &children, &nodes));
        room - position.y > 2.0
    });
    let display = if hidden_below {
        Display::Flex
    } else {
        Display::None
    };
    for mut line in &mut lines {
        if line.display != display {
            line.display = display;
        }
    }
}

/// Scrolls the part under the pointer by the wheel's turn, and takes the turn from the
/// camera, which would zoom with it.
fn scroll(
    mut wheel: ResMut<AccumulatedMouseScroll>,
    mut parts: Query<
        (
            Entity,
            &RelativeCursorPosition,
            &ComputedNode,
            &UiGlobalTransform,
            &mut ScrollPosition,
        ),
        With<PanelScroll>,
    >,
    children: Query<&Children>,
    nodes: Query<(&ComputedNode, &UiGlobalTransform)>,
) {
    if wheel.delta.y == 0.0 {
        return;
    }
    for (entity, cursor, node, at, mut position) in &mut parts {
        if !cursor.cursor_over() {
            continue;
        }
        let step = match wheel.unit {
            MouseScrollUnit::Line => wheel.delta.y * LINE,
            MouseScrollUnit::Pixel => wheel.delta.y,
        };
        let most = scroll_room(node, at, children_of(entity, &children, &nodes));
        position.y = (position.y - step).clamp(0.0, most);
        wheel.delta = Vec2::ZERO;
    }
}
