//! A Transport position: the pieces, each fleet's reserve, fleets out of the game, whose
//! turn, the rules options its actions depend on, and a hash key of all of these kept up to
//! date move by move; its setup text form.

use super::board::{Dir, Sq};
use super::options::{MAX_AUXILIARIES, Mode, PlanePassing, TransportOptions, check_board};
use super::pieces::{Kind, Piece, can_sink};
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
///
/// Two positions are equal when they hold the same pieces, in whatever order they are listed
/// (a position read from its text lists each fleet's transport first, the standard setup
/// does not), with the same reserves, fleets out, fleet to move and rules.
#[derive(Debug, Clone)]
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
    /// How many pieces of each fleet cover each square, kept up to date with the pieces.
    pub(super) occupancy: Occupancy,
}

impl Position {
    /// The pieces in a fixed order, whatever the order they are kept in.
    fn sorted_pieces(&self) -> Vec<Piece> {
        let mut pieces = self.pieces.clone();
        pieces.sort_unstable();
        pieces
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.key == other.key
            && self.size == other.size
            && self.mode == other.mode
            && self.reserve == other.reserve
            && self.out == other.out
            && self.to_move == other.to_move
            && self.rules == other.rules
            && self.pieces.len() == other.pieces.len()
            && (self.pieces == other.pieces || self.sorted_pieces() == other.sorted_pieces())
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    /// Hashes what does not depend on the pieces' order: the key (a sum over the pieces),
    /// and the rest but the pieces.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
        self.size.hash(state);
        self.mode.hash(state);
        self.reserve.hash(state);
        self.out.hash(state);
        self.to_move.hash(state);
        self.rules.hash(state);
        self.pieces.len().hash(state);
    }
}

/// Squares per rank of [`Occupancy`]: the largest board's side.
const OCCUPANCY_SIDE: usize = 25;

/// How many pieces of each fleet (by its number's last two bits) cover each square of the
/// largest board, a square's counts as one number (a byte per fleet): whether a square
/// holds an enemy at all is one look-up, not a pass over the pieces. A function of the
/// pieces, so that equal pieces give equal occupancies.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct Occupancy(Vec<u32>);

impl Default for Occupancy {
    fn default() -> Occupancy {
        Occupancy(vec![0; OCCUPANCY_SIDE * OCCUPANCY_SIDE])
    }
}

impl fmt::Debug for Occupancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Occupancy")
    }
}

impl Occupancy {
    /// The counts of the pieces on `sq`, a byte per fleet (fleet 0 the lowest); `None` off
    /// the largest board.
    pub(super) fn at(&self, sq: Sq) -> Option<u32> {
        let (x, y) = (sq.x as u8 as usize, sq.y as u8 as usize);
        (x < OCCUPANCY_SIDE && y < OCCUPANCY_SIDE).then(|| self.0[y * OCCUPANCY_SIDE + x])
    }

    /// Counts `p` on its squares (`add`), or no longer.
    fn count(&mut self, p: &Piece, add: bool) {
        let one = 1u32 << (8 * (p.fleet & 3));
        let mut bump = |sq: Sq| {
            let (x, y) = (sq.x as u8 as usize, sq.y as u8 as usize);
            if x < OCCUPANCY_SIDE && y < OCCUPANCY_SIDE {
                let cell = &mut self.0[y * OCCUPANCY_SIDE + x];
                *cell = if add {
                    cell.wrapping_add(one)
                } else {
                    cell.wrapping_sub(one)
                };
            }
        };
        bump(p.at);
        if let Some(b) = p.bow {
            bump(b);
        }
    }

    /// Counts `new` in place of `old`.
    fn replace(&mut self, old: &Piece, new: &Piece) {
        if (old.fleet, old.at, old.bow) != (new.fleet, new.at, new.bow) {
            self.count(old, false);
            self.count(new, true);
        }
    }
}

/// The bytes of an [`Occupancy`] count of the fleets that are enemies of `fleet`.
pub(super) fn enemy_bytes(pos: &Position, fleet: u8) -> u32 {
    (0..4u8)
        .filter(|f| pos.enemies(fleet, *f))
        .fold(0, |m, f| m | 0xff << (8 * f))
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
            occupancy: Occupancy::default(),
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

    /// The occupancy counted afresh from the pieces.
    pub(super) fn compute_occupancy(&self) -> Occupancy {
        let mut occupancy = Occupancy::default();
        for p in &self.pieces {
            occupancy.count(p, true);
        }
        occupancy
    }

    pub(super) fn main_piece(&self, fleet: u8, kind: Kind) -> Option<&Piece> {
        self.pieces
            .iter()
            .find(|p| p.fleet == fleet && p.kind == kind)
    }

    /// Puts a piece on the board.
    pub(super) fn push_piece(&mut self, p: Piece) {
        self.key = self.key.wrapping_add(piece_key(&p));
        self.occupancy.count(&p, true);
        self.pieces.push(p);
    }

    /// Takes the piece at index `i` off the board.
    pub(super) fn remove_piece(&mut self, i: usize) -> Piece {
        let p = self.pieces.remove(i);
        self.occupancy.count(&p, false);
        self.key = self.key.wrapping_sub(piece_key(&p));
        p
    }

    /// Replaces the piece at index `i`.
    pub(super) fn set_piece(&mut self, i: usize, p: Piece) {
        let old = std::mem::replace(&mut self.pieces[i], p);
        self.occupancy.replace(&old, &p);
        self.key = self
            .key
            .wrapping_sub(piece_key(&old))
            .wrapping_add(piece_key(&p));
    }

    /// Puts a piece back at index `i` (undoing its removal), leaving the key be.
    pub(super) fn insert_piece_unkeyed(&mut self, i: usize, p: Piece) {
        self.occupancy.count(&p, true);
        self.pieces.insert(i, p);
    }

    /// Takes the last piece off (undoing its push), leaving the key be.
    pub(super) fn pop_piece_unkeyed(&mut self) {
        if let Some(p) = self.pieces.pop() {
            self.occupancy.count(&p, false);
        }
    }

    /// Replaces the piece at index `i` (undoing a change), leaving the key be.
    pub(super) fn set_piece_unkeyed(&mut self, i: usize, p: Piece) {
        let old = std::mem::replace(&mut self.pieces[i], p);
        self.occupancy.replace(&old, &p);
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
    /// Checks a position under `options` (its own board size and mode stand): what a setup
    /// text's reading checks, for a position however it was built. The board suits the mode;
    /// each piece belongs to a fleet in the game, stands on the board as its kind does (a
    /// long ship on two touching squares, a submarine on dark squares, an auxiliary with a
    /// heading); a fleet has one main piece of each kind, at most [`MAX_AUXILIARIES`] of each
    /// auxiliary, planes in reserve only with a carrier; a fleet is out exactly when its
    /// transport is gone (and then, but for two fleets, has nothing left); no two enemy
    /// pieces share a square where one sinks the other; and the fleet to move is in the
    /// game.
    pub fn check(&self, options: &TransportOptions) -> Result<(), SetupError> {
        check_board(self.size, self.mode)?;
        let mut held = options.clone();
        held.size = self.size;
        held.mode = self.mode;
        held.check_rules()?;
        let fleets = self.mode.fleets();
        let piece_error = |p: &Piece, why: &str| SetupError::Piece {
            fleet: p.fleet,
            kind: p.kind,
            at: p.at,
            why: why.to_string(),
        };
        let mut launched = [[0u16; 3]; 4];
        for (i, p) in self.pieces.iter().enumerate() {
            if p.fleet >= fleets {
                return Err(SetupError::NotInGame {
                    fleet: p.fleet.min(3),
                    mode: self.mode.word(),
                });
            }
            if !p.at.on(self.size) || p.bow.is_some_and(|b| !b.on(self.size)) {
                return Err(piece_error(p, "off the board"));
            }
            match (p.kind.is_long(), p.bow) {
                (true, None) => return Err(piece_error(p, "a long ship needs a bow square")),
                (true, Some(b)) if !p.at.touches(b) => {
                    return Err(piece_error(p, "its stern and bow must touch"));
                }
                (false, Some(_)) => return Err(piece_error(p, "it takes one square")),
                _ => {}
            }
            if p.kind == Kind::Submarine && !p.at.is_dark() {
                return Err(piece_error(p, "the submarine keeps to dark squares"));
            }
            if p.kind.is_auxiliary() {
                if p.heading.is_none() {
                    return Err(piece_error(p, "an auxiliary needs a heading"));
                }
                launched[usize::from(p.fleet)][aux_index(p.kind)] += 1;
            } else {
                if p.heading.is_some() {
                    return Err(piece_error(p, "a ship has no heading"));
                }
                if self.pieces[..i]
                    .iter()
                    .any(|q| q.fleet == p.fleet && q.kind == p.kind)
                {
                    return Err(SetupError::TwoMain {
                        fleet: p.fleet,
                        kind: p.kind,
                    });
                }
            }
        }
        for fleet in 0..4u8 {
            let f = usize::from(fleet);
            if fleet >= fleets {
                if self.reserve[f] != [0; 3] {
                    return Err(SetupError::NotInGame {
                        fleet,
                        mode: self.mode.word(),
                    });
                }
                continue;
            }
            for kind in Kind::AUXILIARY {
                let count =
                    u16::from(self.reserve[f][aux_index(kind)]) + launched[f][aux_index(kind)];
                if count > u16::from(MAX_AUXILIARIES) {
                    return Err(SetupError::TooManyAuxiliaries { fleet, kind, count });
                }
            }
            if self.reserve[f][aux_index(Kind::Plane)] > 0
                && self.main_piece(fleet, Kind::Carrier).is_none()
            {
                return Err(SetupError::PlanesWithoutCarrier { fleet });
            }
            let transport = self.main_piece(fleet, Kind::Transport).is_some();
            if transport == self.out[f] {
                return Err(SetupError::Out {
                    fleet,
                    why: if transport {
                        "it is out, yet its transport is on the board"
                    } else {
                        "its transport is gone, yet it is not out"
                    },
                });
            }
            if self.out[f]
                && self.mode != Mode::Two
                && (self.reserve[f] != [0; 3] || self.pieces.iter().any(|p| p.fleet == fleet))
            {
                return Err(SetupError::Out {
                    fleet,
                    why: "it is out, yet keeps pieces or a reserve",
                });
            }
        }
        for (j, b) in self.pieces.iter().enumerate() {
            for a in &self.pieces[..j] {
                if !self.enemies(a.fleet, b.fleet) {
                    continue;
                }
                let Some(square) = a.squares().find(|s| b.covers(*s)) else {
                    continue;
                };
                let (sinker, victim) = if can_sink(a.kind, b.kind) {
                    (a, b)
                } else if can_sink(b.kind, a.kind) {
                    (b, a)
                } else {
                    continue;
                };
                return Err(SetupError::Shared {
                    square,
                    sinker: (sinker.fleet, sinker.kind),
                    victim: (victim.fleet, victim.kind),
                });
            }
        }
        let alive = (0..fleets).any(|f| !self.out[usize::from(f)]);
        if self.to_move >= fleets {
            return Err(SetupError::ToMove {
                fleet: self.to_move,
                why: "it does not play in this mode",
            });
        }
        if alive && self.out[usize::from(self.to_move)] {
            return Err(SetupError::ToMove {
                fleet: self.to_move,
                why: "it is out (no transport)",
            });
        }
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A valid position to spoil: two fleets, a carrier with a plane aloft, a shell in the
    /// air.
    fn base() -> (Position, TransportOptions) {
        let options = TransportOptions::default();
        let pos = Position::parse(
            "Fleet 1: C d1 d2, T f1, S b2\n\
             Fleet 1 missiles: plane e4 N\n\
             Fleet 2: B f11 f10, T k11\n\
             Fleet 2 missiles: shell g8 S\n\
             Fleet 1 to move",
            &options,
        )
        .expect("a valid setup");
        (pos, options)
    }

    /// `pos` with piece `i` changed by `f`.
    fn with_piece(pos: &Position, i: usize, f: impl FnOnce(&mut Piece)) -> Position {
        let mut pos = pos.clone();
        let mut p = pos.pieces[i];
        f(&mut p);
        pos.set_piece(i, p);
        pos
    }

    fn index(pos: &Position, fleet: u8, kind: Kind) -> usize {
        pos.pieces
            .iter()
            .position(|p| p.fleet == fleet && p.kind == kind)
            .expect("the piece")
    }

    #[test]
    fn a_valid_position_and_every_standard_one_pass() {
        let (pos, options) = base();
        assert_eq!(pos.check(&options), Ok(()));
        for mode in [Mode::Two, Mode::Teams, Mode::Royal] {
            let options = TransportOptions {
                mode,
                ..TransportOptions::default()
            };
            let pos = Position::standard(&options).unwrap();
            assert_eq!(pos.check(&options), Ok(()), "{mode:?}");
        }
    }

    #[test]
    fn each_refusal_names_what_is_wrong() {
        let (pos, options) = base();
        let sq = |t: &str| Sq::parse(t).unwrap();
        let carrier = index(&pos, 0, Kind::Carrier);
        let sub = index(&pos, 0, Kind::Submarine);
        let plane = index(&pos, 0, Kind::Plane);
        let transport = index(&pos, 0, Kind::Transport);
        let why = |p: &Position| p.check(&options).expect_err("refused").to_string();

        let off = with_piece(&pos, transport, |p| p.at = Sq::new(11, 0));
        assert!(matches!(off.check(&options), Err(SetupError::Piece { .. })));
        assert!(why(&off).contains("off the board"), "{}", why(&off));
        let apart = with_piece(&pos, carrier, |p| p.bow = Some(sq("d4")));
        assert!(why(&apart).contains("stern and bow must touch"));
        let no_bow = with_piece(&pos, carrier, |p| p.bow = None);
        assert!(why(&no_bow).contains("needs a bow"));
        let light = with_piece(&pos, sub, |p| p.at = sq("b1"));
        assert!(why(&light).contains("dark squares"), "{}", why(&light));
        let unpointed = with_piece(&pos, plane, |p| p.heading = None);
        assert!(why(&unpointed).contains("heading"));

        let mut two = pos.clone();
        two.push_piece(Piece {
            at: sq("h1"),
            ..pos.pieces[transport]
        });
        assert_eq!(
            two.check(&options),
            Err(SetupError::TwoMain {
                fleet: 0,
                kind: Kind::Transport
            })
        );

        let mut stranger = pos.clone();
        stranger.push_piece(Piece {
            fleet: 2,
            ..pos.pieces[transport]
        });
        assert!(matches!(
            stranger.check(&options),
            Err(SetupError::NotInGame { fleet: 2, .. })
        ));

        let mut many = pos.clone();
        many.set_reserve(0, Kind::Plane, MAX_AUXILIARIES);
        assert_eq!(
            many.check(&options),
            Err(SetupError::TooManyAuxiliaries {
                fleet: 0,
                kind: Kind::Plane,
                count: u16::from(MAX_AUXILIARIES) + 1
            })
        );

        let mut no_carrier = pos.clone();
        no_carrier.remove_piece(carrier);
        no_carrier.set_reserve(0, Kind::Plane, 1);
        assert_eq!(
            no_carrier.check(&options),
            Err(SetupError::PlanesWithoutCarrier { fleet: 0 })
        );

        let mut lost = pos.clone();
        lost.remove_piece(index(&pos, 1, Kind::Transport));
        assert!(matches!(
            lost.check(&options),
            Err(SetupError::Out { fleet: 1, .. })
        ));
        let mut out = pos.clone();
        out.set_out(1);
        assert!(why(&out).contains("it is out, yet its transport is on the board"));

        // The enemy shell set on the transport's square: the shell sinks it.
        let shared = with_piece(&pos, index(&pos, 1, Kind::Shell), |p| p.at = sq("f1"));
        assert_eq!(
            shared.check(&options),
            Err(SetupError::Shared {
                square: sq("f1"),
                sinker: (1, Kind::Shell),
                victim: (0, Kind::Transport)
            })
        );

        let mut beyond = pos.clone();
        beyond.to_move = 3;
        assert!(matches!(
            beyond.check(&options),
            Err(SetupError::ToMove { fleet: 3, .. })
        ));

        let mut small = pos.clone();
        small.size = 10;
        assert!(matches!(small.check(&options), Err(SetupError::Options(_))));

        let handicapped = TransportOptions {
            handicapped: vec![3],
            ..options.clone()
        };
        assert!(matches!(
            pos.check(&handicapped),
            Err(SetupError::Options(_))
        ));
    }

    #[test]
    fn a_game_from_a_checked_position_refuses_a_bad_one() {
        let (pos, options) = base();
        let mut bad = pos.clone();
        bad.to_move = 3;
        assert!(super::super::Transport::from_checked_position(bad, options.clone()).is_err());
        let game = super::super::Transport::from_checked_position(pos.clone(), options).unwrap();
        assert_eq!(game.start(), &pos);
    }
}
