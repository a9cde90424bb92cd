//! Camelot's board: 160 squares, files A-L and ranks 1-16, stepped ends and two-square
//! castles.

use std::fmt;

/// One of the two armies; White moves first.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Side {
    /// White, whose castle is F1 G1.
    White,
    /// Black, whose castle is F16 G16.
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Reads "White" or "Black" (any case).
    pub fn parse(text: &str) -> Option<Side> {
        match text.to_ascii_lowercase().as_str() {
            "white" => Some(Side::White),
            "black" => Some(Side::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "White",
            Side::Black => "Black",
        })
    }
}

/// Files A-L.
pub const FILES: usize = 12;
/// Ranks 1-16.
pub const RANKS: usize = 16;

/// A square of the board (only the 160 playing squares exist).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// The files (0-based, inclusive) that exist on a rank (0-based).
fn file_span(rank: usize) -> (usize, usize) {
    match rank {
        0 | 15 => (5, 6),
        1 | 14 => (2, 9),
        2 | 13 => (1, 10),
        _ => (0, 11),
    }
}

/// The eight directions: (file step, rank step).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

impl Square {
    /// The square at 0-based `file` and `rank`, if it is on the board.
    pub fn new(file: i8, rank: i8) -> Option<Square> {
        if !(0..RANKS as i8).contains(&rank) || !(0..FILES as i8).contains(&file) {
            return None;
        }
        let (lo, hi) = file_span(rank as usize);
        ((lo..=hi).contains(&(file as usize)))
            .then(|| Square((rank as usize * FILES + file as usize) as u8))
    }

    /// 0-based file (A = 0).
    pub fn file(self) -> i8 {
        (self.0 as usize % FILES) as i8
    }

    /// 0-based rank (rank 1 = 0).
    pub fn rank(self) -> i8 {
        (self.0 as usize / FILES) as i8
    }

    /// Index into a 192-entry array.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The neighbour in direction `(df, dr)`, if on the board.
    pub fn step(self, (df, dr): (i8, i8)) -> Option<Square> {
        Square::new(self.file() + df, self.rank() + dr)
    }

    /// The neighbour in direction `DIRECTIONS[dir]`, from a precomputed table.
    #[inline]
    pub fn neighbour(self, dir: usize) -> Option<Square> {
        let n = tables().neighbours[self.index()][dir];
        (n != NONE).then_some(Square(n))
    }

    /// `side`'s own castle squares.
    pub fn castle(side: Side) -> [Square; 2] {
        let r = match side {
            Side::White => 0,
            Side::Black => 15,
        };
        [
            Square::new(5, r).expect("castle"),
            Square::new(6, r).expect("castle"),
        ]
    }

    /// Whether this square is in `side`'s castle.
    pub fn in_castle_of(self, side: Side) -> bool {
        Square::castle(side).contains(&self)
    }

    /// Every square, A-L within rank 1, then rank 2, ...
    pub fn all() -> impl Iterator<Item = Square> {
        tables().squares.iter().copied()
    }

    /// Reads `D7`, `F16` (letter A-L, rank 1-16; either case).
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_uppercase();
        if !('A'..='L').contains(&file) {
            return None;
        }
        let rank: i8 = chars.as_str().parse().ok()?;
        Square::new(file as i8 - 'A' as i8, rank - 1)
    }

    /// Whether the square is dark (A1's colour; the board alternates).
    pub fn is_dark(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'A' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}

const NONE: u8 = u8::MAX;

/// Precomputed board facts for move generation.
struct Tables {
    squares: Vec<Square>,
    neighbours: [[u8; 8]; RANKS * FILES],
}

fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let squares: Vec<Square> = (0..RANKS as i8)
            .flat_map(|r| (0..FILES as i8).filter_map(move |f| Square::new(f, r)))
            .collect();
        let mut neighbours = [[NONE; 8]; RANKS * FILES];
        for sq in &squares {
            for (i, d) in DIRECTIONS.iter().enumerate() {
                if let Some(n) = sq.step(*d) {
                    neighbours[sq.index()][i] = n.0;
                }
            }
        }
        Tables {
            squares,
            neighbours,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_160_squares_in_the_patents_rows() {
        assert_eq!(Square::all().count(), 160);
        let per_rank: Vec<usize> = (0..16)
            .map(|r| Square::all().filter(|s| s.rank() == r).count())
            .collect();
        assert_eq!(
            per_rank,
            [2, 8, 10, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 10, 8, 2]
        );
        assert_eq!(Square::parse("F1"), Some(Square::castle(Side::White)[0]));
        assert_eq!(Square::parse("A3"), None);
        assert_eq!(
            Square::parse("B3").map(|s| s.to_string()),
            Some("B3".into())
        );
        assert_eq!(Square::parse("E1"), None);
    }
}
