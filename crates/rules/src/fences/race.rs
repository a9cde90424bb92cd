//! A race as a value: what it holds, how it is set up (the starting layout of its options,
//! or a layout given and checked), and what it shows of itself.

use super::board::{Board, Node, Slot};
use super::cards::Card;
use super::dice::Dice;
use super::game::{FencesOptions, OptionsError, Phase, Seat};
use super::geometry::{Geometry, SlotBits};
use super::setup::{Layout, SetupError};
use super::state::{Frame, State};
use crate::game::Game;
use std::sync::Arc;

/// A fence race in progress.
#[derive(Debug, Clone)]
pub struct Fences {
    pub(super) geo: &'static Geometry,
    pub(super) options: FencesOptions,
    pub(super) seats: Vec<Seat>,
    pub(super) state: State,
    pub(super) frames: Vec<Frame>,
    /// Throws and draws played so far (moves [`FenceMove::Throw`] and [`FenceMove::Card`]).
    ///
    /// [`FenceMove::Throw`]: super::moves::FenceMove::Throw
    /// [`FenceMove::Card`]: super::moves::FenceMove::Card
    pub(super) chances: usize,
    pub(super) dice: Dice,
    /// Where the race started, and whose turn it was.
    pub(super) start: Arc<Layout>,
    /// The seats that resigned (Law X) and left the race, each with the state before.
    pub(super) resigned: crate::resign::Resigned<Seat, State>,
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
            dice: Dice::seeded(options.seed),
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
            resigned: Default::default(),
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
        let mut shut = 0;
        for &(seat, slot, line) in &layout.fences {
            in_race(seat, line)?;
            let id = game
                .placeable(slot)
                .map_err(|why| SetupError::NotASlot { line, why })?;
            if taken.get(usize::from(id)) {
                return Err(SetupError::TwoFences { line, slot });
            }
            taken.put(usize::from(id), true);
            if game.geo.entrance_of(id).is_some() {
                shut += 1;
                if shut == 4 && game.options.keep_one_entrance_open {
                    return Err(SetupError::NotASlot {
                        line,
                        why: format!(
                            "{slot} would shut the last of home's four entrances, and this race keeps one open"
                        ),
                    });
                }
            }
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
    pub(super) fn placeable(&self, slot: Slot) -> Result<u16, String> {
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

    fn seat_index(&self, seat: Seat) -> usize {
        self.seats.iter().position(|s| *s == seat).unwrap_or(0)
    }
}
