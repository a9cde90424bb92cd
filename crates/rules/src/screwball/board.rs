//! The Screwball board (RULES.md §5): six columns of alternating large squares and pairs of
//! small squares, neighbouring columns staggered by a small square's side, so that no
//! transverse row crosses the board. Every space is a rectangle in units of a small square's
//! side on a 12 x 12 field, with y measured from the first player's edge.

use std::fmt;
use std::sync::OnceLock;

/// The size of a space (half-large spaces at the margin count as large).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// A large square (2 x 2 units, or 2 x 1 at the margin).
    Large,
    /// A small square (1 x 1 unit).
    Small,
}

impl Size {
    /// The other size.
    pub fn other(self) -> Size {
        match self {
            Size::Large => Size::Small,
            Size::Small => Size::Large,
        }
    }

    /// "large" or "small".
    pub fn word(self) -> &'static str {
        match self {
            Size::Large => "large",
            Size::Small => "small",
        }
    }
}

/// The index of a space in [`Board::spaces`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SpaceId(pub u8);

/// One space: its rectangle `[x0, x1] x [y0, y1]` in units, and its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Space {
    /// West edge.
    pub x0: u8,
    /// South edge (the first player's side is y = 0).
    pub y0: u8,
    /// East edge.
    pub x1: u8,
    /// North edge.
    pub y1: u8,
    /// Large or small.
    pub size: Size,
}

impl Space {
    /// Twice the centre, so that it stays whole: (x0 + x1, y0 + y1).
    pub fn centre2(&self) -> (i16, i16) {
        (
            i16::from(self.x0) + i16::from(self.x1),
            i16::from(self.y0) + i16::from(self.y1),
        )
    }

    /// How two spaces touch: along an edge of positive length, at a corner only, or not.
    fn contact(&self, other: &Space) -> Contact {
        let ox = overlap(self.x0, self.x1, other.x0, other.x1);
        let oy = overlap(self.y0, self.y1, other.y0, other.y1);
        match (ox, oy) {
            (Some(a), Some(b)) if a > 0 && b > 0 => Contact::None, // the same space
            (Some(a), Some(0)) if a > 0 => Contact::Edge,
            (Some(0), Some(b)) if b > 0 => Contact::Edge,
            (Some(0), Some(0)) => Contact::Corner,
            _ => Contact::None,
        }
    }
}

/// Length of the overlap of two closed intervals, if they meet.
fn overlap(a0: u8, a1: u8, b0: u8, b1: u8) -> Option<u8> {
    let lo = a0.max(b0);
    let hi = a1.min(b1);
    (lo <= hi).then(|| hi - lo)
}

/// How two spaces touch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contact {
    /// They share a side (or part of one).
    Edge,
    /// They meet at a corner only.
    Corner,
    /// They do not touch.
    None,
}

/// Board width and length in units.
pub const UNITS: u8 = 12;

/// The board: every space, and which spaces touch.
#[derive(Debug)]
pub struct Board {
    spaces: Vec<Space>,
    touching: Vec<Vec<(SpaceId, Contact)>>,
    /// The space covering each unit cell, by `y * 12 + x`.
    cells: [u8; 144],
}

/// The segments down a column, by the column's phase: `(y0, y1, large?)`.
fn column(c: u8) -> Vec<(u8, u8, bool)> {
    let pattern: &[(u8, u8, bool)] = match c % 3 {
        0 => &[
            (0, 2, true),
            (2, 3, false),
            (3, 5, true),
            (5, 6, false),
            (6, 8, true),
            (8, 9, false),
            (9, 11, true),
            (11, 12, false),
        ],
        1 => &[
            (0, 1, true),
            (1, 2, false),
            (2, 4, true),
            (4, 5, false),
            (5, 7, true),
            (7, 8, false),
            (8, 10, true),
            (10, 11, false),
            (11, 12, true),
        ],
        _ => &[
            (0, 1, false),
            (1, 3, true),
            (3, 4, false),
            (4, 6, true),
            (6, 7, false),
            (7, 9, true),
            (9, 10, false),
            (10, 12, true),
        ],
    };
    pattern.to_vec()
}

impl Board {
    /// The board of the patent.
    pub fn get() -> &'static Board {
        static BOARD: OnceLock<Board> = OnceLock::new();
        BOARD.get_or_init(Board::build)
    }

    fn build() -> Board {
        let mut spaces = Vec::new();
        for c in 0..6u8 {
            let x = 2 * c;
            for (y0, y1, large) in column(c) {
                if large {
                    spaces.push(Space {
                        x0: x,
                        y0,
                        x1: x + 2,
                        y1,
                        size: Size::Large,
                    });
                } else {
                    for dx in 0..2 {
                        spaces.push(Space {
                            x0: x + dx,
                            y0,
                            x1: x + dx + 1,
                            y1,
                            size: Size::Small,
                        });
                    }
                }
            }
        }
        let touching = spaces
            .iter()
            .map(|a| {
                spaces
                    .iter()
                    .enumerate()
                    .filter_map(|(j, b)| match a.contact(b) {
                        Contact::None => None,
                        c => Some((SpaceId(j as u8), c)),
                    })
                    .collect()
            })
            .collect();
        let mut cells = [0u8; 144];
        for (i, s) in spaces.iter().enumerate() {
            for y in s.y0..s.y1 {
                for x in s.x0..s.x1 {
                    cells[usize::from(y) * 12 + usize::from(x)] = i as u8;
                }
            }
        }
        Board {
            spaces,
            touching,
            cells,
        }
    }

    /// Every space.
    pub fn spaces(&self) -> &[Space] {
        &self.spaces
    }

    /// Every space's id.
    pub fn ids(&self) -> impl Iterator<Item = SpaceId> + '_ {
        (0..self.spaces.len()).map(|i| SpaceId(i as u8))
    }

    /// One space.
    pub fn space(&self, id: SpaceId) -> &Space {
        &self.spaces[usize::from(id.0)]
    }

    /// The spaces touching `id`, each with how it touches.
    pub fn touching(&self, id: SpaceId) -> &[(SpaceId, Contact)] {
        &self.touching[usize::from(id.0)]
    }

    /// The space covering unit cell (x, y).
    pub fn at_cell(&self, x: u8, y: u8) -> Option<SpaceId> {
        (x < UNITS && y < UNITS).then(|| SpaceId(self.cells[usize::from(y) * 12 + usize::from(x)]))
    }

    /// A space's name: its south-west unit cell, file `a`-`l` and rank `1`-`12`.
    pub fn name(&self, id: SpaceId) -> SpaceName {
        let s = self.space(id);
        SpaceName(s.x0, s.y0)
    }

    /// Reads a space by any unit cell it covers (`a1`, `l12`): a file `a`-`l` (either case)
    /// and a rank `1`-`12` written in plain digits (no sign, no leading zero).
    pub fn parse(&self, text: &str) -> Option<SpaceId> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !('a'..='l').contains(&file) {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|c| c.is_ascii_digit())
        {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        self.at_cell(file as u8 - b'a', rank.checked_sub(1)?)
    }
}

/// The printed name of a space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpaceName(u8, u8);

impl fmt::Display for SpaceName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.0) as char, self.1 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_patents_counts() {
        let b = Board::get();
        let large = b.spaces().iter().filter(|s| s.size == Size::Large).count();
        let small = b.spaces().iter().filter(|s| s.size == Size::Small).count();
        assert_eq!((large, small), (26, 48));
        // Every unit cell is covered exactly once.
        let area: u32 = b
            .spaces()
            .iter()
            .map(|s| u32::from(s.x1 - s.x0) * u32::from(s.y1 - s.y0))
            .sum();
        assert_eq!(area, 144);
    }
}
