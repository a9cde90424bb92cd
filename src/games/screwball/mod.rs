//! Screwball Checkers on the table: the match that owns the game, and its board of large and
//! small squares, screws and balls with their reserves, and move entry with the attacker's
//! choice of penalty squares. [`plugin`] runs headless, [`view`] adds the 3D.

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
use tabula_rules::screwball::{Player, Screwball, Size};
use tabula_rules::{Game, Outcome};

/// The set every system of this game is in: it runs while the game is on the table.
pub(crate) const SYSTEMS: crate::table::rules::GameSystems =
    crate::table::rules::GameSystems(GameKind::Screwball);

/// The rules in brief, for the help overlay.
pub(crate) const RULES: &str = "Dubay's Screwball Checkers (1946). Large pieces stand on small squares, small pieces on \
large ones. Pieces start on the row remote from their owner and move toward him: one step \
forward (straight or diagonal) or sideways toward the centre. A piece attacks enemy pieces \
on touching squares in directions it may move; for each, the attacker sets a penalty piece \
of the victim's on the victim's starting row (or as near as possible) and moves again. A \
piece on its owner's edge, or where it can never move further, is dead. The aim: the fewest pieces on the board; the \
game ends when a player's reserve is spent, and the other wins.";

/// The match, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((pieces::plugin, input::plugin));
}

impl TableRules for Screwball {
    type Knowledge = tabula_ai::knowledge::screwball::ScrewballKnowledge;

    const KIND: GameKind = GameKind::Screwball;
    const PLUGIN: fn(&mut App) = plugin;
    const VIEW: fn(&mut App) = view::plugin;
    const RULES: &'static str = RULES;
    const CONTROLS: &'static str = "Click a piece, then a lit square; after an attack, click \
        where each penalty piece goes.\nRight drag: orbit  Middle drag: pan  Wheel: zoom  1 / \
        2 / 3 / 4: Screws' side, Balls' side, top, side view\nEsc: drop selection  Ctrl+Z: \
        take back  Ctrl+Y: redo  N: new game  H: hint";

    fn seat_of(&self, player: Player) -> Seat {
        Seat::opposite(player.index())
    }

    fn status_color(&self, player: Player) -> Color {
        crate::view::theme::color(tabula_rules::screwball::palette::status(player))
    }

    /// Pieces on the board, in reserve and dead, for each player.
    fn counters(&self) -> String {
        let pos = self.position();
        Player::ALL
            .iter()
            .map(|p| {
                let on = pos.on_board(*p, Size::Large) + pos.on_board(*p, Size::Small);
                format!(
                    "{p}: {on} on the board; reserve {} large, {} small; dead {}",
                    self.reserve(*p, Size::Large),
                    self.reserve(*p, Size::Small),
                    pos.dead(*p, Size::Large) + pos.dead(*p, Size::Small)
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn hint(&self) -> String {
        "Click one of your pieces, then a lit square.".into()
    }

    /// "Screws to move", "to move again" after an attack, or the result.
    fn status(&self, texts: &[(Player, String)]) -> String {
        match self.outcome() {
            Outcome::Ongoing => {
                let p = self.to_move();
                if texts.last().is_some_and(|(q, _)| *q == p) {
                    format!("{p} to move again (bonus; Enter ends the turn)")
                } else {
                    format!("{p} to move")
                }
            }
            outcome => format!("Game over: {outcome}"),
        }
    }

    /// One line per turn: a player's bonus moves follow on his line.
    fn lines(texts: &[(Player, String)]) -> Vec<MoveLine> {
        let mut last = None;
        turn_lines(texts.iter().map(|(p, t)| {
            let starts = last != Some(*p);
            last = Some(*p);
            (*p, t.clone(), starts)
        }))
    }

    fn announce(&self, player: Player, texts: &[String]) -> String {
        let text = texts.join(", ");
        match self.outcome() {
            Outcome::Ongoing if self.to_move() == player => {
                format!("{player}: {text}. {player} attacked and moves again.")
            }
            Outcome::Ongoing => format!("{player}: {text}"),
            outcome => format!("{player}: {text}. {outcome}!"),
        }
    }

    fn spot_size(&self) -> f32 {
        board::UNIT
    }

    /// Where the piece stood and where it stepped (the penalty pieces it set are not on its
    /// way); an entered piece where it is set.
    fn move_points(&self, mv: &tabula_rules::screwball::Move) -> Vec<Vec3> {
        use tabula_rules::screwball::Move;
        match mv {
            Move::Step { from, to, .. } => {
                vec![board::space_center(*from), board::space_center(*to)]
            }
            Move::Enter(at) => vec![board::space_center(*at)],
            Move::Pass => Vec::new(),
        }
    }

    fn edge_labels(&self) -> Vec<(String, Vec3)> {
        let at = |f: usize, r: usize| {
            Vec3::new(
                (f as f32 - 5.5) * board::UNIT,
                board::TOP,
                (5.5 - r as f32) * board::UNIT,
            )
        };
        let file = |f: usize| char::from(b'a' + f as u8).to_string();
        let rank = |r: usize| (r + 1).to_string();
        crate::view::coordinates::grid(12, 12, at, board::UNIT, file, rank, rank)
    }

    fn square_point(&self, name: &str) -> Option<Vec3> {
        tabula_rules::screwball::Board::get()
            .parse(name)
            .map(board::space_center)
    }

    fn spawn_pieces(&self, commands: &mut Commands) {
        pieces::spawn_pieces(self, commands);
    }

    /// The piece set down (stepped or entered), the attack with its penalty pieces, the
    /// pieces that died, and the win.
    fn moments(
        &self,
        played: &crate::table::rules::Played<Screwball>,
    ) -> Vec<crate::table::moments::Moment> {
        moments(self, played)
    }
}

/// A piece in words: "large screw", "small ball".
fn piece_noun(piece: tabula_rules::screwball::game::Piece) -> String {
    let size = match piece.size {
        Size::Large => "large",
        Size::Small => "small",
    };
    let shape = match piece.owner {
        Player::Screws => "screw",
        Player::Balls => "ball",
    };
    format!("{size} {shape}")
}

/// What a Screwball move did, from its effect. A piece that dies leaves the board, as a
/// captured piece does.
fn moments(
    game: &Screwball,
    played: &crate::table::rules::Played<Screwball>,
) -> Vec<crate::table::moments::Moment> {
    use crate::table::moments::{Cue, Moment, number};
    use tabula_rules::screwball::Move;
    let effect = &played.effect;
    let player = effect.player;
    let mut moments = Vec::new();
    match &played.mv {
        Move::Pass => {}
        Move::Enter(_) => moments.push(match effect.placements.first() {
            Some(entered) => Moment::told(
                Cue::Place,
                format!(
                    "{player} cannot move and enter a {} from the reserve",
                    piece_noun(entered.piece)
                ),
            ),
            None => Moment::new(Cue::Place),
        }),
        _ => moments.push(Moment::new(Cue::Place)),
    }
    if !effect.attacked.is_empty() {
        let n = effect.attacked.len();
        let (pieces, penalties) = if n == 1 {
            ("piece".to_string(), "a penalty piece is set".to_string())
        } else {
            (
                format!("{} pieces", number(n)),
                format!("{} penalty pieces are set", number(n)),
            )
        };
        moments.push(Moment::told(
            Cue::Attack,
            format!(
                "{player} attack {} {pieces}: {penalties}, and {player} move again",
                player.other().possessive()
            ),
        ));
    }
    if effect.mover_died
        && let Some(mover) = effect.mover
    {
        moments.push(Moment::told(
            Cue::Capture,
            format!("{} {} dies", player.possessive(), piece_noun(mover)),
        ));
    }
    let died = effect
        .placements
        .iter()
        .filter(|p| p.died && p.victim.is_some())
        .count();
    if died > 0 {
        let owner = player.other().possessive();
        moments.push(Moment::told(
            Cue::Capture,
            match died {
                1 => format!("One of {owner} penalty pieces dies where it is set"),
                n => format!(
                    "{} of {owner} penalty pieces die where they are set",
                    number(n)
                ),
            },
        ));
    }
    moments.extend(crate::table::moments::win(&game.outcome()));
    moments
}
