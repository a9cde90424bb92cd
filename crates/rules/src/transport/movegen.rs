//! Transport's legal actions, generated fast: one pass over the pieces marks, square by
//! square, the enemy pieces that matter to an entry (a byte of flags per square on the
//! stack, no allocation), then each action of the fleet to move is judged by a look-up.
//!
//! Only planes, shells, torpedoes and destroyers sink anything, and nothing sinks a shell or
//! a torpedo, so an entry is refused exactly when an enemy that can sink the mover stands
//! on the square and the mover cannot sink it, in every mode alike. The few checks that
//! need a piece's heading are left to the full rules ([`Position::try_after`]).

use super::board::{DELTAS, Dir, Sq};
use super::game::{Move, Position};
use super::options::{MAX_AUXILIARIES, PlanePassing};
use super::pieces::{Kind, Piece};

/// Squares off the board on each side in the flag array: as far as a double step leads.
const MARGIN: i8 = 2;

/// An enemy shell on the square.
const SHELL: u8 = 1;
/// An enemy torpedo.
const TORPEDO: u8 = 2;
/// An enemy plane.
const PLANE: u8 = 4;
/// An enemy destroyer.
const DESTROYER: u8 = 8;
/// An enemy battleship, carrier or transport: what a torpedo sinks.
const HULL: u8 = 32;
/// Off the board.
const OFF: u8 = 128;

/// What bars a transport, carrier or battleship from entering: shells, torpedoes, planes.
const BARS_SHIP: u8 = SHELL | TORPEDO | PLANE;
/// What bars a destroyer from entering or passing: shells and planes.
const BARS_DESTROYER: u8 = SHELL | PLANE;
/// What bars a submarine: the destroyer's ram and planes.
const BARS_SUBMARINE: u8 = DESTROYER | PLANE;

/// The flag arrays of the boards up to some side: a board and its margin of [`MARGIN`] on
/// every side, `1 << SHIFT` squares a rank, so that the arrays of the usual boards are small.
trait Grid {
    /// Squares per rank: `1 << SHIFT`.
    const SHIFT: usize;
    /// A flag array.
    type Flags: Copy + AsRef<[u8]> + AsMut<[u8]>;
    /// The flag array of an empty board of side `n`: every square off the board, up to the
    /// margin, marked [`OFF`].
    fn empty(n: u8) -> Self::Flags;
    /// A flag array all zero.
    fn zeroed() -> Self::Flags;

    /// A square's place in the flag array (a square up to [`MARGIN`] off the board has one).
    #[inline(always)]
    fn index(s: Sq) -> usize {
        let corner = (MARGIN as isize) << Self::SHIFT | MARGIN as isize;
        ((isize::from(s.y) << Self::SHIFT) + isize::from(s.x) + corner) as usize
    }
}

/// The flag arrays of every board side below `B`, with `S` squares in all and `1 << shift`
/// a rank.
const fn empty_boards<const S: usize, const B: usize>(shift: usize) -> [[u8; S]; B] {
    let mut boards = [[OFF; S]; B];
    let mut n = 0;
    while n < B {
        let mut y = 0;
        while y < n {
            let mut x = 0;
            while x < n {
                boards[n][(y + MARGIN as usize) << shift | (x + MARGIN as usize)] = 0;
                x += 1;
            }
            y += 1;
        }
        n += 1;
    }
    boards
}

/// Boards up to 12 squares a side (the standard 11 x 11 and 8 x 8): 16 squares a rank.
struct Small;

/// [`Small`]'s empty boards.
static EMPTY_SMALL: [[u8; 256]; 13] = empty_boards(4);

impl Grid for Small {
    const SHIFT: usize = 4;
    type Flags = [u8; 256];
    #[inline(always)]
    fn empty(n: u8) -> [u8; 256] {
        EMPTY_SMALL[usize::from(n)]
    }
    #[inline(always)]
    fn zeroed() -> [u8; 256] {
        [0; 256]
    }
}

/// Boards up to the largest, 25 squares a side: 32 squares a rank.
struct Large;

/// [`Large`]'s empty boards.
static EMPTY_LARGE: [[u8; 1024]; 26] = empty_boards(5);

impl Grid for Large {
    const SHIFT: usize = 5;
    type Flags = [u8; 1024];
    #[inline(always)]
    fn empty(n: u8) -> [u8; 1024] {
        EMPTY_LARGE[usize::from(n)]
    }
    #[inline(always)]
    fn zeroed() -> [u8; 1024] {
        [0; 1024]
    }
}

/// The heading's index in [`Dir::ALL`] by `(dx.signum() + 1) * 3 + dy.signum() + 1`.
const LINE: [u8; 9] = [5, 6, 7, 4, 8, 0, 3, 2, 1];

/// The index of the heading from `a` along which `b` lies, if it lies on one of the eight
/// lines from `a`.
fn line_to(a: Sq, b: Sq) -> Option<usize> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    if dx != 0 && dy != 0 && dx.abs() != dy.abs() {
        return None;
    }
    let d = LINE[((dx.signum() + 1) * 3 + dy.signum() + 1) as usize];
    (d < 8).then_some(usize::from(d))
}

/// Whether a plane may enter a square with these flags: not where an enemy shell stands
/// (it sinks every enemy plane; nothing sinks it).
fn plane_may_enter(flags: u8) -> bool {
    flags & SHELL == 0
}

/// Where generated actions go: a list, or a count.
pub(super) trait Sink {
    /// Takes one action.
    fn one(&mut self, mv: Move);
    /// Takes the moves of the main piece `p` to its targets in `mask` (bit `i` for
    /// [`main_target`]`(p, i)`), in the order of the bits.
    fn main(&mut self, p: &Piece, mask: u32);
    /// Takes eight actions, `make(d)` for each heading `d` not barred (bit `i` of `barred`
    /// for `Dir::ALL[i]`).
    fn eight(&mut self, barred: u8, make: impl Fn(Dir) -> Move);
    /// Takes the advances of the plane `p` to its landing squares in `mask` (bit `i` for
    /// [`plane_target`]`(p, i)`), in the order of the bits, each with its eight new headings.
    fn plane(&mut self, p: &Piece, mask: u16);
}

impl Sink for Vec<Move> {
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        self.push(mv);
    }

    #[inline(always)]
    fn main(&mut self, p: &Piece, mut mask: u32) {
        while mask != 0 {
            let i = mask.trailing_zeros();
            mask &= mask - 1;
            self.push(main_move(p, i));
        }
    }

    #[inline(always)]
    fn plane(&mut self, p: &Piece, mut mask: u16) {
        while mask != 0 {
            let i = mask.trailing_zeros();
            mask &= mask - 1;
            let first = plane_move(p, i);
            self.extend(Dir::ALL.map(|d| headed(&first, d)));
        }
    }

    #[inline(always)]
    fn eight(&mut self, barred: u8, make: impl Fn(Dir) -> Move) {
        if barred == 0 {
            self.extend([
                make(Dir::N),
                make(Dir::NE),
                make(Dir::E),
                make(Dir::SE),
                make(Dir::S),
                make(Dir::SW),
                make(Dir::W),
                make(Dir::NW),
            ]);
        } else {
            for (i, d) in Dir::ALL.into_iter().enumerate() {
                if barred & (1 << i) == 0 {
                    self.push(make(d));
                }
            }
        }
    }
}

impl Sink for usize {
    #[inline(always)]
    fn one(&mut self, _: Move) {
        *self += 1;
    }

    #[inline(always)]
    fn main(&mut self, _: &Piece, mask: u32) {
        *self += mask.count_ones() as usize;
    }

    #[inline(always)]
    fn eight(&mut self, barred: u8, _: impl Fn(Dir) -> Move) {
        *self += 8 - barred.count_ones() as usize;
    }

    #[inline(always)]
    fn plane(&mut self, _: &Piece, mask: u16) {
        *self += 8 * mask.count_ones() as usize;
    }
}

/// Generated actions as the generator sends them, without building the runs of eight or a
/// main piece's moves: a single action, the first of a run (heading north) with the headings
/// barred, or a main piece with its targets, so that one action at a given place of the list
/// is found without writing out every action.
#[derive(Debug, Default)]
pub(super) struct Runs {
    /// Each entry, and how many actions it stands for.
    list: Vec<(Entry, u8)>,
    /// How many actions in all.
    total: usize,
}

/// One entry of [`Runs`].
#[derive(Debug)]
enum Entry {
    /// A single action.
    One(Move),
    /// A run of up to eight actions: the first (heading north), and the headings barred.
    Eight(Move, u8),
    /// A main piece's moves: the piece, and its targets as [`Sink::main`] takes them.
    Main(Piece, u32),
    /// A plane's advances: the plane, and its landing squares as [`Sink::plane`] takes them.
    Plane(Piece, u16),
}

impl Runs {
    /// Empties the list, keeping its room.
    pub(super) fn clear(&mut self) {
        self.list.clear();
        self.total = 0;
    }

    /// How many actions the list holds.
    pub(super) fn total(&self) -> usize {
        self.total
    }

    /// The action at place `k` of the list written out in full (as a `Vec<Move>` sink
    /// writes it), if there is one.
    pub(super) fn nth(&self, mut k: usize) -> Option<Move> {
        let (entry, _) = self.list.iter().find(|(_, count)| {
            let here = k < usize::from(*count);
            if !here {
                k -= usize::from(*count);
            }
            here
        })?;
        match entry {
            Entry::One(mv) => Some(mv.clone()),
            Entry::Eight(mv, barred) => {
                let d = Dir::ALL
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| barred & (1 << i) == 0)
                    .nth(k)
                    .map(|(_, d)| d)?;
                Some(headed(mv, d))
            }
            Entry::Main(p, mask) => {
                let mut mask = *mask;
                for _ in 0..k {
                    mask &= mask.wrapping_sub(1);
                }
                (mask != 0).then(|| main_move(p, mask.trailing_zeros()))
            }
            Entry::Plane(p, mask) => {
                let mut mask = *mask;
                for _ in 0..k / 8 {
                    mask &= mask.wrapping_sub(1);
                }
                (mask != 0).then(|| headed(&plane_move(p, mask.trailing_zeros()), Dir::ALL[k % 8]))
            }
        }
    }
}

/// A run's action turned to heading `d`: a launch's heading, a plane's new heading.
fn headed(mv: &Move, d: Dir) -> Move {
    match mv.clone() {
        Move::Launch { kind, at, .. } => Move::Launch {
            kind,
            at,
            heading: d,
        },
        Move::Advance {
            kind,
            from,
            heading,
            to,
            ..
        } => Move::Advance {
            kind,
            from,
            heading,
            to,
            repoint: d,
        },
        other => other,
    }
}

impl Sink for Runs {
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        self.list.push((Entry::One(mv), 1));
        self.total += 1;
    }

    #[inline(always)]
    fn main(&mut self, p: &Piece, mask: u32) {
        let count = mask.count_ones() as u8;
        if count == 0 {
            return;
        }
        self.total += usize::from(count);
        self.list.push((Entry::Main(*p, mask), count));
    }

    #[inline(always)]
    fn plane(&mut self, p: &Piece, mask: u16) {
        let count = 8 * mask.count_ones() as u8;
        if count == 0 {
            return;
        }
        self.total += usize::from(count);
        self.list.push((Entry::Plane(*p, mask), count));
    }

    #[inline(always)]
    fn eight(&mut self, barred: u8, make: impl Fn(Dir) -> Move) {
        let first = make(Dir::N);
        debug_assert!(
            Dir::ALL.into_iter().all(|d| headed(&first, d) == make(d)),
            "a run's actions differ by heading alone"
        );
        let count = 8 - barred.count_ones() as u8;
        if count == 0 {
            return;
        }
        self.total += usize::from(count);
        self.list.push((Entry::Eight(first, barred), count));
    }
}

/// The target of candidate `i` of main piece `p`, in the order the generator tries them: a
/// submarine's four diagonals and a destroyer's eight headings one step then two (bits `2d`
/// and `2d + 1`), a transport's eight neighbours, a long ship's bow then its stern swung to
/// each neighbour (bits 0 to 15), then the ship moved forward (16) and back (17) along its
/// line.
fn main_target(p: &Piece, i: u32) -> (Sq, Option<Sq>) {
    let i = i as usize;
    let along = |s: Sq, d: usize, steps: i8| {
        let (dx, dy) = DELTAS[d];
        Sq::new(
            s.x.wrapping_add(dx.wrapping_mul(steps)),
            s.y.wrapping_add(dy.wrapping_mul(steps)),
        )
    };
    match p.kind {
        Kind::Submarine => (along(p.at, [1, 3, 5, 7][i / 2], 1 + (i % 2) as i8), None),
        Kind::Destroyer => (along(p.at, i / 2, 1 + (i % 2) as i8), None),
        Kind::Transport => (along(p.at, i, 1), None),
        _ => {
            let (s, b) = (p.at, p.bow.expect("a two-square ship has a bow"));
            match i {
                0..8 => (s, Some(along(s, i, 1))),
                8..16 => (along(b, i - 8, 1), Some(b)),
                _ => {
                    let d = line_to(s, b).expect("a ship moved along its line lies on one");
                    if i == 16 {
                        (b, Some(along(b, d, 1)))
                    } else {
                        (along(s, (d + 4) % 8, 1), Some(s))
                    }
                }
            }
        }
    }
}

/// The move of main piece `p` to candidate `i` ([`main_target`]).
fn main_move(p: &Piece, i: u32) -> Move {
    Move::Main {
        kind: p.kind,
        from: (p.at, p.bow),
        to: main_target(p, i),
    }
}

/// The landing square of candidate `i` of plane `p`: its eight neighbours in the order of
/// [`Dir::ALL`], then (8) two squares along its heading.
fn plane_target(p: &Piece, i: u32) -> Sq {
    let h = p.heading.expect("an auxiliary has a heading");
    match Dir::ALL.get(i as usize) {
        Some(d) => p.at.step(*d),
        None => p.at.step(h).step(h),
    }
}

/// The advance of plane `p` to candidate `i` ([`plane_target`]), keeping its heading.
fn plane_move(p: &Piece, i: u32) -> Move {
    let h = p.heading.expect("an auxiliary has a heading");
    Move::Advance {
        kind: Kind::Plane,
        from: p.at,
        heading: h,
        to: Some(plane_target(p, i)),
        repoint: h,
    }
}

/// The flag bits each kind of enemy piece sets on its squares.
const KIND_FLAGS: [u8; 8] = [
    0,         // submarine
    HULL,      // carrier
    HULL,      // transport
    HULL,      // battleship
    DESTROYER, // destroyer
    PLANE,     // plane
    SHELL,     // shell
    TORPEDO,   // torpedo
];

/// The headings (a bit each, in the order of [`Dir::ALL`]) that lead off a board of `n`
/// from `a`.
fn off_board(a: Sq, n: u8) -> u8 {
    const N: u8 = 1 << 7 | 1 | 1 << 1;
    const E: u8 = 1 << 1 | 1 << 2 | 1 << 3;
    const S: u8 = 1 << 3 | 1 << 4 | 1 << 5;
    const W: u8 = 1 << 5 | 1 << 6 | 1 << 7;
    let last = n as i8 - 1;
    (if a.y == last { N } else { 0 })
        | (if a.x == last { E } else { 0 })
        | (if a.y == 0 { S } else { 0 })
        | (if a.x == 0 { W } else { 0 })
}

impl Position {
    /// Sends every legal action of the fleet to move (not `Pass`) to `out`, each once.
    pub(super) fn each_legal(&self, out: &mut impl Sink) {
        if self.size <= 12 {
            self.each_legal_in::<Small>(out);
        } else {
            self.each_legal_in::<Large>(out);
        }
    }

    /// [`Position::each_legal`] with the flag arrays of `G`, whose boards take this one.
    fn each_legal_in<G: Grid>(&self, out: &mut impl Sink) {
        let index = G::index;
        let me = self.to_move();
        let n = self.size;
        let enemy: u8 = (0..4u8)
            .filter(|f| self.enemies(me, *f))
            .fold(0, |m, f| m | 1 << f);
        let mut flags = G::empty(n);
        let flags = flags.as_mut();
        // The fleet's main pieces, by kind (`Kind::MAIN` order), and its auxiliaries.
        let mut mine: [Option<&Piece>; 5] = [None; 5];
        let mut aux_pieces: [Option<&Piece>; 3 * MAX_AUXILIARIES as usize] =
            [None; 3 * MAX_AUXILIARIES as usize];
        let mut aux_len = 0;
        for p in &self.pieces {
            let k = p.kind as usize;
            if p.fleet == me {
                if let Some(slot) = mine.get_mut(k) {
                    *slot = Some(p);
                } else if let Some(slot) = aux_pieces.get_mut(aux_len) {
                    *slot = Some(p);
                    aux_len += 1;
                }
                continue;
            }
            if enemy >> p.fleet & 1 == 0 {
                continue;
            }
            let f = KIND_FLAGS[k];
            flags[index(p.at)] |= f;
            if let Some(b) = p.bow {
                flags[index(b)] |= f;
            }
        }
        let at = |s: Sq| flags[index(s)];
        let step = |s: Sq, (dx, dy): (i8, i8)| Sq::new(s.x.wrapping_add(dx), s.y.wrapping_add(dy));
        // Main pieces, in the order of `Kind::MAIN`, each with its targets as a mask of
        // `main_target`'s candidates.
        for p in mine.into_iter().flatten() {
            let mut mask = 0u32;
            let mut allow = |i: usize, ok: bool| mask |= u32::from(ok) << i;
            match p.kind {
                Kind::Submarine => {
                    for (j, d) in [1, 3, 5, 7].into_iter().enumerate() {
                        let one = step(p.at, DELTAS[d]);
                        if at(one) & OFF != 0 {
                            continue;
                        }
                        allow(2 * j, at(one) & BARS_SUBMARINE == 0);
                        // The first move's double step passes under anything.
                        let two = step(one, DELTAS[d]);
                        allow(2 * j + 1, !p.moved && at(two) & (BARS_SUBMARINE | OFF) == 0);
                    }
                }
                Kind::Destroyer => {
                    for (d, delta) in DELTAS.into_iter().enumerate() {
                        let one = step(p.at, delta);
                        if at(one) & (BARS_DESTROYER | OFF) != 0 {
                            // What bars the entry bars the passing too.
                            continue;
                        }
                        allow(2 * d, true);
                        let two = step(one, delta);
                        allow(2 * d + 1, !p.moved && at(two) & (BARS_DESTROYER | OFF) == 0);
                    }
                }
                Kind::Transport => {
                    for (d, delta) in DELTAS.into_iter().enumerate() {
                        let q = step(p.at, delta);
                        allow(d, at(q) & (BARS_SHIP | OFF) == 0);
                    }
                }
                _ => {
                    let (s, b) = (p.at, p.bow.expect("a two-square ship has a bow"));
                    for (d, delta) in DELTAS.into_iter().enumerate() {
                        let nb = step(s, delta);
                        allow(d, nb != b && at(nb) & (BARS_SHIP | OFF) == 0);
                        let ns = step(b, delta);
                        allow(8 + d, ns != s && at(ns) & (BARS_SHIP | OFF) == 0);
                    }
                    if let Some(d) = line_to(s, b) {
                        let fwd = step(b, DELTAS[d]);
                        allow(16, at(fwd) & (BARS_SHIP | OFF) == 0);
                        let back = step(s, DELTAS[(d + 4) % 8]);
                        allow(17, at(back) & (BARS_SHIP | OFF) == 0);
                    }
                }
            }
            out.main(p, mask);
        }
        // Launches: the squares touching the ships that launch or fire each kind, each with
        // the headings barred there (a shell or torpedo may not point at a ship that fires
        // it and touches the square; a torpedo's launching run may not leave the board).
        let mut slot = G::zeroed();
        let slot = slot.as_mut();
        for (tag, aux) in (1u8..).zip(Kind::AUXILIARY) {
            if self.reserve(me, aux) == 0 {
                continue;
            }
            let mut spots = [(Sq::new(0, 0), 0u8); 24];
            let mut len = 0;
            // A missile may not point at any ship of its fleet that fires it and touches
            // its square: the headings from the square to each of the ship's squares are
            // barred as the ship finds the square.
            let missile = aux != Kind::Plane;
            for k in self.launchers(aux) {
                let Some(ship) = mine[*k as usize] else {
                    continue;
                };
                for q in ship.squares() {
                    let other = if q == ship.at {
                        ship.bow
                    } else {
                        Some(ship.at)
                    };
                    for (d, delta) in DELTAS.into_iter().enumerate() {
                        let a = step(q, delta);
                        if at(a) & OFF != 0 || ship.covers(a) {
                            continue;
                        }
                        let i = index(a);
                        if slot[i] >> 5 != tag {
                            if len == spots.len() {
                                continue;
                            }
                            slot[i] = tag << 5 | len as u8;
                            spots[len] = (a, 0);
                            len += 1;
                        }
                        if missile {
                            let spot = &mut spots[usize::from(slot[i] & 31)];
                            spot.1 |= 1 << ((d + 4) % 8);
                            if let Some(d) = other.and_then(|o| line_to(a, o)) {
                                spot.1 |= 1 << d;
                            }
                        }
                    }
                }
            }
            // Even a ship standing on the square bars the heading to its other square (an
            // armed transport's shell set on the battleship's bow).
            if missile {
                for k in self.launchers(aux) {
                    let Some(ship) = mine[*k as usize] else {
                        continue;
                    };
                    let Some(bow) = ship.bow else {
                        continue;
                    };
                    for (c, other) in [(ship.at, bow), (bow, ship.at)] {
                        let i = index(c);
                        if slot[i] >> 5 == tag
                            && let Some(d) = line_to(c, other)
                        {
                            spots[usize::from(slot[i] & 31)].1 |= 1 << d;
                        }
                    }
                }
            }
            for &(a, mut barred) in &spots[..len] {
                let launch = |heading| Move::Launch {
                    kind: aux,
                    at: a,
                    heading,
                };
                if aux == Kind::Plane {
                    if plane_may_enter(at(a)) {
                        out.eight(0, launch);
                    }
                    continue;
                }
                // A torpedo that sinks where it is set goes no further; one that does not
                // runs one square on, and may not run off the board unless the rules say.
                if aux == Kind::Torpedo && !self.rules.torpedo_launch_off_board && at(a) & HULL == 0
                {
                    barred |= off_board(a, n);
                }
                out.eight(barred, launch);
            }
        }
        // Advances: auxiliaries alike (kind, square, heading) move alike, and count once.
        let mut seen = [0u32; 3 * MAX_AUXILIARIES as usize];
        let mut seen_len = 0;
        for p in aux_pieces[..aux_len].iter().flatten() {
            let h = p.heading.expect("an auxiliary has a heading");
            let alike = (p.kind as u32) << 16 | (index(p.at) as u32) << 3 | h.index() as u32;
            if seen[..seen_len].contains(&alike) {
                continue;
            }
            seen[seen_len] = alike;
            seen_len += 1;
            if p.kind != Kind::Plane {
                let next = p.at.step(h);
                out.one(Move::Advance {
                    kind: p.kind,
                    from: p.at,
                    heading: h,
                    to: next.on(n).then_some(next),
                    repoint: h,
                });
                continue;
            }
            let mid = p.at.step(h);
            let two = mid.step(h);
            let mut mask = 0u16;
            for (i, delta) in (0..).zip(DELTAS) {
                let to = step(p.at, delta);
                if at(to) & OFF == 0 && plane_may_enter(at(to)) {
                    mask |= 1 << i;
                }
            }
            if at(two) & OFF == 0
                && plane_may_enter(at(two))
                && (at(mid) & (SHELL | PLANE) == 0 || self.may_fly_over(me, mid, h))
            {
                mask |= 1 << 8;
            }
            out.plane(p, mask);
        }
    }

    /// Whether a plane of `fleet` flying along `flight` may pass over `sq`: no enemy shell
    /// or plane there is pointed at it.
    fn may_fly_over(&self, fleet: u8, sq: Sq, flight: Dir) -> bool {
        let back = flight.opposite();
        !self.pieces.iter().any(|p| {
            matches!(p.kind, Kind::Shell | Kind::Plane)
                && p.at == sq
                && self.enemies(fleet, p.fleet)
                && p.heading.is_some_and(|h| {
                    h == back
                        || (self.rules.plane_passing == PlanePassing::AlongFlight && h == flight)
                })
        })
    }
}

#[cfg(test)]
mod tests {
    //! The fast generator against the full rules: every action the pieces could make,
    //! kept when [`Position::try_after`] allows it, along random games of every mode,
    //! board and rules option.

    use super::super::game::{Mode, Move, PlanePassing, Transport, TransportOptions};
    use crate::game::Game;
    use rand::{Rng, SeedableRng, rngs::StdRng};

    fn full_rules(g: &Transport) -> Vec<Move> {
        let pos = g.position();
        let mut legal: Vec<Move> = pos
            .candidates()
            .into_iter()
            .filter(|m| pos.after(m).is_some())
            .collect();
        legal.sort();
        legal.dedup();
        if legal.is_empty() {
            legal.push(Move::Pass);
        }
        legal
    }

    #[test]
    fn the_fast_generator_agrees_with_the_full_rules() {
        let mut positions = 0;
        for (mode, size) in [
            (Mode::Two, 11),
            (Mode::Two, 8),
            (Mode::Two, 9),
            (Mode::Teams, 11),
            (Mode::Royal, 11),
            (Mode::Royal, 9),
            (Mode::Two, 25),
        ] {
            for variant in 0..4u64 {
                let options = TransportOptions {
                    mode,
                    size,
                    plane_passing: if variant & 1 == 1 {
                        PlanePassing::AlongFlight
                    } else {
                        PlanePassing::HeadOn
                    },
                    torpedo_launch_off_board: variant & 2 == 2,
                    armed_transport: variant == 3,
                    no_progress_actions: None,
                    ..TransportOptions::default()
                };
                for seed in 0..6 {
                    let mut rng = StdRng::seed_from_u64(seed * 31 + variant);
                    let mut g = Transport::new(options.clone()).unwrap();
                    for _ in 0..400 {
                        if g.outcome().is_over() {
                            break;
                        }
                        let mut fast = g.legal_moves();
                        assert_eq!(fast.len(), g.legal_move_count());
                        // Picking one finds the action at that place of the list.
                        let n = fast.len();
                        for k in [0, n / 2, n - 1, rng.random_range(0..n)] {
                            let mut asked = 0;
                            let picked = g.choose_legal_move(|m| {
                                asked = m;
                                k
                            });
                            assert_eq!(asked, n);
                            assert_eq!(picked.as_ref(), Some(&fast[k]), "place {k}");
                        }
                        assert_eq!(g.choose_legal_move(|m| m), None);
                        fast.sort();
                        let n = fast.len();
                        fast.dedup();
                        assert_eq!(n, fast.len(), "no action twice\n{}", g.position());
                        let full = full_rules(&g);
                        let extra: Vec<&Move> = fast.iter().filter(|m| !full.contains(m)).collect();
                        let missing: Vec<&Move> =
                            full.iter().filter(|m| !fast.contains(m)).collect();
                        assert!(
                            extra.is_empty() && missing.is_empty(),
                            "{mode:?} {size} {variant}\n{}\nextra {extra:?}\nmissing {missing:?}",
                            g.position()
                        );
                        positions += 1;
                        let mv = fast[rng.random_range(0..fast.len())].clone();
                        g.play_unchecked(&mv);
                    }
                }
            }
        }
        assert!(positions > 10_000, "{positions}");
    }
}
