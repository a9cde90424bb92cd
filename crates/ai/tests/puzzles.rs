//! Mining puzzles: a few Screwball games of the engine against itself give puzzles that the
//! rules verify once written, each first move the confirming search's choice by the recorded
//! margin; a shipped fence-race puzzle is found again at its position with the same answer
//! and margin; a shipped Game of War puzzle is found again by the same settings.

use std::path::{Path, PathBuf};
use tabula_ai::knowledge::Knows;
use tabula_ai::puzzles::{MineSettings, mine, tactics, way};
use tabula_rules::puzzle::{PuzzleBook, Task, book_text};
use tabula_rules::{AnyGame, GameKind};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn small() -> MineSettings {
    MineSettings {
        games: 3,
        want: Some(2),
        scan_nodes: 2_000,
        confirm_nodes: 10_000,
        confirm_depth: 4,
        ..MineSettings::default()
    }
}

#[test]
fn mined_puzzles_verify_once_written() {
    let kind = GameKind::Screwball;
    let start = AnyGame::new(kind, "", None).unwrap();
    let settings = small();
    let mut heard = 0;
    let mined = tabula_ai::with_game!(&start, g, k => mine(g, &k, kind, &settings, |_| heard += 1));
    assert!(
        !mined.puzzles.is_empty(),
        "{} games gave no puzzle",
        mined.games
    );
    assert!(mined.puzzles.len() <= 2);
    assert!(heard >= mined.puzzles.len());
    for puzzle in &mined.puzzles {
        assert!(puzzle.margin.by >= settings.min_margin, "{puzzle:?}");
        assert!(puzzle.margin.second.as_deref() != Some(puzzle.solution[0].as_str()));
        assert!(
            (1..=settings.confirm_depth).contains(&puzzle.rating.depth),
            "{puzzle:?}"
        );
        assert!(
            puzzle
                .source
                .as_deref()
                .is_some_and(|s| s.contains("seed 0")),
            "{puzzle:?}"
        );
    }
    let text = book_text("mined", kind, &start.options_ron(), &[], &mined.puzzles);
    let book = PuzzleBook::parse(Path::new("mined.ron"), &text).unwrap_or_else(|e| panic!("{e}"));
    book.verify().unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_shipped_fence_puzzle_is_found_again_at_its_position() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("puzzles/fences"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let book = PuzzleBook::load(&files[0]).unwrap_or_else(|e| panic!("{e}"));
    let puzzle = &book.puzzles[0];
    let Task::LengthensBy { player, n } = &puzzle.goal else {
        panic!("a way-home goal: {:?}", puzzle.goal)
    };
    let start = puzzle.start();
    let found = tabula_rules::with_game!(&start, g => way::find(g, &MineSettings::default()))
        .expect("the puzzle is found again");
    assert_eq!(found.solution, puzzle.solution);
    assert_eq!(
        found.goal,
        Task::LengthensBy {
            player: player.clone(),
            n: *n
        }
    );
    assert_eq!(found.margin, puzzle.margin);
}

#[test]
fn a_shipped_war_puzzle_is_found_again_by_the_same_settings() {
    let book = PuzzleBook::load(&root().join("puzzles/war/mined.ron")).unwrap();
    // The easiest first: a short search finds it.
    let puzzle = &book.puzzles[0];
    let start = puzzle.start();
    let found = tabula_rules::with_game!(&start, g => {
        let knowledge = g.knowledge();
        tactics::find(g, &knowledge, &MineSettings::default())
    })
    .expect("the puzzle is found again");
    assert_eq!(found.solution[0], puzzle.solution[0]);
    assert_eq!(found.goal, puzzle.goal);
}
