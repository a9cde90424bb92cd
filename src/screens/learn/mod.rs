//! Learning a game: a lesson's steps, one at a time, on the table. A step's position is set
//! on the table as any game is, and the player's move enters through the same door as every
//! other ([`Intent`], checked by the rules in the match); the lesson only judges what was
//! played ([`tabula_rules::lesson::Step::judge`]): a wrong move is told why and the position
//! is set again, a right one is answered with the step's scripted reply, or ends the step,
//! which is kept in the player's progress ([`Progress`]).
//!
//! Moving between steps opens the screen again on the step asked for ([`LearnLaunch`]), so
//! that a step with rules options of its own gets its own board.

pub mod courses;
pub(crate) mod view;

use crate::games::tabletop::TableGame;
use crate::screens::exercise::{Seen, play_replies, seen, set_position, show_hint, view_of_mover};
use crate::screens::launch::{Launch, LaunchRequest, LearnLaunch};
use crate::screens::menu::{Menu, Page};
use crate::screens::open::{Start, Viewing};
use crate::table::commands::{Feedback, Leave, LeaveTable, MatchCommand, MatchSet, Tell};
use crate::table::computer::ThinkSet;
use crate::table::game_match::Match;
use crate::table::rules::{GameSystems, Intent, TableRules};
use crate::user_data::UserData;
use crate::user_data::progress::Progress;
use bevy::prelude::*;
use courses::{Courses, lesson_key, load_course};
use tabula_rules::AnyGame;
use tabula_rules::lesson::{Lesson, Part, Step};

/// Where the player stands in a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The player is to move.
    Playing,
    /// The step's reply is being played; the player moves again once this many moves stand.
    Replying {
        /// Moves on the table once the reply is in.
        until: usize,
    },
    /// The step is done.
    Done,
}

/// A lesson on the table: the lesson, the step shown, and where the player stands in it.
#[derive(Resource, Debug, Clone)]
pub struct Course {
    /// The lesson.
    pub lesson: Lesson,
    /// Its key in the player's progress.
    pub key: String,
    /// The step shown (0-based).
    pub index: usize,
    /// Where the player stands.
    pub phase: Phase,
    /// The lesson's last word to the player: a refusal and why, a step done.
    pub said: Feedback,
    /// The game where the player is to move now (or where the step ended).
    expected: AnyGame,
    /// The moves on the table in that game, once the table has been seen.
    expected_texts: Option<Vec<String>>,
    /// Esc was pressed once: a second press leaves.
    pub(crate) leave_asked: bool,
}

impl Course {
    /// The lesson at step `index` (0-based), from the step's start.
    pub fn new(lesson: Lesson, index: usize) -> Course {
        let index = index.min(lesson.steps.len().saturating_sub(1));
        let expected = lesson.steps[index].start();
        Course {
            key: lesson_key(&lesson),
            lesson,
            index,
            phase: Phase::Playing,
            said: Feedback::default(),
            expected,
            expected_texts: None,
            leave_asked: false,
        }
    }

    /// The step shown.
    pub fn step(&self) -> &Step {
        &self.lesson.steps[self.index]
    }

    /// The part of the step the player is to play now; none once the step is done.
    pub fn part(&self) -> Option<&Part> {
        match self.phase {
            Phase::Done => None,
            _ => self.step().part(&self.expected),
        }
    }

    /// What a later part of the step's line says before the player's next move.
    pub fn part_words(&self) -> Option<&str> {
        let i = self.step().part_index(&self.expected)?;
        match self.phase {
            Phase::Playing if i > 0 => self.step().parts[i].text.as_deref(),
            _ => None,
        }
    }

    /// Whether this is the lesson's last step.
    pub fn is_last(&self) -> bool {
        self.index + 1 >= self.lesson.steps.len()
    }

    /// The game shown at the step's start.
    fn start(&self) -> AnyGame {
        self.step().start()
    }

    /// Sets the step again from its start.
    fn again(&mut self, commands: &mut Commands) {
        self.expected = self.start();
        self.expected_texts = None;
        self.phase = Phase::Playing;
        self.said = Feedback::info("The step is set again.");
        set_position(commands, &self.expected, self.said.clone());
    }
}

/// What the player asks of the lesson (from its panel's buttons and keys, or from tests).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LessonCommand {
    /// The next step (after the last, the next game's course).
    Next,
    /// The step before.
    Previous,
    /// This step again, from its start.
    Again,
    /// The next game's course.
    NextCourse,
    /// Back to the start screen's lessons.
    Leave,
}

/// The screen that `learn` opens: the lesson of its game at its step, set on the table, the
/// camera behind the player to move. A step past the lesson's last is refused, naming the
/// range.
// Called once per screen change: the size of what it hands back costs nothing.
#[allow(clippy::result_large_err)]
pub(crate) fn learn_start(learn: &LearnLaunch) -> Result<Start, String> {
    let lesson = load_course(learn.game)?;
    let n = lesson.steps.len();
    if !(1..=n).contains(&learn.step) {
        return Err(format!(
            "--step {}: {} has {n} steps (1 to {n})",
            learn.step,
            lesson.path.display()
        ));
    }
    let course = Course::new(lesson, learn.step - 1);
    let table: TableGame = course.start();
    let view = view_of_mover(&table);
    Ok(Start::Table(
        table,
        Viewing {
            view,
            lesson: Some(course),
            ..Viewing::default()
        },
    ))
}

/// The lesson's logic (enough for headless tests): its commands, and the judge of every
/// game's moves while a lesson is on. Meanwhile the computer does not think: the hint is
/// the lesson's.
pub fn plugin(app: &mut App) {
    app.add_message::<LessonCommand>()
        .init_resource::<LaunchRequest>()
        .init_resource::<Courses>()
        .configure_sets(Update, ThinkSet.run_if(not(resource_exists::<Course>)))
        .add_systems(
            Update,
            navigate.after(MatchSet).run_if(resource_exists::<Course>),
        );
    tabula_rules::each_game!(G => {
        app.add_systems(
            Update,
            follow::<G>
                .after(MatchSet)
                .before(navigate)
                .in_set(GameSystems(G::KIND))
                .run_if(resource_exists::<Course>)
                .run_if(resource_exists::<Match<G>>),
        );
    });
}

/// Follows the match of `G` in a step: judges the player's move, plays the step's reply,
/// sets the position again after a wrong move, answers a hint and keeps a step done.
#[allow(clippy::too_many_arguments)]
fn follow<G: TableRules>(
    mut commands: Commands,
    mut course: ResMut<Course>,
    mut the_match: ResMut<Match<G>>,
    mut intents: MessageReader<Intent<G>>,
    mut asks: MessageReader<MatchCommand>,
    progress: Option<ResMut<Progress>>,
    data: Option<Res<UserData>>,
) where
    AnyGame: From<G>,
{
    let asked: Vec<G::Move> = intents
        .read()
        .filter_map(|i| match i {
            Intent::Play(mv) => Some(mv.clone()),
            _ => None,
        })
        .collect();
    let hint = asks.read().any(|c| *c == MatchCommand::Hint);
    let texts = the_match.move_texts();
    let Some(expected) = course.expected_texts.clone() else {
        course.expected_texts = Some(texts);
        return;
    };
    match course.phase {
        Phase::Replying { until } => {
            if texts.len() >= until {
                course.expected = AnyGame::from(the_match.game.clone());
                course.expected_texts = Some(texts);
                course.phase = Phase::Playing;
                course.said = Feedback::info("Right. Your move again.");
                the_match.feedback = course.said.clone();
            }
            return;
        }
        Phase::Done => {
            if texts != expected {
                let said = Feedback::info("This step is done: Next (PageDown) goes on.");
                set_position(&mut commands, &course.expected, said);
            }
            return;
        }
        Phase::Playing => {}
    }
    let played = match seen(&expected, &texts) {
        Seen::Expected => {
            if let Some(mv) = asked.last() {
                // The rules refused it in the match: the lesson says why, in its own words.
                let verdict = course.step().judge_move(&the_match.game, mv);
                if let Some(why) = verdict.why() {
                    course.said = Feedback::error(format!("Not allowed: {why}."));
                    the_match.feedback = course.said.clone();
                }
            } else if hint && let Some(part) = course.part() {
                let said = Feedback::info(format!("Hint: {}", part.hint));
                let answer = part.solution.clone();
                course.said = show_hint(&mut commands, &mut the_match, &answer, said);
            }
            return;
        }
        Seen::Elsewhere => {
            // Taken back or started anew: the step's position comes back.
            let said = Feedback::info("The step's position is set again.");
            set_position(&mut commands, &course.expected, said);
            return;
        }
        Seen::Played(text) => text,
    };
    let verdict = course.step().judge(&course.expected, &played);
    if let Some(why) = verdict.why() {
        course.said = Feedback::error(format!("Not this time: {why}"));
        set_position(&mut commands, &course.expected, course.said.clone());
        return;
    }
    let now = course.step().part_index(&course.expected).unwrap_or(0);
    match course.step().parts.get(now + 1).cloned() {
        Some(next) => {
            play_replies(&mut commands, &the_match.game, &next.reply);
            course.said = Feedback::info("Right.");
            the_match.feedback = course.said.clone();
            course.phase = Phase::Replying {
                until: texts.len() + next.reply.len(),
            };
        }
        None => {
            course.expected = AnyGame::from(the_match.game.clone());
            course.expected_texts = Some(texts);
            course.phase = Phase::Done;
            course.said = Feedback::info(if course.is_last() {
                "Well done: that was the lesson's last step."
            } else {
                "Well done. Next (PageDown) goes on."
            });
            the_match.feedback = course.said.clone();
            let number = course.step().number;
            if let (Some(mut progress), Some(data)) = (progress, data) {
                progress.mark_done(&data, &course.key, number);
            }
        }
    }
}

/// The lesson's commands: another step or course (the screen opens again on it), the step
/// again, or back to the start screen's lessons.
#[allow(clippy::too_many_arguments)]
fn navigate(
    mut commands: Commands,
    mut asks: MessageReader<LessonCommand>,
    mut leaving: MessageReader<Leave>,
    mut course: ResMut<Course>,
    courses: Res<Courses>,
    progress: Option<Res<Progress>>,
    mut launch: ResMut<LaunchRequest>,
    mut left: MessageWriter<LeaveTable>,
    mut tell: MessageWriter<Tell>,
    menu: Option<ResMut<Menu>>,
) {
    // The table's Menu button and F10 leave a lesson at once: nothing is lost.
    let menu_asked = leaving.read().any(|l| *l == Leave::Menu);
    let Some(ask) = asks
        .read()
        .last()
        .copied()
        .or(menu_asked.then_some(LessonCommand::Leave))
    else {
        return;
    };
    let game = course.lesson.game;
    let open = |game, step| Some(Launch::Learn(LearnLaunch { game, step }));
    match ask {
        LessonCommand::Next if !course.is_last() => launch.0 = open(game, course.index + 2),
        LessonCommand::Previous if course.index > 0 => launch.0 = open(game, course.index),
        LessonCommand::Previous => {
            course.said = Feedback::error("This is the first step.");
            tell.write(Tell(course.said.clone()));
        }
        LessonCommand::Again => course.again(&mut commands),
        LessonCommand::Next | LessonCommand::NextCourse => match courses.after(game) {
            Some(next) => {
                let step = progress.map_or(1, |p| p.first_open(&next.key, next.steps));
                launch.0 = open(next.game, step);
            }
            None => leave(&mut left, menu),
        },
        LessonCommand::Leave => leave(&mut left, menu),
    }
}

/// Leaves for the start screen, showing its lessons.
fn leave(left: &mut MessageWriter<LeaveTable>, menu: Option<ResMut<Menu>>) {
    if let Some(mut menu) = menu {
        menu.page = Page::Learn;
    }
    left.write(LeaveTable::ForMenu);
}
