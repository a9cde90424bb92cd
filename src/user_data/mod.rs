//! The player's own data kept between runs, in the user's data folder: what the lessons
//! have taught so far ([`progress`]), the player's settings ([`settings`]), and whatever
//! else a screen keeps for the player (a puzzle score would be a field of the same file).
//!
//! The folder is `$TABULA_DATA_DIR` when set, else `$XDG_DATA_HOME/tabula`, else
//! `~/.local/share/tabula`. Each file is RON, written whole and then renamed into place;
//! one that cannot be read is never overwritten unseen: it is kept beside itself as
//! `NAME.bak` and the player is told so, naming the file, the line and what was wrong.

pub mod progress;
pub mod settings;

use bevy::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;
use std::path::{Path, PathBuf};

/// Where the player's data is kept; `None` when no folder could be found (no `HOME`), in
/// which case nothing is kept between runs.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct UserData(pub Option<PathBuf>);

impl UserData {
    /// The folder named by the environment: `TABULA_DATA_DIR`, else `XDG_DATA_HOME/tabula`,
    /// else `HOME/.local/share/tabula`.
    pub fn from_env() -> UserData {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        UserData(from_vars(
            var("TABULA_DATA_DIR").map(PathBuf::from),
            var("XDG_DATA_HOME").map(PathBuf::from),
            var("HOME").map(PathBuf::from),
        ))
    }

    /// Data kept in `dir` (tests use a folder of their own).
    pub fn at(dir: impl Into<PathBuf>) -> UserData {
        UserData(Some(dir.into()))
    }

    /// The file `name` in the folder.
    pub fn file(&self, name: &str) -> Option<PathBuf> {
        self.0.as_ref().map(|dir| dir.join(name))
    }
}

/// The data folder from the variables' values: an explicit folder first, then the XDG data
/// folder (only an absolute one counts, as the XDG rules say), then the home folder's.
fn from_vars(
    explicit: Option<PathBuf>,
    xdg: Option<PathBuf>,
    home: Option<PathBuf>,
) -> Option<PathBuf> {
    explicit
        .or_else(|| xdg.filter(|p| p.is_absolute()).map(|p| p.join("tabula")))
        .or_else(|| home.map(|h| h.join(".local").join("share").join("tabula")))
}

/// What went wrong with a file of the player's data.
#[derive(Debug)]
pub enum DataError {
    /// The file exists but could not be read.
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not what Tabula writes there: kept aside as `kept`.
    Corrupt {
        /// The file.
        file: PathBuf,
        /// 1-based line of the fault.
        line: usize,
        /// What the RON reader said.
        why: String,
        /// Where the file was kept (none if even that failed).
        kept: Option<PathBuf>,
    },
    /// The file could not be written (the folder made, the text written, the rename).
    Write {
        /// The file.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Read { file, source } => {
                write!(f, "{}: cannot read: {source}", file.display())
            }
            DataError::Corrupt {
                file,
                line,
                why,
                kept,
            } => {
                write!(f, "{}:{line}: not readable ({why})", file.display())?;
                match kept {
                    Some(kept) => write!(
                        f,
                        "; it was kept as {} and a new one is started",
                        kept.display()
                    ),
                    None => f.write_str("; it could not be kept aside, so it is left as it is"),
                }
            }
            DataError::Write { file, source } => {
                write!(f, "{}: cannot write: {source}", file.display())
            }
        }
    }
}

impl std::error::Error for DataError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DataError::Read { source, .. } | DataError::Write { source, .. } => Some(source),
            DataError::Corrupt { .. } => None,
        }
    }
}

/// Reads the RON file at `path`: its value, the default when there is no such file yet, or
/// the error. A file that cannot be parsed is renamed to `NAME.bak` (replacing an older
/// one) before the error is returned, so that writing a new file never loses it.
pub fn read_or_default<T: DeserializeOwned + Default>(path: &Path) -> Result<T, DataError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(T::default()),
        Err(source) => {
            return Err(DataError::Read {
                file: path.to_path_buf(),
                source,
            });
        }
    };
    ron::from_str(&text).map_err(|e| {
        let mut kept = path.as_os_str().to_owned();
        kept.push(".bak");
        let kept = PathBuf::from(kept);
        DataError::Corrupt {
            file: path.to_path_buf(),
            line: e.span.start.line,
            why: e.code.to_string(),
            kept: std::fs::rename(path, &kept).is_ok().then_some(kept),
        }
    })
}

/// Writes `value` as RON to `path`, making its folder if need be; the file is written whole
/// and then renamed into place.
pub fn write<T: Serialize>(path: &Path, value: &T) -> Result<(), DataError> {
    let failed = |source| DataError::Write {
        file: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(failed)?;
    }
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| failed(std::io::Error::other(e.to_string())))?;
    crate::table::save::write_atomic(path, &format!("{text}\n")).map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folder_follows_the_variables_in_order() {
        let p = |s: &str| Some(PathBuf::from(s));
        assert_eq!(from_vars(p("/d"), p("/x"), p("/h")), p("/d"));
        assert_eq!(from_vars(None, p("/x"), p("/h")), p("/x/tabula"));
        assert_eq!(
            from_vars(None, p("relative"), p("/h")),
            p("/h/.local/share/tabula"),
            "a relative XDG_DATA_HOME is ignored"
        );
        assert_eq!(from_vars(None, None, None), None);
    }
}
