//! What can go wrong with a lesson file, each error placed in its file and on its line.

use std::path::PathBuf;

/// What went wrong with a lesson; every error names the file and, where it can, the line
/// and the field.
#[derive(Debug, thiserror::Error)]
pub enum LessonError {
    /// The file could not be read, is not RON of the right shape, or is in a newer format.
    #[error(transparent)]
    Read(#[from] crate::scene::ReadError),
    /// A field of the lesson itself is wrong (its options, or it has no steps).
    #[error("{file}:{line}: {field}: {why}")]
    Lesson {
        /// The lesson file.
        file: PathBuf,
        /// 1-based line of the field.
        line: usize,
        /// The field at fault.
        field: &'static str,
        /// What was wrong.
        why: String,
    },
    /// A field of a step is wrong: its options, setup or moves do not give a position, a
    /// square is not one of the game's, or its task, solution or wrong answers do not hold.
    #[error("{file}:{line}: step {step} ({title:?}), {field}: {why}")]
    Step {
        /// The lesson file.
        file: PathBuf,
        /// 1-based line of the field (or of the step, where the field is not written).
        line: usize,
        /// 1-based number of the step.
        step: usize,
        /// The step's title.
        title: String,
        /// The field at fault, e.g. `setup`, `solution`, `then[0].wrong[1]`.
        field: String,
        /// What was wrong.
        why: String,
    },
}
