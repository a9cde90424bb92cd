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
use crate::tabletop::{TableGame, Viewing};
use bevy::prelude::*;

/// The screen shown.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The start screen: choose a game, its options and players, a save or a demonstration.
    #[default]
    Menu,
    /// Between two screens, for a frame: what the last one showed is gone, the next one's
    /// game is set.
    Loading,
    /// A game on the table.
    Table,
    /// A demonstration: a scene replayed through the spectator camera.
    Demo,
}

/// Whether the table is shown (a game, its result, or a demonstration): what the table
/// spawns is scoped to this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AtTable;

impl ComputedStates for AtTable {
    type SourceStates = Screen;

    fn compute(screen: Screen) -> Option<AtTable> {
        matches!(screen, Screen::Table | Screen::Demo).then_some(AtTable)
    }
}

/// Whether the game on the table is being played or has ended: a finished game shows its
/// result (taking back or a new game return to play).
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Table)]
pub enum Play {
    /// Moves are being made.
    #[default]
    Playing,
    /// The game has ended; its result stands on the table.
    Result,
}

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

/// The states, the screen changes asked for as command lines, and the result screen
/// following the match.
pub fn plugin(app: &mut App) {
    app.add_plugins(states).add_systems(Last, apply_launch);
}

/// The states and the result screen following the match, without acting on command lines
/// (tests read those).
pub fn states(app: &mut App) {
    app.add_computed_state::<AtTable>()
        .add_sub_state::<Play>()
        .init_resource::<Launch>()
        .add_systems(OnExit(AtTable), clear_table)
        .add_systems(Update, finish_loading.run_if(in_state(Screen::Loading)))
        .add_systems(
            Update,
            follow_result
                .after(crate::playing::MatchSet)
                .run_if(in_state(Screen::Table)),
        );
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
    match crate::cli::start_from_args(&args) {
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
            Screen::Demo
        }
        None => {
            world.remove_resource::<crate::demo::Demo>();
            Screen::Table
        }
    };
    game.insert_match(world);
    screen
}

/// A finished game shows its result; taking back or a new game returns to play.
fn follow_result(
    hud: Res<crate::playing::HudState>,
    play: Res<State<Play>>,
    mut next: ResMut<NextState<Play>>,
) {
    if !hud.is_changed() {
        return;
    }
    let over = hud.status.starts_with("Game over");
    match (play.get(), over) {
        (Play::Playing, true) => next.set(Play::Result),
        (Play::Result, false) => next.set(Play::Playing),
        _ => {}
    }
}
