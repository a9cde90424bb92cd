//! The start screen: choose one of the five games, its players and rules options, name the
//! seats and give any of them to the computer, load a saved game or open a demonstration
//! scene.
//!
//! Everything the menu offers is a `tabula play` command line, shown under the Play button;
//! starting a game opens, in the same window, the table that command line opens, so the
//! menu and the command line can never disagree.

use crate::args::{Cli, Command, PlayArgs};
use crate::playing::Feedback;
use crate::tabletop::TableGame;
use crate::theme::{BUTTON, GOLD, text};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use clap::Parser;
use std::path::{Path, PathBuf};
use tabula_rules::options::{OptionKind, OptionSpec};
use tabula_rules::registry::{self, GAMES, GameKind};
use tabula_rules::scene::SceneFile;

/// One setting on the start screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// What it sets.
    pub label: &'static str,
    /// Its value.
    pub value: FieldValue,
}

/// A setting's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldValue {
    /// One of a list: what each choice shows, and the arguments it adds to the command line.
    Cycle {
        /// The choices.
        choices: Vec<(String, Vec<String>)>,
        /// The one chosen.
        index: usize,
    },
    /// A number typed in, passed as `flag VALUE`.
    Number {
        /// The command-line flag.
        flag: String,
        /// The digits typed.
        digits: String,
    },
}

impl Field {
    fn cycle(label: &'static str, choices: &[(&str, &[&str])]) -> Field {
        Field {
            label,
            value: FieldValue::Cycle {
                choices: choices
                    .iter()
                    .map(|(shown, args)| {
                        (
                            shown.to_string(),
                            args.iter().map(ToString::to_string).collect(),
                        )
                    })
                    .collect(),
                index: 0,
            },
        }
    }

    /// The field of a rules option: the values the option's description offers, stepped
    /// through, or digits typed in (starting with `seed`) for a free number.
    pub fn of_option(spec: &'static OptionSpec, seed: u64) -> Field {
        let value = match spec.kind {
            OptionKind::Free => FieldValue::Number {
                flag: spec.flag(),
                digits: seed.to_string(),
            },
            _ => FieldValue::Cycle {
                choices: spec
                    .offers()
                    .into_iter()
                    .map(|(text, shown)| {
                        let args = text.map(|t| spec.args(&[t])).unwrap_or_default();
                        (shown, args)
                    })
                    .collect(),
                index: 0,
            },
        };
        Field {
            label: spec.label,
            value,
        }
    }

    /// What the field shows as its value.
    pub fn shown(&self) -> String {
        match &self.value {
            FieldValue::Cycle { choices, index } => choices[*index].0.clone(),
            FieldValue::Number { digits, .. } => digits.clone(),
        }
    }

    fn args(&self) -> Vec<String> {
        match &self.value {
            FieldValue::Cycle { choices, index } => choices[*index].1.clone(),
            FieldValue::Number { flag, digits } if !digits.is_empty() => {
                vec![flag.to_string(), digits.clone()]
            }
            FieldValue::Number { .. } => Vec::new(),
        }
    }
}

/// The settings each game offers, defaults first: one field a rules option, in the order
/// the registry gives for the start screen.
pub fn game_fields(kind: GameKind, seed: u64) -> Vec<Field> {
    registry::game(kind)
        .screen_options()
        .map(|spec| Field::of_option(spec, seed))
        .collect()
}

/// Table settings shared by every game.
fn table_fields() -> Vec<Field> {
    vec![
        Field::cycle(
            "Camera",
            &[
                ("stays where it is put", &[]),
                ("turns to the player to move", &["--follow-turn"]),
                ("spectator director", &["--spectator"]),
            ],
        ),
        Field::cycle(
            "Spectator window (projector)",
            &[("no", &[]), ("yes", &["--spectator-window"])],
        ),
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
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's name, as `--computer SEAT:LEVEL` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The next (+1) or previous (-1) level, round the list.
    pub fn step(self, step: i32) -> Level {
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
    pub fn switched(self) -> Seat {
        match self {
            Seat::Human => Seat::Computer(Level::Medium),
            Seat::Computer(_) => Seat::Human,
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

/// What the player does on the start screen (from buttons and keys, or from tests).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum MenuAction {
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

/// A shipped demonstration scene.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Demo {
    /// Its file.
    pub path: PathBuf,
    /// Its title.
    pub title: String,
    /// Its game.
    pub game: GameKind,
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
    pub demos: Vec<Demo>,
    /// The field typed into.
    pub focus: Option<Focus>,
    /// The last word to the player: why something was refused.
    pub message: Feedback,
}

pub use crate::playing::Launch;

impl Menu {
    /// A start screen with the defaults, the fence race's die seeded with `seed`, and the
    /// demonstrations in `demos`.
    pub fn new(seed: u64, demos: Vec<Demo>) -> Menu {
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
    pub fn table_fields(&self) -> &[Field] {
        &self.table
    }

    /// The `tabula` arguments that start the game as set up (names and computer seats
    /// included: `--computer SEAT:LEVEL` for each seat the computer plays, numbered from 1).
    pub fn play_args(&self) -> Vec<String> {
        let mut args = vec!["play".to_string(), game_arg(self.game).to_string()];
        for field in self.fields().iter().chain(&self.table) {
            args.extend(field.args());
        }
        let players = self.players().map(|p| p.len()).unwrap_or(0);
        let names: Vec<&str> = self.names.iter().take(players).map(|n| n.trim()).collect();
        if names.iter().any(|n| !n.is_empty()) {
            let last = names.iter().rposition(|n| !n.is_empty()).unwrap_or(0);
            args.push("--names".into());
            args.push(names[..=last].join(","));
        }
        for (i, seat) in self.seats.iter().take(players).enumerate() {
            if let Seat::Computer(level) = seat {
                args.push(COMPUTER.into());
                args.push(format!("{}:{}", i + 1, level.name()));
            }
        }
        args
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

    /// The players of the game as set up, in turn order, or why it cannot start.
    pub fn players(&self) -> Result<Vec<String>, String> {
        let mut args = vec!["play".to_string(), game_arg(self.game).to_string()];
        for field in self.fields() {
            args.extend(field.args());
        }
        Ok(play_args(&args)?.table()?.player_labels())
    }

    /// The game and window these arguments open, checked as `tabula play` checks them.
    pub fn check(args: &[String]) -> Result<TableGame, String> {
        let play = play_args(args)?;
        let table = play.table()?;
        play.viewing(&table)?;
        Ok(table)
    }

    /// Applies one action; returns the command line to run when the action starts a game.
    pub fn apply(&mut self, action: &MenuAction) -> Option<Vec<String>> {
        match action {
            MenuAction::Game(kind) => {
                self.game = *kind;
                self.focus = None;
                self.message = Feedback::info("");
            }
            MenuAction::Cycle(i, step) => {
                self.focus = None;
                if let Some(field) = self.fields_mut().get_mut(*i) {
                    step_field(field, *step);
                }
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
            MenuAction::Type(text) => {
                if let Some(s) = self.focused_text() {
                    s.push_str(text);
                }
            }
            MenuAction::Erase => {
                if let Some(s) = self.focused_text() {
                    s.pop();
                }
            }
            MenuAction::Play => {
                let args = self.play_args();
                return self.launch(args);
            }
            MenuAction::Load => {
                let path = self.load_path.trim().to_string();
                if path.is_empty() {
                    self.message = Feedback::error("Type the path of a saved game first.");
                    return None;
                }
                return self.launch(vec!["play".into(), "--scene".into(), path]);
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
                let mut args = vec!["exhibit".to_string(), "--loop".into()];
                if !self.demos.is_empty() {
                    args.push("--with-demos".into());
                }
                self.message = Feedback::info(format!("Starting: tabula {}", args.join(" ")));
                return Some(args);
            }
            MenuAction::Quit => return Some(Vec::new()),
        }
        None
    }

    /// Shows scenes as a demonstration, once each checked.
    fn show(&mut self, files: Vec<PathBuf>, looping: bool) -> Option<Vec<String>> {
        if files.is_empty() {
            self.message = Feedback::error("No demonstrations were found.");
            return None;
        }
        if let Err(e) = crate::demo::load_playlist(&files) {
            self.message = Feedback::error(e);
            return None;
        }
        let mut args = vec!["demo".to_string()];
        if looping {
            args.push("--loop".into());
        }
        args.extend(files.iter().map(|f| f.display().to_string()));
        self.message = Feedback::info(format!("Starting: tabula {}", args.join(" ")));
        Some(args)
    }

    fn launch(&mut self, args: Vec<String>) -> Option<Vec<String>> {
        match Menu::check(&args) {
            Ok(_) => {
                self.message = Feedback::info(format!("Starting: tabula {}", args.join(" ")));
                Some(args)
            }
            Err(e) => {
                self.message = Feedback::error(e);
                None
            }
        }
    }

    fn focused_text(&mut self) -> Option<&mut String> {
        match self.focus? {
            Focus::Name(i) => self.names.get_mut(i),
            Focus::LoadPath => Some(&mut self.load_path),
            Focus::Field(i) => match self.fields_mut().get_mut(i) {
                Some(Field {
                    value: FieldValue::Number { digits, .. },
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

/// The flag that gives a seat to the computer.
const COMPUTER: &str = "--computer";

fn game_arg(kind: GameKind) -> &'static str {
    registry::game(kind).name
}

/// Reads `tabula ARGS` as the command line would; only `play` is expected.
fn play_args(args: &[String]) -> Result<PlayArgs, String> {
    let cli = Cli::try_parse_from(std::iter::once("tabula".to_string()).chain(args.to_vec()))
        .map_err(|e| e.to_string().lines().next().unwrap_or("").to_string())?;
    match cli.command {
        Some(Command::Play(play)) => Ok(play),
        _ => Err("not a `tabula play` command".into()),
    }
}

/// The demonstration scenes shipped with Tabula: `scenes/` in the working folder, or beside
/// the program (up to four folders up), or in the source tree it was built from.
pub fn find_demos() -> Vec<Demo> {
    let mut roots = vec![PathBuf::from("scenes")];
    if let Ok(exe) = std::env::current_exe() {
        roots.extend(exe.ancestors().skip(1).take(4).map(|d| d.join("scenes")));
    }
    roots.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes"));
    let Some(root) = roots.into_iter().find(|r| r.is_dir()) else {
        return Vec::new();
    };
    crate::demo::scene_files(&[root])
        .into_iter()
        .filter_map(|path| {
            let file = SceneFile::load(&path).ok()?;
            Some(Demo {
                title: file.scene.title.clone(),
                game: file.scene.game,
                path,
            })
        })
        .collect()
}

/// The menu's logic: actions in, the command line to run out (enough for headless tests).
pub fn logic(app: &mut App) {
    app.add_message::<MenuAction>()
        .add_message::<crate::playing::Refused>()
        .init_resource::<Launch>()
        .add_systems(Update, (apply_actions, hear_refusals));
}

/// A command line the start screen asked for could not be opened: it says why.
fn hear_refusals(mut refusals: MessageReader<crate::playing::Refused>, mut menu: ResMut<Menu>) {
    if let Some(refused) = refusals.read().last() {
        menu.message = refused.0.clone();
    }
}

fn apply_actions(
    mut actions: MessageReader<MenuAction>,
    mut menu: ResMut<Menu>,
    mut launch: ResMut<Launch>,
) {
    for action in actions.read() {
        if let Some(args) = menu.apply(action) {
            launch.0 = Some(args);
        }
    }
}

// ---------------------------------------------------------------------------------------
// The screen.

/// The menu's root node, rebuilt whenever the menu changes.
#[derive(Component)]
struct MenuRoot;

const PANEL: Color = Color::srgba(0.13, 0.11, 0.1, 0.95);
const CHOSEN: Color = Color::srgb(0.45, 0.33, 0.14);
const FIELD: Color = Color::srgb(0.18, 0.16, 0.14);
const FOCUSED: Color = Color::srgb(0.3, 0.27, 0.18);

/// The start screen's window content.
pub fn view(app: &mut App) {
    use crate::state::Screen;
    app.add_systems(
        OnEnter(Screen::Menu),
        |mut commands: Commands, mut menu: ResMut<Menu>| {
            commands.spawn((Camera2d, DespawnOnExit(Screen::Menu)));
            commands.insert_resource(ClearColor(crate::theme::BACKGROUND));
            // Back from the table: the last launch's word is old news.
            menu.message = Feedback::default();
        },
    )
    .add_systems(
        Update,
        (keyboard.before(apply_actions), rebuild.after(apply_actions))
            .run_if(in_state(Screen::Menu)),
    );
}

/// Typing goes to the focused field; without one, Enter plays, arrows change the game and
/// a seat's number gives that seat to the computer or back to a person.
fn keyboard(
    mut keys: MessageReader<KeyboardInput>,
    menu: Res<Menu>,
    mut out: MessageWriter<MenuAction>,
) {
    for key in keys.read() {
        if !key.state.is_pressed() {
            continue;
        }
        if menu.focus.is_some() {
            match &key.logical_key {
                Key::Backspace => {
                    out.write(MenuAction::Erase);
                }
                Key::Enter | Key::Escape | Key::Tab => {
                    out.write(MenuAction::Unfocus);
                }
                Key::Character(c) => {
                    let c: String = c.chars().filter(|c| !c.is_control()).collect();
                    let digits_only = matches!(menu.focus, Some(Focus::Field(_)));
                    if !c.is_empty() && (!digits_only || c.chars().all(|c| c.is_ascii_digit())) {
                        out.write(MenuAction::Type(c));
                    }
                }
                Key::Space => {
                    out.write(MenuAction::Type(" ".into()));
                }
                _ => {}
            }
            continue;
        }
        let i = GAMES.iter().position(|g| g.kind == menu.game).unwrap_or(0);
        let n = GAMES.len();
        match &key.logical_key {
            Key::Enter => {
                out.write(MenuAction::Play);
            }
            Key::ArrowDown => {
                out.write(MenuAction::Game(GAMES[(i + 1) % n].kind));
            }
            Key::ArrowUp => {
                out.write(MenuAction::Game(GAMES[(i + n - 1) % n].kind));
            }
            Key::Character(c) => {
                let seats = menu.players().map(|p| p.len()).unwrap_or(0);
                if let Ok(seat) = c.parse::<usize>()
                    && (1..=seats).contains(&seat)
                {
                    out.write(MenuAction::SwitchSeat(seat - 1));
                }
            }
            _ => {}
        }
    }
}

/// A button that sends `action` when clicked (the right button steps settings backwards).
fn button(
    parent: &mut ChildSpawnerCommands,
    label: impl Into<String>,
    color: Color,
    action: MenuAction,
    node: Node,
) {
    let back = match &action {
        MenuAction::Cycle(i, _) => Some(MenuAction::Cycle(*i, -1)),
        MenuAction::CycleTable(i, _) => Some(MenuAction::CycleTable(*i, -1)),
        MenuAction::Level(i, _) => Some(MenuAction::Level(*i, -1)),
        _ => None,
    };
    parent
        .spawn((Button, node, BackgroundColor(color)))
        .with_child(text(label, 16.0, Color::WHITE))
        .observe(
            move |click: On<Pointer<Click>>, mut out: MessageWriter<MenuAction>| match click.button
            {
                PointerButton::Primary => {
                    out.write(action.clone());
                }
                PointerButton::Secondary => {
                    if let Some(back) = &back {
                        out.write(back.clone());
                    }
                }
                PointerButton::Middle => {}
            },
        );
}

fn padded() -> Node {
    Node {
        padding: UiRect::axes(Val::Px(12.0), Val::Px(6.0)),
        ..default()
    }
}

/// A button's node in the middle column, thinner than `padded` so that four players' rows
/// still fit the window's height.
fn snug(width: Option<f32>) -> Node {
    Node {
        padding: UiRect::axes(Val::Px(12.0), Val::Px(4.0)),
        width: width.map_or(Val::Auto, Val::Px),
        justify_content: JustifyContent::Center,
        ..default()
    }
}

fn column(width: f32) -> Node {
    Node {
        width: Val::Px(width),
        flex_direction: FlexDirection::Column,
        row_gap: Val::Px(6.0),
        padding: UiRect::all(Val::Px(14.0)),
        ..default()
    }
}

fn rebuild(mut commands: Commands, menu: Res<Menu>, roots: Query<Entity, With<MenuRoot>>) {
    if !menu.is_changed() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    commands
        .spawn((
            MenuRoot,
            DespawnOnExit(crate::state::Screen::Menu),
            Node {
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(Val::Px(16.0)),
                row_gap: Val::Px(10.0),
                ..default()
            },
        ))
        .with_children(|root| {
            root.spawn(text("Tabula", 40.0, GOLD));
            root.spawn(text(
                "Five forgotten patented board games, played by their rules.",
                16.0,
                Color::srgb(0.8, 0.78, 0.72),
            ));
            root.spawn(Node {
                column_gap: Val::Px(12.0),
                ..default()
            })
            .with_children(|row| {
                games_column(row, &menu);
                settings_column(row, &menu);
                load_column(row, &menu);
            });
        });
}

fn games_column(row: &mut ChildSpawnerCommands, menu: &Menu) {
    row.spawn((column(330.0), BackgroundColor(PANEL)))
        .with_children(|col| {
            col.spawn(text("Game", 18.0, GOLD));
            for game in &GAMES {
                let kind = game.kind;
                let chosen = kind == menu.game;
                col.spawn((
                    Button,
                    Node {
                        flex_direction: FlexDirection::Column,
                        padding: UiRect::all(Val::Px(8.0)),
                        ..default()
                    },
                    BackgroundColor(if chosen { CHOSEN } else { BUTTON }),
                ))
                .with_children(|b| {
                    b.spawn(text(game.title, 18.0, Color::WHITE));
                    b.spawn(text(game.blurb, 12.0, Color::srgb(0.85, 0.82, 0.75)));
                })
                .observe(
                    move |click: On<Pointer<Click>>, mut out: MessageWriter<MenuAction>| {
                        if click.button == PointerButton::Primary {
                            out.write(MenuAction::Game(kind));
                        }
                    },
                );
            }
            col.spawn(text(
                "Up and Down choose, Enter plays; a player's number gives the seat to the computer or back.",
                12.0,
                crate::theme::DIM,
            ));
        });
}

fn setting_row(
    col: &mut ChildSpawnerCommands,
    field: &Field,
    action: MenuAction,
    focused: bool,
    focus: Focus,
) {
    col.spawn(Node {
        justify_content: JustifyContent::SpaceBetween,
        align_items: AlignItems::Center,
        column_gap: Val::Px(8.0),
        ..default()
    })
    .with_children(|r| {
        r.spawn(text(field.label, 14.0, crate::theme::TEXT));
        match field.value {
            FieldValue::Cycle { .. } => button(
                r,
                format!("< {} >", field.shown()),
                BUTTON,
                action,
                snug(None),
            ),
            FieldValue::Number { .. } => {
                text_box(r, &field.shown(), focused, focus, snug(Some(120.0)))
            }
        }
    });
}

/// A text field of the given node (its size and padding), which takes the keyboard when
/// clicked.
fn text_box(
    parent: &mut ChildSpawnerCommands,
    value: &str,
    focused: bool,
    focus: Focus,
    mut node: Node,
) {
    let shown = if focused {
        format!("{value}|")
    } else {
        value.to_string()
    };
    node.justify_content = JustifyContent::Start;
    node.min_height = Val::Px(28.0);
    button(
        parent,
        shown,
        if focused { FOCUSED } else { FIELD },
        MenuAction::Focus(focus),
        node,
    );
}

fn settings_column(row: &mut ChildSpawnerCommands, menu: &Menu) {
    let mut node = column(520.0);
    node.row_gap = Val::Px(3.0);
    row.spawn((node, BackgroundColor(PANEL)))
        .with_children(|col| {
            col.spawn(text(format!("{}: rules", menu.game.title()), 18.0, GOLD));
            for (i, field) in menu.fields().iter().enumerate() {
                let focus = Focus::Field(i);
                setting_row(
                    col,
                    field,
                    MenuAction::Cycle(i, 1),
                    menu.focus == Some(focus),
                    focus,
                );
            }
            col.spawn(text("Table", 18.0, GOLD));
            for (i, field) in menu.table_fields().iter().enumerate() {
                setting_row(
                    col,
                    field,
                    MenuAction::CycleTable(i, 1),
                    false,
                    Focus::Name(0),
                );
            }
            col.spawn(text("Players (names are optional)", 18.0, GOLD));
            match menu.players() {
                Ok(players) => {
                    for (i, label) in players.iter().enumerate() {
                        player_row(col, menu, i, label);
                    }
                }
                Err(e) => {
                    col.spawn(text(e, 14.0, crate::theme::ERROR));
                }
            }
            let mut play = padded();
            play.margin = UiRect::top(Val::Px(8.0));
            play.justify_content = JustifyContent::Center;
            button(
                col,
                format!("Play {}", menu.game.title()),
                crate::theme::GO,
                MenuAction::Play,
                play,
            );
            col.spawn(text(
                format!("Same as: tabula {}", menu.play_args().join(" ")),
                12.0,
                crate::theme::DIM,
            ));
            let color = if menu.message.is_error {
                crate::theme::ERROR
            } else {
                crate::theme::INFO
            };
            col.spawn(text(menu.message.text.clone(), 14.0, color));
        });
}

/// The width of a seat's Human/Computer button.
const SEAT_WIDTH: f32 = 106.0;
/// The width of a computer seat's level button.
const LEVEL_WIDTH: f32 = 124.0;

/// One seat: its label, its player's name, and who plays it (with the computer's level).
fn player_row(col: &mut ChildSpawnerCommands, menu: &Menu, i: usize, label: &str) {
    let focus = Focus::Name(i);
    col.spawn(Node {
        justify_content: JustifyContent::SpaceBetween,
        align_items: AlignItems::Center,
        column_gap: Val::Px(8.0),
        ..default()
    })
    .with_children(|r| {
        r.spawn(text(label.to_string(), 14.0, crate::theme::TEXT));
        r.spawn(Node {
            align_items: AlignItems::Center,
            column_gap: Val::Px(8.0),
            ..default()
        })
        .with_children(|controls| {
            text_box(
                controls,
                menu.names.get(i).map(String::as_str).unwrap_or(""),
                menu.focus == Some(focus),
                focus,
                snug(Some(150.0)),
            );
            // A person's button spans the computer's two, so that the rows line up.
            match menu.seat(i) {
                Seat::Human => button(
                    controls,
                    "Human",
                    BUTTON,
                    MenuAction::SwitchSeat(i),
                    snug(Some(SEAT_WIDTH + 8.0 + LEVEL_WIDTH)),
                ),
                Seat::Computer(level) => {
                    button(
                        controls,
                        "Computer",
                        BUTTON,
                        MenuAction::SwitchSeat(i),
                        snug(Some(SEAT_WIDTH)),
                    );
                    button(
                        controls,
                        format!("< {} >", level.name()),
                        BUTTON,
                        MenuAction::Level(i, 1),
                        snug(Some(LEVEL_WIDTH)),
                    );
                }
            }
        });
    });
}

fn load_column(row: &mut ChildSpawnerCommands, menu: &Menu) {
    row.spawn((column(370.0), BackgroundColor(PANEL)))
        .with_children(|col| {
            col.spawn(text("Load a saved game", 18.0, GOLD));
            text_box(
                col,
                &menu.load_path,
                menu.focus == Some(Focus::LoadPath),
                Focus::LoadPath,
                Node {
                    width: Val::Px(340.0),
                    ..padded()
                },
            );
            button(col, "Load", BUTTON, MenuAction::Load, padded());
            col.spawn(text("Exhibition", 18.0, GOLD));
            button(
                col,
                "The computer plays every game, over and over",
                crate::theme::LINK,
                MenuAction::Exhibit,
                padded(),
            );
            col.spawn(text("Demonstrations", 18.0, GOLD));
            if menu.demos.is_empty() {
                col.spawn(text(
                    "No scenes/ folder found beside Tabula.",
                    13.0,
                    crate::theme::DIM,
                ));
            }
            if !menu.demos.is_empty() {
                button(
                    col,
                    "Show them all, over and over",
                    crate::theme::LINK,
                    MenuAction::AllDemos,
                    padded(),
                );
            }
            for (i, demo) in menu.demos.iter().enumerate() {
                button(
                    col,
                    demo.title.clone(),
                    BUTTON,
                    MenuAction::Demo(i),
                    padded(),
                );
            }
            let mut quit = padded();
            quit.margin = UiRect::top(Val::Px(12.0));
            button(
                col,
                "Quit",
                Color::srgb(0.35, 0.15, 0.12),
                MenuAction::Quit,
                quit,
            );
        });
}
