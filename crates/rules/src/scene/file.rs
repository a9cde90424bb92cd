//! A scene read from its file: loading and parsing (a newer format refused first), the
//! lines where its moves, notes and variations are written, and errors placed on them.

use super::layout;
use super::versioned::{self, line_at};
use super::{FORMAT, Scene, SceneError};
use std::fmt;
use std::path::{Path, PathBuf};

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
        let source = versioned::load(path)?;
        SceneFile::parse(path, &source)
    }

    /// Parses a scene from text; `path` is only used in messages. A file in a newer format
    /// is refused before anything else is read, since its fields may mean other things.
    pub fn parse(path: &Path, source: &str) -> Result<SceneFile, SceneError> {
        let (scene, layout) = versioned::read::<Scene>(path, source, FORMAT, |s| s.format)?;
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

    pub(super) fn move_error(&self, index: usize, why: String) -> SceneError {
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
    pub(super) fn options<T: Default + serde::de::DeserializeOwned>(
        &self,
    ) -> Result<T, SceneError> {
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

    pub(super) fn setup_error(&self, why: impl fmt::Display) -> SceneError {
        SceneError::Setup {
            file: self.path.clone(),
            why: why.to_string(),
        }
    }

    /// An options error placed on the option `field` as written, else on the options.
    pub(super) fn options_error(&self, field: Option<&str>, why: impl fmt::Display) -> SceneError {
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

    /// An error of the `index`-th variation, placed at its field `field` (or at the
    /// variation itself when that field is not written).
    pub(super) fn variation_error(&self, index: usize, field: &str, why: String) -> SceneError {
        let at = self.variation_value(index);
        SceneError::Variation {
            file: self.path.clone(),
            line: self.line_of(at.and_then(|v| v.field(field)).or(at)),
            title: self.scene.variations[index].title.clone(),
            why,
        }
    }
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
