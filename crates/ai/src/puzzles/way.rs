//! Puzzles of a race home: before the die is thrown, the move that lengthens the leader's
//! way home the most, more than any other move does. The rules measure every move
//! ([`Game::distance_to_goal`]), so the chance to come decides nothing.

use super::MineSettings;
use crate::knowledge::Knows;
use tabula_rules::puzzle::{Margin, PuzzleText, Rating, Task};
use tabula_rules::scene::SceneSetup;

/// The puzzle in `game`, if the player to move has one: an opponent nearest home (alone
/// there), every legal move leaves his way open, and one answer lengthens it by at least
/// `settings.min_way` steps, more than any other does (the moves that add as much are all
/// the same answer, [`Knows::same_answer`]: one slot, whichever fence goes there).
pub fn find<G: Knows>(game: &G, settings: &MineSettings) -> Option<PuzzleText> {
    if game.pending_chance().is_some() || game.outcome().is_over() {
        return None;
    }
    let me = game.to_move();
    let moves = game.legal_moves();
    if moves.len() < 2 {
        return None;
    }
    let mut ways: Vec<(G::Player, u32)> = game
        .players()
        .into_iter()
        .filter(|p| *p != me)
        .filter_map(|p| game.distance_to_goal(&p).map(|d| (p, d)))
        .collect();
    ways.sort_by_key(|(_, d)| *d);
    let (leader, before) = *ways.first()?;
    if before == 0 || ways.get(1).is_some_and(|(_, d)| *d == before) {
        return None;
    }
    let mut added: Vec<(u32, usize)> = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        let mut after = game.clone();
        after.play_unchecked(mv);
        // A move that shuts him in leaves nothing to measure the others against.
        let now = after.distance_to_goal(&leader)?;
        added.push((now.saturating_sub(before), i));
    }
    added.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let (best, first) = added[0];
    // Every move that adds as much must be the same answer; the runner-up adds less.
    let (second, runner_up) = *added.iter().find(|(n, _)| *n < best)?;
    let one_answer = added
        .iter()
        .take_while(|(n, _)| *n == best)
        .all(|(_, i)| G::same_answer(&moves[*i], &moves[first]));
    if best < settings.min_way || !one_answer {
        return None;
    }
    Some(PuzzleText {
        title: None,
        source: None,
        options: None,
        setup: SceneSetup::Standard,
        moves: Vec::new(),
        goal: Task::LengthensBy {
            player: leader.to_string(),
            n: best,
        },
        solution: vec![game.move_text(&moves[first])],
        margin: Margin {
            depth: 1,
            by: (best - second) as f32,
            second: Some(game.move_text(&moves[runner_up])),
        },
        rating: Rating {
            depth: 1,
            nodes: moves.len() as u64,
        },
    })
}
