//! The spectator director, headless: through the whole Siege Gambit it keeps the camera
//! above the table and aimed at the board, moves in while pieces travel, and circles when
//! nothing moves.

use crate::root;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use std::time::Duration;
use tabula::games::tabletop::{OnTable, TableGame};
use tabula::table::rules::Intent;
use tabula::view::camera::{OrbitCamera, View};
use tabula::view::spectator::{FOCUS_LIMIT, Spectator};
use tabula_rules::Game;
use tabula_rules::war::War;

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
    TableGame::War(file.start_as::<tabula_rules::war::War>().unwrap()).install(&mut app, false);
    app.add_plugins(tabula::view::spectator::plugin);
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
            .resource::<tabula::table::game_match::Match<tabula_rules::war::War>>()
            .game
            .parse_move(text)
            .unwrap();
        app.world_mut().write_message(Intent::<War>::Play(mv));
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

#[test]
fn the_director_cuts_to_a_distant_shot_and_eases_to_a_near_one() {
    use tabula::view::spectator::{CUT_DISTANCE, direct};
    let cam = OrbitCamera {
        focus: Vec3::ZERO,
        yaw: 0.0,
        pitch: 0.8,
        distance: 15.0,
    };
    // Action far away, at a corner of the board: a cut, at once.
    let far = [Vec3::new(4.0, 0.3, 4.0), Vec3::new(4.4, 0.3, 4.4)];
    let next = direct(&cam, &far, 0.05);
    assert!(far[0].with_y(0.0).distance(Vec3::ZERO) > CUT_DISTANCE);
    assert!(
        next.focus.distance(Vec3::new(4.2, 0.0, 4.2)) < 0.01,
        "cut to {:?}",
        next.focus
    );
    // Action nearby: eased, a small step of the way.
    let near = [Vec3::new(1.0, 0.3, 0.0)];
    let next = direct(&cam, &near, 0.05);
    assert!(next.focus.x > 0.0 && next.focus.x < 0.2, "{:?}", next.focus);
}

#[test]
fn the_director_frames_a_travel_s_whole_path_ahead() {
    use tabula::table::motion::Travel;
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            50,
        )))
        .insert_resource(Spectator(true))
        .add_plugins((
            tabula::table::motion::plugin,
            tabula::view::spectator::plugin,
        ));
    let camera = app
        .world_mut()
        .spawn(OrbitCamera {
            focus: Vec3::ZERO,
            yaw: 0.0,
            pitch: 0.8,
            distance: 15.0,
        })
        .id();
    // A jump chain from the centre that will end far to the right: from its first frame
    // the camera turns toward where it is going, not only where the piece is.
    let path = vec![
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(2.0, 0.0, 0.0),
        Vec3::new(3.0, 0.0, 0.0),
    ];
    let piece = app
        .world_mut()
        .spawn((Transform::default(), Travel::new(Vec3::ZERO, path.clone())))
        .id();
    app.update();
    app.update();
    let travel = app.world().get::<Travel>(piece).unwrap();
    assert_eq!(travel.ahead(), &path[..]);
    let piece_x = app.world().get::<Transform>(piece).unwrap().translation.x;
    let focus = app.world().get::<OrbitCamera>(camera).unwrap().focus;
    assert!(focus.x > 0.0, "it moves toward the path: {focus:?}");
    // Eased toward the middle of the path (1.5 from the start), well ahead of the piece.
    let aim = direct_aim(&app, camera);
    assert!(
        aim > piece_x,
        "aim {aim} is ahead of the piece at {piece_x}"
    );
}

/// Where the director is heading: one long step of it from the camera now.
fn direct_aim(app: &App, camera: Entity) -> f32 {
    let cam = app.world().get::<OrbitCamera>(camera).unwrap();
    let mut q = app
        .world()
        .try_query::<(&Transform, &tabula::table::motion::Travel)>()
        .unwrap();
    let mut points = Vec::new();
    for (t, travel) in q.iter(app.world()) {
        points.push(t.translation);
        points.extend_from_slice(travel.ahead());
    }
    tabula::view::spectator::direct(cam, &points, 100.0).focus.x
}

/// V gives the camera back where the players left it, not where the director was.
#[test]
fn turning_the_director_off_gives_the_players_camera_back() {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )))
        .add_plugins(tabula::view::spectator::plugin);
    let mine = OrbitCamera::from_view(View::Top);
    let camera = app.world_mut().spawn(mine).id();
    app.update();
    app.world_mut().resource_mut::<Spectator>().0 = true;
    for _ in 0..20 {
        app.update();
    }
    let directed = *app.world().get::<OrbitCamera>(camera).unwrap();
    assert!(
        (directed.pitch - mine.pitch).abs() > 0.05 || (directed.yaw - mine.yaw).abs() > 0.05,
        "the director moved the camera"
    );
    app.world_mut().resource_mut::<Spectator>().0 = false;
    app.update();
    let back = app.world().get::<OrbitCamera>(camera).unwrap();
    assert_eq!(
        (back.focus, back.yaw, back.pitch, back.distance),
        (mine.focus, mine.yaw, mine.pitch, mine.distance)
    );
}
