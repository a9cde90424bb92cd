//! Screwball Checkers' input in the window: clicks on the board picked, and the moves lit.

use super::board::{UNIT, space_center};
use super::input::{Entry, fitting};
use crate::table::game_match::Match;
use crate::table::spots::clear_on_change;
use crate::view::marks::Highlights;
use bevy::prelude::*;
use tabula_rules::Game;
use tabula_rules::screwball::Screwball;
use tabula_rules::screwball::{Board, Move, SpaceId};

/// Picking and highlights.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        crate::view::pointer::plugin::<Screwball>,
        crate::view::hover::plugin::<Screwball>,
    ))
    .add_systems(
        Update,
        show_highlights
            .after(clear_on_change::<Screwball, Entry>)
            .in_set(super::SYSTEMS),
    );
}

fn show_highlights(
    mut highlights: Highlights,
    entry: Res<Entry>,
    the_match: Res<Match<Screwball>>,
) {
    if !entry.is_changed() && !the_match.is_changed() {
        return;
    }
    let Some((marks, mut pen)) = highlights.redraw() else {
        return;
    };
    let game = &the_match.game;
    let b = Board::get();
    let mut spawn = |mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>, sq: SpaceId, h| {
        let scale = match b.space(sq).size {
            tabula_rules::screwball::Size::Small => UNIT * 0.9,
            tabula_rules::screwball::Size::Large => UNIT * 1.6,
        };
        pen.mark(mesh, material, space_center(sq) + Vec3::Y * h, scale);
    };
    // Where the last move set its penalty pieces (its way is marked with every game's).
    if let Some(Move::Step { placements, .. }) = game.moves().last() {
        for p in placements {
            spawn(&marks.plate, &marks.last, *p, 0.004);
        }
    }
    let legal = the_match.legal();
    let Some(from) = entry.from else {
        for m in legal {
            if let Move::Enter(at) = m {
                spawn(&marks.disc, &marks.go, *at, 0.02);
            }
        }
        return;
    };
    spawn(&marks.ring, &marks.chosen, from, 0.02);
    if let Some(to) = entry.to {
        spawn(&marks.ring, &marks.chosen, to, 0.02);
        for victim in game.position().attacked_after(game.to_move(), from, to) {
            spawn(&marks.ring, &marks.take, victim, 0.03);
        }
        for p in &entry.placements {
            spawn(&marks.ring, &marks.chosen, *p, 0.02);
        }
        let depth = entry.placements.len();
        for m in fitting(legal, &entry) {
            if let Move::Step { placements, .. } = m
                && let Some(sq) = placements.get(depth)
            {
                spawn(&marks.disc, &marks.go, *sq, 0.02);
            }
        }
        return;
    }
    for m in fitting(legal, &entry) {
        if let Move::Step { to, placements, .. } = m {
            if placements.is_empty() {
                spawn(&marks.disc, &marks.go, to, 0.02);
            } else {
                spawn(&marks.ring, &marks.take, to, 0.03);
            }
        }
    }
}
