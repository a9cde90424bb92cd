//! Counting leaf moves to a fixed depth (perft), for any game.

use crate::Game;

/// Counts the move sequences of exactly `depth` moves from `game`.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for mv in &moves {
        game.play_unchecked(mv);
        total += perft(game, depth - 1);
        game.undo();
    }
    total
}

/// Perft split by first move: each legal move with the count below it.
pub fn divide<G: Game>(game: &mut G, depth: u32) -> Vec<(G::Move, u64)> {
    let moves = game.legal_moves();
    moves
        .into_iter()
        .map(|mv| {
            game.play_unchecked(&mv);
            let n = perft(game, depth.saturating_sub(1));
            game.undo();
            (mv, n)
        })
        .collect()
}
