//! Camelot on the table: the match that owns the game, and its board, men and knights, and
//! path entry. One plugin per module; [`logic`] runs headless, [`view`] adds the 3D.

pub mod board;
pub mod input;
pub mod pieces;

use crate::playing::{
    BoardReset, Feedback, HudState, MatchCommand, MatchSet, RESULT_COLOR, Seat, move_lines,
};
use bevy::prelude::*;
use tabula_rules::camelot::{Camelot, Move, Piece, RuleSet, Side, Square};
use tabula_rules::{Game, Outcome};

/// The Camelot game in play, the notation of every move so far, and the last word to the
/// players.
#[derive(Resource, Debug, Clone)]
pub struct CamelotMatch {
    /// The game (position, history, options).
    pub game: Camelot,
    /// Each move played, in notation.
    pub texts: Vec<String>,
    /// What the players should read now.
    pub feedback: Feedback,
    /// The path entered so far may be played as it is (set by the input).
    pub can_confirm: bool,
    /// Moves taken back, for Redo.
    pub redo: crate::playing::RedoStack<Move>,
}

impl CamelotMatch {
    /// A match on `game`, which may already have moves played.
    pub fn new(game: Camelot) -> CamelotMatch {
        let mut replay = Camelot::from_position(game.start().clone(), game.options().clone())
            .expect("a game's own start and options");
        let mut texts = Vec::new();
        for mv in game.moves() {
            texts.push(replay.move_text(mv));
            replay.play_unchecked(mv);
        }
        let feedback = match game.outcome() {
            Outcome::Ongoing => Feedback::info(
                "Click one of your pieces, then each landing square of its path in turn.",
            ),
            outcome => Feedback::info(format!("{outcome}. N starts a new game.")),
        };
        CamelotMatch {
            game,
            texts,
            feedback,
            can_confirm: false,
            redo: Default::default(),
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_over()
    }

    /// "White to move", or the result.
    pub fn status(&self) -> String {
        match self.game.outcome() {
            Outcome::Ongoing => format!("{} to move", self.game.to_move()),
            outcome => format!("Game over: {outcome}"),
        }
    }

    /// The HUD's counters: pieces and captures, castle moves, the draw counters.
    pub fn counters(&self) -> String {
        let game = &self.game;
        let pos = game.position();
        let options = game.options();
        let wcf = options.rules == RuleSet::Wcf;
        let captured = game.captured();
        let mut lines = Vec::new();
        for side in Side::ALL {
            let lost = captured.iter().filter(|p| p.side == side).count();
            let castle = if wcf {
                format!(
                    ", castle moves {}/{}",
                    pos.castle_moves(side),
                    options.castle_move_limit
                )
            } else {
                String::new()
            };
            lines.push(format!(
                "{side}: {} on the board, {lost} lost{castle}",
                pos.count(side)
            ));
        }
        if wcf {
            let quiet = game.quiet_plies();
            match options.no_progress_moves {
                Some(n) => lines.push(format!(
                    "Quiet moves (no capture, no castle entry): {} of {n}",
                    quiet / 2
                )),
                None => lines.push("No limit on quiet moves".into()),
            }
            lines.push(format!(
                "This position seen {} of 3 times",
                game.repetition_count()
            ));
        } else {
            lines.push("Patent rules: no castle-move limit, no draw counters".into());
        }
        lines.join("\n")
    }
}

/// A player (or a test) asks for a move; the match checks it.
#[derive(Message, Debug, Clone)]
pub struct CamelotIntent(pub Move);

/// A Camelot move was played.
#[derive(Message, Debug, Clone)]
pub struct CamelotPlayed {
    /// The move.
    pub mv: Move,
    /// The piece that moved.
    pub mover: Piece,
    /// The pieces it captured, with their squares, in order.
    pub captured: Vec<(Square, Piece)>,
    /// The move's notation.
    pub text: String,
}

/// The match, headless: intents, commands, and what the HUD and camera are told.
pub fn logic(app: &mut App) {
    app.add_message::<CamelotIntent>()
        .add_message::<CamelotPlayed>()
        .add_systems(
            Update,
            (apply_intents, apply_commands, publish)
                .chain()
                .in_set(MatchSet),
        )
        .add_plugins((pieces::plugin, input::plugin));
}

/// The board and the piece models.
pub fn view(app: &mut App) {
    app.add_plugins((board::plugin, pieces::view_plugin, input::view_plugin));
}

fn apply_intents(
    mut intents: MessageReader<CamelotIntent>,
    mut the_match: ResMut<CamelotMatch>,
    mut played: MessageWriter<CamelotPlayed>,
) {
    for CamelotIntent(mv) in intents.read() {
        let game = &the_match.game;
        if !game.is_legal(mv) {
            let why = if game.outcome().is_over() {
                "the game is over".to_string()
            } else {
                game.why_illegal(mv)
            };
            the_match.feedback = Feedback::error(format!(
                "Refused: {}: {why}",
                tabula_rules::camelot::notation::print(mv)
            ));
            continue;
        }
        let pos = game.position();
        let Some(mover) = pos.at(mv.from) else {
            continue;
        };
        let captured: Vec<(Square, Piece)> = mv
            .captures()
            .into_iter()
            .filter_map(|sq| pos.at(sq).map(|p| (sq, p)))
            .collect();
        let text = game.move_text(mv);
        let side = game.to_move();
        the_match.game.play_unchecked(mv);
        the_match.redo.played(mv);
        the_match.texts.push(text.clone());
        the_match.feedback = match the_match.game.outcome() {
            Outcome::Ongoing => Feedback::info(format!("{side}: {text}")),
            outcome => Feedback::info(format!("{side}: {text}. {outcome}!")),
        };
        played.write(CamelotPlayed {
            mv: mv.clone(),
            mover,
            captured,
            text,
        });
    }
}

fn apply_commands(
    mut commands: MessageReader<MatchCommand>,
    mut the_match: ResMut<CamelotMatch>,
    mut intents: MessageWriter<CamelotIntent>,
    mut reset: MessageWriter<BoardReset>,
) {
    for command in commands.read() {
        match command {
            MatchCommand::Undo => {
                if let Some(mv) = the_match.game.undo() {
                    the_match.redo.push(mv);
                    let text = the_match.texts.pop().unwrap_or_default();
                    the_match.feedback = Feedback::info(format!("Took back {text}"));
                    reset.write(BoardReset);
                } else {
                    the_match.feedback = Feedback::error("Nothing to take back");
                }
            }
            MatchCommand::NewGame => {
                let game = &the_match.game;
                let fresh = Camelot::from_position(game.start().clone(), game.options().clone())
                    .expect("a game's own start and options");
                let first = fresh.to_move();
                *the_match = CamelotMatch::new(fresh);
                the_match.feedback = Feedback::info(format!("New game: {first} moves first."));
                reset.write(BoardReset);
            }
            // The input turns a confirmation into an intent.
            MatchCommand::Redo => match the_match.redo.next().cloned() {
                Some(mv) => {
                    intents.write(CamelotIntent(mv));
                }
                None => the_match.feedback = Feedback::error("Nothing to play again"),
            },
            MatchCommand::Confirm => {}
        }
    }
}

/// The rules in brief, for the help overlay.
pub const RULES: &str = "Parker's Camelot (1930). 160 squares; 4 knights and 10 men a side. A plain move goes one \
square any way; a canter leaps a friendly piece (chains may turn, and may stop after any \
leap, but a knight may not stop beside an enemy it can jump); a jump leaps an enemy piece \
and captures it, and must go on while it can; a knight's charge canters, then jumps. WCF \
rules (default): capture is compulsory when a piece can jump (a charge alone never forces \
one); your own castle is \
entered only by jumping and left at once; at most two castle moves. Win with two pieces in \
the enemy castle, by capturing all (keeping two), or when the opponent cannot move. Draws: \
one piece each, third repetition, 50 quiet moves each.";

/// The colour a side's status line is drawn in.
fn side_tint(side: Side) -> Color {
    match side {
        Side::White => Color::srgb(0.95, 0.92, 0.85),
        Side::Black => Color::srgb(0.62, 0.62, 0.7),
    }
}

fn publish(the_match: Res<CamelotMatch>, mut seat: ResMut<Seat>, mut hud: ResMut<HudState>) {
    if !the_match.is_changed() {
        return;
    }
    let game = &the_match.game;
    seat.set_if_neq(Seat::opposite(game.to_move().index()));
    let rules = match game.options().rules {
        RuleSet::Wcf => "WCF rules",
        RuleSet::Parker1930 => "rules of the 1930 patent",
    };
    *hud = HudState {
        title: format!("Camelot ({rules})"),
        status: the_match.status(),
        status_color: if the_match.is_over() {
            RESULT_COLOR
        } else {
            side_tint(game.to_move())
        },
        feedback: the_match.feedback.clone(),
        counters: the_match.counters(),
        moves: move_lines(&the_match.texts),
        controls: "Click a piece, then each landing of its path (or drag through them); \
                   Enter or Confirm plays a path that may stop there.\n\
                   Right drag: orbit  Middle drag: pan  Wheel: zoom  1 / 2 / 3 / 4: White's \
                   side, Black's side, top, side view\n\
                   Esc: drop selection  Ctrl+Z: take back  Ctrl+Y: redo  N: new game"
            .into(),
        confirm: the_match.can_confirm.then(|| "Confirm move".to_string()),
        rules: RULES,
    };
}

impl crate::save::Saveable for CamelotMatch {
    fn save_data(&self) -> crate::save::SaveData {
        let start = self.game.start();
        let standard = *start == tabula_rules::camelot::Position::standard();
        crate::save::SaveData {
            kind: tabula_rules::scene::GameKind::Camelot,
            options: crate::save::SaveData::options_text(self.game.options()),
            setup: (!standard).then(|| start.to_string()),
            moves: self.texts.clone(),
            expect: crate::save::SaveData::expect_text(&self.game.outcome()),
        }
    }

    fn tell(&mut self, feedback: Feedback) {
        self.feedback = feedback;
    }
}
