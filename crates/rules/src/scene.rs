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
//!
//! A demonstration adds, all optional: a `source` line; `notes` keyed by the number of
//! moves played when each shows (0: before the first), each with a caption, squares to
//! light and arrows to draw (in the game's square names), a camera cue and a pause; and
//! `variations`, each a branch of moves after a number of main-line moves, with its own
//! notes and expected outcome.
//!
//! ```ron
//! Scene(
//!     title: "The Siege Gambit",
//!     source: "Maxim, The Game of War (1910), the specimen game",
//!     game: War,
//!     moves: ["GM to M2", "GM to M2"],
//!     notes: {
//!         1: Note(caption: "Red opens the mortar's file.", squares: ["GM2"],
//!                 arrows: [("GM1", "GM2")], camera: Some(Top), pause: 2.0),
//!     },
//!     variations: [
//!         Variation(title: "Another reply", from: 1, moves: ["KM to M2"],
//!                   notes: { 2: Note(caption: "Blue answers on the other wing.") }),
//!     ],
//! )
//! ```

use crate::{AnyGame, Game, NotationError, Outcome, PlayError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

pub use crate::GameKind;

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
    /// The file was written in a newer scene format than this reader knows.
    #[error(
        "{file}:{line}: written by a newer Tabula (format {format}; this one reads up to {FORMAT})"
    )]
    Newer {
        /// The scene file.
        file: PathBuf,
        /// 1-based line of its `format` field.
        line: usize,
        /// The format it names.
        format: u64,
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

/// A scene read from a file, with its source text for error positions.
#[derive(Debug, Clone)]
pub struct SceneFile {
    /// Where it was read from.
    pub path: PathBuf,
    /// The parsed scene.
    pub scene: Scene,
    source: String,
    /// Where the scene's values stand in `source`.
    layout: Option<layout::Value>,
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

    /// Parses a scene from text; `path` is only used in messages. A file in a newer format
    /// is refused before anything else is read, since its fields may mean other things.
    pub fn parse(path: &Path, source: &str) -> Result<SceneFile, SceneError> {
        let layout = layout::read(source);
        let newer = |line: usize, format: u64| SceneError::Newer {
            file: path.to_path_buf(),
            line,
            format,
        };
        if let Some((format, start)) = layout.as_ref().and_then(|l| format_field(source, l))
            && format > u64::from(FORMAT)
        {
            return Err(newer(line_at(source, start), format));
        }
        // Optional fields may be written bare (`pause: 2.0`, `camera: Top`) or as `Some(..)`.
        let options = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        let scene: Scene = options.from_str(source).map_err(|e| SceneError::Format {
            file: path.to_path_buf(),
            line: e.span.start.line,
            column: e.span.start.col,
            why: e.code.to_string(),
        })?;
        if let Some(format) = scene.format.filter(|f| *f > FORMAT) {
            // Laid out beyond what the layout reader follows: name the field's first line.
            let start = source.find("format").unwrap_or(0);
            return Err(newer(line_at(source, start), u64::from(format)));
        }
        Ok(SceneFile {
            path: path.to_path_buf(),
            layout,
            scene,
            source: source.to_string(),
        })
    }

    /// The 1-based line of a byte offset of the source.
    fn line_at(&self, offset: usize) -> usize {
        line_at(&self.source, offset)
    }

    /// The 1-based line where a located value starts, or 0 when it cannot be found.
    fn line_of(&self, value: Option<&layout::Value>) -> usize {
        value.map_or(0, |v| self.line_at(v.start))
    }

    /// The scene's own field `name`, as written.
    fn field(&self, name: &str) -> Option<&layout::Value> {
        self.layout.as_ref()?.field(name)
    }

    /// The `index`-th (0-based) variation, as written.
    fn variation_value(&self, index: usize) -> Option<&layout::Value> {
        self.field("variations")?.item(index)
    }

    /// The 1-based line of the `index`-th (0-based) move string of the main line, or 0.
    pub fn move_line(&self, index: usize) -> usize {
        self.line_of(self.field("moves").and_then(|m| m.item(index)))
    }

    /// The 1-based line of the `index`-th (0-based) move string of the `variation`-th
    /// variation, or 0.
    pub fn variation_move_line(&self, variation: usize, index: usize) -> usize {
        self.line_of(
            self.variation_value(variation)
                .and_then(|v| v.field("moves"))
                .and_then(|m| m.item(index)),
        )
    }

    /// The 1-based line of the note keyed `at`: of the main line, or of the `variation`-th
    /// variation; or 0.
    pub fn note_line(&self, variation: Option<usize>, at: usize) -> usize {
        let notes = match variation {
            None => self.field("notes"),
            Some(v) => self.variation_value(v).and_then(|v| v.field("notes")),
        };
        self.line_of(notes.and_then(|n| n.key(&self.source, |k| k.parse() == Ok(at))))
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

    /// The scene's options for a game whose options are `T`; an error is placed in the file
    /// by where the options are written.
    fn options<T: Default + serde::de::DeserializeOwned>(&self) -> Result<T, SceneError> {
        let raw = &self.scene.options;
        if raw.get_ron().trim() == "()" {
            return Ok(T::default());
        }
        raw.into_rust().map_err(|e| {
            // The options' text is a piece of the source that starts where the value does,
            // or earlier if a comment stands before it.
            let text = raw.get_ron();
            let start = self
                .field("options")
                .and_then(|v| {
                    let end = (v.start + text.len()).min(self.source.len());
                    self.source.get(..end)?.rfind(text)
                })
                .unwrap_or(0);
            let line = self.line_at(start);
            let column = start - self.source[..start].rfind('\n').map_or(0, |i| i + 1) + 1;
            let (line, column) = if e.span.start.line <= 1 {
                (line, column + e.span.start.col.saturating_sub(1))
            } else {
                (line + e.span.start.line - 1, e.span.start.col)
            };
            SceneError::Options {
                file: self.path.clone(),
                line,
                column,
                game: self.scene.game,
                why: e.code.to_string(),
            }
        })
    }

    fn setup_error(&self, why: impl fmt::Display) -> SceneError {
        SceneError::Setup {
            file: self.path.clone(),
            why: why.to_string(),
        }
    }

    /// An options error placed on the option `field` as written, else on the options.
    fn options_error(&self, field: Option<&str>, why: impl fmt::Display) -> SceneError {
        let options = self.field("options");
        let value = field.and_then(|f| options.and_then(|o| o.field(f)));
        let at = value.or(options).map_or(0, |v| v.start);
        let line_start = self
            .source
            .get(..at)
            .and_then(|s| s.rfind('\n'))
            .map_or(0, |i| i + 1);
        SceneError::Options {
            file: self.path.clone(),
            line: self.line_at(at),
            column: at.saturating_sub(line_start) + 1,
            game: self.scene.game,
            why: why.to_string(),
        }
    }

    /// The scene's game at its start, whichever game it is.
    pub fn start(&self) -> Result<AnyGame, SceneError> {
        with_kind!(self.scene.game, G => self.start_as::<G>().map(AnyGame::from))
    }

    /// The scene's game at its start, as the game `G` (the scene must be for it): its
    /// options checked by [`Game::from_options`] (an error placed on the option at fault),
    /// its setup read by [`Game::parse_setup`] and checked by [`Game::from_setup`].
    pub fn start_as<G: Game>(&self) -> Result<G, SceneError> {
        let options: G::Options = self.options()?;
        let standard = G::from_options(options.clone())
            .map_err(|e| self.options_error(G::option_at_fault(&e), e))?;
        match &self.scene.setup {
            SceneSetup::Standard => Ok(standard),
            SceneSetup::Position(text) => G::parse_setup(text, &options)
                .and_then(|setup| G::from_setup(setup, options))
                .map_err(|e| self.setup_error(e)),
        }
    }

    /// Plays `moves` on `game`, stopping at the first that cannot be read or played.
    pub fn replay<G: Game>(&self, game: &mut G) -> Result<(), SceneError> {
        self.replay_first(game, self.scene.moves.len())
    }

    /// Plays the first `n` of `moves` on `game`.
    fn replay_first<G: Game>(&self, game: &mut G, n: usize) -> Result<(), SceneError> {
        for (i, text) in self.scene.moves.iter().take(n).enumerate() {
            let mv = game
                .parse_move(text)
                .map_err(|e: NotationError| self.move_error(i, e.to_string()))?;
            game.play(&mv)
                .map_err(|e: PlayError| self.move_error(i, e.to_string()))?;
        }
        Ok(())
    }

    /// Replays the whole scene and checks the outcome against `expect`, then checks its
    /// notes and replays each variation against its own `expect`.
    pub fn verify(&self) -> Result<String, SceneError> {
        let outcome = with_game!(self.start()?, g => self.verify_game(g))?;
        self.check_notes(&self.scene.notes, 0, self.scene.moves.len(), None)?;
        Ok(outcome)
    }

    fn verify_game<G: Game>(&self, start: G) -> Result<String, SceneError> {
        let mut game = start.clone();
        self.replay(&mut game)?;
        let outcome = self.check(game.outcome())?;
        for (index, variation) in self.scene.variations.iter().enumerate() {
            let mut game = start.clone();
            self.replay_variation(&mut game, index)?;
            let ok = expect_met(&variation.expect, &game.outcome());
            if !ok {
                return Err(self.variation_error(
                    index,
                    "expect",
                    format!(
                        "expected {}, but it ended as: {}",
                        variation.expect,
                        game.outcome()
                    ),
                ));
            }
        }
        Ok(outcome)
    }

    /// An error of the `index`-th variation, placed at its field `field` (or at the
    /// variation itself when that field is not written).
    fn variation_error(&self, index: usize, field: &str, why: String) -> SceneError {
        let at = self.variation_value(index);
        SceneError::Variation {
            file: self.path.clone(),
            line: self.line_of(at.and_then(|v| v.field(field)).or(at)),
            title: self.scene.variations[index].title.clone(),
            why,
        }
    }

    /// The moves of a line: the main line, or the main line's first `from` moves and then
    /// the variation's.
    pub fn line_moves(&self, variation: Option<usize>) -> Vec<String> {
        match variation.and_then(|v| self.scene.variations.get(v)) {
            None => self.scene.moves.clone(),
            Some(v) => {
                let mut moves: Vec<String> =
                    self.scene.moves[..v.from.min(self.scene.moves.len())].to_vec();
                moves.extend(v.moves.iter().cloned());
                moves
            }
        }
    }

    /// Plays the main line's first `from` moves and then those of the `index`-th (0-based)
    /// variation. An index past the last variation plays nothing.
    pub fn replay_variation<G: Game>(&self, game: &mut G, index: usize) -> Result<(), SceneError> {
        let Some(variation) = self.scene.variations.get(index) else {
            return Ok(());
        };
        if variation.from > self.scene.moves.len() {
            return Err(self.variation_error(
                index,
                "from",
                format!(
                    "it branches after move {}, but the main line has {} moves",
                    variation.from,
                    self.scene.moves.len()
                ),
            ));
        }
        self.replay_first(game, variation.from)?;
        for (i, text) in variation.moves.iter().enumerate() {
            let number = variation.from + i + 1;
            let at = |why: String| SceneError::Variation {
                file: self.path.clone(),
                line: self.variation_move_line(index, i),
                title: variation.title.clone(),
                why: format!("move {number} ({text:?}): {why}"),
            };
            let mv = game.parse_move(text).map_err(|e| at(e.to_string()))?;
            game.play(&mv).map_err(|e| at(e.to_string()))?;
        }
        self.check_notes(
            &variation.notes,
            variation.from,
            variation.from + variation.moves.len(),
            Some(index),
        )
    }

    /// Notes must fall within their line and name squares of the game.
    fn check_notes(
        &self,
        notes: &BTreeMap<usize, Note>,
        first: usize,
        last: usize,
        variation: Option<usize>,
    ) -> Result<(), SceneError> {
        for (&at, note) in notes {
            let fail = |why: String| SceneError::Note {
                file: self.path.clone(),
                line: self.note_line(variation, at),
                at,
                why,
            };
            if at < first || at > last {
                return Err(fail(format!(
                    "the line it belongs to runs from move {first} to move {last}"
                )));
            }
            let squares = note
                .squares
                .iter()
                .chain(note.arrows.iter().flat_map(|(a, b)| [a, b]));
            for square in squares {
                if !square_known(self.scene.game, square) {
                    return Err(fail(format!(
                        "{square:?} is not a square of {}",
                        self.scene.game.title()
                    )));
                }
            }
            if let Some(p) = note.pause
                && !(p.is_finite() && (0.0..=600.0).contains(&p))
            {
                return Err(fail(format!("a pause of {p} s (0 to 600 s)")));
            }
        }
        Ok(())
    }

    fn check<P: fmt::Display>(&self, outcome: Outcome<P>) -> Result<String, SceneError> {
        if expect_met(&self.scene.expect, &outcome) {
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

/// The 1-based line of a byte offset of `source`.
fn line_at(source: &str, offset: usize) -> usize {
    source[..offset.min(source.len())].matches('\n').count() + 1
}

/// The number a scene's `format` field names (written bare or as `Some(n)`) and where the
/// field's value starts; `None` when the field is absent or not a whole number.
fn format_field(source: &str, scene: &layout::Value) -> Option<(u64, usize)> {
    let value = scene.field("format")?;
    let number = match &value.body {
        layout::Body::Seq(items) if items.len() == 1 => &items[0],
        _ => value,
    };
    let text = source.get(number.start..number.end)?.replace('_', "");
    Some((text.trim().parse().ok()?, value.start))
}

/// Whether `outcome` is what `expect` says.
fn expect_met<P: fmt::Display>(expect: &Expect, outcome: &Outcome<P>) -> bool {
    match (expect, outcome) {
        (Expect::Ongoing, Outcome::Ongoing) => true,
        (Expect::Draw, Outcome::Draw(_)) => true,
        (Expect::Win(who), Outcome::Win(p)) => p.to_string().eq_ignore_ascii_case(who),
        (Expect::Win(who), Outcome::TeamWin(ps)) => {
            ps.iter().any(|p| p.to_string().eq_ignore_ascii_case(who))
        }
        _ => false,
    }
}

/// Whether `text` names a square (or space, or slot) of the game ([`Game::is_square_name`]).
pub fn square_known(kind: GameKind, text: &str) -> bool {
    with_kind!(kind, G => G::is_square_name(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<SceneFile, SceneError> {
        SceneFile::parse(Path::new("saved.ron"), text)
    }

    #[test]
    fn a_scene_without_a_format_is_format_1_and_format_1_is_read() {
        let plain = "Scene(title: \"t\", game: War, moves: [\"GM to M2\"])";
        assert_eq!(parse(plain).unwrap().scene.format, None);
        for format in ["1", "Some(1)"] {
            let text = format!("Scene(\n  format: {format},\n  title: \"t\",\n  game: War,\n)");
            let file = parse(&text).unwrap();
            assert_eq!(file.scene.format, Some(1));
            assert!(file.verify().is_ok());
        }
    }

    #[test]
    fn a_newer_format_is_refused_with_the_file_and_line() {
        let text = "// saved later\nScene(\n    format: 2,\n    title: \"t\",\n    game: War,\n)\n";
        let e = parse(text).unwrap_err().to_string();
        assert_eq!(
            e,
            "saved.ron:3: written by a newer Tabula (format 2; this one reads up to 1)"
        );
    }

    #[test]
    fn a_newer_format_is_refused_before_fields_this_reader_does_not_know() {
        let text =
            "Scene(\n  title: \"t\",\n  game: War,\n  format: Some(3),\n  clock: (red: 300),\n)";
        let e = parse(text).unwrap_err().to_string();
        assert_eq!(
            e,
            "saved.ron:4: written by a newer Tabula (format 3; this one reads up to 1)"
        );
        let huge = "Scene(title: \"t\", game: War, format: 99999999999)";
        let e = parse(huge).unwrap_err().to_string();
        assert!(e.contains("(format 99999999999;"), "{e}");
    }
}

/// Where the values of a RON text stand: a small reader that knows comments, strings and
/// nesting, so that an error can name the line of the very move or note it is about
/// (however the file is laid out, and whatever its comments say).
mod layout {
    /// A value of the text and where it starts and ends (byte offsets).
    #[derive(Debug, Clone)]
    pub struct Value {
        /// Its first byte (the name, for `Note(...)`).
        pub start: usize,
        /// One past its last byte.
        pub end: usize,
        /// What it holds.
        pub body: Body,
    }

    /// What a value holds, as far as finding things needs.
    #[derive(Debug, Clone)]
    pub enum Body {
        /// A number, string, character or bare name.
        Atom,
        /// `[a, b]` or `(a, b)`, after a name or not.
        Seq(Vec<Value>),
        /// `(name: value, ...)`, after a name or not.
        Fields(Vec<(String, Value)>),
        /// `{key: value, ...}`.
        Map(Vec<(Value, Value)>),
    }

    impl Value {
        /// The value of the field `name` of a struct.
        pub fn field(&self, name: &str) -> Option<&Value> {
            match &self.body {
                Body::Fields(fields) => fields.iter().find(|(n, _)| n == name).map(|(_, v)| v),
                _ => None,
            }
        }

        /// The `index`-th element of a list or tuple.
        pub fn item(&self, index: usize) -> Option<&Value> {
            match &self.body {
                Body::Seq(items) => items.get(index),
                _ => None,
            }
        }

        /// The key of a map entry whose key text (in `source`) passes `matches`.
        pub fn key<'a>(
            &'a self,
            source: &str,
            matches: impl Fn(&str) -> bool,
        ) -> Option<&'a Value> {
            match &self.body {
                Body::Map(entries) => entries.iter().map(|(k, _)| k).find(|k| {
                    source
                        .get(k.start..k.end)
                        .is_some_and(|t| matches(t.trim()))
                }),
                _ => None,
            }
        }
    }

    /// Reads the top value of a RON text (after any `#![...]` attributes); `None` when the
    /// text is not laid out as this reader expects.
    pub fn read(source: &str) -> Option<Value> {
        let mut r = Reader {
            src: source.as_bytes(),
            pos: 0,
        };
        r.skip_space();
        while r.at(b"#![") {
            while r.peek()? != b']' {
                r.pos += 1;
            }
            r.pos += 1;
            r.skip_space();
        }
        r.value(0)
    }

    /// Nesting deeper than this is not followed (a scene needs a handful of levels).
    const DEPTH: usize = 64;

    struct Reader<'a> {
        src: &'a [u8],
        pos: usize,
    }

    fn is_name_byte(b: u8) -> bool {
        b.is_ascii_alphanumeric() || b == b'_'
    }

    impl Reader<'_> {
        fn peek(&self) -> Option<u8> {
            self.src.get(self.pos).copied()
        }

        fn at(&self, text: &[u8]) -> bool {
            self.src
                .get(self.pos..)
                .is_some_and(|rest| rest.starts_with(text))
        }

        /// Skips blanks, `//` comments and nested `/* */` comments.
        fn skip_space(&mut self) {
            loop {
                match self.peek() {
                    Some(b) if b.is_ascii_whitespace() => self.pos += 1,
                    Some(b'/') if self.at(b"//") => {
                        while self.peek().is_some_and(|b| b != b'\n') {
                            self.pos += 1;
                        }
                    }
                    Some(b'/') if self.at(b"/*") => {
                        let mut depth = 0;
                        while self.pos < self.src.len() {
                            if self.at(b"/*") {
                                depth += 1;
                                self.pos += 2;
                            } else if self.at(b"*/") {
                                depth -= 1;
                                self.pos += 2;
                                if depth == 0 {
                                    break;
                                }
                            } else {
                                self.pos += 1;
                            }
                        }
                    }
                    _ => return,
                }
            }
        }

        /// Skips a `"..."` string whose opening quote is at the reader.
        fn string(&mut self) -> Option<()> {
            self.pos += 1;
            loop {
                match self.peek()? {
                    b'\\' => self.pos += 2,
                    b'"' => {
                        self.pos += 1;
                        return Some(());
                    }
                    _ => self.pos += 1,
                }
            }
        }

        /// Skips a raw string `r#"..."#` whose `r` is at the reader.
        fn raw_string(&mut self) -> Option<()> {
            self.pos += 1;
            let hashes = self.src[self.pos..]
                .iter()
                .take_while(|b| **b == b'#')
                .count();
            self.pos += hashes;
            if self.peek()? != b'"' {
                return None;
            }
            self.pos += 1;
            let mut close = vec![b'"'];
            close.extend(std::iter::repeat_n(b'#', hashes));
            while !self.at(&close) {
                self.pos += 1;
                self.peek()?;
            }
            self.pos += close.len();
            Some(())
        }

        /// Skips a character literal whose opening quote is at the reader.
        fn char_literal(&mut self) -> Option<()> {
            self.pos += 1;
            loop {
                match self.peek()? {
                    b'\\' => self.pos += 2,
                    b'\'' => {
                        self.pos += 1;
                        return Some(());
                    }
                    _ => self.pos += 1,
                }
            }
        }

        fn name(&mut self) -> String {
            let start = self.pos;
            if self.at(b"r#") {
                self.pos += 2;
            }
            while self.peek().is_some_and(is_name_byte) {
                self.pos += 1;
            }
            String::from_utf8_lossy(&self.src[start..self.pos]).into_owned()
        }

        /// Whether a struct field (`name:`, not `name::`) starts at the reader.
        fn field_ahead(&mut self) -> bool {
            let back = self.pos;
            let is_field = self
                .peek()
                .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
                && {
                    self.name();
                    self.skip_space();
                    self.at(b":") && !self.at(b"::")
                };
            self.pos = back;
            is_field
        }

        fn value(&mut self, depth: usize) -> Option<Value> {
            if depth > DEPTH {
                return None;
            }
            self.skip_space();
            let start = self.pos;
            let body = match self.peek()? {
                b'"' => self.string().map(|_| Body::Atom)?,
                b'\'' => self.char_literal().map(|_| Body::Atom)?,
                b'r' if self.at(b"r\"") || self.at(b"r#\"") || self.at(b"r##") => {
                    self.raw_string().map(|_| Body::Atom)?
                }
                b'b' if self.at(b"b\"") => {
                    self.pos += 1;
                    self.string().map(|_| Body::Atom)?
                }
                b'b' if self.at(b"br\"") || self.at(b"br#") => {
                    self.pos += 1;
                    self.raw_string().map(|_| Body::Atom)?
                }
                b'[' => Body::Seq(self.items(b']', depth)?),
                b'{' => self.map(depth)?,
                b'(' => self.parens(depth)?,
                b if b.is_ascii_alphabetic() || b == b'_' => {
                    self.name();
                    let after = self.pos;
                    self.skip_space();
                    if self.peek() == Some(b'(') {
                        self.parens(depth)?
                    } else {
                        self.pos = after;
                        Body::Atom
                    }
                }
                _ => {
                    // A number: everything up to the next delimiter.
                    while self
                        .peek()
                        .is_some_and(|b| !b.is_ascii_whitespace() && !b",:)]}/".contains(&b))
                    {
                        self.pos += 1;
                    }
                    if self.pos == start {
                        return None;
                    }
                    Body::Atom
                }
            };
            Some(Value {
                start,
                end: self.pos,
                body,
            })
        }

        /// Elements up to `close`, the opening bracket being at the reader.
        fn items(&mut self, close: u8, depth: usize) -> Option<Vec<Value>> {
            self.pos += 1;
            let mut out = Vec::new();
            loop {
                self.skip_space();
                if self.peek()? == close {
                    self.pos += 1;
                    return Some(out);
                }
                out.push(self.value(depth + 1)?);
                self.skip_space();
                if self.peek() == Some(b',') {
                    self.pos += 1;
                }
            }
        }

        /// `(fields)` or `(elements)`, the parenthesis being at the reader.
        fn parens(&mut self, depth: usize) -> Option<Body> {
            let open = self.pos;
            self.pos += 1;
            self.skip_space();
            if !self.field_ahead() {
                self.pos = open;
                return self.items(b')', depth).map(Body::Seq);
            }
            let mut fields = Vec::new();
            loop {
                self.skip_space();
                if self.peek()? == b')' {
                    self.pos += 1;
                    return Some(Body::Fields(fields));
                }
                let name = self.name();
                self.skip_space();
                if self.peek()? != b':' {
                    return None;
                }
                self.pos += 1;
                fields.push((name, self.value(depth + 1)?));
                self.skip_space();
                if self.peek() == Some(b',') {
                    self.pos += 1;
                }
            }
        }

        /// `{key: value, ...}`, the brace being at the reader.
        fn map(&mut self, depth: usize) -> Option<Body> {
            self.pos += 1;
            let mut entries = Vec::new();
            loop {
                self.skip_space();
                if self.peek()? == b'}' {
                    self.pos += 1;
                    return Some(Body::Map(entries));
                }
                let key = self.value(depth + 1)?;
                self.skip_space();
                if self.peek()? != b':' {
                    return None;
                }
                self.pos += 1;
                entries.push((key, self.value(depth + 1)?));
                self.skip_space();
                if self.peek() == Some(b',') {
                    self.pos += 1;
                }
            }
        }
    }
}
