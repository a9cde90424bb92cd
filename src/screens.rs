//! Screens as states of one app in one window: the start screen, a game on the table, a
//! demonstration, and the result of a finished game. Going from one to another never closes
//! the window or restarts the process: what a screen spawned is scoped to it
//! ([`DespawnOnExit`]) and goes when it is left.
//!
//! A change of screen is asked for as a command line ([`crate::playing::Launch`]: `play ...`,
//! `demo ...`, `menu`), the same one `tabula` takes, so the start screen, a loaded save and a
//! playlist's next scene open exactly what that command would.

use crate::playing::Feedback;
use crate::playing::Launch;
use crate::tabletop::TableGame;
use bevy::prelude::*;

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
        Start::Menu => Screen::Menu,
        Start::Table(game, viewing) => set_table(app.world_mut(), game, viewing),
    };
    app.insert_state(screen);
}

/// Turns a command line asked for into a screen change; a command line that cannot be
/// opened is refused where it was asked, and the screen stays.
fn apply_launch(world: &mut World) {
    if world.resource::<Launch>().0.is_none() {
        return;
    }
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
        Ok(start) => {
            world.insert_resource(Pending(Some(start)));
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Loading);
        }
        Err(e) => {
            let refusal =
                Feedback::error(format!("Could not open `tabula {}`: {e}", args.join(" ")));
            world.write_message(crate::playing::Refused(refusal.clone()));
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
        _ => Screen::Menu,
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
    game.insert_match(world, &viewing.seats);
    match viewing.remote {
        Some(remote) => world.insert_resource(remote),
        None => {
            world.remove_resource::<crate::remote::Remote>();
        }
    }
    crate::exhibit::set_exhibition(world, viewing.exhibition);
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
    /// Who plays each seat, in turn order (missing seats: a person at this screen).
    pub seats: Vec<crate::table::Controller>,
    /// A demonstration to show.
    pub demo: Option<crate::demo::Demo>,
    /// The exhibition this screen is a step of (none ends any exhibition running).
    pub exhibition: Option<crate::exhibit::Exhibition>,
    /// Where Ctrl+S saves (default `tabula-save.ron`).
    pub save_to: Option<std::path::PathBuf>,
    /// The frame-rate benchmark: frames to measure after a warm-up; then it prints the mean
    /// frame time and exits.
    pub frames: Option<u32>,
    /// The table on a server this screen sits at or watches (its seats not played here
    /// are [`crate::table::Controller::Remote`]).
    pub remote: Option<crate::remote::Remote>,
}
