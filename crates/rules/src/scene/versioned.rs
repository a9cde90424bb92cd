//! Reading a versioned RON data file (a scene, a lesson): a file in a newer format is refused
//! before anything else is read, since its fields may mean other things; then the value is
//! read, with optional fields written bare or as `Some(..)`.

use super::layout;
use serde::de::DeserializeOwned;

/// Why a versioned file was not read.
pub(crate) enum Refused {
    /// It is in a newer format than this reader's: the format and the line naming it.
    Newer {
        /// The 1-based line of the `format` field.
        line: usize,
        /// The format it names.
        format: u64,
    },
    /// It is not a value of the expected shape.
    Format {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was wrong.
        why: String,
    },
}

/// Reads `source` as a `T` in format `current` or older (`format_of` tells the format a read
/// value names), with where its values stand.
pub(crate) fn read<T: DeserializeOwned>(
    source: &str,
    current: u32,
    format_of: impl Fn(&T) -> Option<u32>,
) -> Result<(T, Option<layout::Value>), Refused> {
    let layout = layout::read(source);
    if let Some((format, start)) = layout.as_ref().and_then(|l| format_field(source, l))
        && format > u64::from(current)
    {
        return Err(Refused::Newer {
            line: line_at(source, start),
            format,
        });
    }
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let value: T = options.from_str(source).map_err(|e| Refused::Format {
        line: e.span.start.line,
        column: e.span.start.col,
        why: e.code.to_string(),
    })?;
    if let Some(format) = format_of(&value).filter(|f| *f > current) {
        // Laid out beyond what the layout reader follows: name the field's first line.
        let start = source.find("format").unwrap_or(0);
        return Err(Refused::Newer {
            line: line_at(source, start),
            format: u64::from(format),
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
