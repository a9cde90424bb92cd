//! Looking back at an earlier position from the move list: the match is stepped back and
//! forward one take-back or redo at a time ([`Stepper`]), and play waits until the present
//! returns.

use crate::table::commands::{MatchCommand, MatchSet, Watching, not_watching};
use crate::table::report::{HudState, MoveLine};
use crate::table::save::Saveable;
use bevy::prelude::*;

/// Looking back at an earlier position from the move list. While `present` is set, the
/// board shows the position after `target` moves, moves cannot be made, and the present
/// comes back with a click on the last line, End, Esc or the button.
#[derive(Resource, Debug, Clone, Default)]
pub struct Review {
    /// The number of moves in the game when the review began.
    pub present: Option<usize>,
    /// The move list as it was then.
    pub lines: Vec<MoveLine>,
    /// The position looked at: moves played.
    pub target: usize,
    /// The step asked of the match.
    step: Stepper,
}

impl Review {
    /// Whether an earlier position is being looked at.
    pub fn active(&self) -> bool {
        self.present.is_some()
    }
}

/// Look at the position after this many moves (the present ends the review).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewTo(pub usize);

/// Whether play is live (no earlier position is being looked at, no demonstration shown):
/// the run condition of every game's input.
pub(crate) fn live(review: Option<Res<Review>>, watching: Option<Res<Watching>>) -> bool {
    watching.is_none_or(|w| w.0.is_none()) && review.is_none_or(|r| !r.active())
}

/// Walks a match toward a number of moves played, one take-back or redo at a time,
/// waiting for each to land before asking the next (a redo lands a frame or two later).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Stepper {
    /// The moves played when the last step was asked, and frames since.
    waiting: Option<(usize, u32)>,
    /// Whether the last step asked was forward (a redo).
    forward: bool,
}

/// What a [`Stepper`] says to do this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// The last step has not landed yet.
    Wait,
    /// The match would not take the last step, or took it past the target (a redo that
    /// brought the chance resolved with it, as a card after a draw).
    Stuck,
    /// At the target.
    There,
    /// Ask this of the match.
    Ask(MatchCommand),
}

/// Frames to wait for the match to take a step back or forward before giving up.
const STEP_PATIENCE: u32 = 30;

impl Stepper {
    /// The next step from `ply` moves played toward `target`.
    pub(crate) fn next(&mut self, ply: usize, target: usize) -> Step {
        if let Some((at, frames)) = self.waiting
            && at == ply
        {
            if frames < STEP_PATIENCE {
                self.waiting = Some((at, frames + 1));
                return Step::Wait;
            }
            self.waiting = None;
            return Step::Stuck;
        }
        let overshot = self.waiting.is_some() && self.forward && ply > target;
        self.waiting = None;
        if overshot {
            return Step::Stuck;
        }
        if ply == target {
            return Step::There;
        }
        self.waiting = Some((ply, 0));
        self.forward = ply < target;
        Step::Ask(if ply > target {
            MatchCommand::Undo
        } else {
            MatchCommand::Redo
        })
    }

    /// Steps were asked outside the stepper (several at once): wait for them to land.
    pub(crate) fn asked(&mut self, ply: usize) {
        self.waiting = Some((ply, 0));
        self.forward = false;
    }

    /// Forget any step in flight.
    pub(crate) fn reset(&mut self) {
        self.waiting = None;
    }
}

/// Steps the match toward the position asked for, one take-back or redo a frame; `ply` is
/// the number of moves played now.
pub fn step_review(
    review: &mut Review,
    asks: impl IntoIterator<Item = usize>,
    ply: usize,
    hud: &HudState,
) -> Option<MatchCommand> {
    for target in asks {
        if review.present.is_none() {
            if target >= ply {
                continue;
            }
            review.present = Some(ply);
            review.lines = hud.moves.clone();
        }
        review.target = target.min(review.present.unwrap_or(ply));
    }
    let present = review.present?;
    let target = review.target;
    match review.step.next(ply, target) {
        Step::Wait => None,
        // A step forward brought the chance resolved with it: look at the position after.
        Step::Stuck if ply > target && ply < present => {
            review.target = ply;
            None
        }
        // The match would not step: end the review here; redo still holds the rest.
        Step::Stuck => {
            *review = Review::default();
            None
        }
        Step::There => {
            if ply == present {
                *review = Review::default();
            }
            None
        }
        Step::Ask(command) => Some(command),
    }
}

/// Stepping the match `M` toward the earlier position the players asked to look at, while
/// it is on the table.
pub(crate) fn plugin<M: Saveable>(app: &mut App) {
    app.init_resource::<Review>()
        .add_message::<ReviewTo>()
        .add_systems(
            Update,
            review::<M>
                .before(MatchSet)
                .run_if(resource_exists::<M>)
                .run_if(not_watching),
        );
}

/// Steps the match `M` toward the earlier position the players asked to look at.
fn review<M: Saveable>(
    mut asks: MessageReader<ReviewTo>,
    mut review: ResMut<Review>,
    the_match: Res<M>,
    hud: Res<HudState>,
    mut commands: MessageWriter<MatchCommand>,
) {
    let asks: Vec<usize> = asks.read().map(|a| a.0).collect();
    if asks.is_empty() && !review.active() {
        return;
    }
    if let Some(command) = step_review(&mut review, asks, the_match.ply(), &hud) {
        commands.write(command);
    }
}
