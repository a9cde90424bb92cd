//! The position an exercise starts from (a lesson's step, a puzzle): its options (its own,
//! else its file's), its setup and the moves played from it, each checked by the game.

use super::SceneSetup;
use crate::registry::GameOptions;
use crate::{AnyGame, GameKind};
use ron::value::RawValue;

/// Why an exercise's start could not be built, and which field says so.
#[derive(Debug)]
pub(crate) enum StartError {
    /// The file's own `options` (those the exercise takes when it gives none).
    FileOptions(String),
    /// A field of the exercise itself: `options`, `setup` or `moves[i]`.
    Field(String, String),
}

/// The game where an exercise starts: `own` options if it gives them, else `file`'s, built
/// from `setup`, with `moves` played.
pub(crate) fn build_start(
    game: GameKind,
    own: Option<&RawValue>,
    file: &RawValue,
    setup: &SceneSetup,
    moves: &[String],
) -> Result<AnyGame, StartError> {
    let options = match own {
        Some(raw) => GameOptions::from_ron(game, raw.get_ron())
            .map_err(|e| StartError::Field("options".into(), e.to_string()))?,
        None => GameOptions::from_ron(game, file.get_ron())
            .map_err(|e| StartError::FileOptions(e.to_string()))?,
    };
    let setup = match setup {
        SceneSetup::Standard => None,
        SceneSetup::Position(text) => Some(text.as_str()),
    };
    let mut start = AnyGame::with_setup(options, setup)
        .map_err(|e| StartError::Field("setup".into(), e.to_string()))?;
    for (i, mv) in moves.iter().enumerate() {
        start
            .play_texts(std::slice::from_ref(mv))
            .map_err(|e| StartError::Field(format!("moves[{i}]"), e.to_string()))?;
    }
    Ok(start)
}
