//! The fence race on the table: the match that owns the race, and its slotted board,
//! fences, pawns and die, and move entry. [`plugin`] runs headless, [`view`] adds the 3D.

pub mod board;
pub(crate) mod input;
pub(crate) mod models;
pub(crate) mod picking;
pub mod pieces;
pub(crate) mod view;

use crate::table::report::{MoveLine, turn_lines};
use crate::table::rules::TableRules;
use crate::table::seats::Seat;
use bevy::prelude::*;
use tabula_rules::fences::{FenceMove, Fences, Node};
use tabula_rules::game::Chance;
use tabula_rules::scene::GameKind;
use tabula_rules::{Game, Outcome, PlayError};

/// The set every system of this game is in: it runs while the game is on the table.
pub(crate) const SYSTEMS: crate::table::rules::GameSystems =
    crate::table::rules::GameSystems(GameKind::Fences);

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

/// What the seat to move must do now.
pub fn stage(game: &Fences) -> Stage {
    if game.outcome().is_over() {
        Stage::Over
    } else if let Some(k) = game.thrown() {
        Stage::Walk(k)
    } else if game.pending_chance().is_some() {
        Stage::Throw
    } else {
        Stage::Relocate
    }
}

/// Whether the pawn to move is fenced in and can only stay, from the `legal` moves.
pub(crate) fn must_stay(legal: &[FenceMove]) -> bool {
    legal == [FenceMove::Stay]
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
pub(crate) fn table_seat(seat: tabula_rules::fences::Seat) -> Seat {
    Seat(seat.0.turns() as usize)
}

/// The rules in brief, for the help overlay.
pub(crate) const RULES: &str = "Magee's fence race (1962). Each turn: move one of your six fences to any vacant slot \
(compulsory), throw the die, and walk your pawn exactly that many steps along open paths, \
turning freely and back-tracking if you like, never through a fence. A fenced-in pawn \
stays. Home only with the exact count (the shortest distance). First pawn home wins. \
Options: 2-4 players, board size, seed, chance cards instead of the die, playing on for \
places.";

/// The race, headless: its match, pieces and input.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((pieces::plugin, input::plugin));
}

impl TableRules for Fences {
    type Knowledge = tabula_ai::knowledge::fences::FencesKnowledge;

    const KIND: GameKind = GameKind::Fences;
    const PLUGIN: fn(&mut App) = plugin;
    const VIEW: fn(&mut App) = view::plugin;
    const RULES: &'static str = RULES;
    const CONTROLS: &'static str = "Click your fence, then a vacant slot; Enter throws; click a \
        lit space to walk there.\nRight drag: orbit  Middle drag: pan  Wheel: zoom  1 / 2 / 3 \
        / 4: Red's side, Green's side, top, side view\nEsc: drop selection  Ctrl+Z: take back  \
        Ctrl+Y: redo  N: new race  H: hint";

    fn title(&self) -> String {
        format!("The fence race ({} players)", self.seats().len())
    }

    fn seat_of(&self, seat: tabula_rules::fences::Seat) -> Seat {
        table_seat(seat)
    }

    fn status_color(&self, seat: tabula_rules::fences::Seat) -> Color {
        crate::view::theme::color(tabula_rules::fences::palette::status(seat.0))
    }

    /// Each pawn's place and its distance home; the chance cards left.
    fn counters(&self) -> String {
        let mut lines: Vec<String> = self
            .seats()
            .iter()
            .map(|seat| {
                let node = self.pawn(*seat);
                if self.resignations().iter().any(|r| r.player == *seat) {
                    return format!("{seat}: resigned, out of the race");
                }
                if node == Node::Home {
                    let place = self.places().iter().position(|s| s == seat).unwrap_or(0);
                    return format!("{seat}: home ({})", ordinal(place + 1));
                }
                match self.distance_home(node) {
                    Some(d) => format!("{seat}: on {node}, {d} steps from home"),
                    None => format!("{seat}: on {node}, fenced off from home"),
                }
            })
            .collect();
        if self.options().chance_cards {
            lines.push(format!("Chance cards face down: {}", self.deck().len()));
        }
        lines.join("\n")
    }

    /// What to do next, in words.
    fn hint(&self) -> String {
        let seat = self.to_move();
        match stage(self) {
            Stage::Relocate => {
                format!("{seat}: click one of your fences, then the vacant slot it goes to.")
            }
            Stage::Throw if self.options().chance_cards => {
                format!("{seat}: Enter throws the die, C draws a chance card.")
            }
            Stage::Throw => format!("{seat}: Enter (or the button) throws the die."),
            Stage::Walk(_) if must_stay(&self.legal_moves()) => {
                format!("{seat}'s pawn is fenced in: Enter passes the turn.")
            }
            Stage::Walk(k) => format!(
                "{seat}: walk {k} step{}: click a lit space (the mouse shows the path).",
                if k == 1 { "" } else { "s" }
            ),
            Stage::Over => match self.outcome() {
                Outcome::Win(s) => format!("{s}'s pawn is home first. N starts a new race."),
                other => format!("{other}. N starts a new race."),
            },
        }
    }

    /// "Red: walk 4 steps", or the result.
    fn status(&self, _texts: &[(tabula_rules::fences::Seat, String)]) -> String {
        let seat = self.to_move();
        match stage(self) {
            Stage::Relocate => format!("{seat} to move a fence"),
            Stage::Throw => format!("{seat} to throw"),
            Stage::Walk(k) => format!("{seat} threw {k}: walk"),
            Stage::Over => format!("Game over: {}", self.outcome()),
        }
    }

    /// One line per turn: the seat and its steps.
    fn lines(texts: &[(tabula_rules::fences::Seat, String)]) -> Vec<MoveLine> {
        let mut last = None;
        turn_lines(texts.iter().map(|(seat, text)| {
            let starts = last != Some(*seat) || text.starts_with("fence");
            last = Some(*seat);
            (*seat, text.clone(), starts)
        }))
    }

    fn announce(&self, seat: tabula_rules::fences::Seat, texts: &[String]) -> String {
        format!("{seat}: {}. {}", texts.join(", "), self.hint())
    }

    fn fresh(&self) -> Result<Fences, String> {
        Fences::from_options(self.options().clone()).map_err(|e| e.to_string())
    }

    fn new_game_note(&self) -> String {
        self.hint()
    }

    fn is_chance(mv: &FenceMove) -> bool {
        matches!(mv, FenceMove::Throw(_) | FenceMove::Card(_))
    }

    fn chance_now(&self) -> bool {
        matches!(self.pending_chance(), Some(Chance::Card { .. }))
    }

    fn draw_chance(&self) -> Result<FenceMove, PlayError> {
        // The race's n-th throw or card is its seeded generator's n-th: draw it on a copy.
        let mut copy = self.clone();
        match self.pending_chance() {
            Some(Chance::Die { .. }) => copy.throw().map(FenceMove::Throw),
            Some(Chance::Card { .. }) => copy.draw().map(FenceMove::Card),
            None => Err(PlayError::Illegal(format!(
                "there is nothing to throw now. {}",
                self.hint()
            ))),
        }
    }

    fn confirm_label(&self, legal: &[FenceMove], _can_confirm: bool) -> Option<String> {
        match stage(self) {
            Stage::Throw => Some("Throw the die".to_string()),
            Stage::Walk(_) if must_stay(legal) => Some("Pass (fenced in)".to_string()),
            _ => None,
        }
    }

    fn spot_size(&self) -> f32 {
        board::pitch(self.board()) * 0.7
    }

    fn edge_labels(&self) -> Vec<(String, Vec3)> {
        let field = self.board();
        let at = |f: usize, r: usize| {
            board::space_center(
                field,
                tabula_rules::fences::Space {
                    x: f as u8,
                    y: r as u8,
                },
            )
        };
        let file = |f: usize| char::from(b'a' + f as u8).to_string();
        let rank = |r: usize| (r + 1).to_string();
        let n = usize::from(field.size());
        crate::view::coordinates::grid(n, n, at, board::pitch(field), file, rank, rank)
    }

    fn square_point(&self, name: &str) -> Option<Vec3> {
        let field = self.board();
        if let Some(slot) = tabula_rules::fences::Slot::parse(name) {
            return Some(board::slot_center(field, slot));
        }
        tabula_rules::fences::Space::parse(name).map(|s| board::space_center(field, s))
    }

    fn spawn_pieces(&self, commands: &mut Commands) {
        pieces::spawn_pieces(self, commands);
    }

    /// A fence lifted and set (and whether it cuts across an opponent's way home), the die
    /// thrown or the card drawn, the pawn set down and whether it is home, and the win.
    fn moments(
        &self,
        played: &crate::table::rules::Played<Fences>,
    ) -> Vec<crate::table::moments::Moment> {
        moments(self, played)
    }
}

/// What a step of the fence race did, from its effect.
fn moments(
    game: &Fences,
    played: &crate::table::rules::Played<Fences>,
) -> Vec<crate::table::moments::Moment> {
    use crate::table::moments::{Cue, Moment, number, ordinal};
    use tabula_rules::fences::{Card, FenceStep};
    let effect = &played.effect;
    let seat = effect.seat;
    let mut moments = Vec::new();
    match &effect.step {
        FenceStep::Relocated { to, .. } => {
            moments.push(Moment::new(Cue::FenceLift));
            moments.push(Moment::new(Cue::FenceSet));
            // The race as it stood before the fence moved: the step taken back.
            let mut before = game.clone();
            if before.undo().as_ref() == Some(&played.mv)
                && let Some(across) = fence_across(&before, game, seat, *to)
            {
                moments.push(Moment::told(Cue::FenceAcross, across));
            }
        }
        FenceStep::Thrown(n) => {
            moments.push(Moment::told(Cue::DieRoll, format!("{seat} throws {n}")));
        }
        FenceStep::Drawn { card, turned_over } => {
            let steps = |n: u8| match n {
                1 => "one step".to_string(),
                n => format!("{} steps", number(usize::from(n))),
            };
            let order = match card {
                Card::Steps(n) => format!("walk {}", steps(*n)),
                Card::JumpFence(n) => format!("walk {}, crossing a fence", steps(*n)),
                Card::LoseTurn => "lose a turn".to_string(),
            };
            let turned = if *turned_over {
                ", and the stack is turned over"
            } else {
                ""
            };
            moments.push(Moment::told(
                Cue::DieRoll,
                format!("{seat} draws a chance card: {order}{turned}"),
            ));
        }
        FenceStep::Walked { place, .. } => {
            moments.push(Moment::new(Cue::Place));
            if let Some(place) = place {
                moments.push(Moment::told(
                    Cue::PawnHome,
                    format!("{seat}'s pawn is home, {}", ordinal(*place)),
                ));
            }
        }
        FenceStep::Drawing | FenceStep::Stayed => {}
    }
    moments.extend(crate::table::moments::win(&game.outcome()));
    moments
}

/// Whether the fence `seat` set in `slot` (the race `before` and `after` it) cuts across an
/// opponent's way home, told in words: it stands in front of his pawn, across a step that
/// began a shortest way home, or it made his shortest way home longer.
fn fence_across(
    before: &Fences,
    after: &Fences,
    seat: tabula_rules::fences::Seat,
    slot: tabula_rules::fences::Slot,
) -> Option<String> {
    use crate::table::moments::{list, number};
    let board = after.board();
    let distance = |race: &Fences, space| {
        if board.in_home(space) {
            Some(0)
        } else {
            race.distance_home(Node::Space(space))
        }
    };
    let mut cut = Vec::new();
    let mut longest = 0;
    for other in after.seats().iter().filter(|s| **s != seat) {
        let Node::Space(pawn) = after.pawn(*other) else {
            continue;
        };
        let Some(was) = distance(before, pawn) else {
            continue;
        };
        let now = distance(after, pawn);
        let beyond = match slot {
            tabula_rules::fences::Slot(a, b) if a == pawn => Some(b),
            tabula_rules::fences::Slot(a, b) if b == pawn => Some(a),
            _ => None,
        };
        let in_front = beyond.is_some_and(|b| distance(before, b).is_some_and(|d| d + 1 == was));
        match now {
            Some(now) if now > was => longest = longest.max(now - was),
            None => {}
            Some(_) if in_front => {}
            Some(_) => continue,
        }
        cut.push(format!("{other}'s"));
    }
    if cut.is_empty() {
        return None;
    }
    let ways = if cut.len() == 1 { "way" } else { "ways" };
    let longer = match longest {
        0 => String::new(),
        1 => ", one step longer".to_string(),
        n => format!(", {} steps longer", number(n as usize)),
    };
    Some(format!(
        "{seat}'s fence cuts across {} {ways} home{longer}",
        list(&cut)
    ))
}
