//! A game of any kind ([`AnyGame`], made by the list of games in `lib.rs`), built only
//! through the [`Game`] trait's checked constructors: from a name, options written in RON
//! (unknown options refused by name) or as [`GameOptions`], a setup text or a scene; and
//! moves played in each game's own notation.

use crate::registry::{self, GameKind, GameOptions};
use crate::scene::{SceneError, SceneFile};
use crate::{AnyGame, Game};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::PathBuf;

/// Why a game could not be built or a move not played.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// A game name that is not one of the list.
    #[error("unknown game {name:?}: choose {}", registry::names())]
    UnknownGame {
        /// The name given.
        name: String,
    },
    /// The options text could not be read, names an option the game does not have, or
    /// holds a value the game refuses.
    #[error("bad options for {game}: {why}")]
    Options {
        /// The game's name.
        game: &'static str,
        /// What was wrong.
        why: String,
    },
    /// The setup text is not a position of the game.
    #[error("bad setup for {game}: {why}")]
    Setup {
        /// The game's name.
        game: &'static str,
        /// What was wrong.
        why: String,
    },
    /// A move could not be read or played.
    #[error("move {number} ({text:?}): {why}")]
    Move {
        /// 1-based number of the move in the list given.
        number: usize,
        /// The move's text.
        text: String,
        /// What was wrong.
        why: String,
    },
    /// A scene file could not be used.
    #[error(transparent)]
    Scene(#[from] SceneError),
    /// A number of a scene's moves past its last.
    #[error("{file}: --at {at}, but the scene has {moves} moves")]
    SceneAt {
        /// The scene file.
        file: PathBuf,
        /// The move number asked for.
        at: usize,
        /// How many moves the scene has.
        moves: usize,
    },
}

/// The game named `name` ([`registry::by_name`]: its name or another, in any case).
pub fn parse_kind(name: &str) -> Result<GameKind, GameError> {
    registry::by_name(name)
        .map(|g| g.kind)
        .ok_or_else(|| GameError::UnknownGame {
            name: name.to_string(),
        })
}

/// The field names of a struct written in RON.
fn ron_fields(text: &str) -> Option<Vec<String>> {
    match ron::from_str::<ron::Value>(text).ok()? {
        ron::Value::Map(map) => Some(
            map.keys()
                .filter_map(|k| match k {
                    ron::Value::String(s) => Some(s.clone()),
                    _ => None,
                })
                .collect(),
        ),
        ron::Value::Unit => Some(Vec::new()),
        _ => None,
    }
}

/// Reads a game's options written in RON (`(rules: Parker1930)`); an empty text or `()`
/// gives the defaults, and an option the game does not have is refused by name.
pub fn parse_options<T: DeserializeOwned + Serialize + Default>(
    kind: GameKind,
    text: &str,
) -> Result<T, GameError> {
    let text = text.trim();
    let err = |why: String| GameError::Options {
        game: kind.name(),
        why,
    };
    if text.is_empty() || text == "()" {
        return Ok(T::default());
    }
    let known = ron::to_string(&T::default())
        .ok()
        .and_then(|t| ron_fields(&t))
        .unwrap_or_default();
    if let Some(given) = ron_fields(text) {
        for field in given {
            if !known.contains(&field) {
                return Err(err(format!(
                    "unknown option {field:?}; the options are {}",
                    known.join(", ")
                )));
            }
        }
    }
    ron::from_str(text).map_err(|e| err(e.to_string()))
}

impl GameOptions {
    /// `kind`'s options written in RON ([`parse_options`]).
    pub fn from_ron(kind: GameKind, text: &str) -> Result<GameOptions, GameError> {
        with_kind!(kind, G => parse_options::<<G as Game>::Options>(kind, text).map(GameOptions::from))
    }
}

/// The game `G` from its options and an optional setup text, through the checked
/// constructors.
fn build<G: Game>(
    kind: GameKind,
    options: G::Options,
    setup: Option<&str>,
) -> Result<G, GameError> {
    match setup {
        None => G::from_options(options).map_err(|e| GameError::Options {
            game: kind.name(),
            why: e.to_string(),
        }),
        Some(text) => G::parse_setup(text, &options)
            .and_then(|setup| G::from_setup(setup, options))
            .map_err(|e| GameError::Setup {
                game: kind.name(),
                why: e.to_string(),
            }),
    }
}

impl AnyGame {
    /// A game from its options (checked), at the standard opening.
    pub fn from_options(options: GameOptions) -> Result<AnyGame, GameError> {
        AnyGame::with_setup(options, None)
    }

    /// A game from its options and an optional setup text in the game's setup form (lines
    /// may be separated by `;`), both checked.
    pub fn with_setup(options: GameOptions, setup: Option<&str>) -> Result<AnyGame, GameError> {
        let kind = options.kind();
        let setup = setup.map(|s| s.replace(';', "\n"));
        with_options!(options, G, o => build::<G>(kind, o, setup.as_deref()).map(AnyGame::from))
    }

    /// A game from its kind, its options in RON (empty for the defaults) and an optional
    /// setup text (lines may be separated by `;`).
    pub fn new(kind: GameKind, options: &str, setup: Option<&str>) -> Result<AnyGame, GameError> {
        AnyGame::with_setup(GameOptions::from_ron(kind, options)?, setup)
    }

    /// The game at a scene's start, after its first `at` moves (all of them by default).
    pub fn from_scene(file: &SceneFile, at: Option<usize>) -> Result<AnyGame, GameError> {
        let mut game = file.start()?;
        let moves = &file.scene.moves;
        let n = at.unwrap_or(moves.len());
        if n > moves.len() {
            return Err(GameError::SceneAt {
                file: file.path.clone(),
                at: n,
                moves: moves.len(),
            });
        }
        game.play_texts(&moves[..n])?;
        Ok(game)
    }

    /// The game's entry in the list.
    pub fn info(&self) -> &'static registry::GameInfo {
        self.kind().info()
    }

    /// The options the game is played under.
    pub fn options(&self) -> GameOptions {
        with_game!(self, g => GameOptions::from(g.options().clone()))
    }

    /// The options in RON.
    pub fn options_ron(&self) -> String {
        with_game!(self, g => ron::to_string(g.options())).unwrap_or_else(|_| "()".into())
    }

    /// Plays moves written in the game's notation (chance inputs too, such as the fence
    /// race's `throw 4`): all of them, or none when one is refused (the error names it and
    /// its number).
    pub fn play_texts(&mut self, texts: &[String]) -> Result<(), GameError> {
        let mut after = self.clone();
        with_game!(&mut after, g => {
            for (i, text) in texts.iter().enumerate() {
                play_text(g, text).map_err(|why| GameError::Move {
                    number: i + 1,
                    text: text.clone(),
                    why,
                })?;
            }
            Ok::<(), GameError>(())
        })?;
        *self = after;
        Ok(())
    }

    /// Whose turn it is, by name.
    pub fn to_move_name(&self) -> String {
        with_game!(self, g => g.to_move().to_string())
    }

    /// The players' names in turn order.
    pub fn player_names(&self) -> Vec<String> {
        with_game!(self, g => g.players().iter().map(ToString::to_string).collect())
    }

    /// How many moves have been played.
    pub fn ply(&self) -> usize {
        with_game!(self, g => g.ply())
    }
}

/// Reads and plays one move in the game's notation, or a resignation (`resign`, `Blue
/// resigns`: [`crate::resign`]).
pub fn play_text<G: Game>(game: &mut G, text: &str) -> Result<(), String> {
    let act = crate::resign::parse_act(game, text).map_err(|e| e.to_string())?;
    crate::resign::play_act(game, &act).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_built_from_its_name_and_default_options() {
        for info in &registry::GAMES {
            let game = AnyGame::new(parse_kind(info.name).unwrap(), "", None).unwrap();
            assert_eq!(game.kind(), info.kind);
            assert_eq!(game.options(), GameOptions::default_for(info.kind));
            assert_eq!(game.ply(), 0);
        }
    }

    #[test]
    fn unknown_names_and_options_are_refused_by_name() {
        let e = parse_kind("chess").unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("unknown game \"chess\": choose {}", registry::names())
        );
        let e = AnyGame::new(GameKind::Camelot, "(colour: Blue)", None).unwrap_err();
        assert!(e.to_string().contains("unknown option \"colour\""), "{e}");
    }
}
