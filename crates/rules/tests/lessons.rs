//! Every shipped lesson under lessons/ loads and verifies, with 8 to 15 steps and every rule
//! heading of its game's rules page taught (docs/lessons.md's table); a step's judge accepts
//! the right move and tells a wrong one why; broken lesson files are refused with the file,
//! line and field named.

#[allow(dead_code)]
mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use tabula_rules::lesson::{Lesson, LessonError, Verdict, is_lesson_text};
use tabula_rules::{AnyGame, Game, GameKind};

fn root() -> PathBuf {
    common::crate_dir().join("../..")
}

fn lesson_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            lesson_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "ron") {
            out.push(path);
        }
    }
}

fn shipped() -> Vec<Lesson> {
    let mut files = Vec::new();
    lesson_files(&root().join("lessons"), &mut files);
    files.sort();
    files
        .iter()
        .map(|f| Lesson::load(f).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn shipped_lesson(game: &str) -> Lesson {
    Lesson::load(&root().join(format!("lessons/{game}/first_steps.ron")))
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_shipped_lesson_verifies() {
    let lessons = shipped();
    for lesson in &lessons {
        lesson.verify().unwrap_or_else(|e| panic!("{e}"));
        let folder = lesson.path.parent().and_then(Path::file_name).unwrap();
        assert_eq!(
            folder.to_str(),
            Some(lesson.game.info().name),
            "{}: a lesson lives in its game's folder",
            lesson.path.display()
        );
        let n = lesson.steps.len();
        assert!(
            (8..=15).contains(&n),
            "{}: {n} steps",
            lesson.path.display()
        );
        let text = std::fs::read_to_string(&lesson.path).unwrap();
        assert!(is_lesson_text(&text), "{}", lesson.path.display());
    }
    for kind in GameKind::ALL {
        assert!(
            lessons.iter().any(|l| l.game == kind),
            "no lesson for {}",
            kind.title()
        );
    }
}

#[test]
fn the_example_of_docs_lessons_md_verifies() {
    let page = std::fs::read_to_string(root().join("docs/lessons.md")).unwrap();
    let start = page.find("```ron\nLesson(").expect("an example lesson") + "```ron\n".len();
    let end = start + page[start..].find("```").unwrap();
    let lesson = Lesson::parse(Path::new("docs/lessons.md"), &page[start..end])
        .unwrap_or_else(|e| panic!("{e}"));
    lesson.verify().unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn scenes_are_not_lessons() {
    let text = std::fs::read_to_string(root().join("scenes/war/problem_1.ron")).unwrap();
    assert!(!is_lesson_text(&text));
    assert!(is_lesson_text("// a comment\nLesson(title: \"t\")"));
}

/// The rule headings of docs/rules/<game>.md, and what docs/lessons.md's table maps each
/// to: `| game | heading | steps |` rows, the steps as numbers of the game's shipped lesson.
#[test]
fn every_rule_heading_is_taught_by_a_step_that_exists() {
    let table = std::fs::read_to_string(root().join("docs/lessons.md")).unwrap();
    let mut taught: BTreeMap<(String, String), String> = BTreeMap::new();
    for line in table.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() == 5 && cells[0].is_empty() && cells[4].is_empty() {
            taught.insert(
                (cells[1].to_string(), cells[2].to_string()),
                cells[3].into(),
            );
        }
    }
    for lesson in shipped() {
        let name = lesson.game.info().name;
        let rules = std::fs::read_to_string(root().join(format!("docs/rules/{name}.md"))).unwrap();
        for heading in rules.lines().filter_map(|l| l.strip_prefix("## ")) {
            let key = (format!("`{name}`"), heading.to_string());
            let steps = taught
                .get(&key)
                .unwrap_or_else(|| panic!("docs/lessons.md: no row for {name} / {heading}"));
            if steps.starts_with('—') {
                continue;
            }
            for number in steps.split(',').map(str::trim) {
                let n: usize = number
                    .parse()
                    .unwrap_or_else(|_| panic!("{name} / {heading}: step {number:?}"));
                assert!(
                    (1..=lesson.steps.len()).contains(&n),
                    "{name} / {heading}: no step {n}"
                );
            }
        }
    }
}

#[test]
fn the_right_move_is_accepted_and_a_wrong_one_told_why() {
    let lesson = shipped_lesson("camelot");
    let jump = &lesson.steps[3];
    assert_eq!(jump.title, "The jump");
    let game = jump.start();
    assert_eq!(jump.judge(&game, "F6xF8"), Verdict::Solved);
    // The short form of the same move is the same move.
    assert_eq!(jump.judge(&game, "F6 x F8"), Verdict::Solved);
    // Illegal: the rules' own reason.
    let v = jump.judge(&game, "B4-B5");
    assert_eq!(
        v,
        Verdict::Illegal {
            why: "a piece can jump, so a capture is compulsory".into()
        }
    );
    assert!(v.why().unwrap().contains("compulsory"));
    assert!(matches!(
        jump.judge(&game, "Z9-Q1"),
        Verdict::Unreadable { .. }
    ));

    // Legal but not the task: the listed wrong answer's words, else the step's miss.
    let canter = &lesson.steps[1];
    let game = canter.start();
    assert_eq!(
        canter.judge(&game, "E6-E7"),
        Verdict::NotTheTask {
            why: canter.parts[0].wrong[0].says.clone()
        }
    );
    assert_eq!(
        canter.judge(&game, "B4-B5"),
        Verdict::NotTheTask {
            why: canter.parts[0].miss.clone()
        }
    );
    assert_eq!(canter.judge(&game, "E5-E7"), Verdict::Solved);
}

#[test]
fn a_line_plays_the_reply_and_moves_on_to_its_next_part() {
    let lesson = shipped_lesson("camelot");
    let castle = &lesson.steps[8];
    assert_eq!(castle.parts.len(), 2);
    let mut game = castle.start();
    assert_eq!(castle.part_index(&game), Some(0));
    assert!(!castle.answer(&mut game, "F3-F4").is_solved());
    assert_eq!(
        castle.part_index(&game),
        Some(0),
        "a refused move changes nothing"
    );
    assert_eq!(castle.answer(&mut game, "F3xF1"), Verdict::Solved);
    // The move and Black's scripted reply are played.
    assert_eq!(game.ply(), castle.start().ply() + 2);
    assert_eq!(castle.part_index(&game), Some(1));
    let v = castle.judge(&game, "B4-B5");
    assert!(v.why().unwrap().contains("must leave it first"), "{v}");
    assert_eq!(castle.answer(&mut game, "F1-E2"), Verdict::Solved);
    assert!(castle.is_done(&game));
    assert_eq!(castle.part_index(&game), None);
}

#[test]
fn a_move_built_by_the_screen_is_judged_like_its_text() {
    let lesson = shipped_lesson("camelot");
    let jump = &lesson.steps[3];
    let AnyGame::Camelot(game) = jump.start() else {
        panic!("a Camelot lesson");
    };
    let right = game
        .legal_moves()
        .into_iter()
        .find(|m| game.move_text(m) == "F6xF8")
        .unwrap();
    assert_eq!(jump.judge_move(&game, &right), Verdict::Solved);
}

#[test]
fn conditions_are_checked_by_each_game() {
    // Captures: the fence race's way home; the Transport sinking; Screwball's attacks.
    let fences = shipped_lesson("fences");
    let blue = &fences.steps[5];
    let game = blue.start();
    assert_eq!(blue.judge(&game, "fence g2|g3 to i7|j7"), Verdict::Solved);
    assert!(matches!(
        blue.judge(&game, "fence g2|g3 to a1|a2"),
        Verdict::NotTheTask { .. }
    ));
    let screwball = shipped_lesson("screwball");
    let two = &screwball.steps[3];
    let game = two.start();
    assert_eq!(two.judge(&game, "a12-b12+a1+e1"), Verdict::Solved);
    let transport = shipped_lesson("transport");
    let torpedo = &transport.steps[5];
    let game = torpedo.start();
    assert_eq!(torpedo.judge(&game, "fire torpedo f6 NW"), Verdict::Solved);
    let v = torpedo.judge(&game, "fire torpedo d6 NW");
    assert!(v.why().unwrap().contains("dodges"), "{v}");
}

fn parse(text: &str) -> Result<Lesson, LessonError> {
    Lesson::parse(Path::new("bad.ron"), text)
}

fn refused(text: &str) -> String {
    parse(text)
        .and_then(|l| l.verify())
        .expect_err("refused")
        .to_string()
}

/// A one-step Camelot lesson with `field` lines put in its step.
fn one_step(fields: &str) -> String {
    format!(
        "Lesson(\n    title: \"t\",\n    game: Camelot,\n    steps: [\n        Step(\n            title: \"s\",\n{fields}\n        ),\n    ],\n)\n"
    )
}

const GOOD: &str =
    "            setup: Position(\"White men: F6 B4\\nBlack men: F7 K12\\nWhite to move\"),
            text: \"Jump.\",
            task: CapturesAtLeast(1),
            solution: \"F6xF8\",
            hint: \"F6xF8\",
            miss: \"Jump.\",";

#[test]
fn a_well_formed_lesson_verifies() {
    let lesson = parse(&one_step(GOOD)).unwrap();
    lesson.verify().unwrap();
    assert_eq!(lesson.steps[0].number, 1);
    assert_eq!(lesson.game, GameKind::Camelot);
}

#[test]
fn malformed_lessons_are_refused_with_file_line_and_field() {
    // A misspelled field: the RON reader's words name it.
    let e = refused(&one_step(&format!("{GOOD}\n            hnit: \"x\",")));
    assert!(e.starts_with("bad.ron:13:") && e.contains("hnit"), "{e}");
    // A newer format.
    let e = refused("Lesson(\n  format: 2,\n  title: \"t\",\n  game: War,\n  steps: [],\n)");
    assert_eq!(
        e,
        "bad.ron:2: written by a newer Tabula (format 2; this one reads up to 1)"
    );
    // No steps.
    let e = refused("Lesson(\n  title: \"t\",\n  game: War,\n  steps: [],\n)");
    assert_eq!(e, "bad.ron:4: steps: a lesson has at least one step");
    // A bad option, placed on the step's options.
    let e = refused(&one_step(&format!(
        "            options: (rulez: Wcf),\n{GOOD}"
    )));
    assert!(
        e.starts_with("bad.ron:7: step 1 (\"s\"), options:") && e.contains("unknown option"),
        "{e}"
    );
    // A position the game refuses.
    let e = refused(&one_step(&GOOD.replace("F6 B4", "F6 F6")));
    assert!(
        e.starts_with("bad.ron:7: step 1 (\"s\"), setup:") && e.contains("two pieces on F6"),
        "{e}"
    );
    // A scripted move that cannot be played.
    let e = refused(&one_step(&format!(
        "            moves: [\"F6xF8\",\n \"A1-A2\"],\n{GOOD}"
    )));
    assert!(e.starts_with("bad.ron:8: step 1 (\"s\"), moves[1]:"), "{e}");
    // A solution that does not do the task.
    let e = refused(&one_step(
        &GOOD.replace("CapturesAtLeast(1)", "CapturesAtLeast(2)"),
    ));
    assert!(
        e.starts_with("bad.ron:10: step 1 (\"s\"), solution: \"F6xF8\" does not do the task"),
        "{e}"
    );
    // A square that is not one of the game's.
    let e = refused(&one_step(&format!(
        "{GOOD}\n            squares: [\"F6\", \"Z99\"],"
    )));
    assert!(
        e.starts_with("bad.ron:13: step 1 (\"s\"), squares[1]: \"Z99\" is not a square"),
        "{e}"
    );
    let e = refused(&one_step(
        &GOOD.replace("CapturesAtLeast(1)", "Reaches(\"Q3\")"),
    ));
    assert!(e.starts_with("bad.ron:9: step 1 (\"s\"), task:"), "{e}");
    // A task of another game.
    let e = refused(&one_step(
        &GOOD.replace("CapturesAtLeast(1)", "LengthensBy(player: \"Black\", n: 1)"),
    ));
    assert!(
        e.contains("task: Black's way to the goal is not measured here"),
        "{e}"
    );
    // A wrong answer that does the task, and one whose words the player is not told.
    let e = refused(&one_step(&format!(
        "{GOOD}\n            wrong: [\n                Wrong(move: \"F6xF8\", says: \"no\"),\n            ],"
    )));
    assert!(
        e.starts_with("bad.ron:14: step 1 (\"s\"), wrong[0].move:") && e.contains("does the task"),
        "{e}"
    );
    let e = refused(&one_step(&format!(
        "{GOOD}\n            wrong: [Wrong(move: \"B4-B5\",\n                says: \"mind the gap\")],"
    )));
    assert!(
        e.starts_with("bad.ron:14: step 1 (\"s\"), wrong[0].says:")
            && e.contains("a capture is compulsory"),
        "{e}"
    );
    // A reply that cannot be played.
    let e = refused(&one_step(&format!(
        "{GOOD}\n            then: [Part(\n                reply: [\"A1-A2\"],\n                task: Wins, solution: \"x\", hint: \"x\", miss: \"x\")],"
    )));
    assert!(
        e.starts_with("bad.ron:14: step 1 (\"s\"), then[0].reply[0]:"),
        "{e}"
    );
}
