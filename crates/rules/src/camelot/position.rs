//! Camelot positions: men and knights on the board, side to move, castle moves used, and
//! the setup text form that builds checked positions.

use super::board::{Side, Square};
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

/// A checked, playable position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 192],
    pub(crate) to_move: Side,
    /// Castle moves each side has made (moves between the two squares of the enemy castle).
    pub(crate) castle_moves: [u8; 2],
}

/// Why a setup is not a valid Camelot position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A line could not be read.
    #[error("line {line}: {why}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What was wrong.
        why: String,
    },
    /// Two pieces on one square.
    #[error("two pieces on {0}")]
    Occupied(String),
    /// More pieces than a side owns.
    #[error("{side} has {count} {kind}; at most {max}")]
    TooMany {
        /// Whose.
        side: Side,
        /// "knights" or "men".
        kind: &'static str,
        /// How many were given.
        count: usize,
        /// How many a side owns.
        max: usize,
    },
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
                pos.board[Square::parse(sq).expect("standard square").index()] =
                    Some(Piece { side, kind });
            }
        }
        pos
    }

    fn empty(to_move: Side) -> Position {
        Position {
            board: [None; 192],
            to_move,
            castle_moves: [0; 2],
        }
    }

    /// The piece on a square.
    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
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
        self.pieces_of(side).count()
    }

    /// Reads the text form:
    ///
    /// ```text
    /// White knights: C6 D7
    /// White men: D6 E6
    /// Black knights: C11
    /// Black men: D11
    /// White to move
    /// Castle moves: 0 1
    /// ```
    pub fn parse(text: &str) -> Result<Position, SetupError> {
        let mut pos = Position::empty(Side::White);
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |why: String| SetupError::Syntax { line, why };
            let body = raw.split('#').next().unwrap_or("").trim();
            if body.is_empty() {
                continue;
            }
            if let Some(side) = body.strip_suffix(" to move") {
                pos.to_move = Side::parse(side.trim())
                    .ok_or_else(|| err(format!("unknown side {side:?}")))?;
                continue;
            }
            let (head, list) = body.split_once(':').ok_or_else(|| {
                err(format!(
                    "expected \"White men: ...\" or \"White to move\", found {body:?}"
                ))
            })?;
            let words: Vec<&str> = head.split_whitespace().collect();
            if words.len() == 2 && words[0].eq_ignore_ascii_case("castle") {
                let counts: Vec<u8> = list
                    .split_whitespace()
                    .map(|n| n.parse().map_err(|_| err(format!("{n:?} is not a count"))))
                    .collect::<Result<_, _>>()?;
                if counts.len() != 2 {
                    return Err(err("castle moves: give White's and Black's counts".into()));
                }
                pos.castle_moves = [counts[0], counts[1]];
                continue;
            }
            let [side, kind] = words[..] else {
                return Err(err(format!(
                    "expected \"<side> knights\" or \"<side> men\", found {head:?}"
                )));
            };
            let side = Side::parse(side).ok_or_else(|| err(format!("unknown side {side:?}")))?;
            let kind = match kind.to_ascii_lowercase().as_str() {
                "knights" | "knight" => Kind::Knight,
                "men" | "man" => Kind::Man,
                other => {
                    return Err(err(format!(
                        "unknown piece kind {other:?} (knights or men)"
                    )));
                }
            };
            for word in list.split([' ', ',']).filter(|w| !w.is_empty()) {
                let sq = Square::parse(word)
                    .ok_or_else(|| err(format!("{word:?} is not a square of the board")))?;
                if pos.at(sq).is_some() {
                    return Err(SetupError::Occupied(sq.to_string()));
                }
                pos.board[sq.index()] = Some(Piece { side, kind });
            }
        }
        for side in Side::ALL {
            for (kind, noun, max) in [(Kind::Knight, "knights", 4), (Kind::Man, "men", 10)] {
                let count = pos.pieces_of(side).filter(|(_, p)| p.kind == kind).count();
                if count > max {
                    return Err(SetupError::TooMany {
                        side,
                        kind: noun,
                        count,
                        max,
                    });
                }
            }
        }
        Ok(pos)
    }

    /// A key for repetition: pieces, side to move and castle moves used.
    pub fn repetition_key(&self) -> u64 {
        // FNV-1a over a byte per square, then the side to move and the castle moves.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        for p in &self.board {
            eat(match p {
                None => 0,
                Some(p) => 1 + p.side as u8 * 2 + p.kind as u8,
            });
        }
        eat(self.to_move as u8);
        eat(self.castle_moves[0]);
        eat(self.castle_moves[1]);
        h
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
