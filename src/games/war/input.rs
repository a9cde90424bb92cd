//! Turning clicks into moves: select a piece, see its legal destinations lit, click one.
//! A jump chain is entered landing by landing. Refusals say why.

use crate::games::war::board::{
    BoardSquares, StationSpot, square_at, square_center, station_center,
};
use crate::games::war::pieces::{Location, PieceEntity};
use crate::table::commands::{Feedback, InputSet};
use crate::table::game_match::Match;
use crate::table::rules::Intent;
use crate::table::spots::{BoardSpots, SpotClicked, clear_on_change};
use crate::view::hover::Hovered;
use crate::view::marks::Highlights;
use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use tabula_rules::Game;
use tabula_rules::war::War;
use tabula_rules::war::{Move, Side, Square, Station};

/// The piece being moved and the landings chosen so far.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Selection {
    /// Where the selected piece stands.
    pub origin: Option<Location>,
    /// Landing squares chosen so far (for jump chains).
    pub path: Vec<Square>,
}

/// Clicks, keys and highlights.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        crate::table::spots::plugin::<War, Selection>,
        crate::view::pointer::plugin::<War>,
        crate::view::hover::plugin::<War>,
    ))
    .add_systems(
        Update,
        (keys, handle_clicks)
            .chain()
            .in_set(InputSet)
            .in_set(super::SYSTEMS),
    )
    .add_systems(
        Update,
        show_highlights
            .after(clear_on_change::<War, Selection>)
            .in_set(super::SYSTEMS),
    );
}

/// The location of a move's piece before it moves.
pub(crate) fn move_origin(mv: &Move, side: Side) -> Location {
    match mv {
        Move::Fly { station, .. } => Location::Station(side, *station),
        Move::Step { from, .. } | Move::Jump { from, .. } => Location::Board(*from),
    }
}

/// The entities that stand for the board's spots: the squares, the stations, the pieces.
#[derive(SystemParam)]
pub struct WarSpots<'w, 's> {
    squares: Query<'w, 's, (), With<BoardSquares>>,
    stations: Query<'w, 's, &'static StationSpot>,
    pieces: Query<'w, 's, &'static PieceEntity>,
}

impl BoardSpots for War {
    type Spot = Location;
    type Lookup = WarSpots<'static, 'static>;

    fn spot_of(
        lookup: &SystemParamItem<'_, '_, WarSpots<'static, 'static>>,
        entity: Entity,
        at: Option<Vec3>,
    ) -> Option<Location> {
        if lookup.squares.contains(entity) {
            return at.and_then(square_at).map(Location::Board);
        }
        if let Ok(st) = lookup.stations.get(entity) {
            return Some(Location::Station(st.0, st.1));
        }
        lookup.pieces.get(entity).ok().map(|p| p.at)
    }

    /// A square by the name the player to move gives it.
    fn spot_words(&self, spot: Location) -> Option<String> {
        let pos = self.position();
        let piece = |p: tabula_rules::war::Piece| {
            let name = p.name.map(|n| format!(" ({n})")).unwrap_or_default();
            format!("{} {}{name}", p.side, p.kind.noun())
        };
        Some(match spot {
            Location::Board(sq) => {
                let name = sq.name_for(self.to_move());
                match pos.at(sq) {
                    Some(p) => format!("{} on {name}", piece(p)),
                    None => name,
                }
            }
            Location::Station(side, st) => match pos.on_station(side, st) {
                Some(p) => format!("{} on its station", piece(p)),
                None => format!("{side}'s empty station"),
            },
        })
    }

    /// The squares and the stations.
    fn cursor_spots(&self) -> Vec<Location> {
        let stations = Side::ALL
            .into_iter()
            .flat_map(|side| Station::ALL.map(|st| Location::Station(side, st)));
        Square::all().map(Location::Board).chain(stations).collect()
    }

    fn spot_place(&self, spot: Location) -> Option<Vec3> {
        Some(match spot {
            Location::Board(sq) => square_center(sq),
            Location::Station(side, st) => station_center(side, st),
        })
    }

    /// Where each piece that has a move stands, in the order of the moves.
    fn movable_spots(&self, legal: &[Move]) -> Vec<Location> {
        let side = self.to_move();
        let mut out: Vec<Location> = Vec::new();
        for origin in legal.iter().map(|m| move_origin(m, side)) {
            if !out.contains(&origin) {
                out.push(origin);
            }
        }
        out
    }
}

fn keys(input: Option<Res<ButtonInput<KeyCode>>>, mut selection: ResMut<Selection>) {
    let Some(input) = input else { return };
    if input.just_pressed(KeyCode::Escape) && *selection != Selection::default() {
        *selection = Selection::default();
    }
}

/// Applies one click to the selection: select, extend a path, play, or explain a refusal.
pub fn apply_click(
    the_match: &mut Match<War>,
    selection: &mut Selection,
    location: Location,
) -> Option<Move> {
    if the_match.is_over() {
        the_match.feedback =
            Feedback::error("The game is over: N starts a new one, Ctrl+Z takes back a move.");
        return None;
    }
    let game = &the_match.game;
    let side = game.to_move();
    let legal = the_match.legal().to_vec();
    let pos = game.position();
    if let Some(origin) = selection.origin {
        if let Location::Board(sq) = location {
            let mut path = selection.path.clone();
            path.push(sq);
            let fits: Vec<&Move> = legal
                .iter()
                .filter(|m| move_origin(m, side) == origin && m.path().starts_with(&path))
                .collect();
            if let Some(exact) = fits.iter().find(|m| m.path() == path) {
                let mv = (*exact).clone();
                *selection = Selection::default();
                return Some(mv);
            }
            if !fits.is_empty() {
                selection.path = path;
                the_match.feedback =
                    Feedback::info("The jump must go on: click the next landing square.");
                return None;
            }
        }
        if location == origin && selection.path.is_empty() {
            *selection = Selection::default();
            the_match.feedback = Feedback::info("Selection cleared.");
            return None;
        }
        let own = match location {
            Location::Board(sq) => pos.at(sq).is_some_and(|p| p.side == side),
            Location::Station(s, st) => s == side && pos.on_station(s, st).is_some(),
        };
        if !own || !selection.path.is_empty() {
            let why = match (origin, location) {
                (_, Location::Station(..)) => "pieces do not go onto stations".to_string(),
                (_, Location::Board(_)) if !selection.path.is_empty() => {
                    "the jump cannot land there; click a lit square".to_string()
                }
                (Location::Station(_, st), Location::Board(to)) => {
                    game.why_illegal(&Move::Fly { station: st, to })
                }
                (Location::Board(from), Location::Board(to)) => {
                    game.why_illegal(&Move::Step { from, to })
                }
            };
            the_match.feedback = Feedback::error(format!("Not there: {why}."));
            return None;
        }
    }
    let piece = match location {
        Location::Board(sq) => pos.at(sq),
        Location::Station(s, st) => pos.on_station(s, st),
    };
    match piece {
        None => {
            the_match.feedback = Feedback::error(format!("Choose one of {side}'s pieces first."));
        }
        Some(p) if p.side != side => {
            the_match.feedback = Feedback::error(format!(
                "That is {}'s {}: it is {side}'s turn.",
                p.side,
                p.kind.noun()
            ));
        }
        Some(p) => {
            let count = legal
                .iter()
                .filter(|m| move_origin(m, side) == location)
                .count();
            if count == 0 {
                // A move the piece could make but for the rules of the position says why not.
                let why = match pos
                    .pseudo_moves(side)
                    .into_iter()
                    .find(|m| move_origin(m, side) == location)
                {
                    Some(probe) => game.why_illegal(&probe),
                    None => format!("the {} has no legal move", p.kind.noun()),
                };
                the_match.feedback =
                    Feedback::error(format!("That {} cannot move: {why}.", p.kind.noun()));
                *selection = Selection::default();
            } else {
                *selection = Selection {
                    origin: Some(location),
                    path: Vec::new(),
                };
                let noun = p.kind.noun();
                the_match.feedback = Feedback::info(format!(
                    "{} {noun}{}: {count} move{}; click a lit square.",
                    p.side,
                    p.name.map(|n| format!(" ({n})")).unwrap_or_default(),
                    if count == 1 { "" } else { "s" }
                ));
            }
        }
    }
    None
}

fn handle_clicks(
    mut clicks: MessageReader<SpotClicked<War>>,
    mut selection: ResMut<Selection>,
    mut the_match: ResMut<Match<War>>,
    mut intents: MessageWriter<Intent<War>>,
) {
    for SpotClicked(location) in clicks.read() {
        if let Some(mv) = apply_click(&mut the_match, &mut selection, *location) {
            intents.write(Intent::Play(mv));
        }
    }
}

fn show_highlights(
    mut highlights: Highlights,
    selection: Res<Selection>,
    the_match: Res<Match<War>>,
    hover: Res<Hovered<War>>,
) {
    if !selection.is_changed() && !the_match.is_changed() && !hover.is_changed() {
        return;
    }
    let Some((marks, mut pen)) = highlights.redraw() else {
        return;
    };
    let game = &the_match.game;
    let pos = game.position();
    let mut spawn = |mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>, at: Vec3| {
        pen.mark(mesh, material, at, 1.0);
    };
    if let Some(Location::Board(sq)) = hover.0 {
        spawn(
            &marks.plate,
            &marks.hover,
            square_center(sq) + Vec3::Y * 0.008,
        );
    }
    let Some(origin) = selection.origin else {
        return;
    };
    let side = game.to_move();
    spawn(&marks.ring, &marks.chosen, origin.world() + Vec3::Y * 0.02);
    for sq in &selection.path {
        spawn(
            &marks.ring,
            &marks.chosen,
            square_center(*sq) + Vec3::Y * 0.02,
        );
    }
    let depth = selection.path.len();
    let mut next: Vec<(Square, bool)> = Vec::new();
    for mv in the_match.legal() {
        let path = mv.path();
        if move_origin(mv, side) != origin
            || !path.starts_with(&selection.path)
            || path.len() <= depth
        {
            continue;
        }
        let sq = path[depth];
        let takes = !mv.captures(pos).is_empty();
        if !next.iter().any(|(s, _)| *s == sq) {
            next.push((sq, takes));
        }
    }
    for (sq, takes) in next {
        if takes {
            spawn(&marks.ring, &marks.take, square_center(sq) + Vec3::Y * 0.03);
        } else {
            spawn(&marks.disc, &marks.go, square_center(sq) + Vec3::Y * 0.02);
        }
    }
}
