//! Transport on the table, headless: a destroyer's move, a torpedo launched by choosing its
//! square and the square it points at, a plane's flight and new heading, a long ship's
//! pivot on either end, a sunk piece leaving the table, take back, and the command line.

use crate::{root, tabula};
use bevy::prelude::*;
use std::collections::BTreeSet;
use tabula::games::tabletop::{OnTable, TableGame};
use tabula::games::transport::input::{Entry, TransportClick, toggle_launch};
use tabula::games::transport::pieces::TransportPiece;
use tabula::table::commands::MatchCommand;
use tabula::table::game_match::Match;
use tabula::table::spots::SpotClicked;
use tabula_rules::Game;
use tabula_rules::transport::{Sq, Transport, TransportOptions};

fn headless(game: Transport) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    TableGame::Transport(game).install(&mut app, false);
    app.update();
    app
}

fn the_match(app: &App) -> &Match<Transport> {
    app.world().resource::<Match<Transport>>()
}

fn click(app: &mut App, square: &str) {
    app.world_mut()
        .write_message(SpotClicked::<Transport>(TransportClick::Square(
            Sq::parse(square).unwrap(),
        )));
    app.update();
}

fn command(app: &mut App, command: MatchCommand) {
    app.world_mut().write_message(command);
    app.update();
}

fn last(app: &App) -> String {
    the_match(app)
        .texts
        .last()
        .map(|t| t.1.clone())
        .unwrap_or_default()
}

fn shown(app: &mut App) -> BTreeSet<String> {
    let world = app.world_mut();
    world
        .query::<&TransportPiece>()
        .iter(world)
        .map(|p| format!("{:?}", p.0))
        .collect()
}

fn truth(app: &App) -> BTreeSet<String> {
    the_match(app)
        .game
        .position()
        .pieces()
        .iter()
        .map(|p| format!("{p:?}"))
        .collect()
}

#[test]
fn actions_are_entered_by_clicks_and_the_table_follows() {
    let mut app = headless(Transport::new(TransportOptions::default()).unwrap());
    assert_eq!(shown(&mut app), truth(&app));
    // The destroyer's double step.
    click(&mut app, "j1");
    assert!(the_match(&app).feedback.text.contains("destroyer"));
    click(&mut app, "j3");
    assert_eq!(last(&app), "D j1-j3");
    // Fleet 2's carrier pivots on its bow (Tab, or a second click on it): stern to g11.
    click(&mut app, "h10");
    click(&mut app, "h10");
    assert!(app.world().resource::<Entry>().pivot_on_bow);
    click(&mut app, "g11");
    assert_eq!(last(&app), "C h11/h10-g11/h10");
    // Fleet 1 launches a torpedo from the destroyer: L, the square beside it, the square
    // it points at.
    click(&mut app, "j3");
    {
        let world = app.world_mut();
        let mut m = world.resource::<Match<Transport>>().clone();
        let mut e = world.resource::<Entry>().clone();
        toggle_launch(&mut m, &mut e);
        world.insert_resource(m);
        world.insert_resource(e);
    }
    click(&mut app, "j4");
    assert_eq!(
        app.world().resource::<Entry>().square,
        Some(Sq::parse("j4").unwrap())
    );
    click(&mut app, "j5");
    assert_eq!(last(&app), "fire torpedo j4 N");
    assert_eq!(shown(&mut app), truth(&app));

    command(&mut app, MatchCommand::Undo);
    assert_eq!(the_match(&app).game.ply(), 2);
    assert_eq!(shown(&mut app), truth(&app));
}

#[test]
fn a_plane_flies_and_is_pointed_and_a_sunk_piece_leaves_the_table() {
    let setup = "Fleet 1: T a1\n\
                 Fleet 1 missiles: plane e5 N\n\
                 Fleet 1 reserve: 0 planes, 0 shells, 0 torpedoes\n\
                 Fleet 2: D e7 moved, T k11\n\
                 Fleet 2 reserve: 0 planes, 0 shells, 0 torpedoes\n\
                 Fleet 1 to move";
    let mut app = headless(Transport::from_setup_text(setup, TransportOptions::default()).unwrap());
    click(&mut app, "e5");
    click(&mut app, "e7");
    assert_eq!(
        the_match(&app).game.ply(),
        0,
        "the plane waits for its heading"
    );
    // Enter keeps its heading.
    command(&mut app, MatchCommand::Confirm);
    assert_eq!(last(&app), "advance plane e5-e7 N");
    // The destroyer on e7 was bombed: its entity is gone from the pieces in play.
    assert_eq!(shown(&mut app), truth(&app));
    assert!(!shown(&mut app).iter().any(|p| p.contains("Destroyer")));
}

#[test]
fn the_scene_is_shown_and_the_command_line_takes_transport_options() {
    let path = root().join("scenes/transport/carrier_strike.ron");
    let Ok(TableGame::Transport(game)) = TableGame::load_scene(&path, Some(8)) else {
        panic!("a Transport scene")
    };
    let mut app = headless(game);
    assert_eq!(shown(&mut app), truth(&app));
    click(&mut app, "d9");
    click(&mut app, "f11");
    click(&mut app, "f9");
    assert!(the_match(&app).feedback.is_error, "f9 is not next to f11");
    click(&mut app, "g10");
    assert!(the_match(&app).is_over(), "{:?}", the_match(&app).feedback);

    let out = tabula()
        .args(["play", "transport", "--handicap", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("numbered 1 to 2"));
    let out = tabula()
        .args(["play", "war", "--mode", "teams"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("options of Transport"));
}
