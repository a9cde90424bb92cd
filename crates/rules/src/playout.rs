//! Random playouts from a seeded generator, for tests and benchmarks.

use crate::{Game, Outcome};
use rand::{Rng, SeedableRng, rngs::StdRng};

/// How a random playout ended.
#[derive(Debug, Clone)]
pub struct Playout<G: Game> {
    /// Moves played.
    pub moves: Vec<G::Move>,
    /// Outcome at the end (ongoing if the move cap was reached).
    pub outcome: Outcome<G::Player>,
}

/// Plays uniformly random legal moves (and random chance inputs) until the game ends or
/// `max_moves` have been played. The game is left at the final position.
///
/// Where a game offers moves while a chance input is due (the fence race's player may draw
/// a chance card instead of throwing the die), letting the chance fall is one more choice
/// among those moves, taken as often as each of them.
pub fn random_playout<G: Game>(game: &mut G, seed: u64, max_moves: usize) -> Playout<G> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    while moves.len() < max_moves && !game.outcome().is_over() {
        if let Some(chance) = game.pending_chance() {
            // One more choice than the moves offered: the last lets the chance fall.
            if let Some(mv) = game.choose_legal_move(|n| rng.random_range(0..=n)) {
                game.play_unchecked(&mv);
                moves.push(mv);
                continue;
            }
            let value = match chance {
                crate::game::Chance::Die { faces } => rng.random_range(1..=u32::from(faces)),
                crate::game::Chance::Card { cards } => rng.random_range(0..cards.max(1)),
            };
            if game.resolve_chance(value).is_err() {
                break;
            }
            continue;
        }
        let Some(mv) = game.choose_legal_move(|n| rng.random_range(0..n)) else {
            break;
        };
        game.play_unchecked(&mv);
        moves.push(mv);
    }
    Playout {
        moves,
        outcome: game.outcome(),
    }
}
