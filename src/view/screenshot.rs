//! F12 saves the window (and the spectator's, when it is open) as a picture in the working
//! directory.

use crate::view::camera::SpectatorView;
use bevy::prelude::*;
use bevy::render::view::screenshot::Screenshot;

/// F12 takes a screenshot.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, save_on_f12);
}

/// F12 saves the window as `tabula-N.png` in the working directory.
fn save_on_f12(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    mut taken: Local<u32>,
    spectator_windows: Query<&bevy::camera::RenderTarget, With<SpectatorView>>,
) {
    if keys.just_pressed(KeyCode::F12) {
        *taken += 1;
        let path = format!("tabula-{}.png", *taken);
        commands
            .spawn(Screenshot::primary_window())
            .observe(bevy::render::view::screenshot::save_to_disk(path));
        // The spectator window too, when there is one.
        for target in &spectator_windows {
            if let bevy::camera::RenderTarget::Window(bevy::window::WindowRef::Entity(window)) =
                target
            {
                let path = format!("tabula-{}-spectator.png", *taken);
                commands
                    .spawn(Screenshot::window(*window))
                    .observe(bevy::render::view::screenshot::save_to_disk(path));
            }
        }
    }
}
