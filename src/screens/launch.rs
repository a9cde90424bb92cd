//! What a change of screen opens, as a typed description: the command line makes one once,
//! at the edge (`cli`); the start screen, a loaded save, a demonstration's playlist
//! and an exhibition's programme make theirs directly. Each is written back as the `tabula`
//! command line that opens it ([`Launch::args`]), which the start screen shows and the tests
//! read back through the command line's own parser, so that the two never disagree.

use crate::table::commands::Feedback;
use crate::table::seats::Controller;
use crate::view::camera::View;
use bevy::prelude::*;
use std::path::PathBuf;
use tabula_ai::Level;
use tabula_rules::registry::{GameKind, GameOptions};

/// A screen to open.
#[derive(Debug, Clone, PartialEq)]
pub enum Launch {
    /// The start screen (`tabula menu`).
    Menu,
    /// A game on the table (`tabula play`).
    Play(PlayLaunch),
    /// Scenes shown as a demonstration (`tabula demo`).
    Demo(DemoLaunch),
    /// A step of an exhibition's programme (`tabula exhibit`).
    Exhibit(ExhibitLaunch),
    /// A server's table, watched (`tabula watch`).
    Watch(WatchLaunch),
    /// A game's lesson, at a step (`tabula learn`).
    Learn(LearnLaunch),
    /// A game's puzzles, at one of them (`tabula puzzle`).
    Puzzle(PuzzleLaunch),
}

/// A game's puzzles on the table, at one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzleLaunch {
    /// The game whose puzzles they are.
    pub game: GameKind,
    /// The puzzle shown, from 1.
    pub number: usize,
}

/// A game's lesson on the table, at one of its steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LearnLaunch {
    /// The game whose lesson it is.
    pub game: GameKind,
    /// The step shown, from 1.
    pub step: usize,
}

/// Where the game on the table starts.
#[derive(Debug, Clone, PartialEq)]
pub enum TableStart {
    /// A game's opening, with these rules options (which name the game).
    Opening(GameOptions),
    /// A scene's position: its options and setup, then its moves (only the first `at`,
    /// when given).
    Scene {
        /// The scene file.
        path: PathBuf,
        /// Moves of it to play before the players take over.
        at: Option<usize>,
    },
}

/// How the window shows the table: where the camera starts and who holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Camera {
    /// Where the camera starts.
    pub view: View,
    /// Hot-seat: the camera turns to the player to move.
    pub follow_turn: bool,
    /// The spectator director holds the camera from the start.
    pub spectator: bool,
    /// A second window shows the spectator camera.
    pub spectator_window: bool,
}

/// A seat at a table on a server (`--join URL [--seat PLAYER]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Join {
    /// The table's address, or the server's own (`ws://HOST:PORT/`) to make a new table.
    pub url: String,
    /// The seat to take, by its player; the first open one if none.
    pub seat: Option<String>,
    /// A certificate to trust for `wss://` besides the public roots (`--ca FILE`).
    pub ca: Option<PathBuf>,
}

/// A game on the table.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayLaunch {
    /// The game and where it starts.
    pub table: TableStart,
    /// Who plays each seat, in turn order, up to the last seat not played by a person at
    /// this screen (the seats after it are; see [`trimmed`]).
    pub seats: Vec<Controller>,
    /// The players' names, in turn order (a blank one: none), none after the last given.
    pub names: Vec<String>,
    /// How the window shows it.
    pub camera: Camera,
    /// Where Ctrl+S saves (default `tabula-save.ron`).
    pub save_to: Option<PathBuf>,
    /// A seat at a server's table instead of a table here.
    pub join: Option<Join>,
}

impl PlayLaunch {
    /// A game on the table from `table`, every seat a person's, the camera at rest.
    pub(crate) fn new(table: TableStart) -> PlayLaunch {
        PlayLaunch {
            table,
            seats: Vec::new(),
            names: Vec::new(),
            camera: Camera::default(),
            save_to: None,
            join: None,
        }
    }
}

/// Scenes shown as a demonstration through the spectator camera.
#[derive(Debug, Clone, PartialEq)]
pub struct DemoLaunch {
    /// Scene files or folders of them, in order.
    pub files: Vec<PathBuf>,
    /// Start the playlist again after its last scene.
    pub looping: bool,
    /// Speed: 1 is a move every 2.5 seconds; 0.25 to 8.
    pub speed: f32,
    /// Which scene of the playlist to start with (0 is the first).
    pub index: usize,
    /// A second window for the spectator camera.
    pub spectator_window: bool,
}

impl DemoLaunch {
    /// The scenes `files` shown from the first, once, at speed 1.
    pub(crate) fn new(files: Vec<PathBuf>) -> DemoLaunch {
        DemoLaunch {
            files,
            looping: false,
            speed: 1.0,
            index: 0,
            spectator_window: false,
        }
    }
}

/// Computer-against-computer games one after another (and the shipped demonstrations
/// between them, if asked), at one step of the programme.
#[derive(Debug, Clone, PartialEq)]
pub struct ExhibitLaunch {
    /// The games shown in turn, each with its rules options; all five when empty.
    pub games: Vec<GameOptions>,
    /// How well the computer plays.
    pub level: Level,
    /// Start the programme again after its last game.
    pub looping: bool,
    /// A second window for the spectator camera.
    pub spectator_window: bool,
    /// After each game, a shipped demonstration of the same game.
    pub with_demos: bool,
    /// Seconds the result card stays up (0 to 120).
    pub pause: f32,
    /// Moves after which a game is stopped and counted a draw (10 to 100000).
    pub max_moves: usize,
    /// The step of the programme opened (0 is its first).
    pub at: usize,
}

impl Default for ExhibitLaunch {
    /// Every game at medium level, once, with a result card of 8 seconds and a draw after
    /// 600 moves, from the first step.
    fn default() -> Self {
        ExhibitLaunch {
            games: Vec::new(),
            level: Level::Medium,
            looping: false,
            spectator_window: false,
            with_demos: false,
            pause: 8.0,
            max_moves: 600,
            at: 0,
        }
    }
}

impl ExhibitLaunch {
    /// The games shown in turn, each with its options (all five by default).
    pub(crate) fn game_list(&self) -> Vec<GameOptions> {
        if self.games.is_empty() {
            return tabula_rules::registry::GAMES
                .iter()
                .map(|g| GameOptions::default_for(g.kind))
                .collect();
        }
        self.games.clone()
    }

    /// The same exhibition, whatever step it is at.
    pub(crate) fn same_show(&self, other: &ExhibitLaunch) -> bool {
        ExhibitLaunch {
            at: 0,
            ..self.clone()
        } == ExhibitLaunch {
            at: 0,
            ..other.clone()
        }
    }
}

/// A table on a server, watched through the spectator camera.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WatchLaunch {
    /// The table's address.
    pub url: String,
    /// A second window for the spectator camera.
    pub spectator_window: bool,
    /// A certificate to trust for `wss://` besides the public roots (`--ca FILE`).
    pub ca: Option<PathBuf>,
}

/// `seats` without the people at this screen after the last seat someone else plays: how a
/// [`PlayLaunch`] keeps them, so that the same seats are always the same description.
pub(crate) fn trimmed(mut seats: Vec<Controller>) -> Vec<Controller> {
    while seats.last() == Some(&Controller::Local) {
        seats.pop();
    }
    seats
}

/// A game and its rules options as the command line writes them: `fences --players 4`.
pub(crate) fn game_words(options: &GameOptions) -> Vec<String> {
    let mut words = vec![options.kind().name().to_string()];
    words.extend(option_words(options));
    words
}

/// The rules options as the command line writes them, in the order the start screen shows
/// them (defaults left out).
fn option_words(options: &GameOptions) -> Vec<String> {
    options
        .kind()
        .info()
        .screen_options()
        .flat_map(|spec| spec.args(&options.get(spec.name)))
        .collect()
}

impl Launch {
    /// The `tabula` arguments that open this screen (without `tabula`), defaults left out.
    pub fn args(&self) -> Vec<String> {
        match self {
            Launch::Menu => vec!["menu".into()],
            Launch::Play(play) => play.args(),
            Launch::Demo(demo) => {
                let mut args = vec!["demo".to_string()];
                if demo.looping {
                    args.push("--loop".into());
                }
                if demo.index != 0 {
                    args.extend(["--index".into(), demo.index.to_string()]);
                }
                if demo.speed != 1.0 {
                    args.extend(["--speed".into(), demo.speed.to_string()]);
                }
                if demo.spectator_window {
                    args.push("--spectator-window".into());
                }
                args.extend(demo.files.iter().map(|f| f.display().to_string()));
                args
            }
            Launch::Exhibit(show) => {
                let defaults = ExhibitLaunch::default();
                let mut args = vec!["exhibit".to_string()];
                args.extend(show.games.iter().map(|g| game_words(g).join(" ")));
                if show.level != defaults.level {
                    args.extend(["--level".into(), show.level.to_string()]);
                }
                if show.looping {
                    args.push("--loop".into());
                }
                if show.spectator_window {
                    args.push("--spectator-window".into());
                }
                if show.with_demos {
                    args.push("--with-demos".into());
                }
                if show.pause != defaults.pause {
                    args.extend(["--pause".into(), show.pause.to_string()]);
                }
                if show.max_moves != defaults.max_moves {
                    args.extend(["--max-moves".into(), show.max_moves.to_string()]);
                }
                if show.at != defaults.at {
                    args.extend(["--at".into(), show.at.to_string()]);
                }
                args
            }
            Launch::Learn(learn) => {
                let mut args = vec!["learn".to_string(), learn.game.name().to_string()];
                if learn.step != 1 {
                    args.extend(["--step".into(), learn.step.to_string()]);
                }
                args
            }
            Launch::Puzzle(puzzle) => {
                let mut args = vec!["puzzle".to_string(), puzzle.game.name().to_string()];
                if puzzle.number != 1 {
                    args.extend(["--number".into(), puzzle.number.to_string()]);
                }
                args
            }
            Launch::Watch(watch) => {
                let mut args = vec!["watch".to_string(), watch.url.clone()];
                if watch.spectator_window {
                    args.push("--spectator-window".into());
                }
                if let Some(ca) = &watch.ca {
                    args.extend(["--ca".into(), ca.display().to_string()]);
                }
                args
            }
        }
    }
}

impl PlayLaunch {
    /// The `tabula play` arguments of this game (without `tabula`), defaults left out.
    pub(crate) fn args(&self) -> Vec<String> {
        let mut args = vec!["play".to_string()];
        match &self.table {
            TableStart::Opening(options) => args.extend(game_words(options)),
            TableStart::Scene { path, at } => {
                args.extend(["--scene".into(), path.display().to_string()]);
                if let Some(at) = at {
                    args.extend(["--at".into(), at.to_string()]);
                }
            }
        }
        let camera = &self.camera;
        if camera.view != View::default() {
            args.extend(["--view".into(), camera.view.name().into()]);
        }
        if camera.follow_turn {
            args.push("--follow-turn".into());
        }
        if camera.spectator {
            args.push("--spectator".into());
        }
        if camera.spectator_window {
            args.push("--spectator-window".into());
        }
        if let Some(path) = &self.save_to {
            args.extend(["--save-to".into(), path.display().to_string()]);
        }
        if let Some(join) = &self.join {
            args.extend(["--join".into(), join.url.clone()]);
            if let Some(seat) = &join.seat {
                args.extend(["--seat".into(), seat.clone()]);
            }
            if let Some(ca) = &join.ca {
                args.extend(["--ca".into(), ca.display().to_string()]);
            }
        }
        if !self.names.is_empty() {
            args.extend(["--names".into(), self.names.join(",")]);
        }
        for (i, seat) in self.seats.iter().enumerate() {
            if let Controller::Computer(level) = seat {
                args.extend(["--computer".into(), format!("{}:{level}", i + 1)]);
            }
        }
        args
    }
}

/// A screen asked for inside the window (by the start screen, a loaded save, leaving for
/// the menu, a playlist's next scene, an exhibition's next step): it replaces the one shown
/// at the end of the frame. Tests read it.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct LaunchRequest(pub Option<Launch>);

/// A screen asked for could not be opened: why (the start screen shows it).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refused(pub Feedback);

/// The request and the refusal.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LaunchRequest>()
        .add_message::<Refused>();
}
