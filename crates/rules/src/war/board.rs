//! The Game of War's board: 10 x 10 squares, Maxim's file names, citadels and stations.

use std::fmt;

/// One of the two armies. Red sits at rows 1.., Blue at the far side.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Side {
    /// The red army, nearest row 1.
    Red,
    /// The blue army, nearest row 10.
    Blue,
}

impl Side {
    /// Both sides, Red first.
    pub const ALL: [Side; 2] = [Side::Red, Side::Blue];

    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    /// Row step that points forward for this side.
    pub fn forward(self) -> i8 {
        match self {
            Side::Red => 1,
            Side::Blue => -1,
        }
    }

    /// The board row (0-9) of this side's first rank.
    pub fn home_row(self) -> u8 {
        match self {
            Side::Red => 0,
            Side::Blue => 9,
        }
    }

    /// Index 0 for Red, 1 for Blue.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Reads "Red" or "Blue" (any case).
    pub fn parse(text: &str) -> Option<Side> {
        match text.to_ascii_lowercase().as_str() {
            "red" => Some(Side::Red),
            "blue" => Some(Side::Blue),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Red => "Red",
            Side::Blue => "Blue",
        })
    }
}

/// Maxim's file names, from Red's left: king's mortar's file ... general's mortar's file.
/// Both players use the same names for the same files.
pub const FILE_NAMES: [&str; 10] = ["KM", "KH", "KC", "KF", "K", "G", "GF", "GC", "GH", "GM"];

/// Reads a rank number as written in the book: `1` to `10`, digits only, no leading zero
/// (`K05` and `K+5` name no square).
pub(crate) fn parse_rank(text: &str) -> Option<u8> {
    if text.starts_with('0') || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|r| (1..=10).contains(r))
}

/// A square of the board: file 0-9 from Red's left, row 0-9 from Red's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0-9) and `row` (0-9), if on the board.
    pub fn new(file: i8, row: i8) -> Option<Square> {
        if (0..10).contains(&file) && (0..10).contains(&row) {
            Some(Square((row * 10 + file) as u8))
        } else {
            None
        }
    }

    /// The square with this index (row * 10 + file).
    pub fn from_index(index: usize) -> Option<Square> {
        (index < 100).then_some(Square(index as u8))
    }

    /// The square with index `index`, which the caller knows to be below 100.
    pub(crate) const fn of_index(index: u8) -> Square {
        debug_assert!(index < 100);
        Square(index)
    }

    /// Index 0-99 (row * 10 + file).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0-9 from Red's left.
    pub fn file(self) -> i8 {
        (self.0 % 10) as i8
    }

    /// Row 0-9 from Red's side.
    pub fn row(self) -> i8 {
        (self.0 / 10) as i8
    }

    /// The square `df` files and `dr` rows away, if on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::new(self.file() + df, self.row() + dr)
    }

    /// Dark squares: a1 (Red's left corner) is dark.
    pub fn is_dark(self) -> bool {
        (self.file() + self.row()) % 2 == 0
    }

    /// Rank 1-10 of this square counted from `side`'s first rank.
    pub fn rank_for(self, side: Side) -> u8 {
        match side {
            Side::Red => self.row() as u8 + 1,
            Side::Blue => 10 - self.row() as u8,
        }
    }

    /// The square on `file` at `rank` counted from `side`'s first rank.
    pub fn from_rank(side: Side, file: u8, rank: u8) -> Option<Square> {
        if !(1..=10).contains(&rank) || file > 9 {
            return None;
        }
        let row = match side {
            Side::Red => rank - 1,
            Side::Blue => 10 - rank,
        };
        Square::new(file as i8, row as i8)
    }

    /// `side`'s citadel: the king's square on its first rank.
    pub fn citadel(side: Side) -> Square {
        Square::new(4, side.home_row() as i8).expect("citadel is on the board")
    }

    /// True for either citadel.
    pub fn is_citadel(self) -> bool {
        self == Square::citadel(Side::Red) || self == Square::citadel(Side::Blue)
    }

    /// Maxim's name of this square as `side` reckons it, for example `KF5`.
    pub fn name_for(self, side: Side) -> String {
        format!(
            "{}{}",
            FILE_NAMES[self.file() as usize],
            self.rank_for(side)
        )
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..100u8).map(Square)
    }
}

impl fmt::Display for Square {
    /// Red's name of the square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name_for(Side::Red))
    }
}

/// The two flying-machine stations of each side: behind the king's and the general's
/// flying machine's squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Station {
    /// Behind the king's flying machine's square (file KF).
    King,
    /// Behind the general's flying machine's square (file GF).
    General,
}

impl Station {
    /// Both stations of a side.
    pub const ALL: [Station; 2] = [Station::King, Station::General];

    /// Index 0 (king's) or 1 (general's).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The file the station stands behind.
    pub fn file(self) -> u8 {
        match self {
            Station::King => 3,
            Station::General => 6,
        }
    }

    /// The square in front of `side`'s station.
    pub fn front(self, side: Side) -> Square {
        Square::new(self.file() as i8, side.home_row() as i8).expect("on board")
    }

    /// The station's spot in a click path ([`crate::Game::click_path`]) and on the page's
    /// board: `station KF1`, behind the square it names (Red's name of it).
    pub fn spot(self, side: Side) -> String {
        format!("station {}", self.front(side))
    }

    /// A station has the colour of the square in front of it.
    pub fn is_dark(self, side: Side) -> bool {
        self.front(side).is_dark()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_and_names() {
        let a1 = Square::new(0, 0).unwrap();
        assert!(a1.is_dark());
        assert_eq!(a1.name_for(Side::Red), "KM1");
        assert_eq!(a1.name_for(Side::Blue), "KM10");
        let k3 = Square::from_rank(Side::Red, 4, 3).unwrap();
        assert_eq!(Square::from_rank(Side::Blue, 4, 8), Some(k3));
        // Each side has one light and one dark station.
        for side in Side::ALL {
            assert_ne!(Station::King.is_dark(side), Station::General.is_dark(side));
        }
    }
}
