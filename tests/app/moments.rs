//! What moves did, told as moments for sound and captions: real moves of each game through
//! the rules crate, read back by the game's `TableRules::moments`.

use crate::root;
use tabula::table::moments::{Cue, Moment};
use tabula::table::rules::{Played, TableRules};
use tabula_rules::Game;
use tabula_rules::camelot::{Camelot, CamelotOptions, Step};
use tabula_rules::fences::{FenceMove, Fences, FencesOptions, Node, Slot, Space};
use tabula_rules::screwball::{Screwball, ScrewballOptions};
use tabula_rules::transport::{Transport, TransportOptions};
use tabula_rules::war::{War, WarOptions};

/// Plays `mv` on `game` and returns the moments the table reads from it.
fn play<G: TableRules>(game: &mut G, mv: &G::Move) -> Vec<Moment> {
    let player = game.to_move();
    let text = game.move_text(mv);
    let effect = game.play_effect(mv).expect("a legal move");
    game.moments(&Played {
        mv: mv.clone(),
        player,
        text,
        effect,
    })
}

fn cues(moments: &[Moment]) -> Vec<Cue> {
    moments.iter().map(|m| m.cue).collect()
}

fn caption(moments: &[Moment], cue: Cue) -> String {
    moments
        .iter()
        .find(|m| m.cue == cue)
        .and_then(|m| m.caption.clone())
        .unwrap_or_else(|| panic!("no caption for {cue:?} in {moments:?}"))
}

#[test]
fn a_game_of_war_capture_is_told() {
    let path = root().join("scenes/war/siege_gambit.ron");
    let moves = tabula_rules::scene::SceneFile::load(&path)
        .unwrap()
        .scene
        .moves;
    let mut game = War::new(WarOptions::default()).unwrap();
    for text in &moves[..17] {
        let mv = game.parse_move(text).unwrap();
        assert_eq!(
            cues(&play(&mut game, &mv)),
            [Cue::Place],
            "{text}: a quiet move"
        );
    }
    // Blue's ninth move takes a troop.
    let mv = game.parse_move(&moves[17]).unwrap();
    let moments = play(&mut game, &mv);
    assert_eq!(cues(&moments), [Cue::Place, Cue::Capture]);
    let told = caption(&moments, Cue::Capture);
    assert!(
        told.starts_with("Blue's ") && told.ends_with(" takes Red's troop"),
        "{told}"
    );
}

#[test]
fn a_camelot_knights_charge_and_a_jump_are_told_apart() {
    // White's knight on F6 canters over its man on F7 and jumps Black's man on F9.
    let setup = "White knights: F6\nWhite men: F7 E4\nBlack men: F9 H13\nWhite to move";
    let game = Camelot::from_setup_text(setup, CamelotOptions::default()).unwrap();
    let charge = game
        .legal_moves()
        .into_iter()
        .find(|m| {
            let legs: Vec<Step> = m.steps.iter().map(|s| s.0).collect();
            legs == [Step::Canter, Step::Jump]
        })
        .expect("the knight's charge is legal");
    let mut charged = game.clone();
    let moments = play(&mut charged, &charge);
    assert_eq!(cues(&moments), [Cue::Place, Cue::Charge]);
    assert_eq!(
        caption(&moments, Cue::Charge),
        "White's knight charges, taking Black's man"
    );

    // A man's plain jump is a capture, not a charge.
    let setup = "White men: F6 E4\nBlack men: F7 H13\nWhite to move";
    let mut game = Camelot::from_setup_text(setup, CamelotOptions::default()).unwrap();
    let jump = game
        .legal_moves()
        .into_iter()
        .find(|m| m.is_capture())
        .expect("the jump is compulsory and legal");
    assert_eq!(jump.steps[0].0, Step::Jump);
    let moments = play(&mut game, &jump);
    assert_eq!(cues(&moments), [Cue::Place, Cue::Capture]);
    assert_eq!(
        caption(&moments, Cue::Capture),
        "White's man jumps, taking Black's man"
    );
}

#[test]
fn the_fence_race_tells_fences_chance_and_a_pawn_home() {
    let game = Fences::new(FencesOptions::default()).unwrap();
    let mover = game.to_move();
    let opponent = *game.seats().iter().find(|s| **s != mover).unwrap();
    let pawn = game.pawn(opponent);
    let far = game.distance_home(pawn).unwrap();
    // Every relocation lifts and sets a fence; it cuts across exactly when it stands in
    // front of the opponent's pawn, across a step towards home, or makes his way longer.
    let Node::Space(at) = pawn else {
        panic!("the pawn starts on the field")
    };
    let (mut across, mut not_across) = (0, 0);
    for mv in game.legal_moves() {
        let FenceMove::Relocate { to, .. } = mv else {
            panic!("a fence move first: {mv:?}")
        };
        let beyond = match to {
            Slot(a, b) if a == at => Some(b),
            Slot(a, b) if b == at => Some(a),
            _ => None,
        };
        let in_front = beyond.is_some_and(|b| {
            let d = if game.board().in_home(b) {
                Some(0)
            } else {
                game.distance_home(Node::Space(b))
            };
            d == Some(far - 1)
        });
        let mut after = game.clone();
        let moments = play(&mut after, &mv);
        let longer = after.distance_home(pawn).is_none_or(|d| d > far);
        if in_front || longer {
            across += 1;
            assert_eq!(
                cues(&moments),
                [Cue::FenceLift, Cue::FenceSet, Cue::FenceAcross],
                "{mv:?}"
            );
            let told = caption(&moments, Cue::FenceAcross);
            assert!(
                told.starts_with(&format!(
                    "{mover}'s fence cuts across {opponent}'s way home"
                )),
                "{told}"
            );
        } else {
            not_across += 1;
            assert_eq!(cues(&moments), [Cue::FenceLift, Cue::FenceSet], "{mv:?}");
        }
    }
    assert!(
        across > 0 && not_across > 0,
        "{across} across, {not_across} not"
    );

    // The die.
    let mut game = game;
    let relocate = game.legal_moves()[0].clone();
    play(&mut game, &relocate);
    let throw = game.draw_chance().unwrap();
    let FenceMove::Throw(n) = throw else {
        panic!("a throw: {throw:?}")
    };
    let moments = play(&mut game, &throw);
    assert_eq!(cues(&moments), [Cue::DieRoll]);
    assert_eq!(
        caption(&moments, Cue::DieRoll),
        format!("{mover} throws {n}")
    );

    // A pawn one step from home throws a one and walks in: home, first, and the race won.
    let board = game.board();
    let next_to_home = (0..board.size())
        .flat_map(|x| (0..board.size()).map(move |y| Space { x, y }))
        .find(|s| board.is_space(*s) && game.distance_home(Node::Space(*s)) == Some(1))
        .expect("a space beside home");
    let setup = game
        .setup_text()
        .lines()
        .map(|line| {
            if line.starts_with(&format!("{mover} pawn")) {
                format!("{mover} pawn {next_to_home}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut game = Fences::from_setup_text(&setup, FencesOptions::default()).unwrap();
    let mut walked = None;
    for mv in game.legal_moves() {
        let mut trial = game.clone();
        trial.play(&mv).unwrap();
        if trial.play(&FenceMove::Throw(1)).is_ok()
            && trial.play(&FenceMove::Walk(Node::Home)).is_ok()
        {
            walked = Some(mv);
            break;
        }
    }
    let relocate = walked.expect("a fence move that leaves the way home open");
    play(&mut game, &relocate);
    play(&mut game, &FenceMove::Throw(1));
    let moments = play(&mut game, &FenceMove::Walk(Node::Home));
    assert_eq!(cues(&moments), [Cue::Place, Cue::PawnHome, Cue::Win]);
    assert_eq!(
        caption(&moments, Cue::PawnHome),
        format!("{mover}'s pawn is home, first")
    );
    assert_eq!(caption(&moments, Cue::Win), format!("{mover} wins"));
    assert!(matches!(
        game.history().last(),
        Some(FenceMove::Walk(Node::Home))
    ));
}

#[test]
fn a_screwball_attack_is_told_with_its_penalty_pieces() {
    let game = Screwball::from_setup_text(
        "Screws large: c5 a12\nBalls small: c3\nBalls large: e4\nScrews to move",
        ScrewballOptions::default(),
    )
    .unwrap();
    let mut game = game;
    let mv = game.parse_move("c5-d5+i1+l1").unwrap();
    let moments = play(&mut game, &mv);
    assert_eq!(cues(&moments), [Cue::Place, Cue::Attack]);
    assert_eq!(
        caption(&moments, Cue::Attack),
        "Screws attack Balls' two pieces: two penalty pieces are set, and Screws move again"
    );
}

#[test]
fn a_sunk_transport_is_told_and_wins() {
    let setup = "Fleet 1: T a1\n\
                 Fleet 1 missiles: plane e5 N\n\
                 Fleet 1 reserve: 0 planes, 0 shells, 0 torpedoes\n\
                 Fleet 2: T e7, D k11 moved\n\
                 Fleet 2 reserve: 0 planes, 0 shells, 0 torpedoes\n\
                 Fleet 1 to move";
    let mut game = Transport::from_setup_text(setup, TransportOptions::default()).unwrap();
    let mv = game.parse_move("advance plane e5-e7 N").unwrap();
    let moments = play(&mut game, &mv);
    assert_eq!(cues(&moments), [Cue::Place, Cue::Sinking, Cue::Win]);
    let told = caption(&moments, Cue::Sinking);
    assert!(
        told.starts_with("Fleet 1's plane sinks Fleet 2's transport"),
        "{told}"
    );
    assert_eq!(caption(&moments, Cue::Win), "Fleet 1 wins");
}

/// In live play the line under the status tells what a move did, in the captions'
/// words, for the player's own move and for the opponent's alike.
#[test]
fn live_play_tells_a_capture_and_an_attack() {
    use tabula::games::tabletop::{OnTable, TableGame};
    use tabula::table::game_match::Match;
    use tabula::table::rules::Intent;

    let moves = tabula_rules::scene::SceneFile::load(&root().join("scenes/war/siege_gambit.ron"))
        .unwrap()
        .scene
        .moves;
    let mut app = crate::headless(War::new(WarOptions::default()).unwrap());
    for text in &moves[..18] {
        crate::intent(&mut app, text);
    }
    let said = &app.world().resource::<Match<War>>().feedback;
    assert!(!said.is_error, "{said:?}");
    assert!(
        said.text.starts_with("Blue: ") && said.text.ends_with(" takes Red's troop."),
        "{said:?}"
    );

    let game = Screwball::from_setup_text(
        "Screws large: c5 a12\nBalls small: c3\nBalls large: e4\nScrews to move",
        ScrewballOptions::default(),
    )
    .unwrap();
    let mv = game.parse_move("c5-d5+i1+l1").unwrap();
    let mut app = bevy::prelude::App::new();
    app.add_plugins(bevy::prelude::MinimalPlugins);
    TableGame::Screwball(game).install(&mut app, false);
    app.update();
    app.world_mut().write_message(Intent::<Screwball>::Play(mv));
    app.update();
    let said = &app.world().resource::<Match<Screwball>>().feedback.text;
    assert!(
        said.contains(
            "Screws attack Balls' two pieces: two penalty pieces are set, and Screws move again."
        ),
        "{said}"
    );
}

/// The Game of War's move list names where a capture ends, though the book's notation (kept
/// in the save) does not.
#[test]
fn the_war_move_list_names_where_a_capture_ends() {
    use tabula::table::game_match::Match;
    let moves = tabula_rules::scene::SceneFile::load(&root().join("scenes/war/siege_gambit.ron"))
        .unwrap()
        .scene
        .moves;
    let mut app = crate::headless(War::new(WarOptions::default()).unwrap());
    for text in &moves[..25] {
        crate::intent(&mut app, text);
    }
    let m = app.world().resource::<Match<War>>();
    assert_eq!(m.move_texts()[24], "G takes H");
    let last = m.lines().last().unwrap().text.clone();
    assert!(last.contains("G takes H to "), "{last}");
}
