//! Screwball's moves (a step with its penalty pieces, an entry, a pass) and what a move did.

use super::board::SpaceId;
use super::position::{Piece, Player};
use super::tables::MAX_VICTIMS;
use std::fmt;

/// The squares of a step's penalty pieces, in the order of the victims' spaces: a short
/// list kept inline (one piece attacks at most [`MAX_VICTIMS`] others), so that moves cost
/// no allocation. It reads as a slice of [`SpaceId`]s.
#[derive(Clone, Copy)]
pub struct Placements {
    len: u8,
    spots: [SpaceId; MAX_VICTIMS],
}

impl Placements {
    /// No placements.
    pub const fn new() -> Placements {
        Placements {
            len: 0,
            spots: [SpaceId(0); MAX_VICTIMS],
        }
    }

    /// The squares as a slice.
    pub fn as_slice(&self) -> &[SpaceId] {
        &self.spots[..usize::from(self.len)]
    }

    /// Adds a square; `false` (and nothing added) when [`MAX_VICTIMS`] are already there.
    pub fn push(&mut self, spot: SpaceId) -> bool {
        let Some(slot) = self.spots.get_mut(usize::from(self.len)) else {
            return false;
        };
        *slot = spot;
        self.len += 1;
        true
    }

    /// Takes off the last square.
    pub fn pop(&mut self) -> Option<SpaceId> {
        self.len = self.len.checked_sub(1)?;
        Some(self.spots[usize::from(self.len)])
    }

    /// Builds placements from squares; `None` if there are more than [`MAX_VICTIMS`].
    pub fn from_slice(spots: &[SpaceId]) -> Option<Placements> {
        let mut p = Placements::new();
        spots.iter().all(|s| p.push(*s)).then_some(p)
    }
}

impl Default for Placements {
    fn default() -> Self {
        Placements::new()
    }
}

impl std::ops::Deref for Placements {
    type Target = [SpaceId];

    fn deref(&self) -> &[SpaceId] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a Placements {
    type Item = &'a SpaceId;
    type IntoIter = std::slice::Iter<'a, SpaceId>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl PartialEq for Placements {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Placements {}

impl std::hash::Hash for Placements {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl PartialOrd for Placements {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Placements {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl fmt::Debug for Placements {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A move.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A step, then the penalty pieces placed for each enemy piece the mover now attacks, in
    /// the order of the victims' spaces.
    Step {
        /// Where the piece starts.
        from: SpaceId,
        /// Where it goes.
        to: SpaceId,
        /// The square of each penalty piece.
        placements: Placements,
    },
    /// A player who cannot move enters a reserve piece on his starting row.
    Enter(SpaceId),
    /// A player who can neither move nor enter passes; on a bonus move (his last step
    /// attacked) a player may pass to end his turn instead of moving again.
    Pass,
}

/// A piece set on the board from its owner's reserve: a penalty piece, or a piece entered by
/// a player who cannot move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    /// The piece, taken from its owner's reserve of its size.
    pub piece: Piece,
    /// The square it is set on.
    pub at: SpaceId,
    /// For a penalty piece, the attacked piece's square it was set for.
    pub victim: Option<SpaceId>,
    /// Whether it died where it was set (and so went to its owner's dead pieces at once).
    pub died: bool,
}

/// What a Screwball move did ([`crate::Game::play_effect`]): enough to show it without comparing
/// positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScrewballEffect {
    /// Who played it.
    pub player: Player,
    /// For a step, the piece that moved (from the move's `from` to its `to`).
    pub mover: Option<Piece>,
    /// Whether the moved piece died on arriving (on its owner's edge, or where it can move no
    /// further) and so went to its owner's dead pieces.
    pub mover_died: bool,
    /// The enemy pieces the step attacked (their squares), in order; a penalty piece was set
    /// for each that [`ScrewballEffect::placements`] names.
    pub attacked: Vec<SpaceId>,
    /// The pieces set from a reserve, in order: the penalty pieces of a step, or the entered
    /// piece of [`Move::Enter`].
    pub placements: Vec<Placement>,
    /// Whether the same player moves again: the step attacked and he has a step to make (a
    /// bonus move, which he may also decline by passing).
    pub again: bool,
}
