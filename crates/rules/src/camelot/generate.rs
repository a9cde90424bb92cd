//! The move generator: the canter, jump and knight's-charge search of each piece (a knight
//! that must jump where its canter lands beside an enemy piece it can jump, or capture later
//! in the move; moves that stop on entering the enemy castle), and the position's moves and their count under a rule set.
//!
//! The generator works on the position's padded board (see `board::CELLS`) and keeps each
//! path in a fixed buffer.

use super::board::{
    CASTLE_CELLS, CELLS, LEAPS_INTO_CASTLE, NEIGHBOURS, OFFSETS, STEPS_INTO_CASTLE, Side, Square,
    in_castle,
};
use super::legality::{Keep, Shape, Tally};
use super::moves::{KnightLanding, Limits, Move, RuleSet, Step};
use super::position::{EMPTY, KNIGHT_BIT, Position, side_bit};
use super::recorders::{Counter, MoveList, Picker, Recorder};

/// A leg as the generator keeps it: the step and the square it lands on.
pub(super) type Leg = (Step, Square);

/// The most legs a path can have: every canter lands on a new square, and every jump
/// takes one of at most 14 enemy pieces.
pub(super) const MAX_LEGS: usize = 160 + 14;

/// The neighbour of `cell` in direction `d`.
#[inline]
pub(super) fn next(cell: usize, d: usize) -> usize {
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
    /// A knight's canter that lands where it can jump must jump from there
    /// ([`KnightLanding::JumpThere`]).
    jump_there: bool,
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
    /// a move, except where a knight lands beside an enemy piece it can jump: it must jump
    /// from there (the move becomes a charge), or, under [`KnightLanding::CaptureLater`],
    /// jump there or canter on and capture later in the move (`owes`: it has already landed
    /// where it could jump, so that no landing ends the move). A knight may go on to charge
    /// from any landing.
    fn canters<const KNIGHT: bool>(&mut self, at: usize, mut dirs: u8, owes: bool) {
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
            // Entering the enemy castle ends a WCF move, whatever could follow (a knight that
            // owes a capture may not end its move there).
            let stops = self.wcf && in_castle(land, self.enemy);
            let charge = KNIGHT && !stops && self.can_jump(land);
            if !charge && !owes {
                self.record(false);
            }
            if !stops {
                if !(charge && self.jump_there) {
                    // Leaping back lands on `at`, already landed on.
                    let further = self.canter_dirs(land) & !(1 << (d ^ 4));
                    if further != 0 {
                        self.canters::<KNIGHT>(land, further, owes || charge);
                    }
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
            jump_there: limits.knight_landing == KnightLanding::JumpThere,
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
                    search.canters::<true>(from, search.canter_dirs(from), false);
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
                search.canters::<true>(from, dirs, false);
            } else {
                search.canters::<false>(from, dirs, false);
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
