//! Exhibitions that run themselves: computer-against-computer games one after another
//! (rotating through the games asked for, all five by default), watched through the spectator
//! director, with a caption for each notable moment, a result card and a running
//! scoreboard; the shipped demonstrations between the games if asked.
//!
//! Each step of the programme is opened as a screen of its own, [`ExhibitLaunch`] at step
//! `at` (`tabula exhibit ... --at K`), the same way the start screen opens a game: the
//! [`Exhibition`] that keeps the scoreboard goes on while the screens opened are its own
//! steps, and any other screen (the start screen, a game, a loaded save) ends it.

pub(crate) mod view;

use crate::screens::demo::Demo;
use crate::screens::demo::playlist::{ShippedScene, find_demos};
use crate::screens::launch::{ExhibitLaunch, Launch, LaunchRequest};
use crate::state::Screen;
use crate::table::commands::{MatchSet, Watching};
use crate::table::game_match::Match;
use crate::table::rules::{GameSystems, Played, TableRules};
use bevy::prelude::*;
use std::path::PathBuf;
use std::time::Duration;
use tabula_rules::registry::GameOptions;

/// The keys an exhibition answers (the HUD shows them in place of the table's controls).
pub(crate) const KEYS: &str =
    "Exhibition.  Space: next game now  V: spectator camera on/off  F10: start screen";

/// One step of an exhibition's programme.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A computer-against-computer game: the game and its rules options.
    Game(GameOptions),
    /// A shipped demonstration.
    Demo(PathBuf),
}

/// The programme of `show`: each game, followed by a demonstration of the same game when
/// asked (round `round` of a looping exhibition shows the next one of that game's).
pub(crate) fn programme(show: &ExhibitLaunch, round: usize) -> Vec<Item> {
    let demos = if show.with_demos {
        find_demos()
    } else {
        Vec::new()
    };
    let mut items = Vec::new();
    for options in show.game_list() {
        let kind = options.kind();
        items.push(Item::Game(options));
        let of_game: Vec<&ShippedScene> = demos.iter().filter(|d| d.game == kind).collect();
        if !of_game.is_empty() {
            items.push(Item::Demo(of_game[round % of_game.len()].path.clone()));
        }
    }
    items
}

/// One finished game of the exhibition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    /// The game's title.
    pub title: String,
    /// How it ended.
    pub result: String,
    /// Moves played.
    pub moves: usize,
}

/// An exhibition running: its programme, where it is, the games so far and what the
/// audience is told.
#[derive(Resource, Debug, Clone)]
pub struct Exhibition {
    /// What was asked, at the step on the table.
    pub show: ExhibitLaunch,
    /// The games finished so far.
    pub scores: Vec<Score>,
    /// When the step on the table ended (a game's result, a demonstration's end).
    pub ended: Option<Duration>,
    /// The latest notable moment, and when it was told.
    pub caption: Option<(String, Duration)>,
    /// The next step has been asked for.
    pub moving_on: bool,
    /// Steps in the programme.
    pub steps: usize,
    /// The step on the table.
    pub on_table: Item,
}

impl Exhibition {
    /// An exhibition at `show`'s step, `on_table`, of a programme of `steps` steps.
    pub(crate) fn new(show: ExhibitLaunch, steps: usize, on_table: Item) -> Exhibition {
        Exhibition {
            show,
            scores: Vec::new(),
            ended: None,
            caption: None,
            moving_on: false,
            steps,
            on_table,
        }
    }

    /// Whether the step on the table is the programme's last (it does not loop).
    pub(crate) fn last_step(&self) -> bool {
        !self.show.looping && self.show.at + 1 >= self.steps
    }

    /// The scoreboard: a line per game played, newest last (the last `n`).
    pub(crate) fn board(&self, n: usize) -> String {
        let skip = self.scores.len().saturating_sub(n);
        self.scores
            .iter()
            .enumerate()
            .skip(skip)
            .map(|(i, s)| format!("{}. {}: {}, {} moves", i + 1, s.title, s.result, s.moves))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Puts the exhibition of a screen being opened in place: the one running goes on (with
/// its scoreboard) when it is the same show, any other screen ends it.
pub(crate) fn set_exhibition(world: &mut World, wanted: Option<Exhibition>) {
    match wanted {
        None => {
            world.remove_resource::<Exhibition>();
        }
        Some(new) => {
            let kept = world
                .get_resource::<Exhibition>()
                .filter(|old| old.show.same_show(&new.show))
                .map(|old| old.scores.clone());
            let mut exhibition = new;
            if let Some(scores) = kept {
                exhibition.scores = scores;
            }
            world.insert_resource(exhibition);
            // A demonstration keeps its own keys.
            if !world.contains_resource::<Demo>() {
                world.insert_resource(Watching(Some(KEYS)));
            }
        }
    }
}

/// The exhibition's running: each game's moments and end, and the next step after a pause.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (advance, skip_key.run_if(not(resource_exists::<Demo>)))
            .run_if(resource_exists::<Exhibition>),
    )
    .add_systems(OnEnter(Screen::Menu), end_exhibition);
    tabula_rules::each_game!(G => {
        app.add_systems(
            Update,
            follow::<G>
                .after(MatchSet)
                .in_set(GameSystems(G::KIND))
                .run_if(resource_exists::<Exhibition>),
        );
    });
}

fn end_exhibition(mut commands: Commands) {
    commands.remove_resource::<Exhibition>();
}

/// Follows the game on the table: tells its notable moments, stops it at the move limit,
/// and scores it when it ends.
fn follow<G: TableRules>(
    mut exhibition: ResMut<Exhibition>,
    mut played: MessageReader<Played<G>>,
    mut the_match: ResMut<Match<G>>,
    time: Res<Time>,
) {
    let now = time.elapsed();
    for p in played.read() {
        if let Some(caption) = crate::table::moments::caption(&the_match.game, p, true) {
            exhibition.caption = Some((caption, now));
        }
    }
    let limit = exhibition.show.max_moves;
    if !the_match.is_over() && the_match.ply() >= limit {
        the_match.ended = Some("a draw at the exhibition's move limit".to_string());
    }
    if the_match.is_over() && exhibition.ended.is_none() {
        let result = the_match
            .status()
            .trim_start_matches("Game over: ")
            .to_string();
        exhibition.scores.push(Score {
            title: the_match.game.title(),
            result,
            moves: the_match.ply(),
        });
        exhibition.ended = Some(now);
    }
}

/// After a game's result card (or a demonstration's end), the next step of the programme;
/// after the last one, the start screen again unless it loops.
fn advance(
    mut exhibition: ResMut<Exhibition>,
    demo: Option<Res<Demo>>,
    time: Res<Time>,
    mut launch: ResMut<LaunchRequest>,
) {
    let now = time.elapsed();
    if let Some(demo) = demo
        && demo.finished
        && exhibition.ended.is_none()
    {
        exhibition.ended = Some(now);
    }
    let Some(ended) = exhibition.ended else {
        return;
    };
    let pause = if demo_on_table(&exhibition) {
        2.0
    } else {
        exhibition.show.pause
    };
    if now.saturating_sub(ended).as_secs_f32() < pause || exhibition.moving_on {
        return;
    }
    next(&mut exhibition, &mut launch);
}

fn demo_on_table(exhibition: &Exhibition) -> bool {
    matches!(exhibition.on_table, Item::Demo(_))
}

/// Opens the next step now.
fn next(exhibition: &mut Exhibition, launch: &mut LaunchRequest) {
    exhibition.moving_on = true;
    launch.0 = Some(if exhibition.last_step() {
        Launch::Menu
    } else {
        Launch::Exhibit(ExhibitLaunch {
            at: exhibition.show.at + 1,
            ..exhibition.show.clone()
        })
    });
}

/// Space: the next step now.
fn skip_key(
    input: Option<Res<ButtonInput<KeyCode>>>,
    mut exhibition: ResMut<Exhibition>,
    mut launch: ResMut<LaunchRequest>,
) {
    if input.is_some_and(|i| i.just_pressed(KeyCode::Space)) && !exhibition.moving_on {
        next(&mut exhibition, &mut launch);
    }
}
