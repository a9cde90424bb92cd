//! A fence race in progress: seats, fences, pawns, the die (an explicit chance input from a
//! seeded generator), turns of relocate-throw-walk, play and undo, and the finish.

use super::board::{Board, Node, Section, Slot, Space};
use crate::NotationError;
use crate::game::{Chance, Game, Outcome, PlayError};
use rand::{Rng, SeedableRng, rngs::StdRng};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, VecDeque};
use std::fmt;

/// Rules options of the fence race.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FencesOptions {
    /// Two to four players (two sit opposite).
    pub players: u8,
    /// Spaces per side: odd, 9 to 25.
    pub size: u8,
    /// For each seat in order of play, which of its two base corners its pawn starts on
    /// (0 or 1); missing entries mean 0.
    pub stations: Vec<u8>,
    /// After the first pawn is home, the others play on for places.
    pub play_for_places: bool,
    /// Seed of the die.
    pub seed: u64,
}

impl Default for FencesOptions {
    fn default() -> Self {
        FencesOptions {
            players: 2,
            size: 13,
            stations: Vec::new(),
            play_for_places: false,
            seed: 0,
        }
    }
}

/// What a seat is called: its section's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub Section);

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Section::South => "Red",
            Section::East => "Blue",
            Section::North => "Green",
            Section::West => "Yellow",
        })
    }
}

/// One step of a turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FenceMove {
    /// Move one of your fences to a vacant slot (compulsory, before the throw).
    Relocate {
        /// The slot it stands in.
        from: Slot,
        /// The vacant slot it goes to.
        to: Slot,
    },
    /// The die came up this number.
    Throw(u8),
    /// The pawn walks exactly the thrown number of steps: the nodes it steps onto.
    Walk(Vec<Node>),
    /// The pawn is fenced in on all sides and cannot move.
    Stay,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Phase {
    Relocate,
    Throw,
    Walk(u8),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct State {
    pawns: Vec<Node>,
    fences: Vec<(Seat, Slot)>,
    turn: usize,
    phase: Phase,
    home: Vec<Seat>,
}

/// A fence race in progress.
#[derive(Debug, Clone)]
pub struct Fences {
    board: Board,
    options: FencesOptions,
    seats: Vec<Seat>,
    state: State,
    frames: Vec<(FenceMove, State)>,
    rng: StdRng,
}

impl Fences {
    /// A new race with these options.
    pub fn new(options: FencesOptions) -> Result<Fences, String> {
        let board = Board::new(options.size)?;
        let seats: Vec<Seat> = match options.players {
            2 => vec![Section::South, Section::North],
            3 => vec![Section::South, Section::East, Section::North],
            4 => Section::ALL.to_vec(),
            n => return Err(format!("{n} players: the fence race is for 2 to 4")),
        }
        .into_iter()
        .map(Seat)
        .collect();
        let mut pawns = Vec::new();
        let mut fences = Vec::new();
        for (i, seat) in seats.iter().enumerate() {
            let choice = options.stations.get(i).copied().unwrap_or(0);
            if choice > 1 {
                return Err(format!("station {choice} for {seat}: choose 0 or 1"));
            }
            pawns.push(Node::Space(board.stations(seat.0)[choice as usize]));
            fences.extend(
                board
                    .fence_array(seat.0)
                    .into_iter()
                    .map(|slot| (*seat, slot)),
            );
        }
        Ok(Fences {
            board,
            rng: StdRng::seed_from_u64(options.seed),
            options,
            seats,
            state: State {
                pawns,
                fences,
                turn: 0,
                phase: Phase::Relocate,
                home: Vec::new(),
            },
            frames: Vec::new(),
        })
    }

    /// A race from a given layout instead of the starting one: each seat's pawn (in order of
    /// play) and every fence with its owner. Each seat must own six fences, each in its own
    /// slot of the board, and each pawn must stand on a space or at home.
    pub fn with_layout(
        options: FencesOptions,
        pawns: Vec<Node>,
        fences: Vec<(Seat, Slot)>,
    ) -> Result<Fences, String> {
        let mut game = Fences::new(options)?;
        if pawns.len() != game.seats.len() {
            return Err(format!(
                "{} pawns for {} players",
                pawns.len(),
                game.seats.len()
            ));
        }
        for p in &pawns {
            if let Node::Space(s) = p
                && !game.board.is_space(*s)
            {
                return Err(format!("{s} is not a space of the field"));
            }
        }
        let slots = game.board.slots();
        for (i, (seat, slot)) in fences.iter().enumerate() {
            if !game.seats.contains(seat) {
                return Err(format!("{seat} does not play in this race"));
            }
            if !slots.contains(slot) {
                return Err(format!("{slot} is not a slot of the board"));
            }
            if fences[..i].iter().any(|(_, s)| s == slot) {
                return Err(format!("two fences in {slot}"));
            }
        }
        for seat in &game.seats {
            let n = fences.iter().filter(|(s, _)| s == seat).count();
            if n != 6 {
                return Err(format!("{seat} has {n} fences; each player has six"));
            }
        }
        game.state.home = game
            .seats
            .iter()
            .zip(&pawns)
            .filter(|(_, p)| **p == Node::Home)
            .map(|(s, _)| *s)
            .collect();
        game.state.pawns = pawns;
        game.state.fences = fences;
        Ok(game)
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The options.
    pub fn options(&self) -> &FencesOptions {
        &self.options
    }

    /// The seats in order of play.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Where each seat's pawn is.
    pub fn pawn(&self, seat: Seat) -> Node {
        self.state.pawns[self.seat_index(seat)]
    }

    /// Every fence with its owner.
    pub fn fences(&self) -> &[(Seat, Slot)] {
        &self.state.fences
    }

    /// Seats home so far, in order of arrival.
    pub fn places(&self) -> &[Seat] {
        &self.state.home
    }

    /// The number thrown this turn, once the die is thrown.
    pub fn thrown(&self) -> Option<u8> {
        match self.state.phase {
            Phase::Walk(k) => Some(k),
            _ => None,
        }
    }

    fn seat_index(&self, seat: Seat) -> usize {
        self.seats
            .iter()
            .position(|s| *s == seat)
            .expect("a seat of this game")
    }

    /// Throws the die from the game's seeded generator and applies the throw.
    pub fn throw(&mut self) -> Result<u8, PlayError> {
        if self.pending_chance().is_none() {
            return Err(PlayError::Illegal("it is not time to throw".into()));
        }
        let k = self.rng.random_range(1..=6u8);
        self.resolve_chance(u32::from(k))?;
        Ok(k)
    }

    fn fenced(&self, slot: Slot) -> bool {
        self.state.fences.iter().any(|(_, s)| *s == slot)
    }

    /// The open steps from a node (home is entered from the entrances; nothing leaves it).
    fn steps(&self, node: Node) -> Vec<Node> {
        let Node::Space(s) = node else {
            return Vec::new();
        };
        let mut out: Vec<Node> = self
            .board
            .neighbours(s)
            .filter(|(_, slot)| !self.fenced(*slot))
            .map(|(t, _)| Node::Space(t))
            .collect();
        if self.board.entrances().contains(&s) {
            out.push(Node::Home);
        }
        out
    }

    /// The fewest steps from `from` to home along open paths, if home can be reached.
    pub fn distance_home(&self, from: Node) -> Option<u32> {
        let mut seen = HashMap::from([(from, 0u32)]);
        let mut queue = VecDeque::from([from]);
        while let Some(n) = queue.pop_front() {
            let d = seen[&n];
            if n == Node::Home {
                return Some(d);
            }
            for m in self.steps(n) {
                seen.entry(m).or_insert_with(|| {
                    queue.push_back(m);
                    d + 1
                });
            }
        }
        None
    }

    /// Every end of a walk of exactly `k` steps from `from`, each with one such walk.
    fn walks(&self, from: Node, k: u8) -> Vec<Vec<Node>> {
        let home_ok = self.distance_home(from) == Some(u32::from(k));
        let mut layers: Vec<HashMap<Node, Node>> = vec![HashMap::new()];
        let mut frontier = vec![from];
        for step in 1..=k {
            let mut next: HashMap<Node, Node> = HashMap::new();
            for &n in &frontier {
                for m in self.steps(n) {
                    if m == Node::Home && !(home_ok && step == k) {
                        continue;
                    }
                    next.entry(m).or_insert(n);
                }
            }
            let mut nodes: Vec<Node> = next.keys().copied().collect();
            nodes.sort();
            frontier = nodes;
            layers.push(next);
        }
        frontier
            .into_iter()
            .map(|end| {
                let mut path = vec![end];
                let mut at = end;
                for i in (2..=k as usize).rev() {
                    at = layers[i][&at];
                    path.push(at);
                }
                path.reverse();
                path
            })
            .collect()
    }

    /// Whether `path` is a walk of exactly `k` open steps from the pawn, entering home only
    /// as its last step and only when `k` is the shortest distance home.
    fn valid_walk(&self, path: &[Node], k: u8) -> bool {
        if path.len() != k as usize {
            return false;
        }
        let from = self.state.pawns[self.state.turn];
        let home_ok = self.distance_home(from) == Some(u32::from(k));
        let mut at = from;
        for (i, &n) in path.iter().enumerate() {
            if !self.steps(at).contains(&n)
                || (n == Node::Home && !(home_ok && i + 1 == path.len()))
            {
                return false;
            }
            at = n;
        }
        true
    }

    fn advance_turn(&mut self) {
        let n = self.seats.len();
        for _ in 0..n {
            self.state.turn = (self.state.turn + 1) % n;
            if self.state.pawns[self.state.turn] != Node::Home {
                break;
            }
        }
        self.state.phase = Phase::Relocate;
    }

    /// Why `mv` is refused now, in words.
    fn refusal(&self, mv: &FenceMove) -> String {
        let seat = self.to_move();
        match (self.state.phase, mv) {
            (Phase::Relocate, FenceMove::Relocate { from, to }) => {
                if !self.state.fences.contains(&(seat, *from)) {
                    format!("{seat} has no fence in {from}")
                } else if !self.board.slots().contains(to) {
                    format!("{to} is not a slot of the board")
                } else {
                    format!("{to} already holds a fence")
                }
            }
            (Phase::Relocate, _) => format!("{seat} must first move one of his fences"),
            (Phase::Walk(k), FenceMove::Walk(_)) => format!(
                "the pawn must walk exactly {k} steps along open paths, entering home only with the exact count"
            ),
            (Phase::Walk(_), FenceMove::Stay) => "the pawn can move, so it must".into(),
            (Phase::Walk(k), _) => format!("{seat} must now move the pawn {k} steps"),
            (Phase::Throw, _) => "the die must be thrown first".into(),
        }
    }
}

impl Game for Fences {
    type Move = FenceMove;
    type Player = Seat;

    fn players(&self) -> Vec<Seat> {
        self.seats.clone()
    }

    fn to_move(&self) -> Seat {
        self.seats[self.state.turn]
    }

    fn legal_moves(&self) -> Vec<FenceMove> {
        if self.outcome().is_over() {
            return Vec::new();
        }
        let seat = self.to_move();
        match self.state.phase {
            Phase::Relocate => {
                let vacant: Vec<Slot> = self
                    .board
                    .slots()
                    .into_iter()
                    .filter(|s| !self.fenced(*s))
                    .collect();
                let mut out = Vec::new();
                for (owner, from) in &self.state.fences {
                    if *owner == seat {
                        out.extend(vacant.iter().map(|to| FenceMove::Relocate {
                            from: *from,
                            to: *to,
                        }));
                    }
                }
                out
            }
            Phase::Throw => Vec::new(),
            Phase::Walk(k) => {
                let walks = self.walks(self.state.pawns[self.state.turn], k);
                if walks.is_empty() {
                    vec![FenceMove::Stay]
                } else {
                    walks.into_iter().map(FenceMove::Walk).collect()
                }
            }
        }
    }

    fn is_legal(&self, mv: &FenceMove) -> bool {
        if self.outcome().is_over() {
            return false;
        }
        match (self.state.phase, mv) {
            (Phase::Relocate, FenceMove::Relocate { from, to }) => {
                self.state.fences.contains(&(self.to_move(), *from))
                    && !self.fenced(*to)
                    && self.board.slots().contains(to)
            }
            (Phase::Walk(k), FenceMove::Walk(path)) => self.valid_walk(path, k),
            (Phase::Walk(k), FenceMove::Stay) => {
                self.walks(self.state.pawns[self.state.turn], k).is_empty()
            }
            _ => false,
        }
    }

    fn play(&mut self, mv: &FenceMove) -> Result<(), PlayError> {
        if self.outcome().is_over() {
            return Err(PlayError::GameOver);
        }
        if let FenceMove::Throw(k) = mv {
            return self.resolve_chance(u32::from(*k));
        }
        if self.pending_chance().is_some() {
            return Err(PlayError::ChancePending);
        }
        if !self.is_legal(mv) {
            return Err(PlayError::Illegal(self.refusal(mv)));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: &FenceMove) {
        let before = self.state.clone();
        match mv {
            FenceMove::Relocate { from, to } => {
                let seat = self.to_move();
                if let Some(f) = self.state.fences.iter_mut().find(|f| **f == (seat, *from)) {
                    f.1 = *to;
                }
                self.state.phase = Phase::Throw;
            }
            FenceMove::Throw(k) => self.state.phase = Phase::Walk(*k),
            FenceMove::Walk(path) => {
                let turn = self.state.turn;
                if let Some(&end) = path.last() {
                    self.state.pawns[turn] = end;
                    if end == Node::Home {
                        self.state.home.push(self.seats[turn]);
                    }
                }
                self.advance_turn();
            }
            FenceMove::Stay => self.advance_turn(),
        }
        self.frames.push((mv.clone(), before));
    }

    fn undo(&mut self) -> Option<FenceMove> {
        let (mv, before) = self.frames.pop()?;
        self.state = before;
        Some(mv)
    }

    fn outcome(&self) -> Outcome<Seat> {
        let home = &self.state.home;
        let needed = if self.options.play_for_places {
            self.seats.len() - 1
        } else {
            1
        };
        match home.first() {
            Some(first) if home.len() >= needed => Outcome::Win(*first),
            _ => Outcome::Ongoing,
        }
    }

    fn why_illegal(&self, mv: &FenceMove) -> String {
        self.refusal(mv)
    }

    fn pending_chance(&self) -> Option<Chance> {
        (self.state.phase == Phase::Throw && !self.outcome().is_over())
            .then_some(Chance::Die { faces: 6 })
    }

    fn resolve_chance(&mut self, value: u32) -> Result<(), PlayError> {
        if self.pending_chance().is_none() {
            return Err(PlayError::Illegal("it is not time to throw".into()));
        }
        if !(1..=6).contains(&value) {
            return Err(PlayError::Illegal(format!("a die has no face {value}")));
        }
        self.play_unchecked(&FenceMove::Throw(value as u8));
        Ok(())
    }

    fn move_text(&self, mv: &FenceMove) -> String {
        match mv {
            FenceMove::Relocate { from, to } => format!("fence {from} to {to}"),
            FenceMove::Throw(k) => format!("throw {k}"),
            FenceMove::Stay => "stay".into(),
            FenceMove::Walk(path) => {
                let mut parts = vec![self.state.pawns[self.state.turn].to_string()];
                parts.extend(path.iter().map(ToString::to_string));
                parts.join("-")
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<FenceMove, NotationError> {
        let t = text.trim();
        let syntax = |why: &str| NotationError::Syntax {
            text: t.to_string(),
            why: why.to_string(),
        };
        let words: Vec<&str> = t.split_whitespace().collect();
        let mv = match words.as_slice() {
            ["fence", from, "to", to] => FenceMove::Relocate {
                from: Slot::parse(from).ok_or_else(|| syntax("a slot is written like e5|e6"))?,
                to: Slot::parse(to).ok_or_else(|| syntax("a slot is written like e5|e6"))?,
            },
            ["throw", k] => FenceMove::Throw(
                k.parse()
                    .map_err(|_| syntax("a throw is a number from 1 to 6"))?,
            ),
            ["stay"] => FenceMove::Stay,
            [path] if path.contains('-') => {
                let nodes: Vec<Node> = path
                    .split('-')
                    .map(|p| match p {
                        "home" => Some(Node::Home),
                        p => Space::parse(p).map(Node::Space),
                    })
                    .collect::<Option<_>>()
                    .ok_or_else(|| {
                        syntax("a path is spaces joined by -, like a1-a2-b2 (home for home)")
                    })?;
                let from = self.state.pawns[self.state.turn];
                if nodes[0] != from {
                    return Err(NotationError::Illegal {
                        text: t.to_string(),
                        why: format!(
                            "{}'s pawn stands on {from}, not {}",
                            self.to_move(),
                            nodes[0]
                        ),
                    });
                }
                FenceMove::Walk(nodes[1..].to_vec())
            }
            _ => {
                return Err(syntax(
                    "expected \"fence A|B to C|D\", \"throw N\", a path like a1-a2-b2, or \"stay\"",
                ));
            }
        };
        let ok = match &mv {
            FenceMove::Throw(k) => self.pending_chance().is_some() && (1..=6).contains(k),
            other => self.is_legal(other),
        };
        if ok {
            Ok(mv)
        } else {
            Err(NotationError::Illegal {
                text: t.to_string(),
                why: match &mv {
                    FenceMove::Throw(_) => {
                        "no throw is due now, or the number is not on a die".into()
                    }
                    other => self.refusal(other),
                },
            })
        }
    }

    fn ply(&self) -> usize {
        self.frames.len()
    }
}
