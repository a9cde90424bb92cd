//! Opening a screen: a [`Launch`] becomes what the screen shows ([`Start`]): the game set on
//! the table and how the window shows it ([`Viewing`]), a demonstration ready to run, an
//! exhibition's step, a seat at a server's table. Whatever cannot be opened is refused here
//! with the reason, the same for the command line (before the window opens) and for a
//! screen asked for inside the window.

use crate::games::tabletop::{OnTable, TableGame};
use crate::net::connection::{self, Joined, Remote};
use crate::screens::demo::Demo;
use crate::screens::demo::playlist::{load_playlist, prepare};
use crate::screens::exhibit::{Exhibition, Item, programme};
use crate::screens::launch::{DemoLaunch, ExhibitLaunch, Launch, PlayLaunch, TableStart};
use crate::screens::learn::{Course, learn_start};
use crate::table::seats::{Controller, SeatNames};
use crate::view::camera::View;
use std::path::PathBuf;
use tabula_server::client::Trust;
use tabula_server::protocol::SeatSpec;

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

/// How a window shows the game.
#[derive(Debug, Clone, Default)]
pub struct Viewing {
    /// Where the camera starts.
    pub view: View,
    /// Hot-seat: the camera turns to the player to move.
    pub follow_turn: bool,
    /// The spectator director holds the camera from the start.
    pub spectator: bool,
    /// A second window shows the spectator camera.
    pub spectator_window: bool,
    /// The players' names.
    pub names: SeatNames,
    /// Who plays each seat, in turn order (missing seats: a person at this screen).
    pub seats: Vec<Controller>,
    /// A demonstration to show.
    pub demo: Option<Demo>,
    /// A lesson to teach.
    pub lesson: Option<Course>,
    /// Puzzles to set.
    pub puzzle: Option<crate::screens::puzzles::Drill>,
    /// The exhibition this screen is a step of (none ends any exhibition running).
    pub exhibition: Option<Exhibition>,
    /// Where Ctrl+S saves (default `tabula-save.ron`).
    pub save_to: Option<PathBuf>,
    /// The table on a server this screen sits at or watches (its seats not played here
    /// are [`Controller::Remote`]).
    pub remote: Option<Remote>,
}

/// What `launch` opens, or why it cannot be opened.
// Called once per screen change or start: the size of what it hands back costs nothing.
#[allow(clippy::result_large_err)]
pub fn open(launch: &Launch) -> Result<Start, String> {
    match launch {
        Launch::Menu => Ok(Start::Menu),
        Launch::Play(play) if play.join.is_some() => join_start(play),
        Launch::Play(play) => play_table(play).map(|(table, viewing)| Start::Table(table, viewing)),
        Launch::Demo(demo) => demo_start(demo),
        Launch::Exhibit(show) => exhibit_start(show),
        Launch::Watch(watch) => connection::trust(watch.ca.as_deref())
            .and_then(|trust| watch_start(&watch.url, &trust, watch.spectator_window)),
        Launch::Learn(learn) => learn_start(learn),
        Launch::Puzzle(puzzle) => crate::screens::puzzles::puzzle_start(puzzle),
    }
}

/// The game `play` sets on the table: the opening with its options, or a scene's position.
pub(crate) fn table_of(play: &PlayLaunch) -> Result<TableGame, String> {
    match &play.table {
        TableStart::Opening(options) => TableGame::opening(options.clone()),
        TableStart::Scene { path, at } => TableGame::load_scene(path, *at),
    }
}

/// The game `play` sets on the table and how the window shows it; refuses more names than
/// the game has players. A computer seat without a name is called "Computer, LEVEL".
pub fn play_table(play: &PlayLaunch) -> Result<(TableGame, Viewing), String> {
    let table = table_of(play)?;
    let labels = table.player_labels();
    if play.names.len() > labels.len() {
        // SeatNames says so, naming the players.
        SeatNames::new(&labels, &play.names)?;
    }
    let seats: Vec<Controller> = (0..labels.len())
        .map(|i| play.seats.get(i).cloned().unwrap_or_default())
        .collect();
    let names: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(i, seat)| match play.names.get(i).map(|n| n.trim()) {
            Some(name) if !name.is_empty() => name.to_string(),
            _ => seat.default_name().unwrap_or_default(),
        })
        .collect();
    let names = SeatNames::new(&labels, &names)?;
    let viewing = Viewing {
        seats,
        view: play.camera.view,
        follow_turn: play.camera.follow_turn,
        spectator: play.camera.spectator,
        spectator_window: play.camera.spectator_window,
        save_to: play.save_to.clone(),
        names,
        ..Viewing::default()
    };
    Ok((table, viewing))
}

/// The game of a server's table, from the scene it sent, and its players' names.
fn remote_table(joined: &Joined) -> Result<(TableGame, SeatNames), String> {
    let file = tabula_rules::scene::SceneFile::parse(
        std::path::Path::new(&joined.remote.url),
        &joined.scene,
    )
    .map_err(|e| e.to_string())?;
    let table = TableGame::from_scene_file(&file).map_err(|e| e.to_string())?;
    let labels = table.player_labels();
    let names: Vec<String> = labels
        .iter()
        .map(|label| {
            joined
                .table
                .seats
                .iter()
                .find(|s| &s.player == label)
                .and_then(|s| s.name.clone())
                .unwrap_or_default()
        })
        .collect();
    let names = SeatNames::new(&labels, &names)?;
    Ok((table, names))
}

/// A seat at a server's table (`--join URL`), the others played elsewhere. The server's
/// own address makes a new table there of the game and options asked for, its computer
/// seats played by the server; with no person to sit down, this screen watches it.
fn join_start(play: &PlayLaunch) -> Result<Start, String> {
    let Some(join) = &play.join else {
        return play_table(play).map(|(table, viewing)| Start::Table(table, viewing));
    };
    let name = match play.names.as_slice() {
        [] => None,
        [name] => Some(name.trim().to_string()),
        _ => return Err("with --join, --names takes one name: yours".into()),
    };
    let trust = connection::trust(join.ca.as_deref())?;
    let url = if connection::is_lobby(&join.url) {
        if let TableStart::Scene { .. } = play.table {
            return Err(format!(
                "{}: a new table starts from the game's opening; drop --scene",
                join.url
            ));
        }
        let table = table_of(play)?;
        let seats: Vec<SeatSpec> = (0..table.player_labels().len())
            .map(|i| match play.seats.get(i) {
                Some(Controller::Computer(level)) => SeatSpec::Computer {
                    level: level.to_string(),
                },
                _ => SeatSpec::Open,
            })
            .collect();
        let game = tabula_rules::registry::game(table.kind()).name;
        let computers_only = seats.iter().all(|s| matches!(s, SeatSpec::Computer { .. }));
        let url = connection::create(&join.url, &trust, game, &table.options_ron(), seats)?;
        if computers_only {
            // Nobody to sit down: this screen watches the computers play.
            return watch_start(&url, &trust, play.camera.spectator_window);
        }
        url
    } else {
        join.url.clone()
    };
    connection::check_url(&url)?;
    let joined = connection::join(&url, &trust, join.seat.as_deref(), name.as_deref())?;
    let (table, names) = remote_table(&joined)?;
    let held = joined.remote.seat.clone();
    let seats = table
        .player_labels()
        .iter()
        .map(|label| {
            if Some(label) == held.as_ref() {
                Controller::Local
            } else {
                Controller::Remote
            }
        })
        .collect();
    let viewing = Viewing {
        seats,
        view: play.camera.view,
        follow_turn: play.camera.follow_turn,
        spectator: play.camera.spectator,
        spectator_window: play.camera.spectator_window,
        save_to: play.save_to.clone(),
        names,
        remote: Some(joined.remote),
        ..Viewing::default()
    };
    Ok(Start::Table(table, viewing))
}

/// A server's table through the spectator camera (`tabula watch URL`).
fn watch_start(url: &str, trust: &Trust, spectator_window: bool) -> Result<Start, String> {
    let joined = connection::watch(url, trust)?;
    let (table, names) = remote_table(&joined)?;
    let seats = vec![Controller::Remote; table.player_labels().len()];
    Ok(Start::Table(
        table,
        Viewing {
            seats,
            view: View::Side,
            spectator: true,
            spectator_window,
            names,
            remote: Some(joined.remote),
            ..Viewing::default()
        },
    ))
}

/// A demonstration of the scenes asked for.
fn demo_start(demo: &DemoLaunch) -> Result<Start, String> {
    let speed = demo.speed;
    if !(speed.is_finite() && (0.25..=8.0).contains(&speed)) {
        return Err(format!("--speed {speed}: use 0.25 to 8"));
    }
    let (table, mut show) =
        load_playlist(&demo.files).and_then(|playlist| prepare(playlist, demo.index))?;
    show.looping = demo.looping;
    show.speed = speed;
    Ok(Start::Table(
        table,
        Viewing {
            view: View::Side,
            spectator: true,
            spectator_window: demo.spectator_window,
            demo: Some(show),
            ..Viewing::default()
        },
    ))
}

/// Step `at` of an exhibition's programme, with the exhibition that runs it. Bad values are
/// refused, naming them.
fn exhibit_start(show: &ExhibitLaunch) -> Result<Start, String> {
    if !(show.pause.is_finite() && (0.0..=120.0).contains(&show.pause)) {
        return Err(format!("--pause {}: use 0 to 120 seconds", show.pause));
    }
    if !(10..=100_000).contains(&show.max_moves) {
        return Err(format!("--max-moves {}: use 10 to 100000", show.max_moves));
    }
    // The programme's length is the same in every round; only its demonstrations rotate.
    let first = programme(show, 0);
    let len = first.len();
    if !show.looping && show.at >= len {
        return Err(format!(
            "--at {}: the programme has {len} steps (0 to {})",
            show.at,
            len - 1
        ));
    }
    let round = show.at / len;
    let item = if round == 0 {
        first[show.at].clone()
    } else {
        programme(show, round)[show.at % len].clone()
    };
    let exhibition = Some(Exhibition::new(show.clone(), len, item.clone()));
    match item {
        Item::Game(options) => {
            let table = TableGame::opening(options)?;
            let labels = table.player_labels();
            let seats = vec![Controller::Computer(show.level); labels.len()];
            let names: Vec<String> = seats.iter().filter_map(Controller::default_name).collect();
            Ok(Start::Table(
                table,
                Viewing {
                    view: View::Side,
                    spectator: true,
                    spectator_window: show.spectator_window,
                    names: SeatNames::new(&labels, &names)?,
                    seats,
                    exhibition,
                    ..Viewing::default()
                },
            ))
        }
        Item::Demo(path) => {
            let demo = DemoLaunch {
                spectator_window: show.spectator_window,
                ..DemoLaunch::new(vec![path])
            };
            match demo_start(&demo)? {
                Start::Table(table, viewing) => Ok(Start::Table(
                    table,
                    Viewing {
                        exhibition,
                        ..viewing
                    },
                )),
                Start::Menu => Ok(Start::Menu),
            }
        }
    }
}
