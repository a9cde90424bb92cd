//! The scene file's types as written: the scene, its setup and expected outcome, a
//! demonstration's notes and camera cues, its variations, and the newest format known.

use super::GameKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

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

/// Where a demonstration's camera goes at a note.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CameraCue {
    /// The spectator director (the default of a demonstration).
    Spectator,
    /// Behind the first player.
    Near,
    /// Behind the second player.
    Far,
    /// Straight down.
    Top,
    /// From the side.
    Side,
}

/// What a demonstration shows at a moment of the game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Note {
    /// A subtitle: the book's own commentary where there is one.
    #[serde(default)]
    pub caption: Option<String>,
    /// Squares to light, in the game's square names.
    #[serde(default)]
    pub squares: Vec<String>,
    /// Arrows to draw, from a square to a square (like the patent figures' dotted lines).
    #[serde(default)]
    pub arrows: Vec<(String, String)>,
    /// Where the camera goes.
    #[serde(default)]
    pub camera: Option<CameraCue>,
    /// Extra seconds to hold here.
    #[serde(default)]
    pub pause: Option<f32>,
}

/// A branch of play: other moves after the first `from` moves of the main line.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variation {
    /// Its name.
    pub title: String,
    /// Main-line moves played before it branches off.
    pub from: usize,
    /// Its moves, in the game's notation.
    pub moves: Vec<String>,
    /// Its notes, keyed by moves played counting the main line's first `from`.
    #[serde(default)]
    pub notes: BTreeMap<usize, Note>,
    /// What its moves lead to.
    #[serde(default)]
    pub expect: Expect,
}

/// The newest scene format this reader knows. A scene without a `format` field is format 1.
pub const FORMAT: u32 = 1;

/// A scene as written in its file. A field it does not know (a misspelling) is refused with
/// its name and line rather than ignored.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    /// The version of the scene format the file was written in (absent: 1). A file newer
    /// than [`FORMAT`] is refused rather than misread.
    #[serde(default)]
    pub format: Option<u32>,
    /// Shown to the audience.
    pub title: String,
    /// Where the game comes from: which text, which page or figure.
    #[serde(default)]
    pub source: Option<String>,
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
    /// Captions, annotations and camera cues, keyed by moves played.
    #[serde(default)]
    pub notes: BTreeMap<usize, Note>,
    /// Branches of play.
    #[serde(default)]
    pub variations: Vec<Variation>,
}
