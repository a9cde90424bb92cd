//! The review of a game: a move that lets the opponent win at once, where a win was there
//! to take, is a blunder with the win named as the better move; the winning reply earns no
//! mark; the marks' thresholds.

use tabula_ai::knowledge::camelot::CamelotKnowledge;
use tabula_ai::review::{Mark, expected_results, review_game};
use tabula_ai::search::{Algorithm, Settings};
use tabula_rules::Game;
use tabula_rules::camelot::{Camelot, CamelotOptions};

/// White has a man in Black's castle and another a step from its second square; Black the
/// same in White's castle: whoever moves into the castle's other square first wins.
fn race() -> Camelot {
    Camelot::from_setup_text(
        "White men: F16 G15 C5\nBlack men: F1 G2 L12\nWhite to move",
        CamelotOptions::default(),
    )
    .expect("a position")
}

fn settings() -> Settings {
    Settings::iterations(Algorithm::AlphaBeta, 20_000, 1)
}

#[test]
fn a_move_that_lets_the_win_go_and_loses_is_a_blunder() {
    let mut game = race();
    for text in ["C5-C6", "G2-G1"] {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play_effect(&mv).unwrap();
    }
    assert!(game.outcome().is_over(), "Black has two in White's castle");
    let reviews = review_game(&game, &CamelotKnowledge, &settings());
    assert_eq!(reviews.len(), 2);

    let blunder = &reviews[0];
    assert_eq!(blunder.ply, 0);
    assert_eq!(blunder.seat, 0, "White's");
    assert_eq!(blunder.mark, Some(Mark::Blunder), "{blunder:?}");
    assert!(blunder.loss > 0.8, "the game thrown away: {}", blunder.loss);
    let better = blunder.best.as_ref().map(|m| race().move_text(m));
    assert_eq!(better.as_deref(), Some("G15-G16"));
    assert!(
        blunder.values[0] > 0.9,
        "White stood to win: {:?}",
        blunder.values
    );

    let reply = &reviews[1];
    assert_eq!(reply.seat, 1);
    assert_eq!(reply.mark, None, "the winning reply: {reply:?}");
    assert!(reply.loss < 0.05);

    let over = expected_results(&game, &CamelotKnowledge, &settings()).unwrap();
    assert_eq!(over, vec![0.0, 1.0], "Black has won");
}

#[test]
fn marks_follow_the_loss() {
    assert_eq!(Mark::of_loss(0.0), None);
    assert_eq!(Mark::of_loss(0.069), None);
    assert_eq!(Mark::of_loss(0.07), Some(Mark::Inaccuracy));
    assert_eq!(Mark::of_loss(0.2), Some(Mark::Mistake));
    assert_eq!(Mark::of_loss(0.5), Some(Mark::Blunder));
    assert_eq!(Mark::Blunder.to_string(), "??");
    assert_eq!(Mark::Inaccuracy.symbol(), "?!");
}
