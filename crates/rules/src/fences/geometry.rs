//! Fixed tables for one size of field, built once and shared: the numbering of spaces and
//! slots, the paths as bit sets over the spaces, and the Zobrist numbers of the position key.
//!
//! Space `i` is `y * n + x`. Slot `2 * i` lies between space `i` and its east neighbour,
//! slot `2 * i + 1` between space `i` and its north neighbour (home's entrances included:
//! they lie between an entrance space and the middle square of that side of home).

use super::board::{Board, Node, Slot, Space};
use std::fmt;
use std::sync::OnceLock;

/// The largest field's spaces a side.
pub(crate) const MAX_N: usize = Board::MAX_SIZE as usize;
/// Words of a set of spaces.
pub(crate) const WORDS: usize = (MAX_N * MAX_N).div_ceil(64);
/// Words of a set of slots.
pub(crate) const SLOT_WORDS: usize = (2 * MAX_N * MAX_N).div_ceil(64);

/// A set of spaces (or of slots, with `W = SLOT_WORDS`), one bit each.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Bits<const W: usize = WORDS>(pub [u64; W]);

/// A set of slots.
pub(crate) type SlotBits = Bits<SLOT_WORDS>;

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.ones()).finish()
    }
}

impl<const W: usize> Bits<W> {
    /// Whether bit `i` is set.
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Sets bit `i` to `on`.
    #[inline]
    pub fn put(&mut self, i: usize, on: bool) {
        let bit = 1u64 << (i % 64);
        if on {
            self.0[i / 64] |= bit;
        } else {
            self.0[i / 64] &= !bit;
        }
    }

    /// The set of one bit.
    #[inline]
    pub fn single(i: usize) -> Self {
        let mut b = Self::default();
        b.put(i, true);
        b
    }

    /// Whether no bit is set.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// How many bits are set.
    #[inline]
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// How many bits are set among the first `w` words (the rest being clear).
    #[inline]
    pub fn count_in(&self, w: usize) -> usize {
        self.0[..w].iter().map(|x| x.count_ones() as usize).sum()
    }

    /// Bits in either set.
    #[inline]
    pub fn or(&self, other: &Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// Bits of `self` not in `other`.
    #[inline]
    pub fn and_not(&self, other: &Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The `k`-th set bit (from 0), in increasing order.
    #[inline]
    pub fn nth_one(&self, mut k: usize) -> Option<usize> {
        for (w, &word) in self.0.iter().enumerate() {
            let ones = word.count_ones() as usize;
            if k < ones {
                let mut rest = word;
                for _ in 0..k {
                    rest &= rest - 1;
                }
                return Some(w * 64 + rest.trailing_zeros() as usize);
            }
            k -= ones;
        }
        None
    }

    /// The set bits, in increasing order.
    pub fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    w * 64 + b
                })
            })
        })
    }
}

/// One step along the paths `east` and `north` (bit `i`: a step may be made between space
/// `i` and its east, or north, neighbour) from every space of `from`, on a field of `n`
/// spaces a side whose sets take `w` words.
#[inline]
pub(crate) fn step(from: &Bits, east: &Bits, north: &Bits, n: usize, w: usize) -> Bits {
    let mut out = Bits::default();
    let a = &from.0;
    let (e, no) = (&east.0, &north.0);
    let up = 64 - n;
    for i in 0..w {
        let here = a[i];
        let next = if i + 1 < w { a[i + 1] } else { 0 };
        let (east_prev, north_prev) = if i > 0 {
            (a[i - 1] & e[i - 1], a[i - 1] & no[i - 1])
        } else {
            (0, 0)
        };
        let ae = here & e[i];
        let an = here & no[i];
        let to_east = (ae << 1) | (east_prev >> 63);
        let to_west = ((here >> 1) | (next << 63)) & e[i];
        let to_north = (an << n) | (north_prev >> up);
        let to_south = ((here >> n) | (next << up)) & no[i];
        out.0[i] = to_east | to_west | to_north | to_south;
    }
    out
}

/// The tables of one size of field.
pub(crate) struct Geometry {
    /// The board.
    pub board: Board,
    /// Spaces a side.
    pub n: usize,
    /// Words used of a set of spaces.
    pub words: usize,
    /// Every space by number.
    pub spaces: Vec<Space>,
    /// Bit `i`: spaces `i` and `i + 1` are both walkable and in one row.
    pub east_edges: Bits,
    /// Bit `i`: spaces `i` and `i + n` are both walkable.
    pub north_edges: Bits,
    /// The slots of the field, in [`Board::slots`] order, with their numbers.
    pub field_slots: Vec<(u16, Slot)>,
    /// Every slot a fence may stand in, entrances included, in increasing number.
    pub all_slots: Vec<(u16, Slot)>,
    /// Every slot a fence may stand in (entrances included) in the order of [`Slot`]: the
    /// slot of each rank.
    pub ranked_slots: Vec<Slot>,
    /// The rank of each slot number in `ranked_slots` (`u16::MAX`: not a slot).
    pub slot_rank: Vec<u16>,
    /// The ranks of the field's slots, and of the field's and the entrances' slots.
    pub field_ranks: SlotBits,
    pub all_ranks: SlotBits,
    /// Home's entrance spaces, in [`Board::entrances`] order.
    pub entrances: [usize; 4],
    /// The slots in home's entrances, in the same order.
    pub entrance_slots: [u16; 4],
    /// Zobrist numbers of a fence: `[section][slot]`.
    zobrist_fence: Vec<u64>,
    /// Zobrist numbers of a pawn: `[section][space, then home]`.
    zobrist_pawn: Vec<u64>,
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({} x {})", self.n, self.n)
    }
}

/// SplitMix64: the Zobrist numbers' fixed source.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Geometry {
    /// The shared tables of a board.
    pub fn of(board: Board) -> &'static Geometry {
        static CACHE: [OnceLock<Geometry>; MAX_N + 1] = [const { OnceLock::new() }; MAX_N + 1];
        CACHE[board.size() as usize].get_or_init(|| Geometry::build(board))
    }

    fn build(board: Board) -> Geometry {
        let n = board.size() as usize;
        let spaces: Vec<Space> = (0..n * n)
            .map(|i| Space {
                x: (i % n) as u8,
                y: (i / n) as u8,
            })
            .collect();
        let mut east_edges = Bits::default();
        let mut north_edges = Bits::default();
        for (i, &s) in spaces.iter().enumerate() {
            if !board.is_space(s) {
                continue;
            }
            if i % n + 1 < n && board.is_space(spaces[i + 1]) {
                east_edges.put(i, true);
            }
            if i + n < n * n && board.is_space(spaces[i + n]) {
                north_edges.put(i, true);
            }
        }
        let mut geo = Geometry {
            board,
            n,
            words: (n * n).div_ceil(64),
            spaces,
            east_edges,
            north_edges,
            field_slots: Vec::new(),
            all_slots: Vec::new(),
            ranked_slots: Vec::new(),
            slot_rank: vec![u16::MAX; 2 * n * n],
            field_ranks: SlotBits::default(),
            all_ranks: SlotBits::default(),
            entrances: [0; 4],
            entrance_slots: [0; 4],
            zobrist_fence: Vec::new(),
            zobrist_pawn: Vec::new(),
        };
        geo.field_slots = board
            .slots()
            .into_iter()
            .map(|s| (geo.slot_id(s).expect("a field slot is a slot"), s))
            .collect();
        let entrance_slots = board.entrance_slots();
        geo.entrances = board
            .entrances()
            .map(|s| geo.space(s).expect("an entrance is on the field"));
        geo.entrance_slots = entrance_slots.map(|s| geo.slot_id(s).expect("an entrance slot"));
        geo.all_slots = geo.field_slots.clone();
        geo.all_slots
            .extend(geo.entrance_slots.into_iter().zip(entrance_slots));
        geo.all_slots.sort_unstable_by_key(|(id, _)| *id);
        let mut ranked = geo.all_slots.clone();
        ranked.sort_unstable_by_key(|(_, slot)| *slot);
        for (rank, &(id, slot)) in ranked.iter().enumerate() {
            geo.slot_rank[usize::from(id)] = rank as u16;
            geo.ranked_slots.push(slot);
            geo.all_ranks.put(rank, true);
            if geo.is_field_slot(id) {
                geo.field_ranks.put(rank, true);
            }
        }
        let mut seed = 0x6a09_e667_f3bc_c908 ^ n as u64;
        geo.zobrist_fence = (0..4 * 2 * n * n).map(|_| splitmix(&mut seed)).collect();
        geo.zobrist_pawn = (0..4 * (n * n + 1)).map(|_| splitmix(&mut seed)).collect();
        geo
    }

    /// The number of a space of the square (walkable or not), if it lies on it.
    #[inline]
    pub fn space(&self, s: Space) -> Option<usize> {
        let (x, y) = (usize::from(s.x), usize::from(s.y));
        (x < self.n && y < self.n).then_some(y * self.n + x)
    }

    /// The number of a walkable space.
    #[inline]
    pub fn walkable(&self, s: Space) -> Option<usize> {
        self.space(s).filter(|_| self.board.is_space(s))
    }

    /// The number of a slot between two neighbouring spaces of the square, written in
    /// canonical order ([`Slot::between`]); `None` for anything else.
    pub fn slot_id(&self, slot: Slot) -> Option<u16> {
        let a = self.space(slot.0)?;
        let b = self.space(slot.1)?;
        let id = if slot.1.y == slot.0.y && usize::from(slot.1.x) == usize::from(slot.0.x) + 1 {
            2 * a
        } else if slot.1.x == slot.0.x && usize::from(slot.1.y) == usize::from(slot.0.y) + 1 {
            2 * a + 1
        } else {
            return None;
        };
        debug_assert!(b > a);
        u16::try_from(id).ok()
    }

    /// The slot with number `id`.
    #[inline]
    pub fn slot(&self, id: u16) -> Slot {
        let i = usize::from(id / 2);
        let j = if id.is_multiple_of(2) {
            i + 1
        } else {
            i + self.n
        };
        Slot(self.spaces[i], self.spaces[j])
    }

    /// Whether slot `id` lies between two walkable spaces.
    #[inline]
    pub fn is_field_slot(&self, id: u16) -> bool {
        let i = usize::from(id / 2);
        if id.is_multiple_of(2) {
            self.east_edges.get(i)
        } else {
            self.north_edges.get(i)
        }
    }

    /// Which of home's entrances slot `id` is.
    #[inline]
    pub fn entrance_of(&self, id: u16) -> Option<usize> {
        self.entrance_slots.iter().position(|e| *e == id)
    }

    /// The number of a node: a space's, or `n * n` for home.
    #[inline]
    pub fn node_index(&self, node: Node) -> Option<usize> {
        match node {
            Node::Space(s) => self.walkable(s),
            Node::Home => Some(self.n * self.n),
        }
    }

    /// The node with number `i` (`n * n` is home).
    #[inline]
    pub fn node(&self, i: usize) -> Node {
        if i == self.n * self.n {
            Node::Home
        } else {
            Node::Space(self.spaces[i])
        }
    }

    /// The Zobrist number of a fence of `section` in slot `id`.
    #[inline]
    pub fn zobrist_fence(&self, section: usize, id: u16) -> u64 {
        self.zobrist_fence[section * 2 * self.n * self.n + usize::from(id)]
    }

    /// The Zobrist number of the pawn of `section` on node number `node`.
    #[inline]
    pub fn zobrist_pawn(&self, section: usize, node: usize) -> u64 {
        self.zobrist_pawn[section * (self.n * self.n + 1) + node]
    }

    /// The walkable neighbours of space `i`, each with the slot between: east, north, west,
    /// south.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = (usize, u16)> + '_ {
        let n = self.n;
        let east = self.east_edges.get(i).then(|| (i + 1, (2 * i) as u16));
        let north = self.north_edges.get(i).then(|| (i + n, (2 * i + 1) as u16));
        let west = (!i.is_multiple_of(n) && self.east_edges.get(i - 1))
            .then(|| (i - 1, (2 * (i - 1)) as u16));
        let south =
            (i >= n && self.north_edges.get(i - n)).then(|| (i - n, (2 * (i - n) + 1) as u16));
        [east, north, west, south].into_iter().flatten()
    }
}
