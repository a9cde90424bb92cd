//! The fence race on the table, headless: a whole turn entered by clicks (fence, throw,
//! walk) with the entities following, refusals, a throw taken back that comes again the
//! same, a scene's race, and the command line's options.

use crate::{root, tabula};
use bevy::prelude::*;
use std::collections::BTreeSet;
use tabula::games::fences::board::Spot;
use tabula::games::fences::pieces::{Die, FencePanel, Pawn};
use tabula::games::fences::{Stage, stage};
use tabula::games::tabletop::{OnTable, TableGame};
use tabula::table::commands::MatchCommand;
use tabula::table::game_match::Match;
use tabula::table::rules::Intent;
use tabula::table::spots::SpotClicked;
use tabula_rules::Game;
use tabula_rules::fences::{Fences, FencesOptions, Node, Slot, Space};

fn headless(game: Fences) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    TableGame::Fences(game).install(&mut app, false);
    app.update();
    app
}

fn race(players: u8, seed: u64) -> Fences {
    Fences::new(FencesOptions {
        players,
        seed,
        ..FencesOptions::default()
    })
    .unwrap()
}

fn the_match(app: &App) -> &Match<Fences> {
    app.world().resource::<Match<Fences>>()
}

fn click(app: &mut App, spot: Spot) {
    app.world_mut().write_message(SpotClicked::<Fences>(spot));
    app.update();
}

fn command(app: &mut App, command: MatchCommand) {
    app.world_mut().write_message(command);
    app.update();
}

fn slot(text: &str) -> Slot {
    Slot::parse(text).unwrap()
}

/// The fences, pawns and die face the entities show.
fn shown(app: &mut App) -> (BTreeSet<String>, BTreeSet<String>, Vec<u8>) {
    let world = app.world_mut();
    let fences = world
        .query::<&FencePanel>()
        .iter(world)
        .map(|f| format!("{} {}", f.seat, f.slot))
        .collect();
    let pawns = world
        .query::<&Pawn>()
        .iter(world)
        .map(|p| format!("{} {}", p.seat, p.at))
        .collect();
    let dice = world.query::<&Die>().iter(world).map(|d| d.face).collect();
    (fences, pawns, dice)
}

fn truth(app: &App) -> (BTreeSet<String>, BTreeSet<String>) {
    let game = &the_match(app).game;
    let fences = game
        .fences()
        .iter()
        .map(|(seat, slot)| format!("{seat} {slot}"))
        .collect();
    let pawns = game
        .seats()
        .iter()
        .map(|s| format!("{s} {}", game.pawn(*s)))
        .collect();
    (fences, pawns)
}

fn assert_follows(app: &mut App) {
    let (fences, pawns, _) = shown(app);
    assert_eq!((fences, pawns), truth(app));
}

#[test]
fn a_turn_is_entered_by_clicks_and_the_table_follows() {
    let mut app = headless(race(2, 3));
    assert_eq!(stage(&the_match(&app).game), Stage::Relocate);
    // A slot with no fence of Red's, before any fence is chosen, is refused.
    click(&mut app, Spot::Slot(slot("a1|a2")));
    assert!(
        the_match(&app).feedback.is_error,
        "{:?}",
        the_match(&app).feedback
    );
    // Choose Red's fence e2|e3 and set it in a1|a2.
    click(&mut app, Spot::Slot(slot("e2|e3")));
    assert!(the_match(&app).feedback.text.contains("vacant slot"));
    click(&mut app, Spot::Slot(slot("a1|a2")));
    assert_eq!(stage(&the_match(&app).game), Stage::Throw);
    assert_follows(&mut app);

    // Clicking the board now asks for the throw; Enter (Confirm) throws the seeded die.
    click(&mut app, Spot::Space(Space { x: 1, y: 0 }));
    assert!(the_match(&app).feedback.text.contains("throws the die"));
    command(&mut app, MatchCommand::Confirm);
    let Stage::Walk(k) = stage(&the_match(&app).game) else {
        panic!("the die was thrown: {:?}", the_match(&app).feedback)
    };
    assert_eq!(k, 4, "seed 3 throws a 4 first");
    assert_eq!(shown(&mut app).2, vec![4], "the die shows the throw");

    // A space four steps away cannot be reached... unless along open paths with exactly k.
    click(&mut app, Spot::Space(Space { x: 9, y: 9 }));
    assert!(the_match(&app).feedback.text.contains("exactly 4 steps"));
    click(&mut app, Spot::Space(Space { x: 1, y: 3 }));
    let m = the_match(&app);
    assert_eq!(
        m.game.pawn(m.game.seats()[0]),
        Node::Space(Space { x: 1, y: 3 })
    );
    assert_eq!(stage(&m.game), Stage::Relocate, "Green's turn");
    assert!(
        m.lines()[0]
            .text
            .starts_with("Red: fence e2|e3 to a1|a2, throw 4, a1-"),
        "{:?}",
        m.lines()
    );
    assert_follows(&mut app);

    // Green may not touch Red's fences.
    click(&mut app, Spot::Slot(slot("e2|e3")));
    click(&mut app, Spot::Slot(slot("a1|a2")));
    assert!(
        the_match(&app)
            .feedback
            .text
            .contains("That is Red's fence"),
        "{:?}",
        the_match(&app).feedback
    );
}

#[test]
fn a_throw_taken_back_comes_again_the_same() {
    let mut app = headless(race(3, 11));
    let first = the_match(&app).game.legal_moves()[0].clone();
    app.world_mut().write_message(Intent::<Fences>::Play(first));
    app.update();
    app.world_mut().write_message(Intent::<Fences>::Chance);
    app.update();
    let Stage::Walk(k) = stage(&the_match(&app).game) else {
        panic!("thrown")
    };
    command(&mut app, MatchCommand::Undo);
    assert_eq!(stage(&the_match(&app).game), Stage::Throw);
    assert!(
        the_match(&app)
            .feedback
            .text
            .contains(&format!("Took back throw {k}"))
    );
    command(&mut app, MatchCommand::Confirm);
    assert_eq!(stage(&the_match(&app).game), Stage::Walk(k));
    assert_eq!(shown(&mut app).2, vec![k]);

    // Take back the throw and the fence: the fence stands where it stood.
    command(&mut app, MatchCommand::Undo);
    command(&mut app, MatchCommand::Undo);
    assert_eq!(stage(&the_match(&app).game), Stage::Relocate);
    assert_eq!(the_match(&app).game.fences(), race(3, 11).fences());
    assert_follows(&mut app);
}

#[test]
fn a_scene_race_is_shown_as_its_rules_state_and_new_race_starts_over() {
    let path = root().join("scenes/fences/four_players_seed5.ron");
    let Ok(TableGame::Fences(game)) = TableGame::load_scene(&path, Some(9)) else {
        panic!("a fence race scene")
    };
    let mut app = headless(game);
    assert_eq!(the_match(&app).game.seats().len(), 4);
    assert_follows(&mut app);
    assert_eq!(the_match(&app).texts.len(), 9);
    command(&mut app, MatchCommand::NewGame);
    assert_eq!(the_match(&app).game.ply(), 0);
    assert_follows(&mut app);
}

#[test]
fn the_command_line_takes_fence_race_options() {
    let out = tabula()
        .args(["play", "fences", "--players", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("players: 5; the fence race is for 2 to 4 players"),
        "{err}"
    );
    let out = tabula()
        .args(["play", "camelot", "--seed", "4"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("options of the fence race, not of Camelot"),
        "{err}"
    );
}
