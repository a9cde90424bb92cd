//! Lists that are taller than the window scroll: the start screen laid out by Bevy's UI in
//! a window of 1024 x 600 (no renderer), its columns turned with the mouse wheel, and the
//! game chosen with Up and Down always scrolled into sight; a puzzle's side panel in a
//! short window turned with the wheel too.

use bevy::camera::RenderTargetInfo;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;
use bevy::ui::UiSystems;
use bevy::window::{ExitCondition, PrimaryWindow, WindowResolution};
use tabula::screens::menu::Menu;
use tabula::screens::menu::view::{ChosenGame, MenuColumn};
use tabula_rules::registry::GAMES;

/// The window's size in these tests: the smallest the layout is made for.
const SIZE: UVec2 = UVec2::new(1024, 600);

/// The start screen in a window of `SIZE`, laid out.
fn start_screen() -> App {
    laid_out(tabula::screens::open::Start::Menu, SIZE)
}

/// `start` in a window of `size`, laid out.
fn laid_out(start: tabula::screens::open::Start, size: UVec2) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin::default(),
        bevy::image::ImagePlugin::default(),
        bevy::image::TextureAtlasPlugin,
        WindowPlugin {
            primary_window: Some(Window {
                resolution: WindowResolution::new(size.x, size.y),
                ..default()
            }),
            exit_condition: ExitCondition::DontExit,
            close_when_requested: false,
            ..default()
        },
        bevy::input::InputPlugin,
        bevy::a11y::AccessibilityPlugin,
        TransformPlugin,
        bevy::mesh::MeshPlugin,
        // What is visible, which the pointer's hovering needs.
        bevy::camera::CameraPlugin,
        bevy::text::TextPlugin,
        bevy::ui::UiPlugin,
        bevy::picking::DefaultPickingPlugins,
    ))
    // With no renderer to measure the window, each camera is told its size.
    .add_systems(
        PostUpdate,
        (move |mut cameras: Query<&mut Camera>| {
            for mut camera in &mut cameras {
                if camera.computed.target_info.is_none() {
                    camera.computed.target_info = Some(RenderTargetInfo {
                        physical_size: size,
                        scale_factor: 1.0,
                    });
                }
            }
        })
        .before(UiSystems::Prepare),
    );
    tabula::app::build_panels(&mut app, start);
    run(&mut app, 4);
    app
}

fn run(app: &mut App, frames: usize) {
    for _ in 0..frames {
        app.update();
    }
}

/// A node's rectangle in the window, in pixels.
fn rect_of(app: &mut App, entity: Entity) -> Rect {
    let world = app.world();
    let node = world.get::<ComputedNode>(entity).expect("a laid-out node");
    let at = world.get::<UiGlobalTransform>(entity).expect("placed");
    Rect::from_center_size(at.translation, node.size())
}

/// The column's entity, its rectangle and where it is scrolled to.
fn column(app: &mut App, which: MenuColumn) -> (Entity, Rect, f32) {
    let mut q = app
        .world_mut()
        .query::<(Entity, &MenuColumn, &ScrollPosition)>();
    let (entity, y) = q
        .iter(app.world())
        .find(|(_, c, _)| **c == which)
        .map(|(e, _, p)| (e, p.y))
        .unwrap_or_else(|| panic!("no {which:?} column"));
    (entity, rect_of(app, entity), y)
}

/// The chosen game's entry in the games' column.
fn chosen(app: &mut App) -> Rect {
    let mut q = app.world_mut().query_filtered::<Entity, With<ChosenGame>>();
    let entity = q.single(app.world()).expect("one chosen game");
    rect_of(app, entity)
}

/// Whether all of `inner` shows within `outer` (to a pixel's rounding).
fn within(inner: Rect, outer: Rect) -> bool {
    inner.min.y >= outer.min.y - 1.0 && inner.max.y <= outer.max.y + 1.0
}

fn press(app: &mut App, key_code: KeyCode, logical_key: Key) {
    let window = window(app);
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code,
            logical_key: logical_key.clone(),
            state,
            text: None,
            repeat: false,
            window,
        });
    }
    run(app, 3);
}

fn window(app: &mut App) -> Entity {
    let mut q = app
        .world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>();
    q.single(app.world()).expect("a window")
}

/// Puts the pointer at `at` (window pixels) and turns the wheel `lines` lines (negative:
/// towards the player, down the list).
fn wheel(app: &mut App, at: Vec2, lines: f32) {
    let window = window(app);
    app.world_mut()
        .get_mut::<Window>(window)
        .expect("the window")
        .set_cursor_position(Some(at));
    run(app, 1);
    app.world_mut().write_message(MouseWheel {
        unit: MouseScrollUnit::Line,
        x: 0.0,
        y: lines,
        window,
        phase: TouchPhase::Moved,
    });
    run(app, 2);
}

#[test]
fn up_and_down_bring_the_chosen_game_into_sight_at_1024_by_600() {
    let mut app = start_screen();
    // The three columns side by side within the window, the games' wide enough to read.
    let columns =
        [MenuColumn::Games, MenuColumn::Settings, MenuColumn::Side].map(|c| column(&mut app, c).1);
    for pair in columns.windows(2) {
        assert!(pair[0].max.x <= pair[1].min.x, "{columns:?}");
    }
    for rect in columns {
        assert!(
            rect.min.x >= 0.0 && rect.max.x <= SIZE.x as f32,
            "{columns:?}"
        );
        assert!(rect.max.y <= SIZE.y as f32 + 1.0, "{columns:?}");
    }
    assert!(columns[0].width() >= 240.0, "{columns:?}");
    let (_, list, scrolled) = column(&mut app, MenuColumn::Games);
    assert_eq!(scrolled, 0.0);
    assert!(within(chosen(&mut app), list), "the first game shows");
    // The five games do not fit at this size: some must be scrolled to.
    let (entity, ..) = column(&mut app, MenuColumn::Games);
    let node = *app.world().get::<ComputedNode>(entity).expect("laid out");
    assert!(
        node.content_size().y > node.size().y,
        "the games' column is taller than the window leaves it: {node:?}"
    );

    let mut deepest: f32 = 0.0;
    for step in 1..=GAMES.len() {
        press(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
        let game = app.world().resource::<Menu>().game;
        assert_eq!(game, GAMES[step % GAMES.len()].kind);
        let (_, list, scrolled) = column(&mut app, MenuColumn::Games);
        let entry = chosen(&mut app);
        assert!(
            within(entry, list),
            "{game:?}: its entry {entry:?} shows in the column {list:?}, scrolled {scrolled}"
        );
        deepest = deepest.max(scrolled);
    }
    assert!(deepest > 0.0, "the last games were scrolled to");
    // Down from the last game wrapped to the first: the column went back up to it.
    assert!(column(&mut app, MenuColumn::Games).2 < deepest);

    // Up from the first goes round to the last, scrolled into sight again.
    press(&mut app, KeyCode::ArrowUp, Key::ArrowUp);
    let (_, list, scrolled) = column(&mut app, MenuColumn::Games);
    assert_eq!(
        app.world().resource::<Menu>().game,
        GAMES[GAMES.len() - 1].kind
    );
    assert!(scrolled > 0.0);
    assert!(within(chosen(&mut app), list));
}

#[test]
fn the_wheel_scrolls_the_column_under_the_pointer_and_a_rebuild_keeps_it() {
    let mut app = start_screen();
    let (side, list, scrolled) = column(&mut app, MenuColumn::Side);
    assert_eq!(scrolled, 0.0);
    let node = *app.world().get::<ComputedNode>(side).expect("laid out");
    let most = node.content_size().y - node.size().y;
    assert!(
        most > 100.0,
        "the demonstrations run past the window: {node:?}"
    );
    let first = app
        .world()
        .get::<Children>(side)
        .and_then(|c| c.first().copied())
        .expect("the column's heading");
    let before = rect_of(&mut app, first);

    // Three lines of the wheel over the right-hand column: it scrolls, its words move up
    // by as much, and the games' column beside it stays.
    wheel(&mut app, list.center(), -3.0);
    let (_, _, scrolled) = column(&mut app, MenuColumn::Side);
    assert_eq!(scrolled, 72.0);
    let after = rect_of(&mut app, first);
    assert!(
        (before.min.y - after.min.y - 72.0).abs() < 1.0,
        "{before:?} then {after:?}"
    );
    assert_eq!(column(&mut app, MenuColumn::Games).2, 0.0);

    // Far down, it stops at the column's foot, where the last entry shows.
    wheel(&mut app, list.center(), -200.0);
    let (side, list, scrolled) = column(&mut app, MenuColumn::Side);
    assert!((scrolled - most).abs() < 1.0, "{scrolled} of {most}");
    let last = app
        .world()
        .get::<Children>(side)
        .and_then(|c| c.last().copied())
        .expect("Quit");
    assert!(within(rect_of(&mut app, last), list));

    // Choosing another game rebuilds the menu: the column stays where it was turned to.
    press(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
    assert!((column(&mut app, MenuColumn::Side).2 - most).abs() < 1.0);

    // Back up with the wheel over the games' column: that one cannot go above its top.
    let (_, games, _) = column(&mut app, MenuColumn::Games);
    wheel(&mut app, games.center(), 5.0);
    assert_eq!(column(&mut app, MenuColumn::Games).2, 0.0);
}

#[test]
fn the_wheel_scrolls_a_puzzles_words_where_the_window_is_short() {
    let args: Vec<String> = ["puzzle", "camelot", "--number", "1"]
        .iter()
        .map(|a| a.to_string())
        .collect();
    let start = super::start_from(&args).expect("a puzzle opens");
    let mut app = laid_out(start, UVec2::new(1024, 420));
    // The table's camera, which draws the panel over the board in the window.
    app.world_mut().spawn(Camera2d);
    run(&mut app, 2);
    // The panel's part that scrolls: the only scrolling node on the screen.
    let mut q = app.world_mut().query::<(Entity, &Node, &ScrollPosition)>();
    let parts: Vec<Entity> = q
        .iter(app.world())
        .filter(|(_, node, _)| node.overflow.y == OverflowAxis::Scroll)
        .map(|(e, ..)| e)
        .collect();
    let [part] = parts[..] else {
        panic!("one scrolling part: {parts:?}")
    };
    let node = *app.world().get::<ComputedNode>(part).expect("laid out");
    let most = node.content_size().y - node.size().y;
    assert!(most > 24.0, "the words run past the short window: {node:?}");
    let rect = rect_of(&mut app, part);
    assert!(
        rect.max.y <= 420.0 + 1.0,
        "the panel keeps to the window: {rect:?}"
    );

    wheel(&mut app, rect.center(), -1.0);
    let scrolled = |app: &App| app.world().get::<ScrollPosition>(part).expect("scrolls").y;
    assert_eq!(scrolled(&app), 24.0);
    wheel(&mut app, rect.center(), -100.0);
    assert!(
        (scrolled(&app) - most).abs() < 1.0,
        "{} of {most}",
        scrolled(&app)
    );
    // Away from the panel, the wheel leaves it (it is the camera's there).
    wheel(&mut app, Vec2::new(1000.0, 150.0), 3.0);
    assert!((scrolled(&app) - most).abs() < 1.0);
    wheel(&mut app, rect.center(), 100.0);
    assert_eq!(scrolled(&app), 0.0);
}

#[test]
fn the_keys_scroll_the_puzzles_page_where_the_window_is_short() {
    let mut app = laid_out(tabula::screens::open::Start::Menu, UVec2::new(1024, 360));
    press(&mut app, KeyCode::KeyZ, Key::Character("z".into()));
    let (page, list, scrolled) = column(&mut app, MenuColumn::Puzzles);
    assert_eq!(scrolled, 0.0);
    let node = *app.world().get::<ComputedNode>(page).expect("laid out");
    let most = node.content_size().y - node.size().y;
    assert!(most > 80.0, "the page runs past the short window: {node:?}");
    assert!(
        list.max.y <= 360.0 + 1.0,
        "the page keeps to the window: {list:?}"
    );
    press(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
    assert_eq!(column(&mut app, MenuColumn::Puzzles).2, 40.0);
    press(&mut app, KeyCode::End, Key::End);
    let (page, list, scrolled) = column(&mut app, MenuColumn::Puzzles);
    assert!((scrolled - most).abs() < 1.0, "{scrolled} of {most}");
    // At the foot, the last line (the command line's words) shows.
    let last = app
        .world()
        .get::<Children>(page)
        .and_then(|c| c.last().copied())
        .expect("the last line");
    assert!(within(rect_of(&mut app, last), list));
    press(&mut app, KeyCode::PageUp, Key::PageUp);
    let up = column(&mut app, MenuColumn::Puzzles).2;
    assert!(up < scrolled && up >= 0.0, "{up}");
    press(&mut app, KeyCode::Home, Key::Home);
    assert_eq!(column(&mut app, MenuColumn::Puzzles).2, 0.0);
}

/// The whole app on `args` (a `play` command line), with its window's content (the HUD and
/// the 3D table) in a window of `SIZE` and no renderer, as the layout's test builds it.
fn whole_table(args: &[&str]) -> App {
    let mut app = crate::headless::whole_app(SIZE, args, "scrolling");
    run(&mut app, 8);
    app
}

#[test]
fn the_move_list_shows_the_latest_line_and_scrolls_back_under_the_wheel() {
    let mut app = whole_table(&[
        "play",
        "war",
        "--scene",
        "scenes/war/siege_gambit.ron",
        "--at",
        "25",
    ]);
    // The move list: the table's only scrolling node.
    let mut q = app.world_mut().query::<(Entity, &Node, &ScrollPosition)>();
    let lists: Vec<Entity> = q
        .iter(app.world())
        .filter(|(_, node, _)| node.overflow.y == OverflowAxis::Scroll)
        .map(|(e, ..)| e)
        .collect();
    let [list] = lists[..] else {
        panic!("one scrolling list: {lists:?}")
    };
    let node = *app.world().get::<ComputedNode>(list).expect("laid out");
    let most = node.content_size().y - node.size().y;
    assert!(
        most > 48.0,
        "twenty-five moves run past half the window: {node:?}"
    );
    let rect = rect_of(&mut app, list);
    let scrolled = |app: &App| app.world().get::<ScrollPosition>(list).expect("scrolls").y;
    let line = |app: &mut App, first: bool| {
        let children = app.world().get::<Children>(list).expect("lines");
        let entry = if first {
            children.first()
        } else {
            children.last()
        };
        let entry = *entry.expect("a line");
        rect_of(app, entry)
    };
    // The latest move shows, at the list's foot, and the first is scrolled out of sight.
    let last = line(&mut app, false);
    assert!(scrolled(&app) > 0.0);
    assert!(
        (last.max.y - rect.max.y).abs() < 2.0,
        "{last:?} in {rect:?}"
    );
    assert!(within(line(&mut app, false), rect));
    assert!(!within(line(&mut app, true), rect));

    // The wheel over the list goes back to the first moves.
    wheel(&mut app, rect.center(), 100.0);
    assert_eq!(scrolled(&app), 0.0);
    assert!(within(line(&mut app, true), rect));
    wheel(&mut app, rect.center(), -2.0);
    assert_eq!(scrolled(&app), 48.0);

    // Far down, it stops where its last line shows at its foot, not past it into blank
    // space (Bevy measures the list taller than its lines).
    wheel(&mut app, rect.center(), -100.0);
    let last = line(&mut app, false);
    assert!(scrolled(&app) > 48.0);
    assert!(
        (last.max.y - rect.max.y).abs() < 2.0,
        "the last line {last:?} at the foot of {rect:?}, scrolled {}",
        scrolled(&app)
    );
}
