//! The game on the table: which one is played, and the plugins and resources each needs,
//! in a window or headless.

use crate::playing::Seat;
use bevy::prelude::*;
use std::path::Path;
use std::process::ExitCode;
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
        match self {
            TableGame::War(_) => GameKind::War,
            TableGame::Camelot(_) => GameKind::Camelot,
            TableGame::Fences(_) => GameKind::Fences,
            TableGame::Screwball(_) => GameKind::Screwball,
            TableGame::Transport(_) => GameKind::Transport,
        }
    }

    /// Moves played so far.
    pub fn ply(&self) -> usize {
        match self {
            TableGame::War(g) => g.ply(),
            TableGame::Camelot(g) => g.ply(),
            TableGame::Fences(g) => g.ply(),
            TableGame::Screwball(g) => g.ply(),
            TableGame::Transport(g) => g.ply(),
        }
    }

    /// Where the player to move sits.
    pub fn seat(&self) -> Seat {
        match self {
            TableGame::War(g) => Seat::opposite(g.to_move().index()),
            TableGame::Camelot(g) => Seat::opposite(g.to_move().index()),
            TableGame::Fences(g) => crate::games::fences::table_seat(g.to_move()),
            TableGame::Screwball(g) => Seat::opposite(g.to_move().index()),
            TableGame::Transport(g) => {
                crate::games::transport::fleet_seat(g.position().mode, g.to_move().0)
            }
        }
    }

    /// The players' names in turn order ("Red", "Blue"; "Fleet 1" ...).
    pub fn player_labels(&self) -> Vec<String> {
        fn labels<G: Game>(g: &G) -> Vec<String>
        where
            G::Player: std::fmt::Display,
        {
            g.players().iter().map(ToString::to_string).collect()
        }
        match self {
            TableGame::War(g) => labels(g),
            TableGame::Camelot(g) => labels(g),
            TableGame::Fences(g) => labels(g),
            TableGame::Screwball(g) => labels(g),
            TableGame::Transport(g) => labels(g),
        }
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

    /// Adds the game's match and logic to `app` (enough for headless tests), and with
    /// `view` its board, models, picking, HUD and camera.
    pub fn install(self, app: &mut App, view: bool) {
        app.insert_resource(self.seat());
        app.add_plugins((crate::playing::plugin, crate::motion::plugin));
        if view {
            app.add_plugins(crate::view_plugin);
        }
        match self {
            TableGame::War(game) => {
                app.insert_resource(crate::table::Match::new(game))
                    .add_plugins(crate::games::war::logic);
                if view {
                    app.add_plugins(crate::games::war::view);
                }
            }
            TableGame::Camelot(game) => {
                app.insert_resource(crate::table::Match::new(game))
                    .add_plugins(crate::games::camelot::logic);
                if view {
                    app.add_plugins(crate::games::camelot::view);
                }
            }
            TableGame::Fences(game) => {
                app.insert_resource(crate::table::Match::new(game))
                    .add_plugins(crate::games::fences::logic);
                if view {
                    app.add_plugins(crate::games::fences::view);
                }
            }
            TableGame::Screwball(game) => {
                app.insert_resource(crate::table::Match::new(game))
                    .add_plugins(crate::games::screwball::logic);
                if view {
                    app.add_plugins(crate::games::screwball::view);
                }
            }
            TableGame::Transport(game) => {
                app.insert_resource(crate::table::Match::new(game))
                    .add_plugins(crate::games::transport::logic);
                if view {
                    app.add_plugins(crate::games::transport::view);
                }
            }
        }
    }
}

impl TableGame {
    /// Puts this game on the table in place of the one there (of the same kind): the views
    /// rebuild from it.
    pub fn replace_match(self, commands: &mut Commands) {
        match self {
            TableGame::War(g) => commands.insert_resource(crate::table::Match::new(g)),
            TableGame::Camelot(g) => commands.insert_resource(crate::table::Match::new(g)),
            TableGame::Fences(g) => commands.insert_resource(crate::table::Match::new(g)),
            TableGame::Screwball(g) => commands.insert_resource(crate::table::Match::new(g)),
            TableGame::Transport(g) => commands.insert_resource(crate::table::Match::new(g)),
        }
        commands.write_message(crate::playing::BoardReset);
    }
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

/// How a window shows the game.
#[derive(Debug, Clone, Default)]
pub struct Viewing {
    /// Where the camera starts.
    pub view: crate::camera::View,
    /// Hot-seat: the camera turns to the player to move.
    pub follow_turn: bool,
    /// The spectator director holds the camera from the start.
    pub spectator: bool,
    /// A second window shows the spectator camera.
    pub spectator_window: bool,
    /// The players' names.
    pub names: crate::playing::SeatNames,
    /// A demonstration to show.
    pub demo: Option<crate::demo::Demo>,
    /// Where Ctrl+S saves (default `tabula-save.ron`).
    pub save_to: Option<std::path::PathBuf>,
    /// The frame-rate benchmark: frames to measure after a warm-up; then it prints the mean
    /// frame time and exits.
    pub frames: Option<u32>,
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

/// Hands over to the command line a leave asked for (the start screen, a loaded game).
fn hand_over_launch(mut launch: ResMut<crate::menu::Launch>) {
    if let Some(args) = launch.0.take() {
        let err = crate::menu::hand_over(&args);
        error!("could not start `tabula {}`: {err}", args.join(" "));
    }
}

/// Opens the tabletop window on `game` and runs until it is closed.
pub fn run_window(game: TableGame, viewing: Viewing) -> ExitCode {
    if let Err(e) = display_available() {
        eprintln!("tabula: {e}");
        return ExitCode::from(2);
    }
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: format!("Tabula — {}", game.kind().title()),
                    resolution: (1280u32, 720u32).into(),
                    ..default()
                }),
                ..default()
            })
            // Build the per-mesh instance data on the CPU: a few hundred meshes cost the CPU
            // next to nothing, and a software renderer is spared the compute passes that
            // would build it on the GPU.
            .set(bevy::pbr::PbrPlugin {
                use_gpu_instance_buffer_builder: false,
                ..default()
            }),
    );
    app.insert_resource(viewing.view)
        .insert_resource(crate::camera::FollowTurn(viewing.follow_turn))
        .insert_resource(crate::spectator::Spectator(viewing.spectator))
        .insert_resource(viewing.names);
    if let Some(path) = viewing.save_to {
        app.insert_resource(crate::save::SavePath(path));
    }
    if let Some(n) = viewing.frames {
        app.add_plugins(crate::probe::plugin(n));
    }
    game.install(&mut app, true);
    // Before the first frame is drawn, so that no mesh is ever drawn with the costly material.
    app.add_plugins(crate::lite::plugin)
        .add_systems(PostStartup, economise_on_software);
    if viewing.spectator_window {
        app.add_plugins(crate::spectator::window_plugin);
    }
    if let Some(demo) = viewing.demo {
        app.insert_resource(demo).add_plugins(crate::demo::view);
    }
    app.add_systems(Last, hand_over_launch);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
