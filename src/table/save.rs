//! Saving the game in play as a scene file (Ctrl+S): its game, options, starting setup and
//! moves, so that `tabula play --scene FILE` (or `tabula verify FILE`) replays it exactly.
//! The file is written next to its final name and then renamed, so a crash never leaves a
//! half-written save, and an older save is replaced only by a complete one.

use crate::table::commands::{Feedback, Leave, LeaveTable, MatchSet, SaveGame};
use crate::table::game_match::Match;
use crate::table::rules::TableRules;
use crate::table::seats::Controller;
use bevy::prelude::*;
use serde::Serialize;
use std::path::{Path, PathBuf};
use tabula_rules::Outcome;
use tabula_rules::scene::GameKind;

/// What a saved game holds.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SaveData {
    /// Which game.
    pub kind: GameKind,
    /// The rules options, as RON.
    pub options: String,
    /// The starting position in the game's setup text form, unless it is the standard one.
    pub setup: Option<String>,
    /// Every move so far, in the game's notation.
    pub moves: Vec<String>,
    /// The result so far: `Ongoing`, `Draw` or `Win("...")`.
    pub expect: String,
}

impl SaveData {
    /// The options of a game as RON text.
    pub(crate) fn options_text(options: &impl Serialize) -> String {
        ron::to_string(options).unwrap_or_else(|_| "()".into())
    }

    /// The `expect` text for an outcome.
    pub(crate) fn expect_text<P: std::fmt::Display>(outcome: &Outcome<P>) -> String {
        match outcome {
            Outcome::Ongoing => "Ongoing".into(),
            Outcome::Draw(_) => "Draw".into(),
            Outcome::Win(p) => format!("Win({})", quoted(&p.to_string())),
            Outcome::TeamWin(ps) => match ps.first() {
                Some(p) => format!("Win({})", quoted(&p.to_string())),
                None => "Ongoing".into(),
            },
        }
    }

    /// The scene file's text.
    pub(crate) fn scene_text(&self) -> String {
        let setup = match &self.setup {
            None => "Standard".to_string(),
            Some(text) => format!("Position({})", quoted(text)),
        };
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|m| format!("        {},", quoted(m)))
            .collect();
        format!(
            "// A game saved by Tabula: `tabula play --scene FILE` goes on from here.\n\
             Scene(\n    title: {},\n    game: {:?},\n    options: {},\n    setup: {setup},\n    \
             moves: [\n{}\n    ],\n    expect: {},\n)\n",
            quoted(&format!("Saved game of {}", self.kind.title())),
            self.kind,
            self.options,
            moves.join("\n"),
            self.expect
        )
    }
}

fn quoted(text: &str) -> String {
    ron::to_string(text).unwrap_or_else(|_| format!("{text:?}"))
}

/// The steps of [`write_atomic`], in order: each is a point where a crash or a full disk
/// may stop the save.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveStep {
    /// Creating the temporary file beside the save.
    Create,
    /// Writing the text into it.
    Write,
    /// Flushing it to the disk.
    Sync,
    /// Renaming it over the save.
    Rename,
}

impl SaveStep {
    /// Every step, in order.
    pub const ALL: [SaveStep; 4] = [
        SaveStep::Create,
        SaveStep::Write,
        SaveStep::Sync,
        SaveStep::Rename,
    ];
}

/// Writes `text` to `path` atomically: a temporary file beside it, written and synced, then
/// renamed over the save. Whatever step fails, the previous save at `path` is left whole and
/// the temporary file is removed.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    write_atomic_failing(path, text, None)
}

/// [`write_atomic`], made to fail at `fail_at` as a full disk or a crash would: for tests of
/// what a failed save leaves behind.
pub fn write_atomic_failing(
    path: &Path,
    text: &str,
    fail_at: Option<SaveStep>,
) -> std::io::Result<()> {
    use std::io::Write;
    let step = |s: SaveStep| -> std::io::Result<()> {
        if fail_at == Some(s) {
            Err(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                format!("no space left on device (at {s:?})"),
            ))
        } else {
            Ok(())
        }
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    step(SaveStep::Create)?;
    let written = std::fs::File::create(&tmp).and_then(|mut file| {
        step(SaveStep::Write)?;
        // A full disk may stop a write halfway: the temporary file then holds part of it.
        file.write_all(text.as_bytes())?;
        step(SaveStep::Sync)?;
        file.sync_all()?;
        step(SaveStep::Rename)?;
        std::fs::rename(&tmp, path)
    });
    if written.is_err() {
        std::fs::remove_file(&tmp).ok();
        return written;
    }
    // The rename itself reaches the disk when the folder is synced (where the system allows).
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(dir) = std::fs::File::open(dir)
    {
        dir.sync_all().ok();
    }
    Ok(())
}

/// A match that can be saved.
pub(crate) trait Saveable:
    Resource + bevy::ecs::component::Component<Mutability = bevy::ecs::component::Mutable>
{
    /// The game as a save.
    fn save_data(&self) -> SaveData;
    /// Tells the players what happened.
    fn tell(&mut self, feedback: Feedback);
    /// Moves played so far.
    fn ply(&self) -> usize {
        self.save_data().moves.len()
    }
    /// Who plays each seat now, in turn order, so that a game loaded in its place keeps its
    /// computer players (players elsewhere are not kept: their seats are played here).
    fn seats(&self) -> Vec<Controller> {
        Vec::new()
    }
}

/// Where Ctrl+S saves.
#[derive(Resource, Debug, Clone)]
pub struct SavePath(pub PathBuf);

impl Default for SavePath {
    fn default() -> Self {
        SavePath(PathBuf::from("tabula-save.ron"))
    }
}

/// A first request to leave a game with moves in it, waiting for the second: the number of
/// moves when it was asked (another move asks again).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
struct LeaveAsked(Option<usize>);

/// Saving and leaving the match `M` while it is on the table: Ctrl+S saves, Ctrl+O loads
/// the save, F10 goes back to the start screen.
pub(crate) fn plugin<M: Saveable>(app: &mut App) {
    app.init_resource::<SavePath>()
        .init_resource::<LeaveAsked>()
        .add_systems(
            Update,
            (
                save_key.before(MatchSet),
                (save::<M>, leave::<M>).chain().in_set(MatchSet),
            )
                .run_if(resource_exists::<M>),
        );
}

fn save_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut out: MessageWriter<SaveGame>,
    mut leave: MessageWriter<Leave>,
) {
    let Some(keys) = keys else { return };
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        out.write(SaveGame);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyO) {
        leave.write(Leave::Load);
    }
    if keys.just_pressed(KeyCode::F10) {
        leave.write(Leave::Menu);
    }
}

/// Checks the saved game at `path` by replaying it with the rules; the reason when it cannot
/// be loaded.
pub fn check_save(path: &Path) -> Result<(), String> {
    if !path.exists() {
        return Err(format!(
            "{}: no saved game there (Ctrl+S saves one)",
            path.display()
        ));
    }
    tabula_rules::scene::SceneFile::load(path)
        .and_then(|file| file.verify())
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn leave<M: Saveable>(
    mut requests: MessageReader<Leave>,
    path: Res<SavePath>,
    mut asked: ResMut<LeaveAsked>,
    mut the_match: ResMut<M>,
    mut left: MessageWriter<LeaveTable>,
    watching: Option<Res<crate::table::commands::Watching>>,
) {
    // A show's moves are the scene's, not the players': leaving loses nothing.
    let watching = watching.is_some_and(|w| w.0.is_some());
    for request in requests.read() {
        match request {
            Leave::Load => match check_save(&path.0) {
                Ok(_) => {
                    left.write(LeaveTable::ForSave {
                        path: path.0.clone(),
                        seats: the_match.seats(),
                    });
                }
                Err(e) => the_match.tell(Feedback::error(format!(
                    "Cannot load: {e}. The game in play goes on."
                ))),
            },
            Leave::Menu => {
                let moves = the_match.ply();
                if moves > 0 && !watching && asked.0 != Some(moves) {
                    asked.0 = Some(moves);
                    the_match.tell(Feedback::info(format!(
                        "Leave for the start screen? The {moves} moves played are lost unless \
                         saved (Ctrl+S). F10 or Menu again to leave."
                    )));
                } else {
                    left.write(LeaveTable::ForMenu);
                }
            }
        }
    }
}

fn save<M: Saveable>(
    mut requests: MessageReader<SaveGame>,
    path: Res<SavePath>,
    mut the_match: ResMut<M>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let data = the_match.save_data();
    let n = data.moves.len();
    match write_atomic(&path.0, &data.scene_text()) {
        Ok(()) => the_match.tell(Feedback::info(format!(
            "Saved {n} moves to {}; `tabula play --scene {}` goes on from there.",
            path.0.display(),
            path.0.display()
        ))),
        Err(e) => the_match.tell(Feedback::error(format!(
            "Could not save to {}: {e}. Nothing was lost.",
            path.0.display()
        ))),
    }
}

impl<G: TableRules> Saveable for Match<G> {
    fn save_data(&self) -> SaveData {
        SaveData {
            kind: G::KIND,
            options: SaveData::options_text(self.game.options()),
            setup: (!self.game.is_standard_setup()).then(|| G::setup_text(self.game.start())),
            moves: self.move_texts(),
            expect: SaveData::expect_text(&self.game.outcome()),
        }
    }

    fn tell(&mut self, feedback: Feedback) {
        self.feedback = feedback;
    }

    fn ply(&self) -> usize {
        self.texts.len()
    }

    fn seats(&self) -> Vec<Controller> {
        self.seats
            .iter()
            .map(|seat| match seat {
                Controller::Computer(level) => Controller::Computer(*level),
                Controller::Local | Controller::Remote => Controller::Local,
            })
            .collect()
    }
}
