//! The fence race's input in the window: clicks on the board picked, the spot under the
//! mouse, and the walks and fences lit.

use super::board::{FieldBoard, Spot, node_center, slot_center, space_center};
use super::input::ChosenFence;
use super::{Stage, stage};
use crate::table::game_match::Match;
use crate::table::spots::clear_on_change;
use crate::view::hover::Hovered;
use crate::view::marks::Highlights;
use bevy::prelude::*;
use tabula_rules::Game;
use tabula_rules::fences::Fences;
use tabula_rules::fences::{FenceMove, Node};

/// Picking and highlights.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        crate::view::pointer::plugin::<Fences>,
        crate::view::hover::plugin::<Fences>,
    ))
    .add_systems(
        Update,
        show_highlights
            .after(clear_on_change::<Fences, ChosenFence>)
            .in_set(super::SYSTEMS),
    );
}

fn show_highlights(
    mut highlights: Highlights,
    chosen: Res<ChosenFence>,
    the_match: Res<Match<Fences>>,
    hover: Res<Hovered<Fences>>,
    field: Option<Res<FieldBoard>>,
) {
    let Some(field) = field else {
        return;
    };
    if !chosen.is_changed() && !the_match.is_changed() && !hover.is_changed() {
        return;
    }
    let Some((marks, mut pen)) = highlights.redraw() else {
        return;
    };
    let board = field.0;
    let scale = super::board::pitch(board) * 0.7;
    let game = &the_match.game;
    let seat = game.to_move();
    let mut spawn = |mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>, at: Vec3, s: f32| {
        pen.mark(mesh, material, at, s);
    };
    match stage(&the_match.game) {
        Stage::Relocate => {
            for (owner, slot) in game.fences() {
                if *owner != seat {
                    continue;
                }
                let material = if chosen.0 == Some(*slot) {
                    &marks.chosen
                } else {
                    &marks.go
                };
                spawn(
                    &marks.ring,
                    material,
                    slot_center(board, *slot) + Vec3::Y * 0.03,
                    scale,
                );
            }
            if chosen.0.is_some() {
                for slot in game.slots() {
                    if game.fences().iter().any(|(_, s)| *s == slot) {
                        continue;
                    }
                    spawn(
                        &marks.disc,
                        &marks.go,
                        slot_center(board, slot) + Vec3::Y * 0.03,
                        scale * 0.5,
                    );
                }
                if let Some(Spot::Slot(slot)) = hover.0 {
                    spawn(
                        &marks.plate,
                        &marks.hover,
                        slot_center(board, slot) + Vec3::Y * 0.04,
                        scale * 0.6,
                    );
                }
            }
        }
        Stage::Walk(_) => {
            let ends: Vec<Node> = the_match
                .legal()
                .iter()
                .filter_map(|m| match m {
                    FenceMove::Walk(end) => Some(*end),
                    _ => None,
                })
                .collect();
            for end in &ends {
                let at = node_center(board, *end, seat);
                spawn(&marks.disc, &marks.go, at + Vec3::Y * 0.03, scale * 1.4);
            }
            let hovered = match hover.0 {
                Some(Spot::Space(s)) => Some(Node::Space(s)),
                Some(Spot::Home) => Some(Node::Home),
                _ => None,
            };
            // Only the walk under the mouse shows its way: find that one path alone.
            if let Some(path) = hovered
                .filter(|h| ends.contains(h))
                .and_then(|h| game.walk_path(h))
            {
                for node in path {
                    spawn(
                        &marks.ring,
                        &marks.chosen,
                        node_center(board, node, seat) + Vec3::Y * 0.04,
                        scale,
                    );
                }
            }
        }
        _ => {}
    }
    if let Some(Spot::Space(s)) = hover.0 {
        spawn(
            &marks.plate,
            &marks.hover,
            space_center(board, s) + Vec3::Y * 0.01,
            scale,
        );
    }
}
