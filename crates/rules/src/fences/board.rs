//! The fence race's board (RULES.md §4, reconstructed): a square field of junction spaces,
//! slots between orthogonal neighbours, a central 3 x 3 home with one entrance on each side,
//! stations at the corners and four triangular sections.

use super::options::OptionsError;
use std::fmt;

/// A junction space, by column `x` and row `y` (0 at the south-west corner).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Space {
    /// Column, 0 = west.
    pub x: u8,
    /// Row, 0 = south.
    pub y: u8,
}

impl fmt::Display for Space {
    /// `a1` is the south-west corner; letters run east, numbers north. (A column past `z`,
    /// which no field has, is written as its number in brackets: `[30]5`.)
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = u16::from(self.y) + 1;
        if self.x < 26 {
            write!(f, "{}{row}", char::from(b'a' + self.x))
        } else {
            write!(f, "[{}]{row}", self.x)
        }
    }
}

impl Space {
    /// Reads `a1`, `m13`.
    pub fn parse(text: &str) -> Option<Space> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank: u8 = chars.as_str().parse().ok()?;
        Some(Space {
            x: file as u8 - b'a',
            y: rank.checked_sub(1)?,
        })
    }
}

/// Where a pawn can be: a space, or home.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Node {
    /// A junction space.
    Space(Space),
    /// The central home.
    Home,
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Space(s) => write!(f, "{s}"),
            Node::Home => f.write_str("home"),
        }
    }
}

/// A slot: the edge between two orthogonally adjacent spaces (stored in order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot(pub Space, pub Space);

impl Slot {
    /// The slot between two spaces, in canonical order.
    pub fn between(a: Space, b: Space) -> Slot {
        if (a.y, a.x) <= (b.y, b.x) {
            Slot(a, b)
        } else {
            Slot(b, a)
        }
    }

    /// Reads `e5|e6`.
    pub fn parse(text: &str) -> Option<Slot> {
        let (a, b) = text.split_once('|')?;
        Some(Slot::between(Space::parse(a)?, Space::parse(b)?))
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}|{}", self.0, self.1)
    }
}

/// The four sections (and seats), anticlockwise from the south; this is also the order of
/// play.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Section {
    /// Base along the south edge.
    South,
    /// Base along the east edge.
    East,
    /// Base along the north edge.
    North,
    /// Base along the west edge.
    West,
}

impl Section {
    /// All four, in order of play.
    pub const ALL: [Section; 4] = [Section::South, Section::East, Section::North, Section::West];
}

impl Section {
    /// Quarter turns (anticlockwise seen from above) from the south section.
    pub fn turns(self) -> u8 {
        self as u8
    }
}

/// The field: its size and the geometry derived from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
}

impl Board {
    /// The fewest spaces a side.
    pub const MIN_SIZE: u8 = 9;
    /// The most spaces a side.
    pub const MAX_SIZE: u8 = 25;

    /// A board of `size` x `size` spaces: odd, from 9 to 25.
    pub fn new(size: u8) -> Result<Board, OptionsError> {
        if !(Board::MIN_SIZE..=Board::MAX_SIZE).contains(&size) || size.is_multiple_of(2) {
            return Err(OptionsError::Size(size));
        }
        Ok(Board { size })
    }

    /// Spaces per side.
    pub fn size(self) -> u8 {
        self.size
    }

    fn centre(self) -> u8 {
        self.size / 2
    }

    /// Whether a space lies inside the home block (not walkable).
    pub fn in_home(self, s: Space) -> bool {
        let c = self.centre();
        s.x.abs_diff(c) <= 1 && s.y.abs_diff(c) <= 1
    }

    /// Whether `s` is a walkable space of the field.
    pub fn is_space(self, s: Space) -> bool {
        s.x < self.size && s.y < self.size && !self.in_home(s)
    }

    /// The four spaces from which home is entered (the middle of each side of the block).
    pub fn entrances(self) -> [Space; 4] {
        let c = self.centre();
        [
            Space { x: c, y: c - 2 },
            Space { x: c - 2, y: c },
            Space { x: c, y: c + 2 },
            Space { x: c + 2, y: c },
        ]
    }

    /// The slots in home's four entrances, in the order of [`Board::entrances`]: each lies
    /// between an entrance space and the middle square of that side of the home block
    /// (`g5|g6` is the south entrance on a 13 x 13 field).
    pub fn entrance_slots(self) -> [Slot; 4] {
        let c = self.centre();
        let inner = [
            Space { x: c, y: c - 1 },
            Space { x: c - 1, y: c },
            Space { x: c, y: c + 1 },
            Space { x: c + 1, y: c },
        ];
        let outer = self.entrances();
        std::array::from_fn(|i| Slot::between(outer[i], inner[i]))
    }

    /// The walkable orthogonal neighbours of a space, with the slot between.
    pub fn neighbours(self, s: Space) -> impl Iterator<Item = (Space, Slot)> {
        let n = self.size as i16;
        [(1i16, 0i16), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .filter_map(move |(dx, dy)| {
                let (x, y) = (s.x as i16 + dx, s.y as i16 + dy);
                if !(0..n).contains(&x) || !(0..n).contains(&y) {
                    return None;
                }
                let t = Space {
                    x: x as u8,
                    y: y as u8,
                };
                self.is_space(t).then(|| (t, Slot::between(s, t)))
            })
    }

    /// Every slot of the field.
    pub fn slots(self) -> Vec<Slot> {
        let mut out = Vec::new();
        for y in 0..self.size {
            for x in 0..self.size {
                let s = Space { x, y };
                if !self.is_space(s) {
                    continue;
                }
                for (t, slot) in self.neighbours(s) {
                    if (t.y, t.x) > (s.y, s.x) {
                        out.push(slot);
                    }
                }
            }
        }
        out
    }

    /// Turns a space a quarter turn anticlockwise about the centre, `k` times.
    fn rotate(self, mut s: Space, k: u8) -> Space {
        for _ in 0..k % 4 {
            s = Space {
                x: self.size - 1 - s.y,
                y: s.x,
            };
        }
        s
    }

    /// The two stations (corner spaces) at the base of a section.
    pub fn stations(self, section: Section) -> [Space; 2] {
        let m = self.size - 1;
        let k = section.turns();
        [
            self.rotate(Space { x: 0, y: 0 }, k),
            self.rotate(Space { x: m, y: 0 }, k),
        ]
    }

    /// The six fences of a section at the start, in a 3-2-1 array: three slots across the
    /// paths one row in from the base, two on the next row, one on the third. Where the
    /// field is too small for that (the single fence would stand in home or in its
    /// entrance: 9 and 11 spaces a side), the array starts at the base instead, and where
    /// even then the single fence would (9 spaces), it stands between the two of the second
    /// row. Every fence stands in a slot of the field, in the section.
    pub fn fence_array(self, section: Section) -> [Slot; 6] {
        let c = self.centre();
        let k = section.turns();
        let across = |x: u8, y: u8| {
            let a = self.rotate(Space { x, y }, k);
            let b = self.rotate(Space { x, y: y + 1 }, k);
            Slot::between(a, b)
        };
        // Whether the slot across the middle path between rows `y` and `y + 1` stays out of
        // home (whose first row is `c - 1`) and so out of its entrance.
        let clear = |y: u8| y + 1 < c - 1;
        let base = if clear(3) { 1 } else { 0 };
        let single = if clear(base + 2) { base + 2 } else { base + 1 };
        [
            across(c - 2, base),
            across(c, base),
            across(c + 2, base),
            across(c - 1, base + 1),
            across(c + 1, base + 1),
            across(c, single),
        ]
    }

    /// Whether a space lies in a section's triangle (on or below the diagonals from its base);
    /// false for a space off the field.
    pub fn in_section(self, s: Space, section: Section) -> bool {
        if s.x >= self.size || s.y >= self.size {
            return false;
        }
        let back = self.rotate(s, 4 - section.turns() % 4);
        let m = self.size - 1;
        back.y <= back.x && back.y <= m - back.x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry() {
        let b = Board::new(13).unwrap();
        let spaces = (0..13)
            .flat_map(|y| (0..13).map(move |x| Space { x, y }))
            .filter(|s| b.is_space(*s))
            .count();
        assert_eq!(spaces, 169 - 9);
        for section in Section::ALL {
            for slot in b.fence_array(section) {
                assert!(
                    b.in_section(slot.0, section) && b.in_section(slot.1, section),
                    "{section:?} {slot}"
                );
                assert!(b.slots().contains(&slot));
            }
        }
        assert_eq!(
            b.stations(Section::South),
            [Space { x: 0, y: 0 }, Space { x: 12, y: 0 }]
        );
        assert_eq!(
            b.stations(Section::North),
            [Space { x: 12, y: 12 }, Space { x: 0, y: 12 }]
        );
        assert_eq!(
            Slot::parse("e5|e6"),
            Some(Slot::between(Space { x: 4, y: 4 }, Space { x: 4, y: 5 }))
        );
        assert!(Board::new(10).is_err());
        let entrances: Vec<String> = b.entrance_slots().iter().map(|s| s.to_string()).collect();
        assert_eq!(entrances, ["g5|g6", "e7|f7", "g8|g9", "h7|i7"]);
        for slot in b.entrance_slots() {
            assert!(!b.slots().contains(&slot), "{slot} is not a field slot");
        }
    }
}
