//! What the players and the screens say to the match: the feedback line, the match
//! commands (take back, redo, new game, confirm, hint), saving and leaving, and whether a
//! show is on instead of play. The messages and resources here are registered once by
//! [`crate::table::plugin`].

use crate::table::seats::Controller;
use bevy::prelude::*;
use std::path::PathBuf;

/// A line for the players, plain or a refusal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Feedback {
    /// The text.
    pub text: String,
    /// Whether it reports something refused.
    pub is_error: bool,
}

impl Feedback {
    /// A hint or report.
    pub(crate) fn info(text: impl Into<String>) -> Feedback {
        Feedback {
            text: text.into(),
            is_error: false,
        }
    }

    /// A refusal, with its reason.
    pub fn error(text: impl Into<String>) -> Feedback {
        Feedback {
            text: text.into(),
            is_error: true,
        }
    }
}

/// Match-level commands, from keys or HUD buttons.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchCommand {
    /// Take back the last move.
    Undo,
    /// Start again from the game's starting position.
    NewGame,
    /// Play the path entered so far, where it may stop (a canter's optional landings), or
    /// throw the die.
    Confirm,
    /// Play again the move taken back last.
    Redo,
    /// Show the move the computer would play for the player to move, without playing it.
    Hint,
}

/// Tells the players of the game on the table, whichever it is (the sound switched off, a
/// screen that could not be opened): the match shows it as its feedback.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub(crate) struct Tell(pub Feedback);

/// The position changed in a way that is not one move forward (undo, new game): views
/// rebuild from the rules state.
#[derive(Message, Debug, Clone, Copy)]
pub(crate) struct BoardReset;

/// Systems that change the match; views run after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct MatchSet;

/// The players' input systems: they turn clicks and keys into moves, and pause while an
/// earlier position is looked at.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct InputSet;

/// A show is on the table (a demonstration, an exhibition): the keys it answers, in place
/// of the table's controls. Meanwhile the players' keys, buttons and clicks are off.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Watching(pub Option<&'static str>);

/// Whether no show is on: the players' keys work.
pub(crate) fn not_watching(watching: Option<Res<Watching>>) -> bool {
    watching.is_none_or(|w| w.0.is_none())
}

/// Saves the game in play (Ctrl+S, or the HUD).
#[derive(Message, Debug, Clone, Copy)]
pub struct SaveGame;

/// Leaving the game in play: for the saved game at the save path, the start screen or a new
/// game, each asked twice when moves would be lost (the save's `LeaveGuard`).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leave {
    /// Load the saved game (Ctrl+O); a damaged or foreign file is refused and the game in
    /// play goes on untouched.
    Load,
    /// Back to the start screen (F10 or the Menu button).
    Menu,
    /// A new game in place of this one (N or the New game button).
    NewGame,
    /// No to the question asked (Esc): the game goes on.
    Stay,
}

/// The table is left, as the players asked ([`Leave`]) and the match agreed: the screens
/// open what comes next.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum LeaveTable {
    /// For the saved game at `path`, checked, with the seats the computer plays now kept
    /// (in turn order).
    ForSave {
        /// The saved game.
        path: PathBuf,
        /// Who plays each seat.
        seats: Vec<Controller>,
        /// The players' names, in turn order (blank where a seat has none).
        names: Vec<String>,
    },
    /// For the start screen.
    ForMenu,
}

/// The match's messages and the resources every screen reads.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<MatchCommand>()
        .add_message::<BoardReset>()
        .add_message::<SaveGame>()
        .add_message::<Leave>()
        .add_message::<LeaveTable>()
        .add_message::<Tell>()
        .init_resource::<Watching>();
}
