//! Entering a Screwball move: click a piece, then a lit square. When the step attacks, the
//! attacker clicks where each penalty piece goes, among the lit squares nearest the victim's
//! starting row. A player who cannot move clicks a lit square of his starting row to enter a
//! reserve piece (or presses Enter to pass when he cannot).

use super::board::{ScrewballSpaces, space_at};
use super::pieces::ScrewballPiece;
use crate::table::commands::{Feedback, InputSet, MatchCommand};
use crate::table::game_match::Match;
use crate::table::rules::Intent;
use crate::table::spots::{BoardSpots, SpotClicked};
use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use tabula_rules::Game;
use tabula_rules::screwball::Screwball;
use tabula_rules::screwball::{Board, Move, SpaceId};

/// The move being entered: the piece, its square, and the penalty squares chosen so far.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The chosen piece's space.
    pub from: Option<SpaceId>,
    /// Where it steps, once chosen.
    pub to: Option<SpaceId>,
    /// Penalty squares chosen so far.
    pub placements: Vec<SpaceId>,
}

/// Clicks to intents, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(crate::table::spots::plugin::<Screwball, Entry>)
        .add_systems(Update, handle_input.in_set(InputSet).in_set(super::SYSTEMS));
}

/// The entities that stand for the board's spaces: the spaces, the pieces.
#[derive(SystemParam)]
pub struct ScrewballSpots<'w, 's> {
    spaces: Query<'w, 's, (), With<ScrewballSpaces>>,
    pieces: Query<'w, 's, &'static ScrewballPiece>,
}

impl BoardSpots for Screwball {
    type Spot = SpaceId;
    type Lookup = ScrewballSpots<'static, 'static>;

    fn spot_of(
        lookup: &SystemParamItem<'_, '_, ScrewballSpots<'static, 'static>>,
        entity: Entity,
        at: Option<Vec3>,
    ) -> Option<SpaceId> {
        if lookup.spaces.contains(entity) {
            return at.and_then(space_at);
        }
        lookup.pieces.get(entity).ok().map(|p| p.at)
    }

    fn spot_words(&self, at: SpaceId) -> Option<String> {
        let name = tabula_rules::screwball::Board::get().name(at);
        Some(match self.position().at(at) {
            Some(p) => format!(
                "{} {} on {name}",
                p.owner.possessive(),
                super::piece_noun(p)
            ),
            None => name.to_string(),
        })
    }

    fn cursor_spots(&self) -> Vec<SpaceId> {
        Board::get().ids().collect()
    }

    fn spot_place(&self, at: SpaceId) -> Option<Vec3> {
        Some(super::board::space_center(at))
    }

    /// Where each piece that has a step stands, or the spaces a reserve piece may enter.
    fn movable_spots(&self, legal: &[Move]) -> Vec<SpaceId> {
        let mut out: Vec<SpaceId> = Vec::new();
        for at in legal.iter().filter_map(|m| match m {
            Move::Step { from, .. } => Some(*from),
            Move::Enter(at) => Some(*at),
            _ => None,
        }) {
            if !out.contains(&at) {
                out.push(at);
            }
        }
        out
    }
}

/// The legal steps that fit what has been entered.
pub(super) fn fitting(legal: &[Move], entry: &Entry) -> Vec<Move> {
    legal
        .iter()
        .filter(|m| match m {
            Move::Step {
                from,
                to,
                placements,
            } => {
                Some(*from) == entry.from
                    && entry.to.is_none_or(|t| t == *to)
                    && placements.starts_with(&entry.placements)
            }
            _ => false,
        })
        .cloned()
        .collect()
}

/// Applies one click: select, step, place a penalty piece, enter a reserve piece, or say
/// why not.
pub(crate) fn apply_click(
    the_match: &mut Match<Screwball>,
    entry: &mut Entry,
    sq: SpaceId,
) -> Option<Move> {
    if the_match.is_over() {
        the_match.feedback =
            Feedback::error("The game is over: N starts a new one, Ctrl+Z takes back a move.");
        return None;
    }
    let b = Board::get();
    let game = &the_match.game;
    let me = game.to_move();
    let legal = the_match.legal().to_vec();
    let name = b.name(sq);
    if entry.to.is_some() {
        let fits = fitting(&legal, entry);
        let depth = entry.placements.len();
        let next: Vec<SpaceId> = fits
            .iter()
            .filter_map(|m| match m {
                Move::Step { placements, .. } => placements.get(depth).copied(),
                _ => None,
            })
            .collect();
        if !next.contains(&sq) {
            the_match.feedback = Feedback::error(format!(
                "The penalty piece cannot go on {name}: it goes on one of the lit squares, the \
                 vacant ones nearest the victim's starting row."
            ));
            return None;
        }
        entry.placements.push(sq);
        let fits = fitting(&legal, entry);
        if let [only] = fits.as_slice() {
            *entry = Entry::default();
            return Some(only.clone());
        }
        the_match.feedback = Feedback::info("Now the next penalty piece: click a lit square.");
        return None;
    }
    if let Some(from) = entry.from {
        let steps: Vec<Move> = fitting(&legal, entry)
            .into_iter()
            .filter(|m| matches!(m, Move::Step { to, .. } if *to == sq))
            .collect();
        match steps.as_slice() {
            [only] => {
                *entry = Entry::default();
                return Some(only.clone());
            }
            [first, ..] => {
                let victims = match first {
                    Move::Step { placements, .. } => placements.len(),
                    _ => 0,
                };
                entry.to = Some(sq);
                the_match.feedback = Feedback::info(format!(
                    "{me} attacks {victims} piece{}: click where {} penalty piece goes.",
                    if victims == 1 { "" } else { "s" },
                    if victims == 1 { "the" } else { "each" }
                ));
                return None;
            }
            [] => {}
        }
        if sq == from {
            *entry = Entry::default();
            the_match.feedback = Feedback::info("Selection cleared.");
            return None;
        }
        if game.position().at(sq).is_none_or(|p| p.owner != me) {
            let why = game.why_illegal(&Move::Step {
                from,
                to: sq,
                placements: tabula_rules::screwball::game::Placements::new(),
            });
            the_match.feedback =
                Feedback::error(format!("Not to {name}: {why}. Click a lit square."));
            return None;
        }
    }
    if legal.contains(&Move::Enter(sq)) {
        *entry = Entry::default();
        return Some(Move::Enter(sq));
    }
    match game.position().at(sq) {
        None if legal.iter().any(|m| matches!(m, Move::Enter(_))) => {
            the_match.feedback = Feedback::error(format!(
                "{me} cannot move: enter a reserve piece on a lit square of his starting row."
            ));
        }
        None if legal == [Move::Pass] => {
            the_match.feedback =
                Feedback::error(format!("{me} can neither move nor enter: Enter passes."));
        }
        None => {
            the_match.feedback =
                Feedback::error(format!("Choose one of {} pieces first.", me.possessive()));
        }
        Some(p) if p.owner != me => {
            the_match.feedback = Feedback::error(format!(
                "That {} piece is {}: it is {} turn.",
                p.size.word(),
                p.owner.possessive(),
                me.possessive()
            ));
        }
        Some(p) => {
            let probe = Entry {
                from: Some(sq),
                ..Entry::default()
            };
            let n = fitting(&legal, &probe)
                .iter()
                .filter_map(|m| match m {
                    Move::Step { to, .. } => Some(*to),
                    _ => None,
                })
                .collect::<std::collections::BTreeSet<_>>()
                .len();
            if n == 0 {
                the_match.feedback = Feedback::error(format!(
                    "That {} piece cannot move: it goes only forward, or sideways toward the \
                     centre, onto vacant {} squares.",
                    p.size.word(),
                    p.size.other().word()
                ));
                *entry = Entry::default();
            } else {
                *entry = probe;
                the_match.feedback = Feedback::info(format!(
                    "{} {} piece on {name}: {n} square{}; click one.",
                    me.possessive(),
                    p.size.word(),
                    if n == 1 { "" } else { "s" }
                ));
            }
        }
    }
    None
}

fn handle_input(
    mut clicks: MessageReader<SpotClicked<Screwball>>,
    mut commands: MessageReader<MatchCommand>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut entry: ResMut<Entry>,
    mut the_match: ResMut<Match<Screwball>>,
    mut intents: MessageWriter<Intent<Screwball>>,
) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) && *entry != Entry::default() {
        *entry = Entry::default();
    }
    for SpotClicked(sq) in clicks.read() {
        if let Some(mv) = apply_click(&mut the_match, &mut entry, *sq) {
            intents.write(Intent::Play(mv));
        }
    }
    for command in commands.read() {
        // Enter passes when passing is legal: with nothing else to do, or to end the turn
        // instead of the bonus move after an attack.
        if *command == MatchCommand::Confirm && the_match.legal().contains(&Move::Pass) {
            intents.write(Intent::Play(Move::Pass));
        }
    }
}
