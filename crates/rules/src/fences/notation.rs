//! The fence race's notation: `fence e5|e6 to g5|g6`, `throw 4`, a walk written out as its
//! path (`a1-a2-b2`, `home` for home), `stay`, `draw`, and `card steps 3`.

use super::board::{Node, Slot, Space};
use super::cards::Card;
use super::game::{FenceMove, Fences, Phase};
use crate::NotationError;
use crate::game::Game;

/// Prints a move of `game` in the notation (a walk by its path from the pawn).
pub(super) fn print(game: &Fences, mv: &FenceMove) -> String {
    match mv {
        FenceMove::Relocate { from, to } => format!("fence {from} to {to}"),
        FenceMove::Throw(k) => format!("throw {k}"),
        FenceMove::Stay => "stay".into(),
        FenceMove::Draw => "draw".into(),
        FenceMove::Card(card) => format!("card {card}"),
        FenceMove::Walk(end) => {
            let from = game.state.pawns[game.state.turn];
            let path = game.walk_path(*end).unwrap_or_else(|| vec![*end]);
            let mut text = from.to_string();
            for node in path {
                text.push('-');
                text.push_str(&node.to_string());
            }
            text
        }
    }
}

/// Reads a move of `game` in the notation and checks it against the race.
pub(super) fn read(game: &Fences, text: &str) -> Result<FenceMove, NotationError> {
    let t = text.trim();
    let syntax = |why: &str| NotationError::Syntax {
        text: t.to_string(),
        why: why.to_string(),
    };
    let illegal = |why: String| NotationError::Illegal {
        text: t.to_string(),
        why,
    };
    let words: Vec<&str> = t.split_whitespace().collect();
    let mv = match words.as_slice() {
            ["fence", from, "to", to] => FenceMove::Relocate {
                from: Slot::parse(from).ok_or_else(|| syntax("a slot is written like e5|e6"))?,
                to: Slot::parse(to).ok_or_else(|| syntax("a slot is written like e5|e6"))?,
            },
            ["throw", k] => FenceMove::Throw(
                k.parse()
                    .map_err(|_| syntax("a throw is a number from 1 to 6"))?,
            ),
            ["stay"] => FenceMove::Stay,
            ["draw"] => FenceMove::Draw,
            ["card", rest @ ..] => FenceMove::Card(Card::parse(rest).ok_or_else(|| {
                syntax("a card is \"card steps N\", \"card jump N\" or \"card lose turn\" (N from 1 to 12)")
            })?),
            [path] if path.contains('-') => {
                let nodes: Vec<Node> = path
                    .split('-')
                    .map(|p| match p {
                        "home" => Some(Node::Home),
                        p => Space::parse(p).map(Node::Space),
                    })
                    .collect::<Option<_>>()
                    .ok_or_else(|| {
                        syntax("a path is spaces joined by -, like a1-a2-b2 (home for home)")
                    })?;
                if game.outcome().is_over() {
                    return Err(illegal("the game is over".into()));
                }
                let from = game.state.pawns[game.state.turn];
                if nodes[0] != from {
                    return Err(illegal(format!(
                        "{}'s pawn stands on {from}, not {}",
                        game.to_move(),
                        nodes[0]
                    )));
                }
                let Phase::Walk(k, jump) = game.state.phase else {
                    return Err(illegal(game.refusal(&FenceMove::Walk(from))));
                };
                let end = game.check_path(&nodes[1..], k, jump).map_err(illegal)?;
                FenceMove::Walk(end)
            }
            _ => {
                return Err(syntax(
                    "expected \"fence A|B to C|D\", \"throw N\", a path like a1-a2-b2, \"stay\", \"draw\" or \"card ...\"",
                ));
            }
        };
    let ok = match &mv {
        FenceMove::Throw(k) => {
            !game.outcome().is_over() && game.state.phase == Phase::Throw && (1..=6).contains(k)
        }
        FenceMove::Card(card) => {
            !game.outcome().is_over()
                && game.state.phase == Phase::Drawing
                && game.state.deck.contains(card)
        }
        other => game.is_legal(other),
    };
    if ok {
        Ok(mv)
    } else {
        Err(illegal(match &mv {
            FenceMove::Throw(_) => "no throw is due now, or the number is not on a die".into(),
            FenceMove::Card(_) => "no card is due now, or no such card is left".into(),
            other => game.refusal(other),
        }))
    }
}
