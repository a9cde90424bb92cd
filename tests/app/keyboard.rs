//! Playing by keyboard alone, headless, in every game: Tab puts the cursor on a piece that
//! can move, Enter chooses it, the arrow keys walk the cursor to where it goes, Enter plays
//! it (Space confirms where the move asks for it); Esc drops the choice, then the cursor.

use bevy::prelude::*;
use tabula::games::tabletop::{OnTable, TableGame};
use tabula::table::cursor::{CursorMark, KeyCursor};
use tabula::table::game_match::Match;
use tabula::table::rules::TableRules;
use tabula::table::spots::BoardSpots;

fn headless(game: TableGame) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    app.init_resource::<ButtonInput<KeyCode>>();
    game.install(&mut app, false);
    app.update();
    app
}

/// Presses `key` for one frame, as a player would.
fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
    app.update();
}

fn the_match<G: TableRules>(app: &App) -> &Match<G> {
    app.world().resource::<Match<G>>()
}

fn cursor<G: BoardSpots>(app: &App) -> Option<G::Spot> {
    app.world().resource::<KeyCursor<G>>().spot
}

/// Walks the cursor to `target` with the arrow keys alone (without a camera, up is north).
fn walk_to<G: BoardSpots>(app: &mut App, target: G::Spot) {
    for _ in 0..80 {
        let here = cursor::<G>(app).expect("the cursor is shown");
        if here == target {
            return;
        }
        let game = &the_match::<G>(app).game;
        let from = game.spot_place(here).expect("the cursor is on the board");
        let to = game.spot_place(target).expect("the target is on the board");
        let d = to - from;
        let key = if d.x.abs() > d.z.abs() {
            if d.x > 0.0 {
                KeyCode::ArrowRight
            } else {
                KeyCode::ArrowLeft
            }
        } else if d.z < 0.0 {
            KeyCode::ArrowUp
        } else {
            KeyCode::ArrowDown
        };
        press(app, key);
        assert_ne!(cursor::<G>(app), Some(here), "{key:?} moves the cursor");
    }
    panic!("the arrows never reached {target:?}");
}

/// Tab to the first piece that can move, Enter, then for each of `path` the arrows and
/// Enter; Space if the move still waits for a confirmation. Returns whether a move was
/// played.
fn play_by_keys<G: BoardSpots>(app: &mut App, path: &[G::Spot]) -> bool {
    let ply = the_match::<G>(app).game.ply();
    press(app, KeyCode::Tab);
    assert!(app.world().resource::<CursorMark>().shown());
    assert!(
        the_match::<G>(app).feedback.text.starts_with("Cursor: "),
        "the status line names the spot: {}",
        the_match::<G>(app).feedback.text
    );
    press(app, KeyCode::Enter);
    for spot in path {
        walk_to::<G>(app, *spot);
        press(app, KeyCode::Enter);
    }
    if the_match::<G>(app).game.ply() == ply {
        press(app, KeyCode::Space);
    }
    the_match::<G>(app).game.ply() > ply
}

/// The first spot Tab goes to, as the game lists them.
fn first_movable<G: BoardSpots>(app: &App) -> G::Spot {
    let m = the_match::<G>(app);
    m.game.movable_spots(m.legal())[0]
}

#[test]
fn war_is_played_by_keys() {
    use tabula_rules::war::{Move, War};
    let mut app = headless(TableGame::War(
        War::new(Default::default()).expect("the standard game"),
    ));
    let tabula::games::war::pieces::Location::Board(origin) = first_movable::<War>(&app) else {
        panic!("a piece on the board moves first");
    };
    let to = the_match::<War>(&app)
        .legal()
        .iter()
        .find_map(|m| match m {
            Move::Step { from, to } if *from == origin => Some(*to),
            _ => None,
        })
        .expect("a step from the first movable piece");
    assert!(play_by_keys::<War>(
        &mut app,
        &[tabula::games::war::pieces::Location::Board(to)]
    ));
}

#[test]
fn camelot_is_played_by_keys() {
    use tabula_rules::camelot::Camelot;
    let mut app = headless(TableGame::Camelot(
        Camelot::new(Default::default()).expect("the standard game"),
    ));
    let origin = first_movable::<Camelot>(&app);
    let mv = the_match::<Camelot>(&app)
        .legal()
        .iter()
        .find(|m| m.from == origin && m.path().len() == 1)
        .cloned()
        .expect("a plain move from the first movable piece");
    assert!(play_by_keys::<Camelot>(&mut app, &mv.path()));
}

#[test]
fn screwball_is_played_by_keys() {
    use tabula_rules::screwball::{Move, Screwball};
    let mut app = headless(TableGame::Screwball(
        Screwball::new(Default::default()).expect("the standard game"),
    ));
    let origin = first_movable::<Screwball>(&app);
    let to = the_match::<Screwball>(&app)
        .legal()
        .iter()
        .find_map(|m| match m {
            Move::Step { from, to, .. } if *from == origin => Some(*to),
            _ => None,
        })
        .expect("a step from the first movable piece");
    assert!(play_by_keys::<Screwball>(&mut app, &[to]));
}

#[test]
fn the_fence_race_is_played_by_keys() {
    use tabula::games::fences::board::Spot;
    use tabula_rules::fences::{FenceMove, Fences};
    let mut app = headless(TableGame::Fences(
        Fences::new(Default::default()).expect("the standard game"),
    ));
    let Spot::Slot(origin) = first_movable::<Fences>(&app) else {
        panic!("a fence is moved first");
    };
    let to = the_match::<Fences>(&app)
        .legal()
        .iter()
        .find_map(|m| match m {
            FenceMove::Relocate { from, to } if *from == origin => Some(*to),
            _ => None,
        })
        .expect("a slot for the first fence");
    assert!(play_by_keys::<Fences>(&mut app, &[Spot::Slot(to)]));
}

#[test]
fn transport_is_played_by_keys() {
    use tabula::games::transport::input::TransportClick;
    use tabula_rules::transport::{Move, Transport};
    let mut app = headless(TableGame::Transport(
        Transport::new(Default::default()).expect("the standard game"),
    ));
    let TransportClick::Piece(piece) = first_movable::<Transport>(&app) else {
        panic!("Tab goes to a piece");
    };
    let to = the_match::<Transport>(&app)
        .legal()
        .iter()
        .find_map(|m| match m {
            Move::Main { kind, from, to } if *kind == piece.kind && from.0 == piece.at => {
                Some(to.0)
            }
            _ => None,
        })
        .expect("a move of the first movable piece");
    assert!(play_by_keys::<Transport>(
        &mut app,
        &[TransportClick::Square(to)]
    ));
}

#[test]
fn esc_drops_the_choice_then_the_cursor() {
    use tabula_rules::war::War;
    let mut app = headless(TableGame::War(
        War::new(Default::default()).expect("the standard game"),
    ));
    press(&mut app, KeyCode::Tab);
    let first = cursor::<War>(&app);
    press(&mut app, KeyCode::Tab);
    assert_ne!(cursor::<War>(&app), first, "Tab steps to the next piece");
    press(&mut app, KeyCode::Enter);
    let chosen = app
        .world()
        .resource::<tabula::games::war::input::Selection>()
        .origin;
    assert!(chosen.is_some(), "Enter chooses the piece under the cursor");
    press(&mut app, KeyCode::Escape);
    assert_eq!(
        *app.world()
            .resource::<tabula::games::war::input::Selection>(),
        Default::default()
    );
    assert!(app.world().resource::<CursorMark>().shown());
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<CursorMark>().shown());
    assert_eq!(cursor::<War>(&app), None);
}
