//! The fence race on the table: the match that owns the race, and its slotted board,
//! fences, pawns and die, and move entry. [`logic`] runs headless, [`view`] adds the 3D.

pub mod board;
pub mod input;
pub mod pieces;

use crate::playing::{BoardReset, Feedback, HudState, MatchCommand, MatchSet, RESULT_COLOR, Seat};
use bevy::prelude::*;
use tabula_rules::fences::{FenceMove, Fences, Node, Section};
use tabula_rules::game::Chance;
use tabula_rules::{Game, Outcome};

/// The race in play, what each seat did, and the last word to the players.
#[derive(Resource, Debug, Clone)]
pub struct FencesMatch {
    /// The race (positions, history, options, the seeded die).
    pub game: Fences,
    /// Each step played, with the seat that played it, in notation.
    pub log: Vec<(tabula_rules::fences::Seat, String)>,
    /// What the players should read now.
    pub feedback: Feedback,
    /// Throws and draws taken back, to be given again in the same order: taking back a
    /// throw never earns a new one.
    pub taken_back: Vec<FenceMove>,
    /// Steps taken back, for Redo.
    pub redo: crate::playing::RedoStack<FenceMove>,
}

/// What a player asks of the race.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum FenceAction {
    /// Play a step (a relocation, a walk, staying put).
    Play(FenceMove),
    /// Throw the die.
    Throw,
    /// Draw a chance card instead of throwing.
    Draw,
}

/// A step was played.
#[derive(Message, Debug, Clone)]
pub struct FencePlayed {
    /// Who played it.
    pub seat: tabula_rules::fences::Seat,
    /// The step.
    pub mv: FenceMove,
    /// Where the seat's pawn stood before it.
    pub pawn_before: Node,
    /// A walk's way, from where the pawn stood to where it ends (empty for other steps).
    pub path: Vec<Node>,
}

/// What the seat to move must do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Move one of its fences to a vacant slot.
    Relocate,
    /// Throw the die (or draw a card).
    Throw,
    /// Walk this many steps (or stay, fenced in).
    Walk(u8),
    /// The race is over.
    Over,
}

/// The colour of a seat.
pub fn seat_color(seat: tabula_rules::fences::Seat) -> Color {
    match seat.0 {
        Section::South => Color::srgb(0.78, 0.14, 0.1),
        Section::East => Color::srgb(0.14, 0.32, 0.8),
        Section::North => Color::srgb(0.12, 0.55, 0.2),
        Section::West => Color::srgb(0.9, 0.75, 0.12),
    }
}

impl FencesMatch {
    /// A match on `game`, which may already have steps played.
    pub fn new(game: Fences) -> FencesMatch {
        let mut replay = game.clone();
        let mut steps = Vec::new();
        while let Some(mv) = replay.undo() {
            steps.push(mv);
        }
        let mut log = Vec::new();
        for mv in steps.into_iter().rev() {
            log.push((replay.to_move(), replay.move_text(&mv)));
            replay.play_unchecked(&mv);
        }
        let mut m = FencesMatch {
            game,
            log,
            feedback: Feedback::default(),
            taken_back: Vec::new(),
            redo: Default::default(),
        };
        m.feedback = Feedback::info(m.hint());
        m
    }

    /// What the seat to move must do now.
    pub fn stage(&self) -> Stage {
        if self.game.outcome().is_over() {
            Stage::Over
        } else if let Some(k) = self.game.thrown() {
            Stage::Walk(k)
        } else if self.game.pending_chance().is_some() {
            Stage::Throw
        } else {
            Stage::Relocate
        }
    }

    /// Whether the race is over.
    pub fn is_over(&self) -> bool {
        self.stage() == Stage::Over
    }

    /// What to do next, in words.
    pub fn hint(&self) -> String {
        let seat = self.game.to_move();
        match self.stage() {
            Stage::Relocate => {
                format!("{seat}: click one of your fences, then the vacant slot it goes to.")
            }
            Stage::Throw if self.game.options().chance_cards => {
                format!("{seat}: Enter throws the die, C draws a chance card.")
            }
            Stage::Throw => format!("{seat}: Enter (or the button) throws the die."),
            Stage::Walk(_) if self.must_stay() => {
                format!("{seat}'s pawn is fenced in: Enter passes the turn.")
            }
            Stage::Walk(k) => format!(
                "{seat}: walk {k} step{}: click a lit space (the mouse shows the path).",
                if k == 1 { "" } else { "s" }
            ),
            Stage::Over => match self.game.outcome() {
                Outcome::Win(s) => format!("{s}'s pawn is home first. N starts a new race."),
                other => format!("{other}. N starts a new race."),
            },
        }
    }

    /// Whether the pawn to move is fenced in and can only stay.
    pub fn must_stay(&self) -> bool {
        self.game.legal_moves() == vec![FenceMove::Stay]
    }

    /// "Red: walk 4 steps", or the result.
    pub fn status(&self) -> String {
        let seat = self.game.to_move();
        match self.stage() {
            Stage::Relocate => format!("{seat} to move a fence"),
            Stage::Throw => format!("{seat} to throw"),
            Stage::Walk(k) => format!("{seat} threw {k}: walk"),
            Stage::Over => format!("Game over: {}", self.game.outcome()),
        }
    }

    /// One line per turn: the seat and its steps.
    pub fn turn_lines(&self) -> Vec<crate::playing::MoveLine> {
        let mut last = None;
        crate::playing::turn_lines(self.log.iter().map(|(seat, text)| {
            let starts = last != Some(*seat) || text.starts_with("fence");
            last = Some(*seat);
            (*seat, text.clone(), starts)
        }))
    }

    /// Each pawn's place and its distance home; the chance cards left.
    pub fn counters(&self) -> String {
        let game = &self.game;
        let mut lines: Vec<String> = game
            .seats()
            .iter()
            .map(|seat| {
                let node = game.pawn(*seat);
                if node == Node::Home {
                    let place = game.places().iter().position(|s| s == seat).unwrap_or(0);
                    return format!("{seat}: home ({})", ordinal(place + 1));
                }
                match game.distance_home(node) {
                    Some(d) => format!("{seat}: on {node}, {d} steps from home"),
                    None => format!("{seat}: on {node}, fenced off from home"),
                }
            })
            .collect();
        if game.options().chance_cards {
            lines.push(format!("Chance cards face down: {}", game.deck().len()));
        }
        lines.join("\n")
    }

    /// Applies an action; returns the steps played, each with its notation.
    pub fn act(&mut self, action: &FenceAction) -> Result<Vec<(FenceMove, String)>, String> {
        let seat = self.game.to_move();
        let mut played = Vec::new();
        match action {
            FenceAction::Play(mv) => {
                // A walk is written from where the pawn stands: name it before playing.
                let text = self.game.move_text(mv);
                self.game.play(mv).map_err(|e| format!("Refused: {e}"))?;
                played.push((mv.clone(), text));
            }
            FenceAction::Throw => {
                if self.stage() != Stage::Throw {
                    return Err(format!("Not now: {}", self.hint()));
                }
                let mv = self.chance(
                    |m| matches!(m, FenceMove::Throw(_)),
                    |g| g.throw().map(FenceMove::Throw),
                )?;
                played.push((mv.clone(), self.game.move_text(&mv)));
            }
            FenceAction::Draw => {
                if self.stage() != Stage::Throw || !self.game.options().chance_cards {
                    return Err("Chance cards are not in play now.".into());
                }
                self.game
                    .play(&FenceMove::Draw)
                    .map_err(|e| format!("Refused: {e}"))?;
                played.push((FenceMove::Draw, "draw".to_string()));
                let mv = self.chance(
                    |m| matches!(m, FenceMove::Card(_)),
                    |g| g.draw().map(FenceMove::Card),
                )?;
                played.push((mv.clone(), self.game.move_text(&mv)));
            }
        }
        for (_, text) in &played {
            self.log.push((seat, text.clone()));
        }
        Ok(played)
    }

    /// Resolves the chance now due: the throw or card last taken back if there is one,
    /// else a fresh one from the game's seeded generator.
    fn chance(
        &mut self,
        kind: fn(&FenceMove) -> bool,
        fresh: fn(&mut Fences) -> Result<FenceMove, tabula_rules::PlayError>,
    ) -> Result<FenceMove, String> {
        if self.taken_back.last().is_some_and(kind)
            && let Some(mv) = self.taken_back.pop()
        {
            self.game.play(&mv).map_err(|e| e.to_string())?;
            return Ok(mv);
        }
        fresh(&mut self.game).map_err(|e| e.to_string())
    }

    /// Takes back the last step; a throw or card taken back is kept to be given again.
    pub fn undo(&mut self) -> Option<String> {
        let mv = self.game.undo()?;
        self.redo.push(mv.clone());
        if matches!(mv, FenceMove::Throw(_) | FenceMove::Card(_)) {
            self.taken_back.push(mv);
        }
        self.log.pop().map(|(_, t)| t)
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Where a seat sits around the table.
pub fn table_seat(seat: tabula_rules::fences::Seat) -> Seat {
    Seat(seat.0.turns() as usize)
}

/// The rules in brief, for the help overlay.
pub const RULES: &str = "Magee's fence race (1962). Each turn: move one of your six fences to any vacant slot \
(compulsory), throw the die, and walk your pawn exactly that many steps along open paths, \
turning freely and back-tracking if you like, never through a fence. A fenced-in pawn \
stays. Home only with the exact count (the shortest distance). First pawn home wins. \
Options: 2-4 players, board size, seed, chance cards instead of the die, playing on for \
places.";

/// The race, headless: actions, commands, and what the HUD and camera are told.
pub fn logic(app: &mut App) {
    app.add_message::<FenceAction>()
        .add_message::<FencePlayed>()
        .add_systems(
            Update,
            (apply_commands, apply_actions, publish)
                .chain()
                .in_set(MatchSet),
        )
        .add_plugins((pieces::plugin, input::plugin));
}

/// The board, fences, pawns and die in 3D.
pub fn view(app: &mut App) {
    app.add_plugins((board::plugin, pieces::view_plugin, input::view_plugin));
}

fn apply_actions(
    mut actions: MessageReader<FenceAction>,
    mut the_match: ResMut<FencesMatch>,
    mut played: MessageWriter<FencePlayed>,
) {
    for action in actions.read() {
        let seat = the_match.game.to_move();
        let pawn_before = the_match.game.pawn(seat);
        // A walk is named by its end: find its way before it is played.
        let path = match action {
            FenceAction::Play(FenceMove::Walk(end)) => {
                the_match.game.walk_path(*end).unwrap_or_default()
            }
            _ => Vec::new(),
        };
        match the_match.act(action) {
            Ok(steps) => {
                let mut said = Vec::new();
                for (mv, text) in steps {
                    the_match.redo.played(&mv);
                    said.push(text);
                    let path = match mv {
                        FenceMove::Walk(_) => path.clone(),
                        _ => Vec::new(),
                    };
                    played.write(FencePlayed {
                        seat,
                        mv,
                        pawn_before,
                        path,
                    });
                }
                let next = the_match.hint();
                the_match.feedback = Feedback::info(format!("{seat}: {}. {next}", said.join(", ")));
            }
            Err(why) => the_match.feedback = Feedback::error(why),
        }
    }
}

fn apply_commands(
    mut commands: MessageReader<MatchCommand>,
    mut the_match: ResMut<FencesMatch>,
    mut actions: MessageWriter<FenceAction>,
    mut reset: MessageWriter<BoardReset>,
) {
    for command in commands.read() {
        match command {
            MatchCommand::Undo => match the_match.undo() {
                Some(text) => {
                    // A card is taken back together with the draw that brought it.
                    if the_match
                        .game
                        .pending_chance()
                        .is_some_and(|c| matches!(c, Chance::Card { .. }))
                    {
                        the_match.undo();
                    }
                    let next = the_match.hint();
                    the_match.feedback = Feedback::info(format!("Took back {text}. {next}"));
                    reset.write(BoardReset);
                }
                None => the_match.feedback = Feedback::error("Nothing to take back"),
            },
            MatchCommand::NewGame => {
                let fresh = Fences::new(the_match.game.options().clone());
                match fresh {
                    Ok(game) => {
                        *the_match = FencesMatch::new(game);
                        reset.write(BoardReset);
                    }
                    Err(e) => the_match.feedback = Feedback::error(e.to_string()),
                }
            }
            MatchCommand::Redo => match the_match.redo.next().cloned() {
                Some(FenceMove::Throw(_)) => {
                    actions.write(FenceAction::Throw);
                }
                Some(FenceMove::Draw) => {
                    actions.write(FenceAction::Draw);
                }
                Some(FenceMove::Card(_)) | None => {
                    the_match.feedback = Feedback::error("Nothing to play again");
                }
                Some(mv) => {
                    actions.write(FenceAction::Play(mv));
                }
            },
            MatchCommand::Confirm => match the_match.stage() {
                Stage::Throw => {
                    actions.write(FenceAction::Throw);
                }
                Stage::Walk(_) if the_match.must_stay() => {
                    actions.write(FenceAction::Play(FenceMove::Stay));
                }
                _ => {}
            },
        }
    }
}

fn publish(the_match: Res<FencesMatch>, mut seat: ResMut<Seat>, mut hud: ResMut<HudState>) {
    if !the_match.is_changed() {
        return;
    }
    let game = &the_match.game;
    seat.set_if_neq(table_seat(game.to_move()));
    let confirm = match the_match.stage() {
        Stage::Throw => Some("Throw the die".to_string()),
        Stage::Walk(_) if the_match.must_stay() => Some("Pass (fenced in)".to_string()),
        _ => None,
    };
    *hud = HudState {
        title: format!("The fence race ({} players)", game.seats().len()),
        status: the_match.status(),
        status_color: if the_match.is_over() {
            RESULT_COLOR
        } else {
            seat_color(game.to_move()).lighter(0.2)
        },
        feedback: the_match.feedback.clone(),
        counters: the_match.counters(),
        moves: the_match.turn_lines(),
        controls: "Click your fence, then a vacant slot; Enter throws; click a lit space to \
                   walk there.\nRight drag: orbit  Middle drag: pan  Wheel: zoom  1 / 2 / 3 / \
                   4: Red's side, Green's side, top, side view\nEsc: drop selection  Ctrl+Z: \
                   take back  Ctrl+Y: redo  N: new race"
            .into(),
        confirm,
        rules: RULES,
    };
}

impl crate::save::Saveable for FencesMatch {
    fn save_data(&self) -> crate::save::SaveData {
        crate::save::SaveData {
            kind: tabula_rules::scene::GameKind::Fences,
            options: crate::save::SaveData::options_text(self.game.options()),
            setup: None,
            moves: self.log.iter().map(|(_, t)| t.clone()).collect(),
            expect: crate::save::SaveData::expect_text(&self.game.outcome()),
        }
    }

    fn tell(&mut self, feedback: Feedback) {
        self.feedback = feedback;
    }
}
