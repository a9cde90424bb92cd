//! The fence race's moves (the steps of a turn, chance inputs among them) and what a step
//! did.

use super::board::{Node, Slot};
use super::cards::Card;
use super::setup::Seat;

/// One step of a turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FenceMove {
    /// Move one of your fences to a vacant slot (compulsory, before the throw).
    Relocate {
        /// The slot it stands in.
        from: Slot,
        /// The vacant slot it goes to.
        to: Slot,
    },
    /// The die came up this number (a chance input, never listed among the legal moves).
    Throw(u8),
    /// The pawn walks exactly the thrown number of steps and ends on this node. One move
    /// for each end: its way there is [`super::Fences::walk_path`], and the notation of any other
    /// way there reads as the same move.
    Walk(Node),
    /// The pawn is fenced in and cannot walk the count.
    Stay,
    /// Draw a chance card instead of throwing (with the chance-cards option).
    Draw,
    /// The card drawn (a chance input, never listed among the legal moves).
    Card(Card),
}

/// One step of a fence race as it was played ([`FenceEffect::step`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenceStep {
    /// A fence of the seat's moved from one slot to another.
    Relocated {
        /// The slot it stood in.
        from: Slot,
        /// The slot it stands in now.
        to: Slot,
    },
    /// The die was thrown and came up this number.
    Thrown(u8),
    /// The seat chose to draw a chance card (the card comes next, as a chance input).
    Drawing,
    /// A chance card was drawn.
    Drawn {
        /// The card.
        card: Card,
        /// Whether its draw emptied the stack, so that the cards drawn were turned over to
        /// make a new one.
        turned_over: bool,
    },
    /// The pawn walked.
    Walked {
        /// The nodes it stepped onto, in order, the end last (from the pawn's node before,
        /// [`FenceEffect::pawn_before`]).
        path: Vec<Node>,
        /// Its place (1 for the first) when the walk ended home.
        place: Option<usize>,
    },
    /// The pawn was fenced in and stayed.
    Stayed,
}

/// What a step of the fence race did ([`crate::Game::play_effect`]): enough to show it without
/// comparing positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenceEffect {
    /// The seat that played it.
    pub seat: Seat,
    /// Where the seat's pawn stood before it.
    pub pawn_before: Node,
    /// What was done.
    pub step: FenceStep,
    /// Whether the seat's turn ended with it (a walk, staying put, or a lost turn), so that
    /// the next seat is to move.
    pub turn_over: bool,
}
