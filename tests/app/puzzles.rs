//! Puzzles on the table, headless: `tabula puzzle war` opens Maxim's Problem I; the book's
//! line is played through the match's door, each reply entering the same way, and the
//! puzzle solved at the first try scores a point and a streak kept in the player's progress
//! file, read back on the next start; a wrong move is refused, the position set again and
//! the streak ended; the hint names and draws the line's move, and the puzzle then scores
//! nothing; the start screen's puzzles page opens a game's first puzzle not solved.

use crate::{app_with_data, data_dir, launch, play_through_door};
use bevy::prelude::*;
use tabula::screens::menu::{MenuAction, Page};
use tabula::screens::puzzles::{Drill, Phase, PuzzleCommand};
use tabula::state::Screen;
use tabula::table::game_match::Match;
use tabula::user_data::progress::Progress;
use tabula_rules::war::War;

fn drill(app: &App) -> &Drill {
    app.world().resource::<Drill>()
}

/// Plays Problem I's line (the Red moves; the replies enter by themselves) after a wrong
/// move or a hint: the puzzle is solved and scores nothing.
fn solve_scoring_nothing(app: &mut App) {
    for text in ["M to K2", "M to Citadel", "C takes K"] {
        play_through_door::<War>(app, text);
    }
    assert!(matches!(drill(app).phase, Phase::Solved { .. }));
    let record = &app.world().resource::<Progress>().record.puzzles;
    assert_eq!((record.score, record.streak), (0, 0));
}

fn texts(app: &App) -> Vec<String> {
    app.world().resource::<Match<War>>().move_texts()
}

#[test]
fn problem_i_solved_at_the_first_try_scores_and_is_kept() {
    let dir = data_dir("puzzles", "score");
    let mut app = app_with_data(&dir);
    launch(&mut app, &["puzzle", "war"]);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Puzzle
    );
    assert!(drill(&app).puzzle().title.starts_with("Problem I"));
    assert_eq!(drill(&app).puzzle().goal_text(), "Red to play and win");

    play_through_door::<War>(&mut app, "M to K2");
    assert_eq!(drill(&app).phase, Phase::Playing, "{:?}", drill(&app).said);
    assert_eq!(texts(&app), ["M to K2", "G to G3"], "the reply came in");
    play_through_door::<War>(&mut app, "M to Citadel");
    assert_eq!(texts(&app).len(), 4, "{:?}", texts(&app));
    play_through_door::<War>(&mut app, "C takes K");
    assert!(
        matches!(drill(&app).phase, Phase::Solved { .. }),
        "{:?}",
        drill(&app).said
    );
    let record = &app.world().resource::<Progress>().record.puzzles;
    assert_eq!((record.score, record.streak, record.best_streak), (1, 1, 1));
    assert!(record.solved.contains("war/maxim#1"), "{record:?}");

    // Read back on the next start.
    let app = app_with_data(&dir);
    let record = &app.world().resource::<Progress>().record.puzzles;
    assert_eq!(record.score, 1);
    assert_eq!(app.world().resource::<Progress>().notice, None);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_wrong_move_is_refused_the_position_set_again_and_the_streak_ended() {
    let dir = data_dir("puzzles", "wrong");
    let mut app = app_with_data(&dir);
    launch(&mut app, &["puzzle", "war"]);
    play_through_door::<War>(&mut app, "C takes K");
    let said = &drill(&app).said;
    assert!(
        said.is_error && said.text.contains("not the answer"),
        "{said:?}"
    );
    assert!(texts(&app).is_empty(), "set again: {:?}", texts(&app));
    assert!(drill(&app).missed);
    // Solved now, it scores nothing.
    solve_scoring_nothing(&mut app);
    let record = &app.world().resource::<Progress>().record.puzzles;
    assert_eq!(record.solved.len(), 1);

    // The next puzzle opens the screen again on it.
    app.world_mut().write_message(PuzzleCommand::Next);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(drill(&app).index, 1);
    assert_eq!(drill(&app).phase, Phase::Playing);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_start_screens_puzzles_page_opens_a_games_first_puzzle_not_solved() {
    let dir = data_dir("puzzles", "menu");
    let mut app = app_with_data(&dir);
    app.world_mut()
        .write_message(MenuAction::Page(Page::Puzzles));
    app.update();
    app.world_mut()
        .write_message(MenuAction::Puzzle(tabula_rules::GameKind::Camelot, 1));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Puzzle
    );
    assert_eq!(drill(&app).shelf.game, tabula_rules::GameKind::Camelot);
    assert!(drill(&app).count() >= 100);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_hint_names_and_draws_the_lines_move_and_the_puzzle_then_scores_nothing() {
    let dir = data_dir("puzzles", "hint");
    let mut app = app_with_data(&dir);
    launch(&mut app, &["puzzle", "war"]);
    app.world_mut()
        .write_message(tabula::table::commands::MatchCommand::Hint);
    app.update();
    let said = &drill(&app).said;
    assert!(
        said.text.contains("M to K2") && said.text.contains("scores nothing"),
        "{said:?}"
    );
    let shown = app
        .world()
        .get_resource::<tabula::table::computer::HintShown<War>>()
        .expect("the hint's move drawn on the board");
    assert!(!shown.points.is_empty());
    assert!(drill(&app).missed);
    // Solved after the hint, it scores nothing.
    solve_scoring_nothing(&mut app);
    std::fs::remove_dir_all(&dir).ok();
}
