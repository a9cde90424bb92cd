//! The HUD's size: Ctrl+= and Ctrl+- scale it through Bevy's `UiScale`, Ctrl+0 restores it,
//! the change is kept in the player's settings for the next run, and `--ui-scale` wins over
//! the settings for its run. The window's size enlarges the HUD too, the player's scale
//! multiplying it.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResolution};
use tabula::user_data::UserData;
use tabula::user_data::settings::{FILE, Settings};
use tabula::view::ui_scale::{UiScaleFlag, plugin};

fn headless(data: &UserData, flag: Option<f32>) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<UiScale>()
        .insert_resource(data.clone());
    if let Some(scale) = flag {
        app.insert_resource(UiScaleFlag(scale));
    }
    app.add_plugins(plugin);
    app.update();
    app
}

/// Presses `key` with Ctrl held, for one frame.
fn ctrl(app: &mut App, key: KeyCode) {
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.press(KeyCode::ControlLeft);
    keys.press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.release(KeyCode::ControlLeft);
    keys.clear();
    app.update();
}

fn scale(app: &App) -> f32 {
    app.world().resource::<UiScale>().0
}

#[test]
fn ctrl_plus_and_minus_scale_the_hud_and_the_scale_is_kept() {
    let dir = std::env::temp_dir().join(format!("tabula-ui-scale-{}", std::process::id()));
    let data = UserData::at(&dir);
    let mut app = headless(&data, None);
    assert_eq!(scale(&app), 1.0);
    ctrl(&mut app, KeyCode::Equal);
    ctrl(&mut app, KeyCode::Equal);
    assert!((scale(&app) - 1.2).abs() < 1e-6, "{}", scale(&app));
    ctrl(&mut app, KeyCode::Minus);
    assert!((scale(&app) - 1.1).abs() < 1e-6, "{}", scale(&app));
    assert_eq!(Settings::load(&data).0.ui_scale, scale(&app));
    assert!(dir.join(FILE).exists());

    // The next run starts at the scale kept; the command line's wins for its run.
    let next = headless(&data, None);
    assert!((scale(&next) - 1.1).abs() < 1e-6);
    let flagged = headless(&data, Some(2.0));
    assert_eq!(scale(&flagged), 2.0);

    // Without Ctrl, + is the camera's zoom, not the HUD's; Ctrl+0 is the HUD's own size.
    let mut app = next;
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::Equal);
    app.update();
    assert!((scale(&app) - 1.1).abs() < 1e-6);
    ctrl(&mut app, KeyCode::Digit0);
    assert_eq!(scale(&app), 1.0);
    assert_eq!(Settings::load(&data).0.ui_scale, 1.0);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_scale_stops_at_its_bounds() {
    let dir = std::env::temp_dir().join(format!("tabula-ui-bounds-{}", std::process::id()));
    let data = UserData::at(&dir);
    let mut app = headless(&data, Some(2.95));
    ctrl(&mut app, KeyCode::NumpadAdd);
    ctrl(&mut app, KeyCode::NumpadAdd);
    assert_eq!(scale(&app), 3.0);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_command_line_takes_a_ui_scale_from_half_to_three() {
    use clap::Parser;
    use tabula::cli::Cli;
    let parse = |args: &[&str]| {
        Cli::try_parse_from(std::iter::once("tabula").chain(args.iter().copied()))
            .map(|cli| cli.ui_scale)
            .map_err(|e| e.to_string())
    };
    assert_eq!(parse(&["play", "war", "--ui-scale", "1.5"]), Ok(Some(1.5)));
    assert_eq!(parse(&["--ui-scale", "0.75", "menu"]), Ok(Some(0.75)));
    assert_eq!(parse(&["play", "war"]), Ok(None));
    let refused = parse(&["play", "war", "--ui-scale", "4"]).unwrap_err();
    assert!(refused.contains("from 0.5 to 3"), "{refused}");
}

/// Sets the primary window (spawned if there is none) to `width` x `height` and lets the
/// scale follow.
fn window(app: &mut App, width: u32, height: u32) {
    let mut q = app
        .world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>();
    let found = q.iter(app.world()).next();
    let resolution = WindowResolution::new(width, height).with_scale_factor_override(1.0);
    match found {
        Some(entity) => {
            app.world_mut()
                .get_mut::<Window>(entity)
                .expect("the window")
                .resolution = resolution;
        }
        None => {
            app.world_mut().spawn((
                Window {
                    resolution,
                    ..default()
                },
                PrimaryWindow,
            ));
        }
    }
    app.update();
}

#[test]
fn the_hud_grows_with_the_window_and_the_players_scale_multiplies_it() {
    let dir = std::env::temp_dir().join(format!("tabula-ui-window-{}", std::process::id()));
    let data = UserData::at(&dir);
    let mut app = headless(&data, None);
    window(&mut app, 1280, 720);
    assert_eq!(scale(&app), 1.0);
    window(&mut app, 1920, 1080);
    let large = scale(&app);
    assert!((large - 1.5).abs() < 1e-4, "{large}");
    // The smaller ratio counts: a wide but short window does not grow the HUD past it.
    window(&mut app, 2560, 720);
    assert_eq!(scale(&app), 1.0);
    // A small window keeps the HUD's own size, readable.
    window(&mut app, 1024, 600);
    assert_eq!(scale(&app), 1.0);

    // The player's scale multiplies the window's.
    window(&mut app, 1920, 1080);
    ctrl(&mut app, KeyCode::Equal);
    ctrl(&mut app, KeyCode::Equal);
    assert!((scale(&app) - 1.2 * 1.5).abs() < 1e-4, "{}", scale(&app));
    assert!((Settings::load(&data).0.ui_scale - 1.2).abs() < 1e-6);
    window(&mut app, 1280, 720);
    assert!((scale(&app) - 1.2).abs() < 1e-4, "{}", scale(&app));
    std::fs::remove_dir_all(&dir).ok();
}
