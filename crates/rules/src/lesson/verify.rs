//! The checks of `tabula verify` and the tests on a lesson: squares named are the game's,
//! every task fits its game and has a solution that does it, every foreseen wrong answer is
//! refused with the words it lists, and the replies of a line are played.

use super::format::{Part, Task};
use super::judge::named;
use super::{Lesson, LessonError, Step, Verdict};
use crate::scene::square_known;
use crate::{AnyGame, Game};

impl Lesson {
    /// Checks every step: its squares and arrows name squares of the game; each part's task
    /// fits the game and its position (the listed moves read and are legal, a square named is
    /// a square, a fence-race player races); its solution, hint and miss are written, and the
    /// solution does the task; each wrong answer is refused and told what it lists; the
    /// replies of a line are played after the solution.
    pub fn verify(&self) -> Result<(), LessonError> {
        for index in 0..self.steps.len() {
            self.verify_step(index)?;
        }
        Ok(())
    }

    fn verify_step(&self, index: usize) -> Result<(), LessonError> {
        let step = &self.steps[index];
        let fail = |field: &str, why: String| self.step_error(index, field, why);
        for (i, square) in step.squares.iter().enumerate() {
            self.check_square(square)
                .map_err(|why| fail(&format!("squares[{i}]"), why))?;
        }
        for (i, (from, to)) in step.arrows.iter().enumerate() {
            self.check_square(from)
                .and_then(|()| self.check_square(to))
                .map_err(|why| fail(&format!("arrows[{i}]"), why))?;
        }
        let mut game = step.start();
        let at = |k: usize, field: &str| match k {
            0 => field.to_string(),
            _ => format!("then[{}].{field}", k - 1),
        };
        for (k, part) in step.parts.iter().enumerate() {
            // The reply after this part first, so that a reply that cannot be played is
            // named as such rather than as a solution that does not lead on.
            let reply = step.parts.get(k + 1).map_or(&[][..], |p| &p.reply[..]);
            let mut after = game.clone();
            if after
                .play_texts(std::slice::from_ref(&part.solution))
                .is_ok()
            {
                for (i, text) in reply.iter().enumerate() {
                    after
                        .play_texts(std::slice::from_ref(text))
                        .map_err(|e| fail(&at(k + 1, &format!("reply[{i}]")), e.to_string()))?;
                }
            }
            self.verify_part(step, k, part, &game)
                .map_err(|(field, why)| fail(&at(k, &field), why))?;
            game = after;
        }
        Ok(())
    }

    /// Checks part `k` of `step` in `game`, where the player is to play it; an error names
    /// the part's field at fault.
    fn verify_part(
        &self,
        step: &Step,
        k: usize,
        part: &Part,
        game: &AnyGame,
    ) -> Result<(), (String, String)> {
        for (field, text) in [
            ("solution", &part.solution),
            ("hint", &part.hint),
            ("miss", &part.miss),
        ] {
            if text.trim().is_empty() {
                return Err((field.into(), "it is empty".into()));
            }
        }
        self.check_task(&part.task, game)
            .map_err(|why| ("task".to_string(), why))?;
        match step.judge_part(k, game, &part.solution) {
            Verdict::Solved => {}
            other => {
                let solution = &part.solution;
                let why = match other {
                    Verdict::NotTheTask { .. } => {
                        format!("{solution:?} does not do the task ({})", part.task)
                    }
                    other => format!("{solution:?} does not do the task: {other}"),
                };
                return Err(("solution".into(), why));
            }
        }
        for (i, wrong) in part.wrong.iter().enumerate() {
            let verdict = step.judge_part(k, game, &wrong.text);
            let why = match &verdict {
                Verdict::Solved => {
                    let why = format!("{:?} does the task, so it is not wrong", wrong.text);
                    return Err((format!("wrong[{i}].move"), why));
                }
                Verdict::Unreadable { why } => {
                    return Err((format!("wrong[{i}].move"), why.clone()));
                }
                Verdict::Illegal { why } | Verdict::NotTheTask { why } => why,
            };
            if !why.to_lowercase().contains(&wrong.says.to_lowercase()) {
                let why = format!(
                    "the player is told {why:?}, which does not say {:?}",
                    wrong.says
                );
                return Err((format!("wrong[{i}].says"), why));
            }
        }
        Ok(())
    }

    /// Whether `text` names a square of the lesson's game.
    fn check_square(&self, text: &str) -> Result<(), String> {
        if square_known(self.game, text) {
            Ok(())
        } else {
            Err(format!("{text:?} is not a square of {}", self.game.title()))
        }
    }

    /// Whether `task` fits the lesson's game and the position `game`.
    fn check_task(&self, task: &Task, game: &AnyGame) -> Result<(), String> {
        match task {
            Task::Moves(texts) if texts.is_empty() => Err("Moves lists no move".into()),
            Task::Moves(texts) => texts.iter().try_for_each(|text| {
                with_game!(game, g => crate::Game::parse_move(g, text)
                    .map(|_| ())
                    .map_err(|e| format!("the listed move {text:?}: {e}")))
            }),
            Task::CapturesAtLeast(0) | Task::Sinks(0) | Task::Attacks(0) => {
                Err("at least 0 is no task; ask for 1 or more".into())
            }
            Task::CapturesAtLeast(_) | Task::Sinks(_) | Task::Attacks(_) => Ok(()),
            Task::Reaches(square) => self.check_square(square),
            Task::Wins => Ok(()),
            Task::LengthensBy { n: 0, .. } => {
                Err("lengthening by 0 is no task; ask for 1 or more".into())
            }
            Task::LengthensBy { player, .. } => with_game!(game, g => match named(g, player) {
                None => Err(format!("{player:?} is not a player here")),
                Some(p) if g.distance_to_goal(&p).is_none() => Err(format!(
                    "{player}'s way to the goal is not measured here (LengthensBy asks for \
                     a race home with a way open)"
                )),
                Some(_) => Ok(()),
            }),
            Task::All(tasks) if tasks.is_empty() => Err("All lists no task".into()),
            Task::All(tasks) => tasks.iter().try_for_each(|t| self.check_task(t, game)),
        }
    }
}
