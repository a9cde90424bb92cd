//! Camelot moves: plain moves, canters, jumps and knight's charges, each move its whole
//! path; and the rule sets' limits (own castle, enemy castle, compulsory capture, and the
//! knight that must jump where its canter lands beside an enemy piece).

use super::board::{DIRECTIONS, Side, Square};
use super::position::{Kind, Piece, Position};
use serde::{Deserialize, Serialize};

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

/// A move: the starting square and every leg of its path.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Each leg and the square it lands on.
    pub steps: Vec<(Step, Square)>,
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

    /// The squares of the pieces captured, in order.
    pub fn captures(&self) -> Vec<Square> {
        let mut at = self.from;
        let mut out = Vec::new();
        for &(step, land) in &self.steps {
            if step == Step::Jump {
                out.push(
                    Square::new((at.file() + land.file()) / 2, (at.rank() + land.rank()) / 2)
                        .expect("between two squares"),
                );
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

/// Where a search puts the moves it finds: a list, or only counts (for bulk perft).
enum Sink<'a> {
    Moves(&'a mut Vec<Move>),
    Count(&'a mut Tally),
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
    fn decide(pos: &Position, limits: &Limits, t: &Tally) -> Keep {
        let side = pos.to_move;
        let wcf = limits.rules == RuleSet::Wcf;
        let own = Square::castle(side);
        if t.leaving > 0
            && own
                .iter()
                .any(|sq| matches!(pos.at(*sq), Some(p) if p.side == side))
        {
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

    fn count(self, t: &Tally) -> usize {
        match self {
            Keep::All => t.total,
            Keep::Captures => t.captures,
            Keep::Leaving => t.leaving,
            Keep::LeavingCaptures => t.leaving_captures,
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

struct Search<'a> {
    board: &'a mut [Option<Piece>; 192],
    /// Squares landed on by canters so far (and the start), one bit each.
    visited: [u64; 3],
    side: Side,
    from: Square,
    limits: &'a Limits,
    steps: Vec<(Step, Square)>,
    out: Sink<'a>,
}

impl Search<'_> {
    fn wcf(&self) -> bool {
        self.limits.rules == RuleSet::Wcf
    }

    fn record(&mut self) {
        match &mut self.out {
            Sink::Moves(out) => out.push(Move {
                from: self.from,
                steps: self.steps.clone(),
            }),
            Sink::Count(t) => t.add(
                self.side,
                Shape {
                    from: self.from,
                    to: self.steps.last().map_or(self.from, |s| s.1),
                    capture: self.steps.iter().any(|s| s.0 == Step::Jump),
                    jump_first: self.steps.first().is_some_and(|s| s.0 == Step::Jump),
                },
            ),
        }
    }

    fn empty(&self, sq: Square) -> bool {
        self.board[sq.index()].is_none()
    }

    fn visited(&self, sq: Square) -> bool {
        self.visited[sq.index() / 64] & (1 << (sq.index() % 64)) != 0
    }

    fn mark(&mut self, sq: Square) {
        self.visited[sq.index() / 64] ^= 1 << (sq.index() % 64);
    }

    /// Whether the moving piece, standing on `at`, could jump an enemy piece from there.
    fn can_jump(&self, at: Square) -> bool {
        (0..DIRECTIONS.len()).any(|d| {
            at.neighbour(d).is_some_and(|over| {
                matches!(self.board[over.index()], Some(p) if p.side != self.side)
                    && over.neighbour(d).is_some_and(|land| self.empty(land))
            })
        })
    }

    /// Canters from `at`; a landing is a move, except where a knight lands beside an enemy
    /// piece it can jump: it must charge (jump) or canter on, and may not stop there. A
    /// knight may go on to charge from any landing.
    fn canters(&mut self, at: Square, knight: bool) {
        for d in 0..DIRECTIONS.len() {
            let Some(over) = at.neighbour(d) else {
                continue;
            };
            let Some(land) = over.neighbour(d) else {
                continue;
            };
            let friend = matches!(self.board[over.index()], Some(p) if p.side == self.side);
            // A canter never lands twice on one square (which also keeps it off its start).
            if !friend || !self.empty(land) || self.visited(land) {
                continue;
            }
            if self.wcf() && land.in_castle_of(self.side) {
                continue;
            }
            self.steps.push((Step::Canter, land));
            self.mark(land);
            // Entering the enemy castle ends a WCF move, whatever could follow.
            let stops = self.wcf() && land.in_castle_of(self.side.other());
            if stops || !(knight && self.can_jump(land)) {
                self.record();
            }
            if !stops {
                self.canters(land, knight);
                if knight {
                    self.jumps(land);
                }
            }
            self.mark(land);
            self.steps.pop();
        }
    }

    /// Jumps from `at`; must go on while it can; a chain that cannot is a move.
    fn jumps(&mut self, at: Square) {
        let mut jumped = false;
        for d in 0..DIRECTIONS.len() {
            let Some(over) = at.neighbour(d) else {
                continue;
            };
            let Some(land) = over.neighbour(d) else {
                continue;
            };
            let Some(victim) = self.board[over.index()] else {
                continue;
            };
            if victim.side == self.side || !self.empty(land) {
                continue;
            }
            jumped = true;
            self.board[over.index()] = None;
            self.steps.push((Step::Jump, land));
            if self.wcf() && land.in_castle_of(self.side.other()) {
                self.record();
            } else {
                self.jumps(land);
            }
            self.steps.pop();
            self.board[over.index()] = Some(victim);
        }
        if !jumped && self.steps.last().is_some_and(|s| s.0 == Step::Jump) {
            self.record();
        }
    }
}

fn record_plain(sink: &mut Sink<'_>, side: Side, from: Square, to: Square) {
    match sink {
        Sink::Moves(out) => out.push(Move {
            from,
            steps: vec![(Step::Plain, to)],
        }),
        Sink::Count(t) => t.add(
            side,
            Shape {
                from,
                to,
                capture: false,
                jump_first: false,
            },
        ),
    }
}

impl Position {
    /// Every move of the side to move under `limits`, before the rule-set filters.
    pub fn pseudo_moves(&self, limits: &Limits) -> Vec<Move> {
        let mut out = Vec::with_capacity(128);
        self.search(limits, &mut Sink::Moves(&mut out));
        out
    }

    /// How many legal moves there are: [`Position::legal_moves`]'s length, without building
    /// the moves.
    pub fn legal_count(&self, limits: &Limits) -> usize {
        let mut t = Tally::default();
        self.search(limits, &mut Sink::Count(&mut t));
        Keep::decide(self, limits, &t).count(&t)
    }

    fn search(&self, limits: &Limits, sink: &mut Sink<'_>) {
        let side = self.to_move;
        let mut board = self.board;
        for (from, piece) in self.pieces_of(side) {
            let enemy_castle = from.in_castle_of(side.other());
            if limits.rules == RuleSet::Wcf && enemy_castle {
                if self.castle_moves[side.index()] < limits.castle_move_limit {
                    for to in Square::castle(side.other()) {
                        if to != from && self.at(to).is_none() {
                            record_plain(sink, side, from, to);
                        }
                    }
                }
                continue;
            }
            for d in 0..DIRECTIONS.len() {
                if let Some(to) = from.neighbour(d)
                    && self.at(to).is_none()
                    && !to.in_castle_of(side)
                {
                    record_plain(sink, side, from, to);
                }
            }
            board[from.index()] = None;
            let out = match sink {
                Sink::Moves(out) => Sink::Moves(out),
                Sink::Count(t) => Sink::Count(t),
            };
            let mut search = Search {
                board: &mut board,
                visited: [0; 3],
                side,
                from,
                limits,
                steps: Vec::with_capacity(16),
                out,
            };
            search.mark(from);
            search.canters(from, piece.kind == Kind::Knight);
            search.jumps(from);
            board[from.index()] = Some(piece);
        }
    }

    /// The legal moves: the pseudo-legal moves the rule set keeps (see `Keep::decide`).
    pub fn legal_moves(&self, limits: &Limits) -> Vec<Move> {
        let side = self.to_move;
        let moves = self.pseudo_moves(limits);
        let mut t = Tally::default();
        for m in &moves {
            t.add(side, Shape::of(m));
        }
        let keep = Keep::decide(self, limits, &t);
        moves.into_iter().filter(|m| keep.admits(side, m)).collect()
    }
}
