//! The courses shipped with Tabula: for each game, the first lesson file (`.ron`, by name)
//! of its folder under `lessons/`, found in the working folder, beside the program (up to
//! four folders up) or in the source tree it was built from.

use bevy::prelude::*;
use std::path::{Path, PathBuf};
use tabula_rules::lesson::Lesson;
use tabula_rules::registry::{GAMES, GameKind};

/// A game's course, as the start screen lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourseInfo {
    /// Which game it teaches.
    pub game: GameKind,
    /// Its file.
    pub path: PathBuf,
    /// Its title.
    pub title: String,
    /// How many steps it has.
    pub steps: usize,
    /// Its key in the player's progress ([`lesson_key`]).
    pub key: String,
}

/// The courses found, one per game that has one, in the games' order; and the first lesson
/// that could not be read, if any, in words.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Courses {
    /// The courses.
    pub list: Vec<CourseInfo>,
    /// Why a lesson file could not be read.
    pub problem: Option<String>,
}

impl Courses {
    /// The course of `game`, if there is one.
    pub fn of(&self, game: GameKind) -> Option<&CourseInfo> {
        self.list.iter().find(|c| c.game == game)
    }

    /// The course after `game`'s, round the list.
    pub fn after(&self, game: GameKind) -> Option<&CourseInfo> {
        let i = self.list.iter().position(|c| c.game == game)?;
        (self.list.len() > 1).then(|| &self.list[(i + 1) % self.list.len()])
    }
}

/// The folder the lessons are in, if one is found.
pub fn lessons_root() -> Option<PathBuf> {
    let mut roots = vec![PathBuf::from("lessons")];
    if let Ok(exe) = std::env::current_exe() {
        roots.extend(exe.ancestors().skip(1).take(4).map(|d| d.join("lessons")));
    }
    roots.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons"));
    roots.into_iter().find(|r| r.is_dir())
}

/// The lesson file of `game` in `root`: the first `.ron` file of `root/<game>/` by name.
pub fn course_file(root: &Path, game: GameKind) -> Option<PathBuf> {
    let dir = root.join(tabula_rules::registry::game(game).name);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files.into_iter().next()
}

/// The lesson that teaches `game`, read; or why there is none.
pub fn load_course(game: GameKind) -> Result<Lesson, String> {
    let noun = tabula_rules::registry::game(game).noun;
    let root = lessons_root()
        .ok_or("no lessons/ folder was found beside Tabula or in the working folder")?;
    let path = course_file(&root, game)
        .ok_or_else(|| format!("no lesson for {noun} in {}", root.display()))?;
    Lesson::load(&path).map_err(|e| e.to_string())
}

/// The key of a lesson in the player's progress: its game's name and its file's stem,
/// `camelot/first_steps`.
pub fn lesson_key(lesson: &Lesson) -> String {
    let stem = lesson
        .path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!("{}/{stem}", tabula_rules::registry::game(lesson.game).name)
}

/// Every game's course that can be read.
pub fn find_courses() -> Courses {
    let mut courses = Courses::default();
    for game in GAMES.iter().map(|g| g.kind) {
        match load_course(game) {
            Ok(lesson) => courses.list.push(CourseInfo {
                game,
                key: lesson_key(&lesson),
                title: lesson.title.clone(),
                steps: lesson.steps.len(),
                path: lesson.path,
            }),
            Err(e) => {
                warn!("{e}");
                courses.problem.get_or_insert(e);
            }
        }
    }
    courses
}
