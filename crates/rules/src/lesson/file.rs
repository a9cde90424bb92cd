//! A lesson read from its file: loading and parsing (a newer format refused first), each
//! step's position built through the games' checked constructors, and errors placed on the
//! line of the field they are about.

use super::format::{LessonText, Part, StepText};
use super::{FORMAT, LessonError};
use crate::scene::layout::{self, Value};
use crate::scene::start::{StartError, build_start};
use crate::scene::versioned::{self, line_at};
use crate::{AnyGame, GameKind};
use std::path::{Path, PathBuf};

/// A lesson: a course of short steps for one game, read from its file with every step's
/// position built.
#[derive(Debug, Clone)]
pub struct Lesson {
    /// Where it was read from.
    pub path: PathBuf,
    /// Its title.
    pub title: String,
    /// Which game it teaches.
    pub game: GameKind,
    /// What the player is told before the first step, if anything.
    pub intro: Option<String>,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The file's text, for error lines.
    source: String,
    /// Where the lesson's values stand in `source`.
    layout: Option<Value>,
}

/// One step of a lesson: a position, a few sentences, and a task the player does on the
/// board, with its solution, hint and wrong answers. A step may be a short line: the player's
/// move, then a scripted reply, then the player's next move (its [`Step::parts`]).
#[derive(Debug, Clone)]
pub struct Step {
    /// 1-based number of the step in its lesson.
    pub number: usize,
    /// Its title.
    pub title: String,
    /// What the player is told, in plain words.
    pub text: String,
    /// Squares to light, in the game's square names.
    pub squares: Vec<String>,
    /// Arrows to draw, from a square to a square.
    pub arrows: Vec<(String, String)>,
    /// Moves played from the setup before the task (already played in [`Step::start`]).
    pub moves: Vec<String>,
    /// The player's moves: the step's own task first, then each further part of its line
    /// (whose reply is played before it).
    pub parts: Vec<Part>,
    /// The game where the player takes over.
    pub(super) start: AnyGame,
}

/// Whether `path` holds a lesson: a RON file whose value is `Lesson(...)`.
pub fn is_lesson_file(path: &Path) -> bool {
    versioned::load(path).is_ok_and(|text| is_lesson_text(&text))
}

/// Whether a RON text's value is a `Lesson(...)` (after comments and attributes).
pub fn is_lesson_text(text: &str) -> bool {
    layout::read(text).is_some_and(|v| text.get(v.start..).is_some_and(|t| t.starts_with("Lesson")))
}

impl Lesson {
    /// Reads a lesson file and builds every step's position.
    pub fn load(path: &Path) -> Result<Lesson, LessonError> {
        let source = versioned::load(path)?;
        Lesson::parse(path, &source)
    }

    /// Parses a lesson from text (`path` is only used in messages) and builds every step's
    /// position. A file in a newer format is refused before anything else is read.
    pub fn parse(path: &Path, source: &str) -> Result<Lesson, LessonError> {
        let (text, layout) = versioned::read::<LessonText>(path, source, FORMAT, |t| t.format)?;
        let mut lesson = Lesson {
            path: path.to_path_buf(),
            title: text.title.clone(),
            game: text.game,
            intro: text.intro.clone(),
            steps: Vec::new(),
            source: source.to_string(),
            layout,
        };
        if text.steps.is_empty() {
            return Err(lesson.lesson_error("steps", "a lesson has at least one step".into()));
        }
        for (index, step) in text.steps.iter().enumerate() {
            let built = lesson.build_step(&text, index, step)?;
            lesson.steps.push(built);
        }
        Ok(lesson)
    }

    /// A step as written made a [`Step`]: its options (the step's, else the lesson's), its
    /// setup and its moves played.
    fn build_step(
        &self,
        text: &LessonText,
        index: usize,
        step: &StepText,
    ) -> Result<Step, LessonError> {
        let start = build_start(
            self.game,
            step.options.as_deref(),
            &text.options,
            &step.setup,
            &step.moves,
        )
        .map_err(|e| match e {
            StartError::FileOptions(why) => self.lesson_error("options", why),
            StartError::Field(field, why) => self.step_error_at(index, &step.title, &field, why),
        })?;
        let first = Part {
            reply: Vec::new(),
            text: None,
            task: step.task.clone(),
            solution: step.solution.clone(),
            hint: step.hint.clone(),
            miss: step.miss.clone(),
            wrong: step.wrong.clone(),
        };
        let mut parts = vec![first];
        parts.extend(step.then.iter().cloned());
        Ok(Step {
            number: index + 1,
            title: step.title.clone(),
            text: step.text.clone(),
            squares: step.squares.clone(),
            arrows: step.arrows.clone(),
            moves: step.moves.clone(),
            parts,
            start,
        })
    }

    /// The 1-based line where a located value starts, or 0 when it cannot be found.
    fn line_of(&self, value: Option<&Value>) -> usize {
        value.map_or(0, |v| line_at(&self.source, v.start))
    }

    /// An error of the lesson's own field `field`.
    pub(super) fn lesson_error(&self, field: &'static str, why: String) -> LessonError {
        LessonError::Lesson {
            file: self.path.clone(),
            line: self.line_of(self.layout.as_ref().and_then(|l| l.field(field))),
            field,
            why,
        }
    }

    /// The value at `field` of the `index`-th (0-based) step, a path such as `solution`,
    /// `wrong[1].says` or `then[0].reply[2]`, followed as far as it is written (the step
    /// itself when none of it is).
    fn step_value(&self, index: usize, field: &str) -> Option<&Value> {
        let step = self.layout.as_ref()?.field("steps")?.item(index)?;
        Some(step.follow(field))
    }

    /// The 1-based line of the field of the `index`-th (0-based) step at `field`, a path
    /// such as `solution`, `wrong[1].says` or `then[0].reply[2]` followed as far as it is
    /// written (the step's own line when none of it is), or 0.
    pub fn step_line(&self, index: usize, field: &str) -> usize {
        self.line_of(self.step_value(index, field))
    }

    fn step_error_at(&self, index: usize, title: &str, field: &str, why: String) -> LessonError {
        LessonError::Step {
            file: self.path.clone(),
            line: self.step_line(index, field),
            step: index + 1,
            title: title.to_string(),
            field: field.to_string(),
            why,
        }
    }

    /// An error of the `index`-th (0-based) step, placed on its field `field`.
    pub(super) fn step_error(&self, index: usize, field: &str, why: String) -> LessonError {
        self.step_error_at(index, &self.steps[index].title, field, why)
    }
}
