//! A Transport position: the pieces, each fleet's reserve, fleets out of the game, whose
//! turn, the rules options its actions depend on, and a hash key of all of these kept up to
//! date move by move; its setup text form.

use super::board::{Dir, Sq};
use super::options::{Mode, PlanePassing, TransportOptions};
use super::pieces::{Kind, Piece};
use super::setup::SetupError;
use std::fmt;

/// The options a position's actions depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(super) struct Rules {
    pub(super) plane_passing: PlanePassing,
    pub(super) torpedo_launch_off_board: bool,
    pub(super) armed_transport: bool,
}

impl Rules {
    pub(super) fn of(options: &TransportOptions) -> Rules {
        Rules {
            plane_passing: options.plane_passing,
            torpedo_launch_off_board: options.torpedo_launch_off_board,
            armed_transport: options.armed_transport,
        }
    }
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
    pub(super) reserve: [[u8; 3]; 4],
    pub(super) out: [bool; 4],
    pub(super) to_move: u8,
    pub(super) rules: Rules,
    pub(super) key: u64,
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
    pub(super) fn remove_piece(&mut self, i: usize) -> Piece {
        let p = self.pieces.remove(i);
        self.key = self.key.wrapping_sub(piece_key(&p));
        p
    }

    /// Replaces the piece at index `i`.
    pub(super) fn set_piece(&mut self, i: usize, p: Piece) {
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
}

impl Position {
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
