//! The game on the table: which one is played, and the plugins and resources each needs,
//! in a window or headless.

use crate::playing::Seat;
use crate::table::{Match, TableRules};
use bevy::prelude::*;
use std::path::Path;
use tabula_rules::Game;
use tabula_rules::camelot::Camelot;
use tabula_rules::fences::Fences;
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
    pub fn ply(&self) -> usize {
        crate::on_table_game!(self, g => g.ply())
    }

    /// Where the player to move sits.
    pub fn seat(&self) -> Seat {
        crate::on_table_game!(self, g => g.seat_of(g.to_move()))
    }

    /// The players' names in turn order ("Red", "Blue"; "Fleet 1" ...).
    pub fn player_labels(&self) -> Vec<String> {
        crate::on_table_game!(self, g => g.players().iter().map(ToString::to_string).collect())
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
    pub fn options_ron(&self) -> String {
        crate::on_table_game!(self, g => crate::save::SaveData::options_text(g.options()))
    }

    /// The game a scene file describes after all its main-line moves.
    pub fn from_scene_file(file: &SceneFile) -> Result<TableGame, tabula_rules::scene::SceneError> {
        fn played<G: Game>(
            file: &SceneFile,
            mut game: G,
        ) -> Result<G, tabula_rules::scene::SceneError> {
            file.replay(&mut game)?;
            Ok(game)
        }
        Ok(match file.scene.game {
            GameKind::War => TableGame::War(played(file, file.war_start()?)?),
            GameKind::Camelot => TableGame::Camelot(played(file, file.camelot_start()?)?),
            GameKind::Fences => TableGame::Fences(played(file, file.fences_start()?)?),
            GameKind::Screwball => TableGame::Screwball(played(file, file.screwball_start()?)?),
            GameKind::Transport => TableGame::Transport(played(file, file.transport_start()?)?),
        })
    }

    /// Puts this game's match on the table (in place of any there), with `seats` played as
    /// given (in turn order; seats not given are played at this screen).
    pub fn insert_match(self, world: &mut World, seats: &[crate::table::Controller]) {
        crate::games::remove_matches(world);
        crate::on_table_game!(self, g => world.insert_resource(Match::new(g).with_seats(seats)));
    }

    /// Sets up `app` to play this game headless (with `view`, in 3D): the shared plugins, the
    /// game's own, the screen state at the table, and its match. Tests build on this; the
    /// window installs every game instead ([`run_window`]).
    pub fn install(self, app: &mut App, view: bool) {
        shared_plugins(app);
        app.add_plugins(crate::state::plugin);
        if view {
            app.add_plugins(crate::view_plugin);
        }
        crate::on_table_game!(&self, g => install_one(app, g, view));
        // A show set up beforehand (tests insert one) is watched, not played.
        let screen = match app.world().get_resource::<crate::playing::Watching>() {
            Some(w) if w.0.is_some() => crate::state::Screen::Demo,
            _ => crate::state::Screen::Table,
        };
        app.insert_resource(self.seat());
        self.insert_match(app.world_mut(), &[]);
        app.insert_state(screen);
    }

    /// Puts this game on the table in place of the one there (of the same kind): the views
    /// rebuild from it.
    pub fn replace_match(self, commands: &mut Commands) {
        crate::on_table_game!(self, g => commands.insert_resource(Match::new(g)));
        commands.write_message(crate::playing::BoardReset);
    }
}

/// What every table needs whichever game is on it: states, the players' commands, motion,
/// who may click, and saving.
pub fn shared_plugins(app: &mut App) {
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    app.add_plugins((
        crate::playing::plugin,
        crate::motion::plugin,
        crate::table::shared_plugin,
        crate::computer::shared_plugin,
        crate::save::plugin,
    ));
}

fn kind_of<G: TableRules>(_: &G) -> GameKind {
    G::KIND
}

/// Adds the plugins of the game `G` (its type given by `_game`).
fn install_one<G: TableRules>(app: &mut App, _game: &G, view: bool) {
    crate::games::install_one::<G>(app, view);
}

/// Whether a window can be opened: an X11 display must be named (Tabula is built for X11).
pub fn display_available() -> Result<(), String> {
    match std::env::var_os("DISPLAY") {
        Some(d) if !d.is_empty() => Ok(()),
        _ => Err(
            "no display: DISPLAY is not set. Run Tabula in a desktop session, or under \
                  a virtual one with `xvfb-run -a tabula ...`"
                .into(),
        ),
    }
}

/// On a software renderer (no GPU, such as Mesa's llvmpipe) play drops shadows and
/// multisampling, draws with the light material (the base colours under one sun) instead
/// of physically based shading, clusters no lights, and leaves the floor far below the
/// table to the background colour (under one sun a level floor has one colour): nearly
/// forty times the frame rate there. Pictures made by `tabula shot` keep the full look.
pub fn economise_on_software(
    mut commands: Commands,
    info: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    mut lights: Query<&mut DirectionalLight>,
    cameras: Query<Entity, With<Camera3d>>,
    floors: Query<Entity, With<crate::room::RoomFloor>>,
) {
    let Some(info) = info else { return };
    if format!("{:?}", info.device_type) != "Cpu" {
        return;
    }
    info!(
        "software renderer ({}): shadows, multisampling and physically based shading off for speed",
        info.name
    );
    for mut light in &mut lights {
        light.shadow_maps_enabled = false;
    }
    commands.insert_resource(crate::lite::UseLite(true));
    for floor in &floors {
        commands.entity(floor).insert(Visibility::Hidden);
        commands.insert_resource(ClearColor(crate::room::FLOOR));
    }
    for camera in &cameras {
        commands
            .entity(camera)
            .insert((Msaa::Off, bevy::light::cluster::ClusterConfig::Single));
    }
}
