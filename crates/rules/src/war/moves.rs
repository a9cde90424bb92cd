//! Game of War moves and their generation, including compulsory capture of offered troops.

use super::board::{Side, Square, Station};
use super::game::Offered;
use super::piece::Kind;
use super::position::{FIXED, Position, TROOP, side_flag};

/// The landing squares of a jump chain, in order: one to three of them, as a troop stands on
/// its third rank or further and each jump takes it two ranks forward. Reads as a slice.
#[derive(Clone, Copy)]
pub struct Landings {
    squares: [Square; Landings::MAX],
    len: u8,
}

impl Landings {
    /// The most landings a jump chain can have.
    pub const MAX: usize = 3;

    /// The landings `squares`, if there are one to [`Landings::MAX`] of them.
    pub fn new(squares: &[Square]) -> Option<Landings> {
        if squares.is_empty() || squares.len() > Landings::MAX {
            return None;
        }
        let mut l = Landings::empty();
        for &sq in squares {
            l.push(sq);
        }
        Some(l)
    }

    /// No landing yet: only while a chain is being built.
    fn empty() -> Landings {
        Landings {
            squares: [Square::of_index(0); Landings::MAX],
            len: 0,
        }
    }

    fn push(&mut self, sq: Square) {
        self.squares[self.len as usize] = sq;
        self.len += 1;
    }

    fn pop(&mut self) {
        self.len -= 1;
    }

    /// The landings as a slice.
    pub fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }

    /// The last landing: where the troop ends.
    pub fn destination(&self) -> Square {
        self.squares[(self.len as usize).saturating_sub(1)]
    }
}

impl std::ops::Deref for Landings {
    type Target = [Square];

    fn deref(&self) -> &[Square] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a Landings {
    type Item = &'a Square;
    type IntoIter = std::slice::Iter<'a, Square>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl PartialEq for Landings {
    fn eq(&self, other: &Landings) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Landings {}

impl std::hash::Hash for Landings {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl PartialOrd for Landings {
    fn partial_cmp(&self, other: &Landings) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Landings {
    fn cmp(&self, other: &Landings) -> std::cmp::Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl std::fmt::Debug for Landings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.as_slice().fmt(f)
    }
}

/// A move of the Game of War.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece goes from one square to another, capturing what stands there, if anything.
    Step {
        /// Where the piece stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// A troop jumps one or more enemy troops, checkers style; `landings` are the squares it
    /// lands on in turn, the jumped troops stand between.
    Jump {
        /// Where the troop stands.
        from: Square,
        /// Each landing square in turn (one to three).
        landings: Landings,
    },
    /// A flying machine makes its one flight from its station.
    Fly {
        /// The station it leaves.
        station: Station,
        /// The square it lands on, for good.
        to: Square,
    },
}

impl Move {
    /// The square the moving piece ends on.
    pub fn destination(&self) -> Square {
        match self {
            Move::Step { to, .. } | Move::Fly { to, .. } => *to,
            Move::Jump { landings, .. } => landings.destination(),
        }
    }

    /// The square the piece leaves, or `None` for a flight from a station.
    pub fn origin(&self) -> Option<Square> {
        match self {
            Move::Step { from, .. } | Move::Jump { from, .. } => Some(*from),
            Move::Fly { .. } => None,
        }
    }

    /// Every square the moving piece visits after leaving, in order.
    pub fn path(&self) -> Vec<Square> {
        match self {
            Move::Step { to, .. } | Move::Fly { to, .. } => vec![*to],
            Move::Jump { landings, .. } => landings.to_vec(),
        }
    }

    /// The squares of the pieces this move captures, in order, in `pos` before the move.
    pub fn captures(&self, pos: &Position) -> Vec<Square> {
        match self {
            Move::Step { to, .. } => pos.at(*to).map(|_| vec![*to]).unwrap_or_default(),
            Move::Fly { .. } => vec![],
            Move::Jump { from, landings } => {
                let mut at = *from;
                landings
                    .iter()
                    .map(|&l| {
                        let mid = Square::new((at.file() + l.file()) / 2, (at.row() + l.row()) / 2)
                            .expect("between two board squares");
                        at = l;
                        mid
                    })
                    .collect()
            }
        }
    }
}

/// The eight directions as (file, row) steps: the four straight ones, then the four
/// diagonal ones.
pub const DIRS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// The horse's eight leaps as (file, row) steps.
pub const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// "Off the board" in the tables below.
const OFF: u8 = 100;

/// The square `(df, dr)` away from square `sq`, or [`OFF`].
const fn offset(sq: usize, df: i8, dr: i8) -> u8 {
    let file = (sq % 10) as i8 + df;
    let row = (sq / 10) as i8 + dr;
    if file < 0 || file > 9 || row < 0 || row > 9 {
        OFF
    } else {
        (row * 10 + file) as u8
    }
}

/// `STEP[d][sq]`: the neighbour of `sq` in direction `DIRS[d]`, or [`OFF`]; from [`OFF`]
/// itself, [`OFF`] again.
const STEP: [[u8; 101]; 8] = {
    let mut t = [[OFF; 101]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 100 {
            t[d][sq] = offset(sq, DIRS[d].0, DIRS[d].1);
            sq += 1;
        }
        d += 1;
    }
    t
};

/// `KNIGHT_TO[sq]`: a horse's landings from `sq` in the order of [`KNIGHT`], [`OFF`] where
/// the leap leaves the board.
const KNIGHT_TO: [[u8; 8]; 100] = {
    let mut t = [[OFF; 8]; 100];
    let mut sq = 0;
    while sq < 100 {
        let mut k = 0;
        while k < 8 {
            t[sq][k] = offset(sq, KNIGHT[k].0, KNIGHT[k].1);
            k += 1;
        }
        sq += 1;
    }
    t
};

/// The dark squares (a1 is dark), then the light ones.
const COLOUR: [u128; 2] = {
    let mut dark = 0u128;
    let mut sq = 0;
    while sq < 100 {
        if (sq % 10 + sq / 10) % 2 == 0 {
            dark |= 1 << sq;
        }
        sq += 1;
    }
    [dark, !dark & ((1u128 << 100) - 1)]
};

/// Both citadels (K1 and K10).
const CITADELS: u128 = (1 << 4) | (1 << 94);

/// A troop's forward direction and its two forward diagonals (left first), indices into
/// [`DIRS`].
fn troop_dirs(side: Side) -> (usize, [usize; 2]) {
    match side {
        Side::Red => (2, [6, 4]),
        Side::Blue => (3, [7, 5]),
    }
}

/// Calls `$emit` with a move, and returns `false` from the enclosing function when it
/// asks to stop.
macro_rules! emit {
    ($emit:expr, $mv:expr) => {
        if !$emit($mv) {
            return false;
        }
    };
}

/// Slides from square `from` along each direction of `dirs` until a piece or the edge:
/// calls `emit` with every empty square on the way and with the piece's square when it may
/// be taken (its flags share none with `blocked`). Returns `false` when `emit` asked to
/// stop.
fn slides(
    from: usize,
    dirs: std::ops::Range<usize>,
    cells: &[u8; 101],
    blocked: u8,
    emit: &mut impl FnMut(u8) -> bool,
) -> bool {
    for dir in &STEP[dirs] {
        let mut at = from;
        loop {
            let to = dir[at];
            let cell = cells[to as usize];
            if cell == 0 {
                emit!(emit, to);
                at = to as usize;
                continue;
            }
            if cell & blocked == 0 {
                emit!(emit, to);
            }
            break;
        }
    }
    true
}

impl Position {
    /// Moves that obey every movement rule but the compulsory capture of offered troops.
    pub fn pseudo_moves(&self, side: Side) -> Vec<Move> {
        let mut out = Vec::with_capacity(160);
        self.each_pseudo_move(side, &mut |mv| {
            out.push(mv);
            true
        });
        out
    }

    /// Whether `side` has any move at all (then it has a legal one: a troop that is offered a
    /// troop can always take it).
    pub(crate) fn has_move(&self, side: Side) -> bool {
        !self.each_pseudo_move(side, &mut |_| false)
    }

    /// Calls `emit` with each pseudo-legal move of `side`: pieces by square from a1, each
    /// piece's moves in a fixed order, then the flights from the king's and the general's
    /// stations. Stops as soon as `emit` returns `false`, and then returns `false`.
    fn each_pseudo_move(&self, side: Side, emit: &mut impl FnMut(Move) -> bool) -> bool {
        let cells = self.cells();
        let all = self.occupied_all();
        // A piece may go where no piece of its own and no uncapturable piece stands.
        let blocked = side_flag(side) | FIXED;
        let enemy_troop = side_flag(side.other()) | TROOP;
        let mut pieces = self.occupied_by(side);
        while pieces != 0 {
            let i = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let from = Square::of_index(i as u8);
            let Some(p) = self.at(from) else { continue };
            let step = |to: u8| Move::Step {
                from,
                to: Square::of_index(to),
            };
            match p.kind {
                Kind::King => {
                    for dir in &STEP {
                        let to = dir[i];
                        if cells[to as usize] & blocked == 0 {
                            emit!(emit, step(to));
                        }
                    }
                }
                Kind::Horse => {
                    for &to in &KNIGHT_TO[i] {
                        if cells[to as usize] & blocked == 0 {
                            emit!(emit, step(to));
                        }
                    }
                }
                Kind::General => {
                    if !slides(i, 0..8, cells, blocked, &mut |to| emit(step(to))) {
                        return false;
                    }
                }
                Kind::Cannon => {
                    if !slides(i, 4..8, cells, blocked, &mut |to| emit(step(to))) {
                        return false;
                    }
                }
                Kind::Mortar => {
                    if !slides(i, 0..4, cells, blocked, &mut |to| emit(step(to))) {
                        return false;
                    }
                }
                Kind::FlyingMachine => {}
                Kind::Troop => {
                    if cells[i] & FIXED != 0 {
                        continue; // dead
                    }
                    let (fwd, diagonals) = troop_dirs(side);
                    let ahead = STEP[fwd][i];
                    if cells[ahead as usize] == 0 {
                        emit!(emit, step(ahead));
                        let two = STEP[fwd][ahead as usize];
                        if !p.moved && cells[two as usize] == 0 {
                            emit!(emit, step(two));
                        }
                    }
                    let mut can_jump = false;
                    for d in diagonals {
                        let to = STEP[d][i];
                        let cell = cells[to as usize];
                        if cell & blocked == 0 {
                            emit!(emit, step(to));
                        }
                        can_jump |= cell & (enemy_troop | FIXED) == enemy_troop
                            && cells[STEP[d][to as usize] as usize] == 0;
                    }
                    if can_jump {
                        let mut landings = Landings::empty();
                        if !self.jump_chains(i, side, &mut landings, from, emit) {
                            return false;
                        }
                    }
                }
            }
        }
        for st in Station::ALL {
            if self.on_station(side, st).is_some() {
                let colour = if st.is_dark(side) { 0 } else { 1 };
                let mut free = COLOUR[colour] & !all & !CITADELS;
                while free != 0 {
                    let to = free.trailing_zeros() as u8;
                    free &= free - 1;
                    emit!(
                        emit,
                        Move::Fly {
                            station: st,
                            to: Square::of_index(to),
                        }
                    );
                }
            }
        }
        true
    }

    /// Extends a jump chain from square `at`; every chain that cannot go on is a move. Jumps
    /// only go forward, so a chain never meets a troop it has already jumped. Returns `false`
    /// when `emit` asked to stop.
    #[allow(clippy::too_many_arguments)]
    fn jump_chains(
        &self,
        at: usize,
        side: Side,
        landings: &mut Landings,
        from: Square,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let cells = self.cells();
        let enemy_troop = side_flag(side.other()) | TROOP;
        let mut extended = false;
        for d in troop_dirs(side).1 {
            let over = STEP[d][at];
            let land = STEP[d][over as usize];
            if cells[over as usize] & (enemy_troop | FIXED) != enemy_troop
                || cells[land as usize] != 0
                || landings.len() == Landings::MAX
            {
                continue;
            }
            extended = true;
            landings.push(Square::of_index(land));
            if !self.jump_chains(land as usize, side, landings, from, emit) {
                return false;
            }
            landings.pop();
        }
        if !extended && !landings.is_empty() {
            emit!(
                emit,
                Move::Jump {
                    from,
                    landings: *landings,
                }
            );
        }
        true
    }

    /// Enemy troops offered to `side`'s troops under the `offered` rule, each with the
    /// troops that can take it.
    pub fn offered_troops(&self, side: Side, offered_rule: Offered) -> Vec<(Square, Vec<Square>)> {
        let mut offered: Vec<(Square, Vec<Square>)> = Vec::new();
        for sq in Square::all() {
            match self.at(sq) {
                Some(p) if p.side == side && p.kind == Kind::Troop && !self.is_dead_troop(sq) => {}
                _ => continue,
            }
            for df in [-1, 1] {
                let Some(target) = sq.offset(df, side.forward()) else {
                    continue;
                };
                let jumpable = || {
                    sq.offset(2 * df, 2 * side.forward())
                        .is_some_and(|land| self.at(land).is_none())
                };
                if matches!(self.at(target), Some(v) if v.kind == Kind::Troop)
                    && self.capturable_by(target, side)
                    && (offered_rule == Offered::Diagonal || jumpable())
                {
                    match offered.iter_mut().find(|(t, _)| *t == target) {
                        Some((_, takers)) => takers.push(sq),
                        None => offered.push((target, vec![sq])),
                    }
                }
            }
        }
        offered
    }

    /// The enemy troops offered to `side`'s troops under the `offered` rule, and the troops
    /// they are offered to, as bit sets.
    fn offered_sets(&self, side: Side, offered_rule: Offered) -> (u128, u128) {
        let cells = self.cells();
        let enemy_troop = side_flag(side.other()) | TROOP;
        let mut mine = self.troops_of(side) & !self.fixed();
        let (_, diagonals) = troop_dirs(side);
        let (mut offered, mut takers) = (0u128, 0u128);
        while mine != 0 {
            let i = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            for d in diagonals {
                let target = STEP[d][i];
                if cells[target as usize] & (enemy_troop | FIXED) != enemy_troop {
                    continue;
                }
                if offered_rule == Offered::Diagonal
                    || cells[STEP[d][target as usize] as usize] == 0
                {
                    offered |= 1u128 << target;
                    takers |= 1u128 << i;
                }
            }
        }
        (offered, takers)
    }

    /// Every legal move of the side to move (outcome aside): the pseudo-legal moves, narrowed
    /// to the captures of offered troops (under the `offered` rule) when a troop is offered.
    /// When every offered troop is offered to one and the same troop, that troop may instead
    /// take a non-troop piece.
    pub fn legal_moves(&self, offered_rule: Offered) -> Vec<Move> {
        let mut out = Vec::with_capacity(160);
        self.legal_moves_into(offered_rule, &mut out);
        out
    }

    /// [`Position::legal_moves`] into a buffer the caller keeps (it is cleared first), so
    /// that a search need not allocate at every node.
    pub fn legal_moves_into(&self, offered_rule: Offered, out: &mut Vec<Move>) {
        out.clear();
        let side = self.to_move();
        self.each_pseudo_move(side, &mut |mv| {
            out.push(mv);
            true
        });
        let (offered, takers) = self.offered_sets(side, offered_rule);
        if offered == 0 {
            return;
        }
        let sole_taker = (takers.count_ones() == 1).then(|| takers.trailing_zeros() as usize);
        let non_troops = self.occupied_by(side.other()) & !self.troops_of(side.other());
        out.retain(|m| match m {
            Move::Step { from, to } => {
                offered & (1u128 << to.index()) != 0
                    || (Some(from.index()) == sole_taker && non_troops & (1u128 << to.index()) != 0)
            }
            Move::Jump { from, landings } => {
                let mut at = *from;
                landings.iter().any(|&l| {
                    let mid = (at.index() + l.index()) / 2;
                    at = l;
                    offered & (1u128 << mid) != 0
                })
            }
            Move::Fly { .. } => false,
        });
    }
}
