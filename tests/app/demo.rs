//! Demonstrations, headless: the Siege Gambit shown from its start, stepping and jumping,
//! following a printed variation and coming back, playing by itself to the end with its
//! variations, and handing over to the next scene of a playlist.

use crate::{root, shown, truth};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use std::time::Duration;
use tabula::games::tabletop::OnTable;
use tabula::screens::demo::{Demo, DemoCommand};
use tabula::screens::launch::LaunchRequest;
use tabula::table::game_match::Match;
use tabula_rules::Game;
use tabula_rules::war::War;

fn show(playlist: Vec<std::path::PathBuf>) -> App {
    let playlist = tabula::screens::demo::playlist::load_playlist(&playlist).unwrap();
    let (table, demo) = tabula::screens::demo::playlist::prepare(playlist, 0).unwrap();
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            250,
        )))
        .insert_resource(demo)
        .insert_resource(tabula::table::commands::Watching(Some(
            tabula::screens::demo::KEYS,
        )));
    table.install(&mut app, false);
    app.add_plugins(tabula::screens::demo::plugin);
    app.update();
    app
}

fn siege() -> std::path::PathBuf {
    root().join("scenes/war/siege_gambit.ron")
}

fn ply(app: &App) -> usize {
    app.world().resource::<Match<War>>().game.ply()
}

fn run(app: &mut App, frames: usize) {
    for _ in 0..frames {
        app.update();
    }
}

fn command(app: &mut App, c: DemoCommand) {
    app.world_mut().write_message(c);
    run(app, 40);
}

/// The Game of War after `moves`.
fn after(moves: &[String]) -> tabula_rules::war::Position {
    let mut game = tabula_rules::war::War::new(Default::default()).expect("the default options");
    for m in moves {
        let mv = game.parse_move(m).unwrap();
        game.play(&mv).unwrap();
    }
    game.position().clone()
}

#[test]
fn a_demonstration_steps_jumps_and_follows_a_variation() {
    let mut app = show(vec![siege()]);
    command(&mut app, DemoCommand::Toggle); // pause at the start
    assert_eq!(ply(&app), 0, "the show starts from the opening");
    let demo = app.world().resource::<Demo>().clone();
    assert!(!demo.playing);
    assert!(demo.caption_at(0).unwrap().contains("Siege Gambit"));
    let moves = demo.line();
    assert_eq!(moves.len(), 25);

    command(&mut app, DemoCommand::Jump(17));
    assert_eq!(ply(&app), 17);
    assert_eq!(
        app.world().resource::<Match<War>>().game.position(),
        &after(&moves[..17])
    );
    assert_eq!(shown(&mut app), truth(&app));
    let demo = app.world().resource::<Demo>();
    assert_eq!(demo.note_at(17).unwrap().squares, ["KF5"]);

    command(&mut app, DemoCommand::Back);
    assert_eq!(ply(&app), 16);
    command(&mut app, DemoCommand::Jump(21));
    assert_eq!(ply(&app), 21);
    assert_eq!(app.world().resource::<Demo>().variation_here(), Some(1));

    // The flying machine interposes: the variation's move instead of the book's.
    command(&mut app, DemoCommand::Variation(1));
    command(&mut app, DemoCommand::Forward);
    assert_eq!(ply(&app), 22);
    let mut line = moves[..21].to_vec();
    line.push("KF to K2".into());
    assert_eq!(
        app.world().resource::<Match<War>>().game.position(),
        &after(&line)
    );
    assert!(
        app.world()
            .resource::<Demo>()
            .caption_at(22)
            .unwrap()
            .contains("interposition")
    );
    assert_eq!(shown(&mut app), truth(&app));

    // Back to the main line where it branched, and on with the book's move.
    command(&mut app, DemoCommand::MainLine);
    assert_eq!(ply(&app), 21);
    command(&mut app, DemoCommand::Forward);
    assert_eq!(ply(&app), 22);
    assert_eq!(
        app.world().resource::<Match<War>>().game.position(),
        &after(&moves[..22])
    );
    command(&mut app, DemoCommand::Jump(25));
    assert!(
        app.world()
            .resource::<Match<War>>()
            .game
            .outcome()
            .is_over()
    );
}

#[test]
fn a_demonstration_plays_itself_to_the_end_with_its_variations() {
    let mut app = show(vec![siege()]);
    app.world_mut().write_message(DemoCommand::Speed(8.0));
    let mut variations_seen = Vec::new();
    for _ in 0..3000 {
        app.update();
        let demo = app.world().resource::<Demo>();
        if let Some(v) = demo.variation
            && !variations_seen.contains(&v)
        {
            variations_seen.push(v);
        }
        if !demo.playing {
            break;
        }
    }
    let demo = app.world().resource::<Demo>();
    assert!(!demo.playing, "the show stops at the end");
    assert_eq!(demo.variation, None);
    assert_eq!(ply(&app), 25);
    assert!(
        app.world()
            .resource::<Match<War>>()
            .game
            .outcome()
            .is_over()
    );
    assert_eq!(
        variations_seen,
        [0, 1],
        "both printed variations were shown"
    );
    assert_eq!(
        app.world().resource::<LaunchRequest>().0,
        None,
        "a single scene, no loop"
    );
}

#[test]
fn a_playlist_hands_over_to_its_next_scene() {
    let mut app = show(vec![siege(), root().join("scenes/camelot")]);
    let demo = app.world().resource::<Demo>().clone();
    let camelot = tabula::screens::demo::playlist::scene_files(&[root().join("scenes/camelot")]);
    assert_eq!(
        demo.playlist.len(),
        1 + camelot.len(),
        "a folder adds its scenes"
    );
    command(&mut app, DemoCommand::Next);
    // The screen it hands over to, as a command line the CLI reads back the same.
    let args = crate::requested(&app).unwrap();
    assert_eq!(&args[..3], ["demo", "--index", "1"]);
    assert!(args.iter().any(|a| a.ends_with("figure3_charges.ron")));
    // Past the end without --loop there is no next scene.
    app.world_mut().resource_mut::<LaunchRequest>().0 = None;
    command(&mut app, DemoCommand::Previous);
    assert_eq!(app.world().resource::<LaunchRequest>().0, None);
}

#[test]
fn a_bad_scene_in_a_playlist_is_named() {
    let dir = std::env::temp_dir().join(format!("tabula-demo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        "Scene(title: \"x\", game: War,\n moves: [\"GM to M2\"],\n notes: { 4: Note(caption: \"late\") })",
    )
    .unwrap();
    let e = tabula::screens::demo::playlist::load_playlist(&[siege(), bad]).unwrap_err();
    assert!(e.contains("bad.ron:3: note at move 4"), "{e}");
}

#[test]
fn every_shipped_scene_can_be_shown_to_its_end_and_back() {
    use tabula::table::report::HudState;
    for file in tabula::screens::demo::playlist::scene_files(&[root().join("scenes")]) {
        let mut app = show(vec![file.clone()]);
        command(&mut app, DemoCommand::Toggle);
        let len = app.world().resource::<Demo>().line().len();
        app.world_mut().write_message(DemoCommand::Jump(len));
        run(&mut app, 3 * len + 40);
        let shown_ply = |app: &App| {
            app.world()
                .resource::<HudState>()
                .moves
                .last()
                .map_or(0, |l| l.ply)
        };
        assert_eq!(shown_ply(&app), len, "{}: to the end", file.display());
        command(&mut app, DemoCommand::Jump(0));
        assert_eq!(shown_ply(&app), 0, "{}: back to the start", file.display());
        // Every variation can be followed and left again.
        let variations = app.world().resource::<Demo>().scene.scene.variations.len();
        for v in 0..variations {
            command(&mut app, DemoCommand::Variation(v));
            command(&mut app, DemoCommand::Forward);
            let from = app.world().resource::<Demo>().scene.scene.variations[v].from;
            assert_eq!(
                shown_ply(&app),
                from + 1,
                "{}: variation {v}",
                file.display()
            );
            command(&mut app, DemoCommand::MainLine);
            assert_eq!(
                shown_ply(&app),
                from,
                "{}: back from variation {v}",
                file.display()
            );
        }
    }
}

#[test]
fn a_race_with_chance_cards_plays_itself_past_each_draw() {
    // A draw brings its card with it: the show steps over both and goes on.
    let mut app = show(vec![root().join("scenes/fences/chance_cards_seed1.ron")]);
    app.world_mut().write_message(DemoCommand::Speed(8.0));
    let len = app.world().resource::<Demo>().line().len();
    let ply = |app: &App| {
        app.world()
            .resource::<Match<tabula_rules::fences::Fences>>()
            .ply()
    };
    for _ in 0..3000 {
        app.update();
        if ply(&app) == len {
            break;
        }
    }
    assert_eq!(ply(&app), len, "the race to its end");
    assert!(
        app.world()
            .resource::<Match<tabula_rules::fences::Fences>>()
            .game
            .outcome()
            .is_over()
    );
}
