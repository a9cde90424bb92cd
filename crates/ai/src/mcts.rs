//! Monte Carlo tree search over any [`Game`]: UCT with a prior bias and progressive
//! widening, max^n backups (a reward per seat; each node's mover maximises its own, so
//! partners who share a result cooperate), chance nodes sampled (stratified: uniformly
//! among the outcomes visited least; never chosen by the bandit),
//! playouts truncated after a few moves and scored by the evaluation, and, where the
//! knowledge asks for it, an MCTS-solver that backs proven results up the tree. Several
//! threads grow independent trees whose root statistics are merged.

use crate::knowledge::{Knowledge, MAX_SEATS, Seats, Values};
use crate::rng::Rng;
use crate::search::SearchGame;
use crate::search::{Action, Algorithm, Analysis, Limits, RootMove, Settings};
use tabula_rules::Game;
use tabula_rules::game::Chance;

const NONE: u32 = u32::MAX;
/// The root key of the "let the chance come" action when merging threads.
const CHANCE_KEY: u32 = u32::MAX - 1;

/// How a node was reached from its parent.
enum Edge<M> {
    Root,
    /// A move, with its index among the parent's actions.
    Move(M, u32),
    /// The parent's mover let the chance input come (the node is a chance node).
    AcceptChance,
    /// The chance input had this value.
    Outcome(u32),
}

enum Kind<M> {
    /// Created, not yet looked at.
    Fresh,
    /// The game is over: the rewards.
    Terminal(Values),
    /// A chance input is due: outcomes `0..count` (cards) or `1..=count` (die faces).
    Chance { first: u32, count: u32 },
    /// A player chooses; `untried` is sorted so that the best prior is last.
    Decision {
        mover: u8,
        untried: Vec<(f32, u32, Action<M>)>,
        children: u32,
        /// Whether every action is among `untried` and the children (the ordering pruned
        /// none), so that children all proven prove the node.
        complete: bool,
    },
}

/// A reward this close to 1 is a win, this close to 0 a loss.
const SURE: f32 = 1e-3;

/// Whether proven rewards `v` are a win for `seat`.
fn is_win(v: &Values, seat: usize) -> bool {
    v[seat] >= 1.0 - SURE
}

/// Whether proven rewards `v` are a loss for `seat`.
fn is_loss(v: &Values, seat: usize) -> bool {
    v[seat] <= SURE
}

struct Node<M> {
    edge: Edge<M>,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    prior: f32,
    reward: Values,
    /// The exact rewards where the solver has proven them (a decision node).
    proven: Option<Values>,
    kind: Kind<M>,
}

/// One thread's tree.
struct Tree<'a, G: Game, K> {
    knowledge: &'a K,
    seats: Seats<G::Player>,
    nodes: Vec<Node<G::Move>>,
    rng: Rng,
    params: crate::knowledge::MctsParams,
    /// Positions visited (moves and chance inputs played).
    visited: u64,
    max_depth: u32,
    scores: Vec<f32>,
}

/// What one thread found at the root.
struct ThreadResult<M> {
    /// (key, visits, reward sums, proven rewards) per root child.
    children: Vec<(u32, u32, Values, Option<Values>)>,
    pv: Vec<M>,
    visited: u64,
    iterations: u64,
    max_depth: u32,
}

impl<'a, G: Game, K: Knowledge<G>> Tree<'a, G, K> {
    fn new(game: &G, knowledge: &'a K, seed: u64) -> Self {
        Tree {
            knowledge,
            seats: Seats::of(game),
            nodes: vec![Node {
                edge: Edge::Root,
                parent: NONE,
                first_child: NONE,
                next_sibling: NONE,
                visits: 0,
                prior: 0.0,
                reward: [0.0; MAX_SEATS],
                proven: None,
                kind: Kind::Fresh,
            }],
            rng: Rng::new(seed),
            params: knowledge.mcts_params(game),
            visited: 0,
            max_depth: 0,
            scores: Vec::new(),
        }
    }

    fn add_child(&mut self, parent: u32, edge: Edge<G::Move>, prior: f32) -> u32 {
        let id = self.nodes.len() as u32;
        let next = self.nodes[parent as usize].first_child;
        self.nodes.push(Node {
            edge,
            parent,
            first_child: NONE,
            next_sibling: next,
            visits: 0,
            prior,
            reward: [0.0; MAX_SEATS],
            proven: None,
            kind: Kind::Fresh,
        });
        self.nodes[parent as usize].first_child = id;
        id
    }

    /// Looks at a fresh node's position: terminal, chance or decision.
    fn expand(&mut self, id: u32, game: &G, root_actions: Option<&[Action<G::Move>]>) {
        let forced_chance = matches!(self.nodes[id as usize].edge, Edge::AcceptChance);
        let pending = game.pending_chance();
        let kind = if forced_chance {
            chance_kind(pending.expect("a chance input is pending"))
        } else {
            let actions: Vec<Action<G::Move>> = match root_actions {
                Some(a) => a.to_vec(),
                None => {
                    let moves = game.legal_moves();
                    let mut a: Vec<Action<G::Move>> = moves.into_iter().map(Action::Play).collect();
                    if pending.is_some() && !a.is_empty() {
                        a.push(Action::Chance);
                    }
                    a
                }
            };
            match (pending, actions.is_empty()) {
                (Some(chance), true) => chance_kind(chance),
                (None, true) => {
                    let mut values = [0.0; MAX_SEATS];
                    self.knowledge
                        .outcome_values(game, &self.seats, &game.outcome(), &mut values);
                    Kind::Terminal(values)
                }
                _ => self.decision(game, actions),
            }
        };
        self.nodes[id as usize].kind = kind;
    }

    /// A decision node's untried actions, sorted by the knowledge's prior.
    fn decision(&mut self, game: &G, actions: Vec<Action<G::Move>>) -> Kind<G::Move> {
        let moves: Vec<G::Move> = actions
            .iter()
            .filter_map(|a| match a {
                Action::Play(m) => Some(m.clone()),
                Action::Chance => None,
            })
            .collect();
        self.scores.clear();
        self.scores.resize(moves.len(), 0.0);
        self.knowledge.order(game, &moves, &mut self.scores);
        let (lo, hi) = self
            .scores
            .iter()
            .filter(|s| s.is_finite())
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &s| {
                (lo.min(s), hi.max(s))
            });
        let all_pruned = !lo.is_finite();
        let span = if hi > lo { hi - lo } else { 1.0 };
        let mut untried: Vec<(f32, u32, Action<G::Move>)> = Vec::with_capacity(actions.len());
        let mut complete = true;
        let mut m = 0;
        for (i, a) in actions.into_iter().enumerate() {
            let prior = match &a {
                Action::Play(_) => {
                    let s = self.scores[m];
                    m += 1;
                    if all_pruned {
                        0.5
                    } else if !s.is_finite() {
                        complete = false;
                        continue;
                    } else {
                        (s - lo) / span
                    }
                }
                Action::Chance => 0.5,
            };
            untried.push((prior, i as u32, a));
        }
        // Best prior last; among equals, the first generated last (popped first).
        untried.sort_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)));
        Kind::Decision {
            mover: self.seats.index(game.to_move()) as u8,
            untried,
            children: 0,
            complete,
        }
    }

    /// One iteration: select, expand one child, score it, back up.
    fn iterate(&mut self, game: &mut G, root_actions: &[Action<G::Move>]) {
        let start_ply = game.ply();
        let mut id = 0u32;
        let mut depth = 0;
        let values = loop {
            if matches!(self.nodes[id as usize].kind, Kind::Fresh) {
                let roots = (id == 0).then_some(root_actions);
                self.expand(id, game, roots);
            }
            if let Some(v) = self.nodes[id as usize].proven {
                break v;
            }
            let visits = self.nodes[id as usize].visits;
            match &mut self.nodes[id as usize].kind {
                Kind::Fresh => unreachable!("expanded above"),
                Kind::Terminal(v) => break *v,
                Kind::Chance { first, count } => {
                    let (first, count) = (*first, *count);
                    let value = self.sample_outcome(id, first, count);
                    let child = self.chance_child(id, value);
                    game.resolve_chance(value)
                        .expect("a chance input within its range");
                    self.visited += 1;
                    id = child;
                    depth += 1;
                }
                Kind::Decision {
                    untried, children, ..
                } => {
                    let allowed = (self.params.widen_base
                        * (visits.max(1) as f32).powf(self.params.widen_power))
                        as u32;
                    if !untried.is_empty() && (*children < allowed.max(1) || *children == 0) {
                        let (prior, index, action) = untried.pop().expect("not empty");
                        *children += 1;
                        let edge = match &action {
                            Action::Play(m) => {
                                game.play_unchecked(m);
                                self.visited += 1;
                                Edge::Move(m.clone(), index)
                            }
                            Action::Chance => Edge::AcceptChance,
                        };
                        let child = self.add_child(id, edge, prior);
                        depth += 1;
                        self.expand(child, game, None);
                        id = child;
                        break self.rollout(child, game);
                    }
                    let child = self.select(id);
                    if let Edge::Move(m, _) = &self.nodes[child as usize].edge {
                        game.play_unchecked(m);
                        self.visited += 1;
                    }
                    id = child;
                    depth += 1;
                }
            }
        };
        self.max_depth = self.max_depth.max(depth);
        let mut at = id;
        while at != NONE {
            let node = &mut self.nodes[at as usize];
            node.visits += 1;
            for (r, v) in node.reward.iter_mut().zip(values) {
                *r += v;
            }
            at = node.parent;
        }
        if self.params.solver && self.proven(id).is_some() {
            let mut at = self.nodes[id as usize].parent;
            while at != NONE && self.nodes[at as usize].proven.is_none() && self.prove(at) {
                at = self.nodes[at as usize].parent;
            }
        }
        while game.ply() > start_ply {
            game.undo();
        }
    }

    /// A node's exact rewards where they are known: a finished game's, or those the solver
    /// proved.
    fn proven(&self, id: u32) -> Option<Values> {
        let node = &self.nodes[id as usize];
        match node.kind {
            Kind::Terminal(v) => Some(v),
            _ => node.proven,
        }
    }

    /// Proves a decision node where its children allow (the mover has a child proven won
    /// for him, or every action's child is proven: then the best of them for him), and
    /// says whether it did.
    fn prove(&mut self, id: u32) -> bool {
        let node = &self.nodes[id as usize];
        let Kind::Decision {
            mover,
            ref untried,
            complete,
            ..
        } = node.kind
        else {
            return false;
        };
        let mover = mover as usize;
        let (mut win, mut best, mut open) = (None, None::<Values>, false);
        let mut c = node.first_child;
        while c != NONE {
            match self.proven(c) {
                Some(v) if is_win(&v, mover) => {
                    win = Some(v);
                    break;
                }
                Some(v) if best.is_none_or(|b| v[mover] > b[mover]) => best = Some(v),
                Some(_) => {}
                None => open = true,
            }
            c = self.nodes[c as usize].next_sibling;
        }
        let all_proven = untried.is_empty() && complete && !open;
        let proven = win.or(best.filter(|_| all_proven));
        self.nodes[id as usize].proven = proven;
        proven.is_some()
    }

    /// A chance outcome, drawn uniformly among those visited least so far: stratified
    /// sampling, so that every outcome weighs its due share in the node's mean however few
    /// its visits.
    fn sample_outcome(&mut self, id: u32, first: u32, count: u32) -> u32 {
        const MOST: usize = 64;
        if count as usize > MOST {
            return first + self.rng.below(count as usize) as u32;
        }
        let mut visits = [0u32; MOST];
        let mut c = self.nodes[id as usize].first_child;
        while c != NONE {
            if let Edge::Outcome(v) = self.nodes[c as usize].edge
                && let Some(slot) = visits.get_mut((v - first) as usize)
            {
                *slot = self.nodes[c as usize].visits;
            }
            c = self.nodes[c as usize].next_sibling;
        }
        let visits = &visits[..count as usize];
        let least = visits.iter().copied().min().unwrap_or(0);
        let ties = visits.iter().filter(|&&v| v == least).count();
        let mut pick = self.rng.below(ties);
        for (i, &v) in visits.iter().enumerate() {
            if v == least {
                if pick == 0 {
                    return first + i as u32;
                }
                pick -= 1;
            }
        }
        first
    }

    /// The child of a chance node for this outcome, created on first use.
    fn chance_child(&mut self, id: u32, value: u32) -> u32 {
        let mut c = self.nodes[id as usize].first_child;
        while c != NONE {
            if matches!(self.nodes[c as usize].edge, Edge::Outcome(v) if v == value) {
                return c;
            }
            c = self.nodes[c as usize].next_sibling;
        }
        self.add_child(id, Edge::Outcome(value), 0.0)
    }

    /// UCT with a fading prior bias, for the node's mover.
    fn select(&self, id: u32) -> u32 {
        let node = &self.nodes[id as usize];
        let Kind::Decision { mover, .. } = node.kind else {
            unreachable!("selection at a decision node")
        };
        let mover = mover as usize;
        let log_n = (node.visits.max(1) as f32).ln();
        let mut best = NONE;
        let mut best_score = f32::NEG_INFINITY;
        let mut c = node.first_child;
        while c != NONE {
            let child = &self.nodes[c as usize];
            let n = child.visits.max(1) as f32;
            let score = match self.proven(c) {
                // A proven result is what it is; a proven loss only where all are.
                Some(v) if self.params.solver => {
                    if is_loss(&v, mover) {
                        -1.0
                    } else {
                        v[mover]
                    }
                }
                _ => {
                    child.reward[mover] / n
                        + self.params.exploration * (log_n / n).sqrt()
                        + self.params.prior_weight * child.prior / (n + 1.0)
                }
            };
            if score > best_score {
                best_score = score;
                best = c;
            }
            c = child.next_sibling;
        }
        best
    }

    /// Scores a new leaf: its rewards if the game is over, else a short playout and the
    /// evaluation.
    fn rollout(&mut self, id: u32, game: &mut G) -> Values {
        if let Kind::Terminal(v) = self.nodes[id as usize].kind {
            return v;
        }
        let mut values = [0.0; MAX_SEATS];
        for _ in 0..self.params.playout_depth {
            if let Some(chance) = game.pending_chance() {
                let value = match chance {
                    Chance::Die { faces } => 1 + self.rng.below(usize::from(faces)) as u32,
                    Chance::Card { cards } => self.rng.below(cards.max(1) as usize) as u32,
                };
                if game.resolve_chance(value).is_err() {
                    break;
                }
                self.visited += 1;
                continue;
            }
            let moves = game.legal_moves();
            if moves.is_empty() {
                self.knowledge
                    .outcome_values(game, &self.seats, &game.outcome(), &mut values);
                return values;
            }
            let i = self.knowledge.playout_move(game, &moves, &mut self.rng);
            game.play_unchecked(&moves[i]);
            self.visited += 1;
        }
        self.knowledge.evaluate(game, &self.seats, &mut values);
        values
    }

    /// The most visited child (ties: the better mean for the mover).
    fn best_child(&self, id: u32) -> Option<u32> {
        let node = &self.nodes[id as usize];
        let mover = match node.kind {
            Kind::Decision { mover, .. } => mover as usize,
            _ => return None,
        };
        let mut best = None;
        let mut key = (0u32, f32::NEG_INFINITY);
        let mut c = node.first_child;
        while c != NONE {
            let child = &self.nodes[c as usize];
            let mean = child.reward[mover] / child.visits.max(1) as f32;
            if (child.visits, mean) > key || best.is_none() {
                key = (child.visits, mean);
                best = Some(c);
            }
            c = child.next_sibling;
        }
        best
    }

    fn result(&self, iterations: u64) -> ThreadResult<G::Move> {
        let mut children = Vec::new();
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let child = &self.nodes[c as usize];
            let key = match child.edge {
                Edge::Move(_, i) => i,
                Edge::AcceptChance => CHANCE_KEY,
                _ => unreachable!("root children are actions"),
            };
            let proven = if self.params.solver {
                self.proven(c)
            } else {
                None
            };
            children.push((key, child.visits, child.reward, proven));
            c = child.next_sibling;
        }
        let mut pv = Vec::new();
        let mut at = 0;
        while let Some(c) = self.best_child(at) {
            match &self.nodes[c as usize].edge {
                Edge::Move(m, _) => pv.push(m.clone()),
                _ => break,
            }
            at = c;
            if self.nodes[at as usize].visits < 2 {
                break;
            }
        }
        ThreadResult {
            children,
            pv,
            visited: self.visited,
            iterations,
            max_depth: self.max_depth,
        }
    }
}

fn chance_kind<M>(chance: Chance) -> Kind<M> {
    match chance {
        Chance::Die { faces } => Kind::Chance {
            first: 1,
            count: u32::from(faces),
        },
        Chance::Card { cards } => Kind::Chance {
            first: 0,
            count: cards.max(1),
        },
    }
}

/// The root's actions without those after which another player wins with his next move
/// ([`crate::knowledge::MctsParams::root_safety`]); all of them where every one does.
fn safe_actions<G: Game, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    actions: Vec<Action<G::Move>>,
) -> Vec<Action<G::Move>> {
    let seats = Seats::of(game);
    let me = game.to_move();
    let mut probe = game.clone();
    let safe: Vec<Action<G::Move>> = actions
        .iter()
        .filter(|a| match a {
            Action::Chance => true,
            Action::Play(m) => {
                probe.play_unchecked(m);
                let lost = another_wins_next(&mut probe, knowledge, &seats, me);
                probe.undo();
                !lost
            }
        })
        .cloned()
        .collect();
    if safe.is_empty() { actions } else { safe }
}

/// Whether the player to move, not `me`, has a move that wins the game at once.
fn another_wins_next<G: Game, K: Knowledge<G>>(
    game: &mut G,
    knowledge: &K,
    seats: &Seats<G::Player>,
    me: G::Player,
) -> bool {
    let them = game.to_move();
    if them == me || game.pending_chance().is_some() || game.outcome().is_over() {
        return false;
    }
    let mut values = [0.0; MAX_SEATS];
    game.legal_moves().iter().any(|reply| {
        game.play_unchecked(reply);
        let outcome = game.outcome();
        let won = outcome.is_over() && {
            knowledge.outcome_values(game, seats, &outcome, &mut values);
            values[seats.index(them)] >= 0.999 && values[seats.index(me)] < 0.5
        };
        game.undo();
        won
    })
}

/// The most nodes one thread's tree holds (some hundreds of megabytes): a search given
/// more time or iterations than its memory allows stops there.
const MAX_NODES: usize = 2_000_000;

/// One thread's search: iterate until the budget is spent, the search is stopped or the
/// tree is full.
fn run_thread<G: Game, K: Knowledge<G>>(
    game: &G,
    knowledge: &K,
    actions: &[Action<G::Move>],
    seed: u64,
    iterations: Option<u64>,
    limits: &Limits,
) -> ThreadResult<G::Move> {
    let mut tree = Tree::new(game, knowledge, seed);
    let mut game = game.clone();
    let mut done = 0u64;
    loop {
        if iterations.is_some_and(|n| done >= n)
            || limits.should_stop()
            || tree.nodes.len() >= MAX_NODES
        {
            break;
        }
        tree.iterate(&mut game, actions);
        done += 1;
    }
    tree.result(done)
}

/// Searches with the settings' budget and threads, and merges the threads' root statistics.
pub(crate) fn search<G, K>(
    game: &G,
    knowledge: &K,
    settings: &Settings,
    actions: Vec<Action<G::Move>>,
) -> Analysis<G::Move>
where
    G: SearchGame,
    K: Knowledge<G>,
{
    let actions = if knowledge.mcts_params(game).root_safety {
        safe_actions(game, knowledge, actions)
    } else {
        actions
    };
    let limits = Limits::new(settings);
    let threads = settings.threads.max(1);
    let per_thread = settings
        .iterations
        .map(|n| n.div_ceil(threads as u64).max(1));
    let results: Vec<ThreadResult<G::Move>> = if threads == 1 {
        vec![run_thread(
            game,
            knowledge,
            &actions,
            settings.seed,
            per_thread,
            &limits,
        )]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let (actions, limits) = (&actions, &limits);
                    let seed = Rng::stream(settings.seed, t as u64).next_u64();
                    s.spawn(move || run_thread(game, knowledge, actions, seed, per_thread, limits))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a search thread"))
                .collect()
        })
    };
    let seats = Seats::of(game);
    let mover = seats.index(game.to_move());
    let n = seats.len();
    // Merge the root children by action.
    type Merged = (u32, u64, Values, Option<Values>);
    let mut merged: Vec<Merged> = Vec::new();
    for r in &results {
        for &(key, visits, reward, proven) in &r.children {
            match merged.iter_mut().find(|m| m.0 == key) {
                Some(m) => {
                    m.1 += u64::from(visits);
                    for (a, b) in m.2.iter_mut().zip(reward) {
                        *a += b;
                    }
                    m.3 = m.3.or(proven);
                }
                None => merged.push((key, u64::from(visits), reward, proven)),
            }
        }
    }
    let action_of = |key: u32| -> Action<G::Move> {
        if key == CHANCE_KEY {
            Action::Chance
        } else {
            actions[key as usize].clone()
        }
    };
    // A proven result stands for the mean of the playouts.
    let mean = |m: &Merged, seat: usize| match m.3 {
        Some(v) => v[seat],
        None => m.2[seat] / m.1.max(1) as f32,
    };
    // Proven wins first and proven losses last, then the most visited.
    let class = |m: &Merged| match m.3 {
        Some(v) if is_win(&v, mover) => 2,
        Some(v) if is_loss(&v, mover) => 0,
        _ => 1,
    };
    merged.sort_by(|a, b| {
        class(b)
            .cmp(&class(a))
            .then(b.1.cmp(&a.1))
            .then(mean(b, mover).total_cmp(&mean(a, mover)))
            .then(a.0.cmp(&b.0))
    });
    let root: Vec<RootMove<G::Move>> = merged
        .iter()
        .map(|m| RootMove {
            action: action_of(m.0),
            visits: m.1,
            value: mean(m, mover),
            exact: true,
        })
        .collect();
    let (best, values) = match merged.first() {
        Some(m) => (action_of(m.0), (0..n).map(|s| mean(m, s)).collect()),
        None => (actions[0].clone(), vec![1.0 / n as f32; n]),
    };
    // The principal variation of the thread that searched the chosen move most.
    let pv = results
        .iter()
        .filter(|r| match (&best, r.pv.first()) {
            (Action::Play(b), Some(m)) => b == m,
            _ => false,
        })
        .max_by_key(|r| r.iterations)
        .map(|r| r.pv.clone())
        .unwrap_or_else(|| match &best {
            Action::Play(m) => vec![m.clone()],
            Action::Chance => Vec::new(),
        });
    Analysis {
        best,
        values,
        pv,
        root,
        nodes: results.iter().map(|r| r.visited).sum(),
        iterations: results.iter().map(|r| r.iterations).sum(),
        depth: results.iter().map(|r| r.max_depth).max().unwrap_or(0),
        elapsed: limits.start.elapsed(),
        algorithm: Algorithm::Mcts,
        threads,
    }
}

#[cfg(test)]
mod tests;
