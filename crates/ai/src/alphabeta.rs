//! Alpha-beta for two-player games without chance: iterative deepening, principal
//! variation search, a transposition table shared by the threads (lazy SMP), killer moves,
//! and a quiescence search through the moves the knowledge calls noisy (captures, castle
//! and citadel entries). A player who moves again (Screwball's bonus moves) keeps the sign.

use crate::knowledge::{Knowledge, MAX_SEATS, Seats, Values};
use crate::search::SearchGame;
use crate::search::{Action, Algorithm, Analysis, Limits, RootMove, Settings, Style};
use std::sync::atomic::{AtomicU64, Ordering};
use tabula_rules::Game;

/// The score of a won game at the root; a win `n` plies away scores `WIN - n`.
const WIN: i32 = 2_000_000;
/// Scores beyond this are wins or losses.
const WIN_BOUND: i32 = WIN - 10_000;
const INF: i32 = WIN + 1;
/// Evaluation units per unit of expected result difference.
const SCALE: f32 = 1_000_000.0;
/// Plies of quiescence at most.
const QUIESCENCE_PLIES: i32 = 8;
const NO_MOVE: u16 = u16::MAX;

const EXACT: u64 = 1;
const LOWER: u64 = 2;
const UPPER: u64 = 3;

/// A transposition table safe to share between threads without locks: each entry keeps
/// its key XOR its data, so a torn write reads as a miss.
pub(crate) struct Table {
    entries: Vec<[AtomicU64; 2]>,
    mask: u64,
}

#[derive(Clone, Copy)]
struct Entry {
    score: i32,
    depth: i32,
    flag: u64,
    best: u16,
}

impl Table {
    fn new(entries: usize) -> Table {
        let n = entries.next_power_of_two().max(1024);
        Table {
            entries: (0..n)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: n as u64 - 1,
        }
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let e = &self.entries[(key & self.mask) as usize];
        let data = e[1].load(Ordering::Relaxed);
        if data == 0 || e[0].load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        Some(Entry {
            score: data as u32 as i32,
            depth: ((data >> 32) & 0xff) as i32 - 64,
            flag: (data >> 40) & 3,
            best: (data >> 48) as u16,
        })
    }

    fn store(&self, key: u64, entry: Entry) {
        let e = &self.entries[(key & self.mask) as usize];
        let old = e[1].load(Ordering::Relaxed);
        let old_key = e[0].load(Ordering::Relaxed) ^ old;
        let old_depth = ((old >> 32) & 0xff) as i32 - 64;
        // Keep a deeper result for the same position unless the new one is exact.
        if old != 0 && old_key == key && old_depth > entry.depth && entry.flag != EXACT {
            return;
        }
        let data = u64::from(entry.score as u32)
            | (((entry.depth + 64).clamp(0, 255) as u64) << 32)
            | (entry.flag << 40)
            | (u64::from(entry.best) << 48);
        e[0].store(key ^ data, Ordering::Relaxed);
        e[1].store(data, Ordering::Relaxed);
    }
}

fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// One thread's searcher.
struct Searcher<'a, G: Game, K> {
    game: G,
    knowledge: &'a K,
    seats: Seats<G::Player>,
    table: &'a Table,
    limits: &'a Limits,
    node_limit: u64,
    nodes: u64,
    shared_nodes: &'a AtomicU64,
    stopped: bool,
    killers: Vec<[Option<G::Move>; 2]>,
    values: Values,
    scores: Vec<Vec<f32>>,
    helper: bool,
    /// Whether the root's result may go into the table: not when the root searches only
    /// some of its moves, whose best is not the position's.
    root_store: bool,
}

impl<'a, G: Game, K: Knowledge<G>> Searcher<'a, G, K> {
    fn evaluate(&mut self) -> i32 {
        self.knowledge
            .evaluate(&self.game, &self.seats, &mut self.values);
        let me = self.seats.index(self.game.to_move());
        let other = 1 - me.min(1);
        ((self.values[me] - self.values[other]) * SCALE) as i32
    }

    /// The score of a finished game for the player to move.
    fn terminal(&mut self, ply: usize) -> i32 {
        let outcome = self.game.outcome();
        let mut v: Values = [0.0; MAX_SEATS];
        self.knowledge
            .outcome_values(&self.game, &self.seats, &outcome, &mut v);
        let me = self.seats.index(self.game.to_move());
        let other = 1 - me.min(1);
        let d = v[me] - v[other];
        if d > 0.01 {
            WIN - ply as i32
        } else if d < -0.01 {
            -WIN + ply as i32
        } else {
            0
        }
    }

    fn check_limits(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 255 == 0 {
            self.shared_nodes.fetch_add(256, Ordering::Relaxed);
        }
        if self.stopped {
            return true;
        }
        if !self.helper && self.nodes >= self.node_limit {
            self.stopped = true;
            self.limits.internal.store(true, Ordering::Relaxed);
            return true;
        }
        if self.nodes & 63 == 0 && self.limits.should_stop() {
            self.stopped = true;
        }
        self.stopped
    }

    /// Scores moves for ordering: the table's move, then killers, then the knowledge.
    fn order(&mut self, moves: &[G::Move], ply: usize, table_move: u16) -> Vec<usize> {
        if self.scores.len() <= ply {
            self.scores.resize_with(ply + 1, Vec::new);
        }
        let mut scores = std::mem::take(&mut self.scores[ply]);
        scores.clear();
        scores.resize(moves.len(), 0.0);
        self.knowledge.order(&self.game, moves, &mut scores);
        if let Some(k) = self.killers.get(ply) {
            for (i, m) in moves.iter().enumerate() {
                if k[0].as_ref() == Some(m) {
                    scores[i] = 1e20;
                } else if k[1].as_ref() == Some(m) {
                    scores[i] = 1e19;
                }
            }
        }
        if (table_move as usize) < moves.len() {
            scores[table_move as usize] = f32::INFINITY;
        }
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
        self.scores[ply] = scores;
        order
    }

    fn add_killer(&mut self, mv: &G::Move, ply: usize) {
        if self.killers.len() <= ply {
            self.killers.resize_with(ply + 1, || [None, None]);
        }
        let k = &mut self.killers[ply];
        if k[0].as_ref() != Some(mv) {
            k[1] = k[0].take();
            k[0] = Some(mv.clone());
        }
    }

    /// Plays a move, searches the child with the right sign, undoes it.
    fn child(&mut self, mv: &G::Move, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        let mover = self.game.to_move();
        self.game.play_unchecked(mv);
        let v = if self.game.to_move() == mover {
            self.negamax(depth, alpha, beta, ply + 1)
        } else {
            -self.negamax(depth, -beta, -alpha, ply + 1)
        };
        self.game.undo();
        v
    }

    fn negamax(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.check_limits() {
            return 0;
        }
        let key = self.knowledge.hash(&self.game).unwrap_or(0);
        let mut table_move = NO_MOVE;
        if let Some(e) = self.table.probe(key) {
            table_move = e.best;
            if e.depth >= depth && ply > 0 {
                let s = from_table(e.score, ply);
                match e.flag {
                    EXACT => return s,
                    LOWER if s >= beta => return s,
                    UPPER if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let moves = self.game.legal_moves();
        if moves.is_empty() {
            return self.terminal(ply);
        }
        if depth <= 0 {
            return self.quiesce(moves, alpha, beta, ply, 0);
        }
        let order = self.order(&moves, ply, table_move);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_index = NO_MOVE;
        for (n, &i) in order.iter().enumerate() {
            let mv = &moves[i];
            let v = if n == 0 {
                self.child(mv, depth - 1, alpha, beta, ply)
            } else {
                let v = self.child(mv, depth - 1, alpha, alpha + 1, ply);
                if v > alpha && v < beta && !self.stopped {
                    self.child(mv, depth - 1, alpha, beta, ply)
                } else {
                    v
                }
            };
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_index = i as u16;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        self.add_killer(mv, ply);
                        break;
                    }
                }
            }
        }
        let flag = if best <= original_alpha {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table.store(
            key,
            Entry {
                score: to_table(best, ply),
                depth,
                flag,
                best: best_index,
            },
        );
        best
    }

    /// Stand pat on the evaluation, or resolve the noisy moves.
    fn quiesce(
        &mut self,
        moves: Vec<G::Move>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: i32,
    ) -> i32 {
        let stand = self.evaluate();
        if stand >= beta || qply >= QUIESCENCE_PLIES {
            return stand;
        }
        alpha = alpha.max(stand);
        let noisy: Vec<G::Move> = moves
            .into_iter()
            .filter(|m| self.knowledge.is_noisy(&self.game, m))
            .collect();
        if noisy.is_empty() {
            return stand;
        }
        let order = self.order(&noisy, ply, NO_MOVE);
        let mut best = stand;
        for i in order {
            let mv = &noisy[i];
            let mover = self.game.to_move();
            self.game.play_unchecked(mv);
            let same = self.game.to_move() == mover;
            let v = if self.check_limits() {
                0
            } else {
                let child_moves = self.game.legal_moves();
                if child_moves.is_empty() {
                    let t = self.terminal(ply + 1);
                    if same { t } else { -t }
                } else if same {
                    self.quiesce(child_moves, alpha, beta, ply + 1, qply + 1)
                } else {
                    -self.quiesce(child_moves, -beta, -alpha, ply + 1, qply + 1)
                }
            };
            self.game.undo();
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The principal variation from the table, starting with `first`.
    fn principal_variation(&mut self, first: usize, moves: &[G::Move], depth: u32) -> Vec<G::Move> {
        let mut pv = vec![moves[first].clone()];
        let mut played = 1;
        self.game.play_unchecked(&moves[first]);
        let mut seen = Vec::new();
        while (pv.len() as u32) < depth.max(1) + 4 {
            let Some(key) = self.knowledge.hash(&self.game) else {
                break;
            };
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(e) = self.table.probe(key) else {
                break;
            };
            let legal = self.game.legal_moves();
            let Some(mv) = legal.get(e.best as usize) else {
                break;
            };
            pv.push(mv.clone());
            self.game.play_unchecked(mv);
            played += 1;
        }
        for _ in 0..played {
            self.game.undo();
        }
        pv
    }

    /// Iterative deepening at the root: per root move its score and whether it is exact,
    /// the best move's index, the completed depth and the principal variation.
    fn iterate(&mut self, moves: &[G::Move], max_depth: u32, margin: i32) -> RootResult<G::Move> {
        let n = moves.len();
        let mut order = self.order(moves, 0, NO_MOVE);
        let mut result = RootResult {
            scores: vec![(-INF, false); n],
            best: order[0],
            depth: 0,
            pv: vec![moves[order[0]].clone()],
            nodes_per_move: vec![0; n],
        };
        let start_depth = if self.helper { 2 } else { 1 };
        for depth in start_depth..=max_depth {
            let mut best: Option<(usize, i32)> = None;
            let mut scores = vec![(-INF, false); n];
            for (k, &i) in order.iter().enumerate() {
                let before = self.nodes;
                let (v, exact) = match best {
                    None => (self.child(&moves[i], depth as i32 - 1, -INF, INF, 0), true),
                    Some((_, top)) => {
                        // Moves within the margin of the best get exact scores.
                        let a = top - margin;
                        let v = self.child(&moves[i], depth as i32 - 1, a, a + 1, 0);
                        if v > a && !self.stopped {
                            (self.child(&moves[i], depth as i32 - 1, a, INF, 0), true)
                        } else {
                            (v, false)
                        }
                    }
                };
                if self.stopped {
                    break;
                }
                result.nodes_per_move[i] += self.nodes - before;
                scores[i] = (v, exact || k == 0);
                if best.is_none_or(|(_, s)| v > s) {
                    best = Some((i, v));
                }
            }
            // A stopped iteration still counts once its first move (the previous best) has
            // been searched: a move found better than that one is better.
            if let Some((b, s)) = best {
                result.best = b;
                if self.stopped {
                    for (r, sc) in result.scores.iter_mut().zip(&scores) {
                        if sc.0 > -INF {
                            *r = *sc;
                        }
                    }
                } else {
                    result.scores = scores;
                    result.depth = depth;
                }
                if let Some(key) = self.knowledge.hash(&self.game).filter(|_| self.root_store) {
                    self.table.store(
                        key,
                        Entry {
                            score: s,
                            depth: depth as i32,
                            flag: EXACT,
                            best: b as u16,
                        },
                    );
                }
                if !self.helper {
                    result.pv = self.principal_variation(b, moves, depth);
                }
            }
            if self.stopped {
                break;
            }
            let s = &result.scores;
            let top = result.best;
            order.sort_by(|&a, &b| {
                (b == top)
                    .cmp(&(a == top))
                    .then(s[b].0.cmp(&s[a].0))
                    .then(a.cmp(&b))
            });
            if margin == 0 && best.is_some_and(|(_, s)| s.abs() > WIN_BOUND) {
                break;
            }
        }
        result
    }
}

struct RootResult<M> {
    scores: Vec<(i32, bool)>,
    best: usize,
    depth: u32,
    pv: Vec<M>,
    nodes_per_move: Vec<u64>,
}

/// The mover's expected result from a score.
fn score_value(score: i32) -> f32 {
    if score > WIN_BOUND {
        1.0
    } else if score < -WIN_BOUND {
        0.0
    } else {
        (0.5 + score as f32 / SCALE / 2.0).clamp(0.0, 1.0)
    }
}

/// Searches a two-player position without chance.
pub(crate) fn search<G, K>(
    game: &G,
    knowledge: &K,
    settings: &Settings,
    actions: &[Action<G::Move>],
) -> Analysis<G::Move>
where
    G: SearchGame,
    K: Knowledge<G>,
{
    let moves: Vec<G::Move> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Play(m) => Some(m.clone()),
            Action::Chance => None,
        })
        .collect();
    let limits = Limits::new(settings);
    let node_limit = settings.iterations.unwrap_or(u64::MAX);
    let table = Table::new(
        settings
            .iterations
            .map_or(1 << 21, |n| (n as usize).clamp(1 << 12, 1 << 21)),
    );
    let max_depth = settings.max_depth.unwrap_or(64);
    let margin = match settings.style {
        Style::Best | Style::Intuition { .. } => 0,
        Style::Human { margin, .. } => (margin * 2.0 * SCALE) as i32,
    };
    let shared_nodes = AtomicU64::new(0);
    let threads = settings.threads.max(1);
    let root_store = moves.len() == game.legal_moves().len();
    let searcher = |helper: bool| Searcher {
        game: game.clone(),
        knowledge,
        seats: Seats::of(game),
        table: &table,
        limits: &limits,
        node_limit,
        nodes: 0,
        shared_nodes: &shared_nodes,
        stopped: false,
        killers: Vec::new(),
        values: [0.0; MAX_SEATS],
        scores: Vec::new(),
        helper,
        root_store,
    };
    let (result, main_nodes) = if threads == 1 {
        let mut s = searcher(false);
        let r = s.iterate(&moves, max_depth, margin);
        (r, s.nodes)
    } else {
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|_| {
                    let mut s = searcher(true);
                    let moves = &moves;
                    scope.spawn(move || {
                        s.iterate(moves, max_depth, 0);
                        s.nodes
                    })
                })
                .collect();
            let mut s = searcher(false);
            let r = s.iterate(&moves, max_depth, margin);
            limits.internal.store(true, Ordering::Relaxed);
            let helper_nodes: u64 = helpers
                .into_iter()
                .map(|h| h.join().expect("a search thread"))
                .sum();
            (r, s.nodes + helper_nodes)
        })
    };
    let seats = Seats::of(game);
    let me = seats.index(game.to_move());
    let best_score = result.scores[result.best].0;
    let mut values = vec![0.5; seats.len()];
    if best_score > -INF {
        values[me] = score_value(best_score);
        values[1 - me.min(1)] = 1.0 - values[me];
    }
    let mut root: Vec<RootMove<G::Move>> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| RootMove {
            action: Action::Play(m.clone()),
            visits: result.nodes_per_move[i],
            value: score_value(result.scores[i].0),
            exact: result.scores[i].1 && result.scores[i].0 > -INF,
        })
        .collect();
    let best_action = root[result.best].action.clone();
    root.sort_by(|a, b| {
        (b.action == best_action)
            .cmp(&(a.action == best_action))
            .then(b.exact.cmp(&a.exact))
            .then(b.value.total_cmp(&a.value))
    });
    Analysis {
        best: best_action,
        values,
        pv: result.pv,
        root,
        nodes: main_nodes,
        iterations: 0,
        depth: result.depth,
        elapsed: limits.start.elapsed(),
        algorithm: Algorithm::AlphaBeta,
        threads,
    }
}
