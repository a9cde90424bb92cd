//! A fence race in progress: seats, fences, pawns, the die (an explicit chance input from a
//! seeded generator), turns of relocate-throw-walk, play and undo, and the finish.

use super::board::{Board, Node, Section, Slot, Space};
use super::cards::{Card, default_deck};
use crate::NotationError;
use crate::game::{Chance, Game, Outcome, PlayError};
use rand::{Rng, SeedableRng, rngs::StdRng};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, VecDeque};
use std::fmt;

/// Rules options of the fence race.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
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
    /// Seed of the die (and of the card draws).
    pub seed: u64,
    /// A player may draw a chance card instead of throwing the die.
    pub chance_cards: bool,
    /// The stack of chance cards (default: `deck.ron`).
    pub deck: Vec<Card>,
    /// Fences may stand in home's four entrances, so that a pawn can be shut out of one
    /// (the patent: "any vacant slot of the playing field"); `false` keeps the entrances
    /// always open.
    pub entrance_fences: bool,
}

impl Default for FencesOptions {
    fn default() -> Self {
        FencesOptions {
            players: 2,
            size: 13,
            stations: Vec::new(),
            play_for_places: false,
            seed: 0,
            chance_cards: false,
            deck: default_deck(),
            entrance_fences: true,
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
    /// Draw a chance card instead of throwing (with the chance-cards option).
    Draw,
    /// The card drawn.
    Card(Card),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Phase {
    Relocate,
    Throw,
    Drawing,
    /// Steps to walk, and whether one fence may be crossed.
    Walk(u8, bool),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct State {
    pawns: Vec<Node>,
    fences: Vec<(Seat, Slot)>,
    turn: usize,
    phase: Phase,
    home: Vec<Seat>,
    /// Chance cards still face down, and those drawn since the stack was last turned over.
    deck: Vec<Card>,
    discard: Vec<Card>,
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
            options: options.clone(),
            seats,
            state: State {
                pawns,
                fences,
                turn: 0,
                phase: Phase::Relocate,
                home: Vec::new(),
                deck: options.deck.clone(),
                discard: Vec::new(),
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
        let slots = game.slots();
        for (i, (seat, slot)) in fences.iter().enumerate() {
            if !game.seats.contains(seat) {
                return Err(format!("{seat} does not play in this race"));
            }
            if !slots.contains(slot) {
                return Err(game.not_a_slot(*slot));
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

    /// Every slot a fence may stand in: the slots of the field, and home's four entrances
    /// unless the options keep them open.
    pub fn slots(&self) -> Vec<Slot> {
        let mut slots = self.board.slots();
        if self.options.entrance_fences {
            slots.extend(self.board.entrance_slots());
        }
        slots
    }

    /// Why `slot` cannot take a fence in this race.
    fn not_a_slot(&self, slot: Slot) -> String {
        if self.board.entrance_slots().contains(&slot) {
            format!("{slot} is an entrance of home, and this race keeps the entrances open")
        } else {
            format!("{slot} is not a slot of the board")
        }
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
            Phase::Walk(k, _) => Some(k),
            _ => None,
        }
    }

    /// Draws a chance card from the game's seeded generator and applies it.
    pub fn draw(&mut self) -> Result<Card, PlayError> {
        let Some(Chance::Card { cards }) = self.pending_chance() else {
            return Err(PlayError::Illegal("no card is to be drawn now".into()));
        };
        let i = self.rng.random_range(0..cards);
        let card = self.state.deck[i as usize];
        self.resolve_chance(i)?;
        Ok(card)
    }

    /// The chance cards still face down.
    pub fn deck(&self) -> &[Card] {
        &self.state.deck
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

    /// The steps from a node, each with whether it crosses a fence; fenced steps only when
    /// `may_jump`.
    fn steps_over(&self, node: Node, may_jump: bool) -> Vec<(Node, bool)> {
        let Node::Space(s) = node else {
            return Vec::new();
        };
        let mut out: Vec<(Node, bool)> = self
            .board
            .neighbours(s)
            .filter_map(|(t, slot)| {
                let fenced = self.fenced(slot);
                (!fenced || may_jump).then_some((Node::Space(t), fenced))
            })
            .collect();
        let entrances = self.board.entrances();
        if let Some(i) = entrances.iter().position(|e| *e == s) {
            let fenced = self.fenced(self.board.entrance_slots()[i]);
            if !fenced || may_jump {
                out.push((Node::Home, fenced));
            }
        }
        out
    }

    /// Fewest steps home, crossing at most one fence when `jump`.
    fn distance_with(&self, from: Node, jump: bool) -> Option<u32> {
        let mut seen = HashMap::from([((from, false), 0u32)]);
        let mut queue = VecDeque::from([(from, false)]);
        while let Some((n, used)) = queue.pop_front() {
            let d = seen[&(n, used)];
            if n == Node::Home {
                return Some(d);
            }
            for (m, crosses) in self.steps_over(n, jump && !used) {
                let next = (m, used || crosses);
                seen.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
        None
    }

    /// The fewest steps from `from` to home along open paths, if home can be reached.
    pub fn distance_home(&self, from: Node) -> Option<u32> {
        self.distance_with(from, false)
    }

    /// Every end of a walk of exactly `k` steps from `from`, each with one such walk.
    fn walks(&self, from: Node, k: u8, jump: bool) -> Vec<Vec<Node>> {
        type At = (Node, bool);
        let home_ok = self.distance_with(from, jump) == Some(u32::from(k));
        let mut layers: Vec<HashMap<At, At>> = vec![HashMap::new()];
        let mut frontier: Vec<At> = vec![(from, false)];
        for step in 1..=k {
            let mut next: HashMap<At, At> = HashMap::new();
            for &(n, used) in &frontier {
                for (m, crosses) in self.steps_over(n, jump && !used) {
                    if m == Node::Home && !(home_ok && step == k) {
                        continue;
                    }
                    next.entry((m, used || crosses)).or_insert((n, used));
                }
            }
            let mut states: Vec<At> = next.keys().copied().collect();
            states.sort();
            frontier = states;
            layers.push(next);
        }
        let mut ends: Vec<Node> = Vec::new();
        let mut out = Vec::new();
        for end in frontier {
            if ends.contains(&end.0) {
                continue;
            }
            ends.push(end.0);
            let mut path = vec![end.0];
            let mut at = end;
            for i in (2..=k as usize).rev() {
                at = layers[i][&at];
                path.push(at.0);
            }
            path.reverse();
            out.push(path);
        }
        out
    }

    /// Whether `path` is a walk of exactly `k` open steps from the pawn, entering home only
    /// as its last step and only when `k` is the shortest distance home.
    fn valid_walk(&self, path: &[Node], k: u8, jump: bool) -> bool {
        if path.len() != k as usize {
            return false;
        }
        let from = self.state.pawns[self.state.turn];
        let home_ok = self.distance_with(from, jump) == Some(u32::from(k));
        let mut at = from;
        let mut used = false;
        for (i, &n) in path.iter().enumerate() {
            let steps = self.steps_over(at, jump && !used);
            let Some(&(_, crosses)) = steps.iter().find(|(m, _)| *m == n) else {
                return false;
            };
            if n == Node::Home && !(home_ok && i + 1 == path.len()) {
                return false;
            }
            used |= crosses;
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
                } else if !self.slots().contains(to) {
                    self.not_a_slot(*to)
                } else {
                    format!("{to} already holds a fence")
                }
            }
            (Phase::Relocate, _) => format!("{seat} must first move one of his fences"),
            (Phase::Walk(k, _), FenceMove::Walk(_)) => format!(
                "the pawn must walk exactly {k} steps along open paths, entering home only with the exact count"
            ),
            (Phase::Walk(..), FenceMove::Stay) => "the pawn can move, so it must".into(),
            (Phase::Walk(k, _), _) => format!("{seat} must now move the pawn {k} steps"),
            (Phase::Throw, FenceMove::Draw) => "chance cards are not in play".into(),
            (Phase::Throw, _) => "the die must be thrown first".into(),
            (Phase::Drawing, _) => "a chance card must be drawn first".into(),
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
            Phase::Throw if self.options.chance_cards => vec![FenceMove::Draw],
            Phase::Throw | Phase::Drawing => Vec::new(),
            Phase::Walk(k, jump) => {
                let walks = self.walks(self.state.pawns[self.state.turn], k, jump);
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
                    && self.slots().contains(to)
            }
            (Phase::Throw, FenceMove::Draw) => self.options.chance_cards,
            (Phase::Walk(k, jump), FenceMove::Walk(path)) => self.valid_walk(path, k, jump),
            (Phase::Walk(k, jump), FenceMove::Stay) => self
                .walks(self.state.pawns[self.state.turn], k, jump)
                .is_empty(),
            _ => false,
        }
    }

    fn play(&mut self, mv: &FenceMove) -> Result<(), PlayError> {
        if self.outcome().is_over() {
            return Err(PlayError::GameOver);
        }
        match mv {
            FenceMove::Throw(k) if self.state.phase == Phase::Throw => {
                return self.resolve_chance(u32::from(*k));
            }
            FenceMove::Card(card) if self.state.phase == Phase::Drawing => {
                let i = self
                    .state
                    .deck
                    .iter()
                    .position(|c| c == card)
                    .ok_or_else(|| {
                        PlayError::Illegal(format!("no \"{card}\" card is left in the stack"))
                    })?;
                return self.resolve_chance(i as u32);
            }
            FenceMove::Draw => {}
            _ if self.pending_chance().is_some() => return Err(PlayError::ChancePending),
            _ => {}
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
            FenceMove::Throw(k) => self.state.phase = Phase::Walk(*k, false),
            FenceMove::Draw => self.state.phase = Phase::Drawing,
            FenceMove::Card(card) => {
                if let Some(i) = self.state.deck.iter().position(|c| c == card) {
                    let drawn = self.state.deck.remove(i);
                    self.state.discard.push(drawn);
                }
                if self.state.deck.is_empty() {
                    // The stack is turned over when its last card has been drawn.
                    self.state.deck = std::mem::take(&mut self.state.discard);
                }
                match card {
                    Card::Steps(n) => self.state.phase = Phase::Walk(*n, false),
                    Card::JumpFence(n) => self.state.phase = Phase::Walk(*n, true),
                    Card::LoseTurn => self.advance_turn(),
                }
            }
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
        if self.outcome().is_over() {
            return None;
        }
        match self.state.phase {
            Phase::Throw => Some(Chance::Die { faces: 6 }),
            Phase::Drawing => Some(Chance::Card {
                cards: self.state.deck.len() as u32,
            }),
            _ => None,
        }
    }

    fn resolve_chance(&mut self, value: u32) -> Result<(), PlayError> {
        match self.pending_chance() {
            Some(Chance::Die { .. }) if (1..=6).contains(&value) => {
                self.play_unchecked(&FenceMove::Throw(value as u8));
                Ok(())
            }
            Some(Chance::Die { .. }) => {
                Err(PlayError::Illegal(format!("a die has no face {value}")))
            }
            Some(Chance::Card { cards }) if value < cards => {
                let card = self.state.deck[value as usize];
                self.play_unchecked(&FenceMove::Card(card));
                Ok(())
            }
            Some(Chance::Card { cards }) => {
                Err(PlayError::Illegal(format!("only {cards} cards are left")))
            }
            None => Err(PlayError::Illegal("no throw or draw is due now".into())),
        }
    }

    fn move_text(&self, mv: &FenceMove) -> String {
        match mv {
            FenceMove::Relocate { from, to } => format!("fence {from} to {to}"),
            FenceMove::Throw(k) => format!("throw {k}"),
            FenceMove::Stay => "stay".into(),
            FenceMove::Draw => "draw".into(),
            FenceMove::Card(card) => format!("card {card}"),
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
            ["draw"] => FenceMove::Draw,
            ["card", rest @ ..] => FenceMove::Card(Card::parse(rest).ok_or_else(|| {
                syntax("a card is \"card steps N\", \"card jump N\" or \"card lose turn\"")
            })?),
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
            FenceMove::Throw(k) => self.state.phase == Phase::Throw && (1..=6).contains(k),
            FenceMove::Card(card) => {
                self.state.phase == Phase::Drawing && self.state.deck.contains(card)
            }
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
                    FenceMove::Card(_) => "no card is due now, or no such card is left".into(),
                    other => self.refusal(other),
                },
            })
        }
    }

    fn ply(&self) -> usize {
        self.frames.len()
    }
}
