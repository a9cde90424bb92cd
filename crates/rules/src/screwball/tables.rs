//! Screwball's precomputed tables: the board's spaces as bits of a `u128`, and for each
//! player and space the squares a piece there may step to, the squares it attacks, whether
//! it is dead there, the bands of squares by distance from the starting row (for penalty
//! and entered pieces), and the Zobrist keys of pieces, dead counts and the turn.

use super::board::{Board, Size, SpaceId};
use super::game::{Player, dead_at, distance_from_start, geometric_steps, may_go};
use std::sync::OnceLock;

/// Spaces on the board.
pub(crate) const SPACES: usize = 74;

/// The most enemy pieces one piece can attack from a single square (checked when the tables
/// are built): the capacity of a move's penalty placements.
pub const MAX_VICTIMS: usize = 8;

/// Dead counts with their own Zobrist key (a player owns at most 48 pieces of a size).
const DEAD_KEYS: usize = 64;

/// The bit of a space.
#[inline]
pub(crate) fn bit(id: SpaceId) -> u128 {
    1u128 << id.0
}

/// The spaces of a mask, lowest first.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bits(pub u128);

impl Iterator for Bits {
    type Item = SpaceId;

    #[inline]
    fn next(&mut self) -> Option<SpaceId> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(SpaceId(i))
    }
}

/// Squares of one piece size by distance from a player's starting row: the non-empty bands,
/// nearest first.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Bands {
    /// The bands' masks; only the first `len` are used.
    pub masks: [u128; 16],
    /// How many bands there are.
    pub len: usize,
}

impl Bands {
    /// The nearest band with a square in `allowed`, restricted to `allowed`; 0 if none.
    #[inline]
    pub fn nearest(&self, allowed: u128) -> u128 {
        for m in &self.masks[..self.len] {
            let hit = m & allowed;
            if hit != 0 {
                return hit;
            }
        }
        0
    }
}

/// Everything the move generator looks up.
#[derive(Debug)]
pub(crate) struct Tables {
    /// Small squares: where large pieces stand.
    pub small: u128,
    /// Steps by player and space: the squares of the same size a piece there may go to.
    pub steps: [[u128; SPACES]; 2],
    /// Attacks by player and space: every touching space in a direction a piece there may
    /// move.
    pub attacks: [[u128; SPACES]; 2],
    /// Squares where a player's piece is dead.
    pub dead: [u128; 2],
    /// Each player's starting row.
    pub start_row: [u128; 2],
    /// Squares for each player's pieces by size index (large, small), in bands by distance
    /// from his starting row.
    pub bands: [[Bands; 2]; 2],
    /// Zobrist keys of a player's piece on a space.
    pub piece_keys: [[u64; SPACES]; 2],
    /// Zobrist keys of dead counts, by player, size index and count.
    pub dead_keys: [[[u64; DEAD_KEYS]; 2]; 2],
    /// Zobrist key of Balls to move.
    pub balls_key: u64,
    /// Zobrist key of a position reached by a pass (a second pass ends the game).
    pub passed_key: u64,
    /// Zobrist key of a bonus move (the player to move has just attacked).
    pub bonus_key: u64,
}

impl Tables {
    /// The size of the piece that stands on `id`.
    #[inline]
    pub fn piece_size(&self, id: SpaceId) -> Size {
        if self.small & bit(id) != 0 {
            Size::Large
        } else {
            Size::Small
        }
    }

    /// The squares pieces of `size` stand on.
    #[inline]
    pub fn squares_for(&self, size: Size) -> u128 {
        match size {
            Size::Large => self.small,
            Size::Small => ALL & !self.small,
        }
    }

    /// The key of `n` dead pieces (any count past the table shares its last key).
    #[inline]
    pub fn dead_key(&self, player: Player, size: usize, n: u8) -> u64 {
        self.dead_keys[player.index()][size][usize::from(n).min(DEAD_KEYS - 1)]
    }
}

/// Every space.
pub(crate) const ALL: u128 = (1u128 << SPACES) - 1;

/// The tables, built once.
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

fn build() -> Tables {
    let b = Board::get();
    assert_eq!(b.spaces().len(), SPACES, "the patent's 74 spaces");
    let mut small = 0u128;
    for id in b.ids() {
        if b.space(id).size == Size::Small {
            small |= bit(id);
        }
    }
    let mut steps = [[0u128; SPACES]; 2];
    let mut attacks = [[0u128; SPACES]; 2];
    let mut dead = [0u128; 2];
    let mut start_row = [0u128; 2];
    let mut bands = [[Bands::default(); 2]; 2];
    for player in Player::ALL {
        let p = player.index();
        for id in b.ids() {
            let i = usize::from(id.0);
            steps[p][i] = geometric_steps(player, id).fold(0, |m, to| m | bit(to));
            attacks[p][i] = b
                .touching(id)
                .iter()
                .filter(|(to, _)| may_go(player, id, *to))
                .fold(0, |m, (to, _)| m | bit(*to));
            assert!(attacks[p][i].count_ones() as usize <= MAX_VICTIMS);
            if dead_at(player, id) {
                dead[p] |= bit(id);
            }
            if distance_from_start(player, id) == 0 {
                start_row[p] |= bit(id);
            }
        }
        for (k, squares) in [small, ALL & !small].into_iter().enumerate() {
            let mut by_distance = [0u128; 16];
            for id in Bits(squares) {
                by_distance[usize::from(distance_from_start(player, id))] |= bit(id);
            }
            let set = &mut bands[p][k];
            for m in by_distance.into_iter().filter(|m| *m != 0) {
                set.masks[set.len] = m;
                set.len += 1;
            }
        }
    }
    // SplitMix64 from a fixed seed: the same keys in every run.
    let mut state = 0x5c7e_ba11_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut piece_keys = [[0u64; SPACES]; 2];
    for keys in &mut piece_keys {
        for k in keys.iter_mut() {
            *k = next();
        }
    }
    let mut dead_keys = [[[0u64; DEAD_KEYS]; 2]; 2];
    for per_player in &mut dead_keys {
        for per_size in per_player.iter_mut() {
            // No dead pieces: no key, so that a position's key is its pieces' and turn's.
            for k in per_size.iter_mut().skip(1) {
                *k = next();
            }
        }
    }
    Tables {
        small,
        steps,
        attacks,
        dead,
        start_row,
        bands,
        piece_keys,
        dead_keys,
        balls_key: next(),
        passed_key: next(),
        bonus_key: next(),
    }
}
