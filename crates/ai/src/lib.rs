//! `tabula-ai`: computer opponents for Tabula's five games.
//!
//! The searches are generic over the rules crate's [`tabula_rules::Game`] trait; what each
//! game's evaluation, move ordering and playouts know comes through [`knowledge::Knowledge`].
//!
//! * [`mcts`]: Monte Carlo tree search for every game: chance nodes for the fence race's die
//!   and cards, a reward per player backed up max^n style (so three or four players and
//!   teams are handled), playouts cut short and scored by the evaluation.
//! * [`alphabeta`]: iterative-deepening alpha-beta with a transposition table and quiescence,
//!   for the two-player games without chance.
//! * [`levels`]: `easy`, `medium`, `hard` and `max` as budgets, with human-looking
//!   imperfection for the weaker two.
//! * [`commands`]: `think`, `arena`, `ladder` and `engine`, as functions the app's binary
//!   calls.
//! * [`puzzles`]: the engine against itself, mining positions where one move stands out.
//! * [`review`]: looking back over a game: what each move threw away, marked `?!`, `?`
//!   or `??`, with the move the engine preferred.
//! * [`elo`]: ratings from game results (Bradley-Terry with a first-move term), for
//!   `ladder`.
//!
//! ```
//! use tabula_ai::knowledge::camelot::CamelotKnowledge;
//! use tabula_ai::search::{Algorithm, Settings, analyse};
//! use tabula_rules::camelot::{Camelot, CamelotOptions};
//!
//! let game = Camelot::new(CamelotOptions::default()).expect("the default options");
//! let settings = Settings::iterations(Algorithm::AlphaBeta, 2_000, 1);
//! let analysis = analyse(&game, &CamelotKnowledge, &settings).unwrap();
//! println!("{:?} after {} nodes", analysis.best, analysis.nodes);
//! ```

pub mod alphabeta;
pub mod commands;
pub mod elo;
pub mod error;
pub mod games;
pub mod knowledge;
pub mod levels;
pub mod mcts;
pub mod puzzles;
pub mod review;
pub mod rng;
pub mod search;

pub use error::Error;
pub use levels::{Level, Spec};
pub use search::{Action, Algorithm, Analysis, Settings, Style, analyse, analyse_among};
