//! What the player has learnt: the steps of each lesson done, and the puzzles solved with
//! their score and streak, kept in `progress.ron` in the player's data folder
//! ([`super::UserData`]), read when Tabula starts and written as soon as a step is done or a
//! puzzle solved.
//!
//! ```ron
//! (lessons: {"camelot/first_steps": [1, 2, 5]})
//! ```
//!
//! Every field has a default, so that a later field (a puzzle score) can be added without
//! making older files unreadable.

use super::{DataError, UserData, read_or_default, write};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The name of the progress file in the data folder.
pub const FILE: &str = "progress.ron";

/// What the file holds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// For each lesson, by its key (`game/file stem`), the numbers (1-based) of the steps
    /// done.
    #[serde(default)]
    pub lessons: BTreeMap<String, BTreeSet<usize>>,
    /// The puzzles: which are solved, the score and the streak.
    #[serde(default)]
    pub puzzles: PuzzleRecord,
}

/// The player's puzzles: those solved, by key (`game/file#number`), the score (a point for
/// each puzzle solved without a wrong move or a hint) and the streak (puzzles solved so in a
/// row, and the best such run).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    /// The puzzles solved.
    #[serde(default)]
    pub solved: BTreeSet<String>,
    /// The score.
    #[serde(default)]
    pub score: u32,
    /// Puzzles solved in a row without a wrong move or a hint.
    #[serde(default)]
    pub streak: u32,
    /// The longest streak.
    #[serde(default)]
    pub best_streak: u32,
}

/// The player's progress, as read at start and kept up to date, with what went wrong with
/// the file, if anything, for the screens to say.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    /// What has been done.
    pub record: Record,
    /// The last problem with the file, in words (a corrupt file kept aside, a failed write).
    pub notice: Option<String>,
}

impl Progress {
    /// Reads the progress kept in `data`; a file that cannot be read gives an empty record
    /// and a notice saying why (a corrupt one is kept aside as `progress.ron.bak`).
    pub fn load(data: &UserData) -> Progress {
        let Some(path) = data.file(FILE) else {
            return Progress::default();
        };
        match read_or_default::<Record>(&path) {
            Ok(record) => Progress {
                record,
                notice: None,
            },
            Err(e) => {
                warn!("{e}");
                Progress {
                    record: Record::default(),
                    notice: Some(e.to_string()),
                }
            }
        }
    }

    /// The steps of the lesson `key` done.
    pub fn done(&self, key: &str) -> usize {
        self.record.lessons.get(key).map_or(0, BTreeSet::len)
    }

    /// Whether step `number` (1-based) of the lesson `key` is done.
    pub fn is_done(&self, key: &str, number: usize) -> bool {
        self.record
            .lessons
            .get(key)
            .is_some_and(|steps| steps.contains(&number))
    }

    /// The first step (1-based) of a lesson of `steps` steps not yet done; the first when
    /// all are.
    pub fn first_open(&self, key: &str, steps: usize) -> usize {
        (1..=steps).find(|n| !self.is_done(key, *n)).unwrap_or(1)
    }

    /// Marks step `number` of the lesson `key` done and writes the file; whether the record
    /// changed. A failed write is kept as the notice (the record stays marked for this run).
    pub fn mark_done(&mut self, data: &UserData, key: &str, number: usize) -> bool {
        if !self
            .record
            .lessons
            .entry(key.to_string())
            .or_default()
            .insert(number)
        {
            return false;
        }
        if let Err(e) = self.save(data) {
            warn!("{e}");
            self.notice = Some(e.to_string());
        }
        true
    }

    /// Keeps a puzzle solved (`clean`: without a wrong move or a hint, which scores a point
    /// and lengthens the streak) and writes the file.
    pub fn puzzle_solved(&mut self, data: &UserData, key: &str, clean: bool) {
        let puzzles = &mut self.record.puzzles;
        puzzles.solved.insert(key.to_string());
        if clean {
            puzzles.score += 1;
            puzzles.streak += 1;
            puzzles.best_streak = puzzles.best_streak.max(puzzles.streak);
        } else {
            puzzles.streak = 0;
        }
        self.keep(data);
    }

    /// A wrong move or a hint in a puzzle: the streak ends; the file is written.
    pub fn puzzle_missed(&mut self, data: &UserData) {
        if self.record.puzzles.streak != 0 {
            self.record.puzzles.streak = 0;
            self.keep(data);
        }
    }

    /// How many of the puzzles whose keys start with `prefix` are solved.
    pub fn puzzles_solved(&self, prefix: &str) -> usize {
        self.record
            .puzzles
            .solved
            .iter()
            .filter(|k| k.starts_with(prefix))
            .count()
    }

    /// Writes the file, keeping a failure as the notice.
    fn keep(&mut self, data: &UserData) {
        if let Err(e) = self.save(data) {
            warn!("{e}");
            self.notice = Some(e.to_string());
        }
    }

    /// Writes the record to the data folder (nothing without one).
    pub fn save(&self, data: &UserData) -> Result<(), DataError> {
        match data.file(FILE) {
            Some(path) => write(&path, &self.record),
            None => Ok(()),
        }
    }
}
