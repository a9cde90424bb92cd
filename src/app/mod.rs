//! The app's assembly: the plugins of every layer put together for the window (or
//! headless, for the tests), and the window itself. Nothing below depends on this.

pub(crate) mod probe;

use crate::screens::loading::begin;
use crate::screens::menu::Menu;
use crate::screens::open::Start;
use crate::user_data::UserData;
use crate::user_data::progress::Progress;
use bevy::prelude::*;
use std::process::ExitCode;

/// Sets up `app` (with its window and renderer, or headless on `MinimalPlugins`) for every
/// screen: the start screen, the five games, the demonstrations and the exhibitions,
/// starting on `start`. With `view`, the 3D, the HUD and the screens are drawn.
pub fn build(app: &mut App, start: Start, view: bool) {
    app.add_plugins((
        crate::state::plugin,
        crate::table::plugin,
        crate::screens::plugin,
    ));
    if view {
        app.add_plugins((
            crate::view::plugin,
            crate::view::spectator_window::plugin,
            crate::screens::menu::view::plugin,
            crate::screens::menu::backdrop::plugin,
            crate::screens::demo::view::plugin,
            crate::screens::exhibit::view::plugin,
            crate::screens::learn::view::plugin,
            crate::screens::puzzles::view::plugin,
            // Before the first frame of a table is drawn, so that no mesh is ever drawn with
            // the costly material.
            crate::view::lite::plugin,
        ));
    }
    crate::games::install_all(app, view);
    // The player's data: tests put a folder of their own in place first.
    if !app.world().contains_resource::<UserData>() {
        app.insert_resource(UserData::from_env());
    }
    let progress = Progress::load(app.world().resource::<UserData>());
    app.insert_resource(progress)
        .insert_resource(crate::screens::learn::courses::find_courses());
    if !app.world().contains_resource::<Menu>() {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() % 100_000)
            .unwrap_or(1);
        let demos = crate::screens::demo::playlist::find_demos();
        app.insert_resource(Menu::new(seed, demos));
    }
    begin(app, start);
}

/// Sets up `app` as [`build`] does headless, starting on `start`, with the window content
/// of the start screen and of the puzzles added (no 3D): with Bevy's UI and text, their
/// columns and panels are laid out in a window of any size and scroll, with no renderer.
pub fn build_panels(app: &mut App, start: Start) {
    build(app, start, false);
    app.add_plugins((
        crate::view::side_panel::plugin,
        crate::view::in_view::plugin,
        crate::screens::menu::view::plugin,
        crate::screens::puzzles::view::plugin,
    ));
}

/// On a machine with two cores or fewer, runs each schedule's systems one after another on
/// its own thread (the simulation's on the main thread, the renderer's on the render thread)
/// instead of handing them out to the task pool: with the renderer's thread and a software
/// renderer's own threads already sharing the cores, handing out costs more processor time
/// (waking threads, checking which systems may run together) than running side by side
/// gains. Measured with `--frames 200` on two cores: about 6 ms of processor time a frame
/// less.
struct InLine;

impl Plugin for InLine {
    fn build(&self, _app: &mut App) {}

    // After every plugin has built its schedules, and before the renderer moves to its thread.
    fn finish(&self, app: &mut App) {
        use bevy::ecs::schedule::{Schedules, SingleThreadedExecutor};
        let in_line = |world: &mut World| {
            if let Some(mut schedules) = world.get_resource_mut::<Schedules>() {
                for (_, schedule) in schedules.iter_mut() {
                    schedule.set_executor(SingleThreadedExecutor::new());
                }
            }
        };
        in_line(app.world_mut());
        if let Some(render) = app.get_sub_app_mut(bevy::render::RenderApp) {
            in_line(render.world_mut());
        }
    }
}

/// The window's size, and the picture's when it is drawn offscreen.
const WINDOW_SIZE: UVec2 = UVec2::new(1280, 720);

/// Opens the window on `start` (the start screen, or a game on the table) and runs until it
/// is closed: every screen after it opens in the same window. `volume` is `--volume`'s
/// per cent (default 100). `offscreen` (with `frames`) draws into an image instead, with no
/// display and no sound. `ui_scale` is `--ui-scale`'s (by default the settings').
pub(crate) fn run_window(
    start: Start,
    frames: Option<u32>,
    volume: Option<u8>,
    offscreen: bool,
    ui_scale: Option<f32>,
) -> ExitCode {
    if !offscreen && let Err(e) = display_available() {
        eprintln!("tabula: {e}");
        return ExitCode::from(2);
    }
    let title = match &start {
        Start::Table(game, _) => format!("Tabula — {}", game.kind().title()),
        _ => "Tabula".to_string(),
    };
    let mut app = App::new();
    if offscreen {
        crate::view::offscreen::explain_missing_adapter("play");
        crate::view::lite::add_plugins_building_on_cpu(
            &mut app,
            crate::view::offscreen::default_plugins(),
        );
        app.add_plugins(crate::view::offscreen::Offscreen { size: WINDOW_SIZE });
    } else {
        crate::view::sound::quiet_device_search();
        crate::view::lite::add_plugins_building_on_cpu(
            &mut app,
            DefaultPlugins.set(WindowPlugin {
                primary_window: Some(Window {
                    title,
                    resolution: WINDOW_SIZE.into(),
                    ..default()
                }),
                ..default()
            }),
        );
    }
    if std::thread::available_parallelism().is_ok_and(|n| n.get() <= 2) {
        app.add_plugins(InLine);
    }
    if let Some(n) = frames {
        app.add_plugins(probe::plugin(n, true));
    }
    if let Some(scale) = ui_scale {
        app.insert_resource(crate::view::ui_scale::UiScaleFlag(scale));
    }
    build(&mut app, start, true);
    if !offscreen {
        app.insert_resource(volume.map_or_else(
            crate::view::sound::Volume::default,
            crate::view::sound::Volume::percent,
        ))
        .add_plugins(crate::view::sound::plugin);
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// Whether a window can be opened: an X11 display must be named (Tabula is built for X11).
pub(crate) fn display_available() -> Result<(), String> {
    match std::env::var_os("DISPLAY") {
        Some(d) if !d.is_empty() => Ok(()),
        _ => Err(
            "no display: DISPLAY is not set. Run Tabula in a desktop session, or under \
                  a virtual one with `xvfb-run -a tabula ...`"
                .into(),
        ),
    }
}
