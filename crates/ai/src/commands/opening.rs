//! Random openings for `arena` and `ladder`: the first moves of a game chosen uniformly
//! among the legal ones from a seed of their own, so that engines whose search has no
//! chance in it still play different games, and the same opening is played once with each
//! engine in each seat.

use super::{apply_action, resolve_chance};
use crate::rng::Rng;
use crate::search::{NoDecision, SearchGame, root_actions};

/// The stream of [`Rng::stream`] from which the openings of a match are drawn.
const OPENING_STREAM: u64 = 0x006f_7065_6e69_6e67;

/// A random opening: `plies` moves chosen uniformly among the legal ones, from `seed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opening {
    /// The players' moves chosen at random (chance inputs between them are not counted).
    pub plies: usize,
    /// The seed of the choices and of any chance inputs among them.
    pub seed: u64,
}

impl Opening {
    /// The opening of round `round` of a match seeded `match_seed`, `plies` moves long;
    /// `None` for none. The games of one round (the same engines, the seats swapped or
    /// rotated) share it.
    pub fn of_round(plies: usize, match_seed: u64, round: usize) -> Option<Opening> {
        (plies > 0).then(|| Opening {
            plies,
            seed: Rng::stream(match_seed ^ OPENING_STREAM, round as u64).next_u64(),
        })
    }

    /// Plays the opening on `game` through the rules, returning the moves (and chance
    /// inputs) in the game's notation. It stops early where the game ends.
    pub fn play<G: SearchGame>(&self, game: &mut G) -> Vec<String> {
        let mut rng = Rng::new(self.seed);
        let mut moves = Vec::new();
        let mut chosen = 0;
        while chosen < self.plies {
            match root_actions(game) {
                Ok(actions) => {
                    let action = &actions[rng.below(actions.len())];
                    moves.push(apply_action(game, action, &mut rng));
                    chosen += 1;
                }
                Err(NoDecision::ChanceDue(_)) => moves.push(resolve_chance(game, &mut rng)),
                Err(NoDecision::GameOver) => break,
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyGame;
    use crate::with_game;
    use tabula_rules::Game;
    use tabula_rules::scene::GameKind;

    fn opening_moves(kind: GameKind, options: &str, opening: Opening) -> Vec<String> {
        let start = AnyGame::new(kind, options, None).unwrap();
        with_game!(&start, g, _k => {
            let mut game = g.clone();
            opening.play(&mut game)
        })
    }

    #[test]
    fn an_opening_is_the_same_for_its_seed_and_differs_between_rounds() {
        let a = Opening::of_round(6, 7, 0).unwrap();
        assert_eq!(a, Opening::of_round(6, 7, 0).unwrap());
        let b = Opening::of_round(6, 7, 1).unwrap();
        let c = Opening::of_round(6, 8, 0).unwrap();
        assert!(a.seed != b.seed && a.seed != c.seed);
        assert_eq!(Opening::of_round(0, 7, 0), None);
        let options = "(mode: Royal)";
        let first = opening_moves(GameKind::Transport, options, a);
        assert_eq!(first, opening_moves(GameKind::Transport, options, a));
        assert_eq!(first.len(), 6);
        assert_ne!(first, opening_moves(GameKind::Transport, options, b));
        assert_ne!(first, opening_moves(GameKind::Transport, options, c));
    }

    #[test]
    fn an_opening_plays_legal_moves() {
        for (kind, options) in [
            (GameKind::Transport, "(mode: Teams)"),
            (GameKind::Camelot, ""),
        ] {
            let opening = Opening::of_round(8, 3, 2).unwrap();
            let moves = opening_moves(kind, options, opening);
            assert_eq!(moves.len(), 8, "{kind:?}: {moves:?}");
            let start = AnyGame::new(kind, options, None).unwrap();
            with_game!(&start, g, _k => {
                let mut game = g.clone();
                for text in &moves {
                    let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    assert!(game.is_legal(&mv), "{kind:?}: {text} in {moves:?}");
                    game.play_unchecked(&mv);
                }
            });
        }
        // The fence race throws a die between moves: the throws are not counted.
        let moves = opening_moves(GameKind::Fences, "", Opening::of_round(8, 3, 2).unwrap());
        assert!(moves.len() > 8, "{moves:?}");
    }
}
