//! Transport on the table: the match that owns the game, and its sea in three strata,
//! fleets with the patent's coloured marks, missiles with their headings, and entering
//! actions (move, launch, advance). [`logic`] runs headless, [`view`] adds the 3D.

pub mod board;
pub mod input;
pub mod pieces;

use crate::playing::{BoardReset, Feedback, HudState, MatchCommand, MatchSet, RESULT_COLOR, Seat};
use bevy::prelude::*;
use tabula_rules::transport::game::Fleet;
use tabula_rules::transport::{Kind, Mode, Move, Transport};
use tabula_rules::{Game, Outcome};

/// The game in play, the notation of every action so far, and the last word to the players.
#[derive(Resource, Debug, Clone)]
pub struct TransportMatch {
    /// The game.
    pub game: Transport,
    /// Each action played, with its fleet.
    pub texts: Vec<(Fleet, String)>,
    /// What the players should read now.
    pub feedback: Feedback,
    /// Actions taken back, for Redo.
    pub redo: crate::playing::RedoStack<Move>,
}

/// A player (or a test) asks for an action.
#[derive(Message, Debug, Clone)]
pub struct TransportIntent(pub Move);

/// An action was played.
#[derive(Message, Debug, Clone)]
pub struct TransportPlayed {
    /// The action.
    pub mv: Move,
    /// The fleet that played it.
    pub fleet: u8,
}

/// The hull colour of a fleet.
pub fn fleet_color(fleet: u8) -> Color {
    match fleet {
        0 => Color::srgb(0.86, 0.84, 0.78),
        1 => Color::srgb(0.28, 0.3, 0.34),
        2 => Color::srgb(0.78, 0.66, 0.46),
        _ => Color::srgb(0.2, 0.26, 0.42),
    }
}

/// Where a fleet's player sits: two fleets and teams face each other across the board; in
/// the battle royal each fleet has its own edge.
pub fn fleet_seat(mode: Mode, fleet: u8) -> Seat {
    match mode {
        Mode::Royal => Seat(usize::from(fleet)),
        _ => Seat::opposite(usize::from(fleet % 2)),
    }
}

impl TransportMatch {
    /// A match on `game`, which may already have actions played.
    pub fn new(game: Transport) -> TransportMatch {
        let mut replay = Transport::from_position(game.start().clone(), game.options().clone());
        let mut texts = Vec::new();
        for mv in game.moves() {
            texts.push((replay.to_move(), replay.move_text(mv)));
            replay.play_unchecked(mv);
        }
        let feedback = match game.outcome() {
            Outcome::Ongoing => Feedback::info(
                "Click a ship to move it (L: launch from it instead), or a plane, shell or torpedo to advance it.",
            ),
            outcome => Feedback::info(format!("{outcome}. N starts a new game.")),
        };
        TransportMatch {
            game,
            texts,
            feedback,
            redo: Default::default(),
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_over()
    }

    /// "Fleet 1 to act", or the result.
    pub fn status(&self) -> String {
        match self.game.outcome() {
            Outcome::Ongoing => format!("{} to act", self.game.to_move()),
            outcome => format!("Game over: {outcome}"),
        }
    }

    /// Each fleet's reserve, or that it is out.
    pub fn counters(&self) -> String {
        let pos = self.game.position();
        (0..pos.mode.fleets())
            .map(|f| {
                if pos.is_out(f) {
                    return format!("{}: transport sunk, out", Fleet(f));
                }
                format!(
                    "{}: reserve {} planes, {} shells, {} torpedoes",
                    Fleet(f),
                    pos.reserve(f, Kind::Plane),
                    pos.reserve(f, Kind::Shell),
                    pos.reserve(f, Kind::Torpedo)
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The rules in brief, for the help overlay.
pub const RULES: &str = "Paschal's Transport (1947). Sink the enemy transport. A turn is one action: move a main \
piece, launch an auxiliary, or advance one. Battleship and carrier pivot on either end or \
slide; destroyer one square (two on its first move); submarine diagonally on dark squares; \
transport one square. Planes fly two along their heading or one any way; shells and \
torpedoes run one square a turn along theirs. Entering a square sinks the enemy pieces \
there the mover can sink (bow dot matches tail dot: red shell, yellow torpedo, green plane, \
orange ramming); a move is illegal if an enemy that can sink the mover remains.";

/// The match, headless.
pub fn logic(app: &mut App) {
    app.add_message::<TransportIntent>()
        .add_message::<TransportPlayed>()
        .add_systems(
            Update,
            (apply_intents, apply_commands, publish)
                .chain()
                .in_set(MatchSet),
        )
        .add_plugins((pieces::plugin, input::plugin));
}

/// The sea, the fleets and the marks in 3D.
pub fn view(app: &mut App) {
    app.add_plugins((board::plugin, pieces::view_plugin, input::view_plugin));
}

fn apply_intents(
    mut intents: MessageReader<TransportIntent>,
    mut the_match: ResMut<TransportMatch>,
    mut played: MessageWriter<TransportPlayed>,
) {
    for TransportIntent(mv) in intents.read() {
        let fleet = the_match.game.to_move();
        let text = the_match.game.move_text(mv);
        if let Err(e) = the_match.game.play(mv) {
            the_match.feedback = Feedback::error(format!("Refused: {text}: {e}"));
            continue;
        }
        the_match.redo.played(mv);
        the_match.texts.push((fleet, text.clone()));
        the_match.feedback = match the_match.game.outcome() {
            Outcome::Ongoing => Feedback::info(format!("{fleet}: {text}")),
            outcome => Feedback::info(format!("{fleet}: {text}. {outcome}!")),
        };
        played.write(TransportPlayed {
            mv: mv.clone(),
            fleet: fleet.0,
        });
    }
}

fn apply_commands(
    mut commands: MessageReader<MatchCommand>,
    mut the_match: ResMut<TransportMatch>,
    mut intents: MessageWriter<TransportIntent>,
    mut reset: MessageWriter<BoardReset>,
) {
    for command in commands.read() {
        match command {
            MatchCommand::Undo => {
                if let Some(mv) = the_match.game.undo() {
                    the_match.redo.push(mv);
                    let text = the_match.texts.pop().map(|t| t.1).unwrap_or_default();
                    the_match.feedback = Feedback::info(format!("Took back {text}"));
                    reset.write(BoardReset);
                } else {
                    the_match.feedback = Feedback::error("Nothing to take back");
                }
            }
            MatchCommand::NewGame => {
                let g = &the_match.game;
                let fresh = Transport::from_position(g.start().clone(), g.options().clone());
                *the_match = TransportMatch::new(fresh);
                the_match.feedback = Feedback::info("New game: Fleet 1 acts first.");
                reset.write(BoardReset);
            }
            // The input turns a confirmation into an action (a pass, a plane kept pointed).
            MatchCommand::Redo => match the_match.redo.next().cloned() {
                Some(mv) => {
                    intents.write(TransportIntent(mv));
                }
                None => the_match.feedback = Feedback::error("Nothing to play again"),
            },
            MatchCommand::Confirm => {}
        }
    }
}

fn publish(the_match: Res<TransportMatch>, mut seat: ResMut<Seat>, mut hud: ResMut<HudState>) {
    if !the_match.is_changed() {
        return;
    }
    let game = &the_match.game;
    let mode = game.position().mode;
    seat.set_if_neq(fleet_seat(mode, game.to_move().0));
    let title = match mode {
        Mode::Two => "Transport",
        Mode::Teams => "Transport (teams: fleets 1 and 3 against 2 and 4)",
        Mode::Royal => "Transport (battle royal)",
    };
    let lines =
        crate::playing::turn_lines(the_match.texts.iter().map(|(f, t)| (*f, t.clone(), true)));
    *hud = HudState {
        title: title.into(),
        status: the_match.status(),
        status_color: if the_match.is_over() {
            RESULT_COLOR
        } else {
            fleet_color(game.to_move().0).lighter(0.2)
        },
        feedback: the_match.feedback.clone(),
        counters: the_match.counters(),
        moves: lines,
        controls: "Click a ship, then a lit square (Tab: pivot on the other end). L: launch from \
                   the ship, then click the square and the square it points at. Click a plane, \
                   shell or torpedo to advance it.\nRight drag: orbit  Middle drag: pan  Wheel: \
                   zoom  1-4: views  Esc: drop  Ctrl+Z: take back  Ctrl+Y: redo  N: new game"
            .into(),
        confirm: None,
        rules: RULES,
    };
}

impl crate::save::Saveable for TransportMatch {
    fn save_data(&self) -> crate::save::SaveData {
        let start = self.game.start();
        let options = self.game.options();
        let standard =
            tabula_rules::transport::Position::standard(options).is_ok_and(|p| p == *start);
        crate::save::SaveData {
            kind: tabula_rules::scene::GameKind::Transport,
            options: crate::save::SaveData::options_text(options),
            setup: (!standard).then(|| start.to_string()),
            moves: self.texts.iter().map(|(_, t)| t.clone()).collect(),
            expect: crate::save::SaveData::expect_text(&self.game.outcome()),
        }
    }

    fn tell(&mut self, feedback: Feedback) {
        self.feedback = feedback;
    }
}
