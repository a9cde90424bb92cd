//! Saving: Ctrl+S writes the game as a scene file that replays to the same position; a
//! save that cannot be written says so and changes nothing.

use crate::root;
use bevy::prelude::*;
use tabula::games::tabletop::{OnTable, TableGame};
use tabula::table::commands::SaveGame;
use tabula::table::save::SavePath;
use tabula_rules::Game;
use tabula_rules::fences::{Fences, FencesOptions};

fn headless(game: TableGame, path: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(SavePath(path.to_path_buf()));
    game.install(&mut app, false);
    app.update();
    app
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_saved_game_replays_to_the_same_position() {
    // Camelot from a set-up position, one charge played.
    let scene = root().join("scenes/camelot/figure3_charges.ron");
    let game = TableGame::load_scene(&scene, Some(1)).unwrap();
    let path = temp("camelot.ron");
    let mut app = headless(game, &path);
    app.world_mut().write_message(SaveGame);
    app.update();
    let m = app
        .world()
        .resource::<tabula::table::game_match::Match<tabula_rules::camelot::Camelot>>();
    assert!(
        m.feedback.text.contains("Saved 1 moves"),
        "{:?}",
        m.feedback
    );
    let TableGame::Camelot(back) = TableGame::load_scene(&path, None).unwrap() else {
        panic!("a Camelot save")
    };
    assert_eq!(back.position(), m.game.position());
    assert_eq!(back.start(), m.game.start());

    // A seeded fence race with throws: the seed and the throws come back.
    let mut race = Fences::new(FencesOptions {
        players: 3,
        seed: 9,
        ..FencesOptions::default()
    })
    .unwrap();
    let first = race.legal_moves()[0].clone();
    race.play(&first).unwrap();
    race.throw().unwrap();
    let path = temp("fences.ron");
    let mut app = headless(TableGame::Fences(race.clone()), &path);
    app.world_mut().write_message(SaveGame);
    app.update();
    let TableGame::Fences(back) = TableGame::load_scene(&path, None).unwrap() else {
        panic!("a fence race save")
    };
    assert_eq!(back.ply(), race.ply());
    assert_eq!(back.thrown(), race.thrown());
    assert_eq!(back.options(), race.options());
    assert!(!std::fs::exists(path.with_extension("ron.tmp")).unwrap());
}

#[test]
fn a_save_that_cannot_be_written_says_so_and_keeps_the_game() {
    let path = temp("no-such-folder").join("deeper").join("save.ron");
    let game = TableGame::load_scene(&root().join("scenes/war/siege_gambit.ron"), Some(4)).unwrap();
    let mut app = headless(game, &path);
    app.world_mut().write_message(SaveGame);
    app.update();
    let m = app
        .world()
        .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>();
    assert!(m.feedback.is_error && m.feedback.text.contains("Could not save"));
    assert_eq!(m.game.ply(), 4);
    assert!(!path.exists());
}

#[test]
fn a_save_that_fails_at_any_step_leaves_the_previous_save_whole() {
    use tabula::table::save::{SaveStep, check_save, write_atomic, write_atomic_failing};
    let scene = root().join("scenes/war/siege_gambit.ron");
    let earlier = std::fs::read_to_string(&scene).unwrap();
    let later = earlier.replace("\"KT to K4\"", "\"KT to K3\"");
    for step in SaveStep::ALL {
        let path = temp(&format!("fail-at-{step:?}.ron"));
        write_atomic(&path, &earlier).unwrap();
        let err = write_atomic_failing(&path, &later, Some(step)).unwrap_err();
        assert!(err.to_string().contains("no space"), "{step:?}: {err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), earlier, "{step:?}");
        assert!(
            check_save(&path).is_ok(),
            "{step:?}: the earlier save still loads"
        );
        assert!(
            !std::fs::exists(path.with_extension("ron.tmp")).unwrap(),
            "{step:?}: the temporary file is cleaned up"
        );
    }
}

#[test]
fn a_damaged_truncated_or_foreign_save_is_refused_with_its_reason() {
    use tabula::table::save::check_save;
    let text = std::fs::read_to_string(root().join("scenes/war/siege_gambit.ron")).unwrap();
    let truncated = temp("truncated.ron");
    std::fs::write(&truncated, &text[..text.len() / 2]).unwrap();
    let why = check_save(&truncated).unwrap_err();
    assert!(why.contains("truncated.ron"), "{why}");

    let foreign = temp("foreign.ron");
    std::fs::write(&foreign, b"\x89PNG\r\n\x1a\n not a saved game").unwrap();
    let why = check_save(&foreign).unwrap_err();
    assert!(why.contains("foreign.ron"), "{why}");

    let damaged = temp("damaged.ron");
    std::fs::write(&damaged, text.replace("\"KT to K4\"", "\"KT to K9\"")).unwrap();
    let why = check_save(&damaged).unwrap_err();
    assert!(why.contains("KT to K9"), "{why}");
}
