//! Saving the game in play as a scene file (Ctrl+S): its game, options, starting setup and
//! moves, so that `tabula play --scene FILE` (or `tabula verify FILE`) replays it exactly.
//! The file is written next to its final name and then renamed, so a crash never leaves a
//! half-written save, and an older save is replaced only by a complete one.

use crate::playing::{Feedback, MatchSet};
use bevy::prelude::*;
use serde::Serialize;
use std::path::{Path, PathBuf};
use tabula_rules::Outcome;
use tabula_rules::scene::GameKind;

/// What a saved game holds.
#[derive(Debug, Clone, PartialEq)]
pub struct SaveData {
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
    pub fn options_text(options: &impl Serialize) -> String {
        ron::to_string(options).unwrap_or_else(|_| "()".into())
    }

    /// The `expect` text for an outcome.
    pub fn expect_text<P: std::fmt::Display>(outcome: &Outcome<P>) -> String {
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
    pub fn scene_text(&self) -> String {
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

/// Writes `text` to `path` atomically: a temporary file beside it, then a rename.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    {
        use std::io::Write;
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        std::fs::remove_file(&tmp).ok();
    })
}

/// A match that can be saved.
pub trait Saveable:
    Resource + bevy::ecs::component::Component<Mutability = bevy::ecs::component::Mutable>
{
    /// The game as a save.
    fn save_data(&self) -> SaveData;
    /// Tells the players what happened.
    fn tell(&mut self, feedback: Feedback);
}

/// Where Ctrl+S saves.
#[derive(Resource, Debug, Clone)]
pub struct SavePath(pub PathBuf);

impl Default for SavePath {
    fn default() -> Self {
        SavePath(PathBuf::from("tabula-save.ron"))
    }
}

/// Asks for the game in play to be saved.
#[derive(Message, Debug, Clone, Copy)]
pub struct SaveGame;

/// Ctrl+S saves the match `M`.
pub fn plugin<M: Saveable>(app: &mut App) {
    app.add_message::<SaveGame>()
        .init_resource::<SavePath>()
        .add_systems(Update, (save_key, save::<M>).chain().in_set(MatchSet));
}

fn save_key(keys: Option<Res<ButtonInput<KeyCode>>>, mut out: MessageWriter<SaveGame>) {
    let Some(keys) = keys else { return };
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        out.write(SaveGame);
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
