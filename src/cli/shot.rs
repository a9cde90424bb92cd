//! `tabula shot`: render a position to a PNG without anyone at the controls, offscreen (no
//! display needed) or in a window, and time its frames.

use crate::cli::rules_args::{GameArg, opening};
use crate::games::tabletop::{OnTable, TableGame};
use crate::screens::open::Start;
use crate::table::analysis::AnalysisCommand;
use crate::view::camera::View;
use crate::view::lite::Look;
use crate::view::offscreen::{Canvas, Offscreen};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
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
    /// Camera: red, blue, top or side (by default red, or where the screen opened after
    /// `--` puts it).
    #[arg(long, value_enum)]
    pub view: Option<View>,
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
    /// Keys pressed once the screen is up, one after another, comma-separated: letters,
    /// digits, Left, Right, Up, Down, PageUp, PageDown, Home, End, Enter, Space, Tab, Esc, F1
    /// (the help), F9 (resign)
    /// (`--press Left,Left,A` looks back two moves and turns analysis on).
    #[arg(long, value_delimiter = ',', value_parser = parse_key)]
    pub press: Vec<KeyCode>,
    /// Analysis on, as A turns it on, and on a finished game the whole game reviewed, as
    /// the result screen's "Analyse the game" asks; the picture waits for the engine.
    #[arg(long, conflicts_with = "all")]
    pub analysis: bool,
    /// A screen to show as the command line opens it, after `--`: `-- learn war --step 3`,
    /// `-- puzzle camelot --number 2`, `-- demo scenes/war`, `-- play transport`.
    #[arg(last = true, value_name = "SCREEN", conflicts_with_all = ["scene", "all", "menu"])]
    pub screen: Vec<String>,
}

/// Reads a key's name, as `--press` writes them.
fn parse_key(text: &str) -> Result<KeyCode, String> {
    let word = text.trim();
    let named = match word.to_ascii_lowercase().as_str() {
        "left" => Some(KeyCode::ArrowLeft),
        "right" => Some(KeyCode::ArrowRight),
        "up" => Some(KeyCode::ArrowUp),
        "down" => Some(KeyCode::ArrowDown),
        "pageup" => Some(KeyCode::PageUp),
        "pagedown" => Some(KeyCode::PageDown),
        "home" => Some(KeyCode::Home),
        "end" => Some(KeyCode::End),
        "enter" => Some(KeyCode::Enter),
        "space" => Some(KeyCode::Space),
        "tab" => Some(KeyCode::Tab),
        "esc" | "escape" => Some(KeyCode::Escape),
        "f1" => Some(KeyCode::F1),
        "f9" => Some(KeyCode::F9),
        _ => None,
    };
    let mut chars = word.chars();
    let single = match (chars.next(), chars.next()) {
        (Some(c), None) => letter_or_digit(c.to_ascii_uppercase()),
        _ => None,
    };
    named.or(single).ok_or_else(|| {
        format!(
            "`{word}`: a key is a letter, a digit, Left, Right, Up, Down, PageUp, PageDown, \
             Home, End, Enter, Space, Tab, Esc, F1 or F9"
        )
    })
}

/// The key of a letter (upper case) or digit.
fn letter_or_digit(c: char) -> Option<KeyCode> {
    match c {
        'A'..='Z' => Some(LETTERS[c as usize - 'A' as usize]),
        '0'..='9' => Some(DIGITS[c as usize - '0' as usize]),
        _ => None,
    }
}

/// The keys of the letters, from A.
const LETTERS: [KeyCode; 26] = [
    KeyCode::KeyA,
    KeyCode::KeyB,
    KeyCode::KeyC,
    KeyCode::KeyD,
    KeyCode::KeyE,
    KeyCode::KeyF,
    KeyCode::KeyG,
    KeyCode::KeyH,
    KeyCode::KeyI,
    KeyCode::KeyJ,
    KeyCode::KeyK,
    KeyCode::KeyL,
    KeyCode::KeyM,
    KeyCode::KeyN,
    KeyCode::KeyO,
    KeyCode::KeyP,
    KeyCode::KeyQ,
    KeyCode::KeyR,
    KeyCode::KeyS,
    KeyCode::KeyT,
    KeyCode::KeyU,
    KeyCode::KeyV,
    KeyCode::KeyW,
    KeyCode::KeyX,
    KeyCode::KeyY,
    KeyCode::KeyZ,
];

/// The keys of the digits, from 0.
const DIGITS: [KeyCode; 10] = [
    KeyCode::Digit0,
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// What `code` means on an English keyboard, as the start screen reads it.
fn logical_key(code: KeyCode) -> Key {
    if let Some(i) = LETTERS.iter().position(|k| *k == code) {
        return Key::Character(char::from(b'a' + i as u8).to_string().into());
    }
    if let Some(i) = DIGITS.iter().position(|k| *k == code) {
        return Key::Character(char::from(b'0' + i as u8).to_string().into());
    }
    match code {
        KeyCode::ArrowLeft => Key::ArrowLeft,
        KeyCode::ArrowRight => Key::ArrowRight,
        KeyCode::ArrowUp => Key::ArrowUp,
        KeyCode::ArrowDown => Key::ArrowDown,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::Enter => Key::Enter,
        KeyCode::Space => Key::Space,
        KeyCode::Tab => Key::Tab,
        _ => Key::Escape,
    }
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
    /// Keys still to press, in order.
    keys: Vec<KeyCode>,
    /// The key pressed last frame, to let go of.
    held: Option<KeyCode>,
    /// When (seconds after the start) the next key is pressed, or analysis asked for.
    next_at: f32,
    /// Analysis still to ask for.
    analysis: bool,
    /// Since when (seconds after the start) the engine has had nothing left to do for the
    /// analysis.
    engine_quiet_since: Option<f32>,
}

/// Seconds to wait at least before the picture, for slow software renderers.
const SETTLE_SECONDS: f32 = 3.0;

/// When the first key is pressed (seconds after the start): the screen is up by then.
const FIRST_KEY_SECONDS: f32 = 1.5;

/// Seconds between keys, and from the last key (or the engine's last answer) to the
/// picture.
const KEY_SECONDS: f32 = 0.5;

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

/// What the picture shows: a screen opened as the command line opens it (`-- SCREEN`), or
/// a game on the table (its opening or a scene; with `--menu`, the game chosen on the
/// start screen).
fn start_for(request: &ShotRequest) -> Result<Start, String> {
    if !request.screen.is_empty() {
        return crate::cli::parse_launch(&request.screen)
            .and_then(|launch| crate::screens::open::open(&launch));
    }
    let game = game_for(request.game, request.scene.as_ref(), request.at)?;
    Ok(Start::Table(game, Default::default()))
}

/// Renders the picture (or, with `--all`, every game's), saves it and exits.
pub(crate) fn run(request: ShotRequest, ui_scale: Option<f32>) -> ExitCode {
    if request.all {
        return run_all(&request, ui_scale);
    }
    let start = match start_for(&request) {
        Ok(start) => start,
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
    let (name, ply) = match &start {
        Start::Table(game, _) => (game.kind().info().name, game.ply()),
        Start::Menu => ("start screen", 0),
    };
    if request.menu {
        let mut menu = crate::screens::menu::Menu::new(1, Vec::new());
        if let Start::Table(game, _) = &start {
            menu.game = game.kind();
        }
        app.insert_resource(menu);
        crate::app::build(&mut app, Start::Menu, true);
    } else if !request.screen.is_empty() {
        crate::app::build(&mut app, start, true);
    } else if let Start::Table(game, _) = start {
        game.install(&mut app, true);
        app.add_plugins(crate::view::lite::plugin);
    }
    if request.no_hud {
        app.add_systems(PostUpdate, crate::view::offscreen::hide_panels);
    }
    let target = app
        .world()
        .get_resource::<Canvas>()
        .map(|c| c.image.clone());
    if let Some(view) = request.view {
        app.insert_resource(view);
    } else if request.screen.is_empty() {
        app.insert_resource(View::default());
    }
    if let Some(scale) = ui_scale {
        app.insert_resource(crate::view::ui_scale::UiScaleFlag(scale));
    }
    app.insert_resource(request.look)
        .add_plugins(crate::app::probe::plugin(request.frames, false))
        .insert_resource(ShotPlan {
            out: request.out.clone(),
            target,
            taken: false,
            grayscale: request.grayscale,
            keys: request.press.clone(),
            held: None,
            next_at: FIRST_KEY_SECONDS,
            analysis: request.analysis,
            engine_quiet_since: None,
        })
        .add_systems(PreUpdate, press_keys.before(bevy::input::InputSystems))
        .add_systems(Update, (ask_analysis, take_shot).chain())
        .add_systems(Last, watch_engine);
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
fn run_all(request: &ShotRequest, ui_scale: Option<f32>) -> ExitCode {
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
            .args(ui_scale.map(|s| format!("--ui-scale={s}")))
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
        request.view.unwrap_or_default().name().into(),
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

/// Presses `--press`'s keys one after another, each for a frame, as a player would: the
/// keyboard's messages are written before the input is read, for the keys held and for the
/// start screen, which reads the messages.
fn press_keys(
    mut plan: ResMut<ShotPlan>,
    mut keyboard: MessageWriter<KeyboardInput>,
    time: Res<Time<Real>>,
) {
    let message = |key_code: KeyCode, state: ButtonState| {
        let logical_key = logical_key(key_code);
        let text = match (&logical_key, state) {
            (Key::Character(c), ButtonState::Pressed) => Some(c.clone()),
            _ => None,
        };
        KeyboardInput {
            key_code,
            logical_key,
            state,
            text,
            repeat: false,
            window: Entity::PLACEHOLDER,
        }
    };
    if let Some(key) = plan.held.take() {
        keyboard.write(message(key, ButtonState::Released));
    }
    if plan.keys.is_empty() || time.elapsed_secs() < plan.next_at {
        return;
    }
    let key = plan.keys.remove(0);
    keyboard.write(message(key, ButtonState::Pressed));
    plan.held = Some(key);
    plan.next_at = time.elapsed_secs() + KEY_SECONDS;
}

/// With `--analysis`, once the keys are pressed: analysis on, and a finished game reviewed.
fn ask_analysis(
    mut plan: ResMut<ShotPlan>,
    hud: Res<crate::table::report::HudState>,
    time: Res<Time<Real>>,
    mut out: MessageWriter<AnalysisCommand>,
) {
    if !plan.analysis || !plan.keys.is_empty() || time.elapsed_secs() < plan.next_at {
        return;
    }
    plan.analysis = false;
    out.write(AnalysisCommand::Toggle);
    if hud.over {
        out.write(AnalysisCommand::ReviewGame);
    }
    plan.next_at = time.elapsed_secs() + KEY_SECONDS;
}

/// Notes since when the engine has had nothing left to do for the analysis.
fn watch_engine(world: &mut World) {
    let busy = crate::table::analysis::engine_at_work(world);
    let now = world.resource::<Time<Real>>().elapsed_secs();
    let mut plan = world.resource_mut::<ShotPlan>();
    if busy {
        plan.engine_quiet_since = None;
    } else if plan.engine_quiet_since.is_none() {
        plan.engine_quiet_since = Some(now);
    }
}

/// Takes the picture once the frames are measured, the keys pressed and the engine done.
fn take_shot(
    mut commands: Commands,
    mut plan: ResMut<ShotPlan>,
    probe: Res<crate::app::probe::FrameProbe>,
    time: Res<Time<Real>>,
) {
    let now = time.elapsed_secs();
    let settled = now >= SETTLE_SECONDS
        && plan.keys.is_empty()
        && !plan.analysis
        && now >= plan.next_at + KEY_SECONDS
        && plan
            .engine_quiet_since
            .is_some_and(|since| now >= since + KEY_SECONDS);
    if plan.taken || !probe.done || !settled {
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

    #[test]
    fn keys_are_read_by_their_names() {
        assert_eq!(parse_key("a"), Ok(KeyCode::KeyA));
        assert_eq!(parse_key("Z"), Ok(KeyCode::KeyZ));
        assert_eq!(parse_key("7"), Ok(KeyCode::Digit7));
        assert_eq!(parse_key("Left"), Ok(KeyCode::ArrowLeft));
        assert_eq!(parse_key("pagedown"), Ok(KeyCode::PageDown));
        assert_eq!(parse_key("Esc"), Ok(KeyCode::Escape));
        assert_eq!(parse_key("f1"), Ok(KeyCode::F1));
        assert!(parse_key("F13").unwrap_err().contains("a letter, a digit"));
    }
}
