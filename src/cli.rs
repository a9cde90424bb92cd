//! The command line: open the tabletop, verify scenes, count moves, take screenshots.

use crate::screens::Start;
use crate::screens::Viewing;
use crate::tabletop::TableGame;
use bevy::prelude::*;
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Arg, ArgAction, ArgMatches, Parser, Subcommand, ValueEnum, value_parser};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::OnceLock;
use tabula_rules::camelot::{Camelot, CamelotOptions};
use tabula_rules::fences::Fences;
use tabula_rules::options::{OptionKind, OptionSpec, Width};
use tabula_rules::registry::{self, GAMES, GameInfo, GameKind, GameOptions};
use tabula_rules::scene::SceneFile;
use tabula_rules::screwball::{Screwball, ScrewballOptions};
use tabula_rules::transport::{Transport, TransportOptions};
use tabula_rules::war::{War, WarOptions};

/// Tabula: five forgotten patented board games on a 3D table.
#[derive(Debug, Parser)]
#[command(name = "tabula", version, about)]
pub struct Cli {
    /// What to do; without a command, the tabletop opens on the Game of War.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// A game a command names: one of [`GAMES`], by its name on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameArg(pub GameKind);

impl Default for GameArg {
    /// The first game of the list, the Game of War.
    fn default() -> Self {
        GAME_ARGS[0]
    }
}

/// Every game, in the registry's order.
static GAME_ARGS: [GameArg; GAMES.len()] = {
    let mut all = [GameArg(GameKind::War); GAMES.len()];
    let mut i = 0;
    while i < GAMES.len() {
        all[i] = GameArg(GAMES[i].kind);
        i += 1;
    }
    all
};

impl ValueEnum for GameArg {
    fn value_variants<'a>() -> &'a [Self] {
        &GAME_ARGS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let game = registry::game(self.0);
        Some(PossibleValue::new(game.name).help(sentence(game.summary)))
    }
}

impl From<GameArg> for GameKind {
    fn from(g: GameArg) -> GameKind {
        g.0
    }
}

/// A help text as clap shows it: without its closing full stop.
fn sentence(text: &'static str) -> &'static str {
    text.strip_suffix('.').unwrap_or(text)
}

/// What perft counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CountArg {
    /// Every distinct path is a move.
    Paths,
    /// Moves that lead to the same position count once at each node.
    Positions,
}

/// The rules options given on the command line: every option of every game in [`GAMES`] is
/// a flag of `tabula play`, made from its [`OptionSpec`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RulesArgs {
    /// The options given, in the registry's order: the game, the option, and its texts as
    /// [`RulesOptions::get`](tabula_rules::options::RulesOptions::get) writes them (one
    /// empty text for a switch, one text a value of a repeated option).
    pub given: Vec<(&'static GameInfo, &'static OptionSpec, Vec<String>)>,
}

impl RulesArgs {
    /// Whether no rules option was given.
    pub fn is_empty(&self) -> bool {
        self.given.is_empty()
    }

    /// The options of `game` these arguments ask for; options of another game are refused,
    /// naming that game's flags.
    pub fn options(&self, game: GameKind) -> Result<GameOptions, String> {
        if let Some((owner, _, _)) = self.given.iter().find(|(g, _, _)| g.kind != game) {
            let flags: Vec<String> = owner.options.iter().map(OptionSpec::flag).collect();
            let (last, rest) = flags.split_last().expect("a game with options");
            return Err(format!(
                "{} and {last} are options of {}, not of {}",
                rest.join(", "),
                owner.noun,
                game.title()
            ));
        }
        let mut options = GameOptions::default_for(game);
        for (_, spec, texts) in &self.given {
            for text in texts {
                options.set(spec.name, text).map_err(|e| e.to_string())?;
            }
        }
        Ok(options)
    }
}

/// The value name `--help` shows for an option: its name in capitals, as `MOVE_TIME`.
fn value_name(name: &str) -> &'static str {
    static NAMES: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    NAMES
        .get_or_init(|| {
            GAMES
                .iter()
                .flat_map(|g| g.options)
                .map(|spec| {
                    let upper = spec.name.to_uppercase().replace('-', "_");
                    (spec.name, &*Box::leak(upper.into_boxed_str()))
                })
                .collect()
        })
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("VALUE", |(_, upper)| upper)
}

/// The flag of one rules option.
fn rules_arg(spec: &'static OptionSpec) -> Arg {
    let arg = Arg::new(spec.name)
        .long(spec.name)
        .help(sentence(spec.help));
    if spec.is_switch() {
        return arg.action(ArgAction::SetTrue);
    }
    let arg = arg.value_name(value_name(spec.name));
    match spec.kind {
        OptionKind::Repeated { .. } => arg
            .action(ArgAction::Append)
            .value_parser(value_parser!(u8)),
        OptionKind::Number {
            width: Width::U8, ..
        } => arg.action(ArgAction::Set).value_parser(value_parser!(u8)),
        OptionKind::Number {
            width: Width::U32, ..
        } => arg.action(ArgAction::Set).value_parser(value_parser!(u32)),
        OptionKind::Choice { values, noun: None } => {
            arg.action(ArgAction::Set)
                .value_parser(PossibleValuesParser::new(
                    values
                        .iter()
                        .map(|c| PossibleValue::new(c.name).help(sentence(c.help))),
                ))
        }
        OptionKind::Choice { .. } => arg
            .action(ArgAction::Set)
            .value_parser(move |text: &str| spec.choose(text).map(|c| c.name.to_string())),
        OptionKind::Number { .. } | OptionKind::Free | OptionKind::Switch { .. } => {
            arg.action(ArgAction::Set).value_parser(value_parser!(u64))
        }
    }
}

/// The texts given for one rules option.
fn given_texts(matches: &ArgMatches, spec: &OptionSpec) -> Vec<String> {
    fn texts<T: ToString + Clone + Send + Sync + 'static>(
        matches: &ArgMatches,
        id: &str,
    ) -> Vec<String> {
        matches
            .try_get_many::<T>(id)
            .ok()
            .flatten()
            .map(|values| values.map(ToString::to_string).collect())
            .unwrap_or_default()
    }
    match spec.kind {
        OptionKind::Switch { .. } => {
            if matches.try_get_one::<bool>(spec.name).ok().flatten() == Some(&true) {
                vec![String::new()]
            } else {
                Vec::new()
            }
        }
        OptionKind::Repeated { .. }
        | OptionKind::Number {
            width: Width::U8, ..
        } => texts::<u8>(matches, spec.name),
        OptionKind::Number {
            width: Width::U32, ..
        } => texts::<u32>(matches, spec.name),
        OptionKind::Choice { .. } => texts::<String>(matches, spec.name),
        OptionKind::Number { .. } | OptionKind::Free => texts::<u64>(matches, spec.name),
    }
}

impl clap::FromArgMatches for RulesArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let given = GAMES
            .iter()
            .flat_map(|game| game.options.iter().map(move |spec| (game, spec)))
            .filter_map(|(game, spec)| {
                let texts = given_texts(matches, spec);
                (!texts.is_empty()).then_some((game, spec, texts))
            })
            .collect();
        Ok(RulesArgs { given })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = RulesArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for RulesArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.args(GAMES.iter().flat_map(|game| game.options).map(rules_arg))
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        RulesArgs::augment_args(cmd)
    }
}

/// The opening of `game` with the options asked for; options of another game are refused.
pub fn opening(game: GameArg, rules: &RulesArgs) -> Result<TableGame, String> {
    let options = rules.options(game.0)?;
    options.cross_check().map_err(|e| e.to_string())?;
    match options {
        GameOptions::War(o) => War::new(o).map(TableGame::War).map_err(|e| e.to_string()),
        GameOptions::Camelot(o) => Camelot::new(o)
            .map(TableGame::Camelot)
            .map_err(|e| e.to_string()),
        GameOptions::Transport(o) => Transport::new(o)
            .map(TableGame::Transport)
            .map_err(|e| e.to_string()),
        GameOptions::Fences(o) => Fences::new(o)
            .map(TableGame::Fences)
            .map_err(|e| e.to_string()),
        GameOptions::Screwball(o) => Screwball::new(o)
            .map(TableGame::Screwball)
            .map_err(|e| e.to_string()),
    }
    .map_err(|e| format!("{}: {e}", registry::game(game.0).noun))
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

    /// How the window shows `table`; refuses more names than the game has players.
    pub fn viewing(&self, table: &TableGame) -> Result<Viewing, String> {
        let names = crate::playing::SeatNames::new(&table.player_labels(), &self.names)?;
        Ok(Viewing {
            view: self.view,
            follow_turn: self.follow_turn,
            spectator: self.spectator,
            spectator_window: self.spectator_window,
            save_to: self.save_to.clone(),
            frames: self.frames,
            names,
            demo: None,
        })
    }
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
    },
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
}

/// Runs the command line; returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None | Some(Command::Menu) => run_window(Start::Menu, None),
        Some(Command::Play(play)) => match play_start(&play) {
            Ok((start, frames)) => run_window(start, frames),
            Err(e) => {
                eprintln!("tabula play: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Demo {
            files,
            looping,
            speed,
            index,
            spectator_window,
        }) => match demo_start(&files, looping, speed, index, spectator_window) {
            Ok(start) => run_window(start, None),
            Err(e) => {
                eprintln!("tabula demo: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Verify { files }) => verify(&files),
        Some(Command::Perft {
            game,
            depth,
            setup,
            divide,
            count,
        }) => perft(game.into(), depth, setup, divide, count),
        Some(Command::Shot(request)) => crate::shot::run(request),
        Some(Command::Think(args)) => {
            engine_command("think", |out| tabula_ai::commands::think::run(&args, out))
        }
        Some(Command::Arena(args)) => {
            engine_command("arena", |out| tabula_ai::commands::arena::run(&args, out))
        }
        Some(Command::Engine(args)) => {
            engine_command("engine", |_| tabula_ai::commands::engine::run_stdio(&args))
        }
    }
}

/// What `tabula ARGS` opens in the window, for a screen change asked for inside it (the start
/// screen, a game, a demonstration); other commands are refused there.
pub fn start_from_args(args: &[String]) -> Result<Start, String> {
    let cli =
        Cli::try_parse_from(std::iter::once("tabula".to_string()).chain(args.iter().cloned()))
            .map_err(|e| e.to_string().lines().next().unwrap_or_default().to_string())?;
    match cli.command {
        None | Some(Command::Menu) => Ok(Start::Menu),
        Some(Command::Play(play)) => play_start(&play).map(|(start, _)| start),
        Some(Command::Demo {
            files,
            looping,
            speed,
            index,
            spectator_window,
        }) => demo_start(&files, looping, speed, index, spectator_window),
        Some(_) => Err("only the start screen, play and demo open in the window".into()),
    }
}

/// The game `tabula play` opens, and the frames to measure (`--frames`).
fn play_start(play: &PlayArgs) -> Result<(Start, Option<u32>), String> {
    let table = play.table()?;
    let viewing = play.viewing(&table)?;
    let frames = viewing.frames;
    Ok((Start::Table(table, viewing), frames))
}

/// The demonstration `tabula demo` opens.
fn demo_start(
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
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    app.add_plugins((
        crate::playing::plugin,
        crate::motion::plugin,
        crate::table::shared_plugin,
        crate::save::plugin,
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
            crate::tabletop::economise_on_software.run_if(state_changed::<crate::state::AtTable>),
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
    crate::screens::begin(app, start);
}

/// Opens the window on `start` (the start screen, or a game on the table) and runs until it
/// is closed: every screen after it opens in the same window.
pub fn run_window(start: Start, frames: Option<u32>) -> ExitCode {
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
    build(&mut app, start, true);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
