//! Camelot on the table: the match that owns the game, and its board, men and knights, and
//! path entry. One plugin per module; [`plugin`] runs headless, [`view`] adds the 3D.

pub(crate) mod board;
pub mod input;
pub(crate) mod models;
pub(crate) mod picking;
pub mod pieces;
pub(crate) mod view;

use crate::table::rules::TableRules;
use crate::table::seats::Seat;
use bevy::prelude::*;
use tabula_rules::camelot::{Camelot, RuleSet, Side, Square};
use tabula_rules::scene::GameKind;

/// The set every system of this game is in: it runs while the game is on the table.
pub(crate) const SYSTEMS: crate::table::rules::GameSystems =
    crate::table::rules::GameSystems(GameKind::Camelot);

/// The match, headless: intents, commands, and what the HUD and camera are told.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((pieces::plugin, input::plugin));
}

/// The rules in brief, for the help overlay.
pub(crate) const RULES: &str = "Parker's Camelot (1930). 160 squares; 4 knights and 10 men a side. A plain move goes one \
square any way; a canter leaps a friendly piece (chains may turn, and may stop after any \
leap, but a knight may not stop beside an enemy it can jump); a jump leaps an enemy piece \
and captures it, and must go on while it can; a knight's charge canters, then jumps. WCF \
rules (default): capture is compulsory when a piece can jump (a charge alone never forces \
one); your own castle is \
entered only by jumping and left at once; at most two castle moves. Win with two pieces in \
the enemy castle, by capturing all (keeping two), or when the opponent cannot move. Draws: \
one piece each, third repetition, 50 quiet moves each.";

impl TableRules for Camelot {
    type Knowledge = tabula_ai::knowledge::camelot::CamelotKnowledge;

    const KIND: GameKind = GameKind::Camelot;
    const PLUGIN: fn(&mut App) = plugin;
    const VIEW: fn(&mut App) = view::plugin;
    const RULES: &'static str = RULES;
    const CONTROLS: &'static str = "Click a piece, then each landing of its path (or drag \
        through them); Enter or Confirm plays a path that may stop there.\nRight drag: orbit  \
        Middle drag: pan  Wheel: zoom  1 / 2 / 3 / 4: White's side, Black's side, top, side \
        view\nEsc: drop selection  Ctrl+Z: take back  Ctrl+Y: redo  N: new game  H: hint";

    fn title(&self) -> String {
        let rules = match self.options().rules {
            RuleSet::Wcf => "WCF rules",
            RuleSet::Parker1930 => "rules of the 1930 patent",
        };
        format!("Camelot ({rules})")
    }

    fn seat_of(&self, player: Side) -> Seat {
        Seat::opposite(player.index())
    }

    fn status_color(&self, player: Side) -> Color {
        crate::view::theme::color(tabula_rules::camelot::palette::status(player))
    }

    /// Pieces and captures, castle moves, the draw counters.
    fn counters(&self) -> String {
        let pos = self.position();
        let options = self.options();
        let wcf = options.rules == RuleSet::Wcf;
        let captured = self.captured();
        let mut lines = Vec::new();
        for side in Side::ALL {
            let lost = captured.iter().filter(|p| p.side == side).count();
            let castle = if wcf {
                format!(
                    ", castle moves {}/{}",
                    pos.castle_moves(side),
                    options.castle_move_limit
                )
            } else {
                String::new()
            };
            lines.push(format!(
                "{side}: {} on the board, {lost} lost{castle}",
                pos.count(side)
            ));
        }
        // Both rule sets draw a game after its quiet moves run out.
        let quiet = self.quiet_plies();
        match options.no_progress_moves {
            Some(n) => lines.push(format!(
                "Quiet moves (no capture, no castle entry): {} of {n}",
                quiet / 2
            )),
            None => lines.push("No limit on quiet moves".into()),
        }
        if wcf {
            lines.push(format!(
                "This position seen {} of 3 times",
                self.repetition_count()
            ));
        } else {
            lines.push("Patent rules: no castle-move limit".into());
        }
        lines.join("\n")
    }

    fn hint(&self) -> String {
        "Click one of your pieces, then each landing square of its path in turn.".into()
    }

    fn spot_size(&self) -> f32 {
        board::SQUARE
    }

    fn edge_labels(&self) -> Vec<(String, Vec3)> {
        let at = |f: usize, r: usize| {
            Vec3::new(
                (f as f32 - 5.5) * board::SQUARE,
                board::BOARD_TOP,
                (7.5 - r as f32) * board::SQUARE,
            )
        };
        let file = |f: usize| char::from(b'A' + f as u8).to_string();
        let rank = |r: usize| (r + 1).to_string();
        crate::view::coordinates::grid(12, 16, at, board::SQUARE, file, rank, rank)
    }

    fn square_point(&self, name: &str) -> Option<Vec3> {
        Square::parse(name).map(board::square_center)
    }

    fn spawn_pieces(&self, commands: &mut Commands) {
        pieces::spawn_pieces(self, commands);
    }

    /// The piece set down; a knight's charge ("White's knight charges, taking Black's
    /// man") or the pieces a jump took; and the win.
    fn moments(
        &self,
        played: &crate::table::rules::Played<Camelot>,
    ) -> Vec<crate::table::moments::Moment> {
        moments(self, played)
    }
}

/// What a Camelot move did, from the move's legs and its effect. A charge is a knight's
/// move that canters and then jumps.
fn moments(
    game: &Camelot,
    played: &crate::table::rules::Played<Camelot>,
) -> Vec<crate::table::moments::Moment> {
    use crate::table::moments::{Cue, Moment, tally};
    use tabula_rules::camelot::{Kind, Step};
    let effect = &played.effect;
    let mut moments = vec![Moment::new(Cue::Place)];
    let noun = |kind: Kind| match kind {
        Kind::Man => "man",
        Kind::Knight => "knight",
    };
    if let Some(first) = effect.captured.first() {
        let legs: Vec<Step> = played.mv.steps.iter().map(|(step, _)| *step).collect();
        let charge = effect.mover.kind == Kind::Knight
            && legs.windows(2).any(|w| w == [Step::Canter, Step::Jump]);
        let taken: Vec<&str> = effect.captured.iter().map(|c| noun(c.piece.kind)).collect();
        let taken = format!("{}'s {}", first.piece.side, tally(&taken));
        moments.push(if charge {
            Moment::told(
                Cue::Charge,
                format!("{}'s knight charges, taking {taken}", effect.mover.side),
            )
        } else {
            Moment::told(
                Cue::Capture,
                format!(
                    "{}'s {} jumps, taking {taken}",
                    effect.mover.side,
                    noun(effect.mover.kind)
                ),
            )
        });
    }
    moments.extend(crate::table::moments::win(&tabula_rules::Game::outcome(
        game,
    )));
    moments
}
