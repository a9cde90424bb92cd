//! The HUD's size: it grows with the window from its design size of 1280 x 720 (by the
//! smaller of the width's and the height's ratio, 1.5 at 1920 x 1080, never below its own
//! size nor above twice it), and the player's scale multiplies that. Ctrl+= (or Ctrl+numpad
//! +) makes the player's scale larger, Ctrl+- smaller, Ctrl+0 their own size again; the two
//! together are Bevy's [`UiScale`]. The player's scale starts from `--ui-scale` or else from
//! the player's settings, and a change by the keys is kept there for the next run.

use crate::user_data::UserData;
use crate::user_data::settings::{Settings, clamp_ui_scale};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// How much one press of Ctrl+= or Ctrl+- changes the scale.
pub const UI_SCALE_STEP: f32 = 0.1;

/// The window's size, in logical pixels, that the HUD is laid out for at a scale of 1.
pub const DESIGN_SIZE: Vec2 = Vec2::new(1280.0, 720.0);

/// The least and the most the window's size scales the HUD by.
pub const WINDOW_FACTOR: (f32, f32) = (1.0, 2.0);

/// `--ui-scale`: the scale asked for on the command line, for this run.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct UiScaleFlag(pub f32);

/// The player's scale (from `--ui-scale`, the settings or the keys), which multiplies the
/// window's factor into [`UiScale`].
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct UiScaleSetting(pub f32);

impl Default for UiScaleSetting {
    fn default() -> Self {
        UiScaleSetting(1.0)
    }
}

/// The keys, the scale set at start, and the scale following the window.
pub fn plugin(app: &mut App) {
    app.init_resource::<UiScaleSetting>()
        .add_systems(Startup, start_scale)
        .add_systems(Update, (scale_keys, follow_window).chain());
}

/// How much a window of `size` logical pixels enlarges the HUD: the smaller of its width's
/// and its height's ratio to [`DESIGN_SIZE`], within [`WINDOW_FACTOR`].
pub fn window_factor(size: Vec2) -> f32 {
    let ratio = (size / DESIGN_SIZE).min_element();
    if ratio.is_finite() {
        ratio.clamp(WINDOW_FACTOR.0, WINDOW_FACTOR.1)
    } else {
        1.0
    }
}

/// The scale at start: `--ui-scale`, else the settings' (the data folder's file).
fn start_scale(
    flag: Option<Res<UiScaleFlag>>,
    data: Option<Res<UserData>>,
    mut setting: ResMut<UiScaleSetting>,
) {
    let wanted = match flag {
        Some(flag) => flag.0,
        None => {
            let data = data.map_or_else(UserData::from_env, |d| d.clone());
            let (settings, error) = Settings::load(&data);
            if let Some(e) = error {
                warn!("{e}");
            }
            settings.ui_scale
        }
    };
    setting.0 = clamp_ui_scale(wanted);
}

/// Sets [`UiScale`] to the player's scale times the window's factor: the primary window's
/// size, or where there is none (a picture drawn off-screen) the largest camera target's.
fn follow_window(
    setting: Res<UiScaleSetting>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<&Camera>,
    mut scale: ResMut<UiScale>,
) {
    let size = match windows.iter().next() {
        Some(window) => Some(window.size()),
        None => cameras
            .iter()
            .filter_map(Camera::logical_target_size)
            .max_by(|a, b| a.element_product().total_cmp(&b.element_product())),
    };
    let factor = size.map_or(1.0, window_factor);
    let next = setting.0 * factor;
    if (scale.0 - next).abs() > 1e-4 {
        scale.0 = next;
    }
}

/// The scale after `key` is pressed with Ctrl from `now`, if the key changes it.
pub fn scaled_by_key(now: f32, key: KeyCode) -> Option<f32> {
    match key {
        KeyCode::Equal | KeyCode::NumpadAdd => Some(clamp_ui_scale(now + UI_SCALE_STEP)),
        KeyCode::Minus | KeyCode::NumpadSubtract => Some(clamp_ui_scale(now - UI_SCALE_STEP)),
        KeyCode::Digit0 | KeyCode::Numpad0 => Some(1.0),
        _ => None,
    }
}

fn scale_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    data: Option<Res<UserData>>,
    mut setting: ResMut<UiScaleSetting>,
) {
    let Some(keys) = keys else { return };
    if !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    let Some(next) = keys
        .get_just_pressed()
        .find_map(|key| scaled_by_key(setting.0, *key))
    else {
        return;
    };
    if next == setting.0 {
        return;
    }
    setting.0 = next;
    if let Some(data) = data {
        let (mut settings, _) = Settings::load(&data);
        settings.ui_scale = next;
        if let Err(e) = settings.save(&data) {
            warn!("{e}");
        }
    }
}
