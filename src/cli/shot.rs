//! `tabula shot`: render a position to a PNG without anyone at the controls.

use crate::cli::rules_args::{GameArg, opening};
use crate::games::tabletop::{OnTable, TableGame};
use crate::view::camera::View;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::WindowResolution;
use std::path::PathBuf;
use std::process::ExitCode;

/// What to photograph and where to put the picture.
#[derive(Debug, Clone, clap::Args)]
pub struct ShotRequest {
    /// The game whose opening to show (without --scene).
    #[arg(long, value_enum, default_value = "war", conflicts_with = "scene")]
    pub game: GameArg,
    /// Where to write the PNG.
    #[arg(long, default_value = "tabula.png")]
    pub out: PathBuf,
    /// A scene to show (its position after `--at` moves, or after all of them).
    #[arg(long)]
    pub scene: Option<PathBuf>,
    /// How many of the scene's moves to play before the picture.
    #[arg(long, requires = "scene")]
    pub at: Option<usize>,
    /// Picture width in pixels.
    #[arg(long, default_value_t = 1280)]
    pub width: u32,
    /// Picture height in pixels.
    #[arg(long, default_value_t = 720)]
    pub height: u32,
    /// Camera: red, blue, top or side.
    #[arg(long, value_enum, default_value = "red")]
    pub view: View,
    /// Draw the picture as `tabula play` draws it on this machine: on a software renderer
    /// with the light material and no shadows (by default a picture has the full look).
    #[arg(long)]
    pub as_played: bool,
}

#[derive(Resource)]
struct ShotPlan {
    out: PathBuf,
    frames: u32,
    taken: bool,
}

/// Frames to render before the picture (pipelines compile on the first frames).
const SETTLE_FRAMES: u32 = 30;
/// Seconds to wait at least, for slow software renderers.
const SETTLE_SECONDS: f32 = 3.0;

/// The game a shot shows: a scene after `at` moves, or `game`'s opening.
pub(crate) fn game_for(
    game: GameArg,
    scene: Option<&PathBuf>,
    at: Option<usize>,
) -> Result<TableGame, String> {
    match scene {
        Some(path) => TableGame::load_scene(path, at),
        None => opening(game, &Default::default()),
    }
}

/// Opens a window of the requested size, renders, saves the picture and exits.
pub(crate) fn run(request: ShotRequest) -> ExitCode {
    let game = match game_for(request.game, request.scene.as_ref(), request.at) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("tabula shot: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut app = App::new();
    let plugins = DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title: "Tabula — shot".into(),
                resolution: WindowResolution::new(request.width, request.height),
                resizable: false,
                ..default()
            }),
            ..default()
        })
        // A picture needs no sound device.
        .disable::<bevy::audio::AudioPlugin>();
    if request.as_played {
        // As play builds it.
        crate::view::lite::add_plugins_building_on_cpu(&mut app, plugins);
    } else {
        app.add_plugins(plugins);
    }
    if let Err(e) = crate::app::display_available() {
        eprintln!("tabula shot: {e}");
        return ExitCode::from(2);
    }
    let ply = game.ply();
    game.install(&mut app, true);
    app.insert_resource(request.view)
        .insert_resource(ShotPlan {
            out: request.out.clone(),
            frames: 0,
            taken: false,
        })
        .add_systems(Update, take_shot);
    if request.as_played {
        app.add_plugins(crate::view::lite::plugin);
    }
    match app.run() {
        AppExit::Success => {
            println!("{} ({} moves played)", request.out.display(), ply);
            ExitCode::SUCCESS
        }
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

fn take_shot(mut commands: Commands, mut plan: ResMut<ShotPlan>, time: Res<Time>) {
    plan.frames += 1;
    if plan.taken || plan.frames < SETTLE_FRAMES || time.elapsed_secs() < SETTLE_SECONDS {
        return;
    }
    plan.taken = true;
    let out = plan.out.clone();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            let result = captured
                .image
                .clone()
                .try_into_dynamic()
                .map_err(|e| e.to_string())
                .and_then(|img| {
                    img.to_rgb8()
                        .save_with_format(&out, image::ImageFormat::Png)
                        .map_err(|e| e.to_string())
                });
            match result {
                Ok(()) => {
                    exit.write(AppExit::Success);
                }
                Err(e) => {
                    eprintln!("tabula shot: cannot write {}: {e}", out.display());
                    exit.write(AppExit::error());
                }
            }
        },
    );
}
