//! The puzzles shipped with Tabula: for each game, the puzzle files (`.ron`, by name) of its
//! folder under `puzzles/`, found in the working folder, beside the program (up to four
//! folders up) or in the source tree it was built from; their puzzles numbered in order.

use std::path::{Path, PathBuf};
use tabula_rules::puzzle::{Puzzle, PuzzleBook};
use tabula_rules::registry::GameKind;

/// A game's puzzles, numbered from 1 across its files, each with its key in the player's
/// progress.
#[derive(Debug, Clone)]
pub struct Shelf {
    /// The game.
    pub game: GameKind,
    /// The puzzles in order, each with its key (`game/file#number`).
    pub puzzles: Vec<(String, Puzzle)>,
}

/// The folder the puzzles are in, if one is found.
pub fn puzzles_root() -> Option<PathBuf> {
    let mut roots = vec![PathBuf::from("puzzles")];
    if let Ok(exe) = std::env::current_exe() {
        roots.extend(exe.ancestors().skip(1).take(4).map(|d| d.join("puzzles")));
    }
    roots.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles"));
    roots.into_iter().find(|r| r.is_dir())
}

/// The puzzle files of `game` in `root`, by name.
fn files(root: &Path, game: GameKind) -> Vec<PathBuf> {
    let dir = root.join(game.name());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The puzzles of `game`, read; or why there are none.
pub fn load_shelf(game: GameKind) -> Result<Shelf, String> {
    let root = puzzles_root()
        .ok_or("no puzzles/ folder was found beside Tabula or in the working folder")?;
    let mut shelf = Shelf {
        game,
        puzzles: Vec::new(),
    };
    for path in files(&root, game) {
        let book = PuzzleBook::load(&path).map_err(|e| e.to_string())?;
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        for puzzle in book.puzzles {
            let key = format!("{}/{stem}#{}", game.name(), puzzle.number);
            shelf.puzzles.push((key, puzzle));
        }
    }
    if shelf.puzzles.is_empty() {
        return Err(format!(
            "no puzzles for {} in {}",
            game.title(),
            root.display()
        ));
    }
    Ok(shelf)
}
