//! The app, tested without a GPU: the match and its piece entities on `MinimalPlugins`,
//! clicks turned into moves, the command line, and real pictures drawn offscreen (one in a
//! window under Xvfb).

mod analysis;
mod camelot;
mod computer;
mod demo;
mod fences;
mod headless;
mod keyboard;
mod last_move;
mod launch;
mod layout;
mod learn;
mod moments;
mod options;
mod puzzles;
mod redo;
mod remote;
mod resign;
mod save;
mod screens;
mod screwball;
mod scrolling;
mod seats;
mod session;
mod shots;
mod sound;
mod spectator;
mod transport;
mod ui_scale;

use bevy::prelude::*;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;
use tabula::games::tabletop::OnTable;
use tabula::games::war::input::{Selection, apply_click};
use tabula::games::war::pieces::{CapturedPiece, Location, PieceEntity};
use tabula::table::commands::MatchCommand;
use tabula::table::game_match::Match;
use tabula::table::rules::Intent;
use tabula_rules::Game;
use tabula_rules::war::{Kind, Place, Side, Square, Station, War, WarOptions};

/// Runs the start screen headless on `actions` (no demonstrations; names drawn with
/// `seed`); returns it and what it launched, as the `tabula` command line it stands for.
/// Whatever it launches, the command line reads back the same.
fn run_menu(
    seed: u64,
    actions: &[tabula::screens::menu::MenuAction],
) -> (tabula::screens::menu::Menu, Option<Vec<String>>) {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(tabula::screens::menu::Menu::new(seed, Vec::new()))
        .add_plugins(tabula::screens::menu::plugin);
    for action in actions {
        app.world_mut().write_message(action.clone());
        app.update();
    }
    let menu = app
        .world()
        .resource::<tabula::screens::menu::Menu>()
        .clone();
    (menu, requested(&app))
}

/// The screen asked for in `app`, as the `tabula` command line it stands for; the command
/// line reads that back as the same screen.
fn requested(app: &App) -> Option<Vec<String>> {
    let launch = app
        .world()
        .resource::<tabula::screens::launch::LaunchRequest>()
        .0
        .clone()?;
    let args = launch.args();
    assert_eq!(
        tabula::cli::parse_launch(&args),
        Ok(launch),
        "`tabula {}` reads back as what was asked",
        args.join(" ")
    );
    Some(args)
}

/// What `tabula ARGS` opens in the window: the command line's reading, opened as the
/// screens open it.
fn start_from(args: &[String]) -> Result<tabula::screens::open::Start, String> {
    tabula::cli::parse_launch(args).and_then(|launch| tabula::screens::open::open(&launch))
}

/// The game and window `tabula ARGS` (a `play` command line) opens, checked as the
/// command line checks them.
fn play_from(
    args: &[String],
) -> Result<
    (
        tabula::games::tabletop::TableGame,
        tabula::screens::open::Viewing,
    ),
    String,
> {
    match tabula::cli::parse_launch(args)? {
        tabula::screens::launch::Launch::Play(play) => tabula::screens::open::play_table(&play),
        other => Err(format!("not play: {other:?}")),
    }
}

/// The whole app, headless, on the start screen.
fn whole_app() -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    tabula::app::build(&mut app, tabula::screens::open::Start::Menu, false);
    app.update();
    app
}

/// A data folder of the test's own, empty: `suite` and `name` make it unique.
fn data_dir(suite: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-{suite}-{}-{name}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    dir
}

/// The whole app, headless, on the start screen, keeping the player's data in `dir`.
fn app_with_data(dir: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(tabula::user_data::UserData::at(dir));
    tabula::app::build(&mut app, tabula::screens::open::Start::Menu, false);
    app.update();
    app
}

/// Plays `text` through the match's door, as a click would, and lets the screen answer
/// (a lesson's step or a puzzle, and their replies).
fn play_through_door<G: tabula::table::rules::TableRules>(app: &mut App, text: &str) {
    let mv = app
        .world()
        .resource::<Match<G>>()
        .game
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    app.world_mut().write_message(Intent::<G>::Play(mv));
    for _ in 0..4 {
        app.update();
    }
}

/// Asks for the screen `tabula ARGS` opens inside the window, as the start screen does, and
/// lets it open. The command line must read it.
fn launch(app: &mut App, args: &[&str]) {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let launch = tabula::cli::parse_launch(&args)
        .unwrap_or_else(|e| panic!("`tabula {}`: {e}", args.join(" ")));
    app.world_mut()
        .resource_mut::<tabula::screens::launch::LaunchRequest>()
        .0 = Some(launch);
    for _ in 0..4 {
        app.update();
    }
}

fn headless(game: War) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    tabula::games::tabletop::TableGame::War(game).install(&mut app, false);
    app.update();
    app
}

/// What the piece entities say stands where.
fn shown(app: &mut App) -> BTreeSet<String> {
    let mut q = app.world_mut().query::<&PieceEntity>();
    q.iter(app.world())
        .map(|p| format!("{:?} {:?} {:?}", p.at, p.piece.side, p.piece.kind))
        .collect()
}

/// What the rules position says stands where.
fn truth(app: &App) -> BTreeSet<String> {
    let m = app.world().resource::<Match<War>>();
    m.game
        .position()
        .all_pieces()
        .map(|(place, p)| {
            let at = match place {
                Place::Square(sq) => Location::Board(sq),
                Place::Station(st) => Location::Station(p.side, st),
            };
            format!("{at:?} {:?} {:?}", p.side, p.kind)
        })
        .collect()
}

fn siege_gambit() -> Vec<String> {
    let path = root().join("scenes/war/siege_gambit.ron");
    tabula_rules::scene::SceneFile::load(&path)
        .unwrap()
        .scene
        .moves
}

fn intent(app: &mut App, text: &str) {
    let mv = app
        .world()
        .resource::<Match<War>>()
        .game
        .parse_move(text)
        .unwrap();
    app.world_mut().write_message(Intent::<War>::Play(mv));
    app.update();
}

#[test]
fn piece_entities_follow_the_rules_state() {
    let mut app = headless(War::new(WarOptions::default()).expect("the default options"));
    assert_eq!(shown(&mut app).len(), 40, "forty pieces");
    assert_eq!(shown(&mut app), truth(&app));

    // The Siege Gambit up to Blue's ninth move, which captures a troop.
    for text in &siege_gambit()[..18] {
        intent(&mut app, text);
        assert_eq!(shown(&mut app), truth(&app), "after {text}");
    }
    assert_eq!(app.world().resource::<Match<War>>().game.ply(), 18);
    let mut captured = app.world_mut().query::<&CapturedPiece>();
    let set_aside: Vec<_> = captured
        .iter(app.world())
        .map(|c| (c.piece.side, c.piece.kind))
        .collect();
    assert_eq!(set_aside, vec![(Side::Red, Kind::Troop)]);

    // An illegal intent changes nothing and says why.
    let before = shown(&mut app);
    let bogus = tabula_rules::war::Move::Step {
        from: Square::new(0, 1).unwrap(),
        to: Square::new(0, 9).unwrap(),
    };
    app.world_mut().write_message(Intent::<War>::Play(bogus));
    app.update();
    assert_eq!(shown(&mut app), before);
    let m = app.world().resource::<Match<War>>();
    assert!(
        m.feedback.is_error && m.feedback.text.contains("illegal"),
        "{:?}",
        m.feedback
    );
    assert_eq!(m.game.ply(), 18);

    // Taking back rebuilds the view from the rules state.
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Match<War>>().game.ply(), 17);
    assert_eq!(shown(&mut app), truth(&app));
    let mut captured = app.world_mut().query::<&CapturedPiece>();
    assert_eq!(
        captured.iter(app.world()).count(),
        0,
        "the troop is back on the board"
    );

    app.world_mut().write_message(MatchCommand::NewGame);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Match<War>>().game.ply(), 0);
    assert_eq!(shown(&mut app), truth(&app));
}

#[test]
fn clicks_select_light_and_move() {
    let mut m = Match::new(War::new(WarOptions::default()).expect("the default options"));
    let mut sel = Selection::default();
    let sq = |side, file, rank| Location::Board(Square::from_rank(side, file, rank).unwrap());

    // Clicking an empty square or an enemy piece first explains what to do.
    assert_eq!(apply_click(&mut m, &mut sel, sq(Side::Red, 4, 6)), None);
    assert!(
        m.feedback.is_error && m.feedback.text.contains("Red's pieces"),
        "{:?}",
        m.feedback
    );
    apply_click(&mut m, &mut sel, sq(Side::Blue, 4, 3));
    assert!(
        m.feedback.text.contains("it is Red's turn"),
        "{:?}",
        m.feedback
    );

    // Select the king's troop, try a square it cannot reach, then move it two squares.
    apply_click(&mut m, &mut sel, sq(Side::Red, 4, 3));
    assert_eq!(sel.origin, Some(sq(Side::Red, 4, 3)));
    assert!(m.feedback.text.contains("2 moves"), "{:?}", m.feedback);
    assert_eq!(apply_click(&mut m, &mut sel, sq(Side::Red, 4, 7)), None);
    assert!(
        m.feedback.is_error && m.feedback.text.contains("troop moves one square forward"),
        "{:?}",
        m.feedback
    );
    let mv = apply_click(&mut m, &mut sel, sq(Side::Red, 4, 5)).expect("a legal destination plays");
    assert_eq!(m.game.move_text(&mv), "KT to K5");
    assert_eq!(sel, Selection::default());

    // A flying machine is chosen on its station and lands on its colour only.
    let mut sel = Selection::default();
    apply_click(
        &mut m,
        &mut sel,
        Location::Station(Side::Red, Station::King),
    );
    assert!(sel.origin.is_some(), "{:?}", m.feedback);
    let wrong = apply_click(&mut m, &mut sel, sq(Side::Red, 0, 5));
    assert_eq!(wrong, None);
    assert!(m.feedback.text.contains("colour"), "{:?}", m.feedback);
}

#[test]
fn a_jump_chain_is_entered_landing_by_landing() {
    let game = War::from_setup_text(
        "Red: K at K1, KHT at KH4\nBlue: K at K1, T at KC6, T at KC4, T at K4\nRed to move",
        WarOptions::default(),
    )
    .unwrap();
    let mut m = Match::new(game);
    let mut sel = Selection::default();
    let red = |file, rank| Location::Board(Square::from_rank(Side::Red, file, rank).unwrap());
    // The king may not move while a troop is offered.
    apply_click(&mut m, &mut sel, red(4, 1));
    assert!(m.feedback.text.contains("offered"), "{:?}", m.feedback);
    apply_click(&mut m, &mut sel, red(1, 4));
    assert_eq!(
        apply_click(&mut m, &mut sel, red(3, 6)),
        None,
        "the chain goes on"
    );
    assert_eq!(sel.path.len(), 1);
    let mv = apply_click(&mut m, &mut sel, red(5, 8)).expect("the chain ends");
    assert_eq!(m.game.move_text(&mv), "T takes T, T to G8");
}

pub(crate) fn tabula() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
}

pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn verify_passes_every_shipped_scene_and_names_bad_moves() {
    let out = tabula()
        .arg("verify")
        .arg(root().join("scenes"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("siege_gambit.ron") && stdout.contains("Red wins"),
        "{stdout}"
    );

    let dir = std::env::temp_dir().join(format!("tabula-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        "Scene(\n  title: \"bad\",\n  game: War,\n  moves: [\n    \"KT to K4\",\n    \"KT to K9\",\n  ],\n  expect: Ongoing,\n)\n",
    )
    .unwrap();
    let out = tabula().arg("verify").arg(&bad).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(
        stdout.contains("bad.ron:6: move 2 (\"KT to K9\")"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn perft_and_bad_arguments_on_the_command_line() {
    let out = tabula().args(["perft", "war", "2"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        stdout.contains("perft 2: 15679") && stdout.contains("nodes/s"),
        "{stdout}"
    );
    let out = tabula().args(["perft", "chess", "2"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid value 'chess'"));
    let out = tabula()
        .args(["play", "war", "--first", "green"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown side \"green\""));
}

#[test]
fn the_engine_commands_answer_through_the_tabula_binary() {
    use std::io::Write;
    // think: the first line is a move of the position, in the game's notation.
    let out = tabula()
        .args(["think", "war", "--iterations", "200", "--seed", "3"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let first = stdout.lines().next().unwrap();
    let war = tabula_rules::war::War::new(tabula_rules::war::WarOptions::default())
        .expect("the default options");
    tabula_rules::Game::parse_move(&war, first).unwrap_or_else(|e| panic!("{first}: {e}"));
    // Bad input names what was wrong.
    let out = tabula()
        .args(["think", "war", "--moves", "KT to K9"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("KT to K9"));
    // engine: a script on standard input, an error line for a bad command, and it goes on.
    let mut child = tabula()
        .arg("engine")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"game chess\ngame camelot\ngo iterations 100\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("error unknown game \"chess\""), "{stdout}");
    assert!(stdout.contains("bestmove "), "{stdout}");
}

#[test]
fn perft_into_a_closed_pipe_ends_quietly() {
    // `tabula perft ... | head`: the reader is gone before the counts are printed.
    let mut child = tabula()
        .args(["perft", "war", "2", "--divide"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn law_xi_time_limit_and_law_iii_alternating_first_move() {
    use bevy::time::TimeUpdateStrategy;
    use std::time::Duration;
    let options = WarOptions {
        move_time_limit: Some(5),
        ..WarOptions::default()
    };
    let mut app = headless(War::new(options).expect("valid options"));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(1)));
    app.world_mut()
        .resource_mut::<Time<Virtual>>()
        .set_max_delta(Duration::from_secs(2));
    for _ in 0..4 {
        app.update();
    }
    assert!(
        app.world()
            .resource::<Match<War>>()
            .status()
            .contains("left")
    );
    intent(&mut app, "GM to M2");
    assert_eq!(
        app.world().resource::<Match<War>>().game.ply(),
        1,
        "moved in time"
    );
    for _ in 0..8 {
        app.update();
    }
    let status = app.world().resource::<Match<War>>().status();
    assert!(status.contains("Time!"), "{status}");
    for _ in 0..60 {
        app.update();
    }
    let m = app.world().resource::<Match<War>>();
    assert!(m.ended.is_some(), "{}", m.status());
    assert!(m.status().contains("Blue loses on time"));
    intent_refused(&mut app, "GM to M2");

    // A new game in the same sitting: the other player moves first.
    app.world_mut().write_message(MatchCommand::NewGame);
    app.update();
    let m = app.world().resource::<Match<War>>();
    assert_eq!(m.ended, None);
    assert_eq!(m.game.to_move(), Side::Blue);
    assert_eq!(m.game.ply(), 0);
}

fn intent_refused(app: &mut App, text: &str) {
    let before = app.world().resource::<Match<War>>().game.ply();
    let mv = {
        let m = app.world().resource::<Match<War>>();
        let mut g = m.game.clone();
        g.undo();
        g.parse_move(text).ok()
    };
    if let Some(mv) = mv {
        app.world_mut().write_message(Intent::<War>::Play(mv));
    }
    app.update();
    assert_eq!(app.world().resource::<Match<War>>().game.ply(), before);
}
