//! Entering a Transport action. Click a ship, then a lit square: where it goes (a two-square
//! ship pivots on its stern; Tab, or a second click on it, pivots on its bow; a square ahead
//! or behind slides it). Press L to launch from the selected ship instead: click the square
//! beside it, then the square the auxiliary points at. Click a plane, shell or torpedo to
//! advance it; a plane then takes a heading the same way (Enter keeps its heading).

use super::board::{SeaSize, SeaSquares, square_at, square_center};
use super::pieces::TransportPiece;
use crate::table::commands::{Feedback, InputSet, MatchCommand};
use crate::table::game_match::Match;
use crate::table::rules::Intent;
use crate::table::spots::{BoardSpots, SpotClicked};
use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use tabula_rules::Game;
use tabula_rules::transport::Transport;
use tabula_rules::transport::{Dir, Kind, Move, Piece, Sq, Stratum};

/// The action being entered.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The chosen piece of the fleet to act.
    pub piece: Option<Piece>,
    /// A two-square ship pivots on its bow (its stern moves) rather than on its stern.
    pub pivot_on_bow: bool,
    /// Launching from the chosen ship rather than moving it.
    pub launching: bool,
    /// A launch square or a plane's landing, waiting for its heading.
    pub square: Option<Sq>,
}

/// What a click names: a square, or a piece (pieces sharing a square are each pickable).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransportClick {
    /// A square of the board.
    Square(Sq),
    /// A piece.
    Piece(Piece),
}

/// The auxiliary a ship launches.
pub(crate) fn launches(kind: Kind) -> Option<Kind> {
    match kind {
        Kind::Carrier => Some(Kind::Plane),
        Kind::Battleship => Some(Kind::Shell),
        Kind::Destroyer | Kind::Submarine => Some(Kind::Torpedo),
        _ => None,
    }
}

/// Clicks to intents, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(crate::table::spots::plugin::<Transport, Entry>)
        .add_systems(Update, handle_input.in_set(InputSet).in_set(super::SYSTEMS));
}

/// The entities that stand for what a click names: the sea's squares (answering from the
/// point hit), the pieces.
#[derive(SystemParam)]
pub struct TransportSpots<'w, 's> {
    squares: Query<'w, 's, (), With<SeaSquares>>,
    size: Option<Res<'w, SeaSize>>,
    pieces: Query<'w, 's, &'static TransportPiece>,
}

impl BoardSpots for Transport {
    type Spot = TransportClick;
    type Lookup = TransportSpots<'static, 'static>;

    fn spot_of(
        lookup: &SystemParamItem<'_, '_, TransportSpots<'static, 'static>>,
        entity: Entity,
        at: Option<Vec3>,
    ) -> Option<TransportClick> {
        if lookup.squares.contains(entity) {
            return square_at(lookup.size.as_ref()?.0, at?).map(TransportClick::Square);
        }
        lookup
            .pieces
            .get(entity)
            .ok()
            .map(|p| TransportClick::Piece(p.0))
    }

    /// A piece by its fleet and kind; a square by what is on it.
    fn spot_words(&self, spot: TransportClick) -> Option<String> {
        use tabula_rules::transport::game::Fleet;
        let piece = |p: &Piece| format!("{} {}", Fleet(p.fleet), p.kind.noun());
        Some(match spot {
            TransportClick::Piece(p) => format!("{} on {}", piece(&p), p.at),
            TransportClick::Square(sq) => {
                let here: Vec<String> = self.position().at(sq).map(piece).collect();
                match here.as_slice() {
                    [] => sq.to_string(),
                    _ => format!("{} on {sq}", here.join(", ")),
                }
            }
        })
    }

    /// The squares and the pieces on them.
    fn cursor_spots(&self) -> Vec<TransportClick> {
        let pos = self.position();
        let size = pos.size as i8;
        let squares =
            (0..size).flat_map(|y| (0..size).map(move |x| TransportClick::Square(Sq { x, y })));
        squares
            .chain(pos.pieces().iter().map(|p| TransportClick::Piece(*p)))
            .collect()
    }

    /// A square on the sea's floor; a piece where it floats (a two-square ship between
    /// its squares), while it is on the board.
    fn spot_place(&self, spot: TransportClick) -> Option<Vec3> {
        let pos = self.position();
        Some(match spot {
            TransportClick::Square(sq) => square_center(pos.size, sq, Stratum::Surface),
            TransportClick::Piece(p) => {
                if !pos.pieces().contains(&p) {
                    return None;
                }
                let stratum = p.kind.stratum();
                let stern = square_center(pos.size, p.at, stratum);
                match p.bow {
                    Some(bow) => (stern + square_center(pos.size, bow, stratum)) / 2.0,
                    None => stern,
                }
            }
        })
    }

    /// The fleet's pieces that have a move: a main piece to move or launch from, an
    /// auxiliary to advance.
    fn movable_spots(&self, legal: &[Move]) -> Vec<TransportClick> {
        let fleet = self.to_move().0;
        let can_move = |p: &Piece| {
            legal.iter().any(|m| match m {
                Move::Main { kind, from, .. } => *kind == p.kind && *from == (p.at, p.bow),
                Move::Advance {
                    kind,
                    from,
                    heading,
                    ..
                } => *kind == p.kind && *from == p.at && Some(*heading) == p.heading,
                Move::Launch { kind, .. } => launches(p.kind) == Some(*kind),
                Move::Pass => false,
            })
        };
        self.position()
            .pieces()
            .iter()
            .filter(|p| p.fleet == fleet && can_move(p))
            .map(|p| TransportClick::Piece(*p))
            .collect()
    }
}

/// The squares a main move newly occupies.
pub(super) fn entered(mv: &Move) -> Vec<Sq> {
    match mv {
        Move::Main { from, to, .. } => [Some(to.0), to.1]
            .into_iter()
            .flatten()
            .filter(|s| *s != from.0 && Some(*s) != from.1)
            .collect(),
        _ => Vec::new(),
    }
}

/// The main moves of `piece` that newly occupy `sq`, the chosen pivot first.
fn main_moves_to(legal: &[Move], piece: &Piece, sq: Sq, pivot_on_bow: bool) -> Vec<Move> {
    let mut fits: Vec<Move> = legal
        .iter()
        .filter(|m| {
            matches!(m, Move::Main { kind, from, .. }
                if *kind == piece.kind && *from == (piece.at, piece.bow))
                && entered(m).contains(&sq)
        })
        .cloned()
        .collect();
    fits.sort_by_key(|m| match m {
        Move::Main { to, .. } => {
            let keeps_bow = to.1 == piece.bow;
            keeps_bow != pivot_on_bow
        }
        _ => true,
    });
    fits
}

/// The advances of an auxiliary piece.
pub(super) fn advances(legal: &[Move], piece: &Piece) -> Vec<Move> {
    legal
        .iter()
        .filter(|m| {
            matches!(m, Move::Advance { kind, from, heading, .. }
                if *kind == piece.kind && *from == piece.at && Some(*heading) == piece.heading)
        })
        .cloned()
        .collect()
}

/// Applies one click: select, move, launch, advance, point; or say why not.
pub(crate) fn apply_click(
    the_match: &mut Match<Transport>,
    entry: &mut Entry,
    click: TransportClick,
) -> Option<Move> {
    if the_match.is_over() {
        the_match.feedback =
            Feedback::error("The game is over: N starts a new one, Ctrl+Z takes back an action.");
        return None;
    }
    let game = &the_match.game;
    let me = game.to_move();
    let legal = the_match.legal().to_vec();
    let sq = match click {
        TransportClick::Square(s) => s,
        TransportClick::Piece(p) => p.at,
    };
    // Pointing: the clicked square gives the heading from the waiting square.
    if let (Some(at), Some(piece)) = (entry.square, entry.piece) {
        let heading = Dir::between(at, sq);
        let found = heading.and_then(|h| {
            legal.iter().find(|m| match m {
                Move::Launch { at: a, heading, .. } => entry.launching && *a == at && *heading == h,
                Move::Advance {
                    kind: Kind::Plane,
                    from,
                    to,
                    repoint,
                    ..
                } => !entry.launching && *from == piece.at && *to == Some(at) && *repoint == h,
                _ => false,
            })
        });
        if let Some(mv) = found {
            let mv = mv.clone();
            *entry = Entry::default();
            return Some(mv);
        }
        the_match.feedback = Feedback::error(format!(
            "Point it: click one of the squares around {at} (a shell may not point at its own \
             battleship); Esc starts again."
        ));
        return None;
    }
    if let Some(piece) = entry.piece {
        if entry.launching {
            let aux = launches(piece.kind).unwrap_or(Kind::Plane);
            if legal
                .iter()
                .any(|m| matches!(m, Move::Launch { kind, at, .. } if *kind == aux && *at == sq))
            {
                entry.square = Some(sq);
                the_match.feedback = Feedback::info(format!(
                    "The {aux} goes on {sq}: click the square it points at."
                ));
            } else {
                the_match.feedback = Feedback::error(format!(
                    "A {aux} is launched onto a lit square beside its {}.",
                    piece.kind
                ));
            }
            return None;
        }
        let reclicked = match click {
            TransportClick::Piece(p) => p == piece,
            TransportClick::Square(s) => piece.covers(s) && piece.kind.is_long(),
        };
        if reclicked && piece.kind.is_long() {
            entry.pivot_on_bow = !entry.pivot_on_bow;
            the_match.feedback = Feedback::info(format!(
                "The {} pivots on its {} now.",
                piece.kind,
                if entry.pivot_on_bow { "bow" } else { "stern" }
            ));
            return None;
        }
        if piece.kind.is_auxiliary() {
            let options = advances(&legal, &piece);
            if piece.kind == Kind::Plane {
                if options
                    .iter()
                    .any(|m| matches!(m, Move::Advance { to, .. } if *to == Some(sq)))
                {
                    entry.square = Some(sq);
                    the_match.feedback = Feedback::info(format!(
                        "The plane flies to {sq}: click the square it points at, or Enter to keep its heading."
                    ));
                    return None;
                }
            } else if let [only] = options.as_slice()
                && (reclicked
                    || matches!(only, Move::Advance { to, .. } if *to == Some(sq) || to.is_none()))
            {
                let mv = only.clone();
                *entry = Entry::default();
                return Some(mv);
            }
        } else {
            let fits = main_moves_to(&legal, &piece, sq, entry.pivot_on_bow);
            if let Some(mv) = fits.first() {
                let mv = mv.clone();
                *entry = Entry::default();
                return Some(mv);
            }
        }
        let own_there = matches!(click, TransportClick::Piece(p) if p.fleet == me.0);
        if !own_there {
            the_match.feedback = Feedback::error(format!(
                "The {} cannot go to {sq}: click a lit square, or Esc.",
                piece.kind
            ));
            return None;
        }
    }
    // Choose a piece: the one clicked, or the first of this fleet's on the square.
    let pos = game.position();
    let chosen = match click {
        TransportClick::Piece(p) => Some(p),
        TransportClick::Square(s) => {
            let mut mine: Vec<&Piece> = pos.at(s).filter(|p| p.fleet == me.0).collect();
            mine.sort_by_key(|p| p.kind.is_auxiliary());
            mine.first()
                .copied()
                .copied()
                .or_else(|| pos.at(s).next().copied())
        }
    };
    match chosen {
        None if legal == [Move::Pass] => {
            the_match.feedback = Feedback::error(format!("{me} has no action: Enter passes."));
        }
        None => {
            the_match.feedback = Feedback::error(format!("Choose one of {me}'s pieces first."));
        }
        Some(p) if p.fleet != me.0 => {
            the_match.feedback = Feedback::error(format!(
                "That {} is Fleet {}'s: it is {me}'s turn.",
                p.kind,
                p.fleet + 1
            ));
        }
        Some(p) => {
            *entry = Entry {
                piece: Some(p),
                ..Entry::default()
            };
            let moves = if p.kind.is_auxiliary() {
                advances(&legal, &p).len()
            } else {
                legal
                    .iter()
                    .filter(|m| matches!(m, Move::Main { kind, .. } if *kind == p.kind))
                    .count()
            };
            let launch = launches(p.kind)
                .filter(|aux| pos.reserve(me.0, *aux) > 0)
                .map(|aux| format!("; L launches a {aux}"))
                .unwrap_or_default();
            the_match.feedback = if moves == 0 && launch.is_empty() {
                Feedback::error(format!("That {} has no move now.", p.kind))
            } else {
                Feedback::info(format!("{me}'s {}: click a lit square{launch}.", p.kind))
            };
        }
    }
    None
}

/// Enter: keep a flying plane's heading, or pass when nothing else is possible.
pub(crate) fn confirm(the_match: &mut Match<Transport>, entry: &mut Entry) -> Option<Move> {
    let legal = the_match.legal();
    if legal == [Move::Pass] {
        return Some(Move::Pass);
    }
    if let (Some(at), Some(piece), false) = (entry.square, entry.piece, entry.launching) {
        let keep = legal.iter().find(|m| {
            matches!(m, Move::Advance { kind: Kind::Plane, from, to, repoint, .. }
                if *from == piece.at && *to == Some(at) && Some(*repoint) == piece.heading)
        });
        if let Some(mv) = keep {
            let mv = mv.clone();
            *entry = Entry::default();
            return Some(mv);
        }
    }
    None
}

fn handle_input(
    mut clicks: MessageReader<SpotClicked<Transport>>,
    mut commands: MessageReader<MatchCommand>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut entry: ResMut<Entry>,
    mut the_match: ResMut<Match<Transport>>,
    mut intents: MessageWriter<Intent<Transport>>,
) {
    if let Some(keys) = keys {
        if keys.just_pressed(KeyCode::Escape) && *entry != Entry::default() {
            *entry = Entry::default();
        }
        if keys.just_pressed(KeyCode::Tab)
            && let Some(p) = entry.piece
            && p.kind.is_long()
        {
            entry.pivot_on_bow = !entry.pivot_on_bow;
        }
        if keys.just_pressed(KeyCode::KeyL) {
            toggle_launch(&mut the_match, &mut entry);
        }
    }
    for SpotClicked(click) in clicks.read() {
        if let Some(mv) = apply_click(&mut the_match, &mut entry, *click) {
            intents.write(Intent::Play(mv));
        }
    }
    for command in commands.read() {
        if *command == MatchCommand::Confirm
            && let Some(mv) = confirm(&mut the_match, &mut entry)
        {
            intents.write(Intent::Play(mv));
        }
    }
}

/// L: launch from the chosen ship (or go back to moving it).
pub fn toggle_launch(the_match: &mut Match<Transport>, entry: &mut Entry) {
    let Some(piece) = entry.piece else {
        the_match.feedback = Feedback::error("Choose the ship to launch from first.");
        return;
    };
    let me = the_match.game.to_move().0;
    match launches(piece.kind) {
        Some(aux) if the_match.game.position().reserve(me, aux) > 0 => {
            entry.launching = !entry.launching;
            entry.square = None;
            the_match.feedback = Feedback::info(if entry.launching {
                format!(
                    "Launch a {aux}: click a lit square beside the {}.",
                    piece.kind
                )
            } else {
                format!("Move the {}: click a lit square.", piece.kind)
            });
        }
        Some(aux) => {
            the_match.feedback = Feedback::error(format!("No {aux} is left in reserve."));
        }
        None => {
            the_match.feedback = Feedback::error(format!("The {} launches nothing.", piece.kind));
        }
    }
}
