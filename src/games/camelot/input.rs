//! Entering a Camelot move: click the piece, then each landing of its path in turn (or drag
//! through them). The next landings light up at every step; the move plays when the path
//! cannot go on, or when the player confirms a path that may stop where it is (Enter, the
//! Confirm button, a second click on the last landing, or letting go of a drag).

use super::board::{CamelotSquares, square_at, square_center};
use super::pieces::CamelotPiece;
use crate::table::commands::{Feedback, InputSet, MatchCommand};
use crate::table::game_match::Match;
use crate::table::rules::Intent;
use crate::table::spots::{BoardSpots, SpotClicked};
use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use tabula_rules::Game;
use tabula_rules::camelot::Camelot;
use tabula_rules::camelot::{Kind, Move, Square, Step};

/// The piece being moved and the landings chosen so far.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct PathEntry {
    /// The square of the chosen piece.
    pub origin: Option<Square>,
    /// Landings chosen so far.
    pub path: Vec<Square>,
}

/// What a drag did on a square (or on the piece standing there); clicks arrive as
/// [`SpotClicked`].
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareInput {
    /// A drag began on this square.
    DragFrom(Square),
    /// A drag passed over this square.
    DragOver(Square),
    /// The drag was let go.
    Release,
}

/// The square a drag began on, while the button is held; whether it has gone on to another
/// square; and, for a few frames after such a drag ends, that the click picking reports
/// with its release is the drag's end and not one more click.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Drag(Option<Square>, bool, u8);

/// Frames after a drag across squares ends during which a click is its release.
const RELEASE_FRAMES: u8 = 3;

/// Path entry, headless: input messages to intents.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(crate::table::spots::plugin::<Camelot, PathEntry>)
        .add_message::<SquareInput>()
        .init_resource::<Drag>()
        .add_systems(
            Update,
            (escape, handle_input)
                .chain()
                .in_set(InputSet)
                .in_set(super::SYSTEMS),
        );
}

/// The entities that stand for the board's squares: the squares, the pieces.
#[derive(SystemParam)]
pub struct CamelotSpots<'w, 's> {
    squares: Query<'w, 's, (), With<CamelotSquares>>,
    pieces: Query<'w, 's, &'static CamelotPiece>,
}

impl BoardSpots for Camelot {
    type Spot = Square;
    type Lookup = CamelotSpots<'static, 'static>;

    fn spot_of(
        lookup: &SystemParamItem<'_, '_, CamelotSpots<'static, 'static>>,
        entity: Entity,
        at: Option<Vec3>,
    ) -> Option<Square> {
        if lookup.squares.contains(entity) {
            return at.and_then(square_at);
        }
        lookup.pieces.get(entity).ok().map(|p| p.at)
    }

    fn spot_words(&self, sq: Square) -> Option<String> {
        Some(match self.position().at(sq) {
            Some(p) => format!("{} {} on {sq}", p.side, noun(p.kind)),
            None => sq.to_string(),
        })
    }

    fn cursor_spots(&self) -> Vec<Square> {
        Square::all().collect()
    }

    fn spot_place(&self, sq: Square) -> Option<Vec3> {
        Some(square_center(sq))
    }

    /// Where each piece that has a move stands.
    fn movable_spots(&self, legal: &[Move]) -> Vec<Square> {
        let mut out: Vec<Square> = Vec::new();
        for from in legal.iter().map(|m| m.from) {
            if !out.contains(&from) {
                out.push(from);
            }
        }
        out
    }
}

fn noun(kind: Kind) -> &'static str {
    match kind {
        Kind::Man => "man",
        Kind::Knight => "knight",
    }
}

/// The legal moves of the piece on `origin` whose path begins with `path`: the one that ends
/// there, if any, and whether any goes further.
fn fits(legal: &[Move], origin: Square, path: &[Square]) -> (Option<Move>, bool) {
    let mut exact = None;
    let mut longer = false;
    for mv in legal.iter().filter(|m| m.from == origin) {
        let p = mv.path();
        if !p.starts_with(path) {
            continue;
        }
        if p.len() == path.len() {
            exact = Some(mv.clone());
        } else {
            longer = true;
        }
    }
    (exact, longer)
}

/// The single-leg move a click from `from` to `to` most likely meant, to explain a refusal.
fn guess(game: &tabula_rules::camelot::Camelot, from: Square, to: Square) -> Move {
    let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
    let step = if df.abs().max(dr.abs()) == 2 && (df % 2 == 0) && (dr % 2 == 0) {
        let mid = Square::new(from.file() + df / 2, from.rank() + dr / 2);
        let mover = game.position().at(from).map(|p| p.side);
        match mid.and_then(|m| game.position().at(m)) {
            Some(p) if Some(p.side) == mover => Step::Canter,
            Some(_) => Step::Jump,
            None => Step::Plain,
        }
    } else {
        Step::Plain
    };
    Move {
        from,
        steps: tabula_rules::camelot::Path::one(step, to),
    }
}

/// Applies one click to the path: select, extend, play, or explain a refusal.
pub(crate) fn apply_click(
    the_match: &mut Match<Camelot>,
    entry: &mut PathEntry,
    sq: Square,
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
    if let Some(origin) = entry.origin {
        let mut path = entry.path.clone();
        path.push(sq);
        let (exact, longer) = fits(&legal, origin, &path);
        if let (Some(mv), false) = (&exact, longer) {
            *entry = PathEntry::default();
            return Some(mv.clone());
        }
        if longer {
            entry.path = path;
            the_match.feedback = if exact.is_some() {
                Feedback::info(
                    "The piece may stop here: Enter or Confirm plays the move, or click the next \
                     landing.",
                )
            } else if exact_would_capture(&legal, origin, &entry.path) {
                Feedback::info("The jump must go on: click the next landing.")
            } else {
                Feedback::info("The path cannot stop here: click the next landing.")
            };
            return None;
        }
        let last = entry.path.last().copied().unwrap_or(origin);
        if sq == last {
            if entry.path.is_empty() {
                *entry = PathEntry::default();
                the_match.feedback = Feedback::info("Selection cleared.");
                return None;
            }
            return confirm(the_match, entry);
        }
        let own = pos.at(sq).is_some_and(|p| p.side == side);
        if !(own && entry.path.is_empty()) {
            let why = if entry.path.is_empty() {
                game.why_illegal(&guess(game, origin, sq))
            } else {
                format!("the path cannot go on to {sq}")
            };
            the_match.feedback = Feedback::error(format!(
                "Not there: {why}. Click a lit square, or Esc to start again."
            ));
            return None;
        }
    }
    match pos.at(sq) {
        None => {
            the_match.feedback = Feedback::error(format!("Choose one of {side}'s pieces first."));
        }
        Some(p) if p.side != side => {
            the_match.feedback = Feedback::error(format!(
                "That is {}'s {}: it is {side}'s turn.",
                p.side,
                noun(p.kind)
            ));
        }
        Some(p) => {
            let count = legal.iter().filter(|m| m.from == sq).count();
            if count == 0 {
                the_match.feedback = Feedback::error(format!(
                    "That {} cannot move: {}.",
                    noun(p.kind),
                    game.why_stuck(sq)
                ));
                *entry = PathEntry::default();
            } else {
                *entry = PathEntry {
                    origin: Some(sq),
                    path: Vec::new(),
                };
                the_match.feedback = Feedback::info(format!(
                    "{side} {} on {sq}: {count} move{}; click each landing in turn.",
                    noun(p.kind),
                    if count == 1 { "" } else { "s" }
                ));
            }
        }
    }
    None
}

/// Whether the moves through `path` capture (so the path is a jump that must go on).
fn exact_would_capture(legal: &[Move], origin: Square, path: &[Square]) -> bool {
    legal.iter().any(|m| {
        m.from == origin
            && m.path().starts_with(path)
            && m.steps
                .get(path.len() - 1)
                .is_some_and(|s| s.0 == Step::Jump)
    })
}

/// Plays the path entered so far if it is a whole legal move; otherwise says why not.
pub(crate) fn confirm(the_match: &mut Match<Camelot>, entry: &mut PathEntry) -> Option<Move> {
    let Some(origin) = entry.origin else {
        the_match.feedback = Feedback::error("Nothing to confirm: choose a piece and its path.");
        return None;
    };
    if entry.path.is_empty() {
        the_match.feedback = Feedback::error("Nothing to confirm: click a lit landing first.");
        return None;
    }
    match fits(the_match.legal(), origin, &entry.path) {
        (Some(mv), _) => {
            *entry = PathEntry::default();
            Some(mv)
        }
        (None, _) => {
            the_match.feedback =
                Feedback::error("The move cannot stop here: click the next lit landing.");
            None
        }
    }
}

fn escape(input: Option<Res<ButtonInput<KeyCode>>>, mut entry: ResMut<PathEntry>) {
    let Some(input) = input else { return };
    if input.just_pressed(KeyCode::Escape) && *entry != PathEntry::default() {
        *entry = PathEntry::default();
    }
}

fn handle_input(
    mut clicks: MessageReader<SpotClicked<Camelot>>,
    mut inputs: MessageReader<SquareInput>,
    mut commands: MessageReader<MatchCommand>,
    mut entry: ResMut<PathEntry>,
    mut drag: ResMut<Drag>,
    mut the_match: ResMut<Match<Camelot>>,
    mut intents: MessageWriter<Intent<Camelot>>,
) {
    let mut play = |mv: Option<Move>| {
        if let Some(mv) = mv {
            intents.write(Intent::Play(mv));
        }
    };
    let inputs: Vec<SquareInput> = inputs.read().copied().collect();
    // The button let go at the end of a drag across squares is the drag's end: the click
    // picking reports with it (this frame or the next) is not one more click on the board.
    if drag.1 && inputs.contains(&SquareInput::Release) {
        drag.2 = RELEASE_FRAMES;
    }
    let mut released = drag.2 > 0;
    for SpotClicked(sq) in clicks.read() {
        if std::mem::take(&mut released) {
            drag.2 = 0;
            continue;
        }
        play(apply_click(&mut the_match, &mut entry, *sq));
    }
    drag.2 = drag.2.saturating_sub(1);
    for input in inputs {
        match input {
            SquareInput::DragFrom(sq) => *drag = Drag(Some(sq), false, 0),
            SquareInput::DragOver(sq) => {
                let Some(from) = drag.0 else { continue };
                if sq != from {
                    drag.1 = true;
                }
                if entry.origin != Some(from) {
                    if sq == from {
                        continue;
                    }
                    play(apply_click(&mut the_match, &mut entry, from));
                    if entry.origin != Some(from) {
                        drag.0 = None;
                        continue;
                    }
                }
                let mut path = entry.path.clone();
                path.push(sq);
                let (exact, longer) = fits(the_match.legal(), from, &path);
                if exact.is_some() || longer {
                    play(apply_click(&mut the_match, &mut entry, sq));
                }
            }
            SquareInput::Release => {
                let dragging = drag.0.take().is_some();
                drag.1 = false;
                if dragging && entry.origin.is_some() && !entry.path.is_empty() {
                    play(confirm(&mut the_match, &mut entry));
                }
            }
        }
    }
    for command in commands.read() {
        if *command == MatchCommand::Confirm {
            play(confirm(&mut the_match, &mut entry));
        }
    }
    let can_confirm = match entry.origin {
        Some(origin) if !entry.path.is_empty() => {
            fits(the_match.legal(), origin, &entry.path).0.is_some()
        }
        _ => false,
    };
    if the_match.can_confirm != can_confirm {
        the_match.can_confirm = can_confirm;
    }
}
