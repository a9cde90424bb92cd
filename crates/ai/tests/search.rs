//! The search's contract: the same seed and budget give the same move; a stop flag set
//! from another thread makes it return at once with a legal move; a time limit is kept;
//! teams share a result; the levels' choices stay close to the best.

#[allow(dead_code)]
mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tabula_ai::knowledge::{
    Knowledge, camelot::CamelotKnowledge, fences::FencesKnowledge, screwball::ScrewballKnowledge,
    transport::TransportKnowledge, war::WarKnowledge,
};
use tabula_ai::search::{Action, Algorithm, SearchGame, Settings, analyse};
use tabula_rules::Game;
use tabula_rules::camelot::{Camelot, CamelotOptions};
use tabula_rules::fences::{Fences, FencesOptions};
use tabula_rules::screwball::{Screwball, ScrewballOptions};
use tabula_rules::transport::{Mode, Transport, TransportOptions};
use tabula_rules::war::{War, WarOptions};

fn same_seed_same_move<G: SearchGame, K: Knowledge<G>>(
    game: &G,
    k: &K,
    algorithm: Algorithm,
    n: u64,
) where
    G::Move: std::fmt::Debug,
{
    for seed in [1, 2] {
        let settings = Settings::iterations(algorithm, n, seed);
        let a = analyse(game, k, &settings).unwrap();
        let b = analyse(game, k, &settings).unwrap();
        assert_eq!(a.best, b.best, "{algorithm} seed {seed}");
        assert_eq!(a.nodes, b.nodes, "{algorithm} seed {seed}");
        assert_eq!(a.pv, b.pv, "{algorithm} seed {seed}");
    }
}

#[test]
fn the_same_seed_and_budget_give_the_same_move() {
    let war = War::new(WarOptions::default()).expect("valid options");
    same_seed_same_move(&war, &WarKnowledge, Algorithm::AlphaBeta, 5_000);
    same_seed_same_move(&war, &WarKnowledge, Algorithm::Mcts, 500);
    let camelot = Camelot::new(CamelotOptions::default()).unwrap();
    same_seed_same_move(&camelot, &CamelotKnowledge, Algorithm::AlphaBeta, 5_000);
    same_seed_same_move(&camelot, &CamelotKnowledge, Algorithm::Mcts, 500);
    let screwball =
        Screwball::new(ScrewballOptions::default()).expect("the default options are valid");
    same_seed_same_move(&screwball, &ScrewballKnowledge, Algorithm::Mcts, 500);
    let transport = Transport::new(TransportOptions::default()).unwrap();
    same_seed_same_move(&transport, &TransportKnowledge, Algorithm::Mcts, 100);
    let fences = Fences::new(FencesOptions {
        players: 4,
        ..FencesOptions::default()
    })
    .unwrap();
    same_seed_same_move(&fences, &FencesKnowledge, Algorithm::Mcts, 200);
}

/// Starts a long search on another thread, stops it, and checks it answers promptly.
fn stops_at_once<G: SearchGame + 'static, K: Knowledge<G> + Copy + Send + 'static>(
    game: G,
    k: K,
    algorithm: Algorithm,
) {
    let flag = Arc::new(AtomicBool::new(false));
    let mut settings = Settings::time(algorithm, Duration::from_secs(60), 2, 3);
    settings.stop = Some(flag.clone());
    let probe = game.clone();
    let search = std::thread::spawn(move || analyse(&game, &k, &settings).unwrap());
    std::thread::sleep(Duration::from_millis(300));
    let stopped = Instant::now();
    flag.store(true, Ordering::Relaxed);
    let a = search.join().unwrap();
    let took = stopped.elapsed();
    assert!(
        took < Duration::from_millis(500),
        "{algorithm}: {took:?} to stop"
    );
    assert!(a.nodes > 0);
    match a.best {
        Action::Play(m) => assert!(probe.is_legal(&m)),
        Action::Chance => assert!(probe.pending_chance().is_some()),
    }
}

#[test]
fn a_search_stops_at_once_with_a_legal_move() {
    stops_at_once(
        War::new(WarOptions::default()).expect("valid options"),
        WarKnowledge,
        Algorithm::AlphaBeta,
    );
    stops_at_once(
        War::new(WarOptions::default()).expect("valid options"),
        WarKnowledge,
        Algorithm::Mcts,
    );
    stops_at_once(
        Transport::new(TransportOptions::default()).unwrap(),
        TransportKnowledge,
        Algorithm::AlphaBeta,
    );
    stops_at_once(
        Fences::new(FencesOptions::default()).unwrap(),
        FencesKnowledge,
        Algorithm::Mcts,
    );
}

#[test]
fn a_time_limit_is_kept() {
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Mcts] {
        let game = Camelot::new(CamelotOptions::default()).unwrap();
        let start = Instant::now();
        let settings = Settings::time(algorithm, Duration::from_millis(300), 2, 0);
        let a = analyse(&game, &CamelotKnowledge, &settings).unwrap();
        let took = start.elapsed();
        assert!(
            took >= Duration::from_millis(250) && took < Duration::from_millis(1500),
            "{algorithm}: {took:?}"
        );
        assert_eq!(a.threads, 2);
    }
}

#[test]
fn partners_share_the_team_win() {
    // Teams: fleets 1 and 3 against 2 and 4. Fleet 4 is already out; Fleet 1's torpedo
    // sinks Fleet 2's transport, and the team of fleets 1 and 3 wins.
    let game = Transport::from_setup_text(
        "Mode: teams\nFleet 1: T a1, D e5\nFleet 2: T e7, D k11\nFleet 3: T k1\nFleet 1 to move",
        TransportOptions {
            mode: Mode::Teams,
            ..TransportOptions::default()
        },
    )
    .unwrap();
    let a = analyse(
        &game,
        &TransportKnowledge,
        &Settings::iterations(Algorithm::Mcts, 500, 0),
    )
    .unwrap();
    let Action::Play(mv) = &a.best else {
        panic!("a move expected")
    };
    let mut after = game.clone();
    after.play(mv).unwrap();
    let players = game.players();
    assert!(common::has_won(&after, players[0]) && common::has_won(&after, players[2]));
    // Both partners expect the win.
    assert!(a.values[0] > 0.9 && a.values[2] > 0.9, "{:?}", a.values);
}

#[test]
fn human_choices_stay_close_to_the_best() {
    use tabula_ai::levels::{Level, level_settings};
    use tabula_rules::scene::GameKind;
    // From the War opening, the easy and medium levels vary their moves with the seed, and
    // never pick a move the search valued far below the best.
    let game = War::new(WarOptions::default()).expect("valid options");
    for level in [Level::Easy, Level::Medium] {
        let mut seen = Vec::new();
        for seed in 0..12 {
            let settings = level_settings(GameKind::War, 2, level, None, seed);
            let a = analyse(&game, &WarKnowledge, &settings).unwrap();
            let top = a.root.iter().map(|r| r.value).fold(0.0, f32::max);
            let chosen = a.root.iter().find(|r| r.action == a.best).unwrap();
            assert!(
                top - chosen.value <= 0.12 + 1e-6,
                "{level}: {} vs {top}",
                chosen.value
            );
            if !seen.contains(&a.best) {
                seen.push(a.best.clone());
            }
        }
        assert!(seen.len() > 1, "{level} always plays the same opening move");
    }
}
