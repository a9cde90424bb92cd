//! Errors shared by every game's notation: syntax, illegal, ambiguous.

/// Why a move text could not become a move. Reading happens in two steps: text to a
/// syntactic move (which can fail with [`NotationError::Syntax`]), then resolution against
/// a position (which can fail with [`NotationError::Illegal`] or [`NotationError::Ambiguous`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The text is not a move in this notation.
    #[error("cannot read {text:?}: {why}")]
    Syntax {
        /// The text read.
        text: String,
        /// What was wrong with it.
        why: String,
    },
    /// The text is well formed but no legal move matches it.
    #[error("{text:?} is not a legal move here: {why}")]
    Illegal {
        /// The text read.
        text: String,
        /// Why no legal move matches.
        why: String,
    },
    /// The text matches several legal moves.
    #[error("{text:?} is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The text read.
        text: String,
        /// Unambiguous texts of the moves it matches.
        candidates: Vec<String>,
    },
}
