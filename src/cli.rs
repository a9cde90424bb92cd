//! The command line: open the tabletop, verify scenes, count moves, take screenshots.

use crate::tabletop::{TableGame, Viewing, run_window};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tabula_rules::camelot::{Camelot, CamelotOptions, RuleSet};
use tabula_rules::fences::{Fences, FencesOptions};
use tabula_rules::scene::{GameKind, SceneFile};
use tabula_rules::screwball::{Screwball, ScrewballOptions};
use tabula_rules::transport::{Mode, PlanePassing, Transport, TransportOptions};
use tabula_rules::war::{CitadelWin, NoMove, Offered, Side, War, WarOptions};

/// Tabula: five forgotten patented board games on a 3D table.
#[derive(Debug, Parser)]
#[command(name = "tabula", version, about)]
pub struct Cli {
    /// What to do; without a command, the tabletop opens on the Game of War.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The games a command can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum GameArg {
    /// Hudson Maxim's Game of War (1910).
    #[default]
    War,
    /// Parker's Camelot (1930).
    Camelot,
    /// Paschal's naval game (1947).
    Transport,
    /// Magee's fence race (1962).
    Fences,
    /// Dubay's Screwball Checkers (1946).
    Screwball,
}

impl From<GameArg> for GameKind {
    fn from(g: GameArg) -> GameKind {
        match g {
            GameArg::War => GameKind::War,
            GameArg::Camelot => GameKind::Camelot,
            GameArg::Transport => GameKind::Transport,
            GameArg::Fences => GameKind::Fences,
            GameArg::Screwball => GameKind::Screwball,
        }
    }
}

/// What perft counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CountArg {
    /// Every distinct path is a move.
    Paths,
    /// Moves that lead to the same position count once at each node.
    Positions,
}

/// Rules options of the Game of War on the command line.
#[derive(Debug, Clone, clap::Args, Default)]
pub struct WarArgs {
    /// Who moves first.
    #[arg(long, value_parser = parse_side)]
    pub first: Option<Side>,
    /// Win in the enemy citadel only after the opponent's reply (the book's letter),
    /// instead of as soon as he has no capture of the piece.
    #[arg(long)]
    pub citadel_after_reply: bool,
    /// A player with no legal move draws instead of losing.
    #[arg(long)]
    pub no_move_draws: bool,
    /// Moves each side may still make after a third repetition (0 turns the rule off).
    #[arg(long)]
    pub repetition_grace: Option<u32>,
    /// Seconds allowed per move (the book's Law XI); off by default.
    #[arg(long)]
    pub move_time: Option<u32>,
    /// Which enemy troops are offered (and so must be taken): any diagonally in front of a
    /// troop (default), or only one that troop can jump.
    #[arg(long, value_enum)]
    pub offered: Option<OfferedArg>,
}

/// What "offered" means on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OfferedArg {
    /// Any enemy troop diagonally in front of one of your troops.
    Diagonal,
    /// Only an enemy troop that can be jumped (the square beyond is empty).
    Jumpable,
}

impl WarArgs {
    /// The rules options these arguments ask for.
    pub fn options(&self) -> WarOptions {
        let mut o = WarOptions::default();
        if let Some(first) = self.first {
            o.first = first;
        }
        if self.citadel_after_reply {
            o.citadel_win = CitadelWin::AfterReply;
        }
        if self.no_move_draws {
            o.no_move = NoMove::Draw;
        }
        if let Some(g) = self.repetition_grace {
            o.repetition_grace = (g > 0).then_some(g);
        }
        o.move_time_limit = self.move_time.filter(|t| *t > 0);
        if let Some(offered) = self.offered {
            o.offered = match offered {
                OfferedArg::Diagonal => Offered::Diagonal,
                OfferedArg::Jumpable => Offered::Jumpable,
            };
        }
        o
    }
}

fn parse_side(s: &str) -> Result<Side, String> {
    Side::parse(s).ok_or_else(|| format!("unknown side {s:?}: use red or blue"))
}

/// Rules options of Camelot on the command line.
#[derive(Debug, Clone, clap::Args, Default)]
pub struct CamelotArgs {
    /// Which rules: the World Camelot Federation's (default) or the 1930 patent's.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    /// WCF: castle moves each player may make in a game.
    #[arg(long)]
    pub castle_moves: Option<u8>,
    /// WCF: moves each without a capture or castle entry before a draw (0 turns it off).
    #[arg(long)]
    pub quiet_moves: Option<u32>,
}

/// Camelot's rule sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// The World Camelot Federation's rules.
    Wcf,
    /// Parker's 1930 patent.
    Parker1930,
}

impl CamelotArgs {
    /// The rules options these arguments ask for.
    pub fn options(&self) -> CamelotOptions {
        let mut o = CamelotOptions::default();
        if let Some(rules) = self.rules {
            o.rules = match rules {
                RulesArg::Wcf => RuleSet::Wcf,
                RulesArg::Parker1930 => RuleSet::Parker1930,
            };
        }
        if let Some(n) = self.castle_moves {
            o.castle_move_limit = n;
        }
        if let Some(n) = self.quiet_moves {
            o.no_progress_moves = (n > 0).then_some(n);
        }
        o
    }

    fn is_set(&self) -> bool {
        self.rules.is_some() || self.castle_moves.is_some() || self.quiet_moves.is_some()
    }
}

impl WarArgs {
    fn is_set(&self) -> bool {
        self.first.is_some()
            || self.citadel_after_reply
            || self.no_move_draws
            || self.repetition_grace.is_some()
            || self.move_time.is_some()
            || self.offered.is_some()
    }
}

/// The opening of `game` with the options asked for; options of another game are refused.
pub fn opening(game: GameArg, rules: &RulesArgs) -> Result<TableGame, String> {
    let kind = GameKind::from(game);
    let foreign = [
        (
            GameArg::War,
            rules.war.is_set(),
            "--first, --citadel-after-reply, --no-move-draws, --repetition-grace and --move-time are options of the Game of War",
        ),
        (
            GameArg::Camelot,
            rules.camelot.is_set(),
            "--rules, --castle-moves and --quiet-moves are options of Camelot",
        ),
        (
            GameArg::Fences,
            rules.fences.is_set(),
            "--players, --seed, --size, --chance-cards and --play-for-places are options of the fence race",
        ),
        (
            GameArg::Screwball,
            rules.screwball.is_set(),
            "--large, --small and --no-move-passes are options of Screwball Checkers",
        ),
        (
            GameArg::Transport,
            rules.transport.is_set(),
            "--mode, --board and --handicap are options of Transport",
        ),
    ];
    for (owner, set, what) in foreign {
        if set && owner != game {
            return Err(format!("{what}, not of {}", kind.title()));
        }
    }
    match game {
        GameArg::War => War::new(rules.war.options())
            .map(TableGame::War)
            .map_err(|e| format!("the Game of War: {e}")),
        GameArg::Camelot => Camelot::new(rules.camelot.options())
            .map(TableGame::Camelot)
            .map_err(|e| format!("Camelot: {e}")),
        GameArg::Fences => Fences::new(rules.fences.options())
            .map(TableGame::Fences)
            .map_err(|e| format!("the fence race: {e}")),
        GameArg::Screwball => Screwball::new(rules.screwball.options())
            .map(TableGame::Screwball)
            .map_err(|e| format!("Screwball: {e}")),
        GameArg::Transport => {
            let options = rules.transport.options();
            if let Some(f) = options
                .handicapped
                .iter()
                .find(|f| !(1..=options.mode.fleets()).contains(*f))
            {
                return Err(format!(
                    "--handicap {f}: the fleets are numbered 1 to {}",
                    options.mode.fleets()
                ));
            }
            Transport::new(options)
                .map(TableGame::Transport)
                .map_err(|e| format!("Transport: {e}"))
        }
    }
}

/// Rules options of the fence race on the command line.
#[derive(Debug, Clone, clap::Args, Default)]
pub struct FencesArgs {
    /// Players, 2 to 4.
    #[arg(long)]
    pub players: Option<u8>,
    /// Seed of the die (and of the chance cards); the same seed gives the same throws.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Spaces per side of the field: odd, 9 to 25 (default 13).
    #[arg(long)]
    pub size: Option<u8>,
    /// A player may draw a chance card instead of throwing.
    #[arg(long)]
    pub chance_cards: bool,
    /// After the first pawn is home, the others play on for places.
    #[arg(long)]
    pub play_for_places: bool,
    /// Keep home's four entrances open: no fence may stand in them (by default one may).
    #[arg(long)]
    pub open_entrances: bool,
}

impl FencesArgs {
    /// The rules options these arguments ask for.
    pub fn options(&self) -> FencesOptions {
        let mut o = FencesOptions::default();
        if let Some(n) = self.players {
            o.players = n;
        }
        if let Some(seed) = self.seed {
            o.seed = seed;
        }
        if let Some(size) = self.size {
            o.size = size;
        }
        o.chance_cards = self.chance_cards;
        o.play_for_places = self.play_for_places;
        o.entrance_fences = !self.open_entrances;
        o
    }

    fn is_set(&self) -> bool {
        self.players.is_some()
            || self.seed.is_some()
            || self.size.is_some()
            || self.chance_cards
            || self.play_for_places
            || self.open_entrances
    }
}

/// Rules options of Screwball Checkers on the command line.
#[derive(Debug, Clone, clap::Args, Default)]
pub struct ScrewballArgs {
    /// Large pieces each player owns (default 18).
    #[arg(long)]
    pub large: Option<u8>,
    /// Small pieces each player owns (default 6).
    #[arg(long)]
    pub small: Option<u8>,
    /// A player who cannot move passes (default: he enters a reserve piece).
    #[arg(long)]
    pub no_move_passes: bool,
    /// Penalty and entered pieces go only where they can move (default: on any vacant square
    /// of their size, dead at once where they never could).
    #[arg(long)]
    pub place_only_where_playable: bool,
}

impl ScrewballArgs {
    /// The rules options these arguments ask for.
    pub fn options(&self) -> ScrewballOptions {
        let mut o = ScrewballOptions::default();
        if let Some(n) = self.large {
            o.large = n;
        }
        if let Some(n) = self.small {
            o.small = n;
        }
        if self.no_move_passes {
            o.no_move = tabula_rules::screwball::game::NoMove::Pass;
        }
        o.place_only_where_playable = self.place_only_where_playable;
        o
    }

    fn is_set(&self) -> bool {
        self.large.is_some()
            || self.small.is_some()
            || self.no_move_passes
            || self.place_only_where_playable
    }
}

/// Rules options of Transport on the command line.
#[derive(Debug, Clone, clap::Args, Default)]
pub struct TransportArgs {
    /// Two fleets, two teams of two, or the four-fleet battle royal.
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    /// Squares per side of the board: odd, 9 to 25, or 8 for two fleets; two teams need 11 or
    /// more (default 11).
    #[arg(long)]
    pub board: Option<u8>,
    /// A handicap: this fleet (1-4) starts with one plane, shell and torpedo fewer.
    #[arg(long)]
    pub handicap: Vec<u8>,
    /// Which enemy shells and planes bar a plane's two-square flight: those pointed head-on
    /// at it (default), or those pointed along its line either way.
    #[arg(long, value_enum)]
    pub plane_passing: Option<PlanePassingArg>,
    /// A torpedo may be launched so that it runs straight off the board (it goes back to
    /// reserve at once); by default that launch is refused.
    #[arg(long)]
    pub torpedo_off_board: bool,
    /// The transport carries the red dot: it fires shells from its fleet's reserve.
    #[arg(long)]
    pub armed_transport: bool,
}

/// Which shells and planes bar a plane's flight, on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlanePassingArg {
    /// Pointed head-on at the plane.
    HeadOn,
    /// Pointed along its line of flight, either way.
    AlongFlight,
}

/// Transport's modes on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    /// Two fleets.
    Two,
    /// Four fleets in two teams.
    Teams,
    /// Four fleets, each for itself.
    Royal,
}

impl TransportArgs {
    /// The rules options these arguments ask for.
    pub fn options(&self) -> TransportOptions {
        let mut o = TransportOptions::default();
        if let Some(mode) = self.mode {
            o.mode = match mode {
                ModeArg::Two => Mode::Two,
                ModeArg::Teams => Mode::Teams,
                ModeArg::Royal => Mode::Royal,
            };
        }
        if let Some(n) = self.board {
            o.size = n;
        }
        o.handicapped.clone_from(&self.handicap);
        if let Some(passing) = self.plane_passing {
            o.plane_passing = match passing {
                PlanePassingArg::HeadOn => PlanePassing::HeadOn,
                PlanePassingArg::AlongFlight => PlanePassing::AlongFlight,
            };
        }
        o.torpedo_launch_off_board = self.torpedo_off_board;
        o.armed_transport = self.armed_transport;
        o
    }

    fn is_set(&self) -> bool {
        self.mode.is_some()
            || self.board.is_some()
            || !self.handicap.is_empty()
            || self.plane_passing.is_some()
            || self.torpedo_off_board
            || self.armed_transport
    }
}

/// The rules options given on the command line, one group per game.
#[derive(Debug, Clone, Default)]
pub struct RulesArgs {
    /// The Game of War's.
    pub war: WarArgs,
    /// Camelot's.
    pub camelot: CamelotArgs,
    /// The fence race's.
    pub fences: FencesArgs,
    /// Screwball's.
    pub screwball: ScrewballArgs,
    /// Transport's.
    pub transport: TransportArgs,
}

/// What `tabula play` takes: the game, its rules options, and how the window shows it.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PlayArgs {
    /// Which game.
    #[arg(value_enum, default_value = "war")]
    pub game: GameArg,
    /// Rules options of the Game of War.
    #[command(flatten)]
    pub war: WarArgs,
    /// Rules options of Camelot.
    #[command(flatten)]
    pub camelot: CamelotArgs,
    /// Rules options of the fence race.
    #[command(flatten)]
    pub fences: FencesArgs,
    /// Rules options of Screwball Checkers.
    #[command(flatten)]
    pub screwball: ScrewballArgs,
    /// Rules options of Transport.
    #[command(flatten)]
    pub transport: TransportArgs,
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
    /// The rules options asked for, one group per game.
    pub fn rules(&self) -> RulesArgs {
        RulesArgs {
            war: self.war.clone(),
            camelot: self.camelot.clone(),
            fences: self.fences.clone(),
            screwball: self.screwball.clone(),
            transport: self.transport.clone(),
        }
    }

    /// The game these arguments open: the opening with the options asked for, or a scene's
    /// position.
    pub fn table(&self) -> Result<TableGame, String> {
        let rules = self.rules();
        match &self.scene {
            None => opening(self.game, &rules),
            Some(path) => {
                if rules.war.is_set()
                    || rules.camelot.is_set()
                    || rules.fences.is_set()
                    || rules.screwball.is_set()
                    || rules.transport.is_set()
                {
                    Err(format!(
                        "{}: a scene brings its own rules options; drop the option flags",
                        path.display()
                    ))
                } else {
                    TableGame::from_scene(path, self.at)
                }
            }
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
        None | Some(Command::Menu) => crate::menu::run_window(),
        Some(Command::Play(play)) => match play.table() {
            Ok(table) => {
                let viewing = play.viewing(&table);
                match viewing {
                    Ok(viewing) => run_window(table, viewing),
                    Err(e) => {
                        eprintln!("tabula play: {e}");
                        ExitCode::from(2)
                    }
                }
            }
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
        }) => demo(&files, looping, speed, index, spectator_window),
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

fn demo(files: &[PathBuf], looping: bool, speed: f32, index: usize, window: bool) -> ExitCode {
    if !(speed.is_finite() && (0.25..=8.0).contains(&speed)) {
        eprintln!("tabula demo: --speed {speed}: use 0.25 to 8");
        return ExitCode::from(2);
    }
    let prepared = crate::demo::load_playlist(files)
        .and_then(|playlist| crate::demo::prepare(playlist, index));
    match prepared {
        Ok((table, mut show)) => {
            show.looping = looping;
            show.speed = speed;
            run_window(
                table,
                Viewing {
                    view: crate::camera::View::Side,
                    spectator: true,
                    spectator_window: window,
                    demo: Some(show),
                    ..Viewing::default()
                },
            )
        }
        Err(e) => {
            eprintln!("tabula demo: {e}");
            ExitCode::from(2)
        }
    }
}

/// Expands folders into the scene files (`.ron`) they hold, sorted.
pub fn scene_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut inner: Vec<PathBuf> = std::fs::read_dir(path)
                .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
                .unwrap_or_default();
            inner.sort();
            let (dirs, files): (Vec<_>, Vec<_>) = inner.into_iter().partition(|p| p.is_dir());
            out.extend(
                files
                    .into_iter()
                    .filter(|p| p.extension().is_some_and(|e| e == "ron")),
            );
            out.extend(scene_files(&dirs));
        } else {
            out.push(path.clone());
        }
    }
    out
}

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
