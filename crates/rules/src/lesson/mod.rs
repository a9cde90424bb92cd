//! Lessons: courses of short steps that teach a game on the board, read from RON files in
//! `lessons/<game>/`, checked by `tabula verify` and the tests.
//!
//! A lesson names its game and, optionally, rules options for all its steps; each step
//! gives a position (the standard opening or a setup text, with its own options where it
//! needs them), a few sentences, and a task for the player's move, with the solution, a hint,
//! what a legal move that misses the task is told, and foreseen wrong answers:
//!
//! ```ron
//! Lesson(
//!     format: 1,
//!     title: "Camelot: first steps",
//!     game: Camelot,
//!     steps: [
//!         Step(
//!             title: "The jump",
//!             setup: Position("White men: F6 B4\nBlack men: F7 K12\nWhite to move"),
//!             text: "Leap over an enemy piece next to yours to the empty square beyond: it is captured.",
//!             squares: ["F7"],
//!             task: CapturesAtLeast(1),
//!             solution: "F6xF8",
//!             hint: "Jump from F6 over F7 to F8.",
//!             miss: "Capture the black man instead: jump over it.",
//!             wrong: [Wrong(move: "B4-B5", says: "a capture is compulsory")],
//!         ),
//!     ],
//! )
//! ```
//!
//! A task is one of [`Task`]'s: listed moves, or a condition checked by the rules (captures,
//! a square reached, a win, a fence-race way home made longer). A step may be a short line:
//! `then` lists further parts, each a scripted reply and the player's next move. The screen
//! shows a step from [`Step::start`] and asks [`Step::judge`] (or [`Step::answer`], which
//! also plays the move and the reply) what the player's move comes to: a [`Verdict`].

mod error;
mod file;
mod format;
mod judge;
mod verify;

pub use error::LessonError;
pub use file::{Lesson, Step, is_lesson_file, is_lesson_text};
pub use format::{FORMAT, Part, Task, Wrong};
pub use judge::Verdict;
pub(crate) use judge::{lengthened, named, won_by};
