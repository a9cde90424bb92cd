//! Screwball Checkers: the reserve left to each player (the game is lost when it is spent),
//! and the attacks each could make. Attacking moves (which earn another move) are the noisy
//! ones.

use super::Knows;
use super::{Knowledge, MctsParams, Seats, Values, two_values};
use crate::rng::Rng;
use crate::search::Algorithm;
use tabula_rules::screwball::board::Size;
use tabula_rules::screwball::game::may_go;
use tabula_rules::screwball::{Board, Move, Player, Position, Screwball};

/// What the search knows of Screwball Checkers.
#[derive(Debug, Clone, Copy, Default)]
pub struct ScrewballKnowledge;

impl Knows for Screwball {
    type Knowledge = ScrewballKnowledge;
    const HARD_BUDGET: (u64, u64) = (120_000, 30_000);

    fn preferred_algorithm(_players: usize) -> Algorithm {
        Algorithm::AlphaBeta
    }

    fn setup_now(&self) -> Option<Position> {
        Some(self.position().clone())
    }
}

fn reserve(game: &Screwball, player: Player) -> f32 {
    f32::from(game.reserve(player, Size::Large) + game.reserve(player, Size::Small))
}

/// Enemy pieces that `player`'s pieces could attack after one step: for each own piece and
/// each step it may make, the enemy pieces touching the new square in a direction it may go.
fn threats(pos: &Position, player: Player) -> f32 {
    let b = Board::get();
    let mut n = 0.0;
    for (from, _) in pos.pieces_of(player) {
        for to in pos.steps_from(from) {
            let hits = b
                .touching(to)
                .iter()
                .filter(|(id, _)| {
                    *id != from
                        && pos.at(*id).is_some_and(|p| p.owner != player)
                        && may_go(player, to, *id)
                })
                .count();
            n += hits as f32;
        }
    }
    n
}

impl Knowledge<Screwball> for ScrewballKnowledge {
    fn evaluate(&self, game: &Screwball, seats: &Seats<Player>, out: &mut Values) {
        let pos = game.position();
        let first = seats.player(0);
        let second = first.other();
        let mut diff = reserve(game, first) - reserve(game, second);
        diff += 0.25 * (threats(pos, first) - threats(pos, second));
        diff += if pos.to_move() == first { 0.5 } else { -0.5 };
        two_values(diff, 2.5, out);
    }

    fn order(&self, _game: &Screwball, moves: &[Move], scores: &mut [f32]) {
        for (s, mv) in scores.iter_mut().zip(moves) {
            *s = match mv {
                Move::Step { placements, .. } => placements.len() as f32,
                Move::Enter(_) => -1.0,
                Move::Pass => -2.0,
            };
        }
    }

    fn is_noisy(&self, _game: &Screwball, mv: &Move) -> bool {
        matches!(mv, Move::Step { placements, .. } if !placements.is_empty())
    }

    fn hash(&self, game: &Screwball) -> Option<u64> {
        Some(game.key())
    }

    fn playout_move(&self, game: &Screwball, moves: &[Move], rng: &mut Rng) -> usize {
        if rng.below(3) != 0 {
            let noisy: Vec<usize> = (0..moves.len())
                .filter(|&i| self.is_noisy(game, &moves[i]))
                .collect();
            if !noisy.is_empty() {
                return noisy[rng.below(noisy.len())];
            }
        }
        rng.below(moves.len())
    }

    fn mcts_params(&self, _game: &Screwball) -> MctsParams {
        MctsParams {
            exploration: 0.5,
            playout_depth: 0,
            ..MctsParams::default()
        }
    }
}
