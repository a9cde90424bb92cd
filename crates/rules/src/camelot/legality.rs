//! The rule sets' legality filters: which of the pseudo-legal moves are kept (a piece in
//! its own castle must leave it; WCF makes a capture compulsory where a jump is possible).

use super::board::{Side, Square};
use super::moves::{Limits, Move, RuleSet, Step};
use super::position::Position;

/// Counts of the moves a search found, enough to apply the legality filters.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Tally {
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
pub(super) struct Shape {
    from: Square,
    to: Square,
    /// Some leg jumps.
    capture: bool,
    /// The first leg jumps.
    jump_first: bool,
}

impl Shape {
    pub(super) fn of(m: &Move) -> Shape {
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
    pub(super) fn add(&mut self, side: Side, m: Shape) {
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
pub(super) enum Keep {
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
    pub(super) fn decide(pos: &Position, limits: &Limits, t: &Tally) -> Keep {
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

    pub(super) fn admits(self, side: Side, m: &Move) -> bool {
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
