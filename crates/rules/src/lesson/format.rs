//! The lesson file's types as written: the lesson, its steps, a step's further parts, the
//! tasks and the wrong answers, and the newest format known.

use crate::GameKind;
use crate::scene::SceneSetup;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The newest lesson format this reader knows. A lesson without a `format` field is format 1.
pub const FORMAT: u32 = 1;

/// What a step asks of the player's move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// One of these moves, in the game's notation (read against the position, so that any
    /// text of the same move will do).
    Moves(Vec<String>),
    /// A move that captures, sinks or (in Screwball) attacks at least this many enemy
    /// pieces ([`crate::Game::captured`]).
    CapturesAtLeast(usize),
    /// [`Task::CapturesAtLeast`] in Transport's word: a move that sinks at least this many.
    Sinks(usize),
    /// [`Task::CapturesAtLeast`] in Screwball's word: a move that attacks at least this many.
    Attacks(usize),
    /// A move that leaves the piece it moved on this square ([`crate::Game::reaches`]).
    Reaches(String),
    /// A move that wins the game for the player who makes it.
    Wins,
    /// A move after which `player`'s shortest way to his goal is at least `n` steps longer,
    /// or shut ([`crate::Game::distance_to_goal`]: the fence race's way home).
    LengthensBy {
        /// The player whose way home must grow: `Red`, `Blue`, `Green` or `Yellow`.
        player: String,
        /// By how many steps at least.
        n: u32,
    },
    /// A move that meets every one of these.
    All(Vec<Task>),
}

impl fmt::Display for Task {
    /// The task in words, as a refusal that has no text of its own says it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pieces = |n: usize| if n == 1 { "piece" } else { "pieces" };
        match self {
            Task::Moves(moves) => write!(f, "play {}", moves.join(" or ")),
            Task::CapturesAtLeast(n) => write!(f, "capture at least {n} {}", pieces(*n)),
            Task::Sinks(n) => write!(f, "sink at least {n} {}", pieces(*n)),
            Task::Attacks(n) => write!(f, "attack at least {n} {}", pieces(*n)),
            Task::Reaches(square) => write!(f, "move a piece to {square}"),
            Task::Wins => f.write_str("win the game"),
            Task::LengthensBy { player, n } => {
                write!(f, "make {player}'s way home at least {n} longer")
            }
            Task::All(tasks) => {
                let words: Vec<String> = tasks.iter().map(ToString::to_string).collect();
                f.write_str(&words.join(", and "))
            }
        }
    }
}

/// A wrong answer a step foresees, and what the player is told when he plays it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wrong {
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub text: String,
    /// For a legal move that misses the task, what the player is told; for an illegal one,
    /// words the rules' reason must contain (checked by [`super::Lesson::verify`]).
    pub says: String,
}

/// A further part of a step's line: the scripted reply, then the player's next move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// The moves played for the other side before the player moves again (none for a
    /// step's first part).
    #[serde(default)]
    pub reply: Vec<String>,
    /// What the player is told before this move, if anything more.
    #[serde(default)]
    pub text: Option<String>,
    /// What the move must do.
    pub task: Task,
    /// A move that does it, in the game's notation.
    pub solution: String,
    /// What the hint says: the answer, in words.
    pub hint: String,
    /// What a legal move that misses the task is told (unless [`Part::wrong`] names it).
    pub miss: String,
    /// Wrong answers foreseen, each with what it is told.
    #[serde(default)]
    pub wrong: Vec<Wrong>,
}

/// A step as written: a position, a few sentences, and a task (with, optionally, further
/// parts of a short line).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Step")]
pub(super) struct StepText {
    pub(super) title: String,
    /// The step's rules options; absent for the lesson's.
    #[serde(default)]
    pub(super) options: Option<Box<ron::value::RawValue>>,
    #[serde(default)]
    pub(super) setup: SceneSetup,
    /// Moves played before the task, to set the scene (a fence race's throw).
    #[serde(default)]
    pub(super) moves: Vec<String>,
    pub(super) text: String,
    #[serde(default)]
    pub(super) squares: Vec<String>,
    #[serde(default)]
    pub(super) arrows: Vec<(String, String)>,
    pub(super) task: Task,
    pub(super) solution: String,
    pub(super) hint: String,
    pub(super) miss: String,
    #[serde(default)]
    pub(super) wrong: Vec<Wrong>,
    #[serde(default)]
    pub(super) then: Vec<Part>,
}

fn no_options() -> Box<ron::value::RawValue> {
    ron::value::RawValue::from_boxed_ron("()".into()).expect("() is RON")
}

/// A lesson as written. A field it does not know (a misspelling) is refused with its name
/// and line rather than ignored.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Lesson")]
pub(super) struct LessonText {
    #[serde(default)]
    pub(super) format: Option<u32>,
    pub(super) title: String,
    pub(super) game: GameKind,
    #[serde(default)]
    pub(super) intro: Option<String>,
    #[serde(default = "no_options")]
    pub(super) options: Box<ron::value::RawValue>,
    pub(super) steps: Vec<StepText>,
}
