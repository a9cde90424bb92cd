//! Counting leaf moves to a fixed depth (perft), for any game.

use crate::Game;

/// Counts the move sequences of exactly `depth` moves from `game`.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return game.legal_move_count() as u64;
    }
    let moves = game.legal_moves();
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

/// Perft where moves leading to the same position count once per node: at each node the
/// children are deduplicated by `key` (the resulting position) before going deeper.
pub fn perft_positions<G: Game, K: Eq + std::hash::Hash>(
    game: &mut G,
    depth: u32,
    key: impl Fn(&G) -> K + Copy,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves();
    let mut seen = std::collections::HashSet::new();
    let mut total = 0;
    for mv in &moves {
        game.play_unchecked(mv);
        if seen.insert(key(game)) {
            total += perft_positions(game, depth - 1, key);
        }
        game.undo();
    }
    total
}

/// What a perft run found.
#[derive(Debug, Clone, PartialEq)]
pub struct PerftReport {
    /// Total count.
    pub total: u64,
    /// Each first move (in the game's notation) with its count, when asked for.
    pub divide: Vec<(String, u64)>,
    /// Seconds taken.
    pub seconds: f64,
}

fn run<G: Game, K: Eq + std::hash::Hash>(
    mut game: G,
    depth: u32,
    positions: bool,
    divide: bool,
    key: impl Fn(&G) -> K + Copy,
) -> PerftReport {
    let start = std::time::Instant::now();
    let mut report = PerftReport {
        total: u64::from(depth == 0),
        divide: Vec::new(),
        seconds: 0.0,
    };
    let mut seen = std::collections::HashSet::new();
    let moves = if depth == 0 {
        Vec::new()
    } else {
        game.legal_moves()
    };
    for mv in moves {
        game.play_unchecked(&mv);
        if positions && !seen.insert(key(&game)) {
            game.undo();
            continue;
        }
        let n = if positions {
            perft_positions(&mut game, depth - 1, key)
        } else {
            perft(&mut game, depth - 1)
        };
        game.undo();
        if divide {
            report.divide.push((game.move_text(&mv), n));
        }
        report.total += n;
    }
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// Why perft cannot count a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{title} is played with chance; perft counts games without it")]
pub struct ChanceGame {
    /// The game's title.
    pub title: &'static str,
}

/// Perft of any game without chance, counting move sequences or (with `positions`)
/// distinct positions ([`Game::position_key`]), each first move's count listed with
/// `divide`. Instantiated here, in this optimised crate, whatever builds the caller: the
/// app's dev build counts about half as fast with a generic instantiated on its side.
pub fn run_any(
    game: crate::AnyGame,
    depth: u32,
    positions: bool,
    divide: bool,
) -> Result<PerftReport, ChanceGame> {
    let info = game.info();
    if info.chance {
        return Err(ChanceGame { title: info.title });
    }
    Ok(with_game!(game, g => run(g, depth, positions, divide, |g| g.position_key())))
}
