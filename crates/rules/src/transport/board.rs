//! Transport's board geometry: squares named `a1` (file letter, rank from the first fleet's
//! edge), the eight headings, dark squares (a1 is dark, and on the odd boards every corner).

use std::fmt;

/// A square: file `x` (0 = a) and rank `y` (0 = rank 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq {
    /// File, 0 = a.
    pub x: i8,
    /// Rank, 0 = rank 1.
    pub y: i8,
}

impl Sq {
    /// The square at file `x`, rank `y`.
    pub const fn new(x: i8, y: i8) -> Sq {
        Sq { x, y }
    }

    /// Whether the square lies on a board of `size`.
    pub fn on(self, size: u8) -> bool {
        // A negative coordinate reads as 128 or more.
        (self.x as u8) < size && (self.y as u8) < size
    }

    /// Dark squares: those of a1's colour (every corner's on an odd board).
    pub fn is_dark(self) -> bool {
        (i16::from(self.x) + i16::from(self.y)) % 2 == 0
    }

    /// The next square in direction `d` (a square off every board past the `i8` range
    /// wraps round, still off the board).
    pub fn step(self, d: Dir) -> Sq {
        let (dx, dy) = d.delta();
        Sq::new(self.x.wrapping_add(dx), self.y.wrapping_add(dy))
    }

    /// Whether two squares touch (side or corner), and are not the same.
    pub fn touches(self, other: Sq) -> bool {
        self != other
            && (i16::from(self.x) - i16::from(other.x)).abs() <= 1
            && (i16::from(self.y) - i16::from(other.y)).abs() <= 1
    }

    /// The (up to) eight squares around this one on a board of `size`.
    pub fn around(self, size: u8) -> impl Iterator<Item = Sq> {
        DELTAS
            .into_iter()
            .map(move |(dx, dy)| Sq::new(self.x.wrapping_add(dx), self.y.wrapping_add(dy)))
            .filter(move |s| s.on(size))
    }

    /// Reads `a1`, `k11`: a file letter and a rank of one or two digits, from 1 (no sign,
    /// no leading zero). Whether the square is on a given board is for the caller.
    pub fn parse(text: &str) -> Option<Sq> {
        let bytes = text.as_bytes();
        let (&file, rank) = bytes.split_first()?;
        let file = file.to_ascii_lowercase();
        if !file.is_ascii_lowercase()
            || rank.is_empty()
            || rank.len() > 2
            || rank[0] == b'0'
            || !rank.iter().all(u8::is_ascii_digit)
        {
            return None;
        }
        let rank = rank.iter().fold(0i8, |n, d| n * 10 + (d - b'0') as i8);
        Some(Sq::new((file - b'a') as i8, rank - 1))
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Squares of the boards in play have files a to y; others print by their numbers.
        match u8::try_from(self.x) {
            Ok(x) if x < 26 => write!(f, "{}{}", (b'a' + x) as char, i16::from(self.y) + 1),
            _ => write!(f, "({},{})", self.x, self.y),
        }
    }
}

/// The (file, rank) steps of the eight headings, in the order of [`Dir::ALL`].
pub(super) const DELTAS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A heading: one of the eight directions; north is toward the higher ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Toward higher ranks.
    N,
    /// North-east.
    NE,
    /// Toward later files.
    E,
    /// South-east.
    SE,
    /// Toward rank 1.
    S,
    /// South-west.
    SW,
    /// Toward file a.
    W,
    /// North-west.
    NW,
}

impl Dir {
    /// All eight, clockwise from north.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// (file step, rank step).
    pub fn delta(self) -> (i8, i8) {
        DELTAS[self.index()]
    }

    /// The direction from `a` to the touching square `b`.
    pub fn between(a: Sq, b: Sq) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| a.step(*d) == b)
    }

    /// The heading's place in [`Dir::ALL`] (north 0, clockwise).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The reverse heading.
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self.index() + 4) % 8]
    }

    /// Whether the heading is diagonal.
    pub fn is_diagonal(self) -> bool {
        matches!(self, Dir::NE | Dir::SE | Dir::SW | Dir::NW)
    }

    /// Reads `N`, `ne`, ...
    pub fn parse(text: &str) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|d| d.to_string().eq_ignore_ascii_case(text))
    }

    /// The heading turned a quarter turn anticlockwise `k` times.
    pub fn turned(self, k: u8) -> Dir {
        Dir::ALL[(self.index() + 8 - 2 * (k as usize % 4)) % 8]
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}
