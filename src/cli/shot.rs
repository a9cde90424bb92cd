//! `tabula shot`: render a position to a PNG without anyone at the controls, offscreen (no
//! display needed) or in a window, and time its frames.

use crate::cli::rules_args::{GameArg, opening};
use crate::games::tabletop::{OnTable, TableGame};
use crate::view::camera::View;
use crate::view::lite::Look;
use crate::view::offscreen::{Canvas, Offscreen};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::WindowResolution;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tabula_rules::registry::GAMES;

/// What to photograph and where to put the picture.
#[derive(Debug, Clone, clap::Args)]
pub struct ShotRequest {
    /// The game whose opening to show (without --scene).
    #[arg(long, value_enum, default_value = "war", conflicts_with_all = ["scene", "all"])]
    pub game: GameArg,
    /// Every game's opening, one picture each, written into the folder --out names as
    /// GAME-LOOK.png.
    #[arg(long, conflicts_with = "scene")]
    pub all: bool,
    /// Where to write the PNG (with --all, the folder for them).
    #[arg(long, default_value = "tabula.png")]
    pub out: PathBuf,
    /// A scene to show (its position after `--at` moves, or after all of them).
    #[arg(long)]
    pub scene: Option<PathBuf>,
    /// How many of the scene's moves to play before the picture.
    #[arg(long, requires = "scene")]
    pub at: Option<usize>,
    /// Picture size in pixels, WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x720", value_parser = parse_size)]
    pub size: UVec2,
    /// Camera: red, blue, top or side.
    #[arg(long, value_enum, default_value = "red")]
    pub view: View,
    /// How the table is drawn: full (physically based shading, shadows, multisampling),
    /// light (each surface's base colour under one sun, as play draws on a software
    /// renderer) or played (as `tabula play` draws it on this machine).
    #[arg(long, value_enum, default_value = "full")]
    pub look: Look,
    /// Frames to time after the warm-up, before the picture is taken; the mean and median
    /// frame time are printed.
    #[arg(long, default_value_t = 30)]
    pub frames: u32,
    /// Draw in a window (needs a display) instead of offscreen.
    #[arg(long)]
    pub window: bool,
    /// Leave out the HUD: the table alone.
    #[arg(long, conflicts_with = "menu")]
    pub no_hud: bool,
    /// Save the picture in grayscale, as a player who tells no colours apart sees it: the
    /// sides' pieces must still differ in lightness or shape.
    #[arg(long)]
    pub grayscale: bool,
    /// The start screen instead of the table, with --game chosen (its board turning
    /// behind the menu).
    #[arg(long, conflicts_with_all = ["scene", "all"])]
    pub menu: bool,
}

/// Reads a picture size written WIDTHxHEIGHT (`1920x1080`).
fn parse_size(text: &str) -> Result<UVec2, String> {
    let bad = || format!("`{text}`: write the size as WIDTHxHEIGHT, such as 1920x1080");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if !(1..=8192).contains(&w) || !(1..=8192).contains(&h) {
        return Err(format!("`{text}`: each side from 1 to 8192 pixels"));
    }
    Ok(UVec2::new(w, h))
}

#[derive(Resource)]
struct ShotPlan {
    out: PathBuf,
    target: Option<Handle<Image>>,
    taken: bool,
    /// Save the picture in grayscale.
    grayscale: bool,
}

/// Seconds to wait at least before the picture, for slow software renderers.
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

/// Renders the picture (or, with `--all`, every game's), saves it and exits.
pub(crate) fn run(request: ShotRequest) -> ExitCode {
    if request.all {
        return run_all(&request);
    }
    let game = match game_for(request.game, request.scene.as_ref(), request.at) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("tabula shot: {e}");
            return ExitCode::FAILURE;
        }
    };
    if request.window
        && let Err(e) = crate::app::display_available()
    {
        eprintln!("tabula shot: {e}");
        return ExitCode::from(2);
    }
    crate::view::offscreen::explain_missing_adapter("shot");
    let mut app = App::new();
    let plugins = if request.window {
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Tabula — shot".into(),
                    resolution: WindowResolution::new(request.size.x, request.size.y),
                    resizable: false,
                    ..default()
                }),
                ..default()
            })
            // A picture needs no sound device.
            .disable::<bevy::audio::AudioPlugin>()
    } else {
        crate::view::offscreen::default_plugins()
    };
    if request.look == Look::Full {
        app.add_plugins(plugins);
    } else {
        // As play builds it.
        crate::view::lite::add_plugins_building_on_cpu(&mut app, plugins);
    }
    if !request.window {
        app.add_plugins(Offscreen { size: request.size });
    }
    let ply = game.ply();
    let name = game.kind().info().name;
    if request.menu {
        let mut menu = crate::screens::menu::Menu::new(1, Vec::new());
        menu.game = game.kind();
        app.insert_resource(menu);
        crate::app::build(&mut app, crate::screens::open::Start::Menu, true);
    } else {
        game.install(&mut app, true);
        app.add_plugins(crate::view::lite::plugin);
        if request.no_hud {
            app.add_systems(PostUpdate, crate::view::offscreen::hide_panels);
        }
    }
    let target = app
        .world()
        .get_resource::<Canvas>()
        .map(|c| c.image.clone());
    app.insert_resource(request.view)
        .insert_resource(request.look)
        .add_plugins(crate::app::probe::plugin(request.frames, false))
        .insert_resource(ShotPlan {
            out: request.out.clone(),
            target,
            taken: false,
            grayscale: request.grayscale,
        })
        .add_systems(Update, take_shot);
    println!(
        "{name}: {}x{}, {} look, {}",
        request.size.x,
        request.size.y,
        request.look.name(),
        if request.window {
            "in a window"
        } else {
            "offscreen"
        }
    );
    match app.run() {
        AppExit::Success => {
            println!("{} ({} moves played)", request.out.display(), ply);
            ExitCode::SUCCESS
        }
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// Every game's opening, one after another, each in a process of its own (a renderer a
/// game), into the folder `request.out`.
fn run_all(request: &ShotRequest) -> ExitCode {
    if let Err(e) = std::fs::create_dir_all(&request.out) {
        eprintln!("tabula shot: cannot make {}: {e}", request.out.display());
        return ExitCode::FAILURE;
    }
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("tabula shot: cannot find this program to run it again: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut failed = Vec::new();
    for game in GAMES {
        let out = request
            .out
            .join(format!("{}-{}.png", game.name, request.look.name()));
        let status = std::process::Command::new(&exe)
            .args(one_game_args(request, game.name, &out))
            .status();
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => failed.push(format!("{} ({s})", game.name)),
            Err(e) => failed.push(format!("{} ({e})", game.name)),
        }
    }
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        eprintln!("tabula shot: failed: {}", failed.join(", "));
        ExitCode::FAILURE
    }
}

/// The command line of one game's picture out of `request` (`--all`'s).
fn one_game_args(request: &ShotRequest, game: &str, out: &Path) -> Vec<String> {
    let mut args = vec![
        "shot".to_string(),
        "--game".into(),
        game.into(),
        "--out".into(),
        out.display().to_string(),
        "--size".into(),
        format!("{}x{}", request.size.x, request.size.y),
        "--view".into(),
        request.view.name().into(),
        "--look".into(),
        request.look.name().into(),
        "--frames".into(),
        request.frames.to_string(),
    ];
    if request.window {
        args.push("--window".into());
    }
    if request.no_hud {
        args.push("--no-hud".into());
    }
    if request.grayscale {
        args.push("--grayscale".into());
    }
    args
}

fn take_shot(
    mut commands: Commands,
    mut plan: ResMut<ShotPlan>,
    probe: Res<crate::app::probe::FrameProbe>,
    time: Res<Time<Real>>,
) {
    if plan.taken || !probe.done || time.elapsed_secs() < SETTLE_SECONDS {
        return;
    }
    plan.taken = true;
    let out = plan.out.clone();
    let grayscale = plan.grayscale;
    let screenshot = match &plan.target {
        Some(image) => Screenshot::image(image.clone()),
        None => Screenshot::primary_window(),
    };
    commands.spawn(screenshot).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            let result = captured
                .image
                .clone()
                .try_into_dynamic()
                .map_err(|e| e.to_string())
                .and_then(|img| {
                    let img = if grayscale { img.grayscale() } else { img };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_read_as_width_by_height() {
        assert_eq!(parse_size("1920x1080"), Ok(UVec2::new(1920, 1080)));
        assert_eq!(parse_size("480X270"), Ok(UVec2::new(480, 270)));
        assert!(parse_size("1920").unwrap_err().contains("WIDTHxHEIGHT"));
        assert!(parse_size("0x10").unwrap_err().contains("1 to 8192"));
    }
}
