//! The game on the table: which one is played, and the plugins and resources each needs,
//! in a window or headless.

use crate::table::game_match::Match;
use crate::table::rules::TableRules;
use crate::table::seats::Seat;
use bevy::prelude::*;
use std::path::Path;
use tabula_rules::Game;
use tabula_rules::camelot::Camelot;
use tabula_rules::fences::Fences;
use tabula_rules::registry::{self, GameOptions};
use tabula_rules::scene::{GameKind, SceneFile};
use tabula_rules::screwball::Screwball;
use tabula_rules::transport::Transport;
use tabula_rules::war::War;

/// A game ready to be played on the table.
// One is built for each table and moved into its match at once: its size costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum TableGame {
    /// Maxim's Game of War.
    War(War),
    /// Parker's Camelot.
    Camelot(Camelot),
    /// Magee's fence race.
    Fences(Fences),
    /// Dubay's Screwball Checkers.
    Screwball(Screwball),
    /// Paschal's Transport.
    Transport(Transport),
}

impl TableGame {
    /// Which game it is.
    pub fn kind(&self) -> GameKind {
        crate::on_table_game!(self, g => kind_of(g))
    }

    /// Moves played so far.
    pub(crate) fn ply(&self) -> usize {
        crate::on_table_game!(self, g => g.ply())
    }

    /// Where the player to move sits.
    pub(crate) fn seat(&self) -> Seat {
        crate::on_table_game!(self, g => g.seat_of(g.to_move()))
    }

    /// The players' names in turn order ("Red", "Blue"; "Fleet 1" ...).
    pub(crate) fn player_labels(&self) -> Vec<String> {
        crate::on_table_game!(self, g => g.players().iter().map(ToString::to_string).collect())
    }

    /// The opening of the game `options` are of, with those options; options the game
    /// refuses are refused, naming the game.
    pub(crate) fn from_options(options: GameOptions) -> Result<TableGame, String> {
        let noun = registry::game(options.kind()).noun;
        options.cross_check().map_err(|e| e.to_string())?;
        match options {
            GameOptions::War(o) => War::new(o).map(TableGame::War).map_err(|e| e.to_string()),
            GameOptions::Camelot(o) => Camelot::new(o)
                .map(TableGame::Camelot)
                .map_err(|e| e.to_string()),
            GameOptions::Transport(o) => Transport::new(o)
                .map(TableGame::Transport)
                .map_err(|e| e.to_string()),
            GameOptions::Fences(o) => Fences::new(o)
                .map(TableGame::Fences)
                .map_err(|e| e.to_string()),
            GameOptions::Screwball(o) => Screwball::new(o)
                .map(TableGame::Screwball)
                .map_err(|e| e.to_string()),
        }
        .map_err(|e| format!("{noun}: {e}"))
    }

    /// The game a scene describes, after its first `at` moves (or all of them).
    pub fn from_scene(path: &Path, at: Option<usize>) -> Result<TableGame, String> {
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

    /// The rules options, in RON (as a scene or a server's table takes them).
    pub(crate) fn options_ron(&self) -> String {
        crate::on_table_game!(self, g => crate::table::save::SaveData::options_text(g.options()))
    }

    /// The game a scene file describes after all its main-line moves.
    pub(crate) fn from_scene_file(
        file: &SceneFile,
    ) -> Result<TableGame, tabula_rules::scene::SceneError> {
        fn played<G: Game>(
            file: &SceneFile,
            mut game: G,
        ) -> Result<G, tabula_rules::scene::SceneError> {
            file.replay(&mut game)?;
            Ok(game)
        }
        Ok(match file.scene.game {
            GameKind::War => TableGame::War(played(file, file.start_as::<War>()?)?),
            GameKind::Camelot => TableGame::Camelot(played(file, file.start_as::<Camelot>()?)?),
            GameKind::Fences => TableGame::Fences(played(file, file.start_as::<Fences>()?)?),
            GameKind::Screwball => {
                TableGame::Screwball(played(file, file.start_as::<Screwball>()?)?)
            }
            GameKind::Transport => {
                TableGame::Transport(played(file, file.start_as::<Transport>()?)?)
            }
        })
    }

    /// Puts this game's match on the table (in place of any there), with `seats` played as
    /// given (in turn order; seats not given are played at this screen).
    pub(crate) fn insert_match(self, world: &mut World, seats: &[crate::table::seats::Controller]) {
        crate::games::remove_matches(world);
        crate::on_table_game!(self, g => world.insert_resource(Match::new(g).with_seats(seats)));
    }

    /// Sets up `app` to play this game headless (with `view`, in 3D): the states, the
    /// table's shared plugins, the game's own, the screen state at the table, and its match.
    /// Tests and `tabula shot` build on this; the window installs every game instead
    /// (`app::build`).
    pub fn install(self, app: &mut App, view: bool) {
        app.add_plugins((crate::state::plugin, crate::table::plugin));
        if view {
            app.add_plugins(crate::view::plugin);
        }
        crate::on_table_game!(&self, g => install_one(app, g, view));
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

    /// Puts this game on the table in place of the one there (of the same kind): the views
    /// rebuild from it.
    pub(crate) fn replace_match(self, commands: &mut Commands) {
        crate::on_table_game!(self, g => commands.insert_resource(Match::new(g)));
        commands.write_message(crate::table::commands::BoardReset);
    }
}

fn kind_of<G: TableRules>(_: &G) -> GameKind {
    G::KIND
}

/// Adds the plugins of the game `G` (its type given by `_game`).
fn install_one<G: TableRules>(app: &mut App, _game: &G, view: bool) {
    crate::games::install_one::<G>(app, view);
}
