//! What a search is asked (algorithm, budget, threads, seed, stop flag, style of play) and
//! what it answers (the chosen action, the expected result per player, the principal
//! variation, statistics), and the choice among the best moves that makes the weaker levels
//! human.

use crate::knowledge::{Knowledge, Seats, Values};
use crate::rng::Rng;
use crate::{alphabeta, mcts};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tabula_rules::Game;
use tabula_rules::game::Chance;

/// A game the searches can run on several threads.
pub trait SearchGame: Game<Move: Send + Sync, Player: Send + Sync> + Send + Sync {}

impl<G> SearchGame for G where G: Game<Move: Send + Sync, Player: Send + Sync> + Send + Sync {}

/// Which search runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Monte Carlo tree search (max^n backups, chance nodes, truncated playouts).
    Mcts,
    /// Iterative-deepening alpha-beta with a transposition table and quiescence.
    AlphaBeta,
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Algorithm::Mcts => "mcts",
            Algorithm::AlphaBeta => "alpha-beta",
        })
    }
}

/// How the final move is chosen from the searched ones.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Style {
    /// The best move.
    Best,
    /// A move drawn by softmax over the values of the moves within `margin` of the best
    /// (expected result, 0 to 1), with `temperature`: deliberate imperfection that still
    /// looks like play. A win in one is always taken.
    Human {
        /// How much worse than the best a move may be.
        margin: f32,
        /// Softmax temperature, in expected-result units.
        temperature: f32,
    },
    /// A move drawn by softmax over the knowledge's move-ordering scores
    /// ([`Knowledge::order`]; a move it prunes counts as the worst of the others), with
    /// `temperature` in the
    /// ordering's units: a player who goes by a first impression of each move and does not
    /// look ahead. A win in one is always taken; where letting a chance input come is one of
    /// the choices, the search's choice stands.
    Intuition {
        /// Softmax temperature, in the ordering's units.
        temperature: f32,
    },
}

/// What a search is asked.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Which search.
    pub algorithm: Algorithm,
    /// Tree-search iterations, or alpha-beta nodes; with no time limit and one thread the
    /// search is deterministic for a seed.
    pub iterations: Option<u64>,
    /// A time limit.
    pub time: Option<Duration>,
    /// Threads (the tree search merges the root statistics of independent trees; alpha-beta
    /// shares its transposition table).
    pub threads: usize,
    /// Deepest alpha-beta iteration.
    pub max_depth: Option<u32>,
    /// Seed of the search's generator (and of the human choice).
    pub seed: u64,
    /// Set from anywhere to make the search return at once with the best move so far.
    pub stop: Option<Arc<AtomicBool>>,
    /// How the move is chosen.
    pub style: Style,
}

impl Settings {
    /// A deterministic search of `iterations` iterations (or nodes) on one thread.
    pub fn iterations(algorithm: Algorithm, iterations: u64, seed: u64) -> Settings {
        Settings {
            algorithm,
            iterations: Some(iterations),
            time: None,
            threads: 1,
            max_depth: None,
            seed,
            stop: None,
            style: Style::Best,
        }
    }

    /// A search for a time on `threads` threads.
    pub fn time(algorithm: Algorithm, time: Duration, threads: usize, seed: u64) -> Settings {
        Settings {
            algorithm,
            iterations: None,
            time: Some(time),
            threads: threads.max(1),
            max_depth: None,
            seed,
            stop: None,
            style: Style::Best,
        }
    }
}

/// What the player to move does: play a move, or let the pending chance input come (throw
/// the die instead of drawing a card).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action<M> {
    /// Play this move.
    Play(M),
    /// Let the chance input come.
    Chance,
}

/// One root move as searched.
#[derive(Debug, Clone)]
pub struct RootMove<M> {
    /// The move.
    pub action: Action<M>,
    /// Visits (tree search) or nodes below it (alpha-beta).
    pub visits: u64,
    /// The mover's expected result after it, 0 to 1.
    pub value: f32,
    /// False where alpha-beta only proved it is no better than `value`.
    pub exact: bool,
}

/// A search's answer.
#[derive(Debug, Clone)]
pub struct Analysis<M> {
    /// The chosen action.
    pub best: Action<M>,
    /// The expected result of each seat (turn order), 0 to 1.
    pub values: Vec<f32>,
    /// The principal variation from the best move on (it stops at a chance input).
    pub pv: Vec<M>,
    /// The root moves, best first.
    pub root: Vec<RootMove<M>>,
    /// Positions visited.
    pub nodes: u64,
    /// Tree-search iterations (0 for alpha-beta).
    pub iterations: u64,
    /// Alpha-beta: the deepest completed iteration; tree search: the deepest selection.
    pub depth: u32,
    /// Time taken.
    pub elapsed: Duration,
    /// Which search ran.
    pub algorithm: Algorithm,
    /// Threads used.
    pub threads: usize,
}

impl<M> Analysis<M> {
    /// Positions per second.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Why there is nothing to decide.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoDecision {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A chance input is due and the player has no choice.
    #[error("a chance input is due ({0}); it is not a decision")]
    ChanceDue(String),
}

/// Text for a chance input kind.
pub fn chance_words(chance: Chance) -> String {
    match chance {
        Chance::Die { faces } => format!("a throw of a {faces}-sided die"),
        Chance::Card { cards } => format!("a card drawn from {cards}"),
    }
}

/// The actions open to the player to move: the legal moves, and `Action::Chance` where a
/// chance input is pending but a move may be chosen instead.
pub fn root_actions<G: Game>(game: &G) -> Result<Vec<Action<G::Move>>, NoDecision> {
    let pending = game.pending_chance();
    let moves = game.legal_moves();
    if let Some(chance) = pending {
        if moves.is_empty() {
            return Err(if game.outcome().is_over() {
                NoDecision::GameOver
            } else {
                NoDecision::ChanceDue(chance_words(chance))
            });
        }
        let mut out: Vec<Action<G::Move>> = moves.into_iter().map(Action::Play).collect();
        out.push(Action::Chance);
        return Ok(out);
    }
    if moves.is_empty() {
        return Err(NoDecision::GameOver);
    }
    Ok(moves.into_iter().map(Action::Play).collect())
}

/// Budget and stop conditions shared by a search's threads.
pub(crate) struct Limits {
    pub start: Instant,
    pub deadline: Option<Instant>,
    pub external: Option<Arc<AtomicBool>>,
    pub internal: AtomicBool,
}

impl Limits {
    pub fn new(settings: &Settings) -> Limits {
        let start = Instant::now();
        Limits {
            start,
            deadline: settings.time.map(|t| start + t),
            external: settings.stop.clone(),
            internal: AtomicBool::new(false),
        }
    }

    /// Whether the search must stop now (flag or clock).
    pub fn should_stop(&self) -> bool {
        if self.internal.load(Ordering::Relaxed) {
            return true;
        }
        if self
            .external
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            return true;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.internal.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }
}

/// Searches the position and chooses an action.
pub fn analyse<G, K>(
    game: &G,
    knowledge: &K,
    settings: &Settings,
) -> Result<Analysis<G::Move>, NoDecision>
where
    G: SearchGame,
    K: Knowledge<G>,
{
    analyse_among(game, knowledge, settings, None)
}

/// Searches the position and chooses an action among `among` only (UCI's `searchmoves`):
/// the root considers those of its actions and no other, with either search and in every
/// style of play. `None` searches every action; actions of `among` that are not open to
/// the player to move are left out, and where none is open, every action is searched
/// (read the list with [`crate::commands::parse_actions`], which refuses such an action).
pub fn analyse_among<G, K>(
    game: &G,
    knowledge: &K,
    settings: &Settings,
    among: Option<&[Action<G::Move>]>,
) -> Result<Analysis<G::Move>, NoDecision>
where
    G: SearchGame,
    K: Knowledge<G>,
{
    let mut actions = root_actions(game)?;
    if let Some(among) = among
        && actions.iter().any(|a| among.contains(a))
    {
        actions.retain(|a| among.contains(a));
    }
    let mut analysis = match settings.algorithm {
        Algorithm::AlphaBeta
            if knowledge.hash(game).is_some() && game.pending_chance().is_none() =>
        {
            alphabeta::search(game, knowledge, settings, &actions)
        }
        _ => mcts::search(game, knowledge, settings, actions.clone()),
    };
    let chosen = match settings.style {
        Style::Best => None,
        Style::Human {
            margin,
            temperature,
        } => Some(human_choice(
            game,
            knowledge,
            &analysis,
            margin,
            temperature,
            settings.seed,
        )),
        Style::Intuition { temperature } => Some(intuitive_choice(
            game,
            knowledge,
            &analysis,
            &actions,
            temperature,
            settings.seed,
        )),
    };
    if let Some(chosen) = chosen
        && chosen != analysis.best
    {
        analysis.pv.clear();
        if let Action::Play(m) = &chosen {
            analysis.pv.push(m.clone());
        }
        analysis.best = chosen;
    }
    Ok(analysis)
}

/// A winning move among the root's, if there is one.
fn win_in_one<G: Game, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    analysis: &Analysis<G::Move>,
) -> Option<Action<G::Move>> {
    let seats = Seats::of(game);
    let me = seats.index(game.to_move());
    let mut probe = game.clone();
    let mut values: Values = [0.0; crate::knowledge::MAX_SEATS];
    for rm in &analysis.root {
        if let Action::Play(m) = &rm.action {
            probe.play_unchecked(m);
            let outcome = probe.outcome();
            probe.undo();
            if outcome.is_over() {
                knowledge.outcome_values(&probe, &seats, &outcome, &mut values);
                if values[me] >= 0.999 {
                    return Some(rm.action.clone());
                }
            }
        }
    }
    None
}

/// The move an intuitive player picks (see [`Style::Intuition`]): a win in one if there is
/// one, else a softmax draw over the ordering scores of the searched moves not pruned.
fn intuitive_choice<G: Game, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    analysis: &Analysis<G::Move>,
    actions: &[Action<G::Move>],
    temperature: f32,
    seed: u64,
) -> Action<G::Move> {
    if let Some(win) = win_in_one(game, knowledge, analysis) {
        return win;
    }
    if game.pending_chance().is_some() {
        return analysis.best.clone();
    }
    let moves: Vec<G::Move> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Play(m) => Some(m.clone()),
            Action::Chance => None,
        })
        .collect();
    let mut scores = vec![0.0f32; moves.len()];
    knowledge.order(game, &moves, &mut scores);
    let (low, top) = scores
        .iter()
        .filter(|s| s.is_finite())
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &s| {
            (lo.min(s), hi.max(s))
        });
    if !top.is_finite() {
        return analysis.best.clone();
    }
    // A move the ordering prunes counts as the worst of the others.
    let weights: Vec<f64> = scores
        .iter()
        .map(|&s| f64::from((s.max(low) - top) / temperature.max(1e-4)).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut x = f64::from(Rng::stream(seed, 0x0049_4e54_5549).unit()) * total;
    for (m, w) in moves.iter().zip(&weights) {
        if x < *w {
            return Action::Play(m.clone());
        }
        x -= w;
    }
    analysis.best.clone()
}

/// The move a human-style player picks: a win in one if there is one, else a softmax draw
/// among the moves whose value is within `margin` of the best (and, for the tree search,
/// that were searched enough to trust the value).
fn human_choice<G: Game, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    analysis: &Analysis<G::Move>,
    margin: f32,
    temperature: f32,
    seed: u64,
) -> Action<G::Move> {
    if let Some(win) = win_in_one(game, knowledge, analysis) {
        return win;
    }
    let Some(top) = analysis.root.first() else {
        return analysis.best.clone();
    };
    let most_visits = analysis.root.iter().map(|r| r.visits).max().unwrap_or(0);
    let candidates: Vec<&RootMove<G::Move>> = analysis
        .root
        .iter()
        .filter(|r| {
            r.exact
                && r.value >= top.value - margin
                && (analysis.algorithm == Algorithm::AlphaBeta || r.visits * 8 >= most_visits)
        })
        .collect();
    if candidates.len() <= 1 {
        return analysis.best.clone();
    }
    let weights: Vec<f64> = candidates
        .iter()
        .map(|r| f64::from((r.value - top.value) / temperature.max(1e-4)).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut x = f64::from(Rng::stream(seed, 0x0048_554d_414e).unit()) * total;
    for (r, w) in candidates.iter().zip(&weights) {
        if x < *w {
            return r.action.clone();
        }
        x -= w;
    }
    candidates[0].action.clone()
}
