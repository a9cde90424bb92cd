//! Every shipped puzzle under puzzles/ loads and verifies without the engine (its solution
//! legal, its goal met at the end of the line, its margin and rating recorded); each game has
//! its puzzles; Maxim's Problem I is solved by the book's line and missed by another; broken
//! puzzle files are refused with the file, line and field named; a written book reads back.

#[allow(dead_code)]
mod common;

use std::path::{Path, PathBuf};
use tabula_rules::puzzle::{
    Margin, PuzzleBook, PuzzleError, PuzzleText, Rating, Task, Verdict, book_text, is_puzzle_text,
};
use tabula_rules::scene::{ReadError, SceneSetup};
use tabula_rules::{Game, GameKind};

fn root() -> PathBuf {
    common::crate_dir().join("../..")
}

fn puzzle_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            puzzle_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "ron") {
            out.push(path);
        }
    }
}

fn shipped() -> Vec<PuzzleBook> {
    let mut files = Vec::new();
    puzzle_files(&root().join("puzzles"), &mut files);
    files.sort();
    files
        .iter()
        .map(|f| PuzzleBook::load(f).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

const PROBLEM_I: &str = "Red: K at KF2, M at GF2, C at GF8, T at GH3, T at GM4, F on station, F on station\\nBlue: K at G2, G at KF5, F at KF2, F at GF2, T at GC4, T at GH3, T at GM5\\nRed to move";

/// A book of one War puzzle at Problem I's position, with the given goal, solution and
/// margin written in RON.
fn problem_i(goal: &str, solution: &str, margin: &str) -> String {
    format!(
        "Puzzles(\n    title: \"t\",\n    game: War,\n    puzzles: [\n        Puzzle(\n            \
         setup: Position(\"{PROBLEM_I}\"),\n            goal: {goal},\n            \
         solution: [{solution}],\n            margin: {margin},\n            \
         rating: Rating(depth: 5, nodes: 900),\n        ),\n    ],\n)\n"
    )
}

const BOOK_LINE: &str = r#""M to K2", "G to G3", "M to Citadel", "K takes M", "C takes K""#;

fn refused(text: &str) -> PuzzleError {
    PuzzleBook::parse(Path::new("bad.ron"), text)
        .and_then(|b| b.verify())
        .expect_err("a broken book is refused")
}

#[test]
fn every_shipped_puzzle_verifies() {
    let books = shipped();
    for book in &books {
        book.verify().unwrap_or_else(|e| panic!("{e}"));
        let folder = book.path.parent().and_then(Path::file_name).unwrap();
        assert_eq!(
            folder.to_str(),
            Some(book.game.info().name),
            "{}: a book lives in its game's folder",
            book.path.display()
        );
        let text = std::fs::read_to_string(&book.path).unwrap();
        assert!(is_puzzle_text(&text), "{}", book.path.display());
    }
    for kind in GameKind::ALL {
        let count: usize = books
            .iter()
            .filter(|b| b.game == kind)
            .map(|b| b.puzzles.len())
            .sum();
        assert!(count >= 100, "{}: {count} puzzles", kind.title());
    }
}

#[test]
fn problem_i_is_solved_by_the_books_line_and_missed_by_another() {
    let book = PuzzleBook::load(&root().join("puzzles/war/maxim.ron")).unwrap();
    let problem = &book.puzzles[0];
    assert_eq!(problem.goal, Task::Wins);
    assert_eq!(problem.goal_text(), "Red to play and win");
    let end = problem.play_line(&problem.solution).unwrap();
    assert!(end.met);
    // The cannon takes the king at once: a capture, but the game goes on.
    let line = vec!["C takes K".to_string()];
    let end = problem.play_line(&line).unwrap();
    assert!(!end.met);
    assert_eq!(end.gained, 1);
}

#[test]
fn a_solution_that_is_not_legal_is_named_by_its_move_and_line() {
    let text = problem_i(
        "Wins",
        r#""M to K2", "G to G3", "H to F3""#,
        "Margin(depth: 6, by: 0.2)",
    );
    let e = refused(&text);
    let message = e.to_string();
    assert!(
        matches!(&e, PuzzleError::Puzzle { field, line: 8, number: 1, .. } if field == "solution[2]"),
        "{message}"
    );
    assert!(message.starts_with("bad.ron:8: puzzle 1"), "{message}");
    assert!(message.contains("\"H to F3\""), "{message}");
}

#[test]
fn a_line_that_misses_the_goal_is_refused() {
    let text = problem_i(
        "Wins",
        r#""M to K2", "G to G3""#,
        "Margin(depth: 6, by: 0.2)",
    );
    let e = refused(&text);
    assert!(
        matches!(&e, PuzzleError::Puzzle { field, .. } if field == "solution"),
        "{e}"
    );
    assert!(e.to_string().contains("without meeting the goal"), "{e}");
    let text = problem_i("CapturesAtLeast(2)", BOOK_LINE, "Margin(depth: 6, by: 0.2)");
    // The book's line takes the king with the cannon after losing the mortar: one each.
    let e = refused(&text);
    assert!(e.to_string().contains("0 pieces gained"), "{e}");
}

#[test]
fn goals_margins_and_ratings_that_cannot_be_are_refused_by_field() {
    for (goal, margin, field) in [
        ("Moves([\"M to K2\"])", "Margin(depth: 6, by: 0.2)", "goal"),
        ("CapturesAtLeast(0)", "Margin(depth: 6, by: 0.2)", "goal"),
        (
            "LengthensBy(player: \"Blue\", n: 2)",
            "Margin(depth: 6, by: 0.2)",
            "goal",
        ),
        ("Wins", "Margin(depth: 0, by: 0.2)", "margin.depth"),
        ("Wins", "Margin(depth: 6, by: -0.1)", "margin.by"),
        (
            "Wins",
            "Margin(depth: 6, by: 0.2, second: \"M to K2\")",
            "margin.second",
        ),
        (
            "Wins",
            "Margin(depth: 6, by: 0.2, second: \"H to F3\")",
            "margin.second",
        ),
    ] {
        let e = refused(&problem_i(goal, BOOK_LINE, margin));
        assert!(
            matches!(&e, PuzzleError::Puzzle { field: f, .. } if f == field),
            "{goal} {margin}: {e}"
        );
    }
}

#[test]
fn broken_books_are_refused_with_their_line() {
    let e = refused("Puzzles(format: 9, title: \"t\", game: War, puzzles: [])");
    assert!(
        matches!(e, PuzzleError::Read(ReadError::Newer { format: 9, .. })),
        "{e}"
    );
    let e = refused("Puzzles(\n  title: \"t\",\n  game: War,\n  puzzles: [],\n)");
    assert!(
        matches!(
            e,
            PuzzleError::Book {
                field: "puzzles",
                line: 4,
                ..
            }
        ),
        "{e}"
    );
    let e = refused("Puzzles(\n  title: \"t\",\n  game: War,\n  puzles: [],\n)");
    assert!(
        matches!(e, PuzzleError::Read(ReadError::Format { line: 4, .. })),
        "{e}"
    );
    assert!(e.to_string().contains("puzles"), "{e}");
    let e = refused(
        "Puzzles(\n  title: \"t\",\n  game: War,\n  options: (colour: Red),\n  puzzles: [],\n)",
    );
    assert!(
        matches!(
            e,
            PuzzleError::Book {
                field: "options",
                line: 4,
                ..
            }
        ),
        "{e}"
    );
    let bad_setup = problem_i("Wins", BOOK_LINE, "Margin(depth: 6, by: 0.2)")
        .replace("T at GH3, T at GM4", "T at GH3, T at GH3");
    let e = refused(&bad_setup);
    assert!(
        matches!(&e, PuzzleError::Puzzle { field, line: 6, .. } if field == "setup"),
        "{e}"
    );
}

#[test]
fn a_written_book_reads_back_and_verifies() {
    let puzzle = PuzzleText {
        title: Some("Problem I".into()),
        source: Some("Maxim (1910)".into()),
        options: None,
        setup: SceneSetup::Position(PROBLEM_I.replace("\\n", "\n")),
        moves: Vec::new(),
        goal: Task::Wins,
        solution: BOOK_LINE
            .split(", ")
            .map(|m| m.trim_matches('"').to_string())
            .collect(),
        margin: Margin {
            depth: 6,
            by: 0.225,
            second: Some("C takes K".into()),
        },
        rating: Rating {
            depth: 10,
            nodes: 263_521,
        },
    };
    let text = book_text(
        "Maxim",
        GameKind::War,
        "()",
        &["a comment".into()],
        std::slice::from_ref(&puzzle),
    );
    assert!(text.starts_with("// a comment\nPuzzles("), "{text}");
    let book = PuzzleBook::parse(Path::new("written.ron"), &text).unwrap_or_else(|e| panic!("{e}"));
    book.verify().unwrap_or_else(|e| panic!("{e}"));
    let read = &book.puzzles[0];
    assert_eq!(read.title, "Problem I");
    assert_eq!(read.solution, puzzle.solution);
    assert_eq!(read.margin, puzzle.margin);
    assert_eq!(read.rating, puzzle.rating);
    assert_eq!(read.rating.stars(), 5);
    let start = read.start();
    assert_eq!(start.to_move_name(), "Red");
    tabula_rules::with_game!(&start, g => assert!(g.legal_moves().len() > 1));
}

#[test]
fn a_fence_puzzles_margin_is_checked_by_the_rules() {
    let book = shipped()
        .into_iter()
        .find(|b| {
            b.puzzles
                .iter()
                .any(|p| matches!(p.goal, Task::LengthensBy { .. }))
        })
        .expect("a shipped way-home puzzle");
    let path = book.path.clone();
    let text = std::fs::read_to_string(&path).unwrap();
    let first = &book.puzzles[0];
    let written = format!(
        "margin: Margin(depth: 1, by: {}",
        ron::to_string(&first.margin.by).unwrap()
    );
    assert!(text.contains(&written), "{written}");
    let tampered = text.replacen(&written, "margin: Margin(depth: 1, by: 9.0", 1);
    let e = PuzzleBook::parse(&path, &tampered)
        .and_then(|b| b.verify())
        .expect_err("a wrong margin is refused");
    assert!(
        matches!(&e, PuzzleError::Puzzle { field, number: 1, .. } if field == "margin.by"),
        "{e}"
    );
}

#[test]
fn the_players_move_is_judged_against_the_line() {
    let book = PuzzleBook::load(&root().join("puzzles/war/maxim.ron")).unwrap();
    let problem = &book.puzzles[0];
    let mut game = problem.start();
    assert_eq!(problem.line_index(&game), Some(0));
    assert!(problem.judge(&game, "M to K2").is_solved());
    assert!(matches!(
        problem.judge(&game, "C takes K"),
        Verdict::NotTheTask { .. }
    ));
    assert!(!problem.judge(&game, "H to F3").is_solved());
    assert_eq!(problem.replies_after(0), vec!["G to G3".to_string()]);
    assert!(problem.is_players(2) && !problem.is_players(1));
    game.play_texts(&problem.solution[..2]).unwrap();
    assert_eq!(problem.line_index(&game), Some(2));
    assert!(problem.judge(&game, "M to Citadel").is_solved());
    game.play_texts(&problem.solution[2..]).unwrap();
    assert!(problem.is_solved(&game));
    assert_eq!(problem.line_index(&game), None);
}

#[test]
fn a_fence_puzzles_answer_is_right_and_the_runner_up_is_not() {
    let book = PuzzleBook::load(&root().join("puzzles/fences/mined.ron")).unwrap();
    for puzzle in &book.puzzles {
        let game = puzzle.start();
        assert!(puzzle.judge(&game, &puzzle.solution[0]).is_solved());
        let second = puzzle.margin.second.as_deref().unwrap();
        assert!(!puzzle.judge(&game, second).is_solved(), "{second}");
    }
}

#[test]
fn the_example_of_docs_puzzles_md_verifies() {
    let page = std::fs::read_to_string(root().join("docs/puzzles.md")).unwrap();
    let start = page.find("```ron\nPuzzles(").expect("an example book") + "```ron\n".len();
    let end = start + page[start..].find("```").unwrap();
    let book = PuzzleBook::parse(Path::new("docs/puzzles.md"), &page[start..end])
        .unwrap_or_else(|e| panic!("{e}"));
    book.verify().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(book.puzzles[0].goal_text(), "Red to play and win");
}
