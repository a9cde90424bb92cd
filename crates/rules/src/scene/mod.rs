//! The RON scene format: a game, its options, a setup and a list of moves in the game's
//! own notation, with the outcome they should reach. Scenes are replayed headless by
//! `tabula verify` and shown by the app.
//!
//! ```ron
//! Scene(
//!     title: "The Siege Gambit",
//!     game: War,
//!     options: (),
//!     setup: Standard,
//!     moves: ["GM to M2", "GM to M2"],
//!     expect: Ongoing,
//! )
//! ```
//!
//! A demonstration adds, all optional: a `source` line; `notes` keyed by the number of
//! moves played when each shows (0: before the first), each with a caption, squares to
//! light and arrows to draw (in the game's square names), a camera cue and a pause; and
//! `variations`, each a branch of moves after a number of main-line moves, with its own
//! notes and expected outcome.
//!
//! ```ron
//! Scene(
//!     title: "The Siege Gambit",
//!     source: "Maxim, The Game of War (1910), the specimen game",
//!     game: War,
//!     moves: ["GM to M2", "GM to M2"],
//!     notes: {
//!         1: Note(caption: "Red opens the mortar's file.", squares: ["GM2"],
//!                 arrows: [("GM1", "GM2")], camera: Some(Top), pause: 2.0),
//!     },
//!     variations: [
//!         Variation(title: "Another reply", from: 1, moves: ["KM to M2"],
//!                   notes: { 2: Note(caption: "Blue answers on the other wing.") }),
//!     ],
//! )
//! ```

mod error;
mod file;
mod format;
pub(crate) mod layout;
mod replay;
pub(crate) mod start;
pub(crate) mod versioned;

pub use crate::GameKind;
pub use error::SceneError;
pub use file::SceneFile;
pub use format::{CameraCue, Expect, FORMAT, Note, Scene, SceneSetup, Variation};
pub use replay::square_known;
pub use versioned::ReadError;
