//! The engine plays only legal moves: many short random positions of every game and mode,
//! each searched by the tree search and (for the two-player games without chance) by
//! alpha-beta, at a fixed budget and at the easy level.

use tabula_ai::knowledge::{
    Knowledge, camelot::CamelotKnowledge, fences::FencesKnowledge, screwball::ScrewballKnowledge,
    transport::TransportKnowledge, war::WarKnowledge,
};
use tabula_ai::levels::{Level, level_settings};
use tabula_ai::rng::Rng;
use tabula_ai::search::{Action, Algorithm, SearchGame, Settings, analyse, root_actions};
use tabula_rules::camelot::{Camelot, CamelotOptions, RuleSet};
use tabula_rules::fences::{Fences, FencesOptions};
use tabula_rules::scene::GameKind;
use tabula_rules::screwball::{Screwball, ScrewballOptions};
use tabula_rules::transport::{Mode, Transport, TransportOptions};
use tabula_rules::war::{War, WarOptions};

/// Plays up to `max_plies` random actions (chance inputs included) from the start.
fn random_position<G: SearchGame>(start: &G, rng: &mut Rng, max_plies: usize) -> G {
    let mut g = start.clone();
    let plies = rng.below(max_plies + 1);
    for _ in 0..plies {
        let actions = match root_actions(&g) {
            Ok(a) => a,
            Err(_) => match g.pending_chance() {
                Some(_) => {
                    tabula_ai::commands::resolve_chance(&mut g, rng);
                    continue;
                }
                None => break,
            },
        };
        tabula_ai::commands::apply_action(&mut g, &actions[rng.below(actions.len())], rng);
    }
    g
}

fn check_legal<G: SearchGame>(game: &G, action: &Action<G::Move>, what: &str) {
    match action {
        Action::Play(m) => {
            assert!(game.is_legal(m), "{what}: {m:?} is not legal");
            let mut g = game.clone();
            g.play(m).unwrap_or_else(|e| panic!("{what}: {e}"));
        }
        Action::Chance => assert!(game.pending_chance().is_some(), "{what}: no chance is due"),
    }
}

fn engine_is_legal<G: SearchGame, K: Knowledge<G>>(
    name: &str,
    kind: GameKind,
    start: &G,
    knowledge: &K,
    positions: usize,
    max_plies: usize,
    budgets: (u64, u64),
) {
    let mut rng = Rng::new(name.len() as u64);
    let two = start.players().len() == 2;
    let mut searched = 0;
    for i in 0..positions * 3 {
        if searched >= positions {
            break;
        }
        let game = random_position(start, &mut rng, max_plies);
        if root_actions(&game).is_err() {
            continue;
        }
        searched += 1;
        let what = format!("{name} position {i} (ply {})", game.ply());
        let mcts = analyse(
            &game,
            knowledge,
            &Settings::iterations(Algorithm::Mcts, budgets.1, i as u64),
        )
        .unwrap();
        check_legal(&game, &mcts.best, &format!("{what}, mcts"));
        if two && game.pending_chance().is_none() && knowledge.hash(&game).is_some() {
            let ab = analyse(
                &game,
                knowledge,
                &Settings::iterations(Algorithm::AlphaBeta, budgets.0, i as u64),
            )
            .unwrap();
            check_legal(&game, &ab.best, &format!("{what}, alpha-beta"));
        }
        let easy = level_settings(kind, start.players().len(), Level::Easy, None, i as u64);
        let a = analyse(&game, knowledge, &easy).unwrap();
        check_legal(&game, &a.best, &format!("{what}, easy"));
    }
    assert!(
        searched >= positions / 2,
        "{name}: too few positions to search"
    );
}

#[test]
fn war_moves_are_legal() {
    let start = War::new(WarOptions::default()).expect("valid options");
    engine_is_legal(
        "war",
        GameKind::War,
        &start,
        &WarKnowledge,
        25,
        80,
        (3_000, 300),
    );
}

#[test]
fn camelot_moves_are_legal() {
    for rules in [RuleSet::Wcf, RuleSet::Parker1930] {
        let start = Camelot::new(CamelotOptions {
            rules,
            ..CamelotOptions::default()
        })
        .unwrap();
        let name = format!("camelot {rules:?}");
        engine_is_legal(
            &name,
            GameKind::Camelot,
            &start,
            &CamelotKnowledge,
            20,
            80,
            (3_000, 300),
        );
    }
}

#[test]
fn screwball_moves_are_legal() {
    let start = Screwball::new(ScrewballOptions::default()).expect("the default options are valid");
    engine_is_legal(
        "screwball",
        GameKind::Screwball,
        &start,
        &ScrewballKnowledge,
        25,
        120,
        (3_000, 300),
    );
}

#[test]
fn transport_moves_are_legal() {
    for mode in [Mode::Two, Mode::Teams, Mode::Royal] {
        let start = Transport::new(TransportOptions {
            mode,
            ..TransportOptions::default()
        })
        .unwrap();
        let name = format!("transport {mode:?}");
        engine_is_legal(
            &name,
            GameKind::Transport,
            &start,
            &TransportKnowledge,
            8,
            120,
            (400, 60),
        );
    }
}

#[test]
fn fence_race_moves_are_legal() {
    for (players, chance_cards) in [(2, false), (3, false), (4, false), (2, true), (4, true)] {
        let start = Fences::new(FencesOptions {
            players,
            chance_cards,
            ..FencesOptions::default()
        })
        .unwrap();
        let name = format!("fences {players} players cards {chance_cards}");
        engine_is_legal(
            &name,
            GameKind::Fences,
            &start,
            &FencesKnowledge,
            10,
            60,
            (0, 60),
        );
    }
}
