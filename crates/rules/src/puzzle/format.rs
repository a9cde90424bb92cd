//! The puzzle file's types as written: a book of puzzles for one game, each puzzle's
//! position, goal, solution line, uniqueness margin and rating, and the newest format known.

use crate::GameKind;
use crate::lesson::Task;
use crate::scene::SceneSetup;
use serde::{Deserialize, Serialize};

/// The newest puzzle format this reader knows. A book without a `format` field is format 1.
pub const FORMAT: u32 = 1;

/// How clearly the solution's first move stands out: at the confirming search's depth, how
/// much worse the second-best first move scores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Margin {
    /// The depth (plies) of the search that confirmed the puzzle; 1 where every first move
    /// was measured by the rules alone (a way home).
    pub depth: u32,
    /// How much worse the second-best first move scores: in the engine's expected result
    /// (0 to 1) for a win or material, in steps of the way home for a fence.
    pub by: f32,
    /// The second-best first move, in the game's notation, where there is one.
    #[serde(default)]
    pub second: Option<String>,
}

/// How hard the engine found the puzzle: the shallowest search that chose the solution's
/// first move and saw its goal, and the positions that search visited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rating {
    /// The depth (plies) of that search.
    pub depth: u32,
    /// The positions it visited.
    pub nodes: u64,
}

impl Rating {
    /// A difficulty from 1 (easiest) to 5, from the depth the engine needed and the positions
    /// it visited.
    pub fn stars(&self) -> u8 {
        let by_depth = match self.depth {
            0..=1 => 1,
            2..=3 => 2,
            4..=5 => 3,
            6..=7 => 4,
            _ => 5,
        };
        let by_nodes = match self.nodes {
            0..=2_000 => 1,
            2_001..=20_000 => 2,
            20_001..=100_000 => 3,
            100_001..=500_000 => 4,
            _ => 5,
        };
        by_depth.max(by_nodes)
    }
}

/// A puzzle as written: a position (a setup and moves from it), a goal for the player to
/// move, the solution line (his moves and the replies), the margin and the rating.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Puzzle")]
pub struct PuzzleText {
    /// Its name, if it has one of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Where it comes from: a book and its page, or the game the engine played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Its rules options; absent for the book's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Box<ron::value::RawValue>>,
    /// Where its game starts.
    #[serde(default)]
    pub setup: SceneSetup,
    /// Moves played from the setup to reach the puzzle's position.
    #[serde(default)]
    pub moves: Vec<String>,
    /// What the player to move must achieve by the end of the solution line.
    pub goal: Task,
    /// The solution line: the player's moves and the replies, in the game's notation.
    pub solution: Vec<String>,
    /// How clearly its first move stands out.
    pub margin: Margin,
    /// How hard the engine found it.
    pub rating: Rating,
}

fn no_options() -> Box<ron::value::RawValue> {
    ron::value::RawValue::from_boxed_ron("()".into()).expect("() is RON")
}

/// A book of puzzles as written. A field it does not know (a misspelling) is refused with its
/// name and line rather than ignored.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Puzzles")]
pub(super) struct BookText {
    #[serde(default)]
    pub(super) format: Option<u32>,
    pub(super) title: String,
    pub(super) game: GameKind,
    #[serde(default = "no_options")]
    pub(super) options: Box<ron::value::RawValue>,
    pub(super) puzzles: Vec<PuzzleText>,
}
