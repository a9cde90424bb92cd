//! Screwball on the table, headless: a step that attacks, with the attacker clicking where
//! each penalty piece goes; pieces, reserves and dead pieces following the rules state; a
//! player who cannot move entering a reserve piece; take back.

use crate::root;
use bevy::prelude::*;
use std::collections::BTreeSet;
use tabula::games::screwball::input::Entry;
use tabula::games::screwball::pieces::{Dead, Reserve, ScrewballPiece};
use tabula::games::tabletop::{OnTable, TableGame};
use tabula::table::commands::MatchCommand;
use tabula::table::game_match::Match;
use tabula::table::spots::SpotClicked;
use tabula_rules::Game;
use tabula_rules::screwball::{Board, Player, Screwball, ScrewballOptions, Size};

fn headless(game: Screwball) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    TableGame::Screwball(game).install(&mut app, false);
    app.update();
    app
}

fn the_match(app: &App) -> &Match<Screwball> {
    app.world().resource::<Match<Screwball>>()
}

fn click(app: &mut App, name: &str) {
    let id = Board::get().parse(name).unwrap();
    app.world_mut().write_message(SpotClicked::<Screwball>(id));
    app.update();
}

/// Pieces shown on the board, and counts of reserve and dead entities per player.
fn shown(app: &mut App) -> (BTreeSet<String>, [usize; 2], [usize; 2]) {
    let b = Board::get();
    let world = app.world_mut();
    let on = world
        .query::<&ScrewballPiece>()
        .iter(world)
        .map(|p| format!("{} {} {}", b.name(p.at), p.piece.owner, p.piece.size.word()))
        .collect();
    let mut reserve = [0; 2];
    for r in world.query::<&Reserve>().iter(world) {
        reserve[r.0.owner.index()] += 1;
    }
    let mut dead = [0; 2];
    for d in world.query::<&Dead>().iter(world) {
        dead[d.0.owner.index()] += 1;
    }
    (on, reserve, dead)
}

fn truth(app: &App) -> (BTreeSet<String>, [usize; 2], [usize; 2]) {
    let b = Board::get();
    let g = &the_match(app).game;
    let pos = g.position();
    let on = Player::ALL
        .iter()
        .flat_map(|p| pos.pieces_of(*p))
        .map(|(at, p)| format!("{} {} {}", b.name(at), p.owner, p.size.word()))
        .collect();
    let count = |f: &dyn Fn(Player, Size) -> u8| {
        Player::ALL.map(|p| usize::from(f(p, Size::Large) + f(p, Size::Small)))
    };
    (
        on,
        count(&|p, s| g.reserve(p, s)),
        count(&|p, s| pos.dead(p, s)),
    )
}

#[test]
fn an_attack_is_entered_with_its_penalty_squares_and_the_table_follows() {
    let game = Screwball::from_setup_text(
        "Screws large: c5 a12\nBalls small: c3\nBalls large: e4\nScrews to move",
        ScrewballOptions::default(),
    )
    .unwrap();
    let mut app = headless(game);
    assert_eq!(shown(&mut app), truth(&app));
    click(&mut app, "c5");
    assert!(the_match(&app).feedback.text.contains("1 square"));
    click(&mut app, "d5");
    assert_eq!(
        the_match(&app).game.ply(),
        0,
        "the penalty squares come first"
    );
    assert!(the_match(&app).feedback.text.contains("attacks 2 pieces"));
    // The small ball's penalty goes on c1 or i1: e2 is refused.
    click(&mut app, "e2");
    assert!(the_match(&app).feedback.is_error);
    click(&mut app, "i1");
    assert_eq!(app.world().resource::<Entry>().placements.len(), 1);
    click(&mut app, "l1");
    let m = the_match(&app);
    assert_eq!(m.texts.last().unwrap().1, "c5-d5+i1+l1");
    assert_eq!(m.game.to_move(), Player::Screws, "a bonus move");
    assert!(m.status().contains("again"));
    assert_eq!(shown(&mut app), truth(&app));
    assert_eq!(
        shown(&mut app).2,
        [0, 0],
        "the attacker waits on d5: its one step is held, which is not death"
    );

    // "He is entitled to another move": a right, which Enter declines.
    assert!(
        the_match(&app)
            .legal()
            .contains(&tabula_rules::screwball::Move::Pass)
    );
    assert!(the_match(&app).status().contains("Enter ends the turn"));
    command(&mut app, MatchCommand::Confirm);
    assert_eq!(the_match(&app).game.to_move(), Player::Balls);
    command(&mut app, MatchCommand::Undo);
    assert_eq!(the_match(&app).game.to_move(), Player::Screws);

    command(&mut app, MatchCommand::Undo);
    assert_eq!(the_match(&app).game.ply(), 0);
    assert_eq!(shown(&mut app), truth(&app));
}

fn command(app: &mut App, command: MatchCommand) {
    app.world_mut().write_message(command);
    app.update();
}

#[test]
fn a_player_who_cannot_move_enters_a_reserve_piece() {
    let game = Screwball::from_setup_text(
        "Screws large: a12\nBalls large: b12\nBalls small: k2\nScrews to move",
        // --place-anywhere: a piece may be entered where it can never move.
        ScrewballOptions {
            place_only_where_playable: false,
            ..ScrewballOptions::default()
        },
    )
    .unwrap();
    let mut app = headless(game);
    click(&mut app, "a12");
    assert!(the_match(&app).feedback.text.contains("cannot move"));
    click(&mut app, "e5");
    assert!(
        the_match(&app)
            .feedback
            .text
            .contains("enter a reserve piece")
    );
    click(&mut app, "g12");
    assert_eq!(the_match(&app).texts.last().unwrap().1, "@g12");
    // g12 is a square a large screw can never leave: the entered piece goes to the dead pile.
    assert_eq!(shown(&mut app), truth(&app));
    assert_eq!(shown(&mut app).2, [1, 0]);
}

#[test]
fn the_scene_is_shown_as_its_rules_state() {
    let path = root().join("scenes/screwball/bonus_chain.ron");
    let Ok(TableGame::Screwball(game)) = TableGame::load_scene(&path, None) else {
        panic!("a Screwball scene")
    };
    let mut app = headless(game);
    assert_eq!(the_match(&app).texts.len(), 16);
    assert_eq!(shown(&mut app), truth(&app));
    command(&mut app, MatchCommand::NewGame);
    assert_eq!(shown(&mut app), truth(&app));
    assert_eq!(the_match(&app).game.ply(), 0);
}
