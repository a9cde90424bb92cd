//! The spectator director, headless: through the whole Siege Gambit it keeps the camera
//! above the table and aimed at the board, moves in while pieces travel, and circles when
//! nothing moves.

use crate::root;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use std::time::Duration;
use tabula::camera::{OrbitCamera, View};
use tabula::spectator::{FOCUS_LIMIT, Spectator};
use tabula::tabletop::TableGame;
use tabula::war_match::MoveIntent;
use tabula_rules::Game;

#[test]
fn the_director_keeps_the_camera_above_the_table_and_on_the_board() {
    let scene = root().join("scenes/war/siege_gambit.ron");
    let file = tabula_rules::scene::SceneFile::load(&scene).unwrap();
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )))
        .insert_resource(Spectator(true));
    TableGame::War(file.war_start().unwrap()).install(&mut app, false);
    app.add_plugins(tabula::spectator::plugin);
    let start = OrbitCamera::from_view(View::Red);
    let camera = app.world_mut().spawn(start).id();
    app.update();

    let check = |app: &App, when: &str| {
        let cam = app.world().get::<OrbitCamera>(camera).unwrap();
        let t = cam.transform();
        assert!(
            t.translation.y > 1.0,
            "{when}: the camera is above the table: {t:?}"
        );
        // The line of sight meets the table inside the board.
        let dir = t.forward();
        assert!(dir.y < 0.0, "{when}: it looks down");
        let hit = t.translation + dir * (-t.translation.y / dir.y);
        assert!(
            hit.x.abs() <= FOCUS_LIMIT + 0.5 && hit.z.abs() <= FOCUS_LIMIT + 0.5,
            "{when}: it aims at the board, not at {hit}"
        );
    };
    let mut focus_moved = false;
    for (i, text) in file.scene.moves.iter().enumerate() {
        let mv = app
            .world()
            .resource::<tabula::war_match::Match>()
            .game
            .parse_move(text)
            .unwrap();
        app.world_mut().write_message(MoveIntent(mv));
        for _ in 0..15 {
            app.update();
            check(&app, &format!("move {}", i + 1));
        }
        let cam = app.world().get::<OrbitCamera>(camera).unwrap();
        focus_moved |= cam.focus.distance(Vec3::ZERO) > 0.3;
    }
    assert!(focus_moved, "the camera moved in on the action");
    // Nothing moves now: it circles.
    let before = app.world().get::<OrbitCamera>(camera).unwrap().yaw;
    for _ in 0..50 {
        app.update();
        check(&app, "idle");
    }
    let after = app.world().get::<OrbitCamera>(camera).unwrap().yaw;
    assert!(
        after > before + 0.3,
        "it circles when nothing happens ({before} -> {after})"
    );
}
