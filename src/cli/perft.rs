//! The command line's tools that open no window: `tabula verify` replays scene files
//! headless, `tabula perft` counts move sequences.

use crate::screens::demo::playlist::scene_files;
use clap::ValueEnum;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tabula_rules::registry::{GameKind, GameOptions};
use tabula_rules::scene::SceneFile;

/// What perft counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CountArg {
    /// Every distinct path is a move.
    Paths,
    /// Moves that lead to the same position count once at each node.
    Positions,
}

/// Replays each scene file (folders give the files they hold) and checks it reaches its
/// expected outcome; a lesson file (`Lesson(...)`) is checked by the rules crate's lesson
/// checker, and a puzzle file (`Puzzles(...)`) by its puzzle checker.
pub(crate) fn verify(paths: &[PathBuf]) -> ExitCode {
    let files = scene_files(paths);
    if files.is_empty() {
        eprintln!("tabula verify: no scene files found");
        return ExitCode::FAILURE;
    }
    let mut failed = 0;
    for file in &files {
        let checked = if tabula_rules::puzzle::is_puzzle_file(file) {
            tabula_rules::puzzle::PuzzleBook::load(file)
                .and_then(|b| b.verify().map(|()| b))
                .map(|book| format!("{} ({})", book.title, count(book.puzzles.len(), "puzzle")))
                .map_err(|e| e.to_string())
        } else if tabula_rules::lesson::is_lesson_file(file) {
            tabula_rules::lesson::Lesson::load(file)
                .and_then(|l| l.verify().map(|()| l))
                .map(|lesson| format!("{} ({})", lesson.title, count(lesson.steps.len(), "step")))
                .map_err(|e| e.to_string())
        } else {
            SceneFile::load(file)
                .and_then(|s| s.verify().map(|o| (s, o)))
                .map(|(scene, outcome)| {
                    let moves = count(scene.scene.moves.len(), "move");
                    format!("{} ({moves}): {outcome}", scene.scene.title)
                })
                .map_err(|e| e.to_string())
        };
        let line = match checked {
            Ok(what) => format!("ok    {}: {what}", file.display()),
            Err(e) => {
                failed += 1;
                format!("FAIL  {e}")
            }
        };
        if !emit([line]) {
            break;
        }
    }
    if failed > 0 {
        eprintln!("tabula verify: {failed} of {} files failed", files.len());
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// `n` things, as words: "1 move", "25 moves".
fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
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

/// Counts the move sequences of `depth` moves of `game` from its opening or a setup.
pub(crate) fn perft(
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
    let report = tabula_rules::AnyGame::with_setup(GameOptions::default_for(game), text.as_deref())
        .map_err(|e| e.to_string())
        .and_then(|g| {
            tabula_rules::perft::run_any(g, depth, positions, divide).map_err(|e| e.to_string())
        });
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
