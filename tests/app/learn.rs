//! Lessons on the table, headless: `tabula learn` opens a step; a wrong move is refused with
//! the rules' reason or the step's words and the position is set again; the right one ends
//! the step, a line's scripted reply enters through the match, and the step done is kept in
//! the player's progress file, read back on the next start; a corrupt progress file is kept
//! aside and said.

use crate::{app_with_data, data_dir, launch, play_through_door, run_menu};
use bevy::prelude::*;
use tabula::screens::learn::{Course, LessonCommand, Phase};
use tabula::state::Screen;
use tabula::table::game_match::Match;
use tabula::table::rules::{Intent, TableRules};
use tabula::user_data::UserData;
use tabula::user_data::progress::{FILE, Progress};
use tabula_rules::camelot::{Camelot, Move, Square, Step};
use tabula_rules::screwball::Screwball;

fn course(app: &App) -> &Course {
    app.world().resource::<Course>()
}

fn texts<G: TableRules>(app: &App) -> Vec<String> {
    app.world().resource::<Match<G>>().move_texts()
}

#[test]
fn a_step_refuses_wrong_moves_with_their_reason_and_keeps_the_right_one() {
    let dir = data_dir("learn", "judge");
    let mut app = app_with_data(&dir);
    launch(&mut app, &["learn", "camelot", "--step", "4"]);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Lesson
    );
    assert_eq!(course(&app).step().title, "The jump");

    // Illegal: the rules refuse it in the match, and the lesson says their reason.
    let step = |to| Move {
        from: Square::parse("B4").unwrap(),
        steps: tabula_rules::camelot::Path::one(Step::Plain, Square::parse(to).unwrap()),
    };
    app.world_mut()
        .write_message(Intent::<Camelot>::Play(step("B5")));
    for _ in 0..4 {
        app.update();
    }
    let said = &course(&app).said;
    assert!(
        said.is_error && said.text.contains("compulsory"),
        "{said:?}"
    );
    assert!(texts::<Camelot>(&app).is_empty(), "nothing was played");

    // Legal but not the task: the step's words, and the position set again.
    launch(&mut app, &["learn", "camelot", "--step", "2"]);
    assert_eq!(course(&app).step().title, "The canter");
    play_through_door::<Camelot>(&mut app, "E6-E7");
    let said = &course(&app).said;
    assert!(
        said.is_error && said.text.contains("plain step"),
        "{said:?}"
    );
    assert!(
        texts::<Camelot>(&app).is_empty(),
        "the step's position is set again: {:?}",
        texts::<Camelot>(&app)
    );
    assert_eq!(course(&app).phase, Phase::Playing);

    // The hint names the answer.
    app.world_mut()
        .write_message(tabula::table::commands::MatchCommand::Hint);
    app.update();
    assert!(
        course(&app).said.text.contains("E5"),
        "{:?}",
        course(&app).said
    );
    assert!(
        app.world()
            .get_resource::<tabula::table::computer::HintShown<Camelot>>()
            .is_some_and(|h| !h.points.is_empty()),
        "the answer's path is drawn"
    );

    // The right move ends the step, and the step is kept.
    play_through_door::<Camelot>(&mut app, "E5-E7");
    assert_eq!(course(&app).phase, Phase::Done, "{:?}", course(&app).said);
    assert_eq!(texts::<Camelot>(&app), vec!["E5-E7".to_string()]);
    let progress = app.world().resource::<Progress>();
    assert!(progress.is_done("camelot/first_steps", 2));
    assert_eq!(progress.done("camelot/first_steps"), 1);

    // Read back on the next start.
    let app = app_with_data(&dir);
    let progress = app.world().resource::<Progress>();
    assert!(progress.is_done("camelot/first_steps", 2), "{progress:?}");
    assert_eq!(progress.notice, None);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_line_plays_its_reply_through_the_match_then_asks_again_and_leaves() {
    let dir = data_dir("learn", "line");
    let mut app = app_with_data(&dir);
    launch(&mut app, &["learn", "screwball", "--step", "6"]);
    let step = course(&app).step().clone();
    assert!(step.parts.len() > 1 && !step.parts[1].reply.is_empty());
    let before = texts::<Screwball>(&app);
    play_through_door::<Screwball>(&mut app, &step.parts[0].solution);
    assert_eq!(
        course(&app).phase,
        Phase::Playing,
        "{:?}",
        course(&app).said
    );
    let after = texts::<Screwball>(&app);
    assert_eq!(
        after.len(),
        before.len() + 1 + step.parts[1].reply.len(),
        "the move and the reply stand: {after:?}"
    );
    play_through_door::<Screwball>(&mut app, &step.parts[1].solution);
    assert_eq!(course(&app).phase, Phase::Done, "{:?}", course(&app).said);
    assert!(
        app.world()
            .resource::<Progress>()
            .is_done("screwball/first_steps", 6)
    );

    // Next opens the step after; Leave goes back to the start screen's lessons.
    app.world_mut().write_message(LessonCommand::Next);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(course(&app).step().number, 7);
    app.world_mut().write_message(LessonCommand::Leave);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    let menu = app.world().resource::<tabula::screens::menu::Menu>();
    assert_eq!(menu.page, tabula::screens::menu::Page::Learn);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn progress_is_kept_and_a_corrupt_file_is_set_aside_and_said() {
    let dir = data_dir("learn", "corrupt");
    let data = UserData::at(&dir);
    let mut progress = Progress::load(&data);
    assert_eq!(progress, Progress::default(), "no file yet: nothing done");
    assert!(progress.mark_done(&data, "war/first_steps", 3));
    assert!(!progress.mark_done(&data, "war/first_steps", 3), "once");
    let back = Progress::load(&data);
    assert_eq!(back.record, progress.record);
    assert_eq!(back.first_open("war/first_steps", 11), 1);

    let file = dir.join(FILE);
    std::fs::write(&file, "(lessons: {\"war/first_steps\": [1, 2,\n oops").unwrap();
    let read = Progress::load(&data);
    assert_eq!(read.record, Default::default());
    let notice = read.notice.clone().expect("the player is told");
    assert!(
        notice.contains("progress.ron:2") && notice.contains(".bak"),
        "{notice}"
    );
    let kept = dir.join(format!("{FILE}.bak"));
    assert!(
        std::fs::read_to_string(&kept).unwrap().contains("oops"),
        "the corrupt file is kept as it was"
    );
    assert!(!file.exists(), "and not overwritten in place");
    let mut read = read;
    read.mark_done(&data, "camelot/first_steps", 1);
    assert!(std::fs::read_to_string(&kept).unwrap().contains("oops"));
    assert!(Progress::load(&data).is_done("camelot/first_steps", 1));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn learn_reads_back_on_the_command_line_and_refuses_a_step_past_the_end() {
    let launch = tabula::cli::parse_launch(&["learn".into(), "fences".into()]).unwrap();
    assert_eq!(launch.args(), vec!["learn", "fences"]);
    let start =
        tabula::cli::parse_launch(&["learn".into(), "war".into(), "--step".into(), "99".into()])
            .and_then(|l| tabula::screens::open::open(&l));
    let Err(e) = start else {
        panic!("step 99 opened")
    };
    assert!(e.contains("--step 99") && e.contains("steps (1 to"), "{e}");
}

/// Plays the solution of the part to play now, if the match on the table is of `G`.
fn play_solution<G: TableRules>(app: &mut App) -> bool {
    if app.world().get_resource::<Match<G>>().is_none() {
        return false;
    }
    let Some(part) = course(app).part().cloned() else {
        return false;
    };
    play_through_door::<G>(app, &part.solution);
    true
}

#[test]
fn every_step_of_every_shipped_lesson_is_solved_on_the_table() {
    let dir = data_dir("learn", "every");
    let mut app = app_with_data(&dir);
    let courses = app
        .world()
        .resource::<tabula::screens::learn::courses::Courses>()
        .clone();
    assert_eq!(courses.list.len(), tabula_rules::registry::GAMES.len());
    for info in &courses.list {
        for number in 1..=info.steps {
            let step = number.to_string();
            launch(&mut app, &["learn", info.game.name(), "--step", &step]);
            assert_eq!(course(&app).step().number, number);
            let parts = course(&app).step().parts.len();
            for _ in 0..parts {
                let mut played = false;
                tabula_rules::each_game!(G => {
                    played |= play_solution::<G>(&mut app);
                });
                assert!(played, "{} step {number}: nothing to play", info.title);
            }
            assert_eq!(
                course(&app).phase,
                Phase::Done,
                "{} step {number}: {:?}",
                info.title,
                course(&app).said
            );
        }
        let progress = app.world().resource::<Progress>();
        assert_eq!(progress.done(&info.key), info.steps, "{}", info.title);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_start_screen_opens_a_lesson_as_the_command_line_does() {
    use tabula::screens::menu::{MenuAction, Page};
    let (menu, asked) = run_menu(
        1,
        &[
            MenuAction::Page(Page::Learn),
            MenuAction::Learn(tabula_rules::registry::GameKind::Camelot, 3),
        ],
    );
    assert_eq!(menu.page, Page::Learn);
    assert_eq!(
        asked,
        Some(vec![
            "learn".to_string(),
            "camelot".into(),
            "--step".into(),
            "3".into()
        ])
    );
    let (menu, _) = run_menu(
        1,
        &[MenuAction::Page(Page::Learn), MenuAction::Page(Page::Main)],
    );
    assert_eq!(menu.page, Page::Main);
}

#[test]
fn nobody_resigns_in_a_lesson() {
    let dir = data_dir("learn", "resign");
    let mut app = app_with_data(&dir);
    app.init_resource::<ButtonInput<KeyCode>>();
    launch(&mut app, &["learn", "camelot", "--step", "2"]);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Lesson
    );
    for _ in 0..2 {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(tabula::table::resign::RESIGN_KEY);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(tabula::table::resign::RESIGN_KEY);
        keys.clear();
        app.update();
    }
    let m = app.world().resource::<Match<Camelot>>();
    assert!(!m.is_over(), "{}", m.status());
    assert!(!m.feedback.text.contains("resign"), "{}", m.feedback.text);
    assert!(tabula_rules::Game::resignations(&m.game).is_empty());
    std::fs::remove_dir_all(&dir).ok();
}
