//! The HUD's size: Ctrl+= (or Ctrl+numpad +) makes its text and panels larger, Ctrl+-
//! smaller, Ctrl+0 their own size again, through Bevy's [`UiScale`]. The scale starts from
//! `--ui-scale` or else from the player's settings, and a change by the keys is kept there
//! for the next run.

use crate::user_data::UserData;
use crate::user_data::settings::{Settings, clamp_ui_scale};
use bevy::prelude::*;

/// How much one press of Ctrl+= or Ctrl+- changes the scale.
pub const UI_SCALE_STEP: f32 = 0.1;

/// `--ui-scale`: the scale asked for on the command line, for this run.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct UiScaleFlag(pub f32);

/// The keys, and the scale set at start.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, start_scale)
        .add_systems(Update, scale_keys);
}

/// The scale at start: `--ui-scale`, else the settings' (the data folder's file).
fn start_scale(
    flag: Option<Res<UiScaleFlag>>,
    data: Option<Res<UserData>>,
    mut scale: ResMut<UiScale>,
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
    scale.0 = clamp_ui_scale(wanted);
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
    mut scale: ResMut<UiScale>,
) {
    let Some(keys) = keys else { return };
    if !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    let Some(next) = keys
        .get_just_pressed()
        .find_map(|key| scaled_by_key(scale.0, *key))
    else {
        return;
    };
    if next == scale.0 {
        return;
    }
    scale.0 = next;
    if let Some(data) = data {
        let (mut settings, _) = Settings::load(&data);
        settings.ui_scale = next;
        if let Err(e) = settings.save(&data) {
            warn!("{e}");
        }
    }
}
