//! The app's states: which screen is shown, whether the table is, and whether the game on
//! it is being played or shows its result. What the table spawns is scoped to [`AtTable`].

use bevy::prelude::*;

/// The screen shown.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The start screen: choose a game, its options and players, a save or a demonstration.
    #[default]
    Menu,
    /// Between two screens, for a frame: what the last one showed is gone, the next one's
    /// game is set.
    Loading,
    /// A game on the table.
    Table,
    /// A demonstration: a scene replayed through the spectator camera.
    Demo,
    /// A lesson: its steps on the table, one at a time.
    Lesson,
    /// Puzzles: a position on the table, one at a time, and the move that stands out.
    Puzzle,
}

/// Whether the table is shown (a game, its result, a demonstration or a lesson): what the table
/// spawns is scoped to this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct AtTable;

impl ComputedStates for AtTable {
    type SourceStates = Screen;

    fn compute(screen: Screen) -> Option<AtTable> {
        matches!(
            screen,
            Screen::Table | Screen::Demo | Screen::Lesson | Screen::Puzzle
        )
        .then_some(AtTable)
    }
}

/// Whether the game on the table is being played or has ended: a finished game shows its
/// result (taking back or a new game return to play).
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Table)]
pub enum Play {
    /// Moves are being made.
    #[default]
    Playing,
    /// The game has ended; its result stands on the table.
    Result,
}

/// The states below the screen (the screen itself is inserted by whoever starts the app).
pub(crate) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    app.add_computed_state::<AtTable>().add_sub_state::<Play>();
}
