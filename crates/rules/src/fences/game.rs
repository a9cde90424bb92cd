//! A fence race in progress: seats, fences, pawns, the die (an explicit chance input from a
//! seeded generator), turns of relocate-throw-walk, play and undo, and the finish.
//!
//! The paths are bit sets over the spaces ([`super::geometry`]). The ends of every walk of
//! exactly `k` steps are found layer by layer: a layer is the set of spaces a walk can stand
//! on after so many steps (with a second set for walks that have crossed their one fence,
//! under a "jump" card). A walk is a move by its end; its path is built only when asked for
//! ([`Fences::walk_path`]).
//!
//! This module holds the steps of a turn (`Phase`) and the rules of play: the legal moves,
//! play and undo, refusals in words, the chance inputs and the finish. The race's value and
//! setup, its position's bookkeeping, the dice, moves, walks and the notation have their own
//! modules; the moves and the race are named here too.

use super::board::{Node, Slot};
use super::cards::Card;
pub use super::moves::{FenceEffect, FenceMove, FenceStep};
pub use super::options::{FencesOptions, OptionsError};
pub use super::race::Fences;
pub use super::setup::Seat;
use super::setup::{Layout, SetupError};
use super::state::Frame;
use crate::NotationError;
use crate::game::{Chance, DrawReason, Game, Outcome, PlayError};
use crate::registry::About;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Phase {
    Relocate,
    Throw,
    Drawing,
    /// Steps to walk, and whether one fence may be crossed.
    Walk(u8, bool),
}

impl Fences {
    // ---- turns ----

    fn advance_turn(&mut self) {
        let n = self.seats.len();
        for _ in 0..n {
            self.state.turn = (self.state.turn + 1) % n;
            if self.state.pawns[self.state.turn] != Node::Home
                && !self.resigned.has(&self.seats[self.state.turn])
            {
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
            Ok(id) if self.shuts_last_entrance(from, id) => Some(format!(
                "{to} is home's last open entrance, and this race keeps one open"
            )),
            Ok(_) => None,
        }
    }

    /// The slot number of home's last open entrance, when the race keeps one open
    /// ([`FencesOptions::keep_one_entrance_open`]) and the other three are fenced.
    fn last_open_entrance(&self) -> Option<u16> {
        if !(self.options.entrance_fences && self.options.keep_one_entrance_open) {
            return None;
        }
        let mut open = self
            .geo
            .entrance_slots
            .iter()
            .filter(|id| !self.state.fenced.get(usize::from(**id)));
        match (open.next(), open.next()) {
            (Some(&last), None) => Some(last),
            _ => None,
        }
    }

    /// Whether moving the fence in `from` to slot number `to` would shut home's last open
    /// entrance (a fence already in an entrance may move to it: one stays open).
    fn shuts_last_entrance(&self, from: Slot, to: u16) -> bool {
        self.last_open_entrance() == Some(to) && !self.in_entrance(from)
    }

    /// Whether `slot` is one of home's entrances.
    fn in_entrance(&self, slot: Slot) -> bool {
        self.geo
            .slot_id(slot)
            .is_some_and(|id| self.geo.entrance_of(id).is_some())
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
                let last = self
                    .last_open_entrance()
                    .and_then(|id| self.geo.entrance_of(id))
                    .map(|e| self.board().entrance_slots()[e]);
                for &(owner, from) in &self.state.fences {
                    if owner == seat {
                        let shuts = |to: Slot| Some(to) == last && !self.in_entrance(from);
                        out.extend(
                            vacant
                                .iter()
                                .filter(|to| !shuts(**to))
                                .map(|&to| FenceMove::Relocate { from, to }),
                        );
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
                let mut n = own * self.state.vacant_count;
                if self.last_open_entrance().is_some() {
                    // No fence from outside the entrances may go into the last open one.
                    n -= self
                        .state
                        .fences
                        .iter()
                        .filter(|f| f.0 == seat && !self.in_entrance(f.1))
                        .count();
                }
                n
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
            Phase::Relocate if self.last_open_entrance().is_some() => {
                // Rare: not every fence may go to every vacant slot; the list says which.
                let moves = self.legal_moves();
                let n = choose(moves.len());
                moves.get(n).cloned()
            }
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
        while self.unresign().is_some() {}
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
        // Those who resigned have left the race; the last one left in it wins.
        let mut left = self.seats.iter().filter(|s| !self.resigned.has(s));
        if let (Some(&last), None) = (left.next(), left.next()) {
            return Outcome::Win(last);
        }
        let needed = if self.options.play_for_places {
            self.seats.len() - self.resigned.len() - 1
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

    fn distance_to_goal(&self, player: &Seat) -> Option<u32> {
        self.distance_home(self.pawn(*player))
    }

    fn reaches(&self, mv: &FenceMove, _effect: &FenceEffect, square: &str) -> bool {
        let target = super::board::Space::parse(square.trim());
        matches!(mv, FenceMove::Walk(Node::Space(s)) if Some(*s) == target)
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

    /// A relocation: the fence's slot (`e5|e6`), then the vacant one; a walk: where the
    /// pawn ends (a space, or `home`); staying put, drawing a card: `stay`, `draw`. The
    /// throw and the card drawn are chance inputs, never listed: a page asks the server for
    /// them.
    fn click_path(&self, mv: &FenceMove) -> Vec<String> {
        match mv {
            FenceMove::Relocate { from, to } => vec![from.to_string(), to.to_string()],
            FenceMove::Walk(end) => vec![end.to_string()],
            other => vec![self.move_text(other)],
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

    fn resignations(&self) -> Vec<crate::resign::Resignation<Seat>> {
        self.resigned.list()
    }

    /// The seat's pawn leaves the race (a pawn home has finished it, and cannot); if it
    /// was his turn, whatever he began of it stands and the next seat in the race is to
    /// move.
    fn resign(&mut self, seat: Seat) -> Result<(), PlayError> {
        crate::resign::check(self, &seat)?;
        if self.pawn(seat) == Node::Home {
            return Err(PlayError::Illegal(format!("{seat}'s pawn is home already")));
        }
        let before = self.state.clone();
        let to_move = self.to_move() == seat;
        self.resigned.push(seat, self.frames.len(), before);
        if to_move && !self.outcome().is_over() {
            self.advance_turn();
        }
        Ok(())
    }

    fn unresign(&mut self) -> Option<Seat> {
        let (seat, before) = self.resigned.pop_at(self.frames.len())?;
        self.state = before;
        Some(seat)
    }
}
