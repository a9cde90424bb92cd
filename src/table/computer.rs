//! The computer at the table: a seat played by the engine (`tabula-ai`), and hints for the
//! players.
//!
//! A computer seat's search runs on Bevy's async compute pool, never on the main thread, so
//! the camera, hover and animations go on while it thinks. Its answer enters the match
//! through the same door as a click ([`Intent`]), and only in the position it was asked for:
//! a take-back, a new game, a loaded game or looking back changes the match's
//! [`Match::generation`], and a search for an older one is stopped and its answer dropped.
//! Leaving the table drops the search with the match ([`Thinking`] stops its search when
//! dropped). Its systems are in [`ThinkSet`], which a demonstration switches off.

use crate::table::commands::{Feedback, MatchCommand, MatchSet};
use crate::table::game_match::Match;
use crate::table::motion::Travel;
use crate::table::review::Review;
use crate::table::rules::{GameSystems, Intent, TableRules};
use crate::table::seats::Controller;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tabula_ai::search::NoDecision;
use tabula_ai::{Action, Analysis, Level};

/// How a computer's moves are paced, so that people can follow them.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Pace {
    /// A computer's move is played no sooner than this after its turn began.
    pub min_think: Duration,
    /// A computer's move waits until the pieces in motion have come to rest.
    pub wait_for_motion: bool,
}

impl Default for Pace {
    fn default() -> Self {
        Pace {
            min_think: Duration::from_millis(700),
            wait_for_motion: true,
        }
    }
}

impl Pace {
    /// No waiting at all (tests, and games played out headless).
    pub fn instant() -> Pace {
        Pace {
            min_think: Duration::ZERO,
            wait_for_motion: false,
        }
    }
}

/// The seed of the computer's searches: each run of the app plays differently; a test may
/// fix it to replay the same games.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThinkSeed(pub u64);

impl Default for ThinkSeed {
    fn default() -> Self {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        ThinkSeed(now ^ u64::from(std::process::id()).rotate_left(32))
    }
}

/// The level a hint searches at.
pub(crate) const HINT_LEVEL: Level = Level::Hard;

/// What a search is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The move of a computer seat.
    Move,
    /// A hint for a player at this screen.
    Hint,
}

/// A search under way for the match of `G`. Dropping it (the position changed, the table was
/// left) stops the search at once.
#[derive(Resource)]
pub struct Thinking<G: TableRules> {
    /// The position it searches ([`Match::generation`]).
    pub generation: u64,
    /// What it is for.
    pub purpose: Purpose,
    task: Option<Task<Result<Analysis<G::Move>, NoDecision>>>,
    answer: Option<Result<Analysis<G::Move>, NoDecision>>,
    stop: Arc<AtomicBool>,
    started: Duration,
}

impl<G: TableRules> Drop for Thinking<G> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The move shown as a hint, in the position it was found for.
#[derive(Resource, Debug, Clone)]
pub struct HintShown<G: TableRules> {
    /// The position ([`Match::generation`]); the hint goes when it changes.
    pub generation: u64,
    /// The move.
    pub mv: G::Move,
    /// The points it passes through on the table.
    pub points: Vec<Vec3>,
}

/// The computer's systems: a screen whose moves come from elsewhere (a demonstration's
/// scene) keeps them from running.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct ThinkSet;

/// The computer seats and hints of the game `G`, at the pace and seed shared by every game.
pub(crate) fn plugin<G: TableRules>(app: &mut App) {
    app.init_resource::<Pace>()
        .init_resource::<ThinkSeed>()
        .add_systems(
            Update,
            (ask_hint::<G>, drive::<G>)
                .chain()
                .before(MatchSet)
                .in_set(ThinkSet)
                .in_set(GameSystems(G::KIND)),
        );
}

/// Whether the computer may think about the position on the table now: play is live (no
/// earlier position looked at) and the game goes on.
fn may_think<G: TableRules>(m: &Match<G>, review: Option<&Review>) -> bool {
    !review.is_some_and(Review::active) && !m.is_over()
}

/// Starts a search of the position on the table.
fn start<G: TableRules>(
    m: &Match<G>,
    level: Level,
    purpose: Purpose,
    seed: u64,
    now: Duration,
) -> Thinking<G> {
    let players = m.game.players().len();
    let salt = (m.ply() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (purpose as u64);
    let mut settings =
        tabula_ai::levels::level_settings(G::KIND, players, level, None, seed ^ salt);
    let stop = Arc::new(AtomicBool::new(false));
    settings.stop = Some(stop.clone());
    let game = m.game.clone();
    let task = AsyncComputeTaskPool::get()
        .spawn(async move { tabula_ai::analyse(&game, &G::Knowledge::default(), &settings) });
    Thinking {
        generation: m.generation,
        purpose,
        task: Some(task),
        answer: None,
        stop,
        started: now,
    }
}

/// H or the HUD's Hint button: the engine looks for the move of the player to move.
#[allow(clippy::too_many_arguments)]
fn ask_hint<G: TableRules>(
    mut commands: Commands,
    mut asks: MessageReader<MatchCommand>,
    mut the_match: ResMut<Match<G>>,
    thinking: Option<Res<Thinking<G>>>,
    review: Option<Res<Review>>,
    seed: Res<ThinkSeed>,
    time: Res<Time>,
) {
    if !asks.read().any(|c| *c == MatchCommand::Hint) {
        return;
    }
    let m = &*the_match;
    let refusal = if m.is_over() {
        Some("No hint: the game is over")
    } else if !may_think(m, review.as_deref()) {
        Some("No hint while looking back: return to the present first (End)")
    } else if m.controller_to_move().is_computer() {
        Some("No hint: the computer is to move")
    } else if thinking.is_some_and(|t| t.generation == m.generation) {
        Some("Still looking for a hint...")
    } else {
        None
    };
    if let Some(why) = refusal {
        the_match.feedback = Feedback::error(why);
        return;
    }
    commands.insert_resource(start(m, HINT_LEVEL, Purpose::Hint, seed.0, time.elapsed()));
    the_match.feedback = Feedback::info("Looking for a hint...");
}

/// Starts the search of a computer seat whose turn it is, plays its answer when it comes (and
/// the pace allows), shows a hint's answer, and drops a search whose position has gone.
#[allow(clippy::too_many_arguments)]
fn drive<G: TableRules>(
    mut commands: Commands,
    mut the_match: ResMut<Match<G>>,
    thinking: Option<ResMut<Thinking<G>>>,
    review: Option<Res<Review>>,
    pace: Res<Pace>,
    seed: Res<ThinkSeed>,
    time: Res<Time>,
    moving: Query<(), With<Travel>>,
    mut intents: MessageWriter<Intent<G>>,
) {
    let live = may_think(&the_match, review.as_deref());
    let now = time.elapsed();
    let Some(mut thinking) = thinking else {
        if let (true, Controller::Computer(level)) = (live, the_match.controller_to_move()) {
            commands.insert_resource(start(&the_match, level, Purpose::Move, seed.0, now));
            the_match.thinking = true;
        }
        return;
    };
    if thinking.generation != the_match.generation || !live {
        commands.remove_resource::<Thinking<G>>();
        if the_match.thinking {
            the_match.thinking = false;
        }
        return;
    }
    if thinking.answer.is_none() {
        let Some(task) = thinking.task.as_mut() else {
            return;
        };
        let Some(answer) = bevy::tasks::futures::check_ready(task) else {
            return;
        };
        thinking.task = None;
        thinking.answer = Some(answer);
    }
    match thinking.purpose {
        Purpose::Hint => {
            commands.remove_resource::<Thinking<G>>();
            let m = &mut *the_match;
            match thinking.answer.take() {
                Some(Ok(analysis)) => match analysis.best {
                    Action::Play(mv) => {
                        let text = m.game.move_text(&mv);
                        let points = m.game.move_points(&mv);
                        m.feedback = Feedback::info(format!("Hint: {text}"));
                        commands.insert_resource(HintShown::<G> {
                            generation: m.generation,
                            mv,
                            points,
                        });
                    }
                    Action::Chance => {
                        m.feedback = Feedback::info(format!("Hint: {}", chance_advice(m)));
                    }
                },
                Some(Err(NoDecision::ChanceDue(_))) => {
                    m.feedback = Feedback::info(format!("Hint: {}", chance_advice(m)));
                }
                Some(Err(NoDecision::GameOver)) | None => {
                    m.feedback = Feedback::error("No hint: the game is over");
                }
            }
        }
        Purpose::Move => {
            let rested = !pace.wait_for_motion || moving.is_empty();
            if now.saturating_sub(thinking.started) < pace.min_think || !rested {
                return;
            }
            let intent = match thinking.answer.take() {
                Some(Ok(analysis)) => match analysis.best {
                    Action::Play(mv) => Some(Intent::Play(mv)),
                    Action::Chance => Some(Intent::Chance),
                },
                Some(Err(NoDecision::ChanceDue(_))) => Some(Intent::Chance),
                Some(Err(NoDecision::GameOver)) | None => None,
            };
            commands.remove_resource::<Thinking<G>>();
            the_match.thinking = false;
            if let Some(intent) = intent {
                intents.write(intent);
            }
        }
    }
}

/// What a hint says when the best thing to do is to let chance come.
fn chance_advice<G: TableRules>(m: &Match<G>) -> String {
    match m.game.confirm_label(m.legal(), m.can_confirm) {
        Some(label) => format!("{label} (Enter)"),
        None => "let chance decide (Enter)".into(),
    }
}
