//! Demonstrations: a scene replayed as a show through the spectator camera, with the
//! book's commentary as subtitles, squares and arrows drawn on the board, play and pause,
//! stepping, speed, jumping to any move, and following a variation and coming back.
//! Several files (or a folder) make a playlist; `--loop` runs it unattended.
//!
//! The scene's whole line is set on the table and taken back to the start, so that going
//! forward is the game's own redo (with its animations) and going back its take-back.

use crate::playing::{MatchCommand, MatchSet, ReviewTo, Step};
use crate::save::Saveable;
use crate::tabletop::TableGame;
use bevy::prelude::*;
use std::path::PathBuf;
use tabula_rules::scene::{CameraCue, Note, SceneFile};

/// Seconds between moves at speed 1 (animations finish first).
const BEAT: f32 = 2.5;

/// What the show is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The line was set on the table: take it all back next frame.
    Rewind,
    /// Showing the line.
    Showing,
}

/// A demonstration in progress: the playlist, the scene and line shown, and where.
#[derive(Resource, Debug, Clone)]
pub struct Demo {
    /// The scene files, in order.
    pub playlist: Vec<PathBuf>,
    /// The scene shown: its place in the playlist.
    pub index: usize,
    /// The scene shown.
    pub scene: SceneFile,
    /// The variation shown, or the main line.
    pub variation: Option<usize>,
    /// The number of moves to show played.
    pub target: usize,
    /// Whether it moves on by itself.
    pub playing: bool,
    /// Speed: 1 is a move every 2.5 seconds.
    pub speed: f32,
    /// Start the playlist again after its last scene.
    pub looping: bool,
    /// The last scene of a playlist that does not loop has been shown to its end.
    pub finished: bool,
    /// Seconds until the next move when playing.
    wait: f32,
    phase: Phase,
    /// The line shown is not the one on the table: set it there first.
    needs_set: bool,
    /// The step asked of the match.
    step: crate::playing::Stepper,
    /// Variations already shown while playing, so the show goes on after them.
    seen: Vec<usize>,
}

impl Demo {
    /// A show of the scene at `index` of `playlist`, from its start.
    pub fn new(playlist: Vec<PathBuf>, index: usize, scene: SceneFile) -> Demo {
        Demo {
            playlist,
            index,
            scene,
            variation: None,
            target: 0,
            playing: true,
            speed: 1.0,
            looping: false,
            finished: false,
            wait: BEAT,
            phase: Phase::Rewind,
            needs_set: false,
            step: Default::default(),
            seen: Vec::new(),
        }
    }

    /// The moves of the line shown.
    pub fn line(&self) -> Vec<String> {
        self.scene.line_moves(self.variation)
    }

    /// How many moves the line shown has (without listing them).
    pub fn line_len(&self) -> usize {
        let scene = &self.scene.scene;
        match self.variation.and_then(|v| scene.variations.get(v)) {
            None => scene.moves.len(),
            Some(v) => v.from.min(scene.moves.len()) + v.moves.len(),
        }
    }

    /// The note for `ply` moves played on the line shown, if any.
    pub fn note_at(&self, ply: usize) -> Option<&Note> {
        let line_notes = self
            .variation
            .and_then(|v| self.scene.scene.variations.get(v))
            .map(|v| &v.notes);
        match line_notes {
            Some(notes) if ply > self.branch() => notes.get(&ply),
            Some(notes) => notes.get(&ply).or_else(|| self.scene.scene.notes.get(&ply)),
            None => self.scene.scene.notes.get(&ply),
        }
    }

    /// The caption in force at `ply`: the latest note with one, at or before it.
    pub fn caption_at(&self, ply: usize) -> Option<String> {
        (0..=ply)
            .rev()
            .find_map(|p| self.note_at(p).and_then(|n| n.caption.clone()))
    }

    /// Where the variation shown branches off (the line's length on the main line).
    fn branch(&self) -> usize {
        self.variation
            .and_then(|v| self.scene.scene.variations.get(v))
            .map(|v| v.from)
            .unwrap_or(usize::MAX)
    }

    /// The variation that branches off the main line here, if any.
    pub fn variation_here(&self) -> Option<usize> {
        if self.variation.is_some() {
            return None;
        }
        self.scene
            .scene
            .variations
            .iter()
            .position(|v| v.from == self.target)
    }
}

/// What the audience or the presenter asks of the show.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub enum DemoCommand {
    /// Play or pause.
    Toggle,
    /// One move forward (pauses).
    Forward,
    /// One move back (pauses).
    Back,
    /// To the position after this many moves of the line.
    Jump(usize),
    /// Faster (×2) or slower (÷2).
    Speed(f32),
    /// Follow the variation that branches off here.
    Variation(usize),
    /// Back to the main line where the variation branched off.
    MainLine,
    /// The next scene of the playlist.
    Next,
    /// The previous scene of the playlist.
    Previous,
}

/// The show's logic for the match `M` (enough for headless tests).
pub fn driver<M: Saveable>(app: &mut App) {
    app.add_systems(
        Update,
        drive::<M>
            .after(commands)
            .before(MatchSet)
            .run_if(resource_exists::<Demo>)
            .run_if(resource_exists::<M>),
    );
}

/// The show's commands, and its driver for every game's match.
pub fn logic(app: &mut App) {
    app.add_message::<DemoCommand>().add_systems(
        Update,
        commands.before(MatchSet).run_if(resource_exists::<Demo>),
    );
    crate::each_game!(G => {
        app.add_plugins(driver::<crate::table::Match<G>>);
    });
}

fn commands(
    mut asks: MessageReader<DemoCommand>,
    mut jumps: MessageReader<ReviewTo>,
    mut demo: ResMut<Demo>,
    mut launch: ResMut<crate::playing::Launch>,
) {
    let len = demo.line_len();
    for ask in asks
        .read()
        .copied()
        .chain(jumps.read().map(|j| DemoCommand::Jump(j.0)))
    {
        match ask {
            DemoCommand::Toggle => {
                demo.playing = !demo.playing;
                demo.wait = 0.5;
            }
            DemoCommand::Forward => {
                demo.playing = false;
                demo.target = (demo.target + 1).min(len);
            }
            DemoCommand::Back => {
                demo.playing = false;
                demo.target = demo.target.saturating_sub(1);
            }
            DemoCommand::Jump(n) => {
                demo.playing = false;
                demo.target = n.min(len);
            }
            DemoCommand::Speed(k) => demo.speed = (demo.speed * k).clamp(0.25, 8.0),
            DemoCommand::Variation(v) => enter_variation(&mut demo, v),
            DemoCommand::MainLine => return_to_main(&mut demo),
            DemoCommand::Next => launch.0 = next_scene(&demo, 1),
            DemoCommand::Previous => launch.0 = next_scene(&demo, -1),
        }
    }
}

fn enter_variation(demo: &mut Demo, v: usize) {
    let Some(variation) = demo.scene.scene.variations.get(v) else {
        return;
    };
    demo.target = variation.from;
    demo.variation = Some(v);
    demo.phase = Phase::Rewind;
    demo.needs_set = true;
    demo.step.reset();
    if !demo.seen.contains(&v) {
        demo.seen.push(v);
    }
}

fn return_to_main(demo: &mut Demo) {
    let Some(from) = demo
        .variation
        .and_then(|v| demo.scene.scene.variations.get(v))
        .map(|v| v.from)
    else {
        return;
    };
    demo.variation = None;
    demo.target = from;
    demo.phase = Phase::Rewind;
    demo.needs_set = true;
    demo.step.reset();
}

/// The command line that shows another scene of the playlist (`step` 1: the next), or
/// none when there is none.
fn next_scene(demo: &Demo, step: isize) -> Option<Vec<String>> {
    let n = demo.playlist.len() as isize;
    let mut index = demo.index as isize + step;
    if index >= n || index < 0 {
        if !demo.looping || n == 0 {
            return None;
        }
        index = index.rem_euclid(n);
    }
    let mut args = vec![
        "demo".to_string(),
        "--index".into(),
        index.to_string(),
        "--speed".into(),
        demo.speed.to_string(),
    ];
    if demo.looping {
        args.push("--loop".into());
    }
    args.extend(demo.playlist.iter().map(|p| p.display().to_string()));
    Some(args)
}

/// Sets a line of the scene on the table: all its moves played (they are then taken back).
fn set_line(demo: &Demo, commands: &mut Commands) {
    let file = &demo.scene;
    let moves = demo.line();
    let mut scene = file.clone();
    scene.scene.moves = moves;
    scene.scene.variations.clear();
    let table = TableGame::from_scene_file(&scene);
    match table {
        Ok(table) => table.replace_match(commands),
        Err(e) => error!("{e}"),
    }
}

#[allow(clippy::too_many_arguments)]
fn drive<M: Saveable>(
    mut commands: Commands,
    mut demo: ResMut<Demo>,
    the_match: Res<M>,
    time: Res<Time>,
    moving: Query<(), With<crate::motion::Travel>>,
    mut out: MessageWriter<MatchCommand>,
    mut launch: ResMut<crate::playing::Launch>,
) {
    let ply = the_match.ply();
    let len = demo.line_len();
    if demo.phase == Phase::Rewind {
        // First set the whole line on the table (the scene as loaded already is, for the
        // main line), then take it back to the move asked for, all in one frame.
        if demo.needs_set {
            set_line(&demo, &mut commands);
            demo.needs_set = false;
            return;
        }
        if ply != len {
            // The new match is not in place yet.
            return;
        }
        for _ in demo.target..len {
            out.write(MatchCommand::Undo);
        }
        demo.phase = Phase::Showing;
        demo.step.asked(ply);
        return;
    }
    // Waiting and counting down are not news: the overlay follows what the show shows.
    let target = demo.target;
    match demo.bypass_change_detection().step.next(ply, target) {
        Step::Wait => return,
        Step::Ask(command) => {
            out.write(command);
            return;
        }
        // The match would not step: show where it is.
        Step::Stuck => demo.target = ply,
        Step::There => {}
    }
    if !demo.playing || !moving.is_empty() {
        return;
    }
    let speed = demo.speed;
    demo.bypass_change_detection().wait -= time.delta_secs() * speed;
    if demo.wait > 0.0 {
        return;
    }
    // Time for the next thing: a variation branching here, the next move, the way back
    // from a variation, the next scene.
    let pause = |d: &Demo, at: usize| d.note_at(at).and_then(|n| n.pause).unwrap_or(0.0);
    if let Some(v) = demo.variation_here()
        && !demo.seen.contains(&v)
    {
        enter_variation(&mut demo, v);
        demo.wait = BEAT;
    } else if demo.target < len {
        demo.target += 1;
        let at = demo.target;
        demo.wait = BEAT + pause(&demo, at);
    } else if demo.variation.is_some() {
        return_to_main(&mut demo);
        demo.wait = BEAT;
    } else if let Some(args) = next_scene(&demo, 1) {
        launch.0 = Some(args);
        demo.playing = false;
    } else if demo.looping {
        demo.seen.clear();
        demo.target = 0;
        demo.wait = BEAT * 2.0;
    } else {
        demo.playing = false;
        demo.finished = true;
    }
}

// ---------------------------------------------------------------------------------------
// In the window.

/// The subtitles, the title bar, the squares and arrows, the camera cues and the keys.
pub fn view(app: &mut App) {
    app.add_systems(
        OnEnter(crate::state::AtTable),
        (spawn_overlay, thick_lines).run_if(resource_exists::<Demo>),
    )
    .add_systems(
        Update,
        (keys.before(MatchSet), overlay, camera_cues).run_if(resource_exists::<Demo>),
    );
}

#[derive(Component)]
struct TitleBar;
#[derive(Component)]
struct Subtitle;
#[derive(Component)]
struct ShowState;

/// The keys of a demonstration.
pub const KEYS: &str = "Space: play / pause  Left / Right: step  Home / End: start / end  \
+ / -: speed  click a move: jump  B: follow the variation  Backspace: back to the main line  \
PageDown / PageUp: next / previous scene  F10: menu  V: spectator on / off";

/// Annotation lines thick enough to read from the back of a hall.
fn thick_lines(mut store: ResMut<GizmoConfigStore>) {
    store.config_mut::<DefaultGizmoConfigGroup>().0.line.width = 5.0;
}

fn spawn_overlay(mut commands: Commands) {
    let panel = BackgroundColor(Color::srgba(0.03, 0.03, 0.04, 0.78));
    commands.spawn((
        bevy::state::state_scoped::DespawnOnExit(crate::state::AtTable),
        Text::new(""),
        crate::theme::font(18.0),
        TextColor(Color::srgb(0.95, 0.85, 0.55)),
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(10.0),
            left: Val::Px(452.0),
            width: Val::Px(536.0),
            padding: UiRect::all(Val::Px(8.0)),
            ..default()
        },
        panel,
        TitleBar,
    ));
    commands.spawn((
        bevy::state::state_scoped::DespawnOnExit(crate::state::AtTable),
        Text::new(""),
        crate::theme::font(22.0),
        TextColor(Color::WHITE),
        TextLayout::justify(Justify::Center),
        Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(120.0),
            left: Val::Percent(15.0),
            width: Val::Percent(70.0),
            padding: UiRect::all(Val::Px(10.0)),
            justify_content: JustifyContent::Center,
            ..default()
        },
        panel,
        Subtitle,
    ));
    commands.spawn((
        bevy::state::state_scoped::DespawnOnExit(crate::state::AtTable),
        Text::new(""),
        crate::theme::font(16.0),
        TextColor(Color::srgb(0.75, 0.85, 1.0)),
        Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(70.0),
            left: Val::Percent(15.0),
            width: Val::Percent(70.0),
            padding: UiRect::all(Val::Px(6.0)),
            justify_content: JustifyContent::Center,
            ..default()
        },
        panel,
        ShowState,
    ));
}

fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    demo: Res<Demo>,
    mut out: MessageWriter<DemoCommand>,
) {
    let Some(keys) = keys else { return };
    let len = demo.line_len();
    for (key, command) in [
        (KeyCode::Space, DemoCommand::Toggle),
        (KeyCode::ArrowRight, DemoCommand::Forward),
        (KeyCode::ArrowLeft, DemoCommand::Back),
        (KeyCode::Home, DemoCommand::Jump(0)),
        (KeyCode::End, DemoCommand::Jump(len)),
        (KeyCode::Equal, DemoCommand::Speed(2.0)),
        (KeyCode::NumpadAdd, DemoCommand::Speed(2.0)),
        (KeyCode::ArrowUp, DemoCommand::Speed(2.0)),
        (KeyCode::Minus, DemoCommand::Speed(0.5)),
        (KeyCode::NumpadSubtract, DemoCommand::Speed(0.5)),
        (KeyCode::ArrowDown, DemoCommand::Speed(0.5)),
        (KeyCode::Backspace, DemoCommand::MainLine),
        (KeyCode::PageDown, DemoCommand::Next),
        (KeyCode::PageUp, DemoCommand::Previous),
    ] {
        if keys.just_pressed(key) {
            out.write(command);
        }
    }
    if keys.just_pressed(KeyCode::KeyB)
        && let Some(v) = demo.variation_here()
    {
        out.write(DemoCommand::Variation(v));
    }
}

#[allow(clippy::type_complexity)]
fn overlay(
    demo: Res<Demo>,
    mut texts: ParamSet<(
        Query<&mut Text, With<TitleBar>>,
        Query<&mut Text, With<Subtitle>>,
        Query<&mut Text, With<ShowState>>,
    )>,
) {
    if !demo.is_changed() {
        return;
    }
    let scene = &demo.scene.scene;
    let mut title = scene.title.clone();
    if let Some(source) = &scene.source {
        title.push('\n');
        title.push_str(source);
    }
    if let Some(v) = demo.variation.and_then(|v| scene.variations.get(v)) {
        title.push_str(&format!("\nVariation: {}", v.title));
    }
    if demo.playlist.len() > 1 {
        title.push_str(&format!(
            "\nScene {} of {}",
            demo.index + 1,
            demo.playlist.len()
        ));
    }
    for mut t in &mut texts.p0() {
        t.0.clone_from(&title);
    }
    let caption = demo.caption_at(demo.target).unwrap_or_default();
    for mut t in &mut texts.p1() {
        t.0.clone_from(&caption);
    }
    let len = demo.line_len();
    let mut state = format!(
        "Move {} of {}  |  {}  |  speed x{}",
        demo.target,
        len,
        if demo.playing { "playing" } else { "paused" },
        demo.speed
    );
    if let Some(v) = demo.variation_here() {
        state.push_str(&format!(
            "  |  B: follow the variation \"{}\"",
            scene.variations[v].title
        ));
    }
    if demo.variation.is_some() {
        state.push_str("  |  Backspace: back to the main line");
    }
    for mut t in &mut texts.p2() {
        t.0.clone_from(&state);
    }
}

/// The note's squares (gold rings) and arrows (like the patent figures' dotted lines).
pub fn draw_marks<G: crate::table::TableRules>(
    demo: Res<Demo>,
    the_match: Res<crate::table::Match<G>>,
    mut gizmos: Gizmos,
    time: Res<Time>,
) {
    let Some(note) = demo.note_at(demo.target) else {
        return;
    };
    let point = |t: &str| the_match.game.square_point(t.trim());
    let lift = Vec3::Y * 0.12;
    let glow = 0.75 + 0.25 * (time.elapsed_secs() * 3.0).sin();
    let gold = Color::srgb(1.0, 0.8 * glow, 0.2);
    for square in &note.squares {
        if let Some(p) = point(square) {
            let iso = Isometry3d::new(p + lift, Quat::from_rotation_x(std::f32::consts::FRAC_PI_2));
            gizmos.circle(iso, 0.42, gold);
            gizmos.circle(iso, 0.36, gold);
        }
    }
    for (from, to) in &note.arrows {
        if let (Some(a), Some(b)) = (point(from), point(to)) {
            gizmos
                .arrow(a + lift * 3.0, b + lift * 3.0, Color::srgb(0.3, 0.85, 1.0))
                .with_tip_length(0.45);
        }
    }
}

/// A note's camera cue: a fixed view, or the spectator director.
fn camera_cues(
    demo: Res<Demo>,
    mut last: Local<Option<(usize, Option<usize>)>>,
    mut spectator: ResMut<crate::spectator::Spectator>,
    mut cameras: Query<&mut crate::camera::OrbitCamera, Without<crate::camera::SpectatorView>>,
) {
    let here = (demo.target, demo.variation);
    if *last == Some(here) {
        return;
    }
    *last = Some(here);
    let Some(cue) = demo.note_at(demo.target).and_then(|n| n.camera) else {
        return;
    };
    use crate::camera::View;
    let view = match cue {
        CameraCue::Spectator => {
            spectator.0 = true;
            return;
        }
        CameraCue::Near => View::Red,
        CameraCue::Far => View::Blue,
        CameraCue::Top => View::Top,
        CameraCue::Side => View::Side,
    };
    spectator.0 = false;
    for mut cam in &mut cameras {
        *cam = crate::camera::OrbitCamera::from_view(view);
    }
}

/// Loads and checks every scene of a playlist; the first bad one's error.
pub fn load_playlist(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let files = scene_files(paths);
    if files.is_empty() {
        return Err("no scene files found".into());
    }
    for file in &files {
        SceneFile::load(file)
            .and_then(|s| s.verify())
            .map_err(|e| e.to_string())?;
    }
    Ok(files)
}

/// The show of `playlist[index]` ready to install: the table with the scene's whole main
/// line, and the demo resource.
pub fn prepare(playlist: Vec<PathBuf>, index: usize) -> Result<(TableGame, Demo), String> {
    let path = playlist
        .get(index)
        .ok_or_else(|| {
            format!(
                "--index {index}: the playlist has {} scenes",
                playlist.len()
            )
        })?
        .clone();
    let scene = SceneFile::load(&path).map_err(|e| e.to_string())?;
    let table = TableGame::from_scene(&path, None)?;
    Ok((table, Demo::new(playlist, index, scene)))
}

/// Expands folders into the scene files (`.ron`) they hold, sorted.
pub fn scene_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut inner: Vec<PathBuf> = std::fs::read_dir(path)
                .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
                .unwrap_or_default();
            inner.sort();
            let (dirs, files): (Vec<_>, Vec<_>) = inner.into_iter().partition(|p| p.is_dir());
            out.extend(
                files
                    .into_iter()
                    .filter(|p| p.extension().is_some_and(|e| e == "ron")),
            );
            out.extend(scene_files(&dirs));
        } else {
            out.push(path.clone());
        }
    }
    out
}
