//! The start screen in the window: three columns (the games, the chosen game's settings
//! and players, loading and the shows), or the lessons' page, rebuilt whenever the menu
//! changes, and the keys.

use super::{Field, FieldValue, Focus, Menu, MenuAction, Page, Seat};
use crate::screens::learn::courses::Courses;
use crate::state::Screen;
use crate::table::commands::Feedback;
use crate::user_data::progress::Progress;
use crate::view::in_view::BringIntoView;
use crate::view::side_panel::PanelScroll;
use crate::view::theme::{
    self, BACKGROUND, BLURB, BUTTON, CHOSEN, DIM, ERROR, FIELD, FOCUSED, GO, GOLD, INFO, LEAVE,
    LINK, MENU_PANEL, QUIT, TAGLINE, TEXT, panel, text,
};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;
use tabula_rules::registry::{GAMES, GameKind};

/// The menu's root node, rebuilt whenever the menu changes.
#[derive(Component)]
struct MenuRoot;

/// The menu's columns, each keeping where it was scrolled to when the menu is rebuilt.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuColumn {
    /// The games.
    Games,
    /// The chosen game's settings and players.
    Settings,
    /// Learning, loading and the shows.
    Side,
    /// The lessons' page.
    Learn,
    /// The puzzles' page.
    Puzzles,
}

/// The game shown as chosen in the games' column.
#[derive(Component, Debug, Clone, Copy)]
pub struct ChosenGame;

/// Where each column was scrolled to, kept across a rebuild.
#[derive(Default)]
struct Offsets(Vec<(MenuColumn, f32)>);

impl Offsets {
    fn of(&self, column: MenuColumn) -> f32 {
        self.0
            .iter()
            .find(|(c, _)| *c == column)
            .map_or(0.0, |(_, y)| *y)
    }
}

/// The start screen's window content.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Menu),
        |mut commands: Commands, mut menu: ResMut<Menu>| {
            commands.spawn((Camera2d, DespawnOnExit(Screen::Menu)));
            commands.insert_resource(ClearColor(BACKGROUND));
            // Back from the table: the last launch's word is old news.
            menu.message = Feedback::default();
        },
    )
    .add_systems(
        Update,
        (
            keyboard.before(super::apply_actions),
            rebuild.after(super::apply_actions),
            scroll_page,
        )
            .run_if(in_state(Screen::Menu)),
    );
}

/// Pixels Up and Down scroll the lessons' and the puzzles' pages.
const KEY_LINE: f32 = 40.0;

/// On the lessons' and the puzzles' pages, Up and Down scroll the page a line, PageUp and
/// PageDown a window's height less a line, Home and End to its ends.
fn scroll_page(
    mut keys: MessageReader<KeyboardInput>,
    menu: Res<Menu>,
    mut columns: Query<(&MenuColumn, &ComputedNode, &mut ScrollPosition)>,
) {
    let pressed: Vec<Key> = keys
        .read()
        .filter(|k| k.state.is_pressed())
        .map(|k| k.logical_key.clone())
        .collect();
    if menu.page == Page::Main || menu.focus.is_some() || pressed.is_empty() {
        return;
    }
    for (column, node, mut position) in &mut columns {
        if !matches!(column, MenuColumn::Learn | MenuColumn::Puzzles) {
            continue;
        }
        // The layout's sizes are in physical pixels, the scroll position in logical ones.
        let scale = node.inverse_scale_factor();
        let seen = node.size().y * scale;
        let most = ((node.content_size().y - node.size().y) * scale).max(0.0);
        let mut y = position.y;
        for key in &pressed {
            y = match key {
                Key::ArrowDown => y + KEY_LINE,
                Key::ArrowUp => y - KEY_LINE,
                Key::PageDown => y + (seen - KEY_LINE).max(KEY_LINE),
                Key::PageUp => y - (seen - KEY_LINE).max(KEY_LINE),
                Key::Home => 0.0,
                Key::End => most,
                _ => y,
            }
            .clamp(0.0, most);
        }
        if y != position.y {
            position.y = y;
        }
    }
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
        if menu.page != Page::Main {
            if matches!(key.logical_key, Key::Escape | Key::Backspace) {
                out.write(MenuAction::Page(Page::Main));
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
            Key::Character(c) if c.eq_ignore_ascii_case("l") => {
                out.write(MenuAction::Page(Page::Learn));
            }
            Key::Character(c) if c.eq_ignore_ascii_case("z") => {
                out.write(MenuAction::Page(Page::Puzzles));
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
        .spawn(theme::button(label, 16.0, color, node))
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

/// A column of the menu: no taller than the window leaves it, scrolling under the mouse
/// wheel where its contents are taller (a small window).
fn column(width: f32) -> Node {
    Node {
        width: Val::Px(width),
        flex_direction: FlexDirection::Column,
        row_gap: Val::Px(6.0),
        padding: UiRect::all(Val::Px(14.0)),
        min_height: Val::Px(0.0),
        overflow: Overflow::scroll_y(),
        ..default()
    }
}

/// What makes a column scroll under the wheel (the side panel's scrolling, reused), scrolled
/// as it was before the rebuild.
fn scrolls(column: MenuColumn, offsets: &Offsets) -> impl Bundle {
    (
        ScrollPosition(Vec2::new(0.0, offsets.of(column))),
        RelativeCursorPosition::default(),
        PanelScroll,
        column,
    )
}

fn rebuild(
    mut commands: Commands,
    menu: Res<Menu>,
    courses: Option<Res<Courses>>,
    progress: Option<Res<Progress>>,
    roots: Query<Entity, With<MenuRoot>>,
    columns: Query<(&MenuColumn, &ScrollPosition)>,
    mut shown: Local<Option<GameKind>>,
) {
    if !menu.is_changed() {
        return;
    }
    let courses = courses.map(|c| c.clone()).unwrap_or_default();
    let progress = progress.map(|p| p.clone()).unwrap_or_default();
    let offsets = Offsets(columns.iter().map(|(c, p)| (*c, p.y)).collect());
    // A game newly chosen (by the keys, say), or the screen newly opened: the games' column
    // scrolls to show it.
    let bring_chosen = roots.is_empty() || *shown != Some(menu.game);
    *shown = Some(menu.game);
    for root in &roots {
        commands.entity(root).despawn();
    }
    commands
        .spawn((
            MenuRoot,
            DespawnOnExit(Screen::Menu),
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
                TAGLINE,
            ));
            root.spawn(Node {
                column_gap: Val::Px(12.0),
                flex_grow: 1.0,
                min_height: Val::Px(0.0),
                ..default()
            })
            .with_children(|row| match menu.page {
                Page::Main => {
                    games_column(row, &menu, &offsets, bring_chosen);
                    settings_column(row, &menu, &offsets);
                    side_column(row, &menu, &offsets);
                }
                Page::Learn => learn_page(row, &menu, &courses, &progress, &offsets),
                Page::Puzzles => puzzles_page(row, &menu, &progress, &offsets),
            });
        });
}

/// The games' column; the chosen game scrolled into sight when `bring_chosen`.
fn games_column(
    row: &mut ChildSpawnerCommands,
    menu: &Menu,
    offsets: &Offsets,
    bring_chosen: bool,
) {
    // No narrower than a game's title and a few words of its blurb a line, in a small
    // window: the other columns give way first.
    let mut node = column(330.0);
    node.min_width = Val::Px(240.0);
    row.spawn((
        panel(MENU_PANEL, node),
        scrolls(MenuColumn::Games, offsets),
    ))
    .with_children(|col| {
            col.spawn(text("Game", 18.0, GOLD));
            for game in &GAMES {
                let kind = game.kind;
                let chosen = kind == menu.game;
                let mut entry = col.spawn((
                    Button,
                    Node {
                        flex_direction: FlexDirection::Column,
                        padding: UiRect::all(Val::Px(8.0)),
                        ..default()
                    },
                    BackgroundColor(if chosen { CHOSEN } else { BUTTON }),
                ));
                if chosen {
                    entry.insert(ChosenGame);
                    if bring_chosen {
                        entry.insert(BringIntoView);
                    }
                }
                entry
                .with_children(|b| {
                    b.spawn(text(game.title, 18.0, Color::WHITE));
                    b.spawn(text(game.blurb, 12.0, BLURB));
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
                DIM,
            ));
        });
}

/// The lessons' page: each game's lesson, how far the player has come in it, and a button
/// that goes on from the first step not yet done.
fn learn_page(
    row: &mut ChildSpawnerCommands,
    menu: &Menu,
    courses: &Courses,
    progress: &Progress,
    offsets: &Offsets,
) {
    row.spawn((
        panel(MENU_PANEL, column(900.0)),
        scrolls(MenuColumn::Learn, offsets),
    ))
    .with_children(|col| {
        col.spawn(text("Learn to play", 22.0, GOLD));
        col.spawn(text(
            "Each lesson sets small positions on the table and asks for a move: a wrong one \
                 is told why. Your progress is kept between runs.",
            14.0,
            TAGLINE,
        ));
        for course in &courses.list {
            let done = progress.done(&course.key);
            let finished = done >= course.steps;
            let step = progress.first_open(&course.key, course.steps);
            col.spawn(Node {
                justify_content: JustifyContent::SpaceBetween,
                align_items: AlignItems::Center,
                column_gap: Val::Px(12.0),
                padding: UiRect::axes(Val::Px(8.0), Val::Px(6.0)),
                ..default()
            })
            .with_children(|r| {
                r.spawn(Node {
                    flex_direction: FlexDirection::Column,
                    ..default()
                })
                .with_children(|words| {
                    words.spawn(text(course.game.title(), 18.0, Color::WHITE));
                    words.spawn(text(
                        format!("{}: {done} of {} steps done", course.title, course.steps),
                        13.0,
                        if finished { GOLD } else { BLURB },
                    ));
                });
                let label = match (done, finished) {
                    (0, _) => "Start".to_string(),
                    (_, true) => "Again from step 1".to_string(),
                    _ => format!("Go on at step {step}"),
                };
                let color = if finished { BUTTON } else { GO };
                button(
                    r,
                    label,
                    color,
                    MenuAction::Learn(course.game, step),
                    snug(Some(220.0)),
                );
            });
        }
        if courses.list.is_empty() {
            col.spawn(text(
                "No lessons/ folder was found beside Tabula or in the working folder.",
                14.0,
                ERROR,
            ));
        }
        for problem in courses.problem.iter().chain(&progress.notice) {
            col.spawn(text(problem.clone(), 13.0, ERROR));
        }
        page_footer(col, menu, "tabula learn GAME [--step N]");
    });
}

/// The puzzles' page: the player's score and streak, and for each game how many of its
/// puzzles are solved and a button that opens the first not yet solved.
fn puzzles_page(
    row: &mut ChildSpawnerCommands,
    menu: &Menu,
    progress: &Progress,
    offsets: &Offsets,
) {
    row.spawn((
        panel(MENU_PANEL, column(900.0)),
        scrolls(MenuColumn::Puzzles, offsets),
    ))
    .with_children(|col| {
        col.spawn(text("Puzzles", 22.0, GOLD));
        col.spawn(text(
            "Each puzzle sets a position on the table where one move stands out: win, take \
                 more than you lose, or fence the leader. A puzzle solved at the first try \
                 scores a point; the score and the streak are kept between runs.",
            14.0,
            TAGLINE,
        ));
        let record = &progress.record.puzzles;
        col.spawn(text(
            format!(
                "Score {}, streak {} (best {})",
                record.score, record.streak, record.best_streak
            ),
            16.0,
            GOLD,
        ));
        for game in &GAMES {
            let solved = progress.puzzles_solved(&format!("{}/", game.name));
            col.spawn(Node {
                justify_content: JustifyContent::SpaceBetween,
                align_items: AlignItems::Center,
                column_gap: Val::Px(12.0),
                padding: UiRect::axes(Val::Px(8.0), Val::Px(6.0)),
                ..default()
            })
            .with_children(|r| {
                r.spawn(Node {
                    flex_direction: FlexDirection::Column,
                    ..default()
                })
                .with_children(|words| {
                    words.spawn(text(game.title, 18.0, Color::WHITE));
                    words.spawn(text(format!("{solved} solved"), 13.0, BLURB));
                });
                button(
                    r,
                    if solved == 0 { "Start" } else { "Go on" },
                    GO,
                    MenuAction::Puzzle(game.kind, solved + 1),
                    snug(Some(220.0)),
                );
            });
        }
        if let Some(notice) = &progress.notice {
            col.spawn(text(notice.clone(), 13.0, ERROR));
        }
        page_footer(col, menu, "tabula puzzle GAME [--number N]");
    });
}

/// The foot of the lessons' and the puzzles' pages: the start screen's last word, the way
/// back, and the keys that scroll the page with the command line that opens what it lists
/// (`command`).
fn page_footer(col: &mut ChildSpawnerCommands, menu: &Menu, command: &str) {
    let color = if menu.message.is_error { ERROR } else { INFO };
    col.spawn(text(menu.message.text.clone(), 14.0, color));
    let mut back = padded();
    back.margin = UiRect::top(Val::Px(10.0));
    back.align_self = AlignSelf::Start;
    button(col, "Back (Esc)", LEAVE, MenuAction::Page(Page::Main), back);
    col.spawn(text(
        format!(
            "Up, Down, PageUp and PageDown scroll the page. Also from the command line: \
             {command}"
        ),
        12.0,
        DIM,
    ));
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
        r.spawn(text(field.label, 14.0, TEXT));
        match field.value {
            FieldValue::Cycle { .. } => button(
                r,
                // No-break spaces keep the arrows with the words beside them when a long
                // choice wraps.
                format!("<\u{a0}{}\u{a0}>", field.shown()),
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

fn settings_column(row: &mut ChildSpawnerCommands, menu: &Menu, offsets: &Offsets) {
    let mut node = column(520.0);
    node.row_gap = Val::Px(3.0);
    row.spawn((
        panel(MENU_PANEL, node),
        scrolls(MenuColumn::Settings, offsets),
    ))
    .with_children(|col| {
        col.spawn(text(format!("{}: rules", menu.game.title()), 18.0, GOLD));
        for (i, field) in menu.fields().iter().enumerate() {
            if !menu.shows_field(i) {
                continue;
            }
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
                col.spawn(text(e, 14.0, ERROR));
            }
        }
        let mut play = padded();
        play.margin = UiRect::top(Val::Px(8.0));
        play.justify_content = JustifyContent::Center;
        button(
            col,
            format!("Play {}", menu.game.title()),
            GO,
            MenuAction::Play,
            play,
        );
        col.spawn(text(
            format!("Same as: tabula {}", menu.play_args().join(" ")),
            12.0,
            DIM,
        ));
        let color = if menu.message.is_error { ERROR } else { INFO };
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
        r.spawn(text(label.to_string(), 14.0, TEXT));
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

/// The right-hand column: learning first, then a saved game, the exhibition, the
/// demonstrations and Quit.
fn side_column(row: &mut ChildSpawnerCommands, menu: &Menu, offsets: &Offsets) {
    row.spawn((
        panel(MENU_PANEL, column(370.0)),
        scrolls(MenuColumn::Side, offsets),
    ))
    .with_children(|col| {
        // First in the column, where a newcomer sees them at any window size.
        col.spawn(text("New to these games?", 18.0, GOLD));
        button(
            col,
            "Learn to play: a lesson for each game (L)",
            LINK,
            MenuAction::Page(Page::Learn),
            padded(),
        );
        button(
            col,
            "Puzzles: find the move that stands out (Z)",
            LINK,
            MenuAction::Page(Page::Puzzles),
            padded(),
        );
        col.spawn(text("Load a saved game", 18.0, GOLD));
        text_box(
            col,
            &menu.load_path,
            menu.focus == Some(Focus::LoadPath),
            Focus::LoadPath,
            // As wide as the column, which narrows in a small window.
            Node {
                width: Val::Percent(100.0),
                max_width: Val::Px(340.0),
                ..padded()
            },
        );
        button(col, "Load", BUTTON, MenuAction::Load, padded());
        col.spawn(text("Exhibition", 18.0, GOLD));
        button(
            col,
            "The computer plays every game, over and over",
            LINK,
            MenuAction::Exhibit,
            padded(),
        );
        col.spawn(text("Demonstrations", 18.0, GOLD));
        if menu.demos.is_empty() {
            col.spawn(text("No scenes/ folder found beside Tabula.", 13.0, DIM));
        }
        if !menu.demos.is_empty() {
            button(
                col,
                "Show them all, over and over",
                LINK,
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
        button(col, "Quit", QUIT, MenuAction::Quit, quit);
    });
}
