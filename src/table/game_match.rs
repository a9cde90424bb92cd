//! The match: the one resource that owns the game on the table and changes it, with the
//! notation of every move so far, who plays each seat, and the last word to the players.
//! Only the match's own systems ([`crate::table::play`]) change it, through the rules crate.

use crate::table::commands::Feedback;
use crate::table::report::MoveLine;
use crate::table::rules::TableRules;
use crate::table::seats::Controller;
use bevy::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use tabula_rules::Outcome;
use tabula_rules::resign::{self, Act};

/// A number no other position of any match has had: what a search was started for is
/// recognised when its answer comes back.
fn next_generation() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The game in play, the notation of every move so far with its player, who sits where, and
/// the last word to the players.
#[derive(Resource, Debug, Clone)]
pub struct Match<G: TableRules> {
    /// The game (position, history, options). Only the match's own systems change it, and
    /// they keep [`Match::legal`] up to date.
    pub game: G,
    /// The legal moves of the game as it stands, worked out once per position.
    legal: Vec<G::Move>,
    /// Each move played, in notation, with its player.
    pub texts: Vec<(G::Player, String)>,
    /// What the players should read now (an illegal click's reason, a hint).
    pub feedback: Feedback,
    /// Moves taken back, for Redo.
    pub redo: RedoStack<G::Move>,
    /// Chance inputs taken back, newest last, to be given again.
    pub chance_back: Vec<G::Move>,
    /// Resignations taken back, newest last, for Redo ([`Match::resignation_to_redo`]).
    resigns_back: Vec<ResignBack<G>>,
    /// Who plays each seat, in turn order.
    pub seats: Vec<Controller>,
    /// What was entered so far may be played as it is: the HUD offers Confirm (set by the
    /// game's input).
    pub can_confirm: bool,
    /// An ending the rules do not know (a loss on time): moves are refused while it holds.
    pub ended: Option<String>,
    /// Added to the status line (the time left to move).
    pub note: Option<String>,
    /// This position's number, new at every change (a move, a take-back, a new game, a
    /// loaded game): a search's answer is played only in the position it was asked for.
    pub generation: u64,
    /// The computer is thinking about the move to play here (the status line says so).
    pub thinking: bool,
    /// At a table on a server: the moves made here wait there for the server, which
    /// sends back every move it accepts.
    pub remote: Option<RemoteSeats>,
}

/// A request made at this screen for a table on a server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outgoing {
    /// Resign this seat (the player's name as the game prints it).
    Resign {
        /// The player.
        player: String,
    },
    /// Play this move (in notation) in the position after `ply` moves.
    Move {
        /// The move.
        text: String,
        /// Moves played before it.
        ply: usize,
    },
    /// Let the chance input due come (the server draws it).
    Chance {
        /// Moves played before it.
        ply: usize,
    },
}

/// What a match at a server's table keeps: requests not yet sent, and how the connection
/// stands.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RemoteSeats {
    /// Requests waiting to go to the server.
    pub outbox: Vec<Outgoing>,
    /// Said after the status ("connection lost: reconnecting...").
    pub note: Option<String>,
}

/// A resignation taken back, and where Redo finds it again: the moves and resignations
/// before it, the last move before it, and the moves on the redo stack when it was taken
/// back.
#[derive(Debug, Clone)]
struct ResignBack<G: TableRules> {
    player: G::Player,
    acts: usize,
    last: Option<G::Move>,
    redo: usize,
}

impl<G: TableRules> Match<G> {
    /// A match on `game`, which may already have moves and resignations played; every seat
    /// local.
    pub fn new(game: G) -> Match<G> {
        let mut replay = game.clone();
        let mut back = Vec::new();
        while let Some(act) = resign::undo_act(&mut replay) {
            back.push(act);
        }
        let mut texts = Vec::new();
        for act in back.into_iter().rev() {
            let player = match &act {
                Act::Resign(player) => *player,
                Act::Move(_) => replay.to_move(),
            };
            texts.push((player, resign::act_text(&replay, &act)));
            if resign::play_act(&mut replay, &act).is_err() {
                break;
            }
        }
        let feedback = match game.outcome() {
            Outcome::Ongoing => Feedback::info(game.hint()),
            outcome => Feedback::info(format!("{outcome}. N starts a new game.")),
        };
        let seats = vec![Controller::Local; game.players().len()];
        let legal = game.legal_moves();
        Match {
            game,
            legal,
            texts,
            feedback,
            redo: RedoStack::default(),
            chance_back: Vec::new(),
            resigns_back: Vec::new(),
            seats,
            can_confirm: false,
            ended: None,
            note: None,
            generation: next_generation(),
            remote: None,
            thinking: false,
        }
    }

    /// The same match with `seats` playing (in turn order); seats not given stay local.
    pub(crate) fn with_seats(mut self, seats: &[Controller]) -> Match<G> {
        for (seat, controller) in self.seats.iter_mut().zip(seats) {
            *seat = controller.clone();
        }
        if self.seats.contains(&Controller::Remote) {
            self.remote = Some(RemoteSeats::default());
        }
        self
    }

    /// Whether a person plays any seat here.
    pub(crate) fn has_local_seat(&self) -> bool {
        self.seats.contains(&Controller::Local)
    }

    /// Every legal move in the position now, as the rules give them: worked out once when
    /// the position changes (a move, a take-back, a new game), not at every look.
    pub fn legal(&self) -> &[G::Move] {
        &self.legal
    }

    /// The position changed: its legal moves are worked out again, and what was entered
    /// for the old one can no longer be confirmed.
    pub(super) fn position_changed(&mut self) {
        self.legal = self.game.legal_moves();
        self.can_confirm = false;
        self.generation = next_generation();
        self.thinking = false;
    }

    /// Whether the game has ended, by the rules or otherwise.
    pub fn is_over(&self) -> bool {
        self.ended.is_some() || self.game.outcome().is_over()
    }

    /// Moves played so far.
    pub fn ply(&self) -> usize {
        self.texts.len()
    }

    /// The notation of every move so far.
    pub fn move_texts(&self) -> Vec<String> {
        self.texts.iter().map(|(_, t)| t.clone()).collect()
    }

    /// The move list as the HUD shows it.
    pub fn lines(&self) -> Vec<MoveLine> {
        G::lines(&self.game.listed(&self.texts))
    }

    /// Who plays the seat to move.
    pub(crate) fn controller_to_move(&self) -> Controller {
        self.controller_of(self.game.to_move())
    }

    /// Who plays `player`'s seat.
    pub(crate) fn controller_of(&self, player: G::Player) -> Controller {
        self.game
            .players()
            .iter()
            .position(|p| *p == player)
            .and_then(|i| self.seats.get(i).cloned())
            .unwrap_or_default()
    }

    /// "Red to move", or the result ("Blue resigns. Red wins" when a resignation ended it).
    pub fn status(&self) -> String {
        if let Some(end) = &self.ended {
            return format!("Game over: {end}");
        }
        if self.game.outcome().is_over()
            && self.game.resignations().last().map(|r| r.ply) == Some(self.game.ply())
        {
            return format!("Game over: {}", resign::outcome_text(&self.game));
        }
        let mut status = self.game.status(&self.texts);
        if !self.is_over() {
            if let Some(note) = &self.note {
                status = format!("{status} {note}");
            }
            if self.thinking {
                status.push_str(", thinking...");
            }
        }
        if let Some(note) = self.remote.as_ref().and_then(|r| r.note.as_ref()) {
            status = format!("{status} ({note})");
        }
        status
    }

    /// Plays `mv`: its notation and what it did, or the refusal in words.
    pub(super) fn play(&mut self, mv: &G::Move) -> Result<(G::Move, String, G::Effect), String> {
        let text = self.game.move_text(mv);
        match self.game.play_effect(mv) {
            Ok(effect) => Ok((mv.clone(), text, effect)),
            Err(e) => Err(format!("Refused: {text}: {e}")),
        }
    }

    /// Resolves the chance now due: the one taken back last if it fits, else a fresh one
    /// from the game's seeded generator.
    pub(super) fn resolve_chance(&mut self) -> Result<(G::Move, String, G::Effect), String> {
        if let Some(mv) = self.chance_back.last().cloned() {
            let text = self.game.move_text(&mv);
            if let Ok(effect) = self.game.play_effect(&mv) {
                self.chance_back.pop();
                return Ok((mv, text, effect));
            }
        }
        let mv = self
            .game
            .draw_chance()
            .map_err(|e| format!("Not now: {e}"))?;
        let text = self.game.move_text(&mv);
        let effect = self
            .game
            .play_effect(&mv)
            .map_err(|e| format!("Refused: {text}: {e}"))?;
        Ok((mv, text, effect))
    }

    /// `player` resigns (Law X), in turn or not: what the players are told, or the refusal
    /// in words. A resignation that is not the one Redo would make again ends the redos.
    pub(super) fn resign(&mut self, player: G::Player) -> Result<String, String> {
        let text = resign::text(player);
        self.game
            .resign(player)
            .map_err(|e| format!("Refused: {text}: {e}"))?;
        if self.resignation_to_redo_before(1) == Some(player) {
            self.resigns_back.pop();
        } else {
            self.redo.clear();
            self.resigns_back.clear();
        }
        self.texts.push((player, text.clone()));
        Ok(match self.game.outcome() {
            Outcome::Ongoing => format!("{text} and is out. {}", self.game.hint()),
            _ => format!("{}!", resign::outcome_text(&self.game)),
        })
    }

    /// The resignation Redo makes next, if it comes before the next move to redo: the one
    /// taken back last, when the game stands again where it was made.
    pub(crate) fn resignation_to_redo(&self) -> Option<G::Player> {
        self.resignation_to_redo_before(0)
    }

    /// [`Match::resignation_to_redo`], asked `made` acts after the game stood there (1: the
    /// resignation was just made).
    fn resignation_to_redo_before(&self, made: usize) -> Option<G::Player> {
        let back = self.resigns_back.last()?;
        let acts = resign::act_count(&self.game).checked_sub(made)?;
        (back.acts == acts
            && back.redo == self.redo.len()
            && back.last == self.game.history().last().cloned())
        .then_some(back.player)
    }

    /// Takes back one move or resignation; its notation, or `None` at the start.
    pub(super) fn undo_one(&mut self) -> Option<String> {
        let mv = match resign::undo_act(&mut self.game)? {
            Act::Move(mv) => mv,
            Act::Resign(player) => {
                self.resigns_back.push(ResignBack {
                    player,
                    acts: resign::act_count(&self.game),
                    last: self.game.history().last().cloned(),
                    redo: self.redo.len(),
                });
                self.ended = None;
                self.note = None;
                return self.texts.pop().map(|(_, t)| t);
            }
        };
        if G::is_chance(&mv) {
            self.chance_back.push(mv.clone());
        }
        self.redo.push(mv);
        self.ended = None;
        self.note = None;
        self.texts.pop().map(|(_, t)| t)
    }
}

/// Moves taken back, newest last, to be played again by Redo. A move played that is not
/// the next one to redo ends the line of redos.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedoStack<M>(Vec<M>);

impl<M> Default for RedoStack<M> {
    fn default() -> Self {
        RedoStack(Vec::new())
    }
}

impl<M: PartialEq + Clone> RedoStack<M> {
    /// A move was taken back.
    pub(crate) fn push(&mut self, mv: M) {
        self.0.push(mv);
    }

    /// The move Redo plays next.
    pub(crate) fn next(&self) -> Option<&M> {
        self.0.last()
    }

    /// The moves to redo, the next one first.
    pub(crate) fn upcoming(&self) -> impl Iterator<Item = &M> {
        self.0.iter().rev()
    }

    /// A move was played: the redo it was is used up, or any other move ends the redos.
    pub(crate) fn played(&mut self, mv: &M) {
        if self.0.last() == Some(mv) {
            self.0.pop();
        } else {
            self.0.clear();
        }
    }

    /// Whether there is nothing to redo.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many moves there are to redo.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Something else was done than the next redo: nothing is left to redo.
    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }
}
