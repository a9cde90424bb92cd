//! What the player has learnt: the steps of each lesson done, kept in `progress.ron` in the
//! player's data folder ([`super::UserData`]), read when Tabula starts and written as soon
//! as a step is done.
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

    /// Writes the record to the data folder (nothing without one).
    pub fn save(&self, data: &UserData) -> Result<(), DataError> {
        match data.file(FILE) {
            Some(path) => write(&path, &self.record),
            None => Ok(()),
        }
    }
}
