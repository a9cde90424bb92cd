//! What the command line says: its commands and their arguments, and what `play` and `demo`
//! open in the window. The start screen reads its own command lines with the same
//! definitions, so that the two never disagree.

use crate::rules_args::{GameArg, RulesArgs, opening};
use crate::screens::{Start, Viewing};
use crate::table::Controller;
use crate::tabletop::TableGame;
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use tabula_ai::Level;

/// Tabula: five forgotten patented board games on a 3D table.
#[derive(Debug, Parser)]
#[command(name = "tabula", version, about)]
pub struct Cli {
    /// What to do; without a command, the tabletop opens on the Game of War.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// What perft counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CountArg {
    /// Every distinct path is a move.
    Paths,
    /// Moves that lead to the same position count once at each node.
    Positions,
}

/// What `tabula play` takes: the game, its rules options, and how the window shows it.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PlayArgs {
    /// Which game.
    #[arg(value_enum, default_value = "war")]
    pub game: GameArg,
    /// Rules options of the game.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Start from a scene's position (its options and setup, then its moves).
    #[arg(long)]
    pub scene: Option<PathBuf>,
    /// With --scene: play only this many of its moves, then hand over to the players.
    #[arg(long, requires = "scene")]
    pub at: Option<usize>,
    /// Where the camera starts: red, blue, top or side.
    #[arg(long, value_enum, default_value = "red")]
    pub view: crate::camera::View,
    /// Hot-seat: turn the camera to the player to move after every move.
    #[arg(long)]
    pub follow_turn: bool,
    /// Exhibitions: the spectator camera directs itself (V switches it on and off).
    #[arg(long)]
    pub spectator: bool,
    /// Where Ctrl+S saves the game (default tabula-save.ron); `--scene FILE` loads it.
    #[arg(long)]
    pub save_to: Option<PathBuf>,
    /// Frame-rate benchmark: render this many frames (after the first 30), print the
    /// mean and median frame time and the processor time a frame, and exit.
    #[arg(long)]
    pub frames: Option<u32>,
    /// The players' names, in turn order, separated by commas ("Ann,Bob"); the HUD shows
    /// them beside the colours.
    #[arg(long, value_delimiter = ',')]
    pub names: Vec<String>,
    /// Exhibitions: a second window that shows the spectator camera (for a projector) while
    /// the players use the main one.
    #[arg(long)]
    pub spectator_window: bool,
    /// Seats the computer plays: SEATS[:LEVEL], SEATS being `all` or players' names or
    /// numbers in turn order separated by commas (`black:hard`, `blue,green:medium`,
    /// `2`); LEVEL is easy, medium (the default), hard or max. May be given again.
    #[arg(long, value_name = "SEATS[:LEVEL]")]
    pub computer: Vec<String>,
    /// How loud the sounds are, 0 to 100 (default 100); M turns sound off and on.
    #[arg(long, value_name = "0-100", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub volume: Option<u8>,
    /// Sit at a table on a server (`ws://HOST:PORT/TABLE`): the game, its options and its
    /// moves so far come from there. The server's own address (`ws://HOST:PORT/`) makes a
    /// new table there of the game and options given, `--computer` seats played by the
    /// server. With `--names NAME`, the name to sit under.
    #[arg(long, value_name = "URL")]
    pub join: Option<String>,
    /// With --join: the seat to take, by its player ("Black"); the first open one if not
    /// given.
    #[arg(long, requires = "join", value_name = "PLAYER")]
    pub seat: Option<String>,
}

impl PlayArgs {
    /// The game these arguments open: the opening with the options asked for, or a scene's
    /// position.
    pub fn table(&self) -> Result<TableGame, String> {
        match &self.scene {
            None => opening(self.game, &self.rules),
            Some(path) if !self.rules.is_empty() => Err(format!(
                "{}: a scene brings its own rules options; drop the option flags",
                path.display()
            )),
            Some(path) => TableGame::from_scene(path, self.at),
        }
    }

    /// How the window shows `table`; refuses more names than the game has players, and
    /// computer seats it does not have. A computer seat without a name is called
    /// "Computer (LEVEL)".
    pub fn viewing(&self, table: &TableGame) -> Result<Viewing, String> {
        let labels = table.player_labels();
        let seats = computer_seats(&self.computer, &labels)?;
        if self.names.len() > labels.len() {
            // SeatNames says so, naming the players.
            crate::playing::SeatNames::new(&labels, &self.names)?;
        }
        let names: Vec<String> = seats
            .iter()
            .enumerate()
            .map(|(i, seat)| match self.names.get(i).map(|n| n.trim()) {
                Some(name) if !name.is_empty() => name.to_string(),
                _ => seat.default_name().unwrap_or_default(),
            })
            .collect();
        let names = crate::playing::SeatNames::new(&labels, &names)?;
        Ok(Viewing {
            seats,
            view: self.view,
            follow_turn: self.follow_turn,
            spectator: self.spectator,
            spectator_window: self.spectator_window,
            save_to: self.save_to.clone(),
            frames: self.frames,
            names,
            demo: None,
            exhibition: None,
            remote: None,
        })
    }
}

/// Who plays each seat (in turn order, `labels` being the players' names) by the
/// `--computer` specifications `specs`: `all`, names or 1-based numbers separated by commas,
/// each optionally followed by `:LEVEL` (medium by default). A seat named twice, a name that
/// is not a player's or a level that does not exist is refused, naming it.
pub fn computer_seats(specs: &[String], labels: &[String]) -> Result<Vec<Controller>, String> {
    let mut seats = vec![Controller::Local; labels.len()];
    let mut named = vec![false; labels.len()];
    for spec in specs {
        let (who, level) = match spec.rsplit_once(':') {
            Some((who, level)) => (
                who,
                level.parse::<Level>().map_err(|_| {
                    format!(
                        "--computer {spec}: unknown level `{level}`; use easy, medium, hard or max"
                    )
                })?,
            ),
            None => (spec.as_str(), Level::Medium),
        };
        let chosen: Vec<usize> = if who.trim().eq_ignore_ascii_case("all") {
            (0..labels.len()).collect()
        } else {
            who.split(',')
                .map(|name| {
                    seat_index(name.trim(), labels).map_err(|e| format!("--computer {spec}: {e}"))
                })
                .collect::<Result<_, _>>()?
        };
        for i in chosen {
            if named[i] {
                return Err(format!("--computer {spec}: {} is named twice", labels[i]));
            }
            named[i] = true;
            seats[i] = Controller::Computer(level);
        }
    }
    Ok(seats)
}

/// The seat a player's name or 1-based number stands for.
fn seat_index(name: &str, labels: &[String]) -> Result<usize, String> {
    if let Ok(n) = name.parse::<usize>() {
        return (1..=labels.len())
            .contains(&n)
            .then(|| n - 1)
            .ok_or_else(|| format!("no seat {n}: the game has seats 1 to {}", labels.len()));
    }
    labels
        .iter()
        .position(|l| l.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            format!(
                "no player `{name}`; the players are {} (or use their numbers, 1 to {})",
                labels.join(", "),
                labels.len()
            )
        })
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the tabletop on a game (hot-seat for two).
    Play(PlayArgs),
    /// Open the start screen: choose a game and its options, load a save, or watch a
    /// demonstration (also what `tabula` alone does).
    Menu,
    /// Show scenes as demonstrations through the spectator camera: captions, annotations,
    /// variations; several files or a folder make a playlist.
    Demo {
        /// Scene files or folders of them.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Start the playlist again after its last scene (unattended exhibitions).
        #[arg(long = "loop")]
        looping: bool,
        /// Speed: 1 is a move every 2.5 seconds; 0.25 to 8.
        #[arg(long, default_value_t = 1.0)]
        speed: f32,
        /// Which scene of the playlist to start with (0 is the first).
        #[arg(long, default_value_t = 0)]
        index: usize,
        /// A second window for the spectator camera.
        #[arg(long)]
        spectator_window: bool,
        /// How loud the sounds are, 0 to 100 (default 100); M turns sound off and on.
        #[arg(long, value_name = "0-100", value_parser = clap::value_parser!(u8).range(0..=100))]
        volume: Option<u8>,
    },
    /// Computer-against-computer games one after another, watched through the spectator
    /// camera, with captions, result cards and a scoreboard (unattended exhibitions).
    Exhibit(crate::exhibit::ExhibitArgs),
    /// Replay scene files headless and check each reaches its expected outcome.
    Verify {
        /// Scene files (RON).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Count the move sequences of a given length from the opening (or a setup).
    Perft {
        /// Which game.
        #[arg(value_enum)]
        game: GameArg,
        /// Number of moves.
        depth: u32,
        /// A position instead of the opening: a file in the game's setup text form, or the
        /// text itself with `;` between lines.
        #[arg(long)]
        setup: Option<String>,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
        /// What counts as a move: every distinct path, or each distinct resulting position.
        #[arg(long, value_enum, default_value = "paths")]
        count: CountArg,
    },
    /// Render a position to a PNG file (needs a display; use xvfb-run on a headless machine).
    Shot(crate::shot::ShotRequest),
    /// The computer's move in a position, with each player's expected result, the principal
    /// variation and the search's statistics.
    Think(tabula_ai::commands::think::ThinkArgs),
    /// Games between two engines: wins, draws and losses with a 95% interval.
    Arena(tabula_ai::commands::arena::ArenaArgs),
    /// The engine on a line protocol over standard input and output (docs/engine-protocol.md).
    Engine(tabula_ai::commands::engine::EngineArgs),
    /// Run a table server: tables of any game over WebSocket, kept in SQLite or
    /// PostgreSQL, with a page for the audience (docs/protocol.md).
    Serve(tabula_server::cli::ServeArgs),
    /// Watch a table on a server through the spectator camera (`ws://HOST:PORT/TABLE`).
    Watch {
        /// The table's address.
        url: String,
        /// A second window for the spectator camera.
        #[arg(long)]
        spectator_window: bool,
        /// How loud the sounds are, 0 to 100 (default 100); M turns sound off and on.
        #[arg(long, value_name = "0-100", value_parser = clap::value_parser!(u8).range(0..=100))]
        volume: Option<u8>,
    },
    /// Measure a server on loopback under load: spectators on one table, many tables of two.
    Loadtest(tabula_server::loadtest::LoadArgs),
}

/// What a command that opens the window opens: the screen, the frames to measure
/// (`--frames`) and the volume.
pub struct Opening {
    /// The screen.
    pub start: Start,
    /// Frames to measure, then exit.
    pub frames: Option<u32>,
    /// How loud, 0 to 100.
    pub volume: Option<u8>,
}

/// What `command` opens in the window (the start screen, a game, a demonstration, an
/// exhibition), with its name for errors; a command that opens no window is handed back.
// Called once per screen change or start: the size of what it hands back costs nothing.
#[allow(clippy::result_large_err)]
pub fn window_opening(
    command: Option<Command>,
) -> Result<(&'static str, Result<Opening, String>), Command> {
    let screen = |start: Result<Start, String>, volume| {
        start.map(|start| Opening {
            start,
            frames: None,
            volume,
        })
    };
    Ok(match command {
        None | Some(Command::Menu) => ("menu", screen(Ok(Start::Menu), None)),
        Some(Command::Play(play)) => (
            "play",
            play_start(&play).map(|(start, frames)| Opening {
                start,
                frames,
                volume: play.volume,
            }),
        ),
        Some(Command::Demo {
            files,
            looping,
            speed,
            index,
            spectator_window,
            volume,
        }) => (
            "demo",
            screen(
                demo_start(&files, looping, speed, index, spectator_window),
                volume,
            ),
        ),
        Some(Command::Exhibit(args)) => (
            "exhibit",
            screen(crate::exhibit::exhibit_start(&args), args.volume),
        ),
        Some(Command::Watch {
            url,
            spectator_window,
            volume,
        }) => ("watch", screen(watch_start(&url, spectator_window), volume)),
        Some(other) => return Err(other),
    })
}

/// What `tabula ARGS` opens in the window, for a screen change asked for inside it (the start
/// screen, a game, a demonstration, an exhibition); other commands are refused there.
pub fn start_from_args(args: &[String]) -> Result<Start, String> {
    let cli =
        Cli::try_parse_from(std::iter::once("tabula".to_string()).chain(args.iter().cloned()))
            .map_err(|e| e.to_string().lines().next().unwrap_or_default().to_string())?;
    match window_opening(cli.command) {
        Ok((_, opened)) => opened.map(|o| o.start),
        Err(_) => Err("only the start screen, play, demo and exhibit open in the window".into()),
    }
}

/// The game `tabula play` opens, and the frames to measure (`--frames`).
pub fn play_start(play: &PlayArgs) -> Result<(Start, Option<u32>), String> {
    if let Some(url) = &play.join {
        return join_start(url, play);
    }
    let table = play.table()?;
    let viewing = play.viewing(&table)?;
    let frames = viewing.frames;
    Ok((Start::Table(table, viewing), frames))
}

/// The game of a server's table, from the scene it sent, and its players' names.
fn remote_table(
    joined: &crate::remote::Joined,
) -> Result<(TableGame, crate::playing::SeatNames), String> {
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
    let names = crate::playing::SeatNames::new(&labels, &names)?;
    Ok((table, names))
}

/// `tabula play --join URL`: a seat at a server's table, the others played elsewhere.
fn join_start(url: &str, play: &PlayArgs) -> Result<(Start, Option<u32>), String> {
    let name = match play.names.as_slice() {
        [] => "Guest".to_string(),
        [name] => name.trim().to_string(),
        _ => return Err("with --join, --names takes one name: yours".into()),
    };
    // The server's own address: a new table there, of the game and options asked for.
    let url = if crate::remote::is_lobby(url) {
        if play.scene.is_some() {
            return Err(format!(
                "{url}: a new table starts from the game's opening; drop --scene"
            ));
        }
        let table = play.table()?;
        let labels = table.player_labels();
        let seats: Vec<tabula_server::protocol::SeatSpec> =
            computer_seats(&play.computer, &labels)?
                .into_iter()
                .map(|seat| match seat {
                    Controller::Computer(level) => tabula_server::protocol::SeatSpec::Computer {
                        level: level.to_string(),
                    },
                    _ => tabula_server::protocol::SeatSpec::Open,
                })
                .collect();
        let game = tabula_rules::registry::game(table.kind()).name;
        let computers_only = seats
            .iter()
            .all(|s| matches!(s, tabula_server::protocol::SeatSpec::Computer { .. }));
        let url = crate::remote::create(url, game, &table.options_ron(), seats)?;
        if computers_only {
            // Nobody to sit down: this screen watches the computers play.
            return watch_start(&url, play.spectator_window).map(|start| (start, play.frames));
        }
        url
    } else {
        if play.scene.is_some() || !play.rules.is_empty() || !play.computer.is_empty() {
            return Err(format!(
                "{url}: a server's table brings its own game, options and seats; drop --scene, --computer and the option flags"
            ));
        }
        url.to_string()
    };
    let url = url.as_str();
    crate::remote::check_url(url)?;
    let joined = crate::remote::join(url, play.seat.as_deref(), &name)?;
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
        view: play.view,
        follow_turn: play.follow_turn,
        spectator: play.spectator,
        spectator_window: play.spectator_window,
        save_to: play.save_to.clone(),
        frames: play.frames,
        names,
        remote: Some(joined.remote),
        ..Viewing::default()
    };
    Ok((Start::Table(table, viewing), play.frames))
}

/// `tabula watch URL`: a server's table through the spectator camera.
pub fn watch_start(url: &str, spectator_window: bool) -> Result<Start, String> {
    let joined = crate::remote::watch(url)?;
    let (table, names) = remote_table(&joined)?;
    let seats = vec![Controller::Remote; table.player_labels().len()];
    Ok(Start::Table(
        table,
        Viewing {
            seats,
            view: crate::camera::View::Side,
            spectator: true,
            spectator_window,
            names,
            remote: Some(joined.remote),
            ..Viewing::default()
        },
    ))
}

/// The demonstration `tabula demo` opens.
pub fn demo_start(
    files: &[PathBuf],
    looping: bool,
    speed: f32,
    index: usize,
    window: bool,
) -> Result<Start, String> {
    if !(speed.is_finite() && (0.25..=8.0).contains(&speed)) {
        return Err(format!("--speed {speed}: use 0.25 to 8"));
    }
    let (table, mut show) = crate::demo::load_playlist(files)
        .and_then(|playlist| crate::demo::prepare(playlist, index))?;
    show.looping = looping;
    show.speed = speed;
    Ok(Start::Table(
        table,
        Viewing {
            view: crate::camera::View::Side,
            spectator: true,
            spectator_window: window,
            demo: Some(show),
            ..Viewing::default()
        },
    ))
}
