//! Game of War moves and their generation, including compulsory capture of offered troops.

use super::board::{Side, Square, Station};
use super::game::Offered;
use super::piece::Kind;
use super::position::Position;

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
        /// Each landing square in turn (at least one).
        landings: Vec<Square>,
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
            Move::Jump { landings, .. } => *landings.last().expect("a jump lands"),
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
            Move::Jump { landings, .. } => landings.clone(),
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

const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const STRAIGHT: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

impl Position {
    /// Moves that obey every movement rule but the compulsory capture of offered troops.
    pub fn pseudo_moves(&self, side: Side) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        for sq in Square::all() {
            let Some(p) = self.at(sq) else { continue };
            if p.side != side {
                continue;
            }
            match p.kind {
                Kind::King => self.leaps(sq, side, &KING_STEPS, &mut out),
                Kind::Horse => self.leaps(sq, side, &KNIGHT, &mut out),
                Kind::General => {
                    self.slides(sq, side, &STRAIGHT, &mut out);
                    self.slides(sq, side, &DIAGONAL, &mut out);
                }
                Kind::Cannon => self.slides(sq, side, &DIAGONAL, &mut out),
                Kind::Mortar => self.slides(sq, side, &STRAIGHT, &mut out),
                Kind::FlyingMachine => {}
                Kind::Troop => self.troop_moves(sq, side, p.moved, &mut out),
            }
        }
        for st in Station::ALL {
            if self.on_station(side, st).is_some() {
                let dark = st.is_dark(side);
                out.extend(
                    Square::all()
                        .filter(|s| s.is_dark() == dark && !s.is_citadel() && self.at(*s).is_none())
                        .map(|to| Move::Fly { station: st, to }),
                );
            }
        }
        out
    }

    fn leaps(&self, from: Square, side: Side, steps: &[(i8, i8)], out: &mut Vec<Move>) {
        for &(df, dr) in steps {
            if let Some(to) = from.offset(df, dr)
                && (self.at(to).is_none() || self.capturable_by(to, side))
            {
                out.push(Move::Step { from, to });
            }
        }
    }

    fn slides(&self, from: Square, side: Side, dirs: &[(i8, i8)], out: &mut Vec<Move>) {
        for &(df, dr) in dirs {
            let mut at = from;
            while let Some(to) = at.offset(df, dr) {
                if self.at(to).is_none() {
                    out.push(Move::Step { from, to });
                    at = to;
                    continue;
                }
                if self.capturable_by(to, side) {
                    out.push(Move::Step { from, to });
                }
                break;
            }
        }
    }

    fn troop_moves(&self, from: Square, side: Side, moved: bool, out: &mut Vec<Move>) {
        if self.is_dead_troop(from) {
            return;
        }
        let fwd = side.forward();
        if let Some(ahead) = from.offset(0, fwd)
            && self.at(ahead).is_none()
        {
            out.push(Move::Step { from, to: ahead });
            if !moved
                && let Some(two) = ahead.offset(0, fwd)
                && self.at(two).is_none()
            {
                out.push(Move::Step { from, to: two });
            }
        }
        for df in [-1, 1] {
            if let Some(diag) = from.offset(df, fwd)
                && (self.at(diag).is_none() || self.capturable_by(diag, side))
            {
                out.push(Move::Step { from, to: diag });
            }
        }
        let mut landings = Vec::new();
        self.jump_chains(from, side, &mut landings, from, out);
    }

    /// Extends a jump chain from `at`; every chain that cannot go on is a move. Jumps only go
    /// forward, so a chain never meets a troop it has already jumped.
    fn jump_chains(
        &self,
        at: Square,
        side: Side,
        landings: &mut Vec<Square>,
        from: Square,
        out: &mut Vec<Move>,
    ) {
        let mut extended = false;
        for df in [-1, 1] {
            let Some(over) = at.offset(df, side.forward()) else {
                continue;
            };
            let Some(land) = at.offset(2 * df, 2 * side.forward()) else {
                continue;
            };
            let victim = self.at(over);
            if !matches!(victim, Some(v) if v.kind == Kind::Troop)
                || !self.capturable_by(over, side)
                || self.at(land).is_some()
            {
                continue;
            }
            extended = true;
            landings.push(land);
            self.jump_chains(land, side, landings, from, out);
            landings.pop();
        }
        if !extended && !landings.is_empty() {
            out.push(Move::Jump {
                from,
                landings: landings.clone(),
            });
        }
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

    /// Every legal move of the side to move (outcome aside): the pseudo-legal moves, narrowed
    /// to the captures of offered troops (under the `offered` rule) when a troop is offered.
    /// When every offered troop is offered to one and the same troop, that troop may instead
    /// take a non-troop piece.
    pub fn legal_moves(&self, offered_rule: Offered) -> Vec<Move> {
        let side = self.to_move();
        let moves = self.pseudo_moves(side);
        let offered = self.offered_troops(side, offered_rule);
        if offered.is_empty() {
            return moves;
        }
        let mut takers: Vec<Square> = offered
            .iter()
            .flat_map(|(_, t)| t.iter().copied())
            .collect();
        takers.sort();
        takers.dedup();
        let sole_taker = (takers.len() == 1).then(|| takers[0]);
        moves
            .into_iter()
            .filter(|m| {
                let caps = m.captures(self);
                caps.iter().any(|c| offered.iter().any(|(o, _)| o == c))
                    || matches!(m, Move::Step { from, to } if Some(*from) == sole_taker
                        && matches!(self.at(*to), Some(v) if v.side != side && v.kind != Kind::Troop))
            })
            .collect()
    }
}
