//! Demonstrations: a scene replayed as a show through the spectator camera, with the
//! book's commentary as subtitles, squares and arrows drawn on the board, play and pause,
//! stepping, speed, jumping to any move, and following a variation and coming back.
//! Several files (or a folder) make a playlist; `--loop` runs it unattended.
//!
//! The scene's whole line is set on the table and taken back to the start, so that going
//! forward is the game's own redo (with its animations) and going back its take-back.

pub mod playlist;
pub(crate) mod view;

use crate::games::tabletop::{OnTable, TableGame};
use crate::screens::launch::{DemoLaunch, Launch, LaunchRequest};
use crate::table::commands::{MatchCommand, MatchSet};
use crate::table::computer::ThinkSet;
use crate::table::game_match::Match;
use crate::table::motion::Travel;
use crate::table::review::{ReviewTo, Step, Stepper};
use crate::table::save::Saveable;
use bevy::prelude::*;
use std::path::PathBuf;
use tabula_rules::scene::{Note, SceneFile};

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
    step: Stepper,
    /// Variations already shown while playing, so the show goes on after them.
    seen: Vec<usize>,
}

impl Demo {
    /// A show of the scene at `index` of `playlist`, from its start.
    pub(crate) fn new(playlist: Vec<PathBuf>, index: usize, scene: SceneFile) -> Demo {
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
    pub(crate) fn line_len(&self) -> usize {
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

/// The keys of a demonstration.
pub const KEYS: &str = "Space: play / pause  Left / Right: step  Home / End: start / end  \
+ / -: speed  click a move: jump  B: follow the variation  Backspace: back to the main line  \
PageDown / PageUp: next / previous scene  F10: menu  V: spectator on / off";

/// The show's logic (enough for headless tests): its commands, and its driver for every
/// game's match. While a show is on, the computer does not think: the scene makes the
/// moves.
pub fn plugin(app: &mut App) {
    app.add_message::<DemoCommand>()
        .init_resource::<LaunchRequest>()
        .configure_sets(Update, ThinkSet.run_if(not(resource_exists::<Demo>)))
        .add_systems(
            Update,
            commands.before(MatchSet).run_if(resource_exists::<Demo>),
        );
    tabula_rules::each_game!(G => {
        app.add_systems(
            Update,
            drive::<Match<G>>
                .after(commands)
                .before(MatchSet)
                .run_if(resource_exists::<Demo>)
                .run_if(resource_exists::<Match<G>>),
        );
    });
}

fn commands(
    mut asks: MessageReader<DemoCommand>,
    mut jumps: MessageReader<ReviewTo>,
    mut demo: ResMut<Demo>,
    mut launch: ResMut<LaunchRequest>,
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

/// The show of another scene of the playlist (`step` 1: the next), or none when there is
/// none.
fn next_scene(demo: &Demo, step: isize) -> Option<Launch> {
    let n = demo.playlist.len() as isize;
    let mut index = demo.index as isize + step;
    if index >= n || index < 0 {
        if !demo.looping || n == 0 {
            return None;
        }
        index = index.rem_euclid(n);
    }
    Some(Launch::Demo(DemoLaunch {
        files: demo.playlist.clone(),
        looping: demo.looping,
        speed: demo.speed,
        index: index as usize,
        spectator_window: false,
    }))
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
    moving: Query<(), With<Travel>>,
    mut out: MessageWriter<MatchCommand>,
    mut launch: ResMut<LaunchRequest>,
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
    } else if let Some(next) = next_scene(&demo, 1) {
        launch.0 = Some(next);
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
