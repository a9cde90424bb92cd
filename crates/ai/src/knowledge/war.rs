//! The Game of War: material, the march on the enemy citadel (pieces near it, and pieces
//! that could enter it next move), the guard of one's own, and mobility. Captures and
//! citadel entries are the noisy moves.

use super::Knows;
use super::{Knowledge, MctsParams, Seats, Values, two_values};
use crate::rng::Rng;
use crate::search::Algorithm;
use tabula_rules::war::moves::{DIRS, KNIGHT};
use tabula_rules::war::{Kind, Move, Position, Side, Square, Station, War};

/// What the search knows of the Game of War.
#[derive(Debug, Clone, Copy, Default)]
pub struct WarKnowledge;

impl Knows for War {
    type Knowledge = WarKnowledge;
    const HARD_BUDGET: (u64, u64) = (150_000, 20_000);

    fn preferred_algorithm(_players: usize) -> Algorithm {
        Algorithm::AlphaBeta
    }

    fn setup_now(&self) -> Option<Position> {
        Some(self.position().clone())
    }
}

/// A piece's worth in troops.
fn value(kind: Kind) -> f32 {
    match kind {
        Kind::General => 9.0,
        Kind::Mortar => 5.0,
        Kind::Cannon => 3.5,
        Kind::Horse => 3.0,
        Kind::King => 3.0,
        Kind::Troop => 1.0,
        Kind::FlyingMachine => 0.5,
    }
}

/// King-move distance between two squares.
fn distance(a: Square, b: Square) -> i32 {
    i32::from((a.file() - b.file()).abs().max((a.row() - b.row()).abs()))
}

/// The straight directions, as the move generator steps them.
const STRAIGHT: &[(i8, i8)] = DIRS.split_at(4).0;
/// The diagonal directions.
const DIAGONAL: &[(i8, i8)] = DIRS.split_at(4).1;

/// Whether a piece of `side` could move onto `target` (empty, or holding an enemy piece it
/// may take) next move: the chess-like attack test, read outward from the target.
fn reaches(pos: &Position, side: Side, target: Square) -> bool {
    if pos
        .at(target)
        .is_some_and(|p| !pos.capturable_by(target, side) || p.side == side)
    {
        return false;
    }
    let mine = |sq: Square, kinds: &[Kind]| {
        pos.at(sq)
            .is_some_and(|p| p.side == side && kinds.contains(&p.kind))
    };
    for (dirs, kinds) in [
        (STRAIGHT, [Kind::Mortar, Kind::General]),
        (DIAGONAL, [Kind::Cannon, Kind::General]),
    ] {
        for &(df, dr) in dirs {
            let mut at = target;
            let mut first = true;
            while let Some(next) = at.offset(df, dr) {
                at = next;
                if pos.at(at).is_some() {
                    if mine(at, &kinds) || (first && mine(at, &[Kind::King])) {
                        return true;
                    }
                    break;
                }
                first = false;
            }
        }
    }
    if KNIGHT.iter().any(|&(df, dr)| {
        target
            .offset(df, dr)
            .is_some_and(|sq| mine(sq, &[Kind::Horse]))
    }) {
        return true;
    }
    // A troop steps straight forward onto an empty square (two from its start), or
    // diagonally forward.
    let back = -side.forward();
    let troop = |sq: Square| mine(sq, &[Kind::Troop]) && !pos.is_dead_troop(sq);
    let empty = pos.at(target).is_none();
    let one = target.offset(0, back);
    let two = target.offset(0, 2 * back);
    (empty && one.is_some_and(troop))
        || (empty
            && one.is_some_and(|sq| pos.at(sq).is_none())
            && two.is_some_and(|sq| troop(sq) && pos.at(sq).is_some_and(|p| !p.moved)))
        || [-1, 1].iter().any(|&df| {
            target
                .offset(df, back)
                .is_some_and(|sq| mine(sq, &[Kind::Troop]) && !pos.is_dead_troop(sq))
        })
}

/// One side's score in troops.
fn side_score(pos: &Position, side: Side) -> f32 {
    let target = Square::citadel(side.other());
    let home = Square::citadel(side);
    let mut s = 0.0;
    for sq in Square::all() {
        let Some(p) = pos.at(sq) else { continue };
        if p.side != side {
            continue;
        }
        if p.kind == Kind::Troop && pos.is_dead_troop(sq) {
            s += 0.2;
            continue;
        }
        s += value(p.kind);
        if p.kind == Kind::FlyingMachine {
            continue;
        }
        // Closeness to the enemy citadel.
        let d = distance(sq, target);
        let reach = match p.kind {
            Kind::Troop => 0.12,
            Kind::King => 0.05,
            _ => 0.06,
        };
        s += reach * (9 - d).max(0) as f32;
        if p.kind == Kind::Troop {
            // Troops only go forward: reward the ranks gained.
            s += 0.04 * f32::from(sq.rank_for(side));
        }
        // Defenders near one's own citadel.
        if distance(sq, home) <= 1 && p.kind != Kind::Troop {
            s += 0.25;
        }
    }
    for st in Station::ALL {
        if pos.on_station(side, st).is_some() {
            s += 1.5;
        }
    }
    // A piece that could enter the enemy citadel next move.
    if reaches(pos, side, target) {
        s += 1.5;
    }
    s
}

/// The value of what a move captures (troops for a jump), in troops.
fn captured_value(pos: &Position, mv: &Move) -> f32 {
    match mv {
        Move::Step { to, .. } => pos.at(*to).map_or(0.0, |p| value(p.kind)),
        Move::Jump { landings, .. } => landings.len() as f32,
        Move::Fly { .. } => 0.0,
    }
}

fn mover_value(pos: &Position, mv: &Move) -> f32 {
    match mv {
        Move::Step { from, .. } | Move::Jump { from, .. } => {
            pos.at(*from).map_or(0.0, |p| value(p.kind))
        }
        Move::Fly { .. } => 0.5,
    }
}

impl Knowledge<War> for WarKnowledge {
    fn evaluate(&self, game: &War, seats: &Seats<Side>, out: &mut Values) {
        let pos = game.position();
        let first = seats.player(0);
        let a = side_score(pos, first);
        let b = side_score(pos, first.other());
        // The side to move has a tempo.
        let tempo = if pos.to_move() == first { 0.3 } else { -0.3 };
        two_values(a - b + tempo, 6.0, out);
    }

    fn order(&self, game: &War, moves: &[Move], scores: &mut [f32]) {
        let pos = game.position();
        let side = pos.to_move();
        let target = Square::citadel(side.other());
        for (s, mv) in scores.iter_mut().zip(moves) {
            let to = mv.destination();
            let captured = captured_value(pos, mv);
            let mut score = if captured > 0.0 {
                10.0 * captured - mover_value(pos, mv) + 10.0
            } else {
                0.0
            };
            if to == target {
                score += 100.0;
            }
            // Toward the enemy citadel.
            if let Some(from) = mv.origin() {
                score += 0.2 * (distance(from, target) - distance(to, target)) as f32;
            }
            *s = score;
        }
    }

    fn is_noisy(&self, game: &War, mv: &Move) -> bool {
        let pos = game.position();
        captured_value(pos, mv) > 0.0 || mv.destination() == Square::citadel(pos.to_move().other())
    }

    fn hash(&self, game: &War) -> Option<u64> {
        Some(game.position_key())
    }

    fn playout_move(&self, game: &War, moves: &[Move], rng: &mut Rng) -> usize {
        // Take a capture or a citadel entry when there is one, mostly.
        if rng.below(4) != 0 {
            let noisy: Vec<usize> = (0..moves.len())
                .filter(|&i| self.is_noisy(game, &moves[i]))
                .collect();
            if !noisy.is_empty() {
                return noisy[rng.below(noisy.len())];
            }
        }
        rng.below(moves.len())
    }

    fn mcts_params(&self, _game: &War) -> MctsParams {
        MctsParams {
            exploration: 0.5,
            playout_depth: 0,
            widen_base: 2.0,
            widen_power: 0.5,
            prior_weight: 0.3,
            root_safety: false,
            solver: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use tabula_rules::Game;
    use tabula_rules::war::WarOptions;

    #[test]
    fn citadel_reach_agrees_with_the_move_generator() {
        let mut rng = Rng::new(11);
        let mut checked = 0;
        for _ in 0..300 {
            let mut game = War::new(WarOptions::default()).expect("the default options");
            for _ in 0..rng.below(120) {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play_unchecked(&moves[rng.below(moves.len())]);
            }
            let pos = game.position();
            for side in Side::ALL {
                for target in [Square::citadel(side.other()), Square::citadel(side)] {
                    let generated = pos
                        .pseudo_moves(side)
                        .iter()
                        .any(|m| m.destination() == target);
                    assert_eq!(
                        reaches(pos, side, target),
                        generated,
                        "{pos}\n{side} {target}"
                    );
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 1200);
    }
}
