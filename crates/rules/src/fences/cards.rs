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
    /// Reads the words after `card` in the notation: `steps 3`, `jump 4`, `lose turn`.
    pub fn parse(words: &[&str]) -> Option<Card> {
        match words {
            ["steps", n] => n
                .parse()
                .ok()
                .filter(|n| (1..=12).contains(n))
                .map(Card::Steps),
            ["jump", n] => n
                .parse()
                .ok()
                .filter(|n| (1..=12).contains(n))
                .map(Card::JumpFence),
            ["lose", "turn"] => Some(Card::LoseTurn),
            _ => None,
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

/// The default stack, read from `deck.ron`.
pub fn default_deck() -> Vec<Card> {
    ron::from_str(include_str!("deck.ron")).expect("the shipped deck is valid RON")
}
