//! The errors of the commands: each names what was wrong and where.

use std::path::PathBuf;

/// What went wrong in a command.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A game could not be built, or a move not played.
    #[error(transparent)]
    Game(#[from] tabula_rules::GameError),
    /// A scene file could not be used.
    #[error(transparent)]
    Scene(#[from] tabula_rules::scene::SceneError),
    /// The scene is for another game than the one named.
    #[error("{file}: the scene is for {scene}, not {named}")]
    SceneGame {
        /// The scene file.
        file: PathBuf,
        /// The scene's game.
        scene: String,
        /// The game named on the command line.
        named: String,
    },
    /// `--at` past the scene's moves.
    #[error("{file}: --at {at}, but the scene has {moves} moves")]
    SceneAt {
        /// The scene file.
        file: PathBuf,
        /// The move number asked for.
        at: usize,
        /// How many moves the scene has.
        moves: usize,
    },
    /// An engine specification that cannot be read.
    #[error(
        "bad engine {0:?}: expected random, easy, medium, hard, max, time:MS or iterations:N (optionally after mcts: or ab:), or uct, uct:time:MS or uct:iterations:N"
    )]
    Spec(String),
    /// A ladder's list of engines that cannot be used.
    #[error("--engines {0}")]
    Engines(String),
    /// A command-line number outside what the command can use.
    #[error("{flag} {value}: {why}")]
    Argument {
        /// The flag.
        flag: &'static str,
        /// The value given.
        value: String,
        /// What it should be.
        why: &'static str,
    },
    /// A level name that is not one of the four.
    #[error("unknown level {0:?}: choose easy, medium, hard or max")]
    Level(String),
    /// An algorithm name that is not known.
    #[error("unknown algorithm {0:?}: choose mcts or ab")]
    Algorithm(String),
    /// A move of `--only` that cannot be read or is not legal.
    #[error("--only: {0}")]
    Only(String),
    /// A puzzle file could not be read, or a puzzle did not verify.
    #[error(transparent)]
    Puzzle(#[from] tabula_rules::puzzle::PuzzleError),
    /// Nothing to decide in the position.
    #[error("no move to choose: {0}")]
    NoDecision(#[from] crate::search::NoDecision),
    /// Reading or writing failed.
    #[error("{what}: {source}")]
    Io {
        /// What was being read or written.
        what: String,
        /// The I/O error.
        source: std::io::Error,
    },
}

impl Error {
    /// An I/O error while doing `what`.
    pub fn io(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> Error {
        let what = what.into();
        move |source| Error::Io { what, source }
    }
}
