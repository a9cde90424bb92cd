//! `puzzles mine`: the engine plays a game against itself and writes the puzzles it finds
//! as a puzzle file, `DIR/<game>/mined.ron`, every puzzle verified by the rules before it
//! is written; `puzzles rate`: the same measures for puzzles posed elsewhere.

use crate::error::Error;
use crate::games::{AnyGame, bound_length, parse_kind};
use crate::puzzles::{MineSettings, mine, tactics};
use crate::with_game;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;
use tabula_rules::puzzle::{PuzzleBook, PuzzleText, Task, book_text};

/// Arguments of `puzzles`.
#[derive(Debug, Clone, clap::Args)]
pub struct PuzzlesArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: PuzzlesCommand,
}

/// The puzzle commands.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum PuzzlesCommand {
    /// Play the engine against itself and write the puzzles found (positions where one
    /// move wins the game or decisive material, or costs the leader of a race most).
    Mine(MineArgs),
    /// Measure the puzzles of a file as the miner would: each first move's margin over the
    /// best other move and the shallowest search that finds it (for puzzles posed in books).
    Rate(RateArgs),
}

/// Arguments of `puzzles rate`.
#[derive(Debug, Clone, clap::Args)]
pub struct RateArgs {
    /// The puzzle file.
    pub file: PathBuf,
    /// Positions of the confirming search (alpha-beta).
    #[arg(long, default_value_t = 200_000)]
    pub confirm_nodes: u64,
    /// Depth of the confirming search, in plies.
    #[arg(long, default_value_t = 9)]
    pub confirm_depth: u32,
}

/// Arguments of `puzzles mine`.
#[derive(Debug, Clone, clap::Args)]
pub struct MineArgs {
    /// The game.
    #[arg(value_parser = crate::games::game_names(), ignore_case = true)]
    pub game: String,
    /// Games the engine plays against itself, at most.
    #[arg(long, default_value_t = 40)]
    pub games: usize,
    /// The folder of puzzle files: the puzzles go to DIR/<game>/NAME.
    #[arg(long, value_name = "DIR", default_value = "puzzles")]
    pub out: PathBuf,
    /// The file's name in the game's folder.
    #[arg(long, value_name = "NAME", default_value = "mined.ron")]
    pub name: String,
    /// The game's options in RON.
    #[arg(long, value_name = "RON")]
    pub options: Option<String>,
    /// Seed of the games: the same seed and budgets give the same puzzles.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop once this many puzzles are found.
    #[arg(long)]
    pub want: Option<usize>,
    /// Stop after this many minutes.
    #[arg(long)]
    pub minutes: Option<f32>,
    /// Positions of the quick look at each position (alpha-beta).
    #[arg(long, default_value_t = 4_000)]
    pub scan_nodes: u64,
    /// Positions of the confirming search (alpha-beta).
    #[arg(long, default_value_t = 60_000)]
    pub confirm_nodes: u64,
    /// Depth of the confirming search, in plies.
    #[arg(long, default_value_t = 7)]
    pub confirm_depth: u32,
    /// How much worse the second-best move must score (expected result, 0 to 1).
    #[arg(long, default_value_t = 0.1)]
    pub min_margin: f32,
    /// The level both sides play at: easy, medium or hard.
    #[arg(long, default_value = "easy")]
    pub level: crate::Level,
    /// Print a line for each puzzle and each game.
    #[arg(long)]
    pub verbose: bool,
}

/// Runs a puzzle command, writing its report to `out`.
pub fn run(args: &PuzzlesArgs, out: &mut dyn Write) -> Result<(), Error> {
    match &args.command {
        PuzzlesCommand::Mine(mine) => run_mine(mine, out),
        PuzzlesCommand::Rate(rate) => run_rate(rate, out),
    }
}

/// `puzzles rate`: a line for each puzzle with the margin and rating the engine gives it.
fn run_rate(args: &RateArgs, out: &mut dyn Write) -> Result<(), Error> {
    let book = PuzzleBook::load(&args.file)?;
    let settings = MineSettings {
        confirm_nodes: args.confirm_nodes,
        confirm_depth: args.confirm_depth.max(1),
        ..MineSettings::default()
    };
    for puzzle in &book.puzzles {
        let win = puzzle.goal == Task::Wins;
        let start = puzzle.start();
        let measured = with_game!(&start, g, k => {
            let first = tabula_rules::Game::parse_move(g, &puzzle.solution[0])
                .map_err(|e| tabula_rules::GameError::Move {
                    number: 1,
                    text: puzzle.solution[0].clone(),
                    why: e.to_string(),
                })?;
            tactics::measure(g, &k, &settings, &first, win)
        });
        let line = match measured {
            Some((margin, rating)) => format!(
                "puzzle {} ({}): margin: Margin(depth: {}, by: {}, second: {:?}), \
                 rating: Rating(depth: {}, nodes: {})",
                puzzle.number,
                puzzle.title,
                margin.depth,
                margin.by,
                margin.second.unwrap_or_default(),
                rating.depth,
                rating.nodes
            ),
            None => format!("puzzle {} ({}): no other move", puzzle.number, puzzle.title),
        };
        writeln!(out, "{line}").map_err(Error::io("writing the report"))?;
    }
    Ok(())
}

/// The miner's settings from the command line.
fn settings(args: &MineArgs) -> MineSettings {
    MineSettings {
        games: args.games,
        seed: args.seed,
        want: args.want,
        time: args
            .minutes
            .map(|m| Duration::from_secs_f32(m.max(0.0) * 60.0)),
        scan_nodes: args.scan_nodes,
        confirm_nodes: args.confirm_nodes,
        confirm_depth: args.confirm_depth.max(1),
        min_margin: args.min_margin,
        level: args.level,
        ..MineSettings::default()
    }
}

/// `puzzles mine`.
fn run_mine(args: &MineArgs, out: &mut dyn Write) -> Result<(), Error> {
    let kind = parse_kind(&args.game)?;
    let mut start = AnyGame::new(kind, args.options.as_deref().unwrap_or(""), None)?;
    bound_length(&mut start);
    let settings = settings(args);
    let verbose = args.verbose;
    let mined = with_game!(&start, g, k => mine(g, &k, kind, &settings, |line| {
        if verbose {
            eprintln!("{line}");
        }
    }));
    let options = start.options_ron();
    let path = args.out.join(kind.name()).join(&args.name);
    let title = format!("{}: puzzles the engine found", kind.title());
    let mut command = format!("tabula puzzles mine {} --games {}", kind.name(), args.games);
    if let Some(want) = args.want {
        command += &format!(" --want {want}");
    }
    if let Some(minutes) = args.minutes {
        command += &format!(" --minutes {minutes}");
    }
    if let Some(options) = &args.options {
        command += &format!(" --options {options:?}");
    }
    let comments = vec![
        format!("Mined by `{command} --seed {}`.", args.seed),
        format!(
            "{} games, {} positions looked at, {:.0}s.",
            mined.games,
            mined.positions,
            mined.elapsed.as_secs_f32()
        ),
        if kind.info().chance {
            format!(
                "Both sides at {}; before each throw, every move measured by the rules: the \
                 steps it adds to the leader's way home, at least {}, in one slot.",
                args.level,
                MineSettings::default().min_way
            )
        } else {
            format!(
                "Both sides at {}; quick look {} positions to depth 4; confirmed by {} \
                 positions to depth {}; margin at least {}.",
                args.level,
                args.scan_nodes,
                args.confirm_nodes,
                args.confirm_depth,
                args.min_margin
            )
        },
    ];
    let mut kept: Vec<PuzzleText> = Vec::new();
    let mut refused = 0;
    for puzzle in mined.puzzles {
        let one = book_text(&title, kind, &options, &[], std::slice::from_ref(&puzzle));
        match PuzzleBook::parse(&path, &one).and_then(|b| b.verify()) {
            Ok(()) => kept.push(puzzle),
            Err(e) => {
                refused += 1;
                writeln!(out, "refused: {e}").map_err(Error::io("writing the report"))?;
            }
        }
    }
    kept.sort_by_key(|p| (p.rating.stars(), p.rating.depth, p.rating.nodes));
    if kept.is_empty() {
        writeln!(out, "no puzzle found in {} games", mined.games)
            .map_err(Error::io("writing the report"))?;
        return Ok(());
    }
    let text = book_text(&title, kind, &options, &comments, &kept);
    PuzzleBook::parse(&path, &text)?.verify()?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(Error::io(format!("creating {}", dir.display())))?;
    }
    std::fs::write(&path, text).map_err(Error::io(format!("writing {}", path.display())))?;
    writeln!(
        out,
        "{} puzzles from {} games ({} positions, {:.0}s) written to {}{}",
        kept.len(),
        mined.games,
        mined.positions,
        mined.elapsed.as_secs_f32(),
        path.display(),
        if refused > 0 {
            format!("; {refused} refused by the rules")
        } else {
            String::new()
        }
    )
    .map_err(Error::io("writing the report"))?;
    Ok(())
}
