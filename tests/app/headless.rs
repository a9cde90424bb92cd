//! The whole app (its HUD, the 3D table and every screen) in a window of a given size, laid
//! out by Bevy's UI with no renderer and no window system: what the layout and scrolling
//! tests measure.

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::WgpuSettings;
use bevy::window::{ExitCondition, WindowResolution};
use tabula::user_data::UserData;

/// The app on `args` (a `play` command line) in a window of `size`, built but not yet run;
/// `name` keeps its player data in a folder of its own.
pub fn whole_app(size: UVec2, args: &[&str], name: &str) -> App {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    resolution: WindowResolution::new(size.x, size.y)
                        .with_scale_factor_override(1.0),
                    ..default()
                }),
                exit_condition: ExitCondition::DontExit,
                close_when_requested: false,
                ..default()
            })
            .set(RenderPlugin {
                render_creation: WgpuSettings {
                    backends: None,
                    ..default()
                }
                .into(),
                ..default()
            })
            .disable::<bevy::winit::WinitPlugin>()
            .disable::<bevy::audio::AudioPlugin>(),
    )
    // With no renderer, nothing drains the list of entities to copy to the render world; the
    // render components' hooks still write to it.
    .add_plugins(bevy::render::sync_world::SyncWorldPlugin)
    .insert_resource(UserData::at(
        std::env::temp_dir().join(format!("tabula-{name}-{}", std::process::id())),
    ));
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let start = super::start_from(&args).expect("a table");
    tabula::app::build(&mut app, start, true);
    app.finish();
    app.cleanup();
    app
}
