//! A Transport game: fleets, reserves, turns of one action (move a main piece, launch an
//! auxiliary, advance one), entering and passing squares by the vulnerability table, and
//! the end when transports are sunk.

use super::board::{Dir, Sq};
use super::pieces::{Kind, Piece, can_sink};
use crate::game::{DrawReason, Game, Outcome};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How many fleets play, and who is whose enemy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Mode {
    /// Two fleets.
    #[default]
    Two,
    /// Four fleets in two teams: fleets 1 and 3 (A1, A2) against 2 and 4 (B1, B2).
    Teams,
    /// Four fleets, each for itself.
    Royal,
}

impl Mode {
    /// Fleets in play.
    pub fn fleets(self) -> u8 {
        match self {
            Mode::Two => 2,
            Mode::Teams | Mode::Royal => 4,
        }
    }

    fn parse(text: &str) -> Option<Mode> {
        match text.trim().to_ascii_lowercase().as_str() {
            "two" => Some(Mode::Two),
            "teams" => Some(Mode::Teams),
            "royal" | "battle royal" => Some(Mode::Royal),
            _ => None,
        }
    }
}

/// Which enemy shells and planes bar a plane's two-square flight over them. The patent:
/// planes "can pass over any intervening piece on the board ... except a shell pointed
/// directly at it, or another plane pointed directly at it".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum PlanePassing {
    /// One pointed head-on at the plane: its heading is the reverse of the plane's flight,
    /// so that it points at the square the plane flies from.
    #[default]
    HeadOn,
    /// One pointed along the line of flight either way: at the square the plane flies
    /// from, or at the square it lands on.
    AlongFlight,
}

/// Transport's rules options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TransportOptions {
    /// Two fleets, two teams, or the battle royal.
    pub mode: Mode,
    /// Squares per side: odd, from 9 to 25 (default 11; 11 or more for two teams), or 8 (a
    /// chess board) for two fleets.
    pub size: u8,
    /// Planes each carrier holds at the start.
    pub planes: u8,
    /// Shells each battleship holds.
    pub shells: u8,
    /// Torpedoes each fleet's destroyer and submarine share.
    pub torpedoes: u8,
    /// A handicap: fleets (1-based) that start with one auxiliary of each kind fewer.
    pub handicapped: Vec<u8>,
    /// Turns after which the game is drawn (`None`: no limit).
    pub turn_limit: Option<u32>,
    /// Which enemy shells and planes bar a plane's flight over them (default: only those
    /// pointed head-on at it).
    pub plane_passing: PlanePassing,
    /// Whether a torpedo may be launched so that its launching run takes it off the board
    /// (it goes straight back to reserve and the action is spent). Default: no.
    pub torpedo_launch_off_board: bool,
    /// Whether the transport carries the patent's optional red bow dot, so that it fires
    /// shells from its fleet's reserve as the battleship does. Default: no.
    pub armed_transport: bool,
}

impl Default for TransportOptions {
    fn default() -> Self {
        TransportOptions {
            mode: Mode::Two,
            size: 11,
            planes: 2,
            shells: 5,
            torpedoes: 4,
            handicapped: Vec::new(),
            turn_limit: None,
            plane_passing: PlanePassing::HeadOn,
            torpedo_launch_off_board: false,
            armed_transport: false,
        }
    }
}

/// The options a position's actions depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
struct Rules {
    plane_passing: PlanePassing,
    torpedo_launch_off_board: bool,
    armed_transport: bool,
}

impl Rules {
    fn of(options: &TransportOptions) -> Rules {
        Rules {
            plane_passing: options.plane_passing,
            torpedo_launch_off_board: options.torpedo_launch_off_board,
            armed_transport: options.armed_transport,
        }
    }
}

/// A fleet's name: "Fleet 1" to "Fleet 4".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fleet(pub u8);

impl fmt::Display for Fleet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fleet {}", self.0 + 1)
    }
}

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

/// A position: the pieces, each fleet's reserve, fleets out of the game, whose turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// Squares per side.
    pub size: u8,
    /// Two fleets, teams or battle royal.
    pub mode: Mode,
    pieces: Vec<Piece>,
    /// Planes, shells, torpedoes in reserve, per fleet.
    reserve: [[u8; 3]; 4],
    out: [bool; 4],
    to_move: u8,
    rules: Rules,
}

fn aux_index(kind: Kind) -> usize {
    match kind {
        Kind::Plane => 0,
        Kind::Shell => 1,
        _ => 2,
    }
}

/// Why a setup is not a Transport position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct SetupError {
    /// 1-based line.
    pub line: usize,
    /// What was wrong.
    pub why: String,
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

impl Position {
    /// The standard setup for `options` (from the data files in `setups/`, spread to the
    /// board size with the transports in the centre file; the 8 x 8 board, two fleets
    /// only, has its own file).
    pub fn standard(options: &TransportOptions) -> Result<Position, SetupError> {
        if options.size == 8 {
            if options.mode != Mode::Two {
                return Err(SetupError {
                    line: 0,
                    why: "the 8 x 8 board is for two fleets only".into(),
                });
            }
            return Position::parse_sized(include_str!("setups/two_8x8.txt"), 8, options);
        }
        let text = match options.mode {
            Mode::Two => include_str!("setups/two.txt"),
            Mode::Teams => include_str!("setups/teams.txt"),
            Mode::Royal => include_str!("setups/royal.txt"),
        };
        let mut pos = Position::parse_sized(text, 11, options)?;
        if options.size != 11 {
            let n = options.size as i8;
            let map = |v: i8| match v.cmp(&5) {
                std::cmp::Ordering::Less => v,
                std::cmp::Ordering::Equal => (n - 1) / 2,
                std::cmp::Ordering::Greater => n - 1 - (10 - v),
            };
            for p in &mut pos.pieces {
                p.at = Sq::new(map(p.at.x), map(p.at.y));
                p.bow = p.bow.map(|b| Sq::new(map(b.x), map(b.y)));
            }
            pos.size = options.size;
        }
        Ok(pos)
    }

    /// Every piece on the board.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The pieces on a square.
    pub fn at(&self, sq: Sq) -> impl Iterator<Item = &Piece> + '_ {
        self.pieces.iter().filter(move |p| p.covers(sq))
    }

    /// The fleet to move (0-based).
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// A fleet's auxiliaries of `kind` in reserve.
    pub fn reserve(&self, fleet: u8, kind: Kind) -> u8 {
        self.reserve[usize::from(fleet)][aux_index(kind)]
    }

    /// Whether a fleet is out (its transport sunk).
    pub fn is_out(&self, fleet: u8) -> bool {
        self.out[usize::from(fleet)]
    }

    /// Whether two fleets are enemies.
    pub fn enemies(&self, a: u8, b: u8) -> bool {
        match self.mode {
            Mode::Teams => a % 2 != b % 2,
            _ => a != b,
        }
    }

    fn main_piece(&self, fleet: u8, kind: Kind) -> Option<&Piece> {
        self.pieces
            .iter()
            .find(|p| p.fleet == fleet && p.kind == kind)
    }

    /// Sinks `victim` (an index into the pieces).
    fn sink(&mut self, victim: usize) {
        let p = self.pieces.remove(victim);
        match p.kind {
            Kind::Carrier => self.reserve[usize::from(p.fleet)][0] = 0,
            Kind::Transport => {
                self.out[usize::from(p.fleet)] = true;
                if self.mode != Mode::Two {
                    self.pieces.retain(|q| q.fleet != p.fleet);
                    self.reserve[usize::from(p.fleet)] = [0; 3];
                }
            }
            _ => {}
        }
    }

    /// The mover (index `mover`) enters `sq`: vulnerable enemies there are sunk; refused
    /// if an enemy able to sink the mover remains. A missile that sinks goes back to
    /// reserve; `*gone` is set then.
    fn enter(&mut self, mover: usize, sq: Sq, gone: &mut bool) -> Result<(), Illegal> {
        let me = self.pieces[mover];
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
                self.sink(i);
                sank = true;
                // Sinking may remove several pieces (a fleet out); find the mover again.
                if before - self.pieces.len() != 1 || i < mover_index {
                    match self.pieces.iter().position(|q| *q == me) {
                        Some(m) => mover_index = m,
                        None => return Ok(()),
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
            self.pieces.remove(m);
            self.reserve[usize::from(me.fleet)][aux_index(me.kind)] += 1;
            *gone = true;
            return Ok(());
        }
        match self
            .pieces
            .iter()
            .find(|p| p.covers(sq) && self.enemies(me.fleet, p.fleet) && can_sink(p.kind, me.kind))
        {
            Some(enemy) => Err(Illegal::Enters {
                mover: me.kind,
                sq,
                enemy: enemy.kind,
            }),
            None => Ok(()),
        }
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
    fn launchers(&self, aux: Kind) -> &'static [Kind] {
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

    fn next_turn(&mut self) {
        let n = self.mode.fleets();
        for _ in 0..n {
            self.to_move = (self.to_move + 1) % n;
            if !self.out[usize::from(self.to_move)] {
                break;
            }
        }
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
        let me = self.to_move;
        match mv {
            Move::Pass => {}
            Move::Main { kind, from, to } => {
                let i = pos
                    .pieces
                    .iter()
                    .position(|p| p.fleet == me && p.kind == *kind && (p.at, p.bow) == *from)
                    .ok_or(Illegal::NoPiece { kind: *kind })?;
                let old: Vec<Sq> = pos.pieces[i].squares().collect();
                let piece = &mut pos.pieces[i];
                piece.at = to.0;
                piece.bow = to.1;
                let first = !piece.moved;
                piece.moved = true;
                let moved = *piece;
                // A destroyer's double step passes its middle square.
                if kind == &Kind::Destroyer && first {
                    let dx = (to.0.x - from.0.x).signum();
                    let dy = (to.0.y - from.0.y).signum();
                    if (to.0.x - from.0.x).abs() == 2 || (to.0.y - from.0.y).abs() == 2 {
                        let mid = Sq::new(from.0.x + dx, from.0.y + dy);
                        pos.pass_over(&moved, mid)?;
                    }
                }
                for sq in [to.0].into_iter().chain(to.1) {
                    if old.contains(&sq) {
                        continue;
                    }
                    let idx = pos
                        .pieces
                        .iter()
                        .position(|p| *p == moved)
                        .ok_or(Illegal::NoPiece { kind: *kind })?;
                    let mut gone = false;
                    pos.enter(idx, sq, &mut gone)?;
                }
            }
            Move::Launch { kind, at, heading } => {
                let k = aux_index(*kind);
                if pos.reserve[usize::from(me)][k] == 0 {
                    return Err(Illegal::EmptyReserve { kind: *kind });
                }
                if kind.is_missile() {
                    pos.check_not_at_own_ship(*kind, *at, *heading)?;
                }
                pos.reserve[usize::from(me)][k] -= 1;
                pos.pieces.push(Piece {
                    fleet: me,
                    kind: *kind,
                    at: *at,
                    bow: None,
                    heading: Some(*heading),
                    moved: false,
                });
                let mut gone = false;
                let idx = pos.pieces.len() - 1;
                pos.enter(idx, *at, &mut gone)?;
                if *kind == Kind::Torpedo && !gone {
                    let next = at.step(*heading);
                    let idx = pos
                        .pieces
                        .iter()
                        .rposition(|p| p.fleet == me && p.kind == Kind::Torpedo && p.at == *at)
                        .ok_or(Illegal::NoPiece { kind: *kind })?;
                    if !next.on(pos.size) {
                        if !pos.rules.torpedo_launch_off_board {
                            return Err(Illegal::RunsOffBoard {
                                at: *at,
                                heading: *heading,
                            });
                        }
                        // Off the board at once: back to reserve, the action spent.
                        pos.pieces.remove(idx);
                        pos.reserve[usize::from(me)][k] += 1;
                    } else {
                        pos.pieces[idx].at = next;
                        pos.enter(idx, next, &mut gone)?;
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
                let i = pos
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
                    pos.pieces.remove(i);
                    pos.reserve[usize::from(me)][aux_index(*kind)] += 1;
                    pos.next_turn();
                    return Ok(pos);
                };
                pos.pieces[i].at = *to;
                pos.pieces[i].heading = Some(*repoint);
                let moved = pos.pieces[i];
                // A plane's two-square flight passes its middle square.
                let flight = (to.x - from.x).abs() == 2 || (to.y - from.y).abs() == 2;
                if flight {
                    pos.fly_over(&moved, from.step(*heading), *heading)?;
                }
                let idx = pos
                    .pieces
                    .iter()
                    .position(|p| *p == moved)
                    .ok_or(Illegal::NoPiece { kind: *kind })?;
                let mut gone = false;
                pos.enter(idx, *to, &mut gone)?;
            }
        }
        pos.next_turn();
        Ok(pos)
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

    /// Reads the setup text form (see the files in `setups/`):
    ///
    /// ```text
    /// Size: 11
    /// Mode: two
    /// Fleet 1: S b2, C d1 d2, T f1, B h1 h2, D j1 moved
    /// Fleet 1 missiles: plane e3 NE, shell g3 N, torpedo i3 NE
    /// Fleet 1 reserve: 2 planes, 4 shells, 4 torpedoes
    /// Fleet 2: ...
    /// Fleet 1 to move
    /// ```
    ///
    /// A fleet's reserve defaults to the options' counts less what it has launched.
    pub fn parse(text: &str, options: &TransportOptions) -> Result<Position, SetupError> {
        let size = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("Size:"))
            .map(|s| s.trim().parse::<u8>())
            .transpose()
            .map_err(|_| SetupError {
                line: 1,
                why: "Size: expects a number".into(),
            })?
            .unwrap_or(options.size);
        Position::parse_sized(text, size, options)
    }

    fn parse_sized(
        text: &str,
        size: u8,
        options: &TransportOptions,
    ) -> Result<Position, SetupError> {
        let mut pos = Position {
            size,
            mode: options.mode,
            pieces: Vec::new(),
            reserve: [[0; 3]; 4],
            out: [false; 4],
            to_move: 0,
            rules: Rules::of(options),
        };
        let mut reserve_given = [false; 4];
        let mut seen_fleets = [false; 4];
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |why: String| SetupError { line, why };
            let body = raw.trim();
            if body.is_empty() || body.starts_with('#') || body.starts_with("Size:") {
                continue;
            }
            if let Some(m) = body.strip_prefix("Mode:") {
                pos.mode = Mode::parse(m).ok_or_else(|| {
                    err(format!("unknown mode {:?}: two, teams or royal", m.trim()))
                })?;
                continue;
            }
            let Some(rest) = body.strip_prefix("Fleet ") else {
                return Err(err(format!("expected \"Fleet 1: ...\", found {body:?}")));
            };
            let digit = rest.chars().next().and_then(|c| c.to_digit(10));
            let Some(f) = digit.filter(|d| (1..=4).contains(d)).map(|d| d as u8 - 1) else {
                return Err(err("fleets are numbered 1 to 4".into()));
            };
            let rest = &rest[1..];
            let sq = |t: &str| {
                Sq::parse(t)
                    .filter(|s| s.on(size))
                    .ok_or_else(|| err(format!("{t:?} is not a square of the {size}x{size} board")))
            };
            if rest.trim() == "to move" {
                pos.to_move = f;
            } else if let Some(list) = rest.strip_prefix(" missiles:") {
                for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let w: Vec<&str> = item.split_whitespace().collect();
                    let [noun, at, heading] = w.as_slice() else {
                        return Err(err(format!("{item:?}: expected \"shell g3 N\"")));
                    };
                    let kind = Kind::auxiliary(noun)
                        .ok_or_else(|| err(format!("{noun:?} is not a plane, shell or torpedo")))?;
                    let heading = Dir::parse(heading)
                        .ok_or_else(|| err(format!("{heading:?} is not a heading")))?;
                    pos.pieces.push(Piece {
                        fleet: f,
                        kind,
                        at: sq(at)?,
                        bow: None,
                        heading: Some(heading),
                        moved: false,
                    });
                }
            } else if let Some(list) = rest.strip_prefix(" reserve:") {
                reserve_given[usize::from(f)] = true;
                for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let w: Vec<&str> = item.split_whitespace().collect();
                    let [count, noun] = w.as_slice() else {
                        return Err(err(format!("{item:?}: expected \"2 planes\"")));
                    };
                    let count: u8 = count
                        .parse()
                        .map_err(|_| err(format!("{count:?} is not a count")))?;
                    let kind = Kind::auxiliary(noun.trim_end_matches('s').trim_end_matches('e'))
                        .or_else(|| Kind::auxiliary(noun.trim_end_matches('s')))
                        .ok_or_else(|| err(format!("{noun:?}: planes, shells or torpedoes")))?;
                    pos.reserve[usize::from(f)][aux_index(kind)] = count;
                }
            } else if let Some(list) = rest.strip_prefix(':') {
                seen_fleets[usize::from(f)] = true;
                for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let w: Vec<&str> = item.split_whitespace().collect();
                    let (letter, squares, moved) = match w.as_slice() {
                        [l, s @ .., "moved"] => (l, s, true),
                        [l, s @ ..] => (l, s, false),
                        [] => unreachable!("non-empty"),
                    };
                    let kind = letter
                        .chars()
                        .next()
                        .filter(|_| letter.len() == 1)
                        .and_then(Kind::from_letter)
                        .ok_or_else(|| err(format!("{letter:?}: S, C, T, B or D")))?;
                    let need = if kind.is_long() { 2 } else { 1 };
                    if squares.len() != need {
                        return Err(err(format!("the {kind} takes {need} square(s)")));
                    }
                    let at = sq(squares[0])?;
                    let bow = squares.get(1).map(|s| sq(s)).transpose()?;
                    if let Some(b) = bow
                        && !at.touches(b)
                    {
                        return Err(err(format!("the {kind}'s stern and bow must touch")));
                    }
                    if kind == Kind::Submarine && !at.is_dark() {
                        return Err(err(format!(
                            "the submarine keeps to dark squares, not {at}"
                        )));
                    }
                    if pos.pieces.iter().any(|p| p.fleet == f && p.kind == kind) {
                        return Err(err(format!("fleet {} has two {kind}s", f + 1)));
                    }
                    pos.pieces.push(Piece {
                        fleet: f,
                        kind,
                        at,
                        bow,
                        heading: None,
                        moved,
                    });
                }
            } else {
                return Err(err(format!("cannot read {body:?}")));
            }
        }
        let fleets = pos.mode.fleets();
        for f in 0..4u8 {
            let in_play = f < fleets;
            if !in_play {
                if seen_fleets[usize::from(f)] {
                    return Err(SetupError {
                        line: 0,
                        why: format!("fleet {} in a game of {fleets} fleets", f + 1),
                    });
                }
                continue;
            }
            if pos.main_piece(f, Kind::Transport).is_none() {
                pos.out[usize::from(f)] = true;
            }
            if !reserve_given[usize::from(f)] {
                let cut = u8::from(options.handicapped.contains(&(f + 1)));
                let launched = |k: Kind| {
                    pos.pieces
                        .iter()
                        .filter(|p| p.fleet == f && p.kind == k)
                        .count() as u8
                };
                pos.reserve[usize::from(f)] = [
                    if pos.main_piece(f, Kind::Carrier).is_some() {
                        options.planes.saturating_sub(cut + launched(Kind::Plane))
                    } else {
                        0
                    },
                    options.shells.saturating_sub(cut + launched(Kind::Shell)),
                    options
                        .torpedoes
                        .saturating_sub(cut + launched(Kind::Torpedo)),
                ];
            }
        }
        if pos.to_move >= fleets {
            return Err(SetupError {
                line: 0,
                why: format!(
                    "fleet {} cannot move in a game of {fleets}",
                    pos.to_move + 1
                ),
            });
        }
        Ok(pos)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Size: {}", self.size)?;
        let mode = match self.mode {
            Mode::Two => "two",
            Mode::Teams => "teams",
            Mode::Royal => "royal",
        };
        writeln!(f, "Mode: {mode}")?;
        for fleet in 0..self.mode.fleets() {
            let main: Vec<String> = Kind::MAIN
                .iter()
                .filter_map(|k| self.main_piece(fleet, *k))
                .map(|p| {
                    let mut s = format!("{} {}", p.kind.letter(), p.at);
                    if let Some(b) = p.bow {
                        s.push_str(&format!(" {b}"));
                    }
                    if p.moved {
                        s.push_str(" moved");
                    }
                    s
                })
                .collect();
            writeln!(f, "Fleet {}: {}", fleet + 1, main.join(", "))?;
            let missiles: Vec<String> = self
                .pieces
                .iter()
                .filter(|p| p.fleet == fleet && p.kind.is_auxiliary())
                .map(|p| format!("{} {} {}", p.kind, p.at, p.heading.unwrap_or(Dir::N)))
                .collect();
            if !missiles.is_empty() {
                writeln!(f, "Fleet {} missiles: {}", fleet + 1, missiles.join(", "))?;
            }
            let r = self.reserve[usize::from(fleet)];
            writeln!(
                f,
                "Fleet {} reserve: {} planes, {} shells, {} torpedoes",
                fleet + 1,
                r[0],
                r[1],
                r[2]
            )?;
        }
        write!(f, "Fleet {} to move", self.to_move + 1)
    }
}

/// A Transport game in progress.
#[derive(Debug, Clone)]
pub struct Transport {
    pos: Position,
    start: Position,
    options: TransportOptions,
    frames: Vec<(Move, Position)>,
}

impl Transport {
    /// The standard setup for these options.
    pub fn new(options: TransportOptions) -> Result<Transport, String> {
        let chess_board = options.size == 8 && options.mode == Mode::Two;
        if !chess_board && (options.size < 9 || options.size.is_multiple_of(2) || options.size > 25)
        {
            return Err(format!(
                "board size {}: it must be odd, from 9 to 25, or 8 for two fleets",
                options.size
            ));
        }
        if options.mode == Mode::Teams && options.size < 11 {
            return Err(format!(
                "board size {}: two teams need 11 or more (on 9 x 9 the front fleets of the two sides start within a torpedo's launching run of each other's battleship)",
                options.size
            ));
        }
        let pos = Position::standard(&options).map_err(|e| e.to_string())?;
        Ok(Transport::from_position(pos, options))
    }

    /// A game from a position, played under `options` (its rules options replace the
    /// position's own).
    pub fn from_position(pos: Position, options: TransportOptions) -> Transport {
        let mut pos = pos;
        pos.rules = Rules::of(&options);
        Transport {
            start: pos.clone(),
            pos,
            options,
            frames: Vec::new(),
        }
    }

    /// A game from the setup text form.
    pub fn from_setup_text(text: &str, options: TransportOptions) -> Result<Transport, SetupError> {
        let pos = Position::parse(text, &options)?;
        let mut options = options;
        options.mode = pos.mode;
        options.size = pos.size;
        Ok(Transport::from_position(pos, options))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The options.
    pub fn options(&self) -> &TransportOptions {
        &self.options
    }

    /// The moves played.
    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        self.frames.iter().map(|f| &f.0)
    }

    /// The fleets of the team (or the lone fleet) of `fleet`.
    pub fn side_of(&self, fleet: u8) -> Vec<Fleet> {
        match self.pos.mode {
            Mode::Teams => vec![Fleet(fleet % 2), Fleet(fleet % 2 + 2)],
            _ => vec![Fleet(fleet)],
        }
    }
}

impl Game for Transport {
    type Move = Move;
    type Player = Fleet;

    fn players(&self) -> Vec<Fleet> {
        (0..self.pos.mode.fleets()).map(Fleet).collect()
    }

    fn to_move(&self) -> Fleet {
        Fleet(self.pos.to_move)
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_over() {
            return Vec::new();
        }
        let mut legal: Vec<Move> = self
            .pos
            .candidates()
            .into_iter()
            .filter(|m| self.pos.after(m).is_some())
            .collect();
        legal.sort();
        legal.dedup();
        if legal.is_empty() {
            legal.push(Move::Pass);
        }
        legal
    }

    fn play_unchecked(&mut self, mv: &Move) {
        let next = self.pos.after(mv).expect("a legal move");
        let before = std::mem::replace(&mut self.pos, next);
        self.frames.push((mv.clone(), before));
    }

    fn undo(&mut self) -> Option<Move> {
        let (mv, before) = self.frames.pop()?;
        self.pos = before;
        Some(mv)
    }

    fn outcome(&self) -> Outcome<Fleet> {
        let pos = &self.pos;
        let alive: Vec<u8> = (0..pos.mode.fleets())
            .filter(|f| !pos.out[usize::from(*f)])
            .collect();
        match pos.mode {
            Mode::Two | Mode::Royal => {
                if alive.len() == 1 {
                    return Outcome::Win(Fleet(alive[0]));
                }
                if alive.is_empty() {
                    return Outcome::Draw(DrawReason::InsufficientMaterial);
                }
            }
            Mode::Teams => {
                for team in 0..2u8 {
                    if alive.iter().all(|f| f % 2 == team) && !alive.is_empty() {
                        return Outcome::TeamWin(vec![Fleet(team), Fleet(team + 2)]);
                    }
                }
            }
        }
        if let Some(limit) = self.options.turn_limit
            && self.frames.len() >= limit as usize
        {
            return Outcome::Draw(DrawReason::MoveLimit);
        }
        Outcome::Ongoing
    }

    fn why_illegal(&self, mv: &Move) -> String {
        if self.pos.candidates().contains(mv) {
            return match self.pos.try_after(mv) {
                Err(why) => why.to_string(),
                Ok(_) => "the action is legal".into(),
            };
        }
        match mv {
            Move::Main { kind, .. } => format!("the {kind} does not move that way"),
            Move::Launch { kind, .. } if self.pos.reserve(self.pos.to_move, *kind) == 0 => {
                Illegal::EmptyReserve { kind: *kind }.to_string()
            }
            Move::Launch { kind, .. } => {
                let ships: Vec<&str> = self.pos.launchers(*kind).iter().map(|k| k.noun()).collect();
                format!(
                    "a {kind} is set from the reserve on a square touching its fleet's {}, pointed anywhere{}",
                    ships.join(" or "),
                    if kind.is_missile() {
                        " but at the ship that fires it"
                    } else {
                        ""
                    }
                )
            }
            Move::Advance { kind, .. } => format!("no such {kind} move"),
            Move::Pass => "a fleet passes only when it has no action".into(),
        }
    }

    fn move_text(&self, mv: &Move) -> String {
        let short = super::notation::print(mv);
        if matches!(
            mv,
            Move::Advance {
                kind: Kind::Plane,
                ..
            }
        ) && super::notation::read(self, &short).as_ref() != Ok(mv)
        {
            return super::notation::print_long(mv);
        }
        short
    }

    fn parse_move(&self, text: &str) -> Result<Move, crate::NotationError> {
        super::notation::read(self, text)
    }

    fn ply(&self) -> usize {
        self.frames.len()
    }
}
