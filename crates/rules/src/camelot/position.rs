//! Camelot positions: men and knights on the board, side to move, castle moves used, and
//! the setup text form, read into an unchecked [`Setup`] that [`Position::from_setup`]
//! checks.

use super::board::{CASTLE_CELLS, CELLS, LEAPS, OFFSETS, Side, Square};
use super::game::OptionsError;
use std::fmt;

/// What a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Plain moves, canters and jumps.
    Man,
    /// All a man can do, and the knight's charge.
    Knight,
}

/// A piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub side: Side,
    /// Man or knight.
    pub kind: Kind,
}

/// How many knights each side owns.
pub const KNIGHTS: usize = 4;
/// How many men each side owns.
pub const MEN: usize = 10;
/// The most castle moves a setup may say a side has made, and the highest
/// `castle_move_limit`.
pub const MAX_CASTLE_MOVES: u8 = 100;

/// A cell of the padded board holding nothing.
pub(crate) const EMPTY: u8 = 0;
/// A cell off the board.
pub(crate) const OFF: u8 = 0x80;
/// The bit of a cell that holds a knight.
pub(crate) const KNIGHT_BIT: u8 = 4;

/// The bit of a cell that holds a piece of `side`.
#[inline]
pub(crate) fn side_bit(side: Side) -> u8 {
    1 << side.index()
}

impl Piece {
    /// The piece's cell code: its side's bit, and the knight bit.
    #[inline]
    pub(crate) fn code(self) -> u8 {
        side_bit(self.side)
            | if self.kind == Kind::Knight {
                KNIGHT_BIT
            } else {
                0
            }
    }

    /// The piece a cell code holds, if any.
    #[inline]
    pub(crate) fn from_code(code: u8) -> Option<Piece> {
        let side = match code & 3 {
            1 => Side::White,
            2 => Side::Black,
            _ => return None,
        };
        let kind = if code & KNIGHT_BIT != 0 {
            Kind::Knight
        } else {
            Kind::Man
        };
        Some(Piece { side, kind })
    }
}

/// SplitMix64, for the Zobrist keys.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Zobrist keys of each cell code (0-7) on each cell.
static ZOBRIST: [[u64; CELLS]; 8] = {
    let mut out = [[0; CELLS]; 8];
    let mut code = 0;
    while code < 8 {
        let mut cell = 0;
        while cell < CELLS {
            out[code][cell] = mix((code * CELLS + cell) as u64);
            cell += 1;
        }
        code += 1;
    }
    out
};

/// The key of Black to move.
const BLACK_TO_MOVE: u64 = mix(0xb1ac);

/// The key of `count` castle moves made by `side` (0 for none).
#[inline]
fn castle_key(side: Side, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        mix(0xca57_1e00 + side.index() as u64 * 256 + u64::from(count))
    }
}

/// A checked, playable position.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// The padded board: a piece's code, [`EMPTY`] or [`OFF`] in each cell.
    pub(crate) cells: [u8; CELLS],
    /// Each side's occupied cells, one bit each.
    pub(crate) occupied: [[u64; CELLS / 64]; 2],
    /// For each side and cell, one bit for each direction `d` in which a piece of that side
    /// stands next to the cell.
    pub(crate) near: [[u8; CELLS]; 2],
    /// For each cell, one bit for each direction `d` in which the square two steps away is
    /// on the board and empty: where a canter or a jump in that direction would land.
    pub(crate) far_empty: [u8; CELLS],
    pub(crate) to_move: Side,
    /// Castle moves each side has made (moves between the two squares of the enemy castle).
    pub(crate) castle_moves: [u8; 2],
    /// Each side's pieces.
    counts: [u8; 2],
    /// The Zobrist key of the pieces, the side to move and the castle moves.
    key: u64,
}

/// Why a setup is not a valid Camelot position, or could not be read; lines count from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A line could not be read.
    #[error("line {line}: {why}")]
    Syntax {
        /// The line.
        line: usize,
        /// What was wrong.
        why: String,
    },
    /// Two pieces on one square.
    #[error("line {line}: two pieces on {square}")]
    Occupied {
        /// The line of the second piece.
        line: usize,
        /// The square.
        square: String,
    },
    /// More pieces than a side owns.
    #[error("line {line}: {side} has more than {max} {kind}")]
    TooMany {
        /// The line of the first piece too many.
        line: usize,
        /// Whose.
        side: Side,
        /// "knights" or "men".
        kind: &'static str,
        /// How many a side owns.
        max: usize,
    },
    /// More castle moves than the rules allow.
    #[error("{}{side} has made {count} castle moves; castle_move_limit allows {limit}", at_line(*.line))]
    CastleMoves {
        /// The line of the castle moves, when the position came from a text.
        line: Option<usize>,
        /// Whose.
        side: Side,
        /// How many were given.
        count: u8,
        /// The options' `castle_move_limit`.
        limit: u8,
    },
    /// Castle moves given under rules that do not count them.
    #[error("{}castle moves are counted only under the WCF rules (rules: Wcf)", at_line(*.line))]
    CastleMovesNotCounted {
        /// The line of the castle moves, when the position came from a text.
        line: Option<usize>,
    },
    /// The rules options are out of range.
    #[error(transparent)]
    Options(#[from] OptionsError),
}

fn at_line(line: Option<usize>) -> String {
    line.map_or(String::new(), |l| format!("line {l}: "))
}

/// One piece of a setup, and the line that places it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetupPiece {
    /// The piece.
    pub piece: Piece,
    /// Its square.
    pub square: Square,
    /// The 1-based line of the setup text that places it.
    pub line: usize,
}

/// An unchecked setup as read from its text: turn it into a playable [`Position`] with
/// [`Position::from_setup`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Setup {
    /// The pieces in the order given.
    pub pieces: Vec<SetupPiece>,
    /// Who moves; White when not given.
    pub to_move: Option<Side>,
    /// Castle moves White and Black have made, and the line that gives them.
    pub castle_moves: Option<([u8; 2], usize)>,
}

const STANDARD: [(Side, Kind, &str); 4] = [
    (Side::White, Kind::Knight, "C6 D7 I7 J6"),
    (Side::White, Kind::Man, "D6 E6 E7 F6 F7 G6 G7 H6 H7 I6"),
    (Side::Black, Kind::Knight, "C11 D10 I10 J11"),
    (
        Side::Black,
        Kind::Man,
        "D11 E10 E11 F10 F11 G10 G11 H10 H11 I11",
    ),
];

impl Position {
    /// The standard opening, White to move.
    pub fn standard() -> Position {
        let mut pos = Position::empty(Side::White);
        for (side, kind, squares) in STANDARD {
            for sq in squares.split_whitespace() {
                let sq = Square::parse(sq).expect("standard square");
                pos.put(sq.cell(), Piece { side, kind });
            }
        }
        pos
    }

    fn empty(to_move: Side) -> Position {
        let mut cells = [OFF; CELLS];
        for sq in Square::all() {
            cells[sq.cell()] = EMPTY;
        }
        Position {
            cells,
            occupied: [[0; CELLS / 64]; 2],
            near: [[0; CELLS]; 2],
            far_empty: LEAPS,
            to_move,
            castle_moves: [0; 2],
            counts: [0; 2],
            key: if to_move == Side::Black {
                BLACK_TO_MOVE
            } else {
                0
            },
        }
    }

    /// Puts `piece` on an empty cell.
    #[inline]
    pub(crate) fn put(&mut self, cell: usize, piece: Piece) {
        let code = piece.code();
        self.cells[cell] = code;
        self.occupied[piece.side.index()][cell / 64] |= 1 << (cell % 64);
        let near = &mut self.near[piece.side.index()];
        for d in 0..8 {
            let back = OFFSETS[(d + 4) % 8];
            near[cell.wrapping_add(back)] |= 1 << d;
            self.far_empty[cell.wrapping_add(back).wrapping_add(back)] &= !(1 << d);
        }
        self.counts[piece.side.index()] += 1;
        self.key ^= ZOBRIST[usize::from(code)][cell];
    }

    /// Takes the piece off a cell, if there is one.
    #[inline]
    pub(crate) fn take(&mut self, cell: usize) -> Option<Piece> {
        let code = self.cells[cell];
        let piece = Piece::from_code(code)?;
        self.cells[cell] = EMPTY;
        self.occupied[piece.side.index()][cell / 64] &= !(1 << (cell % 64));
        let near = &mut self.near[piece.side.index()];
        for d in 0..8 {
            let back = OFFSETS[(d + 4) % 8];
            near[cell.wrapping_add(back)] &= !(1 << d);
            let from = cell.wrapping_add(back).wrapping_add(back);
            self.far_empty[from] |= LEAPS[from] & (1 << d);
        }
        self.counts[piece.side.index()] -= 1;
        self.key ^= ZOBRIST[usize::from(code)][cell];
        Some(piece)
    }

    /// Hands the move to the other side.
    #[inline]
    pub(crate) fn pass_turn(&mut self) {
        self.to_move = self.to_move.other();
        self.key ^= BLACK_TO_MOVE;
    }

    /// Sets the castle moves `side` has made.
    #[inline]
    pub(crate) fn set_castle_moves(&mut self, side: Side, count: u8) {
        let i = side.index();
        self.key ^= castle_key(side, self.castle_moves[i]) ^ castle_key(side, count);
        self.castle_moves[i] = count;
    }

    /// The piece on a square.
    pub fn at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.cells[sq.cell()])
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Castle moves `side` has made.
    pub fn castle_moves(&self, side: Side) -> u8 {
        self.castle_moves[side.index()]
    }

    /// All pieces of `side` with their squares.
    pub fn pieces_of(&self, side: Side) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(move |sq| self.at(sq).filter(|p| p.side == side).map(|p| (sq, p)))
    }

    /// How many pieces `side` has.
    pub fn count(&self, side: Side) -> usize {
        usize::from(self.counts[side.index()])
    }

    /// How many of `side`'s pieces stand in the castle of `owner`.
    pub(crate) fn in_castle(&self, side: Side, owner: Side) -> usize {
        let c = CASTLE_CELLS[owner.index()];
        let bit = side_bit(side);
        usize::from(self.cells[c] & bit != 0) + usize::from(self.cells[c + 1] & bit != 0)
    }

    /// The Zobrist key of the pieces, the side to move and the castle moves.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// A key for repetition: the same as [`Position::key`].
    pub fn repetition_key(&self) -> u64 {
        self.key
    }

    /// The occupied cells of `side`, in order.
    pub(crate) fn cells_of(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.occupied[side.index()]
            .iter()
            .enumerate()
            .flat_map(|(w, &bits)| {
                let mut bits = bits;
                std::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        w * 64 + b
                    })
                })
            })
    }

    /// Reads the text form (see [`Setup::parse`]) and checks it.
    pub fn parse(text: &str) -> Result<Position, SetupError> {
        Position::from_setup(&Setup::parse(text)?)
    }

    /// Checks a setup and builds the position: one piece a square, at most 4 knights and
    /// 10 men a side, at most [`MAX_CASTLE_MOVES`] castle moves a side. The rules options
    /// check the castle moves further when a game starts.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let mut pos = Position::empty(setup.to_move.unwrap_or(Side::White));
        let mut knights = [0; 2];
        let mut men = [0; 2];
        for sp in &setup.pieces {
            let cell = sp.square.cell();
            if pos.cells[cell] != EMPTY {
                return Err(SetupError::Occupied {
                    line: sp.line,
                    square: sp.square.to_string(),
                });
            }
            let side = sp.piece.side;
            let (count, kind, max) = match sp.piece.kind {
                Kind::Knight => (&mut knights[side.index()], "knights", KNIGHTS),
                Kind::Man => (&mut men[side.index()], "men", MEN),
            };
            *count += 1;
            if *count > max {
                return Err(SetupError::TooMany {
                    line: sp.line,
                    side,
                    kind,
                    max,
                });
            }
            pos.put(cell, sp.piece);
        }
        if let Some((counts, line)) = setup.castle_moves {
            for side in Side::ALL {
                let count = counts[side.index()];
                if count > MAX_CASTLE_MOVES {
                    return Err(SetupError::CastleMoves {
                        line: Some(line),
                        side,
                        count,
                        limit: MAX_CASTLE_MOVES,
                    });
                }
                pos.set_castle_moves(side, count);
            }
        }
        Ok(pos)
    }
}

impl Setup {
    /// Reads the text form, a line per side and kind (repeatable), and optional lines for the
    /// side to move and the castle moves made (White's, then Black's):
    ///
    /// ```text
    /// White knights: C6 D7
    /// White men: D6 E6
    /// Black knights: C11
    /// Black men: D11
    /// White to move
    /// Castle moves: 0 1
    /// ```
    ///
    /// `#` starts a comment; squares are separated by spaces or commas.
    pub fn parse(text: &str) -> Result<Setup, SetupError> {
        let mut setup = Setup::default();
        let mut to_move_line = None;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |why: String| SetupError::Syntax { line, why };
            let body = raw.split('#').next().unwrap_or("").trim();
            if body.is_empty() {
                continue;
            }
            if let Some(side) = body.strip_suffix(" to move") {
                let side = Side::parse(side.trim()).ok_or_else(|| {
                    err(format!("unknown side {:?} (White or Black)", side.trim()))
                })?;
                if let Some(first) = to_move_line {
                    return Err(err(format!(
                        "the side to move is given twice (first on line {first})"
                    )));
                }
                to_move_line = Some(line);
                setup.to_move = Some(side);
                continue;
            }
            let (head, list) = body.split_once(':').ok_or_else(|| {
                err(format!(
                    "expected \"White men: ...\", \"White to move\" or \"Castle moves: ...\", \
                     found {body:?}"
                ))
            })?;
            let words: Vec<&str> = head.split_whitespace().collect();
            if let [castle, moves] = words[..]
                && castle.eq_ignore_ascii_case("castle")
                && moves.eq_ignore_ascii_case("moves")
            {
                if let Some((_, first)) = setup.castle_moves {
                    return Err(err(format!(
                        "the castle moves are given twice (first on line {first})"
                    )));
                }
                let counts: Vec<u8> = list
                    .split_whitespace()
                    .map(|n| parse_count(n).map_err(&err))
                    .collect::<Result<_, _>>()?;
                let [white, black] = counts[..] else {
                    return Err(err(
                        "castle moves: give White's and Black's counts, like \"Castle moves: 0 1\""
                            .into(),
                    ));
                };
                setup.castle_moves = Some(([white, black], line));
                continue;
            }
            let [side, kind] = words[..] else {
                return Err(err(format!(
                    "expected \"<side> knights\", \"<side> men\" or \"Castle moves\", found \
                     {head:?}"
                )));
            };
            let side = Side::parse(side)
                .ok_or_else(|| err(format!("unknown side {side:?} (White or Black)")))?;
            let kind = match kind.to_ascii_lowercase().as_str() {
                "knights" | "knight" => Kind::Knight,
                "men" | "man" => Kind::Man,
                other => {
                    return Err(err(format!(
                        "unknown piece kind {other:?} (knights or men)"
                    )));
                }
            };
            for word in list
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|w| !w.is_empty())
            {
                let square = Square::parse(word).ok_or_else(|| {
                    err(format!(
                        "{word:?} is not a square of the board (A-L and 1-16, like E5)"
                    ))
                })?;
                setup.pieces.push(SetupPiece {
                    piece: Piece { side, kind },
                    square,
                    line,
                });
            }
        }
        Ok(setup)
    }
}

/// Reads a castle-move count: digits, from 0 to [`MAX_CASTLE_MOVES`].
fn parse_count(text: &str) -> Result<u8, String> {
    let bad = || format!("castle moves: {text:?} is not a count from 0 to {MAX_CASTLE_MOVES}");
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    match text.parse::<u8>() {
        Ok(n) if n <= MAX_CASTLE_MOVES => Ok(n),
        _ => Err(bad()),
    }
}

impl fmt::Display for Position {
    /// The text form that [`Position::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for side in Side::ALL {
            for (kind, noun) in [(Kind::Knight, "knights"), (Kind::Man, "men")] {
                let squares: Vec<String> = self
                    .pieces_of(side)
                    .filter(|(_, p)| p.kind == kind)
                    .map(|(sq, _)| sq.to_string())
                    .collect();
                writeln!(f, "{side} {noun}: {}", squares.join(" "))?;
            }
        }
        if self.castle_moves != [0, 0] {
            writeln!(
                f,
                "Castle moves: {} {}",
                self.castle_moves[0], self.castle_moves[1]
            )?;
        }
        write!(f, "{} to move", self.to_move)
    }
}

impl fmt::Debug for Position {
    /// The text form, on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_the_position() {
        let a = Position::standard();
        let b = Position::parse(&a.to_string()).unwrap();
        assert_eq!(a.key(), b.key());
        let mut c = a.clone();
        let e6 = Square::parse("E6").unwrap().cell();
        let piece = c.take(e6).unwrap();
        assert_ne!(c.key(), a.key());
        c.put(e6, piece);
        assert_eq!(c, a);
        c.pass_turn();
        assert_ne!(c.key(), a.key());
        c.pass_turn();
        c.set_castle_moves(Side::Black, 2);
        assert_ne!(c.key(), a.key());
        c.set_castle_moves(Side::Black, 0);
        assert_eq!(c.key(), a.key());
        assert_eq!(a.cells_of(Side::White).count(), 14);
        // The near masks say where each side's pieces stand around a cell.
        for sq in Square::all() {
            for side in Side::ALL {
                for d in 0..8 {
                    let there = sq.neighbour(d).and_then(|n| a.at(n));
                    assert_eq!(
                        a.near[side.index()][sq.cell()] & (1 << d) != 0,
                        there.is_some_and(|p| p.side == side),
                        "{sq} {d}"
                    );
                    let far = sq
                        .neighbour(d)
                        .and_then(|n| n.neighbour(d))
                        .filter(|f| a.at(*f).is_none());
                    assert_eq!(
                        a.far_empty[sq.cell()] & (1 << d) != 0,
                        far.is_some(),
                        "{sq} {d}"
                    );
                }
            }
        }
    }
}
