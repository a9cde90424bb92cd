//! Camelot on the table, headless: path entry by clicks and drags, optional stops
//! confirmed, the knight's charge of Figure 3 with its captures set aside, take back and new
//! game, and the command line's Camelot options.

use crate::{root, tabula};
use bevy::prelude::*;
use std::collections::BTreeSet;
use tabula::games::camelot::input::{PathEntry, SquareInput};
use tabula::games::camelot::pieces::{CamelotCaptured, CamelotPiece};
use tabula::games::tabletop::{OnTable, TableGame};
use tabula::table::commands::MatchCommand;
use tabula::table::game_match::Match;
use tabula::table::spots::SpotClicked;
use tabula_rules::Game;
use tabula_rules::camelot::{Camelot, CamelotOptions, Side, Square};

fn headless(game: Camelot) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    TableGame::Camelot(game).install(&mut app, false);
    app.update();
    app
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn send(app: &mut App, inputs: &[SquareInput]) {
    for input in inputs {
        app.world_mut().write_message(*input);
    }
    app.update();
}

fn clicks(app: &mut App, squares: &[&str]) {
    for name in squares {
        app.world_mut()
            .write_message(SpotClicked::<Camelot>(sq(name)));
        app.update();
    }
}

fn the_match(app: &App) -> &Match<Camelot> {
    app.world().resource::<Match<Camelot>>()
}

fn shown(app: &mut App) -> BTreeSet<String> {
    let mut q = app.world_mut().query::<&CamelotPiece>();
    q.iter(app.world())
        .map(|p| format!("{} {:?} {:?}", p.at, p.piece.side, p.piece.kind))
        .collect()
}

fn truth(app: &App) -> BTreeSet<String> {
    let pos = the_match(app).game.position();
    Side::ALL
        .iter()
        .flat_map(|s| pos.pieces_of(*s))
        .map(|(at, p)| format!("{at} {:?} {:?}", p.side, p.kind))
        .collect()
}

fn captured_shown(app: &mut App) -> usize {
    let mut q = app.world_mut().query::<&CamelotCaptured>();
    q.iter(app.world()).count()
}

fn canter_position() -> Camelot {
    Camelot::from_setup_text(
        "White men: E4 E5 E7 K3\nBlack men: F14 G14\nWhite to move",
        CamelotOptions::default(),
    )
    .unwrap()
}

#[test]
fn a_canter_that_may_stop_waits_for_confirmation() {
    let mut app = headless(canter_position());
    clicks(&mut app, &["E4", "E6"]);
    let m = the_match(&app);
    assert_eq!(
        m.game.ply(),
        0,
        "the canter may go on: nothing is played yet"
    );
    assert!(m.can_confirm, "the stop on E6 can be confirmed");
    assert!(
        m.feedback.text.contains("may stop here"),
        "{:?}",
        m.feedback
    );
    assert_eq!(app.world().resource::<PathEntry>().path, vec![sq("E6")]);

    app.world_mut().write_message(MatchCommand::Confirm);
    app.update();
    let m = the_match(&app);
    assert_eq!(m.move_texts(), vec!["E4-E6".to_string()]);
    assert!(!m.can_confirm);
    assert_eq!(shown(&mut app), truth(&app));

    // Take it back; this time click the last landing again to stop there.
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    assert_eq!(the_match(&app).game.ply(), 0);
    assert_eq!(shown(&mut app), truth(&app));
    clicks(&mut app, &["E4", "E6", "E6"]);
    assert_eq!(the_match(&app).move_texts(), vec!["E4-E6".to_string()]);

    // Going on to the end of the canter plays at once: nothing further is possible.
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    clicks(&mut app, &["E4", "E6", "E8"]);
    assert_eq!(the_match(&app).move_texts(), vec!["E4-E6-E8".to_string()]);
    assert_eq!(shown(&mut app), truth(&app));
}

#[test]
fn a_path_is_dragged_through_its_landings() {
    let mut app = headless(canter_position());
    // Over the cantered piece (not a landing), then the two landings: the path completes.
    send(
        &mut app,
        &[
            SquareInput::DragFrom(sq("E4")),
            SquareInput::DragOver(sq("E5")),
            SquareInput::DragOver(sq("E6")),
        ],
    );
    assert_eq!(the_match(&app).game.ply(), 0);
    assert!(the_match(&app).can_confirm);
    send(&mut app, &[SquareInput::DragOver(sq("E8"))]);
    assert_eq!(the_match(&app).move_texts(), vec!["E4-E6-E8".to_string()]);

    // Letting go where the path may stop plays the move there.
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    send(
        &mut app,
        &[
            SquareInput::DragFrom(sq("E4")),
            SquareInput::DragOver(sq("E6")),
            SquareInput::Release,
        ],
    );
    assert_eq!(the_match(&app).move_texts(), vec!["E4-E6".to_string()]);

    // The click picking reports with the drag's release is not one more click: the move's
    // report stands, no refusal about the piece just moved.
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    app.world_mut()
        .write_message(SpotClicked::<Camelot>(sq("E6")));
    send(
        &mut app,
        &[
            SquareInput::DragFrom(sq("E4")),
            SquareInput::DragOver(sq("E6")),
            SquareInput::Release,
        ],
    );
    assert_eq!(the_match(&app).move_texts(), vec!["E4-E6".to_string()]);
    assert!(
        !the_match(&app).feedback.is_error,
        "{:?}",
        the_match(&app).feedback
    );

    // A drag that never leaves its square selects nothing and plays nothing.
    send(
        &mut app,
        &[
            SquareInput::DragFrom(sq("F14")),
            SquareInput::DragOver(sq("F14")),
            SquareInput::Release,
        ],
    );
    assert_eq!(the_match(&app).game.ply(), 1);
    assert_eq!(*app.world().resource::<PathEntry>(), PathEntry::default());
}

#[test]
fn refusals_say_why() {
    let mut app = headless(Camelot::new(CamelotOptions::default()).expect("the default options"));
    clicks(&mut app, &["F8"]);
    assert!(
        the_match(&app).feedback.is_error
            && the_match(&app).feedback.text.contains("White's pieces"),
        "{:?}",
        the_match(&app).feedback
    );
    clicks(&mut app, &["F10"]);
    assert!(
        the_match(&app).feedback.text.contains("it is White's turn"),
        "{:?}",
        the_match(&app).feedback
    );
    // A square the chosen man cannot reach is refused with the rules' reason.
    clicks(&mut app, &["F7", "F10"]);
    assert!(
        the_match(&app).feedback.is_error && the_match(&app).feedback.text.contains("Not there"),
        "{:?}",
        the_match(&app).feedback
    );
    assert_eq!(the_match(&app).game.ply(), 0);

    // Where a capture is compulsory, a man that cannot capture explains why it may not move.
    let path = root().join("scenes/camelot/figure3_charges.ron");
    let Ok(TableGame::Camelot(game)) = TableGame::load_scene(&path, Some(0)) else {
        panic!("a Camelot scene")
    };
    let mut app = headless(game);
    clicks(&mut app, &["H6"]);
    let text = &the_match(&app).feedback.text;
    assert!(
        text.contains("man cannot move") && text.contains("capture is compulsory"),
        "{text}"
    );
}

#[test]
fn the_knights_charge_of_figure_three_is_entered_and_sets_captures_aside() {
    let path = root().join("scenes/camelot/figure3_charges.ron");
    let Ok(TableGame::Camelot(game)) = TableGame::load_scene(&path, Some(0)) else {
        panic!("a Camelot scene")
    };
    let mut app = headless(game);
    clicks(&mut app, &["E5", "G7"]);
    let m = the_match(&app);
    assert_eq!(m.game.ply(), 0);
    assert!(
        !m.can_confirm,
        "a capture is compulsory: the canter cannot stop"
    );
    clicks(&mut app, &["I7", "G9", "G11", "E9"]);
    assert_eq!(the_match(&app).game.ply(), 0, "the jumps must go on");
    clicks(&mut app, &["C7"]);
    let m = the_match(&app);
    assert_eq!(m.move_texts(), vec!["E5-G7-I7xG9xG11xE9xC7".to_string()]);
    assert_eq!(m.game.captured().len(), 4);
    assert_eq!(shown(&mut app), truth(&app));
    assert_eq!(captured_shown(&mut app), 4);

    // Black's charge, from the scene's text, through the match.
    let mv = the_match(&app)
        .game
        .parse_move("I10-G8xI6xG6xE6xG4xG6")
        .unwrap();
    app.world_mut()
        .write_message(tabula::table::rules::Intent::<Camelot>::Play(mv));
    app.update();
    assert_eq!(the_match(&app).game.captured().len(), 9);
    assert_eq!(captured_shown(&mut app), 9);
    assert_eq!(shown(&mut app), truth(&app));

    // New game goes back to the scene's position.
    app.world_mut().write_message(MatchCommand::NewGame);
    app.update();
    assert_eq!(the_match(&app).game.ply(), 0);
    assert_eq!(captured_shown(&mut app), 0);
    assert_eq!(shown(&mut app), truth(&app));
}

#[test]
fn the_command_line_takes_camelot_options_and_refuses_others() {
    let out = tabula()
        .args(["play", "camelot", "--first", "blue"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("options of the Game of War, not of Camelot"),
        "{err}"
    );
    let out = tabula()
        .args(["play", "war", "--rules", "parker1930"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("options of Camelot"), "{err}");
    let out = tabula()
        .args(["play", "camelot", "--rules", "chess"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("parker1930"));
    // Every game is on the table; without a display, play says so instead of failing.
    let out = tabula()
        .args(["play", "transport"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no display") && err.contains("xvfb-run"),
        "{err}"
    );
}
