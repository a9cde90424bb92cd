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
        (0..size as i8).contains(&self.x) && (0..size as i8).contains(&self.y)
    }

    /// Dark squares: those of a1's colour (every corner's on an odd board).
    pub fn is_dark(self) -> bool {
        (self.x + self.y) % 2 == 0
    }

    /// The next square in direction `d`.
    pub fn step(self, d: Dir) -> Sq {
        let (dx, dy) = d.delta();
        Sq::new(self.x + dx, self.y + dy)
    }

    /// Whether two squares touch (side or corner), and are not the same.
    pub fn touches(self, other: Sq) -> bool {
        self != other && (self.x - other.x).abs() <= 1 && (self.y - other.y).abs() <= 1
    }

    /// The (up to) eight squares around this one on a board of `size`.
    pub fn around(self, size: u8) -> impl Iterator<Item = Sq> {
        Dir::ALL
            .into_iter()
            .map(move |d| self.step(d))
            .filter(move |s| s.on(size))
    }

    /// Reads `a1`, `k11`.
    pub fn parse(text: &str) -> Option<Sq> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank: i8 = chars.as_str().parse().ok()?;
        (rank >= 1).then(|| Sq::new(file as i8 - b'a' as i8, rank - 1))
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' as i8 + self.x) as u8 as char, self.y + 1)
    }
}

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
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    /// The direction from `a` to the touching square `b`.
    pub fn between(a: Sq, b: Sq) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| a.step(*d) == b)
    }

    /// The reverse heading.
    pub fn opposite(self) -> Dir {
        let i = Dir::ALL.iter().position(|d| *d == self).unwrap_or(0);
        Dir::ALL[(i + 4) % 8]
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
        let i = Dir::ALL.iter().position(|d| *d == self).unwrap_or(0);
        Dir::ALL[(i + 8 - 2 * (k as usize % 4)) % 8]
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}
