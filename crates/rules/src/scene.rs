//! The RON scene format: a game, its options, a setup and a list of moves in the game's
//! own notation, with the outcome they should reach. Scenes are replayed headless by
//! `tabula verify` and shown by the app.
//!
//! ```ron
//! Scene(
//!     title: "The Siege Gambit",
//!     game: War,
//!     options: (),
//!     setup: Standard,
//!     moves: ["GM to M2", "GM to M2"],
//!     expect: Ongoing,
//! )
//! ```

use crate::camelot::{Camelot, CamelotOptions};
use crate::screwball::{Screwball, ScrewballOptions};
use crate::transport::{Transport, TransportOptions};
use crate::war::{War, WarOptions};
use crate::{Game, NotationError, Outcome, PlayError};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// Which game a scene is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameKind {
    /// Hudson Maxim's Game of War.
    War,
    /// Parker's Camelot.
    Camelot,
    /// Paschal's naval game.
    Transport,
    /// Magee's fence race.
    Fences,
    /// Dubay's Screwball Checkers.
    Screwball,
}

impl GameKind {
    /// Every game.
    pub const ALL: [GameKind; 5] = [
        GameKind::War,
        GameKind::Camelot,
        GameKind::Transport,
        GameKind::Fences,
        GameKind::Screwball,
    ];

    /// The game's title.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::War => "The Game of War",
            GameKind::Camelot => "Camelot",
            GameKind::Transport => "Transport",
            GameKind::Fences => "The fence race",
            GameKind::Screwball => "Screwball Checkers",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// Where a scene's game starts.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SceneSetup {
    /// The game's standard opening.
    #[default]
    Standard,
    /// A position in the game's setup text form.
    Position(String),
}

/// The outcome a scene must reach after its last move.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Expect {
    /// The named player (or team) wins.
    Win(String),
    /// A draw, for any reason.
    Draw,
    /// The game is still going.
    #[default]
    Ongoing,
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expect::Win(p) => write!(f, "{p} wins"),
            Expect::Draw => f.write_str("a draw"),
            Expect::Ongoing => f.write_str("the game still going"),
        }
    }
}

fn no_options() -> Box<ron::value::RawValue> {
    ron::value::RawValue::from_boxed_ron("()".into()).expect("() is RON")
}

/// A scene as written in its file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Scene {
    /// Shown to the audience.
    pub title: String,
    /// Which game.
    pub game: GameKind,
    /// The game's rules options; `()` or absent for the defaults.
    #[serde(default = "no_options")]
    pub options: Box<ron::value::RawValue>,
    /// Where the game starts.
    #[serde(default)]
    pub setup: SceneSetup,
    /// The moves in the game's own notation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// What the moves should lead to.
    #[serde(default)]
    pub expect: Expect,
}

/// What went wrong with a scene; every error names the file and, where it can, the line.
#[derive(Debug, thiserror::Error)]
pub enum SceneError {
    /// The file could not be read.
    #[error("{file}: cannot read: {source}")]
    Io {
        /// The scene file.
        file: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not a valid scene.
    #[error("{file}:{line}:{column}: {why}")]
    Format {
        /// The scene file.
        file: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the RON reader said.
        why: String,
    },
    /// The options do not fit the game.
    #[error("{file}: bad options for {game}: {why}")]
    Options {
        /// The scene file.
        file: PathBuf,
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

/// A scene read from a file, with its source text for error positions.
#[derive(Debug, Clone)]
pub struct SceneFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// The parsed scene.
    pub scene: Scene,
    source: String,
}

impl SceneFile {
    /// Reads and parses a scene file.
    pub fn load(path: &Path) -> Result<SceneFile, SceneError> {
        let source = std::fs::read_to_string(path).map_err(|source| SceneError::Io {
            file: path.to_path_buf(),
            source,
        })?;
        SceneFile::parse(path, &source)
    }

    /// Parses a scene from text; `path` is only used in messages.
    pub fn parse(path: &Path, source: &str) -> Result<SceneFile, SceneError> {
        let scene: Scene = ron::from_str(source).map_err(|e| SceneError::Format {
            file: path.to_path_buf(),
            line: e.span.start.line,
            column: e.span.start.col,
            why: e.code.to_string(),
        })?;
        Ok(SceneFile {
            path: path.to_path_buf(),
            scene,
            source: source.to_string(),
        })
    }

    /// The 1-based line of the `index`-th (0-based) move string in the source.
    pub fn move_line(&self, index: usize) -> usize {
        let Some(start) = self.source.find("moves") else {
            return 0;
        };
        let bytes = self.source.as_bytes();
        let mut i = start;
        let mut seen = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'"' => {
                    if seen == index {
                        return self.source[..i].matches('\n').count() + 1;
                    }
                    seen += 1;
                    i += 1;
                    while i < bytes.len() && bytes[i] != b'"' {
                        i += if bytes[i] == b'\\' { 2 } else { 1 };
                    }
                }
                b']' => break,
                _ => {}
            }
            i += 1;
        }
        0
    }

    fn move_error(&self, index: usize, why: String) -> SceneError {
        SceneError::Move {
            file: self.path.clone(),
            line: self.move_line(index),
            number: index + 1,
            text: self.scene.moves[index].clone(),
            why,
        }
    }

    /// The scene's options for a game whose options are `T`.
    fn options<T: Default + serde::de::DeserializeOwned>(&self) -> Result<T, SceneError> {
        let raw = &self.scene.options;
        if raw.get_ron().trim() == "()" {
            return Ok(T::default());
        }
        raw.into_rust().map_err(|e| SceneError::Options {
            file: self.path.clone(),
            game: self.scene.game,
            why: e.to_string(),
        })
    }

    fn setup_error(&self, why: impl fmt::Display) -> SceneError {
        SceneError::Setup {
            file: self.path.clone(),
            why: why.to_string(),
        }
    }

    /// The War game at the scene's start.
    pub fn war_start(&self) -> Result<War, SceneError> {
        let options: WarOptions = self.options()?;
        match &self.scene.setup {
            SceneSetup::Standard => Ok(War::new(options)),
            SceneSetup::Position(text) => {
                War::from_setup_text(text, options).map_err(|e| self.setup_error(e))
            }
        }
    }

    /// The fence race at the scene's start (the standard layout; throws are moves such as
    /// `"throw 4"`).
    pub fn fences_start(&self) -> Result<crate::fences::Fences, SceneError> {
        let options: crate::fences::FencesOptions = self.options()?;
        if self.scene.setup != SceneSetup::Standard {
            return Err(self.setup_error("fence race scenes start from the standard layout"));
        }
        crate::fences::Fences::new(options).map_err(|e| self.setup_error(e))
    }

    /// The Camelot game at the scene's start.
    pub fn camelot_start(&self) -> Result<Camelot, SceneError> {
        let options: CamelotOptions = self.options()?;
        match &self.scene.setup {
            SceneSetup::Standard => Ok(Camelot::new(options)),
            SceneSetup::Position(text) => {
                Camelot::from_setup_text(text, options).map_err(|e| self.setup_error(e))
            }
        }
    }

    /// The Screwball game at the scene's start.
    pub fn screwball_start(&self) -> Result<Screwball, SceneError> {
        let options: ScrewballOptions = self.options()?;
        match &self.scene.setup {
            SceneSetup::Standard => Ok(Screwball::new(options)),
            SceneSetup::Position(text) => {
                Screwball::from_setup_text(text, options).map_err(|e| self.setup_error(e))
            }
        }
    }

    /// The Transport game at the scene's start.
    pub fn transport_start(&self) -> Result<Transport, SceneError> {
        let options: TransportOptions = self.options()?;
        match &self.scene.setup {
            SceneSetup::Standard => Transport::new(options).map_err(|e| self.setup_error(e)),
            SceneSetup::Position(text) => {
                Transport::from_setup_text(text, options).map_err(|e| self.setup_error(e))
            }
        }
    }

    /// Plays `moves` on `game`, stopping at the first that cannot be read or played.
    pub fn replay<G: Game>(&self, game: &mut G) -> Result<(), SceneError> {
        for (i, text) in self.scene.moves.iter().enumerate() {
            let mv = game
                .parse_move(text)
                .map_err(|e: NotationError| self.move_error(i, e.to_string()))?;
            game.play(&mv)
                .map_err(|e: PlayError| self.move_error(i, e.to_string()))?;
        }
        Ok(())
    }

    /// Replays the whole scene and checks the outcome against `expect`.
    pub fn verify(&self) -> Result<String, SceneError> {
        match self.scene.game {
            GameKind::War => {
                let mut game = self.war_start()?;
                self.replay(&mut game)?;
                self.check(game.outcome())
            }
            GameKind::Camelot => {
                let mut game = self.camelot_start()?;
                self.replay(&mut game)?;
                self.check(game.outcome())
            }
            GameKind::Fences => {
                let mut game = self.fences_start()?;
                self.replay(&mut game)?;
                self.check(game.outcome())
            }
            GameKind::Screwball => {
                let mut game = self.screwball_start()?;
                self.replay(&mut game)?;
                self.check(game.outcome())
            }
            GameKind::Transport => {
                let mut game = self.transport_start()?;
                self.replay(&mut game)?;
                self.check(game.outcome())
            }
        }
    }

    fn check<P: fmt::Display>(&self, outcome: Outcome<P>) -> Result<String, SceneError> {
        let ok = match (&self.scene.expect, &outcome) {
            (Expect::Ongoing, Outcome::Ongoing) => true,
            (Expect::Draw, Outcome::Draw(_)) => true,
            (Expect::Win(who), Outcome::Win(p)) => p.to_string().eq_ignore_ascii_case(who),
            (Expect::Win(who), Outcome::TeamWin(ps)) => {
                ps.iter().any(|p| p.to_string().eq_ignore_ascii_case(who))
            }
            _ => false,
        };
        if ok {
            Ok(outcome.to_string())
        } else {
            Err(SceneError::Unexpected {
                file: self.path.clone(),
                expected: self.scene.expect.clone(),
                got: outcome.to_string(),
            })
        }
    }
}
