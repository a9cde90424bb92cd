//! The commands `think`, `arena`, `ladder`, `engine` and `puzzles` as library functions, each with its
//! clap argument struct, so that the app's binary and `tabula-ai` expose the same commands.

pub mod arena;
pub mod engine;
pub mod ladder;
pub mod opening;
pub mod puzzles;
pub mod think;

use crate::search::{Action, Analysis};
use tabula_rules::Game;
use tabula_rules::game::Chance;

/// An analysis in words: the action, each player's expected result and the principal
/// variation, in the game's notation.
#[derive(Debug, Clone)]
pub struct Described {
    /// The chosen action.
    pub best: String,
    /// Each player with the expected result.
    pub values: Vec<(String, f32)>,
    /// The principal variation.
    pub pv: Vec<String>,
}

/// The words for letting a pending chance input come: `throw` for a die, `draw` for a card.
pub fn chance_text(chance: Option<Chance>) -> &'static str {
    match chance {
        Some(Chance::Card { .. }) => "draw",
        _ => "throw",
    }
}

/// The text of an action in the game's notation.
pub fn action_text<G: Game>(game: &G, action: &Action<G::Move>) -> String {
    match action {
        Action::Play(m) => game.move_text(m),
        Action::Chance => chance_text(game.pending_chance()).to_string(),
    }
}

/// Reads the actions a search may choose among (`go searchmoves`, `think --only`): moves in
/// the game's notation, and `throw` or `draw` where the player to move may let the chance
/// input come instead. A text that cannot be read, or is not open to the player to move,
/// is refused by name; repeats count once.
pub fn parse_actions<G: Game>(game: &G, texts: &[String]) -> Result<Vec<Action<G::Move>>, String> {
    let open = crate::search::root_actions(game).map_err(|e| e.to_string())?;
    if texts.is_empty() {
        return Err("no moves given to search among".into());
    }
    let mut among = Vec::new();
    for text in texts {
        let chance = chance_text(game.pending_chance());
        let action = if game.pending_chance().is_some() && text.eq_ignore_ascii_case(chance) {
            Action::Chance
        } else {
            // The notation's errors name the text already.
            let mv = game.parse_move(text).map_err(|e| e.to_string())?;
            Action::Play(mv)
        };
        if !open.contains(&action) {
            let why = match &action {
                Action::Play(m) if game.pending_chance().is_none() => game.why_illegal(m),
                Action::Play(_) => "a chance input is due first".to_string(),
                Action::Chance => "the player cannot let the chance input come now".into(),
            };
            return Err(format!("{text:?} is not a legal move here: {why}"));
        }
        if !among.contains(&action) {
            among.push(action);
        }
    }
    Ok(among)
}

/// Puts an analysis into words.
pub fn describe<G: Game>(game: &G, analysis: &Analysis<G::Move>) -> Described {
    let values = game
        .players()
        .iter()
        .zip(&analysis.values)
        .map(|(p, v)| (p.to_string(), *v))
        .collect();
    let mut probe = game.clone();
    let mut pv = Vec::new();
    for m in &analysis.pv {
        if probe.pending_chance().is_some() || !probe.is_legal(m) {
            break;
        }
        pv.push(probe.move_text(m));
        probe.play_unchecked(m);
    }
    Described {
        best: action_text(game, &analysis.best),
        values,
        pv,
    }
}

/// `Red 0.634, Blue 0.366`.
pub fn values_text(values: &[(String, f32)]) -> String {
    values
        .iter()
        .map(|(p, v)| format!("{p} {v:.3}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Plays an action: a move, or a chance input drawn from `rng`. Returns the text of what
/// happened in the game's notation (`throw 4` for a chance input whose game records it as
/// a move).
pub fn apply_action<G: Game>(
    game: &mut G,
    action: &Action<G::Move>,
    rng: &mut crate::rng::Rng,
) -> String {
    match action {
        Action::Play(m) => {
            let text = game.move_text(m);
            game.play_unchecked(m);
            text
        }
        Action::Chance => resolve_chance(game, rng),
    }
}

/// Resolves the pending chance input from `rng` and returns its text: the move the game
/// records for it (the fence race's `throw 4`, `card jump 3`).
pub fn resolve_chance<G: Game>(game: &mut G, rng: &mut crate::rng::Rng) -> String {
    let value = match game.pending_chance() {
        Some(Chance::Die { faces }) => 1 + rng.below(usize::from(faces)) as u32,
        Some(Chance::Card { cards }) => rng.below(cards.max(1) as usize) as u32,
        None => return String::new(),
    };
    let ply = game.ply();
    game.resolve_chance(value)
        .expect("a chance input within its range");
    if game.ply() == ply + 1
        && let Some(m) = game.undo()
    {
        let text = game.move_text(&m);
        game.play_unchecked(&m);
        return text;
    }
    value.to_string()
}
