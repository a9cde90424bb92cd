//! Looking back over a game with the engine: how much of its mover's expected result each
//! move threw away, against the move the engine prefers there, and the marks readers know
//! from annotated games: `?!` an inaccuracy, `?` a mistake, `??` a blunder.
//!
//! Every position where a player chose a move is searched once with the settings given; a
//! move the search did not value exactly at the root is searched again alone. Chance inputs
//! (a throw, a card) are not choices and are passed over. Expected results run from 0 to 1,
//! so a loss of 0.3 is, say, a won game made an even one.

use crate::knowledge::{Knowledge, Seats, Values};
use crate::search::{Action, Analysis, SearchGame, Settings, analyse, analyse_among};
use std::fmt;
use std::sync::atomic::Ordering;

/// How bad a move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// `?!`: it gave away a little.
    Inaccuracy,
    /// `?`: it gave away much.
    Mistake,
    /// `??`: it gave away the game, or most of it.
    Blunder,
}

impl Mark {
    /// The least loss of expected result (0 to 1) that earns each mark, worst first.
    pub const THRESHOLDS: [(Mark, f32); 3] = [
        (Mark::Blunder, 0.30),
        (Mark::Mistake, 0.15),
        (Mark::Inaccuracy, 0.07),
    ];

    /// The mark a move that lost `loss` of its mover's expected result earns, if any.
    pub fn of_loss(loss: f32) -> Option<Mark> {
        Mark::THRESHOLDS
            .iter()
            .find(|(_, least)| loss >= *least)
            .map(|(mark, _)| *mark)
    }

    /// The mark as annotations write it: `?!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The mark in words: "an inaccuracy", "a mistake", "a blunder".
    pub fn words(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "an inaccuracy",
            Mark::Mistake => "a mistake",
            Mark::Blunder => "a blunder",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// What the engine makes of one move of the game.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveReview<M> {
    /// Moves played before it (its index in the game's history).
    pub ply: usize,
    /// Its mover's seat (turn order).
    pub seat: usize,
    /// The move.
    pub played: M,
    /// Each seat's expected result before it, with the engine's best play (turn order).
    pub values: Vec<f32>,
    /// The engine's move there, where it is not the one played.
    pub best: Option<M>,
    /// How much of its mover's expected result the move threw away (0 to 1).
    pub loss: f32,
    /// Its mark, if it threw away enough to earn one.
    pub mark: Option<Mark>,
}

/// Reviews every move a player chose in `game`'s history, in order, each position searched
/// with `settings`. `settings.stop`, when set, ends the review after the move under way
/// (the moves reviewed so far are returned).
pub fn review_game<G, K>(game: &G, knowledge: &K, settings: &Settings) -> Vec<MoveReview<G::Move>>
where
    G: SearchGame,
    K: Knowledge<G>,
{
    let moves = game.history();
    let mut position = game.clone();
    while position.undo().is_some() {}
    let mut out = Vec::new();
    for (ply, mv) in moves.into_iter().enumerate() {
        let stopped = settings
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed));
        if stopped {
            break;
        }
        if let Some(review) = review_move(&position, knowledge, settings, &mv, ply) {
            out.push(review);
        }
        position.play_unchecked(&mv);
    }
    out
}

/// What the engine makes of `mv` played in `position`; `None` for a chance input or where
/// there was nothing to decide.
pub fn review_move<G, K>(
    position: &G,
    knowledge: &K,
    settings: &Settings,
    mv: &G::Move,
    ply: usize,
) -> Option<MoveReview<G::Move>>
where
    G: SearchGame,
    K: Knowledge<G>,
{
    let legal = position.legal_moves();
    if !legal.contains(mv) {
        // A throw or a card: chance's, not the player's.
        return None;
    }
    let mover = position.to_move();
    let seat = position.players().iter().position(|p| *p == mover)?;
    let analysis = analyse(position, knowledge, settings).ok()?;
    let best_value = root_value(&analysis, seat, None);
    let played = Action::Play(mv.clone());
    let played_value = match analysis.root.iter().find(|r| r.action == played && r.exact) {
        Some(root) => root.value,
        None if legal.len() == 1 => best_value,
        None => {
            let alone = analyse_among(
                position,
                knowledge,
                settings,
                Some(std::slice::from_ref(&played)),
            )
            .ok()?;
            root_value(&alone, seat, Some(&played))
        }
    };
    let loss = (best_value - played_value).max(0.0);
    let best = match analysis.best {
        Action::Play(m) if m != *mv => Some(m),
        _ => None,
    };
    let values = analysis.values.clone();
    Some(MoveReview {
        ply,
        seat,
        played: mv.clone(),
        values,
        mark: best.as_ref().and(Mark::of_loss(loss)),
        best,
        loss,
    })
}

/// The mover's expected result after `action` (the search's best when `None`), as the
/// search's root valued it.
fn root_value<M: PartialEq>(
    analysis: &Analysis<M>,
    seat: usize,
    action: Option<&Action<M>>,
) -> f32 {
    let wanted = action.unwrap_or(&analysis.best);
    analysis
        .root
        .iter()
        .find(|r| r.action == *wanted)
        .map(|r| r.value)
        .or_else(|| analysis.values.get(seat).copied())
        .unwrap_or(0.5)
}

/// Each seat's expected result in `game`: the rewards of its outcome once it has ended,
/// else the search's values with `settings` (`None` where there is nothing to decide, as
/// when a chance input is due).
pub fn expected_results<G, K>(game: &G, knowledge: &K, settings: &Settings) -> Option<Vec<f32>>
where
    G: SearchGame,
    K: Knowledge<G>,
{
    let outcome = game.outcome();
    if outcome.is_over() {
        let seats = Seats::of(game);
        let mut values: Values = Default::default();
        knowledge.outcome_values(game, &seats, &outcome, &mut values);
        return Some(values[..seats.len()].to_vec());
    }
    analyse(game, knowledge, settings).ok().map(|a| a.values)
}
