//! Screens are states of one app: the start screen, a game, another game, back to the start
//! screen and a demonstration follow one another without a new app, and each leaves nothing
//! of itself behind.

use bevy::prelude::*;
use tabula::screens::open::Start;
use tabula::state::Screen;
use tabula::table::game_match::Match;
use tabula::table::pieces::TablePiece;
use tabula_rules::camelot::Camelot;
use tabula_rules::war::War;

fn app_on(start: Start) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    tabula::app::build(&mut app, start, false);
    run(&mut app, 2);
    app
}

fn run(app: &mut App, frames: usize) {
    for _ in 0..frames {
        app.update();
    }
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn launch(app: &mut App, args: &[&str]) {
    crate::launch(app, args);
}

fn pieces(app: &mut App) -> usize {
    let mut q = app.world_mut().query_filtered::<(), With<TablePiece>>();
    q.iter(app.world()).count()
}

/// Things placed in the world: pieces, boards, marks, cameras.
fn placed(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<Transform>>()
        .iter(app.world())
        .count()
}

#[test]
fn screens_follow_one_another_in_one_app_and_leave_nothing_behind() {
    let mut app = app_on(Start::Menu);
    assert_eq!(screen(&app), Screen::Menu);
    let at_menu = placed(&mut app);

    launch(&mut app, &["play", "camelot"]);
    assert_eq!(screen(&app), Screen::Table);
    assert!(app.world().contains_resource::<Match<Camelot>>());
    let camelot = app
        .world()
        .resource::<Match<Camelot>>()
        .game
        .position()
        .count(tabula_rules::camelot::Side::White)
        * 2;
    assert_eq!(pieces(&mut app), camelot, "Camelot's men and knights");

    // Straight to another game: the first one's pieces are gone, the second's are there.
    launch(&mut app, &["play", "war"]);
    assert_eq!(screen(&app), Screen::Table);
    assert!(!app.world().contains_resource::<Match<Camelot>>());
    let war = app
        .world()
        .resource::<Match<War>>()
        .game
        .position()
        .all_pieces()
        .count();
    assert_eq!(pieces(&mut app), war, "only the Game of War's pieces");

    // Back to the start screen (nothing played, so at once): the table is cleared.
    app.world_mut()
        .write_message(tabula::table::commands::Leave::Menu);
    run(&mut app, 4);
    assert_eq!(screen(&app), Screen::Menu);
    assert!(!app.world().contains_resource::<Match<War>>());
    assert_eq!(pieces(&mut app), 0);
    assert_eq!(placed(&mut app), at_menu, "nothing of the table is left");

    // A demonstration, and then its playlist's next scene, in the same app.
    let scenes = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/war");
    launch(&mut app, &["demo", scenes.to_str().unwrap()]);
    assert_eq!(screen(&app), Screen::Demo);
    let first = app.world().resource::<tabula::screens::demo::Demo>().index;
    app.world_mut()
        .write_message(tabula::screens::demo::DemoCommand::Next);
    run(&mut app, 6);
    assert_eq!(screen(&app), Screen::Demo);
    assert_eq!(
        app.world().resource::<tabula::screens::demo::Demo>().index,
        first + 1
    );

    // A screen that cannot be opened is refused where it was asked; the show goes on.
    launch(&mut app, &["play", "--scene", "no-such-scene.ron"]);
    assert_eq!(screen(&app), Screen::Demo);

    // A show's moves are the scene's: F10 leaves it at once, without asking.
    app.world_mut()
        .write_message(tabula::table::commands::Leave::Menu);
    run(&mut app, 4);
    assert_eq!(screen(&app), Screen::Menu);
    assert!(
        !app.world()
            .contains_resource::<tabula::screens::demo::Demo>()
    );
}

#[test]
fn a_finished_game_shows_its_result_and_taking_back_returns_to_play() {
    use tabula::state::Play;
    use tabula::table::commands::MatchCommand;
    use tabula_rules::Game;
    let mut app = app_on(Start::Menu);
    launch(
        &mut app,
        &["play", "screwball", "--large", "4", "--small", "3"],
    );
    let mut game = app
        .world()
        .resource::<Match<tabula_rules::screwball::Screwball>>()
        .game
        .clone();
    let mut moves = Vec::new();
    while !game.outcome().is_over() {
        let mv = game.legal_moves()[0].clone();
        game.play(&mv).unwrap();
        moves.push(mv);
    }
    for mv in moves {
        app.world_mut()
            .write_message(tabula::table::rules::Intent::<
                tabula_rules::screwball::Screwball,
            >::Play(mv));
        app.update();
    }
    run(&mut app, 2);
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Result);
    app.world_mut().write_message(MatchCommand::Undo);
    run(&mut app, 3);
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Playing);
}
