//! What the search knows about each game: an evaluation per player, move priors and
//! ordering, captures for quiescence, a position hash and a playout policy. The searches
//! are generic over [`Knowledge`]; each game has one implementation.

// What the engine knows of each game, a module a game (each implements `Knows`).
pub mod camelot;
pub mod fences;
pub mod screwball;
pub mod transport;
pub mod war;

// Knowledge of no game: the plain tree search's, for every game.
pub mod blind;

pub use blind::Blind;

use crate::rng::Rng;
use crate::search::Algorithm;
use tabula_rules::{Game, Outcome};

/// A game the engine knows: its [`Knowledge`], the search that plays it best and the
/// budget of the `hard` level. Each game's file implements it for the game, so that a game
/// without it does not build where any game is played.
pub trait Knows: Game {
    /// What the search knows of the game.
    type Knowledge: Knowledge<Self> + Default;

    /// The `hard` budget: (alpha-beta nodes, tree-search iterations), each about a second
    /// of one core of the 2-core development machine at most (release build).
    const HARD_BUDGET: (u64, u64);

    /// The search that plays the game best with `players` players, as measured in the
    /// arena (docs/computer.md): alpha-beta for the two-player games without chance where
    /// it wins, the tree search elsewhere.
    fn preferred_algorithm(players: usize) -> Algorithm;

    /// What the search knows of the game.
    fn knowledge(&self) -> Self::Knowledge {
        Self::Knowledge::default()
    }

    /// How `level` plays the game with `players` seats where it should not play as the
    /// search's human-looking imperfection makes it (`None`: as it does).
    fn level_style(_level: crate::Level, _players: usize) -> Option<crate::search::Style> {
        None
    }

    /// Sets a move limit when the game's options leave it without one that ends every game
    /// (the commands play engines against each other to the end); returns the limit set.
    fn bound_length(&mut self) -> Option<u32> {
        None
    }

    /// The position now as a setup the game can be built from ([`Game::from_setup`]), where
    /// the game can give one: a mined puzzle then starts from it rather than from the moves
    /// that led there.
    fn setup_now(&self) -> Option<Self::Setup> {
        None
    }

    /// Whether two moves are the same answer to a puzzle (a fence set down in one slot,
    /// whichever fence it was); by default, only a move is the same as itself.
    fn same_answer(a: &Self::Move, b: &Self::Move) -> bool {
        a == b
    }
}

/// The most players a game has.
pub const MAX_SEATS: usize = 4;

/// One value per seat (in the order of [`Game::players`]); unused entries stay 0.
pub type Values = [f32; MAX_SEATS];

/// The players of a game in turn order, with their seat numbers.
#[derive(Debug, Clone)]
pub struct Seats<P> {
    players: Vec<P>,
}

impl<P: Copy + Eq> Seats<P> {
    /// The seats of `game`.
    pub fn of<G: Game<Player = P>>(game: &G) -> Seats<P> {
        let players = game.players();
        assert!(
            (1..=MAX_SEATS).contains(&players.len()),
            "{} players: the search handles 1 to {MAX_SEATS}",
            players.len()
        );
        Seats { players }
    }

    /// How many seats.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// Never true: a game has at least one player.
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// The seat number of a player.
    pub fn index(&self, p: P) -> usize {
        self.players
            .iter()
            .position(|q| *q == p)
            .expect("a player of this game")
    }

    /// The player in a seat.
    pub fn player(&self, seat: usize) -> P {
        self.players[seat]
    }

    /// All players in turn order.
    pub fn players(&self) -> &[P] {
        &self.players
    }
}

/// How Monte Carlo tree search is tuned for a game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsParams {
    /// The UCT exploration constant (rewards lie in [0, 1]).
    pub exploration: f32,
    /// Moves of a playout before the evaluation scores it (0: the evaluation alone).
    pub playout_depth: u32,
    /// Progressive widening: a node with `n` visits considers its best
    /// `max(1, widen_base * n^widen_power)` moves by prior.
    pub widen_base: f32,
    /// See `widen_base`.
    pub widen_power: f32,
    /// Weight of the prior (normalised to [0, 1] among a node's moves) as a bias that fades
    /// with visits.
    pub prior_weight: f32,
    /// Whether the root leaves out the moves that let another player win with his very next
    /// move (unless every move does): a two-ply look at the root that a search whose
    /// playouts run to the end may otherwise miss when every move looks lost.
    pub root_safety: bool,
    /// Whether the search proves what it can (an MCTS-solver): a finished game is a proven
    /// result, a position where the mover has a child proven won for him is won, one whose
    /// children are all proven takes the best of them for the mover; selection no longer
    /// walks into a move proven lost while another is open, and the root plays a proven
    /// win and leaves proven losses last. Only decision nodes are proven, never a chance
    /// node, nor one whose ordering pruned a move.
    pub solver: bool,
}

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams {
            exploration: 0.6,
            playout_depth: 0,
            widen_base: 2.0,
            widen_power: 0.5,
            prior_weight: 0.3,
            root_safety: false,
            solver: false,
        }
    }
}

/// A game's knowledge for the searches.
pub trait Knowledge<G: Game>: Sync {
    /// The expected result of each seat in [0, 1] (1: certain win) in a position where the
    /// game goes on; entries past the number of seats are left alone.
    fn evaluate(&self, game: &G, seats: &Seats<G::Player>, out: &mut Values);

    /// A score per move for ordering and as the tree search's prior: higher first.
    /// `f32::NEG_INFINITY` marks a move not worth searching (the tree search leaves it out,
    /// alpha-beta searches it last). The default scores every move alike.
    fn order(&self, _game: &G, _moves: &[G::Move], scores: &mut [f32]) {
        scores.fill(0.0);
    }

    /// Whether a move captures or decides the game: quiescence goes on through these.
    fn is_noisy(&self, _game: &G, _mv: &G::Move) -> bool {
        false
    }

    /// A hash of the position for alpha-beta's transposition table; `None` where the game
    /// is not searched by alpha-beta.
    fn hash(&self, _game: &G) -> Option<u64> {
        None
    }

    /// The move a playout plays, as an index into `moves` (not empty). The default is a
    /// uniformly random move.
    fn playout_move(&self, _game: &G, moves: &[G::Move], rng: &mut Rng) -> usize {
        rng.below(moves.len())
    }

    /// How the tree search is tuned for this game.
    fn mcts_params(&self, _game: &G) -> MctsParams {
        MctsParams::default()
    }

    /// The reward of each seat once the game has ended: 1 to the winner (or each member of
    /// the winning team), 0 to the others, an equal share each for a draw.
    fn outcome_values(
        &self,
        _game: &G,
        seats: &Seats<G::Player>,
        outcome: &Outcome<G::Player>,
        out: &mut Values,
    ) {
        default_outcome_values(seats, outcome, out);
    }
}

/// The usual rewards of a finished game (see [`Knowledge::outcome_values`]).
pub fn default_outcome_values<P: Copy + Eq>(
    seats: &Seats<P>,
    outcome: &Outcome<P>,
    out: &mut Values,
) {
    let n = seats.len();
    out[..n].fill(0.0);
    match outcome {
        Outcome::Win(p) => out[seats.index(*p)] = 1.0,
        Outcome::TeamWin(ps) => {
            for p in ps {
                out[seats.index(*p)] = 1.0;
            }
        }
        Outcome::Draw(_) | Outcome::Ongoing => out[..n].fill(1.0 / n as f32),
    }
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Values of two seats from seat 0's advantage `diff` in score units, `scale` units being
/// worth about a 73% chance.
pub fn two_values(diff: f32, scale: f32, out: &mut Values) {
    let v = sigmoid(diff / scale);
    out[0] = v;
    out[1] = 1.0 - v;
}

/// Values of several seats from their scores: a softmax, `scale` units worth a factor `e`.
pub fn softmax_values(scores: &[f32], scale: f32, out: &mut Values) {
    let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for (o, s) in out.iter_mut().zip(scores) {
        *o = ((s - top) / scale).exp();
        sum += *o;
    }
    for o in out.iter_mut().take(scores.len()) {
        *o /= sum;
    }
}

/// A fast hasher for positions that derive `Hash` (FxHash's mixing).
#[derive(Debug, Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

impl std::hash::Hasher for FxHasher {
    fn finish(&self) -> u64 {
        // A final avalanche so that the low bits (the table index) depend on every input.
        let mut z = self.hash;
        z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        z ^ (z >> 33)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.hash = (self.hash.rotate_left(5) ^ i).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

/// The hash of anything hashable, with [`FxHasher`].
pub fn fx_hash<T: std::hash::Hash + ?Sized>(value: &T) -> u64 {
    use std::hash::Hasher;
    let mut h = FxHasher::default();
    value.hash(&mut h);
    h.finish()
}
