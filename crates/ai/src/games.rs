//! The five games behind one type for the commands: built from a name, options written in
//! RON (unknown options refused), a setup text or a scene, and moves in each game's own
//! notation; each paired with its knowledge.

use crate::error::Error;
use serde::Serialize;
use serde::de::DeserializeOwned;
use tabula_rules::Game;
use tabula_rules::camelot::{Camelot, CamelotOptions};
use tabula_rules::fences::{Fences, FencesOptions};
use tabula_rules::scene::{GameKind, SceneFile};
use tabula_rules::screwball::{Screwball, ScrewballOptions};
use tabula_rules::transport::{Transport, TransportOptions};
use tabula_rules::war::{War, WarOptions};

/// Actions after which the commands draw a Transport game whose options set neither a turn
/// limit nor a no-progress draw (such a game might never end).
pub const TRANSPORT_TURN_LIMIT: u32 = 1000;

/// A game of any of the five kinds.
// A few games are held at a time, never arrays of them: the size of the largest (Camelot,
// whose positions keep per-cell neighbour masks for its move generator) costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum AnyGame {
    /// The Game of War.
    War(War),
    /// Camelot.
    Camelot(Camelot),
    /// Transport.
    Transport(Transport),
    /// The fence race.
    Fences(Fences),
    /// Screwball Checkers.
    Screwball(Screwball),
}

/// Runs `$body` with `$g` bound to the game inside an [`AnyGame`] (by the binding mode of
/// `$any`) and `$k` to its knowledge.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident, $k:ident => $body:expr) => {
        match $any {
            $crate::games::AnyGame::War($g) => {
                let $k = $crate::knowledge::WarKnowledge;
                $body
            }
            $crate::games::AnyGame::Camelot($g) => {
                let $k = $crate::knowledge::CamelotKnowledge;
                $body
            }
            $crate::games::AnyGame::Transport($g) => {
                let $k = $crate::knowledge::TransportKnowledge;
                $body
            }
            $crate::games::AnyGame::Fences($g) => {
                let $k = $crate::knowledge::FencesKnowledge;
                $body
            }
            $crate::games::AnyGame::Screwball($g) => {
                let $k = $crate::knowledge::ScrewballKnowledge;
                $body
            }
        }
    };
}

/// Reads a game name: `war`, `camelot`, `transport`, `fences` (or `fence-race`),
/// `screwball`, in any case.
pub fn parse_kind(name: &str) -> Result<GameKind, Error> {
    match name.trim().to_ascii_lowercase().as_str() {
        "war" | "game-of-war" => Ok(GameKind::War),
        "camelot" => Ok(GameKind::Camelot),
        "transport" => Ok(GameKind::Transport),
        "fences" | "fence-race" | "fence" => Ok(GameKind::Fences),
        "screwball" => Ok(GameKind::Screwball),
        _ => Err(Error::UnknownGame(name.to_string())),
    }
}

/// The name the commands use for a game.
pub fn kind_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::War => "war",
        GameKind::Camelot => "camelot",
        GameKind::Transport => "transport",
        GameKind::Fences => "fences",
        GameKind::Screwball => "screwball",
    }
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
) -> Result<T, Error> {
    let text = text.trim();
    let err = |why: String| Error::Options {
        game: kind_name(kind).to_string(),
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

fn setup_error(kind: GameKind, why: impl std::fmt::Display) -> Error {
    Error::Setup {
        game: kind_name(kind).to_string(),
        why: why.to_string(),
    }
}

impl AnyGame {
    /// A game from its kind, its options in RON (empty for the defaults) and an optional
    /// setup text (lines may be separated by `;`).
    pub fn new(kind: GameKind, options: &str, setup: Option<&str>) -> Result<AnyGame, Error> {
        let setup = setup.map(|s| s.replace(';', "\n"));
        let setup = setup.as_deref();
        Ok(match kind {
            GameKind::War => {
                let o: WarOptions = parse_options(kind, options)?;
                AnyGame::War(match setup {
                    None => War::new(o).map_err(|e| setup_error(kind, e))?,
                    Some(t) => War::from_setup_text(t, o).map_err(|e| setup_error(kind, e))?,
                })
            }
            GameKind::Camelot => {
                let o: CamelotOptions = parse_options(kind, options)?;
                AnyGame::Camelot(match setup {
                    None => Camelot::new(o).map_err(|e| setup_error(kind, e))?,
                    Some(t) => Camelot::from_setup_text(t, o).map_err(|e| setup_error(kind, e))?,
                })
            }
            GameKind::Transport => {
                let o: TransportOptions = parse_options(kind, options)?;
                AnyGame::Transport(match setup {
                    None => Transport::new(o).map_err(|e| setup_error(kind, e))?,
                    Some(t) => {
                        Transport::from_setup_text(t, o).map_err(|e| setup_error(kind, e))?
                    }
                })
            }
            GameKind::Fences => {
                let o: FencesOptions = parse_options(kind, options)?;
                if setup.is_some() {
                    return Err(setup_error(
                        kind,
                        "the fence race has no setup text; it starts from the standard layout",
                    ));
                }
                AnyGame::Fences(Fences::new(o).map_err(|e| setup_error(kind, e))?)
            }
            GameKind::Screwball => {
                let o: ScrewballOptions = parse_options(kind, options)?;
                AnyGame::Screwball(match setup {
                    None => Screwball::new(o).map_err(|e| setup_error(kind, e))?,
                    Some(t) => {
                        Screwball::from_setup_text(t, o).map_err(|e| setup_error(kind, e))?
                    }
                })
            }
        })
    }

    /// The game at a scene's start, after its first `at` moves (all of them by default).
    pub fn from_scene(file: &SceneFile, at: Option<usize>) -> Result<AnyGame, Error> {
        let mut game = match file.scene.game {
            GameKind::War => AnyGame::War(file.war_start()?),
            GameKind::Camelot => AnyGame::Camelot(file.camelot_start()?),
            GameKind::Transport => AnyGame::Transport(file.transport_start()?),
            GameKind::Fences => AnyGame::Fences(file.fences_start()?),
            GameKind::Screwball => AnyGame::Screwball(file.screwball_start()?),
        };
        let moves = &file.scene.moves;
        let n = at.unwrap_or(moves.len());
        if n > moves.len() {
            return Err(Error::SceneAt {
                file: file.path.clone(),
                at: n,
                moves: moves.len(),
            });
        }
        game.play_texts(&moves[..n])?;
        Ok(game)
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::War(_) => GameKind::War,
            AnyGame::Camelot(_) => GameKind::Camelot,
            AnyGame::Transport(_) => GameKind::Transport,
            AnyGame::Fences(_) => GameKind::Fences,
            AnyGame::Screwball(_) => GameKind::Screwball,
        }
    }

    /// The options in RON.
    pub fn options_ron(&self) -> String {
        let text = match self {
            AnyGame::War(g) => ron::to_string(g.options()),
            AnyGame::Camelot(g) => ron::to_string(g.options()),
            AnyGame::Transport(g) => ron::to_string(g.options()),
            AnyGame::Fences(g) => ron::to_string(g.options()),
            AnyGame::Screwball(g) => ron::to_string(g.options()),
        };
        text.unwrap_or_else(|_| "()".into())
    }

    /// Plays moves written in the game's notation (chance inputs too, such as the fence
    /// race's `throw 4`); an error names the move and its number.
    pub fn play_texts(&mut self, texts: &[String]) -> Result<(), Error> {
        with_game!(self, g, _k => {
            for (i, text) in texts.iter().enumerate() {
                play_text(g, text).map_err(|why| Error::Move {
                    number: i + 1,
                    text: text.clone(),
                    why,
                })?;
            }
            Ok(())
        })
    }

    /// Sets Transport's turn limit when the options set neither one nor a no-progress draw (a
    /// game could then go on for ever); returns the limit set.
    pub fn limit_transport(&mut self) -> Option<u32> {
        if let AnyGame::Transport(g) = self
            && g.options().turn_limit.is_none()
            && g.options().no_progress_actions.is_none()
        {
            let mut options = g.options().clone();
            let limit = TRANSPORT_TURN_LIMIT.max(g.ply() as u32 + 200);
            options.turn_limit = Some(limit);
            let moves: Vec<_> = g.moves().cloned().collect();
            let mut fresh = Transport::from_position(g.start().clone(), options);
            for m in &moves {
                fresh.play_unchecked(m);
            }
            *g = fresh;
            return Some(limit);
        }
        None
    }

    /// Whose turn it is, by name.
    pub fn to_move_name(&self) -> String {
        with_game!(self, g, _k => g.to_move().to_string())
    }

    /// The players' names in turn order.
    pub fn player_names(&self) -> Vec<String> {
        with_game!(self, g, _k => g.players().iter().map(ToString::to_string).collect())
    }
}

/// Reads and plays one move in the game's notation.
pub fn play_text<G: Game>(game: &mut G, text: &str) -> Result<(), String> {
    let mv = game.parse_move(text).map_err(|e| e.to_string())?;
    game.play(&mv).map_err(|e| e.to_string())
}

/// Splits a list of moves written `M1; M2; M3` (empty items dropped).
pub fn split_moves(text: &str) -> Vec<String> {
    text.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}
