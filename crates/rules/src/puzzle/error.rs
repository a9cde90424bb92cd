//! What can go wrong with a puzzle file, each error placed in its file and on its line.

use std::path::PathBuf;

/// What went wrong with a book of puzzles; every error names the file and, where it can, the
/// line and the field.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    /// The file could not be read, is not RON of the right shape, or is in a newer format.
    #[error(transparent)]
    Read(#[from] crate::scene::ReadError),
    /// A field of the book itself is wrong (its options, or it holds no puzzle).
    #[error("{file}:{line}: {field}: {why}")]
    Book {
        /// The puzzle file.
        file: PathBuf,
        /// 1-based line of the field.
        line: usize,
        /// The field at fault.
        field: &'static str,
        /// What was wrong.
        why: String,
    },
    /// A field of a puzzle is wrong: its options, setup or moves do not give a position where
    /// the game goes on, its goal does not fit, its solution is not legal or misses the goal,
    /// or its margin or rating cannot be so.
    #[error("{file}:{line}: puzzle {number} ({title:?}), {field}: {why}")]
    Puzzle {
        /// The puzzle file.
        file: PathBuf,
        /// 1-based line of the field (or of the puzzle, where the field is not written).
        line: usize,
        /// 1-based number of the puzzle in its book.
        number: usize,
        /// The puzzle's title.
        title: String,
        /// The field at fault, e.g. `setup`, `solution[2]`, `margin.second`.
        field: String,
        /// What was wrong.
        why: String,
    },
}
