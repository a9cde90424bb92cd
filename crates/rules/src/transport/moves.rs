//! Transport's actions (move a main piece, launch an auxiliary, advance one), why one is
//! refused, how an action is played on a position (entering and passing squares by the
//! vulnerability table, sinking, missiles back to reserve), and what it did.

use super::board::{Dir, Sq};
use super::options::{Mode, PlanePassing};
use super::pieces::{Kind, Piece, can_sink};
use super::position::{Position, enemy_bytes};

/// One action.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A main piece moves: from its square(s) to its new square(s) (stern, then bow).
    Main {
        /// Which piece.
        kind: Kind,
        /// Where it stands (stern first).
        from: (Sq, Option<Sq>),
        /// Where it goes.
        to: (Sq, Option<Sq>),
    },
    /// An auxiliary is launched onto a square touching its ship, pointed along `heading`
    /// (a torpedo then runs one square more).
    Launch {
        /// Plane, shell or torpedo.
        kind: Kind,
        /// The touching square it is set on.
        at: Sq,
        /// Its heading.
        heading: Dir,
    },
    /// An auxiliary on the board advances.
    Advance {
        /// Plane, shell or torpedo.
        kind: Kind,
        /// Where it stands.
        from: Sq,
        /// Its heading before the move (tells apart auxiliaries on one square).
        heading: Dir,
        /// Where it ends (`None`: it leaves the board and goes back to reserve).
        to: Option<Sq>,
        /// A plane's heading after the move.
        repoint: Dir,
    },
    /// No action is possible.
    Pass,
}

/// Why an action the pieces could make is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The piece named is not there.
    #[error("the fleet to move has no such {kind} there")]
    NoPiece {
        /// What was named.
        kind: Kind,
    },
    /// The reserve is empty.
    #[error("the fleet to move has no {kind} left in reserve")]
    EmptyReserve {
        /// Plane, shell or torpedo.
        kind: Kind,
    },
    /// An enemy able to sink the mover holds the square it would enter.
    #[error("the {mover} may not enter {sq}: the enemy {enemy} there can sink it")]
    Enters {
        /// What moves.
        mover: Kind,
        /// The square.
        sq: Sq,
        /// The enemy that can sink it.
        enemy: Kind,
    },
    /// An enemy able to sink the mover holds the square it would pass.
    #[error("the {mover} may not pass {sq}: the enemy {enemy} there can sink it")]
    Passes {
        /// What moves.
        mover: Kind,
        /// The square passed.
        sq: Sq,
        /// The enemy that can sink it.
        enemy: Kind,
    },
    /// An enemy shell or plane on the square a plane would fly over is pointed at it.
    #[error("the plane may not fly over {sq}: the enemy {enemy} there is pointed directly at it")]
    PointedAtPlane {
        /// The square passed.
        sq: Sq,
        /// Shell or plane.
        enemy: Kind,
    },
    /// A shell or torpedo would be pointed at the ship that fires it.
    #[error("a {kind} set on {at} pointed {heading} is pointed at its own {ship} on {ship_at}")]
    AtOwnShip {
        /// Shell or torpedo.
        kind: Kind,
        /// Where it is set.
        at: Sq,
        /// Its heading.
        heading: Dir,
        /// The firing ship in its line.
        ship: Kind,
        /// The ship's square in that line.
        ship_at: Sq,
    },
    /// A torpedo's launching run would leave the board at once.
    #[error(
        "a torpedo set on {at} pointed {heading} would run straight off the board at its launch"
    )]
    RunsOffBoard {
        /// Where it is set.
        at: Sq,
        /// Its heading.
        heading: Dir,
    },
}

/// What an action does to pieces other than by moving them, told as it happens; `()`
/// tells nothing (for search and move generation).
pub(super) trait Record {
    /// A piece was sunk.
    fn sunk(&mut self, _piece: Piece) {}
    /// A piece left the board with its fleet, whose transport was sunk.
    fn removed(&mut self, _piece: Piece) {}
    /// A fleet is out: its transport was sunk.
    fn out(&mut self, _fleet: u8) {}
    /// The moving auxiliary went back to its fleet's reserve.
    fn returned(&mut self) {}
    /// The piece at place `i` of the pieces was replaced; it was `old`.
    fn replaced(&mut self, _i: usize, _old: Piece) {}
    /// A piece was put after the others.
    fn pushed(&mut self) {}
    /// The piece `old` at place `i` was taken out (the later ones move up a place).
    fn taken(&mut self, _i: usize, _old: Piece) {}
}

impl Record for () {}

/// What a Transport action did ([`crate::Game::play_effect`]): enough to show it without comparing
/// positions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TransportEffect {
    /// The fleet that acted.
    pub fleet: u8,
    /// The piece that moved or advanced, as it stood before ([`Move::Main`],
    /// [`Move::Advance`]); `None` for a launch or a pass.
    pub before: Option<Piece>,
    /// The piece that moved, advanced or was launched, as it stands now; `None` when it is
    /// not on the board (a missile back in reserve) or for a pass.
    pub after: Option<Piece>,
    /// For a launch, the ship it was launched from (as it stands): the first of the fleet's
    /// ships that launch or fire the auxiliary (carrier; battleship, then an armed
    /// transport; destroyer, then submarine) touching the square it is set on.
    pub launcher: Option<Piece>,
    /// The squares the piece's stern (or only square) goes through, in order, from the first
    /// after its start: a destroyer's or submarine's double step passes its middle square, a
    /// plane's two-square flight too, a torpedo's launch runs on from where it is set. For an
    /// auxiliary that leaves the board, the last square is the one off the board it heads
    /// for.
    pub path: Vec<Sq>,
    /// The pieces sunk, in order.
    pub sunk: Vec<Piece>,
    /// The pieces of fleets put out that left the board with them (teams and battle royal:
    /// a fleet whose transport is sunk leaves the game).
    pub removed: Vec<Piece>,
    /// Fleets put out by this action (their transport sunk).
    pub out: Vec<u8>,
    /// Whether the moving or launched auxiliary went back to its fleet's reserve (it sank
    /// something, or left the board).
    pub returned: bool,
}

impl Record for TransportEffect {
    fn sunk(&mut self, piece: Piece) {
        self.sunk.push(piece);
    }
    fn removed(&mut self, piece: Piece) {
        self.removed.push(piece);
    }
    fn out(&mut self, fleet: u8) {
        self.out.push(fleet);
    }
    fn returned(&mut self) {
        self.returned = true;
    }
}

impl Position {
    /// [`Position::set_piece`], told to `rec`.
    fn set_piece_with(&mut self, i: usize, p: Piece, rec: &mut impl Record) {
        rec.replaced(i, self.pieces[i]);
        self.set_piece(i, p);
    }

    /// [`Position::push_piece`], told to `rec`.
    fn push_piece_with(&mut self, p: Piece, rec: &mut impl Record) {
        self.push_piece(p);
        rec.pushed();
    }

    /// [`Position::remove_piece`], told to `rec`.
    fn remove_piece_with(&mut self, i: usize, rec: &mut impl Record) -> Piece {
        let p = self.remove_piece(i);
        rec.taken(i, p);
        p
    }

    /// Sinks `victim` (an index into the pieces).
    fn sink(&mut self, victim: usize, rec: &mut impl Record) {
        let p = self.remove_piece_with(victim, rec);
        rec.sunk(p);
        match p.kind {
            Kind::Carrier => self.set_reserve(p.fleet, Kind::Plane, 0),
            Kind::Transport => {
                self.set_out(p.fleet);
                rec.out(p.fleet);
                if self.mode != Mode::Two {
                    let mut i = 0;
                    while i < self.pieces.len() {
                        if self.pieces[i].fleet == p.fleet {
                            let gone = self.remove_piece_with(i, rec);
                            rec.removed(gone);
                        } else {
                            i += 1;
                        }
                    }
                    for kind in Kind::AUXILIARY {
                        self.set_reserve(p.fleet, kind, 0);
                    }
                }
            }
            _ => {}
        }
    }

    /// The mover (index `mover`) enters `sq`: refused if an enemy already there could sink
    /// the mover and the mover cannot sink it (the patent: "no piece may move upon and into a
    /// square already occupied by a piece to which it is vulnerable"), judged on the square
    /// as it stands before the entry, so that the answer is the same in every mode (in the
    /// four-fleet games a sunk transport takes its fleet off the board, shells and all, but
    /// that does not open a square its shell guarded). Otherwise vulnerable enemies there
    /// are sunk. A missile that sinks goes back to reserve; `*gone` is set then. Returns
    /// whether anything was sunk.
    fn enter(
        &mut self,
        mover: usize,
        sq: Sq,
        gone: &mut bool,
        rec: &mut impl Record,
    ) -> Result<bool, Illegal> {
        let me = self.pieces[mover];
        // Most squares entered hold no enemy: one look at the occupancy.
        if self
            .occupancy
            .at(sq)
            .is_some_and(|counts| counts & enemy_bytes(self, me.fleet) == 0)
        {
            return Ok(false);
        }
        // The mover strikes first: an enemy it sinks bars nothing (a plane attacks a plane).
        if let Some(enemy) = self.pieces.iter().find(|p| {
            p.covers(sq)
                && self.enemies(me.fleet, p.fleet)
                && can_sink(p.kind, me.kind)
                && !can_sink(me.kind, p.kind)
        }) {
            return Err(Illegal::Enters {
                mover: me.kind,
                sq,
                enemy: enemy.kind,
            });
        }
        let mut sank = false;
        let mut i = 0;
        let mut mover_index = mover;
        while i < self.pieces.len() {
            let p = self.pieces[i];
            if i != mover_index
                && p.covers(sq)
                && self.enemies(me.fleet, p.fleet)
                && can_sink(me.kind, p.kind)
            {
                let before = self.pieces.len();
                self.sink(i, rec);
                sank = true;
                // Sinking may remove several pieces (a fleet out); find the mover again.
                if before - self.pieces.len() != 1 || i < mover_index {
                    match self.pieces.iter().position(|q| *q == me) {
                        Some(m) => mover_index = m,
                        None => return Ok(true),
                    }
                }
                i = 0;
                continue;
            }
            i += 1;
        }
        if sank && me.kind.is_missile() {
            let m = self
                .pieces
                .iter()
                .position(|q| *q == me)
                .expect("the missile is on the board");
            self.remove_piece_with(m, rec);
            let left = self.reserve(me.fleet, me.kind);
            self.set_reserve(me.fleet, me.kind, left + 1);
            rec.returned();
            *gone = true;
            return Ok(true);
        }
        Ok(sank)
    }

    /// The mover passes over `sq` (a destroyer's double step): nothing is sunk in passing,
    /// but an enemy there that can sink the mover bars the way.
    fn pass_over(&self, mover: &Piece, sq: Sq) -> Result<(), Illegal> {
        match self.pieces.iter().find(|p| {
            p.covers(sq) && self.enemies(mover.fleet, p.fleet) && can_sink(p.kind, mover.kind)
        }) {
            Some(enemy) => Err(Illegal::Passes {
                mover: mover.kind,
                sq,
                enemy: enemy.kind,
            }),
            None => Ok(()),
        }
    }

    /// A plane flying along `flight` passes over `sq`: nothing is sunk in passing, and
    /// only an enemy shell or plane pointed directly at it bars the way (head-on, or with
    /// [`PlanePassing::AlongFlight`] along the line of flight either way).
    fn fly_over(&self, plane: &Piece, sq: Sq, flight: Dir) -> Result<(), Illegal> {
        let pointed = |h: Option<Dir>| match self.rules.plane_passing {
            PlanePassing::HeadOn => h == Some(flight.opposite()),
            PlanePassing::AlongFlight => h == Some(flight.opposite()) || h == Some(flight),
        };
        match self.pieces.iter().find(|p| {
            p.covers(sq)
                && self.enemies(plane.fleet, p.fleet)
                && can_sink(p.kind, plane.kind)
                && pointed(p.heading)
        }) {
            Some(enemy) => Err(Illegal::PointedAtPlane {
                sq,
                enemy: enemy.kind,
            }),
            None => Ok(()),
        }
    }

    /// The ships of a fleet that launch or fire `aux`: the carrier planes, the battleship
    /// (and an armed transport) shells, the destroyer and the submarine torpedoes.
    pub(super) fn launchers(&self, aux: Kind) -> &'static [Kind] {
        match aux {
            Kind::Plane => &[Kind::Carrier],
            Kind::Shell if self.rules.armed_transport => &[Kind::Battleship, Kind::Transport],
            Kind::Shell => &[Kind::Battleship],
            _ => &[Kind::Destroyer, Kind::Submarine],
        }
    }

    /// A shell or torpedo set on `at` and pointed along `heading` may not be pointed at
    /// the ship that fires it: no ship of its fleet able to fire it and touching `at` may
    /// stand anywhere along its line.
    fn check_not_at_own_ship(&self, kind: Kind, at: Sq, heading: Dir) -> Result<(), Illegal> {
        let me = self.to_move;
        let firing: Vec<&Piece> = self
            .launchers(kind)
            .iter()
            .filter_map(|k| self.main_piece(me, *k))
            .filter(|s| s.squares().any(|q| q.touches(at)))
            .collect();
        let mut sq = at.step(heading);
        while sq.on(self.size) {
            if let Some(ship) = firing.iter().find(|s| s.covers(sq)) {
                return Err(Illegal::AtOwnShip {
                    kind,
                    at,
                    heading,
                    ship: ship.kind,
                    ship_at: sq,
                });
            }
            sq = sq.step(heading);
        }
        Ok(())
    }

    /// `fleet` resigns (Law X): it is out, as when its transport is sunk (outside the
    /// two-fleet game its pieces and reserves leave the board), and if it was to move, the
    /// turn passes to the next fleet still in.
    pub(super) fn resign(&mut self, fleet: u8) {
        self.set_out(fleet);
        if self.mode != Mode::Two {
            let mut i = 0;
            while i < self.pieces.len() {
                if self.pieces[i].fleet == fleet {
                    self.remove_piece(i);
                } else {
                    i += 1;
                }
            }
            for kind in Kind::AUXILIARY {
                self.set_reserve(fleet, kind, 0);
            }
        }
        if self.to_move == fleet {
            self.next_turn();
        }
    }

    fn next_turn(&mut self) {
        let n = self.mode.fleets();
        let mut next = self.to_move;
        for _ in 0..n {
            next = (next + 1) % n;
            if !self.out[usize::from(next)] {
                break;
            }
        }
        self.set_to_move(next);
    }

    /// Plays `mv` on a copy: the position after it, or `None` if it is illegal.
    pub fn after(&self, mv: &Move) -> Option<Position> {
        self.try_after(mv).ok()
    }

    /// Plays `mv` on a copy: the position after it, or why it is refused. The action is
    /// taken to be one the pieces could make (a move along the piece's own lines, a launch
    /// beside its ship); this checks the sinking and passing rules, the reserve, and where
    /// missiles may be pointed.
    pub fn try_after(&self, mv: &Move) -> Result<Position, Illegal> {
        let mut pos = self.clone();
        pos.apply(mv)?;
        Ok(pos)
    }

    /// Plays `mv` here, as [`Position::try_after`] does on a copy: returns whether anything
    /// was sunk. On an error the position is left half played: play on a copy.
    pub(super) fn apply(&mut self, mv: &Move) -> Result<bool, Illegal> {
        self.apply_with(mv, &mut ())
    }

    /// [`Position::apply`], telling `rec` what happens to pieces besides the mover.
    pub(super) fn apply_with(&mut self, mv: &Move, rec: &mut impl Record) -> Result<bool, Illegal> {
        let me = self.to_move;
        let mut sank = false;
        match mv {
            Move::Pass => {}
            Move::Main { kind, from, to } => {
                let i = self
                    .pieces
                    .iter()
                    .position(|p| p.fleet == me && p.kind == *kind && (p.at, p.bow) == *from)
                    .ok_or(Illegal::NoPiece { kind: *kind })?;
                let old = self.pieces[i];
                let moved = Piece {
                    at: to.0,
                    bow: to.1,
                    moved: true,
                    ..old
                };
                self.set_piece_with(i, moved, rec);
                // A destroyer's double step passes its middle square.
                if *kind == Kind::Destroyer && !old.moved {
                    let dx = (to.0.x - from.0.x).signum();
                    let dy = (to.0.y - from.0.y).signum();
                    if (to.0.x - from.0.x).abs() == 2 || (to.0.y - from.0.y).abs() == 2 {
                        let mid = Sq::new(from.0.x + dx, from.0.y + dy);
                        self.pass_over(&moved, mid)?;
                    }
                }
                // The mover keeps its place unless entering sinks something.
                let len = self.pieces.len();
                for sq in [to.0].into_iter().chain(to.1) {
                    if old.covers(sq) {
                        continue;
                    }
                    let idx = if self.pieces.len() == len {
                        i
                    } else {
                        self.pieces
                            .iter()
                            .position(|p| *p == moved)
                            .ok_or(Illegal::NoPiece { kind: *kind })?
                    };
                    let mut gone = false;
                    sank |= self.enter(idx, sq, &mut gone, rec)?;
                }
            }
            Move::Launch { kind, at, heading } => {
                let left = self.reserve(me, *kind);
                if left == 0 {
                    return Err(Illegal::EmptyReserve { kind: *kind });
                }
                if kind.is_missile() {
                    self.check_not_at_own_ship(*kind, *at, *heading)?;
                }
                self.set_reserve(me, *kind, left - 1);
                self.push_piece_with(
                    Piece {
                        fleet: me,
                        kind: *kind,
                        at: *at,
                        bow: None,
                        heading: Some(*heading),
                        moved: false,
                    },
                    rec,
                );
                let mut gone = false;
                let idx = self.pieces.len() - 1;
                sank |= self.enter(idx, *at, &mut gone, rec)?;
                if *kind == Kind::Torpedo && !gone {
                    let next = at.step(*heading);
                    let idx = self
                        .pieces
                        .iter()
                        .rposition(|p| p.fleet == me && p.kind == Kind::Torpedo && p.at == *at)
                        .ok_or(Illegal::NoPiece { kind: *kind })?;
                    if !next.on(self.size) {
                        if !self.rules.torpedo_launch_off_board {
                            return Err(Illegal::RunsOffBoard {
                                at: *at,
                                heading: *heading,
                            });
                        }
                        // Off the board at once: back to reserve, the action spent.
                        self.remove_piece_with(idx, rec);
                        let left = self.reserve(me, *kind);
                        self.set_reserve(me, *kind, left + 1);
                        rec.returned();
                    } else {
                        let run = Piece {
                            at: next,
                            ..self.pieces[idx]
                        };
                        self.set_piece_with(idx, run, rec);
                        sank |= self.enter(idx, next, &mut gone, rec)?;
                    }
                }
            }
            Move::Advance {
                kind,
                from,
                heading,
                to,
                repoint,
            } => {
                let i = self
                    .pieces
                    .iter()
                    .position(|p| {
                        p.fleet == me
                            && p.kind == *kind
                            && p.at == *from
                            && p.heading == Some(*heading)
                    })
                    .ok_or(Illegal::NoPiece { kind: *kind })?;
                let Some(to) = to else {
                    // Off the board: back to reserve.
                    self.remove_piece_with(i, rec);
                    let left = self.reserve(me, *kind);
                    self.set_reserve(me, *kind, left + 1);
                    rec.returned();
                    self.next_turn();
                    return Ok(false);
                };
                let moved = Piece {
                    at: *to,
                    heading: Some(*repoint),
                    ..self.pieces[i]
                };
                self.set_piece_with(i, moved, rec);
                // A plane's two-square flight passes its middle square.
                let flight = (to.x - from.x).abs() == 2 || (to.y - from.y).abs() == 2;
                if flight {
                    self.fly_over(&moved, from.step(*heading), *heading)?;
                }
                let mut gone = false;
                sank |= self.enter(i, *to, &mut gone, rec)?;
            }
        }
        self.next_turn();
        Ok(sank)
    }

    /// Every action the fleet to move could try, before the sinking rules are checked.
    pub(crate) fn candidates(&self) -> Vec<Move> {
        let me = self.to_move;
        let n = self.size;
        // Main moves as (piece, new squares).
        let mut out: Vec<(Kind, (Sq, Option<Sq>))> = Vec::new();
        for p in self.pieces.iter().filter(|p| p.fleet == me) {
            match p.kind {
                Kind::Carrier | Kind::Battleship => {
                    let (s, b) = (p.at, p.bow.expect("a bow"));
                    for nb in s.around(n).filter(|q| *q != b) {
                        out.push((p.kind, (s, Some(nb))));
                    }
                    for ns in b.around(n).filter(|q| *q != s) {
                        out.push((p.kind, (ns, Some(b))));
                    }
                    if let Some(d) = Dir::between(s, b) {
                        let fwd = b.step(d);
                        if fwd.on(n) {
                            out.push((p.kind, (b, Some(fwd))));
                        }
                        let back = s.step(d.opposite());
                        if back.on(n) {
                            out.push((p.kind, (back, Some(s))));
                        }
                    }
                }
                Kind::Transport => {
                    for q in p.at.around(n) {
                        out.push((p.kind, (q, None)));
                    }
                }
                Kind::Destroyer => {
                    for d in Dir::ALL {
                        let one = p.at.step(d);
                        if one.on(n) {
                            out.push((p.kind, (one, None)));
                            let two = one.step(d);
                            if !p.moved && two.on(n) {
                                out.push((p.kind, (two, None)));
                            }
                        }
                    }
                }
                Kind::Submarine => {
                    for d in [Dir::NE, Dir::SE, Dir::SW, Dir::NW] {
                        let one = p.at.step(d);
                        if one.on(n) {
                            out.push((p.kind, (one, None)));
                            let two = one.step(d);
                            if !p.moved && two.on(n) {
                                out.push((p.kind, (two, None)));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        let mut moves: Vec<Move> = Vec::new();
        for p in self
            .pieces
            .iter()
            .filter(|p| p.fleet == me && !p.kind.is_auxiliary())
        {
            for (kind, to) in out.iter().filter(|(k, _)| *k == p.kind) {
                moves.push(Move::Main {
                    kind: *kind,
                    from: (p.at, p.bow),
                    to: *to,
                });
            }
        }
        // Launches.
        for aux in Kind::AUXILIARY {
            if self.reserve(me, aux) == 0 {
                continue;
            }
            let mut spots: Vec<Sq> = Vec::new();
            for ship in self.launchers(aux) {
                if let Some(s) = self.main_piece(me, *ship) {
                    for sq in s.squares() {
                        for q in sq.around(n) {
                            if !s.covers(q) && !spots.contains(&q) {
                                spots.push(q);
                            }
                        }
                    }
                }
            }
            spots.sort();
            for at in spots {
                for heading in Dir::ALL {
                    moves.push(Move::Launch {
                        kind: aux,
                        at,
                        heading,
                    });
                }
            }
        }
        // Advances.
        let mut seen: Vec<(Kind, Sq, Dir)> = Vec::new();
        for p in self
            .pieces
            .iter()
            .filter(|p| p.fleet == me && p.kind.is_auxiliary())
        {
            let h = p.heading.expect("an auxiliary has a heading");
            if seen.contains(&(p.kind, p.at, h)) {
                continue;
            }
            seen.push((p.kind, p.at, h));
            if p.kind == Kind::Plane {
                let mut ends: Vec<Sq> = p.at.around(n).collect();
                let two = p.at.step(h).step(h);
                if two.on(n) {
                    ends.push(two);
                }
                for to in ends {
                    for repoint in Dir::ALL {
                        moves.push(Move::Advance {
                            kind: p.kind,
                            from: p.at,
                            heading: h,
                            to: Some(to),
                            repoint,
                        });
                    }
                }
            } else {
                let next = p.at.step(h);
                moves.push(Move::Advance {
                    kind: p.kind,
                    from: p.at,
                    heading: h,
                    to: next.on(n).then_some(next),
                    repoint: h,
                });
            }
        }
        moves
    }
}
