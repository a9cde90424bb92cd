//! Transport's input in the window: clicks on the sea picked, and the moves lit.

use super::board::{SeaSize, square_center, square_side};
use super::input::{Entry, advances, entered, launches};
use crate::table::game_match::Match;
use crate::table::spots::clear_on_change;
use crate::view::marks::Highlights;
use bevy::prelude::*;
use tabula_rules::transport::Transport;
use tabula_rules::transport::{Dir, Kind, Move, Sq, Stratum};

/// Picking and highlights.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        crate::view::pointer::plugin::<Transport>,
        crate::view::hover::plugin::<Transport>,
    ))
    .add_systems(
        Update,
        show_highlights
            .after(clear_on_change::<Transport, Entry>)
            .in_set(super::SYSTEMS),
    );
}

fn show_highlights(
    mut highlights: Highlights,
    entry: Res<Entry>,
    the_match: Res<Match<Transport>>,
    size: Option<Res<SeaSize>>,
) {
    let Some(size) = size else {
        return;
    };
    if !entry.is_changed() && !the_match.is_changed() {
        return;
    }
    let Some((marks, mut pen)) = highlights.redraw() else {
        return;
    };
    let n = size.0;
    let scale = square_side(n);
    let mut spawn = |mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>, sq: Sq, h: f32| {
        let at = square_center(n, sq, Stratum::Surface) + Vec3::Y * h;
        pen.mark(mesh, material, at, scale);
    };
    let legal = the_match.legal();
    let Some(piece) = entry.piece else { return };
    for sq in piece.squares() {
        spawn(&marks.ring, &marks.chosen, sq, 0.03);
    }
    if let Some(at) = entry.square {
        spawn(&marks.ring, &marks.chosen, at, 0.04);
        for d in Dir::ALL {
            let ok = legal.iter().any(|m| match m {
                Move::Launch { at: a, heading, .. } => entry.launching && *a == at && *heading == d,
                Move::Advance {
                    kind: Kind::Plane,
                    from,
                    to,
                    repoint,
                    ..
                } => !entry.launching && *from == piece.at && *to == Some(at) && *repoint == d,
                _ => false,
            });
            if ok {
                spawn(&marks.disc, &marks.go, at.step(d), 0.05);
            }
        }
        return;
    }
    let mut lit: Vec<Sq> = Vec::new();
    if entry.launching {
        let aux = launches(piece.kind).unwrap_or(Kind::Plane);
        for m in legal {
            if let Move::Launch { kind, at, .. } = m
                && *kind == aux
                && !lit.contains(at)
            {
                lit.push(*at);
            }
        }
    } else if piece.kind.is_auxiliary() {
        for m in advances(legal, &piece) {
            if let Move::Advance { to: Some(to), .. } = m
                && !lit.contains(&to)
            {
                lit.push(to);
            }
        }
    } else {
        for m in legal.iter().filter(|m| {
            matches!(m, Move::Main { kind, from, .. }
                if *kind == piece.kind && *from == (piece.at, piece.bow))
        }) {
            let Move::Main { to, .. } = m else { continue };
            let keeps_bow = to.1 == piece.bow && piece.bow.is_some();
            let keeps_stern = to.0 == piece.at && piece.bow.is_some();
            let slide = !keeps_bow && !keeps_stern;
            if piece.kind.is_long() && !slide && keeps_bow != entry.pivot_on_bow {
                continue;
            }
            for sq in entered(m) {
                if !lit.contains(&sq) {
                    lit.push(sq);
                }
            }
        }
    }
    for sq in lit {
        spawn(&marks.disc, &marks.go, sq, 0.05);
    }
}
