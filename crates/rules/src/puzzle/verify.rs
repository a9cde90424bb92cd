//! The checks of `tabula verify` and the tests on a book of puzzles, without the engine:
//! each position goes on with a decision to make, the goal fits it, the solution line is
//! legal and meets the goal at its end, the margin and rating are recorded, and where the
//! rules alone judge a one-move goal (a fence against the leader's way home) the margin is
//! the one recorded: the steps the solution adds beyond the best move that misses the goal.

use super::line::{goal_met, is_line_goal};
use super::{Puzzle, PuzzleBook, PuzzleError};
use crate::lesson::{Task, named};
use crate::{AnyGame, Game};

impl PuzzleBook {
    /// Checks every puzzle (see the module's documentation).
    pub fn verify(&self) -> Result<(), PuzzleError> {
        for (index, puzzle) in self.puzzles.iter().enumerate() {
            verify_puzzle(puzzle).map_err(|(field, why)| self.puzzle_error(index, &field, why))?;
        }
        Ok(())
    }
}

/// Checks one puzzle; an error names its field at fault.
fn verify_puzzle(puzzle: &Puzzle) -> Result<(), (String, String)> {
    let start = &puzzle.start;
    with_game!(start, g => {
        if g.outcome().is_over() {
            return Err(("moves".into(), format!("the game is over: {}", g.outcome())));
        }
        if g.pending_chance().is_some() {
            return Err(("moves".into(), "a chance input is due, not a decision".into()));
        }
        if g.legal_moves().len() < 2 {
            return Err(("moves".into(), "the player to move has no choice".into()));
        }
    });
    check_goal(&puzzle.goal, start).map_err(|why| ("goal".to_string(), why))?;
    if puzzle.solution.is_empty() {
        return Err(("solution".into(), "the solution names no move".into()));
    }
    let end = puzzle
        .play_line(&puzzle.solution)
        .map_err(|e| (format!("solution[{}]", e.index), e.to_string()))?;
    if !end.met {
        let why = format!(
            "the line ends without meeting the goal ({}): {}, {} pieces gained",
            super::goal_words(&puzzle.goal),
            with_game!(&end.game, g => g.outcome().to_string()),
            end.gained
        );
        return Err(("solution".into(), why));
    }
    let margin = &puzzle.margin;
    if margin.depth == 0 {
        return Err((
            "margin.depth".into(),
            "a search of depth 0 confirms nothing".into(),
        ));
    }
    if !(margin.by.is_finite() && margin.by > 0.0) {
        let why = format!("{}: the second-best move must score worse", margin.by);
        return Err(("margin.by".into(), why));
    }
    if let Some(second) = &margin.second {
        check_second(start, &puzzle.solution[0], second)
            .map_err(|why| ("margin.second".to_string(), why))?;
    }
    if puzzle.rating.depth == 0 {
        return Err((
            "rating.depth".into(),
            "a search of depth 0 finds nothing".into(),
        ));
    }
    if puzzle.solution.len() == 1
        && let Task::LengthensBy { .. } = &puzzle.goal
    {
        let others = with_game!(start, g => best_other(g, &puzzle.goal, &puzzle.solution[0]))
            .map_err(|why| ("solution[0]".to_string(), why))?;
        check_way_margin(puzzle, others)?;
    }
    Ok(())
}

/// Whether `goal` fits the position `game`.
fn check_goal(goal: &Task, game: &AnyGame) -> Result<(), String> {
    if !is_line_goal(goal) {
        return Err(format!(
            "{goal:?} is not a puzzle's goal: Wins, CapturesAtLeast, Sinks, Attacks, \
             LengthensBy, or All of them"
        ));
    }
    match goal {
        Task::CapturesAtLeast(0) | Task::Sinks(0) | Task::Attacks(0) => {
            Err("at least 0 is no goal; ask for 1 or more".into())
        }
        Task::LengthensBy { n: 0, .. } => Err("lengthening by 0 is no goal".into()),
        Task::LengthensBy { player, .. } => with_game!(game, g => match named(g, player) {
            None => Err(format!("{player:?} is not a player here")),
            Some(p) if p == g.to_move() => Err(format!("{player} is the player to move")),
            Some(p) if g.distance_to_goal(&p).is_none() => Err(format!(
                "{player}'s way to the goal is not measured here (LengthensBy asks for a race \
                 home with a way open)"
            )),
            Some(_) => Ok(()),
        }),
        Task::All(tasks) => tasks.iter().try_for_each(|t| check_goal(t, game)),
        _ => Ok(()),
    }
}

/// Whether `second` is a legal first move other than the solution's `first`.
fn check_second(game: &AnyGame, first: &str, second: &str) -> Result<(), String> {
    with_game!(game, g => {
        let second_move = g.parse_move(second).map_err(|e| e.to_string())?;
        if g.parse_move(first).is_ok_and(|m| m == second_move) {
            return Err(format!("{second:?} is the solution's own first move"));
        }
        Ok(())
    })
}

/// The steps the first move `first` adds to the way home the goal names, and the most any
/// legal first move that misses the goal adds.
fn best_other<G: Game>(game: &G, goal: &Task, first: &str) -> Result<(u32, u32), String> {
    let Task::LengthensBy { player, .. } = goal else {
        return Ok((0, 0));
    };
    let first = game.parse_move(first).map_err(|e| e.to_string())?;
    let Some(p) = named(game, player) else {
        return Ok((0, 0));
    };
    let before = game.distance_to_goal(&p).unwrap_or(0);
    let mut best = 0;
    let mut own = 0;
    for mv in game.legal_moves() {
        let mut after = game.clone();
        after.play_unchecked(&mv);
        let added = after
            .distance_to_goal(&p)
            .map(|now| now.saturating_sub(before));
        if mv == first {
            own = added.unwrap_or(u32::MAX);
            continue;
        }
        // Another move that meets the goal is another way to the same answer (the same
        // slot, whichever fence goes there): the margin is over the moves that miss it.
        if !goal_met(goal, game, &after, 0) {
            best = best.max(added.unwrap_or(0));
        }
    }
    Ok((own, best))
}

/// Whether the recorded margin of a one-fence puzzle is the steps its fence adds, `own`,
/// beyond the best other move's `others` (a way shut counts as no margin to check).
fn check_way_margin(puzzle: &Puzzle, (own, others): (u32, u32)) -> Result<(), (String, String)> {
    if own == u32::MAX {
        return Ok(());
    }
    let by = own.saturating_sub(others) as f32;
    if (puzzle.margin.by - by).abs() > 0.01 {
        let why = format!(
            "the fence adds {own} steps and the best other move {others}: the margin is {by}, \
             not {}",
            puzzle.margin.by
        );
        return Err(("margin.by".into(), why));
    }
    Ok(())
}
