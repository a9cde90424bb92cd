//! Tabula: a 3D tabletop for five forgotten patented board games.
//!
//! The app is a view of the rules in `tabula-rules`, in layers whose dependencies run one
//! way, from the bottom:
//!
//! - [`state`]: the app's states (which screen, whether the table is shown);
//! - [`table`]: the match, headless: one resource, [`table::game_match::Match`], owns the
//!   game on the table and changes it only through the rules crate; moves, seats, the
//!   computer, looking back, saving, the pieces and their motion;
//! - [`net`]: a seat at a table on a server;
//! - [`view`]: what is drawn and heard of the table (camera, HUD, marks, models, sound) and
//!   the theme;
//! - [`games`]: the five games, each its board, pieces and input in one shape, and the list
//!   of games that installs them;
//! - [`user_data`]: what is kept for the player between runs (the lessons' progress);
//! - [`screens`]: the start screen, the table, demonstrations, exhibitions and lessons as
//!   states, opened from a typed description ([`screens::launch::Launch`]);
//! - [`app`]: the plugins put together, and the window; [`cli`]: the command line, which
//!   reads what to open once, at the edge.
//!
//! One `plugin` function per module.

pub mod app;
pub mod cli;
pub mod games;
pub mod net;
pub mod screens;
pub mod state;
pub mod table;
pub mod user_data;
pub mod view;
