//! Camelot: material (a knight is worth more than a man), pieces in and near the enemy
//! castle, the guard of one's own castle. Captures and castle entries are the noisy moves.

use super::Knows;
use super::{Knowledge, MctsParams, Seats, Values, two_values};
use crate::rng::Rng;
use crate::search::Algorithm;
use tabula_rules::camelot::{Camelot, Kind, Move, Position, Side, Square};

/// What the search knows of Camelot.
#[derive(Debug, Clone, Copy, Default)]
pub struct CamelotKnowledge;

impl Knows for Camelot {
    type Knowledge = CamelotKnowledge;
    const HARD_BUDGET: (u64, u64) = (50_000, 10_000);

    fn preferred_algorithm(_players: usize) -> Algorithm {
        Algorithm::AlphaBeta
    }

    fn setup_now(&self) -> Option<Position> {
        Some(self.position().clone())
    }
}

fn value(kind: Kind) -> f32 {
    match kind {
        Kind::Man => 2.0,
        Kind::Knight => 3.5,
    }
}

/// King-move distance from a square to the nearer square of a castle.
fn to_castle(sq: Square, castle: [Square; 2]) -> i32 {
    castle
        .iter()
        .map(|c| {
            i32::from(
                (sq.file() - c.file())
                    .abs()
                    .max((sq.rank() - c.rank()).abs()),
            )
        })
        .min()
        .unwrap_or(0)
}

fn side_score(pos: &Position, side: Side) -> f32 {
    let target = Square::castle(side.other());
    let home = Square::castle(side);
    let mut s = 0.0;
    let mut in_castle = 0;
    for (sq, p) in pos.pieces_of(side) {
        s += value(p.kind);
        if target.contains(&sq) {
            in_castle += 1;
            continue;
        }
        let d = to_castle(sq, target);
        s += 0.06 * (15 - d).max(0) as f32;
        if d <= 2 {
            s += 0.6;
        }
        if to_castle(sq, home) <= 2 {
            s += 0.3;
        }
    }
    // One piece in the castle is half the win.
    s + 6.0 * in_castle as f32
}

impl Knowledge<Camelot> for CamelotKnowledge {
    fn evaluate(&self, game: &Camelot, seats: &Seats<Side>, out: &mut Values) {
        let pos = game.position();
        let first = seats.player(0);
        let tempo = if pos.to_move() == first { 0.2 } else { -0.2 };
        let diff = side_score(pos, first) - side_score(pos, first.other()) + tempo;
        two_values(diff, 5.0, out);
    }

    fn order(&self, game: &Camelot, moves: &[Move], scores: &mut [f32]) {
        let pos = game.position();
        let side = pos.to_move();
        let target = Square::castle(side.other());
        for (s, mv) in scores.iter_mut().zip(moves) {
            let to = mv.destination();
            let mut score = 0.0;
            let mut at = mv.from;
            for &(step, land) in &mv.steps {
                if step == tabula_rules::camelot::Step::Jump {
                    let mid =
                        Square::new((at.file() + land.file()) / 2, (at.rank() + land.rank()) / 2);
                    let v = mid.and_then(|m| pos.at(m)).map_or(2.0, |p| value(p.kind));
                    score += 10.0 * v;
                }
                at = land;
            }
            if target.contains(&to) && !target.contains(&mv.from) {
                score += 100.0;
            }
            score += 0.3 * (to_castle(mv.from, target) - to_castle(to, target)) as f32;
            *s = score;
        }
    }

    fn is_noisy(&self, game: &Camelot, mv: &Move) -> bool {
        let target = Square::castle(game.position().to_move().other());
        mv.is_capture() || (target.contains(&mv.destination()) && !target.contains(&mv.from))
    }

    fn hash(&self, game: &Camelot) -> Option<u64> {
        Some(game.position_key())
    }

    fn playout_move(&self, game: &Camelot, moves: &[Move], rng: &mut Rng) -> usize {
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

    fn mcts_params(&self, _game: &Camelot) -> MctsParams {
        MctsParams {
            exploration: 0.5,
            playout_depth: 0,
            ..MctsParams::default()
        }
    }
}
