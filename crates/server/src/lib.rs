//! `tabula-server`: the table server. It holds tables of any of the five games, is the
//! authority on their rules (every move is checked by `tabula-rules`), keeps every accepted
//! move in SQLite or PostgreSQL before telling anyone of it, seats the computer
//! (`tabula-ai`), and serves the audience a page per table. No Bevy.
//!
//! * [`protocol`]: the JSON messages over WebSocket (docs/protocol.md).
//! * [`table`]: one table's game, seats, tokens and event log.
//! * [`store`]: the database; [`notice`]: what processes sharing PostgreSQL tell each other;
//!   [`presence`]: the seats held through the others.
//! * [`server`]: connections, the one door for moves, computer seats, the routes.
//! * [`page`] and [`board`]: the audience's pages and the boards drawn as SVG.
//! * [`legal`]: the moves a seated player may make now, with the spots clicked to make them.
//! * [`clock`]: a table's time a move.
//! * [`client`]: a small client, for tools and tests.
//! * [`tls`]: certificates and keys from files, and what a client trusts.
//! * [`loadtest`] and [`attack`]: the server measured under load, and under attack.

pub mod attack;
pub mod board;
pub mod cli;
pub mod client;
pub mod clock;
pub mod legal;
pub mod loadtest;
pub mod notice;
pub mod page;
pub mod presence;
pub mod protocol;
mod secret;
pub mod server;
pub mod store;
pub mod table;
pub mod tls;

pub use server::{Config, Limits, Running, ServeError, Server, serve, start};
