//! Resigning, in every game: Maxim's Law X ("abandoning or resigning a game counts as a
//! loss"), which Tabula applies to all five games. With two players (or two teams) the
//! resigner's opponent wins; with three or four, the resigner drops out and the game goes
//! on for the others until one is left.
//!
//! A resignation is kept in the game's record beside its moves ([`Game::resignations`]),
//! so that a game's [`acts`] (its moves and resignations in order) are saved, sent and
//! replayed as text like moves: `resign` (the player to move resigns) or `Blue resigns`
//! (naming the player, who may resign out of turn). The computer never resigns: no
//! resignation is among a game's legal moves.

use crate::{Game, NotationError, PlayError};
use std::fmt;

/// The text of a resignation by the player to move.
pub const RESIGN: &str = "resign";

/// A resignation made in a game: who resigned, and how many moves had been played then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Resignation<P> {
    /// The player who resigned.
    pub player: P,
    /// The moves played before he resigned.
    pub ply: usize,
}

/// One entry of a game's record: a move or a resignation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Act<M, P> {
    /// A move (chance inputs included).
    Move(M),
    /// A player resigned.
    Resign(P),
}

/// The resignations a game keeps, each with what the game needs to take it back exactly
/// (`S`: nothing in a game where resigning ends it, the state it changed where the game
/// goes on without the resigner).
#[derive(Debug, Clone)]
pub struct Resigned<P, S = ()>(Vec<(Resignation<P>, S)>);

impl<P, S> Default for Resigned<P, S> {
    fn default() -> Self {
        Resigned(Vec::new())
    }
}

impl<P: Copy + Eq, S> Resigned<P, S> {
    /// The resignations, in order.
    pub fn list(&self) -> Vec<Resignation<P>> {
        self.0.iter().map(|(r, _)| *r).collect()
    }

    /// Whether `player` has resigned.
    pub fn has(&self, player: &P) -> bool {
        self.0.iter().any(|(r, _)| r.player == *player)
    }

    /// Who resigned first, if anyone has.
    pub fn first(&self) -> Option<P> {
        self.0.first().map(|(r, _)| r.player)
    }

    /// How many have resigned.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether nobody has resigned.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Records that `player` resigned after `ply` moves; `saved` is what taking it back
    /// restores.
    pub fn push(&mut self, player: P, ply: usize, saved: S) {
        self.0.push((Resignation { player, ply }, saved));
    }

    /// Takes back the last resignation when it was made after `ply` moves (no move has
    /// been played since): who it was and what it saved.
    pub fn pop_at(&mut self, ply: usize) -> Option<(P, S)> {
        if self.0.last().is_some_and(|(r, _)| r.ply == ply) {
            self.0.pop().map(|(r, s)| (r.player, s))
        } else {
            None
        }
    }
}

/// The checks every resignation passes: the game goes on, and `player` plays in it and has
/// not resigned already. A game adds its own (a fleet already out, a pawn already home).
pub fn check<G: Game>(game: &G, player: &G::Player) -> Result<(), PlayError> {
    if game.outcome().is_over() {
        return Err(PlayError::GameOver);
    }
    if !game.players().contains(player) {
        return Err(PlayError::Illegal(format!(
            "{player} does not play in this game"
        )));
    }
    if game.resignations().iter().any(|r| r.player == *player) {
        return Err(PlayError::Illegal(format!("{player} has resigned already")));
    }
    Ok(())
}

/// How a resignation by `player` is written: `Blue resigns`.
pub fn text<P: fmt::Display>(player: P) -> String {
    format!("{player} resigns")
}

/// Reads a resignation: `resign` (the player to move) or `<player> resigns`, in any case;
/// `None` when the text is no resignation (then it may be a move), an error when it names
/// no player of the game.
pub fn parse<G: Game>(game: &G, text: &str) -> Option<Result<G::Player, NotationError>> {
    let text = text.trim();
    if text.eq_ignore_ascii_case(RESIGN) {
        return Some(Ok(game.to_move()));
    }
    let lower = text.to_ascii_lowercase();
    let name = lower.strip_suffix(" resigns")?.trim();
    Some(
        game.players()
            .into_iter()
            .find(|p| p.to_string().eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                let names: Vec<String> = game.players().iter().map(ToString::to_string).collect();
                NotationError::Syntax {
                    text: text.to_string(),
                    why: format!("no player {name:?}; the players are {}", names.join(", ")),
                }
            }),
    )
}

/// Every move and resignation of the game, in the order they were made.
pub fn acts<G: Game>(game: &G) -> Vec<Act<G::Move, G::Player>> {
    let mut resignations = game.resignations().into_iter().peekable();
    let mut out = Vec::new();
    for (ply, mv) in game.history().into_iter().enumerate() {
        while let Some(r) = resignations.next_if(|r| r.ply <= ply) {
            out.push(Act::Resign(r.player));
        }
        out.push(Act::Move(mv));
    }
    out.extend(resignations.map(|r| Act::Resign(r.player)));
    out
}

/// How many moves and resignations the game has had.
pub fn act_count<G: Game>(game: &G) -> usize {
    game.ply() + game.resignations().len()
}

/// Takes back the last act: the last resignation if no move followed it, else the last
/// move.
pub fn undo_act<G: Game>(game: &mut G) -> Option<Act<G::Move, G::Player>> {
    match game.unresign() {
        Some(player) => Some(Act::Resign(player)),
        None => game.undo().map(Act::Move),
    }
}

/// Plays an act after the rules' checks; on error nothing changes.
pub fn play_act<G: Game>(game: &mut G, act: &Act<G::Move, G::Player>) -> Result<(), PlayError> {
    match act {
        Act::Move(mv) => game.play(mv),
        Act::Resign(player) => game.resign(*player),
    }
}

/// An act in the game's notation: a move as the game writes it, a resignation as
/// [`text`] writes it.
pub fn act_text<G: Game>(game: &G, act: &Act<G::Move, G::Player>) -> String {
    match act {
        Act::Move(mv) => game.move_text(mv),
        Act::Resign(player) => text(player),
    }
}

/// Reads an act: a resignation ([`parse`]) or a move in the game's notation.
pub fn parse_act<G: Game>(game: &G, text: &str) -> Result<Act<G::Move, G::Player>, NotationError> {
    match parse(game, text) {
        Some(player) => player.map(Act::Resign),
        None => game.parse_move(text).map(Act::Move),
    }
}

/// How the game stands, in words: `ongoing`, `Red wins`, `draw by repetition`, and for a
/// game that a resignation ended, who resigned last: `Blue resigns. Red wins`.
pub fn outcome_text<G: Game>(game: &G) -> String {
    let outcome = game.outcome();
    match game.resignations().last() {
        Some(r) if outcome.is_over() && r.ply == game.ply() => {
            format!("{}. {outcome}", text(r.player))
        }
        _ => outcome.to_string(),
    }
}
