//! Changing screens: a screen asked for ([`LaunchRequest`], or the table left as the
//! players asked, [`LeaveTable`]) is opened at the end of the frame; the screen left is
//! cleared for a frame ([`Screen::Loading`]), then the next one is set. What the table spawns
//! is scoped to it and goes when it is left; a screen that cannot be opened is refused where
//! it was asked, and the screen stays.

use crate::games::tabletop::{OnTable, TableGame};
use crate::screens::demo::{Demo, KEYS};
use crate::screens::exhibit::set_exhibition;
use crate::screens::launch::{Launch, LaunchRequest, PlayLaunch, Refused, TableStart, trimmed};
use crate::screens::learn::Course;
use crate::screens::open::{Start, Viewing, open};
use crate::state::{AtTable, Screen};
use crate::table::commands::{Feedback, LeaveTable, Tell, Watching};
use crate::table::report::HudState;
use crate::table::review::Review;
use crate::table::save::SavePath;
use crate::table::seats::LocalTurn;
use crate::view::camera::FollowTurn;
use crate::view::spectator::Spectator;
use crate::view::spectator_window::SpectatorWindow;
use bevy::prelude::*;

/// The screen to open once the last one is cleared.
#[derive(Resource)]
struct Pending(Option<Start>);

/// The screen changes asked for, and the table cleared when it is left.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LaunchRequest>()
        .add_message::<Refused>()
        .add_message::<LeaveTable>()
        .add_message::<Tell>()
        .add_systems(Last, apply_launch)
        .add_systems(OnExit(AtTable), clear_table)
        .add_systems(Update, finish_loading.run_if(in_state(Screen::Loading)));
}

/// Puts `start` in place at the start, before the first frame: the state to begin in.
pub(crate) fn begin(app: &mut App, start: Start) {
    let screen = match start {
        Start::Menu => Screen::Menu,
        Start::Table(game, viewing) => set_table(app.world_mut(), game, viewing),
    };
    app.insert_state(screen);
}

/// What leaving the table opens: the saved game, with the computer's seats, the players'
/// names and the save's place kept, or the start screen.
fn after_leaving(left: &LeaveTable) -> Launch {
    match left {
        LeaveTable::ForSave { path, seats, names } => Launch::Play(PlayLaunch {
            seats: trimmed(seats.clone()),
            names: names.clone(),
            save_to: Some(path.clone()),
            ..PlayLaunch::new(TableStart::Scene {
                path: path.clone(),
                at: None,
            })
        }),
        LeaveTable::ForMenu => Launch::Menu,
    }
}

/// A saved game being loaded: the players are told what came when it is on the table.
#[derive(Resource, Debug, Clone)]
struct Loading(std::path::PathBuf);

/// Opens the screen asked for; one that cannot be opened is refused where it was asked,
/// and the screen stays.
fn apply_launch(world: &mut World) {
    let left = world.resource_mut::<Messages<LeaveTable>>().drain().last();
    if let Some(LeaveTable::ForSave { path, .. }) = &left {
        world.insert_resource(Loading(path.clone()));
    }
    let left = left.map(|left| after_leaving(&left));
    let asked = world.resource_mut::<LaunchRequest>().0.take();
    // The players leaving come before what a show asked for by itself (its next step).
    let Some(launch) = left.or(asked) else {
        return;
    };
    match open(&launch) {
        Ok(start) => {
            world.insert_resource(Pending(Some(start)));
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Loading);
        }
        Err(e) => {
            let refusal = Feedback::error(format!(
                "Could not open `tabula {}`: {e}",
                launch.args().join(" ")
            ));
            world.write_message(Refused(refusal.clone()));
            world.write_message(Tell(refusal));
        }
    }
}

/// The table was left: its game, its show and what the HUD said go with it.
fn clear_table(world: &mut World) {
    crate::games::remove_matches(world);
    world.remove_resource::<Demo>();
    world.remove_resource::<Course>();
    world.insert_resource(HudState::default());
    world.insert_resource(Review::default());
    world.insert_resource(LocalTurn::default());
    world.insert_resource(Watching::default());
}

/// The screen left is cleared: set the next one.
fn finish_loading(world: &mut World) {
    let start = world
        .get_resource_mut::<Pending>()
        .and_then(|mut p| p.0.take());
    let loaded = world.remove_resource::<Loading>();
    let screen = match start {
        Some(Start::Table(game, viewing)) => {
            let said = loaded.map(|Loading(path)| {
                Feedback::info(format!(
                    "Loaded {}: {}, {} played; {} to move.",
                    path.display(),
                    game.info().title,
                    match game.ply() {
                        1 => "1 move".to_string(),
                        n => format!("{n} moves"),
                    },
                    game.to_move_name()
                ))
            });
            let screen = set_table(world, game, viewing);
            if let Some(said) = said {
                world.write_message(Tell(said));
            }
            screen
        }
        _ => Screen::Menu,
    };
    world.resource_mut::<NextState<Screen>>().set(screen);
}

/// Sets `game` on the table with its viewing: the match and what the camera, the HUD and
/// the save need. Returns the screen that shows it.
fn set_table(world: &mut World, game: TableGame, viewing: Viewing) -> Screen {
    world.insert_resource(game.seat());
    world.insert_resource(viewing.view);
    world.insert_resource(FollowTurn(viewing.follow_turn));
    world.insert_resource(Spectator(viewing.spectator));
    world.insert_resource(SpectatorWindow(viewing.spectator_window));
    world.insert_resource(viewing.names);
    world.insert_resource(SavePath(
        viewing.save_to.unwrap_or_else(|| SavePath::default().0),
    ));
    world.insert_resource(HudState::default());
    world.remove_resource::<Course>();
    world.remove_resource::<crate::screens::puzzles::Drill>();
    let screen = match (viewing.demo, viewing.lesson) {
        (Some(demo), _) => {
            world.insert_resource(demo);
            world.insert_resource(Watching(Some(KEYS)));
            Screen::Demo
        }
        (None, lesson) => {
            world.remove_resource::<Demo>();
            world.insert_resource(Watching(None));
            match (lesson, viewing.puzzle) {
                (Some(course), _) => {
                    world.insert_resource(course);
                    Screen::Lesson
                }
                (None, Some(drill)) => {
                    world.insert_resource(drill);
                    Screen::Puzzle
                }
                (None, None) => Screen::Table,
            }
        }
    };
    game.insert_match(world, &viewing.seats);
    match viewing.remote {
        Some(remote) => world.insert_resource(remote),
        None => {
            world.remove_resource::<crate::net::connection::Remote>();
        }
    }
    set_exhibition(world, viewing.exhibition);
    screen
}
