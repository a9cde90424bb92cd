//! Camelot moves: plain moves, canters, jumps and knight's charges, each move its whole
//! path; and the rule sets' limits (own castle, enemy castle, compulsory capture, and the
//! knight that must jump where its canter lands beside an enemy piece).
//!
//! The generator works on the position's padded board (see `board::CELLS`) and keeps each
//! path in a fixed buffer; a move's path is stored inline unless it is very long, so
//! generating moves allocates nothing but the list.

use super::board::{
    CASTLE_CELLS, CELLS, LEAPS_INTO_CASTLE, NEIGHBOURS, OFFSETS, STEPS_INTO_CASTLE, Side, Square,
    in_castle,
};
use super::position::{EMPTY, KNIGHT_BIT, Position, side_bit};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// Which rules are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum RuleSet {
    /// The World Camelot Federation's rules (the default).
    #[default]
    Wcf,
    /// The rules of Parker's 1930 patent text.
    Parker1930,
}

/// One leg of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// One square to an empty neighbour.
    Plain,
    /// A leap over a friendly piece.
    Canter,
    /// A leap over an enemy piece, capturing it.
    Jump,
}

/// Legs a [`Path`] holds without allocating.
const INLINE: usize = 11;

/// The legs of a move and the squares they land on: a list that keeps up to 11 legs
/// inline (longer paths, rare, go to the heap). It reads as a slice.
#[derive(Clone)]
pub struct Path(Repr);

#[derive(Clone)]
enum Repr {
    Inline {
        len: u8,
        legs: [(Step, Square); INLINE],
    },
    Heap(Box<[(Step, Square)]>),
}

impl Path {
    /// The empty path.
    pub const fn new() -> Path {
        Path(Repr::Inline {
            len: 0,
            legs: [(Step::Plain, Square::FILLER); INLINE],
        })
    }

    /// A path of one leg.
    #[inline]
    pub fn one(step: Step, to: Square) -> Path {
        let mut legs = [(Step::Plain, Square::FILLER); INLINE];
        legs[0] = (step, to);
        Path(Repr::Inline { len: 1, legs })
    }

    /// The first `len` legs of a generator's buffer (copied whole when they fit inline: a
    /// copy of fixed size is quicker, and the legs past `len` are never read).
    #[inline]
    fn from_buffer(buf: &[(Step, Square); MAX_LEGS], len: usize) -> Path {
        if len <= INLINE {
            let mut legs = [(Step::Plain, Square::FILLER); INLINE];
            legs.copy_from_slice(&buf[..INLINE]);
            Path(Repr::Inline {
                len: len as u8,
                legs,
            })
        } else {
            Path(Repr::Heap(buf[..len].into()))
        }
    }

    /// Adds a leg at the end.
    pub fn push(&mut self, leg: (Step, Square)) {
        match &mut self.0 {
            Repr::Inline { len, legs } if usize::from(*len) < INLINE => {
                legs[usize::from(*len)] = leg;
                *len += 1;
            }
            Repr::Inline { legs, .. } => {
                let mut v = legs.to_vec();
                v.push(leg);
                self.0 = Repr::Heap(v.into_boxed_slice());
            }
            Repr::Heap(v) => {
                let mut w = std::mem::take(v).into_vec();
                w.push(leg);
                *v = w.into_boxed_slice();
            }
        }
    }
}

impl Default for Path {
    fn default() -> Path {
        Path::new()
    }
}

impl Deref for Path {
    type Target = [(Step, Square)];

    #[inline]
    fn deref(&self) -> &[(Step, Square)] {
        match &self.0 {
            Repr::Inline { len, legs } => &legs[..usize::from(*len)],
            Repr::Heap(v) => v,
        }
    }
}

impl PartialEq for Path {
    fn eq(&self, other: &Path) -> bool {
        self[..] == other[..]
    }
}

impl Eq for Path {}

impl Hash for Path {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self[..].hash(state);
    }
}

impl PartialOrd for Path {
    fn partial_cmp(&self, other: &Path) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Path {
    fn cmp(&self, other: &Path) -> std::cmp::Ordering {
        self[..].cmp(&other[..])
    }
}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl From<&[(Step, Square)]> for Path {
    #[inline]
    fn from(legs: &[(Step, Square)]) -> Path {
        if legs.len() <= INLINE {
            let mut inline = [(Step::Plain, Square::FILLER); INLINE];
            inline[..legs.len()].copy_from_slice(legs);
            Path(Repr::Inline {
                len: legs.len() as u8,
                legs: inline,
            })
        } else {
            Path(Repr::Heap(legs.into()))
        }
    }
}

impl From<Vec<(Step, Square)>> for Path {
    fn from(legs: Vec<(Step, Square)>) -> Path {
        if legs.len() <= INLINE {
            Path::from(&legs[..])
        } else {
            Path(Repr::Heap(legs.into_boxed_slice()))
        }
    }
}

impl<const N: usize> From<[(Step, Square); N]> for Path {
    fn from(legs: [(Step, Square); N]) -> Path {
        Path::from(&legs[..])
    }
}

impl FromIterator<(Step, Square)> for Path {
    fn from_iter<I: IntoIterator<Item = (Step, Square)>>(iter: I) -> Path {
        let mut path = Path::new();
        for leg in iter {
            path.push(leg);
        }
        path
    }
}

impl<'a> IntoIterator for &'a Path {
    type Item = &'a (Step, Square);
    type IntoIter = std::slice::Iter<'a, (Step, Square)>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// A move: the starting square and every leg of its path.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Each leg and the square it lands on.
    pub steps: Path,
}

impl Move {
    /// Where the piece ends.
    pub fn destination(&self) -> Square {
        self.steps.last().map_or(self.from, |s| s.1)
    }

    /// The landing squares in order.
    pub fn path(&self) -> Vec<Square> {
        self.steps.iter().map(|s| s.1).collect()
    }

    /// The squares of the pieces captured, in order (the square between each jump's start
    /// and landing).
    pub fn captures(&self) -> Vec<Square> {
        let mut at = self.from;
        let mut out = Vec::new();
        for &(step, land) in self.steps.iter() {
            if step == Step::Jump
                && let Some(over) =
                    Square::new((at.file() + land.file()) / 2, (at.rank() + land.rank()) / 2)
            {
                out.push(over);
            }
            at = land;
        }
        out
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.steps.iter().any(|s| s.0 == Step::Jump)
    }
}

/// What limits a generator needs besides the position.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The rule set.
    pub rules: RuleSet,
    /// Castle moves allowed per player (WCF: two).
    pub castle_move_limit: u8,
}

/// Counts of the moves a search found, enough to apply the legality filters.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    total: usize,
    /// Moves that capture: jumps and knight's charges.
    captures: usize,
    /// Moves whose first leg is a jump: some piece can jump from where it stands.
    jumps: usize,
    leaving: usize,
    leaving_captures: usize,
    leaving_jumps: usize,
}

/// What the legality filters need to know of one move.
#[derive(Debug, Clone, Copy)]
struct Shape {
    from: Square,
    to: Square,
    /// Some leg jumps.
    capture: bool,
    /// The first leg jumps.
    jump_first: bool,
}

impl Shape {
    fn of(m: &Move) -> Shape {
        Shape {
            from: m.from,
            to: m.destination(),
            capture: m.is_capture(),
            jump_first: m.steps.first().is_some_and(|s| s.0 == Step::Jump),
        }
    }

    /// Whether the move takes a piece of `side` out of its own castle.
    fn leaves(&self, side: Side) -> bool {
        let own = Square::castle(side);
        own.contains(&self.from) && !own.contains(&self.to)
    }
}

impl Tally {
    /// Counts one move of `side`.
    fn add(&mut self, side: Side, m: Shape) {
        let leaving = m.leaves(side);
        self.total += 1;
        self.captures += usize::from(m.capture);
        self.jumps += usize::from(m.jump_first);
        self.leaving += usize::from(leaving);
        self.leaving_captures += usize::from(leaving && m.capture);
        self.leaving_jumps += usize::from(leaving && m.jump_first);
    }
}

/// Which of the pseudo-legal moves the rule set keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keep {
    All,
    Captures,
    Leaving,
    LeavingCaptures,
}

impl Keep {
    /// The one definition of the filters: WCF first makes a piece in its own castle leave it
    /// (capturing on the way out if it can jump from the castle), else makes a capture
    /// compulsory when some piece can jump from where it stands; the capture may then be any
    /// jump or knight's charge. A knight's charge alone obliges nothing: the WCF rules make a
    /// capture compulsory only where a jump is possible. Parker 1930 only makes the piece
    /// leave its castle.
    ///
    /// The generator applies the same filters without building the tally where it can (see
    /// `Mode`); this is the definition it must agree with.
    fn decide(pos: &Position, limits: &Limits, t: &Tally) -> Keep {
        let side = pos.to_move;
        let wcf = limits.rules == RuleSet::Wcf;
        if t.leaving > 0 && pos.in_castle(side, side) > 0 {
            return if wcf && t.leaving_jumps > 0 {
                Keep::LeavingCaptures
            } else {
                Keep::Leaving
            };
        }
        if wcf && t.jumps > 0 {
            Keep::Captures
        } else {
            Keep::All
        }
    }

    fn admits(self, side: Side, m: &Move) -> bool {
        let shape = Shape::of(m);
        let leaving = shape.leaves(side);
        match self {
            Keep::All => true,
            Keep::Captures => shape.capture,
            Keep::Leaving => leaving,
            Keep::LeavingCaptures => leaving && shape.capture,
        }
    }
}

/// A leg as the generator keeps it: the step and the square it lands on.
type Leg = (Step, Square);

/// The most legs a path can have: every canter lands on a new square, and every jump
/// takes one of at most 14 enemy pieces.
const MAX_LEGS: usize = 160 + 14;

/// Where the generator puts the moves it finds.
trait Recorder {
    /// Whether `path` reads its `legs` (else the search need not keep them).
    const LEGS: bool = true;
    /// A one-step move (a plain move or a castle move).
    fn plain(&mut self, from: usize, to: usize);
    /// The plain moves from `from`, one for each direction `d` set in `dirs` (in the order
    /// of `d`).
    #[inline]
    fn plains(&mut self, from: usize, dirs: u8) {
        let mut dirs = dirs;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            self.plain(from, next(from, d));
        }
    }
    /// A move of canters and jumps, the first `len` of `legs`; `capture` when some leg
    /// jumps.
    fn path(&mut self, from: usize, legs: &[Leg; MAX_LEGS], len: usize, capture: bool);
    /// The search adds a leg to its path (the recorder may follow the path leg by leg
    /// instead of reading `legs`).
    #[inline]
    fn enter(&mut self, _leg: Leg) {}
    /// The search takes the last leg off its path.
    #[inline]
    fn leave(&mut self) {}
}

/// Builds the moves.
struct MoveList<'a>(&'a mut Vec<Move>);

impl Recorder for MoveList<'_> {
    #[inline]
    fn plain(&mut self, from: usize, to: usize) {
        self.0.push(Move {
            from: Square::from_cell(from),
            steps: Path::one(Step::Plain, Square::from_cell(to)),
        });
    }

    #[inline]
    fn path(&mut self, from: usize, legs: &[Leg; MAX_LEGS], len: usize, _: bool) {
        self.0.push(Move {
            from: Square::from_cell(from),
            steps: Path::from_buffer(legs, len),
        });
    }
}

/// Only counts the moves, and the capturing ones.
#[derive(Default)]
struct Counter {
    total: usize,
    captures: usize,
}

impl Recorder for Counter {
    const LEGS: bool = false;

    #[inline]
    fn plain(&mut self, _: usize, _: usize) {
        self.total += 1;
    }

    #[inline]
    fn plains(&mut self, _: usize, dirs: u8) {
        self.total += dirs.count_ones() as usize;
    }

    #[inline]
    fn path(&mut self, _: usize, _: &[Leg; MAX_LEGS], _: usize, capture: bool) {
        self.total += 1;
        self.captures += usize::from(capture);
    }
}

/// The moves of one piece as a [`Picker`] keeps them: its plain moves as directions, then
/// its leaps (and those of any pieces after it with no plain move) in `Picker::leaps` from
/// `first` on.
#[derive(Debug, Clone, Copy)]
struct Segment {
    from: usize,
    dirs: u8,
    first: usize,
    /// The index of its first plain move in the whole list.
    start: usize,
}

/// No leg yet: the root of a [`Picker`]'s tree of legs.
const ROOT: u32 = u32::MAX;

/// Keeps the moves in the order [`MoveList`] would list them, so that one move can be taken
/// by its index, but builds none: each piece's plain moves are one mask, and each leap is
/// the last leg of its path in a tree of the legs the search went through (a path shares the
/// legs it begins with with the paths found before it).
#[derive(Debug, Default)]
pub(crate) struct Picker {
    segments: Vec<Segment>,
    /// Each leap: where it starts and its last leg in `legs`.
    leaps: Vec<(usize, u32)>,
    /// The tree of legs: each leg and the leg before it (or [`ROOT`]).
    legs: Vec<(u32, Leg)>,
    /// The search's last leg.
    at: u32,
    /// The moves, when they are listed in full instead (a piece in its own castle).
    list: Vec<Move>,
    listed: bool,
    total: usize,
}

impl Picker {
    /// An empty picker.
    pub(crate) const fn new() -> Picker {
        Picker {
            segments: Vec::new(),
            leaps: Vec::new(),
            legs: Vec::new(),
            at: ROOT,
            list: Vec::new(),
            listed: false,
            total: 0,
        }
    }

    fn clear(&mut self) {
        self.segments.clear();
        self.segments.push(Segment {
            from: 0,
            dirs: 0,
            first: 0,
            start: 0,
        });
        self.leaps.clear();
        self.legs.clear();
        self.at = ROOT;
        self.list.clear();
        self.listed = false;
        self.total = 0;
    }

    /// How many moves it holds.
    pub(crate) fn len(&self) -> usize {
        self.total
    }

    /// The move at index `n` of the list (below [`Picker::len`]).
    pub(crate) fn take(&self, n: usize) -> Move {
        if self.listed {
            return self.list[n].clone();
        }
        // The segment holding it: the last to start at or before it (the first starts at 0).
        let seg = self.segments[self.segments.partition_point(|s| s.start <= n) - 1];
        let (at, k) = (n - seg.start, seg.dirs.count_ones() as usize);
        if at < k {
            let mut dirs = seg.dirs;
            for _ in 0..at {
                dirs &= dirs - 1;
            }
            let to = next(seg.from, dirs.trailing_zeros() as usize);
            return Move {
                from: Square::from_cell(seg.from),
                steps: Path::one(Step::Plain, Square::from_cell(to)),
            };
        }
        let (from, last) = self.leaps[seg.first + at - k];
        // The legs from the last back to the first, put in order from the end.
        let mut legs = [(Step::Plain, Square::FILLER); MAX_LEGS];
        let mut first = MAX_LEGS;
        let mut leg = last;
        while leg != ROOT {
            let (before, this) = self.legs[leg as usize];
            first -= 1;
            legs[first] = this;
            leg = before;
        }
        Move {
            from: Square::from_cell(from),
            steps: Path::from(&legs[first..]),
        }
    }
}

impl Recorder for Picker {
    const LEGS: bool = false;

    #[inline]
    fn plain(&mut self, from: usize, to: usize) {
        let d = (0..8)
            .find(|&d| next(from, d) == to)
            .expect("a plain move to a neighbour");
        self.plains(from, 1 << d);
    }

    #[inline]
    fn plains(&mut self, from: usize, dirs: u8) {
        if dirs != 0 {
            self.segments.push(Segment {
                from,
                dirs,
                first: self.leaps.len(),
                start: self.total,
            });
            self.total += dirs.count_ones() as usize;
        }
    }

    #[inline]
    fn enter(&mut self, leg: Leg) {
        self.legs.push((self.at, leg));
        self.at = (self.legs.len() - 1) as u32;
    }

    #[inline]
    fn leave(&mut self) {
        self.at = self.legs[self.at as usize].0;
    }

    #[inline]
    fn path(&mut self, from: usize, _: &[Leg; MAX_LEGS], _: usize, _: bool) {
        self.total += 1;
        self.leaps.push((from, self.at));
    }
}

/// The neighbour of `cell` in direction `d`.
#[inline]
fn next(cell: usize, d: usize) -> usize {
    cell.wrapping_add(OFFSETS[d])
}

/// The direction `d` in which a leap from a cell lands `delta` cells further on (two
/// steps in `DIRECTIONS[d]`), if any.
#[inline]
fn leap_direction(delta: usize) -> Option<usize> {
    (0..8).find(|&d| OFFSETS[d].wrapping_add(OFFSETS[d]) == delta)
}

/// The canter and jump search of one piece.
struct Search<'a, R: Recorder> {
    /// The board, with the moving piece lifted and the pieces jumped so far taken off.
    cells: [u8; CELLS],
    /// The directions in which the mover's friends stand next to each cell (with the mover
    /// itself still counted: `cells` has the last word).
    near_mine: &'a [u8; CELLS],
    /// The same for the enemy's pieces (with the pieces jumped still counted).
    near_theirs: &'a [u8; CELLS],
    /// The directions in which the square two steps away is empty (with the moving piece
    /// still on the board and the pieces jumped still counted: `cells` has the last word).
    far_empty: &'a [u8; CELLS],
    /// The directions in which a canter may not land (WCF: in the own castle).
    no_landing: &'static [u8; CELLS],
    /// Cells landed on by canters so far (and the start).
    visited: [bool; CELLS],
    theirs: u8,
    enemy: Side,
    wcf: bool,
    /// Some piece can jump from where it stands.
    can_jump: bool,
    /// Record only the moves that capture.
    captures_only: bool,
    from: usize,
    legs: [Leg; MAX_LEGS],
    len: usize,
    out: &'a mut R,
}

impl<R: Recorder> Search<'_, R> {
    #[inline(always)]
    fn record(&mut self, capture: bool) {
        if capture || !self.captures_only {
            self.out.path(self.from, &self.legs, self.len, capture);
        }
    }

    #[inline]
    fn visited(&self, cell: usize) -> bool {
        self.visited[cell]
    }

    #[inline]
    fn flip(&mut self, cell: usize) {
        self.visited[cell] = !self.visited[cell];
    }

    #[inline]
    fn push(&mut self, step: Step, cell: usize) {
        let leg = (step, Square::from_cell(cell));
        if R::LEGS {
            self.legs[self.len] = leg;
        }
        self.len += 1;
        self.out.enter(leg);
    }

    #[inline]
    fn pop(&mut self) {
        self.len -= 1;
        self.out.leave();
    }

    /// Whether the moving piece, standing on `at` in the course of its canters (so that only
    /// the piece itself has left the board), could jump an enemy piece from there.
    #[inline]
    fn can_jump(&self, at: usize) -> bool {
        if self.near_theirs[at] & self.far_empty[at] != 0 {
            return true;
        }
        // The square the piece started from is empty too.
        leap_direction(self.from.wrapping_sub(at))
            .is_some_and(|d| self.cells[next(at, d)] & self.theirs != 0)
    }

    /// The directions in which the moving piece could canter from `at`: a friend beside, an
    /// empty square behind it, and (WCF) not the own castle. The piece itself, lifted, still
    /// counts as a friend here, and squares already landed on as empty: `canters` checks
    /// both.
    #[inline]
    fn canter_dirs(&self, at: usize) -> u8 {
        self.near_mine[at] & self.far_empty[at] & !self.no_landing[at]
    }

    /// Canters from `at` in the directions `dirs` (of [`Search::canter_dirs`]); a landing is
    /// a move, except where a knight lands beside an enemy piece it can jump: it must charge
    /// (jump) or canter on, and may not stop there. A knight may go on to charge from any
    /// landing.
    fn canters<const KNIGHT: bool>(&mut self, at: usize, mut dirs: u8) {
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let over = next(at, d);
            if over == self.from {
                continue;
            }
            let land = next(over, d);
            // A canter never lands twice on one square (which also keeps it off its start).
            if self.visited(land) {
                continue;
            }
            self.push(Step::Canter, land);
            self.flip(land);
            // Entering the enemy castle ends a WCF move, whatever could follow.
            let stops = self.wcf && in_castle(land, self.enemy);
            let charge = KNIGHT && !stops && self.can_jump(land);
            if !charge {
                self.record(false);
            }
            if !stops {
                // Leaping back lands on `at`, already landed on.
                let further = self.canter_dirs(land) & !(1 << (d ^ 4));
                if further != 0 {
                    self.canters::<KNIGHT>(land, further);
                }
                if charge {
                    self.jumps(land, false);
                }
            }
            self.flip(land);
            self.pop();
        }
    }

    /// Jumps from `at` (`after_jump`: the path's last leg is a jump); must go on while it
    /// can; a chain that cannot is a move.
    fn jumps(&mut self, at: usize, after_jump: bool) {
        let mut jumped = false;
        let mut dirs = self.near_theirs[at];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let over = next(at, d);
            let victim = self.cells[over];
            if victim & self.theirs == 0 {
                continue;
            }
            let land = next(over, d);
            if self.cells[land] != EMPTY {
                continue;
            }
            jumped = true;
            self.cells[over] = EMPTY;
            self.push(Step::Jump, land);
            if self.wcf && in_castle(land, self.enemy) {
                self.record(true);
            } else {
                self.jumps(land, true);
            }
            self.pop();
            self.cells[over] = victim;
        }
        if jumped {
            self.can_jump |= self.len == 0;
        } else if after_jump {
            self.record(true);
        }
    }
}

impl Position {
    /// Every move of the side to move under `limits`, before the rule-set filters.
    pub fn pseudo_moves(&self, limits: &Limits) -> Vec<Move> {
        let mut out = Vec::with_capacity(128);
        self.generate(limits, &mut MoveList(&mut out));
        out
    }

    /// How many legal moves there are: [`Position::legal_moves`]'s length, without building
    /// the moves.
    pub fn legal_count(&self, limits: &Limits) -> usize {
        if self.in_castle(self.to_move, self.to_move) > 0 {
            return self.legal_moves(limits).len();
        }
        let mut n = Counter::default();
        if self.generate(limits, &mut n) && limits.rules == RuleSet::Wcf {
            n.captures
        } else {
            n.total
        }
    }

    /// The legal moves: the pseudo-legal moves the rule set keeps (see `Keep::decide`).
    pub fn legal_moves(&self, limits: &Limits) -> Vec<Move> {
        let mut out = Vec::with_capacity(128);
        self.legal_moves_into(limits, &mut out);
        out
    }

    /// Puts the legal moves in `out` (cleared first), so that a caller can reuse one list.
    pub fn legal_moves_into(&self, limits: &Limits, out: &mut Vec<Move>) {
        out.clear();
        let side = self.to_move;
        let wcf = limits.rules == RuleSet::Wcf;
        if wcf && self.in_castle(side, side) == 0 && self.some_piece_can_jump(wcf) {
            // Keep::decide gives Keep::Captures: find only the capturing moves (in the
            // order the full search lists them).
            self.generate_from(limits, &mut MoveList(out), true);
            return;
        }
        let can_jump = self.generate(limits, &mut MoveList(out));
        if self.in_castle(side, side) > 0 {
            // A piece in its own castle: the full filters (rare).
            let mut t = Tally::default();
            for m in out.iter() {
                t.add(side, Shape::of(m));
            }
            let keep = Keep::decide(self, limits, &t);
            out.retain(|m| keep.admits(side, m));
        } else if can_jump && limits.rules == RuleSet::Wcf {
            // Keep::decide gives Keep::Captures.
            out.retain(Move::is_capture);
        }
    }

    /// Puts the legal moves in `picker`, in [`Position::legal_moves`]'s order, building only
    /// the leaps: one move is then taken by its index.
    pub(crate) fn legal_moves_picker(&self, limits: &Limits, picker: &mut Picker) {
        picker.clear();
        let side = self.to_move;
        if self.in_castle(side, side) > 0 {
            // A piece in its own castle: the full filters (rare), every move in the list.
            self.legal_moves_into(limits, &mut picker.list);
            picker.total = picker.list.len();
            picker.listed = true;
            return;
        }
        // As in `legal_moves_into`: WCF makes a capture compulsory when a piece can jump.
        let wcf = limits.rules == RuleSet::Wcf;
        let captures_only = wcf && self.some_piece_can_jump(wcf);
        self.generate_from(limits, picker, captures_only);
    }

    /// Whether the side to move has a legal move (the filters never take away every move:
    /// each keeps a kind of move only when there is one).
    pub fn has_legal_move(&self, limits: &Limits) -> bool {
        let side = self.to_move;
        let (mine, theirs) = (side_bit(side), side_bit(side.other()));
        let wcf = limits.rules == RuleSet::Wcf;
        for from in self.cells_of(side) {
            if wcf && in_castle(from, side.other()) {
                let c = CASTLE_CELLS[side.other().index()];
                if self.castle_moves[side.index()] < limits.castle_move_limit
                    && (self.cells[c] == EMPTY || self.cells[c + 1] == EMPTY)
                {
                    return true;
                }
                continue;
            }
            for d in 0..8 {
                let over = next(from, d);
                let c = self.cells[over];
                if c == EMPTY {
                    if !in_castle(over, side) {
                        return true;
                    }
                    continue;
                }
                let land = next(over, d);
                if self.cells[land] != EMPTY {
                    continue;
                }
                // A jump; or a canter, unless WCF and it lands in the own castle. (A knight's
                // canter that may not stop goes on to a charge, which is a move.)
                if c & theirs != 0 || (c & mine != 0 && !(wcf && in_castle(land, side))) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether some piece of the side to move can jump from where it stands (what
    /// [`Position::generate`] answers), found without a search. Under WCF a piece in the
    /// enemy castle makes only castle moves.
    fn some_piece_can_jump(&self, wcf: bool) -> bool {
        let side = self.to_move;
        let near = &self.near[side.other().index()];
        for from in self.cells_of(side) {
            if wcf && in_castle(from, side.other()) {
                continue;
            }
            if near[from] & self.far_empty[from] != 0 {
                return true;
            }
        }
        false
    }

    /// Finds every move of the side to move, before the filters; returns whether some piece
    /// can jump from where it stands (then WCF makes a capture compulsory).
    fn generate<R: Recorder>(&self, limits: &Limits, out: &mut R) -> bool {
        self.generate_from(limits, out, false)
    }

    /// [`Position::generate`]; with `captures_only`, finds only the moves that capture
    /// (jumps and knight's charges), in the same order, and skips the rest of the search.
    fn generate_from<R: Recorder>(
        &self,
        limits: &Limits,
        out: &mut R,
        captures_only: bool,
    ) -> bool {
        let side = self.to_move;
        let wcf = limits.rules == RuleSet::Wcf;
        let mut search = Search {
            cells: self.cells,
            near_mine: &self.near[side.index()],
            near_theirs: &self.near[side.other().index()],
            far_empty: &self.far_empty,
            no_landing: if wcf {
                &LEAPS_INTO_CASTLE[side.index()]
            } else {
                &[0; CELLS]
            },
            visited: [false; CELLS],
            theirs: side_bit(side.other()),
            enemy: side.other(),
            wcf,
            can_jump: false,
            captures_only,
            from: 0,
            legs: [(Step::Plain, Square::FILLER); MAX_LEGS],
            len: 0,
            out,
        };
        for from in self.cells_of(side) {
            if wcf && in_castle(from, side.other()) {
                if !captures_only && self.castle_moves[side.index()] < limits.castle_move_limit {
                    let c = CASTLE_CELLS[side.other().index()];
                    let to = if from == c { c + 1 } else { c };
                    if self.cells[to] == EMPTY {
                        search.out.plain(from, to);
                    }
                }
                continue;
            }
            let code = self.cells[from];
            let knight = code & KNIGHT_BIT != 0;
            // Whether the piece can jump from where it stands (the board is as it is here).
            let jumps = self.near[side.other().index()][from] & self.far_empty[from] != 0;
            if captures_only {
                // A man's canters never capture; a knight's may go on to a charge.
                search.cells[from] = EMPTY;
                search.from = from;
                search.flip(from);
                if knight {
                    search.canters::<true>(from, search.canter_dirs(from));
                }
                if jumps {
                    search.jumps(from, false);
                }
                search.flip(from);
                search.cells[from] = code;
                continue;
            }
            search.out.plains(
                from,
                NEIGHBOURS[from]
                    & !(self.near[0][from]
                        | self.near[1][from]
                        | STEPS_INTO_CASTLE[side.index()][from]),
            );
            search.cells[from] = EMPTY;
            search.from = from;
            search.flip(from);
            let dirs = search.canter_dirs(from);
            if knight {
                search.canters::<true>(from, dirs);
            } else {
                search.canters::<false>(from, dirs);
            }
            if jumps {
                search.jumps(from, false);
            }
            search.flip(from);
            search.cells[from] = code;
        }
        search.can_jump
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_small_and_a_long_path_reads_the_same() {
        assert!(std::mem::size_of::<Move>() <= 32);
        let legs: Vec<(Step, Square)> = Square::all().take(20).map(|s| (Step::Canter, s)).collect();
        for n in [0, 1, INLINE, INLINE + 1, 20] {
            let from_slice = Path::from(&legs[..n]);
            let pushed: Path = legs[..n].iter().copied().collect();
            let from_vec = Path::from(legs[..n].to_vec());
            assert_eq!(&from_slice[..], &legs[..n]);
            assert_eq!(from_slice, pushed);
            assert_eq!(from_slice, from_vec);
        }
    }

    #[test]
    fn the_picker_holds_the_legal_moves_in_their_order() {
        use crate::Game;
        use crate::camelot::{Camelot, CamelotOptions};
        let mut picker = Picker::new();
        let mut castle_plies = 0;
        for rules in [RuleSet::Wcf, RuleSet::Parker1930] {
            let options = CamelotOptions {
                rules,
                ..CamelotOptions::default()
            };
            for seed in 0..12 {
                let mut played = Camelot::new(options.clone()).unwrap();
                let moves = crate::playout::random_playout(&mut played, seed, 400).moves;
                let mut game = Camelot::new(options.clone()).unwrap();
                for mv in moves {
                    let pos = game.position();
                    let limits = options.limits();
                    let legal = pos.legal_moves(&limits);
                    pos.legal_moves_picker(&limits, &mut picker);
                    assert_eq!(picker.len(), legal.len(), "{rules:?} seed {seed}");
                    for (n, m) in legal.iter().enumerate() {
                        assert_eq!(&picker.take(n), m, "{rules:?} seed {seed} move {n}");
                    }
                    castle_plies += usize::from(pos.in_castle(pos.to_move, pos.to_move) > 0);
                    game.play(&mv).unwrap();
                }
            }
        }
        assert!(
            castle_plies > 0,
            "some position had a piece in its own castle"
        );
    }
}
