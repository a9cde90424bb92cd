//! A book of puzzles read from its file: loading and parsing (a newer format refused first),
//! each puzzle's position built through the games' checked constructors, and errors placed
//! on the line of the field they are about.

use super::format::{BookText, Margin, PuzzleText, Rating};
use super::{FORMAT, PuzzleError};
use crate::lesson::Task;
use crate::registry::GameOptions;
use crate::scene::layout::{self, Value};
use crate::scene::start::{StartError, build_start};
use crate::scene::versioned::{self, line_at};
use crate::{AnyGame, GameKind};
use std::path::{Path, PathBuf};

/// A book of puzzles for one game, read from its file with every puzzle's position built.
#[derive(Debug, Clone)]
pub struct PuzzleBook {
    /// Where it was read from.
    pub path: PathBuf,
    /// Its title.
    pub title: String,
    /// Which game.
    pub game: GameKind,
    /// The puzzles, in order.
    pub puzzles: Vec<Puzzle>,
    /// The file's text, for error lines.
    source: String,
    /// Where the book's values stand in `source`.
    layout: Option<Value>,
}

/// One puzzle: a position, the goal of the player to move, the solution line, how clearly
/// its first move stands out, and how hard the engine found it.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// 1-based number of the puzzle in its book.
    pub number: usize,
    /// Its title: its own, or its number.
    pub title: String,
    /// Where it comes from.
    pub source: Option<String>,
    /// What the player to move must achieve by the end of the solution line.
    pub goal: Task,
    /// The solution line: the player's moves and the replies, in the game's notation.
    pub solution: Vec<String>,
    /// How clearly the solution's first move stands out.
    pub margin: Margin,
    /// How hard the engine found it.
    pub rating: Rating,
    /// The game at the puzzle's position.
    pub(super) start: AnyGame,
}

/// Whether `path` holds a book of puzzles: a RON file whose value is `Puzzles(...)`.
pub fn is_puzzle_file(path: &Path) -> bool {
    versioned::load(path).is_ok_and(|text| is_puzzle_text(&text))
}

/// Whether a RON text's value is a `Puzzles(...)` (after comments and attributes).
pub fn is_puzzle_text(text: &str) -> bool {
    layout::read(text).is_some_and(|v| {
        text.get(v.start..)
            .is_some_and(|t| t.starts_with("Puzzles"))
    })
}

impl PuzzleBook {
    /// Reads a puzzle file and builds every puzzle's position.
    pub fn load(path: &Path) -> Result<PuzzleBook, PuzzleError> {
        let source = versioned::load(path)?;
        PuzzleBook::parse(path, &source)
    }

    /// Parses a book of puzzles from text (`path` is only used in messages) and builds every
    /// puzzle's position. A file in a newer format is refused before anything else is read.
    pub fn parse(path: &Path, source: &str) -> Result<PuzzleBook, PuzzleError> {
        let (text, layout) = versioned::read::<BookText>(path, source, FORMAT, |t| t.format)?;
        let mut book = PuzzleBook {
            path: path.to_path_buf(),
            title: text.title.clone(),
            game: text.game,
            puzzles: Vec::new(),
            source: source.to_string(),
            layout,
        };
        GameOptions::from_ron(book.game, text.options.get_ron())
            .map_err(|e| book.book_error("options", e.to_string()))?;
        if text.puzzles.is_empty() {
            return Err(book.book_error("puzzles", "a book holds at least one puzzle".into()));
        }
        for (index, puzzle) in text.puzzles.iter().enumerate() {
            let built = book.build(&text, index, puzzle)?;
            book.puzzles.push(built);
        }
        Ok(book)
    }

    /// A puzzle as written made a [`Puzzle`]: its options (its own, else the book's), its
    /// setup and its moves played.
    fn build(
        &self,
        text: &BookText,
        index: usize,
        puzzle: &PuzzleText,
    ) -> Result<Puzzle, PuzzleError> {
        let title = puzzle
            .title
            .clone()
            .unwrap_or_else(|| format!("Puzzle {}", index + 1));
        let start = build_start(
            self.game,
            puzzle.options.as_deref(),
            &text.options,
            &puzzle.setup,
            &puzzle.moves,
        )
        .map_err(|e| match e {
            StartError::FileOptions(why) => self.book_error("options", why),
            StartError::Field(field, why) => self.error_at(index, &title, &field, why),
        })?;
        Ok(Puzzle {
            number: index + 1,
            title,
            source: puzzle.source.clone(),
            goal: puzzle.goal.clone(),
            solution: puzzle.solution.clone(),
            margin: puzzle.margin.clone(),
            rating: puzzle.rating,
            start,
        })
    }

    /// The 1-based line where a located value starts, or 0 when it cannot be found.
    fn line_of(&self, value: Option<&Value>) -> usize {
        value.map_or(0, |v| line_at(&self.source, v.start))
    }

    /// An error of the book's own field `field`.
    fn book_error(&self, field: &'static str, why: String) -> PuzzleError {
        PuzzleError::Book {
            file: self.path.clone(),
            line: self.line_of(self.layout.as_ref().and_then(|l| l.field(field))),
            field,
            why,
        }
    }

    /// The 1-based line of the field of the `index`-th (0-based) puzzle at `field`, a path
    /// such as `solution[2]` or `margin.second`, followed as far as it is written (the
    /// puzzle's own line when none of it is), or 0.
    pub fn puzzle_line(&self, index: usize, field: &str) -> usize {
        let puzzle = self
            .layout
            .as_ref()
            .and_then(|l| l.field("puzzles"))
            .and_then(|p| p.item(index));
        self.line_of(puzzle.map(|p| p.follow(field)))
    }

    fn error_at(&self, index: usize, title: &str, field: &str, why: String) -> PuzzleError {
        PuzzleError::Puzzle {
            file: self.path.clone(),
            line: self.puzzle_line(index, field),
            number: index + 1,
            title: title.to_string(),
            field: field.to_string(),
            why,
        }
    }

    /// An error of the `index`-th (0-based) puzzle, placed on its field `field`.
    pub(super) fn puzzle_error(&self, index: usize, field: &str, why: String) -> PuzzleError {
        self.error_at(index, &self.puzzles[index].title, field, why)
    }
}
