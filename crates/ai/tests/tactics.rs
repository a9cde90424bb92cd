//! The engine finds a win in one and avoids a loss in one, in positions built from each
//! game's setup text: a Game of War citadel entry, a Camelot castle entry, a torpedo that
//! sinks the transport, a fence-race throw that reaches home, a Screwball attack that ends
//! the game, and the matching defences. Both searches are tried where both play the game,
//! and every level takes a win in one.

mod common;

use common::{assert_avoids_loss, assert_wins, engine_action, wins_at_once};
use tabula_ai::knowledge::{
    Knowledge, camelot::CamelotKnowledge, fences::FencesKnowledge, screwball::ScrewballKnowledge,
    transport::TransportKnowledge, war::WarKnowledge,
};
use tabula_ai::levels::{Level, level_settings};
use tabula_ai::search::{Action, Algorithm, SearchGame, analyse};
use tabula_rules::Game;
use tabula_rules::camelot::{Camelot, CamelotOptions};
use tabula_rules::fences::{FenceMove, Fences, FencesOptions, Node, Seat, Section, Slot, Space};
use tabula_rules::scene::GameKind;
use tabula_rules::screwball::{Screwball, ScrewballOptions};
use tabula_rules::transport::{Transport, TransportOptions};
use tabula_rules::war::{War, WarOptions};

const BOTH: [(Algorithm, u64); 2] = [(Algorithm::AlphaBeta, 20_000), (Algorithm::Mcts, 3_000)];

/// Every level takes the win in one.
fn levels_win<G: SearchGame, K: Knowledge<G>>(game: &G, knowledge: &K, kind: GameKind) {
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        for seed in 0..3 {
            let mut settings = level_settings(kind, game.players().len(), level, None, seed);
            settings.time = None;
            let a = analyse(game, knowledge, &settings).expect("a move");
            let Action::Play(mv) = a.best else {
                panic!("{kind} {level}: a move expected")
            };
            assert!(
                wins_at_once(game, &mv),
                "{kind} {level} seed {seed}: {} does not win",
                game.move_text(&mv)
            );
        }
    }
}

// The Game of War. Squares are counted from each side's own first rank.

#[test]
fn war_enters_the_citadel() {
    // Red's mortar on K5 runs up the open file into Blue's citadel (Red's K10), which no
    // Blue piece can reach; taking Blue's general on the same rank is the tempting miss.
    let game = War::from_setup_text(
        "Red: K at KM1, M at K5\nBlue: K at GM1, G at GH6\nRed to move",
        WarOptions::default(),
    )
    .unwrap();
    for (algorithm, budget) in BOTH {
        assert_wins(&game, &WarKnowledge, algorithm, budget, "War citadel entry");
    }
    levels_win(&game, &WarKnowledge, GameKind::War);
}

#[test]
fn war_guards_its_citadel() {
    // Blue's mortar on Blue's K5 (Red's K6) threatens to run down the file into Red's empty
    // citadel; Red's horse can block the file, or Red must otherwise stop it.
    let game = War::from_setup_text(
        "Red: K at GM1, H at KC3, T at GM4\nBlue: K at K1, M at K5\nRed to move",
        WarOptions::default(),
    )
    .unwrap();
    for (algorithm, budget) in BOTH {
        assert_avoids_loss(&game, &WarKnowledge, algorithm, budget, "War citadel guard");
    }
}

// Camelot, WCF rules.

#[test]
fn camelot_enters_the_castle() {
    // White has a man in Black's castle; a second one entering wins.
    let game = Camelot::from_setup_text(
        "White men: F15 G16 K8\nBlack men: A8 B8\nWhite to move",
        CamelotOptions::default(),
    )
    .unwrap();
    for (algorithm, budget) in BOTH {
        assert_wins(
            &game,
            &CamelotKnowledge,
            algorithm,
            budget,
            "Camelot castle entry",
        );
    }
    levels_win(&game, &CamelotKnowledge, GameKind::Camelot);
}

#[test]
fn camelot_stops_the_second_castle_entry() {
    // Black has a man in White's castle (F1) and another on H2, a step from G1. White must
    // capture: G2xI2 saves the game, taking the knight on K9 instead loses it (F2 stops
    // Black's man from jumping G2 first).
    let game = Camelot::from_setup_text(
        "White men: F2 G2 K8\nBlack men: F1 H2\nBlack knights: K9\nWhite to move",
        CamelotOptions::default(),
    )
    .unwrap();
    for (algorithm, budget) in BOTH {
        assert_avoids_loss(
            &game,
            &CamelotKnowledge,
            algorithm,
            budget,
            "Camelot castle guard",
        );
    }
}

// Transport, two fleets.

#[test]
fn transport_torpedo_sinks_the_transport() {
    // Fleet 1's destroyer on e5 launches a torpedo onto e6 (or d6, f6), which runs on to e7
    // and sinks Fleet 2's transport.
    let game = Transport::from_setup_text(
        "Mode: two\nFleet 1: T a1, D e5\nFleet 2: T e7, D k11\nFleet 1 to move",
        TransportOptions::default(),
    )
    .unwrap();
    for (algorithm, budget) in [(Algorithm::AlphaBeta, 3_000), (Algorithm::Mcts, 500)] {
        assert_wins(
            &game,
            &TransportKnowledge,
            algorithm,
            budget,
            "Transport torpedo",
        );
    }
    levels_win(&game, &TransportKnowledge, GameKind::Transport);
}

#[test]
fn transport_transport_runs_from_the_torpedo() {
    // Fleet 2's destroyer on e5 can torpedo anything within two squares; Fleet 1's
    // transport on e7 must step out of reach.
    let game = Transport::from_setup_text(
        "Mode: two\nFleet 1: T e7, D a1\nFleet 2: T k11, D e5\nFleet 1 to move",
        TransportOptions::default(),
    )
    .unwrap();
    for (algorithm, budget) in [(Algorithm::AlphaBeta, 3_000), (Algorithm::Mcts, 500)] {
        assert_avoids_loss(
            &game,
            &TransportKnowledge,
            algorithm,
            budget,
            "Transport escape",
        );
    }
}

// Screwball Checkers.

#[test]
fn screwball_attack_spends_the_last_reserve() {
    // Balls has one piece left in reserve: c5-d5 attacks e4, the penalty piece is Balls'
    // last, and Screws wins.
    let game = Screwball::from_setup_text(
        "Screws large: c5 a12\nBalls large: e4\nBalls dead: 16 large, 6 small\nScrews to move",
        ScrewballOptions::default(),
    )
    .unwrap();
    for (algorithm, budget) in BOTH {
        assert_wins(
            &game,
            &ScrewballKnowledge,
            algorithm,
            budget,
            "Screwball last attack",
        );
    }
    levels_win(&game, &ScrewballKnowledge, GameKind::Screwball);
}

#[test]
fn screwball_keeps_out_of_the_last_attack() {
    // The mirror image: Screws has one piece left in reserve and Balls' j8-i8 would attack
    // the Screws piece on h9.
    let game = Screwball::from_setup_text(
        "Screws large: h9 b12\nScrews dead: 15 large, 6 small\nBalls large: j8\nScrews to move",
        ScrewballOptions::default(),
    )
    .unwrap();
    for (algorithm, budget) in BOTH {
        assert_avoids_loss(
            &game,
            &ScrewballKnowledge,
            algorithm,
            budget,
            "Screwball defence",
        );
    }
}

// The fence race.

fn sp(text: &str) -> Space {
    Space::parse(text).unwrap()
}

fn slot(text: &str) -> Slot {
    Slot::parse(text).unwrap()
}

fn parked(seat: Section, col: &str) -> Vec<(Seat, Slot)> {
    (1..=6)
        .map(|r| (Seat(seat), slot(&format!("{col}{r}|{col}{}", r + 1))))
        .collect()
}

#[test]
fn fences_throw_reaches_home() {
    // Red's pawn on g3 is three steps from home (g4, g5, home); the die shows 3.
    let mut fences = parked(Section::South, "a");
    fences.extend(parked(Section::North, "m"));
    let mut game = Fences::with_layout(
        FencesOptions::default(),
        vec![Node::Space(sp("g3")), Node::Space(sp("a13"))],
        fences,
    )
    .unwrap();
    let relocate = game.parse_move("fence a6|a7 to b6|b7").unwrap();
    game.play(&relocate).unwrap();
    game.resolve_chance(3).unwrap();
    assert!(game.legal_moves().len() > 5, "many walks of three steps");
    for seed in 0..3 {
        let mv = match analyse(
            &game,
            &FencesKnowledge,
            &tabula_ai::Settings::iterations(Algorithm::Mcts, 300, seed),
        )
        .unwrap()
        .best
        {
            Action::Play(m) => m,
            Action::Chance => panic!("a walk expected"),
        };
        assert!(
            wins_at_once(&game, &mv),
            "{} does not reach home",
            game.move_text(&mv)
        );
    }
    levels_win(&game, &FencesKnowledge, GameKind::Fences);
}

#[test]
fn fences_shut_the_pawn_next_to_home() {
    // Green's pawn on g4 is two steps from home; three of Red's fences already close g4 on
    // the west, south and east. Red's relocation must close g4|g5, so that no throw takes
    // Green home (Green cannot move Red's fences).
    let mut fences: Vec<(Seat, Slot)> =
        ["f4|g4", "g3|g4", "g4|h4", "a10|a11", "a11|a12", "a12|a13"]
            .iter()
            .map(|s| (Seat(Section::South), slot(s)))
            .collect();
    fences.extend(parked(Section::North, "m"));
    let game = Fences::with_layout(
        FencesOptions::default(),
        vec![Node::Space(sp("a1")), Node::Space(sp("g4"))],
        fences,
    )
    .unwrap();
    let green = Seat(Section::North);
    assert_eq!(game.distance_home(game.pawn(green)), Some(2));
    for seed in 0..3 {
        let action = analyse(
            &game,
            &FencesKnowledge,
            &tabula_ai::Settings::iterations(Algorithm::Mcts, 400, seed),
        )
        .unwrap()
        .best;
        let Action::Play(mv) = action else {
            panic!("a fence move expected")
        };
        assert!(matches!(mv, FenceMove::Relocate { .. }));
        let mut after = game.clone();
        after.play(&mv).unwrap();
        assert_eq!(
            after.distance_home(after.pawn(green)),
            None,
            "seed {seed}: {} leaves Green a way home",
            game.move_text(&mv)
        );
    }
}

#[test]
fn fences_chance_card_or_throw_is_a_decision() {
    // With chance cards, the player chooses between the die and a card: both are actions.
    let mut game = Fences::new(FencesOptions {
        chance_cards: true,
        ..FencesOptions::default()
    })
    .unwrap();
    let first = game.legal_moves()[0].clone();
    game.play(&first).unwrap();
    let action = engine_action(&game, &FencesKnowledge, Algorithm::Mcts, 300);
    match action {
        Action::Chance => assert!(game.pending_chance().is_some()),
        Action::Play(m) => assert_eq!(m, FenceMove::Draw),
    }
}
