//! Redo: moves taken back are played again in order, entities following; a new move ends
//! the redos; in the fence race a redone throw is the same throw.

use crate::{headless, intent, shown, siege_gambit, truth};
use bevy::prelude::*;
use tabula::playing::MatchCommand;
use tabula::table::Match;
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
        .write_message(tabula::table::Intent::<War>::Play(other));
    app.update();
    assert!(app.world().resource::<Match<War>>().redo.is_empty());
}

#[test]
fn a_redone_throw_is_the_same_throw() {
    use tabula::table::{Intent, Match};
    use tabula::tabletop::TableGame;
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
