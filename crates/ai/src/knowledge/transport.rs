//! Transport: each fleet's ships and auxiliaries, and how close its planes, shells,
//! torpedoes and their launchers stand to the enemy transports (the only pieces whose loss
//! decides the game). Teams share a value; the battle royal is a softmax over fleets.
//! Moves that sink something are the noisy ones.

use super::Knows;
use super::{
    Knowledge, MctsParams, Seats, Values, default_outcome_values, fx_hash, softmax_values,
    two_values,
};
use crate::rng::Rng;
use crate::search::Algorithm;
use tabula_rules::Outcome;
use tabula_rules::transport::game::Fleet;
use tabula_rules::transport::pieces::can_sink;
use tabula_rules::transport::{Dir, Kind, Mode, Move, Piece, Position, Sq, Transport};

/// What the search knows of Transport.
#[derive(Debug, Clone, Copy, Default)]
pub struct TransportKnowledge;

/// Actions after which the commands draw a game whose options set neither a turn limit nor
/// a no-progress draw (such a game might never end).
pub const TURN_LIMIT: u32 = 1000;

impl Knows for Transport {
    type Knowledge = TransportKnowledge;
    const HARD_BUDGET: (u64, u64) = (8_000, 4_000);

    fn preferred_algorithm(players: usize) -> Algorithm {
        if players == 2 {
            Algorithm::AlphaBeta
        } else {
            Algorithm::Mcts
        }
    }

    fn bound_length(&mut self) -> Option<u32> {
        let options = tabula_rules::Game::options(self);
        if options.turn_limit.is_some() || options.no_progress_actions.is_some() {
            return None;
        }
        let mut options = options.clone();
        let limit = TURN_LIMIT.max(tabula_rules::Game::ply(self) as u32 + 200);
        options.turn_limit = Some(limit);
        let moves: Vec<_> = self.moves().cloned().collect();
        let mut fresh = Transport::from_position(tabula_rules::Game::start(self).clone(), options);
        for m in &moves {
            tabula_rules::Game::play_unchecked(&mut fresh, m);
        }
        *self = fresh;
        Some(limit)
    }

    fn setup_now(&self) -> Option<Position> {
        Some(self.position().clone())
    }
}

/// The score of a fleet that is out.
const OUT: f32 = -30.0;

fn value(kind: Kind) -> f32 {
    match kind {
        Kind::Carrier | Kind::Battleship => 4.0,
        Kind::Destroyer | Kind::Submarine => 3.0,
        Kind::Transport => 0.0,
        Kind::Plane => 2.0,
        Kind::Shell => 0.3,
        Kind::Torpedo => 0.4,
    }
}

fn distance(a: Sq, b: Sq) -> i32 {
    i32::from((a.x - b.x).abs().max((a.y - b.y).abs()))
}

/// Steps along `heading` from `from` to `to`, if `to` lies on that ray.
fn steps_along(from: Sq, heading: Dir, to: Sq) -> Option<i32> {
    let mut at = from;
    for k in 1..=6 {
        at = at.step(heading);
        if at == to {
            return Some(k);
        }
    }
    None
}

/// How much `attacker` threatens the transport on `target`.
fn threat(pos: &Position, attacker: &Piece, target: Sq) -> f32 {
    let fleet = attacker.fleet;
    let d = attacker
        .squares()
        .map(|s| distance(s, target))
        .min()
        .unwrap_or(99);
    match attacker.kind {
        Kind::Plane => match d {
            0 | 1 => 3.0,
            2 => 2.0,
            3 => 1.0,
            4 => 0.5,
            _ => 0.0,
        },
        Kind::Shell | Kind::Torpedo => attacker
            .heading
            .and_then(|h| steps_along(attacker.at, h, target))
            .map_or(0.0, |k| 1.5 / k as f32),
        Kind::Carrier if pos.reserve(fleet, Kind::Plane) > 0 => 0.4 * (5 - d).max(0) as f32,
        Kind::Battleship if pos.reserve(fleet, Kind::Shell) > 0 => 0.4 * (4 - d).max(0) as f32,
        Kind::Destroyer | Kind::Submarine if pos.reserve(fleet, Kind::Torpedo) > 0 => {
            0.5 * (4 - d).max(0) as f32
        }
        _ => 0.0,
    }
}

/// Each fleet's score: material and its threats to the enemy transports.
fn fleet_scores(pos: &Position, fleets: usize) -> [f32; 4] {
    let mut s = [0.0f32; 4];
    for (f, score) in s.iter_mut().enumerate().take(fleets) {
        let fleet = f as u8;
        if pos.is_out(fleet) {
            *score = OUT;
            continue;
        }
        let has = |k: Kind| pos.pieces().iter().any(|p| p.fleet == fleet && p.kind == k);
        if has(Kind::Carrier) {
            *score += 1.5 * f32::from(pos.reserve(fleet, Kind::Plane));
        }
        if has(Kind::Battleship) {
            *score += 0.4 * f32::from(pos.reserve(fleet, Kind::Shell));
        }
        if has(Kind::Destroyer) || has(Kind::Submarine) {
            *score += 0.6 * f32::from(pos.reserve(fleet, Kind::Torpedo));
        }
    }
    let transports: Vec<(u8, Sq)> = pos
        .pieces()
        .iter()
        .filter(|p| p.kind == Kind::Transport)
        .map(|p| (p.fleet, p.at))
        .collect();
    for p in pos.pieces() {
        let f = usize::from(p.fleet);
        if pos.is_out(p.fleet) {
            continue;
        }
        s[f] += value(p.kind);
        for &(owner, at) in &transports {
            if pos.enemies(p.fleet, owner) {
                s[f] += threat(pos, p, at);
            }
        }
    }
    s
}

/// What a move sinks on entering its squares: the worth of each enemy it can sink there.
fn sink_value(pos: &Position, mv: &Move) -> f32 {
    let me = pos.to_move();
    let (kind, squares): (Kind, [Option<Sq>; 2]) = match mv {
        Move::Main { kind, to, .. } => (*kind, [Some(to.0), to.1]),
        Move::Launch { kind, at, heading } => (
            *kind,
            [
                Some(*at),
                (*kind == Kind::Torpedo).then(|| at.step(*heading)),
            ],
        ),
        Move::Advance { kind, to, .. } => (*kind, [*to, None]),
        Move::Pass => return 0.0,
    };
    let mut v = 0.0;
    for p in pos.pieces() {
        if pos.enemies(me, p.fleet)
            && can_sink(kind, p.kind)
            && squares.iter().flatten().any(|sq| p.covers(*sq))
        {
            v += if p.kind == Kind::Transport {
                100.0
            } else {
                value(p.kind) + 1.0
            };
        }
    }
    v
}

impl Knowledge<Transport> for TransportKnowledge {
    fn evaluate(&self, game: &Transport, seats: &Seats<Fleet>, out: &mut Values) {
        let pos = game.position();
        let n = seats.len();
        let s = fleet_scores(pos, n);
        // The fleet to move has the tempo.
        let mut s = s;
        s[usize::from(pos.to_move())] += 0.5;
        match pos.mode {
            Mode::Two => two_values(s[0] - s[1], 4.0, out),
            Mode::Teams => {
                let mut v = [0.0; 4];
                two_values((s[0] + s[2]) - (s[1] + s[3]), 6.0, &mut v);
                out[0] = v[0];
                out[2] = v[0];
                out[1] = v[1];
                out[3] = v[1];
            }
            Mode::Royal => softmax_values(&s[..n], 4.0, out),
        }
    }

    fn outcome_values(
        &self,
        game: &Transport,
        seats: &Seats<Fleet>,
        outcome: &Outcome<Fleet>,
        out: &mut Values,
    ) {
        match outcome {
            // A drawn team game: each team half.
            Outcome::Draw(_) if game.position().mode == Mode::Teams => out[..4].fill(0.5),
            _ => default_outcome_values(seats, outcome, out),
        }
    }

    fn order(&self, game: &Transport, moves: &[Move], scores: &mut [f32]) {
        let pos = game.position();
        let me = pos.to_move();
        let targets: Vec<Sq> = pos
            .pieces()
            .iter()
            .filter(|p| p.kind == Kind::Transport && pos.enemies(me, p.fleet))
            .map(|p| p.at)
            .collect();
        let nearest = |sq: Sq| targets.iter().map(|t| distance(sq, *t)).min().unwrap_or(0);
        for (s, mv) in scores.iter_mut().zip(moves) {
            let mut score = 10.0 * sink_value(pos, mv);
            match mv {
                Move::Advance {
                    kind: Kind::Plane,
                    from,
                    to: Some(to),
                    ..
                } => score += (nearest(*from) - nearest(*to)) as f32,
                Move::Launch {
                    kind: Kind::Plane, ..
                } => score += 1.0,
                Move::Pass => score -= 5.0,
                _ => {}
            }
            *s = score;
        }
    }

    fn is_noisy(&self, game: &Transport, mv: &Move) -> bool {
        sink_value(game.position(), mv) > 0.0
    }

    fn hash(&self, game: &Transport) -> Option<u64> {
        (game.position().mode == Mode::Two).then(|| fx_hash(game.position()))
    }

    fn playout_move(&self, game: &Transport, moves: &[Move], rng: &mut Rng) -> usize {
        if rng.below(2) == 0 {
            let pos = game.position();
            let mut best = (0.0, 0);
            for (i, m) in moves.iter().enumerate() {
                let v = sink_value(pos, m);
                if v > best.0 {
                    best = (v, i);
                }
            }
            if best.0 > 0.0 {
                return best.1;
            }
        }
        rng.below(moves.len())
    }

    fn mcts_params(&self, _game: &Transport) -> MctsParams {
        MctsParams {
            exploration: 0.5,
            playout_depth: 0,
            ..MctsParams::default()
        }
    }
}
