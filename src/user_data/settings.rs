//! The player's settings, kept in `settings.ron` in the player's data folder
//! ([`super::UserData`]): read when Tabula starts, written when the player changes one.
//!
//! ```ron
//! (ui_scale: 1.25)
//! ```
//!
//! Every field has a default, so that a later setting can be added without making older
//! files unreadable.

use super::{DataError, UserData, read_or_default, write};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The name of the settings file in the data folder.
pub const FILE: &str = "settings.ron";

/// The smallest scale of the HUD's text and panels.
pub const MIN_UI_SCALE: f32 = 0.5;
/// The largest scale of the HUD's text and panels.
pub const MAX_UI_SCALE: f32 = 3.0;

/// What the file holds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// How large the HUD's text and panels are drawn: 1 is their own size.
    pub ui_scale: f32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { ui_scale: 1.0 }
    }
}

/// A scale of the HUD kept within [`MIN_UI_SCALE`] and [`MAX_UI_SCALE`], rounded to a
/// hundredth (a scale that is not a number is 1).
pub fn clamp_ui_scale(scale: f32) -> f32 {
    if scale.is_finite() {
        (scale.clamp(MIN_UI_SCALE, MAX_UI_SCALE) * 100.0).round() / 100.0
    } else {
        1.0
    }
}

impl Settings {
    /// Reads the settings kept in `data`: the defaults when there is no file (or no folder);
    /// a file that cannot be read gives the defaults and the reason (a corrupt one is kept
    /// aside as `settings.ron.bak`).
    pub fn load(data: &UserData) -> (Settings, Option<DataError>) {
        let Some(path) = data.file(FILE) else {
            return (Settings::default(), None);
        };
        match read_or_default::<Settings>(&path) {
            Ok(settings) => (
                Settings {
                    ui_scale: clamp_ui_scale(settings.ui_scale),
                },
                None,
            ),
            Err(e) => (Settings::default(), Some(e)),
        }
    }

    /// Writes the settings into `data` (nothing when there is no folder).
    pub fn save(&self, data: &UserData) -> Result<(), DataError> {
        match data.file(FILE) {
            Some(path) => write(&path, self),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_kept_and_read_back() {
        let dir = std::env::temp_dir().join(format!("tabula-settings-{}", std::process::id()));
        let data = UserData::at(&dir);
        assert_eq!(Settings::load(&data).0, Settings::default());
        let settings = Settings { ui_scale: 1.5 };
        settings.save(&data).expect("written");
        assert_eq!(Settings::load(&data).0, settings);
        std::fs::write(dir.join(FILE), "(ui_scale: 9.0)").expect("written");
        assert_eq!(Settings::load(&data).0.ui_scale, MAX_UI_SCALE);
        std::fs::write(dir.join(FILE), "(ui_scale: ").expect("written");
        let (read, error) = Settings::load(&data);
        assert_eq!(read, Settings::default());
        assert!(error.is_some_and(|e| e.to_string().contains(FILE)));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_scale_stays_within_its_bounds() {
        assert_eq!(clamp_ui_scale(0.1), MIN_UI_SCALE);
        assert_eq!(clamp_ui_scale(1.234), 1.23);
        assert_eq!(clamp_ui_scale(f32::NAN), 1.0);
    }
}
