//! Mining puzzles: the engine plays itself, and positions where exactly one move stands
//! out become puzzles for the rules crate's puzzle files ([`tabula_rules::puzzle`]).
//!
//! * [`tactics`]: in a two-player game without chance, a position where one move wins the
//!   game or decisive material, confirmed by a deeper search in which no second move comes
//!   close, the solution line played out, and rated by the shallowest search that finds it.
//! * [`way`]: in a race home, a position where one move lengthens the leader's way home more
//!   than any other, measured by the rules alone, before the die is thrown.
//! * [`mine`]: the games the engine plays against itself and the positions it looks at.

pub mod mine;
pub mod tactics;
pub mod way;

pub use mine::{MineSettings, Mined, mine};
