//! [`Blind`]: knowledge of no game, for the plain Monte Carlo tree search that game-playing
//! papers measure against: UCT (UCB1) over every legal move, random playouts to the end of
//! the game, no evaluation, no priors.

use super::{Knowledge, MctsParams, Seats, Values};
use tabula_rules::Game;

/// Moves of a playout before it is cut short and counted even: far past the length of a
/// random game in all five games, so that nearly every playout ends with a result.
pub const PLAYOUT_LIMIT: u32 = 1000;

/// Knows nothing of any game: every position not yet decided is worth an equal share to
/// each player, every move is as good as another, playouts play uniformly random moves
/// to the end (at most [`PLAYOUT_LIMIT`] moves), and the tree search's exploration is
/// UCB1's (the constant `√2` for rewards in [0, 1]), with no prior and every move of a
/// node tried before any is tried twice. What it knows of a finished game is the rules'
/// result: 1 to the winner (each partner of a winning team), 0 to the others, equal
/// shares for a draw.
#[derive(Debug, Default, Clone, Copy)]
pub struct Blind;

impl<G: Game> Knowledge<G> for Blind {
    fn evaluate(&self, _game: &G, seats: &Seats<G::Player>, out: &mut Values) {
        let n = seats.len();
        out[..n].fill(1.0 / n as f32);
    }

    fn mcts_params(&self, _game: &G) -> MctsParams {
        MctsParams {
            exploration: std::f32::consts::SQRT_2,
            playout_depth: PLAYOUT_LIMIT,
            // No progressive widening: a node considers all its moves at once.
            widen_base: 1e9,
            widen_power: 0.0,
            prior_weight: 0.0,
            root_safety: false,
            solver: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Algorithm, Settings, analyse};
    use tabula_rules::camelot::{Camelot, CamelotOptions};

    #[test]
    fn the_blind_search_plays_a_legal_move_with_random_playouts() {
        let game = Camelot::new(CamelotOptions::default()).unwrap();
        // Alpha-beta needs a hash the blind knowledge does not give: the tree search runs.
        let settings = Settings::iterations(Algorithm::AlphaBeta, 300, 3);
        let a = analyse(&game, &Blind, &settings).unwrap();
        assert_eq!(a.algorithm, Algorithm::Mcts);
        assert_eq!(a.iterations, 300);
        let crate::search::Action::Play(m) = &a.best else {
            panic!("a move")
        };
        assert!(game.is_legal(m));
        // Every root move was tried (no widening) and the playouts went well past a move.
        assert_eq!(a.root.len(), game.legal_moves().len());
        assert!(a.nodes > 300 * 20, "{} positions", a.nodes);
    }
}
