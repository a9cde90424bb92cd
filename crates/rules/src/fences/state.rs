//! A race's position and its bookkeeping: the pawns, the fences and the path sets and vacant
//! slots they leave, the seat to move and the step of its turn, the chance cards, the
//! Zobrist key kept as pieces move, and the frames that undo moves.

use super::board::{Node, Slot};
use super::cards::Card;
use super::game::{FenceMove, Fences, Phase, Seat};
use super::geometry::{Bits, SlotBits};

/// What undoing a move needs.
#[derive(Debug, Clone)]
pub(super) struct Frame {
    pub(super) mv: FenceMove,
    pub(super) turn: u8,
    pub(super) phase: Phase,
    pub(super) turns: u32,
    /// Where the mover's pawn stood.
    pub(super) pawn: Node,
    /// Where a drawn card lay in the stack, and whether drawing it turned the stack over.
    pub(super) card_at: Option<u8>,
    pub(super) turned_over: bool,
    /// The cards face down before a card was drawn (what the draw chose among).
    pub(super) cards: u32,
}

#[derive(Debug, Clone)]
pub(super) struct State {
    pub(super) pawns: [Node; 4],
    pub(super) fences: Vec<(Seat, Slot)>,
    /// The slot number of each fence of `fences`.
    pub(super) fence_ids: Vec<u16>,
    pub(super) fenced: SlotBits,
    /// The vacant slots where a fence may stand, by rank ([`Geometry::ranked_slots`]).
    ///
    /// [`Geometry::ranked_slots`]: super::geometry::Geometry::ranked_slots
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

impl Fences {
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

    pub(super) fn set_pawn(&mut self, i: usize, node: Node) {
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

    pub(super) fn add_fence(&mut self, seat: Seat, slot: Slot) {
        let Some(id) = self.geo.slot_id(slot) else {
            return;
        };
        self.put_fence(id, true);
        self.state.key ^= self.geo.zobrist_fence(seat.0 as usize, id);
        self.state.fences.push((seat, slot));
        self.state.fence_ids.push(id);
    }

    pub(super) fn remove_fence(&mut self, seat: Seat, slot: Slot) {
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
    pub(super) fn shift_fence(&mut self, seat: Seat, from: Slot, to: Slot) {
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

/// A 64-bit mix (SplitMix64's finaliser).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
