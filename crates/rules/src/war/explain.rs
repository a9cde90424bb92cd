//! Plain-words reasons why a Game of War move is refused.

use super::board::Square;
use super::game::War;
use super::moves::Move;
use super::piece::Kind;
use crate::Game;

/// Why `mv` is not legal in `game`, in words a player understands.
pub fn why_illegal(game: &War, mv: &Move) -> String {
    let pos = game.position();
    let side = pos.to_move();
    if game.outcome().is_over() {
        return "the game is over".into();
    }
    let piece = match mv {
        Move::Fly { station, .. } => match pos.on_station(side, *station) {
            Some(p) => p,
            None => return "that station has no flying machine waiting".into(),
        },
        Move::Step { from, .. } | Move::Jump { from, .. } => match pos.at(*from) {
            Some(p) if p.side == side => p,
            Some(_) => return format!("that piece is not yours: it is {side}'s turn"),
            None => return format!("there is no piece on {}", from.name_for(side)),
        },
    };
    let noun = piece.kind.noun();
    if let Some(from) = mv.origin() {
        if piece.kind == Kind::FlyingMachine {
            return "a flying machine makes one flight in the game and then stays where it landed"
                .into();
        }
        if pos.is_dead_troop(from) {
            return "a troop on the far rank is dead: it stays there for the rest of the game"
                .into();
        }
        if piece.kind == Kind::Troop && from == Square::citadel(side.other()) {
            return "a troop in the enemy citadel has no further move".into();
        }
    }
    if pos.pseudo_moves(side).contains(mv) {
        let offered: Vec<String> = pos
            .offered_troops(side, game.options().offered)
            .iter()
            .map(|(sq, _)| sq.name_for(side))
            .collect();
        return format!(
            "an enemy troop is offered on {}: it must be taken first",
            offered.join(" and ")
        );
    }
    let dest = mv.destination();
    if let Some(target) = pos.at(dest) {
        if target.side == side {
            return format!(
                "{} is occupied by your own {}",
                dest.name_for(side),
                target.kind.noun()
            );
        }
        if target.kind == Kind::FlyingMachine {
            return "a flying machine can neither capture nor be captured".into();
        }
        if pos.is_dead_troop(dest) {
            return "a dead troop cannot be captured".into();
        }
        if piece.kind == Kind::Troop && mv.origin().is_some_and(|f| f.file() == dest.file()) {
            return "a troop cannot capture straight ahead".into();
        }
    }
    match piece.kind {
        Kind::FlyingMachine if dest.is_citadel() => "a flying machine may not land on a citadel".into(),
        Kind::FlyingMachine => "a flying machine flies only to a free square of its station's colour".into(),
        Kind::Troop => "a troop moves one square forward, straight or diagonally (two straight on its first move), and jumps only enemy troops".into(),
        Kind::King => "the king moves one square in any direction".into(),
        Kind::Horse => "the horse leaps like a chess knight".into(),
        Kind::Cannon => "a cannon moves diagonally on its colour and cannot pass over pieces".into(),
        Kind::Mortar => "a mortar moves straight and cannot pass over pieces".into(),
        Kind::General => format!("the {noun} moves straight or diagonally and cannot pass over pieces"),
    }
}
