//! A Transport game: fleets, reserves, turns of one action (move a main piece, launch an
//! auxiliary, advance one), entering and passing squares by the vulnerability table, the
//! end when transports are sunk, and the draw of a game that goes nowhere.

use super::board::{Dir, Sq};
use super::pieces::{Kind, Piece, can_sink};
use crate::game::{DrawReason, Game, Outcome, PlayError};
use std::fmt;

pub use super::options::{Mode, OptionsError, PlanePassing, TransportOptions};
pub use super::setup::SetupError;

/// The options a position's actions depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(super) struct Rules {
    pub(super) plane_passing: PlanePassing,
    pub(super) torpedo_launch_off_board: bool,
    pub(super) armed_transport: bool,
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

/// A position: the pieces, each fleet's reserve, fleets out of the game, whose turn, and
/// a hash key of all of these kept up to date move by move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// Squares per side.
    pub size: u8,
    /// Two fleets, teams or battle royal.
    pub mode: Mode,
    pub(super) pieces: Vec<Piece>,
    /// Planes, shells, torpedoes in reserve, per fleet.
    reserve: [[u8; 3]; 4],
    out: [bool; 4],
    to_move: u8,
    pub(super) rules: Rules,
    key: u64,
}

/// A reserve's place in a fleet's reserve: planes, shells, torpedoes.
pub(super) fn aux_index(kind: Kind) -> usize {
    match kind {
        Kind::Plane => 0,
        Kind::Shell => 1,
        _ => 2,
    }
}

/// SplitMix64's finaliser: a well-mixed 64-bit value from any input.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A piece's share of the key. Keys are summed (not xored), so that two identical pieces
/// on one square do not cancel out.
fn piece_key(p: &Piece) -> u64 {
    let sq = |s: Sq| u64::from(s.x as u8) | (u64::from(s.y as u8) << 8);
    let bow = p.bow.map_or(0, |b| 0x1_0000 | sq(b));
    let heading = p.heading.map_or(0, |h| h.index() as u64 + 1);
    mix(u64::from(p.fleet)
        | (p.kind as u64) << 4
        | sq(p.at) << 8
        | bow << 24
        | heading << 48
        | u64::from(p.moved) << 56)
}

/// A reserve count's share of the key.
fn reserve_key(fleet: u8, kind: usize, count: u8) -> u64 {
    mix(0x5245_5345_0000_0000 | u64::from(fleet) << 16 | (kind as u64) << 8 | u64::from(count))
}

/// The share of the key of the fleet to move.
fn turn_key(fleet: u8) -> u64 {
    mix(0x5455_524e_0000_0000 | u64::from(fleet))
}

/// The share of the key of a fleet out of the game.
fn out_key(fleet: u8) -> u64 {
    mix(0x4f55_5400_0000_0000 | u64::from(fleet))
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
}

impl Record for () {}

/// What a Transport action did ([`Game::play_effect`]): enough to show it without comparing
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
    /// An empty board of `size` in `mode`, under the rules of `options`, Fleet 1 to move.
    pub(super) fn empty(size: u8, mode: Mode, options: &TransportOptions) -> Position {
        let mut pos = Position {
            size,
            mode,
            pieces: Vec::new(),
            reserve: [[0; 3]; 4],
            out: [false; 4],
            to_move: 0,
            rules: Rules::of(options),
            key: 0,
        };
        pos.key = pos.compute_key();
        pos
    }

    /// The standard setup for `options` (from the data files in `setups/`, spread to the
    /// board size with the transports in the centre file; the 8 x 8 board, two fleets
    /// only, has its own file).
    pub fn standard(options: &TransportOptions) -> Result<Position, SetupError> {
        options.check()?;
        if options.size == 8 {
            return Position::parse(include_str!("setups/two_8x8.txt"), options);
        }
        let text = match options.mode {
            Mode::Two => include_str!("setups/two.txt"),
            Mode::Teams => include_str!("setups/teams.txt"),
            Mode::Royal => include_str!("setups/royal.txt"),
        };
        let mut pos = Position::parse(
            text,
            &TransportOptions {
                size: 11,
                ..options.clone()
            },
        )?;
        if options.size != 11 {
            let n = options.size as i8;
            let map = |v: i8| match v.cmp(&5) {
                std::cmp::Ordering::Less => v,
                std::cmp::Ordering::Equal => (n - 1) / 2,
                std::cmp::Ordering::Greater => n - 1 - (10 - v),
            };
            for i in 0..pos.pieces.len() {
                let mut p = pos.pieces[i];
                p.at = Sq::new(map(p.at.x), map(p.at.y));
                p.bow = p.bow.map(|b| Sq::new(map(b.x), map(b.y)));
                pos.set_piece(i, p);
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

    /// A fleet's auxiliaries of `kind` in reserve (0 for a fleet not in the game).
    pub fn reserve(&self, fleet: u8, kind: Kind) -> u8 {
        self.reserve
            .get(usize::from(fleet))
            .map_or(0, |r| r[aux_index(kind)])
    }

    /// A fleet's whole reserve: planes, shells, torpedoes.
    pub(super) fn reserve_of(&self, fleet: u8) -> [u8; 3] {
        self.reserve[usize::from(fleet)]
    }

    /// Whether a fleet is out (its transport sunk).
    pub fn is_out(&self, fleet: u8) -> bool {
        self.out.get(usize::from(fleet)).copied().unwrap_or(true)
    }

    /// Whether two fleets are enemies.
    pub fn enemies(&self, a: u8, b: u8) -> bool {
        match self.mode {
            Mode::Teams => a % 2 != b % 2,
            _ => a != b,
        }
    }

    /// A hash key of the position (pieces, reserves, fleets out, the fleet to move), kept
    /// up to date as actions are played: equal positions have equal keys, for a search
    /// engine's transposition table.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key computed afresh from the position.
    pub(super) fn compute_key(&self) -> u64 {
        let mut key = turn_key(self.to_move);
        for p in &self.pieces {
            key = key.wrapping_add(piece_key(p));
        }
        for fleet in 0..4u8 {
            for kind in 0..3 {
                key = key.wrapping_add(reserve_key(
                    fleet,
                    kind,
                    self.reserve[usize::from(fleet)][kind],
                ));
            }
            if self.out[usize::from(fleet)] {
                key = key.wrapping_add(out_key(fleet));
            }
        }
        key
    }

    pub(super) fn main_piece(&self, fleet: u8, kind: Kind) -> Option<&Piece> {
        self.pieces
            .iter()
            .find(|p| p.fleet == fleet && p.kind == kind)
    }

    /// Puts a piece on the board.
    pub(super) fn push_piece(&mut self, p: Piece) {
        self.key = self.key.wrapping_add(piece_key(&p));
        self.pieces.push(p);
    }

    /// Takes the piece at index `i` off the board.
    fn remove_piece(&mut self, i: usize) -> Piece {
        let p = self.pieces.remove(i);
        self.key = self.key.wrapping_sub(piece_key(&p));
        p
    }

    /// Replaces the piece at index `i`.
    fn set_piece(&mut self, i: usize, p: Piece) {
        let old = std::mem::replace(&mut self.pieces[i], p);
        self.key = self
            .key
            .wrapping_sub(piece_key(&old))
            .wrapping_add(piece_key(&p));
    }

    /// Sets a fleet's reserve of `kind`.
    pub(super) fn set_reserve(&mut self, fleet: u8, kind: Kind, count: u8) {
        let k = aux_index(kind);
        let old = std::mem::replace(&mut self.reserve[usize::from(fleet)][k], count);
        self.key = self
            .key
            .wrapping_sub(reserve_key(fleet, k, old))
            .wrapping_add(reserve_key(fleet, k, count));
    }

    /// Marks a fleet out of the game.
    pub(super) fn set_out(&mut self, fleet: u8) {
        if !std::mem::replace(&mut self.out[usize::from(fleet)], true) {
            self.key = self.key.wrapping_add(out_key(fleet));
        }
    }

    /// Sets the fleet to move.
    pub(super) fn set_to_move(&mut self, fleet: u8) {
        self.key = self
            .key
            .wrapping_sub(turn_key(self.to_move))
            .wrapping_add(turn_key(fleet));
        self.to_move = fleet;
    }

    /// Sinks `victim` (an index into the pieces).
    fn sink(&mut self, victim: usize, rec: &mut impl Record) {
        let p = self.remove_piece(victim);
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
                            rec.removed(self.remove_piece(i));
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

    /// The mover (index `mover`) enters `sq`: vulnerable enemies there are sunk; refused
    /// if an enemy able to sink the mover remains. A missile that sinks goes back to
    /// reserve; `*gone` is set then. Returns whether anything was sunk.
    fn enter(
        &mut self,
        mover: usize,
        sq: Sq,
        gone: &mut bool,
        rec: &mut impl Record,
    ) -> Result<bool, Illegal> {
        let me = self.pieces[mover];
        // Most squares entered hold no enemy: a quick look, without branches.
        let enemy: u8 = (0..4u8)
            .filter(|f| self.enemies(me.fleet, *f))
            .fold(0, |m, f| m | 1 << f);
        let mut there = 0u8;
        for p in &self.pieces {
            let covers = (p.at == sq) | (p.bow == Some(sq));
            there |= u8::from(covers) & (enemy >> (p.fleet & 3));
        }
        if there & 1 == 0 {
            return Ok(false);
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
            self.remove_piece(m);
            let left = self.reserve(me.fleet, me.kind);
            self.set_reserve(me.fleet, me.kind, left + 1);
            rec.returned();
            *gone = true;
            return Ok(true);
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
            None => Ok(sank),
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
                self.set_piece(i, moved);
                // A destroyer's double step passes its middle square.
                if *kind == Kind::Destroyer && !old.moved {
                    let dx = (to.0.x - from.0.x).signum();
                    let dy = (to.0.y - from.0.y).signum();
                    if (to.0.x - from.0.x).abs() == 2 || (to.0.y - from.0.y).abs() == 2 {
                        let mid = Sq::new(from.0.x + dx, from.0.y + dy);
                        self.pass_over(&moved, mid)?;
                    }
                }
                for sq in [to.0].into_iter().chain(to.1) {
                    if old.covers(sq) {
                        continue;
                    }
                    let idx = self
                        .pieces
                        .iter()
                        .position(|p| *p == moved)
                        .ok_or(Illegal::NoPiece { kind: *kind })?;
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
                self.push_piece(Piece {
                    fleet: me,
                    kind: *kind,
                    at: *at,
                    bow: None,
                    heading: Some(*heading),
                    moved: false,
                });
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
                        self.remove_piece(idx);
                        let left = self.reserve(me, *kind);
                        self.set_reserve(me, *kind, left + 1);
                        rec.returned();
                    } else {
                        let run = Piece {
                            at: next,
                            ..self.pieces[idx]
                        };
                        self.set_piece(idx, run);
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
                    self.remove_piece(i);
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
                self.set_piece(i, moved);
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
    /// `Size:` and `Mode:` default to the options'. A fleet's reserve defaults to the
    /// options' counts less what it has launched. Every error names the line at fault.
    pub fn parse(text: &str, options: &TransportOptions) -> Result<Position, SetupError> {
        super::setup::parse(text, options)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Size: {}", self.size)?;
        writeln!(f, "Mode: {}", self.mode.word())?;
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

/// What undoing an action restores.
#[derive(Debug, Clone)]
struct Frame {
    mv: Move,
    before: Position,
    quiet: u32,
}

/// A Transport game in progress.
#[derive(Debug, Clone)]
pub struct Transport {
    pos: Position,
    start: Position,
    options: TransportOptions,
    frames: Vec<Frame>,
    /// Actions in a row with nothing sunk.
    quiet: u32,
}

impl Transport {
    /// The standard setup for these options, which are checked first.
    pub fn new(options: TransportOptions) -> Result<Transport, OptionsError> {
        options.check()?;
        let pos = Position::standard(&options).map_err(|e| match e {
            SetupError::Options(e) => e,
            other => unreachable!("the standard setups are read without fault: {other}"),
        })?;
        Ok(Transport::from_position(pos, options))
    }

    /// A game from a position, played under `options` (its rules options replace the
    /// position's own; its limits end the game).
    pub fn from_position(pos: Position, options: TransportOptions) -> Transport {
        let mut pos = pos;
        pos.rules = Rules::of(&options);
        Transport {
            start: pos.clone(),
            pos,
            options,
            frames: Vec::new(),
            quiet: 0,
        }
    }

    /// A game from the setup text form, under `options` (checked first; the text's
    /// `Size:` and `Mode:` replace theirs).
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
        self.frames.iter().map(|f| &f.mv)
    }

    /// The current position's hash key (see [`Position::key`]).
    pub fn key(&self) -> u64 {
        self.pos.key()
    }

    /// Actions played in a row with nothing sunk (counted toward `no_progress_actions`).
    pub fn quiet_actions(&self) -> u32 {
        self.quiet
    }

    /// Plays a legal action, telling `rec` what it sinks and sends back to reserve.
    fn apply(&mut self, mv: &Move, rec: &mut impl Record) {
        let before = self.pos.clone();
        let sank = self.pos.apply_with(mv, rec).expect("a legal move");
        self.frames.push(Frame {
            mv: mv.clone(),
            before,
            quiet: self.quiet,
        });
        self.quiet = if sank {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        debug_assert_eq!(self.pos.key, self.pos.compute_key(), "the key after {mv:?}");
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
    type Options = TransportOptions;
    type Setup = Position;
    type OptionsError = OptionsError;
    type SetupError = SetupError;
    type Effect = TransportEffect;

    fn from_options(options: TransportOptions) -> Result<Transport, OptionsError> {
        Transport::new(options)
    }

    /// The position's board size and mode replace the options' (as a setup text's `Size:`
    /// and `Mode:` lines do); the other options are checked, and the position against them.
    fn from_setup(setup: Position, options: TransportOptions) -> Result<Transport, SetupError> {
        let mut options = options;
        options.size = setup.size;
        options.mode = setup.mode;
        options.check_rules()?;
        Ok(Transport::from_position(setup, options))
    }

    fn parse_setup(text: &str, options: &TransportOptions) -> Result<Position, SetupError> {
        Position::parse(text, options)
    }

    fn setup_text(setup: &Position) -> String {
        setup.to_string()
    }

    fn is_standard_setup(&self) -> bool {
        Position::standard(&self.options).is_ok_and(|p| p == self.start)
    }

    fn options(&self) -> &TransportOptions {
        &self.options
    }

    fn start(&self) -> &Position {
        &self.start
    }

    fn history(&self) -> Vec<Move> {
        self.frames.iter().map(|f| f.mv.clone()).collect()
    }

    fn play_effect(&mut self, mv: &Move) -> Result<TransportEffect, PlayError> {
        crate::game::check_move(self, mv)?;
        let me = self.pos.to_move;
        let mut effect = TransportEffect {
            fleet: me,
            ..TransportEffect::default()
        };
        let before = match mv {
            Move::Main { kind, from, .. } => self
                .pos
                .pieces
                .iter()
                .find(|p| p.fleet == me && p.kind == *kind && (p.at, p.bow) == *from)
                .copied(),
            Move::Advance {
                kind,
                from,
                heading,
                ..
            } => self
                .pos
                .pieces
                .iter()
                .find(|p| {
                    p.fleet == me && p.kind == *kind && p.at == *from && p.heading == Some(*heading)
                })
                .copied(),
            Move::Launch { .. } | Move::Pass => None,
        };
        self.apply(mv, &mut effect);
        effect.before = before;
        let on_board = |p: Piece| self.pos.pieces.contains(&p).then_some(p);
        match mv {
            Move::Pass => {}
            Move::Main { kind, from, to } => {
                let double = (to.0.x - from.0.x).abs() == 2 || (to.0.y - from.0.y).abs() == 2;
                if double {
                    let (dx, dy) = ((to.0.x - from.0.x).signum(), (to.0.y - from.0.y).signum());
                    effect.path.push(Sq::new(from.0.x + dx, from.0.y + dy));
                }
                effect.path.push(to.0);
                effect.after = self.pos.main_piece(me, *kind).copied();
            }
            Move::Launch { kind, at, heading } => {
                effect.path.push(*at);
                // A torpedo that sinks where it is set goes back to reserve at once; else it
                // runs one square on.
                let ran = *kind == Kind::Torpedo && !effect.sunk.iter().any(|p| p.covers(*at));
                let end = if ran { at.step(*heading) } else { *at };
                if ran {
                    effect.path.push(end);
                }
                if !effect.returned {
                    effect.after = on_board(Piece {
                        fleet: me,
                        kind: *kind,
                        at: end,
                        bow: None,
                        heading: Some(*heading),
                        moved: false,
                    });
                }
            }
            Move::Advance {
                from,
                heading,
                to,
                repoint,
                ..
            } => {
                match to {
                    Some(to) => {
                        if (to.x - from.x).abs() == 2 || (to.y - from.y).abs() == 2 {
                            effect.path.push(from.step(*heading));
                        }
                        effect.path.push(*to);
                    }
                    None => effect.path.push(from.step(*heading)),
                }
                if let (Some(to), Some(b), false) = (to, before, effect.returned) {
                    effect.after = on_board(Piece {
                        at: *to,
                        heading: Some(*repoint),
                        ..b
                    });
                }
            }
        }
        Ok(effect)
    }

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
        let mut legal = Vec::with_capacity(256);
        self.pos.each_legal(&mut legal);
        if legal.is_empty() {
            legal.push(Move::Pass);
        }
        legal
    }

    fn legal_move_count(&self) -> usize {
        if self.outcome().is_over() {
            return 0;
        }
        let mut n = 0usize;
        self.pos.each_legal(&mut n);
        n.max(1)
    }

    fn play_unchecked(&mut self, mv: &Move) {
        self.apply(mv, &mut ());
    }

    fn undo(&mut self) -> Option<Move> {
        let frame = self.frames.pop()?;
        self.pos = frame.before;
        self.quiet = frame.quiet;
        Some(frame.mv)
    }

    fn outcome(&self) -> Outcome<Fleet> {
        let pos = &self.pos;
        let fleets = pos.mode.fleets();
        let alive = |f: &u8| !pos.out[usize::from(*f)];
        let count = (0..fleets).filter(alive).count();
        match pos.mode {
            Mode::Two | Mode::Royal => {
                if let (1, Some(f)) = (count, (0..fleets).find(alive)) {
                    return Outcome::Win(Fleet(f));
                }
                if count == 0 {
                    return Outcome::Draw(DrawReason::InsufficientMaterial);
                }
            }
            Mode::Teams => {
                for team in 0..2u8 {
                    if count > 0 && (0..fleets).filter(alive).all(|f| f % 2 == team) {
                        return Outcome::TeamWin(vec![Fleet(team), Fleet(team + 2)]);
                    }
                }
            }
        }
        if let Some(limit) = self.options.no_progress_actions
            && self.quiet >= limit
        {
            return Outcome::Draw(DrawReason::MoveLimit);
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
