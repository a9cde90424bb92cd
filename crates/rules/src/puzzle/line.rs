//! Playing a line from a puzzle's position by the game's own rules, and holding its end
//! against the goal: the game won, material gained over the line, a way home made longer.
//! The conditions are the lessons' ([`Task`]), judged over a line instead of one move.

use super::Puzzle;
use crate::lesson::{Task, lengthened, won_by};
use crate::{AnyGame, Game};

/// Where a line played from a puzzle's position ended.
#[derive(Debug, Clone)]
pub struct LineEnd {
    /// The game after the line.
    pub game: AnyGame,
    /// Pieces the player to move at the start took over the line ([`Game::captured`]: taken,
    /// sunk or attacked), less those the others took.
    pub gained: i64,
    /// Whether the line meets the puzzle's goal.
    pub met: bool,
}

/// A move of a line that could not be read or played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {} ({text:?}): {why}", index + 1)]
pub struct LineError {
    /// 0-based place of the move in the line.
    pub index: usize,
    /// Its text.
    pub text: String,
    /// The rules' reason.
    pub why: String,
}

impl Puzzle {
    /// The game at the puzzle's position, the player to move being the one the goal is for.
    pub fn start(&self) -> AnyGame {
        self.start.clone()
    }

    /// The name of the player to move, whose goal it is.
    pub fn solver(&self) -> String {
        self.start.to_move_name()
    }

    /// The goal in words, as the puzzle is posed: `Red to play and win`.
    pub fn goal_text(&self) -> String {
        format!("{} to play and {}", self.solver(), goal_words(&self.goal))
    }

    /// Plays `line` from the puzzle's position by the rules and tells where it ended and
    /// whether it meets the goal; the first move that cannot be read or played is refused.
    pub fn play_line(&self, line: &[String]) -> Result<LineEnd, LineError> {
        with_game!(&self.start, g => play_as(g, &self.goal, line))
    }
}

/// A goal in words, after "Red to play and".
pub fn goal_words(goal: &Task) -> String {
    let pieces = |n: usize| if n == 1 { "piece" } else { "pieces" };
    match goal {
        Task::Wins => "win".into(),
        Task::CapturesAtLeast(n) => format!("take {n} {} more than he loses", pieces(*n)),
        Task::Sinks(n) => format!("sink {n} {} more than he loses", pieces(*n)),
        Task::Attacks(n) => format!("attack {n} {} more than he suffers", pieces(*n)),
        Task::LengthensBy { player, n } => {
            format!("fence {player}'s way home {n} steps longer, the most any fence can")
        }
        Task::All(tasks) => {
            let words: Vec<String> = tasks.iter().map(goal_words).collect();
            words.join(", and ")
        }
        other => other.to_string(),
    }
}

/// Plays `line` from `start` and holds its end against `goal`.
fn play_as<G: Game>(start: &G, goal: &Task, line: &[String]) -> Result<LineEnd, LineError>
where
    AnyGame: From<G>,
{
    let solver = start.to_move();
    let mut game = start.clone();
    let mut gained = 0i64;
    for (index, text) in line.iter().enumerate() {
        let fail = |why: String| LineError {
            index,
            text: text.clone(),
            why,
        };
        let mv = game.parse_move(text).map_err(|e| fail(e.to_string()))?;
        let mover = game.to_move();
        let effect = game.play_effect(&mv).map_err(|e| fail(e.to_string()))?;
        let taken = G::captured(&effect) as i64;
        gained += if mover == solver { taken } else { -taken };
    }
    let met = goal_met(goal, start, &game, gained);
    Ok(LineEnd {
        game: AnyGame::from(game),
        gained,
        met,
    })
}

/// Whether the line from `start` to `end`, over which the player to move at the start gained
/// `gained` pieces, meets `goal`.
pub(super) fn goal_met<G: Game>(goal: &Task, start: &G, end: &G, gained: i64) -> bool {
    match goal {
        Task::Wins => won_by(end, start.to_move()),
        Task::CapturesAtLeast(n) | Task::Sinks(n) | Task::Attacks(n) => gained >= *n as i64,
        Task::LengthensBy { player, n } => lengthened(start, end, player, *n),
        Task::All(tasks) => tasks.iter().all(|t| goal_met(t, start, end, gained)),
        Task::Moves(_) | Task::Reaches(_) => false,
    }
}

/// Whether `goal` is one a puzzle may pose: judged at the end of a line, not of one move.
pub(super) fn is_line_goal(goal: &Task) -> bool {
    match goal {
        Task::Wins
        | Task::CapturesAtLeast(_)
        | Task::Sinks(_)
        | Task::Attacks(_)
        | Task::LengthensBy { .. } => true,
        Task::All(tasks) => !tasks.is_empty() && tasks.iter().all(is_line_goal),
        Task::Moves(_) | Task::Reaches(_) => false,
    }
}
