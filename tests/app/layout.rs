//! The table's layout at three window sizes (1024 x 600, 1280 x 720, 1920 x 1080), laid out
//! by Bevy's UI with the 3D scene but no renderer: in each game at its start and part-way
//! through, in a demonstration with its subtitle up and under an exhibition's result card,
//! no two panels (the nodes marked `Panel`) overlap, none leaves the window, and none covers
//! a piece, each piece's place projected through the players' camera. The HUD is scaled
//! with the window (1.5 times at 1920 x 1080).

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{PrimaryWindow, WindowResized};
use std::time::Duration;
use tabula::table::game_match::Match;
use tabula::table::pieces::{BesideBoard, TablePiece};
use tabula::view::camera::OrbitCamera;
use tabula::view::layout::{Panel, node_rect};

/// The window sizes the layout is made for, smallest first.
const SIZES: [UVec2; 3] = [
    UVec2::new(1024, 600),
    UVec2::new(1280, 720),
    UVec2::new(1920, 1080),
];

/// Frames after a new size or screen: the layout, then the camera's framing, settle.
const SETTLE: usize = 8;

/// The whole app with its window's content (the HUD, the 3D table, every screen), a window
/// of the first size and no renderer, on the Game of War; a tenth of a second a frame.
fn app() -> App {
    // Straight onto the table: the start screen would draw its backdrop with a renderer.
    let mut app = crate::headless::whole_app(SIZES[0], &["play", "war"], "layout");
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    run(&mut app, 2);
    app
}

fn run(app: &mut App, frames: usize) {
    for _ in 0..frames {
        app.update();
    }
}

/// Sets the window to `size`, as the window system would tell it.
fn resize(app: &mut App, size: UVec2) {
    let mut q = app
        .world_mut()
        .query_filtered::<(Entity, &mut Window), With<PrimaryWindow>>();
    let (window, mut w) = q.single_mut(app.world_mut()).expect("the window");
    w.resolution.set(size.x as f32, size.y as f32);
    app.world_mut().write_message(WindowResized {
        window,
        width: size.x as f32,
        height: size.y as f32,
    });
    run(app, SETTLE);
}

/// The visible panels' rectangles, in pixels.
fn panels(app: &mut App) -> Vec<Rect> {
    let mut q = app
        .world_mut()
        .query_filtered::<(&ComputedNode, &UiGlobalTransform, &InheritedVisibility), With<Panel>>();
    let ui_scale = app.world().resource::<UiScale>().0;
    q.iter(app.world())
        .filter(|(node, _, visible)| visible.get() && !node.is_empty())
        .map(|(node, at, _)| node_rect(node, at, ui_scale))
        .collect()
}

/// Where each piece (and each reserve beside the board) stands in the window, through the
/// players' camera.
fn pieces(app: &mut App) -> Vec<Vec2> {
    let mut cameras = app
        .world_mut()
        .query_filtered::<(&Camera, &GlobalTransform), With<OrbitCamera>>();
    let cameras: Vec<(Camera, GlobalTransform)> = cameras
        .iter(app.world())
        .map(|(c, g)| (c.clone(), *g))
        .collect();
    let (camera, at) = cameras.first().expect("the players' camera").clone();
    let mut q = app
        .world_mut()
        .query_filtered::<(&GlobalTransform, &InheritedVisibility), Or<(With<TablePiece>, With<BesideBoard>)>>();
    q.iter(app.world())
        .filter(|(_, visible)| visible.get())
        .filter_map(|(g, _)| camera.world_to_viewport(&at, g.translation()).ok())
        .collect()
}

/// Checks the layout at every size: at least `expected` panels, none overlapping another,
/// inside the window, and clear of every piece.
fn check(app: &mut App, what: &str, expected: usize) {
    for size in SIZES {
        resize(app, size);
        let window = Rect::new(0.0, 0.0, size.x as f32, size.y as f32);
        let found = panels(app);
        // The spectator's director shoots close up: what it leaves out of the picture it
        // leaves out; whatever it shows, no panel covers.
        let close = app
            .world()
            .get_resource::<tabula::view::spectator::Spectator>()
            .is_some_and(|s| s.0);
        let all = pieces(app);
        let at: Vec<Vec2> = all
            .iter()
            .copied()
            .filter(|p| !close || window.contains(*p))
            .collect();
        let label = format!("{what} at {}x{}", size.x, size.y);
        // The HUD grows with the window: 1.5 times its own size at 1920 x 1080.
        let scale = app.world().resource::<UiScale>().0;
        let grown = tabula::view::ui_scale::window_factor(size.as_vec2());
        assert!(
            (scale - grown).abs() < 1e-4,
            "{label}: the HUD's scale {scale}"
        );
        assert!(
            found.len() >= expected,
            "{label}: {} panels found, {expected} expected: {found:?}",
            found.len()
        );
        assert!(!at.is_empty(), "{label}: no pieces seen");
        for (i, a) in found.iter().enumerate() {
            let inside = window.inflate(0.5);
            assert!(
                inside.contains(a.min) && inside.contains(a.max),
                "{label}: a panel leaves the window: {a:?}"
            );
            for b in &found[i + 1..] {
                let both = a.intersect(*b);
                assert!(
                    both.width() <= 0.5 || both.height() <= 0.5,
                    "{label}: panels {a:?} and {b:?} overlap"
                );
            }
            for p in &at {
                assert!(
                    !a.contains(*p),
                    "{label}: the panel {a:?} covers the piece at {p:?}"
                );
            }
        }
        for p in &at {
            assert!(
                window.contains(*p),
                "{label}: a piece at {p:?} is off-screen"
            );
        }
    }
}

/// Asks for `tabula ARGS`'s screen and lets it open.
fn open(app: &mut App, args: &[&str]) {
    crate::launch(app, args);
    run(app, SETTLE);
}

#[test]
fn panels_keep_clear_of_each_other_and_of_the_pieces_at_every_size() {
    let mut app = app();
    // Each game at its start and part-way through a shipped scene (the fence race with two
    // players and with four).
    let scenes = [
        ("war", "scenes/war/siege_gambit.ron", 12),
        ("camelot", "scenes/camelot/figure3_charges.ron", 4),
        ("transport", "scenes/transport/carrier_strike.ron", 6),
        ("fences", "scenes/fences/two_players_seed3.ron", 6),
        ("fences", "scenes/fences/four_players_seed5.ron", 8),
        ("screwball", "scenes/screwball/patent_example.ron", 6),
    ];
    for (game, scene, at) in scenes {
        open(&mut app, &["play", game]);
        check(&mut app, &format!("{game} at the start"), 4);
        let scene = crate::root().join(scene);
        let at = at.to_string();
        open(
            &mut app,
            &["play", "--scene", scene.to_str().unwrap(), "--at", &at],
        );
        check(&mut app, &format!("{game} after {at} moves"), 4);
    }

    // A demonstration, its first note's subtitle up.
    let siege = crate::root().join("scenes/war/siege_gambit.ron");
    open(&mut app, &["demo", siege.to_str().unwrap()]);
    app.world_mut()
        .write_message(tabula::screens::demo::DemoCommand::Toggle);
    run(&mut app, 2);
    check(&mut app, "a demonstration", 6);

    // An exhibition: a notable moment's caption, then the game ended and its result card in
    // place of the move list.
    open(
        &mut app,
        &["exhibit", "war", "--pause", "120", "--level", "easy"],
    );
    // The computers hold their next moves (a move arrives when its thread has thought, at
    // no set frame, and would set the spectator's camera gliding while the panels are
    // measured); the camera settles on the position as it stands.
    app.world_mut()
        .resource_mut::<tabula::table::computer::Pace>()
        .min_think = Duration::from_secs(3600);
    run(&mut app, SETTLE);
    let now = app.world().resource::<Time>().elapsed();
    app.world_mut()
        .resource_mut::<tabula::screens::exhibit::Exhibition>()
        .caption = Some((
        "Red's troop takes Blue's troop on KF5 and stands on its square, as a notable \
         moment's caption tells it under the board"
            .into(),
        now,
    ));
    run(&mut app, 1);
    check(&mut app, "an exhibition's caption", 5);
    app.world_mut()
        .resource_mut::<Match<tabula_rules::war::War>>()
        .ended = Some("a draw by agreement".into());
    run(&mut app, 2);
    let ended = app
        .world()
        .resource::<tabula::screens::exhibit::Exhibition>()
        .ended;
    assert!(ended.is_some(), "the exhibition's game is over");
    check(&mut app, "an exhibition's result card", 5);
}
