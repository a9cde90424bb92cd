//! Redo: moves taken back are played again in order, entities following; a new move ends
//! the redos; in the fence race a redone throw is the same throw.

use crate::{headless, intent, shown, siege_gambit, truth};
use bevy::prelude::*;
use tabula::games::tabletop::OnTable;
use tabula::table::commands::MatchCommand;
use tabula::table::game_match::Match;
use tabula_rules::Game;
use tabula_rules::war::{War, WarOptions};

fn command(app: &mut App, command: MatchCommand) {
    app.world_mut().write_message(command);
    app.update();
}

#[test]
fn moves_taken_back_are_played_again() {
    let mut app = headless(War::new(WarOptions::default()).expect("the default options"));
    let moves = siege_gambit();
    for text in &moves[..4] {
        intent(&mut app, text);
    }
    let after_four = app.world().resource::<Match<War>>().game.position().clone();
    command(&mut app, MatchCommand::Undo);
    command(&mut app, MatchCommand::Undo);
    assert_eq!(app.world().resource::<Match<War>>().game.ply(), 2);
    // Redo writes the move as an intent; it is played on the next update.
    command(&mut app, MatchCommand::Redo);
    app.update();
    command(&mut app, MatchCommand::Redo);
    app.update();
    let m = app.world().resource::<Match<War>>();
    assert_eq!(m.game.position(), &after_four);
    assert_eq!(m.texts.len(), 4);
    assert_eq!(shown(&mut app), truth(&app));
    command(&mut app, MatchCommand::Redo);
    assert!(
        app.world()
            .resource::<Match<War>>()
            .feedback
            .text
            .contains("Nothing to play again")
    );

    // A different move ends the redos.
    command(&mut app, MatchCommand::Undo);
    intent(&mut app, &moves[3]);
    command(&mut app, MatchCommand::Undo);
    let other = app.world().resource::<Match<War>>().game.legal_moves()[0].clone();
    app.world_mut()
        .write_message(tabula::table::rules::Intent::<War>::Play(other));
    app.update();
    assert!(app.world().resource::<Match<War>>().redo.is_empty());
}

#[test]
fn a_redone_throw_is_the_same_throw() {
    use tabula::games::tabletop::TableGame;
    use tabula::table::game_match::Match;
    use tabula::table::rules::Intent;
    use tabula_rules::fences::{Fences, FencesOptions};
    let game = Fences::new(FencesOptions {
        seed: 21,
        ..FencesOptions::default()
    })
    .unwrap();
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    TableGame::Fences(game).install(&mut app, false);
    app.update();
    let first = app.world().resource::<Match<Fences>>().game.legal_moves()[0].clone();
    app.world_mut().write_message(Intent::<Fences>::Play(first));
    app.update();
    app.world_mut().write_message(Intent::<Fences>::Chance);
    app.update();
    let thrown = app.world().resource::<Match<Fences>>().game.thrown();
    let position = app
        .world()
        .resource::<Match<Fences>>()
        .game
        .fences()
        .to_vec();
    command(&mut app, MatchCommand::Undo);
    command(&mut app, MatchCommand::Undo);
    assert_eq!(app.world().resource::<Match<Fences>>().game.ply(), 0);
    for _ in 0..2 {
        command(&mut app, MatchCommand::Redo);
        app.update();
    }
    let m = app.world().resource::<Match<Fences>>();
    assert_eq!(m.game.thrown(), thrown);
    assert_eq!(m.game.fences(), position.as_slice());
}

/// The match's legal moves are those of the position on the table after every change: a
/// move, a take-back, a redo, a throw, a new game.
#[test]
fn the_legal_moves_follow_every_change_of_position() {
    fn same<G: tabula::table::rules::TableRules>(app: &App) {
        let m = app.world().resource::<Match<G>>();
        assert_eq!(m.legal(), m.game.legal_moves().as_slice());
    }
    let mut app = headless(War::new(WarOptions::default()).expect("the default options"));
    same::<War>(&app);
    let moves = siege_gambit();
    for text in &moves[..3] {
        intent(&mut app, text);
        same::<War>(&app);
    }
    command(&mut app, MatchCommand::Undo);
    same::<War>(&app);
    command(&mut app, MatchCommand::Redo);
    app.update();
    assert_eq!(app.world().resource::<Match<War>>().game.ply(), 3);
    same::<War>(&app);
    command(&mut app, MatchCommand::NewGame);
    assert_eq!(app.world().resource::<Match<War>>().game.ply(), 0);
    same::<War>(&app);

    use tabula::games::tabletop::TableGame;
    use tabula::table::rules::Intent;
    use tabula_rules::fences::{Fences, FencesOptions};
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    TableGame::Fences(Fences::new(FencesOptions::default()).unwrap()).install(&mut app, false);
    app.update();
    same::<Fences>(&app);
    let first = app.world().resource::<Match<Fences>>().legal()[0].clone();
    app.world_mut().write_message(Intent::<Fences>::Play(first));
    app.update();
    same::<Fences>(&app);
    app.world_mut().write_message(Intent::<Fences>::Chance);
    app.update();
    assert!(
        app.world()
            .resource::<Match<Fences>>()
            .game
            .thrown()
            .is_some()
    );
    same::<Fences>(&app);
    command(&mut app, MatchCommand::Undo);
    same::<Fences>(&app);
}

#[test]
fn looking_forward_over_a_draw_lands_on_its_card() {
    use tabula::table::report::HudState;
    use tabula::table::review::{Review, step_review};
    let hud = HudState::default();
    let mut review = Review::default();
    // Seven moves played; look back at the position after four, a take-back a step.
    let mut ply = 7;
    let mut asks = vec![4];
    while let Some(command) = step_review(&mut review, asks.drain(..), ply, &hud) {
        assert_eq!(command, MatchCommand::Undo);
        ply -= 1;
    }
    assert_eq!((ply, review.target), (4, 4));
    // One forward: the redo plays a draw, and its card comes with it.
    let command = step_review(&mut review, [5], ply, &hud);
    assert_eq!(command, Some(MatchCommand::Redo));
    ply += 2;
    assert_eq!(step_review(&mut review, [], ply, &hud), None);
    assert_eq!(step_review(&mut review, [], ply, &hud), None);
    assert!(review.active(), "still looking back");
    assert_eq!(review.target, 6, "at the position after the card");
}

/// Against the computer, Redo brings back the player's move and the computer's replies
/// taken back with it, the fence race's throws included: it does not stop at the
/// computer's throw with the computer's walk to come.
#[test]
fn redo_against_the_computer_brings_its_replies_back_too() {
    use tabula::table::computer::{Pace, ThinkSeed};
    use tabula::table::rules::Intent;
    use tabula::table::seats::LocalTurn;
    use tabula_rules::fences::Fences;

    let mut app = crate::whole_app();
    app.insert_resource(Pace::instant())
        .insert_resource(ThinkSeed(7));
    crate::launch(
        &mut app,
        &["play", "fences", "--computer", "green:easy", "--seed", "3"],
    );
    // Red plays a whole turn (fence, throw, walk); the computer answers with its own.
    let mut frames = 0;
    while app.world().resource::<Match<Fences>>().ply() < 6 {
        frames += 1;
        assert!(frames < 2_000, "the computer did not answer");
        if app.world().resource::<LocalTurn>().0 {
            let m = app.world().resource::<Match<Fences>>();
            let intent = match m.legal().first() {
                Some(mv) => Intent::<Fences>::Play(mv.clone()),
                None => Intent::<Fences>::Chance,
            };
            app.world_mut().write_message(intent);
        }
        app.update();
    }
    assert!(app.world().resource::<LocalTurn>().0, "Red's turn again");
    let before = app.world().resource::<Match<Fences>>().move_texts();

    command(&mut app, MatchCommand::Undo);
    app.update();
    let m = app.world().resource::<Match<Fences>>();
    assert_eq!(m.ply(), 2, "back to Red's walk: {:?}", m.move_texts());

    command(&mut app, MatchCommand::Redo);
    app.update();
    let m = app.world().resource::<Match<Fences>>();
    assert_eq!(m.move_texts(), before, "Red's walk and Green's whole turn");
    assert!(app.world().resource::<LocalTurn>().0, "Red's turn again");
}

/// While the computer is to move, the line under the status says what was played and does
/// not prompt anyone (the fence race's "Green: walk 2 steps" is for a player here).
#[test]
fn no_prompt_for_the_computers_turn() {
    use tabula::table::computer::{Pace, ThinkSeed};
    use tabula::table::rules::Intent;
    use tabula::table::seats::LocalTurn;
    use tabula_rules::fences::Fences;

    let mut app = crate::whole_app();
    app.insert_resource(Pace {
        min_think: std::time::Duration::from_secs(3600),
        wait_for_motion: false,
    })
    .insert_resource(ThinkSeed(7));
    crate::launch(
        &mut app,
        &["play", "fences", "--computer", "green:easy", "--seed", "3"],
    );
    for _ in 0..20 {
        if !app.world().resource::<LocalTurn>().0 {
            break;
        }
        let m = app.world().resource::<Match<Fences>>();
        let intent = match m.legal().first() {
            Some(mv) => Intent::<Fences>::Play(mv.clone()),
            None => Intent::<Fences>::Chance,
        };
        app.world_mut().write_message(intent);
        app.update();
    }
    assert!(!app.world().resource::<LocalTurn>().0, "Green's turn");
    let said = &app.world().resource::<Match<Fences>>().feedback.text;
    assert!(said.starts_with("Red: "), "{said}");
    assert!(
        !said.contains("Green"),
        "no prompt for the computer: {said}"
    );
}
