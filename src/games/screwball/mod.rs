//! Screwball Checkers on the table: the match that owns the game, and its board of large and
//! small squares, screws and balls with their reserves, and move entry with the attacker's
//! choice of penalty squares. [`logic`] runs headless, [`view`] adds the 3D.

pub mod board;
pub mod input;
pub mod pieces;

use crate::playing::{BoardReset, Feedback, HudState, MatchCommand, MatchSet, RESULT_COLOR, Seat};
use bevy::prelude::*;
use tabula_rules::screwball::game::Piece;
use tabula_rules::screwball::{Move, Player, Screwball, Size};
use tabula_rules::{Game, Outcome};

/// The game in play, the notation of every move so far, and the last word to the players.
#[derive(Resource, Debug, Clone)]
pub struct ScrewballMatch {
    /// The game.
    pub game: Screwball,
    /// Each move played, in notation, with its player.
    pub texts: Vec<(Player, String)>,
    /// What the players should read now.
    pub feedback: Feedback,
    /// Moves taken back, for Redo.
    pub redo: crate::playing::RedoStack<Move>,
}

/// A player (or a test) asks for a move.
#[derive(Message, Debug, Clone)]
pub struct ScrewballIntent(pub Move);

/// A move was played.
#[derive(Message, Debug, Clone)]
pub struct ScrewballPlayed {
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub player: Player,
    /// The pieces it attacked (their squares), in order.
    pub attacked: Vec<tabula_rules::screwball::SpaceId>,
    /// The piece that moved, if it died on arrival.
    pub died: Option<Piece>,
}

/// The colour of a player's pieces.
pub fn player_color(player: Player) -> Color {
    match player {
        Player::Screws => Color::srgb(0.78, 0.62, 0.25),
        Player::Balls => Color::srgb(0.62, 0.1, 0.12),
    }
}

impl ScrewballMatch {
    /// A match on `game`, which may already have moves played.
    pub fn new(game: Screwball) -> ScrewballMatch {
        let mut replay = Screwball::from_position(game.start().clone(), game.options().clone())
            .expect("a game's own start and options");
        let mut texts = Vec::new();
        for mv in game.moves() {
            texts.push((replay.to_move(), replay.move_text(mv)));
            replay.play_unchecked(mv);
        }
        let feedback = match game.outcome() {
            Outcome::Ongoing => Feedback::info("Click one of your pieces, then a lit square."),
            outcome => Feedback::info(format!("{outcome}. N starts a new game.")),
        };
        ScrewballMatch {
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

    /// "Screws to move", or the result.
    pub fn status(&self) -> String {
        match self.game.outcome() {
            Outcome::Ongoing => {
                let p = self.game.to_move();
                let again = self.texts.last().is_some_and(|(q, _)| *q == p);
                if again {
                    format!("{p} to move again (bonus)")
                } else {
                    format!("{p} to move")
                }
            }
            outcome => format!("Game over: {outcome}"),
        }
    }

    /// Pieces on the board, in reserve and dead, for each player.
    pub fn counters(&self) -> String {
        let g = &self.game;
        let pos = g.position();
        Player::ALL
            .iter()
            .map(|p| {
                let on = pos.on_board(*p, Size::Large) + pos.on_board(*p, Size::Small);
                format!(
                    "{p}: {on} on the board; reserve {} large, {} small; dead {}",
                    g.reserve(*p, Size::Large),
                    g.reserve(*p, Size::Small),
                    pos.dead(*p, Size::Large) + pos.dead(*p, Size::Small)
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The move list, one line per move (a player's bonus moves follow on his line).
    pub fn lines(&self) -> Vec<crate::playing::MoveLine> {
        let mut last = None;
        crate::playing::turn_lines(self.texts.iter().map(|(p, t)| {
            let starts = last != Some(*p);
            last = Some(*p);
            (*p, t.clone(), starts)
        }))
    }
}

/// The rules in brief, for the help overlay.
pub const RULES: &str = "Dubay's Screwball Checkers (1946). Large pieces stand on small squares, small pieces on \
large ones. Pieces start on the row remote from their owner and move toward him: one step \
forward (straight or diagonal) or sideways toward the centre. A piece attacks enemy pieces \
on touching squares in directions it may move; for each, the attacker sets a penalty piece \
of the victim's on the victim's starting row (or as near as possible) and moves again. A \
piece on its owner's edge, or where it can never move further, is dead. The aim: the fewest pieces on the board; the \
game ends when a player's reserve is spent, and the other wins.";

/// The match, headless.
pub fn logic(app: &mut App) {
    app.add_message::<ScrewballIntent>()
        .add_message::<ScrewballPlayed>()
        .add_systems(
            Update,
            (apply_intents, apply_commands, publish)
                .chain()
                .in_set(MatchSet),
        )
        .add_plugins((pieces::plugin, input::plugin));
}

/// The board and the pieces in 3D.
pub fn view(app: &mut App) {
    app.add_plugins((board::plugin, pieces::view_plugin, input::view_plugin));
}

fn apply_intents(
    mut intents: MessageReader<ScrewballIntent>,
    mut the_match: ResMut<ScrewballMatch>,
    mut played: MessageWriter<ScrewballPlayed>,
) {
    for ScrewballIntent(mv) in intents.read() {
        let game = &the_match.game;
        let player = game.to_move();
        let text = game.move_text(mv);
        let attacked = match mv {
            Move::Step { from, to, .. } => game.position().attacked_after(player, *from, *to),
            _ => Vec::new(),
        };
        let mover = match mv {
            Move::Step { from, .. } => game.position().at(*from),
            _ => None,
        };
        let dead_before =
            game.position().dead(player, Size::Large) + game.position().dead(player, Size::Small);
        if let Err(e) = the_match.game.play(mv) {
            the_match.feedback = Feedback::error(format!("Refused: {text}: {e}"));
            continue;
        }
        let pos = the_match.game.position();
        let died = (pos.dead(player, Size::Large) + pos.dead(player, Size::Small) > dead_before)
            .then_some(mover)
            .flatten();
        the_match.redo.played(mv);
        the_match.texts.push((player, text.clone()));
        let next = the_match.game.to_move();
        the_match.feedback = match the_match.game.outcome() {
            Outcome::Ongoing if next == player => Feedback::info(format!(
                "{player}: {text}. {player} attacked and moves again."
            )),
            Outcome::Ongoing => Feedback::info(format!("{player}: {text}")),
            outcome => Feedback::info(format!("{player}: {text}. {outcome}!")),
        };
        played.write(ScrewballPlayed {
            mv: mv.clone(),
            player,
            attacked,
            died,
        });
    }
}

fn apply_commands(
    mut commands: MessageReader<MatchCommand>,
    mut the_match: ResMut<ScrewballMatch>,
    mut intents: MessageWriter<ScrewballIntent>,
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
                let fresh = Screwball::from_position(g.start().clone(), g.options().clone())
                    .expect("a game's own start and options");
                *the_match = ScrewballMatch::new(fresh);
                the_match.feedback = Feedback::info("New game: Screws moves first.");
                reset.write(BoardReset);
            }
            MatchCommand::Redo => match the_match.redo.next().cloned() {
                Some(mv) => {
                    intents.write(ScrewballIntent(mv));
                }
                None => the_match.feedback = Feedback::error("Nothing to play again"),
            },
            MatchCommand::Confirm => {}
        }
    }
}

fn publish(the_match: Res<ScrewballMatch>, mut seat: ResMut<Seat>, mut hud: ResMut<HudState>) {
    if !the_match.is_changed() {
        return;
    }
    let game = &the_match.game;
    seat.set_if_neq(Seat::opposite(game.to_move().index()));
    *hud = HudState {
        title: "Screwball Checkers".into(),
        status: the_match.status(),
        status_color: if the_match.is_over() {
            RESULT_COLOR
        } else {
            player_color(game.to_move()).lighter(0.2)
        },
        feedback: the_match.feedback.clone(),
        counters: the_match.counters(),
        moves: the_match.lines(),
        controls: "Click a piece, then a lit square; after an attack, click where each penalty \
                   piece goes.\nRight drag: orbit  Middle drag: pan  Wheel: zoom  1 / 2 / 3 / \
                   4: Screws' side, Balls' side, top, side view\nEsc: drop selection  Ctrl+Z: \
                   take back  Ctrl+Y: redo  N: new game"
            .into(),
        confirm: None,
        rules: RULES,
    };
}

impl crate::save::Saveable for ScrewballMatch {
    fn save_data(&self) -> crate::save::SaveData {
        let start = self.game.start();
        let standard = *start == tabula_rules::screwball::Position::standard();
        crate::save::SaveData {
            kind: tabula_rules::scene::GameKind::Screwball,
            options: crate::save::SaveData::options_text(self.game.options()),
            setup: (!standard).then(|| start.to_string()),
            moves: self.texts.iter().map(|(_, t)| t.clone()).collect(),
            expect: crate::save::SaveData::expect_text(&self.game.outcome()),
        }
    }

    fn tell(&mut self, feedback: Feedback) {
        self.feedback = feedback;
    }
}
