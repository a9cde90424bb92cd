//! Saving the game in play as a scene file (Ctrl+S): its game, options, starting setup and
//! moves, so that `tabula play --scene FILE` (or `tabula verify FILE`) replays it exactly.
//! The file is written next to its final name and then renamed, so a crash never leaves a
//! half-written save, and an older save is replaced only by a complete one.

use crate::table::commands::{Feedback, Leave, LeaveTable, MatchCommand, MatchSet, SaveGame};
use crate::table::game_match::Match;
use crate::table::rules::TableRules;
use crate::table::seats::{Controller, SeatNames};
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
    /// The players' names in turn order (blank where a seat has none), so that a game
    /// loaded in its place keeps them.
    fn names(&self, names: Option<&SeatNames>) -> Vec<String> {
        let _ = names;
        Vec::new()
    }
    /// Whether the last move was made at this screen (not by the computer or elsewhere).
    fn last_move_here(&self) -> bool {
        true
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

/// The one rule for leaving a game: a new game, a load or the start screen first asks when
/// moves would be lost, and the same request again goes ahead. Moves are lost when they were
/// played here since the game was set on the table or last saved; a show's moves never are.
/// The question stands while the computer moves; it lapses when the players play on or take
/// back, and Esc answers no.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct LeaveGuard {
    /// The moves as they stood when the game was set on the table or last saved.
    kept: Vec<String>,
    /// The request asked about, with the moves played when it was asked.
    asked: Option<(Leave, usize)>,
    /// The question put to the players, while it stands.
    pub question: Option<String>,
}

impl LeaveGuard {
    /// The request asked about, while its question stands.
    pub fn asked(&self) -> Option<Leave> {
        self.asked.map(|(request, _)| request)
    }

    /// How many of `moves` would be lost by leaving now: those past what was kept.
    fn lost(&self, moves: &[String]) -> usize {
        let common = moves
            .iter()
            .zip(&self.kept)
            .take_while(|(a, b)| a == b)
            .count();
        moves.len() - common
    }

    /// The question put before `request` loses `lost` moves.
    fn ask(request: Leave, lost: usize) -> String {
        let moves = match lost {
            1 => "1 move played here would be lost".to_string(),
            n => format!("{n} moves played here would be lost"),
        };
        let (what, again) = match request {
            Leave::Menu => ("Leave for the start screen", "F10 or Menu again leaves"),
            Leave::Load => ("Load the saved game", "Ctrl+O again loads it"),
            Leave::NewGame => ("Start a new game", "N or New game again starts it"),
            Leave::Stay => ("Stay", ""),
        };
        format!("{what}? {moves} (Ctrl+S saves them). {again}; Esc stays.")
    }
}

/// Saving and leaving the match `M` while it is on the table: Ctrl+S saves, Ctrl+O loads
/// the save, F10 goes back to the start screen, each guarded by [`LeaveGuard`].
pub(crate) fn plugin<M: Saveable>(app: &mut App) {
    app.init_resource::<SavePath>()
        .init_resource::<LeaveGuard>()
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
    if keys.just_pressed(KeyCode::Escape) {
        leave.write(Leave::Stay);
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

#[allow(clippy::too_many_arguments)]
fn leave<M: Saveable>(
    mut requests: MessageReader<Leave>,
    path: Res<SavePath>,
    mut guard: ResMut<LeaveGuard>,
    mut the_match: ResMut<M>,
    mut left: MessageWriter<LeaveTable>,
    mut commands: MessageWriter<MatchCommand>,
    names: Option<Res<SeatNames>>,
    watching: Option<Res<crate::table::commands::Watching>>,
) {
    let moves = the_match.save_data().moves;
    // A game just set on the table (opened, loaded) has lost nothing yet.
    if the_match.is_added() {
        *guard = LeaveGuard {
            kept: moves.clone(),
            ..default()
        };
    }
    // Playing on (or taking back) answers the question: it lapses. The computer's moves
    // and the other players' do not.
    if let Some((_, at)) = guard.asked
        && at != moves.len()
    {
        if moves.len() < at || the_match.last_move_here() {
            guard.asked = None;
            guard.question = None;
        } else {
            guard.asked = guard.asked.map(|(r, _)| (r, moves.len()));
        }
    }
    // A show's moves are the scene's, not the players': leaving loses nothing.
    let watching = watching.is_some_and(|w| w.0.is_some());
    for request in requests.read().copied() {
        if request == Leave::Stay {
            if guard.asked.take().is_some() {
                guard.question = None;
                the_match.tell(Feedback::info("Staying at the table."));
            }
            continue;
        }
        // A save that cannot be loaded is refused before anything is asked.
        if request == Leave::Load
            && let Err(e) = check_save(&path.0)
        {
            the_match.tell(Feedback::error(format!(
                "Cannot load: {e}. The game in play goes on."
            )));
            continue;
        }
        let lost = if watching { 0 } else { guard.lost(&moves) };
        let confirmed = guard.asked.is_some_and(|(r, _)| r == request);
        if lost > 0 && !confirmed {
            let question = LeaveGuard::ask(request, lost);
            the_match.tell(Feedback::info(question.clone()));
            guard.asked = Some((request, moves.len()));
            guard.question = Some(question);
            continue;
        }
        guard.asked = None;
        guard.question = None;
        match request {
            Leave::Load => {
                left.write(LeaveTable::ForSave {
                    path: path.0.clone(),
                    seats: the_match.seats(),
                    names: the_match.names(names.as_deref()),
                });
            }
            Leave::Menu => {
                left.write(LeaveTable::ForMenu);
            }
            Leave::NewGame => {
                commands.write(MatchCommand::NewGame);
            }
            Leave::Stay => {}
        }
    }
}

fn save<M: Saveable>(
    mut requests: MessageReader<SaveGame>,
    path: Res<SavePath>,
    mut the_match: ResMut<M>,
    mut guard: ResMut<LeaveGuard>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let data = the_match.save_data();
    let n = data.moves.len();
    match write_atomic(&path.0, &data.scene_text()) {
        Ok(()) => {
            // Nothing is lost by leaving now; a question asked before the save is answered.
            guard.kept = data.moves;
            guard.asked = None;
            guard.question = None;
            the_match.tell(Feedback::info(format!(
                "Saved {n} moves to {}; `tabula play --scene {}` goes on from there.",
                path.0.display(),
                path.0.display()
            )));
        }
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

    fn names(&self, names: Option<&SeatNames>) -> Vec<String> {
        let Some(names) = names else {
            return Vec::new();
        };
        let mut named: Vec<String> = self
            .game
            .players()
            .iter()
            .map(|p| names.name_of(&p.to_string()).unwrap_or_default())
            .collect();
        while named.last().is_some_and(String::is_empty) {
            named.pop();
        }
        named
    }

    fn last_move_here(&self) -> bool {
        self.texts
            .last()
            .is_some_and(|(player, _)| self.controller_of(*player) == Controller::Local)
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
