//! Puzzles the engine finds in a two-player game without chance: one move wins the game, or
//! wins decisive material, and a deeper search confirms that no second move comes close.
//! The solution line is the engine's (played out to the end for a win), the margin is how
//! much worse the second-best move scores at the confirming depth, and the rating is the
//! shallowest search that chooses the move and sees what it does.

use super::MineSettings;
use crate::knowledge::Knowledge;
use crate::search::{Action, Algorithm, Analysis, SearchGame, Settings, analyse, analyse_among};
use tabula_rules::puzzle::{Margin, PuzzleText, Rating, Task};
use tabula_rules::scene::SceneSetup;
use tabula_rules::{Game, Outcome};

/// The mover's expected result of a forced win.
const WON: f32 = 0.9999;
/// The longest solution line played out for a win, in moves.
const LONGEST_LINE: usize = 24;

/// An alpha-beta search of at most `nodes` positions and `depth` plies, on one thread.
fn search_settings(nodes: u64, depth: u32) -> Settings {
    let mut settings = Settings::iterations(Algorithm::AlphaBeta, nodes, 0);
    settings.max_depth = Some(depth);
    settings
}

/// The expected result of the player to move after the search's best move.
fn value_of<G: Game, M>(game: &G, analysis: &Analysis<M>) -> f32 {
    let me = game
        .players()
        .iter()
        .position(|p| *p == game.to_move())
        .unwrap_or(0);
    analysis.values.get(me).copied().unwrap_or(0.5)
}

/// The best move other than `best`, its value for the player to move, and the depth the
/// search completed.
fn second_best<G: SearchGame, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    settings: &Settings,
    best: &G::Move,
) -> Option<(G::Move, f32, u32)> {
    let others: Vec<Action<G::Move>> = game
        .legal_moves()
        .into_iter()
        .filter(|m| m != best)
        .map(Action::Play)
        .collect();
    if others.is_empty() {
        return None;
    }
    let analysis = analyse_among(game, knowledge, settings, Some(&others)).ok()?;
    match &analysis.best {
        Action::Play(m) if m != best => {
            Some((m.clone(), value_of(game, &analysis), analysis.depth))
        }
        _ => None,
    }
}

/// The pieces the player to move takes over each prefix of `line` less those he loses: the
/// running count after each move, as far as the moves are legal.
fn gains<G: Game>(game: &G, line: &[G::Move]) -> Vec<i64> {
    let solver = game.to_move();
    let mut probe = game.clone();
    let mut gained = 0;
    let mut out = Vec::with_capacity(line.len());
    for mv in line {
        let mover = probe.to_move();
        let Ok(effect) = probe.play_effect(mv) else {
            break;
        };
        let taken = G::captured(&effect) as i64;
        gained += if mover == solver { taken } else { -taken };
        out.push(gained);
    }
    out
}

/// The line of a win: the principal variation, then the engine's moves for both sides until
/// the game ends, each of the winner's keeping the win; `None` if it does not end won.
fn win_line<G: SearchGame, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    settings: &Settings,
    pv: &[G::Move],
) -> Option<Vec<G::Move>> {
    let solver = game.to_move();
    let mut probe = game.clone();
    let mut line = Vec::new();
    for mv in pv {
        if probe.outcome().is_over() || probe.play(mv).is_err() {
            break;
        }
        line.push(mv.clone());
    }
    while !probe.outcome().is_over() && line.len() < LONGEST_LINE {
        let analysis = analyse(&probe, knowledge, settings).ok()?;
        if probe.to_move() == solver && value_of(&probe, &analysis) < WON {
            return None;
        }
        let Action::Play(mv) = analysis.best else {
            return None;
        };
        probe.play(&mv).ok()?;
        line.push(mv);
    }
    match probe.outcome() {
        Outcome::Win(p) if p == solver => Some(line),
        Outcome::TeamWin(ps) if ps.contains(&solver) => Some(line),
        _ => None,
    }
}

/// The shallowest search (up to the confirming depth) that chooses `first` and sees its
/// goal: a win, or material gained along its line.
fn rate<G: SearchGame, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    settings: &MineSettings,
    first: &G::Move,
    win: bool,
) -> Option<Rating> {
    for depth in 1..=settings.confirm_depth {
        let analysis = analyse(
            game,
            knowledge,
            &search_settings(settings.confirm_nodes, depth),
        )
        .ok()?;
        let chose = analysis.best == Action::Play(first.clone());
        let sees = if win {
            value_of(game, &analysis) >= WON
        } else {
            gains(game, &analysis.pv).last().is_some_and(|g| *g >= 1)
        };
        if chose && sees {
            return Some(Rating {
                depth,
                nodes: analysis.nodes,
            });
        }
    }
    None
}

/// The puzzle in `game`, if the player to move has one (see the module's documentation).
pub fn find<G: SearchGame, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    settings: &MineSettings,
) -> Option<PuzzleText> {
    if game.pending_chance().is_some() || game.legal_moves().len() < 2 {
        return None;
    }
    // A quick look first: a win or material found at all, and no second move close.
    let scan = search_settings(settings.scan_nodes, settings.scan_depth);
    let quick = analyse(game, knowledge, &scan).ok()?;
    let Action::Play(best) = quick.best.clone() else {
        return None;
    };
    let quick_value = value_of(game, &quick);
    let quick_win = quick_value >= WON;
    if !quick_win && gains(game, &quick.pv).last().is_none_or(|g| *g < 1) {
        return None;
    }
    let (_, quick_second, _) = second_best(game, knowledge, &scan, &best)?;
    if quick_value - quick_second < settings.min_margin || (quick_win && quick_second >= WON) {
        return None;
    }
    // The confirming search: the same move, and still no second move close.
    let deep = search_settings(settings.confirm_nodes, settings.confirm_depth);
    let full = analyse(game, knowledge, &deep).ok()?;
    if full.best != Action::Play(best.clone()) {
        return None;
    }
    let value = value_of(game, &full);
    let win = value >= WON;
    let (second, second_value, depth) = second_best(game, knowledge, &deep, &best)?;
    let margin = value - second_value;
    if margin < settings.min_margin || (win && second_value >= WON) {
        return None;
    }
    let (goal, line) = if win {
        (Task::Wins, win_line(game, knowledge, &deep, &full.pv)?)
    } else {
        let running = gains(game, &full.pv);
        let gained = *running.last()?;
        if gained < 1 {
            return None;
        }
        let end = running.iter().position(|g| *g >= gained)? + 1;
        (
            Task::CapturesAtLeast(gained as usize),
            full.pv[..end].to_vec(),
        )
    };
    let rating = rate(game, knowledge, settings, &best, win).unwrap_or(Rating {
        depth: full.depth,
        nodes: full.nodes,
    });
    let mut probe = game.clone();
    let mut solution = Vec::with_capacity(line.len());
    for mv in &line {
        solution.push(probe.move_text(mv));
        probe.play_unchecked(mv);
    }
    Some(PuzzleText {
        title: None,
        source: None,
        options: None,
        setup: SceneSetup::Standard,
        moves: Vec::new(),
        goal,
        solution,
        margin: Margin {
            depth: depth.max(1),
            by: (margin * 1000.0).round() / 1000.0,
            second: Some(game.move_text(&second)),
        },
        rating,
    })
}

/// How a puzzle posed elsewhere (a book's problem) stands in the engine's eyes: the margin of
/// its first move `first` over the best other move at the confirming depth, and the
/// shallowest search that chooses it and sees its goal (a win where `win`, else material).
/// `None` where the position has no other move.
pub fn measure<G: SearchGame, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    settings: &MineSettings,
    first: &G::Move,
    win: bool,
) -> Option<(Margin, Rating)> {
    let deep = search_settings(settings.confirm_nodes, settings.confirm_depth);
    let only = [Action::Play(first.clone())];
    let own = analyse_among(game, knowledge, &deep, Some(&only)).ok()?;
    let (second, second_value, depth) = second_best(game, knowledge, &deep, first)?;
    let margin = Margin {
        depth: depth.max(1),
        by: ((value_of(game, &own) - second_value) * 1000.0).round() / 1000.0,
        second: Some(game.move_text(&second)),
    };
    let rating = rate(game, knowledge, settings, first, win).unwrap_or(Rating {
        depth: own.depth,
        nodes: own.nodes,
    });
    Some((margin, rating))
}
