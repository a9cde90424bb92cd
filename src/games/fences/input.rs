//! Entering a turn of the fence race: click one of your fences, then the vacant slot it goes
//! to; throw the die (Enter, or the button); click one of the lit spaces the throw reaches
//! (the mouse shows the path the pawn will walk).

use super::board::{
    FieldBoard, FieldSlots, SlotGrooves, SpacePads, Spot, TOP, slot_at, slot_center, space_at,
    space_center,
};
use super::pieces::FencePanel;
use super::{Stage, must_stay, stage};
use crate::table::commands::{Feedback, InputSet, MatchCommand};
use crate::table::game_match::Match;
use crate::table::rules::{Intent, TableRules};
use crate::table::spots::{BoardSpots, SpotClicked};
use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use tabula_rules::Game;
use tabula_rules::fences::Fences;
use tabula_rules::fences::{FenceMove, Node, Slot, Space};

/// The fence chosen to be moved, by the slot it stands in.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ChosenFence(pub Option<Slot>);

/// Clicks to actions, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(crate::table::spots::plugin::<Fences, ChosenFence>)
        .add_systems(
            Update,
            (keys, handle_clicks)
                .chain()
                .in_set(InputSet)
                .in_set(super::SYSTEMS),
        );
}

/// The entities that stand for places of the field: marked spots, the space pads, the slot
/// grooves (answering from the point hit), the fences (their slots).
#[derive(SystemParam)]
pub struct FenceSpots<'w, 's> {
    spots: Query<'w, 's, &'static Spot>,
    pads: Query<'w, 's, (), With<SpacePads>>,
    grooves: Query<'w, 's, (), With<SlotGrooves>>,
    field: Option<Res<'w, FieldBoard>>,
    slots: Option<Res<'w, FieldSlots>>,
    fences: Query<'w, 's, &'static FencePanel>,
}

impl BoardSpots for Fences {
    type Spot = Spot;
    type Lookup = FenceSpots<'static, 'static>;

    fn spot_of(
        lookup: &SystemParamItem<'_, '_, FenceSpots<'static, 'static>>,
        entity: Entity,
        at: Option<Vec3>,
    ) -> Option<Spot> {
        if let Ok(spot) = lookup.spots.get(entity) {
            return Some(*spot);
        }
        let board = lookup.field.as_ref().map(|f| f.0);
        if lookup.pads.contains(entity) {
            return space_at(board?, at?).map(Spot::Space);
        }
        if lookup.grooves.contains(entity) {
            return slot_at(board?, &lookup.slots.as_ref()?.0, at?).map(Spot::Slot);
        }
        lookup
            .fences
            .get(entity)
            .ok()
            .map(|panel| Spot::Slot(panel.slot))
    }

    /// A space by its name and the pawn on it; a slot by the fence in it.
    fn spot_words(&self, spot: Spot) -> Option<String> {
        use tabula_rules::fences::Node;
        Some(match spot {
            Spot::Space(s) => {
                let pawns: Vec<String> = self
                    .seats()
                    .iter()
                    .filter(|seat| self.pawn(**seat) == Node::Space(s))
                    .filter(|seat| !self.resignations().iter().any(|r| r.player == **seat))
                    .map(|seat| format!("{seat}'s pawn"))
                    .collect();
                match pawns.as_slice() {
                    [] => s.to_string(),
                    _ => format!("{} on {s}", pawns.join(" and ")),
                }
            }
            Spot::Slot(slot) => match self.fences().iter().find(|(_, at)| *at == slot) {
                Some((seat, _)) => format!("{seat}'s fence in {slot}"),
                None => format!("slot {slot}"),
            },
            Spot::Home => "home".to_string(),
        })
    }

    /// The spaces, the slots and home.
    fn cursor_spots(&self) -> Vec<Spot> {
        let board = self.board();
        let spaces = (0..board.size()).flat_map(|y| {
            (0..board.size())
                .map(move |x| Space { x, y })
                .filter(move |s| board.is_space(*s))
                .map(Spot::Space)
        });
        spaces
            .chain(self.slots().into_iter().map(Spot::Slot))
            .chain([Spot::Home])
            .collect()
    }

    fn spot_place(&self, spot: Spot) -> Option<Vec3> {
        let board = self.board();
        Some(match spot {
            Spot::Space(s) => space_center(board, s),
            Spot::Slot(slot) => slot_center(board, slot),
            Spot::Home => Vec3::new(0.0, TOP, 0.0),
        })
    }

    /// Before the throw, the fences that can be moved; after it, where the pawn may end.
    fn movable_spots(&self, legal: &[FenceMove]) -> Vec<Spot> {
        let mut out: Vec<Spot> = Vec::new();
        for spot in legal.iter().filter_map(|m| match m {
            FenceMove::Relocate { from, .. } => Some(Spot::Slot(*from)),
            FenceMove::Walk(Node::Space(s)) => Some(Spot::Space(*s)),
            FenceMove::Walk(Node::Home) => Some(Spot::Home),
            _ => None,
        }) {
            if !out.contains(&spot) {
                out.push(spot);
            }
        }
        out
    }
}

/// The walk that ends on `node`, among the `legal` moves, if the throw reaches it.
fn walk_to(legal: &[FenceMove], node: Node) -> Option<FenceMove> {
    legal
        .iter()
        .find(|m| matches!(m, FenceMove::Walk(end) if *end == node))
        .cloned()
}

/// Applies one click: choose a fence, set it in a slot, or walk; or say why not.
pub(crate) fn apply_click(
    the_match: &mut Match<Fences>,
    chosen: &mut ChosenFence,
    spot: Spot,
) -> Option<Intent<Fences>> {
    let game = &the_match.game;
    let seat = game.to_move();
    let owner = |slot: Slot| {
        game.fences()
            .iter()
            .find(|(_, s)| *s == slot)
            .map(|(owner, _)| *owner)
    };
    match (stage(&the_match.game), spot) {
        (Stage::Over, _) => {
            the_match.feedback =
                Feedback::error("The race is over: N starts a new one, Ctrl+Z takes back a step.");
        }
        (Stage::Relocate, Spot::Slot(slot)) => match (owner(slot), chosen.0) {
            (Some(o), _) if o == seat => {
                if chosen.0 == Some(slot) {
                    chosen.0 = None;
                    the_match.feedback = Feedback::info("Fence put back.");
                } else {
                    chosen.0 = Some(slot);
                    the_match.feedback =
                        Feedback::info(format!("{seat}'s fence in {slot}: click a vacant slot."));
                }
            }
            (Some(o), _) => {
                the_match.feedback =
                    Feedback::error(format!("That is {o}'s fence: {seat} moves one of his own."));
            }
            (None, Some(from)) => {
                chosen.0 = None;
                return Some(Intent::Play(FenceMove::Relocate { from, to: slot }));
            }
            (None, None) => {
                the_match.feedback =
                    Feedback::error(format!("First click one of {seat}'s fences."));
            }
        },
        (Stage::Relocate, _) => {
            the_match.feedback = Feedback::error(format!(
                "{seat} must first move one of his fences: click it, then a vacant slot."
            ));
        }
        (Stage::Throw, _) => {
            the_match.feedback = Feedback::error(the_match.game.hint());
        }
        (Stage::Walk(k), spot) => {
            let node = match spot {
                Spot::Space(s) => Some(Node::Space(s)),
                Spot::Home => Some(Node::Home),
                Spot::Slot(_) => None,
            };
            if must_stay(the_match.legal()) {
                the_match.feedback = Feedback::error(the_match.game.hint());
                return None;
            }
            match node.and_then(|n| walk_to(the_match.legal(), n)) {
                Some(walk) => return Some(Intent::Play(walk)),
                None => {
                    let home = if node == Some(Node::Home) {
                        let from = game.pawn(seat);
                        match game.distance_home(from) {
                            Some(d) => {
                                format!(" (home is {d} steps away: it takes that exact throw)")
                            }
                            None => " (no open path leads home)".into(),
                        }
                    } else {
                        String::new()
                    };
                    the_match.feedback = Feedback::error(format!(
                        "Not there: the pawn must walk exactly {k} steps along open paths{home}; click a lit space."
                    ));
                }
            }
        }
    }
    None
}

fn keys(
    input: Option<Res<ButtonInput<KeyCode>>>,
    mut chosen: ResMut<ChosenFence>,
    mut actions: MessageWriter<Intent<Fences>>,
    mut commands: MessageReader<MatchCommand>,
    the_match: Res<Match<Fences>>,
) {
    // Confirm (Enter, or the HUD's button) throws the die, or passes a fenced-in pawn.
    for command in commands.read() {
        if *command != MatchCommand::Confirm {
            continue;
        }
        match stage(&the_match.game) {
            Stage::Throw => {
                actions.write(Intent::Chance);
            }
            Stage::Walk(_) if must_stay(the_match.legal()) => {
                actions.write(Intent::Play(FenceMove::Stay));
            }
            _ => {}
        }
    }
    let Some(input) = input else { return };
    if input.just_pressed(KeyCode::Escape) && chosen.0.is_some() {
        chosen.0 = None;
    }
    if input.just_pressed(KeyCode::KeyT) {
        actions.write(Intent::Chance);
    }
    if input.just_pressed(KeyCode::KeyC) && the_match.game.options().chance_cards {
        actions.write(Intent::Play(FenceMove::Draw));
    }
}

fn handle_clicks(
    mut clicks: MessageReader<SpotClicked<Fences>>,
    mut chosen: ResMut<ChosenFence>,
    mut the_match: ResMut<Match<Fences>>,
    mut actions: MessageWriter<Intent<Fences>>,
) {
    for SpotClicked(spot) in clicks.read() {
        if let Some(action) = apply_click(&mut the_match, &mut chosen, *spot) {
            actions.write(action);
        }
    }
}
