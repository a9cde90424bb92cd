//! The command line: open the tabletop, verify scenes, count moves, take screenshots; and
//! the app's assembly.

use crate::screens::Start;
use bevy::prelude::*;
use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tabula_rules::camelot::{Camelot, CamelotOptions};
use tabula_rules::registry::GameKind;
use tabula_rules::scene::SceneFile;
use tabula_rules::screwball::{Screwball, ScrewballOptions};
use tabula_rules::transport::{Transport, TransportOptions};
use tabula_rules::war::{War, WarOptions};

pub use crate::args::{Cli, Command, CountArg, PlayArgs, demo_start, play_start, start_from_args};
pub use crate::rules_args::{GameArg, RulesArgs, opening};

/// Runs the command line; returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = match crate::args::window_opening(cli.command) {
        Ok((_, Ok(o))) => return run_window(o.start, o.frames, o.volume),
        Ok((name, Err(e))) => {
            eprintln!("tabula {name}: {e}");
            return ExitCode::from(2);
        }
        Err(command) => command,
    };
    match command {
        Command::Verify { files } => verify(&files),
        Command::Perft {
            game,
            depth,
            setup,
            divide,
            count,
        } => perft(game.into(), depth, setup, divide, count),
        Command::Shot(request) => crate::shot::run(request),
        Command::Think(args) => {
            engine_command("think", |out| tabula_ai::commands::think::run(&args, out))
        }
        Command::Arena(args) => {
            engine_command("arena", |out| tabula_ai::commands::arena::run(&args, out))
        }
        Command::Engine(args) => {
            engine_command("engine", |_| tabula_ai::commands::engine::run_stdio(&args))
        }
        Command::Serve(args) => tabula_server::cli::run_serve(&args),
        Command::Loadtest(args) => tabula_server::loadtest::run_command(&args),
        // Opened in the window above.
        Command::Play(_)
        | Command::Menu
        | Command::Demo { .. }
        | Command::Exhibit(_)
        | Command::Watch { .. } => ExitCode::SUCCESS,
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

pub use crate::demo::scene_files;

fn verify(paths: &[PathBuf]) -> ExitCode {
    let files = scene_files(paths);
    if files.is_empty() {
        eprintln!("tabula verify: no scene files found");
        return ExitCode::FAILURE;
    }
    let mut failed = 0;
    for file in &files {
        match SceneFile::load(file).and_then(|s| s.verify().map(|o| (s, o))) {
            Ok((scene, outcome)) => {
                let line = format!(
                    "ok    {}: {} ({} moves): {outcome}",
                    file.display(),
                    scene.scene.title,
                    scene.scene.moves.len()
                );
                if !emit([line]) {
                    break;
                }
            }
            Err(e) => {
                failed += 1;
                if !emit([format!("FAIL  {e}")]) {
                    break;
                }
            }
        }
    }
    if failed > 0 {
        eprintln!("tabula verify: {failed} of {} scenes failed", files.len());
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Writes lines to standard output. Returns false once the reader has gone away (as in
/// `tabula perft ... | head`): the command then ends quietly, as Unix tools do, instead of
/// panicking the way `println!` does on a closed pipe.
fn emit(lines: impl IntoIterator<Item = String>) -> bool {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let written = lines
        .into_iter()
        .try_for_each(|line| writeln!(out, "{line}"))
        .and_then(|()| out.flush());
    match written {
        Ok(()) => true,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => false,
        Err(e) => {
            eprintln!("tabula: writing to standard output: {e}");
            false
        }
    }
}

/// Reads a `--setup` value: a file, or the text itself with `;` between lines.
fn setup_text(value: &str) -> Result<String, String> {
    let path = Path::new(value);
    if path.exists() {
        std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
    } else if value.contains(':') {
        Ok(value.replace(';', "\n"))
    } else {
        Err(format!(
            "{value}: no such file (inline setups look like \"White men: E5; Black men: E7\")"
        ))
    }
}

fn perft(
    game: GameKind,
    depth: u32,
    setup: Option<String>,
    divide: bool,
    count: CountArg,
) -> ExitCode {
    let text = match setup.as_deref().map(setup_text).transpose() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("tabula perft: {e}");
            return ExitCode::FAILURE;
        }
    };
    let positions = count == CountArg::Positions;
    let report = match game {
        GameKind::War => match text {
            None => War::new(WarOptions::default()).map_err(|e| e.to_string()),
            Some(t) => War::from_setup_text(&t, WarOptions::default()).map_err(|e| e.to_string()),
        }
        .map(|g| tabula_rules::perft::run_war(g, depth, positions, divide)),
        GameKind::Camelot => match text {
            None => Camelot::new(CamelotOptions::default()).map_err(|e| e.to_string()),
            Some(t) => {
                Camelot::from_setup_text(&t, CamelotOptions::default()).map_err(|e| e.to_string())
            }
        }
        .map(|g| tabula_rules::perft::run_camelot(g, depth, positions, divide)),
        GameKind::Transport => match text {
            None => Transport::new(TransportOptions::default()).map_err(|e| e.to_string()),
            Some(t) => Transport::from_setup_text(&t, TransportOptions::default())
                .map_err(|e| e.to_string()),
        }
        .map(|g| tabula_rules::perft::run_transport(g, depth, positions, divide)),
        GameKind::Screwball => match text {
            None => Screwball::new(ScrewballOptions::default()).map_err(|e| e.to_string()),
            Some(t) => Screwball::from_setup_text(&t, ScrewballOptions::default())
                .map_err(|e| e.to_string()),
        }
        .map(|g| tabula_rules::perft::run_screwball(g, depth, positions, divide)),
        GameKind::Fences => {
            Err("the fence race is played with a die; perft counts games without chance".into())
        }
    };
    match report {
        Ok(r) => {
            let divide = r.divide.iter().map(|(text, n)| format!("{text:<28} {n}"));
            emit(divide.chain([
                format!("perft {depth}: {}", r.total),
                format!(
                    "{:.0} nodes/s ({:.3} s)",
                    r.total as f64 / r.seconds.max(1e-9),
                    r.seconds
                ),
            ]));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tabula perft: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Sets up `app` (with its window and renderer, or headless on `MinimalPlugins`) for every
/// screen: the start screen, the five games and the demonstrations, starting on `start`.
/// With `view`, the 3D, the HUD and the start screen are drawn.
pub fn build(app: &mut App, start: Start, view: bool) {
    crate::tabletop::shared_plugins(app);
    app.add_plugins((
        crate::demo::logic,
        crate::screens::plugin,
        crate::menu::logic,
    ))
    .insert_resource(crate::screens::Opener(start_from_args));
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
            crate::tabletop::economise_on_software
                .run_if(state_changed::<crate::state::AtTable>)
                .run_if(in_state(crate::state::AtTable)),
        );
    }
    crate::games::install_all(app, view);
    app.add_plugins(crate::exhibit::plugin);
    if view {
        app.add_plugins(crate::exhibit::view);
    }
    if !app.world().contains_resource::<crate::menu::Menu>() {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() % 100_000)
            .unwrap_or(1);
        app.insert_resource(crate::menu::Menu::new(seed, crate::menu::find_demos()));
    }
    crate::screens::begin(app, start);
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

/// Opens the window on `start` (the start screen, or a game on the table) and runs until it
/// is closed: every screen after it opens in the same window. `volume` is `--volume`'s
/// per cent (default 100).
pub fn run_window(start: Start, frames: Option<u32>, volume: Option<u8>) -> ExitCode {
    if let Err(e) = crate::tabletop::display_available() {
        eprintln!("tabula: {e}");
        return ExitCode::from(2);
    }
    let title = match &start {
        Start::Table(game, _) => format!("Tabula — {}", game.kind().title()),
        _ => "Tabula".to_string(),
    };
    let mut app = App::new();
    crate::sound::quiet_device_search();
    crate::lite::add_plugins_building_on_cpu(
        &mut app,
        DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title,
                resolution: (1280u32, 720u32).into(),
                ..default()
            }),
            ..default()
        }),
    );
    if std::thread::available_parallelism().is_ok_and(|n| n.get() <= 2) {
        app.add_plugins(InLine);
    }
    if let Some(n) = frames {
        app.add_plugins(crate::probe::plugin(n));
    }
    build(&mut app, start, true);
    app.insert_resource(
        volume.map_or_else(crate::sound::Volume::default, crate::sound::Volume::percent),
    )
    .add_plugins(crate::sound::plugin);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
