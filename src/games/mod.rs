//! The five games on the table, each in the same shape: its match, its board, its pieces
//! and its input (what a click means, which squares light up).

pub mod camelot;
pub mod fences;
pub mod screwball;
pub mod transport;
pub mod war;
