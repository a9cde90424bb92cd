//! Judging the player's move in a puzzle: read and played by the game's own rules, then held
//! against the solution line: its move at that point, or a move that does the goal at once
//! (a win, or a one-move goal met), is right; the replies of the line follow it.

use super::Puzzle;
use super::line::goal_met;
use crate::lesson::{Task, Verdict, won_by};
use crate::{AnyGame, Game, NotationError, PlayError};

impl Puzzle {
    /// The place (0-based) in the solution line of the move to play in `game`, a game of this
    /// puzzle played on from its position; `None` for a game not on the line's way, or once
    /// the line is played out.
    pub fn line_index(&self, game: &AnyGame) -> Option<usize> {
        let index = game.ply().checked_sub(self.start.ply())?;
        (game.kind() == self.start.kind() && index < self.solution.len()).then_some(index)
    }

    /// Whether the move at `index` of the solution line is the player's (the one to move at
    /// the puzzle's position), not a reply.
    pub fn is_players(&self, index: usize) -> bool {
        let mut game = self.start.clone();
        let solver = game.to_move_name();
        game.play_texts(&self.solution[..index.min(self.solution.len())])
            .is_ok_and(|()| game.to_move_name() == solver)
    }

    /// The replies that follow the player's move at `index`: the line's moves up to the
    /// player's next one (or its end).
    pub fn replies_after(&self, index: usize) -> Vec<String> {
        (index + 1..self.solution.len())
            .take_while(|&i| !self.is_players(i))
            .map(|i| self.solution[i].clone())
            .collect()
    }

    /// Whether the line is played out in `game`: every move of the solution stands.
    pub fn is_solved(&self, game: &AnyGame) -> bool {
        game.kind() == self.start.kind() && game.ply() == self.start.ply() + self.solution.len()
    }

    /// What the move `text` comes to in `game_before`, a position of the line where the
    /// player is to move ([`Puzzle::line_index`]): right when it is the line's move there,
    /// or it meets the goal at once (the game won, a one-move goal done); else why not. The
    /// game is left as it is.
    pub fn judge(&self, game_before: &AnyGame, text: &str) -> Verdict {
        let Some(index) = self.line_index(game_before) else {
            return Verdict::Unreadable {
                why: "this position is not one of the puzzle's line".into(),
            };
        };
        let expected = &self.solution[index];
        // At the puzzle's position, a way-home goal is met by the rules at once; a line's
        // material is not, since a recapture may follow.
        let goal = match &self.goal {
            Task::LengthensBy { .. } if index == 0 => Some(&self.goal),
            _ => None,
        };
        with_game!(game_before, g => judge_as(g, goal, expected, text))
    }
}

/// Judges `text` in `game` against the line's move `expected`, and against `goal` where it
/// may be met at once.
fn judge_as<G: Game>(game: &G, goal: Option<&Task>, expected: &str, text: &str) -> Verdict {
    let mv = match game.parse_move(text) {
        Ok(mv) => mv,
        Err(NotationError::Illegal { why, .. }) => {
            let why = game.why_refused(text).unwrap_or(why);
            return Verdict::Illegal { why };
        }
        Err(e) => return Verdict::Unreadable { why: e.to_string() },
    };
    let mut after = game.clone();
    match after.play_effect(&mv) {
        Ok(_) => {}
        Err(PlayError::Illegal(why)) => return Verdict::Illegal { why },
        Err(e) => return Verdict::Illegal { why: e.to_string() },
    }
    let right = game.parse_move(expected).is_ok_and(|m| m == mv)
        || won_by(&after, game.to_move())
        || goal.is_some_and(|goal| goal_met(goal, game, &after, 0));
    if right {
        Verdict::Solved
    } else {
        Verdict::NotTheTask {
            why: format!("{} is not the answer", game.move_text(&mv)),
        }
    }
}
