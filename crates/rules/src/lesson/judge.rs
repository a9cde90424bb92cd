//! Judging the player's move in a step: read and played by the game's own rules, then held
//! against the task, with a refusal that says why: the rules' reason, or the step's words.

use super::Step;
use super::format::{Part, Task};
use crate::{AnyGame, Game, NotationError, Outcome, PlayError};
use std::fmt;

/// What a move played in a step comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The move is legal and does the task.
    Solved,
    /// The rules refuse the move; `why` is their reason.
    Illegal {
        /// The rules' reason.
        why: String,
    },
    /// The move is legal but not what the task asks; `why` is the step's text for it.
    NotTheTask {
        /// What the step says to it.
        why: String,
    },
    /// The text is not a move in the game's notation, or names several moves.
    Unreadable {
        /// What was wrong with it.
        why: String,
    },
}

impl Verdict {
    /// Whether the move does the task.
    pub fn is_solved(&self) -> bool {
        matches!(self, Verdict::Solved)
    }

    /// What the player is told of a refused move; `None` for a solved one.
    pub fn why(&self) -> Option<&str> {
        match self {
            Verdict::Solved => None,
            Verdict::Illegal { why }
            | Verdict::NotTheTask { why }
            | Verdict::Unreadable { why } => Some(why),
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Solved => f.write_str("solved"),
            Verdict::Illegal { why } => write!(f, "illegal: {why}"),
            Verdict::NotTheTask { why } => write!(f, "not the task: {why}"),
            Verdict::Unreadable { why } => write!(f, "unreadable: {why}"),
        }
    }
}

impl Step {
    /// The game where the player takes over: the step's position, its moves played.
    pub fn start(&self) -> AnyGame {
        self.start.clone()
    }

    /// Moves played from [`Step::start`] before part `index` is the player's to play: each
    /// earlier part's move, and each reply up to this part's.
    fn offset(&self, index: usize) -> usize {
        self.parts[..=index]
            .iter()
            .enumerate()
            .map(|(i, p)| p.reply.len() + usize::from(i > 0))
            .sum()
    }

    /// Which part (0-based) of the step is the player's to play in `game`, a game of this
    /// step; `None` once the step is done, or for a game not of this step's line.
    pub fn part_index(&self, game: &AnyGame) -> Option<usize> {
        let played = game.ply().checked_sub(self.start.ply())?;
        if game.kind() != self.start.kind() {
            return None;
        }
        (0..self.parts.len()).find(|&i| self.offset(i) == played)
    }

    /// The part the player is to play in `game` ([`Step::part_index`]).
    pub fn part(&self, game: &AnyGame) -> Option<&Part> {
        self.part_index(game).map(|i| &self.parts[i])
    }

    /// Whether the step is done in `game`: every part played, with the replies between.
    pub fn is_done(&self, game: &AnyGame) -> bool {
        game.kind() == self.start.kind()
            && game.ply() == self.start.ply() + self.offset(self.parts.len() - 1) + 1
    }

    /// What the move `move_text` comes to in `game_before`, a position of this step where
    /// the player is to move ([`Step::part_index`]); the game is left as it is.
    pub fn judge(&self, game_before: &AnyGame, move_text: &str) -> Verdict {
        match self.part_index(game_before) {
            Some(index) => self.judge_part(index, game_before, move_text),
            None => Verdict::Unreadable {
                why: "this position is not one where the step asks for a move".into(),
            },
        }
    }

    /// [`Step::judge`] for a move the screen has built rather than read (a click on the
    /// board): an illegal one is told [`Game::why_illegal`], a legal one is judged by its
    /// text.
    pub fn judge_move<G: Game>(&self, game_before: &G, mv: &G::Move) -> Verdict
    where
        AnyGame: From<G>,
    {
        if let Err(e) = crate::game::check_move(game_before, mv) {
            return Verdict::Illegal {
                why: match e {
                    PlayError::Illegal(why) => why,
                    other => other.to_string(),
                },
            };
        }
        let text = game_before.move_text(mv);
        self.judge(&AnyGame::from(game_before.clone()), &text)
    }

    /// Judges the move and, when it does the task, plays it on `game` and then the reply
    /// before the step's next part, if there is one. A refused move leaves `game` as it is.
    pub fn answer(&self, game: &mut AnyGame, move_text: &str) -> Verdict {
        let verdict = self.judge(game, move_text);
        if verdict.is_solved() {
            let next = self.part_index(game).map_or(0, |i| i + 1);
            let mut texts = vec![move_text.to_string()];
            if let Some(part) = self.parts.get(next) {
                texts.extend(part.reply.iter().cloned());
            }
            let mut after = game.clone();
            if after.play_texts(&texts).is_ok() {
                *game = after;
            }
        }
        verdict
    }

    /// Judges the move against part `index`, `game_before` being where it is played.
    pub(super) fn judge_part(&self, index: usize, game_before: &AnyGame, text: &str) -> Verdict {
        let part = &self.parts[index];
        let reply = self.parts.get(index + 1).map_or(&[][..], |p| &p.reply[..]);
        with_game!(game_before, g => judge_as(g, part, reply, text))
    }
}

/// Judges `text` in `game` against `part`, whose line goes on with `reply`.
fn judge_as<G: Game>(game: &G, part: &Part, reply: &[String], text: &str) -> Verdict
where
    AnyGame: From<G>,
{
    let mv = match game.parse_move(text) {
        Ok(mv) => mv,
        Err(NotationError::Illegal { why, .. }) => {
            let why = game.why_refused(text).unwrap_or(why);
            return Verdict::Illegal { why };
        }
        Err(e) => return Verdict::Unreadable { why: e.to_string() },
    };
    let mut after = game.clone();
    let effect = match after.play_effect(&mv) {
        Ok(effect) => effect,
        Err(PlayError::Illegal(why)) => return Verdict::Illegal { why },
        Err(e) => return Verdict::Illegal { why: e.to_string() },
    };
    if !meets(&part.task, game, &after, &mv, &effect) {
        let foreseen = part
            .wrong
            .iter()
            .find(|w| game.parse_move(&w.text).is_ok_and(|m| m == mv));
        let why = foreseen.map_or_else(|| part.miss.clone(), |w| w.says.clone());
        return Verdict::NotTheTask { why };
    }
    if !reply.is_empty() && AnyGame::from(after).play_texts(reply).is_err() {
        return Verdict::NotTheTask {
            why: "That would do too, but this lesson goes on from another move: the hint shows it."
                .into(),
        };
    }
    Verdict::Solved
}

/// Whether the move `mv` of `before`, which led to `after` with `effect`, does `task`.
fn meets<G: Game>(task: &Task, before: &G, after: &G, mv: &G::Move, effect: &G::Effect) -> bool
where
    AnyGame: From<G>,
{
    match task {
        Task::Moves(texts) => texts
            .iter()
            .any(|t| before.parse_move(t).is_ok_and(|m| m == *mv)),
        Task::CapturesAtLeast(n) | Task::Sinks(n) | Task::Attacks(n) => G::captured(effect) >= *n,
        Task::Reaches(square) => after.reaches(mv, effect, square),
        Task::Wins => won_by(after, before.to_move()),
        Task::LengthensBy { player, n } => lengthened(before, after, player, *n),
        Task::All(tasks) => tasks.iter().all(|t| meets(t, before, after, mv, effect)),
    }
}

/// Whether `player` has won `game` (alone, or with his team): [`Task::Wins`] for a lesson's
/// move and a puzzle's line alike.
pub(crate) fn won_by<G: Game>(game: &G, player: G::Player) -> bool {
    match game.outcome() {
        Outcome::Win(p) => p == player,
        Outcome::TeamWin(ps) => ps.contains(&player),
        _ => false,
    }
}

/// Whether the way to his goal of the player named `name` is at least `n` steps longer in
/// `after` than in `before`, or shut: [`Task::LengthensBy`] for a lesson's move and a
/// puzzle's line alike.
pub(crate) fn lengthened<G: Game>(before: &G, after: &G, name: &str, n: u32) -> bool {
    match named(before, name) {
        Some(p) => match (before.distance_to_goal(&p), after.distance_to_goal(&p)) {
            (Some(_), None) => true,
            (Some(was), Some(now)) => now >= was + n,
            (None, _) => false,
        },
        None => false,
    }
}

/// The player of `game` named `name` (in any case).
pub(crate) fn named<G: Game>(game: &G, name: &str) -> Option<G::Player> {
    game.players()
        .into_iter()
        .find(|p| p.to_string().eq_ignore_ascii_case(name.trim()))
}
