//! The tree search's solver checked on small Screwball positions: a win in one is proved
//! and searched no further, and moves that lose at once are proved lost.

use super::*;
use crate::knowledge::screwball::ScrewballKnowledge;
use crate::search::root_actions;
use tabula_rules::screwball::{Player, Screwball, ScrewballOptions};

fn screwball(setup: &str) -> Screwball {
    Screwball::from_setup_text(setup, ScrewballOptions::default()).expect("a setup")
}

fn grown<'a>(game: &Screwball, iterations: usize) -> Tree<'a, Screwball, ScrewballKnowledge> {
    let actions = root_actions(game).expect("a move");
    let mut tree = Tree::new(game, &ScrewballKnowledge, 5);
    assert!(tree.params.solver, "Screwball's search proves what it can");
    let mut probe = game.clone();
    for _ in 0..iterations {
        tree.iterate(&mut probe, &actions);
    }
    tree
}

#[test]
fn the_solver_proves_a_win_in_one_and_stops_searching() {
    // Balls has one piece left in reserve: c5-d5 attacks e4 and spends it.
    let game = screwball(
        "Screws large: c5 a12\nBalls large: e4\nBalls dead: 16 large, 6 small\nScrews to move",
    );
    let screws = Seats::of(&game).index(Player::Screws);
    let tree = grown(&game, 300);
    let root = tree.proven(0).expect("the root is proven");
    assert_eq!(root[screws], 1.0);
    // Once the root is proven no iteration plays a move: far fewer positions than
    // iterations were visited.
    assert!(tree.visited < 300, "{} positions", tree.visited);
    let settings = Settings::iterations(Algorithm::Mcts, 300, 5);
    let analysis = search(
        &game,
        &ScrewballKnowledge,
        &settings,
        root_actions(&game).unwrap(),
    );
    assert_eq!(analysis.root[0].value, 1.0);
    assert_eq!(analysis.values[screws], 1.0);
}

#[test]
fn the_solver_proves_the_moves_that_lose_at_once() {
    // Screws has one piece left in reserve and Balls' j8-i8 would attack h9.
    let game = screwball(
        "Screws large: h9 b12\nScrews dead: 15 large, 6 small\nBalls large: j8\nScrews to move",
    );
    let seats = Seats::of(&game);
    let screws = seats.index(Player::Screws);
    let tree = grown(&game, 2000);
    let (mut lost, mut open) = (0, 0);
    let mut c = tree.nodes[0].first_child;
    while c != NONE {
        let Edge::Move(m, _) = &tree.nodes[c as usize].edge else {
            unreachable!("root children are moves")
        };
        let mut probe = game.clone();
        probe.play_unchecked(m);
        if another_wins_next(&mut probe, &ScrewballKnowledge, &seats, Player::Screws) {
            let proven = tree.proven(c).expect("a move that loses at once is proven");
            assert_eq!(proven[screws], 0.0);
            lost += 1;
        } else {
            open += 1;
        }
        c = tree.nodes[c as usize].next_sibling;
    }
    assert!(lost > 0 && open > 0, "{lost} lost, {open} open");
}
