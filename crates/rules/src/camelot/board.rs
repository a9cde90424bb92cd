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
const fn file_span(rank: usize) -> (usize, usize) {
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
    /// A filler for unused room in fixed arrays: index 0, which is no square of the board
    /// (all its bytes are zero, so filling is cheap). Never read as a square.
    pub(crate) const FILLER: Square = Square(0);

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
        Square::new(self.file().checked_add(df)?, self.rank().checked_add(dr)?)
    }

    /// The neighbour in direction `DIRECTIONS[dir]` (`dir` below 8), if on the board.
    #[inline]
    pub fn neighbour(self, dir: usize) -> Option<Square> {
        let cell = self.cell().wrapping_add(*OFFSETS.get(dir)?);
        let sq = CELL_SQUARE[cell];
        (sq != NONE).then_some(Square(sq))
    }

    /// `side`'s own castle squares.
    pub fn castle(side: Side) -> [Square; 2] {
        let c = CASTLE_CELLS[side.index()];
        [Square::from_cell(c), Square::from_cell(c + 1)]
    }

    /// Whether this square is in `side`'s castle.
    pub fn in_castle_of(self, side: Side) -> bool {
        in_castle(self.cell(), side)
    }

    /// Every square, A-L within rank 1, then rank 2, ...
    pub fn all() -> impl Iterator<Item = Square> {
        ALL_SQUARES.iter().copied()
    }

    /// Reads `D7`, `F16` (letter A-L, rank 1-16 without leading zeros or signs; either
    /// case).
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_uppercase();
        if !('A'..='L').contains(&file) {
            return None;
        }
        let digits = chars.as_str();
        let rank = match digits.as_bytes() {
            [d @ b'1'..=b'9'] => d - b'0',
            [b'1', d @ b'0'..=b'9'] => 10 + (d - b'0'),
            _ => return None,
        };
        Square::new(file as i8 - 'A' as i8, rank as i8 - 1)
    }

    /// Whether the square is dark (A1's colour; the board alternates).
    pub fn is_dark(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }

    /// The cell of the padded board (see [`CELLS`]).
    #[inline]
    pub(crate) fn cell(self) -> usize {
        SQUARE_CELL[self.index()] as usize
    }

    /// The square of a cell of the padded board that is on the board.
    #[inline]
    pub(crate) fn from_cell(cell: usize) -> Square {
        Square(CELL_SQUARE[cell])
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

/// Width of the padded board the move generator works on: the 12 files with two off-board
/// columns on each side, so that a step or a leap from any square lands inside the array.
pub(crate) const PAD_WIDTH: usize = 16;
/// Cells of the padded board: 16 ranks with two off-board rows below and above.
pub(crate) const CELLS: usize = PAD_WIDTH * (RANKS + 4);

/// The step between neighbouring cells in each of [`DIRECTIONS`] (wrapping for the
/// negative ones: add with `wrapping_add`).
pub(crate) const OFFSETS: [usize; 8] = {
    let mut out = [0; 8];
    let mut i = 0;
    while i < 8 {
        let (df, dr) = DIRECTIONS[i];
        out[i] = (df as isize + dr as isize * PAD_WIDTH as isize) as usize;
        i += 1;
    }
    out
};

/// For each cell of the board, one bit for each direction `d` (of [`DIRECTIONS`]) in which
/// the neighbour is on the board; 0 off the board.
pub(crate) const NEIGHBOURS: [u8; CELLS] = {
    let mut out = [0; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        if CELL_SQUARE[cell] != NONE {
            let mut d = 0;
            while d < 8 {
                if CELL_SQUARE[cell.wrapping_add(OFFSETS[d])] != NONE {
                    out[cell] |= 1 << d;
                }
                d += 1;
            }
        }
        cell += 1;
    }
    out
};

/// For each cell of the board, one bit for each direction `d` in which the square two
/// steps away is on the board (where a leap in that direction lands); 0 off the board.
pub(crate) const LEAPS: [u8; CELLS] = {
    let mut out = [0; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        if CELL_SQUARE[cell] != NONE {
            let mut d = 0;
            while d < 8 {
                let land = cell.wrapping_add(OFFSETS[d]).wrapping_add(OFFSETS[d]);
                if CELL_SQUARE[land] != NONE {
                    out[cell] |= 1 << d;
                }
                d += 1;
            }
        }
        cell += 1;
    }
    out
};

/// For each cell and side, one bit for each direction `d` in which the neighbour is one of
/// that side's castle squares.
pub(crate) const STEPS_INTO_CASTLE: [[u8; CELLS]; 2] = {
    let mut out = [[0; CELLS]; 2];
    let mut side = 0;
    while side < 2 {
        let mut cell = 0;
        while cell < CELLS {
            if CELL_SQUARE[cell] != NONE {
                let mut d = 0;
                while d < 8 {
                    if cell
                        .wrapping_add(OFFSETS[d])
                        .wrapping_sub(CASTLE_CELLS[side])
                        < 2
                    {
                        out[side][cell] |= 1 << d;
                    }
                    d += 1;
                }
            }
            cell += 1;
        }
        side += 1;
    }
    out
};

/// For each cell and side, one bit for each direction `d` in which the square two steps
/// away is one of that side's castle squares.
pub(crate) const LEAPS_INTO_CASTLE: [[u8; CELLS]; 2] = {
    let mut out = [[0; CELLS]; 2];
    let mut side = 0;
    while side < 2 {
        let mut cell = 0;
        while cell < CELLS {
            if CELL_SQUARE[cell] != NONE {
                let mut d = 0;
                while d < 8 {
                    let land = cell.wrapping_add(OFFSETS[d]).wrapping_add(OFFSETS[d]);
                    if land.wrapping_sub(CASTLE_CELLS[side]) < 2 {
                        out[side][cell] |= 1 << d;
                    }
                    d += 1;
                }
            }
            cell += 1;
        }
        side += 1;
    }
    out
};

/// The cell of each square index (rank * 12 + file); 0 for indices that are not squares.
const SQUARE_CELL: [u16; RANKS * FILES] = {
    let mut out = [0; RANKS * FILES];
    let mut i = 0;
    while i < RANKS * FILES {
        out[i] = ((i / FILES + 2) * PAD_WIDTH + i % FILES + 2) as u16;
        i += 1;
    }
    out
};

/// The square index of each cell, or [`NONE`] off the board.
const CELL_SQUARE: [u8; CELLS] = {
    let mut out = [NONE; CELLS];
    let mut rank = 0;
    while rank < RANKS {
        let (lo, hi) = file_span(rank);
        let mut file = lo;
        while file <= hi {
            out[(rank + 2) * PAD_WIDTH + file + 2] = (rank * FILES + file) as u8;
            file += 1;
        }
        rank += 1;
    }
    out
};

/// The first cell of each side's castle (the second is the next cell).
pub(crate) const CASTLE_CELLS: [usize; 2] = [2 * PAD_WIDTH + 7, (RANKS + 1) * PAD_WIDTH + 7];

/// Whether a cell is one of `side`'s castle squares.
#[inline]
pub(crate) fn in_castle(cell: usize, side: Side) -> bool {
    cell.wrapping_sub(CASTLE_CELLS[side.index()]) < 2
}

/// Every square in order.
const ALL_SQUARES: [Square; 160] = {
    let mut out = [Square(0); 160];
    let mut n = 0;
    let mut rank = 0;
    while rank < RANKS {
        let (lo, hi) = file_span(rank);
        let mut file = lo;
        while file <= hi {
            out[n] = Square((rank * FILES + file) as u8);
            n += 1;
            file += 1;
        }
        rank += 1;
    }
    out
};

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
        for bad in [
            "A-128", "A+5", "E05", "E017", "E17", "E0", "", "E", "M5", "E5x", "É5",
        ] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        assert_eq!(Square::parse("g16"), Some(Square::castle(Side::Black)[1]));
        let e5 = Square::parse("E5").unwrap();
        assert_eq!(e5.step((i8::MAX, 0)), None);
        assert_eq!(e5.step((0, i8::MIN)), None);
        assert_eq!(e5.neighbour(8), None);
    }

    #[test]
    fn neighbours_follow_the_directions() {
        for sq in Square::all() {
            for (d, step) in DIRECTIONS.iter().enumerate() {
                assert_eq!(sq.neighbour(d), sq.step(*step), "{sq} {step:?}");
            }
            assert_eq!(Square::from_cell(sq.cell()), sq);
            for side in Side::ALL {
                assert_eq!(
                    in_castle(sq.cell(), side),
                    sq.rank() == [0, 15][side.index()],
                    "{sq}"
                );
            }
        }
    }
}
