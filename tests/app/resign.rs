//! Resigning at the table: F9 asked once only asks, asked twice resigns the seat to move
//! (Law X), and the result says who resigned and who won; a move between the two asks asks
//! again; take back and redo go over the resignation; the move list replays it. A fleet that
//! resigns in the battle royal leaves the table; at a server's table a window resigns out of
//! turn and every window sees it.

use bevy::prelude::*;
use tabula::table::commands::MatchCommand;
use tabula::table::game_match::Match;
use tabula::table::resign::RESIGN_KEY;
use tabula_rules::war::{Side, War, WarOptions};
use tabula_rules::{Game, Outcome};

/// F9 pressed for one frame.
fn press_f9(app: &mut App) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(RESIGN_KEY);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(RESIGN_KEY);
    keys.clear();
    app.update();
}

fn the_match(app: &App) -> &Match<War> {
    app.world().resource::<Match<War>>()
}

/// Plays the first legal move; its text.
fn a_move(app: &mut App) -> String {
    let m = the_match(app);
    let text = m.game.move_text(&m.game.legal_moves()[0]);
    super::intent(app, &text);
    text
}

fn command(app: &mut App, command: MatchCommand) {
    app.world_mut().write_message(command);
    app.update();
    app.update();
}

#[test]
fn f9_once_asks_and_twice_resigns_the_seat_to_move() {
    let mut app = super::headless(War::new(WarOptions::default()).unwrap());
    app.init_resource::<ButtonInput<KeyCode>>();
    let first = a_move(&mut app);
    assert_eq!(the_match(&app).game.to_move(), Side::Blue);

    // Once: a question, nothing resigned.
    press_f9(&mut app);
    let m = the_match(&app);
    assert_eq!(m.game.outcome(), Outcome::Ongoing);
    assert!(m.feedback.text.contains("Resign?"), "{}", m.feedback.text);
    assert!(m.feedback.text.contains("Blue"), "{}", m.feedback.text);

    // A move between the asks: the next ask asks again.
    let second = a_move(&mut app);
    assert_eq!(the_match(&app).game.to_move(), Side::Red);
    press_f9(&mut app);
    assert_eq!(the_match(&app).game.outcome(), Outcome::Ongoing);

    // Twice: Red, to move, resigns; Blue wins, and the result says so.
    press_f9(&mut app);
    let m = the_match(&app);
    assert_eq!(m.game.outcome(), Outcome::Win(Side::Blue));
    assert_eq!(m.status(), "Game over: Red resigns. Blue wins");
    assert_eq!(m.move_texts(), [first, second, "Red resigns".into()]);
    // A scene of the move list replays it.
    let scene = format!(
        "Scene(title: \"Resigned\", game: War, moves: {:?}, expect: Win(\"Blue\"))",
        m.move_texts()
    );
    let file = tabula_rules::scene::SceneFile::parse(std::path::Path::new("s.ron"), &scene)
        .unwrap_or_else(|e| panic!("{e}\n{scene}"));
    assert!(file.verify().unwrap().contains("Blue"));

    // Taken back, the game goes on; redone, Red has resigned again.
    command(&mut app, MatchCommand::Undo);
    let m = the_match(&app);
    assert_eq!(m.game.outcome(), Outcome::Ongoing);
    assert_eq!(m.ply(), 2);
    assert_eq!(m.game.to_move(), Side::Red);
    command(&mut app, MatchCommand::Redo);
    let m = the_match(&app);
    assert_eq!(m.game.outcome(), Outcome::Win(Side::Blue));
    assert_eq!(
        m.move_texts().last().map(String::as_str),
        Some("Red resigns")
    );

    // Once over, F9 resigns nothing more.
    press_f9(&mut app);
    press_f9(&mut app);
    assert_eq!(the_match(&app).ply(), 3);
}

#[test]
fn a_fleet_that_resigns_in_the_battle_royal_leaves_the_table_and_comes_back_when_taken_back() {
    use tabula::games::tabletop::{OnTable, TableGame};
    use tabula::games::transport::pieces::TransportPiece;
    use tabula::table::rules::Intent;
    use tabula_rules::transport::game::Fleet;
    use tabula_rules::transport::{Mode, Transport, TransportOptions};

    let options = TransportOptions {
        mode: Mode::Royal,
        ..TransportOptions::default()
    };
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    TableGame::Transport(Transport::new(options).unwrap()).install(&mut app, false);
    app.update();
    let fleets = |app: &mut App| {
        let mut q = app.world_mut().query::<&TransportPiece>();
        let mut fleets: Vec<u8> = q.iter(app.world()).map(|p| p.0.fleet).collect();
        fleets.sort_unstable();
        fleets.dedup();
        fleets
    };
    assert_eq!(fleets(&mut app), [0, 1, 2, 3]);

    // Fleet 1, to move, resigns: its pieces leave the table and Fleet 2 is to move.
    app.world_mut()
        .write_message(Intent::<Transport>::Resign(Fleet(0)));
    app.update();
    app.update();
    let m = app.world().resource::<Match<Transport>>();
    assert_eq!(m.game.outcome(), Outcome::Ongoing);
    assert_eq!(m.game.to_move(), Fleet(1));
    assert!(
        m.feedback.text.starts_with("Fleet 1 resigns"),
        "{}",
        m.feedback.text
    );
    assert_eq!(fleets(&mut app), [1, 2, 3]);

    // Taken back, it is on the table again, to move.
    command(&mut app, MatchCommand::Undo);
    let m = app.world().resource::<Match<Transport>>();
    assert_eq!(m.game.to_move(), Fleet(0));
    assert_eq!(m.ply(), 0);
    assert_eq!(fleets(&mut app), [0, 1, 2, 3]);
}

#[test]
fn at_a_server_table_a_window_resigns_out_of_turn_and_every_window_sees_it() {
    use crate::{launch, whole_app};
    use tabula::table::resign::ResignAsk;
    use tabula::table::rules::Intent;
    use tabula::table::seats::LocalTurn;

    let addr = super::remote::server();
    let mut ann = whole_app();
    launch(
        &mut ann,
        &[
            "play",
            "war",
            "--join",
            &format!("ws://{addr}/"),
            "--names",
            "Ann",
        ],
    );
    let mut bob = whole_app();
    launch(
        &mut bob,
        &[
            "play",
            "--join",
            &format!("ws://{addr}/t1"),
            "--names",
            "Bob",
        ],
    );
    let mut eve = whole_app();
    launch(&mut eve, &["watch", &format!("ws://{addr}/t1")]);
    let mut frames = 0;
    let mut settle = |windows: &mut [&mut App], until: &dyn Fn(&[&mut App]) -> bool| {
        while !until(windows) {
            frames += 1;
            assert!(frames < 3_000, "stuck");
            for window in windows.iter_mut() {
                window.update();
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    };
    let texts = |app: &App| the_match(app).move_texts();

    // Ann (Red) moves, then Bob (Blue), each at his own window.
    settle(&mut [&mut ann, &mut bob, &mut eve], &|w| {
        w[0].world().resource::<LocalTurn>().0
    });
    let mv = the_match(&ann).legal()[0].clone();
    ann.world_mut().write_message(Intent::<War>::Play(mv));
    settle(&mut [&mut ann, &mut bob, &mut eve], &|w| {
        w.iter().all(|a| texts(a).len() == 1)
    });
    let mv = the_match(&bob).legal()[0].clone();
    bob.world_mut().write_message(Intent::<War>::Play(mv));
    settle(&mut [&mut ann, &mut bob, &mut eve], &|w| {
        w.iter().all(|a| texts(a).len() == 2)
    });

    // Red is to move; Bob resigns Blue, asked twice.
    bob.world_mut().write_message(ResignAsk);
    bob.update();
    assert!(the_match(&bob).feedback.text.contains("Resign? Blue"));
    bob.world_mut().write_message(ResignAsk);
    settle(&mut [&mut ann, &mut bob, &mut eve], &|w| {
        w.iter().all(|a| texts(a).len() == 3)
    });
    for window in [&ann, &bob, &eve] {
        let m = the_match(window);
        assert_eq!(m.game.outcome(), Outcome::Win(Side::Red));
        assert_eq!(texts(window)[2], "Blue resigns");
        assert_eq!(m.status(), "Game over: Blue resigns. Red wins");
    }
}

#[test]
fn a_racer_who_resigns_takes_his_pawn_off_the_table_and_the_race_goes_on() {
    use tabula::games::fences::pieces::Pawn;
    use tabula::games::tabletop::{OnTable, TableGame};
    use tabula::table::rules::Intent;
    use tabula_rules::fences::{Fences, FencesOptions};

    let options = FencesOptions {
        players: 3,
        ..FencesOptions::default()
    };
    let game = Fences::new(options).unwrap();
    let seats = game.players();
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    TableGame::Fences(game).install(&mut app, false);
    app.update();
    let pawns = |app: &mut App| {
        let mut q = app.world_mut().query::<&Pawn>();
        let mut seats: Vec<_> = q.iter(app.world()).map(|p| p.seat).collect();
        seats.sort_unstable();
        seats
    };
    let mut all = seats.clone();
    all.sort_unstable();
    assert_eq!(pawns(&mut app), all);

    // The second racer resigns out of turn: his pawn leaves, the first is still to move.
    app.world_mut()
        .write_message(Intent::<Fences>::Resign(seats[1]));
    app.update();
    app.update();
    let m = app.world().resource::<Match<Fences>>();
    assert_eq!(m.game.outcome(), Outcome::Ongoing);
    assert_eq!(m.game.to_move(), seats[0]);
    assert!(!pawns(&mut app).contains(&seats[1]));
    assert_eq!(pawns(&mut app).len(), 2);

    command(&mut app, MatchCommand::Undo);
    assert_eq!(pawns(&mut app), all);
}
