//! A fence race's layout as text: where each pawn stands, where each fence stands, and whose
//! turn it is; read line by line with errors that name the line of the offending item.
//!
//! ```text
//! # Red is two steps from home's south entrance.
//! Red pawn g3
//! Red fences a1|a2 a2|a3 a3|a4 a4|a5 a5|a6 a6|a7
//! Green pawn g11
//! Green fences m1|m2 m2|m3 m3|m4 m4|m5 m5|m6 m6|m7
//! turn Red
//! ```
//!
//! Each seat has one `pawn` line (a space, or `home`) and six fences over one or more
//! `fences` lines. `turn` is optional: by default the first seat in order of play whose pawn
//! is not home moves first, at the start of its turn.

use super::board::{Node, Section, Slot, Space};
use super::options::OptionsError;
use std::fmt;

/// What a seat is called: its section's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub Section);

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Section::South => "Red",
            Section::East => "Blue",
            Section::North => "Green",
            Section::West => "Yellow",
        })
    }
}

/// A layout: pawns, fences and the seat to move, each with the line it was read from (when
/// read from text).
///
/// Two layouts are equal when they stand the same pawns and the same fences and give the
/// same seat the move, whatever order they list them in (the text lists fences seat by
/// seat) and whatever lines they were read from.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    /// Each seat's pawn, with its line.
    pub pawns: Vec<(Seat, Node, Option<usize>)>,
    /// Each fence with its owner, with its line.
    pub fences: Vec<(Seat, Slot, Option<usize>)>,
    /// Whose turn it is, with its line; `None` for the first seat whose pawn is not home.
    pub to_move: Option<(Seat, Option<usize>)>,
}

/// A layout's pawns and fences without their lines, each in a fixed order.
type Sorted = (Vec<(Seat, Node)>, Vec<(Seat, Slot)>);

impl Layout {
    /// The pawns and the fences without their lines, each in a fixed order.
    fn sorted(&self) -> Sorted {
        let mut pawns: Vec<(Seat, Node)> = self.pawns.iter().map(|p| (p.0, p.1)).collect();
        let mut fences: Vec<(Seat, Slot)> = self.fences.iter().map(|f| (f.0, f.1)).collect();
        pawns.sort_unstable();
        fences.sort_unstable();
        (pawns, fences)
    }
}

impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.to_move.map(|t| t.0) == other.to_move.map(|t| t.0)
            && self.pawns.len() == other.pawns.len()
            && self.fences.len() == other.fences.len()
            && self.sorted() == other.sorted()
    }
}

impl Eq for Layout {}

/// `"line N: "`, or nothing for an item that was not read from text.
fn at(line: &Option<usize>) -> String {
    line.map(|l| format!("line {l}: ")).unwrap_or_default()
}

/// Why a layout is not a position of the race, or could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The options are out of range.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// A line could not be read.
    #[error("line {line}: {why}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What was wrong.
        why: String,
    },
    /// A seat that does not play in this race.
    #[error("{}{seat} does not play in a race of {players}", at(.line))]
    NotInRace {
        /// Where (1-based line), when read from text.
        line: Option<usize>,
        /// The seat.
        seat: Seat,
        /// Players in the race.
        players: u8,
    },
    /// Not one pawn for each player.
    #[error("{given} pawns for {players} players")]
    PawnCount {
        /// Pawns given.
        given: usize,
        /// Players in the race.
        players: u8,
    },
    /// A seat's pawn is placed twice.
    #[error("{}{seat}'s pawn is placed twice", at(.line))]
    TwoPawns {
        /// Where.
        line: Option<usize>,
        /// The seat.
        seat: Seat,
    },
    /// A seat's pawn is not placed.
    #[error("{seat}'s pawn is not placed")]
    NoPawn {
        /// The seat.
        seat: Seat,
    },
    /// A pawn off the field or inside home's block.
    #[error("{}{space} is not a space of the {size} x {size} field (home's block is not walkable)", at(.line))]
    NotASpace {
        /// Where.
        line: Option<usize>,
        /// The space.
        space: Space,
        /// Spaces a side.
        size: u8,
    },
    /// A fence where no fence may stand.
    #[error("{}{why}", at(.line))]
    NotASlot {
        /// Where.
        line: Option<usize>,
        /// Which slot, and why not.
        why: String,
    },
    /// Two fences in one slot.
    #[error("{}two fences in {slot}", at(.line))]
    TwoFences {
        /// Where (the second).
        line: Option<usize>,
        /// The slot.
        slot: Slot,
    },
    /// A seat without exactly six fences.
    #[error("{}{seat} has {count} fences; each player has six", at(.line))]
    FenceCount {
        /// Where (the seventh fence, or the seat's last fences line).
        line: Option<usize>,
        /// The seat.
        seat: Seat,
        /// How many it has (or has reached).
        count: usize,
    },
    /// The turn given to a seat whose pawn is home.
    #[error("{}{seat}'s pawn is home, so it is not {seat}'s turn", at(.line))]
    TurnAtHome {
        /// Where.
        line: Option<usize>,
        /// The seat.
        seat: Seat,
    },
}

impl Seat {
    /// Reads a seat's colour: `Red`, `Blue`, `Green` or `Yellow` (any case).
    pub fn parse(text: &str) -> Option<Seat> {
        let section = match text.to_ascii_lowercase().as_str() {
            "red" => Section::South,
            "blue" => Section::East,
            "green" => Section::North,
            "yellow" => Section::West,
            _ => return None,
        };
        Some(Seat(section))
    }
}

impl Layout {
    /// Reads the text form (see the module's documentation). `#` starts a comment.
    pub fn parse(text: &str) -> Result<Layout, SetupError> {
        let mut layout = Layout::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let err = |why: String| SetupError::Syntax { line, why };
            let body = raw.split('#').next().unwrap_or("").trim();
            let words: Vec<&str> = body.split_whitespace().collect();
            let seat_of = |w: &str| {
                Seat::parse(w).ok_or_else(|| {
                    err(format!("unknown player {w:?} (Red, Blue, Green or Yellow)"))
                })
            };
            match words.as_slice() {
                [] => {}
                ["turn", seat] => {
                    if layout.to_move.is_some() {
                        return Err(err("a second turn line".into()));
                    }
                    layout.to_move = Some((seat_of(seat)?, Some(line)));
                }
                [seat, "pawn", node] => {
                    let node = match *node {
                        "home" => Node::Home,
                        text => Node::Space(Space::parse(text).ok_or_else(|| {
                            err(format!("{text:?} is not a space (a1, m13) or home"))
                        })?),
                    };
                    layout.pawns.push((seat_of(seat)?, node, Some(line)));
                }
                [seat, "fences", slots @ ..] => {
                    let seat = seat_of(seat)?;
                    for text in slots {
                        let slot = Slot::parse(text).ok_or_else(|| {
                            err(format!("{text:?} is not a slot (two spaces, like e5|e6)"))
                        })?;
                        layout.fences.push((seat, slot, Some(line)));
                    }
                }
                _ => {
                    return Err(err(format!(
                        "expected \"Red pawn a1\", \"Red fences e2|e3 g2|g3 ...\" or \"turn Red\", found {body:?}"
                    )));
                }
            }
        }
        Ok(layout)
    }
}

impl fmt::Display for Layout {
    /// The text form, which [`Layout::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut seats: Vec<Seat> = self.pawns.iter().map(|p| p.0).collect();
        seats.extend(self.fences.iter().map(|p| p.0));
        seats.sort();
        seats.dedup();
        for seat in seats {
            for (_, node, _) in self.pawns.iter().filter(|p| p.0 == seat) {
                writeln!(f, "{seat} pawn {node}")?;
            }
            let slots: Vec<String> = self
                .fences
                .iter()
                .filter(|p| p.0 == seat)
                .map(|p| p.1.to_string())
                .collect();
            if !slots.is_empty() {
                writeln!(f, "{seat} fences {}", slots.join(" "))?;
            }
        }
        if let Some((seat, _)) = self.to_move {
            writeln!(f, "turn {seat}")?;
        }
        Ok(())
    }
}
