//! Transport on the table: the match that owns the game, and its sea in three strata,
//! fleets with the patent's coloured marks, missiles with their headings, and entering
//! actions (move, launch, advance). [`plugin`] runs headless, [`view`] adds the 3D.

pub(crate) mod board;
pub mod input;
pub(crate) mod models;
pub(crate) mod picking;
pub mod pieces;
pub(crate) mod view;

use crate::table::report::{MoveLine, turn_lines};
use crate::table::rules::TableRules;
use crate::table::seats::Seat;
use bevy::prelude::*;
use tabula_rules::scene::GameKind;
use tabula_rules::transport::game::Fleet;
use tabula_rules::transport::{Kind, Mode, Transport};
use tabula_rules::{Game, Outcome};

/// The set every system of this game is in: it runs while the game is on the table.
pub(crate) const SYSTEMS: crate::table::rules::GameSystems =
    crate::table::rules::GameSystems(GameKind::Transport);

/// Where a fleet's player sits: two fleets and teams face each other across the board; in
/// the battle royal each fleet has its own edge.
pub(crate) fn fleet_seat(mode: Mode, fleet: u8) -> Seat {
    match mode {
        Mode::Royal => Seat(usize::from(fleet)),
        _ => Seat::opposite(usize::from(fleet % 2)),
    }
}

/// The rules in brief, for the help overlay.
pub(crate) const RULES: &str = "Paschal's Transport (1947). Sink the enemy transport. A turn is one action: move a main \
piece, launch an auxiliary, or advance one. Battleship and carrier pivot on either end or \
slide; destroyer one square (two on its first move); submarine diagonally on dark squares; \
transport one square. Planes fly two along their heading or one any way; shells and \
torpedoes run one square a turn along theirs. Entering a square sinks the enemy pieces \
there the mover can sink (bow dot matches tail dot: red shell, yellow torpedo, green plane, \
orange ramming); a move is illegal if an enemy that can sink the mover remains.";

/// The match, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((pieces::plugin, input::plugin));
}

impl TableRules for Transport {
    type Knowledge = tabula_ai::knowledge::transport::TransportKnowledge;

    const KIND: GameKind = GameKind::Transport;
    const PLUGIN: fn(&mut App) = plugin;
    const VIEW: fn(&mut App) = view::plugin;
    const RULES: &'static str = RULES;
    const CONTROLS: &'static str = "Click a ship, then a lit square (Tab: pivot on the other \
        end). L: launch from the ship, then click the square and the square it points at. \
        Click a plane, shell or torpedo to advance it.\nRight drag: orbit  Middle drag: pan  \
        Wheel: zoom  1-4: views  Esc: drop  Ctrl+Z: take back  Ctrl+Y: redo  N: new game  H: hint";

    fn title(&self) -> String {
        match self.position().mode {
            Mode::Two => "Transport",
            Mode::Teams => "Transport (teams: fleets 1 and 3 against 2 and 4)",
            Mode::Royal => "Transport (battle royal)",
        }
        .into()
    }

    fn seat_of(&self, fleet: Fleet) -> Seat {
        fleet_seat(self.position().mode, fleet.0)
    }

    fn status_color(&self, fleet: Fleet) -> Color {
        crate::view::theme::color(tabula_rules::transport::palette::status(fleet.0))
    }

    /// Each fleet's reserve, or that it is out.
    fn counters(&self) -> String {
        let pos = self.position();
        (0..pos.mode.fleets())
            .map(|f| {
                if pos.is_out(f) {
                    let why = if self.resignations().iter().any(|r| r.player == Fleet(f)) {
                        "resigned"
                    } else {
                        "transport sunk"
                    };
                    return format!("{} ({}): {why}, out", Fleet(f), hull_colour(f));
                }
                format!(
                    "{} ({}): reserve {} planes, {} shells, {} torpedoes",
                    Fleet(f),
                    hull_colour(f),
                    pos.reserve(f, Kind::Plane),
                    pos.reserve(f, Kind::Shell),
                    pos.reserve(f, Kind::Torpedo)
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn hint(&self) -> String {
        "Click a ship to move it (L: launch from it instead), or a plane, shell or torpedo to \
         advance it."
            .into()
    }

    /// "Fleet 1 to act", or the result.
    fn status(&self, _texts: &[(Fleet, String)]) -> String {
        match self.outcome() {
            Outcome::Ongoing => format!("{} to act", self.to_move()),
            outcome => format!("Game over: {outcome}"),
        }
    }

    /// One line per action, with its fleet.
    fn lines(texts: &[(Fleet, String)]) -> Vec<MoveLine> {
        turn_lines(texts.iter().map(|(f, t)| (*f, t.clone(), true)))
    }

    fn new_game_note(&self) -> String {
        format!("New game: {} acts first.", self.to_move())
    }

    fn spot_size(&self) -> f32 {
        board::square_side(self.position().size)
    }

    fn edge_labels(&self) -> Vec<(String, Vec3)> {
        let size = self.position().size;
        let at = |f: usize, r: usize| {
            board::square_center(
                size,
                tabula_rules::transport::Sq::new(f as i8, r as i8),
                tabula_rules::transport::Stratum::Surface,
            )
        };
        let file = |f: usize| char::from(b'a' + f as u8).to_string();
        let rank = |r: usize| (r + 1).to_string();
        let n = usize::from(size);
        crate::view::coordinates::grid(n, n, at, board::square_side(size), file, rank, rank)
    }

    fn square_point(&self, name: &str) -> Option<Vec3> {
        let sq = tabula_rules::transport::Sq::parse(name)?;
        Some(board::square_center(
            self.position().size,
            sq,
            tabula_rules::transport::Stratum::Surface,
        ))
    }

    fn spawn_pieces(&self, commands: &mut Commands) {
        pieces::spawn_pieces(self, commands);
    }

    /// The piece set down, each piece sunk ("Fleet 1's torpedo sinks Fleet 2's
    /// transport"), and the win.
    fn moments(
        &self,
        played: &crate::table::rules::Played<Transport>,
    ) -> Vec<crate::table::moments::Moment> {
        moments(self, played)
    }
}

/// The colour of fleet `f`'s hulls in words (the palette's `FLEET_1` to `FLEET_4`), so that
/// "Fleet 2" can be found on the table.
fn hull_colour(f: u8) -> &'static str {
    match f {
        0 => "ivory",
        1 => "magenta",
        2 => "tan",
        _ => "violet",
    }
}

/// What a Transport action did, from the action and its effect.
fn moments(
    game: &Transport,
    played: &crate::table::rules::Played<Transport>,
) -> Vec<crate::table::moments::Moment> {
    use crate::table::moments::{Cue, Moment};
    use tabula_rules::transport::Move;
    let effect = &played.effect;
    let actor = Fleet(effect.fleet);
    let kind = match &played.mv {
        Move::Main { kind, .. } | Move::Launch { kind, .. } | Move::Advance { kind, .. } => *kind,
        Move::Pass => return Vec::new(),
    };
    let mut moments = vec![Moment::new(Cue::Place)];
    for sunk in &effect.sunk {
        let victim = Fleet(sunk.fleet);
        let mut caption = if sunk.fleet == effect.fleet && sunk.kind == kind {
            format!("{actor}'s {kind} is lost")
        } else {
            format!("{actor}'s {kind} sinks {victim}'s {}", sunk.kind)
        };
        if sunk.kind == Kind::Transport && effect.out.contains(&sunk.fleet) {
            caption.push_str(&format!(": {victim} is out"));
        }
        moments.push(Moment::told(Cue::Sinking, caption));
    }
    moments.extend(crate::table::moments::win(&game.outcome()));
    moments
}
