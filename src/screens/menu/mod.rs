//! The start screen: choose one of the five games, its players and rules options, name the
//! seats and give any of them to the computer, load a saved game or open a demonstration
//! scene, or learn a game from its lesson (the start screen's second page, [`Page::Learn`]).
//! This is what is chosen ([`Menu`]) and what choosing does ([`MenuAction`]); the
//! screen that shows it is [`view`].
//!
//! Everything the menu offers is a [`Launch`], the same description the command line makes;
//! the screen shows the `tabula` command line it stands for under the Play button, and
//! starting a game opens, in the same window, the table that command line opens.

pub(crate) mod backdrop;
pub mod view;

use crate::games::tabletop::{OnTable, TableGame};
use crate::screens::demo::playlist::{ShippedScene, load_playlist};
use crate::screens::launch::{
    Camera, DemoLaunch, ExhibitLaunch, Launch, LaunchRequest, LearnLaunch, PlayLaunch,
    PuzzleLaunch, Refused, TableStart, trimmed,
};
use crate::screens::open::play_table;
use crate::table::commands::Feedback;
use crate::table::seats::Controller;
use bevy::prelude::*;
use std::path::PathBuf;
use tabula_rules::options::{OptionKind, OptionSpec};
use tabula_rules::registry::{self, GAMES, GameKind, GameOptions};

/// One setting on the start screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// What it sets.
    pub label: &'static str,
    /// Its value.
    pub value: FieldValue,
    /// The rules option it sets, by name (none for the table's settings).
    option: Option<&'static str>,
}

/// A setting's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldValue {
    /// One of a list: what each choice shows, and the text it gives its option (none: the
    /// option's default).
    Cycle {
        /// The choices.
        choices: Vec<(String, Option<String>)>,
        /// The one chosen.
        index: usize,
    },
    /// A number typed in.
    Number {
        /// The digits typed.
        digits: String,
    },
}

impl Field {
    /// A table setting stepping through `choices`.
    fn cycle(label: &'static str, choices: &[&str]) -> Field {
        Field {
            label,
            value: FieldValue::Cycle {
                choices: choices
                    .iter()
                    .map(|shown| (shown.to_string(), None))
                    .collect(),
                index: 0,
            },
            option: None,
        }
    }

    /// The field of a rules option: the values the option's description offers, stepped
    /// through, or digits typed in (starting with `seed`) for a free number.
    pub(crate) fn of_option(spec: &'static OptionSpec, seed: u64) -> Field {
        let value = match spec.kind {
            OptionKind::Free => FieldValue::Number {
                digits: seed.to_string(),
            },
            _ => FieldValue::Cycle {
                choices: spec
                    .offers()
                    .into_iter()
                    .map(|(text, shown)| (shown, text))
                    .collect(),
                index: 0,
            },
        };
        Field {
            label: spec.label,
            value,
            option: Some(spec.name),
        }
    }

    /// What the field shows as its value.
    pub fn shown(&self) -> String {
        match &self.value {
            FieldValue::Cycle { choices, index } => choices[*index].0.clone(),
            FieldValue::Number { digits } => digits.clone(),
        }
    }

    /// The choice made, counted from the first (0 for a number).
    fn index(&self) -> usize {
        match &self.value {
            FieldValue::Cycle { index, .. } => *index,
            FieldValue::Number { .. } => 0,
        }
    }

    /// The text the field gives its option, as the command line takes it; none leaves the
    /// option at its default.
    fn text(&self) -> Option<String> {
        match &self.value {
            FieldValue::Cycle { choices, index } => choices[*index].1.clone(),
            FieldValue::Number { digits } if !digits.is_empty() => Some(digits.clone()),
            FieldValue::Number { .. } => None,
        }
    }
}

/// The settings each game offers, defaults first: one field a rules option, in the order
/// the registry gives for the start screen.
pub(crate) fn game_fields(kind: GameKind, seed: u64) -> Vec<Field> {
    registry::game(kind)
        .screen_options()
        .map(|spec| Field::of_option(spec, seed))
        .collect()
}

/// The table setting that says who holds the camera.
const CAMERA: usize = 0;
/// The table setting that asks for the spectator's own window.
const SPECTATOR_WINDOW: usize = 1;

/// Table settings shared by every game: [`CAMERA`] and [`SPECTATOR_WINDOW`].
fn table_fields() -> Vec<Field> {
    vec![
        Field::cycle(
            "Camera",
            &[
                "stays where it is put",
                "turns to the player to move",
                "spectator director",
            ],
        ),
        Field::cycle("Spectator window (projector)", &["no", "yes"]),
    ]
}

/// How well a computer seat plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Easy.
    Easy,
    /// Medium: what a seat given to the computer starts with.
    Medium,
    /// Hard.
    Hard,
}

impl Level {
    /// The levels the start screen offers, easiest first.
    pub(crate) const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's name, as `--computer SEAT:LEVEL` takes it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The engine's level.
    pub(crate) fn engine(self) -> tabula_ai::Level {
        match self {
            Level::Easy => tabula_ai::Level::Easy,
            Level::Medium => tabula_ai::Level::Medium,
            Level::Hard => tabula_ai::Level::Hard,
        }
    }

    /// The next (+1) or previous (-1) level, round the list.
    pub(crate) fn step(self, step: i32) -> Level {
        let n = Level::ALL.len() as i32;
        let i = Level::ALL.iter().position(|l| *l == self).unwrap_or(0) as i32;
        Level::ALL[(i + step).rem_euclid(n) as usize]
    }
}

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Seat {
    /// A person at this screen.
    #[default]
    Human,
    /// The computer, at a level.
    Computer(Level),
}

impl Seat {
    /// The other kind of player: a person's seat goes to the computer at medium level, a
    /// computer's back to a person.
    pub(crate) fn switched(self) -> Seat {
        match self {
            Seat::Human => Seat::Computer(Level::Medium),
            Seat::Computer(_) => Seat::Human,
        }
    }

    /// Who plays the seat at the table.
    pub(crate) fn controller(self) -> Controller {
        match self {
            Seat::Human => Controller::Local,
            Seat::Computer(level) => Controller::Computer(level.engine()),
        }
    }
}

/// What has the keyboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    /// A number field of the game's settings.
    Field(usize),
    /// A player's name.
    Name(usize),
    /// The path of the saved game to load.
    LoadPath,
}

/// The start screen's pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Page {
    /// The games, their settings, loading and the shows.
    #[default]
    Main,
    /// The lessons of every game, with the player's progress in each.
    Learn,
    /// The puzzles of every game, with the player's score.
    Puzzles,
}

/// What the player does on the start screen (from buttons and keys, or from tests).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum MenuAction {
    /// Show a page of the start screen.
    Page(Page),
    /// Open the lesson of a game at a step (from 1).
    Learn(GameKind, usize),
    /// Open the puzzles of a game at one of them (from 1).
    Puzzle(GameKind, usize),
    /// Choose a game.
    Game(GameKind),
    /// Step a game setting to its next (+1) or previous (-1) choice.
    Cycle(usize, i32),
    /// Step a table setting.
    CycleTable(usize, i32),
    /// Give a seat (0-based, in turn order) to the computer, or back to a person.
    SwitchSeat(usize),
    /// Step a computer seat's level to the next (+1) or previous (-1) one.
    Level(usize, i32),
    /// Give a text field the keyboard.
    Focus(Focus),
    /// Type into the focused field.
    Type(String),
    /// Erase the last character of the focused field.
    Erase,
    /// Leave the focused field.
    Unfocus,
    /// Start the game as set up.
    Play,
    /// Load the saved game at the path given.
    Load,
    /// Show a demonstration scene.
    Demo(usize),
    /// Show every demonstration in turn, over and over (an exhibition).
    AllDemos,
    /// Computer-against-computer games of every game, with the demonstrations between them,
    /// over and over.
    Exhibit,
    /// Close Tabula.
    Quit,
}

/// The start screen's state.
#[derive(Resource, Debug, Clone)]
pub struct Menu {
    /// The game chosen.
    pub game: GameKind,
    fields: Vec<(GameKind, Vec<Field>)>,
    table: Vec<Field>,
    /// The players' names, in turn order.
    pub names: Vec<String>,
    /// Who plays each seat, in turn order (more than the game has are left out).
    pub seats: Vec<Seat>,
    /// Where to load a saved game from.
    pub load_path: String,
    /// The demonstrations found.
    pub demos: Vec<ShippedScene>,
    /// The field typed into.
    pub focus: Option<Focus>,
    /// The last word to the player: why something was refused.
    pub message: Feedback,
    /// The page shown.
    pub page: Page,
}

impl Menu {
    /// A start screen with the defaults, the fence race's die seeded with `seed`, and the
    /// demonstrations in `demos`.
    pub fn new(seed: u64, demos: Vec<ShippedScene>) -> Menu {
        Menu {
            game: GAMES[0].kind,
            fields: GAMES
                .iter()
                .map(|g| (g.kind, game_fields(g.kind, seed)))
                .collect(),
            table: table_fields(),
            names: vec![String::new(); 4],
            seats: vec![Seat::Human; 4],
            load_path: "tabula-save.ron".into(),
            demos,
            focus: None,
            message: Feedback::info(""),
            page: Page::Main,
        }
    }

    /// The chosen game's settings.
    pub fn fields(&self) -> &[Field] {
        self.fields
            .iter()
            .find(|(k, _)| *k == self.game)
            .map(|(_, f)| f.as_slice())
            .unwrap_or(&[])
    }

    fn fields_mut(&mut self) -> &mut Vec<Field> {
        let game = self.game;
        let i = self
            .fields
            .iter()
            .position(|(k, _)| *k == game)
            .unwrap_or(0);
        &mut self.fields[i].1
    }

    /// The table settings.
    pub(crate) fn table_fields(&self) -> &[Field] {
        &self.table
    }

    /// The chosen game's rules options as set up. Every choice the fields offer is one the
    /// option takes, and a number field takes only digits that fit it.
    pub(crate) fn options(&self) -> GameOptions {
        let mut options = GameOptions::default_for(self.game);
        for field in self.fields() {
            if let (Some(name), Some(text)) = (field.option, field.text())
                && let Err(e) = options.set(name, &text)
            {
                warn!("start screen: {e}");
            }
        }
        options
    }

    /// The game as set up, with its players' names and who plays each seat
    /// (`--computer SEAT:LEVEL` for each seat the computer plays, numbered from 1).
    pub(crate) fn play_launch(&self) -> PlayLaunch {
        let players = self.players().map(|p| p.len()).unwrap_or(0);
        let mut names: Vec<String> = self
            .names
            .iter()
            .take(players)
            .map(|n| n.trim().to_string())
            .collect();
        while names.last().is_some_and(String::is_empty) {
            names.pop();
        }
        let window = self.table[SPECTATOR_WINDOW].index() == 1;
        PlayLaunch {
            names,
            seats: trimmed((0..players).map(|i| self.seat(i).controller()).collect()),
            camera: Camera {
                follow_turn: self.table[CAMERA].index() == 1,
                spectator: self.table[CAMERA].index() == 2,
                spectator_window: window,
                ..Camera::default()
            },
            ..PlayLaunch::new(TableStart::Opening(self.options()))
        }
    }

    /// The `tabula` arguments that start the game as set up.
    pub fn play_args(&self) -> Vec<String> {
        self.play_launch().args()
    }

    /// Who plays seat `i` (0-based): a person unless given to the computer.
    pub fn seat(&self, i: usize) -> Seat {
        self.seats.get(i).copied().unwrap_or_default()
    }

    fn seat_mut(&mut self, i: usize) -> &mut Seat {
        if self.seats.len() <= i {
            self.seats.resize(i + 1, Seat::Human);
        }
        &mut self.seats[i]
    }

    /// A setting changed who plays (the fence race for four instead of two): each seat's
    /// player and name stay with the colour they were given to, wherever it now sits in the
    /// turn order; a colour no longer in the game takes its settings with it.
    fn follow_players(&mut self, before: Option<Vec<String>>) {
        let (Some(before), Ok(after)) = (before, self.players()) else {
            return;
        };
        if before == after {
            return;
        }
        let mut seats = vec![Seat::Human; self.seats.len().max(after.len())];
        let mut names = vec![String::new(); self.names.len().max(after.len())];
        for (i, label) in before.iter().enumerate() {
            if let Some(j) = after.iter().position(|l| l == label) {
                seats[j] = self.seat(i);
                names[j] = self.names.get(i).cloned().unwrap_or_default();
            }
        }
        self.seats = seats;
        self.names = names;
    }

    /// Whether the game setting `i` has any effect under the others as they are set: one
    /// that has none is not shown (the Federation's castle moves under the 1930 rules).
    pub fn shows_field(&self, i: usize) -> bool {
        self.fields()
            .get(i)
            .and_then(|f| f.option)
            .is_none_or(|name| self.options().applies(name))
    }

    /// The players of the game as set up, in turn order, or why it cannot start.
    pub fn players(&self) -> Result<Vec<String>, String> {
        Ok(TableGame::opening(self.options())?.player_labels())
    }

    /// Applies one action; returns the screen to open when the action opens one.
    pub(crate) fn apply(&mut self, action: &MenuAction) -> Option<Launch> {
        match action {
            MenuAction::Page(page) => {
                self.page = *page;
                self.focus = None;
                self.message = Feedback::info("");
            }
            MenuAction::Puzzle(game, number) => {
                let puzzle = Launch::Puzzle(PuzzleLaunch {
                    game: *game,
                    number: *number,
                });
                return Some(self.starting(puzzle));
            }
            MenuAction::Learn(game, step) => {
                let learn = Launch::Learn(LearnLaunch {
                    game: *game,
                    step: *step,
                });
                return Some(self.starting(learn));
            }
            MenuAction::Game(kind) => {
                self.game = *kind;
                self.focus = None;
                self.message = Feedback::info("");
            }
            MenuAction::Cycle(i, step) => {
                self.focus = None;
                let before = self.players().ok();
                if let Some(field) = self.fields_mut().get_mut(*i) {
                    step_field(field, *step);
                }
                self.follow_players(before);
            }
            MenuAction::CycleTable(i, step) => {
                self.focus = None;
                if let Some(field) = self.table.get_mut(*i) {
                    step_field(field, *step);
                }
            }
            MenuAction::SwitchSeat(i) => {
                self.focus = None;
                let seat = self.seat_mut(*i);
                *seat = seat.switched();
            }
            MenuAction::Level(i, step) => {
                self.focus = None;
                if let Seat::Computer(level) = self.seat_mut(*i) {
                    *level = level.step(*step);
                }
            }
            MenuAction::Focus(focus) => self.focus = Some(*focus),
            MenuAction::Unfocus => self.focus = None,
            MenuAction::Type(text) => self.type_in(text),
            MenuAction::Erase => {
                if let Some(s) = self.focused_text() {
                    s.pop();
                }
            }
            MenuAction::Play => return self.launch(Launch::Play(self.play_launch())),
            MenuAction::Load => {
                let path = self.load_path.trim().to_string();
                if path.is_empty() {
                    self.message = Feedback::error("Type the path of a saved game first.");
                    return None;
                }
                let scene = TableStart::Scene {
                    path: path.into(),
                    at: None,
                };
                return self.launch(Launch::Play(PlayLaunch::new(scene)));
            }
            MenuAction::Demo(i) => {
                let demo = self.demos.get(*i)?;
                return self.show(vec![demo.path.clone()], false);
            }
            MenuAction::AllDemos => {
                let files: Vec<PathBuf> = self.demos.iter().map(|d| d.path.clone()).collect();
                return self.show(files, true);
            }
            MenuAction::Exhibit => {
                let show = Launch::Exhibit(ExhibitLaunch {
                    looping: true,
                    with_demos: !self.demos.is_empty(),
                    ..ExhibitLaunch::default()
                });
                return Some(self.starting(show));
            }
            // Closing is the screen's to do: there is nothing to open.
            MenuAction::Quit => {}
        }
        None
    }

    /// Types `text` into the focused field: digits only into a number, and no more than the
    /// number can hold; a name takes no comma (the command line separates names with them).
    fn type_in(&mut self, text: &str) {
        let focus = self.focus;
        let Some(s) = self.focused_text() else {
            return;
        };
        match focus {
            Some(Focus::Field(_)) => {
                let longer = format!("{s}{text}");
                if longer.chars().all(|c| c.is_ascii_digit()) && longer.parse::<u64>().is_ok() {
                    *s = longer;
                }
            }
            Some(Focus::Name(_)) => s.extend(text.chars().filter(|c| *c != ',')),
            _ => s.push_str(text),
        }
    }

    /// Shows scenes as a demonstration, once each checked.
    fn show(&mut self, files: Vec<PathBuf>, looping: bool) -> Option<Launch> {
        if files.is_empty() {
            self.message = Feedback::error("No demonstrations were found.");
            return None;
        }
        if let Err(e) = load_playlist(&files) {
            self.message = Feedback::error(e);
            return None;
        }
        Some(self.starting(Launch::Demo(DemoLaunch {
            looping,
            ..DemoLaunch::new(files)
        })))
    }

    /// Opens `launch` once checked as the command line checks it; otherwise says why not.
    fn launch(&mut self, launch: Launch) -> Option<Launch> {
        let checked = match &launch {
            Launch::Play(play) => play_table(play).map(|_| ()),
            _ => Ok(()),
        };
        match checked {
            Ok(()) => Some(self.starting(launch)),
            Err(e) => {
                self.message = Feedback::error(e);
                None
            }
        }
    }

    /// Says what is starting.
    fn starting(&mut self, launch: Launch) -> Launch {
        self.message = Feedback::info(format!("Starting: tabula {}", launch.args().join(" ")));
        launch
    }

    fn focused_text(&mut self) -> Option<&mut String> {
        match self.focus? {
            Focus::Name(i) => self.names.get_mut(i),
            Focus::LoadPath => Some(&mut self.load_path),
            Focus::Field(i) => match self.fields_mut().get_mut(i) {
                Some(Field {
                    value: FieldValue::Number { digits },
                    ..
                }) => Some(digits),
                _ => None,
            },
        }
    }
}

fn step_field(field: &mut Field, step: i32) {
    if let FieldValue::Cycle { choices, index } = &mut field.value {
        let n = choices.len() as i32;
        *index = (*index as i32 + step).rem_euclid(n) as usize;
    }
}

/// The menu's logic: actions in, the screen to open out (enough for headless tests).
pub fn plugin(app: &mut App) {
    app.add_message::<MenuAction>()
        .add_message::<Refused>()
        .init_resource::<LaunchRequest>()
        .add_systems(Update, (apply_actions, hear_refusals));
}

/// A screen the start screen asked for could not be opened: it says why.
fn hear_refusals(mut refusals: MessageReader<Refused>, mut menu: ResMut<Menu>) {
    if let Some(refused) = refusals.read().last() {
        menu.message = refused.0.clone();
    }
}

fn apply_actions(
    mut actions: MessageReader<MenuAction>,
    mut menu: ResMut<Menu>,
    mut launch: ResMut<LaunchRequest>,
    mut exit: MessageWriter<AppExit>,
) {
    for action in actions.read() {
        if *action == MenuAction::Quit {
            exit.write(AppExit::Success);
        } else if let Some(next) = menu.apply(action) {
            launch.0 = Some(next);
        }
    }
}
