//! Camelot moves: plain moves, canters, jumps and knight's charges, each move its whole
//! path; and the rule set and castle-move limit a generator plays under.
//!
//! A move's path is stored inline unless it is very long (`path`); the generator of
//! canters, jumps and charges (`generate`) finds the moves into a recorder (`recorders`)
//! and keeps those the rule sets' filters admit (`legality`). The path and the picker are
//! named here too.

use super::board::Square;
use serde::{Deserialize, Serialize};

pub use super::path::Path;
pub(crate) use super::recorders::Picker;

/// Which rules are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum RuleSet {
    /// The World Camelot Federation's rules (the default).
    #[default]
    Wcf,
    /// The rules of Parker's 1930 patent text.
    Parker1930,
}

/// What a knight must do whose canter lands beside an enemy piece it can jump (with the
/// square beyond that piece empty).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum KnightLanding {
    /// It must jump from that very landing (the default): the patent's "he must jump and
    /// capture opposing pieces when brought into juxtaposition allowing a jump in the course
    /// of a charge".
    #[default]
    JumpThere,
    /// It may canter on from there, but the move must capture before it ends (a looser
    /// summary of the same sentence).
    CaptureLater,
}

/// One leg of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// One square to an empty neighbour.
    Plain,
    /// A leap over a friendly piece.
    Canter,
    /// A leap over an enemy piece, capturing it.
    Jump,
}

/// A move: the starting square and every leg of its path.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Each leg and the square it lands on.
    pub steps: Path,
}

impl Move {
    /// Where the piece ends.
    pub fn destination(&self) -> Square {
        self.steps.last().map_or(self.from, |s| s.1)
    }

    /// The landing squares in order.
    pub fn path(&self) -> Vec<Square> {
        self.steps.iter().map(|s| s.1).collect()
    }

    /// The squares of the pieces captured, in order (the square between each jump's start
    /// and landing).
    pub fn captures(&self) -> Vec<Square> {
        let mut at = self.from;
        let mut out = Vec::new();
        for &(step, land) in self.steps.iter() {
            if step == Step::Jump
                && let Some(over) =
                    Square::new((at.file() + land.file()) / 2, (at.rank() + land.rank()) / 2)
            {
                out.push(over);
            }
            at = land;
        }
        out
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.steps.iter().any(|s| s.0 == Step::Jump)
    }
}

/// What limits a generator needs besides the position.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The rule set.
    pub rules: RuleSet,
    /// Castle moves allowed per player (WCF: two).
    pub castle_move_limit: u8,
    /// What a knight's canter must do that lands where it can jump.
    pub knight_landing: KnightLanding,
}
