//! `tabula-ai`: the engine's commands without the app: `think`, `arena`, `ladder`,
//! `engine` and `puzzles`.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use tabula_ai::commands::{arena, engine, ladder, puzzles, think};

/// Computer opponents for Tabula's games.
#[derive(Debug, Parser)]
#[command(name = "tabula-ai", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The engine's move in a position, with the expected results and the principal
    /// variation.
    Think(think::ThinkArgs),
    /// Games between two engines, with the score and its 95% interval.
    Arena(arena::ArenaArgs),
    /// A round robin between random play, the plain tree search and the levels, with Elo
    /// ratings and their 95% intervals.
    Ladder(ladder::LadderArgs),
    /// A line protocol on standard input and output (see docs/engine-protocol.md).
    Engine(engine::EngineArgs),
    /// Puzzles: `puzzles mine GAME` plays the engine against itself and writes the
    /// positions where one move stands out.
    Puzzles(puzzles::PuzzlesArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut stdout = std::io::stdout();
    let result = match &cli.command {
        Command::Think(args) => think::run(args, &mut stdout),
        Command::Arena(args) => arena::run(args, &mut stdout),
        Command::Ladder(args) => ladder::run(args, &mut stdout),
        Command::Engine(args) => engine::run_stdio(args),
        Command::Puzzles(args) => puzzles::run(args, &mut stdout),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tabula-ai: {e}");
            ExitCode::FAILURE
        }
    }
}
