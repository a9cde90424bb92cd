//! Screens as states of one app in one window: the start screen, a game on the table, a
//! demonstration, and the result of a finished game. Going from one to another never closes
//! the window or restarts the process: what a screen spawned is scoped to it
//! ([`DespawnOnExit`]) and goes when it is left.
//!
//! A change of screen is asked for as a command line ([`crate::menu::Launch`]: `play ...`,
//! `demo ...`, `menu`), the same one `tabula` takes, so the start screen, a loaded save and a
//! playlist's next scene open exactly what that command would.

use crate::menu::Launch;
use crate::playing::Feedback;
use crate::tabletop::TableGame;
use bevy::prelude::*;
use std::process::ExitCode;

pub use crate::state::{AtTable, Play, Screen};

/// What a screen change opens.
// Built once per change and moved into the world at once: its size costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Start {
    /// The start screen.
    Menu,
    /// A game (or a demonstration) on the table.
    Table(TableGame, Viewing),
    /// Close the window.
    Quit,
}

/// The screen to open once the last one is cleared.
#[derive(Resource)]
struct Pending(Option<Start>);

/// How a command line asked for inside the window becomes a screen: `tabula`'s own
/// parsing, given by the command line's module (the screens do not parse command lines).
#[derive(Resource, Clone, Copy)]
pub struct Opener(pub fn(&[String]) -> Result<Start, String>);

/// The screen changes asked for as command lines, and the table cleared when it is left.
pub fn plugin(app: &mut App) {
    app.add_plugins(crate::state::plugin)
        .add_systems(Last, apply_launch)
        .add_systems(OnExit(AtTable), clear_table)
        .add_systems(Update, finish_loading.run_if(in_state(Screen::Loading)));
}

/// Puts `start` in place at the start, before the first frame: the state to begin in.
pub fn begin(app: &mut App, start: Start) {
    let screen = match start {
        Start::Menu | Start::Quit => Screen::Menu,
        Start::Table(game, viewing) => set_table(app.world_mut(), game, viewing),
    };
    app.insert_state(screen);
}

/// Turns a command line asked for into a screen change; a command line that cannot be
/// opened is refused where it was asked, and the screen stays.
fn apply_launch(world: &mut World) {
    let Some(args) = world.resource_mut::<Launch>().0.take() else {
        return;
    };
    if args.is_empty() {
        world.write_message(AppExit::Success);
        return;
    }
    let Some(open) = world.get_resource::<Opener>().copied() else {
        return;
    };
    match (open.0)(&args) {
        Ok(Start::Quit) => {
            world.write_message(AppExit::Success);
        }
        Ok(start) => {
            world.insert_resource(Pending(Some(start)));
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Loading);
        }
        Err(e) => {
            let refusal =
                Feedback::error(format!("Could not open `tabula {}`: {e}", args.join(" ")));
            if let Some(mut menu) = world.get_resource_mut::<crate::menu::Menu>() {
                menu.message = refusal.clone();
            }
            crate::games::tell(world, refusal);
        }
    }
}

/// The table was left: its game, its show and what the HUD said go with it.
fn clear_table(world: &mut World) {
    crate::games::remove_matches(world);
    world.remove_resource::<crate::demo::Demo>();
    world.insert_resource(crate::playing::HudState::default());
    world.insert_resource(crate::playing::Review::default());
    world.insert_resource(crate::table::LocalTurn::default());
    world.insert_resource(crate::playing::Watching::default());
}

/// The screen left is cleared: set the next one.
fn finish_loading(world: &mut World) {
    let start = world
        .get_resource_mut::<Pending>()
        .and_then(|mut p| p.0.take());
    let screen = match start {
        Some(Start::Table(game, viewing)) => set_table(world, game, viewing),
        _ => {
            if let Some(mut menu) = world.get_resource_mut::<crate::menu::Menu>() {
                menu.message = Feedback::default();
            }
            Screen::Menu
        }
    };
    world.resource_mut::<NextState<Screen>>().set(screen);
}

/// Sets `game` on the table with its viewing: the match and what the camera, the HUD and
/// the save need. Returns the screen that shows it.
fn set_table(world: &mut World, game: TableGame, viewing: Viewing) -> Screen {
    world.insert_resource(game.seat());
    world.insert_resource(viewing.view);
    world.insert_resource(crate::camera::FollowTurn(viewing.follow_turn));
    world.insert_resource(crate::spectator::Spectator(viewing.spectator));
    world.insert_resource(crate::spectator::SpectatorWindow(viewing.spectator_window));
    world.insert_resource(viewing.names);
    world.insert_resource(crate::save::SavePath(
        viewing
            .save_to
            .unwrap_or_else(|| crate::save::SavePath::default().0),
    ));
    world.insert_resource(crate::playing::HudState::default());
    let screen = match viewing.demo {
        Some(demo) => {
            world.insert_resource(demo);
            world.insert_resource(crate::playing::Watching(Some(crate::demo::KEYS)));
            Screen::Demo
        }
        None => {
            world.remove_resource::<crate::demo::Demo>();
            world.insert_resource(crate::playing::Watching(None));
            Screen::Table
        }
    };
    game.insert_match(world);
    screen
}

/// How a window shows the game.
#[derive(Debug, Clone, Default)]
pub struct Viewing {
    /// Where the camera starts.
    pub view: crate::camera::View,
    /// Hot-seat: the camera turns to the player to move.
    pub follow_turn: bool,
    /// The spectator director holds the camera from the start.
    pub spectator: bool,
    /// A second window shows the spectator camera.
    pub spectator_window: bool,
    /// The players' names.
    pub names: crate::playing::SeatNames,
    /// A demonstration to show.
    pub demo: Option<crate::demo::Demo>,
    /// Where Ctrl+S saves (default `tabula-save.ron`).
    pub save_to: Option<std::path::PathBuf>,
    /// The frame-rate benchmark: frames to measure after a warm-up; then it prints the mean
    /// frame time and exits.
    pub frames: Option<u32>,
}

/// Sets up `app` (with its window and renderer, or headless on `MinimalPlugins`) for every
/// screen: the start screen, the five games and the demonstrations, starting on `start`.
/// With `view`, the 3D, the HUD and the start screen are drawn.
pub fn build(
    app: &mut App,
    start: Start,
    view: bool,
    open: fn(&[String]) -> Result<Start, String>,
) {
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    app.add_plugins((
        crate::playing::plugin,
        crate::motion::plugin,
        crate::table::shared_plugin,
        crate::save::plugin,
        crate::demo::logic,
        plugin,
        crate::menu::logic,
    ))
    .insert_resource(Opener(open));
    if view {
        app.add_plugins((
            crate::view_plugin,
            crate::demo::view,
            crate::spectator::window_plugin,
            crate::menu::view,
            // Before the first frame of a table is drawn, so that no mesh is ever drawn with
            // the costly material.
            crate::lite::plugin,
        ))
        .add_systems(
            Update,
            crate::tabletop::economise_on_software.run_if(state_changed::<AtTable>),
        );
    }
    crate::games::install_all(app, view);
    if !app.world().contains_resource::<crate::menu::Menu>() {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() % 100_000)
            .unwrap_or(1);
        app.insert_resource(crate::menu::Menu::new(seed, crate::menu::find_demos()));
    }
    begin(app, start);
}

/// Opens the window on `start` (the start screen, or a game on the table) and runs until it
/// is closed: every screen after it opens in the same window.
pub fn run_window(
    start: Start,
    frames: Option<u32>,
    open: fn(&[String]) -> Result<Start, String>,
) -> ExitCode {
    if let Err(e) = crate::tabletop::display_available() {
        eprintln!("tabula: {e}");
        return ExitCode::from(2);
    }
    let title = match &start {
        Start::Table(game, _) => format!("Tabula — {}", game.kind().title()),
        _ => "Tabula".to_string(),
    };
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title,
                    resolution: (1280u32, 720u32).into(),
                    ..default()
                }),
                ..default()
            })
            // Build the per-mesh instance data on the CPU: a few hundred meshes cost the CPU
            // next to nothing, and a software renderer is spared the compute passes that
            // would build it on the GPU.
            .set(bevy::pbr::PbrPlugin {
                use_gpu_instance_buffer_builder: false,
                ..default()
            }),
    );
    if let Some(n) = frames {
        app.add_plugins(crate::probe::plugin(n));
    }
    build(&mut app, start, true, open);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
