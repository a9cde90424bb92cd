//! The fence race's chance cards: what a card orders, and the default stack (data).

use serde::{Deserialize, Serialize};
use std::fmt;

/// What a chance card orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Card {
    /// Walk exactly this many steps.
    Steps(u8),
    /// Walk exactly this many steps, crossing one fence on the way.
    JumpFence(u8),
    /// The pawn does not move this turn.
    LoseTurn,
}

impl Card {
    /// The most steps a card may order; a card orders at least one step.
    pub const MAX_STEPS: u8 = 12;

    /// Reads the words after `card` in the notation: `steps 3`, `jump 4`, `lose turn`.
    pub fn parse(words: &[&str]) -> Option<Card> {
        let steps = |n: &str| n.parse().ok().filter(|n| (1..=Card::MAX_STEPS).contains(n));
        match words {
            ["steps", n] => steps(n).map(Card::Steps),
            ["jump", n] => steps(n).map(Card::JumpFence),
            ["lose", "turn"] => Some(Card::LoseTurn),
            _ => None,
        }
    }

    /// Whether the card orders something a pawn can do: a walk of 1 to
    /// [`Card::MAX_STEPS`] steps, or losing the turn.
    pub fn is_valid(self) -> bool {
        match self {
            Card::Steps(n) | Card::JumpFence(n) => (1..=Card::MAX_STEPS).contains(&n),
            Card::LoseTurn => true,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Steps(n) => write!(f, "steps {n}"),
            Card::JumpFence(n) => write!(f, "jump {n}"),
            Card::LoseTurn => f.write_str("lose turn"),
        }
    }
}

/// The default stack, read from `deck.ron` (once).
pub fn default_deck() -> Vec<Card> {
    static DECK: std::sync::OnceLock<Vec<Card>> = std::sync::OnceLock::new();
    DECK.get_or_init(|| {
        ron::from_str(include_str!("deck.ron")).expect("the shipped deck is valid RON")
    })
    .clone()
}
