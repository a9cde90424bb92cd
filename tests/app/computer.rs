//! The computer at the table, through the app's own systems: computer seats play games of
//! every kind to their end, a hint shows a legal move, taking back against the computer
//! returns to the player's own move, a search is dropped cleanly when the position it was
//! for goes, and an exhibition plays games of different kinds in a row without growing.

use bevy::prelude::*;
use tabula::state::Screen;
use tabula::table::commands::MatchCommand;
use tabula::table::computer::{HintShown, Pace, ThinkSeed, Thinking};
use tabula::table::game_match::Match;
use tabula::table::rules::{Intent, TableRules};
use tabula::table::seats::{Controller, LocalTurn};
use tabula_ai::Level;
use tabula_rules::camelot::Camelot;
use tabula_rules::fences::Fences;
use tabula_rules::screwball::Screwball;
use tabula_rules::transport::Transport;
use tabula_rules::war::War;

/// The whole app, headless, on the start screen, with computers that answer at once and
/// play the same games every run.
fn app() -> App {
    let mut app = crate::whole_app();
    app.insert_resource(Pace::instant())
        .insert_resource(ThinkSeed(7));
    app.update();
    app
}

use crate::launch;

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// Runs frames until the game on the table ends; the players at this screen play the first
/// legal move from the match's own list (or throw the die). Returns the moves played.
fn play_out<G: TableRules>(app: &mut App, frames: usize) -> usize {
    for _ in 0..frames {
        let m = app.world().resource::<Match<G>>();
        if m.is_over() {
            return m.ply();
        }
        if app.world().resource::<LocalTurn>().0 {
            let intent = match m.legal().first() {
                Some(mv) => Intent::<G>::Play(mv.clone()),
                None => Intent::<G>::Chance,
            };
            app.world_mut().write_message(intent);
        }
        app.update();
    }
    let m = app.world().resource::<Match<G>>();
    panic!(
        "{} did not end in {frames} frames: {} moves, {}",
        G::KIND.title(),
        m.ply(),
        m.status()
    );
}

fn computer_game<G: TableRules>(args: &[&str], frames: usize) {
    let mut app = app();
    launch(&mut app, args);
    assert_eq!(screen(&app), Screen::Table, "{args:?}");
    let seats = app.world().resource::<Match<G>>().seats.clone();
    assert!(
        seats.iter().any(Controller::is_computer),
        "{args:?}: {seats:?}"
    );
    let moves = play_out::<G>(&mut app, frames);
    assert!(moves > 0, "{args:?}");
    // The game over, nothing is left thinking.
    for _ in 0..3 {
        app.update();
    }
    assert!(!app.world().contains_resource::<Thinking<G>>());
}

#[test]
fn a_computer_seat_plays_each_game_to_its_end() {
    computer_game::<War>(&["play", "war", "--computer", "blue:easy"], 4_000);
    computer_game::<Camelot>(&["play", "camelot", "--computer", "2:easy"], 6_000);
    computer_game::<Screwball>(&["play", "screwball", "--computer", "all:easy"], 6_000);
    computer_game::<Fences>(&["play", "fences", "--computer", "1:easy"], 8_000);
    computer_game::<Transport>(
        &[
            "play",
            "transport",
            "--board",
            "8",
            "--computer",
            "all:easy",
        ],
        20_000,
    );
}

#[test]
fn the_command_line_seats_computers_by_name_number_or_all_and_refuses_the_rest() {
    let labels: Vec<String> = ["Blue", "Green", "Yellow", "Red"]
        .map(String::from)
        .to_vec();
    let seats = tabula::cli::play::computer_seats(&["blue,green:hard".into(), "4".into()], &labels)
        .unwrap();
    assert_eq!(
        seats,
        vec![
            Controller::Computer(Level::Hard),
            Controller::Computer(Level::Hard),
            Controller::Local,
            Controller::Computer(Level::Medium),
        ]
    );
    assert_eq!(
        tabula::cli::play::computer_seats(&["all:easy".into()], &labels).unwrap(),
        vec![Controller::Computer(Level::Easy); 4]
    );
    for (bad, says) in [
        ("purple", "no player `purple`"),
        ("5", "no seat 5"),
        ("blue:genius", "unknown level `genius`"),
        ("blue,1", "Blue is named twice"),
    ] {
        let e = tabula::cli::play::computer_seats(&[bad.into()], &labels).unwrap_err();
        assert!(e.contains(says), "{bad}: {e}");
        assert!(e.contains(bad), "{bad}: the error names it: {e}");
    }
    // The window's command line says the same, and names the computers.
    let mut app = app();
    launch(&mut app, &["play", "camelot", "--computer", "black:hard"]);
    let names = app
        .world()
        .resource::<tabula::table::seats::SeatNames>()
        .clone();
    assert_eq!(
        names.decorate("Black to move"),
        "Black (Computer, hard) to move"
    );
    // A seat that is not a player's is refused as the command line reads it, naming it.
    let e = tabula::cli::parse_launch(&[
        "play".into(),
        "camelot".into(),
        "--computer".into(),
        "pink".into(),
    ])
    .unwrap_err();
    assert!(e.contains("pink"), "{e}");
    assert_eq!(screen(&app), Screen::Table, "the game in play stays");
}

#[test]
fn a_hint_shows_a_legal_move_without_playing_it() {
    let mut app = app();
    launch(&mut app, &["play", "camelot"]);
    app.world_mut().write_message(MatchCommand::Hint);
    let mut shown = None;
    for _ in 0..2_000 {
        app.update();
        if let Some(hint) = app.world().get_resource::<HintShown<Camelot>>() {
            shown = Some(hint.clone());
            break;
        }
    }
    let hint = shown.expect("a hint within 2000 frames");
    let m = app.world().resource::<Match<Camelot>>();
    assert_eq!(m.ply(), 0, "a hint plays nothing");
    assert!(m.legal().contains(&hint.mv), "{:?}", hint.mv);
    assert!(hint.points.len() >= 2, "an arrow: {:?}", hint.points);
    assert!(m.feedback.text.starts_with("Hint: "), "{}", m.feedback.text);

    // The computer is to move: no hint for it.
    app.insert_resource(Pace {
        min_think: std::time::Duration::from_secs(60),
        wait_for_motion: false,
    });
    launch(&mut app, &["play", "war", "--computer", "red:easy"]);
    app.world_mut().write_message(MatchCommand::Hint);
    for _ in 0..3 {
        app.update();
    }
    let m = app.world().resource::<Match<War>>();
    assert!(m.feedback.is_error, "{}", m.feedback.text);
    assert!(!app.world().contains_resource::<HintShown<War>>());
}

/// Frames until the match has `ply` moves (at most `frames`).
fn until_ply<G: TableRules>(app: &mut App, ply: usize, frames: usize) {
    for _ in 0..frames {
        if app.world().resource::<Match<G>>().ply() >= ply {
            return;
        }
        app.update();
    }
    panic!("no move {ply} in {frames} frames");
}

#[test]
fn taking_back_against_the_computer_returns_to_the_players_own_move() {
    let mut app = app();
    launch(&mut app, &["play", "camelot", "--computer", "black:easy"]);
    let first = app.world().resource::<Match<Camelot>>().legal()[0].clone();
    app.world_mut()
        .write_message(Intent::<Camelot>::Play(first));
    until_ply::<Camelot>(&mut app, 2, 2_000);
    app.world_mut().write_message(MatchCommand::Undo);
    for _ in 0..3 {
        app.update();
    }
    let m = app.world().resource::<Match<Camelot>>();
    assert_eq!(m.ply(), 0, "both the reply and the player's move went back");
    assert!(
        app.world().resource::<LocalTurn>().0,
        "the player's turn again"
    );
}

#[test]
fn a_search_whose_position_goes_is_dropped_and_its_move_never_played() {
    let mut app = app();
    // The computer thinks for long enough to be interrupted.
    app.insert_resource(Pace {
        min_think: std::time::Duration::from_secs(30),
        wait_for_motion: false,
    });
    launch(&mut app, &["play", "camelot", "--computer", "black:hard"]);
    let first = app.world().resource::<Match<Camelot>>().legal()[0].clone();

    // New game while it thinks.
    app.world_mut()
        .write_message(Intent::<Camelot>::Play(first.clone()));
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().contains_resource::<Thinking<Camelot>>());
    assert!(app.world().resource::<Match<Camelot>>().thinking);
    app.world_mut().write_message(MatchCommand::NewGame);
    for _ in 0..3 {
        app.update();
    }
    assert!(!app.world().contains_resource::<Thinking<Camelot>>());
    let m = app.world().resource::<Match<Camelot>>();
    assert_eq!(m.ply(), 0);
    assert!(!m.thinking);

    // Take back while it thinks: the player's move goes, and nothing comes after it.
    app.world_mut()
        .write_message(Intent::<Camelot>::Play(first.clone()));
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().contains_resource::<Thinking<Camelot>>());
    app.world_mut().write_message(MatchCommand::Undo);
    for _ in 0..3 {
        app.update();
    }
    assert!(!app.world().contains_resource::<Thinking<Camelot>>());
    assert_eq!(app.world().resource::<Match<Camelot>>().ply(), 0);

    // The start screen while it thinks: the search goes with the table.
    app.world_mut()
        .write_message(Intent::<Camelot>::Play(first));
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().contains_resource::<Thinking<Camelot>>());
    launch(&mut app, &["menu"]);
    assert_eq!(screen(&app), Screen::Menu);
    assert!(!app.world().contains_resource::<Thinking<Camelot>>());
    assert!(!app.world().contains_resource::<Match<Camelot>>());
}

/// Entities in the world.
fn entities(app: &mut App) -> usize {
    app.world_mut().query::<Entity>().iter(app.world()).count()
}

#[test]
fn an_exhibition_plays_games_of_different_kinds_in_a_row_and_does_not_grow() {
    let mut app = app();
    launch(
        &mut app,
        &[
            "exhibit",
            "screwball",
            "war",
            "camelot --rules parker1930",
            "--level",
            "easy",
            "--pause",
            "0",
            "--max-moves",
            "40",
            "--loop",
        ],
    );
    assert_eq!(screen(&app), Screen::Table);
    let mut titles = Vec::new();
    let mut at_start: Vec<(String, usize)> = Vec::new();
    let mut seen = 0;
    let mut captions = std::collections::BTreeSet::new();
    for _ in 0..40_000 {
        app.update();
        let Some(ex) = app
            .world()
            .get_resource::<tabula::screens::exhibit::Exhibition>()
        else {
            panic!("the exhibition ended by itself");
        };
        if let Some((caption, _)) = &ex.caption {
            captions.insert(caption.clone());
        }
        if ex.scores.len() > seen {
            seen = ex.scores.len();
            titles.push(ex.scores[seen - 1].title.clone());
        }
        if screen(&app) == Screen::Table && ex.show.at >= at_start.len() {
            let at = ex.show.at;
            let n = entities(&mut app);
            at_start.push((format!("step {at}"), n));
        }
        if seen >= 12 {
            break;
        }
    }
    assert!(seen >= 12, "12 games played, got {titles:?}");
    assert!(
        captions.len() >= 3,
        "the notable moments are told: {captions:?}"
    );
    assert_eq!(titles[0], "Screwball Checkers", "{titles:?}");
    assert!(titles[1].starts_with("The Game of War"), "{titles:?}");
    assert!(titles[2].starts_with("Camelot"), "{titles:?}");
    assert_eq!(titles[3], titles[0], "the programme loops: {titles:?}");
    // The same game at the start of each round after the first (the first visit to the
    // table adds what stays for good, such as observers): the same number of entities.
    assert!(at_start.len() >= 12, "{at_start:?}");
    for round in 2..at_start.len() / 3 {
        for k in 0..3 {
            assert_eq!(
                at_start[round * 3 + k].1,
                at_start[3 + k].1,
                "entities at each step's start: {at_start:?}"
            );
        }
    }
    // Leaving for the start screen ends the exhibition.
    app.world_mut()
        .write_message(tabula::table::commands::Leave::Menu);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Menu);
    assert!(
        !app.world()
            .contains_resource::<tabula::screens::exhibit::Exhibition>()
    );
}
