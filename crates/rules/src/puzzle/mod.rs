//! Puzzles: positions where one move stands out, read from RON files in `puzzles/<game>/`,
//! checked by `tabula verify` and the tests without the engine.
//!
//! A file is a book of puzzles for one game, under rules options for all of them; each
//! puzzle gives a position (a setup and moves from it), a goal for the player to move, the
//! solution line (his moves and the replies), the uniqueness margin (how much worse the
//! second-best first move scored at the search depth that confirmed the puzzle) and a
//! rating (the shallowest search that found it, and the positions it visited):
//!
//! ```ron
//! Puzzles(
//!     format: 1,
//!     title: "The Game of War: Maxim's problems",
//!     game: War,
//!     puzzles: [
//!         Puzzle(
//!             title: "Problem I",
//!             setup: Position("Red: K at KF2, M at GF2, C at GF8, T at GH3, T at GM4, F on station, F on station\nBlue: K at G2, G at KF5, F at KF2, F at GF2, T at GC4, T at GH3, T at GM5\nRed to move"),
//!             goal: Wins,
//!             solution: ["M to K2", "G to G3", "M to Citadel", "K takes M", "C takes K"],
//!             margin: Margin(depth: 5, by: 0.5, second: "C to G9"),
//!             rating: Rating(depth: 5, nodes: 4000),
//!         ),
//!     ],
//! )
//! ```
//!
//! A goal is one of the lessons' [`Task`]s that can be judged at the end of a line: `Wins`
//! (the game won by the player to move), `CapturesAtLeast(n)` (or `Sinks`, `Attacks`: the
//! pieces he took over the line less those he lost, [`crate::Game::captured`]),
//! `LengthensBy(player, n)` (an opponent's way home at least `n` steps longer,
//! [`crate::Game::distance_to_goal`]), or `All` of them.

mod error;
mod file;
mod format;
mod judge;
mod line;
mod verify;
mod write;

pub use crate::lesson::{Task, Verdict};
pub use error::PuzzleError;
pub use file::{Puzzle, PuzzleBook, is_puzzle_file, is_puzzle_text};
pub use format::{FORMAT, Margin, PuzzleText, Rating};
pub use line::{LineEnd, LineError, goal_words};
pub use write::book_text;
