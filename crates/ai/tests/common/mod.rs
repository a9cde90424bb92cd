//! Helpers shared by the engine's tests: asking for a move, and checking what it leads to.

use tabula_ai::knowledge::Knowledge;
use tabula_ai::search::{Action, Algorithm, SearchGame, Settings, analyse};
use tabula_rules::{Game, Outcome};

/// The engine's action with a small deterministic budget.
pub fn engine_action<G: SearchGame, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    algorithm: Algorithm,
    budget: u64,
) -> Action<G::Move> {
    analyse(game, knowledge, &Settings::iterations(algorithm, budget, 7))
        .expect("a move to choose")
        .best
}

/// The engine's move (the position must not wait for a chance input).
pub fn engine_move<G: SearchGame, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    algorithm: Algorithm,
    budget: u64,
) -> G::Move {
    match engine_action(game, knowledge, algorithm, budget) {
        Action::Play(m) => m,
        Action::Chance => panic!("expected a move, not a chance input"),
    }
}

/// Whether `player` has won (alone or with a team).
pub fn has_won<G: Game>(game: &G, player: G::Player) -> bool {
    match game.outcome() {
        Outcome::Win(p) => p == player,
        Outcome::TeamWin(ps) => ps.contains(&player),
        _ => false,
    }
}

/// Whether the move wins at once for the player making it.
pub fn wins_at_once<G: Game>(game: &G, mv: &G::Move) -> bool {
    let me = game.to_move();
    let mut g = game.clone();
    g.play_unchecked(mv);
    has_won(&g, me)
}

/// Whether, after `mv`, an opponent of the mover can win with his next move.
pub fn allows_a_win_in_one<G: Game>(game: &G, mv: &G::Move) -> bool {
    let me = game.to_move();
    let mut g = game.clone();
    g.play_unchecked(mv);
    if g.outcome().is_over() || g.to_move() == me {
        return false;
    }
    let them = g.to_move();
    g.legal_moves().iter().any(|reply| {
        let mut h = g.clone();
        h.play_unchecked(reply);
        has_won(&h, them)
    })
}

/// Checks that the position is a fair test of avoiding a loss in one (some moves lose at
/// once, some do not) and that the engine's move does not lose at once.
pub fn assert_avoids_loss<G: SearchGame, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    algorithm: Algorithm,
    budget: u64,
    what: &str,
) {
    let moves = game.legal_moves();
    let losing = moves
        .iter()
        .filter(|m| allows_a_win_in_one(game, m))
        .count();
    assert!(
        losing > 0 && losing < moves.len(),
        "{what}: a fair test needs losing and saving moves ({losing} of {} lose)",
        moves.len()
    );
    let mv = engine_move(game, knowledge, algorithm, budget);
    assert!(
        !allows_a_win_in_one(game, &mv),
        "{what} ({algorithm}): {} lets the opponent win",
        game.move_text(&mv)
    );
}

/// Checks that the position has a win in one among other moves and that the engine takes
/// it.
pub fn assert_wins<G: SearchGame, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    algorithm: Algorithm,
    budget: u64,
    what: &str,
) {
    let moves = game.legal_moves();
    let winning = moves.iter().filter(|m| wins_at_once(game, m)).count();
    assert!(
        winning > 0 && winning < moves.len(),
        "{what}: a fair test needs winning and other moves ({winning} of {} win)",
        moves.len()
    );
    let mv = engine_move(game, knowledge, algorithm, budget);
    assert!(
        wins_at_once(game, &mv),
        "{what} ({algorithm}): {} does not win",
        game.move_text(&mv)
    );
}
