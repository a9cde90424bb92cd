//! The command line: open the tabletop, verify scenes, count moves, take screenshots, run
//! the engine or a server. What opens the window is read here once, at the edge, into the
//! typed description the screens open ([`Launch`]), and checked before the window opens.

pub mod exhibit;
pub(crate) mod perft;
pub mod play;
pub mod rules_args;
pub mod shot;

use crate::cli::rules_args::GameArg;
use crate::screens::launch::{DemoLaunch, Launch, LearnLaunch, PuzzleLaunch, WatchLaunch};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Tabula: five forgotten patented board games on a 3D table.
#[derive(Debug, Parser)]
#[command(name = "tabula", version, about)]
pub struct Cli {
    /// What to do; without a command, the tabletop opens on the Game of War.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// How large the HUD's text and panels are drawn, 0.5 to 3 (by default as last set
    /// with Ctrl+= and Ctrl+-, else 1).
    #[arg(long, global = true, value_name = "SCALE", value_parser = parse_ui_scale)]
    pub ui_scale: Option<f32>,
}

/// Reads `--ui-scale`: a number from 0.5 to 3.
fn parse_ui_scale(text: &str) -> Result<f32, String> {
    use crate::user_data::settings::{MAX_UI_SCALE, MIN_UI_SCALE};
    match text.trim().parse::<f32>() {
        Ok(scale) if (MIN_UI_SCALE..=MAX_UI_SCALE).contains(&scale) => Ok(scale),
        _ => Err(format!(
            "`{text}`: the scale is a number from {MIN_UI_SCALE} to {MAX_UI_SCALE}, such as 1.5"
        )),
    }
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the tabletop on a game (hot-seat for two).
    Play(play::PlayArgs),
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
    /// Learn a game from its lesson: small positions on the table, each asking for a move,
    /// a wrong one told why; progress is kept between runs.
    Learn {
        /// Which game.
        #[arg(value_enum)]
        game: GameArg,
        /// The step to start at (from 1); by default the first.
        #[arg(long, default_value_t = 1)]
        step: usize,
        /// How loud the sounds are, 0 to 100 (default 100); M turns sound off and on.
        #[arg(long, value_name = "0-100", value_parser = clap::value_parser!(u8).range(0..=100))]
        volume: Option<u8>,
    },
    /// Solve a game's puzzles on the table: the move that stands out, checked by the rules,
    /// the engine's reply played; the score and streak are kept between runs.
    Puzzle {
        /// Which game.
        #[arg(value_enum)]
        game: GameArg,
        /// The puzzle to start at (from 1); by default the first.
        #[arg(long, default_value_t = 1)]
        number: usize,
        /// How loud the sounds are, 0 to 100 (default 100); M turns sound off and on.
        #[arg(long, value_name = "0-100", value_parser = clap::value_parser!(u8).range(0..=100))]
        volume: Option<u8>,
    },
    /// Computer-against-computer games one after another, watched through the spectator
    /// camera, with captions, result cards and a scoreboard (unattended exhibitions).
    Exhibit(exhibit::ExhibitArgs),
    /// Replay scene files headless and check each reaches its expected outcome; check lesson
    /// and puzzle files by their rules (each puzzle's solution legal and meeting its goal).
    Verify {
        /// Scene, lesson or puzzle files (RON), or folders of them.
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
        count: perft::CountArg,
    },
    /// Render a position to a PNG file, offscreen (no display needed), and time its frames.
    Shot(shot::ShotRequest),
    /// The computer's move in a position, with each player's expected result, the principal
    /// variation and the search's statistics.
    Think(tabula_ai::commands::think::ThinkArgs),
    /// Games between two engines: wins, draws and losses with a 95% interval.
    Arena(tabula_ai::commands::arena::ArenaArgs),
    /// A round robin of random play, the plain tree search and the levels, rated in Elo.
    Ladder(tabula_ai::commands::ladder::LadderArgs),
    /// The engine on a line protocol over standard input and output (docs/engine-protocol.md).
    Engine(tabula_ai::commands::engine::EngineArgs),
    /// Puzzles: `puzzles mine GAME` plays the engine against itself and writes the positions
    /// where one move stands out; `puzzles rate FILE` measures puzzles posed elsewhere
    /// (docs/puzzles.md).
    Puzzles(tabula_ai::commands::puzzles::PuzzlesArgs),
    /// Run a table server: tables of any game over WebSocket, kept in SQLite or
    /// PostgreSQL, with a page for the audience (docs/protocol.md).
    Serve(tabula_server::cli::ServeArgs),
    /// Watch a table on a server through the spectator camera (`ws://HOST:PORT/TABLE`,
    /// `wss://` over TLS, or the table's page address).
    Watch {
        /// The table's address.
        url: String,
        /// A second window for the spectator camera.
        #[arg(long)]
        spectator_window: bool,
        /// With wss: also trust this certificate (PEM), a server's own or its authority's.
        #[arg(long, value_name = "FILE")]
        ca: Option<PathBuf>,
        /// How loud the sounds are, 0 to 100 (default 100); M turns sound off and on.
        #[arg(long, value_name = "0-100", value_parser = clap::value_parser!(u8).range(0..=100))]
        volume: Option<u8>,
    },
    /// Measure a server on loopback under load: spectators on one table, many tables of two.
    Loadtest(tabula_server::loadtest::LoadArgs),
}

/// Runs the command line; returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let ui_scale = cli.ui_scale;
    let command = match window_opening(cli.command) {
        Ok((name, opened)) => {
            let start = opened.and_then(|o| {
                crate::screens::open::open(&o.launch)
                    .map(|start| (start, o.frames, o.volume, o.offscreen))
            });
            return match start {
                Ok((start, frames, volume, offscreen)) => {
                    crate::app::run_window(start, frames, volume, offscreen, ui_scale)
                }
                Err(e) => {
                    eprintln!("tabula {name}: {e}");
                    ExitCode::from(2)
                }
            };
        }
        Err(command) => command,
    };
    match command {
        Command::Verify { files } => perft::verify(&files),
        Command::Perft {
            game,
            depth,
            setup,
            divide,
            count,
        } => perft::perft(game.into(), depth, setup, divide, count),
        Command::Shot(request) => shot::run(request, ui_scale),
        Command::Think(args) => {
            engine_command("think", |out| tabula_ai::commands::think::run(&args, out))
        }
        Command::Arena(args) => {
            engine_command("arena", |out| tabula_ai::commands::arena::run(&args, out))
        }
        Command::Ladder(args) => {
            engine_command("ladder", |out| tabula_ai::commands::ladder::run(&args, out))
        }
        Command::Engine(args) => {
            engine_command("engine", |_| tabula_ai::commands::engine::run_stdio(&args))
        }
        Command::Puzzles(args) => engine_command("puzzles", |out| {
            tabula_ai::commands::puzzles::run(&args, out)
        }),
        Command::Serve(args) => tabula_server::cli::run_serve(&args),
        Command::Loadtest(args) => tabula_server::loadtest::run_command(&args),
        // Opened in the window above.
        Command::Play(_)
        | Command::Menu
        | Command::Demo { .. }
        | Command::Exhibit(_)
        | Command::Learn { .. }
        | Command::Puzzle { .. }
        | Command::Watch { .. } => ExitCode::SUCCESS,
    }
}

/// What a command that opens the window opens: the screen, the frames to measure
/// (`--frames`) and the volume.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Opening {
    /// The screen.
    pub launch: Launch,
    /// Frames to measure, then exit.
    pub frames: Option<u32>,
    /// How loud, 0 to 100.
    pub volume: Option<u8>,
    /// Drawn offscreen, with no display (the benchmark).
    pub offscreen: bool,
}

/// What `command` opens in the window (the start screen, a game, a demonstration, an
/// exhibition, a server's table), with its name for errors; a command that opens no window
/// is handed back.
#[allow(clippy::result_large_err)]
pub(crate) fn window_opening(
    command: Option<Command>,
) -> Result<(&'static str, Result<Opening, String>), Command> {
    let screen = |launch: Result<Launch, String>, frames, volume| {
        launch.map(|launch| Opening {
            launch,
            frames,
            volume,
            offscreen: false,
        })
    };
    Ok(match command {
        None | Some(Command::Menu) => ("menu", screen(Ok(Launch::Menu), None, None)),
        Some(Command::Play(play)) => (
            "play",
            screen(play.launch().map(Launch::Play), play.frames, play.volume).map(|o| Opening {
                offscreen: play.offscreen,
                ..o
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
                Ok(Launch::Demo(DemoLaunch {
                    files,
                    looping,
                    speed,
                    index,
                    spectator_window,
                })),
                None,
                volume,
            ),
        ),
        Some(Command::Learn { game, step, volume }) => (
            "learn",
            screen(
                Ok(Launch::Learn(LearnLaunch {
                    game: game.into(),
                    step,
                })),
                None,
                volume,
            ),
        ),
        Some(Command::Puzzle {
            game,
            number,
            volume,
        }) => (
            "puzzle",
            screen(
                Ok(Launch::Puzzle(PuzzleLaunch {
                    game: game.into(),
                    number,
                })),
                None,
                volume,
            ),
        ),
        Some(Command::Exhibit(args)) => (
            "exhibit",
            screen(args.launch().map(Launch::Exhibit), None, args.volume),
        ),
        Some(Command::Watch {
            url,
            spectator_window,
            ca,
            volume,
        }) => (
            "watch",
            screen(
                Ok(Launch::Watch(WatchLaunch {
                    url,
                    spectator_window,
                    ca,
                })),
                None,
                volume,
            ),
        ),
        Some(other) => return Err(other),
    })
}

/// What `tabula ARGS` opens in the window (the start screen, a game, a demonstration, an
/// exhibition, a server's table), read as the command line reads it; other commands, and
/// arguments the command line refuses, are refused with the first line of its reason.
pub fn parse_launch(args: &[String]) -> Result<Launch, String> {
    let cli =
        Cli::try_parse_from(std::iter::once("tabula".to_string()).chain(args.iter().cloned()))
            .map_err(|e| e.to_string().lines().next().unwrap_or_default().to_string())?;
    match window_opening(cli.command) {
        Ok((_, opened)) => opened.map(|o| o.launch),
        Err(_) => Err(
            "only the start screen, play, demo, exhibit, learn, puzzle and watch open in the window"
                .into(),
        ),
    }
}

/// Runs one of the engine's commands on standard output; its error goes to standard error
/// with the command's name, and a reader that went away ends it quietly.
fn engine_command(
    name: &str,
    run: impl FnOnce(&mut dyn std::io::Write) -> Result<(), tabula_ai::Error>,
) -> ExitCode {
    let mut out = std::io::stdout();
    match run(&mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(tabula_ai::Error::Io { source, .. })
            if source.kind() == std::io::ErrorKind::BrokenPipe =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tabula {name}: {e}");
            ExitCode::from(2)
        }
    }
}
