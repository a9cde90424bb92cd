//! A fence race in progress: seats, fences, pawns, the die (an explicit chance input from a
//! seeded generator), turns of relocate-throw-walk, play and undo, and the finish.
//!
//! The paths are bit sets over the spaces ([`super::geometry`]). The ends of every walk of
//! exactly `k` steps are found layer by layer: a layer is the set of spaces a walk can stand
//! on after so many steps (with a second set for walks that have crossed their one fence,
//! under a "jump" card). A walk is a move by its end; its path is built only when asked for
//! ([`Fences::walk_path`]).
//!
//! Moves, walks and the notation have their own modules; the moves are named here too.

use super::board::{Board, Node, Slot};
use super::cards::Card;
use super::geometry::{Bits, Geometry, SlotBits};
pub use super::moves::{FenceEffect, FenceMove, FenceStep};
pub use super::options::{FencesOptions, OptionsError};
pub use super::setup::Seat;
use super::setup::{Layout, SetupError};
use crate::NotationError;
use crate::game::{Chance, DrawReason, Game, Outcome, PlayError};
use crate::registry::About;
use rand::{Rng, SeedableRng, rngs::StdRng};
use std::fmt;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Phase {
    Relocate,
    Throw,
    Drawing,
    /// Steps to walk, and whether one fence may be crossed.
    Walk(u8, bool),
}

/// What undoing a move needs.
#[derive(Debug, Clone)]
struct Frame {
    mv: FenceMove,
    turn: u8,
    phase: Phase,
    turns: u32,
    /// Where the mover's pawn stood.
    pawn: Node,
    /// Where a drawn card lay in the stack, and whether drawing it turned the stack over.
    card_at: Option<u8>,
    turned_over: bool,
    /// The cards face down before a card was drawn (what the draw chose among).
    cards: u32,
}

/// The seeded generator of throws and draws. The game's `n`-th chance input is drawn as the
/// generator's `n`-th number, so that a race replayed from its history throws on as it
/// would have: `drawn` says how many the generator has given, and it is set up again from
/// the seed and the history when that is not the count of chance inputs played.
#[derive(Clone)]
struct Dice {
    rng: StdRng,
    drawn: usize,
}

impl fmt::Debug for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Dice")
    }
}

#[derive(Debug, Clone)]
pub(super) struct State {
    pub(super) pawns: [Node; 4],
    pub(super) fences: Vec<(Seat, Slot)>,
    /// The slot number of each fence of `fences`.
    pub(super) fence_ids: Vec<u16>,
    pub(super) fenced: SlotBits,
    /// The vacant slots where a fence may stand, by rank ([`Geometry::ranked_slots`]).
    pub(super) vacant: SlotBits,
    /// How many bits of `vacant` are set.
    pub(super) vacant_count: usize,
    /// Bit `i`: the step between space `i` and its east (north) neighbour is open.
    pub(super) east_open: Bits,
    pub(super) north_open: Bits,
    pub(super) turn: usize,
    pub(super) phase: Phase,
    pub(super) home: Vec<Seat>,
    /// Chance cards still face down, and those drawn since the stack was last turned over.
    pub(super) deck: Vec<Card>,
    pub(super) discard: Vec<Card>,
    /// Turns played.
    pub(super) turns: u32,
    /// Zobrist key of the pawns and fences.
    pub(super) key: u64,
}

/// A fence race in progress.
#[derive(Debug, Clone)]
pub struct Fences {
    pub(super) geo: &'static Geometry,
    pub(super) options: FencesOptions,
    pub(super) seats: Vec<Seat>,
    pub(super) state: State,
    frames: Vec<Frame>,
    /// Throws and draws played so far (moves [`FenceMove::Throw`] and [`FenceMove::Card`]).
    chances: usize,
    dice: Dice,
    /// Where the race started, and whose turn it was.
    start: Arc<Layout>,
}

impl Fences {
    /// A new race with these options, from the starting layout.
    pub fn new(options: FencesOptions) -> Result<Fences, OptionsError> {
        options.check()?;
        let board = Board::new(options.size)?;
        let geo = Geometry::of(board);
        let seats: Vec<Seat> = FencesOptions::seats(options.players)
            .iter()
            .map(|s| Seat(*s))
            .collect();
        let mut game = Fences {
            geo,
            dice: Dice {
                rng: StdRng::seed_from_u64(options.seed),
                drawn: 0,
            },
            chances: 0,
            start: Arc::new(Layout::default()),
            seats: seats.clone(),
            state: State {
                pawns: [Node::Home; 4],
                fences: Vec::with_capacity(6 * seats.len()),
                fence_ids: Vec::with_capacity(6 * seats.len()),
                fenced: SlotBits::default(),
                vacant: if options.entrance_fences {
                    geo.all_ranks
                } else {
                    geo.field_ranks
                },
                vacant_count: if options.entrance_fences {
                    geo.all_ranks.count()
                } else {
                    geo.field_ranks.count()
                },
                east_open: geo.east_edges,
                north_open: geo.north_edges,
                turn: 0,
                phase: Phase::Relocate,
                home: Vec::new(),
                deck: options.deck.clone(),
                discard: Vec::new(),
                turns: 0,
                key: 0,
            },
            options,
            frames: Vec::new(),
        };
        for (i, seat) in seats.iter().enumerate() {
            let choice = game.options.stations.get(i).copied().unwrap_or(0);
            let station = board.stations(seat.0)[usize::from(choice)];
            game.set_pawn(i, Node::Space(station));
            for slot in board.fence_array(seat.0) {
                game.add_fence(*seat, slot);
            }
        }
        game.start = Arc::new(game.layout());
        Ok(game)
    }

    /// The position as a layout (pawns in order of play, fences as they stand, the seat to
    /// move), with no lines.
    fn layout(&self) -> Layout {
        Layout {
            pawns: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| (*s, self.state.pawns[i], None))
                .collect(),
            fences: self
                .state
                .fences
                .iter()
                .map(|(s, f)| (*s, *f, None))
                .collect(),
            to_move: Some((self.to_move(), None)),
        }
    }

    /// A race from a given layout instead of the starting one: each seat's pawn (in order of
    /// play) and every fence with its owner. Each seat must own six fences, each in its own
    /// slot where a fence may stand, and each pawn must stand on a space or at home. The
    /// first seat whose pawn is not home moves first.
    pub fn with_layout(
        options: FencesOptions,
        pawns: Vec<Node>,
        fences: Vec<(Seat, Slot)>,
    ) -> Result<Fences, SetupError> {
        options.check()?;
        let seats = FencesOptions::seats(options.players);
        let mut layout = Layout {
            pawns: Vec::new(),
            fences: fences.into_iter().map(|(s, f)| (s, f, None)).collect(),
            to_move: None,
        };
        if pawns.len() != seats.len() {
            return Err(SetupError::PawnCount {
                given: pawns.len(),
                players: options.players,
            });
        }
        for (seat, node) in seats.iter().zip(pawns) {
            layout.pawns.push((Seat(*seat), node, None));
        }
        Fences::from_layout(options, &layout)
    }

    /// A race from its setup text ([`super::setup`]); errors name the line.
    pub fn from_setup_text(text: &str, options: FencesOptions) -> Result<Fences, SetupError> {
        options.check()?;
        let layout = Layout::parse(text)?;
        Fences::from_layout(options, &layout)
    }

    /// A race from a layout, checked.
    pub fn from_layout(options: FencesOptions, layout: &Layout) -> Result<Fences, SetupError> {
        let mut game = Fences::new(options)?;
        let players = game.options.players;
        let seats = game.seats.clone();
        let in_race = |seat: Seat, line: Option<usize>| {
            if seats.contains(&seat) {
                Ok(())
            } else {
                Err(SetupError::NotInRace {
                    line,
                    seat,
                    players,
                })
            }
        };
        let mut pawns: [Option<Node>; 4] = [None; 4];
        for &(seat, node, line) in &layout.pawns {
            in_race(seat, line)?;
            let i = game.seat_index(seat);
            if pawns[i].is_some() {
                return Err(SetupError::TwoPawns { line, seat });
            }
            if let Node::Space(s) = node
                && game.geo.walkable(s).is_none()
            {
                return Err(SetupError::NotASpace {
                    line,
                    space: s,
                    size: game.options.size,
                });
            }
            pawns[i] = Some(node);
        }
        let mut taken = SlotBits::default();
        let mut counts = [0usize; 4];
        let mut last_line: [Option<usize>; 4] = [None; 4];
        for &(seat, slot, line) in &layout.fences {
            in_race(seat, line)?;
            let id = game
                .placeable(slot)
                .map_err(|why| SetupError::NotASlot { line, why })?;
            if taken.get(usize::from(id)) {
                return Err(SetupError::TwoFences { line, slot });
            }
            taken.put(usize::from(id), true);
            let i = game.seat_index(seat);
            counts[i] += 1;
            last_line[i] = line;
            if counts[i] > 6 {
                return Err(SetupError::FenceCount {
                    line,
                    seat,
                    count: counts[i],
                });
            }
        }
        for (i, &seat) in game.seats.iter().enumerate() {
            if counts[i] != 6 {
                return Err(SetupError::FenceCount {
                    line: last_line[i],
                    seat,
                    count: counts[i],
                });
            }
        }
        // Clear the starting layout, then set the given one.
        for i in 0..game.seats.len() {
            game.set_pawn(i, Node::Home);
        }
        while let Some((seat, slot)) = game.state.fences.last().copied() {
            game.remove_fence(seat, slot);
        }
        for (i, &seat) in seats.iter().enumerate() {
            let node = pawns[i].ok_or(SetupError::NoPawn { seat })?;
            game.set_pawn(i, node);
        }
        for &(seat, slot, _) in &layout.fences {
            game.add_fence(seat, slot);
        }
        game.state.home = game
            .seats
            .iter()
            .enumerate()
            .filter(|(i, _)| game.state.pawns[*i] == Node::Home)
            .map(|(_, s)| *s)
            .collect();
        game.state.turn = match layout.to_move {
            Some((seat, line)) => {
                in_race(seat, line)?;
                let i = game.seat_index(seat);
                if game.state.pawns[i] == Node::Home && !game.outcome().is_over() {
                    return Err(SetupError::TurnAtHome { line, seat });
                }
                i
            }
            None => (0..game.seats.len())
                .find(|i| game.state.pawns[*i] != Node::Home)
                .unwrap_or(0),
        };
        game.start = Arc::new(game.layout());
        Ok(game)
    }

    /// The position as setup text (at the start of the turn of the seat to move), which
    /// [`Fences::from_setup_text`] reads back.
    pub fn setup_text(&self) -> String {
        self.layout().to_string()
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.geo.board
    }

    /// The options.
    pub fn options(&self) -> &FencesOptions {
        &self.options
    }

    /// The seats in order of play.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Where each seat's pawn is. (A seat not in the race has none: home is answered.)
    pub fn pawn(&self, seat: Seat) -> Node {
        self.seats
            .iter()
            .position(|s| *s == seat)
            .map_or(Node::Home, |i| self.state.pawns[i])
    }

    /// Every slot a fence may stand in: the slots of the field, and home's four entrances
    /// unless the options keep them open.
    pub fn slots(&self) -> Vec<Slot> {
        let mut slots = self.board().slots();
        if self.options.entrance_fences {
            slots.extend(self.board().entrance_slots());
        }
        slots
    }

    /// The number of `slot` if a fence may stand in it in this race; else why not.
    fn placeable(&self, slot: Slot) -> Result<u16, String> {
        let id = self.geo.slot_id(slot);
        match id {
            Some(id) if self.geo.is_field_slot(id) => Ok(id),
            Some(id) if self.geo.entrance_of(id).is_some() => {
                if self.options.entrance_fences {
                    Ok(id)
                } else {
                    Err(format!(
                        "{slot} is an entrance of home, and this race keeps the entrances open"
                    ))
                }
            }
            _ => Err(format!("{slot} is not a slot of the board")),
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

    /// Turns played so far (each player's turn counts one).
    pub fn turns(&self) -> u32 {
        self.state.turns
    }

    /// The number thrown (or the steps the card drawn orders) this turn, once known.
    pub fn thrown(&self) -> Option<u8> {
        match self.state.phase {
            Phase::Walk(k, _) => Some(k),
            _ => None,
        }
    }

    /// The chance cards still face down.
    pub fn deck(&self) -> &[Card] {
        &self.state.deck
    }

    /// A key of the position for a transposition table: pawns and fences (kept as the game
    /// goes), the seat to move, the step of its turn and the cards face down. The count of
    /// turns played is left out.
    pub fn key(&self) -> u64 {
        let phase = match self.state.phase {
            Phase::Relocate => 1,
            Phase::Throw => 2,
            Phase::Drawing => 3,
            Phase::Walk(k, jump) => 4 + 2 * u64::from(k) + u64::from(jump),
        };
        let mut h = self.state.key ^ mix(phase << 8 | self.state.turn as u64);
        if self.options.chance_cards {
            let cards = self.state.deck.iter().fold(0u64, |acc, c| {
                let code = match c {
                    Card::Steps(n) => 0x100 | u64::from(*n),
                    Card::JumpFence(n) => 0x200 | u64::from(*n),
                    Card::LoseTurn => 0x300,
                };
                acc.wrapping_add(mix(code))
            });
            h ^= mix(cards ^ 0x5eed);
        }
        h
    }

    fn seat_index(&self, seat: Seat) -> usize {
        self.seats.iter().position(|s| *s == seat).unwrap_or(0)
    }

    /// Throws the die from the game's seeded generator and applies the throw.
    pub fn throw(&mut self) -> Result<u8, PlayError> {
        if self.outcome().is_over() {
            return Err(PlayError::GameOver);
        }
        if self.state.phase != Phase::Throw {
            return Err(PlayError::Illegal("it is not time to throw".into()));
        }
        let k = self.dice().random_range(1..=6u8);
        self.resolve_chance(u32::from(k))?;
        self.dice.drawn = self.chances;
        Ok(k)
    }

    /// Draws a chance card from the game's seeded generator and applies it. Refused unless
    /// a card is due (after [`FenceMove::Draw`]).
    pub fn draw(&mut self) -> Result<Card, PlayError> {
        let Some(Chance::Card { cards }) = self.pending_chance() else {
            return Err(PlayError::Illegal("no card is to be drawn now".into()));
        };
        if cards == 0 {
            return Err(PlayError::Illegal(
                "the stack of chance cards is empty".into(),
            ));
        }
        let i = self.dice().random_range(0..cards);
        let card = self.state.deck[i as usize];
        self.resolve_chance(i)?;
        self.dice.drawn = self.chances;
        Ok(card)
    }

    /// The seeded generator, placed after the chance inputs played so far: set up again from
    /// the seed, drawing as each throw and draw of the history did, unless it stands there.
    fn dice(&mut self) -> &mut StdRng {
        if self.dice.drawn != self.chances {
            let mut rng = StdRng::seed_from_u64(self.options.seed);
            for f in &self.frames {
                match f.mv {
                    FenceMove::Throw(_) => {
                        rng.random_range(1..=6u8);
                    }
                    FenceMove::Card(_) => {
                        rng.random_range(0..f.cards.max(1));
                    }
                    _ => {}
                }
            }
            self.dice = Dice {
                rng,
                drawn: self.chances,
            };
        }
        &mut self.dice.rng
    }

    // ---- the position's pieces ----

    fn set_pawn(&mut self, i: usize, node: Node) {
        let section = self.seats[i].0 as usize;
        let old = self.state.pawns[i];
        if let Some(n) = self.geo.node_index(old) {
            self.state.key ^= self.geo.zobrist_pawn(section, n);
        }
        if let Some(n) = self.geo.node_index(node) {
            self.state.key ^= self.geo.zobrist_pawn(section, n);
        }
        self.state.pawns[i] = node;
    }

    /// Sets or clears a fence in slot `id` in the path sets and the vacant slots.
    fn put_fence(&mut self, id: u16, on: bool) {
        self.state.fenced.put(usize::from(id), on);
        let rank = usize::from(self.geo.slot_rank[usize::from(id)]);
        let placeable = if self.options.entrance_fences {
            &self.geo.all_ranks
        } else {
            &self.geo.field_ranks
        };
        if rank != usize::from(u16::MAX) && placeable.get(rank) && self.state.vacant.get(rank) == on
        {
            self.state.vacant.put(rank, !on);
            if on {
                self.state.vacant_count -= 1;
            } else {
                self.state.vacant_count += 1;
            }
        }
        let i = usize::from(id / 2);
        if id.is_multiple_of(2) {
            if self.geo.east_edges.get(i) {
                self.state.east_open.put(i, !on);
            }
        } else if self.geo.north_edges.get(i) {
            self.state.north_open.put(i, !on);
        }
    }

    fn add_fence(&mut self, seat: Seat, slot: Slot) {
        let Some(id) = self.geo.slot_id(slot) else {
            return;
        };
        self.put_fence(id, true);
        self.state.key ^= self.geo.zobrist_fence(seat.0 as usize, id);
        self.state.fences.push((seat, slot));
        self.state.fence_ids.push(id);
    }

    fn remove_fence(&mut self, seat: Seat, slot: Slot) {
        let Some(j) = self.state.fences.iter().rposition(|f| *f == (seat, slot)) else {
            return;
        };
        let id = self.state.fence_ids[j];
        self.put_fence(id, false);
        self.state.key ^= self.geo.zobrist_fence(seat.0 as usize, id);
        self.state.fences.remove(j);
        self.state.fence_ids.remove(j);
    }

    /// Moves `seat`'s fence from one slot to another (both known to be slots).
    fn shift_fence(&mut self, seat: Seat, from: Slot, to: Slot) {
        let Some(j) = self.state.fences.iter().position(|f| *f == (seat, from)) else {
            return;
        };
        let Some(to_id) = self.geo.slot_id(to) else {
            return;
        };
        let from_id = self.state.fence_ids[j];
        self.put_fence(from_id, false);
        self.put_fence(to_id, true);
        let section = seat.0 as usize;
        self.state.key ^=
            self.geo.zobrist_fence(section, from_id) ^ self.geo.zobrist_fence(section, to_id);
        self.state.fences[j].1 = to;
        self.state.fence_ids[j] = to_id;
    }
}

impl Fences {
    // ---- turns ----

    fn advance_turn(&mut self) {
        let n = self.seats.len();
        for _ in 0..n {
            self.state.turn = (self.state.turn + 1) % n;
            if self.state.pawns[self.state.turn] != Node::Home {
                break;
            }
        }
        self.state.phase = Phase::Relocate;
        self.state.turns = self.state.turns.saturating_add(1);
    }

    /// Why a relocation is refused, or `None` when it is legal.
    fn relocation_refused(&self, from: Slot, to: Slot) -> Option<String> {
        let seat = self.to_move();
        if !self.state.fences.contains(&(seat, from)) {
            return Some(format!("{seat} has no fence in {from}"));
        }
        match self.placeable(to) {
            Err(why) => Some(why),
            Ok(id) if self.state.fenced.get(usize::from(id)) => {
                Some(format!("{to} already holds a fence"))
            }
            Ok(_) => None,
        }
    }

    /// Why `mv` is refused now, in words.
    pub(super) fn refusal(&self, mv: &FenceMove) -> String {
        if self.outcome().is_over() {
            return "the game is over".into();
        }
        let seat = self.to_move();
        match (self.state.phase, mv) {
            (Phase::Relocate, FenceMove::Relocate { from, to }) => self
                .relocation_refused(*from, *to)
                .unwrap_or_else(|| "a legal move".into()),
            (Phase::Relocate, _) => format!("{seat} must first move one of his fences"),
            (Phase::Walk(k, jump), FenceMove::Walk(Node::Home)) => {
                match self.pawn_space().and_then(|s| self.distance_with(s, jump)) {
                    Some(d) => format!(
                        "home needs the exact count: the shortest way home is {d} steps, not {k}"
                    ),
                    None => "home cannot be reached from here".into(),
                }
            }
            (Phase::Walk(k, _), FenceMove::Walk(end)) => {
                format!("no walk of exactly {k} steps along open paths ends on {end}")
            }
            (Phase::Walk(..), FenceMove::Stay) => "the pawn can move, so it must".into(),
            (Phase::Walk(k, _), _) => format!("{seat} must now move the pawn {k} steps"),
            (Phase::Throw, FenceMove::Draw) => "chance cards are not in play".into(),
            (Phase::Throw, _) => "the die must be thrown first".into(),
            (Phase::Drawing, _) => "a chance card must be drawn first".into(),
        }
    }
}

/// A 64-bit mix (SplitMix64's finaliser).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Game for Fences {
    type Move = FenceMove;
    type Player = Seat;
    type Options = FencesOptions;
    type Setup = Layout;
    type OptionsError = OptionsError;
    type SetupError = SetupError;
    type Effect = FenceEffect;
    type PositionKey = (u64, usize, u64);

    const ABOUT: About = About {
        name: "fences",
        aliases: &["fence-race", "fence"],
        title: "The fence race",
        noun: "the fence race",
        summary: "Magee's fence race (1962).",
        blurb: "Robert C. Magee, 1962. Race your pawn home by die throws, moving fences to block the others.",
        // The seed is typed in: it comes after the settings stepped through.
        screen_order: &[0, 2, 3, 4, 1, 5],
        chance: true,
    };

    fn is_square_name(text: &str) -> bool {
        let text = text.trim();
        crate::fences::Space::parse(text).is_some() || crate::fences::Slot::parse(text).is_some()
    }

    fn position_key(&self) -> (u64, usize, u64) {
        use std::hash::{Hash, Hasher};
        // The pawns and fences by their Zobrist key, the seat to move, and the phase of its
        // turn with the cards left.
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (self.state.phase, self.state.deck.len()).hash(&mut hasher);
        (self.state.key, self.state.turn, hasher.finish())
    }

    fn from_options(options: FencesOptions) -> Result<Fences, OptionsError> {
        Fences::new(options)
    }

    fn from_setup(setup: Layout, options: FencesOptions) -> Result<Fences, SetupError> {
        Fences::from_layout(options, &setup)
    }

    /// The layout read and checked as [`Fences::from_layout`] checks it, then given as the
    /// race holds it: pawns in order of play, no lines, the seat to move named.
    fn parse_setup(text: &str, options: &FencesOptions) -> Result<Layout, SetupError> {
        options.check()?;
        let layout = Layout::parse(text)?;
        let game = Fences::from_layout(options.clone(), &layout)?;
        Ok(Layout::clone(&game.start))
    }

    fn setup_text(setup: &Layout) -> String {
        setup.to_string()
    }

    fn is_standard_setup(&self) -> bool {
        Fences::new(self.options.clone()).is_ok_and(|g| g.start == self.start)
    }

    fn options(&self) -> &FencesOptions {
        &self.options
    }

    fn start(&self) -> &Layout {
        &self.start
    }

    fn history(&self) -> Vec<FenceMove> {
        self.frames.iter().map(|f| f.mv.clone()).collect()
    }

    fn play_effect(&mut self, mv: &FenceMove) -> Result<FenceEffect, PlayError> {
        let seat = self.to_move();
        let pawn_before = self.state.pawns[self.state.turn];
        let turns = self.state.turns;
        let path = match mv {
            FenceMove::Walk(end) => self.walk_path(*end),
            _ => None,
        };
        self.play(mv)?;
        let frame = self.frames.last().expect("the step just played");
        let step = match &frame.mv {
            FenceMove::Relocate { from, to } => FenceStep::Relocated {
                from: *from,
                to: *to,
            },
            FenceMove::Throw(k) => FenceStep::Thrown(*k),
            FenceMove::Draw => FenceStep::Drawing,
            FenceMove::Card(card) => FenceStep::Drawn {
                card: *card,
                turned_over: frame.turned_over,
            },
            FenceMove::Walk(end) => FenceStep::Walked {
                path: path.unwrap_or_else(|| vec![*end]),
                place: (*end == Node::Home).then_some(self.state.home.len()),
            },
            FenceMove::Stay => FenceStep::Stayed,
        };
        Ok(FenceEffect {
            seat,
            pawn_before,
            step,
            turn_over: self.state.turns != turns,
        })
    }

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
        match self.state.phase {
            Phase::Relocate => {
                let seat = self.to_move();
                let vacant: Vec<Slot> = self
                    .state
                    .vacant
                    .ones()
                    .map(|r| self.geo.ranked_slots[r])
                    .collect();
                let own = self.state.fences.iter().filter(|f| f.0 == seat).count();
                let mut out = Vec::with_capacity(own * vacant.len());
                for &(owner, from) in &self.state.fences {
                    if owner == seat {
                        out.extend(vacant.iter().map(|&to| FenceMove::Relocate { from, to }));
                    }
                }
                out
            }
            Phase::Throw if self.options.chance_cards => vec![FenceMove::Draw],
            Phase::Throw | Phase::Drawing => Vec::new(),
            Phase::Walk(..) => {
                let Some(reach) = self.current_reach() else {
                    return Vec::new();
                };
                let mut out = Vec::with_capacity(reach.spaces.count() + 1);
                out.extend(
                    reach
                        .spaces
                        .ones()
                        .map(|i| FenceMove::Walk(Node::Space(self.geo.spaces[i]))),
                );
                if reach.home {
                    out.push(FenceMove::Walk(Node::Home));
                }
                if out.is_empty() {
                    out.push(FenceMove::Stay);
                }
                out
            }
        }
    }

    fn legal_move_count(&self) -> usize {
        if self.outcome().is_over() {
            return 0;
        }
        match self.state.phase {
            Phase::Relocate => {
                let seat = self.to_move();
                let own = self.state.fences.iter().filter(|f| f.0 == seat).count();
                own * self.state.vacant_count
            }
            Phase::Throw => usize::from(self.options.chance_cards),
            Phase::Drawing => 0,
            Phase::Walk(..) => match self.current_reach() {
                Some(r) => (r.spaces.count() + usize::from(r.home)).max(1),
                None => 0,
            },
        }
    }

    fn choose_legal_move(&self, choose: impl FnOnce(usize) -> usize) -> Option<FenceMove> {
        if self.outcome().is_over() {
            return None;
        }
        match self.state.phase {
            Phase::Relocate => {
                // Each own fence (in order) to each vacant slot (in order), as listed.
                let seat = self.to_move();
                let vacant = self.state.vacant_count;
                let mut own = self.state.fences.iter().filter(|f| f.0 == seat);
                let count = own.clone().count() * vacant;
                if count == 0 {
                    return None;
                }
                let n = choose(count);
                let (_, from) = *own.nth(n / vacant)?;
                let to = self.geo.ranked_slots[self.state.vacant.nth_one(n % vacant)?];
                Some(FenceMove::Relocate { from, to })
            }
            Phase::Throw if self.options.chance_cards => {
                (choose(1) == 0).then_some(FenceMove::Draw)
            }
            Phase::Throw | Phase::Drawing => None,
            Phase::Walk(..) => {
                // The spaces in order, then home, or else staying put.
                let reach = self.current_reach()?;
                let spaces = reach.spaces.count_in(self.geo.words);
                let count = spaces + usize::from(reach.home);
                if count == 0 {
                    return (choose(1) == 0).then_some(FenceMove::Stay);
                }
                let n = choose(count);
                if n < spaces {
                    let i = reach.spaces.nth_one(n)?;
                    Some(FenceMove::Walk(Node::Space(self.geo.spaces[i])))
                } else {
                    (n < count).then_some(FenceMove::Walk(Node::Home))
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
                self.relocation_refused(*from, *to).is_none()
            }
            (Phase::Throw, FenceMove::Draw) => self.options.chance_cards,
            (Phase::Walk(..), FenceMove::Walk(end)) => self
                .current_reach()
                .is_some_and(|r| self.walk_ends_on(&r, *end)),
            (Phase::Walk(..), FenceMove::Stay) => self
                .current_reach()
                .is_some_and(|r| r.spaces.is_empty() && !r.home),
            _ => false,
        }
    }

    fn play(&mut self, mv: &FenceMove) -> Result<(), PlayError> {
        if self.outcome().is_over() {
            return Err(PlayError::GameOver);
        }
        match mv {
            // The chance inputs: the die's face, the card drawn.
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
        let turn = self.state.turn;
        let mut frame = Frame {
            mv: mv.clone(),
            turn: turn as u8,
            phase: self.state.phase,
            turns: self.state.turns,
            pawn: self.state.pawns[turn],
            card_at: None,
            turned_over: false,
            cards: self.state.deck.len() as u32,
        };
        if matches!(mv, FenceMove::Throw(_) | FenceMove::Card(_)) {
            self.chances += 1;
        }
        match *mv {
            FenceMove::Relocate { from, to } => {
                self.shift_fence(self.seats[turn], from, to);
                self.state.phase = Phase::Throw;
            }
            FenceMove::Throw(k) => self.state.phase = Phase::Walk(k, false),
            FenceMove::Draw => self.state.phase = Phase::Drawing,
            FenceMove::Card(card) => {
                if let Some(i) = self.state.deck.iter().position(|c| *c == card) {
                    frame.card_at = u8::try_from(i).ok();
                    let drawn = self.state.deck.remove(i);
                    self.state.discard.push(drawn);
                    if self.state.deck.is_empty() {
                        // The stack is turned over when its last card has been drawn.
                        std::mem::swap(&mut self.state.deck, &mut self.state.discard);
                        frame.turned_over = true;
                    }
                }
                match card {
                    Card::Steps(n) => self.state.phase = Phase::Walk(n, false),
                    Card::JumpFence(n) => self.state.phase = Phase::Walk(n, true),
                    Card::LoseTurn => self.advance_turn(),
                }
            }
            FenceMove::Walk(end) => {
                self.set_pawn(turn, end);
                if end == Node::Home {
                    self.state.home.push(self.seats[turn]);
                }
                self.advance_turn();
            }
            FenceMove::Stay => self.advance_turn(),
        }
        self.frames.push(frame);
    }

    fn undo(&mut self) -> Option<FenceMove> {
        let f = self.frames.pop()?;
        if matches!(f.mv, FenceMove::Throw(_) | FenceMove::Card(_)) {
            self.chances -= 1;
        }
        let turn = usize::from(f.turn);
        match f.mv {
            FenceMove::Relocate { from, to } => self.shift_fence(self.seats[turn], to, from),
            FenceMove::Card(_) => {
                if let Some(i) = f.card_at {
                    if f.turned_over {
                        std::mem::swap(&mut self.state.deck, &mut self.state.discard);
                    }
                    if let Some(card) = self.state.discard.pop() {
                        let i = usize::from(i).min(self.state.deck.len());
                        self.state.deck.insert(i, card);
                    }
                }
            }
            FenceMove::Walk(end) => {
                self.set_pawn(turn, f.pawn);
                if end == Node::Home {
                    self.state.home.pop();
                }
            }
            _ => {}
        }
        self.state.turn = turn;
        self.state.phase = f.phase;
        self.state.turns = f.turns;
        Some(f.mv)
    }

    fn outcome(&self) -> Outcome<Seat> {
        let home = &self.state.home;
        let needed = if self.options.play_for_places {
            self.seats.len() - 1
        } else {
            1
        };
        if let Some(&first) = home.first()
            && home.len() >= needed
        {
            return Outcome::Win(first);
        }
        if let Some(limit) = self.options.turn_limit
            && self.state.turns >= limit
        {
            return match home.first() {
                Some(&first) => Outcome::Win(first),
                None => Outcome::Draw(DrawReason::MoveLimit),
            };
        }
        Outcome::Ongoing
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

    fn draw_chance(&mut self) -> Result<(), PlayError> {
        match self.pending_chance() {
            Some(Chance::Die { .. }) => self.throw().map(|_| ()),
            Some(Chance::Card { .. }) => self.draw().map(|_| ()),
            None => Err(PlayError::Illegal("no chance input is due now".into())),
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
            None if self.outcome().is_over() => Err(PlayError::GameOver),
            None => Err(PlayError::Illegal("no throw or draw is due now".into())),
        }
    }

    fn move_text(&self, mv: &FenceMove) -> String {
        super::notation::print(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<FenceMove, NotationError> {
        super::notation::read(self, text)
    }

    fn ply(&self) -> usize {
        self.frames.len()
    }
}
