//! Reading a versioned RON data file (a scene, a lesson, a book of puzzles): a file in a newer format is refused
//! before anything else is read, since its fields may mean other things; then the value is
//! read, with optional fields written bare or as `Some(..)`.

use super::layout;
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};

/// What goes wrong reading one of Tabula's versioned files (a scene, a lesson, a book of
/// puzzles) before its own fields are checked; every error names the file and, where it can,
/// the line.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be read.
    #[error("{file}: cannot read: {source}")]
    Io {
        /// The file.
        file: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not a value of the expected shape (the RON reader's words name the field).
    #[error("{file}:{line}:{column}: {why}")]
    Format {
        /// The file.
        file: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the RON reader said.
        why: String,
    },
    /// The file was written in a newer format than this reader knows, whose fields may mean
    /// other things.
    #[error(
        "{file}:{line}: written by a newer Tabula (format {format}; this one reads up to {newest})"
    )]
    Newer {
        /// The file.
        file: PathBuf,
        /// 1-based line of its `format` field.
        line: usize,
        /// The format it names.
        format: u64,
        /// The newest format this reader knows.
        newest: u32,
    },
}

/// The longest file read: far above any scene, lesson or book of puzzles, so that a path
/// to something endless (`/dev/zero`) is refused instead of filling memory.
pub(crate) const MAX_FILE: u64 = 16 * 1024 * 1024;

/// The text of the file at `path`.
pub(crate) fn load(path: &Path) -> Result<String, ReadError> {
    use std::io::Read;
    let io = |source| ReadError::Io {
        file: path.to_path_buf(),
        source,
    };
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE + 1).read_to_string(&mut text))
        .map_err(io)?;
    if text.len() as u64 > MAX_FILE {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!("longer than {} MiB", MAX_FILE / (1024 * 1024)),
        )));
    }
    Ok(text)
}

/// Reads `source`, the text of `path` (named in errors), as a `T` in format `current` or older
/// (`format_of` tells the format a read value names), with where its values stand.
pub(crate) fn read<T: DeserializeOwned>(
    path: &Path,
    source: &str,
    current: u32,
    format_of: impl Fn(&T) -> Option<u32>,
) -> Result<(T, Option<layout::Value>), ReadError> {
    let file = || path.to_path_buf();
    let layout = layout::read(source);
    if let Some((format, start)) = layout.as_ref().and_then(|l| format_field(source, l))
        && format > u64::from(current)
    {
        return Err(ReadError::Newer {
            file: file(),
            line: line_at(source, start),
            format,
            newest: current,
        });
    }
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let value: T = options.from_str(source).map_err(|e| ReadError::Format {
        file: file(),
        line: e.span.start.line,
        column: e.span.start.col,
        why: e.code.to_string(),
    })?;
    if let Some(format) = format_of(&value).filter(|f| *f > current) {
        // Laid out beyond what the layout reader follows: name the field's first line.
        let start = source.find("format").unwrap_or(0);
        return Err(ReadError::Newer {
            file: file(),
            line: line_at(source, start),
            format: u64::from(format),
            newest: current,
        });
    }
    Ok((value, layout))
}

/// The 1-based line of a byte offset of `source`.
pub(crate) fn line_at(source: &str, offset: usize) -> usize {
    source[..offset.min(source.len())].matches('\n').count() + 1
}

/// The number the `format` field names (written bare or as `Some(n)`) and where the field's
/// value starts; `None` when the field is absent or not a whole number.
fn format_field(source: &str, value: &layout::Value) -> Option<(u64, usize)> {
    let value = value.field("format")?;
    let number = match &value.body {
        layout::Body::Seq(items) if items.len() == 1 => &items[0],
        _ => value,
    };
    let text = source.get(number.start..number.end)?.replace('_', "");
    Some((text.trim().parse().ok()?, value.start))
}
