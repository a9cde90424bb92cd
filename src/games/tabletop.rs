//! The game on the table: which one is played, and the plugins and resources each needs,
//! in a window or headless.

use crate::table::game_match::Match;
use crate::table::rules::TableRules;
use crate::table::seats::{Controller, Seat};
use bevy::prelude::*;
use std::path::Path;
use tabula_rules::AnyGame;
use tabula_rules::registry::GameOptions;
use tabula_rules::scene::{SceneError, SceneFile};
use tabula_rules::{Game, with_game, with_options};

/// A game ready to be played on the table: any game of the rules crate's list.
pub type TableGame = AnyGame;

/// What the table does with a game of any kind ([`TableGame`]).
pub trait OnTable: Sized {
    /// Where the player to move sits.
    fn seat(&self) -> Seat;

    /// The players' names in turn order ("Red", "Blue"; "Fleet 1" ...).
    fn player_labels(&self) -> Vec<String>;

    /// The opening of the game `options` are of, with those options; options the game
    /// refuses are refused, naming the game.
    fn opening(options: GameOptions) -> Result<Self, String>;

    /// The game a scene describes, after its first `at` moves (or all of them).
    fn load_scene(path: &Path, at: Option<usize>) -> Result<Self, String>;

    /// The game a scene file describes after all its main-line moves.
    fn from_scene_file(file: &SceneFile) -> Result<Self, SceneError>;

    /// Puts this game's match on the table (in place of any there), with `seats` played as
    /// given (in turn order; seats not given are played at this screen).
    fn insert_match(self, world: &mut World, seats: &[Controller]);

    /// Sets up `app` to play this game headless (with `view`, in 3D): the states, the
    /// table's shared plugins, the game's own, the screen state at the table, and its match.
    /// Tests and `tabula shot` build on this; the window installs every game instead
    /// (`app::build`).
    fn install(self, app: &mut App, view: bool);

    /// Puts this game on the table in place of the one there (of the same kind): the views
    /// rebuild from it.
    fn replace_match(self, commands: &mut Commands);
}

impl OnTable for TableGame {
    fn seat(&self) -> Seat {
        with_game!(self, g => g.seat_of(g.to_move()))
    }

    fn player_labels(&self) -> Vec<String> {
        self.player_names()
    }

    fn opening(options: GameOptions) -> Result<TableGame, String> {
        let noun = options.kind().info().noun;
        options.cross_check().map_err(|e| e.to_string())?;
        with_options!(options, G, o => G::from_options(o).map(AnyGame::from).map_err(|e| e.to_string()))
            .map_err(|e| format!("{noun}: {e}"))
    }

    fn load_scene(path: &Path, at: Option<usize>) -> Result<TableGame, String> {
        let mut file = SceneFile::load(path).map_err(|e| e.to_string())?;
        if let Some(n) = at {
            if n > file.scene.moves.len() {
                return Err(format!(
                    "{}: --at {n}, but the scene has only {} moves",
                    path.display(),
                    file.scene.moves.len()
                ));
            }
            file.scene.moves.truncate(n);
        }
        TableGame::from_scene_file(&file).map_err(|e| e.to_string())
    }

    fn from_scene_file(file: &SceneFile) -> Result<TableGame, SceneError> {
        let mut game = file.start()?;
        with_game!(&mut game, g => file.replay(g))?;
        Ok(game)
    }

    fn insert_match(self, world: &mut World, seats: &[Controller]) {
        crate::games::remove_matches(world);
        with_game!(self, g => world.insert_resource(Match::new(g).with_seats(seats)));
    }

    fn install(self, app: &mut App, view: bool) {
        app.add_plugins((crate::state::plugin, crate::table::plugin));
        if view {
            app.add_plugins(crate::view::plugin);
        }
        with_game!(&self, g => install_one(app, g, view));
        // A show set up beforehand (tests insert one) is watched, not played.
        let screen = match app
            .world()
            .get_resource::<crate::table::commands::Watching>()
        {
            Some(w) if w.0.is_some() => crate::state::Screen::Demo,
            _ => crate::state::Screen::Table,
        };
        app.insert_resource(self.seat());
        self.insert_match(app.world_mut(), &[]);
        app.insert_state(screen);
    }

    fn replace_match(self, commands: &mut Commands) {
        with_game!(self, g => commands.insert_resource(Match::new(g)));
        commands.write_message(crate::table::commands::BoardReset);
    }
}

/// Adds the plugins of the game `G` (its type given by `_game`).
fn install_one<G: TableRules>(app: &mut App, _game: &G, view: bool) {
    crate::games::install_one::<G>(app, view);
}
