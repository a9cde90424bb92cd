//! Analysis at the table, headless: once a short game has ended, `A` shows each player's
//! expected result (the winner's whole), and the review of the game, run off the frame's
//! thread, marks the move that let the win go as a blunder in the move list, with the
//! winning move beside it; the game saved then keeps the mark as a note.

use bevy::prelude::*;
use tabula::games::tabletop::{OnTable, TableGame};
use tabula::table::analysis::{AnalysisCommand, AnalysisOn, Evaluation, GameReview};
use tabula::table::game_match::Match;
use tabula::table::report::HudState;
use tabula::table::rules::Intent;
use tabula_rules::Game;
use tabula_rules::camelot::{Camelot, CamelotOptions};

/// Both sides have a man in the enemy castle and another a step from its second square.
fn race() -> Camelot {
    Camelot::from_setup_text(
        "White men: F16 G15 C5\nBlack men: F1 G2 L12\nWhite to move",
        CamelotOptions::default(),
    )
    .expect("a position")
}

/// Updates until `done` holds, as long as a search may take (its task runs on the pool).
fn until(app: &mut App, done: impl Fn(&App) -> bool) {
    for _ in 0..200_000 {
        if done(app) {
            return;
        }
        app.update();
    }
    panic!("the engine never answered");
}

#[test]
fn a_finished_game_is_analysed_and_its_blunder_marked() {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    TableGame::Camelot(race()).install(&mut app, false);
    app.update();
    for text in ["C5-C6", "G2-G1"] {
        let mv = app
            .world()
            .resource::<Match<Camelot>>()
            .game
            .parse_move(text)
            .unwrap();
        app.world_mut().write_message(Intent::<Camelot>::Play(mv));
        app.update();
    }
    app.update();
    assert!(app.world().resource::<HudState>().over, "Black has won");

    app.world_mut().write_message(AnalysisCommand::Toggle);
    app.update();
    assert!(app.world().resource::<AnalysisOn>().0);
    until(&mut app, |app| {
        app.world()
            .get_resource::<Evaluation<Camelot>>()
            .is_some_and(|e| e.values.is_some())
    });
    let values = app.world().resource::<Evaluation<Camelot>>().values.clone();
    assert_eq!(values, Some(vec![0.0, 1.0]));

    app.world_mut().write_message(AnalysisCommand::ReviewGame);
    app.update();
    until(&mut app, |app| {
        app.world()
            .get_resource::<GameReview<Camelot>>()
            .is_some_and(|r| r.moves.is_some())
    });
    app.update();
    let lines: Vec<String> = app
        .world()
        .resource::<HudState>()
        .moves
        .iter()
        .map(|l| l.text.clone())
        .collect();
    assert!(
        lines.iter().any(|l| l.contains("C5-C6?? (G15-G16 better)")),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.contains("G2-G1?")),
        "the winning reply is not marked: {lines:?}"
    );

    // Saved now, the game keeps the mark as the note after the move, and still verifies.
    let save = std::env::temp_dir().join(format!("tabula-analysis-{}.ron", std::process::id()));
    app.insert_resource(tabula::table::save::SavePath(save.clone()));
    app.world_mut()
        .write_message(tabula::table::commands::SaveGame);
    app.update();
    let file = tabula_rules::scene::SceneFile::load(&save).expect("the save reads back");
    file.verify().expect("the save replays");
    let caption = file.scene.notes.get(&1).and_then(|n| n.caption.clone());
    assert!(
        caption
            .as_deref()
            .is_some_and(|c| c.contains("C5-C6?? (G15-G16 better)")),
        "{caption:?}"
    );
    std::fs::remove_file(&save).ok();
}
