//! What can go wrong with a scene, each error placed in its file and, where it can, on
//! its line.

use super::{Expect, GameKind};
use std::path::PathBuf;

/// What went wrong with a scene; every error names the file and, where it can, the line.
#[derive(Debug, thiserror::Error)]
pub enum SceneError {
    /// The file could not be read, is not RON of the right shape, or is in a newer format.
    #[error(transparent)]
    Read(#[from] crate::scene::ReadError),
    /// The options do not fit the game (a misspelled option is refused, not ignored).
    #[error("{file}:{line}:{column}: bad options for {game}: {why}")]
    Options {
        /// The scene file.
        file: PathBuf,
        /// 1-based line of the fault (or of the options) in the file.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The scene's game.
        game: GameKind,
        /// What was wrong.
        why: String,
    },
    /// The setup position is not valid.
    #[error("{file}: bad setup: {why}")]
    Setup {
        /// The scene file.
        file: PathBuf,
        /// What was wrong (names the setup's own line).
        why: String,
    },
    /// A move could not be read or played.
    #[error("{file}:{line}: move {number} ({text:?}): {why}")]
    Move {
        /// The scene file.
        file: PathBuf,
        /// 1-based line of the move in the file.
        line: usize,
        /// 1-based move number in the scene.
        number: usize,
        /// The move's text.
        text: String,
        /// What was wrong.
        why: String,
    },
    /// A note cannot be shown.
    #[error("{file}:{line}: note at move {at}: {why}")]
    Note {
        /// The scene file.
        file: PathBuf,
        /// 1-based line of the note.
        line: usize,
        /// Its key: moves played when it shows.
        at: usize,
        /// What was wrong.
        why: String,
    },
    /// A variation's move could not be read or played, or it led elsewhere than it says.
    #[error("{file}:{line}: variation {title:?}: {why}")]
    Variation {
        /// The scene file.
        file: PathBuf,
        /// 1-based line.
        line: usize,
        /// The variation's title.
        title: String,
        /// What was wrong.
        why: String,
    },
    /// The moves led elsewhere than `expect` says.
    #[error("{file}: expected {expected}, but the game ended as: {got}")]
    Unexpected {
        /// The scene file.
        file: PathBuf,
        /// What the scene expected.
        expected: Expect,
        /// What happened.
        got: String,
    },
}
