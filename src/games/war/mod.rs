//! The `Match` resource: the one owner of the game being played. It changes the game only
//! through tabula-rules, and tells the view what happened through messages.

pub mod board;
pub mod input;
pub mod pieces;

use bevy::prelude::*;
use tabula_rules::war::{Kind, Move, Piece, Position, Side, Square, War};
use tabula_rules::{Game, PlayError};

pub use crate::playing::{BoardReset, Feedback, MatchCommand, MatchSet};
use crate::playing::{HudState, RESULT_COLOR, Seat, move_lines};

/// The game in play, the notation of every move so far, and the last word to the players.
#[derive(Resource, Debug, Clone)]
pub struct Match {
    /// The game (position, history, options).
    pub game: War,
    /// Each move played, in Maxim's notation.
    pub texts: Vec<String>,
    /// What the players should read now (an illegal click's reason, a hint).
    pub feedback: Feedback,
    /// Seconds spent on the move now being thought about (Law XI's clock).
    pub clock: f32,
    /// The player who lost by overstepping the time limit, if one did.
    pub time_loss: Option<Side>,
    /// Moves taken back, for Redo.
    pub redo: crate::playing::RedoStack<Move>,
}

impl Match {
    /// A match on `game`, which may already have moves played.
    pub fn new(game: War) -> Match {
        let mut replay = War::from_position(game.start().clone(), game.options().clone())
            .expect("a game's own start and options");
        let mut texts = Vec::new();
        for mv in game.moves() {
            texts.push(replay.move_text(mv));
            replay.play_unchecked(mv);
        }
        let feedback = match game.outcome() {
            tabula_rules::Outcome::Ongoing => {
                Feedback::info("Click one of your pieces, then a lit square.")
            }
            outcome => Feedback::info(format!("{outcome}. N starts a new game.")),
        };
        Match {
            game,
            texts,
            feedback,
            clock: 0.0,
            time_loss: None,
            redo: Default::default(),
        }
    }

    /// Whether the game has ended, on the board or on time.
    pub fn is_over(&self) -> bool {
        self.time_loss.is_some() || self.game.outcome().is_over()
    }

    /// "Red to move" (with the time left when a limit is set), or the result.
    pub fn status(&self) -> String {
        if let Some(side) = self.time_loss {
            return format!("Game over: {side} loses on time, {} wins", side.other());
        }
        match self.game.outcome() {
            tabula_rules::Outcome::Ongoing => {
                let side = self.game.to_move();
                match self.game.options().move_time_limit {
                    None => format!("{side} to move"),
                    Some(limit) => {
                        let left = limit as f32 - self.clock;
                        if left >= 0.0 {
                            let secs = left.ceil() as u32;
                            format!("{side} to move ({}:{:02} left)", secs / 60, secs % 60)
                        } else {
                            let grace = (GRACE_SECONDS + left).max(0.0).ceil() as u32;
                            format!("{side} to move: Time! {grace} s to finish the move")
                        }
                    }
                }
            }
            outcome => format!("Game over: {outcome}"),
        }
    }
}

/// Law XI: after "Time" is called, one more minute to complete the move.
pub const GRACE_SECONDS: f32 = 60.0;

/// A player (or a test, or a scene) asks for a move; the match checks it.
#[derive(Message, Debug, Clone)]
pub struct MoveIntent(pub Move);

/// A move was played: what moved, what was captured, how it is written.
#[derive(Message, Debug, Clone)]
pub struct MovePlayed {
    /// The move.
    pub mv: Move,
    /// The piece that moved, as it was before moving.
    pub mover: Piece,
    /// The pieces it captured, with their squares.
    pub captured: Vec<(Square, Piece)>,
    /// Maxim's notation of the move.
    pub text: String,
}

/// Adds the match messages and the systems that apply intents and commands.
pub fn plugin(app: &mut App) {
    app.add_message::<MoveIntent>()
        .add_message::<MovePlayed>()
        .add_systems(
            Update,
            (run_clock, apply_intents, apply_commands, publish)
                .chain()
                .in_set(MatchSet),
        );
}

/// Law XI, when the options set a time per move: "Time" is called when it runs out, and a
/// player who has not moved a minute later loses.
fn run_clock(time: Res<Time>, mut the_match: ResMut<Match>) {
    let Some(limit) = the_match.game.options().move_time_limit else {
        return;
    };
    if the_match.is_over() {
        return;
    }
    let before = the_match.clock;
    let after = before + time.delta_secs();
    the_match.bypass_change_detection().clock = after;
    if after.floor() != before.floor() {
        the_match.set_changed();
    }
    if after > limit as f32 + GRACE_SECONDS {
        let side = the_match.game.to_move();
        the_match.time_loss = Some(side);
        the_match.feedback = Feedback::error(format!("{side} did not move in time (Law XI)."));
    }
}

fn apply_intents(
    mut intents: MessageReader<MoveIntent>,
    mut the_match: ResMut<Match>,
    mut played: MessageWriter<MovePlayed>,
) {
    for MoveIntent(mv) in intents.read() {
        if the_match.time_loss.is_some() {
            the_match.feedback = Feedback::error("Refused: the game is over (lost on time)");
            continue;
        }
        let game = &the_match.game;
        let pos = game.position();
        let mover = match mv {
            Move::Fly { station, .. } => pos.on_station(pos.to_move(), *station),
            Move::Step { from, .. } | Move::Jump { from, .. } => pos.at(*from),
        };
        let captured: Vec<(Square, Piece)> = mv
            .captures(pos)
            .into_iter()
            .filter_map(|sq| pos.at(sq).map(|p| (sq, p)))
            .collect();
        let (Some(mover), true) = (mover, game.is_legal(mv)) else {
            let refusal = PlayError::Illegal(game.why_illegal(mv));
            the_match.feedback = Feedback::error(format!("Refused: {refusal}"));
            continue;
        };
        let text = game.move_text(mv);
        let side: Side = game.to_move();
        the_match.game.play_unchecked(mv);
        the_match.redo.played(mv);
        the_match.texts.push(text.clone());
        the_match.clock = 0.0;
        the_match.feedback = match the_match.game.outcome() {
            tabula_rules::Outcome::Ongoing => Feedback::info(format!("{side}: {text}")),
            outcome => Feedback::info(format!("{side}: {text}. {outcome}!")),
        };
        played.write(MovePlayed {
            mv: mv.clone(),
            mover,
            captured,
            text,
        });
    }
}

fn apply_commands(
    mut commands: MessageReader<MatchCommand>,
    mut the_match: ResMut<Match>,
    mut intents: MessageWriter<MoveIntent>,
    mut reset: MessageWriter<BoardReset>,
) {
    for command in commands.read() {
        match command {
            MatchCommand::Undo => {
                if let Some(mv) = the_match.game.undo() {
                    the_match.redo.push(mv);
                    let text = the_match.texts.pop().unwrap_or_default();
                    the_match.clock = 0.0;
                    the_match.time_loss = None;
                    the_match.feedback = Feedback::info(format!("Took back {text}"));
                    reset.write(BoardReset);
                } else {
                    the_match.feedback = Feedback::error("Nothing to take back");
                }
            }
            MatchCommand::NewGame => {
                let game = &the_match.game;
                let start = game.start();
                let mut options = game.options().clone();
                // Law III: within a sitting the players take the first move in turn.
                let fresh = if *start == Position::standard(start.to_move()) {
                    options.first = start.to_move().other();
                    War::new(options)
                } else {
                    War::from_position(start.clone(), options)
                }
                .expect("the options of a game in play were checked when it began");
                let first = fresh.to_move();
                *the_match = Match::new(fresh);
                the_match.feedback = Feedback::info(format!("New game: {first} moves first."));
                reset.write(BoardReset);
            }
            MatchCommand::Redo => match the_match.redo.next().cloned() {
                Some(mv) => {
                    intents.write(MoveIntent(mv));
                }
                None => the_match.feedback = Feedback::error("Nothing to play again"),
            },
            MatchCommand::Confirm => {}
        }
    }
}

/// The rules in brief, for the help overlay.
pub const RULES: &str = "Maxim's Game of War (1910). King: one square any way; general: as a queen; cannon: \
diagonally, any distance; horse: as a knight, leaping; mortar: as a rook. A flying machine \
flies once, from its station to an empty square of its colour, and then blocks it. A troop \
steps one square forward (two straight on its first move) and captures diagonally forward, \
jumping enemy troops checkers-style and going on while it can. An offered enemy troop must \
be taken. Win by standing in the enemy citadel when he cannot take the piece, or when he has \
no move. Capturing the king has no special effect. Law IX: after a third repetition, a \
draw unless someone wins within 20 moves each.";

/// Tells the camera whose turn it is and the HUD what to show.
fn publish(the_match: Res<Match>, mut seat: ResMut<Seat>, mut hud: ResMut<HudState>) {
    if !the_match.is_changed() {
        return;
    }
    let game = &the_match.game;
    seat.set_if_neq(Seat::opposite(game.to_move().index()));
    let captured = game.captured();
    let line = |side: Side| {
        let lost: Vec<&str> = captured
            .iter()
            .filter(|p| p.side == side)
            .map(|p| p.kind.letter())
            .collect();
        if lost.is_empty() {
            return format!("{side} has lost nothing");
        }
        let troops = lost.iter().filter(|l| **l == Kind::Troop.letter()).count();
        let plural = if troops == 1 { "" } else { "s" };
        format!(
            "{side} has lost {}: {} ({troops} troop{plural})",
            lost.len(),
            lost.join(" ")
        )
    };
    *hud = HudState {
        title: "The Game of War".into(),
        status: the_match.status(),
        status_color: if the_match.is_over() {
            RESULT_COLOR
        } else {
            crate::games::war::board::side_color(game.to_move()).lighter(0.25)
        },
        feedback: the_match.feedback.clone(),
        counters: format!("{}\n{}", line(Side::Red), line(Side::Blue)),
        moves: move_lines(&the_match.texts),
        controls: "Click a piece, then a lit square.  Right drag: orbit  Middle drag: pan  \
                   Wheel: zoom\n1 / 2 / 3 / 4: Red's side, Blue's side, top, side view  \
                   Esc: drop selection\nCtrl+Z: take back  Ctrl+Y: redo  N: new game"
            .into(),
        confirm: None,
        rules: RULES,
    };
}

impl crate::save::Saveable for Match {
    fn save_data(&self) -> crate::save::SaveData {
        let start = self.game.start();
        crate::save::SaveData {
            kind: tabula_rules::scene::GameKind::War,
            options: crate::save::SaveData::options_text(self.game.options()),
            setup: (*start != Position::standard(start.to_move())).then(|| start.to_string()),
            moves: self.texts.clone(),
            expect: crate::save::SaveData::expect_text(&self.game.outcome()),
        }
    }

    fn tell(&mut self, feedback: Feedback) {
        self.feedback = feedback;
    }
}
